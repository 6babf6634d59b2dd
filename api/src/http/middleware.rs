//! The production middleware: what every answer gets (request id, security headers, compression), what every
//! request is held to (a body limit, a time limit), and the error envelope for the refusals the stack itself makes
//! (413, 408, 405, a panic), so that a client never sees a plain-text error from the API.

use std::convert::Infallible;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower::{Service, ServiceBuilder};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::config::{BODY_LIMIT, MOST_URI_BYTES};
use crate::error::ApiError;
use crate::http::listener::PeerAddr;
use crate::http::routes::{RouteNames, RouteTemplates};
use crate::http::sync_middleware::{Step, StepLayer};
use crate::http::throttle::Client;

/// How long one request may take before it is answered 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The renderer's policy: scripts and styles from the store's own origin only, images also as data: and blob: URLs
/// (the signature pad's drawing, the catalogue's logos), no plugins, no framing by other sites. Scripts may use eval:
/// the forms' validator (ajv) compiles each step's JSON Schema, which the server sends at run time, into a function;
/// inline scripts stay forbidden, so injected markup still cannot run script.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'self'";

/// Hashed bundle files never change under their name.
pub const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
/// index.html names the current bundle: always revalidated.
pub const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");
/// API answers carry personal data and quotes priced for one person: never kept by a cache.
pub const NO_STORE: HeaderValue = HeaderValue::from_static("no-store");

/// Wraps the whole application: request id, trace span, panic catcher, compression, security headers, time limit,
/// and who the client is (for the throttles). A request that runs past `time_limit` (the server's is
/// [`REQUEST_TIMEOUT`]) is answered 408.
///
/// The layers wrap the router once, as one service, and the result is a router whose only route is that service.
/// `Router::layer` would wrap each of the ~70 routes in each layer instead, every level boxed: a request then cloned
/// the chain of boxes of its route (an allocation per layer) before it was answered, some 5% of a listing's CPU.
pub fn around_everything(
    app: Router,
    hsts: bool,
    trust_proxy: bool,
    time_limit: Duration,
    routes: std::sync::Arc<RouteTemplates>,
) -> Router {
    // HSTS only where the store is reached over HTTPS (COOKIE_SECURE says so): over plain HTTP it would lock a
    // development browser out of localhost.
    let hsts = hsts.then(|| {
        SetResponseHeaderLayer::overriding(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=63072000; includeSubDomains"),
        )
    });
    // The outermost layer first.
    let stack = ServiceBuilder::new()
        // Each request is answered in its person's language, by whichever layer answers it.
        .layer(crate::http::language::SpeakLayer)
        // A client's request id is kept only when it is short and plain; otherwise the server makes one.
        .layer(StepLayer(PlainRequestId))
        .map_response(IntoResponse::into_response)
        .layer(SetRequestIdLayer::new(REQUEST_ID, RandomRequestId))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        // What /metrics reports of each answer (refusals of too long an address included). It names the request's
        // route once, for itself and for the access log below.
        .layer(StepLayer(Measure { routes }))
        .map_response(IntoResponse::into_response)
        // The access log: one line per answer with the request's id, method and route (its template, never its path
        // or query, which can carry a token, an e-mail address or a phone number), the status and the time taken.
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(move |request: &Request<Body>| {
                    let id = request.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok());
                    let route = request.extensions().get::<LogName>().map_or("", |name| name.0.as_str());
                    let span = tracing::info_span!(
                        "request",
                        id = %id.unwrap_or_default(),
                        method = %request.method(),
                        route = %route,
                        otel.status_code = tracing::field::Empty,
                    );
                    // With traces on (services::traces), a request a proxy or collector traced joins its trace.
                    crate::services::traces::join_callers_trace(&span, request.headers());
                    span
                })
                .on_response(|response: &Response, latency: Duration, span: &tracing::Span| {
                    if response.status().is_server_error() {
                        span.record("otel.status_code", "ERROR");
                    }
                    tracing::info!(
                        status = response.status().as_u16(),
                        duration_ms = latency.as_millis() as u64,
                        "access"
                    );
                }),
        )
        // An address over the limit is refused before anything else reads it (414), and logged by its bounded name.
        .layer(StepLayer(RefuseLongUri))
        .option_layer(hsts)
        // (A page that must not pass its address on, the rep's hand-off link, sets a stricter policy of its own.)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN")))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        // The layers above take axum's body: a layer that changes the body's type is followed by the conversion.
        .map_response(IntoResponse::into_response)
        .layer(CompressionLayer::new().gzip(true).br(true))
        .layer(StepLayer(RefusalsInTheEnvelope))
        .map_response(IntoResponse::into_response)
        .layer(CatchPanicLayer::custom(|_| ApiError::Internal(anyhow::anyhow!("a handler panicked")).into_response()))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, time_limit))
        .layer(StepLayer(NameTheClient { trust_proxy }))
        .service(app);
    Router::new().fallback_service(stack)
}

