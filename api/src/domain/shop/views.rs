//! What the shop's flows answer: each step a popup's form, an offer or the checkout's confirmation, drawn by the
//! renderer's one flow dialog; and the spec's own item for an offer.

use engine::rating::Cents;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::state::AppState;

/// A button of a flow step: what it does and its label.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FlowAction {
    /// submit, cancel, accept, decline, rep, member or back.
    pub action: &'static str,
    pub label: String,
}

/// A step of a shop flow.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FlowStep {
    /// A popup on a plan: a form the person answers.
    Form(FormStep),
    /// An offer of plans to add (the accident offer, the checkout upsells).
    Offer(OfferStep),
    /// The end of checkout's steps.
    Confirmation(ConfirmationStep),
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FormStep {
    /// The popup's kind (eligibility, dependency_info, income, tobacco, ...).
    pub step: &'static str,
    pub title: String,
    pub text: Option<String>,
    /// Why the plan cannot be priced yet, when this popup answers it.
    pub message: Option<String>,
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub schema: Value,
    #[serde(rename = "uiSchema")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub ui_schema: Value,
    #[serde(rename = "formData")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub form_data: Value,
    /// The label of the plan's button that opens it; none when it opens by itself.
    pub opens_with: Option<String>,
    pub actions: Vec<FlowAction>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct OfferStep {
    /// The offer's id in the shop workflow.
    pub step: String,
    pub title: String,
    pub header: String,
    pub link: String,
    pub link_description: String,
    pub plans: Vec<OfferedPlan>,
    /// What the offered plans add to the monthly cost.
    pub price: Cents,
    pub actions: Vec<FlowAction>,
}

/// A plan an offer would add, priced for the quote.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct OfferedPlan {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub plan_name: String,
    pub option_name: String,
    pub plan_logo: String,
    pub plan_category: String,
    pub price: Cents,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ConfirmationStep {
    /// Always `confirmation`.
    pub step: &'static str,
    pub title: &'static str,
    pub text: String,
    pub actions: Vec<FlowAction>,
}

/// A button on a plan that opens a popup (Enroll Now), with the popup it opens.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FlowButton {
    pub step: &'static str,
    pub label: String,
    pub view: FlowStep,
}

/// A plan's option chosen with it (a membership association).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ChosenOption {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
}

/// A plan's popups now.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PlanFlow {
    /// The popup that opens by itself, if one is pending.
    pub step: Option<FlowStep>,
    /// Popups opened by a button on the plan.
    pub buttons: Vec<FlowButton>,
    /// The membership chosen for the plan, if any.
    pub membership: Option<ChosenOption>,
    /// Whether the plan can be added to the cart now.
    pub ready: bool,
    /// After an answer: the words to show (a health application accepted, say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Option<String>>,
}

/// An offer as the spec's suggested-plan calls answer it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SuggestedItem {
    pub plan_category: Option<String>,
    /// The offered plans' names, joined with " + ".
    pub plan_name: String,
    pub pop_up_display: u8,
    pub pop_up_title: String,
    pub pop_up_header: String,
    pub pop_up_link: String,
    pub pop_up_link_description: String,
    pub plan_price: Cents,
    pub plan_logo: Option<String>,
    pub plan_id: Option<i64>,
    pub ppid: Option<i64>,
    pub plan_id_1: Option<i64>,
    pub plan_pricing_id_1: Option<i64>,
    pub accept: String,
    pub decline: String,
    /// The offer's id, to answer it with.
    pub offer: String,
}

impl SuggestedItem {
    pub fn of(view: &OfferStep) -> SuggestedItem {
        let (first, second) = (view.plans.first(), view.plans.get(1));
        let label = |action: &str| view.actions.iter().find(|a| a.action == action).map(|a| a.label.clone());
        SuggestedItem {
            plan_category: first.map(|p| p.plan_category.clone()),
            plan_name: view.plans.iter().map(|p| p.plan_name.as_str()).collect::<Vec<_>>().join(" + "),
            pop_up_display: 1,
            pop_up_title: view.title.clone(),
            pop_up_header: view.header.clone(),
            pop_up_link: view.link.clone(),
            pop_up_link_description: view.link_description.clone(),
            plan_price: view.price,
            plan_logo: first.map(|p| p.plan_logo.clone()),
            plan_id: first.map(|p| p.plan_id),
            ppid: first.map(|p| p.plan_pricing_id),
            plan_id_1: second.map(|p| p.plan_id),
            plan_pricing_id_1: second.map(|p| p.plan_pricing_id),
            accept: label("accept").unwrap_or_default(),
            decline: label("decline").unwrap_or_default(),
            offer: view.step.clone(),
        }
    }
}

/// Whether the group (if any) offers the category: every category when it does not say.
fn group_offers(state: &AppState, group_id: Option<i64>, category: &str) -> bool {
    group_id
        .and_then(|g| state.catalogue.groups.get(&g))
        .and_then(|g| g.categories.as_ref())
        .is_none_or(|offered| offered.iter().any(|c| c == category))
}

/// Category keys, in the catalogue's order, that have a listed plan the group (if any) offers, and the partner site
/// (if the visitor came from one) offers too.
pub fn menu<'a>(state: &'a AppState, group_id: Option<i64>, from_site: Option<&str>) -> Vec<&'a str> {
    let partner = from_site.and_then(|s| state.catalogue.sites.external(s)).and_then(|s| s.categories.as_ref());
    state
        .catalogue
        .categories
        .iter()
        .map(|c| c.category.as_str())
        .filter(|c| group_offers(state, group_id, c))
        .filter(|c| partner.is_none_or(|offered| offered.iter().any(|o| o == c)))
        .filter(|c| state.catalogue.plans.iter().any(|p| p.listed && p.category == *c))
        .collect()
}
