//! The workflows' versions: every load of the workflow files, newest first, as the carrier's audit reads them.

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::ApiResult;
use crate::state::AppState;
use crate::store;

/// One load of the workflows.
#[derive(Serialize, JsonSchema)]
pub struct WorkflowLoad {
    /// Its place in the order of loads.
    seq: i64,
    /// The version loaded: the SHA-256 digest of its files' text.
    version: String,
    loaded_by: String,
    loaded_at: String,
    /// What enrollments in flight on other versions did: `stay` or `move`.
    in_flight: String,
    /// This load's version is the one new enrollments answer.
    current: bool,
}

/// Every load of the workflows, newest first; the first is the version new enrollments answer.
pub async fn loads(state: &AppState) -> ApiResult<Vec<WorkflowLoad>> {
    let loads = store::workflow::history(&state.db).await?;
    Ok(loads
        .into_iter()
        .enumerate()
        .map(|(i, row)| WorkflowLoad {
            seq: row.seq,
            version: row.hash,
            loaded_by: row.loaded_by,
            loaded_at: row.loaded_at,
            in_flight: row.in_flight,
            current: i == 0,
        })
        .collect())
}
