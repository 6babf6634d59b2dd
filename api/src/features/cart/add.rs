//! Adding plans to the cart, with every rule Add to Cart holds (blackout, already active, group code, eligibility,
//! pricing, riders, memberships).

use axum::extract::State;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use super::CartCount;
use crate::domain::shop::answers::{keep_answer, plan_subject, MEMBERSHIP};
use crate::domain::shop::cart::{cart_count, option_of, refuse_adding, reopen_cart, rider_allowed};
use crate::domain::shop::pricing::plan_of;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::OwnedJson;
use crate::input::{required_id, Id};
use crate::state::AppState;
use crate::store;

/// `add-plan-to-cart { enrollment_id, plan_id, plan_pricing_id }`.
#[derive(Deserialize, JsonSchema)]
pub struct AddPlan {
    plan_id: Option<Id>,
    /// The plan's option (tier and benefit level) chosen.
    plan_pricing_id: Option<Id>,
}

/// `add-plan-to-cart-prudentials`: a premier plan and the membership association chosen with it.
#[derive(Deserialize, JsonSchema)]
pub struct AddPremierPlan {
    plan_id: Option<Id>,
    plan_pricing_id: Option<Id>,
    /// The membership association's plan.
    plan_id1: Option<Id>,
    /// The membership association's option.
    plan_pricing_id1: Option<Id>,
}

/// `add-plan-to-cart { enrollment_id, plan_id, plan_pricing_id }`.
pub async fn add_plan_to_cart(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<AddPlan>,
) -> ApiResult<Answer<CartCount>> {
    let plan = plan_of(&state, &body.plan_id)?;
    let option = option_of(plan, &body.plan_pricing_id, "plan_pricing_id")?;
    if !plan.membership.is_empty() {
        return Err(ApiError::field("membership", "Please choose a membership option to add this plan"));
    }
    // Unlisted plans are sold only with their plan: a rider while a plan it rides on is in the cart.
    let sold_alone = plan.listed || (!plan.rider_of.is_empty() && rider_allowed(&state, &e, plan).await?);
    if !sold_alone {
        return Err(ApiError::plan_not_found());
    }
    refuse_adding(&state, &e, plan, option).await?;
    reopen_cart(&state, &mut e).await?;
    store::cart::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    Ok(Answer(CartCount { cart_count: cart_count(&state, &e).await? }))
}

/// `add-plan-to-cart-prudentials { enrollment_id, plan_id, plan_pricing_id, plan_id1, plan_pricing_id1 }`: a premier
/// plan with its membership association, added together; the membership line cannot be removed on its own.
pub async fn add_plan_to_cart_prudentials(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<AddPremierPlan>,
) -> ApiResult<Answer<CartCount>> {
    let plan = plan_of(&state, &body.plan_id)?;
    let option = option_of(plan, &body.plan_pricing_id, "plan_pricing_id")?;
    let membership_id = required_id(&body.plan_id1, "plan_id1")?;
    if !plan.membership.contains(&membership_id) {
        return Err(ApiError::field("plan_id1", "Please choose a membership option offered with this plan"));
    }
    let membership = state.catalogue.plan(membership_id).ok_or_else(ApiError::plan_not_found)?;
    let membership_option = option_of(membership, &body.plan_pricing_id1, "plan_pricing_id1")?;
    refuse_adding(&state, &e, plan, option).await?;
    refuse_adding(&state, &e, membership, membership_option).await?;
    reopen_cart(&state, &mut e).await?;
    let chosen = json!({ "plan_id": membership.plan_id, "plan_pricing_id": membership_option.plan_pricing_id });
    keep_answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), MEMBERSHIP, &chosen).await?;
    store::cart::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    store::cart::put_in_cart(
        &state.db,
        e.row.enrollment_id,
        membership.plan_id,
        membership_option.plan_pricing_id,
        false,
    )
    .await?;
    Ok(Answer(CartCount { cart_count: cart_count(&state, &e).await? }))
}
