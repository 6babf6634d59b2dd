//! What an operator relies on: a replica asked to stop says it is not ready while it still answers; past its
//! connection limit it tells new visitors at once that it is busy and still answers the balancer's probes; and it
//! reports what it does at /metrics, to its operators only, with no id, code or token in a label.

use std::time::Duration;

use crate::common::TestApp;
use axum::http::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// `request` (a whole HTTP/1.1 request) sent on a new connection to `port`, and everything the server wrote before it
/// closed the connection (the request must ask it to close, or the server must close it).
async fn exchange(port: u16, request: String) -> String {
    let mut connection = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    connection.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), connection.read_to_end(&mut answer))
        .await
        .expect("the server answers and closes the connection")
        .unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

fn get(path: &str, headers: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{headers}Connection: close\r\n\r\n")
}

/// The app served on a free loopback port with `places` connections and 4 busy places past them.
async fn served(app: &TestApp, places: usize) -> (u16, tokio::task::JoinHandle<()>) {
    let listener = api::app::listen(("127.0.0.1", 0), places).await.unwrap().busy_places(4);
    let port = axum::serve::Listener::local_addr(&listener).unwrap().port();
    let apps = api::app::Apps { app: app.router.clone(), busy: api::app::busy(Some(&app.live)) };
    let server =
        tokio::spawn(api::app::serve_connections(listener, apps, Duration::from_secs(10), std::future::pending()));
    (port, server)
}

#[tokio::test]
async fn a_replica_asked_to_stop_says_it_is_not_ready_and_still_answers_its_visitors() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    assert_eq!(b.get("/readyz").await.body["status"], "ready");
    app.state.lifecycle.drain();
    let ready = b.get("/readyz").await;
    assert_eq!((ready.status, ready.body["status"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("draining")));
    assert_eq!(b.get("/healthz").await.status, StatusCode::OK);
    let categories = b.get("/api/v1/get-plan-category").await;
    assert_eq!(categories.status, StatusCode::OK, "a visitor on its way in is still answered");
}

#[tokio::test]
async fn past_its_connection_limit_a_replica_tells_new_visitors_at_once_in_their_language_to_come_back_and_still_answers_its_probes(
) {
    let app = TestApp::new().await;
    let (port, server) = served(&app, 2).await;
    // Two visitors hold the replica's two places (connected, their requests not yet sent).
    let _first = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let _second = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;

    let started = std::time::Instant::now();
    let busy = exchange(port, get("/api/v1/get-plan-category", "")).await;
    assert!(busy.starts_with("HTTP/1.1 503"), "{busy}");
    assert!(busy.to_ascii_lowercase().contains("retry-after: 2"), "{busy}");
    assert!(busy.contains("Many people are using the store right now. Please try again in a moment."), "{busy}");
    assert!(busy.contains("\"statusCode\":503"), "in the store's shape of an error: {busy}");
    assert!(started.elapsed() < Duration::from_secs(1), "told at once, not queued");
    let en_espanol = exchange(port, get("/api/v1/get-plan-category", "Accept-Language: es-US,es;q=0.9\r\n")).await;
    assert!(en_espanol.starts_with("HTTP/1.1 503"), "{en_espanol}");
    assert!(
        en_espanol.contains("Hay muchas personas usando la tienda en este momento."),
        "a visitor who reads Spanish is told in Spanish: {en_espanol}"
    );
    assert!(en_espanol.to_ascii_lowercase().contains("content-language: es"), "{en_espanol}");

    let ready = exchange(port, get("/readyz", "")).await;
    assert!(ready.starts_with("HTTP/1.1 200") && ready.contains("ready"), "the balancer's probe is answered: {ready}");
    let alive = exchange(port, get("/healthz", "")).await;
    assert!(alive.starts_with("HTTP/1.1 200"), "{alive}");
    server.abort();
}

