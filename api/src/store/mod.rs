//! The store: sqlx's `AnyPool` over SQLite (the embedded default, WAL) or PostgreSQL, one set of queries for both.
//!
//! Every query that touches an enrollment filters on the session id, so another session's enrollment is simply
//! not found. Tab documents carry a version; a save against a stale version changes nothing.

pub mod benefit;
pub mod carrier_console;
pub mod cart;
pub mod catalogue;
pub mod change_saved;
pub mod confirmation;
pub mod continue_code;
pub mod coverage_change;
pub mod edi;
pub mod employer;
pub mod enrollment;
pub mod local;
pub mod member;
pub mod member_sign_in;
pub mod outbox;
pub mod proof;
pub mod quota;
pub mod sealed;
pub mod seed;
pub mod session_role;
pub mod shop_answer;
pub mod signature_request;
pub mod site;
pub mod tab;
pub mod workflow;
pub mod writer;

use anyhow::Context;
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;

pub type Db = AnyPool;

pub fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// The file of a SQLite URL (`sqlite://path?mode=rwc`), none for PostgreSQL or an in-memory database.
fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.contains(":memory:")).then(|| std::path::PathBuf::from(path))
}

/// The database file holds personal data: the owner's alone. SQLite gives its WAL and shared-memory files the
/// database file's mode, so they follow.
fn restrict_sqlite_file(url: &str) -> anyhow::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let Some(path) = sqlite_file(url) else { return Ok(()) };
    if path.exists() {
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
    } else {
        std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&path).map(|_| ())
    }
    .with_context(|| format!("cannot restrict the database file {}", path.display()))
}

/// SQLite's `synchronous` setting (`SQLITE_SYNCHRONOUS`: `full`, the default, or `normal`). With the write-ahead log,
/// `full` syncs the log on every commit: an acknowledged save survives a crash of the server and a power loss.
/// `normal` syncs only at checkpoints: an acknowledged save survives a crash of the server (the kill -9 test holds),
/// but the last commits before a power loss or an operating-system crash may be lost; the database is never corrupt.
pub fn sqlite_synchronous() -> &'static str {
    match std::env::var("SQLITE_SYNCHRONOUS").ok().as_deref().map(str::to_ascii_lowercase).as_deref() {
        Some("normal") => "normal",
        _ => "full",
    }
}

/// How long a call waits for a database connection before it is answered 503.
pub const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(4);

pub async fn connect(url: &str) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    restrict_sqlite_file(url)?;
    let memory = url.contains(":memory:");
    let pool = AnyPoolOptions::new()
        // A connection to a local SQLite file does not go away: checking it before each use (a round trip to its
        // thread) would double the cost of every query. A PostgreSQL connection can drop, and is checked.
        .test_before_acquire(is_postgres(url))
        // One connection keeps an in-memory SQLite database alive and shared.
        .max_connections(if memory { 1 } else { 10 })
        // A database that does not answer (stopped, unreachable) fails a call within seconds, as 503, rather than
        // holding it until the request's time limit.
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .after_connect(|conn, _| {
            Box::pin(async move {
                if conn.backend_name() == "SQLite" {
                    sqlx::query("pragma foreign_keys = on").execute(&mut *conn).await?;
                    sqlx::query("pragma busy_timeout = 5000").execute(&mut *conn).await?;
                    sqlx::query(&format!("pragma synchronous = {}", sqlite_synchronous())).execute(&mut *conn).await?;
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
/// A small write, as a readiness probe: a database that cannot take one (a full disk, a read-only file) is not ready.
pub async fn write_probe(db: &Db) -> Result<(), sqlx::Error> {
    sqlx::query("insert into probe (id, at) values (1, $1) on conflict (id) do update set at = excluded.at")
        .bind(now())
        .execute(db)
        .await?;
    Ok(())
}

pub async fn ready(db: &Db) -> anyhow::Result<bool> {
    let migrator = migrator(db).await?;
    let applied: Vec<i64> =
        sqlx::query_scalar("select version from _sqlx_migrations where success = true").fetch_all(db).await?;
    Ok(migrator.iter().filter(|m| m.migration_type.is_up_migration()).all(|m| applied.contains(&m.version)))
}

/// SQLite has one writer. Write transactions take turns here, in order, rather than in SQLite's busy handler, which
/// sleeps and retries (and, under many concurrent saves, makes a save wait tens of milliseconds for nothing).
/// PostgreSQL writes concurrently: no turn is taken.
pub async fn write_turn(db: &Db) -> Option<tokio::sync::MutexGuard<'static, ()>> {
    let sqlite = db.connect_options().database_url.scheme().starts_with("sqlite");
    if sqlite {
        Some(sqlite_turn().await)
    } else {
        None
    }
}

/// The turn of a SQLite write transaction (see [`write_turn`]).
async fn sqlite_turn() -> tokio::sync::MutexGuard<'static, ()> {
    static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    TURN.lock().await
}

/// `$1, $2, ...` for `n` values: the list of an `in (...)`.
pub(crate) fn placeholders(n: usize) -> String {
    (1..=n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
