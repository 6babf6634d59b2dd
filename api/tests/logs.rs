//! The SSN never reaches the logs, whatever happens to the request that carries it.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::{personal, TestApp};
use serde_json::json;

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "current_thread")]
async fn no_log_line_at_any_level_carries_the_ssn() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber =
        tracing_subscriber::fmt().with_max_level(tracing::Level::TRACE).with_writer(move || writer.clone()).finish();
    // The current-thread runtime runs every task of this test on this thread, so the guard covers them all.
    let _guard = tracing::subscriber::set_default(subscriber);

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

    let logs = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(logs.contains("/api/v1/save-personal-info"), "the requests were logged: {}", logs.len());
    for secret in ["219-09-9999", "219099999", "219099998", "09-9999"] {
        assert!(!logs.contains(secret), "the logs carry {secret}");
    }
}
