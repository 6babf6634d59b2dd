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

/// Claims up to `limit` messages due now (not sent, under `max_attempts`, their next attempt reached, not leased to
/// another sender) for `token` until `lease_until` (RFC 3339), and answers them, oldest first. One statement: on
/// PostgreSQL the rows are locked with `FOR UPDATE SKIP LOCKED`, so concurrent senders claim disjoint sets; SQLite
/// has one writer, so its statement is atomic as it is.
pub async fn claim(
    db: &Db,
    token: &str,
    lease_until: &str,
    max_attempts: i64,
    limit: i64,
) -> Result<Vec<OutboxMessage>, sqlx::Error> {
    let mut conn = db.acquire().await?;
    let lock = if conn.backend_name().eq_ignore_ascii_case("postgresql") { " for update skip locked" } else { "" };
    let sql = format!(
        "update outbox set claim_token = $1, claimed_until = $2 where outbox_id in (\
         select outbox_id from outbox where sent_at is null and attempts < $3 and next_attempt_at <= $4 \
         and (claimed_until is null or claimed_until < $4) order by outbox_id limit $5{lock}) \
         and (claimed_until is null or claimed_until < $4) \
         returning outbox_id, kind, recipient, subject, body, attempts"
    );
    let rows = sqlx::query(&sql)
        .bind(token)
        .bind(lease_until)
        .bind(max_attempts)
        .bind(now())
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
    let mut messages = rows
        .iter()
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
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    messages.sort_by_key(|m| m.outbox_id);
    Ok(messages)
}

/// A delivered message: marked sent, its body emptied (it carried a code, a link or personal data), its lease ended.
/// Only the sender holding the claim may say so.
pub async fn mark_sent(db: &Db, outbox_id: i64, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update outbox set sent_at = $1, attempts = attempts + 1, last_error = null, body = '', claim_token = null, \
         claimed_until = null where outbox_id = $2 and claim_token = $3",
    )
    .bind(now())
    .bind(outbox_id)
    .bind(token)
    .execute(db)
    .await?;
    Ok(())
}

/// How many messages wait to be sent (those tried fewer than `max_attempts` times, which a sender will still try), and
/// how long the oldest has waited.
pub async fn waiting(db: &Db, max_attempts: i64) -> Result<(i64, Option<std::time::Duration>), sqlx::Error> {
    use sqlx::Row;
    let row = sqlx::query(
        "select count(*) as waiting, min(created_at) as oldest from outbox where sent_at is null and attempts < $1",
    )
    .bind(max_attempts)
    .fetch_one(db)
    .await?;
    let oldest: Option<String> = row.try_get("oldest")?;
    let age = oldest
        .and_then(|at| chrono::DateTime::parse_from_rfc3339(&at).ok())
        .and_then(|at| (chrono::Utc::now() - at.with_timezone(&chrono::Utc)).to_std().ok());
    Ok((row.try_get("waiting")?, age))
}

/// Gives back what is left of a claim, unsent, for any sender to take at once (a sender told to stop).
pub async fn release(db: &Db, token: &str) -> Result<u64, sqlx::Error> {
    let released = sqlx::query(
        "update outbox set claim_token = null, claimed_until = null where claim_token = $1 and sent_at is null",
    )
    .bind(token)
    .execute(db)
    .await?;
    Ok(released.rows_affected())
}

/// A failed attempt: tried again at `next_attempt_at` (RFC 3339), by any sender.
pub async fn mark_failed(
    db: &Db,
    outbox_id: i64,
    token: &str,
    error: &str,
    next_attempt_at: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update outbox set attempts = attempts + 1, last_error = $1, next_attempt_at = $2, claim_token = null, \
         claimed_until = null where outbox_id = $3 and claim_token = $4",
    )
    .bind(error)
    .bind(next_attempt_at)
    .bind(outbox_id)
    .bind(token)
    .execute(db)
    .await?;
    Ok(())
}
