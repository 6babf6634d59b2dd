//! The cart: adding plans (with the shop's checks), its lines priced for the quote, removing, the totals and
//! effective dates, checking out, and the personalised quote's preview.

mod add;
mod quote;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use engine::cart::{effective_dates, totals};
use engine::dates::format_mdy;
use engine::errors::messages::REQUIRED;
use engine::lifecycle::Event;
use engine::rating::{check_eligibility, Cents};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::domain::enrollment::{self, priced_cart, today, Enrollment, Next, NextStep, PricedLine};
use crate::domain::filter::filter_info;
use crate::domain::quote::may_send;
use crate::domain::shop::answers::forget_offers;
use crate::domain::shop::cart::{cart_count, remove_with_dependents};
use crate::domain::shop::pricing::{premier_notices, price};
use crate::error::{Answer, ApiError, ApiResult, Listed};
use crate::http::extract::{Nothing, OwnedJson, OwnedQuery};
use crate::input::{required_id, Id};
use crate::state::{AppState, Live};
use crate::store;
use crate::store::enrollment::LifecycleExtras;

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

/// The cart as the cart page shows it.
#[derive(Serialize, JsonSchema)]
pub struct CartAnswer {
    /// Each line priced for the quote.
    result: Vec<PricedLine>,
    initial_month_cost: Cents,
    recurring_month_cost: Cents,
    total_cost: Cents,
    /// Riders that can be added to the plans in the cart.
    riders: Vec<Rider>,
    /// What a premier plan's quote must say.
    notices: Vec<&'static str>,
    /// Whether the caller may send a personalised quote (reps and groups).
    show_quotation: bool,
    /// The recurring cost per paycheck, for an employee of a group that says how often it pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    per_paycheck: Option<crate::domain::payroll::Paycheck>,
}

