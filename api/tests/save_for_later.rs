//! Save & Continue Later: a draft kept, a code e-mailed through the outbox, and resuming with code and e-mail.

mod common;

use axum::http::StatusCode;
use common::{personal, TestApp};
use serde_json::json;

/// Delivers the outbox and reads the continue code from the newest e-mail to `to`.
async fn code_sent_to(app: &TestApp, to: &str) -> String {
    api::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    let mut mails: Vec<_> = std::fs::read_dir(app.state.mailer.dir().expect("e-mails go to files"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .filter(|m| m.contains(&format!("To: {to}")))
        .collect();
    mails.sort();
    let mail = mails.pop().expect("an e-mail was written");
    let line = mail.lines().find(|l| l.starts_with("Your enrollment code is: ")).expect("the code is in the e-mail");
    line.trim_start_matches("Your enrollment code is: ").trim().to_string()
}

#[tokio::test]
async fn save_for_later_keeps_a_draft_and_e_mails_a_code_that_resumes_on_another_device() {
    let app = TestApp::new().await;
    let mut first = app.browser();
    let id = first.checked_out().await;
    let mut draft = personal();
    draft["last_name"] = json!("");
    let saved = first
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_info"),
            json!({ "action": "save-for-later", "formData": draft, "version": 0, "email": "dana.alt@example.com" }),
        )
        .await;
    assert_eq!(saved.ok()["message"], "Information Saved!!! Check your email to continue");

    let code = code_sent_to(&app, "dana.alt@example.com").await;
    assert_eq!(code.len(), 8);

    let mut second = app.browser();
    let wrong =
        second.post("/api/v1/continue-enrollment", json!({ "code": code, "email": "someone@example.com" })).await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.first_error(), ("code".into(), "Invalid enrollment code or e-mail address".into()));
    let resumed = second
        .post("/api/v1/continue-enrollment", json!({ "code": code.to_lowercase(), "email": "Dana.Alt@example.com" }))
        .await;
    assert_eq!(resumed.ok()["enrollment_id"], id);
    assert_eq!(resumed.ok()["saved_tab"], "primary_info");
    assert_eq!(resumed.ok()["route"], "personal-information");

    let step = second.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    let form = step.ok()["step"]["formData"].clone();
    assert_eq!(form["first_name"], "Dana", "the draft was kept");
    assert_eq!(form["ssn"], "***-**-6789", "the draft's SSN is stored encrypted and shown masked");
    assert!(form.get("last_name").is_none());
    let next = second
        .post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "next", "formData": form }))
        .await;
    assert_eq!(next.first_error(), ("last_name".into(), "Field is required".into()), "the draft is validated on Next");
}

#[tokio::test]
async fn save_for_later_needs_a_valid_alternate_email_and_saves_nothing_without_one() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    for email in ["", "dana@", "not an address"] {
        let answer = b
            .post(
                &format!("/api/v1/enrollment/{id}/step/primary_info"),
                json!({ "action": "save-for-later", "formData": personal(), "email": email }),
            )
            .await;
        assert_eq!(answer.first_error(), ("email".into(), "Enter valid email address".into()), "{email:?}");
    }
    let fields = b.get(&format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}")).await;
    assert_eq!(fields.ok()["version"], 0, "nothing was stored");
    let sent = api::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    assert_eq!(sent, 0, "no e-mail was queued");
}

#[tokio::test]
async fn the_spec_save_enrollment_call_sends_a_code_for_a_tab_by_its_saved_name() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let saved = b
        .post(
            "/api/v1/save-enrollment",
            json!({ "enrollment_id": id, "email": "alt@example.com", "tab": "primary_info", "data": personal() }),
        )
        .await;
    assert_eq!(saved.ok()["message"], "Information Saved!!! Check your email to continue");
    let unknown = b
        .post(
            "/api/v1/save-enrollment",
            json!({ "enrollment_id": id, "email": "alt@example.com", "tab": "nonsense", "data": {} }),
        )
        .await;
    assert_eq!(unknown.first_error().0, "tab");
    let code = code_sent_to(&app, "alt@example.com").await;
    let stranger = app
        .browser()
        .post("/api/v1/continue-enrollment", json!({ "code": "AAAAAAAA", "email": "alt@example.com" }))
        .await;
    assert_eq!(stranger.status, StatusCode::UNPROCESSABLE_ENTITY);
    let missing = app.browser().post("/api/v1/continue-enrollment", json!({ "code": code })).await;
    assert_eq!(missing.first_error(), ("email".into(), "Field is required".into()));
}
