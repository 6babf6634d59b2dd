use crate::domain::session::Session;
use crate::domain::shop::popups::group_code_missing;
use crate::domain::shop::popups::group_for_code;
use crate::domain::shop::pricing::plan_of;
use crate::error::success;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::http::extract::enrollment_from_body;
use crate::http::extract::enrollment_from_query;
use crate::http::extract::AppJson;
use crate::http::extract::Params;
use crate::state::AppState;
use crate::store;
use axum::extract::Query;
use axum::extract::State;
use axum::response::Response;
use engine::shop;
use serde_json::json;
use serde_json::Value;

/// `set-enrollment-group-code { group_code, enrollment_id, plan_id? }`: puts the enrollment under the group of the
/// code (the page has asked the person to confirm the employer); 'Invalid Group Enrollment Code' otherwise.
pub async fn set_enrollment_group_code(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let code = body.get("group_code").and_then(Value::as_str).map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("group_code", shop::FIELD_REQUIRED));
    }
    let group = match body.get("plan_id").filter(|p| !p.is_null()) {
        Some(id) => group_for_code(&state, plan_of(&state, Some(id))?, code)?,
        None => state
            .catalogue
            .group_by_code(code)
            .ok_or_else(|| ApiError::field("group_code", shop::INVALID_GROUP_CODE))?,
    };
    e.ensure_open()?;
    store::set_enrollment_group(&state.db, e.row.enrollment_id, group.group_id).await?;
    crate::domain::access::become_employee(&state.db, &session, group.group_id).await?;
    Ok(success(json!({ "group_id": group.group_id, "name": group.name })))
}

/// `group-enrollment-info { enrollment_id, plan_id? }`: whether the enrollment is under a group (`has_enrollment`)
/// and whether the plan's page must capture a group code (`capture_groupcode`).
pub async fn group_enrollment_info(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let capture = match params.get("plan_id") {
        Some(id) => group_code_missing(&e, plan_of(&state, Some(&json!(id)))?),
        None => false,
    };
    Ok(success(
        json!({ "has_enrollment": e.row.group_id.is_some(), "capture_groupcode": capture, "group_id": e.row.group_id }),
    ))
}
