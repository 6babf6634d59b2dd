//! What a session has unlocked (a rep's access code, a group's enrollment code, a group administrator's link, a rep's
//! sign-in), the one-time codes reps sign in with, single-use tokens spent, and a session's rows moved to a new id
//! when it gains a role.

use sqlx::Row;

use super::{now, Db};

/// The role recorded for a session.
#[derive(Debug, Clone, PartialEq)]
pub struct RoleRow {
    pub role: String,
    pub agent_id: Option<i64>,
    pub group_id: Option<i64>,
    /// Whether the session's rep signed in (not only gave the rep's public access code).
    pub signed_in: bool,
}

pub async fn find(db: &Db, session_id: &str) -> Result<Option<RoleRow>, sqlx::Error> {
    let row = sqlx::query("select role, agent_id, group_id, signed_in_at from session_role where session_id = $1")
        .bind(session_id)
        .fetch_optional(db)
        .await?;
    row.map(|row| {
        Ok(RoleRow {
            role: row.try_get("role")?,
            agent_id: row.try_get("agent_id")?,
            group_id: row.try_get("group_id")?,
            signed_in: row.try_get::<Option<String>, _>("signed_in_at")?.is_some(),
        })
    })
    .transpose()
}

pub async fn upsert<'c, E>(
    executor: E,
    session_id: &str,
    role: &str,
    agent_id: Option<i64>,
    group_id: Option<i64>,
    signed_in: bool,
) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let signed_in_at = signed_in.then(now);
    sqlx::query(
        "insert into session_role (session_id, role, agent_id, group_id, created_at, signed_in_at) \
         values ($1, $2, $3, $4, $5, $6) \
         on conflict (session_id) do update set role = excluded.role, agent_id = excluded.agent_id, \
         group_id = excluded.group_id, created_at = excluded.created_at, signed_in_at = excluded.signed_in_at",
    )
    .bind(session_id)
    .bind(role)
    .bind(agent_id)
    .bind(group_id)
    .bind(now())
    .bind(signed_in_at)
    .execute(executor)
    .await?;
    Ok(())
}

/// Moves everything a session holds (its enrollments, role, site, the member link it opened, the policies a member
/// signed in to) to a new session id,
/// in the caller's transaction: a session that gains a role continues under a new id.
pub async fn move_session(tx: &mut sqlx::AnyConnection, old: &str, new: &str) -> Result<(), sqlx::Error> {
    for table in [
        "enrollment",
        "session_role",
        "session_site",
        "member_link_use",
        "sign_in_code",
        "group_admin_sign_in_code",
        "member_sign_in_code",
        "policy_reader",
    ] {
        sqlx::query(&format!("update {table} set session_id = $1 where session_id = $2"))
            .bind(new)
            .bind(old)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Whose one-time sign-in codes: a rep's, sent to the rep's e-mail on file, or a group administrator's, sent to the
/// group's. Each is kept in a table of its own, keyed by the session that asked for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codes {
    Rep,
    GroupAdmin,
}

impl Codes {
    /// The table and the column of whom a code signs in.
    fn table(self) -> (&'static str, &'static str) {
        match self {
            Codes::Rep => ("sign_in_code", "agent_id"),
            Codes::GroupAdmin => ("group_admin_sign_in_code", "group_id"),
        }
    }
}

/// Keeps a session's one-time sign-in code (its SHA-256) for `whom` (the rep or the group), replacing one asked for
/// before.
pub async fn put_sign_in_code(
    tx: &mut sqlx::AnyConnection,
    codes: Codes,
    session_id: &str,
    whom: i64,
    code_sha256: &str,
    expires_at: &str,
) -> Result<(), sqlx::Error> {
    let (table, column) = codes.table();
    sqlx::query(&format!(
        "insert into {table} (session_id, {column}, code_sha256, expires_at, misses) values ($1, $2, $3, $4, 0) \
         on conflict (session_id) do update set {column} = excluded.{column}, code_sha256 = excluded.code_sha256, \
         expires_at = excluded.expires_at, misses = 0"
    ))
    .bind(session_id)
    .bind(whom)
    .bind(code_sha256)
    .bind(expires_at)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A guess at the session's sign-in code, counted before it is compared: the code's digest and whom it signs in,
/// while fewer than `most` guesses were counted and it has not expired; none otherwise. One statement, so guesses
/// sent at once are each counted and none gets past the limit.
pub async fn count_guess(
    db: &Db,
    codes: Codes,
    session_id: &str,
    most: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    let (table, column) = codes.table();
    // Read to the end, so that the statement's commit is known to have happened (see `enrollment::insert_enrollment`).
    let rows = sqlx::query(&format!(
        "update {table} set misses = misses + 1 where session_id = $1 and misses < $2 and expires_at > $3 \
         returning code_sha256, {column}"
    ))
    .bind(session_id)
    .bind(most)
    .bind(now())
    .fetch_all(db)
    .await?;
    rows.first().map(|row| Ok((row.try_get("code_sha256")?, row.try_get(column)?))).transpose()
}

/// Spends the session's sign-in code if it is still `code_sha256`: true once, for the first to spend it.
pub async fn spend_sign_in_code(
    tx: &mut sqlx::AnyConnection,
    codes: Codes,
    session_id: &str,
    code_sha256: &str,
) -> Result<bool, sqlx::Error> {
    let (table, _) = codes.table();
    let done = sqlx::query(&format!("delete from {table} where session_id = $1 and code_sha256 = $2"))
        .bind(session_id)
        .bind(code_sha256)
        .execute(&mut *tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Spends a single-use token by its digest: true the first time, false after (forgotten once it has expired).
pub async fn spend_token(tx: &mut sqlx::AnyConnection, digest: &str, expires_at: &str) -> Result<bool, sqlx::Error> {
    sqlx::query("delete from used_token where expires_at < $1").bind(now()).execute(&mut *tx).await?;
    let done =
        sqlx::query("insert into used_token (digest, expires_at) values ($1, $2) on conflict (digest) do nothing")
            .bind(digest)
            .bind(expires_at)
            .execute(&mut *tx)
            .await?;
    Ok(done.rows_affected() == 1)
}
