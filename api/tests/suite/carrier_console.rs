//! The carriers' console: a carrier's staff sign in by their portal's link, change their plans' questions as data,
//! preview them, publish them as a new version of the workflows, and bring an earlier one back; applicants who
//! started before keep the questions they started with.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{self, Browser, TestApp};

/// Northgate Life: its optional life plan (1403) asks three health questions.
const NORTHGATE: i64 = 3;
const OPTIONAL_LIFE: i64 = 1403;

/// A browser signed in to the console as `name` of `carrier`, by the link `enroll carrier-link` prints.
async fn signed_in<'a>(app: &'a TestApp, carrier: i64, name: &str) -> Browser<'a> {
    let mut b = app.browser();
    let token = api::domain::carrier_console::carrier_link(&app.state.crypto, carrier, name);
    let opened = b.get(&format!("/carrier-sign-in/{token}")).await;
    assert_eq!(opened.status, StatusCode::SEE_OTHER);
    assert_eq!(opened.headers["location"], "/carrier");
    b
}

/// The health questions an applicant's enrollment `id` is asked for the optional life plan: their ids.
async fn asked(b: &mut Browser<'_>, id: i64) -> Vec<i64> {
    let health = b.get(&format!("/api/v1/get-questions?enrollment_id={id}&plan_id={OPTIONAL_LIFE}&type=plan")).await;
    health.ok()["result"].as_array().unwrap().iter().map(|q| q["question_id"].as_i64().unwrap()).collect()
}

/// The optional life plan's health questions with one more (904, a Yes declines) asked second.
fn with_question_904(published: &Value) -> Value {
    let mut health = published["health"].clone();
    let questions = health["questions"].as_array_mut().unwrap();
    questions.insert(
        1,
        json!({ "question_id": 904, "question_text": "Have you been diagnosed with diabetes?", "decline_on_yes": true }),
    );
    json!({ "health": health })
}

