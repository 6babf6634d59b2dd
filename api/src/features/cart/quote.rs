//! The personalised quote's preview (sending it goes through save-enrollment, in the resume feature).

use axum::extract::State;
use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::quote::{checked, content, ensure_may_send, subject, QuoteFields};
use crate::error::{Answer, ApiResult};
use crate::http::extract::OwnedQuery;
use crate::state::AppState;

/// The quote e-mail as it will be sent.
#[derive(Serialize, JsonSchema)]
pub struct QuotePreview {
    content: String,
    subject: String,
}

/// `get-quote-preview-content { enrollment_id, email, name, tab, message, type=preview }`: data.content.
pub async fn preview(
    State(state): State<AppState>,
    OwnedQuery(e, fields): OwnedQuery<QuoteFields>,
) -> ApiResult<Answer<QuotePreview>> {
    ensure_may_send(&e)?;
    let q = checked(&fields)?;
    Ok(Answer(QuotePreview { content: content(&state, &e, &q).await?, subject: subject(&state, &e) }))
}
