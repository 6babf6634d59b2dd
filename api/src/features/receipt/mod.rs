//! After submission: the receipt, and the screenshots of each step kept for audit.

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use axum::middleware::from_fn_with_state;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::enrollment::{
    self,
    receipt::{self, CancellationShown, Receipt},
};
use crate::domain::session::Session;
use crate::error::{Answer, ApiResult};
use crate::http::extract::{Nothing, OwnedJson, OwnedQuery};
use crate::http::throttle::{self, Throttle};
use crate::state::{AppState, Live};

/// Cancelling a submitted application.
#[derive(Deserialize, JsonSchema)]
pub struct CancelApplication {
    /// Why the application is cancelled (kept with the cancellation).
    #[serde(default)]
    reason: Option<String>,
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
    ApiRouter::new()
        .api_route("/get-receipt", get(get_receipt))
        .api_route("/cancel-application", post(cancel_application))
        .merge(uploads)
}

/// `get-receipt { enrollment_id }`: the submitted application's receipt.
async fn get_receipt(
    State(state): State<AppState>,
    session: Session,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Receipt>> {
    Ok(Answer(receipt::receipt(&state, &session, &e).await?))
}

/// `cancel-application` *(ours)*: the applicant (or the rep who enrolled them) cancels the submitted application
/// within its free-look period, saying why; each carrier receives the cancellation in its next file.
async fn cancel_application(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<CancelApplication>,
) -> ApiResult<Answer<CancellationShown>> {
    let cancelled = enrollment::cancellation::cancel(&state, &e, body.reason.as_deref().unwrap_or_default()).await?;
    Ok(Answer(cancelled.into()))
}

/// `save-screenshot { enrollment_id, name, image }`: what the person saw, a PNG data URL, kept for audit. The spec's
/// front end only logs a failure, so a refusal here says why but blocks nothing.
async fn save_screenshot(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<Screenshot>,
) -> ApiResult<Answer<ScreenshotSaved>> {
    enrollment::screenshots::keep(&state, &e, body.name.as_deref(), body.image.as_deref()).await?;
    Ok(Answer(ScreenshotSaved { saved: true }))
}
