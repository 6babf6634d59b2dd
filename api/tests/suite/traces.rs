//! Traces over OTLP, sent to a collector of the test's own (a plain HTTP server reading OTLP's protobuf messages): a
//! payment is followed in one trace from the cart through the gateway's token to the commit, reading the enrollment
//! and pricing its cart once (as a Back and the step it shows do), a caller's trace is joined, and no span carries the
//! card, the security code, the SSN or the applicant's name.

use std::sync::{Arc, Mutex};

use crate::common::TestApp;
use axum::body::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message as _;
use serde_json::json;
use tracing_subscriber::layer::SubscriberExt as _;

/// What the collector received: each span with its service's name.
#[derive(Clone, Default)]
struct Received(Arc<Mutex<Vec<(String, Span)>>>);

impl Received {
    fn spans(&self) -> Vec<(String, Span)> {
        self.0.lock().unwrap().clone()
    }
}

/// A collector on a free loopback port, on a thread and runtime of its own (flushing blocks the test's thread).
fn collector() -> (String, Received) {
    let received = Received::default();
    let kept = received.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let app = axum::Router::new().route(
                "/v1/traces",
                axum::routing::post(move |body: Bytes| async move {
                    let request = ExportTraceServiceRequest::decode(body).expect("an OTLP trace export");
                    for resource in request.resource_spans {
                        let service = resource
                            .resource
                            .iter()
                            .flat_map(|r| &r.attributes)
                            .find(|a| a.key == "service.name")
                            .map(|a| format!("{:?}", a.value))
                            .unwrap_or_default();
                        for scope in resource.scope_spans {
                            kept.0.lock().unwrap().extend(scope.spans.into_iter().map(|s| (service.clone(), s)));
                        }
                    }
                    ([("content-type", "application/x-protobuf")], Vec::<u8>::new())
                }),
            );
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap().port()).unwrap();
            axum::serve(listener, app).await.unwrap();
        });
    });
    let port = rx.recv().unwrap();
    (format!("http://127.0.0.1:{port}/v1/traces"), received)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test(flavor = "current_thread")]
async fn with_traces_on_a_payment_is_one_trace_from_the_cart_to_the_commit_reading_the_enrollment_and_pricing_the_cart_once_and_no_span_carries_the_card(
) {
    let (endpoint, received) = collector();
    let settings = api::services::traces::TracesSettings { endpoint, service_name: "enroll-test".into() };
    let (traces, layer) = api::services::traces::Traces::start(&settings).unwrap();
    let _guard = tracing::subscriber::set_default(tracing_subscriber::registry().with(layer));

    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = crate::billing::at_billing(&app, &mut b, None).await;
    let mut card = crate::billing::card();
    card["enrollment_id"] = json!(id);
    // A proxy in front traced the request: the store's spans join its trace, under its span.
    let (caller_trace, caller_span) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7");
    let traceparent = format!("00-{caller_trace}-{caller_span}-01");
    let paid = b
        .send_with(
            axum::http::Method::POST,
            "/api/v1/save-billing-info",
            Some(card.to_string()),
            &[("traceparent", traceparent.as_str())],
        )
        .await;
    assert_eq!(paid.ok()["next"]["tab_name"], "review_info");

    let traces = Arc::new(traces);
    let flushing = traces.clone();
    tokio::task::spawn_blocking(move || flushing.flush()).await.unwrap().unwrap();
    let spans = received.spans();
    assert!(spans.iter().all(|(service, _)| service.contains("enroll-test")), "the service is named");

    let payment: Vec<&Span> = spans.iter().map(|(_, s)| s).filter(|s| hex(&s.trace_id) == caller_trace).collect();
    let named = |name: &str| {
        payment.iter().find(|s| s.name == name).unwrap_or_else(|| {
            let names: Vec<&str> = payment.iter().map(|s| s.name.as_str()).collect();
            panic!("no span \"{name}\" in the payment's trace: {names:?}")
        })
    };
    let request = named("request");
    assert_eq!(hex(&request.parent_span_id), caller_span, "the request's span is the caller's span's child");
    let attributes = format!("{:?}", request.attributes);
    assert!(attributes.contains("/api/v1/save-billing-info") && attributes.contains("POST"), "{attributes}");
    // Each step of the payment hangs under the request: the step's save, the cart's prices, the checks, the card's
    // exchange for a token, the commit.
    let parent_of = |span: &Span| payment.iter().find(|s| s.span_id == span.parent_span_id).copied();
    for name in [
        "save a step",
        "price the cart",
        "check the answers",
        "exchange the card for the gateway's token",
        "commit the step",
    ] {
        let mut span = *named(name);
        let mut hops = 0;
        while span.span_id != request.span_id {
            span = parent_of(span).unwrap_or_else(|| panic!("\"{name}\" does not lead up to the request"));
            hops += 1;
            assert!(hops < 10);
        }
    }

    // The enrollment is read once and its cart priced once, however many of the step's rules read them.
    let count = |trace: &[&Span], name: &str| trace.iter().filter(|s| s.name == name).count();
    assert_eq!(count(&payment, "read the enrollment"), 1, "the payment read the enrollment once");
    assert_eq!(count(&payment, "price the cart"), 1, "the payment priced the cart once");
    let (back_trace, back_span) = ("5bf92f3577b34da6a3ce929d0e0e4737", "10f067aa0ba902b8");
    let traceparent = format!("00-{back_trace}-{back_span}-01");
    let back = b
        .send_with(
            axum::http::Method::POST,
            &format!("/api/v1/enrollment/{id}/step/review_info"),
            Some(json!({ "action": "back" }).to_string()),
            &[("traceparent", traceparent.as_str())],
        )
        .await;
    assert_eq!(back.ok()["step"]["step"], "billing_info");

    // A request no one traced before starts a trace of its own, and the check-out has its span in it.
    let checkout = spans.iter().map(|(_, s)| s).find(|s| s.name == "check out").expect("the check-out's span");
    assert_ne!(hex(&checkout.trace_id), caller_trace);

    tokio::task::spawn_blocking(move || traces.flush()).await.unwrap().unwrap();
    let spans = received.spans();
    let moved: Vec<&Span> = spans.iter().map(|(_, s)| s).filter(|s| hex(&s.trace_id) == back_trace).collect();
    assert!(moved.iter().any(|s| s.name == "request"), "the Back's trace was received");
    assert_eq!(count(&moved, "read the enrollment"), 1, "Back and the step it shows read the enrollment once");
    assert_eq!(count(&moved, "price the cart"), 1, "Back and the step it shows priced the cart once");

    let everything = format!("{spans:?}");
    for secret in ["4111 1111", "4111111111111111", "123-45-6789", "Okafor", "\"123\""] {
        assert!(!everything.contains(secret), "a span carries {secret}");
    }
}
