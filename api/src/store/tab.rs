//! Tab documents: one versioned JSON document per enrollment and tab; a save against a stale version changes nothing.

use super::local::{read_rows, Columns, FromColumns, LocalReads, Param};
use super::{now, Db};

/// A stored tab document and its version.
#[derive(Debug, Clone)]
pub struct TabDocument {
    pub version: i64,
    pub data: String,
}

/// A step's stored document (read in place when it can be: see `store::local`).
pub async fn find_tab(
    db: &Db,
    local: &LocalReads,
    enrollment_id: i64,
    tab: &str,
) -> Result<Option<TabDocument>, sqlx::Error> {
    const SQL: &str = "select version, data from enrollment_tab where enrollment_id = $1 and tab_name = $2";
    let rows = read_rows(db, local, SQL, &[Param::Int(enrollment_id), Param::Text(tab)]).await?;
    Ok(rows.into_iter().next())
}

impl FromColumns for TabDocument {
    fn from_columns(row: &impl Columns) -> Result<Self, sqlx::Error> {
        Ok(TabDocument { version: row.column("version")?, data: row.column("data")? })
    }
}

/// Writes a tab document if its stored version is `expected` (0 = not stored yet); false when it is stale.
pub async fn save_tab<'c, E>(
    executor: E,
    enrollment_id: i64,
    tab: &str,
    expected: i64,
    data: &str,
) -> Result<bool, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let done = if expected == 0 {
        sqlx::query(
            "insert into enrollment_tab (enrollment_id, tab_name, version, data, updated_at) values ($1, $2, 1, $3, $4) \
             on conflict (enrollment_id, tab_name) do nothing",
        )
        .bind(enrollment_id)
        .bind(tab)
        .bind(data)
        .bind(now())
        .execute(executor)
        .await?
    } else {
        sqlx::query(
            "update enrollment_tab set data = $1, version = version + 1, updated_at = $2 \
             where enrollment_id = $3 and tab_name = $4 and version = $5",
        )
        .bind(data)
        .bind(now())
        .bind(enrollment_id)
        .bind(tab)
        .bind(expected)
        .execute(executor)
        .await?
    };
    Ok(done.rows_affected() == 1)
}

/// Removes a tab's document; answers whether there was one.
pub async fn delete_tab(db: &Db, enrollment_id: i64, tab: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from enrollment_tab where enrollment_id = $1 and tab_name = $2")
        .bind(enrollment_id)
        .bind(tab)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}
