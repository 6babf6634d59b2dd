//! The offers around the cart: the accident offer after a plan is added, the checkout upsells, and the confirmation;
//! as steps of the renderer's protocol and as the spec's suggested-plan calls.

use axum::extract::State;
use engine::shop;
use engine::step::Step;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::enrollment::{self, priced_cart};
use crate::domain::shop::offers::{self, answered_offers, checkout_step, next_offer, resolve_offer};
use crate::domain::shop::views::SuggestedItem;
use crate::error::{Answer, ApiError, ApiResult, Listed};
use crate::http::extract::{AppJson, AppQuery, Nothing, OwnedPath, OwnedQuery};
use crate::state::AppState;

/// The next step of a flow, or none.
#[derive(Serialize, JsonSchema)]
pub struct NextShopStep {
    step: Option<Step>,
}

/// After an offer is answered: the next checkout step, or back to the cart after the accident offer.
#[derive(Serialize, JsonSchema)]
pub struct OfferOutcome {
    step: Option<Step>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redirect: Option<&'static str>,
    cart_count: usize,
}

/// The effective date chosen, shown on the confirmation.
#[derive(Deserialize, JsonSchema)]
pub struct CheckoutQuery {
    /// MM/DD/YYYY, one of the dates the cart offers.
    #[serde(default)]
    effective_date: String,
}

/// The offer of `/shop/{id}/offer/{offer}`.
#[derive(Deserialize, JsonSchema)]
pub struct OfferPath {
    /// The offer's id in the shop workflow.
    offer: String,
}

/// The answer to an offer.
#[derive(Deserialize, JsonSchema)]
pub struct OfferAnswer {
    /// accept or decline.
    action: Option<String>,
}

/// `GET /shop/{enrollment_id}/after-add`: the offer made right after a plan is added (the accident offer), or null.
pub async fn get_after_add(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
) -> ApiResult<Answer<NextShopStep>> {
    let step = next_offer(&state, &e, &e.workflows.shop.after_add).await?;
    Ok(Answer(NextShopStep { step }))
}

/// `get-suggested-plan-list-new { enrollment_id }`: the accident offer as the spec's popup item.
pub async fn suggested_plan_list_new(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Option<SuggestedItem>>>> {
    let item = next_offer(&state, &e, &e.workflows.shop.after_add).await?.and_then(|v| SuggestedItem::of(&v));
    Ok(Answer(Listed { result: item }))
}

/// `get-suggested-plan-list { enrollment_id, ... }`: every checkout upsell that applies now, as popup items.
pub async fn suggested_plan_list(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Vec<SuggestedItem>>>> {
    let cart = priced_cart(&state, &e).await?;
    let ctx = enrollment::context(&e, &cart);
    let answered = answered_offers(&state, &e).await?;
    let mut items = Vec::new();
    for offer in shop::offers::open_offers(&e.workflows.shop.checkout_upsells, &ctx, &answered) {
        items.extend(resolve_offer(&state, &e, offer, &cart).await?.and_then(|v| SuggestedItem::of(&v)));
    }
    Ok(Answer(Listed { result: items }))
}

/// `GET /shop/{enrollment_id}/checkout?effective_date=`: the next checkout upsell, or the confirmation.
pub async fn get_checkout(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppQuery(query): AppQuery<CheckoutQuery>,
) -> ApiResult<Answer<NextShopStep>> {
    Ok(Answer(NextShopStep { step: Some(checkout_step(&state, &e, &query.effective_date).await?) }))
}

/// `POST /shop/{enrollment_id}/offer/{offer}` `{ action: accept | decline }`: answers an offer (accept puts its plans
/// in the cart); answers the next checkout step for an upsell, or `{ redirect: "/cart" }` after the accident offer.
pub async fn post_offer(
    state: State<AppState>,
    path: OwnedPath<OfferPath>,
    query: AppQuery<CheckoutQuery>,
    body: AppJson<OfferAnswer>,
) -> ApiResult<Answer<OfferOutcome>> {
    // A refusal on a screen is read by a person: in plain words, where the spec's are not written for one.
    take_offer(state, path, query, body).await.map_err(ApiError::in_plain_words)
}

async fn take_offer(
    State(state): State<AppState>,
    OwnedPath(e, path): OwnedPath<OfferPath>,
    AppQuery(query): AppQuery<CheckoutQuery>,
    AppJson(body): AppJson<OfferAnswer>,
) -> ApiResult<Answer<OfferOutcome>> {
    let taken = offers::take(&state, e, &path.offer, body.action.as_deref(), &query.effective_date).await?;
    let redirect = taken.step.is_none().then_some("/cart");
    Ok(Answer(OfferOutcome { step: taken.step, redirect, cart_count: taken.cart_count }))
}
