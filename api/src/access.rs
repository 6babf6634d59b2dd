//! Entry by access code: a rep access code makes the session a rep's, a group enrollment code an employee's of that
//! group. An enrollment started in the session takes its process (eprocess), rep and group from here; the ids a
//! browser sends (agent_id, group_id) are only a choice among what the session may do, never a grant.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::catalogue::{Group, Rep};
use serde_json::{json, Value};
use sqlx::Row;

use crate::app::AppState;
use crate::db::{now, Db};
use crate::error::{success, ApiError, ApiResult};
use crate::routes::Params;
use crate::session::Session;

pub const INVALID_REP_CODE: &str = "Invalid Rep Access Code";
pub const CHOOSE_GROUP: &str = "Please choose a group";

/// What a session has unlocked.
#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    /// A visitor: enrollments are the applicant's own.
    Applicant,
    Rep(i64),
    /// An employee who gave the group's enrollment code.
    Employee(i64),
}

pub async fn role_of(db: &Db, session: &Session) -> Result<Role, sqlx::Error> {
    let row = sqlx::query("select role, agent_id, group_id from session_role where session_id = $1")
        .bind(&session.0)
        .fetch_optional(db)
        .await?;
    Ok(match row {
        Some(row) => {
            match (row.try_get::<String, _>("role")?.as_str(), row.try_get("agent_id")?, row.try_get("group_id")?) {
                ("rep", Some(agent), _) => Role::Rep(agent),
                ("employee", _, Some(group)) => Role::Employee(group),
                _ => Role::Applicant,
            }
        }
        None => Role::Applicant,
    })
}

async fn set_role(
    db: &Db,
    session: &Session,
    role: &str,
    agent_id: Option<i64>,
    group_id: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into session_role (session_id, role, agent_id, group_id, created_at) values ($1, $2, $3, $4, $5) \
         on conflict (session_id) do update set role = excluded.role, agent_id = excluded.agent_id, \
         group_id = excluded.group_id, created_at = excluded.created_at",
    )
    .bind(&session.0)
    .bind(role)
    .bind(agent_id)
    .bind(group_id)
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
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

/// The session becomes an employee's of `group` (a group code given on a plan).
pub async fn become_employee(db: &Db, session: &Session, group: i64) -> Result<(), sqlx::Error> {
    set_role(db, session, "employee", None, Some(group)).await
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

/// Who a new enrollment of this session is: (eprocess, enrollment type, rep, group), from the session's role and
/// the group the browser chose, which must be one the rep enrolls for.
pub async fn new_enrollment_parties(
    state: &AppState,
    session: &Session,
    chosen_group: Option<&Value>,
) -> ApiResult<(&'static str, &'static str, Option<i64>, Option<i64>)> {
    let chosen = match chosen_group {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() || s == "0" => None,
        Some(v) => Some(crate::enrollment::parse_id(Some(v), "group_id")?),
    };
    Ok(match role_of(&state.db, session).await? {
        Role::Rep(agent) => {
            let rep = state.catalogue.reps.get(&agent).ok_or_else(|| ApiError::field("agent_id", INVALID_REP_CODE))?;
            match chosen {
                Some(group) if rep.groups.contains(&group) => ("rep", "new-group-member", Some(agent), Some(group)),
                Some(_) => return Err(ApiError::field("group_id", CHOOSE_GROUP)),
                None => ("rep", "new-member", Some(agent), None),
            }
        }
        Role::Employee(group) => ("applicant", "new-group-member", None, Some(group)),
        Role::Applicant => ("applicant", "new-member", None, None),
    })
}
