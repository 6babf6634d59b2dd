//! Reads of a SQLite file made in place, on the thread that asks.
//!
//! sqlx gives each SQLite connection a thread of its own: a query is a message to that thread and a wake-up back, and
//! the connection's return to the pool is another round trip. On this machine kind those hand-offs cost several times
//! what reading an enrollment by its key costs SQLite, and every owned call reads one (a listing makes no other
//! query). The busiest reads therefore go to [`LocalReads`] first: a few connections of the server's own, each used by
//! one thread at a time, that run the statement where the request is being answered (a read of an indexed row in the
//! page cache takes microseconds, less than the hand-off took).
//!
//! A read here never waits. It is not made, and the caller reads through the pool as before, when every connection is
//! in use, when the database is busy (its busy timeout is 0: no sleeping on a runtime thread), on any other error
//! (the pool's read reports it the usual way), and always on PostgreSQL or an in-memory database. A read here sees
//! every commit that came before it, as a read on the pool does: it is a read transaction of its own on a connection
//! that only reads (`query_only`), in the write-ahead log's mode that the pool set.
//!
//! [`read_rows`] reads either way: the statements are the pool's own text (`$1`, `$2` are SQLite's named parameters
//! too), prepared once per connection and kept, and a row is decoded by the same code on either path ([`Columns`]).
//!
//! Even in place, a read is a read transaction: SQLite takes and releases its shared-memory locks (system calls) and
//! checks the write-ahead log each time, and for a listing answered from the memo that was most of the call's own
//! work. The one read every listing makes (the quote) is therefore kept in [`Recent`] until the database changes. The
//! change is read where SQLite itself reads it: the header of the write-ahead log's index (the `-shm` file), which the
//! writer rewrites at every commit, whichever process commits (a server on the same file, an operator's command). Two
//! equal headers mean no commit in between (sqlite.org/walformat.html, "The WAL-Index Header"). It is read with one
//! `pread`, without locks: SQLite writes the header's second copy, then the first, and a reader that finds them
//! different knows a commit is rewriting it, and then keeps nothing. Nothing is kept on PostgreSQL.

use std::collections::HashMap;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rusqlite::types::FromSql;
use rusqlite::{OpenFlags, ToSql};
use sqlx::any::AnyRow;
use sqlx::Row;

/// Statements kept prepared per connection: every in-place read, with room to spare.
const PREPARED: usize = 32;

/// The in-place readers of a SQLite file; none for PostgreSQL or an in-memory database.
pub struct LocalReads {
    connections: Vec<Mutex<rusqlite::Connection>>,
    next: AtomicUsize,
    /// The write-ahead log's index, whose header says what the last commit was.
    wal_index: Option<std::fs::File>,
}

impl LocalReads {
    /// Reads always go through the pool.
    pub fn none() -> LocalReads {
        LocalReads { connections: Vec::new(), next: AtomicUsize::new(0), wal_index: None }
    }

    /// `count` connections to the SQLite file of `url` (already created and migrated), or none for any other URL.
    pub fn open(url: &str, count: usize) -> anyhow::Result<LocalReads> {
        let Some(path) = super::sqlite_file(url) else { return Ok(LocalReads::none()) };
        let mut connections = Vec::with_capacity(count);
        for _ in 0..count {
            // Read-write, so that the write-ahead log's index can be opened; `query_only` refuses any write.
            let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
            let connection = rusqlite::Connection::open_with_flags(&path, flags)?;
            connection.pragma_update(None, "query_only", true)?;
            connection.busy_timeout(std::time::Duration::ZERO)?;
            connection.set_prepared_statement_cache_capacity(PREPARED);
            connections.push(Mutex::new(connection));
        }
        // A read opens (or makes) the log's index, which then exists while a connection to the file is open: these
        // stay open as long as the server runs, so the handle below names the index every commit rewrites.
        for connection in &connections {
            let connection = connection.lock().unwrap_or_else(|e| e.into_inner());
            connection.query_row("select count(*) from sqlite_master", [], |_| Ok(()))?;
        }
        let mut index = path.clone().into_os_string();
        index.push("-shm");
        let wal_index = std::fs::File::open(index).ok();
        Ok(LocalReads { connections, next: AtomicUsize::new(0), wal_index })
    }

