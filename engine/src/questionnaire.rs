//! Health questionnaires as data: the questions a carrier asks, the detail fields a Yes answer opens, and the
//! medication question, turned into the JSON Schema and uiSchema of the Health Questions step.
//!
//! A carrier adds or changes a question, its detail fields or a whole detail set by editing
//! `forms.primary_health_info.questionnaire` in `workflows/`; nothing here names a question. The shape of an answer
//! (the step's form data, and what is stored) is:
//!
//! ```text
//! { "condition_questions": { "145": { "yes_no_flag": "1", "conditions": [ { ...detail fields } ] }, ... },
//!   "medication_question": { "yes_no_flag": "1", "medications": [ { "medication", "dosage", "medical_condition" } ] },
//!   "notes": "..." }
//! ```
//!
//! Answers are keyed by question id, so an answer stays with its question when a carrier reorders or inserts
//! questions. Errors therefore read `condition_questions.145.conditions.0.date_of_onset`; the spec's adapter calls,
//! which send the questions as a list, get the same errors with the list index instead (see [`error_key_for_list`]).

use std::collections::BTreeMap;

use crate::checks::Check;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::context::{Condition, EnrollmentContext};
use crate::dates::DATE_PATTERN;
use crate::errors::messages::INVALID_PHONE;
use crate::i18n::{say, say_with};

/// The spec's message when a Yes/No question is left unanswered.
pub const ANSWER_ALL: &str = "Please answer all questions";
/// Medications per question (spec: 3).
pub const MAX_MEDICATIONS: u8 = 3;
/// Treatment entries per detail (spec: two).
pub const DETAIL_ENTRIES: u8 = 2;

/// One questionnaire (the Health Questions step's, also asked of dependents when health questions are required).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Questionnaire {
    /// The detail fields a Yes answer asks for, by name; questions refer to a set by that name.
    #[serde(default)]
    pub detail_sets: BTreeMap<String, DetailSet>,
    /// Yes/No questions, in the order they are shown.
    #[schemars(length(min = 1))]
    pub questions: Vec<ConditionQuestion>,
    /// The question whose Yes lists medications (up to three rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub medication_question: Option<MedicationQuestion>,
}

/// The fields of one detail entry, and how many entries a Yes answer may list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DetailSet {
    /// Entries a Yes answer may list (the spec allows two treatment entries per detail).
    #[serde(default = "detail_entries")]
    #[schemars(range(min = 1, max = 5))]
    pub entries: u8,
    #[schemars(length(min = 1))]
    pub fields: Vec<DetailField>,
}

fn detail_entries() -> u8 {
    DETAIL_ENTRIES
}

/// One detail field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DetailField {
    /// The key the answer is stored under (lower case, digits and underscores).
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"))]
    pub name: String,
    pub title: crate::text::Text,
    /// What kind of value: text (the default), long_text, date, past_date, yes_no, phone.
    #[serde(default, rename = "type")]
    pub kind: FieldKind,
    /// Whether an entry must fill it (the default).
    #[serde(default = "yes")]
    pub required: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FieldKind {
    /// A line of text, up to 200 characters.
    #[default]
    Text,
    /// A paragraph, up to 2000 characters.
    LongText,
    /// A date, MM/DD/YYYY.
    Date,
    /// A date before today, MM/DD/YYYY.
    PastDate,
    /// Yes or No.
    YesNo,
    /// Ten digits.
    Phone,
}

/// One Yes/No question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionQuestion {
    /// The carrier's id for the question; answers are stored under it.
    #[schemars(range(min = 1))]
    pub question_id: u32,
    pub question_text: crate::text::Text,
    /// The detail set a Yes answer asks for; without one, a Yes needs no details (as the spec's question 145).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<String>,
    /// When the question is asked (a condition on the enrollment, for example the cart's categories); always when
    /// absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// The words when the question is about a dependent ("has this person ..."); the question is then asked of each
    /// dependent too. Without them it is asked of the applicant only (a question that already covers the household,
    /// such as one about the applicant's or spouse's pregnancy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dependent_text: Option<crate::text::Text>,
}

