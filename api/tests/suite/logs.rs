//! What the logs say: every line of a request names its id, one access line per answer, and no SSN, query value or
//! other personal data ever reaches them.
//!
//! The tests that capture logs live in this one binary, each with its own subscriber: tracing caches which events
//! are wanted per call site across the process, so a test without a subscriber running beside them could hide
//! events from them.

use crate::common;

use crate::common::{capture_logs, personal, TestApp};
use axum::body::Body;
use axum::http::{Request, StatusCode};
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
    body["first_name"] = json!("");
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
    // What the start left running on this thread (a pooled connection going back, say) finishes before the capture:
    // its lines are not the request's.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
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
    assert!(access[0].contains("method=GET") && access[0].contains("route=/api/v1/validate-phone-numverify"));
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

#[tokio::test(flavor = "current_thread")]
async fn no_log_line_at_any_level_carries_a_health_answer_an_account_or_a_card_number() {
    let (captured, _guard) = capture_logs(tracing::Level::TRACE);

    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out_with("medical").await;
    for (call, mut body) in [("save-personal-info", personal()), ("save-contact-info", common::contact())] {
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    let questions = b.get(&format!("/api/v1/get-health-questions-primary-health-info?enrollment_id={id}")).await;
    let mut list: Vec<serde_json::Value> = questions.ok()["result"]["condition_questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| json!({ "question_id": q["question_id"], "yes_no_flag": "0" }))
        .collect();
    list[0] = json!({ "question_id": 141, "yes_no_flag": "1", "conditions": [
        { "health_condition": "Hypertension", "date_of_onset": "13/45/2019", "is_treatment": "1", "is_medicate": "1", "d_last_seen": "09/01/2026" } ] });
    let health = |list: &Vec<serde_json::Value>| {
        json!({ "enrollment_id": id, "condition_questions": list, "answers_confirmed": true,
                "medication_question": { "yes_no_flag": "1", "medications": [
                    { "medication": "Lisinopril", "dosage": "10 mg daily", "medical_condition": "Hypertension" } ] } })
    };
    let refused = b.post("/api/v1/save-primary-health-info", health(&list)).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "a bad date is refused");
    list[0]["conditions"][0]["date_of_onset"] = json!("03/10/2019");
    b.post("/api/v1/save-primary-health-info", health(&list)).await.ok();
    b.sign_and_pay(id).await;
    let card = json!({ "enrollment_id": id, "payment_method": "cc", "first_name_on_cc": "Dana", "last_name_on_cc": "Okafor",
        "card_number": "4111111111111112", "expiration_month": "08", "expiration_year": "2029", "security_code": "123",
        "is_physical_address": true, "bill_date": 15 });
    assert_eq!(b.post("/api/v1/save-billing-info", card).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let mut eft = common::billing_eft();
    eft["enrollment_id"] = json!(id);
    eft["account_number"] = json!("123456789012345678");
    assert_eq!(b.post("/api/v1/save-billing-info", eft).await.status, StatusCode::UNPROCESSABLE_ENTITY);

    let logs = captured.text();
    assert!(logs.contains("/api/v1/save-primary-health-info"), "the requests were logged: {}", logs.len());
    for secret in ["Hypertension", "Lisinopril", "000123456789", "4111111111111112", "123456789012345678"] {
        assert!(!logs.contains(secret), "the logs carry {secret}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_token_in_a_path_never_reaches_the_log_the_route_is_named_by_its_template() {
    let app = TestApp::new().await;
    let (captured, _guard) = capture_logs(tracing::Level::TRACE);
    let mut b = app.browser();
    let token = "c2VjcmV0LXRva2VuLXRoYXQtb3BlbnMtYW4tZW5yb2xsbWVudA";
    b.get(&format!("/api/v1/direct-continue/{token}")).await;
    b.get(&format!("/member-benefit-store/{token}/IS")).await;
    b.get(&format!("/direct-continue/{token}")).await;
    b.get(&format!("/rep-sign-in/{token}")).await;
    let logs = captured.text();
    assert!(!logs.contains(token), "a token reached the log: {logs}");
    assert!(logs.contains("route=/api/v1/direct-continue/{token}"), "{logs}");
    assert!(logs.contains("route=/member-benefit-store/…"), "{logs}");
    assert!(logs.contains("route=/rep-sign-in/{token}"), "{logs}");
}
