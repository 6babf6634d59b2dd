//! The SSN never reaches the logs, whatever happens to the request that carries it.

mod common;

use common::{capture_logs, personal, TestApp};
use serde_json::json;

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
