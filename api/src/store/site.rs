//! The storefront's sites (one document) and the site each session arrived on.

use sqlx::Row;

use super::{now, Db};

/// The name of the one row of `site_config`.
pub const SITES: &str = "sites";

/// The sites document as the seed wrote it.
pub async fn config(db: &Db) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select document from site_config where name = $1").bind(SITES).fetch_optional(db).await
}

pub async fn upsert_config(tx: &mut sqlx::Transaction<'_, sqlx::Any>, document: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into site_config (name, document) values ($1, $2) \
         on conflict (name) do update set document = excluded.document",
    )
    .bind(SITES)
    .bind(document)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The session's site document, if it arrived anywhere in particular.
pub async fn of_session(db: &Db, session_id: &str) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("select document from session_site where session_id = $1")
        .bind(session_id)
        .fetch_optional(db)
        .await?;
    row.map(|r| r.try_get("document")).transpose()
}

pub async fn set_for_session(db: &Db, session_id: &str, document: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into session_site (session_id, document, updated_at) values ($1, $2, $3) \
         on conflict (session_id) do update set document = excluded.document, updated_at = excluded.updated_at",
    )
    .bind(session_id)
    .bind(document)
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets where the session arrived ('Not my site').
pub async fn clear_for_session(db: &Db, session_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from session_site where session_id = $1").bind(session_id).execute(db).await?;
    sqlx::query("delete from session_role where session_id = $1").bind(session_id).execute(db).await?;
    Ok(())
}
