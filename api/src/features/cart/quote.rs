//! The personalised quote's preview (sending it goes through save-enrollment, in the resume feature).

use axum::extract::State;
use axum::response::Response;
use serde_json::json;

use crate::domain::quote::{checked, content, ensure_may_send, subject, QuoteFields};
use crate::error::{success, ApiResult};
use crate::http::extract::OwnedQuery;
use crate::state::AppState;

/// `get-quote-preview-content { enrollment_id, email, name, tab, message, type=preview }`: data.content.
pub async fn preview(
    State(state): State<AppState>,
    OwnedQuery(e, fields): OwnedQuery<QuoteFields>,
) -> ApiResult<Response> {
    ensure_may_send(&e)?;
    let q = checked(&fields)?;
    Ok(success(json!({ "content": content(&state, &e, &q).await?, "subject": subject(&state, &e) })))
}