#[tokio::test]
async fn a_carriers_link_signs_its_staff_in_once_and_the_console_shows_only_its_own_plans() {
    let app = TestApp::new().await;
    let token = api::domain::carrier_console::carrier_link(&app.state.crypto, NORTHGATE, "Priya Raman");
    let mut b = app.browser();
    let (logs, guard) = common::capture_logs(tracing::Level::TRACE);
    let opened = b.get(&format!("/carrier-sign-in/{token}")).await;
    drop(guard);
    assert_eq!((opened.status, opened.headers["location"].to_str().unwrap()), (StatusCode::SEE_OTHER, "/carrier"));
    assert_eq!(opened.headers["cache-control"], "no-store");
    assert!(opened.set_cookie.as_deref().is_some_and(|c| c.contains("HttpOnly")), "a session of its own");
    assert!(!logs.text().contains(&token), "the token is never logged");
    let me = b.get("/api/v1/carrier/me").await;
    assert_eq!(me.ok()["carrier_name"], "Northgate Life");
    assert_eq!(me.ok()["staff_name"], "Priya Raman");

    let plans = b.get("/api/v1/carrier/questionnaires").await;
    let plans = plans.ok().as_array().unwrap().clone();
    let ids: Vec<i64> = plans.iter().map(|p| p["plan_id"].as_i64().unwrap()).collect();
    let own: Vec<i64> =
        app.state.catalogue.plans.iter().filter(|p| p.carrier_id == NORTHGATE).map(|p| p.plan_id).collect();
    assert_eq!(ids, own, "its own plans, every one");
    let life = plans.iter().find(|p| p["plan_id"] == OPTIONAL_LIFE).unwrap();
    let published: Vec<i64> = life["published"]["health"]["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["question_id"].as_i64().unwrap())
        .collect();
    assert_eq!(published, vec![901, 902, 903], "what applicants are asked now");
    assert_eq!(life["draft"], Value::Null);

    // Used once: another browser opening it is not signed in.
    let mut other = app.browser();
    let reused = other.get(&format!("/carrier-sign-in/{token}")).await;
    assert_eq!(reused.headers["location"], "/carrier?sign-in=link-failed");
    let refused = other.get("/api/v1/carrier/questionnaires").await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(refused.first_error().1.starts_with("Please sign in with the link from your carrier portal"));
    let forged = other.get("/carrier-sign-in/bm90LWEtdG9rZW4").await;
    assert_eq!(forged.headers["location"], "/carrier?sign-in=link-failed");

    // Signed out, the console asks for the portal's link again; signing out twice is answered the same.
    let out = b.post("/api/v1/carrier/sign-out", json!({})).await;
    assert_eq!(out.ok()["message"], "You are signed out of the carrier console.");
    assert_eq!(b.get("/api/v1/carrier/me").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(b.get("/api/v1/carrier/questionnaires").await.status, StatusCode::UNAUTHORIZED);
    b.post("/api/v1/carrier/sign-out", json!({})).await.ok();
}

#[tokio::test]
async fn another_carriers_plan_is_refused_and_an_applicants_session_is_no_carriers() {
    let app = TestApp::new().await;
    let mut b = signed_in(&app, 2, "Brightbite staff").await;
    let body = json!({ "health": { "decline_message": "No.", "questions": [ { "question_id": 1, "question_text": "Ill?" } ] } });
    for (method, path) in [
        (Method::GET, format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}")),
        (Method::PUT, format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/draft")),
        (Method::POST, format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/draft/publish")),
        (Method::GET, format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/export")),
    ] {
        let answer = b.send(method.clone(), &path, Some(body.to_string())).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{method} {path}: {}", answer.body);
        assert_eq!(answer.first_error().1, api::domain::carrier_console::NOT_YOUR_PLAN);
    }
    let missing = b.get("/api/v1/carrier/questionnaires/999999").await;
    assert_eq!((missing.status, missing.first_error().1), (StatusCode::NOT_FOUND, "No plan 999999".to_string()));
    let nonsense = b.get("/api/v1/carrier/questionnaires/abc").await;
    assert_eq!(nonsense.first_error(), ("plan_id".to_string(), "plan_id must be a whole number".to_string()));

    let mut applicant = app.browser();
    applicant.start("IO").await;
    let answer = applicant.get("/api/v1/carrier/questionnaires").await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert_eq!(store_drafts(&app).await, 0, "nothing was saved");
}

async fn store_drafts(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from questionnaire_draft").fetch_one(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn an_invalid_draft_is_refused_with_the_checkers_words_at_its_field_and_nothing_is_saved() {
    let app = TestApp::new().await;
    let mut b = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let path = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/draft");
    let twice = json!({ "health": { "decline_message": "We cannot offer this plan online.", "questions": [
        { "question_id": 901, "question_text": "Heart disease?" }, { "question_id": 901, "question_text": "Cancer?" } ] } });
    let cases = [
        (json!({ "health": "yes" }), "health", "\"yes\" is not of type \"object\""),
        (twice, "health.questions.1.question_id", "question 901 is listed twice"),
        (
            json!({ "health": { "decline_message": "No.", "questions": [ { "question_id": 1, "question_text": "Ill?", "decline_on_yes": false } ] } }),
            "health.questions",
            "no answer declines: make a question decline on Yes, or ask no health questions",
        ),
        (
            json!({ "eligibility": { "questions": [ { "qid": 0, "question": "Resident?", "true_condition": 1 } ] } }),
            "eligibility.questions.0.qid",
            "0 is less than the minimum of 1",
        ),
    ];
    for (document, field, words) in cases {
        let refused = b.put(&path, document.clone()).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{document}: {}", refused.body);
        let (at, said) = refused.first_error();
        assert_eq!((at.as_str(), said.as_str()), (field, words), "{document}");
    }
    assert_eq!(store_drafts(&app).await, 0, "nothing was saved");
}

#[tokio::test]
async fn a_published_question_is_asked_of_new_applicants_while_one_who_started_before_keeps_the_old_and_a_rollback_brings_them_back(
) {
    let app = TestApp::new().await;
    let mut before = app.browser();
    let started_before = before.start("IO").await;
    assert_eq!(asked(&mut before, started_before).await, vec![901, 902, 903]);

    let (replica, _dir) = app.replica().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let published = staff.get(&plan).await.ok()["published"].clone();
    let saved = staff.put(&format!("{plan}/draft"), with_question_904(&published)).await;
    let draft = saved.ok()["draft"].clone();
    assert_eq!(draft["updated_by"], "Priya Raman");
    assert_eq!(
        draft["changes"],
        json!([{ "part": "health", "question_id": 904, "change": "added", "what": ["asked at position 2"],
                 "after": { "question_id": 904, "question_text": "Have you been diagnosed with diabetes?", "decline_on_yes": true } }]),
        "the draft's difference from what is published, question by question"
    );

    // The preview draws the health popup as the shop does, and a Yes to the new question declines.
    let preview = staff.get(&format!("{plan}/draft/preview")).await;
    let steps = preview.ok()["steps"].as_array().unwrap().clone();
    assert_eq!(steps.len(), 1, "the plan asks health questions only");
    assert_eq!(steps[0]["step"], "health_questions");
    assert_eq!(steps[0]["schema"]["properties"]["q904"]["title"], "Have you been diagnosed with diabetes?");
    let answers = json!({ "q901": "No", "q904": "Yes", "q902": "No", "q903": "No" });
    let tried =
        staff.post(&format!("{plan}/draft/preview"), json!({ "popup": "health_questions", "answers": answers })).await;
    assert_eq!(tried.ok()["outcome"], "declined");
    assert!(tried.ok()["message"]
        .as_str()
        .unwrap()
        .starts_with("Based on your answers we cannot offer this plan online."));
    let unanswered =
        staff.post(&format!("{plan}/draft/preview"), json!({ "popup": "health_questions", "answers": {} })).await;
    assert_eq!(unanswered.first_error(), ("health_questions".into(), "Please answer all questions".into()));

    let no_note = staff.post(&format!("{plan}/draft/publish"), json!({ "note": " " })).await;
    assert_eq!(no_note.first_error().0, "note");
    let made = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Ask about diabetes" })).await;
    let version = made.ok()["workflow_version"].as_str().unwrap().to_string();
    assert_eq!(app.state.workflows.current().hash, version, "the new version is current");
    let load = api::store::workflow::history(&app.state.db).await.unwrap().remove(0);
    assert_eq!(
        load.loaded_by,
        format!("Priya Raman (Northgate Life) in the carriers' console, plan {OPTIONAL_LIFE}: Ask about diabetes"),
        "`enroll workflows list` shows the console's version beside the file loads"
    );

    // Another replica serves it from its next refresh of the workflows (every WORKFLOWS_REFRESH_SECS).
    assert_ne!(replica.workflows.current().hash, version, "not before it reads the loads");
    replica.workflows.refresh(&replica.db).await.unwrap();
    assert_eq!(replica.workflows.current().hash, version, "every replica reads the new version");

    let mut after = app.browser();
    let started_after = after.start("IO").await;
    assert_eq!(asked(&mut after, started_after).await, vec![901, 904, 902, 903], "a new applicant is asked it");
    assert_eq!(asked(&mut before, started_before).await, vec![901, 902, 903], "one who started before keeps theirs");

    let view = staff.get(&plan).await.ok().clone();
    assert_eq!(view["draft"], Value::Null, "the draft was published");
    let history = view["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "the publish, and what the workflow files said before it: {history:?}");
    assert_eq!(history[0]["note"], "Ask about diabetes");
    assert_eq!(history[1]["published_by"], "the workflow files");
    // What the files said is dated when they were loaded, not when the console first changed them.
    let loads = api::store::workflow::history(&app.state.db).await.unwrap();
    let first_load = loads.iter().find(|l| l.seq == loads.iter().map(|l| l.seq).min().unwrap()).unwrap();
    assert_eq!(history[1]["published_at"], first_load.loaded_at.as_str(), "{history:?}");
    assert_ne!(history[1]["published_at"], history[0]["published_at"]);
    let original = history[1]["publish_id"].as_i64().unwrap();

    let rolled =
        staff.post(&format!("{plan}/versions/{original}/publish"), json!({ "note": "Back to three questions" })).await;
    rolled.ok();
    let mut later = app.browser();
    let started_later = later.start("IO").await;
    assert_eq!(asked(&mut later, started_later).await, vec![901, 902, 903], "the rollback is what new applicants get");
    assert_eq!(asked(&mut after, started_after).await, vec![901, 904, 902, 903], "and who started on it keeps 904");
    let view = staff.get(&plan).await.ok().clone();
    assert_eq!(view["history"][0]["restores"], original);
}

#[tokio::test]
async fn two_publishes_of_one_draft_at_once_one_wins_and_the_other_is_told_it_changed() {
    let app = TestApp::new().await;
    let mut one = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let mut two = signed_in(&app, NORTHGATE, "Tomás Ortega").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let published = one.get(&plan).await.ok()["published"].clone();
    let revision =
        one.put(&format!("{plan}/draft"), with_question_904(&published)).await.ok()["draft"]["revision"].clone();
    let body = json!({ "note": "Ask about diabetes", "revision": revision });
    let publish = format!("{plan}/draft/publish");
    let (a, b) = tokio::join!(one.post(&publish, body.clone()), two.post(&publish, body.clone()));
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{} / {}", a.body, b.body);
    let lost = if a.status == StatusCode::CONFLICT { a } else { b };
    assert!(
        lost.first_error().1.starts_with("There is no draft to publish")
            || lost.first_error().1 == api::domain::carrier_console::DRAFT_CHANGED
    );
    let publishes: i64 = sqlx::query_scalar(
        "select count(*) from questionnaire_publish where restores is null and published_by <> 'the workflow files'",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(publishes, 1, "published once");
}

#[tokio::test]
async fn publishes_of_two_plans_at_once_both_reach_the_newest_version() {
    let app = TestApp::new().await;
    let mut life = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plans: Vec<i64> = app
        .state
        .catalogue
        .plans
        .iter()
        .filter(|p| p.carrier_id == NORTHGATE && p.plan_id != OPTIONAL_LIFE)
        .map(|p| p.plan_id)
        .collect();
    let other = plans[0];
    let mut staff = signed_in(&app, NORTHGATE, "Tomás Ortega").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let published = life.get(&plan).await.ok()["published"].clone();
    life.put(&format!("{plan}/draft"), with_question_904(&published)).await.ok();
    let eligibility = json!({ "eligibility": { "questions": [ { "qid": 77, "question": "Are you a resident of the United States?", "true_condition": 1 } ] } });
    staff.put(&format!("/api/v1/carrier/questionnaires/{other}/draft"), eligibility).await.ok();
    let (first, second) =
        (format!("{plan}/draft/publish"), format!("/api/v1/carrier/questionnaires/{other}/draft/publish"));
    let (a, b) = tokio::join!(
        life.post(&first, json!({ "note": "diabetes" })),
        staff.post(&second, json!({ "note": "residents" }))
    );
    a.ok();
    b.ok();
    let current = app.state.workflows.current();
    let shop = &current.workflows.shop;
    let category = |id: i64| app.state.catalogue.plan(id).unwrap().category.clone();
    assert!(shop
        .health_for(OPTIONAL_LIFE, &category(OPTIONAL_LIFE))
        .unwrap()
        .questions
        .iter()
        .any(|q| q.question_id == 904));
    assert_eq!(shop.eligibility_for(other, &category(other)).unwrap().questions[0].qid, 77, "neither undid the other");
}

#[tokio::test]
async fn any_version_exports_as_a_workflow_file_of_its_schema_and_a_file_imports_as_the_draft() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let exported = staff.get(&format!("{plan}/export")).await;
    let file = exported.ok().clone();
    assert_eq!(file["file_name"], format!("questionnaire-{OPTIONAL_LIFE}.yaml"));
    let yaml = file["yaml"].as_str().unwrap();
    // The checker reads it against the format's published JSON Schema first.
    let read = engine::workflow::parse_questionnaire_file("questionnaire.yaml", yaml);
    assert_eq!(read.unwrap().health.unwrap().questions[0].question_id, 901, "a valid file:\n{yaml}");

    let changed =
        yaml.replace("In the last 5 years, have you been treated", "In the last 10 years, have you been treated");
    let imported = staff.post(&format!("{plan}/import"), json!({ "yaml": changed })).await;
    let draft = imported.ok()["draft"].clone();
    assert_eq!(draft["changes"][0]["question_id"], 901);
    assert_eq!(draft["changes"][0]["what"], json!(["the question's words"]));
    let as_draft = staff.get(&format!("{plan}/export?version=draft")).await;
    assert!(as_draft.ok()["yaml"].as_str().unwrap().contains("In the last 10 years"));

    let elsewhere = yaml.replace(&format!("plan_id: {OPTIONAL_LIFE}"), "plan_id: 1401");
    let refused = staff.post(&format!("{plan}/import"), json!({ "yaml": elsewhere })).await;
    assert_eq!(
        refused.first_error(),
        ("plan_id".to_string(), format!("This file is the questionnaire of plan 1401, not of plan {OPTIONAL_LIFE}"))
    );
    let unknown = staff.get(&format!("{plan}/export?version=latest")).await;
    assert_eq!(
        unknown.first_error(),
        (
            "version".to_string(),
            "Please ask for published, draft, or the number of a version published before".to_string()
        )
    );
    let broken = staff.post(&format!("{plan}/import"), json!({ "yaml": "health: [unclosed" })).await;
    assert_eq!(broken.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_load_of_the_workflow_files_keeps_the_questions_published_in_the_console() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let published = staff.get(&plan).await.ok()["published"].clone();
    staff.put(&format!("{plan}/draft"), with_question_904(&published)).await.ok();
    staff.post(&format!("{plan}/draft/publish"), json!({ "note": "diabetes" })).await.ok();

    // An operator changes a text of the shop's file and loads the directory.
    let dir = app.config.workflows_dir.clone();
    let mut bundle = engine::workflow::Bundle::read_dir(&dir).unwrap();
    let shop = bundle.files.get_mut("shop.yaml").unwrap();
    *shop = shop.replace("title: Tobacco Usage", "title: Tobacco Use");
    let loaded = api::services::workflows::load(
        &app.state.db,
        &bundle,
        "workflows",
        "operator",
        api::services::workflows::InFlight::Stay,
    )
    .await
    .unwrap();
    app.state.workflows.refresh(&app.state.db).await.unwrap();
    let current = app.state.workflows.current();
    assert_eq!(current.hash, loaded.hash);
    assert!(current.bundle.files.contains_key(&format!("questionnaire-{OPTIONAL_LIFE}.yaml")));
    let health = current.workflows.shop.health_for(OPTIONAL_LIFE, "term_life").unwrap();
    assert!(health.questions.iter().any(|q| q.question_id == 904), "the console's question stays");
    assert_eq!(current.workflows.shop.popup(engine::shop::PopupKind::Tobacco).unwrap().title, "Tobacco Use");
}

/// The dental plan an applicant's cart gets first, and its carrier.
async fn first_dental_plan(app: &TestApp) -> (i64, i64) {
    let mut b = app.browser();
    let id = b.start("IO").await;
    let (plan_id, _) = b.add_first_plan(id, "dental").await;
    (plan_id, app.state.catalogue.plan(plan_id).unwrap().carrier_id)
}

/// The questions the application's Health Questions step asks enrollment `id`.
async fn application_questions(b: &mut Browser<'_>, id: i64) -> Vec<i64> {
    let questions = b.get(&format!("/api/v1/get-health-questions-primary-health-info?enrollment_id={id}")).await;
    let result = questions.ok()["result"]["condition_questions"].clone();
    result.as_array().unwrap().iter().map(|q| q["question_id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn a_plan_adds_a_question_to_the_applications_health_step_asked_only_when_the_cart_holds_it() {
    let app = TestApp::new().await;
    let (dental, carrier) = first_dental_plan(&app).await;
    let mut before = app.browser();
    let started_before = before.checked_out_with("dental").await;
    before.save_personal_and_contact(started_before).await;

    let mut staff = signed_in(&app, carrier, "Dental underwriting").await;
    let draft = format!("/api/v1/carrier/questionnaires/{dental}/draft");
    let question = |id: u32, details: &str| {
        json!({ "application": { "questions": [ { "question_id": id, "question_text": "Do you scuba dive below 100 feet?",
            "dependent_text": "Does this person scuba dive below 100 feet?", "details": details } ] } })
    };
    let taken = staff.put(&draft, question(141, "condition")).await;
    assert_eq!(
        taken.first_error(),
        (
            "application.questions.0.question_id".to_string(),
            "question 141 is asked in the application already: give this one another number".to_string()
        )
    );
    let unknown = staff.put(&draft, question(160, "diving")).await;
    assert_eq!(
        unknown.first_error(),
        (
            "application.questions.0.details".to_string(),
            "no detail set named diving; the sets are: condition, physician".to_string()
        )
    );
    // A detail set of the plan's own: a Yes to 160 asks for the deepest dive.
    let mut diving = question(160, "diving");
    diving["application"]["detail_sets"] = json!([ { "name": "diving", "entries": 1, "fields": [
        { "name": "deepest_dive_feet", "title": "Deepest Dive (feet)", "type": "text", "required": true } ] } ]);
    let saved = staff.put(&draft, diving).await;
    let sets = &saved.ok()["draft"]["questionnaire"]["application"]["detail_sets"];
    assert_eq!(
        sets["diving"]["fields"][0]["title"], "Deepest Dive (feet)",
        "kept as the workflow format's map: {sets}"
    );
    let preview = staff.get(&format!("{draft}/preview")).await;
    let steps = preview.ok()["steps"].as_array().unwrap().clone();
    let health = steps.iter().find(|s| s["step"] == "primary_health_info").expect("the application's health step");
    let asked = &health["schema"]["properties"]["condition_questions"]["properties"];
    assert_eq!(asked["160"]["title"], "Do you scuba dive below 100 feet?", "{asked}");
    assert!(asked.get("141").is_some(), "with the step's own questions");
    assert!(health["schema"].to_string().contains("Deepest Dive (feet)"), "a Yes opens the plan's own detail fields");
    staff.post(&format!("{draft}/publish"), json!({ "note": "Diving" })).await.ok();

    // A new applicant buying the plan is asked it; the Health Questions step is now theirs to answer.
    let mut after = app.browser();
    let started_after = after.checked_out_with("dental").await;
    after.save_personal_and_contact(started_after).await;
    let step = after.get(&format!("/api/v1/enrollment/{started_after}/step")).await;
    assert_eq!(step.ok()["step"]["step"], "primary_health_info");
    assert_eq!(application_questions(&mut after, started_after).await, vec![141, 142, 143, 144, 145, 146, 147, 160]);
    // One who started before is not.
    let step = before.get(&format!("/api/v1/enrollment/{started_before}/step")).await;
    assert_ne!(step.ok()["step"]["step"], "primary_health_info");
    // Nor is a new applicant whose cart does not hold the plan.
    let mut other = app.browser();
    let medical = other.checked_out_with("medical").await;
    other.save_personal_and_contact(medical).await;
    assert_eq!(application_questions(&mut other, medical).await, vec![141, 142, 143, 144, 145, 146, 147]);
}

#[tokio::test]
async fn a_question_the_carrier_adds_is_numbered_by_the_store_above_every_number_its_answers_could_be_under() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let published = staff.get(&plan).await.ok()["published"].clone();
    let numbers = |saved: &Value, part: &str| -> Vec<i64> {
        let questions = saved["draft"]["questionnaire"][part]["questions"].as_array().unwrap();
        questions.iter().map(|q| q["question_id"].as_i64().unwrap()).collect()
    };
    let mut health = published["health"].clone();
    let diabetes = json!({ "question_text": "Have you been diagnosed with diabetes?", "decline_on_yes": true });
    health["questions"].as_array_mut().unwrap().push(diabetes);
    let saved = staff.put(&format!("{plan}/draft"), json!({ "health": health.clone() })).await;
    assert_eq!(numbers(saved.ok(), "health"), [901, 902, 903, 904]);
    // Taken out and another added: the new one is not read as the one the draft had.
    let mut again = published["health"].clone();
    again["questions"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "question_text": "Do you smoke?", "decline_on_yes": true }));
    let saved = staff.put(&format!("{plan}/draft"), json!({ "health": again })).await;
    assert_eq!(numbers(saved.ok(), "health"), [901, 902, 903, 905]);

    // In the application, above every number the application asks already.
    let (dental, carrier) = first_dental_plan(&app).await;
    let mut dental_staff = signed_in(&app, carrier, "Dental underwriting").await;
    let question =
        json!({ "application": { "questions": [ { "question_text": "Do you scuba dive below 100 feet?" } ] } });
    let saved = dental_staff.put(&format!("/api/v1/carrier/questionnaires/{dental}/draft"), question).await;
    let number = numbers(saved.ok(), "application")[0];
    let mut b = app.browser();
    let id = b.checked_out_with("dental").await;
    let asked = application_questions(&mut b, id).await;
    assert!(asked.iter().all(|n| *n < number), "{number} is above {asked:?}");
}

#[tokio::test]
async fn a_carrier_writes_each_question_in_english_and_spanish_and_the_file_keeps_both() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let form = staff.get(&plan).await.ok()["form_data"].clone();
    assert_eq!(
        form["health"]["questions"][0]["question_text"]["es"],
        "En los últimos 5 años, ¿ha recibido tratamiento por una enfermedad del corazón, cáncer o un derrame cerebral?",
        "the shipped questions are written in both languages"
    );
    let mut draft = json!({ "health": form["health"].clone() });
    draft["health"]["questions"][2]["question_text"] =
        json!({ "en": "Have you used tobacco or nicotine in the last 12 months?", "es": "" });
    let saved = staff.put(&format!("{plan}/draft"), draft).await;
    let question = &saved.ok()["draft"]["questionnaire"]["health"]["questions"][2]["question_text"];
    assert_eq!(question, "Have you used tobacco or nicotine in the last 12 months?", "a blank Spanish is none");
    let exported = staff.get(&format!("{plan}/export?version=draft")).await;
    let yaml = exported.ok()["yaml"].as_str().unwrap().to_string();
    assert!(yaml.contains("es: En los últimos 5 años"), "the file keeps the Spanish:\n{yaml}");
}

#[tokio::test]
async fn a_carrier_who_changes_a_questions_english_is_told_its_spanish_is_older_and_publishes_only_after_saying_so() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let form = staff.get(&plan).await.ok()["form_data"].clone();
    let mut draft = json!({ "health": form["health"].clone() });
    let spanish = form["health"]["questions"][0]["question_text"]["es"].clone();
    draft["health"]["questions"][0]["question_text"] = json!({ "en": "In the last 10 years, have you been treated for heart disease, cancer or stroke?", "es": spanish });
    let saved = staff.put(&format!("{plan}/draft"), draft.clone()).await;
    assert_eq!(
        saved.ok()["draft"]["stale"],
        json!([{ "part": "health", "question_id": 901, "what": "the question's words", "language": "es" }])
    );
    let refused = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Ten years" })).await;
    assert_eq!(
        refused.first_error(),
        (
            "stale_confirmed".into(),
            "Some Spanish was written for the English before your change. Update it, or confirm that it may be published as it is.".into()
        )
    );
    assert_eq!(staff.get(&plan).await.ok()["history"].as_array().unwrap().len(), 0, "nothing was published");

    // Its Spanish written again, nothing is older.
    draft["health"]["questions"][0]["question_text"]["es"] =
        json!("En los últimos 10 años, ¿ha recibido tratamiento por una enfermedad del corazón, cáncer o un derrame cerebral?");
    let rewritten = staff.put(&format!("{plan}/draft"), draft.clone()).await;
    assert_eq!(rewritten.ok()["draft"]["stale"], json!([]));
    draft["health"]["questions"][0]["question_text"]["es"] = spanish;
    staff.put(&format!("{plan}/draft"), draft).await.ok();
    let confirmed = json!({ "note": "Ten years", "stale_confirmed": true });
    staff.post(&format!("{plan}/draft/publish"), confirmed).await.ok();
}

// The limits of what a carrier sends (docs/SECURITY.md, "The carriers' console's limits").

use api::domain::carrier_console::publishes_key;
use engine::shop::plan_questions::limits::PUBLISHES_PER_HOUR;
use engine::shop::plan_questions::limits::{self, MOST_BYTES, MOST_CHARACTERS, MOST_QUESTIONS};

/// How many questionnaire drafts the store holds.
async fn drafts_of(app: &TestApp, plan_id: i64) -> i64 {
    sqlx::query_scalar("select count(*) from questionnaire_draft where plan_id = $1")
        .bind(plan_id)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_import_nested_100000_deep_is_refused_at_once_and_the_store_goes_on_answering() {
    let app = TestApp::new().await;
    let mut one = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let mut two = signed_in(&app, NORTHGATE, "Tomás Ortega").await;
    let import = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/import");
    // Block sequences in one line, and flow sequences: some 200 KB each, under the bound on bytes.
    let blocks = format!("{}x", "- ".repeat(100_000));
    let flows = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let started = std::time::Instant::now();
    let (a, b, health) = tokio::join!(
        one.post(&import, json!({ "yaml": blocks })),
        two.post(&import, json!({ "yaml": flows })),
        async {
            let mut probe = app.browser();
            let asked = std::time::Instant::now();
            let answer = probe.get("/healthz").await;
            (answer.status, asked.elapsed())
        }
    );
    let took = started.elapsed();
    for answer in [a, b] {
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", answer.body);
        assert_eq!(
            answer.first_error(),
            (
                "yaml".to_string(),
                "A questionnaire may nest at most 32 levels: this one goes deeper at line 1".to_string()
            )
        );
    }
    // Loose bounds for a slow machine: the scan takes milliseconds, the parse took minutes.
    assert!(took < std::time::Duration::from_secs(5), "refused in {took:?}");
    assert_eq!(health.0, StatusCode::OK);
    assert!(health.1 < std::time::Duration::from_secs(5), "/healthz answered in {:?}", health.1);
    assert_eq!(drafts_of(&app, OPTIONAL_LIFE).await, 0, "nothing was saved");

    // As deep in JSON: refused as deep before serde_json's own limit (128) would call it malformed.
    let draft = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/draft");
    let deep = format!("{{\"health\": {}{}}}", "[".repeat(200), "]".repeat(200));
    let refused = one.send(Method::PUT, &draft, Some(deep)).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    assert_eq!(refused.first_error().1, limits::too_deep_at(1, "en"));
}

#[tokio::test]
async fn a_draft_over_256_kb_is_refused_413_before_it_is_read_as_json_and_nothing_is_saved() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let draft = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/draft");
    let words = "A questionnaire may be at most 256 KB: this one is larger";
    // Not even JSON: were it read, it would be refused 400 as malformed.
    let unread = format!("{{\"health\": {}", " ".repeat(MOST_BYTES));
    let refused = staff.send(Method::PUT, &draft, Some(unread)).await;
    assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", refused.body);
    assert_eq!(refused.first_error(), (String::new(), words.to_string()));
    assert_eq!(refused.body["statusCode"], 413, "the store's error shape: {}", refused.body);
    // 8,000 questions, as the probe sent them (some 400 KB).
    let questions: Vec<Value> = (1..=8_000)
        .map(|id| json!({ "question_id": id, "question_text": "Have you been treated for a heart condition?" }))
        .collect();
    let body = json!({ "health": { "decline_message": "No.", "questions": questions } });
    let refused = staff.put(&draft, body).await;
    assert_eq!((refused.status, refused.first_error().1.as_str()), (StatusCode::PAYLOAD_TOO_LARGE, words));
    // Told by its length before a byte of it is read.
    let declared = staff
        .send_with(Method::PUT, &draft, Some("{}".into()), &[("content-length", &(MOST_BYTES + 1).to_string())])
        .await;
    assert_eq!(declared.status, StatusCode::PAYLOAD_TOO_LARGE);
    // A file too.
    let file = format!("health:\n  decline_message: {}\n", "x".repeat(MOST_BYTES));
    let import = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/import");
    let refused = staff.post(&import, json!({ "yaml": file })).await;
    assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(refused.first_error(), ("yaml".to_string(), words.to_string()));
    assert_eq!(drafts_of(&app, OPTIONAL_LIFE).await, 0, "nothing was saved");
}

#[tokio::test]
async fn a_part_of_8000_questions_is_refused_under_the_part() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let words = "A part may hold at most 200 questions";
    // 8,000 in a file of 56 KB: one question, and 7,999 aliases of it.
    let file = format!(
        "health:\n  decline_message: No.\n  questions:\n  - &q {{ question_id: 1, question_text: Ill? }}\n{}",
        "  - *q\n".repeat(7_999)
    );
    assert!(file.len() < MOST_BYTES);
    let started = std::time::Instant::now();
    let refused = staff.post(&format!("{plan}/import"), json!({ "yaml": file })).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    assert_eq!(refused.first_error(), ("health.questions".to_string(), words.to_string()));
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "refused in {:?}", started.elapsed());
    // One more than the bound, in a draft.
    let questions: Vec<Value> = (1..=MOST_QUESTIONS as i64 + 1)
        .map(|id| json!({ "qid": id, "question": "Are you a resident?", "true_condition": 1 }))
        .collect();
    let refused = staff.put(&format!("{plan}/draft"), json!({ "eligibility": { "questions": questions } })).await;
    assert_eq!(refused.first_error(), ("eligibility.questions".to_string(), words.to_string()));
    assert_eq!(drafts_of(&app, OPTIONAL_LIFE).await, 0, "nothing was saved");
    // A draft kept before there were limits is refused when it is published, as it would be when saved now.
    let kept: Vec<Value> = (1..=MOST_QUESTIONS as i64 + 1)
        .map(|id| json!({ "qid": id, "question": "Are you a resident?", "true_condition": 1 }))
        .collect();
    let document = json!({ "kind": "questionnaire", "plan_id": OPTIONAL_LIFE, "eligibility": { "questions": kept } });
    api::store::carrier_console::save_draft(&app.state.db, OPTIONAL_LIFE, NORTHGATE, &document.to_string(), "Before")
        .await
        .unwrap();
    let refused = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Residents" })).await;
    assert_eq!(refused.first_error(), ("eligibility.questions".to_string(), words.to_string()));
    // As many as the bound are a questionnaire.
    let questions: Vec<Value> = (1..=MOST_QUESTIONS as i64)
        .map(|id| json!({ "qid": id, "question": format!("Are you a resident of state {id}?"), "true_condition": 1 }))
        .collect();
    staff.put(&format!("{plan}/draft"), json!({ "eligibility": { "questions": questions } })).await.ok();
}

#[tokio::test]
async fn a_question_of_5000_characters_is_refused_at_its_words() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let draft = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}/draft");
    let question = |words: Value| {
        json!({ "health": { "decline_message": "No.", "questions": [
            { "question_id": 901, "question_text": "Heart disease?" }, { "question_id": 902, "question_text": words } ] } })
    };
    let refused = staff.put(&draft, question(json!("Have you ever ".repeat(358)[..5_000]))).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    assert_eq!(
        refused.first_error(),
        ("health.questions.1.question_text".to_string(), "A text may hold at most 2000 characters".to_string())
    );
    // In Spanish too, and a message: any text a carrier writes.
    let spanish = question(json!({ "en": "Cancer?", "es": "¿".repeat(5_000) }));
    let refused = staff.put(&draft, spanish).await;
    assert_eq!(refused.first_error().0, "health.questions.1.question_text.es");
    let mut message = question(json!("Cancer?"));
    message["health"]["decline_message"] = json!("We are sorry. ".repeat(400));
    assert_eq!(staff.put(&draft, message).await.first_error().0, "health.decline_message");
    assert_eq!(drafts_of(&app, OPTIONAL_LIFE).await, 0, "nothing was saved");
    // As long as the bound is words.
    staff.put(&draft, question(json!("a".repeat(MOST_CHARACTERS)))).await.ok();
}

