//! Checking out: the cart, the quote and the effective date checked, the wizard's steps drawn for what the cart
//! holds, and the cart as the person saw it kept for audit.

use engine::cart::effective_dates;
use engine::dates::format_mdy;
use engine::errors::messages::REQUIRED;
use engine::lifecycle::Event;
use engine::rating::check_eligibility;
use serde_json::json;

use crate::domain::enrollment::{self, today, Enrollment, Next};
use crate::domain::filter::filter_info;
use crate::domain::shop::cart;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
use crate::store::enrollment::LifecycleExtras;

/// Checks the cart out for `effective_date` (one of the dates offered), completed by `checkout_type` (`rep` or
/// `member`, when a rep checks out). The date kept and the wizard's first step.
#[tracing::instrument(name = "check out", skip_all)]
pub async fn checkout(
    state: &AppState,
    e: &Enrollment,
    effective_date: Option<&str>,
    checkout_type: Option<&str>,
) -> ApiResult<(String, Next)> {
    let lines = enrollment::priced_cart(state, e).await?;
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
    let effective_date = offered_date(effective_date)?;
    let checkout_type = match checkout_type {
        None | Some("") => None,
        Some(t @ ("rep" | "member")) => Some(t),
        Some(_) => return Err(ApiError::field("type", "Please choose Rep Enrollment or Member Enrollment")),
    };
    let nav = engine::selection::navigation(&e.workflows.wizard, &enrollment::context(e, &lines));
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
        "cart": cart::answer_of(state, e, lines).await?, "effective_date": effective_date, "type": checkout_type,
        "filter": filter_info(&e.filter), "taken_on": format_mdy(today()),
    });
    store::enrollment::insert_cart_snapshot(&state.db, e.row.enrollment_id, &snapshot.to_string()).await?;
    enrollment::reached(&e.lifecycle, &lifecycle);
    let next = lifecycle.current_tab().map(Next::Tab).unwrap_or(Next::Cart);
    Ok((effective_date.to_string(), next))
}

/// `chosen` when it is one of the effective dates offered today, trimmed; the effective date's field error otherwise.
/// Checkout and the confirmation before it share it, so the confirmation never reads "effective as of" an empty or
/// stale date.
pub fn offered_date(chosen: Option<&str>) -> ApiResult<&str> {
    let chosen = chosen.map(str::trim).unwrap_or_default();
    if chosen.is_empty() {
        return Err(ApiError::field("effective_date", REQUIRED));
    }
    if !offered_dates().iter().any(|d| d == chosen) {
        return Err(ApiError::field("effective_date", "Please choose one of the effective dates offered"));
    }
    Ok(chosen)
}

/// The effective dates offered: the first of each of the next three months.
pub fn offered_dates() -> Vec<String> {
    effective_dates(today()).into_iter().map(format_mdy).collect()
}