#[tokio::test]
async fn with_every_place_taken_the_balancers_check_on_the_operators_port_is_answered_at_once() {
    let app = TestApp::new().await;
    let (port, server) = served(&app, 2).await;
    // Two visitors hold the places and four more the busy places, none of them sending a request yet.
    let mut held = Vec::new();
    for _ in 0..6 {
        held.push(TcpStream::connect(("127.0.0.1", port)).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // On the visitors' port a check now waits in the kernel's queue with everyone else.
    let mut waiting = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    waiting.write_all(get("/readyz", "").as_bytes()).await.unwrap();
    let mut nothing = [0u8; 1];
    let waited = tokio::time::timeout(Duration::from_millis(500), waiting.read(&mut nothing)).await;
    assert!(waited.is_err(), "the visitors' port was full: its check waits");

    let operators = api::app::listen(("127.0.0.1", 0), 8).await.unwrap();
    let ops_port = axum::serve::Listener::local_addr(&operators).unwrap().port();
    let ops = tokio::spawn(api::app::serve_connections(
        operators,
        api::app::operators(&app.live),
        Duration::from_secs(10),
        std::future::pending(),
    ));
    let started = std::time::Instant::now();
    let ready = exchange(ops_port, get("/readyz", "")).await;
    assert!(ready.starts_with("HTTP/1.1 200") && ready.contains("ready"), "{ready}");
    assert!(started.elapsed() < Duration::from_millis(500), "answered at once: {:?}", started.elapsed());
    let elsewhere = exchange(ops_port, get("/api/v1/get-plan-category", "")).await;
    assert!(elsewhere.starts_with("HTTP/1.1 404"), "only the operators' calls are answered there: {elsewhere}");
    app.state.lifecycle.drain();
    let draining = exchange(ops_port, get("/readyz", "")).await;
    assert!(draining.starts_with("HTTP/1.1 503") && draining.contains("draining"), "{draining}");
    ops.abort();
    server.abort();
}

/// The value of the series `line_start` (a name and its labels as rendered) in `text`, 0 when absent.
fn value_of(text: &str, line_start: &str) -> f64 {
    text.lines()
        .find(|line| line.starts_with(line_start))
        .and_then(|line| line.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

#[tokio::test]
async fn the_store_reports_its_answers_by_route_and_what_people_did_to_its_operators_only() {
    let app = TestApp::new().await;
    let (port, server) = served(&app, 64).await;
    let metrics = || exchange(port, get("/metrics", ""));
    let before = metrics().await;
    assert!(before.starts_with("HTTP/1.1 200"), "{before}");

    // Calls a visitor makes, one with a token in its path; an application submitted through the spec's calls.
    exchange(port, get("/api/v1/get-plan-category", "")).await;
    exchange(port, get("/api/v1/direct-continue/SECRETTOKEN123", "")).await;
    exchange(port, get("/jordan-whitfield", "")).await;
    let mut applicant = app.browser();
    let id = applicant.checked_out().await;
    let submitted = crate::save_for_later::submit_with_the_spec_calls(&mut applicant, id).await;
    assert!(submitted.ok()["policy_id"].is_string());

    let after = metrics().await;
    let body = after.split("\r\n\r\n").nth(1).unwrap_or_default();
    let categories = "http_requests_total{route=\"/api/v1/get-plan-category\",method=\"GET\",status=\"200\"}";
    assert!(value_of(body, categories) >= value_of(&before, categories) + 1.0, "{body}");
    assert!(body.contains("route=\"/api/v1/direct-continue/{token}\""), "a path is named by its template");
    assert!(body.contains("route=\"page\""), "a landing name is counted as a page");
    for private in ["SECRETTOKEN123", "jordan-whitfield"] {
        assert!(!body.contains(private), "{private} in a label");
    }
    assert!(
        body.contains(
            "http_request_duration_seconds_bucket{route=\"/api/v1/get-plan-category\",method=\"GET\",le=\"0.005\"}"
        ),
        "{body}"
    );
    for series in ["db_pool_connections{state=\"idle\"}", "outbox_messages_waiting", "store_writer_group_size_bucket"] {
        assert!(body.contains(series), "{series} missing: {body}");
    }
    let submitted = "enroll_applications_submitted_total";
    assert!(value_of(body, submitted) >= value_of(&before, submitted) + 1.0, "{body}");
    assert!(body.contains("enroll_wizard_steps_reached_total{step=\"review_info\"}"), "{body}");

    // Relayed by a proxy on this machine, or from elsewhere, it is refused.
    let relayed = exchange(port, get("/metrics", "X-Forwarded-For: 203.0.113.9\r\n")).await;
    assert!(
        relayed.starts_with("HTTP/1.1 403") && relayed.contains("This page is for the store's operators."),
        "{relayed}"
    );
    server.abort();
}

#[tokio::test]
async fn an_operator_elsewhere_reads_the_metrics_with_the_credentials_set_for_them() {
    let app = TestApp::with_config(|config| {
        config.metrics.authorization = Some(format!("Basic {}", base64_of("scraper:s3cret")));
    })
    .await;
    let (port, server) = served(&app, 64).await;
    let relayed = |auth: &str| exchange(port, get("/metrics", &format!("X-Forwarded-For: 203.0.113.9\r\n{auth}")));
    assert!(relayed("").await.starts_with("HTTP/1.1 403"));
    let wrong = relayed(&format!("Authorization: Basic {}\r\n", base64_of("scraper:guess"))).await;
    assert!(wrong.starts_with("HTTP/1.1 403"), "{wrong}");
    let right = relayed(&format!("Authorization: Basic {}\r\n", base64_of("scraper:s3cret"))).await;
    assert!(right.starts_with("HTTP/1.1 200") && right.contains("http_requests_total"), "{right}");
    server.abort();
}

fn base64_of(text: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// `enroll ARGS`, run as an operator would (no database is touched by what these ask): its exit code and output.
fn enroll(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_enroll")).args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn the_command_line_says_what_each_command_takes_and_refuses_a_mistyped_one_with_its_usage() {
    let (code, help, _) = enroll(&["--help"]);
    assert_eq!(code, 0);
    for command in [
        "serve",
        "migrate",
        "seed",
        "check-workflows",
        "workflows",
        "edi",
        "member-link",
        "group-admin-link",
        "rep-link",
        "carrier-link",
        "keys",
        "generate-catalogue",
        "reopen-health-questions",
    ] {
        assert!(help.contains(&format!("  {command} ")), "--help lists {command}:\n{help}");
    }
    let (code, help, _) = enroll(&["edi", "reconcile", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("--hours <HOURS>") && help.contains("[default: 48]"), "{help}");
    let (code, _, said) = enroll(&["rep-link", "seven"]);
    assert_eq!(code, 2, "a wrong argument is a usage error");
    assert!(said.contains("invalid value 'seven' for '<AGENT_ID>'"), "{said}");
    let (code, _, said) = enroll(&["reopen-health-questions", "12", "1403", "--by", "Jordan"]);
    assert_eq!(code, 2);
    assert!(said.contains("--reason <REASON>"), "a required option is named: {said}");
    let (code, _, said) = enroll(&["workflows", "load", "--in-flight", "later"]);
    assert_eq!(code, 2);
    assert!(said.contains("[possible values: stay, move]"), "{said}");
    let (code, _, said) = enroll(&["sead"]);
    assert_eq!(code, 2);
    assert!(
        said.contains("unrecognized subcommand 'sead'") && said.contains("seed"),
        "a near command is offered: {said}"
    );
}
