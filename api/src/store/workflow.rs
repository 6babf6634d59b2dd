//! Versions of the workflows (each distinct text, stored whole under its digest, never changed) and the log of their
//! loads (the newest load's version is current).

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{now, Db};

/// One load, with its version's text.
pub struct LoadRow {
    pub seq: i64,
    pub hash: String,
    /// The files' text by name, as JSON (empty when not asked for).
    pub files: String,
    pub loaded_by: String,
    pub loaded_at: String,
    pub in_flight: String,
}

impl LoadRow {
    fn from_row(row: &AnyRow) -> Result<LoadRow, sqlx::Error> {
        Ok(LoadRow {
            seq: row.try_get("seq")?,
            hash: row.try_get("hash")?,
            files: row.try_get("files")?,
            loaded_by: row.try_get("loaded_by")?,
            loaded_at: row.try_get("loaded_at")?,
            in_flight: row.try_get("in_flight")?,
        })
    }
}

const LOADS: &str = "select l.seq, l.hash, v.files, l.loaded_by, l.loaded_at, l.in_flight \
                     from workflow_load l join workflow_version v on v.hash = l.hash";

/// Stores a version's text unless it is stored, and records its load, made on the load `follows` (the newest when
/// the version was made; none before any): the load's sequence number. Refused ([`is_overtaken`]) when another load
/// was already made on the same one, so that neither undoes the other.
pub async fn record_load(
    db: &Db,
    hash: &str,
    files: &str,
    loaded_by: &str,
    in_flight: &str,
    follows: Option<i64>,
) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin().await?;
    let seq = record_load_in(&mut tx, hash, files, loaded_by, in_flight, follows).await?;
    tx.commit().await?;
    Ok(seq)
}

/// [`record_load`] in the caller's transaction.
pub async fn record_load_in(
    tx: &mut sqlx::AnyConnection,
    hash: &str,
    files: &str,
    loaded_by: &str,
    in_flight: &str,
    follows: Option<i64>,
) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "insert into workflow_version (hash, files, stored_at) values ($1, $2, $3) on conflict (hash) do nothing",
    )
    .bind(hash)
    .bind(files)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    // The first load of all follows none: two of those at once are told apart by the newest seq being none.
    if follows.is_none() && newest_seq_in(&mut *tx).await?.is_some() {
        return Err(overtaken());
    }
    let row = sqlx::query(
        "insert into workflow_load (hash, loaded_by, loaded_at, in_flight, follows) values ($1, $2, $3, $4, $5) \
         returning seq",
    )
    .bind(hash)
    .bind(loaded_by)
    .bind(now())
    .bind(in_flight)
    .bind(follows)
    .fetch_one(&mut *tx)
    .await?;
    row.try_get("seq")
}

/// The newest load's sequence number.
pub async fn newest_seq(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query("select max(seq) as seq from workflow_load").fetch_one(db).await?;
    row.try_get("seq")
}

async fn newest_seq_in(tx: &mut sqlx::AnyConnection) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query("select max(seq) as seq from workflow_load").fetch_one(&mut *tx).await?;
    row.try_get("seq")
}

fn overtaken() -> sqlx::Error {
    sqlx::Error::Protocol("another load of the workflows was made meanwhile".into())
}

/// Whether a load was refused because another was made on the same one meanwhile.
pub fn is_overtaken(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => e.is_unique_violation(),
        sqlx::Error::Protocol(m) => m == "another load of the workflows was made meanwhile",
        _ => false,
    }
}

/// Whether a version with this digest is stored.
pub async fn is_stored(db: &Db, hash: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("select 1 from workflow_version where hash = $1").bind(hash).fetch_optional(db).await?.is_some())
}

/// The loads after `seq`, oldest first, with their versions' text.
pub async fn loads_after(db: &Db, seq: i64) -> Result<Vec<LoadRow>, sqlx::Error> {
    let rows = sqlx::query(&format!("{LOADS} where l.seq > $1 order by l.seq")).bind(seq).fetch_all(db).await?;
    rows.iter().map(LoadRow::from_row).collect()
}

/// The newest load, with its version's text.
pub async fn newest(db: &Db) -> Result<Option<LoadRow>, sqlx::Error> {
    let row = sqlx::query(&format!("{LOADS} order by l.seq desc limit 1")).fetch_optional(db).await?;
    row.as_ref().map(LoadRow::from_row).transpose()
}

/// The newest load of a version, with its text.
pub async fn newest_of(db: &Db, hash: &str) -> Result<Option<LoadRow>, sqlx::Error> {
    let row = sqlx::query(&format!("{LOADS} where l.hash = $1 order by l.seq desc limit 1"))
        .bind(hash)
        .fetch_optional(db)
        .await?;
    row.as_ref().map(LoadRow::from_row).transpose()
}

/// Every load, newest first, without the text.
pub async fn history(db: &Db) -> Result<Vec<LoadRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select seq, hash, '' as files, loaded_by, loaded_at, in_flight from workflow_load order by seq desc",
    )
    .fetch_all(db)
    .await?;
    rows.iter().map(LoadRow::from_row).collect()
}

/// Pins enrollments created before versions existed to `hash`.
pub async fn pin_unpinned(db: &Db, hash: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("update enrollment set workflow_version = $1 where workflow_version is null")
        .bind(hash)
        .execute(db)
        .await?
        .rows_affected())
}

/// Moves an enrollment that is not submitted from one version to another.
pub async fn repin(db: &Db, enrollment_id: i64, from: &str, to: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "update enrollment set workflow_version = $1 where enrollment_id = $2 and workflow_version = $3 \
         and policy_id is null",
    )
    .bind(to)
    .bind(enrollment_id)
    .bind(from)
    .execute(db)
    .await?
    .rows_affected()
        == 1)
}
