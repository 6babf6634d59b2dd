//! The store: sqlx's `AnyPool` over SQLite (the embedded default, WAL) or PostgreSQL, one set of queries for both.
//!
//! Every query that touches an enrollment filters on the session id, so another session's enrollment is simply
//! not found. Tab documents carry a version; a save against a stale version changes nothing.

pub mod seed;

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

pub type Db = AnyPool;

pub fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

pub async fn connect(url: &str) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let memory = url.contains(":memory:");
    let pool = AnyPoolOptions::new()
        // One connection keeps an in-memory SQLite database alive and shared.
        .max_connections(if memory { 1 } else { 10 })
        .after_connect(|conn, _| {
            Box::pin(async move {
                if conn.backend_name() == "SQLite" {
                    sqlx::query("pragma foreign_keys = on").execute(&mut *conn).await?;
                    sqlx::query("pragma busy_timeout = 5000").execute(&mut *conn).await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
        .with_context(|| "cannot open the database".to_string())?;
    if !is_postgres(url) && !memory {
        sqlx::query("pragma journal_mode = wal").execute(&pool).await?;
    }
    Ok(pool)
}

/// The migrations of the database's dialect, embedded in the binary.
async fn migrator(db: &Db) -> anyhow::Result<sqlx::migrate::Migrator> {
    let backend = db.acquire().await?.backend_name().to_string();
    Ok(if backend == "PostgreSQL" {
        sqlx::migrate!("../migrations/postgres")
    } else {
        sqlx::migrate!("../migrations/sqlite")
    })
}

pub async fn migrate(db: &Db) -> anyhow::Result<()> {
    migrator(db).await?.run(db).await?;
    Ok(())
}

/// Whether the database answers and every migration this binary carries has been applied to it.
pub async fn ready(db: &Db) -> anyhow::Result<bool> {
    let migrator = migrator(db).await?;
    let applied: Vec<i64> =
        sqlx::query_scalar("select version from _sqlx_migrations where success = true").fetch_all(db).await?;
    Ok(migrator.iter().filter(|m| m.migration_type.is_up_migration()).all(|m| applied.contains(&m.version)))
}

pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// An enrollment row as the api uses it.
#[derive(Debug, Clone)]
pub struct EnrollmentRow {
    pub enrollment_id: i64,
    pub filter: String,
    pub eprocess: String,
    pub enrollment_type: String,
    pub open_type: Option<String>,
    pub group_id: Option<i64>,
    /// The rep who enrolls on the member's behalf.
    pub agent_id: Option<i64>,
    /// The existing member or user the enrollment is for.
    pub member_id: Option<i64>,
    pub lifecycle: String,
    pub lifecycle_version: i64,
    pub effective_date: Option<String>,
    pub policy_id: Option<String>,
}

impl EnrollmentRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(EnrollmentRow {
            enrollment_id: row.try_get("enrollment_id")?,
            filter: row.try_get("filter")?,
            eprocess: row.try_get("eprocess")?,
            enrollment_type: row.try_get("enrollment_type")?,
            open_type: row.try_get("open_type")?,
            group_id: row.try_get("group_id")?,
            agent_id: row.try_get("agent_id")?,
            member_id: row.try_get("member_id")?,
            lifecycle: row.try_get("lifecycle")?,
            lifecycle_version: row.try_get("lifecycle_version")?,
            effective_date: row.try_get("effective_date")?,
            policy_id: row.try_get("policy_id")?,
        })
    }
}

pub struct NewEnrollment<'a> {
    pub session_id: &'a str,
    pub filter: String,
    pub eprocess: &'a str,
    pub enrollment_type: &'a str,
    pub open_type: Option<&'a str>,
    pub group_id: Option<i64>,
    pub agent_id: Option<i64>,
    pub lifecycle: String,
}

pub async fn insert_enrollment(db: &Db, new: NewEnrollment<'_>) -> Result<i64, sqlx::Error> {
    let now = now();
    let row = sqlx::query(
        "insert into enrollment (session_id, filter, eprocess, enrollment_type, open_type, lifecycle, created_at, updated_at, \
         group_id, agent_id) values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) returning enrollment_id",
    )
    .bind(new.session_id)
    .bind(new.filter)
    .bind(new.eprocess)
    .bind(new.enrollment_type)
    .bind(new.open_type)
    .bind(new.lifecycle)
    .bind(now)
    .bind(new.group_id)
    .bind(new.agent_id)
    .fetch_one(db)
    .await?;
    row.try_get("enrollment_id")
}

/// The enrollment if it exists and belongs to the session.
pub async fn find_enrollment(
    db: &Db,
    session_id: &str,
    enrollment_id: i64,
) -> Result<Option<EnrollmentRow>, sqlx::Error> {
    let row = sqlx::query(
        "select enrollment_id, filter, eprocess, enrollment_type, open_type, group_id, agent_id, member_id, lifecycle, \
         lifecycle_version, effective_date, policy_id from enrollment where enrollment_id = $1 and session_id = $2",
    )
    .bind(enrollment_id)
    .bind(session_id)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(EnrollmentRow::from_row).transpose()
}

pub async fn update_filter(db: &Db, enrollment_id: i64, filter: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update enrollment set filter = $1, updated_at = $2 where enrollment_id = $3")
        .bind(filter)
        .bind(now())
        .bind(enrollment_id)
        .execute(db)
        .await?;
    Ok(())
}

/// What else changes with the lifecycle in the same statement.
#[derive(Default)]
pub struct LifecycleExtras<'a> {
    pub effective_date: Option<&'a str>,
    pub checkout_type: Option<&'a str>,
    pub policy_id: Option<&'a str>,
}

