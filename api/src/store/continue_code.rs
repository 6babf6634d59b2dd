//! Continue codes of Save & Continue Later, kept only as their hashes.

use sqlx::Row;

use super::{now, Db};

/// A stored code: its enrollment, the address it was sent to, the tab saved, its expiry (RFC 3339).
pub struct ContinueCode {
    pub enrollment_id: i64,
    pub email: String,
    pub saved_tab: String,
    pub expires_at: String,
}

pub async fn insert(tx: &mut sqlx::AnyConnection, code_hash: &str, code: &ContinueCode) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into continue_code (code_hash, enrollment_id, email, saved_tab, expires_at, created_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(code_hash)
    .bind(code.enrollment_id)
    .bind(&code.email)
    .bind(&code.saved_tab)
    .bind(&code.expires_at)
    .bind(now())
    .execute(tx)
    .await?;
    Ok(())
}

pub async fn find(db: &Db, code_hash: &str) -> Result<Option<ContinueCode>, sqlx::Error> {
    let row = sqlx::query("select enrollment_id, email, saved_tab, expires_at from continue_code where code_hash = $1")
        .bind(code_hash)
        .fetch_optional(db)
        .await?;
    row.map(|row| {
        Ok(ContinueCode {
            enrollment_id: row.try_get("enrollment_id")?,
            email: row.try_get("email")?,
            saved_tab: row.try_get("saved_tab")?,
            expires_at: row.try_get("expires_at")?,
        })
    })
    .transpose()
}

/// Takes the code out of use; whether this call did (false when another request took it first).
pub async fn delete(db: &Db, code_hash: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from continue_code where code_hash = $1").bind(code_hash).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

/// Every code of an enrollment out of use: a new code replaces them, a submission revokes them.
pub async fn delete_for_enrollment<'c, E>(executor: E, enrollment_id: i64) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query("delete from continue_code where enrollment_id = $1").bind(enrollment_id).execute(executor).await?;
    Ok(())
}
