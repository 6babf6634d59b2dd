//! The cart: adding plans (with the shop's checks), its lines priced for the quote, removing, the totals and
//! effective dates, checking out, and the personalised quote's preview.

mod add;
mod quote;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use engine::rating::Cents;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::enrollment::checkout;
use crate::domain::enrollment::{Enrollment, NextStep};
use crate::domain::shop::cart::{self, CartAnswer};
use crate::error::{Answer, ApiResult, Listed};
use crate::http::extract::{Nothing, OwnedJson, OwnedQuery};
use crate::input::Id;
use crate::state::{AppState, Live};

/// A cart line to remove (query string or body).
#[derive(Deserialize, JsonSchema)]
pub struct CartLine {
    plan_id: Option<Id>,
    plan_pricing_id: Option<Id>,
}

/// `cart-checkout { enrollment_id, effective_date, type? }`.
#[derive(Deserialize, JsonSchema)]
pub struct Checkout {
    /// One of the dates `get-cart-effective-dates` offers (MM/DD/YYYY).
    effective_date: Option<String>,
    /// rep or member: who completes the enrollment, when a rep checks out.
    #[serde(rename = "type")]
    checkout_type: Option<String>,
}

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/add-plan-to-cart", post(add::add_plan_to_cart))
        .api_route("/add-plan-to-cart-prudentials", post(add::add_plan_to_cart_prudentials))
        .api_route("/get-quote-preview-content", get(quote::preview))
        .api_route("/get-plan-cart", get(get_plan_cart))
        .api_route(
            "/remove-plan-from-cart",
            get(remove_plan_from_cart_query).post(remove_plan_from_cart_body).delete(remove_plan_from_cart_query),
        )
        .api_route("/get-cart-count", get(get_cart_count))
        .api_route("/get-cart-amount", get(get_cart_amount))
        .api_route("/get-cart-effective-dates", get(get_cart_effective_dates))
        .api_route("/cart-checkout", post(cart_checkout))
}

/// How many lines the cart holds after a change.
#[derive(Serialize, JsonSchema)]
pub struct CartCount {
    pub cart_count: usize,
}

/// The checkout: the effective date chosen and the first step of the wizard.
#[derive(Serialize, JsonSchema)]
pub struct CheckedOut {
    effective_date: String,
    next: NextStep,
}

async fn get_plan_cart(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<CartAnswer>> {
    Ok(Answer(cart::page(&state, &e).await?))
}

async fn remove_plan_from_cart(state: &AppState, mut e: Enrollment, line: CartLine) -> ApiResult<Answer<CartCount>> {
    Ok(Answer(CartCount { cart_count: cart::remove(state, &mut e, &line.plan_id, &line.plan_pricing_id).await? }))
}

/// `remove-plan-from-cart` with the line in the query string (GET and DELETE, as the spec's clients send it).
async fn remove_plan_from_cart_query(
    State(state): State<AppState>,
    OwnedQuery(e, line): OwnedQuery<CartLine>,
) -> ApiResult<Answer<CartCount>> {
    remove_plan_from_cart(&state, e, line).await
}

/// `remove-plan-from-cart` with the line in a JSON body.
async fn remove_plan_from_cart_body(
    State(state): State<AppState>,
    OwnedJson(e, line): OwnedJson<CartLine>,
) -> ApiResult<Answer<CartCount>> {
    remove_plan_from_cart(&state, e, line).await
}

async fn get_cart_count(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<usize>>> {
    Ok(Answer(Listed { result: cart::cart_count(&state, &e).await? }))
}

async fn get_cart_amount(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Cents>>> {
    Ok(Answer(Listed { result: cart::first_month_cost(&state, &e).await? }))
}

/// The effective dates offered (the first of each of the next three months); asked for a quote of the caller's.
async fn get_cart_effective_dates(OwnedQuery(_, _): OwnedQuery<Nothing>) -> ApiResult<Answer<Listed<Vec<String>>>> {
    Ok(Answer(Listed { result: checkout::offered_dates() }))
}

async fn cart_checkout(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<Checkout>,
) -> ApiResult<Answer<CheckedOut>> {
    let (effective_date, next) =
        checkout::checkout(&state, &e, body.effective_date.as_deref(), body.checkout_type.as_deref()).await?;
    Ok(Answer(CheckedOut { effective_date, next: next.describe() }))
}
