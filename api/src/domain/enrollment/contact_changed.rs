//! The newest contact details a change after the sale gave a submitted application (`domain::after_sale::contact`),
//! apart from `covered`, which reads the steps' documents: a step's own hooks read it too (Billing's "Choose physical
//! address"), and the documents call the hooks.

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::CHANGE_CONTACT;

/// The Contact Information the newest change of application `enrollment_id` gave; none when no change did.
pub async fn newest(state: &AppState, enrollment_id: i64) -> ApiResult<Option<serde_json::Value>> {
    let changes = store::coverage_change::of_enrollment(&state.db, enrollment_id).await?;
    let newest = changes.iter().rev().find(|c| c.kind == CHANGE_CONTACT && c.undone_by.is_none());
    let Some(sealed) = newest.and_then(|c| c.person.as_deref()) else { return Ok(None) };
    let text = state.crypto.decrypt(sealed).ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!("the contact details of a change of {enrollment_id} do not open"))
    })?;
    Ok(Some(serde_json::from_str(&text).map_err(|e| ApiError::Internal(e.into()))?))
}
