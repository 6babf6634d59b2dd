//! Sessions: a signed, HttpOnly cookie issued on the first call, carrying a random id and two times.
//!
//! The id is the only identity the api trusts. Enrollments are stored with the id of the session that created them
//! and every read and write filters on it, so an id sent by the browser never grants access by itself.
//!
//! A session ends after [`IDLE_LIMIT`] without a call and, whatever happens, [`LIFETIME`] after it started: the
//! cookie carries when it was issued and when it was last used (signed, so they cannot be moved), and the last-use
//! time is renewed at most once a minute. An ended, tampered or unreadable cookie is replaced by a new session; the
//! person resumes an enrollment with its continue code. A tampered cookie is logged (never its value).

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::response::Response;
use axum_extra::extract::cookie::{Cookie, SameSite};
use base64::Engine;
use rand::RngCore;

use crate::domain::session::Session;
use crate::error::ApiError;
use crate::http::sync_middleware::Step;

pub const COOKIE: &str = "enroll_session";

/// A session unused this long has ended. Long enough for a person to gather documents mid-application.
pub const IDLE_LIMIT: chrono::Duration = chrono::Duration::hours(2);
/// A session ends this long after it started, however busy.
pub const LIFETIME: chrono::Duration = chrono::Duration::hours(24);
/// The last-use time is rewritten at most this often, so most answers carry no new cookie.
const RENEW_AFTER: i64 = 60;

fn new_id() -> String {
    let mut bytes = [0u8; 24];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// A session cookie's contents: `v1.{id}.{issued}.{last used}`, times in seconds since the epoch.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionCookie {
    pub id: String,
    pub issued: i64,
    pub last_used: i64,
}

impl SessionCookie {
    pub fn value(&self) -> String {
        format!("v1.{}.{}.{}", self.id, self.issued, self.last_used)
    }

    fn parse(value: &str) -> Option<SessionCookie> {
        let mut parts = value.split('.');
        let (Some("v1"), Some(id), Some(issued), Some(last_used), None) =
            (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        Some(SessionCookie { id: id.to_string(), issued: issued.parse().ok()?, last_used: last_used.parse().ok()? })
    }

    fn alive_at(&self, now: i64) -> bool {
        now - self.last_used < IDLE_LIMIT.num_seconds() && now - self.issued < LIFETIME.num_seconds()
    }
}

/// What the session layer needs of the state: the key cookies are signed with, and whether they are sent over HTTPS
/// only. Neither changes while the server runs (the layer holds these, not the whole state, which a reload replaces).
#[derive(Clone)]
pub struct CookieSettings {
    pub key: axum_extra::extract::cookie::Key,
    pub secure: bool,
}

fn session_cookie(secure: bool, session: &SessionCookie) -> Cookie<'static> {
    Cookie::build((COOKIE, session.value())).http_only(true).same_site(SameSite::Lax).secure(secure).path("/").build()
}

/// `cookie` signed with `key`, as a `Set-Cookie` value.
fn signed_set_cookie(key: &cookie::Key, cookie: Cookie<'static>) -> Option<HeaderValue> {
    let mut jar = cookie::CookieJar::new();
    jar.signed_mut(key).add(cookie);
    jar.delta().next().and_then(|c| HeaderValue::from_str(&c.encoded().to_string()).ok())
}

/// The session cookie the request carries (the last one, as a cookie jar keeps it, when a browser sends two), whether
/// its signature holds or not; the other cookies are not parsed.
fn session_cookie_sent(request: &Request) -> Option<Cookie<'static>> {
    request
        .headers()
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .map(str::trim)
        .filter(|c| c.strip_prefix(COOKIE).is_some_and(|rest| rest.starts_with('=')))
        .filter_map(|c| Cookie::parse_encoded(c.to_string()).ok())
        .next_back()
}

/// The session the request's cookie names, when its signature holds and it has not ended (for a page the server
/// answers outside the API, which the session layer does not wrap).
pub fn session_sent(key: &cookie::Key, request: &Request) -> Option<Session> {
    let now = chrono::Utc::now().timestamp();
    let signed = session_cookie_sent(request).and_then(|c| cookie::CookieJar::new().signed(key).verify(c))?;
    SessionCookie::parse(signed.value()).filter(|s| s.alive_at(now)).map(|s| Session(s.id))
}

/// A session that gains a role (a rep signs in, a code is confirmed, an administrator's link is opened) continues
/// under a new id: whoever saw the old id (a shared computer, a log, a proxy) holds nothing. The caller moves the
/// session's rows to `session` in the store, then answers [`WithSession`].
pub struct Renewed {
    pub session: Session,
    set_cookie: Option<HeaderValue>,
}

impl Renewed {
    pub fn new(key: &cookie::Key, secure: bool) -> Renewed {
        let now = chrono::Utc::now().timestamp();
        let cookie = SessionCookie { id: new_id(), issued: now, last_used: now };
        let set_cookie = signed_set_cookie(key, session_cookie(secure, &cookie));
        Renewed { session: Session(cookie.id), set_cookie }
    }
}

/// Marks an answer that carries a renewed session's cookie: the session layer leaves the cookie alone.
#[derive(Clone, Copy)]
struct SessionRenewed;

/// An answer given with a renewed session's cookie.
pub struct WithSession<T>(pub Renewed, pub T);

impl<T: axum::response::IntoResponse> axum::response::IntoResponse for WithSession<T> {
    fn into_response(self) -> Response {
        let mut response = self.1.into_response();
        if let Some(value) = self.0.set_cookie {
            response.headers_mut().append(axum::http::header::SET_COOKIE, value);
        }
        response.extensions_mut().insert(SessionRenewed);
        response
    }
}

/// Middleware: finds the session in its signed cookie or starts one, and hands it to the handlers; the answer carries
/// the cookie anew when the session started or its last-use time moved.
impl Step for CookieSettings {
    /// The `Set-Cookie` value, when the cookie changed.
    type Carry = Option<HeaderValue>;

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<Self::Carry, Response> {
        let now = chrono::Utc::now().timestamp();
        let sent = session_cookie_sent(request);
        let was_sent = sent.is_some();
        let signed = sent.and_then(|c| cookie::CookieJar::new().signed(&self.key).verify(c));
        if signed.is_none() && was_sent {
            tracing::warn!("a session cookie failed its signature check; a new session was started");
        }
        let found = signed.and_then(|c| SessionCookie::parse(c.value())).filter(|s| s.alive_at(now));
        let (session, renew) = match found {
            Some(s) if now - s.last_used < RENEW_AFTER => (s, false),
            Some(s) => (SessionCookie { last_used: now, ..s }, true),
            None => (SessionCookie { id: new_id(), issued: now, last_used: now }, true),
        };
        let set_cookie = renew.then(|| signed_set_cookie(&self.key, session_cookie(self.secure, &session))).flatten();
        request.extensions_mut().insert(Session(session.id));
        Ok(set_cookie)
    }

    fn after(set_cookie: Option<HeaderValue>, mut response: Response) -> Response {
        // An answer that renewed the session carries the new session's cookie, which must stay the last word.
        if response.extensions().get::<SessionRenewed>().is_some() {
            return response;
        }
        if let Some(value) = set_cookie {
            response.headers_mut().append(axum::http::header::SET_COOKIE, value);
        }
        response
    }
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
