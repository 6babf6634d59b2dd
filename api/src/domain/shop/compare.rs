//! Plans compared side by side (`compare-plans`), and the documents a plan's page and a comparison link to.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::enrollment::Enrollment;
use crate::domain::shop::pricing::price;
use crate::error::{ApiError, ApiResult};
use crate::language::say;
use crate::state::AppState;

/// A plan document to open.
#[derive(Serialize, JsonSchema)]
pub struct DocumentLink {
    kind: engine::catalogue::DocumentKind,
    /// Its name as a person reads it ("Summary of Benefits and Coverage").
    title: &'static str,
    /// Where the PDF is.
    url: String,
}

pub fn documents_of(plan: &engine::catalogue::Plan) -> Vec<DocumentLink> {
    plan.documents
        .iter()
        .map(|d| DocumentLink { kind: d.kind, title: say(d.kind.title()), url: d.url.clone() })
        .collect()
}

pub const MOST_COMPARED: usize = 3;

pub const CHOOSE_TWO: &str = "Choose two or three plans to compare";
pub const ONE_CATEGORY: &str = "Plans of one kind are compared: choose plans of the same category";

/// A plan in a comparison: its cheapest level for the quote (or the lowest anyone can get).
#[derive(Serialize, JsonSchema)]
pub struct ComparedPlan {
    plan_id: i64,
    plan_name: String,
    plan_logo: String,
    carrier_name: String,
    /// The level compared (its facts are the column's).
    option_name: String,
    /// Who it covers on the quote's tier ("Family"); none without a quote.
    #[serde(skip_serializing_if = "Option::is_none")]
    coverage: Option<String>,
    /// The monthly price for the quote; none when not priced or not shown.
    plan_price: Option<engine::rating::Cents>,
    /// The lowest price it can have: for the quote's household while its price waits for answers, for anyone
    /// without a quote.
    from_price: Option<engine::rating::Cents>,
    /// The level Add to Cart puts in the cart: only for a plan the quote prices without further questions (one that
    /// asks them is added from its page).
    #[serde(skip_serializing_if = "Option::is_none")]
    plan_pricing_id: Option<i64>,
    /// A health plan's estimated yearly cost for the quote.
    #[serde(skip_serializing_if = "Option::is_none")]
    yearly_cost: Option<engine::yearly::YearlyCost>,
    /// Its documents.
    documents: Vec<DocumentLink>,
}

/// One compared fact: its label and each plan's value, in the plans' order.
#[derive(Serialize, JsonSchema)]
pub struct ComparedFact {
    key: String,
    label: String,
    /// Each plan's value as a person reads it; none when the plan does not state it.
    values: Vec<Option<String>>,
}

/// Plans side by side.
#[derive(Serialize, JsonSchema)]
pub struct Comparison {
    category: String,
    category_name: String,
    plans: Vec<ComparedPlan>,
    facts: Vec<ComparedFact>,
}

/// Two or three plans of a category (`plan_ids`, separated by commas) side by side, each priced for the quote `e` (its
/// cheapest level) with that level's facts; the facts are those the category is compared by, and a row only when a
/// plan states it.
pub async fn compare(state: &AppState, e: Option<&Enrollment>, plan_ids: Option<&str>) -> ApiResult<Comparison> {
    let mut ids: Vec<i64> = Vec::new();
    for text in plan_ids.unwrap_or_default().split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let id = text.parse::<i64>().map_err(|_| ApiError::field("plan_ids", CHOOSE_TWO))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if !(2..=MOST_COMPARED).contains(&ids.len()) {
        return Err(ApiError::field("plan_ids", CHOOSE_TWO));
    }
    let plans: Vec<&engine::catalogue::Plan> = ids
        .iter()
        .map(|id| state.catalogue.plan(*id).filter(|p| p.listed).ok_or_else(ApiError::plan_not_found))
        .collect::<ApiResult<_>>()?;
    let category = plans[0].category.clone();
    if plans.iter().any(|p| p.category != category) {
        return Err(ApiError::field("plan_ids", ONE_CATEGORY));
    }
    let language = crate::language::current();
    let mut compared = Vec::new();
    let mut facts = Vec::new();
    for plan in &plans {
        let (priced, ready) = match e {
            Some(e) => match price(state, e, plan).await? {
                Ok(priced) => (priced, true),
                Err((_, priced)) => (priced, false),
            },
            None => (Vec::new(), false),
        };
        let cheapest = priced.iter().min_by_key(|(_, p)| *p).map(|(o, p)| (*o, *p));
        let option = cheapest.map(|(o, _)| o).unwrap_or(&plan.options[0]);
        let plan_facts = plan.facts_of(option);
        let yearly = match (e, cheapest) {
            (Some(e), Some((_, monthly))) if ready && engine::yearly::estimated(&plan.category) => {
                e.workflows.estimate.as_ref().map(|profiles| {
                    let people = engine::yearly::people(e.filter.tier().unwrap_or_default(), e.filter.no_of_children);
                    engine::yearly::yearly_cost(profiles, &plan_facts, monthly, people)
                })
            }
            _ => None,
        };
        facts.push(plan_facts);
        compared.push(ComparedPlan {
            plan_pricing_id: cheapest.filter(|_| ready && !plan.is_premier()).map(|(o, _)| o.plan_pricing_id),
            yearly_cost: yearly,
            documents: documents_of(plan),
            plan_id: plan.plan_id,
            plan_name: plan.plan_name.clone(),
            plan_logo: plan.logo.clone(),
            carrier_name: state.catalogue.carrier_name(plan.carrier_id).to_string(),
            option_name: option.name.clone(),
            coverage: e.map(|e| crate::domain::enrollment::coverage_of(e.filter.tier(), plan)),
            plan_price: cheapest.map(|(_, p)| p).filter(|_| !plan.hides_price()),
            // While its price waits for answers: the lowest it can be for the quote's household.
            from_price: match e {
                Some(e) if !ready => crate::domain::shop::pricing::household_floor(state, &e.filter, plan)
                    .first()
                    .map(|(_, p)| *p)
                    .filter(|_| !plan.hides_price()),
                Some(_) => None,
                None => engine::rating::starting_price(plan, &state.catalogue.curve),
            },
        });
    }
    // A household's deductible and maximum are for a quote of more than one person.
    let household = e.is_some_and(|e| e.filter.tier().is_some_and(|t| t != engine::context::Tier::IO));
    let rows = engine::facts::default_compare(&category)
        .iter()
        .filter(|key| household || !engine::facts::HOUSEHOLD_FACTS.contains(key))
        .filter_map(|key| {
            let values: Vec<Option<String>> = facts.iter().map(|f| f.display(key, language)).collect();
            let kind = engine::facts::kind(key)?;
            values.iter().any(Option::is_some).then(|| ComparedFact {
                key: key.to_string(),
                label: engine::i18n::say(language, kind.label).to_string(),
                values,
            })
        })
        .collect();
    let category_name = state
        .catalogue
        .categories
        .iter()
        .find(|c| c.category == category)
        .map(|c| c.display_name_in(language).to_string())
        .unwrap_or_default();
    Ok(Comparison { category, category_name, plans: compared, facts: rows })
}
