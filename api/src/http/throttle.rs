//! Throttles: how often one client may make a call that guesses a secret (an access code, a group code, a continue
//! code, a member link) or sends e-mail. Each throttled call has a keyed GCRA limiter (the governor crate) in this
//! process, keyed by the client's address ([`Client`], set by the middleware). A throttled call answers 429 in the
//! envelope with `Retry-After`.
//!
//! A guessing call counts only its misses (an unknown code answers 204, 404 or 422, wrong credentials 401): a person who types their own
//! code right is never held back, however often, and a guesser is stopped after so many wrong ones. A call that sends
//! e-mail counts every call.
//!
//! Limits are per replica; e-mail is also limited per destination in the database, which every replica shares.

use std::collections::{HashMap, VecDeque};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

/// The client a request comes from: the peer's address, or with `TRUST_PROXY` the first address of
/// `X-Forwarded-For`, which only a proxy in front of the server may set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client(pub String);

/// One throttle: so many calls (or misses) a minute per client and call.
#[derive(Clone)]
pub struct Throttle {
    /// Every call: a GCRA limiter with a burst of the whole minute's allowance.
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
    /// Misses only: when each key's misses of the last minute happened.
    misses: Option<Arc<Misses>>,
    per_minute: usize,
    /// What the calls are counted as, when several routes share one allowance (saving for later by the spec's call
    /// and by the step protocol); otherwise each route counts apart, by its template.
    name: Option<&'static str>,
}

const MINUTE: Duration = Duration::from_secs(60);

/// When each key's misses of the last minute happened.
type Misses = Mutex<HashMap<String, VecDeque<Instant>>>;

impl Throttle {
    /// Every call counts (calls that send e-mail).
    pub fn per_minute(calls: u32) -> Throttle {
        Throttle::new(calls, false)
    }

    /// Only wrong guesses count (calls that check a code or link).
    pub fn misses_per_minute(misses: u32) -> Throttle {
        Throttle::new(misses, true)
    }

    fn new(calls: u32, misses_only: bool) -> Throttle {
        let calls = NonZeroU32::new(calls).unwrap_or(NonZeroU32::MIN);
        Throttle {
            limiter: Arc::new(RateLimiter::keyed(Quota::per_minute(calls))),
            misses: misses_only.then(|| Arc::new(Mutex::new(HashMap::new()))),
            per_minute: calls.get() as usize,
            name: None,
        }
    }

    /// The same allowance for every route this throttle is layered on, counted under `name`.
    pub fn named(self, name: &'static str) -> Throttle {
        Throttle { name: Some(name), ..self }
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts.extensions.get::<Client>().cloned().unwrap_or_else(|| Client("unknown".into())))
    }
}

/// Reserves a miss for `key` before the call is answered, so that guesses sent at once are each counted: how long
/// `key` must wait instead, when its misses of the last minute (those still being answered included) are the limit.
/// The reservation is the instant returned; it is given back when the answer was not a miss.
fn reserve(misses: &Misses, key: &str, limit: usize) -> Result<Instant, Duration> {
    let mut misses = misses.lock().unwrap_or_else(|e| e.into_inner());
    let now = Instant::now();
    if misses.len() > 10_000 {
        misses.retain(|_, times| times.back().is_some_and(|t| now.duration_since(*t) < MINUTE));
    }
    let times = misses.entry(key.to_string()).or_default();
    while times.front().is_some_and(|t| now.duration_since(*t) >= MINUTE) {
        times.pop_front();
    }
    if times.len() >= limit {
        return Err(MINUTE - now.duration_since(*times.front().expect("not empty")));
    }
    times.push_back(now);
    Ok(now)
}

/// Gives a reservation back: the call was not a miss.
fn release(misses: &Misses, key: &str, reserved: Instant) {
    let mut misses = misses.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(times) = misses.get_mut(key) {
        if let Some(at) = times.iter().position(|t| *t == reserved) {
            times.remove(at);
        }
        if times.is_empty() {
            misses.remove(key);
        }
    }
}

/// An answer that says the code, link or credentials were wrong.
fn is_miss(status: StatusCode) -> bool {
    matches!(
        status,
        StatusCode::NO_CONTENT | StatusCode::NOT_FOUND | StatusCode::UNPROCESSABLE_ENTITY | StatusCode::UNAUTHORIZED
    )
}

fn throttled(wait: Duration) -> Response {
    ApiError::Throttled { retry_after: wait.as_secs().max(1) }.into_response()
}

/// The middleware of a throttled route: `from_fn_with_state(throttle, throttle::check)`. A client's calls are counted
/// per route (its template, `/direct-continue/{token}`), so each new token or code is not a fresh allowance.
pub async fn check(State(throttle): State<Throttle>, request: Request, next: Next) -> Response {
    let client = request.extensions().get::<Client>().map(|c| c.0.as_str()).unwrap_or("unknown");
    let route = request.extensions().get::<MatchedPath>().map(MatchedPath::as_str).unwrap_or(request.uri().path());
    let key = format!("{client} {}", throttle.name.unwrap_or(route));
    let Some(misses) = &throttle.misses else {
        return match throttle.limiter.check_key(&key) {
            Ok(()) => next.run(request).await,
            Err(not_until) => throttled(not_until.wait_time_from(DefaultClock::default().now())),
        };
    };
    let reserved = match reserve(misses, &key, throttle.per_minute) {
        Ok(reserved) => reserved,
        Err(wait) => return throttled(wait),
    };
    let response = next.run(request).await;
    if !is_miss(response.status()) {
        release(misses, &key, reserved);
    }
    response
}