/// The longest request id kept from a client (a proxy's); longer, or with other characters, it is replaced.
pub const MOST_REQUEST_ID_CHARS: usize = 64;

/// Drops a client's `X-Request-Id` that is longer than [`MOST_REQUEST_ID_CHARS`] or holds anything but letters,
/// digits, `-`, `_` and `.`: every log line of the request repeats it, and the answer echoes it.
#[derive(Clone, Copy)]
struct PlainRequestId;

impl Step for PlainRequestId {
    type Carry = ();

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<(), Response> {
        let plain = request.headers().get(&REQUEST_ID).is_none_or(|id| {
            let id = id.as_bytes();
            !id.is_empty()
                && id.len() <= MOST_REQUEST_ID_CHARS
                && id.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        });
        if !plain {
            request.headers_mut().remove(&REQUEST_ID);
        }
        Ok(())
    }
}

/// Refuses a request whose path and query are over [`MOST_URI_BYTES`] (414 in the envelope): no call or page needs
/// one, and each unique long path would otherwise cost memory and log space.
#[derive(Clone, Copy)]
struct RefuseLongUri;

impl Step for RefuseLongUri {
    type Carry = ();

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<(), Response> {
        let length = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
        if length > MOST_URI_BYTES {
            return Err(ApiError::UriTooLong.into_response());
        }
        Ok(())
    }
}

/// Counts each answer by its route, method and status, and times it, for /metrics (`services::metrics`); a request
/// being answered counts as in flight until its answer is made or it is dropped. It leaves the route's name in the log
/// in the request's extensions ([`LogName`]), so the path is matched against the templates once.
#[derive(Clone)]
struct Measure {
    routes: std::sync::Arc<RouteTemplates>,
}

/// A request's route as the access log names it (`RouteNames::log`).
#[derive(Clone)]
struct LogName(String);

/// A request in flight, counted off when its answer is made or the request is dropped (the client went away).
struct InFlight;

impl InFlight {
    fn start() -> InFlight {
        crate::services::metrics::in_flight(1.0);
        InFlight
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        crate::services::metrics::in_flight(-1.0);
    }
}

impl Step for Measure {
    type Carry = (String, &'static str, std::time::Instant, InFlight);

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<Self::Carry, Response> {
        use axum::http::Method;
        // Methods outside HTTP's own are counted together: a label never takes what a client makes up.
        let method = match *request.method() {
            Method::GET => "GET",
            Method::POST => "POST",
            Method::PUT => "PUT",
            Method::DELETE => "DELETE",
            Method::PATCH => "PATCH",
            Method::HEAD => "HEAD",
            Method::OPTIONS => "OPTIONS",
            _ => "other",
        };
        let RouteNames { log, label } = self.routes.names(request.uri().path());
        request.extensions_mut().insert(LogName(log));
        Ok((label, method, std::time::Instant::now(), InFlight::start()))
    }

    fn after((route, method, started, in_flight): Self::Carry, response: Response) -> Response {
        crate::services::metrics::answered(route, method, response.status(), started.elapsed().as_secs_f64());
        drop(in_flight);
        response
    }
}

/// A request without an id (from a proxy) gets a random UUID (version 4) as its id. tower-http's own asks the
/// operating system for each id's randomness (a system call per request); this one takes it from the thread's
/// generator, seeded from the operating system.
#[derive(Clone, Copy)]
struct RandomRequestId;

impl MakeRequestId for RandomRequestId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let mut bytes: [u8; 16] = rand::random();
        bytes[6] = (bytes[6] & 0x0f) | 0x40;
        bytes[8] = (bytes[8] & 0x3f) | 0x80;
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut id = Vec::with_capacity(36);
        for (i, byte) in bytes.iter().enumerate() {
            if matches!(i, 4 | 6 | 8 | 10) {
                id.push(b'-');
            }
            id.extend([HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0x0f)]]);
        }
        HeaderValue::from_maybe_shared(axum::body::Bytes::from(id)).ok().map(RequestId::new)
    }
}

/// Names the client of a request once: the peer's address, or behind a trusted proxy the first address of
/// X-Forwarded-For (the client's own, as the proxy saw it).
#[derive(Clone)]
struct NameTheClient {
    trust_proxy: bool,
}

