//! Versioned workflows: a carrier's change of its questions reaches new enrollments without a restart, enrollments in
//! flight follow the operator's choice, a submitted application keeps the questions it answered, a bad change is
//! refused, and every replica serves the new version; a re-seeded catalogue is served the same way.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::{contact, personal, TestApp, AUDIT_AUTH};
use api::services::workflows::{load, InFlight, LoadError};
use axum::http::StatusCode;
use base64::Engine;
use engine::workflow::Bundle;
use serde_json::{json, Value};

const NEW_QUESTION: &str = "In the past 12 months, have you used tobacco or nicotine in any form?";

fn copy_of_workflows() -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let to = std::env::temp_dir().join(format!("enroll-workflows-{:016x}", rand::random::<u64>()));
    std::fs::create_dir_all(&to).unwrap();
    for entry in std::fs::read_dir(&from).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
        }
    }
    to
}

/// The carrier adds a health question after the last one of the questionnaire.
fn add_health_question(dir: &Path) {
    let file = dir.join("enrollment.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let last = "            es: \"¿Está esta persona bajo el cuidado de un médico por una afección que no se preguntó arriba?\"\n          details: physician\n";
    assert!(text.contains(last), "the shipped questionnaire ends with question 147");
    let added = format!(
        "{last}        - question_id: 149\n          question_text: {NEW_QUESTION}\n          dependent_text: In the past 12 months, has this person used tobacco or nicotine in any form?\n"
    );
    std::fs::write(&file, text.replacen(last, &added, 1)).unwrap();
}

/// At the health questions: a medical plan checked out, Personal and Contact Information saved.
async fn at_health_questions(b: &mut common::Browser<'_>) -> i64 {
    let id = b.checked_out_with("medical").await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", body).await.ok();
    let mut body = contact();
    body["enrollment_id"] = json!(id);
    let saved = b.post("/api/v1/save-contact-info", body).await;
    assert_eq!(saved.ok()["next"]["route"], "health-questions");
    id
}

async fn health_step(b: &mut common::Browser<'_>, id: i64) -> Value {
    b.get(&format!("/api/v1/enrollment/{id}/step/primary_health_info")).await.ok().clone()
}

async fn save_health_all_no(b: &mut common::Browser<'_>, id: i64) -> common::Answer {
    let mut body = common::health_all_no();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-primary-health-info", body).await
}

fn carrier() -> String {
    format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(AUDIT_AUTH))
}

async fn application(app: &TestApp, policy_id: &str) -> Value {
    let mut auditor = app.browser();
    let answer = auditor.get_with(&format!("/api/v1/applications/{policy_id}"), &[("authorization", &carrier())]).await;
    answer.ok().clone()
}

async fn submitted(b: &mut common::Browser<'_>) -> String {
    let id = at_health_questions(b).await;
    save_health_all_no(b, id).await.ok();
    b.sign_and_pay(id).await.ok();
    let done = b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await;
    done.ok()["policy_id"].as_str().unwrap().to_string()
}

