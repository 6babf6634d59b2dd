//! What every answer of the server carries and what every request is held to: compression, cache headers, the body
//! and time limits, security headers, the request id, 405 with Allow, the probes, TCP_NODELAY.

use crate::common;

use std::time::{Duration, Instant};

use crate::common::TestApp;
use axum::body::{Body, Bytes};
use axum::http::{header, Request, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

async fn answer(app: &TestApp, request: Request<Body>) -> Response {
    app.router.clone().oneshot(request).await.unwrap()
}

fn get_with(uri: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut request = Request::get(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(Body::empty()).unwrap()
}

fn header_of(response: &Response, name: header::HeaderName) -> String {
    response.headers().get(&name).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default()
}

async fn envelope(response: Response) -> Value {
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&bytes)))
}

/// A built renderer in miniature: the page and a hashed script and stylesheet, each large enough to compress.
fn write_renderer(app: &TestApp) {
    let dir = app.renderer_dir();
    std::fs::create_dir_all(dir.join("static")).unwrap();
    let filler = "Benefit Store ".repeat(200);
    std::fs::write(dir.join("index.html"), format!("<!doctype html><title>{filler}</title>")).unwrap();
    std::fs::write(dir.join("static/index-B7x9Qa.js"), format!("console.log('{filler}');")).unwrap();
    std::fs::write(dir.join("static/index-C3f0Lk.css"), format!("body {{ content: '{filler}'; }}")).unwrap();
}

#[tokio::test]
async fn json_html_js_and_css_are_compressed_with_brotli_or_gzip_as_the_browser_accepts() {
    let app = TestApp::new().await;
    write_renderer(&app);
    for path in ["/api/v1/get-plan-category", "/", "/static/index-B7x9Qa.js", "/static/index-C3f0Lk.css"] {
        for (accepted, expected) in [("br", "br"), ("gzip", "gzip"), ("gzip, deflate, br", "br")] {
            let response = answer(&app, get_with(path, &[("accept-encoding", accepted)])).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(header_of(&response, header::CONTENT_ENCODING), expected, "{path} with {accepted}");
        }
        let plain = answer(&app, get_with(path, &[])).await;
        assert_eq!(header_of(&plain, header::CONTENT_ENCODING), "", "{path} without Accept-Encoding");
    }
}

#[tokio::test]
async fn the_renderers_files_compressed_at_build_time_are_answered_as_they_are_to_browsers_that_take_them() {
    let app = TestApp::new().await;
    write_renderer(&app);
    let dir = app.renderer_dir();
    // What the renderer's build writes beside each file (vite.config.ts), at a quality the server never uses live.
    for file in ["index.html", "static/index-B7x9Qa.js"] {
        let plain = std::fs::read(dir.join(file)).unwrap();
        let mut brotli = Vec::new();
        brotli::BrotliCompress(
            &mut &plain[..],
            &mut brotli,
            &brotli::enc::BrotliEncoderParams { quality: 11, ..Default::default() },
        )
        .unwrap();
        std::fs::write(dir.join(format!("{file}.br")), &brotli).unwrap();
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        std::io::Write::write_all(&mut gzip, &plain).unwrap();
        std::fs::write(dir.join(format!("{file}.gz")), gzip.finish().unwrap()).unwrap();
    }
    for (path, file) in
        [("/", "index.html"), ("/plans", "index.html"), ("/static/index-B7x9Qa.js", "static/index-B7x9Qa.js")]
    {
        for (accepted, coding, suffix) in [("gzip, deflate, br, zstd", "br", "br"), ("gzip", "gzip", "gz")] {
            let response = answer(&app, get_with(path, &[("accept-encoding", accepted)])).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(header_of(&response, header::CONTENT_ENCODING), coding, "{path} with {accepted}");
            assert!(
                header_of(&response, header::VARY).contains("accept-encoding"),
                "{path}: a cache keeps each form apart"
            );
            let body = response.into_body().collect().await.unwrap().to_bytes();
            assert_eq!(body, std::fs::read(dir.join(format!("{file}.{suffix}"))).unwrap(), "{path} with {accepted}");
        }
        let plain = answer(&app, get_with(path, &[])).await;
        assert_eq!(header_of(&plain, header::CONTENT_ENCODING), "", "{path} without Accept-Encoding");
        assert_eq!(plain.into_body().collect().await.unwrap().to_bytes(), std::fs::read(dir.join(file)).unwrap());
    }
}

