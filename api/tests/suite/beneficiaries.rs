//! Beneficiary Information: required with life coverage, shares totalling 100, SSNs masked inside the list.

use crate::common;

use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_life_plan_adds_the_beneficiary_step_and_its_shares_must_total_one_hundred() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out_on("IO", "term_life").await;
    b.save_personal_and_contact(id).await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(step.ok()["step"]["step"], "beneficiary_info");
    assert_eq!(step.ok()["step"]["schema"]["properties"]["beneficiaries"]["maxItems"], 3);

    let ada = json!({ "first_name": "Ada", "last_name": "Okafor", "relationship": "child", "beneficiary_percentage": 60, "ssn": "219-09-9999" });
    let ben =
        json!({ "first_name": "Ben", "last_name": "Okafor", "relationship": "child", "beneficiary_percentage": 50 });
    let over = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/beneficiary_info"),
            json!({ "action": "next", "formData": { "beneficiaries": [ada, ben] } }),
        )
        .await;
    assert_eq!(over.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(over.first_error().0, "beneficiaries");
    assert!(over.first_error().1.contains("over 100%"));

    let ben =
        json!({ "first_name": "Ben", "last_name": "Okafor", "relationship": "child", "beneficiary_percentage": 40 });
    let review = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/beneficiary_info"),
            json!({ "action": "next", "formData": { "beneficiaries": [ada, ben] } }),
        )
        .await;
    assert_eq!(review.ok()["step"]["step"], "primary_health_info", "life coverage asks the health questions");
    b.post(
        &format!("/api/v1/enrollment/{id}/step/primary_health_info"),
        json!({ "action": "next", "formData": common::health_all_no() }),
    )
    .await
    .ok();
    let review = b.sign_and_pay(id).await;
    let s = review.ok()["step"].clone();
    assert_eq!(s["step"], "review_info");
    let card = s["wizard"]["summary"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["step"] == "beneficiary_info")
        .unwrap()
        .clone();
    // Each beneficiary by name in short, and every answer of each in full (View Details, the receipt's copy).
    let row = &card["rows"][0];
    assert!(row["value"].as_str().unwrap().starts_with("Ada Okafor"), "{row}");
    assert_eq!(row["parts"][0]["label"], "Beneficiary #1", "{row}");
    let text = row.to_string();
    assert!(text.contains("***-**-9999") && !text.contains("219099999"), "{text}");

    let back = b.get(&format!("/api/v1/enrollment/{id}/step/beneficiary_info")).await;
    let form = back.ok()["step"]["formData"].clone();
    assert_eq!(form["beneficiaries"][0]["ssn"], "***-**-9999");
    let resaved = b
        .post(&format!("/api/v1/enrollment/{id}/step/beneficiary_info"), json!({ "action": "next", "formData": form }))
        .await;
    assert_eq!(resaved.ok()["step"]["step"], "primary_health_info", "the masked SSN sent back keeps the stored one");
    let stored = common::stored_document(&app, id, "beneficiary_info").await;
    assert!(stored.contains("enc:k1:") && !stored.contains("219099999"), "{stored}");
}
