use crate::domain::quote::checked;
use crate::domain::quote::content;
use crate::domain::quote::may_send;
use crate::domain::quote::subject;
use crate::domain::session::Session;
use crate::error::success;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::http::extract::enrollment_from_query;
use crate::http::extract::Params;
use crate::state::AppState;
use axum::extract::Query;
use axum::extract::State;
use axum::response::Response;
use serde_json::json;

/// `get-quote-preview-content { enrollment_id, email, name, tab, message, type=preview }`: data.content.
pub async fn preview(State(state): State<AppState>, session: Session, Query(params): Params) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    if !may_send(&e) {
        return Err(ApiError::Conflict("Personalized quotes are sent by representatives and groups".into()));
    }
    let q = checked(&json!(params))?;
    Ok(success(json!({ "content": content(&state, &e, &q).await?, "subject": subject(&state, &e) })))
}
