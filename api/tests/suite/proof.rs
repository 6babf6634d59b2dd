//! The proof of a life event: a member sends a document (checked by its content, scanned by ClamAV's clamd, kept
//! sealed), the store's reviewers approve it, ask for another or deny it, and a person added for the event reaches
//! the carriers only once its proof is approved. The member is e-mailed at each turn and before the deadline.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::carrier_files::{outside_errors, submitted_with_two_carriers};
use crate::common::{Browser, TestApp};

/// A small PDF of one blank page.
pub const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>\
endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/// The EICAR test file, which every virus scanner reports as a threat (and which harms nothing).
const EICAR: &[u8] = br"X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";

/// A PNG's first bytes.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

/// Sends `bytes` as document `kind` for event `event` of policy `id`.
pub async fn send(
    b: &mut Browser<'_>,
    id: i64,
    event: &Value,
    kind: &str,
    name: &str,
    bytes: &[u8],
) -> crate::common::Answer {
    let name: String = name
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'.' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect();
    let uri = format!("/api/v1/policies/{id}/documents?life_event_id={event}&proof_kind={kind}&file_name={name}");
    b.send_bytes(Method::POST, &uri, Some((bytes.to_vec(), "application/octet-stream")), &[]).await.0
}

/// A reviewer's browser, signed in by a link.
pub async fn reviewer<'a>(app: &'a TestApp, name: &str) -> Browser<'a> {
    let mut r = app.browser();
    let token = api::domain::after_sale::proof::reviewer_link(&app.state.crypto, name);
    assert_eq!(r.get(&format!("/reviewer-sign-in/{token}")).await.status, StatusCode::SEE_OTHER);
    r
}

/// The reported event `event` of the policy, as the member reads it.
async fn event_of(b: &mut Browser<'_>, id: i64, event: &Value) -> Value {
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    policy["events"].as_array().unwrap().iter().find(|e| e["life_event_id"] == *event).unwrap().clone()
}

/// The newest change of the policy.
async fn newest_change(b: &mut Browser<'_>, id: i64) -> Value {
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    policy["changes"].as_array().unwrap().last().unwrap().clone()
}

/// Reports event `kind` on `date` (MM/DD/YYYY) and adds `person` for it; the event's id.
async fn added_for(b: &mut Browser<'_>, id: i64, kind: &str, date: &str, person: Value) -> Value {
    b.post(&format!("/api/v1/policies/{id}/life-events"), json!({ "kind": kind, "event_date": date })).await.ok();
    let form = format!("/api/v1/policies/{id}/add-person");
    let event = b.get(&form).await.ok()["events"][0]["life_event_id"].clone();
    b.post(&form, json!({ "life_event_id": event, "person": person })).await.ok();
    event
}

/// Sends a PDF for event `event` and has a reviewer approve it.
pub async fn proven(app: &TestApp, b: &mut Browser<'_>, id: i64, event: &Value, kind: &str) {
    send(b, id, event, kind, "proof.pdf", PDF).await.ok();
    let mut r = reviewer(app, "Rosa Ibáñez").await;
    let queue = r.get("/api/v1/reviews").await.ok().clone();
    let document = queue.as_array().unwrap().last().unwrap()["document_id"].clone();
    r.post(&format!("/api/v1/reviews/{document}"), json!({ "decision": "approve" })).await.ok();
}

fn yesterday() -> String {
    chrono::Local::now().date_naive().pred_opt().unwrap().format("%m/%d/%Y").to_string()
}

fn zoe(born: &str) -> Value {
    json!({ "first_name": "Zoë", "last_name": "Okafor", "gender": "1", "birthdate": born, "relationship": "child" })
}

const EMAIL: &str = "dana.okafor@example.com";

