//! Adding plans to the cart, with every rule Add to Cart holds (blackout, already active, group code, eligibility,
//! pricing, riders, memberships).

use axum::extract::State;
use schemars::JsonSchema;
use serde::Deserialize;

use super::CartCount;
use crate::domain::shop::cart;
use crate::error::{Answer, ApiResult};
use crate::http::extract::OwnedJson;
use crate::input::Id;
use crate::state::AppState;

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
    let cart_count = cart::add(&state, &mut e, &body.plan_id, &body.plan_pricing_id).await?;
    Ok(Answer(CartCount { cart_count }))
}

/// `add-plan-to-cart-prudentials { enrollment_id, plan_id, plan_pricing_id, plan_id1, plan_pricing_id1 }`: a premier
/// plan with its membership association, added together; the membership line cannot be removed on its own.
pub async fn add_plan_to_cart_prudentials(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<AddPremierPlan>,
) -> ApiResult<Answer<CartCount>> {
    let plan = (&body.plan_id, &body.plan_pricing_id);
    let membership = (&body.plan_id1, &body.plan_pricing_id1);
    let cart_count = cart::add_with_membership(&state, &mut e, plan, membership).await?;
    Ok(Answer(CartCount { cart_count }))
}
