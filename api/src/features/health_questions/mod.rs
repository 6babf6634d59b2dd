//! The spec's Health Questions calls, as adapters over the Health Questions step.
//!
//! The step keeps answers keyed by question id (see `engine::questionnaire`); these calls speak the spec's list of
//! `{ question_id, question_text, yes_no_flag, conditions }` and answer errors with the list's indexes
//! (`condition_questions.N.conditions.0.field`), so a client written against the spec sees the spec's keys.

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use engine::questionnaire::{error_key_for_list, from_list, to_list};
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::domain::enrollment::{self, SavedStep};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::{Nothing, OwnedJson, OwnedQuery};
use crate::input::{version_of, Id};
use crate::state::{AppState, Live};

/// The questionnaire in the spec's list shape: `{ condition_questions, medication_question, notes }`.
#[derive(Serialize, JsonSchema)]
pub struct HealthQuestionnaire {
    result: Value,
    /// The stored document's version (the applicant's own questions only).
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<i64>,
}

/// `save-primary-health-info`.
#[derive(Deserialize, JsonSchema)]
pub struct HealthSave {
    /// The document version the page was drawn from.
    version: Option<Id>,
    /// The answers: the spec's list `[{ question_id, yes_no_flag, conditions }]`, or keyed by question id.
    condition_questions: Option<Value>,
    /// The rest of the step: medication_question, notes.
    #[serde(flatten)]
    rest: Map<String, Value>,
}

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/get-health-questions-primary-health-info", get(primary_questions))
        .api_route("/get-health-questions-dependent-info", get(dependent_questions))
        .api_route("/save-primary-health-info", post(save_primary))
}

/// `get-health-questions-primary-health-info`: the questions asked of this enrollment, each with its detail fields
/// and the stored answer (a question not yet answered reads No, its default).
pub async fn primary_questions(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<HealthQuestionnaire>> {
    let (form, version) = enrollment::documents::current_form(&state, &e, TabName::PrimaryHealthInfo).await?;
    Ok(Answer(HealthQuestionnaire { result: questions_answer(&form.schema, &form.form_data), version: Some(version) }))
}

/// `get-health-questions-dependent-info`: the same questionnaire, unanswered, for a dependent's health information.
pub async fn dependent_questions(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<HealthQuestionnaire>> {
    // The questions as a dependent is asked them (their own wording; the applicant's alone, such as a pregnancy
    // question that already covers the spouse, left out): the health information of Dependent Information's item.
    let (dependents, _) = enrollment::documents::current_form(&state, &e, TabName::DependentInfo).await?;
    let asked = dependents.schema.pointer("/properties/dependents/items/properties/health_info").cloned();
    let schema = match asked {
        Some(asked) => asked,
        None => {
            enrollment::documents::current_form(&state, &e, TabName::PrimaryHealthInfo).await?.0.schema.as_ref().clone()
        }
    };
    Ok(Answer(HealthQuestionnaire { result: questions_answer(&schema, &json!({})), version: None }))
}

/// `save-primary-health-info`: `condition_questions` as the spec's list (or keyed by question id, as the step sends
/// them), `medication_question`, `notes`.
pub async fn save_primary(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<HealthSave>,
) -> ApiResult<Answer<SavedStep>> {
    let version = version_of(&body.version)?;
    let listed = body.condition_questions.clone().filter(|q| q.is_array());
    let mut answers = body.rest;
    answers.remove("enrollment_id");
    if let Some(questions) = body.condition_questions {
        let keyed = if questions.is_array() { from_list(&questions) } else { questions };
        answers.insert("condition_questions".into(), keyed);
    }
    let answers = Value::Object(answers);
    let saved = enrollment::saving::save_tab(&state, &mut e, TabName::PrimaryHealthInfo, &answers, version).await;
    let (version, next) = match (saved, &listed) {
        (Err(ApiError::Invalid(errors)), Some(list)) => {
            return Err(ApiError::Invalid(
                errors
                    .into_iter()
                    .map(|mut e| {
                        e.target_element = error_key_for_list(&e.target_element, list);
                        e
                    })
                    .collect(),
            ))
        }
        (other, _) => other?,
    };
    Ok(Answer(SavedStep { version, next: next.describe() }))
}

/// The questionnaire in the spec's shape: `condition_questions` (each with `detail_fields` describing what a Yes
/// asks), `medication_question` and `notes`, with `answers` filled in.
fn questions_answer(schema: &Value, answers: &Value) -> Value {
    let conditions = &schema["properties"]["condition_questions"];
    let mut list = to_list(conditions, answers.get("condition_questions").unwrap_or(&Value::Null));
    for entry in list.as_array_mut().into_iter().flatten() {
        let key = entry["question_id"].to_string();
        let detail = conditions["properties"][&key].pointer("/allOf/0/then/properties/conditions");
        entry["detail_fields"] = detail.map(detail_fields).unwrap_or_else(|| json!([]));
        entry["max_entries"] = detail.and_then(|d| d.get("maxItems").cloned()).unwrap_or(json!(0));
    }
    let medication = schema["properties"].get("medication_question").map(|m| {
        let mut question = json!({
            "question_id": m["x-question-id"], "question_text": m["title"], "yes_no_flag": null, "medications": [],
            "max_rows": m.pointer("/allOf/0/then/properties/medications/maxItems"),
        });
        if let Some(answer) = answers.get("medication_question").and_then(Value::as_object) {
            for (k, v) in answer {
                question[k] = v.clone();
            }
        }
        question
    });
    json!({
        "condition_questions": list,
        "medication_question": medication,
        "notes": answers.get("notes").cloned().unwrap_or(json!("")),
    })
}

/// A detail set's fields as `{ field_name, title, required, type }`.
fn detail_fields(list: &Value) -> Value {
    let item = &list["items"];
    let required: Vec<&str> = item["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let fields: Vec<Value> = item["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, prop)| {
            let kind = prop.get("x-kind").cloned().unwrap_or(json!("text"));
            json!({ "field_name": name, "title": prop["title"], "required": required.contains(&name.as_str()), "type": kind })
        })
        .collect();
    Value::Array(fields)
}