#[tokio::test]
async fn a_baby_waits_for_her_birth_certificate_and_reaches_each_carrier_once_a_reviewer_approves_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let born = yesterday();
    let event = added_for(&mut b, id, "birth", &born, zoe(&born)).await;

    // She waits: no carrier hears of her, and the policy says what is due.
    let change = newest_change(&mut b, id).await;
    assert_eq!(change["status"], "waiting_for_proof", "{change}");
    assert!(change["what"].as_str().unwrap().starts_with("Zoë is covered from"), "{change}");
    let waiting = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(waiting.files.len(), 0, "nothing reaches a carrier before the proof: {waiting:?}");
    let proof = event_of(&mut b, id, &event).await["proof"].clone();
    assert_eq!((proof["status"].as_str(), proof["takes_documents"].as_bool()), (Some("due"), Some(true)));
    assert_eq!(proof["kinds"][0], json!({ "id": "birth_certificate", "title": "Birth certificate" }));
    assert_eq!(proof["most_bytes"], 4 * 1024 * 1024);
    let listed = b.get(&format!("/api/v1/policies/{id}/remove-person")).await.ok()["people"].clone();
    assert_eq!(listed, json!([]), "she is not covered yet, so no one to take off");

    // Refused in words: no file, a file of another type whatever its name, a document the event does not list, a
    // threat the scanner finds, another session.
    let refused = send(&mut b, id, &event, "birth_certificate", "empty.pdf", b"").await;
    assert_eq!(refused.first_error(), ("file".into(), "Please choose a file".into()));
    let refused = send(&mut b, id, &event, "birth_certificate", "certificate.pdf", b"<html>not a pdf</html>").await;
    assert_eq!(refused.first_error(), ("file".into(), "Please send a PDF, JPEG or PNG file".into()));
    let refused = send(&mut b, id, &event, "marriage_certificate", "certificate.pdf", PDF).await;
    assert_eq!(refused.first_error(), ("proof_kind".into(), "Please choose one of the documents listed".into()));
    let infected = [b"%PDF-1.4\n".as_slice(), EICAR].concat();
    let refused = send(&mut b, id, &event, "birth_certificate", "certificate.pdf", &infected).await;
    assert_eq!(
        refused.first_error(),
        (
            "file".into(),
            "Our virus scanner found a threat in this file, so it was not kept. Please send another copy".into()
        )
    );
    let too_large = [PDF, &vec![b' '; 4 * 1024 * 1024]].concat();
    let refused = send(&mut b, id, &event, "birth_certificate", "big.pdf", &too_large).await;
    assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", refused.body);
    let stranger = send(&mut app.browser(), id, &event, "birth_certificate", "certificate.pdf", PDF).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    let kept: i64 = sqlx::query_scalar("select count(*) from proof_document").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(kept, 0, "nothing refused is kept");

    // Sent: kept sealed, in review, and the member is told.
    let sent = send(&mut b, id, &event, "birth_certificate", "C:\\Users\\dana\\Zoë birth certificate.pdf", PDF).await;
    let proof = sent.ok()["events"].as_array().unwrap().last().unwrap()["proof"].clone();
    assert_eq!(proof["status"], "in_review");
    assert_eq!(proof["documents"][0]["file_name"], "Zoë birth certificate.pdf", "the name, without the device's path");
    assert_eq!(proof["documents"][0]["title"], "Birth certificate");
    let (name, content): (String, String) =
        sqlx::query_as("select file_name, content from proof_document").fetch_one(&app.state.db).await.unwrap();
    assert!(name.starts_with("enc:") && content.starts_with("enc:") && !content.contains("JVBERi"), "sealed");
    let received = crate::common::mail_to(&app, EMAIL).await;
    assert!(received.contains("We received your Birth certificate"), "{received}");

    // A reviewer signs in by a link, reads the queue and the file, and must say why to deny.
    let mut outsider = app.browser();
    assert_eq!(outsider.get("/api/v1/reviews").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(b.get("/api/v1/reviews").await.status, StatusCode::UNAUTHORIZED, "a member is no reviewer");
    let mut r = reviewer(&app, "Rosa Ibáñez").await;
    assert_eq!(r.get("/api/v1/reviews/me").await.ok()["name"], "Rosa Ibáñez");
    let queue = r.get("/api/v1/reviews").await.ok().clone();
    let queued = &queue[0];
    assert_eq!(
        (queued["applicant"].as_str(), queued["event"].as_str(), queued["document"].as_str()),
        (Some("Dana Okafor"), Some("We had a baby"), Some("Birth certificate"))
    );
    assert_eq!(queued["waiting"], json!([format!("Zoë Okafor ({born})")]));
    let document = queued["document_id"].clone();
    let (file, bytes) = r.send_bytes(Method::GET, &format!("/api/v1/reviews/{document}/file"), None, &[]).await;
    assert_eq!((file.status, file.headers["content-type"].to_str().unwrap()), (StatusCode::OK, "application/pdf"));
    assert_eq!(bytes, PDF, "the file as it was sent");
    assert_eq!(
        b.send_bytes(Method::GET, &format!("/api/v1/reviews/{document}/file"), None, &[]).await.0.status,
        StatusCode::UNAUTHORIZED
    );
    let decide = format!("/api/v1/reviews/{document}");
    let refused = r.post(&decide, json!({ "decision": "deny", "reason": " " })).await;
    assert_eq!(refused.first_error(), ("reason".into(), "Please tell the member why: they read it".into()));
    let refused = r.post(&decide, json!({ "decision": "maybe" })).await;
    assert_eq!(refused.first_error().0, "decision");
    for unknown in ["999999", "0", "-1", "abc"] {
        let none = r.post(&format!("/api/v1/reviews/{unknown}"), json!({ "decision": "approve" })).await;
        assert_eq!(none.status, StatusCode::NOT_FOUND, "{unknown}: {}", none.body);
        assert!(none.body["message"].as_str().unwrap_or_default().starts_with("No "), "{}", none.body);
    }

    // Approved: she takes her place, each carrier's next file adds her once, and the member is told.
    r.post(&decide, json!({ "decision": "approve" })).await.ok();
    let twice = r.post(&decide, json!({ "decision": "deny", "reason": "Too late" })).await;
    assert_eq!(twice.status, StatusCode::CONFLICT, "decided once");
    assert_eq!(r.get("/api/v1/reviews").await.ok(), &json!([]));
    assert_eq!(newest_change(&mut b, id).await["status"], "recorded");
    assert_eq!(event_of(&mut b, id, &event).await["proof"]["status"], "approved");
    let approved = crate::common::mail_to(&app, EMAIL).await;
    assert!(approved.contains("Your Birth certificate was approved"), "{approved}");
    assert!(approved.contains("which will cover Zoë"), "{approved}");
    let again = send(&mut b, id, &event, "birth_certificate", "another.pdf", PDF).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "an approved proof takes no more documents");

    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (2, 2, 0), "{run:?}");
    for file in &run.files {
        let text = std::fs::read_to_string(file).unwrap().to_uppercase();
        assert!(text.contains("INS*N*19*021*02*A~"), "the baby added, for a birth:\n{text}");
        assert!(text.contains("NM1*IL*1*OKAFOR*ZOE~"), "{text}");
        assert_eq!(outside_errors(file), "", "both validators read it");
    }
    let later = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(later, api::domain::carrier_files::Run::default(), "once");

    let out = r.post("/api/v1/reviews/sign-out", json!({})).await;
    assert_eq!(out.ok()["message"], "You are signed out of the reviews.");
    assert_eq!(r.get("/api/v1/reviews").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_reviewer_asks_for_another_marriage_certificate_then_denies_it_and_the_spouse_never_reaches_a_carrier() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let today = chrono::Local::now().date_naive();
    let sam = json!({ "first_name": "Sam", "last_name": "Okafor", "gender": "0", "birthdate": "02/14/1985",
                      "relationship": "spouse" });
    let event = added_for(&mut b, id, "marriage", &today.format("%m/%d/%Y").to_string(), sam).await;
    let due = event_of(&mut b, id, &event).await["proof_due"].clone();

    let png = [PNG, &[0u8; 64]].concat();
    send(&mut b, id, &event, "marriage_certificate", "photo.png", &png).await.ok();
    let mut r = reviewer(&app, "Rosa Ibáñez").await;
    let document = r.get("/api/v1/reviews").await.ok()[0]["document_id"].clone();
    assert_eq!(r.get("/api/v1/reviews").await.ok()[0]["media_type"], "image/png");
    let reason = "The photo is too dark to read the names";
    r.post(&format!("/api/v1/reviews/{document}"), json!({ "decision": "ask_again", "reason": reason })).await.ok();
    let asked = event_of(&mut b, id, &event).await;
    assert_eq!(asked["proof"]["status"], "due", "another is asked for: {asked}");
    assert_eq!(asked["proof"]["documents"][0]["reason"], reason);
    assert_eq!(asked["proof_due"], due, "the first deadline is later than two weeks from now, so it stands");
    let mail = crate::common::mail_to(&app, EMAIL).await;
    assert!(mail.contains("Please send another Marriage certificate") && mail.contains(reason), "{mail}");

    let jpeg = [&[0xFFu8, 0xD8, 0xFF, 0xE0][..], &[0u8; 64]].concat();
    send(&mut b, id, &event, "marriage_certificate", "scan.jpg", &jpeg).await.ok();
    let queue = r.get("/api/v1/reviews").await.ok().clone();
    assert_eq!(queue[0]["history"], json!([format!("asked_again: {reason}")]), "the reviewer sees what came before");
    let document = queue[0]["document_id"].clone();
    let denied = "The names on the certificate are not the applicant's";
    r.post(&format!("/api/v1/reviews/{document}"), json!({ "decision": "deny", "reason": denied })).await.ok();

    let change = newest_change(&mut b, id).await;
    assert_eq!(change["status"], "refused", "{change}");
    assert_eq!(event_of(&mut b, id, &event).await["proof"]["status"], "denied");
    let mail = crate::common::mail_to(&app, EMAIL).await;
    assert!(mail.contains("So Sam will not be added to your coverage"), "{mail}");
    let again = send(&mut b, id, &event, "marriage_certificate", "scan.jpg", &jpeg).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run.files.len(), 0, "a denied spouse reaches no carrier: {run:?}");
    // The reviewer's decisions are recorded with their name.
    let by: Vec<String> = sqlx::query_scalar("select decided_by from proof_document order by document_id")
        .fetch_all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(by, ["the reviewer Rosa Ibáñez", "the reviewer Rosa Ibáñez"]);
}

