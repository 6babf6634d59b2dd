//! The catalogue's listings: categories, featured plans, the quote's priced plans, a plan's page.

use axum::extract::{Path, State};
use engine::catalogue::{Category, PlanDescription};
use engine::rating::PricingError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::enrollment::today;
use crate::domain::shop::pricing::{card, price, price_in_listing, PlanCard};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::encoding::{AcceptEncoding, KeptAnswer};
use crate::http::extract::{AppQuery, ListingQuery, MaybeOwnedQuery};
use crate::input::parse_id;
use crate::state::AppState;
use serde_json::Value;

/// `get-filtered-plans`: the quote's plans, of some categories.
#[derive(Deserialize, JsonSchema)]
pub struct FilteredPlansQuery {
    /// Category keys separated by commas; all categories when absent.
    categories: Option<String>,
    /// The page of plans wanted, from 1 (with `per_page`); every plan when absent.
    page: Option<Value>,
    /// How many plans a page holds, 1 to 100.
    per_page: Option<Value>,
}

/// The most plans a page holds.
pub const MOST_PER_PAGE: i64 = 100;

/// The plans of a quote's listing, or why there are none.
#[derive(Serialize, JsonSchema)]
pub struct FilteredPlans {
    result: Vec<PlanCard>,
    /// When nothing is listed: whether the categories are for Member Only, or nothing matches.
    message: Option<&'static str>,
    /// The same, in the words the store shows a person (the message is as other systems expect it).
    #[serde(skip_serializing_if = "Option::is_none")]
    notice: Option<&'static str>,
    /// With a page asked for: how many plans there are in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<usize>,
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

pub use engine::errors::messages::ONLY_IO;

pub const NO_PLANS: &str = "No Plans are available for your selection";

pub async fn get_filtered_plans(
    State(state): State<AppState>,
    AcceptEncoding(coding): AcceptEncoding,
    ListingQuery(e, accepted, query): ListingQuery<FilteredPlansQuery>,
) -> ApiResult<KeptAnswer<FilteredPlans>> {
    let wanted: Vec<&str> = query
        .categories
        .as_deref()
        .map(|c| c.split(',').map(str::trim).filter(|c| !c.is_empty()).collect())
        .unwrap_or_default();
    let page = match (query.page.as_ref(), query.per_page.as_ref()) {
        (None, None) => None,
        (page, per_page) => {
            let page = page.map(|v| parse_id(Some(v), "page")).transpose()?.unwrap_or(1);
            let per_page = per_page.map(|v| parse_id(Some(v), "per_page")).transpose()?.unwrap_or(24);
            if page < 1 {
                return Err(ApiError::field("page", "page starts at 1"));
            }
            if !(1..=MOST_PER_PAGE).contains(&per_page) {
                return Err(ApiError::field("per_page", format!("per_page is from 1 to {MOST_PER_PAGE}")));
            }
            Some((page as usize, per_page as usize))
        }
    };
    let asked = crate::services::listings::Listing {
        input: e.filter.rating_input(today()),
        categories: &wanted,
        accepted: accepted.ids(),
        page,
        workflows: &e.workflows.hash,
    };
    let kept = crate::services::listings::kept_or_priced(&state.listings, asked, || {
        Ok(KeptAnswer::of(&priced_listing(&state, &e, &wanted, &accepted, page), coding)?.0)
    })?;
    Ok(KeptAnswer(kept, coding, std::marker::PhantomData))
}

/// The listing for the quote: the plans of the categories asked for that price (or that a popup can price), each
/// with its cheapest option's price, or why none are listed; a page of it when one was asked for.
fn priced_listing(
    state: &AppState,
    e: &crate::domain::enrollment::Quote,
    wanted: &[&str],
    accepted: &crate::domain::shop::pricing::Accepted,
    page: Option<(usize, usize)>,
) -> FilteredPlans {
    let mut result = Vec::new();
    let mut io_only = false;
    for plan in state
        .catalogue
        .plans
        .iter()
        .filter(|p| p.listed && (wanted.is_empty() || wanted.contains(&p.category.as_str())))
    {
        let cheapest = match price_in_listing(state, e, plan, accepted) {
            Ok(priced) => priced.first().map(|(_, p)| *p),
            // Tier errors are not listed: the section says the category is for Member Only instead.
            Err((PricingError::TierError, _)) => {
                io_only |= plan.tiers == [engine::context::Tier::IO];
                continue;
            }
            // A plan one of the shop's popups can price (income, tobacco, portal, ...) is listed; its page asks.
            Err((error, priced)) if e.workflows.shop.answers(error) => priced.first().map(|(_, p)| *p),
            Err(_) => continue,
        };
        result.push(card(state, plan, cheapest.filter(|_| !plan.hides_price())));
    }
    let message = match (result.is_empty(), io_only) {
        (false, _) => None,
        (true, true) => Some(ONLY_IO),
        (true, false) => Some(NO_PLANS),
    };
    let (result, total) = match page {
        None => (result, None),
        Some((page, per_page)) => {
            let total = result.len();
            (result.into_iter().skip((page - 1) * per_page).take(per_page).collect(), Some(total))
        }
    };
    FilteredPlans { result, message, notice: message.map(engine::words::plain), total }
}

pub async fn get_plan_detail(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Answer<PlanDetail>> {
    plan_detail(&state, &id)
}

/// `get-plan-detail?plan_id=`: the plan asked by query rather than by path (`id` and `pid` are read too, the names
/// other calls give a plan).
#[derive(Deserialize, JsonSchema)]
pub struct PlanDetailQuery {
    /// The plan's id.
    plan_id: Option<String>,
    /// The plan's id, under another name.
    id: Option<String>,
    /// The plan's id, as the pricing call names it.
    pid: Option<String>,
}

pub const CHOOSE_PLAN: &str = "Choose a plan to see its details";

/// The bare `get-plan-detail`: the same answer as `get-plan-detail/{id}`; without a plan, a field error naming
/// `plan_id`.
pub async fn get_plan_detail_by_query(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<PlanDetailQuery>,
) -> ApiResult<Answer<PlanDetail>> {
    let id = [query.plan_id, query.id, query.pid]
        .into_iter()
        .flatten()
        .map(|id| id.trim().to_owned())
        .find(|id| !id.is_empty())
        .ok_or_else(|| ApiError::field("plan_id", CHOOSE_PLAN))?;
    plan_detail(&state, &id)
}

fn plan_detail(state: &AppState, id: &str) -> ApiResult<Answer<PlanDetail>> {
    let plan = id.parse::<i64>().ok().and_then(|id| state.catalogue.plan(id)).ok_or_else(ApiError::plan_not_found)?;
    Ok(Answer(PlanDetail {
        card: card(state, plan, None),
        plan_desc: plan.description.clone(),
        is_prudential_plan: plan.is_premier(),
        hides_price: plan.hides_price(),
    }))
}

/// The most plans compared side by side.
pub const MOST_COMPARED: usize = 3;

pub const CHOOSE_TWO: &str = "Choose two or three plans to compare";
pub const ONE_CATEGORY: &str = "Plans of one kind are compared: choose plans of the same category";

/// `compare-plans` *(ours)*: the plans to put side by side.
#[derive(Deserialize, JsonSchema)]
pub struct CompareQuery {
    /// Two or three plan ids of one category, separated by commas.
    plan_ids: Option<String>,
}

/// A plan in a comparison: its cheapest level for the quote (or the lowest anyone can get).
#[derive(Serialize, JsonSchema)]
pub struct ComparedPlan {
    plan_id: i64,
    plan_name: String,
    plan_logo: String,
    carrier_name: String,
    /// The level compared (its facts are the column's).
    option_name: String,
    /// The monthly price for the quote; none when not priced or not shown.
    plan_price: Option<engine::rating::Cents>,
    /// The lowest price anyone can be quoted.
    from_price: Option<engine::rating::Cents>,
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

/// `compare-plans`: two or three plans of a category side by side, each priced for the quote (its cheapest level)
/// with that level's facts; the facts are those the category is compared by, and a row only when a plan states it.
pub async fn compare_plans(
    State(state): State<AppState>,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<CompareQuery>,
) -> ApiResult<Answer<Comparison>> {
    let mut ids: Vec<i64> = Vec::new();
    for text in query.plan_ids.as_deref().unwrap_or_default().split(',').map(str::trim).filter(|t| !t.is_empty()) {
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
    let mut compared = Vec::new();
    let mut facts = Vec::new();
    for plan in &plans {
        let priced = match &e {
            Some(e) => match price(&state, e, plan).await? {
                Ok(priced) | Err((_, priced)) => priced,
            },
            None => Vec::new(),
        };
        let cheapest = priced.iter().min_by_key(|(_, p)| *p).map(|(o, p)| (*o, *p));
        let option = cheapest.map(|(o, _)| o).unwrap_or(&plan.options[0]);
        facts.push(plan.facts_of(option));
        compared.push(ComparedPlan {
            plan_id: plan.plan_id,
            plan_name: plan.plan_name.clone(),
            plan_logo: plan.logo.clone(),
            carrier_name: state.catalogue.carrier_name(plan.carrier_id).to_string(),
            option_name: option.name.clone(),
            plan_price: cheapest.map(|(_, p)| p).filter(|_| !plan.hides_price()),
            from_price: engine::rating::starting_price(plan, &state.catalogue.curve),
        });
    }
    let rows = engine::facts::default_compare(&category)
        .iter()
        .filter_map(|key| {
            let values: Vec<Option<String>> = facts.iter().map(|f| f.display(key)).collect();
            let kind = engine::facts::kind(key)?;
            values.iter().any(Option::is_some).then(|| ComparedFact {
                key: key.to_string(),
                label: kind.label.to_string(),
                values,
            })
        })
        .collect();
    let category_name = state
        .catalogue
        .categories
        .iter()
        .find(|c| c.category == category)
        .map(|c| c.display_name.clone())
        .unwrap_or_default();
    Ok(Answer(Comparison { category, category_name, plans: compared, facts: rows }))
}
