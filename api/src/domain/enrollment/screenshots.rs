//! Screenshots of what the person saw, kept with the enrollment for audit (`save-screenshot`).

use engine::errors::messages::REQUIRED;

use crate::domain::enrollment::Enrollment;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

/// Largest screenshot kept (a data URL): a whole form as PNG fits well within it.
const SCREENSHOT_MAX: usize = 2_000_000;
/// What one enrollment keeps at most: a picture of each step several times over, not an upload store.
const SCREENSHOTS_KEPT: i64 = 40;
const SCREENSHOT_BYTES_KEPT: i64 = 20_000_000;

/// Keeps a named PNG data URL for the enrollment, within what one enrollment keeps.
pub async fn keep(state: &AppState, e: &Enrollment, name: Option<&str>, image: Option<&str>) -> ApiResult<()> {
    let name = name.map(str::trim).unwrap_or_default();
    if name.is_empty() || name.len() > 100 {
        return Err(ApiError::field("name", REQUIRED));
    }
    let image = image.unwrap_or_default();
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
    Ok(())
}
