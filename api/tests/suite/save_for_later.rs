//! Save & Continue Later: a draft kept, a code e-mailed through the outbox, and resuming with code and e-mail.

use crate::common;

use crate::common::{personal, TestApp};
use axum::http::StatusCode;
use serde_json::json;

/// Delivers the outbox and reads the continue code from the newest e-mail to `to`.
async fn code_sent_to(app: &TestApp, to: &str) -> String {
    api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
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
    let sent = api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
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

/// The newest e-mail to `to`, with quoted-printable soft line breaks undone.

#[tokio::test]
async fn the_link_in_the_e_mail_resumes_the_enrollment_and_a_forged_or_expired_link_does_not() {
    let app = TestApp::new().await;
    let mut first = app.browser();
    let id = first.checked_out().await;
    let saved = first
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_info"),
            json!({ "action": "save-for-later", "formData": personal(), "email": "link@example.com" }),
        )
        .await;
    let sent = saved.ok()["sent"].as_str().unwrap().to_string();
    assert!(
        sent.starts_with(
            "We sent your enrollment code to link@example.com. The code, or the link in the e-mail, works once, until "
        ),
        "the confirmation names the address and how the code works: {sent}"
    );
    let mail = common::mail_to(&app, "link@example.com").await;
    let once = mail
        .lines()
        .find(|l| l.starts_with("The code, or this link, works once, until "))
        .expect("the e-mail says how the code works");
    assert!(once.ends_with("Each time you choose Save & Continue Later, we send a new one."), "{once}");
    assert!(!mail.contains("valid until"), "the e-mail promises nothing the code does not do");
    let link = mail
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://localhost:8080/direct-continue/"))
        .expect("the e-mail carries a link")
        .to_string();
    let token = link.split('/').next().unwrap().to_string();

    let mut second = app.browser();
    let forged = format!("{}{}", if token.starts_with('A') { "B" } else { "A" }, &token[1..]);
    let refused = second.get(&format!("/api/v1/direct-continue/{forged}")).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    assert!(refused.first_error().1.starts_with("This link is not valid or has expired"));
    use base64::Engine;
    let plain_id = base64::engine::general_purpose::STANDARD.encode(id.to_string());
    let spec_style = second.get(&format!("/api/v1/direct-continue/{plain_id}")).await;
    assert_eq!(spec_style.status, StatusCode::NOT_FOUND, "a base64 id alone opens nothing");

    let code = mail.lines().find_map(|l| l.strip_prefix("Your enrollment code is: ")).unwrap().trim().to_string();
    let expired = api::domain::resume::direct_token(
        &app.state.crypto,
        id,
        "primary_info",
        chrono::Utc::now() - chrono::Duration::minutes(1),
        &api::domain::resume::hash(&code),
    );
    assert_eq!(second.get(&format!("/api/v1/direct-continue/{expired}")).await.status, StatusCode::NOT_FOUND);

    let resumed = second.get(&format!("/api/v1/direct-continue/{token}")).await;
    assert_eq!(resumed.ok()["enrollment_id"], id);
    assert_eq!(resumed.ok()["route"], "personal-information");
    let again = second.get(&format!("/api/v1/direct-continue/{token}")).await;
    assert_eq!(again.ok()["enrollment_id"], id, "opened again where it was used, the link opens the application there");
    let mut third = app.browser();
    let elsewhere = third.get(&format!("/api/v1/direct-continue/{token}")).await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);
    assert_eq!(
        elsewhere.first_error().1,
        api::domain::resume::LINK_USED,
        "elsewhere it says it was used, not that it expired"
    );
    let step = second.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    assert_eq!(step.ok()["step"]["formData"]["first_name"], "Dana");
    let tab = second.get(&format!("/api/v1/check-tab-required?enrollment_id={id}&tab_name=contact_info")).await;
    assert_eq!(tab.ok()["result"]["required"], true);
}

/// Fills every step with the spec's save calls and submits the application.
pub async fn submit_with_the_spec_calls(b: &mut common::Browser<'_>, id: i64) -> common::Answer {
    for (call, mut body) in [
        ("save-personal-info", personal()),
        ("save-contact-info", common::contact()),
        ("save-agreement-info", common::agreement()),
        ("save-billing-info", common::billing_eft()),
    ] {
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await
}

#[tokio::test]
async fn submitting_sends_the_member_an_enrollment_receipt_with_the_confirmation_number() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let submitted = submit_with_the_spec_calls(&mut b, id).await;
    let policy_id = submitted.ok()["policy_id"].as_str().unwrap().to_string();
    let mail = common::mail_to(&app, "dana.okafor@example.com").await;
    assert!(mail.contains("Subject: Enrollment Receipt"), "{mail}");
    assert!(mail.contains(&format!("Your confirmation number is {policy_id}")), "{mail}");
    assert!(mail.contains("Dear Dana Okafor"), "{mail}");
}

