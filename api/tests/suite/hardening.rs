//! Requests an attacker or a careless client can make: another site's forged requests, NUL characters in text, and
//! what the access log keeps of a request.

use crate::common;

use crate::common::{personal, TestApp};
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn send(
    app: &TestApp,
    method: Method,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if body.is_some() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let request = request.body(body.map(|b| Body::from(b.to_string())).unwrap_or_else(Body::empty)).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn filter() -> Value {
    json!({ "zip": "30301", "gender": "1", "tier": "IO", "dob": "05/20/1985" })
}

#[tokio::test]
async fn a_request_another_site_makes_the_browser_send_is_refused_and_changes_nothing() {
    let app = TestApp::new().await;
    let forged: [&[(&str, &str)]; 3] = [
        &[("host", "store.example"), ("origin", "https://evil.example")],
        &[("host", "store.example"), ("sec-fetch-site", "cross-site")],
        &[("origin", "https://evil.example")],
    ];
    for headers in forged {
        let (status, body) = send(&app, Method::POST, "/api/v1/add-filter-for-new-user", headers, Some(filter())).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{headers:?}");
        assert_eq!(body["message"], api::http::middleware::CROSS_SITE);
    }
    // A state-changing GET of the spec: another site cannot make the browser's session a rep's.
    let mut b = app.browser();
    b.get("/api/v1/get-plan-category").await.ok();
    let cookie = b.cookie.clone().unwrap();
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/v1/validate-agent?agent_code=REP7781",
        &[("cookie", &cookie), ("host", "store.example"), ("sec-fetch-site", "cross-site")],
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let groups = b.get("/api/v1/get-agent-groups").await;
    assert_eq!(groups.status, StatusCode::FORBIDDEN, "the session did not become the rep's");

    let same_site: [&[(&str, &str)]; 3] = [
        &[("host", "store.example"), ("origin", "https://store.example")],
        &[("host", "store.example"), ("sec-fetch-site", "same-origin")],
        &[],
    ];
    for headers in same_site {
        let (status, body) = send(&app, Method::POST, "/api/v1/add-filter-for-new-user", headers, Some(filter())).await;
        assert_eq!(status, StatusCode::OK, "{headers:?}: {body}");
    }
}

#[tokio::test]
async fn a_nul_character_in_any_text_is_refused_under_its_field_on_every_database() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;

    let mut body = personal();
    body["enrollment_id"] = json!(id);
    body["first_name"] = json!("Ann\u{0}e");
    let refused = b.post("/api/v1/save-personal-info", body).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    assert_eq!(refused.first_error(), ("first_name".into(), api::http::extract::NUL_REFUSED.into()));

    let nested = json!({ "enrollment_id": id, "dependents": [ { "first_name": "Sam", "last_name": "O\u{0}Neil" } ] });
    let refused = b.post("/api/v1/save-dependent-info-to-temp", nested).await;
    assert_eq!(refused.first_error(), ("dependents.0.last_name".into(), api::http::extract::NUL_REFUSED.into()));

    let refused = b.get("/api/v1/validate-zip-code?zip_code=303%0001").await;
    assert_eq!(refused.first_error(), ("zip_code".into(), api::http::extract::NUL_REFUSED.into()));

    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(step.ok()["step"]["formData"].get("first_name"), None, "nothing was saved");
}

#[tokio::test]
async fn the_database_its_wal_and_the_outbox_are_the_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let save = json!({ "action": "save-for-later", "formData": personal(), "email": "owner@example.com" });
    b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), save).await.ok();
    api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let data_dir = app.renderer_dir().parent().unwrap().to_path_buf();
    assert_eq!(mode(&data_dir.join("outbox")), 0o700);
    let mails: Vec<_> = std::fs::read_dir(data_dir.join("outbox")).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(!mails.is_empty());
    assert!(mails.iter().all(|m| mode(m) == 0o600), "every e-mail file is the owner's alone");
    if app.database_url.starts_with("sqlite") {
        assert_eq!(mode(&data_dir.join("test.db")), 0o600);
        assert_eq!(mode(&data_dir.join("test.db-wal")), 0o600, "the WAL follows the database's mode");
    }
}

