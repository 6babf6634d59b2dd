//! The catalogue's listings: categories, featured plans, the quote's priced plans, a plan's page.

use axum::extract::{Path, State};
use engine::catalogue::{Category, PlanDescription};
use engine::rating::PricingError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::shop::pricing::{card, price, PlanCard};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::OwnedQuery;
use crate::state::AppState;

/// `get-filtered-plans`: the quote's plans, of some categories.
#[derive(Deserialize, JsonSchema)]
pub struct FilteredPlansQuery {
    /// Category keys separated by commas; all categories when absent.
    categories: Option<String>,
}

/// The plans of a quote's listing, or why there are none.
#[derive(Serialize, JsonSchema)]
pub struct FilteredPlans {
    result: Vec<PlanCard>,
    /// When nothing is listed: whether the categories are for Member Only, or nothing matches.
    message: Option<&'static str>,
}

/// A plan's page.
#[derive(Serialize, JsonSchema)]
pub struct PlanDetail {
    #[serde(flatten)]
    card: PlanCard,
    plan_desc: PlanDescription,
    /// A premier plan (its quote carries the administrative fee).
    is_prudential_plan: bool,
    /// Its price is the carrier's quote, not shown while shopping.
    hides_price: bool,
}

pub async fn get_plan_category(State(state): State<AppState>) -> Answer<Vec<Category>> {
    Answer(state.catalogue.categories.clone())
}

pub async fn get_featured_plans(State(state): State<AppState>) -> Answer<Vec<PlanCard>> {
    Answer(state.catalogue.plans.iter().filter(|p| p.featured).map(|p| card(&state, p, None)).collect())
}

pub const ONLY_IO: &str = "Plans are available for IO tier only";

pub const NO_PLANS: &str = "No Plans are available for your selection";

pub async fn get_filtered_plans(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<FilteredPlansQuery>,
) -> ApiResult<Answer<FilteredPlans>> {
    let wanted: Vec<&str> = query
        .categories
        .as_deref()
        .map(|c| c.split(',').map(str::trim).filter(|c| !c.is_empty()).collect())
        .unwrap_or_default();
    let mut result = Vec::new();
    let mut io_only = false;
    for plan in state
        .catalogue
        .plans
        .iter()
        .filter(|p| p.listed && (wanted.is_empty() || wanted.contains(&p.category.as_str())))
    {
        let cheapest = match price(&state, &e, plan).await? {
            Ok(priced) => priced.first().map(|(_, p)| *p),
            // Tier errors are not listed: the section says the category is for Member Only instead.
            Err((PricingError::TierError, _)) => {
                io_only |= plan.tiers == [engine::context::Tier::IO];
                continue;
            }
            // A plan one of the shop's popups can price (income, tobacco, portal, ...) is listed; its page asks.
            Err((error, priced)) if state.workflows.shop.answers(error) => priced.first().map(|(_, p)| *p),
            Err(_) => continue,
        };
        result.push(card(&state, plan, cheapest.filter(|_| !plan.hides_price())));
    }
    let message = match (result.is_empty(), io_only) {
        (false, _) => None,
        (true, true) => Some(ONLY_IO),
        (true, false) => Some(NO_PLANS),
    };
    Ok(Answer(FilteredPlans { result, message }))
}

pub async fn get_plan_detail(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Answer<PlanDetail>> {
    let plan = id.parse::<i64>().ok().and_then(|id| state.catalogue.plan(id)).ok_or_else(ApiError::plan_not_found)?;
    Ok(Answer(PlanDetail {
        card: card(&state, plan, None),
        plan_desc: plan.description.clone(),
        is_prudential_plan: plan.is_premier(),
        hides_price: plan.hides_price(),
    }))
}
