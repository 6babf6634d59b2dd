//! Optional traces over OTLP: each request's span (its route's template, method, status) and the spans of the work
//! inside it (pricing the cart, checking the answers, exchanging a card for the gateway's token, the commit), sent to
//! an OpenTelemetry collector as OTLP over HTTP (protobuf). Off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; then a request that arrives with a W3C `traceparent` (from a proxy or
//! a collector's agent in front) joins its caller's trace.
//!
//! A span carries what the access log does and no more: never a path, a query, a body, an id of a person, a code or a
//! token (the spans inside requests are made with `skip_all`).
//!
//! The exporter posts from the SDK's own batch thread, which runs no async runtime: it hands each post to a small
//! runtime of its own ([`Posting`]), so exporting never waits on, or for, the server's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_http::{Bytes, HttpClient, HttpError, Request, Response};
use opentelemetry_otlp::{WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::trace::SdkTracerProvider;

/// Whether traces are being sent (so a request's span looks for a caller's `traceparent` only then).
static ON: AtomicBool = AtomicBool::new(false);

/// How long a post to the collector may take before the batch is given up (and logged).
const POST_TIMEOUT: Duration = Duration::from_secs(10);

/// Where traces go and under what name: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the whole address), or else
/// `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces` added (OpenTelemetry's own settings), and `OTEL_SERVICE_NAME`
/// (`enroll`). Unset: no traces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracesSettings {
    pub endpoint: String,
    pub service_name: String,
}

impl TracesSettings {
    pub fn from_env() -> anyhow::Result<Option<TracesSettings>> {
        TracesSettings::from_vars(|name| std::env::var(name).ok())
    }

    fn from_vars(read: impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<TracesSettings>> {
        let var = |name: &str| read(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let endpoint = match (var("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"), var("OTEL_EXPORTER_OTLP_ENDPOINT")) {
            (Some(whole), _) => whole,
            (None, Some(base)) => format!("{}/v1/traces", base.trim_end_matches('/')),
            (None, None) => return Ok(None),
        };
        if !endpoint.starts_with("http://") {
            anyhow::bail!(
                "OTEL_EXPORTER_OTLP_ENDPOINT: {endpoint} is not an http:// address; traces go to a collector on this \
                 machine or its network (which may forward them over TLS), see docs/OPERATIONS.md"
            );
        }
        let service_name = var("OTEL_SERVICE_NAME").unwrap_or_else(|| "enroll".into());
        Ok(Some(TracesSettings { endpoint, service_name }))
    }
}

/// Whether traces are being sent.
pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// The tracer's provider, kept by whoever installed the layer: dropping it (or [`Traces::flush`]) sends what is left.
pub struct Traces {
    provider: SdkTracerProvider,
}

impl Traces {
    /// The exporter for `settings`, and the tracing layer that feeds it the store's spans (its own and tower-http's,
    /// at `info`; never a dependency's debug spans).
    pub fn start<S>(settings: &TracesSettings) -> anyhow::Result<(Traces, impl tracing_subscriber::Layer<S>)>
    where
        S: tracing::Subscriber + for<'span> tracing_subscriber::registry::LookupSpan<'span>,
    {
        use tracing_subscriber::Layer as _;
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_protocol(opentelemetry_otlp::Protocol::HttpBinary)
            .with_endpoint(settings.endpoint.clone())
            .with_timeout(POST_TIMEOUT)
            .with_http_client(Posting::new()?)
            .build()?;
        let resource = opentelemetry_sdk::Resource::builder().with_service_name(settings.service_name.clone()).build();
        let provider = SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource).build();
        let tracer = provider.tracer("enroll");
        opentelemetry::global::set_text_map_propagator(opentelemetry_sdk::propagation::TraceContextPropagator::new());
        let which = tracing_subscriber::filter::Targets::new()
            .with_target("api", tracing::Level::INFO)
            .with_target("tower_http", tracing::Level::INFO);
        let layer = tracing_opentelemetry::layer().with_tracer(tracer).with_filter(which);
        ON.store(true, Ordering::Relaxed);
        Ok((Traces { provider }, layer))
    }

    /// Sends every span ended so far, and waits for the collector's answer.
    pub fn flush(&self) -> anyhow::Result<()> {
        self.provider.force_flush()?;
        Ok(())
    }
}

impl Drop for Traces {
    fn drop(&mut self) {
        if let Err(error) = self.provider.shutdown() {
            tracing::warn!(%error, "the last traces were not sent");
        }
    }
}

/// Makes `span` (a request's) a child of the caller's trace when the request carries a W3C `traceparent`.
pub fn join_callers_trace(span: &tracing::Span, headers: &axum::http::HeaderMap) {
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;
    if !on() || !headers.contains_key("traceparent") {
        return;
    }
    let caller = opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.extract(&opentelemetry_http::HeaderExtractor(headers))
    });
    let _ = span.set_parent(caller);
}

/// The exporter's HTTP client: hyper's, driven by a runtime of its own (one thread), as the SDK posts from a thread
/// without one.
#[derive(Debug, Clone)]
struct Posting {
    client: opentelemetry_http::hyper::HyperClient,
    runtime: &'static tokio::runtime::Runtime,
}

/// The runtime posts run on, one for the process: it lives as long as the process (a runtime may not be dropped from
/// within another's task, where the last exporter could be dropped).
static POSTING: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();

impl Posting {
    fn new() -> anyhow::Result<Posting> {
        if POSTING.get().is_none() {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("traces")
                .enable_all()
                .build()?;
            let _ = POSTING.set(runtime);
        }
        let runtime = POSTING.get().expect("set above");
        // Made inside the runtime: hyper's pool keeps its connections on it.
        let client = {
            let _inside = runtime.enter();
            opentelemetry_http::hyper::HyperClient::with_default_connector(POST_TIMEOUT, None)
        };
        Ok(Posting { client, runtime })
    }
}

#[async_trait::async_trait]
impl HttpClient for Posting {
    async fn send_bytes(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
        let client = self.client.clone();
        self.runtime.spawn(async move { client.send_bytes(request).await }).await?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traces_are_off_unless_an_endpoint_is_set_and_go_only_to_a_plain_http_collector() {
        let with = |pairs: &'static [(&'static str, &'static str)]| {
            TracesSettings::from_vars(|name| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()))
        };
        assert_eq!(with(&[]).unwrap(), None);
        assert_eq!(with(&[("OTEL_EXPORTER_OTLP_ENDPOINT", " ")]).unwrap(), None);
        let base = with(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318/")]).unwrap().unwrap();
        assert_eq!((base.endpoint.as_str(), base.service_name.as_str()), ("http://127.0.0.1:4318/v1/traces", "enroll"));
        let whole = with(&[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"),
            ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://collector:4318/traces"),
            ("OTEL_SERVICE_NAME", "enroll-eu"),
        ]);
        let whole = whole.unwrap().unwrap();
        assert_eq!(
            (whole.endpoint.as_str(), whole.service_name.as_str()),
            ("http://collector:4318/traces", "enroll-eu")
        );
        let refused = with(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector.example:4318")]).unwrap_err();
        assert!(refused.to_string().contains("is not an http:// address"), "{refused}");
    }
}
