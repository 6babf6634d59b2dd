//! The Health Questions step: a questionnaire from `workflows/` becomes a schema whose rules carry the spec's
//! messages, and a carrier's edit of the data changes the step with no code.

mod common;

use common::{errors, shipped_workflow};
use engine::context::EnrollmentContext;
use engine::questionnaire::{error_key_for_list, from_list, to_list};
use engine::schema::{compose, ComposedForm};
use engine::tabs::TabName;
use engine::validation::clean;
use engine::workflow::{self, PrefillValues, WizardWorkflow};
use serde_json::{json, Value};

fn health_form(wf: &WizardWorkflow) -> ComposedForm {
    let ctx = EnrollmentContext { cart_categories: vec!["medical".into()], ..EnrollmentContext::default() };
    compose(
        TabName::PrimaryHealthInfo,
        wf.forms.get(&TabName::PrimaryHealthInfo),
        &ctx,
        &PrefillValues::default(),
        &json!({}),
    )
    .unwrap()
}

/// Every shipped question answered No.
fn all_no() -> Value {
    let answers: serde_json::Map<String, Value> =
        [141, 142, 143, 144, 145, 146, 147].iter().map(|id| (id.to_string(), json!({ "yes_no_flag": "0" }))).collect();
    json!({ "condition_questions": answers, "medication_question": { "yes_no_flag": "0" }, "answers_confirmed": true })
}

fn condition_detail() -> Value {
    json!({ "health_condition": "Hypertension", "date_of_onset": "03/10/2019", "is_treatment": "1",
            "is_medicate": "1", "d_last_seen": "09/01/2026" })
}

#[test]
fn no_question_starts_answered_and_every_one_answered_no_is_accepted() {
    let form = health_form(&shipped_workflow());
    let questions = &form.schema["properties"]["condition_questions"]["properties"];
    for id in ["141", "142", "143", "144", "145", "146", "147"] {
        let flag = &questions[id]["properties"]["yes_no_flag"];
        assert!(flag.is_object(), "question {id} is asked");
        assert_eq!(flag.get("default"), None, "question {id} starts unanswered: no health answer is assumed");
    }
    let medication = &form.schema["properties"]["medication_question"]["properties"]["yes_no_flag"];
    assert_eq!(medication.get("default"), None, "nor the medication question");
    assert_eq!(form.form_data.pointer("/condition_questions/141/yes_no_flag"), None, "nothing answered for the person");
    assert_eq!(errors(&form, &all_no()), vec![]);
}

const CONFIRM: &str = "Please confirm that you have read each question and that your answers are true";

#[test]
fn an_unanswered_question_says_please_answer_all_questions() {
    let form = health_form(&shipped_workflow());
    let mut answers = all_no();
    answers["condition_questions"].as_object_mut().unwrap().remove("143");
    assert_eq!(errors(&form, &answers), vec![("condition_questions.143".into(), "Please answer all questions".into())]);
    assert_eq!(
        errors(&form, &json!({})),
        vec![
            ("condition_questions".into(), "Please answer all questions".into()),
            ("answers_confirmed".into(), CONFIRM.into())
        ],
        "nothing answered at all"
    );
    let mut bad = all_no();
    bad["condition_questions"]["141"]["yes_no_flag"] = json!("maybe");
    assert_eq!(
        errors(&form, &bad),
        vec![("condition_questions.141.yes_no_flag".into(), "Please answer all questions".into())]
    );
}

#[test]
fn a_yes_needs_its_details_keyed_as_the_spec_keys_them() {
    let form = health_form(&shipped_workflow());
    let mut answers = all_no();
    answers["condition_questions"]["141"] = json!({ "yes_no_flag": "1" });
    assert_eq!(
        errors(&form, &answers),
        vec![("condition_questions.141.conditions".into(), "Field is required".into())]
    );

    let cases = [
        ("health_condition", json!(null), "Field is required"),
        ("date_of_onset", json!("13/01/2020"), "Please enter a valid date (MM/DD/YYYY)"),
        ("date_of_onset", json!("02/30/2020"), "Please enter a valid date (MM/DD/YYYY)"),
        ("date_of_onset", json!("12/01/2026"), "Date cannot be today or a future date"),
        ("is_treatment", json!("2"), "Please choose one of the options"),
        ("d_last_seen", json!(""), "Field is required"),
    ];
    for (field, value, message) in cases {
        let mut detail = condition_detail();
        detail[field] = value.clone();
        answers["condition_questions"]["141"] = json!({ "yes_no_flag": "1", "conditions": [detail] });
        assert_eq!(
            errors(&form, &answers),
            vec![(format!("condition_questions.141.conditions.0.{field}"), message.to_string())],
            "{field} = {value}"
        );
    }
    answers["condition_questions"]["141"] = json!({ "yes_no_flag": "1", "conditions": [condition_detail()] });
    assert_eq!(errors(&form, &answers), vec![]);
}

