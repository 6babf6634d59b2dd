//! Requests that an applicant sign their application on their own device (`domain::enrollment::remote_signature`):
//! each kept by its token's hash, its address or number and what was signed sealed by the caller.

use sqlx::Row;

use super::{now, Db};

/// A request as stored. `sent_to` and `signature` are sealed: the caller opens them.
#[derive(Debug, Clone)]
pub struct SignatureRequest {
    pub id: i64,
    pub enrollment_id: i64,
    pub channel: String,
    pub sent_to: String,
    pub agent_id: i64,
    pub created_at: String,
    pub expires_at: String,
    pub tries: i64,
    pub revoked_at: Option<String>,
    pub signed_at: Option<String>,
    pub signed_name: Option<String>,
    pub signature: Option<String>,
    pub fingerprint: Option<String>,
}

const COLUMNS: &str =
    "signature_request_id, enrollment_id, channel, sent_to, agent_id, created_at, expires_at, tries, \
     revoked_at, signed_at, signed_name, signature, fingerprint";

fn from_row(row: &sqlx::any::AnyRow) -> Result<SignatureRequest, sqlx::Error> {
    Ok(SignatureRequest {
        id: row.try_get("signature_request_id")?,
        enrollment_id: row.try_get("enrollment_id")?,
        channel: row.try_get("channel")?,
        sent_to: row.try_get("sent_to")?,
        agent_id: row.try_get("agent_id")?,
        created_at: row.try_get("created_at")?,
        expires_at: row.try_get("expires_at")?,
        tries: row.try_get("tries")?,
        revoked_at: row.try_get("revoked_at")?,
        signed_at: row.try_get("signed_at")?,
        signed_name: row.try_get("signed_name")?,
        signature: row.try_get("signature")?,
        fingerprint: row.try_get("fingerprint")?,
    })
}

/// What a new request holds.
pub struct NewRequest<'a> {
    pub enrollment_id: i64,
    pub token_hash: &'a str,
    pub channel: &'a str,
    pub sent_to: &'a str,
    pub agent_id: i64,
    pub expires_at: &'a str,
}

/// Takes the enrollment's earlier requests out of use and adds this one; call it in the transaction that queues its
/// message. Only the newest link opens the application.
pub async fn replace(tx: &mut sqlx::AnyConnection, new: &NewRequest<'_>) -> Result<(), sqlx::Error> {
    revoke_open(&mut *tx, new.enrollment_id).await?;
    sqlx::query(
        "insert into signature_request (enrollment_id, token_hash, channel, sent_to, agent_id, created_at, expires_at) \
         values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new.enrollment_id)
    .bind(new.token_hash)
    .bind(new.channel)
    .bind(new.sent_to)
    .bind(new.agent_id)
    .bind(now())
    .bind(new.expires_at)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Every request of the enrollment not yet revoked (signed or not) out of use: a newer request replaces them, a
/// submission ends them.
pub async fn revoke_open<'c, E>(executor: E, enrollment_id: i64) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query("update signature_request set revoked_at = $1 where enrollment_id = $2 and revoked_at is null")
        .bind(now())
        .bind(enrollment_id)
        .execute(executor)
        .await?;
    Ok(())
}

/// The request a link's token names, whatever its state.
pub async fn by_token(db: &Db, token_hash: &str) -> Result<Option<SignatureRequest>, sqlx::Error> {
    let sql = format!("select {COLUMNS} from signature_request where token_hash = $1");
    sqlx::query(&sql).bind(token_hash).fetch_optional(db).await?.as_ref().map(from_row).transpose()
}

/// The enrollment's newest request that is still in use (waiting or signed), if any.
pub async fn current(db: &Db, enrollment_id: i64) -> Result<Option<SignatureRequest>, sqlx::Error> {
    let sql = format!(
        "select {COLUMNS} from signature_request where enrollment_id = $1 and revoked_at is null \
         order by signature_request_id desc limit 1"
    );
    sqlx::query(&sql).bind(enrollment_id).fetch_optional(db).await?.as_ref().map(from_row).transpose()
}

/// The enrollment's requests that were signed, newest first (a newer request may have replaced them since).
pub async fn signed_of(db: &Db, enrollment_id: i64) -> Result<Vec<SignatureRequest>, sqlx::Error> {
    let sql = format!(
        "select {COLUMNS} from signature_request where enrollment_id = $1 and signed_at is not null \
         order by signature_request_id desc"
    );
    sqlx::query(&sql).bind(enrollment_id).fetch_all(db).await?.iter().map(from_row).collect()
}

/// Counts a wrong date of birth; once `limit` are counted the request is taken out of use. Answers the tries now.
pub async fn count_try(db: &Db, id: i64, limit: i64) -> Result<i64, sqlx::Error> {
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    sqlx::query("update signature_request set tries = tries + 1 where signature_request_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let tries: i64 = sqlx::query_scalar("select tries from signature_request where signature_request_id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    if tries >= limit {
        sqlx::query(
            "update signature_request set revoked_at = $1 where signature_request_id = $2 and revoked_at is null",
        )
        .bind(now())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(tries)
}

/// What the applicant signed.
pub struct Signed<'a> {
    pub name: &'a str,
    pub signature: &'a str,
    pub fingerprint: &'a str,
}

/// Records the signature, once: whether this call did (false when the request was signed, revoked or had expired
/// meanwhile).
pub async fn sign(db: &Db, id: i64, signed: &Signed<'_>) -> Result<bool, sqlx::Error> {
    let now = now();
    let done = sqlx::query(
        "update signature_request set signed_at = $1, signed_name = $2, signature = $3, fingerprint = $4 \
         where signature_request_id = $5 and signed_at is null and revoked_at is null and expires_at > $1",
    )
    .bind(&now)
    .bind(signed.name)
    .bind(signed.signature)
    .bind(signed.fingerprint)
    .bind(id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
