//! After submission: the receipt, and the screenshots of each step kept for audit.

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use axum::middleware::from_fn_with_state;
use engine::errors::messages::REQUIRED;
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::enrollment;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::{Nothing, OwnedJson, OwnedQuery};
use crate::http::throttle::{self, Throttle};
use crate::state::{AppState, Live};
use crate::store;

/// The submitted application's receipt.
#[derive(Serialize, JsonSchema)]
pub struct Receipt {
    /// The confirmation number.
    policy_id: Option<String>,
    /// The applicant's name.
    name: String,
    effective_date: Option<String>,
    /// Whether an invoice call was queued for this submission.
    #[serde(rename = "callInvoice")]
    call_invoice: bool,
    eprocess: String,
    /// Where Return to homepage goes.
    return_to: String,
    /// The plans applied for, as priced at checkout.
    plans: Vec<ReceiptLine>,
    initial_month_cost: Option<engine::rating::Cents>,
    recurring_month_cost: Option<engine::rating::Cents>,
}

/// A plan applied for.
#[derive(Serialize, JsonSchema)]
pub struct ReceiptLine {
    plan_name: String,
    option_name: String,
    /// The monthly price.
    price: engine::rating::Cents,
}

#[derive(Serialize, JsonSchema)]
pub struct ScreenshotSaved {
    saved: bool,
}

/// `save-screenshot { enrollment_id, name, image }`.
#[derive(Deserialize, JsonSchema)]
pub struct Screenshot {
    /// Which step the picture is of.
    name: Option<String>,
    /// A PNG as a data URL (`data:image/png;base64,...`).
    image: Option<String>,
}

/// How many screenshots one client may upload a minute (the spec's front end sends one at checkout and per step).
const SCREENSHOTS_PER_MINUTE: u32 = 20;

pub fn routes() -> ApiRouter<Live> {
    let uploads = ApiRouter::new()
        .api_route("/save-screenshot", post(save_screenshot))
        .layer(from_fn_with_state(Throttle::per_minute(SCREENSHOTS_PER_MINUTE), throttle::check));
    ApiRouter::new().api_route("/get-receipt", get(get_receipt)).merge(uploads)
}

async fn get_receipt(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Receipt>> {
    if !e.lifecycle.is_submitted() {
        return Err(ApiError::Conflict("This enrollment has not been submitted yet".into()));
    }
    let personal = enrollment::documents::masked_complete_tab(&state, &e, TabName::PrimaryInfo).await?;
    let name = [personal["first_name"].as_str(), personal["last_name"].as_str()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // Return to homepage, by the Home link's rule: the referral page when there is one, / for an open site's
    // visitor, else the home of the process.
    let arrival = engine::storefront::Arrival {
        eprocess: serde_json::from_value(serde_json::json!(e.row.eprocess)).ok(),
        open_type: e.row.open_type.as_deref().and_then(|o| serde_json::from_value(serde_json::json!(o)).ok()),
        member: e.row.member_id.is_some(),
        referral: e.row.referral_id.is_some(),
        special_host: false,
    };
    let return_to = arrival.home_link(e.row.referral_id.as_deref()).unwrap_or_else(|| "/".into());
    // The cart as it was checked out (the last checkout before the submission), not as a price would read today.
    let snapshot: serde_json::Value = store::enrollment::latest_cart_snapshot(&state.db, e.row.enrollment_id)
        .await?
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let cart = &snapshot["cart"];
    let money = |v: &serde_json::Value| v.as_f64().map(engine::rating::Cents::from_dollars);
    let plans = cart["result"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|line| ReceiptLine {
            plan_name: line["plan_name"].as_str().unwrap_or_default().to_string(),
            option_name: line["option_name"].as_str().unwrap_or_default().to_string(),
            price: money(&line["price"]).unwrap_or_default(),
        })
        .collect();
    Ok(Answer(Receipt {
        policy_id: e.row.policy_id.clone(),
        name,
        effective_date: e.row.effective_date.clone(),
        // The invoice call itself is made by the server, through the outbox, when the enrollment is submitted.
        call_invoice: state.invoice_url.is_some(),
        eprocess: e.row.eprocess.clone(),
        return_to,
        plans,
        initial_month_cost: money(&cart["initial_month_cost"]),
        recurring_month_cost: money(&cart["recurring_month_cost"]),
    }))
}

/// Largest screenshot kept (a data URL): a whole form as PNG fits well within it.
const SCREENSHOT_MAX: usize = 2_000_000;
/// What one enrollment keeps at most: a picture of each step several times over, not an upload store.
const SCREENSHOTS_KEPT: i64 = 40;
const SCREENSHOT_BYTES_KEPT: i64 = 20_000_000;

/// `save-screenshot { enrollment_id, name, image }`: what the person saw, a PNG data URL, kept for audit. The spec's
/// front end only logs a failure, so a refusal here says why but blocks nothing.
async fn save_screenshot(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<Screenshot>,
) -> ApiResult<Answer<ScreenshotSaved>> {
    let name = body.name.as_deref().map(str::trim).unwrap_or_default();
    if name.is_empty() || name.len() > 100 {
        return Err(ApiError::field("name", REQUIRED));
    }
    let image = body.image.as_deref().unwrap_or_default();
    let png = image.strip_prefix("data:image/png;base64,").map(|b64| {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD.decode(b64).is_ok_and(|bytes| bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
    });
    if png != Some(true) {
        return Err(ApiError::field("image", "The screenshot must be a PNG image"));
    }
    if image.len() > SCREENSHOT_MAX {
        return Err(ApiError::field("image", "The screenshot is too large"));
    }
    let (kept, bytes) = store::enrollment::screenshot_usage(&state.db, e.row.enrollment_id).await?;
    if kept >= SCREENSHOTS_KEPT || bytes + image.len() as i64 > SCREENSHOT_BYTES_KEPT {
        return Err(ApiError::field("image", "No more screenshots are kept for this enrollment"));
    }
    store::enrollment::insert_screenshot(&state.db, e.row.enrollment_id, name, image).await?;
    Ok(Answer(ScreenshotSaved { saved: true }))
}
