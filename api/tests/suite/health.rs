//! Health Questions: the questionnaire from workflows/, the spec's calls and error keys, answers sealed at rest.

use crate::common;

use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};

/// Checked out with a medical plan, Personal and Contact saved: the next step is Health Questions.
async fn at_health_questions(b: &mut common::Browser<'_>) -> i64 {
    let id = b.checked_out_with("medical").await;
    b.save_personal_and_contact(id).await;
    id
}

fn spec_list(questions: &Value) -> Vec<Value> {
    questions["condition_questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| json!({ "question_id": q["question_id"], "yes_no_flag": "0" }))
        .collect()
}

#[tokio::test]
async fn a_medical_plan_asks_the_health_questions_none_of_them_answered_for_the_person() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_health_questions(&mut b).await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(step.ok()["step"]["step"], "primary_health_info");
    assert_eq!(step.ok()["step"]["wizard"]["route"], "health-questions");

    let questions = b.get(&format!("/api/v1/get-health-questions-primary-health-info?enrollment_id={id}")).await;
    let result = questions.ok()["result"].clone();
    let ids: Vec<i64> =
        result["condition_questions"].as_array().unwrap().iter().map(|q| q["question_id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [141, 142, 143, 144, 145, 146, 147]);
    assert!(
        result["condition_questions"].as_array().unwrap().iter().all(|q| q["yes_no_flag"].is_null()),
        "no health answer is assumed: {result}"
    );
    assert!(result["medication_question"]["yes_no_flag"].is_null());
    let form = step.ok()["step"]["formData"].clone();
    assert!(form.pointer("/condition_questions/141/yes_no_flag").is_none(), "nor in the step's form: {form}");
    let q145 = &result["condition_questions"][4];
    assert_eq!(q145["detail_fields"], json!([]), "question 145 has no detail fields");
    let q146: Vec<&str> = result["condition_questions"][5]["detail_fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field_name"].as_str().unwrap())
        .collect();
    assert_eq!(
        q146,
        ["condition", "status", "last_seen_by_physician", "date_of_recovery", "physician_name", "address", "phone"]
    );
    assert_eq!(result["condition_questions"][0]["max_entries"], 2, "two treatment entries per detail");
    assert_eq!(result["medication_question"]["question_id"], 148);
    assert_eq!(result["medication_question"]["max_rows"], 3);
}

#[tokio::test]
async fn the_spec_call_answers_errors_by_list_index_and_keeps_nothing_on_a_refusal() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_health_questions(&mut b).await;
    let questions = b.get(&format!("/api/v1/get-health-questions-primary-health-info?enrollment_id={id}")).await;
    let mut list = spec_list(&questions.ok()["result"]);
    list[1] = json!({ "question_id": 142, "yes_no_flag": "1", "conditions": [
        { "health_condition": "Melanoma", "date_of_onset": "02/30/2020", "is_treatment": "0", "is_medicate": "0", "d_last_seen": "01/15/2026" }
    ] });
    list.remove(6);
    let refused = b
        .post(
            "/api/v1/save-primary-health-info",
            json!({ "enrollment_id": id, "condition_questions": list, "medication_question": { "yes_no_flag": "0" } }),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors: Vec<(String, String)> = refused.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["target_element"].as_str().unwrap().into(), e["error_message"].as_str().unwrap().into()))
        .collect();
    assert!(errors.contains(&("condition_questions.147".into(), "Please answer all questions".into())), "{errors:?}");
    assert!(
        errors.contains(&(
            "condition_questions.1.conditions.0.date_of_onset".into(),
            "Please enter a valid date (MM/DD/YYYY)".into()
        )),
        "{errors:?}"
    );
    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(step.ok()["step"]["step"], "primary_health_info", "a refused save does not advance");
    assert_eq!(step.ok()["step"]["wizard"]["version"], 0, "and stores nothing");
}