    /// The rows `sql` selects with `params` (`$1`, `$2`, ... in order), each decoded by `decode`; none when the read
    /// could not be made here (the caller reads through the pool).
    pub fn fetch_all<T>(
        &self,
        sql: &str,
        params: &[Param<'_>],
        decode: impl FnMut(&rusqlite::Row<'_>) -> Result<T, sqlx::Error>,
    ) -> Option<Result<Vec<T>, sqlx::Error>> {
        let connection = self.free_connection()?;
        match read(&connection, sql, params, decode) {
            Ok(rows) => Some(Ok(rows)),
            // A row that does not decode would not decode through the pool either: that is the caller's error.
            Err(Failed::Decode(error)) => Some(Err(error)),
            Err(Failed::Sqlite(error)) => {
                tracing::debug!(%error, "an in-place read was not made; reading through the pool");
                None
            }
        }
    }

    /// The database's last commit, as the header of the write-ahead log's index says (see the module's note); none
    /// when it cannot be told: not a SQLite file, or a commit is rewriting the header now.
    pub fn last_commit(&self) -> Option<Commit> {
        let mut both = [0u8; 2 * WAL_INDEX_HEADER];
        self.wal_index.as_ref()?.read_exact_at(&mut both, 0).ok()?;
        let (first, second) = both.split_at(WAL_INDEX_HEADER);
        // The header's `isInit` byte: a header never written says nothing.
        (first == second && first[12] != 0).then(|| Commit(first.try_into().expect("the header's size")))
    }

    /// A connection no other thread is using, taken in turn so that threads rarely meet on one.
    fn free_connection(&self) -> Option<std::sync::MutexGuard<'_, rusqlite::Connection>> {
        let count = self.connections.len();
        let first = self.next.fetch_add(1, Ordering::Relaxed);
        (0..count).find_map(|i| self.connections[(first + i) % count].try_lock().ok())
    }
}

/// The size of the write-ahead log index's header, which the file holds twice from its start.
const WAL_INDEX_HEADER: usize = 48;

/// A commit of the database, as the write-ahead log's index told it: two equal values, no commit in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Commit([u8; WAL_INDEX_HEADER]);

/// Reads kept while the database is as they found it (the same [`Commit`]). Bounded: when full it starts afresh.
pub struct Recent<K, V> {
    kept: Mutex<HashMap<K, (Commit, V)>>,
}

impl<K: std::hash::Hash + Eq, V: Clone> Recent<K, V> {
    /// The most reads kept.
    const MOST: usize = 10_000;

    pub fn new() -> Recent<K, V> {
        Recent { kept: Mutex::new(HashMap::new()) }
    }

    /// The read kept under `key`, if it was made after the last commit (`now`).
    pub fn get(&self, key: &K, now: Commit) -> Option<V> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(key).filter(|(commit, _)| *commit == now).map(|(_, value)| value.clone())
    }

    /// Keeps a read made after `commit` was taken.
    pub fn put(&self, key: K, commit: Commit, value: V) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= Self::MOST {
            kept.clear();
        }
        kept.insert(key, (commit, value));
    }
}

impl<K: std::hash::Hash + Eq, V: Clone> Default for Recent<K, V> {
    fn default() -> Self {
        Recent::new()
    }
}

enum Failed {
    Sqlite(rusqlite::Error),
    Decode(sqlx::Error),
}

/// SQLite's names of the parameters `$1` to `$9`: a statement numbers its parameters in the order they first appear,
/// which need not be theirs (`... a.kind = $3 where e.enrollment_id = $1`), so they are bound by name.
const NAMES: [&str; 9] = ["$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9"];

fn read<T>(
    connection: &rusqlite::Connection,
    sql: &str,
    params: &[Param<'_>],
    mut decode: impl FnMut(&rusqlite::Row<'_>) -> Result<T, sqlx::Error>,
) -> Result<Vec<T>, Failed> {
    let mut statement = connection.prepare_cached(sql).map_err(Failed::Sqlite)?;
    for (param, name) in params.iter().zip(NAMES) {
        let index = statement
            .parameter_index(name)
            .map_err(Failed::Sqlite)?
            .ok_or_else(|| Failed::Sqlite(rusqlite::Error::InvalidParameterName(name.to_string())))?;
        statement.raw_bind_parameter(index, param).map_err(Failed::Sqlite)?;
    }
    let mut rows = statement.raw_query();
    let mut decoded = Vec::new();
    while let Some(row) = rows.next().map_err(Failed::Sqlite)? {
        decoded.push(decode(row).map_err(Failed::Decode)?);
    }
    Ok(decoded)
}

/// A parameter of a read, bound the same way on either path.
#[derive(Debug, Clone, Copy)]
pub enum Param<'a> {
    Int(i64),
    Text(&'a str),
}

impl ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            Param::Int(value) => value.to_sql(),
            Param::Text(value) => value.to_sql(),
        }
    }
}

/// A row a read decodes, whichever path read it.
pub trait FromColumns: Sized {
    fn from_columns(row: &impl Columns) -> Result<Self, sqlx::Error>;
}

