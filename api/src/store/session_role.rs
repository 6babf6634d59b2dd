//! What a session has unlocked with an access code: a rep's session, an employee's of a group.

use sqlx::Row;

use super::{now, Db};

/// The role recorded for a session: (role, rep, group).
pub async fn find(db: &Db, session_id: &str) -> Result<Option<(String, Option<i64>, Option<i64>)>, sqlx::Error> {
    let row = sqlx::query("select role, agent_id, group_id from session_role where session_id = $1")
        .bind(session_id)
        .fetch_optional(db)
        .await?;
    row.map(|row| Ok((row.try_get("role")?, row.try_get("agent_id")?, row.try_get("group_id")?))).transpose()
}

pub async fn upsert(
    db: &Db,
    session_id: &str,
    role: &str,
    agent_id: Option<i64>,
    group_id: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into session_role (session_id, role, agent_id, group_id, created_at) values ($1, $2, $3, $4, $5) \
         on conflict (session_id) do update set role = excluded.role, agent_id = excluded.agent_id, \
         group_id = excluded.group_id, created_at = excluded.created_at",
    )
    .bind(session_id)
    .bind(role)
    .bind(agent_id)
    .bind(group_id)
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}
