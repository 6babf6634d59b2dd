//! Signing on the applicant's own device: a rep sends the application, the applicant opens the link with their date
//! of birth, reads it, signs, and the rep submits; the link works once and changes nothing the rep typed.

use crate::common::{self, agreement, billing_eft, contact, dob_of_age, personal, Browser, TestApp, SIGNATURE};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// A rep's enrollment of Dana Okafor (a dental plan), at Agreement & Signature.
async fn rep_at_agreement(b: &mut Browser<'_>) -> i64 {
    b.sign_in_rep("REP7781").await;
    let id = b.checked_out().await;
    for (tab, answers) in [("primary_info", personal()), ("contact_info", contact())] {
        let path = format!("/api/v1/enrollment/{id}/step/{tab}");
        b.post(&path, json!({ "action": "next", "formData": answers })).await.ok();
    }
    id
}

/// The link's token in the newest message to `to`.
fn token_in(message: &str) -> String {
    let at = message.find("/sign/").expect("the message carries the link") + "/sign/".len();
    message[at..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect()
}

async fn sent_by_email(app: &TestApp, b: &mut Browser<'_>, id: i64) -> String {
    let sent = b.post(&format!("/api/v1/enrollment/{id}/signature-request"), json!({ "channel": "email" })).await;
    assert_eq!(sent.ok()["state"], "waiting", "{}", sent.body);
    token_in(&common::mail_to(app, "dana.okafor@example.com").await)
}

async fn signed(applicant: &mut Browser<'_>, token: &str) -> crate::common::Answer {
    let body = json!({ "birthdate": dob_of_age(40), "formData": agreement() });
    applicant.post(&format!("/api/v1/signature/{token}/sign"), body).await
}

#[tokio::test]
async fn a_rep_sends_the_application_the_applicant_signs_it_on_their_own_device_and_the_rep_submits_it() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    let id = rep_at_agreement(&mut rep).await;
    let before = rep.get(&format!("/api/v1/enrollment/{id}/signature-request")).await;
    let before = before.ok();
    assert_eq!(before["state"], "none");
    assert_eq!(before["email"], "dana.okafor@example.com");
    assert_eq!(before["phone"], "4045550134");
    assert_eq!(before["not_yet"], Value::Null, "the steps the applicant reads are finished");

    let token = sent_by_email(&app, &mut rep, id).await;
    let mail = common::mail_to(&app, "dana.okafor@example.com").await;
    assert!(mail.contains("asks you to review it and sign it"), "{mail}");
    assert!(mail.contains("You will be asked for your date of birth"), "{mail}");

    // The applicant, on their phone: another browser with no session of the rep's.
    let mut applicant = rep.another();
    let invitation = applicant.get(&format!("/api/v1/signature/{token}")).await;
    assert_eq!(invitation.ok()["first_name"], "Dana");
    assert_eq!(invitation.ok()["site_name"], "Whitfield Family Benefits", "the rep's site, not the store's name");
    let opened =
        applicant.post(&format!("/api/v1/signature/{token}/open"), json!({ "birthdate": dob_of_age(40) })).await;
    let opened = opened.ok();
    assert_eq!(opened["applicant_name"], "Dana Okafor");
    let titles: Vec<&str> =
        opened["sections"].as_array().unwrap().iter().map(|s| s["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Personal Information", "Contact Information"], "the steps before the agreement");
    let shown = opened["sections"].to_string();
    assert!(shown.contains("Okafor") && !shown.contains("123-45-6789"), "read, the SSN masked: {shown}");
    let fields: Vec<&String> = opened["schema"]["properties"].as_object().unwrap().keys().collect();
    assert!(fields.iter().any(|f| *f == "signature") && fields.iter().any(|f| *f == "agreements"), "{fields:?}");
    assert!(!fields.iter().any(|f| *f == "agent_name" || *f == "answer"), "the rep's part is not asked: {fields:?}");

    let done = signed(&mut applicant, &token).await;
    assert!(done.ok()["message"].as_str().unwrap().starts_with("Thank you, Dana Okafor."), "{}", done.body);
    let again = signed(&mut applicant, &token).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "the link works once: {}", again.body);
    assert!(again.body.to_string().contains("You signed this application on"), "{}", again.body);

    let now = rep.get(&format!("/api/v1/enrollment/{id}/signature-request")).await;
    assert_eq!(now.ok()["state"], "signed");
    assert_eq!(now.ok()["signed_name"], "Dana Okafor");
    let step = rep.get(&format!("/api/v1/enrollment/{id}/step/agreement_info")).await;
    assert_eq!(step.ok()["step"]["formData"]["signature"], SIGNATURE.as_str(), "the rep sees the signature given");
    assert_eq!(step.ok()["step"]["uiSchema"]["signature"]["ui:readonly"], true, "and cannot change it");

    // The rep answers the verification question; their form carries no signature: the applicant's is the one kept.
    let rep_form = json!({ "answer": "0134", "agreements": { "accuracy": true } });
    let next = rep
        .post(
            &format!("/api/v1/enrollment/{id}/step/agreement_info"),
            json!({ "action": "next", "formData": rep_form }),
        )
        .await;
    assert_eq!(next.ok()["step"]["step"], "billing_info", "{}", next.body);
    rep.post(
        &format!("/api/v1/enrollment/{id}/step/billing_info"),
        json!({ "action": "next", "formData": billing_eft() }),
    )
    .await
    .ok();
    let submitted = rep
        .post(&format!("/api/v1/enrollment/{id}/step/review_info"), json!({ "action": "next", "formData": {} }))
        .await;
    assert_eq!(submitted.ok()["redirect"], "/enrollment/receipt", "{}", submitted.body);

    let after = applicant.get(&format!("/api/v1/signature/{token}")).await;
    assert_eq!(after.status, StatusCode::CONFLICT, "a used link stays used: {}", after.body);
}

