//! Entry by access code: a rep access code makes the session a rep's, a group enrollment code an employee's of that
//! group. An enrollment started in the session takes its process (eprocess), rep and group from here; the ids a
//! browser sends (agent_id, group_id) are only a choice among what the session may do, never a grant.

use serde_json::Value;

use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::session_role;
use crate::store::Db;

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
    Ok(match session_role::find(db, &session.0).await? {
        Some((role, agent, group)) => match (role.as_str(), agent, group) {
            ("rep", Some(agent), _) => Role::Rep(agent),
            ("employee", _, Some(group)) => Role::Employee(group),
            _ => Role::Applicant,
        },
        None => Role::Applicant,
    })
}

pub async fn set_role(
    db: &Db,
    session: &Session,
    role: &str,
    agent_id: Option<i64>,
    group_id: Option<i64>,
) -> Result<(), sqlx::Error> {
    session_role::upsert(db, &session.0, role, agent_id, group_id).await
}

/// The session becomes an employee's of `group` (a group code given on a plan).
pub async fn become_employee(db: &Db, session: &Session, group: i64) -> Result<(), sqlx::Error> {
    set_role(db, session, "employee", None, Some(group)).await
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
        Some(v) => Some(crate::input::parse_id(Some(v), "group_id")?),
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
