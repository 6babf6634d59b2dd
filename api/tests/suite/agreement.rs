//! Agreement & Signature: every required box ticked, a signature, and an audit record of what was agreed.

use crate::common::{agreement, png_data_url, TestApp, SIGNATURE};
use axum::http::StatusCode;
use serde_json::json;
use sqlx::Row;

#[tokio::test]
async fn agreeing_needs_every_required_box_and_a_signature_and_leaves_an_audit_record() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    b.save_personal_and_contact(id).await;
    let fields = b.get(&format!("/api/v1/get-form-fields-agreement-info?enrollment_id={id}")).await;
    let rows = fields.ok()["result"].as_array().unwrap().clone();
    let date = rows.iter().find(|r| r["field_name"] == "date").unwrap().clone();
    assert_eq!(date["read_only"], true);
    assert_eq!(date["value"], json!(chrono::Local::now().format("%m/%d/%Y").to_string()));
    assert!(rows.iter().all(|r| r["field_name"] != "agent_name"), "an applicant is not asked for a broker");

    let cases = [
        (
            json!({ "agreements": { "accuracy": true, "authorization": false, "electronic_records": true }, "signature": SIGNATURE.as_str() }),
            "agreements.authorization",
            "This field is required.",
        ),
        (
            json!({ "agreements": { "accuracy": true, "electronic_records": true }, "signature": SIGNATURE.as_str() }),
            "agreements.authorization",
            "This field is required.",
        ),
        (json!({ "signature": SIGNATURE.as_str() }), "agreements", "This field is required."),
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
    let all_agreed = json!({ "accuracy": true, "authorization": true, "electronic_records": true });
    let blank_or_near = [
        png_data_url(include_bytes!("../../../fixtures/signatures/blank-pad.png")),
        png_data_url(include_bytes!("../../../fixtures/signatures/single-dot.png")),
        png_data_url(include_bytes!("../../../fixtures/signatures/short-dash.png")),
        png_data_url(&transparent_png(300, 100)),
    ];
    let cases = cases.into_iter().chain(blank_or_near.into_iter().map(|signature| {
        (
            json!({ "agreements": all_agreed, "signature": signature }),
            "signature",
            "Please sign your name in the box: this signature is blank or too small to read",
        )
    }));
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

/// A fully transparent PNG: what a canvas sends when nothing was drawn and no background was painted.
fn transparent_png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let pixels = vec![0u8; (width * height * 4) as usize];
    encoder.write_header().unwrap().write_image_data(&pixels).unwrap();
    out
}

#[tokio::test]
async fn the_step_names_the_applicant_who_signs_and_a_typed_signature_needs_the_name_and_its_consent() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    b.save_personal_and_contact(id).await;
    let fields = b.get(&format!("/api/v1/get-form-fields-agreement-info?enrollment_id={id}")).await;
    let rows = fields.ok()["result"].as_array().unwrap().clone();
    let signer = rows.iter().find(|r| r["field_name"] == "user_name").expect("the signer is named").clone();
    assert_eq!(signer["value"], "Dana Okafor", "the applicant's name from Personal Information");
    assert_eq!(signer["read_only"], true);

    let typed = |extra: serde_json::Value| {
        let mut body = agreement();
        body["enrollment_id"] = json!(id);
        body["signature_method"] = json!("typed");
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let refused = [
        (
            typed(json!({ "signature_name": "Dana Okafor" })),
            "signature_consent",
            "Please agree that the typed name is your signature",
        ),
        (
            typed(json!({ "signature_name": "Dana Okafor", "signature_consent": false })),
            "signature_consent",
            "Please agree that the typed name is your signature",
        ),
        (typed(json!({ "signature_consent": true })), "signature_name", "Please type your full name to sign"),
        (
            typed(json!({ "signature_name": "12", "signature_consent": true })),
            "signature_name",
            "Please type your full name to sign",
        ),
    ];
    for (body, field, message) in refused {
        let answer = b.post("/api/v1/save-agreement-info", body.clone()).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(answer.first_error(), (field.to_string(), message.to_string()), "{body}");
    }

    // A drawn signature asks for neither.
    let mut drawn = agreement();
    drawn["enrollment_id"] = json!(id);
    drawn["signature_method"] = json!("drawn");
    b.post("/api/v1/save-agreement-info", drawn).await.ok();

    b.post("/api/v1/save-agreement-info", typed(json!({ "signature_name": "Dana Okafor", "signature_consent": true })))
        .await
        .ok();
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/agreement_info")).await;
    let data = &step.ok()["step"]["formData"];
    assert_eq!(data["signature_method"], "typed");
    assert_eq!(data["signature_name"], "Dana Okafor");
    assert_eq!(data["signature_consent"], true);
}