#[tokio::test]
async fn a_listing_a_browser_asks_for_arrives_compressed_and_reads_exactly_as_the_plain_one_every_time() {
    use std::io::Read;
    let app = TestApp::new().await;
    let mut b = app.browser();
    let quote = b
        .post(
            "/api/v1/add-filter-for-new-user",
            serde_json::json!({ "zip": "30301", "gender": "1", "tier": "IO", "dob": common::dob_of_age(40) }),
        )
        .await;
    let id = quote.ok()["temp_enrollment_id"].as_i64().unwrap();
    let uri = format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental");
    let cookie = b.cookie.clone().unwrap();
    let plain = b.get(&uri).await.ok().clone();
    assert!(plain["result"].as_array().is_some_and(|plans| !plans.is_empty()));
    // The first ask in each form makes it, the second takes the kept one.
    for _ in 0..2 {
        for accepted in ["gzip, deflate, br, zstd", "gzip"] {
            let response = answer(&app, get_with(&uri, &[("accept-encoding", accepted), ("cookie", &cookie)])).await;
            assert_eq!(response.status(), StatusCode::OK);
            assert!(header_of(&response, header::VARY).contains("accept-encoding"));
            let coding = header_of(&response, header::CONTENT_ENCODING);
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let mut text = String::new();
            match coding.as_str() {
                "br" => brotli::Decompressor::new(&bytes[..], 4096).read_to_string(&mut text).unwrap(),
                "gzip" => flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).unwrap(),
                other => panic!("{accepted}: answered {other:?}"),
            };
            assert_eq!(coding, if accepted == "gzip" { "gzip" } else { "br" });
            let body: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(body["data"], plain, "{accepted}");
        }
    }
}

#[tokio::test]
async fn hashed_bundle_files_are_cached_for_a_year_and_the_page_is_always_revalidated() {
    let app = TestApp::new().await;
    write_renderer(&app);
    let script = answer(&app, get_with("/static/index-B7x9Qa.js", &[])).await;
    assert_eq!(header_of(&script, header::CACHE_CONTROL), "public, max-age=31536000, immutable");
    for page in ["/", "/index.html", "/plans", "/enrollment/personal-info"] {
        let response = answer(&app, get_with(page, &[])).await;
        assert_eq!(response.status(), StatusCode::OK, "{page}");
        assert_eq!(header_of(&response, header::CACHE_CONTROL), "no-cache", "{page}");
    }
    let api = answer(&app, get_with("/api/v1/get-plan-category", &[])).await;
    assert_eq!(header_of(&api, header::CACHE_CONTROL), "no-store", "API answers are never cached");
}

#[tokio::test]
async fn a_20_mb_body_is_refused_with_413_in_the_envelope_within_a_second_and_the_server_answers_the_next_call() {
    let app = TestApp::new().await;
    let huge = vec![b' '; 20 * 1024 * 1024];

    let started = Instant::now();
    let declared = Request::post("/api/v1/save-screenshot")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_LENGTH, huge.len())
        .body(Body::from(huge.clone()))
        .unwrap();
    let response = answer(&app, declared).await;
    assert!(started.elapsed() < Duration::from_secs(1), "took {:?}", started.elapsed());
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body = envelope(response).await;
    assert_eq!(body["status"], "error");
    assert_eq!(body["statusCode"], 413);
    assert_eq!(body["message"], "The request is too large. Please send at most 4 MB.");

    // The same body streamed without a declared length is cut off at the limit by the JSON extractor.
    let chunks: Vec<Result<Bytes, std::io::Error>> =
        huge.chunks(64 * 1024).map(|c| Ok(Bytes::copy_from_slice(c))).collect();
    let streamed = Request::post("/api/v1/save-screenshot")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from_stream(futures_util::stream::iter(chunks)))
        .unwrap();
    let response = answer(&app, streamed).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(envelope(response).await["statusCode"], 413);

    let next = answer(&app, get_with("/api/v1/get-plan-category", &[])).await;
    assert_eq!(next.status(), StatusCode::OK);
}