#[tokio::test]
async fn a_misspelt_part_or_field_is_refused_as_unknown_under_its_name() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let health =
        json!({ "decline_message": "No.", "questions": [ { "question_id": 901, "question_text": "Heart disease?" } ] });
    let refused = staff.put(&format!("{plan}/draft"), json!({ "heath": health })).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    assert_eq!(refused.first_error(), ("heath".to_string(), limits::UNKNOWN_PART.to_string()));
    assert!(limits::UNKNOWN_PART.starts_with("unknown part"));
    let file = "kind: questionnaire\nheath:\n  decline_message: No.\n  questions:\n    - { question_id: 901, question_text: Heart disease? }\n";
    let refused = staff.post(&format!("{plan}/import"), json!({ "yaml": file })).await;
    assert_eq!(refused.first_error(), ("heath".to_string(), limits::UNKNOWN_PART.to_string()));
    // In a question, and in a text's languages.
    let mut misspelt = json!({ "health": health.clone() });
    misspelt["health"]["questions"][0]["decline_on_yess"] = json!(false);
    let refused = staff.put(&format!("{plan}/draft"), misspelt).await;
    assert_eq!(
        refused.first_error(),
        ("health.questions.0.decline_on_yess".to_string(), limits::UNKNOWN_FIELD.to_string())
    );
    let mut language = json!({ "health": health.clone() });
    language["health"]["questions"][0]["question_text"] = json!({ "en": "Heart disease?", "fr": "Maladie du cœur ?" });
    let refused = staff.put(&format!("{plan}/draft"), language).await;
    assert_eq!(refused.first_error().0, "health.questions.0.question_text.fr");
    assert_eq!(drafts_of(&app, OPTIONAL_LIFE).await, 0, "nothing was saved");
    // In Spanish, for a carrier's staff who reads it.
    assert!(engine::i18n::say("es", limits::UNKNOWN_PART).starts_with("parte desconocida"));
}

