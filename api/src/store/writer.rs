//! The write path of the wizard's saves: group commit on SQLite, one transaction each on PostgreSQL.
//!
//! SQLite has one writer, and with `synchronous = full` every commit syncs the write-ahead log: saves committed one
//! by one take turns on that sync, which is most of what a save costs under load. Here the saves that arrive while
//! one group is being written wait for the next turn and are written together: one transaction for all of them on a
//! connection kept for this alone, one sync. Nobody hears "saved" before the commit that holds the save, so what
//! `full` promises holds for each: an acknowledged save survives a crash and a power loss.
//!
//! A save refused (a stale version) must undo only itself. The group is first written without savepoints (each is
//! two more statements on the one writer, a third of its time); when a save in it is refused, that attempt is rolled
//! back and the group is written again with each save in its own savepoint. A save's work may therefore run twice;
//! only the run that is committed counts.
//!
//! PostgreSQL is written the same way (one sync for a group there too; measured in docs/PERFORMANCE.md). An in-memory
//! SQLite database has a single connection, which the pool keeps: its saves are transactions on it, taking turns.
//! When a group fails (the database went away, a disk error), the connection it was written on is replaced.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use sqlx::{AnyConnection, Connection};
use tokio::sync::{mpsc, oneshot};

use crate::error::{ApiError, ApiResult};

use super::Db;

/// The metric the writer records each committed group's size under (`services::metrics` reports it at /metrics). The
/// writer records it with the `metrics` crate itself, as the store does not reach up into the services.
pub const GROUP_SIZE: &str = "store_writer_group_size";

/// The most saves written in one transaction: enough that a full queue (64 browsers saving at once) is one or two
/// commits, few enough that a group does not hold the database's write lock for long.
const MOST_IN_A_COMMIT: usize = 64;

/// A save's writes, run inside a transaction; it may be run again (see the module's note), so it only writes.
pub type Work<T> = Box<dyn for<'c> Fn(&'c mut AnyConnection) -> BoxFuture<'c, ApiResult<T>> + Send + Sync>;

/// A queued save's work: answers whether it succeeded, and keeps its result where its caller finds it.
type QueuedWork = Box<dyn for<'c> Fn(&'c mut AnyConnection) -> BoxFuture<'c, bool> + Send + Sync>;

/// One save waiting for its turn: its work, and where it hears whether the commit that held it succeeded.
pub struct Queued {
    work: QueuedWork,
    committed: oneshot::Sender<Result<(), String>>,
}

#[derive(Clone)]
pub enum Writer {
    /// A SQLite file or PostgreSQL: the queue of the task that owns the write connection, and the most saves it
    /// has committed together.
    Grouped(mpsc::UnboundedSender<Queued>, Arc<AtomicUsize>),
    /// In-memory SQLite: a transaction on the pool's one connection.
    Pooled(Db),
}

impl Writer {
    /// The writer of `db`: a connection taken out of the pool and a task that writes on it until the last handle to
    /// this writer is dropped.
    pub async fn start(db: &Db, url: &str) -> anyhow::Result<Writer> {
        if url.contains(":memory:") {
            return Ok(Writer::Pooled(db.clone()));
        }
        let connection = write_connection(db).await?;
        let (sender, receiver) = mpsc::unbounded_channel();
        let sqlite = !super::is_postgres(url);
        let largest = Arc::new(AtomicUsize::new(0));
        tokio::spawn(write_in_groups(db.clone(), connection, sqlite, receiver, largest.clone()));
        Ok(Writer::Grouped(sender, largest))
    }

    /// The most saves committed together so far (one per commit on the pool's connection): whether saves that arrive
    /// together are written together.
    pub fn largest_group(&self) -> usize {
        match self {
            Writer::Grouped(_, largest) => largest.load(Ordering::Relaxed),
            Writer::Pooled(_) => 1,
        }
    }

    /// Runs `work` in a transaction and answers its result once the transaction is committed. When `work` fails,
    /// nothing it wrote is kept and its error is answered.
    pub async fn write<T: Send + 'static>(&self, work: Work<T>) -> ApiResult<T> {
        match self {
            Writer::Pooled(db) => {
                let _turn = super::write_turn(db).await;
                let mut tx = db.begin().await?;
                let answer = work(&mut tx).await?;
                tx.commit().await?;
                Ok(answer)
            }
            Writer::Grouped(queue, _) => {
                let outcome: Arc<Mutex<Option<ApiResult<T>>>> = Arc::default();
                let kept = outcome.clone();
                let work = queued(move |connection| {
                    let (work, kept) = (&work, kept.clone());
                    let run = work(connection);
                    Box::pin(async move {
                        let result = run.await;
                        let ok = result.is_ok();
                        *kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                        ok
                    })
                });
                let gone = || ApiError::Internal(anyhow::anyhow!("the database writer has stopped"));
                let (committed_to, committed) = oneshot::channel();
                queue.send(Queued { work, committed: committed_to }).map_err(|_| gone())?;
                let committed = committed.await.map_err(|_| gone())?;
                let result = outcome.lock().unwrap_or_else(|e| e.into_inner()).take();
                match (result, committed) {
                    // Refused: rolled back whatever happened to the others.
                    (Some(Err(refused)), _) => Err(refused),
                    (Some(Ok(value)), Ok(())) => Ok(value),
                    (_, Err(error)) => Err(ApiError::Internal(anyhow::anyhow!("the save was not committed: {error}"))),
                    (None, Ok(())) => Err(gone()),
                }
            }
        }
    }
}

