//! Save & Continue Later and resuming: the spec's save-enrollment (which also sends a rep's quote), resuming with
//! the code and e-mail, and the direct link of the continue e-mail.

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use axum::response::Response;
use engine::tabs::TabName;
use serde_json::{json, Value};

use crate::domain::enrollment::{self, load};
use crate::domain::session::Session;
use crate::error::{success, ApiError, ApiResult};
use crate::http::extract::{enrollment_from_body, version_of, AppJson};
use crate::state::AppState;

pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .api_route("/save-enrollment", post(save_enrollment))
        .api_route("/continue-enrollment", post(continue_enrollment))
        .api_route("/direct-continue/{token}", get(direct_continue))
}

/// The spec's Save & Continue Later call: `{ enrollment_id, email, tab, data }` where `tab` is the spec's saved-tab name.
async fn save_enrollment(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let tab_name = body.get("tab").and_then(Value::as_str).unwrap_or_default();
    if tab_name == crate::domain::quote::CART_INFO {
        return crate::domain::quote::send(&state, &e, &body).await;
    }
    let tab = TabName::parse_saved(tab_name)
        .ok_or_else(|| ApiError::field("tab", format!("{tab_name} cannot be saved for later")))?;
    let data = body.get("data").cloned().unwrap_or_else(|| json!({}));
    let email = body.get("email").and_then(Value::as_str).unwrap_or_default();
    enrollment::save_for_later(&state, &e, tab, &data, version_of(&body)?, email).await?;
    Ok(success(json!({ "message": enrollment::SAVED_FOR_LATER })))
}

/// Resumes with the code and e-mail address: the enrollment moves to the caller's session.
async fn continue_enrollment(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let text = |k: &str| body.get(k).and_then(Value::as_str).map(str::trim).unwrap_or_default().to_string();
    let (code, email) = (text("code"), text("email"));
    let mut missing = Vec::new();
    for (field, value) in [("code", &code), ("email", &email)] {
        if value.is_empty() {
            missing.push(engine::FieldError::new(field, "Field is required"));
        }
    }
    if !missing.is_empty() {
        return Err(ApiError::Invalid(missing));
    }
    let (id, saved_tab) = crate::domain::resume::redeem(&state.db, &session, &code, &email).await?;
    let e = load(&state, &session, id).await?;
    let route = TabName::parse_saved(&saved_tab).map(|t| t.route()).unwrap_or("/cart");
    Ok(success(json!({
        "enrollment_id": id, "saved_tab": saved_tab, "route": route, "group_id": e.row.group_id,
        "platform_group_id": null, "agent_id": null, "open_type": e.row.open_type, "type": e.row.enrollment_type,
    })))
}

/// Resumes from the link in the continue e-mail.
async fn direct_continue(
    State(state): State<AppState>,
    session: Session,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let (id, saved_tab) = crate::domain::resume::redeem_link(&state.db, &state.crypto, &session, &token).await?;
    let route = TabName::parse_saved(&saved_tab).map(|t| t.route()).unwrap_or("/cart");
    Ok(success(json!({ "enrollment_id": id, "saved_tab": saved_tab, "route": route })))
}
