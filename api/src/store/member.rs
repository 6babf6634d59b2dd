//! Existing members: each a sealed document, with hashes of the e-mail and phone to find one without opening all.

use sqlx::Row;

use super::Db;

/// Which hash a member is looked up by.
#[derive(Debug, Clone, Copy)]
pub enum ContactHash {
    Email,
    Phone,
}

/// A member's row: the ids it is found by and the sealed document.
pub struct MemberRow<'a> {
    pub user_id: i64,
    pub email_hash: &'a str,
    pub phone_hash: &'a str,
    /// The member's rep.
    pub agent_id: Option<i64>,
    /// The member's employer group.
    pub group_id: Option<i64>,
    pub sealed_document: &'a str,
}

pub async fn upsert(db: &Db, row: MemberRow<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into member (user_id, email_hash, phone_hash, agent_id, group_id, document) \
         values ($1, $2, $3, $4, $5, $6) \
         on conflict (user_id) do update set email_hash = excluded.email_hash, phone_hash = excluded.phone_hash, \
         agent_id = excluded.agent_id, group_id = excluded.group_id, document = excluded.document",
    )
    .bind(row.user_id)
    .bind(row.email_hash)
    .bind(row.phone_hash)
    .bind(row.agent_id)
    .bind(row.group_id)
    .bind(row.sealed_document)
    .execute(db)
    .await?;
    Ok(())
}

/// Whose members to list: a rep's or an employer group's.
#[derive(Debug, Clone, Copy)]
pub enum Owner {
    Rep(i64),
    Group(i64),
    /// A rep's own members among a group's employees (a group several reps serve).
    RepInGroup {
        agent: i64,
        group: i64,
    },
}

/// The sealed documents of an owner's members, by user id.
pub async fn of_owner(db: &Db, owner: Owner) -> Result<Vec<String>, sqlx::Error> {
    let query = match owner {
        Owner::Rep(id) => {
            sqlx::query_scalar("select document from member where agent_id = $1 order by user_id").bind(id)
        }
        Owner::Group(id) => {
            sqlx::query_scalar("select document from member where group_id = $1 order by user_id").bind(id)
        }
        Owner::RepInGroup { agent, group } => {
            sqlx::query_scalar("select document from member where group_id = $1 and agent_id = $2 order by user_id")
                .bind(group)
                .bind(agent)
        }
    };
    query.fetch_all(db).await
}

/// A member's rep and employer group.
pub async fn owners(db: &Db, user_id: i64) -> Result<Option<(Option<i64>, Option<i64>)>, sqlx::Error> {
    let row = sqlx::query("select agent_id, group_id from member where user_id = $1")
        .bind(user_id)
        .fetch_optional(db)
        .await?;
    row.map(|r| Ok((r.try_get("agent_id")?, r.try_get("group_id")?))).transpose()
}

/// The member's sealed document.
pub async fn document(db: &Db, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("select document from member where user_id = $1").bind(user_id).fetch_optional(db).await?;
    row.map(|r| r.try_get("document")).transpose()
}

/// The members whose e-mail (or phone) has this hash.
pub async fn with_contact(db: &Db, by: ContactHash, hash: &str) -> Result<Vec<i64>, sqlx::Error> {
    let sql = match by {
        ContactHash::Email => "select user_id from member where email_hash = $1",
        ContactHash::Phone => "select user_id from member where phone_hash = $1",
    };
    sqlx::query_scalar(sql).bind(hash).fetch_all(db).await
}

/// Binds a member link (by its hash) to the session that first opens it; answers whether `session_id` is that
/// session (true the first time, and every later time from the same session).
pub async fn bind_link(db: &Db, token_hash: &str, session_id: &str) -> Result<bool, sqlx::Error> {
    sqlx::query(
        "insert into member_link_use (token_hash, session_id, used_at) values ($1, $2, $3) \
         on conflict (token_hash) do nothing",
    )
    .bind(token_hash)
    .bind(session_id)
    .bind(super::now())
    .execute(db)
    .await?;
    let bound: String = sqlx::query_scalar("select session_id from member_link_use where token_hash = $1")
        .bind(token_hash)
        .fetch_one(db)
        .await?;
    Ok(bound == session_id)
}
