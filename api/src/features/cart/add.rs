use crate::domain::enrollment::parse_id;
use crate::domain::session::Session;
use crate::domain::shop::answers::keep_answer;
use crate::domain::shop::answers::plan_subject;
use crate::domain::shop::answers::MEMBERSHIP;
use crate::domain::shop::cart::cart_count;
use crate::domain::shop::cart::option_of;
use crate::domain::shop::cart::refuse_adding;
use crate::domain::shop::cart::reopen_cart;
use crate::domain::shop::cart::rider_allowed;
use crate::domain::shop::pricing::plan_in_body;
use crate::error::success;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::http::extract::enrollment_from_body;
use crate::http::extract::AppJson;
use crate::state::AppState;
use crate::store;
use axum::extract::State;
use axum::response::Response;
use serde_json::json;

/// `add-plan-to-cart { enrollment_id, plan_id, plan_pricing_id }`.
pub async fn add_plan_to_cart(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let mut e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_in_body(&state, &body)?;
    let option = option_of(plan, body.get("plan_pricing_id"), "plan_pricing_id")?;
    if !plan.membership.is_empty() {
        return Err(ApiError::field("membership", "Please choose a membership option to add this plan"));
    }
    // Unlisted plans are sold only with their plan: a rider while a plan it rides on is in the cart.
    let sold_alone = plan.listed || (!plan.rider_of.is_empty() && rider_allowed(&state, &e, plan).await?);
    if !sold_alone {
        return Err(ApiError::NotFound("Plan not found".into()));
    }
    refuse_adding(&state, &e, plan, option).await?;
    reopen_cart(&state, &mut e).await?;
    store::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    Ok(success(json!({ "cart_count": cart_count(&state, &e).await? })))
}

/// `add-plan-to-cart-prudentials { enrollment_id, plan_id, plan_pricing_id, plan_id1, plan_pricing_id1 }`: a premier
/// plan with its membership association, added together; the membership line cannot be removed on its own.
pub async fn add_plan_to_cart_prudentials(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let mut e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_in_body(&state, &body)?;
    let option = option_of(plan, body.get("plan_pricing_id"), "plan_pricing_id")?;
    let membership_id = parse_id(body.get("plan_id1"), "plan_id1")?;
    if !plan.membership.contains(&membership_id) {
        return Err(ApiError::field("plan_id1", "Please choose a membership option offered with this plan"));
    }
    let membership = state.catalogue.plan(membership_id).ok_or_else(|| ApiError::NotFound("Plan not found".into()))?;
    let membership_option = option_of(membership, body.get("plan_pricing_id1"), "plan_pricing_id1")?;
    refuse_adding(&state, &e, plan, option).await?;
    refuse_adding(&state, &e, membership, membership_option).await?;
    reopen_cart(&state, &mut e).await?;
    let chosen = json!({ "plan_id": membership.plan_id, "plan_pricing_id": membership_option.plan_pricing_id });
    keep_answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), MEMBERSHIP, &chosen).await?;
    store::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    store::put_in_cart(&state.db, e.row.enrollment_id, membership.plan_id, membership_option.plan_pricing_id, false)
        .await?;
    Ok(success(json!({ "cart_count": cart_count(&state, &e).await? })))
}
