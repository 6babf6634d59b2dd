//! What the logs say: every line of a request names its id, one access line per answer, and no SSN, query value or
//! other personal data ever reaches them.
//!
//! The tests that capture logs live in this one binary, each with its own subscriber: tracing caches which events
//! are wanted per call site across the process, so a test without a subscriber running beside them could hide
//! events from them.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{capture_logs, personal, TestApp};
use serde_json::json;
use tower::ServiceExt;

#[tokio::test(flavor = "current_thread")]
async fn no_log_line_at_any_level_carries_the_ssn() {
    let (captured, _guard) = capture_logs(tracing::Level::TRACE);

    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    body["ssn"] = json!("219-09-9999");
    b.post("/api/v1/save-personal-info", body.clone()).await.ok();
    body["weight"] = json!(0);
    body["ssn"] = json!("219099998");
    let refused = b.post("/api/v1/save-personal-info", body).await;
    assert_eq!(refused.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
    b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await.ok();

    let logs = captured.text();
    assert!(logs.contains("/api/v1/save-personal-info"), "the requests were logged: {}", logs.len());
    for secret in ["219-09-9999", "219099999", "219099998", "09-9999"] {
        assert!(!logs.contains(secret), "the logs carry {secret}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn every_log_line_of_a_request_names_its_request_id() {
    let app = TestApp::new().await;
    let (captured, _guard) = capture_logs(tracing::Level::DEBUG);

    let request = Request::get("/api/v1/get-plan-category").header("x-request-id", "req-4242").body(Body::empty());
    let response = app.router.clone().oneshot(request.unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);

    let logs = captured.text();
    let lines: Vec<&str> = logs.lines().collect();
    assert!(lines.len() >= 2, "the request was logged: {logs}");
    for line in lines {
        assert!(line.contains("id=req-4242"), "a line without the request id: {line}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn the_access_log_names_each_answer_with_its_status_and_time_but_not_its_query() {
    let app = TestApp::new().await;
    let (captured, _guard) = capture_logs(tracing::Level::INFO);
    let mut b = app.browser();
    b.get("/api/v1/validate-phone-numverify?phone=4045550123").await;
    b.get("/api/v1/get-plan-category").await.ok();

    let logs = captured.text();
    let access: Vec<&str> = logs.lines().filter(|l| l.contains("access")).collect();
    assert_eq!(access.len(), 2, "one line per answer: {logs}");
    assert!(access[0].contains("method=GET") && access[0].contains("path=/api/v1/validate-phone-numverify"));
    assert!(access[0].contains("status=") && access[0].contains("duration_ms=") && access[0].contains("id="));
    assert!(access[1].contains("status=200"), "{}", access[1]);
    assert!(!logs.contains("4045550123"), "the query's phone number reached the log: {logs}");
}

#[tokio::test(flavor = "current_thread")]
async fn a_tampered_session_cookie_is_logged_without_its_value() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.get("/api/v1/get-plan-category").await;
    let cookie = b.cookie.clone().unwrap();
    let value = cookie.trim_start_matches("enroll_session=").to_string();
    let flipped = if value.starts_with('A') { "B" } else { "A" };
    let (captured, _guard) = capture_logs(tracing::Level::INFO);
    let mut forger = app.browser();
    forger.cookie = Some(format!("enroll_session={flipped}{}", &value[1..]));
    let answer = forger.get("/api/v1/get-plan-category").await;
    assert!(answer.set_cookie.is_some(), "a new session replaces it");

    let logs = captured.text();
    assert!(logs.contains("a session cookie failed its signature check"), "{logs}");
    assert!(!logs.contains(&value[1..]), "the cookie's value reached the log");
}