#[tokio::test]
async fn a_signature_given_on_the_applicants_device_no_longer_holds_once_the_rep_changes_what_they_read() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    let id = rep_at_agreement(&mut rep).await;
    let token = sent_by_email(&app, &mut rep, id).await;
    signed(&mut rep.another(), &token).await.ok();

    let mut moved = contact();
    moved["address1"] = json!("48 Ponce de Leon Ave");
    rep.post(&format!("/api/v1/enrollment/{id}/step/contact_info"), json!({ "action": "next", "formData": moved }))
        .await
        .ok();
    let refused = rep
        .post(
            &format!("/api/v1/enrollment/{id}/step/agreement_info"),
            json!({ "action": "next", "formData": { "answer": "0134" } }),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    assert_eq!(
        refused.first_error(),
        (
            "signature".into(),
            "The application changed after Dana Okafor signed it. Send it to them to sign again, or let them sign here.".into()
        )
    );
}

#[tokio::test]
async fn a_signature_the_rep_saved_does_not_survive_a_change_to_what_the_applicant_read_at_submission() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    let id = rep_at_agreement(&mut rep).await;
    let token = sent_by_email(&app, &mut rep, id).await;
    signed(&mut rep.another(), &token).await.ok();
    rep.post(
        &format!("/api/v1/enrollment/{id}/step/agreement_info"),
        json!({ "action": "next", "formData": { "answer": "0134" } }),
    )
    .await
    .ok();
    rep.post(
        &format!("/api/v1/enrollment/{id}/step/billing_info"),
        json!({ "action": "next", "formData": billing_eft() }),
    )
    .await
    .ok();
    let mut renamed = personal();
    renamed["first_name"] = json!("Dane");
    rep.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "next", "formData": renamed }))
        .await
        .ok();
    let submitted = rep
        .post(&format!("/api/v1/enrollment/{id}/step/review_info"), json!({ "action": "next", "formData": {} }))
        .await;
    assert_eq!(submitted.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", submitted.body);
    assert!(submitted.body.to_string().contains("changed after Dana Okafor signed it"), "{}", submitted.body);
}

