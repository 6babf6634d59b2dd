use crate::domain::access::role_of;
use crate::domain::access::set_role;
use crate::domain::access::Role;
use crate::domain::access::INVALID_REP_CODE;
use crate::domain::session::Session;
use crate::error::success;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::http::extract::Params;
use crate::state::AppState;
use axum::extract::Query;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::response::Response;
use engine::catalogue::Group;
use engine::catalogue::Rep;
use serde_json::json;
use serde_json::Value;

fn rep_answer(state: &AppState, rep: &Rep) -> Value {
    let groups: Vec<Value> = rep
        .groups
        .iter()
        .filter_map(|id| state.catalogue.groups.get(id))
        .map(|g| json!({ "group_id": g.group_id, "name": g.name }))
        .collect();
    json!({
        "agent_id": rep.agent_id, "first_name": rep.first_name, "last_name": rep.last_name, "email": rep.email,
        "phone": rep.phone, "agent_code": rep.agent_code, "landing_url": rep.landing_url, "logo": null, "image": null,
        "groups": groups,
    })
}

/// `validate-agent?agent_code=`: a valid rep access code unlocks the store as that rep for this session.
pub async fn validate_agent(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let code = params.get("agent_code").map(|c| c.trim()).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("agent_code", "Field is required"));
    }
    let rep = state
        .catalogue
        .reps
        .values()
        .find(|r| r.agent_code.eq_ignore_ascii_case(code))
        .ok_or_else(|| ApiError::field("agent_code", INVALID_REP_CODE))?;
    set_role(&state.db, &session, "rep", Some(rep.agent_id), None).await?;
    Ok(success(rep_answer(&state, rep)))
}

/// `validate-group?group_code=`: a valid group enrollment code makes this session an employee's of the group.
/// As the spec has it, an unknown code answers 204 No Content (the page says 'Invalid Group Enrollment Code').
pub async fn validate_group(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let code = params.get("group_code").map(|c| c.trim()).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("group_code", "Field is required"));
    }
    let Some(group) = state.catalogue.group_by_code(code) else {
        return Ok(StatusCode::NO_CONTENT.into_response());
    };
    set_role(&state.db, &session, "employee", None, Some(group.group_id)).await?;
    Ok(success(group_answer(group)))
}

fn group_answer(group: &Group) -> Value {
    json!({ "group_id": group.group_id, "name": group.name, "landing_url": null })
}

/// `get-agent-groups`: the groups the session's rep enrolls for (the agent_id sent is not needed, nor trusted).
pub async fn agent_groups(State(state): State<AppState>, session: Session) -> ApiResult<Response> {
    match role_of(&state.db, &session).await? {
        Role::Rep(agent) => {
            let rep = state.catalogue.reps.get(&agent).ok_or_else(|| ApiError::field("agent_id", INVALID_REP_CODE))?;
            Ok(success(json!({ "result": rep_answer(&state, rep)["groups"] })))
        }
        _ => Err(ApiError::field("agent_id", "Please enter your Rep Access Code first")),
    }
}