impl Step for NameTheClient {
    type Carry = ();

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<(), Response> {
        let forwarded = self
            .trust_proxy
            .then(|| request.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok()))
            .flatten()
            .and_then(|v| v.split(',').next())
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty());
        let peer = request.extensions().get::<ConnectInfo<PeerAddr>>().map(|c| c.0 .0.ip().to_string());
        let client = Client(forwarded.or(peer).unwrap_or_else(|| "unknown".into()));
        request.extensions_mut().insert(client);
        Ok(())
    }
}

/// The API's body limit: a declared length over the limit is refused before a byte is read; a body that turns out
/// longer (no length declared) is cut off by the extractors at the same limit. And a request another site made the
/// browser send is refused ([`RefuseCrossSite`]). Each of the API's roots is wrapped once, as one service (see
/// [`around_everything`]), which the application nests under the root's path.
pub fn api_limits<S>(
    api: S,
) -> impl Service<Request, Response = Response, Error = Infallible, Future: Send> + Clone + Send + Sync + 'static
where
    S: Service<Request, Response = Response, Error = Infallible, Future: Send> + Clone + Send + Sync + 'static,
{
    ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, NO_STORE))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(StepLayer(RefuseCrossSite))
        .layer(StepLayer(RefuseDeclaredOversize))
        .service(api)
}

#[derive(Clone)]
struct RefuseDeclaredOversize;

impl Step for RefuseDeclaredOversize {
    type Carry = ();

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<(), Response> {
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
            return Err(ApiError::TooLarge.into_response());
        }
        Ok(())
    }
}

pub const CROSS_SITE: &str = "This request came from another site and was refused.";

/// Refuses an API request that another site made the browser send (cross-site request forgery): one marked
/// `Sec-Fetch-Site: cross-site`, or one whose `Origin` is not this host. The renderer is served from the same origin
/// and the API allows no CORS, so no legitimate page ever sends either; clients outside a browser send neither.
/// Every call is covered, not only the state-changing ones, because several of the spec's GETs change state
/// (`validate-agent`, `remove-plan-from-cart`, a step visited).
#[derive(Clone)]
struct RefuseCrossSite;

impl Step for RefuseCrossSite {
    type Carry = ();

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<(), Response> {
        if from_another_site(request.headers()) {
            return Err(ApiError::Forbidden(CROSS_SITE.into()).into_response());
        }
        Ok(())
    }
}

fn from_another_site(headers: &header::HeaderMap) -> bool {
    let header = |name: &header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let cross_site = header(&HeaderName::from_static("sec-fetch-site")) == Some("cross-site");
    let foreign_origin = match (header(&header::ORIGIN), header(&header::HOST)) {
        (Some(origin), Some(host)) => origin.split_once("://").map(|(_, authority)| authority) != Some(host),
        (Some(_), None) => true,
        (None, _) => false,
    };
    cross_site || foreign_origin
}

/// The words for a refusal made by the stack rather than a handler.
fn refusal(status: StatusCode) -> Option<ApiError> {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => Some(ApiError::TooLarge),
        StatusCode::REQUEST_TIMEOUT => Some(ApiError::TimedOut),
        StatusCode::METHOD_NOT_ALLOWED => Some(ApiError::MethodNotAllowed),
        _ => None,
    }
}

/// An error answer of the API that is not already the JSON envelope (axum's 405, the timeout's empty 408) is given
/// the envelope, keeping its status and headers (a 405 keeps its Allow header).
#[derive(Clone)]
struct RefusalsInTheEnvelope;

impl Step for RefusalsInTheEnvelope {
    /// Whether the request was the API's.
    type Carry = bool;

    #[allow(clippy::result_large_err)]
    fn before(&self, request: &mut Request) -> Result<bool, Response> {
        let path = request.uri().path();
        Ok(path.starts_with("/api/") || path.starts_with("/benefit/"))
    }

    fn after(api: bool, response: Response) -> Response {
        let is_json = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if !api || is_json || !(response.status().is_client_error() || response.status().is_server_error()) {
            return response;
        }
        let Some(error) = refusal(response.status()) else {
            return response;
        };
        let (mut parts, _) = response.into_parts();
        let enveloped = error.into_response();
        parts.headers.remove(header::CONTENT_LENGTH);
        let (new_parts, body) = enveloped.into_parts();
        parts.headers.insert(header::CONTENT_TYPE, new_parts.headers[header::CONTENT_TYPE].clone());
        Response::from_parts(parts, body)
    }
}
