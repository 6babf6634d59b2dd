//! The Enroller Code: required for the groups the workflow names, offered to reps, absent for other applicants.

use crate::common;

use crate::common::{personal, TestApp};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_member_of_group_2556_must_give_an_enroller_code_and_can_save_it_on_its_own() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    // Group enrollment codes are not yet an entry point; the test makes the enrollment a group member directly.
    common::join_group(&app, id, 2556).await;
    let show = b.get(&format!("/api/v1/check-enroll-code?enrollment_id={id}")).await;
    assert_eq!(show.ok()["show_enroll_code"], true);
    let row = b.personal_field(id, "enroller_code").await;
    assert_eq!(row["required"], true);
    // Whoever does not have the code is told who gives it, how to reach them, and that they can save for later.
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    let help = step.ok()["step"]["uiSchema"]["enroller_code"]["ui:help"].as_str().unwrap_or_default().to_string();
    for words in [
        "Ask the benefits administrator at Peachtree Logistics for it, at (404) 555-0188 or benefits@peachtreelogistics.example.",
        "You can also ask the group's rep, Jordan Whitfield, at (404) 555-0191 or jordan.whitfield@benefitstore.example.",
        "No code yet? Choose Save & Continue Later",
    ] {
        assert!(help.contains(words), "{help}");
    }

    let mut body = personal();
    body["enrollment_id"] = json!(id);
    let missing = b.post("/api/v1/save-personal-info", body.clone()).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.first_error(), ("enroller_code".into(), "Enter Enroller Code".into()));

    let empty = b.post("/api/v1/save-enroller-code", json!({ "enrollment_id": id, "enrollerCode": "" })).await;
    assert_eq!(empty.first_error(), ("enroller_code".into(), "Enter Enroller Code".into()));
    b.post("/api/v1/save-enroller-code", json!({ "enrollment_id": id, "enrollerCode": "EC-4471" })).await.ok();
    assert_eq!(b.personal_field(id, "enroller_code").await["value"], "EC-4471");

    let fields = b.get(&format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}")).await;
    let version = fields.ok()["version"].clone();
    // Saved in its dialog, the code is not asked again when the page's Next does not send it.
    assert!(body.get("enroller_code").is_none());
    body["version"] = version;
    let saved = b.post("/api/v1/save-personal-info", body.clone()).await;
    assert_eq!(saved.ok()["next"]["route"], "contact-information");
    assert_eq!(b.personal_field(id, "enroller_code").await["value"], "EC-4471", "and it is kept");
    // Sent empty on purpose, it is asked for.
    body["enroller_code"] = json!("");
    body["version"] =
        b.get(&format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}")).await.ok()["version"].clone();
    let cleared = b.post("/api/v1/save-personal-info", body).await;
    assert_eq!(cleared.first_error(), ("enroller_code".into(), "Enter Enroller Code".into()));
}

#[tokio::test]
async fn a_rep_enrolling_an_employee_is_told_the_enroller_code_is_their_own_not_to_ask_themselves() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.sign_in_rep("REP7781").await;
    let id = b.checked_out().await;
    common::join_group(&app, id, 2556).await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    let help = step.ok()["step"]["uiSchema"]["enroller_code"]["ui:help"].as_str().unwrap_or_default().to_string();
    assert!(
        help.contains("enter the enroller code Peachtree Logistics gave you for its employees' enrollments"),
        "{help}"
    );
    assert!(help.contains("ask the benefits administrator at Peachtree Logistics, at (404) 555-0188"), "{help}");
    assert!(!help.contains("Jordan Whitfield"), "the rep is not told to ask themselves: {help}");
}

#[tokio::test]
async fn an_applicant_outside_those_groups_is_not_asked_for_an_enroller_code() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let show = b.get(&format!("/api/v1/check-enroll-code?enrollment_id={id}")).await;
    assert_eq!(show.ok()["show_enroll_code"], false);
    let refused = b.post("/api/v1/save-enroller-code", json!({ "enrollment_id": id, "enrollerCode": "EC-1" })).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.first_error().0, "enroller_code");
}
