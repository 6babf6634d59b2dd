//! Probes for whoever runs the store: `GET /healthz` (the process answers) and `GET /readyz` (the replica is not on
//! its way out, and the database answers and carries every migration this binary knows). They sit at the root, outside `/api/v1`, and start no session.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use crate::domain::readiness;
use crate::state::{AppState, Live};

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

/// Ready: see [`readiness::check`]; 503 with what is not ready otherwise.
async fn ready(State(state): State<AppState>) -> Response {
    match readiness::check(&state).await {
        Ok(()) => Json(json!({ "status": "ready" })).into_response(),
        Err(not_ready) => {
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": not_ready.status() }))).into_response()
        }
    }
}
