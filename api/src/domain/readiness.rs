//! Whether this replica is ready for visitors, as a load balancer asks (`GET /readyz`).

use crate::state::AppState;
use crate::store;

/// How long the readiness probe waits for the database: a load balancer asks often and must hear quickly.
const READY_WITHIN: std::time::Duration = std::time::Duration::from_millis(1500);

/// Why a replica is not ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotReady {
    /// On its way out: the balancer stops sending it visitors.
    Draining,
    /// The database lacks a migration this binary knows.
    MigrationsPending,
    /// The database cannot take a write (a full disk).
    StorageFull,
    /// The database did not answer, or not in time.
    DatabaseUnavailable,
}

impl NotReady {
    /// The word the probe answers.
    pub fn status(self) -> &'static str {
        match self {
            NotReady::Draining => "draining",
            NotReady::MigrationsPending => "migrations pending",
            NotReady::StorageFull => "storage full",
            NotReady::DatabaseUnavailable => "database unavailable",
        }
    }
}

/// Ready: the replica is not on its way out, and the database answers within [`READY_WITHIN`], carries every
/// migration, and takes a write (a full disk makes the server not ready until writes succeed again).
pub async fn check(state: &AppState) -> Result<(), NotReady> {
    // A replica on its way out is not ready, whatever its database says.
    if state.lifecycle.is_draining() {
        return Err(NotReady::Draining);
    }
    let probe = async {
        if !store::ready(&state.db).await? {
            return Ok::<_, anyhow::Error>(Some(NotReady::MigrationsPending));
        }
        store::write_probe(&state.db).await?;
        Ok(None)
    };
    match tokio::time::timeout(READY_WITHIN, probe).await {
        Ok(Ok(None)) => Ok(()),
        Ok(Ok(Some(pending))) => Err(pending),
        Ok(Err(error)) if crate::error::is_storage_full(&error) => {
            tracing::warn!(error = %error, "readiness check failed: the database cannot take a write");
            Err(NotReady::StorageFull)
        }
        Ok(Err(error)) => {
            tracing::warn!(error = %error, "readiness check failed");
            Err(NotReady::DatabaseUnavailable)
        }
        Err(_) => {
            tracing::warn!("readiness check failed: the database did not answer in time");
            Err(NotReady::DatabaseUnavailable)
        }
    }
}
