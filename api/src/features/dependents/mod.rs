//! The spec's Dependent Information calls, as adapters over the Dependent Information step.
//!
//! The spec sends a dependent as `{ primary_info: {...}, health_info: {...} }`; the step keeps each dependent as one
//! object (`health_info` nested inside it, answers keyed by question id). Both shapes are accepted here. Errors of
//! `validate-single-dependent` are keyed as the spec keys them: `primary_info.first_name`,
//! `health_info.condition_questions.141.conditions.0.date_of_onset`.

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use engine::questionnaire::from_list;
use engine::tabs::TabName;
use engine::validation::{clean, validate};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::domain::enrollment::{self, today, SavedStep};
use crate::error::{Answer, ApiError, ApiResult, Listed};
use crate::http::extract::{Nothing, OwnedJson, OwnedQuery};
use crate::input::{version_of, Id};
use crate::state::{AppState, Live};

/// The dependents as the spec's calls send them.
#[derive(Deserialize, JsonSchema)]
pub struct DependentsSave {
    /// The document version the page was drawn from.
    version: Option<Id>,
    /// Each dependent, as `{ primary_info, health_info }` or flat.
    #[serde(default)]
    dependents: Vec<Value>,
    /// The premier spouse question's answer (Yes or No).
    spouse_status: Option<Value>,
}

/// The fields asked of each dependent, and the disclaimer shown above them.
#[derive(Serialize, JsonSchema)]
pub struct DependentFields {
    result: Vec<Value>,
    disclaimer: Value,
}

/// A draft kept: its version.
#[derive(Serialize, JsonSchema)]
pub struct DraftSaved {
    version: i64,
}

/// Whether dependents were removed.
#[derive(Serialize, JsonSchema)]
pub struct Removed {
    removed: bool,
}

/// One dependent to check, as `{ primary_info, health_info }` or flat.
pub type DependentInput = Map<String, Value>;

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/get-form-fields-dependent-primary-info", get(form_fields))
        .api_route("/validate-single-dependent", post(validate_single))
        .api_route("/save-dependent-info", post(save))
        .api_route("/save-dependent-info-to-temp", post(save_to_temp))
        .api_route("/delete-dependent-in-IO", post(delete_in_io))
}

/// One dependent in the step's shape, from either shape the spec's calls send.
fn step_shape(dependent: &Value) -> Value {
    let mut flat: Map<String, Value> = match dependent.get("primary_info").and_then(Value::as_object) {
        Some(primary) => primary.clone(),
        None => dependent.as_object().cloned().unwrap_or_default(),
    };
    if let Some(health) = dependent.get("health_info").filter(|h| h.is_object()) {
        let mut health = health.clone();
        if let Some(list) = health.get("condition_questions").filter(|q| q.is_array()) {
            health["condition_questions"] = from_list(list);
        }
        flat.insert("health_info".into(), health);
    }
    flat.remove("primary_info");
    Value::Object(flat)
}

/// The step's data from a spec call's body: the dependents in the step's shape, and the spouse question's answer.
fn step_data(body: &DependentsSave) -> Value {
    let mut data = json!({ "dependents": body.dependents.iter().map(step_shape).collect::<Vec<_>>() });
    if let Some(status) = &body.spouse_status {
        data["spouse_status"] = status.clone();
    }
    data
}

/// `get-form-fields-dependent-primary-info`: the fields asked of each dependent, and the disclaimer.
pub async fn form_fields(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<DependentFields>> {
    let (form, _) = enrollment::documents::current_form(&state, &e, TabName::DependentInfo).await?;
    let item = &form.schema["properties"]["dependents"]["items"];
    let required: Vec<&str> = item["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let fields: Vec<Value> = item["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(name, _)| *name != "health_info")
        .map(|(name, prop)| {
            json!({
                "field_name": name, "value": prop.get("default").cloned().unwrap_or(json!("")),
                "required": required.contains(&name.as_str()), "read_only": prop.get("readOnly") == Some(&json!(true)),
            })
        })
        .collect();
    let disclaimer = form.ui_schema.pointer("/dependents/ui:help").cloned().unwrap_or(json!(""));
    Ok(Answer(DependentFields { result: fields, disclaimer }))
}

/// `validate-single-dependent`: one dependent checked against the tier's rules for one dependent; answers it as it
/// would be stored (relationship filled in where the tier decides it, SSN masked).
pub async fn validate_single(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<DependentInput>,
) -> ApiResult<Answer<Listed<Value>>> {
    let (form, _) = enrollment::documents::current_form(&state, &e, TabName::DependentInfo).await?;
    let item = &form.schema["properties"]["dependents"]["items"];
    let dependent = step_shape(&Value::Object(body));
    let cleaned = clean(item, &dependent, &json!({}));
    if let Err(errors) = validate(item, &cleaned, today(), &form.language) {
        return Err(ApiError::Invalid(
            errors
                .into_iter()
                .map(|mut e| {
                    if !e.target_element.starts_with("health_info") {
                        e.target_element = format!("primary_info.{}", e.target_element);
                    }
                    e
                })
                .collect(),
        ));
    }
    let mut shown = cleaned;
    if let Some(ssn) = shown.get("ssn").and_then(Value::as_str).filter(|s| !engine::sensitive::is_masked_ssn(s)) {
        shown["ssn"] = json!(engine::sensitive::mask_ssn(ssn));
    }
    Ok(Answer(Listed { result: shown }))
}

/// `save-dependent-info`: the list, validated with the tier's rules, and the wizard moves on.
pub async fn save(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<DependentsSave>,
) -> ApiResult<Answer<SavedStep>> {
    let data = step_data(&body);
    let version = version_of(&body.version)?;
    let (version, next) = enrollment::saving::save_tab(&state, &mut e, TabName::DependentInfo, &data, version).await?;
    Ok(Answer(SavedStep { version, next: next.describe() }))
}

/// `save-dependent-info-to-temp`: the list as it stands, kept as a draft after each dependent is submitted.
pub async fn save_to_temp(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<DependentsSave>,
) -> ApiResult<Answer<DraftSaved>> {
    let data = step_data(&body);
    let version =
        enrollment::saving::save_draft(&state, &e, TabName::DependentInfo, &data, version_of(&body.version)?).await?;
    Ok(Answer(DraftSaved { version }))
}

/// `delete-dependent-in-IO`: a Member Only enrollment keeps no dependents (after the tier changed to IO, say).
pub async fn delete_in_io(
    State(state): State<AppState>,
    OwnedJson(e, _): OwnedJson<Nothing>,
) -> ApiResult<Answer<Removed>> {
    let removed = enrollment::saving::remove_dependents_of_member_only(&state, &e).await?;
    Ok(Answer(Removed { removed }))
}
