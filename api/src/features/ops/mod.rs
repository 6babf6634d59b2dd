//! Probes for whoever runs the store: `GET /healthz` (the process answers) and `GET /readyz` (the database answers
//! and carries every migration this binary knows). They sit at the root, outside `/api/v1`, and start no session.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use crate::state::{AppState, Live};
use crate::store;

pub fn routes() -> Router<Live> {
    Router::new().route("/healthz", get(alive)).route("/readyz", get(ready))
}

async fn alive() -> Response {
    Json(json!({ "status": "alive" })).into_response()
}

/// How long the readiness probe waits for the database: a load balancer asks often and must hear quickly.
const READY_WITHIN: std::time::Duration = std::time::Duration::from_millis(1500);

/// Ready: the database answers within [`READY_WITHIN`], carries every migration, and takes a write (a full disk makes
/// the server not ready until writes succeed again).
async fn ready(State(state): State<AppState>) -> Response {
    let unavailable =
        |status: &str| (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": status }))).into_response();
    let probe = async {
        if !store::ready(&state.db).await? {
            return Ok::<_, anyhow::Error>(Some("migrations pending"));
        }
        store::write_probe(&state.db).await?;
        Ok(None)
    };
    match tokio::time::timeout(READY_WITHIN, probe).await {
        Ok(Ok(None)) => Json(json!({ "status": "ready" })).into_response(),
        Ok(Ok(Some(pending))) => unavailable(pending),
        Ok(Err(error)) if crate::error::is_storage_full(&error) => {
            tracing::warn!(error = %error, "readiness check failed: the database cannot take a write");
            unavailable("storage full")
        }
        Ok(Err(error)) => {
            tracing::warn!(error = %error, "readiness check failed");
            unavailable("database unavailable")
        }
        Err(_) => {
            tracing::warn!("readiness check failed: the database did not answer in time");
            unavailable("database unavailable")
        }
    }
}
