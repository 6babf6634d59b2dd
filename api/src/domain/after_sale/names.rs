//! A covered person's name after the sale (after a marriage or a divorce, by a court's order, or corrected): asked
//! under the name fields of the application's own steps, so that a name is refused here as it is refused there, and
//! recorded as a change (the new name and the one it replaced, sealed) that every carrier still covering the policy
//! receives as the person's 001 with INS04 25, the corrected name (NM1*74) and the one it replaces (NM1*70). From then
//! on the policy, the e-mails and every later file use the new name. No document is asked for it: carriers take a
//! member's word for their own name, and the file carries the prior name for them to match.

use engine::forms::common::PersonName;
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{json, Map, Value};

use super::super::enrollment::covered::{self, Renamed};
use super::super::enrollment::{cancellation, today, Enrollment};
use super::{not_submitted, policy, Policy};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::coverage_change::{ChangeRow, CHANGE_NAME};

/// INS04 of a change in a member's identifying details: their name.
const CHANGED_IDENTITY: &str = "25";

/// A name change for someone the policy does not cover (now).
pub(super) const NOT_COVERED: &str = "Please choose someone this policy covers";

/// The name fields, in the order the form shows them.
const NAME_FIELDS: [&str; 3] = ["first_name", "middle_name", "last_name"];

/// What changing a name asks, and of whom.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct NameForm {
    /// The name, as the application asked it.
    pub schema: Value,
    pub ui_schema: Value,
    /// The people the policy covers now, the applicant first.
    pub people: Vec<Named>,
}

/// A person whose name may be changed.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Named {
    /// 0 for the applicant, then each person covered in their place.
    pub member_index: i64,
    /// `applicant`, `spouse` or `child`.
    pub relationship: String,
    /// Their name now, to start the form from.
    pub form_data: Value,
}

/// The name fields of the Personal Information step's schema and its form's layout: the one place a name's rules
/// are (any alphabet, a length, the words a refusal says).
pub(super) async fn name_schema(state: &AppState, e: &Enrollment) -> ApiResult<(Value, Value)> {
    let (form, _) = super::super::enrollment::documents::current_form(state, e, TabName::PrimaryInfo).await?;
    let properties: Map<String, Value> =
        NAME_FIELDS.iter().filter_map(|f| Some((f.to_string(), form.schema["properties"].get(*f)?.clone()))).collect();
    let required: Vec<&str> = ["first_name", "last_name"].into_iter().filter(|f| properties.contains_key(*f)).collect();
    let schema = json!({ "type": "object", "properties": properties, "required": required });
    let mut ui_schema = Map::new();
    for field in NAME_FIELDS {
        if let Some(ui) = form.ui_schema.get(field) {
            ui_schema.insert(field.into(), ui.clone());
        }
    }
    ui_schema.insert("ui:order".into(), json!(NAME_FIELDS));
    Ok((schema, Value::Object(ui_schema)))
}

fn name_value(name: &PersonName) -> Value {
    let mut fields = Map::new();
    for (field, value) in NAME_FIELDS.iter().zip([&name.first_name, &name.middle_name, &name.last_name]) {
        if let Some(value) = value.as_ref().filter(|v| !v.trim().is_empty()) {
            fields.insert(field.to_string(), value.clone().into());
        }
    }
    Value::Object(fields)
}

/// The people of `e` whose name may be changed: the applicant, then each person still covered, with their names now.
pub(super) async fn people(state: &AppState, e: &Enrollment) -> ApiResult<Vec<(i64, &'static str, PersonName)>> {
    let personal: engine::forms::applicant::PersonalInfo =
        serde_json::from_value(covered::personal(state, e.row.enrollment_id).await?).unwrap_or_default();
    let mut people = vec![(0, "applicant", personal.name)];
    for (member_index, d) in super::household::still_covered(state, e).await? {
        let relationship = match d.relationship {
            Some(engine::forms::household::DependentRelationship::Spouse) => "spouse",
            _ => "child",
        };
        people.push((member_index, relationship, d.name));
    }
    Ok(people)
}

pub async fn name_form(state: &AppState, e: &Enrollment) -> ApiResult<NameForm> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    let (schema, ui_schema) = name_schema(state, e).await?;
    let people = people(state, e)
        .await?
        .into_iter()
        .map(|(member_index, relationship, name)| Named {
            member_index,
            relationship: relationship.into(),
            form_data: name_value(&name),
        })
        .collect();
    Ok(NameForm { schema, ui_schema, people })
}

/// Changes the name of member `member_index` of policy `e` (0 the applicant) to `name` (first, middle and last):
/// refused under `member_index` for no one the policy covers now, under the name's fields as the application refuses
/// them, and when nothing changed.
pub async fn change_name(state: &AppState, e: &Enrollment, member_index: i64, name: &Value) -> ApiResult<Policy> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    if cancellation::cancellation(state, e).await?.is_some() {
        return Err(ApiError::Conflict("This application was cancelled: it has no coverage to change".into()));
    }
    let people = people(state, e).await?;
    let Some((_, _, prior)) = people.into_iter().find(|(i, _, _)| *i == member_index) else {
        return Err(ApiError::field("member_index", NOT_COVERED));
    };
    let (schema, _) = name_schema(state, e).await?;
    let before = name_value(&prior);
    let cleaned = engine::validation::clean(&schema, name, &json!({}));
    engine::validation::validate(&schema, &cleaned, today(), crate::language::current()).map_err(ApiError::Invalid)?;
    let new: PersonName = serde_json::from_value(cleaned.clone())
        .map_err(|_| ApiError::field("first_name", "Please enter valid first name"))?;
    if name_value(&new) == before {
        return Err(ApiError::field("first_name", "Nothing changed: this is the name the policy has"));
    }
    let day = engine::dates::format_iso(today());
    let renamed = Renamed { name: new, prior };
    let kept = serde_json::to_string(&renamed).map_err(|e| ApiError::Internal(e.into()))?;
    let change = ChangeRow {
        member_index: Some(member_index),
        reason_code: CHANGED_IDENTITY.into(),
        person: Some(state.crypto.encrypt(&kept)),
        ..ChangeRow::new(e.row.enrollment_id, CHANGE_NAME, cancellation::who(state, e), day.clone())
    };
    super::household::record_for_carriers(state, e, &change, Some(&day), None).await?;
    tracing::info!(enrollment_id = e.row.enrollment_id, member_index, "a covered person's name changed");
    super::saved::finished(state, e, super::saved::ChangeForm::Name).await;
    policy(state, e).await
}