#[test]
fn a_detail_allows_two_treatment_entries_and_no_more() {
    let form = health_form(&shipped_workflow());
    let mut answers = all_no();
    answers["condition_questions"]["142"] =
        json!({ "yes_no_flag": "1", "conditions": [condition_detail(), condition_detail()] });
    assert_eq!(errors(&form, &answers), vec![]);
    answers["condition_questions"]["142"]["conditions"] =
        json!([condition_detail(), condition_detail(), condition_detail()]);
    assert_eq!(
        errors(&form, &answers),
        vec![("condition_questions.142.conditions".into(), "At most 2 entries".into())]
    );
}

#[test]
fn question_145_asks_no_details_even_on_yes() {
    let form = health_form(&shipped_workflow());
    assert!(form.schema["properties"]["condition_questions"]["properties"]["145"].get("allOf").is_none());
    let mut answers = all_no();
    answers["condition_questions"]["145"] = json!({ "yes_no_flag": "1", "conditions": [condition_detail()] });
    assert_eq!(errors(&form, &answers), vec![]);
    let cleaned = clean(&form.schema, &answers, &form.form_data);
    assert_eq!(cleaned["condition_questions"]["145"], json!({ "yes_no_flag": "1" }), "details of 145 are not kept");
}

#[test]
fn questions_146_and_147_ask_the_physician_detail_set() {
    let form = health_form(&shipped_workflow());
    let fields = |id: &str| -> Vec<String> {
        form.schema["properties"]["condition_questions"]["properties"][id]["allOf"][0]["then"]["properties"]
            ["conditions"]["items"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    let physician =
        ["condition", "status", "last_seen_by_physician", "date_of_recovery", "physician_name", "address", "phone"];
    assert_eq!(fields("146"), physician);
    assert_eq!(fields("147"), physician);
    assert_eq!(
        fields("141"),
        [
            "health_condition",
            "date_of_onset",
            "date_of_recovery",
            "is_treatment",
            "is_medicate",
            "d_last_seen",
            "symptoms"
        ]
    );
    let mut answers = all_no();
    answers["condition_questions"]["146"] = json!({ "yes_no_flag": "1", "conditions": [{
        "condition": "Appendectomy", "status": "Recovered", "last_seen_by_physician": "04/02/2025",
        "physician_name": "Dr. Ana Ruiz", "address": "12 Elm St, Atlanta GA", "phone": "(404) 555-0199" }] });
    assert_eq!(errors(&form, &answers), vec![]);
    answers["condition_questions"]["146"]["conditions"][0]["phone"] = json!("555-0199");
    assert_eq!(
        errors(&form, &answers),
        vec![("condition_questions.146.conditions.0.phone".into(), "Invalid phone number".into())]
    );
}

#[test]
fn details_sent_with_a_no_answer_are_dropped() {
    let form = health_form(&shipped_workflow());
    let mut answers = all_no();
    answers["condition_questions"]["141"] = json!({ "yes_no_flag": "0", "conditions": [condition_detail()] });
    let cleaned = clean(&form.schema, &answers, &form.form_data);
    assert_eq!(cleaned["condition_questions"]["141"], json!({ "yes_no_flag": "0" }));
}

#[test]
fn medications_allow_three_rows_and_blank_rows_are_not_sent() {
    let form = health_form(&shipped_workflow());
    let mut answers = all_no();
    let row = |name: &str| json!({ "medication": name, "dosage": "10 mg daily", "medical_condition": "Hypertension" });
    answers["medication_question"] =
        json!({ "yes_no_flag": "1", "medications": [row("Lisinopril"), { "medication": "", "dosage": "" }, {}] });
    assert_eq!(errors(&form, &answers), vec![]);
    let cleaned = clean(&form.schema, &answers, &form.form_data);
    assert_eq!(cleaned["medication_question"]["medications"].as_array().unwrap().len(), 1);

    answers["medication_question"]["medications"] = json!([row("A"), row("B"), row("C"), row("D")]);
    assert_eq!(
        errors(&form, &answers),
        vec![("medication_question.medications".into(), "At most 3 medications".into())]
    );
    answers["medication_question"]["medications"] = json!([row("A"), { "dosage": "5 mg" }]);
    assert_eq!(
        errors(&form, &answers),
        vec![("medication_question.medications.1.medication".into(), "Field is required".into())]
    );
    answers["medication_question"] = json!({ "yes_no_flag": "1" });
    assert_eq!(errors(&form, &answers), vec![("medication_question.medications".into(), "Field is required".into())]);
}

#[test]
fn a_carrier_adds_a_question_with_its_own_detail_set_by_editing_data_only() {
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows/enrollment.yaml"))
            .unwrap();
    let edited = text.replace(
        "      questions:\n",
        "      questions:\n        - question_id: 160\n          question_text: Do you scuba dive below 100 feet?\n          details: diving\n",
    );
    let edited = edited.replace(
        "      detail_sets:\n",
        "      detail_sets:\n        diving:\n          entries: 1\n          fields:\n            - { name: deepest_dive_feet, title: Deepest Dive (feet) }\n            - { name: last_dive, title: Last Dive, type: past_date }\n",
    );
    let wf = workflow::parse_file("edited.yaml", &edited).unwrap();
    let form = health_form(&wf);
    let order = form.ui_schema["condition_questions"]["ui:order"].as_array().unwrap();
    assert_eq!(order[0], "160", "the new question comes first, as listed");
    let mut answers = all_no();
    answers["condition_questions"]["160"] =
        json!({ "yes_no_flag": "1", "conditions": [{ "deepest_dive_feet": "130" }] });
    assert_eq!(
        errors(&form, &answers),
        vec![("condition_questions.160.conditions.0.last_dive".into(), "Field is required".into())]
    );
    answers["condition_questions"]["160"]["conditions"][0]["last_dive"] = json!("07/04/2026");
    assert_eq!(errors(&form, &answers), vec![]);
}

#[test]
fn a_questionnaire_naming_a_missing_detail_set_is_refused_with_where_and_why() {
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows/enrollment.yaml"))
            .unwrap();
    let broken = text.replace("details: physician", "details: physican");
    let error = workflow::parse_file("broken.yaml", &broken).unwrap_err();
    assert_eq!(error.path, "/forms/primary_health_info/questionnaire/questions/5/details");
    assert!(error.reason.starts_with("no detail set named physican"), "{}", error.reason);
}

#[test]
fn a_question_limited_by_a_condition_is_asked_only_when_it_holds() {
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows/enrollment.yaml"))
            .unwrap();
    let edited = text.replace(
        "      questions:\n",
        "      questions:\n        - question_id: 170\n          question_text: Have you had a heart attack?\n          when: { cart_category: [critical] }\n",
    );
    let wf = workflow::parse_file("edited.yaml", &edited).unwrap();
    let asked = |category: &str| {
        let ctx = EnrollmentContext { cart_categories: vec![category.into()], ..EnrollmentContext::default() };
        let form = compose(
            TabName::PrimaryHealthInfo,
            wf.forms.get(&TabName::PrimaryHealthInfo),
            &ctx,
            &PrefillValues::default(),
            &json!({}),
        )
        .unwrap();
        form.schema["properties"]["condition_questions"]["properties"].get("170").is_some()
    };
    assert!(asked("critical"));
    assert!(!asked("medical"));
}

#[test]
fn the_spec_list_shape_converts_to_answers_by_question_and_errors_back_to_list_indexes() {
    let list = json!([
        { "question_id": 145, "question_text": "Pregnant?", "yes_no_flag": "0" },
        { "question_id": "141", "yes_no_flag": "1", "conditions": [] },
    ]);
    let keyed = from_list(&list);
    assert_eq!(keyed, json!({ "145": { "yes_no_flag": "0" }, "141": { "yes_no_flag": "1", "conditions": [] } }));
    assert_eq!(
        error_key_for_list("condition_questions.141.conditions.0.date_of_onset", &list),
        "condition_questions.1.conditions.0.date_of_onset"
    );
    assert_eq!(error_key_for_list("condition_questions.145", &list), "condition_questions.0");
    assert_eq!(
        error_key_for_list("medication_question.medications.2.dosage", &list),
        "medication_question.medications.2.dosage"
    );

    let form = health_form(&shipped_workflow());
    let back = to_list(&form.schema["properties"]["condition_questions"], &keyed);
    assert_eq!(back[0]["question_id"], 141);
    assert_eq!(back[0]["yes_no_flag"], "1");
    assert_eq!(back[1]["question_id"], 142);
    assert_eq!(back[1]["yes_no_flag"], Value::Null, "an unanswered question reads as unanswered, never No");
}

#[test]
fn a_dependent_is_asked_about_themselves_and_never_the_applicants_pregnancy_question() {
    let wf = common::shipped_workflow();
    let q = wf.forms[&engine::tabs::TabName::PrimaryHealthInfo].questionnaire.clone().unwrap();
    let ctx = EnrollmentContext { cart_categories: vec!["medical".into()], ..EnrollmentContext::default() };
    let dependent = engine::questionnaire::health_info_schema(&q, &ctx);
    let questions = &dependent["properties"]["condition_questions"]["properties"];
    assert!(questions.get("145").is_none(), "a child is not asked whether they or their spouse are pregnant");
    let text = questions["141"].to_string();
    assert!(text.contains("has this person been diagnosed"), "{text}");
    let applicant = q.condition_questions_schema(&ctx, engine::questionnaire::Subject::Applicant);
    assert!(applicant["properties"]["145"].to_string().contains("Are you currently pregnant"));
}

/// The review's rows of the health step, as the applicant reads them: label, value and the rows beneath.
fn review_rows(form: &ComposedForm, answers: &Value) -> Vec<engine::step::Row> {
    form.schema["properties"]
        .as_object()
        .unwrap()
        .iter()
        .filter_map(|(key, prop)| {
            let label = prop["title"].as_str().unwrap_or(key).to_string();
            Some(engine::step::row_of(label, prop, answers.get(key)?, "en"))
        })
        .collect()
}

#[test]
fn the_review_says_the_health_answers_as_words_with_each_condition_and_medication_named_never_a_count() {
    let form = health_form(&shipped_workflow());
    let mut answers = all_no();
    answers["condition_questions"]["141"] = json!({ "yes_no_flag": "1", "conditions": [condition_detail()] });
    answers["medication_question"] =
        json!({ "yes_no_flag": "1", "medications": [{ "medication": "Lisinopril", "dosage": "10 mg daily" }] });
    let rows = review_rows(&form, &answers);
    let questions = rows.iter().find(|r| r.parts.len() == 7).expect("the seven condition questions are one row");
    assert_eq!(questions.value, "Yes to 1 of 7 questions");
    let heart = &questions.parts[0];
    assert_eq!(heart.value, "Yes");
    let details = heart.parts.iter().find(|p| !p.parts.is_empty()).expect("the Yes carries its details");
    assert_eq!(details.value, "Hypertension", "a condition is named by what the person typed, not counted");
    assert!(questions.parts[1..].iter().all(|p| p.value == "No"));
    let medication =
        rows.iter().find(|r| r.parts.iter().any(|p| p.value == "Lisinopril")).expect("the medication is named");
    assert_eq!(medication.value, "Yes");
    let said: Vec<&str> = rows.iter().map(|r| r.value.as_str()).collect();
    assert!(!said.iter().any(|v| *v == "0" || *v == "1"), "no answer is a raw code: {said:?}");

    answers = all_no();
    let rows = review_rows(&form, &answers);
    assert!(rows.iter().any(|r| r.value == "No to all 7 questions"));
}
