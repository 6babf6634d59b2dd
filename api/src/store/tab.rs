//! Tab documents: per enrollment and tab, one versioned row holding the last complete document (`data`, what passed
//! the step's checks and what submission reads) and, beside it, a draft saved for later (`draft`). A draft never
//! replaces finished work. A write against a stale version changes nothing.

use super::local::{read_rows, Columns, FromColumns, LocalReads, Param};
use super::{now, Db};

/// A tab's stored documents and their version.
#[derive(Debug, Clone)]
pub struct TabDocument {
    pub version: i64,
    /// The last complete document; none while the tab was only ever saved for later.
    pub data: Option<String>,
    /// What was saved for later since, if anything.
    pub draft: Option<String>,
}

impl TabDocument {
    /// What the person sees when they open the step: the draft they left, or else the complete document.
    pub fn shown(&self) -> Option<&str> {
        self.draft.as_deref().or(self.data.as_deref())
    }
}

/// A step's stored documents (read in place when it can be: see `store::local`).
pub async fn find_tab(
    db: &Db,
    local: &LocalReads,
    enrollment_id: i64,
    tab: &str,
) -> Result<Option<TabDocument>, sqlx::Error> {
    const SQL: &str = "select version, data, draft from enrollment_tab where enrollment_id = $1 and tab_name = $2";
    let rows = read_rows(db, local, SQL, &[Param::Int(enrollment_id), Param::Text(tab)]).await?;
    Ok(rows.into_iter().next())
}

/// A step's last complete document, none while it has only a draft or nothing.
pub async fn find_complete(
    db: &Db,
    local: &LocalReads,
    enrollment_id: i64,
    tab: &str,
) -> Result<Option<String>, sqlx::Error> {
    Ok(find_tab(db, local, enrollment_id, tab).await?.and_then(|d| d.data))
}

/// When a step's document was last written (RFC 3339, UTC): for the review, when the application was submitted.
pub async fn saved_at(db: &Db, enrollment_id: i64, tab: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select updated_at from enrollment_tab where enrollment_id = $1 and tab_name = $2")
        .bind(enrollment_id)
        .bind(tab)
        .fetch_optional(db)
        .await
}

impl FromColumns for TabDocument {
    fn from_columns(row: &impl Columns) -> Result<Self, sqlx::Error> {
        Ok(TabDocument { version: row.column("version")?, data: row.column("data")?, draft: row.column("draft")? })
    }
}

/// What a write of a tab stores.
#[derive(Debug, Clone, Copy)]
pub enum TabWrite<'a> {
    /// A document that passed the step's checks: it becomes the complete one, and the draft is done with.
    Complete(&'a str),
    /// A draft saved for later: kept beside the complete document, which stays as it was.
    Draft(&'a str),
    /// A change made to both at once (a field saved from its own dialog while a draft is open).
    Both { data: &'a str, draft: &'a str },
}

/// Writes a tab if its stored version is `expected` (0 = not stored yet); false when it is stale.
pub async fn write_tab<'c, E>(
    executor: E,
    enrollment_id: i64,
    tab: &str,
    expected: i64,
    write: TabWrite<'_>,
) -> Result<bool, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let (data, draft) = match write {
        TabWrite::Complete(data) => (Some(data), None),
        TabWrite::Draft(draft) => (None, Some(draft)),
        TabWrite::Both { data, draft } => (Some(data), Some(draft)),
    };
    let done = if expected == 0 {
        sqlx::query(
            "insert into enrollment_tab (enrollment_id, tab_name, version, data, draft, updated_at) \
             values ($1, $2, 1, $3, $4, $5) on conflict (enrollment_id, tab_name) do nothing",
        )
        .bind(enrollment_id)
        .bind(tab)
        .bind(data)
        .bind(draft)
        .bind(now())
        .execute(executor)
        .await?
    } else {
        // A draft alone (no data given) leaves the complete document as it is; a complete document clears the draft,
        // unless both are written.
        sqlx::query(
            "update enrollment_tab set data = coalesce($1, data), draft = $2, version = version + 1, updated_at = $3 \
             where enrollment_id = $4 and tab_name = $5 and version = $6",
        )
        .bind(data)
        .bind(draft)
        .bind(now())
        .bind(enrollment_id)
        .bind(tab)
        .bind(expected)
        .execute(executor)
        .await?
    };
    Ok(done.rows_affected() == 1)
}

/// Removes a tab's documents; answers whether there were any.
pub async fn delete_tab(db: &Db, enrollment_id: i64, tab: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from enrollment_tab where enrollment_id = $1 and tab_name = $2")
        .bind(enrollment_id)
        .bind(tab)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}
