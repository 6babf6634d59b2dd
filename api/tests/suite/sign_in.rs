//! Only the right person sees and acts: a rep's public access code brands a session but shows no member until the
//! rep signs in (a hand-off link, or a code e-mailed to the rep's address on file); looking a code up changes nothing;
//! a group's enrollment code stays with the group; a session that gains a role continues under a new id.

use crate::common;

use crate::common::{Answer, Browser, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

const REP_EMAIL: &str = "jordan.whitfield@benefitstore.example";

/// The sign-in code in the newest e-mail to the rep.
async fn code_mailed_to_rep(app: &TestApp) -> String {
    let mail = common::mail_to(app, REP_EMAIL).await;
    let line = mail.lines().find(|l| l.starts_with("Your sign-in code")).expect("the code is in the e-mail");
    line.chars().filter(char::is_ascii_digit).collect()
}

#[track_caller]
fn assert_asked_to_sign_in(answer: &Answer) {
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.body);
    assert!(answer.first_error().1.starts_with("Please sign in to see your members"), "{}", answer.body);
}

#[tokio::test]
async fn a_reps_public_access_code_shows_no_member_until_the_rep_signs_in_with_a_code_sent_to_their_e_mail() {
    let app = TestApp::new().await;
    let mut outsider = app.browser();
    // The code is public: the rep's landing page answers it, as the spec's answer shape says.
    let landing = outsider.get("/api/v1/get-agent-landing-page-info?agent_id=7781").await;
    let code = landing.ok()["agent_code"].as_str().unwrap().to_string();
    outsider.enter_rep_code(&code).await;

    // Branded, not signed in: no member, no record, no quote for a member, no lead.
    assert_asked_to_sign_in(&outsider.get("/api/v1/get-agent-members?agent_id=7781").await);
    assert_asked_to_sign_in(&outsider.get("/api/v1/get-group-users?group_id=2556").await);
    let enroll = outsider.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5001, "tier": "IO" })).await;
    assert_asked_to_sign_in(&enroll);
    assert_asked_to_sign_in(&outsider.get("/benefit/v1/leads").await);
    let parties = outsider.get("/api/v1/get-group-agent-member-info?group_id=2556").await;
    assert_eq!(parties.ok()["result"]["group_info"]["code"], Value::Null);
    let refused = outsider.get("/api/v1/get-agent-members").await;
    assert!(refused.headers.get("www-authenticate").is_none(), "no browser password dialog");

    // A code goes to the rep's own address, never to one the browser names; the page says where, masked.
    let sent = outsider.post("/api/v1/send-rep-sign-in-code", json!({ "email": "outsider@example.com" })).await;
    assert_eq!(sent.ok()["sent_to"], "j••••@benefitstore.example");
    let code = code_mailed_to_rep(&app).await;
    assert_eq!(code.len(), 6);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let guess = outsider.post("/api/v1/rep-sign-in", json!({ "code": wrong })).await;
    assert_eq!(guess.first_error(), ("code".into(), api::domain::access::CODE_WRONG.into()));

    // The rep, in the browser that asked, signs in; the session continues under a new id.
    let before = outsider.cookie.clone();
    let signed_in = outsider.post("/api/v1/rep-sign-in", json!({ "code": code })).await;
    assert_eq!(signed_in.ok()["name"], "Jordan Whitfield");
    assert_ne!(outsider.cookie, before, "the session id is renewed");
    let members = outsider.get("/api/v1/get-agent-members?agent_id=7781").await;
    assert_eq!(members.ok().as_array().unwrap().len(), 12);
    assert!(members.ok()[0]["ssn"].as_str().unwrap().starts_with("***-**-"));
    let again = outsider.post("/api/v1/rep-sign-in", json!({ "code": code })).await;
    assert_eq!(again.first_error(), ("code".into(), api::domain::access::CODE_SPENT.into()), "a code works once");

    // The id the session had before holds nothing any more.
    let mut old = app.browser();
    old.cookie = before;
    assert_eq!(old.get("/api/v1/get-agent-members").await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn guesses_at_a_sign_in_code_sent_at_once_are_each_counted_and_stop_at_five() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.enter_rep_code("REP7781").await;
    b.post("/api/v1/send-rep-sign-in-code", json!({})).await.ok();
    let code = code_mailed_to_rep(&app).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    // Eight guesses at once, each from another address (the per-client throttle is not what stops them here).
    let guesses = (0..8).map(|n| {
        let mut guesser = app.browser();
        guesser.cookie = b.cookie.clone();
        async move {
            let forwarded = format!("198.51.100.{n}");
            let body = json!({ "code": wrong }).to_string();
            let answer = guesser
                .send_with(
                    axum::http::Method::POST,
                    "/api/v1/rep-sign-in",
                    Some(body),
                    &[("x-forwarded-for", forwarded.as_str())],
                )
                .await;
            answer.first_error().1
        }
    });
    let answers = futures_util::future::join_all(guesses).await;
    let counted = answers.iter().filter(|a| *a == api::domain::access::CODE_WRONG).count();
    assert_eq!(counted, 5, "five guesses are compared, the rest refused: {answers:?}");
    let right = b.post("/api/v1/rep-sign-in", json!({ "code": code })).await;
    assert_eq!(right.first_error().1, api::domain::access::CODE_SPENT, "the right code comes too late");
    assert_eq!(b.get("/api/v1/get-agent-members").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_hand_off_link_signs_the_rep_in_once_and_redirects_to_the_rep_home() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    let token = api::domain::access::rep_link(&app.state.crypto, 7781);
    let (logs, guard) = common::capture_logs(tracing::Level::TRACE);
    let opened = rep.get(&format!("/rep-sign-in/{token}")).await;
    drop(guard);
    assert_eq!(opened.status, StatusCode::SEE_OTHER);
    assert_eq!(opened.headers["location"], "/agent-home");
    assert_eq!(opened.headers["cache-control"], "no-store");
    assert_eq!(opened.headers["referrer-policy"], "no-referrer");
    let cookie = opened.set_cookie.clone().expect("the rep's session is set");
    assert!(cookie.contains("HttpOnly"));
    assert_eq!(rep.get("/api/v1/get-agent-members").await.ok().as_array().unwrap().len(), 12);
    assert!(!logs.text().contains(&token), "the token is never logged");
    // The rep is on their own site.
    assert_eq!(rep.get("/api/v1/get-default-info").await.ok()["agent"]["agent_id"], 7781);

    // Used once: another browser that opens it is not signed in.
    let mut other = app.browser();
    let reused = other.get(&format!("/rep-sign-in/{token}")).await;
    assert_eq!(reused.headers["location"], "/agent-select-member?sign-in=link-failed");
    assert_eq!(other.get("/api/v1/get-agent-members").await.status, StatusCode::FORBIDDEN);

    // Forged or expired links sign no one in.
    let forged = format!("{}{}", if token.starts_with('A') { "B" } else { "A" }, &token[1..]);
    let expired = app.state.crypto.seal_token(&format!("rep-link:7781:00:{}", chrono::Utc::now().timestamp() - 1));
    for token in [forged, expired] {
        let mut stranger = app.browser();
        stranger.get(&format!("/rep-sign-in/{token}")).await;
        assert_eq!(stranger.get("/api/v1/get-agent-members").await.status, StatusCode::FORBIDDEN);
    }
}

/// What the server says of the session: whose site, what role.
async fn standing(b: &mut Browser<'_>) -> Value {
    b.get("/api/v1/get-default-info").await.ok().clone()
}

#[tokio::test]
async fn a_no_to_a_rep_or_an_employer_leaves_the_session_as_it_was() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let before = standing(&mut b).await;
    // The person looks up a colleague's rep code and an employer's code, and says No to both.
    assert_eq!(b.get("/api/v1/validate-agent?agent_code=REP7790").await.ok()["first_name"], "Priya");
    assert_eq!(b.get("/api/v1/validate-group?group_code=PEACH2556").await.ok()["name"], "Peachtree Logistics");
    assert_eq!(standing(&mut b).await, before);
    let id = b.start("IO").await;
    let eprocess = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=eprocess")).await;
    assert_eq!(eprocess.ok()["result"], "applicant");
    let kind = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=type")).await;
    assert_eq!(kind.ok()["result"], "new-member");
    assert_eq!(b.get("/api/v1/get-agent-groups").await.status, StatusCode::FORBIDDEN);

    // A code confirmed that is not known changes nothing either.
    let unknown = b.post("/api/v1/confirm-access", json!({ "agent_code": "NOPE0000" })).await;
    assert_eq!(unknown.first_error(), ("agent_code".into(), "Invalid Rep Access Code".into()));
    assert_eq!(standing(&mut b).await, before);
}