#[tokio::test]
async fn a_yes_with_details_and_a_medication_is_stored_sealed_and_read_back() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_health_questions(&mut b).await;
    let questions = b.get(&format!("/api/v1/get-health-questions-primary-health-info?enrollment_id={id}")).await;
    let mut list = spec_list(&questions.ok()["result"]);
    list[0] = json!({ "question_id": 141, "yes_no_flag": "1", "conditions": [
        { "health_condition": "Hypertension", "date_of_onset": "03/10/2019", "is_treatment": "1", "is_medicate": "1", "d_last_seen": "09/01/2026" }
    ] });
    let saved = b
        .post(
            "/api/v1/save-primary-health-info",
            json!({
                "enrollment_id": id, "condition_questions": list, "notes": "Blood pressure well controlled.",
                "answers_confirmed": true,
                "medication_question": { "yes_no_flag": "1", "medications": [
                    { "medication": "Lisinopril", "dosage": "10 mg daily", "medical_condition": "Hypertension" },
                    { "medication": "", "dosage": "", "medical_condition": "" }, {}
                ] }
            }),
        )
        .await;
    assert_eq!(saved.ok()["next"]["tab_name"], "agreement_info");

    let stored = common::stored_document(&app, id, "primary_health_info").await;
    assert!(stored.contains("enc:k1:"), "{stored}");
    assert!(!stored.contains("Hypertension") && !stored.contains("Lisinopril"), "health answers are sealed at rest");

    let back = b.get(&format!("/api/v1/get-health-questions-primary-health-info?enrollment_id={id}")).await;
    let result = back.ok()["result"].clone();
    assert_eq!(result["condition_questions"][0]["conditions"][0]["health_condition"], "Hypertension");
    assert_eq!(result["medication_question"]["medications"].as_array().unwrap().len(), 1, "blank rows are not kept");
    assert_eq!(result["notes"], "Blood pressure well controlled.");
    let temp = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=health_info")).await;
    assert_eq!(temp.ok()["result"]["condition_questions"]["141"]["yes_no_flag"], "1");
}

#[tokio::test]
async fn the_step_protocol_saves_the_health_step_like_any_other() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_health_questions(&mut b).await;
    let next = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_health_info"),
            json!({ "action": "next", "formData": common::health_all_no(), "version": 0 }),
        )
        .await;
    assert_eq!(next.ok()["step"]["step"], "agreement_info");
    let review = b.sign_and_pay(id).await;
    let sections = review.ok()["step"]["wizard"]["summary"]["sections"].as_array().unwrap().clone();
    let health = sections.iter().find(|s| s["step"] == "primary_health_info").expect("a Health Questions card");
    // The questions in short, then each question with its answer: a person's summary, never a code.
    let questions = &health["rows"][0];
    assert_eq!(questions["value"], "No to all 7 questions", "{questions}");
    let cancer = questions["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["label"].as_str().unwrap().contains("cancer or a tumor?"));
    assert_eq!(cancer.expect("the question, with its answer")["value"], "No");
    assert!(!health.to_string().contains(r#""value":"0""#), "never a raw 0: {health}");
}

#[tokio::test]
async fn answers_left_at_no_are_taken_only_once_the_applicant_confirms_having_read_each_question() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_health_questions(&mut b).await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/primary_health_info")).await;
    let confirmation = step.ok()["step"]["schema"]["properties"]["answers_confirmed"].clone();
    assert!(confirmation["title"].as_str().unwrap().starts_with("I have read each question above"), "{confirmation}");

    let mut answers = common::health_all_no();
    let message = "Please confirm that you have read each question and that your answers are true";
    for confirmed in [None, Some(false)] {
        match confirmed {
            Some(flag) => answers["answers_confirmed"] = json!(flag),
            None => drop(answers.as_object_mut().unwrap().remove("answers_confirmed")),
        }
        let refused = b
            .post(
                &format!("/api/v1/enrollment/{id}/step/primary_health_info"),
                json!({ "action": "next", "formData": answers }),
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{confirmed:?}");
        assert_eq!(refused.first_error(), ("answers_confirmed".to_string(), message.to_string()));
    }
    answers["answers_confirmed"] = json!(true);
    let taken = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_health_info"),
            json!({ "action": "next", "formData": answers }),
        )
        .await;
    assert_eq!(taken.ok()["step"]["step"], "agreement_info");
}

#[tokio::test]
async fn a_dependent_is_asked_only_the_questions_meant_for_them_in_words_about_them() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out_on("IS", "hospital").await;
    let questions = b.get(&format!("/api/v1/get-health-questions-dependent-info?enrollment_id={id}")).await;
    let result = questions.ok()["result"].clone();
    let ids: Vec<i64> =
        result["condition_questions"].as_array().unwrap().iter().map(|q| q["question_id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [141, 142, 143, 144, 146, 147], "145 is the applicant's alone");
    let texts = result.to_string();
    assert!(texts.contains("Is this person currently taking any prescription medication?"), "{texts}");
    assert!(!texts.contains("Are you"), "no question asks a dependent about 'you': {texts}");
}