#[tokio::test]
async fn a_proof_due_within_a_week_is_reminded_of_once_and_past_its_deadline_the_waiting_baby_is_refused() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let born = yesterday();
    let event = added_for(&mut b, id, "birth", &born, zoe(&born)).await;
    let today = chrono::Local::now().date_naive();
    let remind = |today| api::domain::after_sale::proof::remind_due(&app.state, today);
    assert_eq!(remind(today).await.unwrap(), 0, "30 days ahead: not yet");

    let set_due = |due: chrono::NaiveDate| {
        sqlx::query("update life_event set proof_due = $1")
            .bind(due.format("%Y-%m-%d").to_string())
            .execute(&app.state.db)
    };
    set_due(today + chrono::Duration::days(8)).await.unwrap();
    assert_eq!(remind(today).await.unwrap(), 0, "eight days ahead: not yet");
    set_due(today + chrono::Duration::days(7)).await.unwrap();
    assert_eq!(remind(today).await.unwrap(), 1, "a week ahead");
    assert_eq!(remind(today).await.unwrap(), 0, "once");
    let due = (today + chrono::Duration::days(7)).format("%m/%d/%Y").to_string();
    let mail = crate::common::mail_to(&app, EMAIL).await;
    assert!(mail.contains(&format!("Your proof is due by {due}")) && mail.contains("We had a baby"), "{mail}");

    set_due(today.pred_opt().unwrap()).await.unwrap();
    assert_eq!(remind(today).await.unwrap(), 1, "the deadline passed: the member is told once");
    assert_eq!(remind(today).await.unwrap(), 0);
    assert_eq!(newest_change(&mut b, id).await["status"], "refused");
    let proof = event_of(&mut b, id, &event).await["proof"].clone();
    assert_eq!((proof["status"].as_str(), proof["takes_documents"].as_bool()), (Some("overdue"), Some(false)));
    let mail = crate::common::mail_to(&app, EMAIL).await;
    assert!(
        mail.contains("The time to send your proof has ended") && mail.contains("so Zoë will not be added"),
        "{mail}"
    );
    let late = send(&mut b, id, &event, "birth_certificate", "certificate.pdf", PDF).await;
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert!(
        late.body["message"].as_str().unwrap_or_default().starts_with("The time to send the proof"),
        "{}",
        late.body
    );
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run.files.len(), 0, "{run:?}");
}

