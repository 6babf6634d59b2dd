//! The catalogue's listings: categories, featured plans, the quote's priced plans, a plan's page.

use axum::extract::{Path, State};
use engine::catalogue::{Category, PlanDescription};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::shop::compare::{self, documents_of, Comparison, DocumentLink};
use crate::domain::shop::listing::{self, FilteredPlans, FilteredPlansQuery};
use crate::domain::shop::pricing::{card, PlanCard};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::encoding::{AcceptEncoding, KeptAnswer};
use crate::http::extract::{AppQuery, ListingQuery, MaybeOwnedQuery};
use crate::state::AppState;

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
    /// Its documents: the summary of benefits and coverage, the provider directory, the drug list, as it has them.
    documents: Vec<DocumentLink>,
}

/// The categories as the spec answers them, named in the reader's language (their own words in it).
pub async fn get_plan_category(State(state): State<AppState>) -> Answer<Vec<Category>> {
    let language = crate::language::current();
    Answer(
        state
            .catalogue
            .categories
            .iter()
            .map(|c| Category {
                display_name: c.display_name_in(language).to_string(),
                section_name: if c.section_name.is_empty() {
                    String::new()
                } else {
                    c.section_in(language).to_string()
                },
                translations: Default::default(),
                ..c.clone()
            })
            .collect(),
    )
}

pub async fn get_featured_plans(State(state): State<AppState>) -> Answer<Vec<PlanCard>> {
    Answer(state.catalogue.plans.iter().filter(|p| p.featured).map(|p| card(&state, p, None)).collect())
}

/// `get-filtered-plans { enrollment_id, categories?, page?, per_page?, sort?, usage?, carriers?, networks?,
/// max_premium?, max_deductible?, hsa? }`: the quote's plans, refined by the person's choices.
pub async fn get_filtered_plans(
    State(state): State<AppState>,
    AcceptEncoding(coding): AcceptEncoding,
    ListingQuery(session, id, query): ListingQuery<FilteredPlansQuery>,
) -> ApiResult<KeptAnswer<FilteredPlans>> {
    let kept = listing::answer(&state, &session, id, &query).await?;
    Ok(KeptAnswer(kept, coding, std::marker::PhantomData))
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
        plan_desc: plan.description_in(crate::language::current()),
        is_prudential_plan: plan.is_premier(),
        hides_price: plan.hides_price(),
        documents: documents_of(plan),
    }))
}

/// The most plans compared side by side.
/// `compare-plans` *(ours)*: the plans to put side by side.
#[derive(Deserialize, JsonSchema)]
pub struct CompareQuery {
    /// Two or three plan ids of one category, separated by commas.
    plan_ids: Option<String>,
}

/// `compare-plans`: two or three plans of a category side by side, each priced for the quote (its cheapest level)
/// with that level's facts; the facts are those the category is compared by, and a row only when a plan states it.
pub async fn compare_plans(
    State(state): State<AppState>,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<CompareQuery>,
) -> ApiResult<Answer<Comparison>> {
    Ok(Answer(compare::compare(&state, e.as_ref(), query.plan_ids.as_deref()).await?))
}