async fn pinned_version(app: &TestApp, policy_id: &str) -> String {
    sqlx::query_scalar("select workflow_version from enrollment where policy_id = $1")
        .bind(policy_id)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_new_health_question_reaches_new_enrollments_while_those_in_flight_and_submitted_keep_theirs() {
    let dir = copy_of_workflows();
    let app = TestApp::with_workflows(dir.clone()).await;
    let first = app.state.workflows.current().hash.clone();
    let (replica, _replica_dir) = app.replica().await;
    let mut applicant = app.browser();
    let in_flight = at_health_questions(&mut applicant).await;
    let mut other = app.browser();
    let moving_later = at_health_questions(&mut other).await;
    let mut done = app.browser();
    let policy_id = submitted(&mut done).await;
    let before = application(&app, &policy_id).await;
    assert_eq!(before["workflow_version"], first.as_str());
    assert!(!before.to_string().contains(NEW_QUESTION));
    assert!(before.to_string().contains("diagnosed with or treated for cancer"), "{before}");

    // The carrier adds a question; enrollments in flight stay on theirs (the default).
    add_health_question(&dir);
    let bundle = Bundle::read_dir(&dir).unwrap();
    let second = load(&app.state.db, &bundle, "workflows", "a test as the carrier", InFlight::Stay).await.unwrap();
    assert_ne!(second.hash, first);
    app.state.workflows.refresh(&app.state.db).await.unwrap();
    assert_eq!(app.state.workflows.current().hash, second.hash, "picked up without a restart");

    let mut newcomer = app.browser();
    let new_one = at_health_questions(&mut newcomer).await;
    assert!(health_step(&mut newcomer, new_one).await.to_string().contains(NEW_QUESTION));
    let refused = save_health_all_no(&mut newcomer, new_one).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "the new question is required: {}", refused.body);
    assert!(refused.body.to_string().contains("149"), "{}", refused.body);

    assert!(!health_step(&mut applicant, in_flight).await.to_string().contains(NEW_QUESTION));
    assert_eq!(save_health_all_no(&mut applicant, in_flight).await.ok()["next"]["route"], "agreement-signature");

    // The same change loaded again, this time moving enrollments in flight: at their next call they answer it, and
    // what they answered before is kept.
    load(&app.state.db, &bundle, "workflows", "a test as the carrier", InFlight::Move).await.unwrap();
    app.state.workflows.refresh(&app.state.db).await.unwrap();
    assert!(health_step(&mut other, moving_later).await.to_string().contains(NEW_QUESTION));
    let refused = save_health_all_no(&mut other, moving_later).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    let kept = other.get(&format!("/api/v1/enrollment/{moving_later}/step/primary_info")).await;
    assert_eq!(kept.ok()["step"]["formData"]["first_name"], "Dana", "{}", kept.body);

    // The submitted application answered the first version, and is shown with it.
    assert_eq!(pinned_version(&app, &policy_id).await, first);
    assert_eq!(application(&app, &policy_id).await, before);

    // Another replica on the same database serves the new version after its next read.
    assert_eq!(replica.workflows.current().hash, first);
    replica.workflows.refresh(&replica.db).await.unwrap();
    assert_eq!(replica.workflows.current().hash, second.hash);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn an_invalid_change_is_refused_with_the_checkers_message_and_the_running_version_stays() {
    let dir = copy_of_workflows();
    let app = TestApp::with_workflows(dir.clone()).await;
    let running = app.state.workflows.current().hash.clone();
    let file = dir.join("enrollment.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replacen("order: 1\n", "order: 11\n", 1)).unwrap();
    let bundle = Bundle::read_dir(&dir).unwrap();
    match load(&app.state.db, &bundle, "workflows", "a test", InFlight::Move).await {
        Err(LoadError::Invalid(error)) => {
            let message = error.to_string();
            assert!(message.starts_with("workflows/enrollment.yaml: at /tabs/"), "{message}");
            assert!(message.contains("11 is greater than the maximum of 10"), "{message}");
        }
        other => panic!("an invalid change was not refused: {other:?}"),
    }
    app.state.workflows.refresh(&app.state.db).await.unwrap();
    assert_eq!(app.state.workflows.current().hash, running);

    // A server started with the bad files serves the version the others serve (and says why in its log).
    let (replica, _replica_dir) = app.replica_with(|config| config.workflows_dir = dir.clone()).await;
    let replica = replica.expect("a bad workflows directory does not stop a server when a version is stored");
    assert_eq!(replica.workflows.current().hash, running);
    let mut b = app.browser();
    let id = b.checked_out().await;
    assert_eq!(b.get(&format!("/api/v1/get-dynamic-tabs?enrollment_id={id}")).await.status, StatusCode::OK);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_file_formats_are_published_and_applications_need_the_carriers_authorization() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let wizard = b.get("/api/v1/workflow-schemas/wizard").await;
    assert_eq!(wizard.ok()["title"], "Enrollment workflow file");
    for kind in ["shop", "assistant", "estimate", "x12", "questionnaire", "life_events"] {
        assert_eq!(b.get(&format!("/api/v1/workflow-schemas/{kind}")).await.status, StatusCode::OK);
    }
    let unknown = b.get("/api/v1/workflow-schemas/cart").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(
        unknown.first_error().1,
        "No workflow file kind cart; the kinds are wizard, shop, assistant, estimate, x12, questionnaire, life_events"
    );

    let anonymous = b.get("/api/v1/applications/AB12345678").await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert_eq!(b.get("/api/v1/workflow-versions").await.status, StatusCode::UNAUTHORIZED);
    let unknown = b.get_with("/api/v1/applications/AB12345678", &[("authorization", &carrier())]).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let versions = b.get_with("/api/v1/workflow-versions", &[("authorization", &carrier())]).await;
    let loads = versions.ok().as_array().unwrap().clone();
    assert_eq!(loads.len(), 1);
    assert_eq!(loads[0]["current"], true);
    assert_eq!(loads[0]["loaded_by"], "server start (workflows directory)");
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

#[tokio::test]
async fn a_re_seeded_catalogue_is_served_without_a_restart_and_no_listing_priced_from_the_old_one_is_kept() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    let plan = b.get("/api/v1/get-plan-detail/1301").await;
    assert_eq!(plan.ok()["plan_name"], "Harborstone Silver Choice PPO");
    let listing = format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=medical");
    assert!(b.get(&listing).await.body.to_string().contains("Harborstone Silver Choice PPO"));

    // An operator re-seeds the shared database with a renamed plan (`enroll seed` from another machine).
    let fixtures = std::env::temp_dir().join(format!("enroll-fixtures-{:016x}", rand::random::<u64>()));
    copy_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures"), &fixtures);
    let medical = fixtures.join("catalogue/plans/medical.yaml");
    let text = std::fs::read_to_string(&medical).unwrap();
    std::fs::write(
        &medical,
        text.replacen("plan_name: Harborstone Silver Choice PPO", "plan_name: Harborstone Silver Select PPO", 1),
    )
    .unwrap();
    assert!(api::store::seed::seed(&app.state.db, &fixtures).await.unwrap());
    assert_eq!(
        b.get("/api/v1/get-plan-detail/1301").await.ok()["plan_name"],
        "Harborstone Silver Choice PPO",
        "until the next reading, the loaded catalogue answers"
    );

    api::app::reload(&app.live).await;
    assert_eq!(b.get("/api/v1/get-plan-detail/1301").await.ok()["plan_name"], "Harborstone Silver Select PPO");
    let listed = b.get(&listing).await.body.to_string();
    assert!(listed.contains("Harborstone Silver Select PPO"), "a kept listing of the old catalogue is not served");
    assert!(!listed.contains("Harborstone Silver Choice PPO"));
    let _ = std::fs::remove_dir_all(&fixtures);
}
