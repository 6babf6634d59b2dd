//! Small questions the shop asks about a plan or the cart: is it a premier plan (the spec's "prudential" and "more
//! requirement" calls, plan type MM), a disability plan (its price is not shown), already in the cart.

use axum::extract::State;
use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::enrollment::{priced_cart, Enrollment};
use crate::domain::shop::pricing::plan_of;
use crate::error::{Answer, ApiResult, Listed};
use crate::http::extract::{AppQuery, MaybeOwnedQuery, Nothing, OwnedJson, OwnedQuery};
use crate::input::{required_id, PlanRef};
use crate::state::AppState;

/// A yes or no the spec's calls name `status`.
#[derive(Serialize, JsonSchema)]
pub struct Status {
    status: bool,
}

async fn cart_has_premier(state: &AppState, e: &Enrollment) -> ApiResult<bool> {
    Ok(priced_cart(state, e).await?.iter().any(|l| l.is_premier()))
}

/// `get-more-requirement`: with `plan_id`, whether the plan is a premier plan; with `enrollment_id` alone, whether a
/// premier plan is already in the cart.
pub async fn more_requirement(
    State(state): State<AppState>,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<PlanRef>,
) -> ApiResult<Answer<Listed<bool>>> {
    let result = match (&query.plan_id, e) {
        (Some(_), _) => plan_of(&state, &query.plan_id)?.is_premier(),
        (None, Some(e)) => cart_has_premier(&state, &e).await?,
        (None, None) => return Err(required_id(&None, "enrollment_id").unwrap_err()),
    };
    Ok(Answer(Listed { result }))
}

/// `check-prudential-plan`: whether the plan is a premier plan.
pub async fn prudential_plan(
    State(state): State<AppState>,
    OwnedQuery(_, query): OwnedQuery<PlanRef>,
) -> ApiResult<Answer<Status>> {
    let plan = plan_of(&state, &query.plan_id)?;
    Ok(Answer(Status { status: plan.is_premier() }))
}

/// `check-prudential-cart`: whether the cart holds a premier plan.
pub async fn prudential_cart(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Status>> {
    Ok(Answer(Status { status: cart_has_premier(&state, &e).await? }))
}

/// `check-disability-plan`: whether the plan is a disability plan, whose price is quoted by the carrier, not shown.
pub async fn disability_plan(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<PlanRef>,
) -> ApiResult<Answer<Listed<bool>>> {
    let plan = plan_of(&state, &query.plan_id)?;
    Ok(Answer(Listed { result: plan.category == "di" }))
}

/// `check-already-in-cart`: whether the plan (any of its options) is in the cart.
pub async fn already_in_cart(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<PlanRef>,
) -> ApiResult<Answer<Listed<bool>>> {
    let plan = plan_of(&state, &body.plan_id)?;
    let cart = priced_cart(&state, &e).await?;
    Ok(Answer(Listed { result: cart.iter().any(|l| l.plan_id == plan.plan_id) }))
}
