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

async fn ready(State(state): State<AppState>) -> Response {
    match store::ready(&state.db).await {
        Ok(true) => Json(json!({ "status": "ready" })).into_response(),
        Ok(false) => (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "migrations pending" }))).into_response(),
        Err(error) => {
            tracing::warn!(error = %error, "readiness check failed");
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "database unavailable" }))).into_response()
        }
    }
}
