//! Probes for whoever runs the store: `GET /healthz` (the process answers) and `GET /readyz` (the replica is not on
//! its way out, and the database answers and carries every migration this binary knows). They sit at the root, outside `/api/v1`, and start no session.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use crate::state::{AppState, Live};
use crate::store;

pub fn routes() -> Router<Live> {
    Router::new().route("/healthz", get(alive)).route("/readyz", get(ready)).route("/metrics", get(metrics))
}

/// The store's measures in the Prometheus text format (`services::metrics`), for its operators only (see
/// [`crate::config::MetricsAccess`]): anyone else is refused.
async fn metrics(State(state): State<AppState>, request: axum::extract::Request) -> Response {
    // The connection's peer (none for a request that came through no connection, which is not local).
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<crate::http::listener::PeerAddr>>()
        .map(|info| info.0 .0.ip());
    if !peer.is_some_and(|peer| may_read_metrics(&state.metrics_access, peer, request.headers())) {
        return crate::error::ApiError::Forbidden("This page is for the store's operators.".into()).into_response();
    }
    let text = crate::services::metrics::render(&state.db).await;
    ([(axum::http::header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text).into_response()
}

/// Whether a caller may read /metrics: with the configured credentials, or from an allowed address. A caller on this
/// machine counts only when no proxy relayed it (a balancer on the same machine would otherwise let everyone in).
fn may_read_metrics(
    access: &crate::config::MetricsAccess,
    peer: std::net::IpAddr,
    headers: &axum::http::HeaderMap,
) -> bool {
    if let Some(expected) = &access.authorization {
        if headers.contains_key(axum::http::header::AUTHORIZATION) {
            return crate::services::crypto::authorization_is(headers, expected);
        }
    }
    let relayed = headers.contains_key("x-forwarded-for") || headers.contains_key(axum::http::header::FORWARDED);
    access.allow.contains(&peer) || (peer.is_loopback() && !relayed)
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
    // A replica on its way out is not ready, whatever its database says: the balancer stops sending it visitors.
    if state.lifecycle.is_draining() {
        return unavailable("draining");
    }
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