#[tokio::test]
async fn a_certificate_sent_before_the_deadline_keeps_the_baby_waiting_until_a_reviewer_decides_after_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let born = yesterday();
    let event = added_for(&mut b, id, "birth", &born, zoe(&born)).await;
    send(&mut b, id, &event, "birth_certificate", "certificate.pdf", PDF).await.ok();

    // The deadline passes while the certificate waits in the reviewers' queue.
    let today = chrono::Local::now().date_naive();
    sqlx::query("update life_event set proof_due = $1")
        .bind(today.pred_opt().unwrap().format("%Y-%m-%d").to_string())
        .execute(&app.state.db)
        .await
        .unwrap();
    let told = api::domain::after_sale::proof::remind_due(&app.state, today).await.unwrap();
    assert_eq!(told, 0, "no one is told the time ended");
    assert_eq!(newest_change(&mut b, id).await["status"], "waiting_for_proof");
    let proof = event_of(&mut b, id, &event).await["proof"].clone();
    assert_eq!(proof["status"], "in_review", "{proof}");
    let mail = crate::common::mail_to(&app, EMAIL).await;
    assert!(!mail.contains("The time to send your proof has ended"), "{mail}");

    // The reviewer approves it the next morning, and she reaches each carrier.
    let mut r = reviewer(&app, "Rosa Ibáñez").await;
    let document = r.get("/api/v1/reviews").await.ok()[0]["document_id"].clone();
    r.post(&format!("/api/v1/reviews/{document}"), json!({ "decision": "approve" })).await.ok();
    assert_eq!(newest_change(&mut b, id).await["status"], "recorded");
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run.files.len(), 2, "{run:?}");
}