/// Saves Personal Information for later, e-mailing `to`; answers the code and the direct link's token of that e-mail.
async fn save_for_later(app: &TestApp, b: &mut common::Browser<'_>, id: i64, to: &str) -> (String, String) {
    b.post(
        &format!("/api/v1/enrollment/{id}/step/primary_info"),
        json!({ "action": "save-for-later", "formData": personal(), "email": to }),
    )
    .await
    .ok();
    let mail = common::mail_to(app, to).await;
    let code = mail.lines().find_map(|l| l.strip_prefix("Your enrollment code is: ")).unwrap().trim().to_string();
    let token = mail
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://localhost:8080/direct-continue/"))
        .and_then(|l| l.split('/').next())
        .unwrap()
        .to_string();
    (code, token)
}

#[tokio::test]
async fn a_continue_code_and_its_link_each_open_the_enrollment_once() {
    let app = TestApp::new().await;
    let mut first = app.browser();
    let id = first.checked_out().await;
    let (code, token) = save_for_later(&app, &mut first, id, "once@example.com").await;

    let mut second = app.browser();
    let resumed =
        second.post("/api/v1/continue-enrollment", json!({ "code": code, "email": "once@example.com" })).await;
    assert_eq!(resumed.ok()["enrollment_id"], id);
    let mut third = app.browser();
    let again = third.post("/api/v1/continue-enrollment", json!({ "code": code, "email": "once@example.com" })).await;
    assert_eq!(again.first_error(), ("code".into(), "Invalid enrollment code or e-mail address".into()));
    let link = third.get(&format!("/api/v1/direct-continue/{token}")).await;
    assert_eq!(link.status, StatusCode::NOT_FOUND, "the link went with its code");
    let mine = third.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(mine.status, StatusCode::NOT_FOUND, "the enrollment stayed with the browser that resumed it");

    let (_, token) = save_for_later(&app, &mut second, id, "link@example.com").await;
    assert_eq!(third.get(&format!("/api/v1/direct-continue/{token}")).await.ok()["enrollment_id"], id);
    assert_eq!(first.get(&format!("/api/v1/direct-continue/{token}")).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn saving_for_later_again_replaces_the_earlier_code_and_link() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let (old_code, old_token) = save_for_later(&app, &mut b, id, "first@example.com").await;
    let (new_code, _) = save_for_later(&app, &mut b, id, "second@example.com").await;
    assert_ne!(old_code, new_code);

    let mut other = app.browser();
    let old =
        other.post("/api/v1/continue-enrollment", json!({ "code": old_code, "email": "first@example.com" })).await;
    assert_eq!(old.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(other.get(&format!("/api/v1/direct-continue/{old_token}")).await.status, StatusCode::NOT_FOUND);
    let new =
        other.post("/api/v1/continue-enrollment", json!({ "code": new_code, "email": "second@example.com" })).await;
    assert_eq!(new.ok()["enrollment_id"], id);
}

#[tokio::test]
async fn submitting_the_application_revokes_its_continue_code_and_link() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let (code, token) = save_for_later(&app, &mut b, id, "late@example.com").await;
    submit_with_the_spec_calls(&mut b, id).await.ok();

    let mut other = app.browser();
    let by_code = other.post("/api/v1/continue-enrollment", json!({ "code": code, "email": "late@example.com" })).await;
    assert_eq!(by_code.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(other.get(&format!("/api/v1/direct-continue/{token}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn wrong_codes_for_one_address_from_many_clients_lock_that_address_for_a_while_and_no_other() {
    let app = TestApp::new().await;
    let mut owner = app.browser();
    let id = owner.checked_out().await;
    let saved = owner
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_info"),
            json!({ "action": "save-for-later", "formData": personal(), "version": 0, "email": "target@example.com" }),
        )
        .await;
    saved.ok();
    let code = code_sent_to(&app, "target@example.com").await;
    // Five guessers, each well under the per-client throttle, share the work against one address.
    for n in 0..5 {
        let mut guesser = app.browser();
        let ip = format!("198.51.100.{n}");
        let body = json!({ "code": format!("WRONG{n:03}"), "email": "target@example.com" }).to_string();
        let answer = guesser
            .send_with(axum::http::Method::POST, "/api/v1/continue-enrollment", Some(body), &[("x-forwarded-for", &ip)])
            .await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "guess {n} is answered");
    }
    let mut late = app.browser();
    let locked = late.post("/api/v1/continue-enrollment", json!({ "code": code, "email": "target@example.com" })).await;
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS, "even the right code waits");
    let other =
        late.post("/api/v1/continue-enrollment", json!({ "code": "ABCDEFGH", "email": "other@example.com" })).await;
    assert_eq!(other.status, StatusCode::UNPROCESSABLE_ENTITY, "another address is not locked");
}