/// A session cookie for `id` with the given times, signed as the server signs them.
fn session_cookie(app: &TestApp, id: &str, issued_ago: chrono::Duration, used_ago: chrono::Duration) -> String {
    use axum::response::IntoResponse;
    use axum_extra::extract::cookie::{Cookie, SignedCookieJar};
    let now = chrono::Utc::now();
    let value = api::http::session::SessionCookie {
        id: id.to_string(),
        issued: (now - issued_ago).timestamp(),
        last_used: (now - used_ago).timestamp(),
    }
    .value();
    let jar = SignedCookieJar::new(app.state.cookie_key.clone()).add(Cookie::new(api::http::session::COOKIE, value));
    let response = (jar, ()).into_response();
    let set = response.headers()[header::SET_COOKIE].to_str().unwrap();
    set.split(';').next().unwrap().to_string()
}

/// The session id inside a browser's signed cookie.
fn session_id(app: &TestApp, cookie: &str) -> String {
    use axum_extra::extract::cookie::SignedCookieJar;
    let mut headers = axum::http::HeaderMap::new();
    headers.insert(header::COOKIE, cookie.parse().unwrap());
    let jar = SignedCookieJar::from_headers(&headers, app.state.cookie_key.clone());
    let value = jar.get(api::http::session::COOKIE).unwrap().value().to_string();
    value.split('.').nth(1).unwrap().to_string()
}

#[tokio::test]
async fn a_session_ends_after_two_idle_hours_or_a_day_and_its_enrollment_is_no_longer_reachable() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    let session = session_id(&app, b.cookie.as_ref().unwrap());
    let step = format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}");
    let minutes = chrono::Duration::minutes;

    let recent = session_cookie(&app, &session, minutes(60), minutes(119));
    let (status, _) = send(&app, Method::GET, &step, &[("cookie", &recent)], None).await;
    assert_eq!(status, StatusCode::OK, "used 1h59 ago: still the owner's session");

    for (why, cookie) in [
        ("idle over two hours", session_cookie(&app, &session, minutes(150), minutes(121))),
        ("started over a day ago", session_cookie(&app, &session, minutes(24 * 60 + 1), minutes(1))),
    ] {
        let request = Request::get(&step).header("cookie", &cookie).body(Body::empty()).unwrap();
        let response = app.router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{why}: the enrollment is not reachable");
        let renewed = response.headers().get(header::SET_COOKIE).map(|v| v.to_str().unwrap().to_string());
        let renewed = renewed.expect("a new session is issued");
        assert_ne!(session_id(&app, renewed.split(';').next().unwrap()), session, "{why}: a new session id");
    }
}

#[tokio::test]
async fn guessing_access_codes_or_continue_codes_is_throttled_per_client_with_retry_after() {
    let app = TestApp::new().await;
    let guesser = [("x-forwarded-for", "203.0.113.7")];
    for attempt in 1..=10 {
        let (status, _) = send(&app, Method::GET, "/api/v1/validate-agent?agent_code=ZZZZ0000", &guesser, None).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "attempt {attempt} is answered");
    }
    let request = Request::get("/api/v1/validate-agent?agent_code=ZZZZ0000")
        .header("x-forwarded-for", "203.0.113.7")
        .body(Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = response.headers()[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After: {wait}");
    let body: Value = serde_json::from_slice(&response.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert_eq!(body["message"], "Too many attempts. Please wait a moment and try again.");

    let other = [("x-forwarded-for", "198.51.100.9")];
    let (status, _) = send(&app, Method::GET, "/api/v1/validate-agent?agent_code=REP7781", &other, None).await;
    assert_eq!(status, StatusCode::OK, "another client is not held back");

    // Each guess at another address, so that only the per-client throttle can stop the eleventh.
    for n in 1..=10 {
        let guess = json!({ "code": "AAAA2222", "email": format!("someone{n}@example.com") });
        let (status, _) = send(&app, Method::POST, "/api/v1/continue-enrollment", &guesser, Some(guess)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let guess = json!({ "code": "AAAA2222", "email": "someone11@example.com" });
    let (status, _) = send(&app, Method::POST, "/api/v1/continue-enrollment", &guesser, Some(guess)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn one_mailbox_receives_at_most_five_continue_codes_an_hour() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let save = |to: &str| json!({ "action": "save-for-later", "formData": personal(), "email": to });
    for sent in 1..=5 {
        let answer = b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), save("victim@example.com")).await;
        assert_eq!(answer.status, StatusCode::OK, "e-mail {sent}");
    }
    let refused = b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), save("Victim@Example.com")).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    let other = b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), save("someone.else@example.com")).await;
    assert_eq!(other.status, StatusCode::OK);
}

