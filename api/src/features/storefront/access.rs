//! Entry by access code: a rep's access code and a group's enrollment code, and the rep's groups.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::catalogue::{Group, Rep};
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::domain::access::{role_of, set_role, Role, INVALID_REP_CODE};
use crate::domain::session::Session;
use crate::error::{success, ApiError, ApiResult};
use crate::http::extract::AppQuery;
use crate::state::AppState;

/// `validate-agent?agent_code=`.
#[derive(Deserialize, JsonSchema)]
pub struct AgentCodeQuery {
    /// The rep's access code (four letters and four digits).
    agent_code: Option<String>,
}

/// `validate-group?group_code=`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupCodeQuery {
    /// The group's enrollment code.
    group_code: Option<String>,
}

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
    AppQuery(query): AppQuery<AgentCodeQuery>,
) -> ApiResult<Response> {
    let code = query.agent_code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("agent_code", REQUIRED));
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
    AppQuery(query): AppQuery<GroupCodeQuery>,
) -> ApiResult<Response> {
    let code = query.group_code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("group_code", REQUIRED));
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