/// Whom a set of health questions is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    Applicant,
    Dependent,
}

/// The medication question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MedicationQuestion {
    #[schemars(range(min = 1))]
    pub question_id: u32,
    pub question_text: crate::text::Text,
    /// The question as a dependent is asked it ("Is this person ..."); the applicant's words when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dependent_text: Option<crate::text::Text>,
}

impl Questionnaire {
    /// The questions asked of this enrollment, in order.
    pub fn asked<'q>(&'q self, ctx: &'q EnrollmentContext) -> impl Iterator<Item = &'q ConditionQuestion> + 'q {
        self.questions.iter().filter(move |q| q.when.as_ref().is_none_or(|c| c.holds(ctx)))
    }

    /// What the format cannot say: question ids used once, detail sets that exist, field names used once per set.
    pub fn check(&self) -> Result<(), (String, String)> {
        for (i, q) in self.questions.iter().enumerate() {
            let taken = self.questions[..i].iter().any(|other| other.question_id == q.question_id)
                || self.medication_question.as_ref().is_some_and(|m| m.question_id == q.question_id);
            if taken {
                return Err((
                    format!("/questions/{i}/question_id"),
                    format!("question id {} is used twice", q.question_id),
                ));
            }
            if let Some(set) = &q.details {
                if !self.detail_sets.contains_key(set) {
                    let known: Vec<&str> = self.detail_sets.keys().map(String::as_str).collect();
                    return Err((
                        format!("/questions/{i}/details"),
                        format!("no detail set named {set}; the sets are: {}", known.join(", ")),
                    ));
                }
            }
        }
        for (name, set) in &self.detail_sets {
            for (i, field) in set.fields.iter().enumerate() {
                if set.fields[..i].iter().any(|f| f.name == field.name) {
                    return Err((
                        format!("/detail_sets/{name}/fields/{i}/name"),
                        format!("field {} is listed twice", field.name),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The `condition_questions` property of the step's schema. How it is drawn is said in the schema too
    /// (`x-order`, `x-label`, `x-widget`), from which composition derives the uiSchema.
    pub fn condition_questions_schema(&self, ctx: &EnrollmentContext, subject: Subject) -> Value {
        let language = ctx.language.as_str();
        let mut properties = Map::new();
        let mut order = Vec::new();
        for q in self.asked(ctx) {
            let text = match subject {
                Subject::Applicant => &q.question_text,
                Subject::Dependent => match &q.dependent_text {
                    Some(text) => text,
                    None => continue,
                },
            };
            let text = text.in_language(language);
            let key = q.question_id.to_string();
            let details = q.details.as_ref().and_then(|name| self.detail_sets.get(name));
            let schema = yes_no_question(
                text,
                q.question_id,
                details.map(|set| {
                    let item = detail_entry(set, language);
                    let list = json!({
                        "type": "array", "title": say(language, "Details"), "minItems": 1, "maxItems": set.entries,
                        "items": item, "x-item-title": say(language, "Detail #{n}"),
                        "x-messages": { "minItems": say(language, "Please give the details of your Yes answer"),
                                        "maxItems": say_with(language, "At most {count} entries", &[("count", &set.entries)]) },
                    });
                    ("conditions", list)
                }),
                language,
            );
            properties.insert(key.clone(), schema);
            order.push(json!(key));
        }
        // Question ids look like numbers, and a browser lists such keys in numeric order: `x-order` keeps the
        // carrier's. The step's heading already says Health Questions (`x-label: false`).
        json!({
            "type": "object", "title": say(language, "Health Questions"), "properties": properties, "required": order,
            "x-order": order, "x-label": false, "x-messages": { "required": say(language, ANSWER_ALL) },
        })
    }

    /// The `medication_question` property of the step's schema, in `subject`'s words in `language`; `None` without
    /// one.
    pub fn medication_question_schema(&self, subject: Subject, language: &str) -> Option<Value> {
        let m = self.medication_question.as_ref()?;
        let text = match (subject, &m.dependent_text) {
            (Subject::Dependent, Some(text)) => text,
            _ => &m.question_text,
        };
        let row = json!({
            "type": "object", "title": say(language, "Medication"),
            "properties": {
                "medication": text_field(say(language, "Medication"), 100, language),
                "dosage": text_field(say(language, "Dosage"), 100, language),
                "medical_condition": text_field(say(language, "Medical Condition"), 200, language),
            },
            "required": ["medication"],
        });
        let list = json!({
            "type": "array", "title": say(language, "Medications"), "minItems": 1, "maxItems": MAX_MEDICATIONS,
            "items": row, "x-item-title": say(language, "Medication #{n}"),
            "x-messages": { "minItems": say(language, "Please list at least one medication"),
                            "maxItems": say_with(language, "At most {count} medications", &[("count", &MAX_MEDICATIONS)]) },
        });
        Some(yes_no_question(text.in_language(language), m.question_id, Some(("medications", list)), language))
    }
}

/// A Yes/No question, unanswered until the person answers it (a health answer is never assumed: a carrier may void
/// a policy over a wrong one), whose Yes reveals `details`: the property appears, and is required, only while the
/// answer is Yes. rjsf resolves the `if`/`then` to show or hide it; the server's validation and clean-up read the
/// same keywords, so details sent with a No are dropped.
fn yes_no_question(text: &str, question_id: u32, details: Option<(&str, Value)>, language: &str) -> Value {
    let answer_all = say(language, ANSWER_ALL);
    let mut schema = json!({
        "type": "object", "title": text, "x-question-id": question_id, "x-label": false,
        "properties": {
            "yes_no_flag": {
                "type": "string", "title": text, "x-widget": "radio",
                "oneOf": [ { "const": "1", "title": say(language, "Yes") }, { "const": "0", "title": say(language, "No") } ],
                "x-messages": { "required": answer_all, "enum": answer_all },
            }
        },
        "required": ["yes_no_flag"],
        "x-messages": { "required": answer_all },
    });
    if let Some((name, list)) = details {
        schema["allOf"] = json!([{
            "if": { "properties": { "yes_no_flag": { "const": "1" } }, "required": ["yes_no_flag"] },
            "then": { "properties": { name: list }, "required": [name] },
        }]);
    }
    schema
}

/// The questions, the medication question and the notes, as one object: a dependent's `health_info`.
pub fn health_info_schema(q: &Questionnaire, ctx: &EnrollmentContext) -> Value {
    let mut properties = Map::new();
    let language = ctx.language.as_str();
    properties.insert("condition_questions".into(), q.condition_questions_schema(ctx, Subject::Dependent));
    if let Some(medication) = q.medication_question_schema(Subject::Dependent, language) {
        properties.insert("medication_question".into(), medication);
    }
    properties.insert(
        "notes".into(),
        json!({ "type": "string", "title": say(language, "Additional Notes"), "maxLength": 2000, "x-widget": "textarea" }),
    );
    json!({
        "type": "object", "title": say(language, "Health Information"), "properties": properties,
        "required": ["condition_questions"]
    })
}

/// One entry of a detail set: its fields, in order, with their types' rules and the spec's messages.
fn detail_entry(set: &DetailSet, language: &str) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for field in &set.fields {
        let title = field.title.in_language(language);
        let (schema, widget) = match field.kind {
            FieldKind::Text => (text_field(title, 200, language), None),
            FieldKind::LongText => (text_field(title, 2000, language), Some("textarea")),
            FieldKind::Date => (date_field(title, &[Check::Date], language), Some("dateMDY")),
            FieldKind::PastDate => (date_field(title, &[Check::Date, Check::NotFuture], language), Some("dateMDY")),
            FieldKind::YesNo => (
                json!({ "type": "string", "title": title,
                        "oneOf": [ { "const": "1", "title": say(language, "Yes") }, { "const": "0", "title": say(language, "No") } ] }),
                Some("radio"),
            ),
            FieldKind::Phone => (
                json!({ "type": "string", "title": title, "pattern": "^[0-9]{10}$",
                        "x-normalize": "digits", "x-messages": { "pattern": say(language, INVALID_PHONE) } }),
                Some("phone"),
            ),
        };
        let mut schema = schema;
        // The spec's adapters describe each detail field by its kind.
        schema["x-kind"] = json!(field.kind);
        if let Some(widget) = widget {
            schema["x-widget"] = json!(widget);
        }
        if field.required {
            required.push(json!(field.name));
        }
        properties.insert(field.name.clone(), schema);
    }
    json!({ "type": "object", "title": say(language, "Detail"), "properties": properties, "required": required })
}

fn text_field(title: &str, max: u32, language: &str) -> Value {
    json!({ "type": "string", "title": title, "maxLength": max,
            "x-messages": { "maxLength": say_with(language, "Please keep this under {count} characters", &[("count", &max)]) } })
}

fn date_field(title: &str, checks: &[Check], language: &str) -> Value {
    json!({ "type": "string", "title": title, "pattern": DATE_PATTERN, "x-checks": crate::checks::list(checks),
            "x-messages": { "pattern": say(language, crate::errors::messages::INVALID_DATE) } })
}

/// The spec's adapters send and receive the questions as a list of `{ question_id, question_text, yes_no_flag,
/// conditions }`; the step keeps them keyed by question id. This turns the list into the step's shape.
pub fn from_list(questions: &Value) -> Value {
    let mut keyed = Map::new();
    for q in questions.as_array().into_iter().flatten() {
        let id = match q.get("question_id") {
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::String(s)) => s.trim().to_string(),
            _ => continue,
        };
        let mut answer = q.clone();
        if let Some(fields) = answer.as_object_mut() {
            fields.remove("question_id");
            fields.remove("question_text");
        }
        keyed.insert(id, answer);
    }
    Value::Object(keyed)
}

/// The step's keyed answers as the spec's list, one entry for every question asked, in order.
pub fn to_list(schema: &Value, keyed: &Value) -> Value {
    let props = schema.get("properties").and_then(Value::as_object).cloned().unwrap_or_default();
    Value::Array(
        props
            .iter()
            .map(|(key, prop)| {
                // Unanswered is null, never No.
                let mut entry = json!({
                    "question_id": prop.get("x-question-id").cloned().unwrap_or_else(|| json!(key)),
                    "question_text": prop["title"],
                    "yes_no_flag": null,
                });
                if let Some(answer) = keyed.get(key).and_then(Value::as_object) {
                    for (k, v) in answer {
                        entry[k] = v.clone();
                    }
                }
                entry
            })
            .collect(),
    )
}

/// `condition_questions.145.conditions.0.x` -> `condition_questions.{index of 145 in list}.conditions.0.x`, for an
/// answer that came as a list; other keys are unchanged.
pub fn error_key_for_list(key: &str, list: &Value) -> String {
    let Some(rest) = key.strip_prefix("condition_questions.") else { return key.to_string() };
    let (id, tail) = rest.split_once('.').map_or((rest, None), |(id, tail)| (id, Some(tail)));
    let index = list.as_array().and_then(|items| {
        items.iter().position(|q| match q.get("question_id") {
            Some(Value::Number(n)) => n.to_string() == id,
            Some(Value::String(s)) => s.trim() == id,
            _ => false,
        })
    });
    match (index, tail) {
        (Some(i), Some(tail)) => format!("condition_questions.{i}.{tail}"),
        (Some(i), None) => format!("condition_questions.{i}"),
        (None, _) => key.to_string(),
    }
}