#[tokio::test]
async fn one_session_has_at_most_ten_e_mails_sent_an_hour_whatever_the_addresses() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let save = |to: String| json!({ "action": "save-for-later", "formData": personal(), "email": to });
    for n in 1..=10 {
        let answer =
            b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), save(format!("p{n}@example.com"))).await;
        assert_eq!(answer.status, StatusCode::OK, "e-mail {n}");
    }
    let refused = b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), save("p11@example.com".into())).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    // Another session, from another address (this one's allowance per client is spent too).
    let mut other = app.browser();
    let theirs = other.checked_out().await;
    let body = save("p11@example.com".into()).to_string();
    let uri = format!("/api/v1/enrollment/{theirs}/step/primary_info");
    let answer = other.send_with(Method::POST, &uri, Some(body), &[("x-forwarded-for", "198.51.100.77")]).await;
    assert_eq!(answer.status, StatusCode::OK, "another session is not held back");
}

#[tokio::test]
async fn an_enrollment_keeps_at_most_forty_screenshots() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let shot = |n: usize| {
        json!({ "enrollment_id": id, "name": format!("step {n}"), "image": common::SIGNATURE.as_str() }).to_string()
    };
    // From several clients, so that the per-client throttle is not what stops them.
    let upload = |n: usize| (shot(n), format!("192.0.2.{}", n / 10));
    for n in 1..=40 {
        let (body, ip) = upload(n);
        let answer =
            b.send_with(Method::POST, "/api/v1/save-screenshot", Some(body), &[("x-forwarded-for", &ip)]).await;
        assert_eq!(answer.status, StatusCode::OK, "screenshot {n}");
    }
    let (body, ip) = upload(41);
    let refused = b.send_with(Method::POST, "/api/v1/save-screenshot", Some(body), &[("x-forwarded-for", &ip)]).await;
    assert_eq!(refused.first_error(), ("image".into(), "No more screenshots are kept for this enrollment".into()));
}

#[tokio::test]
async fn one_client_uploads_at_most_twenty_screenshots_a_minute() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let shot = json!({ "enrollment_id": id, "name": "step", "image": common::SIGNATURE.as_str() }).to_string();
    let client = [("x-forwarded-for", "198.51.100.77")];
    for n in 1..=20 {
        let answer = b.send_with(Method::POST, "/api/v1/save-screenshot", Some(shot.clone()), &client).await;
        assert_eq!(answer.status, StatusCode::OK, "screenshot {n}");
    }
    let refused = b.send_with(Method::POST, "/api/v1/save-screenshot", Some(shot), &client).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn an_expired_member_link_opens_nothing() {
    let app = TestApp::new().await;
    let expired = api::domain::members::link_token_until(
        &app.state.crypto,
        5001,
        chrono::Utc::now() - chrono::Duration::minutes(1),
    );
    let mut b = app.browser();
    let refused = b.post("/api/v1/add-filter-for-member", json!({ "user_id": expired, "tier": "IO" })).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    assert_eq!(refused.first_error().1, api::domain::members::LINK_INVALID);
    let fresh = api::domain::members::link_token(&app.state.crypto, 5001);
    let opened = b.post("/api/v1/add-filter-for-member", json!({ "user_id": fresh, "tier": "IO" })).await;
    assert_eq!(opened.status, StatusCode::OK, "{}", opened.body);
}

#[tokio::test]
async fn only_wrong_codes_count_toward_the_guessing_throttle() {
    let app = TestApp::new().await;
    let client = [("x-forwarded-for", "203.0.113.44")];
    for attempt in 1..=15 {
        let (status, _) = send(&app, Method::GET, "/api/v1/validate-agent?agent_code=REP7781", &client, None).await;
        assert_eq!(status, StatusCode::OK, "a rep typing their own code, time {attempt}");
    }
    for _ in 1..=10 {
        let (status, _) = send(&app, Method::GET, "/api/v1/validate-agent?agent_code=ZZZZ9999", &client, None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
    let (status, _) = send(&app, Method::GET, "/api/v1/validate-agent?agent_code=REP7781", &client, None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "after ten wrong codes, even a right one waits");
}