#[tokio::test]
async fn a_baby_is_added_on_the_day_she_is_born_but_not_before() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let today = chrono::Local::now().date_naive();
    let (born, tomorrow) =
        (today.format("%m/%d/%Y").to_string(), today.succ_opt().unwrap().format("%m/%d/%Y").to_string());
    b.post(&format!("/api/v1/policies/{id}/life-events"), json!({ "kind": "birth", "event_date": born })).await.ok();
    let form = format!("/api/v1/policies/{id}/add-person");
    let event = b.get(&form).await.ok()["events"][0]["life_event_id"].clone();
    let early = b.post(&form, json!({ "life_event_id": event, "person": zoe(&tomorrow) })).await;
    assert_eq!(early.first_error(), ("birthdate".into(), "Date cannot be a future date".into()), "{}", early.body);
    // The browser says it before the form is sent, in the reader's language.
    b.language = Some("es");
    let asked = b.get(&form).await.ok().clone();
    let said = &asked["schema"]["properties"]["birthdate"]["x-messages"];
    assert_eq!(said["not_after_today"], "La fecha no puede ser una fecha futura", "{said}");
    b.language = None;
    let added = b.post(&form, json!({ "life_event_id": event, "person": zoe(&born) })).await;
    let change = added.ok()["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(change["status"], "waiting_for_proof", "{change}");
}

