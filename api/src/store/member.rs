//! Existing members: each a sealed document, with hashes of the e-mail and phone to find one without opening all.

use sqlx::Row;

use super::Db;

/// Which hash a member is looked up by.
#[derive(Debug, Clone, Copy)]
pub enum ContactHash {
    Email,
    Phone,
}

pub async fn upsert(
    db: &Db,
    user_id: i64,
    email_hash: &str,
    phone_hash: &str,
    sealed_document: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into member (user_id, email_hash, phone_hash, document) values ($1, $2, $3, $4) \
         on conflict (user_id) do update set email_hash = excluded.email_hash, phone_hash = excluded.phone_hash, \
         document = excluded.document",
    )
    .bind(user_id)
    .bind(email_hash)
    .bind(phone_hash)
    .bind(sealed_document)
    .execute(db)
    .await?;
    Ok(())
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