/// The rows `sql` selects with `params` (`$1`, `$2`, ... in order, at most nine): read in place when it can be (see
/// the module's doc), through the pool otherwise.
pub async fn read_rows<T: FromColumns>(
    db: &super::Db,
    local: &LocalReads,
    sql: &'static str,
    params: &[Param<'_>],
) -> Result<Vec<T>, sqlx::Error> {
    if let Some(rows) = local.fetch_all(sql, params, |row| T::from_columns(row)) {
        return rows;
    }
    let mut query = sqlx::query(sql);
    for param in params {
        query = match *param {
            Param::Int(value) => query.bind(value),
            Param::Text(value) => query.bind(value),
        };
    }
    query.fetch_all(db).await?.iter().map(T::from_columns).collect()
}

/// A row's columns by name, whichever path read it: the pool's `AnyRow` or an in-place read's row.
pub trait Columns {
    fn column<T>(&self, name: &str) -> Result<T, sqlx::Error>
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + FromSql;
}

impl Columns for AnyRow {
    fn column<T>(&self, name: &str) -> Result<T, sqlx::Error>
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + FromSql,
    {
        self.try_get(name)
    }
}

impl Columns for rusqlite::Row<'_> {
    fn column<T>(&self, name: &str) -> Result<T, sqlx::Error>
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + FromSql,
    {
        self.get(name).map_err(|error| sqlx::Error::ColumnDecode { index: name.to_string(), source: Box::new(error) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database file for one test, removed with its write-ahead log and shared-memory files when the test ends.
    struct Scratch(std::path::PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            for suffix in ["", "-wal", "-shm"] {
                let mut name = self.0.clone().into_os_string();
                name.push(suffix);
                let _ = std::fs::remove_file(name);
            }
        }
    }

    fn database() -> (Scratch, String) {
        let path = std::env::temp_dir().join(format!(
            "enroll-local-reads-{}-{}.db",
            std::process::id(),
            rand::random::<u64>()
        ));
        let setup = rusqlite::Connection::open(&path).unwrap();
        setup.execute_batch("pragma journal_mode = wal; create table t (id integer primary key, name text);").unwrap();
        setup.execute("insert into t (id, name) values (1, 'Dana'), (2, 'Lee')", []).unwrap();
        let url = format!("sqlite://{}?mode=rwc", path.display());
        (Scratch(path), url)
    }

    fn names(reads: &LocalReads, from: i64) -> Option<Result<Vec<String>, sqlx::Error>> {
        reads.fetch_all("select name from t where id >= $1 order by id", &[Param::Int(from)], |row| row.column("name"))
    }

    #[test]
    fn a_read_is_made_in_place_and_sees_what_was_committed_before_it() {
        let (path, url) = database();
        let reads = LocalReads::open(&url, 2).unwrap();
        assert_eq!(names(&reads, 1).unwrap().unwrap(), ["Dana", "Lee"]);
        rusqlite::Connection::open(&path.0).unwrap().execute("insert into t (id, name) values (3, 'Sam')", []).unwrap();
        assert_eq!(names(&reads, 2).unwrap().unwrap(), ["Lee", "Sam"]);
    }

    #[test]
    fn a_read_that_cannot_be_made_here_is_left_to_the_pool() {
        let (_file, url) = database();
        let reads = LocalReads::open(&url, 1).unwrap();
        let held = reads.connections[0].lock().unwrap();
        assert!(names(&reads, 1).is_none(), "every connection in use: not waited for");
        drop(held);
        let missing = reads.fetch_all("select name from no_such_table", &[], |row| row.column::<String>("name"));
        assert!(missing.is_none(), "an error is the pool's to report");
        let write = reads
            .fetch_all("insert into t (id, name) values (9, 'X') returning id", &[], |row| row.column::<i64>("id"));
        assert!(write.is_none(), "these connections only read");
        assert_eq!(names(&reads, 9).unwrap().unwrap(), Vec::<String>::new());
        assert!(LocalReads::open("postgres://localhost/enroll", 2).unwrap().connections.is_empty());
        assert!(LocalReads::open("sqlite::memory:", 2).unwrap().connections.is_empty());
    }

    #[test]
    fn every_commit_by_any_connection_is_a_new_last_commit_and_forgets_what_was_kept() {
        let (path, url) = database();
        let reads = LocalReads::open(&url, 2).unwrap();
        let before = reads.last_commit().expect("a SQLite file in the log's mode says its last commit");
        assert_eq!(reads.last_commit(), Some(before), "no commit, the same");
        let kept: Recent<i64, Vec<String>> = Recent::new();
        kept.put(1, before, names(&reads, 1).unwrap().unwrap());
        assert_eq!(kept.get(&1, before).unwrap(), ["Dana", "Lee"]);
        // Another connection (another process would be the same) commits.
        rusqlite::Connection::open(&path.0).unwrap().execute("update t set name = 'Dee' where id = 1", []).unwrap();
        let after = reads.last_commit().unwrap();
        assert_ne!(after, before);
        assert_eq!(kept.get(&1, after), None, "what was kept before the commit is not answered after it");
        assert_eq!(names(&reads, 1).unwrap().unwrap(), ["Dee", "Lee"]);
        assert_eq!(LocalReads::open("postgres://localhost/enroll", 2).unwrap().last_commit(), None);
    }
}