#[tokio::test]
async fn a_member_who_applied_in_spanish_is_told_of_each_turn_of_the_proof_in_spanish() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    sqlx::query("update enrollment set submitted_language = 'es' where enrollment_id = $1")
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
    let born = yesterday();
    let event = added_for(&mut b, id, "birth", &born, zoe(&born)).await;
    send(&mut b, id, &event, "birth_certificate", "acta.pdf", PDF).await.ok();
    let received = crate::common::mail_to(&app, EMAIL).await;
    assert!(received.contains("Recibimos su documento (Acta de nacimiento) para su póliza"), "{received}");
    let mut r = reviewer(&app, "Rosa Ibáñez").await;
    let document = r.get("/api/v1/reviews").await.ok()[0]["document_id"].clone();
    let reason = "La foto está borrosa";
    r.post(&format!("/api/v1/reviews/{document}"), json!({ "decision": "ask_again", "reason": reason })).await.ok();
    let asked = crate::common::mail_to(&app, EMAIL).await;
    assert!(
        asked.contains("No pudimos aceptar el documento (Acta de nacimiento)") && asked.contains(reason),
        "{asked}"
    );
    assert!(asked.contains("Inicie sesión en su póliza y elija Enviar un documento"), "{asked}");
}

#[tokio::test]
async fn a_vision_plan_chosen_for_a_marriage_waits_for_the_certificate_and_reaches_its_carrier_once_it_is_approved() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let today = chrono::Local::now().date_naive().format("%m/%d/%Y").to_string();
    b.post(&format!("/api/v1/policies/{id}/life-events"), json!({ "kind": "marriage", "event_date": today }))
        .await
        .ok();
    let form = format!("/api/v1/policies/{id}/plans");
    let open = b.get(&form).await.ok().clone();
    let event = open["events"][0].clone();
    assert_eq!(event["waits_for_proof"], true, "a marriage is proven by its certificate: {event}");
    let vision =
        event["choices"].as_array().unwrap().iter().find(|c| c["category_name"] == "Vision Plans").unwrap().clone();
    let chosen = b
        .post(&form, json!({ "life_event_id": event["life_event_id"], "plan_id": vision["plan_id"], "plan_pricing_id": vision["plan_pricing_id"] }))
        .await
        .ok()
        .clone();
    let change = chosen["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(change["status"], "waiting_for_proof", "{change}");
    assert!(
        !chosen["plans"].as_array().unwrap().iter().any(|p| p["plan_id"] == vision["plan_id"]),
        "not held yet: {chosen}"
    );
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run.files.len(), 0, "no carrier hears of a plan waiting for a proof: {run:?}");
    let open = b.get(&form).await.ok().clone();
    let offered = open["events"][0]["choices"].as_array().unwrap();
    assert!(!offered.iter().any(|c| c["category_name"] == "Vision Plans"), "not chosen twice while it waits: {open}");

    proven(&app, &mut b, id, &event["life_event_id"], "marriage_certificate").await;
    assert_eq!(newest_change(&mut b, id).await["status"], "recorded");
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    assert!(policy["plans"].as_array().unwrap().iter().any(|p| p["plan_id"] == vision["plan_id"]), "{policy}");
    let mail = crate::common::mail_to(&app, EMAIL).await;
    assert!(mail.contains(vision["plan_name"].as_str().unwrap()), "the e-mail names the plan approved: {mail}");
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.failed), (1, 0), "the vision plan's carrier alone: {run:?}");
    let text = std::fs::read_to_string(&run.files[0]).unwrap().to_uppercase();
    assert!(text.contains("**VIS*") && text.contains("*32*A"), "the vision plan starts, for a marriage (32):\n{text}");
    assert_eq!(crate::carrier_files::outside_errors(&run.files[0]), "", "both validators read it");
}
