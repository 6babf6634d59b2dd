//! Where sealed values live (whole columns, or strings inside JSON documents), for sealing them again under a new
//! data key, and which data keys values are sealed under.

use sqlx::Row;

use super::{now, Db};

/// Every column that holds sealed values, as (table, column): a sealed value, or a JSON document with sealed strings
/// inside it (at any depth, and inside sealed documents too).
pub const SEALED_COLUMNS: [(&str, &str); 17] = [
    ("enrollment_tab", "data"),
    ("enrollment_tab", "draft"),
    ("member", "document"),
    ("outbox", "body"),
    ("shop_answer", "data"),
    ("assist_answer", "answer"),
    ("assist_feedback", "message"),
    ("underwriting_reopening", "declined_answers"),
    ("edi_interchange", "content"),
    ("carrier_confirmation", "record"),
    ("coverage_change", "person"),
    ("proof_document", "file_name"),
    ("proof_document", "content"),
    ("change_saved", "data"),
    ("census_employee", "data"),
    ("payroll_file", "content"),
    ("payroll_file", "lines"),
];

/// The texts of a column that hold anything sealed.
pub async fn texts_with_sealed(db: &Db, table: &str, column: &str) -> Result<Vec<String>, sqlx::Error> {
    let sql = format!("select {column} as text from {table} where {column} like '%enc:%'");
    sqlx::query(&sql).fetch_all(db).await?.iter().map(|row| row.try_get("text")).collect()
}

/// Replaces one text of a column with another (a sealed value's nonce makes every text unique, so the old text names
/// its row); false when it changed meanwhile.
pub async fn replace_text(db: &Db, table: &str, column: &str, old: &str, new: &str) -> Result<bool, sqlx::Error> {
    let sql = format!("update {table} set {column} = $1 where {column} = $2");
    Ok(sqlx::query(&sql).bind(new).bind(old).execute(db).await?.rows_affected() > 0)
}

/// The data key ids recorded as sealing values.
pub async fn key_ids_in_use(db: &Db) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select key_id from data_key_use order by key_id").fetch_all(db).await
}

/// Records that values are (or will be) sealed under `key_id`.
pub async fn record_key_id(db: &Db, key_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("insert into data_key_use (key_id, recorded_at) values ($1, $2) on conflict (key_id) do nothing")
        .bind(key_id)
        .bind(now())
        .execute(db)
        .await?;
    Ok(())
}

/// Forgets every key id but `key_id`: everything was sealed again under it.
pub async fn forget_key_ids_but(db: &Db, key_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("delete from data_key_use where key_id <> $1").bind(key_id).execute(db).await?;
    Ok(())
}