/// A rider offered with a plan in the cart, priced.
#[derive(Serialize, JsonSchema)]
pub struct Rider {
    plan_id: i64,
    plan_pricing_id: i64,
    plan_name: String,
    option_name: String,
    plan_short_text: String,
    price: Cents,
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

async fn cart_answer(state: &AppState, e: &Enrollment) -> ApiResult<CartAnswer> {
    let lines = priced_cart(state, e).await?;
    let t = totals(&lines.iter().map(|l| l.price).collect::<Vec<_>>());
    let notices = premier_notices(lines.iter().any(|l| l.is_premier()), lines.iter().map(|l| l.plan_category.as_str()));
    Ok(CartAnswer {
        riders: riders(state, e, &lines).await?,
        result: lines,
        initial_month_cost: t.initial_month_cost,
        recurring_month_cost: t.recurring_month_cost,
        total_cost: t.total_cost,
        notices,
        show_quotation: may_send(e),
        per_paycheck: crate::domain::payroll::paycheck(state, e.row.group_id, Some(t.recurring_month_cost)),
    })
}

/// Riders that can be added to the plans in the cart, priced.
async fn riders(state: &AppState, e: &Enrollment, lines: &[PricedLine]) -> ApiResult<Vec<Rider>> {
    let mut offered = Vec::new();
    for plan in state.catalogue.plans.iter().filter(|p| !p.rider_of.is_empty()) {
        let rides = lines.iter().any(|l| plan.rider_of.contains(&l.plan_id));
        if !rides || lines.iter().any(|l| l.plan_id == plan.plan_id) {
            continue;
        }
        if let Ok(priced) = price(state, e, plan).await? {
            for (option, price) in priced {
                offered.push(Rider {
                    plan_id: plan.plan_id,
                    plan_pricing_id: option.plan_pricing_id,
                    plan_name: plan.plan_name.clone(),
                    option_name: option.name.clone(),
                    plan_short_text: plan
                        .text_in("short_text", crate::language::current())
                        .unwrap_or_default()
                        .to_string(),
                    price,
                });
            }
        }
    }
    Ok(offered)
}

async fn get_plan_cart(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<CartAnswer>> {
    Ok(Answer(cart_answer(&state, &e).await?))
}

async fn remove_plan_from_cart(state: &AppState, mut e: Enrollment, line: CartLine) -> ApiResult<Answer<CartCount>> {
    let plan_id = required_id(&line.plan_id, "plan_id")?;
    let pricing_id = required_id(&line.plan_pricing_id, "plan_pricing_id")?;
    if !remove_with_dependents(state, &mut e, plan_id, pricing_id).await? {
        return Err(ApiError::NotFound("This plan is not in your cart".into()));
    }
    let count = cart_count(state, &e).await?;
    if count == 0 {
        forget_offers(&state.db, e.row.enrollment_id).await?;
    }
    Ok(Answer(CartCount { cart_count: count }))
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
    Ok(Answer(Listed { result: cart_count(&state, &e).await? }))
}

async fn get_cart_amount(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Cents>>> {
    let lines = priced_cart(&state, &e).await?;
    let t = totals(&lines.iter().map(|l| l.price).collect::<Vec<_>>());
    Ok(Answer(Listed { result: t.initial_month_cost }))
}

/// The effective dates offered (the first of each of the next three months); asked for a quote of the caller's.
async fn get_cart_effective_dates(OwnedQuery(_, _): OwnedQuery<Nothing>) -> ApiResult<Answer<Listed<Vec<String>>>> {
    let dates: Vec<String> = effective_dates(today()).into_iter().map(format_mdy).collect();
    Ok(Answer(Listed { result: dates }))
}

#[tracing::instrument(name = "check out", skip_all)]
async fn cart_checkout(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<Checkout>,
) -> ApiResult<Answer<CheckedOut>> {
    let lines = priced_cart(&state, &e).await?;
    if lines.is_empty() {
        return Err(ApiError::field("cart", "Your cart is empty. Please add a plan before checking out."));
    }
    let input = e.filter.rating_input(today()).ok_or_else(|| ApiError::field("dob", REQUIRED))?;
    for line in &lines {
        if let Some(Err(p)) = state.catalogue.plan(line.plan_id).map(|plan| check_eligibility(plan, &input)) {
            let why = p.message(crate::language::current());
            return Err(ApiError::field("cart", crate::error::Said::resolved(format!("{}: {why}", line.plan_name))));
        }
    }
    let effective_date = body.effective_date.as_deref().map(str::trim).unwrap_or_default();
    if effective_date.is_empty() {
        return Err(ApiError::field("effective_date", REQUIRED));
    }
    if !effective_dates(today()).into_iter().map(format_mdy).any(|d| d == effective_date) {
        return Err(ApiError::field("effective_date", "Please choose one of the effective dates offered"));
    }
    let checkout_type = match body.checkout_type.as_deref() {
        None | Some("") => None,
        Some(t @ ("rep" | "member")) => Some(t),
        Some(_) => return Err(ApiError::field("type", "Please choose Rep Enrollment or Member Enrollment")),
    };
    let nav = engine::selection::navigation(&e.workflows.wizard, &enrollment::context(&e, &lines));
    let mut lifecycle = e.lifecycle.clone();
    lifecycle.handle(Event::Checkout { nav }).map_err(|why| ApiError::Conflict(why.message().into()))?;
    let text = serde_json::to_string(&lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    let extras = LifecycleExtras { effective_date: Some(effective_date), checkout_type, ..LifecycleExtras::default() };
    if !store::enrollment::update_lifecycle(&state.db, e.row.enrollment_id, &text, e.row.lifecycle_version, extras)
        .await?
    {
        return Err(ApiError::Conflict(enrollment::STALE.into()));
    }
    // The cart as the person saw it when checking out, kept for audit.
    let snapshot = json!({
        "cart": cart_answer(&state, &e).await?, "effective_date": effective_date, "type": checkout_type,
        "filter": filter_info(&e.filter), "taken_on": format_mdy(today()),
    });
    store::enrollment::insert_cart_snapshot(&state.db, e.row.enrollment_id, &snapshot.to_string()).await?;
    enrollment::reached(&e.lifecycle, &lifecycle);
    let next = lifecycle.current_tab().map(Next::Tab).unwrap_or(Next::Cart);
    Ok(Answer(CheckedOut { effective_date: effective_date.to_string(), next: next.describe() }))
}
