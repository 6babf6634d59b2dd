//! Sessions: a signed, HttpOnly cookie issued on the first call, carrying a random id.
//!
//! The id is the only identity the api trusts. Enrollments are stored with the id of the session that created them
//! and every read and write filters on it, so an id sent by the browser never grants access by itself.

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::{Cookie, SameSite, SignedCookieJar};
use base64::Engine;
use rand::RngCore;

use crate::domain::session::Session;
use crate::error::ApiError;
use crate::state::AppState;

pub const COOKIE: &str = "enroll_session";

fn new_id() -> String {
    let mut bytes = [0u8; 24];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Middleware: finds the session in its signed cookie or starts one, and hands it to the handlers.
pub async fn layer(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let jar = SignedCookieJar::from_headers(request.headers(), state.cookie_key.clone());
    if let Some(cookie) = jar.get(COOKIE) {
        request.extensions_mut().insert(Session(cookie.value().to_string()));
        return next.run(request).await;
    }
    let id = new_id();
    request.extensions_mut().insert(Session(id.clone()));
    let cookie = Cookie::build((COOKIE, id))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.cookie_secure)
        .path("/")
        .build();
    let response = next.run(request).await;
    (jar.add(cookie), response).into_response()
}

impl<S: Send + Sync> FromRequestParts<S> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Session>()
            .cloned()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("session layer missing")))
    }
}