/// Stores a new lifecycle if nobody changed it since `expected_version` was read; false when somebody did.
pub async fn update_lifecycle<'c, E>(
    executor: E,
    enrollment_id: i64,
    lifecycle: &str,
    expected_version: i64,
    extras: LifecycleExtras<'_>,
) -> Result<bool, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let done = sqlx::query(
        "update enrollment set lifecycle = $1, lifecycle_version = lifecycle_version + 1, updated_at = $2, \
         effective_date = coalesce($3, effective_date), checkout_type = coalesce($4, checkout_type), \
         policy_id = coalesce($5, policy_id) where enrollment_id = $6 and lifecycle_version = $7",
    )
    .bind(lifecycle)
    .bind(now())
    .bind(extras.effective_date)
    .bind(extras.checkout_type)
    .bind(extras.policy_id)
    .bind(enrollment_id)
    .bind(expected_version)
    .execute(executor)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A stored tab document and its version.
#[derive(Debug, Clone)]
pub struct TabDocument {
    pub version: i64,
    pub data: String,
}

pub async fn find_tab(db: &Db, enrollment_id: i64, tab: &str) -> Result<Option<TabDocument>, sqlx::Error> {
    let row = sqlx::query("select version, data from enrollment_tab where enrollment_id = $1 and tab_name = $2")
        .bind(enrollment_id)
        .bind(tab)
        .fetch_optional(db)
        .await?;
    row.map(|r| Ok(TabDocument { version: r.try_get("version")?, data: r.try_get("data")? })).transpose()
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartRow {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub removable: bool,
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

pub async fn cart(db: &Db, enrollment_id: i64) -> Result<Vec<CartRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select plan_id, plan_pricing_id, removable from cart_line where enrollment_id = $1 order by added_at, plan_id",
    )
    .bind(enrollment_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(CartRow {
                plan_id: r.try_get("plan_id")?,
                plan_pricing_id: r.try_get("plan_pricing_id")?,
                removable: r.try_get::<i64, _>("removable")? != 0,
            })
        })
        .collect()
}

/// Puts a plan in the cart; another option of the same plan is replaced. A line that is not `removable` (a
/// membership association) leaves with the plan it belongs to.
pub async fn put_in_cart(
    db: &Db,
    enrollment_id: i64,
    plan_id: i64,
    plan_pricing_id: i64,
    removable: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into cart_line (enrollment_id, plan_id, plan_pricing_id, removable, added_at) values ($1, $2, $3, $4, $5) \
         on conflict (enrollment_id, plan_id) do update set plan_pricing_id = excluded.plan_pricing_id, removable = excluded.removable",
    )
    .bind(enrollment_id)
    .bind(plan_id)
    .bind(plan_pricing_id)
    .bind(i64::from(removable))
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

/// Removes a removable line; false when there was none.
pub async fn remove_from_cart(
    db: &Db,
    enrollment_id: i64,
    plan_id: i64,
    plan_pricing_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "delete from cart_line where enrollment_id = $1 and plan_id = $2 and plan_pricing_id = $3 and removable = 1",
    )
    .bind(enrollment_id)
    .bind(plan_id)
    .bind(plan_pricing_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Drops a line whatever its removable flag (a rider or membership left without its plan).
pub async fn drop_cart_line(db: &Db, enrollment_id: i64, plan_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("delete from cart_line where enrollment_id = $1 and plan_id = $2")
        .bind(enrollment_id)
        .bind(plan_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Puts an enrollment under an employer group (a group code given on a plan): it becomes a group member's.
pub async fn set_enrollment_group(db: &Db, enrollment_id: i64, group_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update enrollment set group_id = $1, enrollment_type = 'new-group-member', updated_at = $2 where enrollment_id = $3",
    )
    .bind(group_id)
    .bind(now())
    .bind(enrollment_id)
    .execute(db)
    .await?;
    Ok(())
}

/// The cart as the person saw it when checking out, kept for audit.
pub async fn insert_cart_snapshot(db: &Db, enrollment_id: i64, data: &str) -> Result<(), sqlx::Error> {
    sqlx::query("insert into cart_snapshot (enrollment_id, taken_at, data) values ($1, $2, $3)")
        .bind(enrollment_id)
        .bind(now())
        .bind(data)
        .execute(db)
        .await?;
    Ok(())
}

/// The enrollment is an existing member's (opened from the member's link).
pub async fn set_enrollment_member(db: &Db, enrollment_id: i64, member_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update enrollment set member_id = $1 where enrollment_id = $2")
        .bind(member_id)
        .bind(enrollment_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A step as the person saw it, kept for audit.
pub async fn insert_screenshot(db: &Db, enrollment_id: i64, name: &str, image: &str) -> Result<(), sqlx::Error> {
    sqlx::query("insert into screenshot (enrollment_id, name, image, created_at) values ($1, $2, $3, $4)")
        .bind(enrollment_id)
        .bind(name)
        .bind(image)
        .bind(now())
        .execute(db)
        .await?;
    Ok(())
}