#[tokio::test]
async fn a_carriers_publish_past_30_in_an_hour_is_refused_429_and_another_carrier_still_publishes() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    // 29 publishes earlier in the hour (by the carrier's other staff, of its other plans).
    for _ in 1..PUBLISHES_PER_HOUR {
        let key = publishes_key(NORTHGATE);
        api::store::quota::take(&app.state.db, &key, PUBLISHES_PER_HOUR, chrono::Duration::hours(1))
            .await
            .unwrap()
            .unwrap();
    }
    let published = staff.get(&plan).await.ok()["published"].clone();
    staff.put(&format!("{plan}/draft"), with_question_904(&published)).await.ok();
    let made = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Ask about diabetes" })).await;
    let version = made.ok()["workflow_version"].as_str().unwrap().to_string();

    // The 31st: refused before a version is made, the draft kept.
    let mut again = with_question_904(&published);
    again["health"]["questions"][1]["question_text"] = json!("Have you been diagnosed with type 1 or 2 diabetes?");
    staff.put(&format!("{plan}/draft"), again).await.ok();
    let refused = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Diabetes, both types" })).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    let retry_after: u64 = refused.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((3_500..=3_600).contains(&retry_after), "an hour after the first: {retry_after}");
    assert_eq!(
        refused.first_error(),
        (
            String::new(),
            "Your carrier may publish at most 30 times an hour. Please publish again in 60 min.".to_string()
        )
    );
    assert_eq!(refused.body["statusCode"], 429);
    assert_eq!(app.state.workflows.current().hash, version, "no version was made");
    assert_eq!(drafts_of(&app, OPTIONAL_LIFE).await, 1, "the draft waits");
    // Bringing an earlier version back is a publish too.
    let history = staff.get(&plan).await.ok()["history"].clone();
    let original = history[1]["publish_id"].as_i64().unwrap();
    let rolled = staff.post(&format!("{plan}/versions/{original}/publish"), json!({ "note": "Back" })).await;
    assert_eq!(rolled.status, StatusCode::TOO_MANY_REQUESTS);

    // Another carrier counts its own.
    let other = app.state.catalogue.plans.iter().find(|p| p.carrier_id != NORTHGATE).unwrap();
    let mut theirs = signed_in(&app, other.carrier_id, "Other staff").await;
    let draft = format!("/api/v1/carrier/questionnaires/{}/draft", other.plan_id);
    let eligibility = json!({ "eligibility": { "questions": [ { "qid": 77, "question": "Are you a resident of the United States?", "true_condition": 1 } ] } });
    theirs.put(&draft, eligibility).await.ok();
    theirs.post(&format!("{draft}/publish"), json!({ "note": "residents" })).await.ok();
}

