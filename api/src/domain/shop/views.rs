//! What the shop's flows answer besides their steps (each an `engine::step::Step`: a popup's form, an offer or the
//! checkout's confirmation): a plan's popups now, and the spec's own item for an offer.

use engine::rating::Cents;
use engine::step::{Action, Step};
use schemars::JsonSchema;
use serde::Serialize;

use crate::state::AppState;

/// A button on a plan that opens a popup (Enroll Now), with the popup it opens.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FlowButton {
    pub step: &'static str,
    pub label: String,
    pub view: Step,
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
    pub step: Option<Step>,
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
    /// The spec's item of an offer step (`None` for a step that is not an offer).
    pub fn of(view: &Step) -> Option<SuggestedItem> {
        let offer = view.offer.as_ref()?;
        let (first, second) = (offer.plans.first(), offer.plans.get(1));
        let label = |action: Action| view.action(action).map(|a| a.label.clone());
        Some(SuggestedItem {
            plan_category: first.map(|p| p.plan_category.clone()),
            plan_name: offer.plans.iter().map(|p| p.plan_name.as_str()).collect::<Vec<_>>().join(" + "),
            pop_up_display: 1,
            pop_up_title: view.title.clone(),
            pop_up_header: offer.header.clone(),
            pop_up_link: offer.link.clone(),
            pop_up_link_description: offer.link_description.clone(),
            plan_price: offer.price,
            plan_logo: first.map(|p| p.plan_logo.clone()),
            plan_id: first.map(|p| p.plan_id),
            ppid: first.map(|p| p.plan_pricing_id),
            plan_id_1: second.map(|p| p.plan_id),
            plan_pricing_id_1: second.map(|p| p.plan_pricing_id),
            accept: label(Action::Accept).unwrap_or_default(),
            decline: label(Action::Decline).unwrap_or_default(),
            offer: view.step.clone(),
        })
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
