use crate::domain::enrollment;
use crate::domain::enrollment::parse_id;
use crate::domain::session::Session;
use crate::domain::shop::popups::answer_popup;
use crate::domain::shop::popups::plan_flow;
use crate::domain::shop::pricing::plan_of;
use crate::error::success;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::http::extract::AppJson;
use crate::state::AppState;
use axum::extract::Path;
use axum::extract::State;
use axum::response::Response;
use engine::shop::PopupKind;
use serde_json::json;

pub fn enrollment_id_of(id: &str) -> ApiResult<i64> {
    parse_id(Some(&json!(id)), "enrollment_id")
}

/// `GET /shop/{enrollment_id}/plan/{plan_id}`: the plan's pending popups as steps.
pub async fn get_plan_flow(
    State(state): State<AppState>,
    session: Session,
    Path((id, plan_id)): Path<(String, String)>,
) -> ApiResult<Response> {
    let e = enrollment::load(&state, &session, enrollment_id_of(&id)?).await?;
    let plan = plan_of(&state, Some(&json!(plan_id)))?;
    Ok(success(plan_flow(&state, &e, plan).await?))
}

/// `POST /shop/{enrollment_id}/plan/{plan_id}/{popup}` `{ formData }`: checks and keeps a popup's answers, then
/// answers the plan's popups as they are now (and the health questions' message).
pub async fn post_plan_popup(
    State(state): State<AppState>,
    session: Session,
    Path((id, plan_id, popup)): Path<(String, String, String)>,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment::load(&state, &session, enrollment_id_of(&id)?).await?;
    let plan = plan_of(&state, Some(&json!(plan_id)))?;
    let kind = PopupKind::parse(&popup).ok_or_else(|| ApiError::NotFound(format!("Unknown popup {popup}")))?;
    let data = body.get("formData").cloned().unwrap_or_else(|| json!({}));
    let message = answer_popup(&state, &e, plan, kind, &data).await?;
    let e = enrollment::load(&state, &session, e.row.enrollment_id).await?;
    let mut flow = plan_flow(&state, &e, plan).await?;
    flow["message"] = json!(message);
    Ok(success(flow))
}
