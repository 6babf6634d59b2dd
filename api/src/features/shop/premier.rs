//! Small questions the shop asks about a plan or the cart: is it a premier plan (the spec's "prudential" and "more
//! requirement" calls, plan type MM), a disability plan (its price is not shown), already in the cart.

use axum::extract::{Query, State};
use axum::response::Response;
use serde_json::{json, Value};

use crate::domain::enrollment::{self, priced_cart};
use crate::domain::session::Session;
use crate::error::{success, ApiResult};
use crate::http::extract::{enrollment_from_body, enrollment_from_query, AppJson, Params};
use crate::state::AppState;

fn plan_of(state: &AppState, id: Option<Value>) -> ApiResult<&engine::catalogue::Plan> {
    crate::domain::shop::pricing::plan_of(state, id.as_ref())
}

async fn cart_has_premier(
    state: &AppState,
    session: &Session,
    params: &std::collections::HashMap<String, String>,
) -> ApiResult<bool> {
    let e = enrollment_from_query(state, session, params).await?;
    Ok(priced_cart(state, &e).await?.iter().any(|l| l.is_premier()))
}

/// `get-more-requirement`: with `plan_id`, whether the plan is a premier plan; with `enrollment_id` alone, whether a
/// premier plan is already in the cart.
pub async fn more_requirement(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let result = match params.get("plan_id") {
        Some(id) => plan_of(&state, Some(json!(id)))?.is_premier(),
        None => cart_has_premier(&state, &session, &params).await?,
    };
    Ok(success(json!({ "result": result })))
}

/// `check-prudential-plan`: whether the plan is a premier plan.
pub async fn prudential_plan(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    enrollment_from_query(&state, &session, &params).await?;
    let plan = plan_of(&state, params.get("plan_id").map(|p| json!(p)))?;
    Ok(success(json!({ "status": plan.is_premier() })))
}

/// `check-prudential-cart`: whether the cart holds a premier plan.
pub async fn prudential_cart(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    Ok(success(json!({ "status": cart_has_premier(&state, &session, &params).await? })))
}

/// `check-disability-plan`: whether the plan is a disability plan, whose price is quoted by the carrier, not shown.
pub async fn disability_plan(State(state): State<AppState>, Query(params): Params) -> ApiResult<Response> {
    let plan = plan_of(&state, params.get("plan_id").map(|p| json!(p)))?;
    Ok(success(json!({ "result": plan.category == "di" })))
}

/// `check-already-in-cart`: whether the plan (any of its options) is in the cart.
pub async fn already_in_cart(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_of(&state, body.get("plan_id").cloned())?;
    let cart = enrollment::priced_cart(&state, &e).await?;
    Ok(success(json!({ "result": cart.iter().any(|l| l.plan_id == plan.plan_id) })))
}
