//! The outbox: messages (e-mails and the invoice call) written in the transaction that makes them true, and sent
//! later by the sender.

use sqlx::Row;

use super::{now, Db};

/// Adds a message to the outbox; call it inside the transaction that makes the message true.
pub async fn enqueue<'c, E>(executor: E, kind: &str, to: &str, subject: &str, body: &str) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let now = now();
    sqlx::query(
        "insert into outbox (kind, recipient, subject, body, created_at, next_attempt_at, attempts) \
         values ($1, $2, $3, $4, $5, $5, 0)",
    )
    .bind(kind)
    .bind(to)
    .bind(subject)
    .bind(body)
    .bind(now)
    .execute(executor)
    .await?;
    Ok(())
}

/// A message waiting to be sent.
pub struct OutboxMessage {
    pub outbox_id: i64,
    pub kind: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub attempts: i64,
}

/// The messages due now (not sent, under `max_attempts`, their next attempt reached), oldest first.
pub async fn due(db: &Db, max_attempts: i64) -> Result<Vec<OutboxMessage>, sqlx::Error> {
    let rows = sqlx::query(
        "select outbox_id, kind, recipient, subject, body, attempts from outbox \
         where sent_at is null and attempts < $1 and next_attempt_at <= $2 order by outbox_id limit 20",
    )
    .bind(max_attempts)
    .bind(now())
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(OutboxMessage {
                outbox_id: row.try_get("outbox_id")?,
                kind: row.try_get("kind")?,
                recipient: row.try_get("recipient")?,
                subject: row.try_get("subject")?,
                body: row.try_get("body")?,
                attempts: row.try_get("attempts")?,
            })
        })
        .collect()
}

pub async fn mark_sent(db: &Db, outbox_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update outbox set sent_at = $1, attempts = attempts + 1, last_error = null where outbox_id = $2")
        .bind(now())
        .bind(outbox_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A failed attempt: tried again at `next_attempt_at` (RFC 3339).
pub async fn mark_failed(db: &Db, outbox_id: i64, error: &str, next_attempt_at: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update outbox set attempts = attempts + 1, last_error = $1, next_attempt_at = $2 where outbox_id = $3",
    )
    .bind(error)
    .bind(next_attempt_at)
    .bind(outbox_id)
    .execute(db)
    .await?;
    Ok(())
}

/// How many messages of `kind` went to `recipient` since `since` (RFC 3339).
pub async fn count_to(db: &Db, kind: &str, recipient: &str, since: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "select count(*) from outbox where kind = $1 and lower(recipient) = lower($2) and created_at > $3",
    )
    .bind(kind)
    .bind(recipient)
    .bind(since)
    .fetch_one(db)
    .await
}
