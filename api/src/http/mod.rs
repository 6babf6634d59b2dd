//! The HTTP layer every feature uses: the session, extractors that parse a request once at the edge (the enrollment
//! the session owns, JSON bodies answered in the error envelope when malformed), and the middleware stack.

pub mod encoding;
pub mod extract;
pub mod language;
pub mod listener;
pub mod middleware;
pub mod openapi;
pub mod routes;
pub mod session;
pub mod sync_middleware;
pub mod throttle;

/// A 303 to `to` from a page whose address carried a token (a sign-in link): the answer is not kept by any cache,
/// and the next page is not told the address it came from.
pub fn redirect_from_token_page(to: &'static str) -> axum::response::Response {
    use axum::http::{header, HeaderValue, StatusCode};
    use axum::response::IntoResponse;
    let mut response = StatusCode::SEE_OTHER.into_response();
    let headers = response.headers_mut();
    headers.insert(header::LOCATION, HeaderValue::from_static(to));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}
