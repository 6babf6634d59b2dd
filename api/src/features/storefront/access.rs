//! Entry by access code: a rep's access code and a group's enrollment code, and the rep's groups.

use axum::extract::State;
use engine::catalogue::{Group, Rep};
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::access::{role_of, set_role, Role, INVALID_REP_CODE};
use crate::domain::session::Session;
use crate::error::{Answer, ApiError, ApiResult, Listed, MaybeAnswer};
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

/// An employer group a rep enrolls for.
#[derive(Serialize, JsonSchema)]
pub struct GroupRef {
    group_id: i64,
    name: String,
}

/// The rep an access code unlocks.
#[derive(Serialize, JsonSchema)]
pub struct RepAnswer {
    agent_id: i64,
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    agent_code: String,
    landing_url: String,
    logo: Option<String>,
    image: Option<String>,
    groups: Vec<GroupRef>,
}

/// The group an enrollment code names.
#[derive(Serialize, JsonSchema)]
pub struct GroupAnswer {
    group_id: i64,
    name: String,
    landing_url: Option<String>,
}

fn rep_groups(state: &AppState, rep: &Rep) -> Vec<GroupRef> {
    rep.groups
        .iter()
        .filter_map(|id| state.catalogue.groups.get(id))
        .map(|g| GroupRef { group_id: g.group_id, name: g.name.clone() })
        .collect()
}

fn rep_answer(state: &AppState, rep: &Rep) -> RepAnswer {
    RepAnswer {
        agent_id: rep.agent_id,
        first_name: rep.first_name.clone(),
        last_name: rep.last_name.clone(),
        email: rep.email.clone(),
        phone: rep.phone.clone(),
        agent_code: rep.agent_code.clone(),
        landing_url: rep.landing_url.clone(),
        logo: None,
        image: None,
        groups: rep_groups(state, rep),
    }
}

/// `validate-agent?agent_code=`: a valid rep access code unlocks the store as that rep for this session.
pub async fn validate_agent(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<AgentCodeQuery>,
) -> ApiResult<Answer<RepAnswer>> {
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
    Ok(Answer(rep_answer(&state, rep)))
}

/// `validate-group?group_code=`: a valid group enrollment code makes this session an employee's of the group.
/// As the spec has it, an unknown code answers 204 No Content (the page says 'Invalid Group Enrollment Code').
pub async fn validate_group(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<GroupCodeQuery>,
) -> ApiResult<MaybeAnswer<GroupAnswer>> {
    let code = query.group_code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("group_code", REQUIRED));
    }
    let Some(group) = state.catalogue.group_by_code(code) else {
        return Ok(MaybeAnswer(None));
    };
    set_role(&state.db, &session, "employee", None, Some(group.group_id)).await?;
    Ok(MaybeAnswer(Some(group_answer(group))))
}

fn group_answer(group: &Group) -> GroupAnswer {
    GroupAnswer { group_id: group.group_id, name: group.name.clone(), landing_url: None }
}

/// `get-agent-groups`: the groups the session's rep enrolls for (the agent_id sent is not needed, nor trusted).
pub async fn agent_groups(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Listed<Vec<GroupRef>>>> {
    match role_of(&state.db, &session).await? {
        Role::Rep(agent) => {
            let rep = state.catalogue.reps.get(&agent).ok_or_else(|| ApiError::field("agent_id", INVALID_REP_CODE))?;
            Ok(Answer(Listed { result: rep_groups(&state, rep) }))
        }
        _ => Err(ApiError::field("agent_id", "Please enter your Rep Access Code first")),
    }
}