/// Boxes a queued save's work (a closure's signature is only inferred as one for every connection's lifetime when
/// it is passed where that signature is asked for).
fn queued<F>(work: F) -> QueuedWork
where
    F: for<'c> Fn(&'c mut AnyConnection) -> BoxFuture<'c, bool> + Send + Sync + 'static,
{
    Box::new(work)
}

/// The writer's task: takes whatever saves are waiting (at most [`MOST_IN_A_COMMIT`]) and writes them in one
/// transaction; then tells each whether that transaction was committed.
async fn write_in_groups(
    db: Db,
    connection: AnyConnection,
    sqlite: bool,
    mut queue: mpsc::UnboundedReceiver<Queued>,
    largest: Arc<AtomicUsize>,
) {
    let mut connection = Some(connection);
    let mut group = Vec::with_capacity(MOST_IN_A_COMMIT);
    while queue.recv_many(&mut group, MOST_IN_A_COMMIT).await > 0 {
        let (works, committed): (Vec<_>, Vec<_>) = group.drain(..).map(|q| (q.work, q.committed)).unzip();
        let mut outcome = write_on(&db, &mut connection, &works, sqlite).await;
        if let Err(Failure::NotBegun(error)) = &outcome {
            // Nothing was written: the connection had gone (a database restart, an idle timeout). Once more, on a
            // new one.
            tracing::warn!(%error, "the write connection had gone: the group is written on a new one");
            connection = None;
            outcome = write_on(&db, &mut connection, &works, sqlite).await;
        }
        let outcome = outcome.map_err(|failure| match failure {
            Failure::NotBegun(error) | Failure::Failed(error) => error.to_string(),
        });
        match &outcome {
            Ok(()) => {
                largest.fetch_max(committed.len(), Ordering::Relaxed);
                metrics::histogram!(GROUP_SIZE).record(committed.len() as f64);
                tracing::debug!(saves = committed.len(), "a group of saves was committed");
            }
            Err(error) => {
                tracing::error!(%error, saves = committed.len(), "a group of saves was not committed");
                // The connection may be what failed: the next group is written on a new one.
                connection = None;
            }
        }
        for to in committed {
            let _ = to.send(outcome.clone());
        }
    }
}

/// Why a group was not committed: before anything of it was written, or after.
enum Failure {
    NotBegun(sqlx::Error),
    Failed(sqlx::Error),
}

/// Writes the group on `connection`, opening one first when there is none.
async fn write_on(
    db: &Db,
    connection: &mut Option<AnyConnection>,
    works: &[QueuedWork],
    sqlite: bool,
) -> Result<(), Failure> {
    if connection.is_none() {
        *connection = Some(write_connection(db).await.map_err(Failure::NotBegun)?);
    }
    let open = connection.as_mut().expect("opened above");
    write_group(open, works, sqlite).await
}

/// A connection of the pool's settings (`after_connect`), detached so that it no longer counts against its size.
async fn write_connection(db: &Db) -> Result<AnyConnection, sqlx::Error> {
    Ok(db.acquire().await?.detach())
}

async fn write_group(connection: &mut AnyConnection, works: &[QueuedWork], sqlite: bool) -> Result<(), Failure> {
    // SQLite's other write transactions in this server (outside the wizard's saves) take the same turns.
    let _turn = match sqlite {
        true => Some(super::sqlite_turn().await),
        false => None,
    };
    let tx = connection.begin().await.map_err(Failure::NotBegun)?;
    if all_written(tx, works).await.map_err(Failure::Failed)? {
        return Ok(());
    }
    tracing::debug!(saves = works.len(), "a save of the group was refused: the group is written again in savepoints");
    each_in_its_savepoint(connection, works).await.map_err(Failure::Failed)
}

/// Writes every save of the group and commits; false, everything rolled back, when a save was refused.
async fn all_written(mut tx: sqlx::Transaction<'_, sqlx::Any>, works: &[QueuedWork]) -> Result<bool, sqlx::Error> {
    for work in works {
        if !work(&mut tx).await {
            tx.rollback().await?;
            return Ok(false);
        }
    }
    tx.commit().await?;
    Ok(true)
}

/// Writes every save of the group in its own savepoint, so that a refused one undoes only itself, and commits.
async fn each_in_its_savepoint(connection: &mut AnyConnection, works: &[QueuedWork]) -> Result<(), sqlx::Error> {
    let mut tx = connection.begin().await?;
    for work in works {
        let mut savepoint = tx.begin().await?;
        if work(&mut savepoint).await {
            savepoint.commit().await?;
        } else {
            savepoint.rollback().await?;
        }
    }
    tx.commit().await
}