#[tokio::test]
async fn a_publish_the_workflows_refuse_gives_back_its_place_and_only_versions_made_are_counted() {
    let app = TestApp::new().await;
    let mut staff = signed_in(&app, NORTHGATE, "Priya Raman").await;
    let plan = format!("/api/v1/carrier/questionnaires/{OPTIONAL_LIFE}");
    let key = publishes_key(NORTHGATE);
    for _ in 1..PUBLISHES_PER_HOUR {
        api::store::quota::take(&app.state.db, &key, PUBLISHES_PER_HOUR, chrono::Duration::hours(1))
            .await
            .unwrap()
            .unwrap();
    }
    let published = staff.get(&plan).await.ok()["published"].clone();
    // A draft kept before the console checked what it does now (two questions under one id), which the workflows
    // refuse when the version is made.
    let mut twice = with_question_904(&published);
    twice["health"]["questions"][0]["question_id"] = json!(904);
    twice["kind"] = json!("questionnaire");
    twice["plan_id"] = json!(OPTIONAL_LIFE);
    let document = serde_json::to_string(&twice).unwrap();
    api::store::carrier_console::save_draft(&app.state.db, OPTIONAL_LIFE, NORTHGATE, &document, "an older console")
        .await
        .unwrap();
    for _ in 0..3 {
        let refused = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Diabetes" })).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    }
    // The 30th place is still free: the refused publishes made no version and spent none.
    staff.put(&format!("{plan}/draft"), with_question_904(&published)).await.ok();
    let made = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Ask about diabetes" })).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    staff.put(&format!("{plan}/draft"), published.clone()).await.ok();
    let past = staff.post(&format!("{plan}/draft/publish"), json!({ "note": "Back as it was" })).await;
    assert_eq!(past.status, StatusCode::TOO_MANY_REQUESTS, "{}", past.body);
}