#[tokio::test]
async fn every_answer_carries_the_security_headers_and_a_request_id() {
    let app = TestApp::new().await;
    write_renderer(&app);
    let mut ids = std::collections::HashSet::new();
    for path in ["/", "/api/v1/get-plan-category", "/api/v1/no-such-call", "/healthz", "/static/index-B7x9Qa.js"] {
        let response = answer(&app, get_with(path, &[])).await;
        let csp = header_of(&response, header::CONTENT_SECURITY_POLICY);
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'self'"), "{path}: {csp}");
        let scripts = csp.split(';').find(|d| d.trim().starts_with("script-src")).unwrap_or_default();
        assert!(scripts.contains("'self'") && !scripts.contains("'unsafe-inline'"), "{path}: {csp}");
        assert_eq!(header_of(&response, header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{path}");
        assert_eq!(header_of(&response, header::X_FRAME_OPTIONS), "SAMEORIGIN", "{path}");
        assert_eq!(header_of(&response, header::REFERRER_POLICY), "strict-origin-when-cross-origin", "{path}");
        assert_eq!(header_of(&response, header::STRICT_TRANSPORT_SECURITY), "", "{path}: no HSTS over plain HTTP");
        let id = header_of(&response, "x-request-id".parse().unwrap());
        let groups: Vec<usize> = id.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12], "{path}: a UUID request id, not {id}");
        assert!(
            id.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) && id[14..15] == *"4",
            "{path}: a random UUID: {id}"
        );
        assert!(ids.insert(id), "{path}: each request has an id of its own");
    }
    let kept = answer(&app, get_with("/healthz", &[("x-request-id", "lb-7f3a9c")])).await;
    assert_eq!(header_of(&kept, "x-request-id".parse().unwrap()), "lb-7f3a9c", "a proxy's request id is kept");
    // Only a short, plain one: longer, or with other characters, it is replaced by the server's own.
    for sent in ["a".repeat(65), "x".repeat(6000), "id with spaces".into(), "<script>".into()] {
        let replaced = answer(&app, get_with("/healthz", &[("x-request-id", &sent)])).await;
        let id = header_of(&replaced, "x-request-id".parse().unwrap());
        assert_eq!(id.len(), 36, "{sent:.20}: replaced by a UUID, not {id:.20}");
    }
    let longest = "a".repeat(64);
    let kept = answer(&app, get_with("/healthz", &[("x-request-id", &longest)])).await;
    assert_eq!(header_of(&kept, "x-request-id".parse().unwrap()), longest);

    let https = TestApp::behind_https().await;
    let response = answer(&https, get_with("/api/v1/get-plan-category", &[])).await;
    assert_eq!(header_of(&response, header::STRICT_TRANSPORT_SECURITY), "max-age=63072000; includeSubDomains");
}

