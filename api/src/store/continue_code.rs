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

pub async fn insert(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    code_hash: &str,
    code: &ContinueCode,
) -> Result<(), sqlx::Error> {
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
    .execute(&mut **tx)
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