#[tokio::test]
async fn the_link_opens_only_with_the_applicants_date_of_birth_and_five_wrong_ones_end_it() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    let id = rep_at_agreement(&mut rep).await;
    let token = sent_by_email(&app, &mut rep, id).await;
    let mut stranger = rep.another();
    let open = format!("/api/v1/signature/{token}/open");
    for _ in 0..4 {
        let wrong = stranger.post(&open, json!({ "birthdate": "01/01/1970" })).await;
        assert_eq!(wrong.first_error().0, "birthdate", "{}", wrong.body);
        assert!(!wrong.body.to_string().contains("Okafor"), "nothing of the application is shown: {}", wrong.body);
    }
    let last = stranger.post(&open, json!({ "birthdate": "01/01/1970" })).await;
    assert_eq!(last.status, StatusCode::NOT_FOUND, "{}", last.body);
    assert!(last.body.to_string().contains("entered wrongly too many times"), "{}", last.body);
    let right = stranger.post(&open, json!({ "birthdate": dob_of_age(40) })).await;
    assert_eq!(right.status, StatusCode::NOT_FOUND, "the link is over, even with the right date: {}", right.body);

    let forged = stranger.get("/api/v1/signature/0123456789abcdef0123456789abcdef").await;
    assert_eq!(forged.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_newer_request_ends_the_older_link() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    let id = rep_at_agreement(&mut rep).await;
    let first = sent_by_email(&app, &mut rep, id).await;
    let second = sent_by_email(&app, &mut rep, id).await;
    assert_ne!(first, second);
    let old = rep.another().get(&format!("/api/v1/signature/{first}")).await;
    assert_eq!(old.status, StatusCode::NOT_FOUND);
    assert!(old.body.to_string().contains("a newer one was sent"), "{}", old.body);
    rep.another().get(&format!("/api/v1/signature/{second}")).await.ok();
}

#[tokio::test]
async fn only_the_enrollments_rep_sends_it_for_signature_and_only_once_the_steps_before_it_are_finished() {
    let app = TestApp::new().await;
    let mut applicant = app.browser();
    let id = applicant.checked_out().await;
    let refused =
        applicant.post(&format!("/api/v1/enrollment/{id}/signature-request"), json!({ "channel": "email" })).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);

    let mut rep = app.browser();
    rep.sign_in_rep("REP7781").await;
    let id = rep.checked_out().await;
    let status = rep.get(&format!("/api/v1/enrollment/{id}/signature-request")).await;
    let not_yet = status.ok()["not_yet"].as_str().unwrap_or_default().to_string();
    assert!(not_yet.starts_with("Finish Personal Information, Contact Information first"), "{not_yet}");
    let early = rep.post(&format!("/api/v1/enrollment/{id}/signature-request"), json!({ "channel": "text" })).await;
    assert_eq!(early.first_error().0, "channel");
    let unknown = rep.post(&format!("/api/v1/enrollment/{id}/signature-request"), json!({ "channel": "fax" })).await;
    assert_eq!(unknown.first_error(), ("channel".into(), "Choose e-mail or text message".into()));
}

#[tokio::test]
async fn with_no_text_gateway_a_text_is_kept_on_the_server_and_the_rep_is_told_it_was_not_delivered() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    let id = rep_at_agreement(&mut rep).await;
    let sent = rep.post(&format!("/api/v1/enrollment/{id}/signature-request"), json!({ "channel": "text" })).await;
    assert_eq!(sent.ok()["texts_delivered"], false);
    assert_eq!(sent.ok()["sent_to"], "4045550134");
    api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    let dir = app.state.mailer.texts_dir().expect("texts go to files");
    let texts: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap()).collect();
    assert_eq!(texts.len(), 1);
    assert!(texts[0].starts_with("To: 4045550134"), "{}", texts[0]);
    let token = token_in(&texts[0]);
    signed(&mut rep.another(), &token).await.ok();
}

#[tokio::test]
async fn with_a_text_gateway_the_text_is_posted_to_it_once_with_its_idempotency_key() {
    let (url, received) = common::loopback_service("/texts").await;
    let app = TestApp::with_config(|c| c.text_url = Some(url)).await;
    let mut rep = app.browser();
    let id = rep_at_agreement(&mut rep).await;
    let sent = rep.post(&format!("/api/v1/enrollment/{id}/signature-request"), json!({ "channel": "text" })).await;
    assert_eq!(sent.ok()["texts_delivered"], true);
    api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    let texts = received.lock().unwrap().clone();
    assert_eq!(texts.len(), 1);
    assert_eq!(texts[0]["to"], "+14045550134");
    assert_eq!(texts[0]["idempotency_key_given"], true);
    assert!(texts[0]["body"].as_str().unwrap().contains("/sign/"), "{}", texts[0]);
}