#[tokio::test]
async fn an_address_over_two_kilobytes_answers_414_in_the_envelope_and_one_at_the_limit_is_read() {
    let app = TestApp::new().await;
    write_renderer(&app);
    for uri in [
        format!("/direct-continue/{}", "A".repeat(16 * 1024)),
        format!("/api/v1/direct-continue/{}", "A".repeat(2100)),
        format!("/api/v1/get-plan-category?pad={}", "x".repeat(2048)),
    ] {
        let response = answer(&app, get_with(&uri, &[])).await;
        assert_eq!(response.status(), StatusCode::URI_TOO_LONG, "{:.40}", uri);
        let body = envelope(response).await;
        assert_eq!(body["statusCode"], 414);
        assert!(body["message"].as_str().unwrap().starts_with("This address is too long"), "{body}");
    }
    let at_limit =
        format!("/api/v1/get-plan-category?pad={}", "x".repeat(2048 - "/api/v1/get-plan-category?pad=".len()));
    assert_eq!(answer(&app, get_with(&at_limit, &[])).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_wrong_method_on_a_known_call_answers_405_with_the_allowed_methods_in_the_envelope() {
    let app = TestApp::new().await;
    let request = Request::delete("/api/v1/get-plan-category").body(Body::empty()).unwrap();
    let response = answer(&app, request).await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let allow = header_of(&response, header::ALLOW);
    assert!(allow.contains("GET"), "Allow: {allow}");
    let body = envelope(response).await;
    assert_eq!(body["statusCode"], 405);
    assert_eq!(body["message"], "This call does not take this method");

    let unknown = answer(&app, Request::delete("/api/v1/no-such-call").body(Body::empty()).unwrap()).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND, "an unknown call is still 404");
}

#[tokio::test]
async fn the_probes_say_alive_and_ready_and_readiness_fails_while_a_migration_is_missing() {
    let app = TestApp::new().await;
    let alive = answer(&app, get_with("/healthz", &[])).await;
    assert_eq!(alive.status(), StatusCode::OK);
    assert_eq!(envelope(alive).await["status"], "alive");
    let ready = answer(&app, get_with("/readyz", &[])).await;
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(header_of(&ready, header::SET_COOKIE), "", "a probe starts no session");
    assert_eq!(envelope(ready).await["status"], "ready");

    sqlx::query("delete from _sqlx_migrations where version = (select max(version) from _sqlx_migrations)")
        .execute(&app.state.db)
        .await
        .unwrap();
    let pending = answer(&app, get_with("/readyz", &[])).await;
    assert_eq!(pending.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(envelope(pending).await["status"], "migrations pending");
}

#[tokio::test]
async fn a_request_that_runs_past_the_time_limit_answers_408_in_the_envelope() {
    let slow = Router::new().route(
        "/api/v1/slow",
        get(|| async {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            "never"
        }),
    );
    let app = api::http::middleware::around_everything(slow, false, false, Duration::from_millis(50), no_routes());
    let response = app.oneshot(Request::get("/api/v1/slow").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
    let body = envelope(response).await;
    assert_eq!(body["message"], "The request took too long. Please try again.");
}

async fn panics() -> &'static str {
    panic!("a bug in a handler")
}

#[tokio::test]
async fn a_handler_that_panics_answers_500_in_the_envelope_and_the_server_goes_on() {
    let broken = Router::new().route("/api/v1/broken", get(panics)).route("/api/v1/fine", get(|| async { "fine" }));
    let app = api::http::middleware::around_everything(broken, false, false, Duration::from_secs(30), no_routes());
    let response = app.clone().oneshot(Request::get("/api/v1/broken").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(envelope(response).await["message"], "Something went wrong. Please try again.");
    let fine = app.oneshot(Request::get("/api/v1/fine").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(fine.status(), StatusCode::OK);
}

#[tokio::test]
async fn accepted_connections_have_tcp_nodelay_on() {
    use axum::serve::Listener;
    let mut listener = api::app::listen(("127.0.0.1", 0), 16).await.unwrap();
    let address = listener.local_addr().unwrap();
    let client = tokio::spawn(async move { tokio::net::TcpStream::connect(address).await.unwrap() });
    let (accepted, _) = listener.accept().await;
    assert!(accepted.get_ref().nodelay().unwrap(), "TCP_NODELAY is off on an accepted connection");
    drop(client.await.unwrap());
}

#[tokio::test]
async fn a_connection_over_the_bound_waits_until_another_closes() {
    use axum::serve::Listener;
    let mut listener = api::app::listen(("127.0.0.1", 0), 1).await.unwrap();
    let address = listener.local_addr().unwrap();
    let first_client = tokio::net::TcpStream::connect(address).await.unwrap();
    let (first, _) = listener.accept().await;
    let _second_client = tokio::net::TcpStream::connect(address).await.unwrap();

    let second = tokio::spawn(async move { listener.accept().await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!second.is_finished(), "a second connection was accepted while the first was open");

    drop(first);
    drop(first_client);
    let accepted = tokio::time::timeout(Duration::from_secs(5), second).await;
    assert!(accepted.is_ok(), "the second connection was not accepted after the first closed");
}

#[tokio::test]
async fn a_client_that_sends_half_a_request_or_nothing_or_idles_is_dropped_and_a_whole_one_is_answered() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::new().await;
    let listener = api::app::listen(("127.0.0.1", 0), 16).await.unwrap();
    let address = axum::serve::Listener::local_addr(&listener).unwrap();
    let server = tokio::spawn(api::app::serve_connections(
        listener,
        app.router.clone(),
        Duration::from_millis(300),
        std::future::pending(),
    ));

    let mut whole = tokio::net::TcpStream::connect(address).await.unwrap();
    whole.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    whole.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("alive"));

    let mut half = tokio::net::TcpStream::connect(address).await.unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: local").await.unwrap();
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(3), half.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the half-sent request still holds its connection after 3 s");

    let mut silent = tokio::net::TcpStream::connect(address).await.unwrap();
    let closed = tokio::time::timeout(Duration::from_secs(3), silent.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "a connection that sends nothing still holds its place after 3 s");

    let mut kept = tokio::net::TcpStream::connect(address).await.unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n").await.unwrap();
    let mut first = [0u8; 12];
    kept.read_exact(&mut first).await.unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    let closed = tokio::time::timeout(Duration::from_secs(3), kept.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "an idle kept-alive connection still holds its place after 3 s");
    server.abort();
}

#[tokio::test]
async fn one_client_address_holding_its_share_of_connections_cannot_starve_another() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::new().await;
    let listener = api::app::listen(("127.0.0.1", 0), 64).await.unwrap().per_client(8);
    let port = axum::serve::Listener::local_addr(&listener).unwrap().port();
    let server = tokio::spawn(api::app::serve_connections(
        listener,
        app.router.clone(),
        Duration::from_secs(10),
        std::future::pending(),
    ));
    // One client (127.0.0.2) opens its eight and then many more idle connections.
    let hog = |n: u16| async move {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
        let _ = n;
        socket.connect(format!("127.0.0.1:{port}").parse().unwrap()).await
    };
    let mut held = Vec::new();
    for n in 0..8 {
        held.push(hog(n).await.unwrap());
    }
    let mut refused = 0;
    for n in 8..100 {
        let Ok(mut extra) = hog(n).await else {
            refused += 1;
            continue;
        };
        let mut byte = [0u8; 1];
        // Closed by the server at once: the read ends (0 bytes, or reset) well before its header deadline.
        match tokio::time::timeout(Duration::from_secs(2), extra.read(&mut byte)).await {
            Ok(Ok(0)) | Ok(Err(_)) => refused += 1,
            other => panic!("connection {n} over the share was kept: {other:?}"),
        }
    }
    assert_eq!(refused, 92);

    // Another client is answered at once.
    let started = Instant::now();
    let mut other = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    other.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    other.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());

    // Its own held connections still work, and a place freed is a place again.
    let mut first = held.remove(0);
    first.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    first.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(first);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut again = hog(200).await.unwrap();
    again.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    again.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    server.abort();
}

fn no_routes() -> std::sync::Arc<api::http::routes::RouteTemplates> {
    std::sync::Arc::new(api::http::routes::RouteTemplates::new(Vec::new()))
}
