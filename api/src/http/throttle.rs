//! Throttles: how often one client may make a call that guesses a secret (an access code, a group code, a continue
//! code, a member link) or sends e-mail. Each throttled call has a keyed GCRA limiter (the governor crate) in this
//! process, keyed by the client's address ([`Client`], set by the middleware). A throttled call answers 429 in the
//! envelope with `Retry-After`.
//!
//! Limits are per replica; e-mail is also limited per destination in the database, which every replica shares.

use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

/// The client a request comes from: the peer's address, or with `TRUST_PROXY` the first address of
/// `X-Forwarded-For`, which only a proxy in front of the server may set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client(pub String);

/// One throttle: so many calls a minute per client and call, with a burst of as many.
#[derive(Clone)]
pub struct Throttle {
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
}

impl Throttle {
    pub fn per_minute(calls: u32) -> Throttle {
        let calls = NonZeroU32::new(calls).unwrap_or(NonZeroU32::MIN);
        Throttle { limiter: Arc::new(RateLimiter::keyed(Quota::per_minute(calls))) }
    }
}

/// The middleware of a throttled route: `from_fn_with_state(throttle, throttle::check)`.
pub async fn check(State(throttle): State<Throttle>, request: Request, next: Next) -> Response {
    let client = request.extensions().get::<Client>().map(|c| c.0.as_str()).unwrap_or("unknown");
    let key = format!("{client} {}", request.uri().path());
    match throttle.limiter.check_key(&key) {
        Ok(()) => next.run(request).await,
        Err(not_until) => {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::Throttled { retry_after: wait.as_secs().max(1) }.into_response()
        }
    }
}
