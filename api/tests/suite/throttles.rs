//! Throttles hold however they are approached: one mailbox however its address is written, saves sent at the same
//! moment on two replicas, each way of saving for later, a new token for each guess, guesses sent at once, and the
//! carrier's credentials.

use crate::common;

use crate::common::{personal, Browser, TestApp};
use axum::http::{Method, StatusCode};
use serde_json::json;

/// A browser coming from `client` (a proxy's X-Forwarded-For, which the test servers trust).
async fn save_for_later_from(b: &mut Browser<'_>, id: i64, client: &str, email: &str) -> StatusCode {
    let body = json!({ "action": "save-for-later", "formData": personal(), "email": email }).to_string();
    let uri = format!("/api/v1/enrollment/{id}/step/primary_info");
    b.send_with(Method::POST, &uri, Some(body), &[("x-forwarded-for", client)]).await.status
}

/// E-mails queued for `to` (a plain address).
async fn mails_queued_to(app: &TestApp, to: &str) -> i64 {
    sqlx::query_scalar("select count(*) from outbox where lower(recipient) = $1")
        .bind(to)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn one_mailbox_receives_five_continue_codes_an_hour_however_its_address_is_written() {
    let app = TestApp::new().await;
    let written = [
        "victim@example.com",
        "Victim@Example.com",
        "\"x\" <victim@example.com>",
        "Someone <VICTIM@example.com>",
        "\"y\" <victim@example.com>",
        "\"z\" <victim@example.com>",
    ];
    let mut answers = Vec::new();
    for (n, address) in written.iter().enumerate() {
        let mut b = app.browser();
        let id = b.checked_out().await;
        answers.push(save_for_later_from(&mut b, id, &format!("192.0.2.{n}"), address).await);
    }
    assert_eq!(answers[..5], [StatusCode::OK; 5], "{answers:?}");
    assert_eq!(answers[5], StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(mails_queued_to(&app, "victim@example.com").await, 5, "each went to the mailbox itself");
}

#[tokio::test]
async fn saves_for_later_sent_at_the_same_moment_on_two_replicas_send_five_codes_to_one_address() {
    let app = TestApp::new().await;
    let other = app.restarted().await;
    let mut browsers = Vec::new();
    for n in 0..16 {
        let server = if n % 2 == 0 { &app } else { &other };
        let mut b = server.browser();
        let id = b.checked_out().await;
        browsers.push((b, id, format!("198.51.100.{n}")));
    }
    let saves = browsers.iter_mut().map(|(b, id, client)| save_for_later_from(b, *id, client, "burst@example.com"));
    let answers = futures_util::future::join_all(saves).await;
    let sent = answers.iter().filter(|s| **s == StatusCode::OK).count();
    assert_eq!(sent, 5, "{answers:?}");
    assert!(answers.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::TOO_MANY_REQUESTS), "{answers:?}");
    assert_eq!(mails_queued_to(&app, "burst@example.com").await, 5);
}

#[tokio::test]
async fn the_wizards_save_for_later_is_limited_per_client_with_the_spec_call() {
    let app = TestApp::new().await;
    let client = "203.0.113.50";
    let mut answers = Vec::new();
    // Each save from a new session to a new address: only the per-client allowance can stop the eleventh.
    for n in 0..6 {
        let mut b = app.browser();
        let id = b.checked_out().await;
        answers.push(save_for_later_from(&mut b, id, client, &format!("person{n}@example.com")).await);
    }
    for n in 6..11 {
        let mut b = app.browser();
        let id = b.checked_out().await;
        let body = json!({ "enrollment_id": id, "email": format!("person{n}@example.com"), "tab": "primary_info", "data": personal() });
        let answer = b
            .send_with(Method::POST, "/api/v1/save-enrollment", Some(body.to_string()), &[("x-forwarded-for", client)])
            .await;
        answers.push(answer.status);
    }
    assert_eq!(answers[..10], [StatusCode::OK; 10], "{answers:?}");
    assert_eq!(answers[10], StatusCode::TOO_MANY_REQUESTS, "the step protocol and the spec's call share one allowance");
}

#[tokio::test]
async fn guesses_at_continue_links_are_counted_per_route_however_many_tokens_are_tried() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let mut statuses = Vec::new();
    for n in 0..11 {
        let token = format!("bm90LWEtdG9rZW4t{n:04}");
        let answer = b
            .send_with(
                Method::GET,
                &format!("/api/v1/direct-continue/{token}"),
                None,
                &[("x-forwarded-for", "203.0.113.9")],
            )
            .await;
        statuses.push(answer.status);
    }
    assert_eq!(statuses[..10], [StatusCode::NOT_FOUND; 10], "{statuses:?}");
    assert_eq!(statuses[10], StatusCode::TOO_MANY_REQUESTS, "a new token is not a new allowance");
}

#[tokio::test]
async fn wrong_continue_codes_sent_at_once_lock_the_address_after_five_and_the_right_one_waits() {
    let app = TestApp::new().await;
    let mut owner = app.browser();
    let id = owner.checked_out().await;
    assert_eq!(save_for_later_from(&mut owner, id, "192.0.2.200", "locked@example.com").await, StatusCode::OK);
    let code = common::mail_to(&app, "locked@example.com")
        .await
        .lines()
        .find_map(|l| l.strip_prefix("Your enrollment code is: ").map(|c| c.trim().to_string()))
        .unwrap();
    let guesses = (0..12).map(|n| {
        let mut guesser = app.browser();
        async move {
            let body = json!({ "code": "WRONGCDE", "email": "locked@example.com" }).to_string();
            let client = format!("198.18.0.{n}");
            guesser
                .send_with(Method::POST, "/api/v1/continue-enrollment", Some(body), &[("x-forwarded-for", &client)])
                .await
                .status
        }
    });
    let answers = futures_util::future::join_all(guesses).await;
    let compared = answers.iter().filter(|s| **s == StatusCode::UNPROCESSABLE_ENTITY).count();
    assert_eq!(compared, 5, "five are compared, the rest refused at once: {answers:?}");
    let mut right = app.browser();
    let body = json!({ "code": code, "email": "locked@example.com" }).to_string();
    let late = right
        .send_with(Method::POST, "/api/v1/continue-enrollment", Some(body), &[("x-forwarded-for", "192.0.2.201")])
        .await;
    assert_eq!(late.status, StatusCode::TOO_MANY_REQUESTS, "the address is locked, even for the right code");
}

#[tokio::test]
async fn wrong_carrier_credentials_are_throttled_per_client() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let mut statuses = Vec::new();
    for n in 0..11 {
        use base64::Engine;
        let wrong = base64::engine::general_purpose::STANDARD.encode(format!("carrier:guess{n}"));
        let authorization = format!("Basic {wrong}");
        let answer = b
            .send_with(
                Method::GET,
                "/api/v1/workflow-versions",
                None,
                &[("authorization", authorization.as_str()), ("x-forwarded-for", "203.0.113.77")],
            )
            .await;
        statuses.push(answer.status);
    }
    assert_eq!(statuses[..10], [StatusCode::UNAUTHORIZED; 10], "{statuses:?}");
    assert_eq!(statuses[10], StatusCode::TOO_MANY_REQUESTS);
}
