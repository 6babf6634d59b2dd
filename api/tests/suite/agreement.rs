//! Agreement & Signature: every required box ticked, a signature, and an audit record of what was agreed.

use crate::common::{agreement, contact, personal, TestApp, SIGNATURE};
use axum::http::StatusCode;
use serde_json::json;
use sqlx::Row;

#[tokio::test]
async fn agreeing_needs_every_required_box_and_a_signature_and_leaves_an_audit_record() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    for (call, mut body) in [("save-personal-info", personal()), ("save-contact-info", contact())] {
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    let fields = b.get(&format!("/api/v1/get-form-fields-agreement-info?enrollment_id={id}")).await;
    let rows = fields.ok()["result"].as_array().unwrap().clone();
    let date = rows.iter().find(|r| r["field_name"] == "date").unwrap().clone();
    assert_eq!(date["read_only"], true);
    assert_eq!(date["value"], json!(chrono::Local::now().format("%m/%d/%Y").to_string()));
    assert!(rows.iter().all(|r| r["field_name"] != "agent_name"), "an applicant is not asked for a broker");

    let cases = [
        (
            json!({ "agreements": { "accuracy": true, "authorization": false, "electronic_records": true }, "signature": SIGNATURE }),
            "agreements.authorization",
            "This field is required.",
        ),
        (
            json!({ "agreements": { "accuracy": true, "electronic_records": true }, "signature": SIGNATURE }),
            "agreements.authorization",
            "This field is required.",
        ),
        (json!({ "signature": SIGNATURE }), "agreements", "This field is required."),
        (
            json!({ "agreements": { "accuracy": true, "authorization": true, "electronic_records": true } }),
            "signature",
            "Signature is required",
        ),
        (
            json!({ "agreements": { "accuracy": true, "authorization": true, "electronic_records": true }, "signature": "not a drawing" }),
            "signature",
            "Signature is required",
        ),
    ];
    for (mut body, field, message) in cases {
        body["enrollment_id"] = json!(id);
        let answer = b.post("/api/v1/save-agreement-info", body.clone()).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(answer.first_error(), (field.to_string(), message.to_string()), "{body}");
    }

    let mut body = agreement();
    body["enrollment_id"] = json!(id);
    body["eprocess"] = json!("rep");
    b.post("/api/v1/save-agreement-info", body).await.ok();
    let audit = sqlx::query(
        "select texts_sha256, texts, verification_type, session_id from agreement_audit where enrollment_id = $1",
    )
    .bind(id)
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    assert_eq!(audit.len(), 1);
    let row = &audit[0];
    assert_eq!(row.get::<String, _>("verification_type"), "sigapplicant", "the browser's eprocess is not taken");
    assert_eq!(row.get::<String, _>("texts_sha256").len(), 64);
    assert!(row.get::<String, _>("texts").contains("Accuracy of this application"));
    assert!(!row.get::<String, _>("session_id").is_empty());
}