#[tokio::test]
async fn a_groups_code_is_told_only_to_its_employees_its_administrator_and_its_signed_in_rep() {
    let app = TestApp::new().await;
    let code_of = |answer: &Answer| answer.ok()["result"]["group_info"]["code"].clone();
    let mut visitor = app.browser();
    let seen = visitor.get("/api/v1/get-group-agent-member-info?group_id=2556").await;
    assert_eq!(code_of(&seen), Value::Null);
    // A visitor of the group's own public site is not under the group.
    visitor.get("/api/v1/validate-landing-page?url=peachtree-logistics").await;
    let info = visitor.get("/api/v1/get-group-info-enroll").await;
    if info.status == StatusCode::OK {
        assert_eq!(info.ok()["gcode"], Value::Null, "{}", info.body);
    }

    let mut employee = app.browser();
    employee.enter_group_code("PEACH2556").await;
    assert_eq!(code_of(&employee.get("/api/v1/get-group-agent-member-info?group_id=2556").await), "PEACH2556");
    assert_eq!(code_of(&employee.get("/api/v1/get-group-agent-member-info?group_id=2512").await), Value::Null);

    let mut rep = app.browser();
    rep.enter_rep_code("REP7781").await;
    assert_eq!(code_of(&rep.get("/api/v1/get-group-agent-member-info?group_id=2556").await), Value::Null);
    rep.open_rep_link(7781).await;
    assert_eq!(code_of(&rep.get("/api/v1/get-group-agent-member-info?group_id=2556").await), "PEACH2556");

    let mut admin = app.browser();
    let link = api::domain::access::group_admin_link(&app.state.crypto, 2556);
    let before = admin.cookie.clone();
    let opened = admin.get(&format!("/api/v1/get-group-info?group_id={link}")).await;
    assert_eq!(opened.ok()["gcode"], "PEACH2556");
    assert!(opened.set_cookie.is_some() && admin.cookie != before, "the administrator's session id is renewed");
    assert_eq!(admin.get("/api/v1/get-group-users?group_id=2556").await.ok().as_array().unwrap().len(), 4);
}
