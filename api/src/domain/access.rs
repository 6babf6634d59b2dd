//! Entry by access code: a rep access code makes the session a rep's, a group enrollment code an employee's of that
//! group. An enrollment started in the session takes its process (eprocess), rep and group from here; the ids a
//! browser sends (agent_id, group_id) are only a choice among what the session may do, never a grant.

use crate::domain::session::Session;
use crate::services::crypto::Crypto;
use crate::store::session_role;
use crate::store::Db;

pub const INVALID_REP_CODE: &str = "Invalid Rep Access Code";
pub const CHOOSE_GROUP: &str = "Please choose a group";
pub const CHOOSE_PLATFORM: &str = "Please choose a platform";
/// How long a group administrator's link opens the store.
pub const GROUP_LINK_DAYS: i64 = 14;

/// What a session has unlocked.
#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    /// A visitor: enrollments are the applicant's own.
    Applicant,
    Rep(i64),
    /// An employee who gave the group's enrollment code.
    Employee(i64),
    /// A group's administrator, by the link from the group's dashboard.
    GroupAdmin(i64),
}

pub async fn role_of(db: &Db, session: &Session) -> Result<Role, sqlx::Error> {
    Ok(match session_role::find(db, &session.0).await? {
        Some((role, agent, group)) => match (role.as_str(), agent, group) {
            ("rep", Some(agent), _) => Role::Rep(agent),
            ("employee", _, Some(group)) => Role::Employee(group),
            ("group", _, Some(group)) => Role::GroupAdmin(group),
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

/// The sealed token of a group administrator's link (the group dashboard's way in), valid for
/// [`GROUP_LINK_DAYS`]; `enroll group-admin-link` prints links with it.
pub fn group_admin_link(crypto: &Crypto, group_id: i64) -> String {
    let expires = chrono::Utc::now() + chrono::Duration::days(GROUP_LINK_DAYS);
    crypto.seal_token(&format!("group-admin:{group_id}:{}", expires.timestamp()))
}

/// The group an administrator's link opens the store for, while it has not expired.
pub fn open_group_admin_link(crypto: &Crypto, token: &str) -> Option<i64> {
    let text = crypto.open_token(token)?;
    let (group_id, expires) = text.strip_prefix("group-admin:")?.split_once(':')?;
    (expires.parse::<i64>().ok()? > chrono::Utc::now().timestamp()).then_some(())?;
    group_id.parse().ok()
}
