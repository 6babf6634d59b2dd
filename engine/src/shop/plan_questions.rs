//! One plan's own questions, as its carrier edits them in the console: the eligibility questions (which must be
//! answered Yes) and the health questions (which answers decline) of the plan's popups, with their messages.
//!
//! A plan's questionnaire is a workflow file of its own (`kind: questionnaire`, one per plan, named
//! `questionnaire-{plan_id}.yaml`): it replaces whatever the shop workflow's question sets say about that plan, and a
//! part it leaves out means the plan asks none of it. A plan without such a file asks what the shop workflow says
//! ([`PlanQuestionnaire::of_shop`] writes that down as the console's starting point). What one may hold (bytes, depth,
//! questions, characters, names): [`limits`].

pub mod limits;

use std::collections::{BTreeMap, BTreeSet};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{EligibilityQuestion, EligibilitySet, HealthQuestion, HealthSet, PlanSelector, ShopWorkflow};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuestionnaireKind {
    /// One plan's eligibility and health questions.
    Questionnaire,
}

/// One plan's eligibility and health questions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Plan questionnaire file")]
pub struct PlanQuestionnaire {
    pub kind: QuestionnaireKind,
    /// The plan these questions are asked for.
    #[schemars(range(min = 1))]
    pub plan_id: i64,
    /// Asked before the plan can be added to the cart; none when the plan asks no eligibility question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eligibility: Option<PlanEligibility>,
    /// Asked before the plan is priced; none when the plan asks no health question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub health: Option<PlanHealth>,
    /// Asked in the application's Health Questions step when the cart holds the plan, after the step's own questions
    /// (and of each dependent, in their words, when a question has them); none when the plan adds none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application: Option<PlanApplication>,
}

/// The questions a plan adds to the application's Health Questions step, in the format of that step's questions
/// (`forms.primary_health_info.questionnaire` of the wizard): a Yes may open one of the step's detail sets, or one of
/// the plan's own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanApplication {
    /// The plan's own detail sets, by name: a question of the plan names one of them (or one of the step's) in
    /// `details`. A plan's set of the same name as one of the step's is the plan's for its questions.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub detail_sets: BTreeMap<String, crate::questionnaire::DetailSet>,
    #[schemars(length(min = 1))]
    pub questions: Vec<crate::questionnaire::ConditionQuestion>,
}

impl PlanApplication {
    /// The name a plan's own detail set has in the application, apart from the step's and other plans' sets.
    pub fn set_name(plan_id: i64, name: &str) -> String {
        format!("plan_{plan_id}_{name}")
    }
}

/// The eligibility questions of a plan, in the order they are asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanEligibility {
    #[schemars(length(min = 1))]
    pub questions: Vec<EligibilityQuestion>,
}

/// The health questions of a plan, in the order they are asked, and what the applicant is told after answering.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanHealth {
    #[schemars(length(min = 1))]
    pub questions: Vec<HealthQuestion>,
    /// Shown when an answer declines the application.
    pub decline_message: crate::text::Text,
    /// Shown when the answers are accepted.
    #[serde(default = "super::accepted_message")]
    pub success_message: crate::text::Text,
}

/// A plan's own questionnaire, and its questions as the shop reads them.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanSets {
    pub questionnaire: PlanQuestionnaire,
    pub eligibility: Option<EligibilitySet>,
    pub health: Option<HealthSet>,
}

impl PlanQuestionnaire {
    /// The file a plan's questionnaire is kept in, among the workflow files.
    pub fn file_name(plan_id: i64) -> String {
        format!("questionnaire-{plan_id}.yaml")
    }

    /// What the plan asks under `shop` today: its own questionnaire, or what the shop's sets ask of it written as one.
    pub fn of_shop(shop: &ShopWorkflow, plan_id: i64, category: &str) -> PlanQuestionnaire {
        if let Some(own) = shop.plans_own.get(&plan_id) {
            return own.questionnaire.clone();
        }
        PlanQuestionnaire {
            kind: QuestionnaireKind::Questionnaire,
            plan_id,
            eligibility: shop
                .eligibility_for(plan_id, category)
                .map(|set| PlanEligibility { questions: set.questions.clone() }),
            health: shop.health_for(plan_id, category).map(|set| PlanHealth {
                questions: set.questions.clone(),
                decline_message: set.decline_message.clone(),
                success_message: set.success_message.clone(),
            }),
            application: None,
        }
    }

    /// Problems the file's JSON Schema cannot say: (path, reason).
    pub fn check(&self) -> Result<(), (String, String)> {
        if let Some(eligibility) = &self.eligibility {
            let questions = eligibility.questions.iter().map(|q| (q.qid, q.question.en.as_str()));
            each_once("eligibility", ("qid", "question"), questions)?;
        }
        if let Some(health) = &self.health {
            let questions = health.questions.iter().map(|q| (q.question_id, q.question_text.en.as_str()));
            each_once("health", ("question_id", "question_text"), questions)?;
            if health.decline_message.en.trim().is_empty() {
                return Err(("/health/decline_message".into(), "say what an applicant who is declined reads".into()));
            }
            if !health.questions.iter().any(|q| q.decline_on_yes) {
                return Err((
                    "/health/questions".into(),
                    "no answer declines: make a question decline on Yes, or ask no health questions".into(),
                ));
            }
        }
        if let Some(application) = &self.application {
            let questions =
                application.questions.iter().map(|q| (i64::from(q.question_id), q.question_text.en.as_str()));
            each_once("application", ("question_id", "question_text"), questions)?;
            for (name, set) in &application.detail_sets {
                if !name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                    || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                {
                    return Err((
                        format!("/application/detail_sets/{name}"),
                        "a detail set's name is lower case letters, digits and underscores, starting with a letter"
                            .into(),
                    ));
                }
                for (i, field) in set.fields.iter().enumerate() {
                    if set.fields[..i].iter().any(|f| f.name == field.name) {
                        return Err((
                            format!("/application/detail_sets/{name}/fields/{i}/name"),
                            format!("field {} is listed twice", field.name),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The question sets the shop reads for the plan.
    pub fn sets(&self) -> PlanSets {
        let applies_to = PlanSelector { plans: vec![self.plan_id], categories: Vec::new() };
        PlanSets {
            questionnaire: self.clone(),
            eligibility: self.eligibility.as_ref().map(|e| EligibilitySet {
                name: format!("plan_{}", self.plan_id),
                applies_to: applies_to.clone(),
                questions: e.questions.clone(),
            }),
            health: self.health.as_ref().map(|h| HealthSet {
                name: format!("plan_{}", self.plan_id),
                applies_to,
                questions: h.questions.clone(),
                decline_message: h.decline_message.clone(),
                success_message: h.success_message.clone(),
            }),
        }
    }

    /// The file's text: YAML a carrier can keep under its own version control and load again.
    pub fn to_yaml(&self) -> String {
        let body = serde_yaml::to_string(self).expect("a questionnaire is YAML");
        format!(
            "# yaml-language-server: $schema=schema/questionnaire.schema.json\n# The eligibility and health questions \
             of plan {}.\n{body}",
            self.plan_id
        )
    }
}

/// Each of a part's questions has words and a number no other of them has: (path, reason) of the first that does not.
fn each_once<'q>(
    part: &str,
    (id_field, words_field): (&str, &str),
    questions: impl Iterator<Item = (i64, &'q str)>,
) -> Result<(), (String, String)> {
    let mut ids = BTreeSet::new();
    for (i, (id, words)) in questions.enumerate() {
        if !ids.insert(id) {
            return Err((format!("/{part}/questions/{i}/{id_field}"), format!("question {id} is listed twice")));
        }
        if words.trim().is_empty() {
            return Err((format!("/{part}/questions/{i}/{words_field}"), "a question needs its words".into()));
        }
    }
    Ok(())
}

/// One difference between two versions of a plan's questionnaire, question by question.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Difference {
    /// `eligibility`, `health` or `application`.
    pub part: &'static str,
    /// The question it is about; none for the part itself (added, removed, or its messages).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question_id: Option<i64>,
    /// `added`, `removed`, `changed` or `moved`.
    pub change: &'static str,
    /// What changed, in words ("the question's words", "whether a Yes declines", "position 2 to 1").
    pub what: Vec<String>,
    /// The question (or part) before, when it existed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<Value>,
    /// The question (or part) after, when it exists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Value>,
}

/// What `after` changes of `before`, question by question, in the order the questions are asked after the change
/// (removed ones last).
pub fn differences(before: &PlanQuestionnaire, after: &PlanQuestionnaire) -> Vec<Difference> {
    let mut found = Vec::new();
    let eligibility = |q: &PlanQuestionnaire| -> Option<Vec<(i64, Value)>> {
        q.eligibility.as_ref().map(|e| e.questions.iter().map(|q| (q.qid, json_of(q))).collect())
    };
    let health = |q: &PlanQuestionnaire| -> Option<Vec<(i64, Value)>> {
        q.health.as_ref().map(|h| h.questions.iter().map(|q| (q.question_id, json_of(q))).collect())
    };
    let application = |q: &PlanQuestionnaire| -> Option<Vec<(i64, Value)>> {
        q.application.as_ref().map(|a| a.questions.iter().map(|q| (i64::from(q.question_id), json_of(q))).collect())
    };
    compare_part("eligibility", eligibility(before), eligibility(after), &mut found);
    compare_part("health", health(before), health(after), &mut found);
    compare_part("application", application(before), application(after), &mut found);
    let sets = |q: &PlanQuestionnaire| q.application.as_ref().map(|a| a.detail_sets.clone()).unwrap_or_default();
    let (old_sets, new_sets) = (sets(before), sets(after));
    for name in old_sets.keys().chain(new_sets.keys().filter(|n| !old_sets.contains_key(*n))) {
        let (was, is) = (old_sets.get(name), new_sets.get(name));
        let change = match (was, is) {
            (None, Some(_)) => "added",
            (Some(_), None) => "removed",
            (Some(a), Some(b)) if a != b => "changed",
            _ => continue,
        };
        found.push(Difference {
            part: "application",
            question_id: None,
            change,
            what: vec![format!("the detail set {name}")],
            before: was.map(json_of),
            after: is.map(json_of),
        });
    }
    if let (Some(b), Some(a)) = (&before.health, &after.health) {
        let mut what = Vec::new();
        if b.decline_message != a.decline_message {
            what.push("the message when declined".to_string());
        }
        if b.success_message != a.success_message {
            what.push("the message when accepted".to_string());
        }
        if !what.is_empty() {
            let messages = |h: &PlanHealth| serde_json::json!({ "decline_message": h.decline_message, "success_message": h.success_message });
            found.push(Difference {
                part: "health",
                question_id: None,
                change: "changed",
                what,
                before: Some(messages(b)),
                after: Some(messages(a)),
            });
        }
    }
    found
}

/// A text whose words in another language were written for its English before a change: its English changed in the
/// change, and its words in that language did not, so they may no longer say the same.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct StaleText {
    /// `eligibility`, `health` or `application`.
    pub part: &'static str,
    /// The question it is in; none for the part's messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question_id: Option<i64>,
    /// Which text, in words ("the question's words").
    pub what: String,
    /// The language whose words are older than the English (`es`).
    pub language: String,
}

/// The texts whose other languages are older than their English (see [`StaleText`]), among the `differences` of one
/// version from another.
pub fn stale_texts(differences: &[Difference]) -> Vec<StaleText> {
    let text = |v: Option<&Value>| v.and_then(|v| serde_json::from_value::<crate::text::Text>(v.clone()).ok());
    let mut found = Vec::new();
    for d in differences {
        let (Some(was), Some(is)) = (&d.before, &d.after) else { continue };
        let fields: &[(&str, &str)] = if d.question_id.is_some() {
            &[
                ("question", "the question's words"),
                ("question_text", "the question's words"),
                ("dependent_text", "the words for a dependent"),
            ]
        } else {
            &[("decline_message", "the message when declined"), ("success_message", "the message when accepted")]
        };
        for (field, what) in fields {
            let (Some(old), Some(new)) = (text(was.get(*field)), text(is.get(*field))) else { continue };
            if old.en == new.en {
                continue;
            }
            for (language, words) in &new.other {
                if old.other.get(language) == Some(words) {
                    found.push(StaleText {
                        part: d.part,
                        question_id: d.question_id,
                        what: what.to_string(),
                        language: language.clone(),
                    });
                }
            }
        }
    }
    found
}

fn json_of(question: &impl Serialize) -> Value {
    serde_json::to_value(question).expect("a question is JSON")
}

fn compare_part(
    part: &'static str,
    before: Option<Vec<(i64, Value)>>,
    after: Option<Vec<(i64, Value)>>,
    found: &mut Vec<Difference>,
) {
    let part_as = |questions: &[(i64, Value)]| Value::Array(questions.iter().map(|(_, q)| q.clone()).collect());
    let (before, after) = match (before, after) {
        (None, None) => return,
        (None, Some(after)) => {
            let what = vec![format!("{} questions asked", after.len())];
            let after = Some(part_as(&after));
            found.push(Difference { part, question_id: None, change: "added", what, before: None, after });
            return;
        }
        (Some(before), None) => {
            let what = vec!["no question asked".to_string()];
            let before = Some(part_as(&before));
            found.push(Difference { part, question_id: None, change: "removed", what, before, after: None });
            return;
        }
        (Some(before), Some(after)) => (before, after),
    };
    // Moves are told against the order of the questions both versions ask.
    let kept_before: Vec<i64> =
        before.iter().map(|(id, _)| *id).filter(|id| after.iter().any(|(a, _)| a == id)).collect();
    let kept_after: Vec<i64> =
        after.iter().map(|(id, _)| *id).filter(|id| before.iter().any(|(b, _)| b == id)).collect();
    for (id, question) in &after {
        let Some((_, old)) = before.iter().find(|(b, _)| b == id) else {
            found.push(Difference {
                part,
                question_id: Some(*id),
                change: "added",
                what: vec![format!("asked at position {}", position(&after, *id))],
                before: None,
                after: Some(question.clone()),
            });
            continue;
        };
        let mut what: Vec<String> = changed_fields(old, question);
        let (was, is) = (index(&kept_before, *id), index(&kept_after, *id));
        let moved = was != is;
        if moved {
            what.push(format!("position {} to {}", position(&before, *id), position(&after, *id)));
        }
        if !what.is_empty() {
            let change = if what.len() == 1 && moved { "moved" } else { "changed" };
            found.push(Difference {
                part,
                question_id: Some(*id),
                change,
                what,
                before: Some(old.clone()),
                after: Some(question.clone()),
            });
        }
    }
    for (id, question) in &before {
        if !after.iter().any(|(a, _)| a == id) {
            found.push(Difference {
                part,
                question_id: Some(*id),
                change: "removed",
                what: vec![format!("was asked at position {}", position(&before, *id))],
                before: Some(question.clone()),
                after: None,
            });
        }
    }
}

fn index(ids: &[i64], id: i64) -> Option<usize> {
    ids.iter().position(|i| *i == id)
}

/// A question's place, counted from 1 as the applicant sees it.
fn position(questions: &[(i64, Value)], id: i64) -> usize {
    questions.iter().position(|(i, _)| *i == id).map(|p| p + 1).unwrap_or(0)
}

/// The fields of a question that differ, in words.
fn changed_fields(before: &Value, after: &Value) -> Vec<String> {
    let words = |field: &str| match field {
        "question" | "question_text" => "the question's words".to_string(),
        "true_condition" => "whether the answer must be Yes".to_string(),
        "decline_on_yes" => "whether a Yes declines".to_string(),
        "dependent_text" => "the words for a dependent".to_string(),
        "details" => "the details a Yes asks for".to_string(),
        other => other.replace('_', " "),
    };
    let mut fields: BTreeSet<&String> = BTreeSet::new();
    for object in [before, after].iter().filter_map(|v| v.as_object()) {
        fields.extend(object.keys());
    }
    fields.into_iter().filter(|f| before.get(f.as_str()) != after.get(f.as_str())).map(|f| words(f)).collect()
}

/// The console's form of a plan's questionnaire: its JSON Schema and uiSchema. Its data is the questionnaire's own
/// shape without its kind and plan ([`form_data`]); a part with no question asks none ([`from_form`]).
pub fn editor_form(detail_sets: &[String]) -> (Value, Value) {
    use serde_json::json;
    // Words people read, in English (needed unless `optional`) and in each other language the store speaks (English
    // is shown where one is missing).
    let words = |title: &str, optional: bool| {
        let mut properties = serde_json::Map::new();
        properties.insert(
            "en".into(),
            json!({ "type": "string", "minLength": if optional { 0 } else { 1 }, "title": "In English" }),
        );
        for language in crate::i18n::other_languages() {
            let title = format!("In {}", crate::i18n::name_of(language));
            properties.insert(language.into(), json!({ "type": "string", "title": title }));
        }
        json!({ "type": "object", "title": title, "required": if optional { json!([]) } else { json!(["en"]) },
                "properties": properties })
    };
    let question_words = words("Question", false);
    // A part of the form: a titled list of questions whose number and words are `id` and `words`, with `more` fields.
    // The number is the store's, kept hidden: answers are kept under it, so a reworded question keeps it, and a new
    // question is given one when it is saved ([`number_new_questions`]).
    let part = |title: &str, description: &str, (id, words): (&str, &str), more: Value| {
        let mut properties = json!({ id: { "type": "integer", "minimum": 1 }, words: question_words.clone() });
        properties.as_object_mut().expect("an object").extend(more.as_object().cloned().unwrap_or_default());
        json!({ "type": "object", "title": title, "description": description, "properties": { "questions": {
            "type": "array", "title": "Questions",
            "items": { "type": "object", "required": [words], "properties": properties } } } })
    };
    let eligibility = part(
        "Eligibility questions",
        "Asked before the plan can be added to the cart. Leave the list empty to ask none.",
        ("qid", "question"),
        json!({ "true_condition": { "type": "integer", "title": "Answer needed", "default": 1, "oneOf": [
            { "const": 1, "title": "Yes: a No stops the applicant" }, { "const": 0, "title": "Yes or No" } ] } }),
    );
    let mut health = part(
        "Health questions",
        "Asked before the plan is priced. Leave the list empty to ask none.",
        ("question_id", "question_text"),
        json!({ "decline_on_yes": { "type": "boolean", "default": true, "title": "A Yes declines the application" } }),
    );
    health["properties"]["decline_message"] = words("Message when declined", true);
    health["properties"]["success_message"] = words("Message when accepted", true);
    let mut dependent_words = words("The question about a dependent", true);
    dependent_words["description"] = json!("Leave it empty to ask the applicant only.");
    let application = part(
        "Questions in the application",
        "Added to the application's Health Questions step when the cart holds this plan. Leave the list empty to add none.",
        ("question_id", "question_text"),
        json!({
            "dependent_text": dependent_words,
            "details": { "type": "string", "title": "Details a Yes asks for", "default": "", "description": format!(
                "The name of a detail set: {}, or one of this plan's own below. Leave it empty to ask nothing more.",
                detail_sets.join(", ")) }
        }),
    );
    let mut application = application;
    application["properties"]["detail_sets"] = json!({
        "type": "array", "title": "This plan's own detail sets",
        "description": "The fields a Yes opens, for questions that name the set.",
        "items": { "type": "object", "required": ["name", "fields"], "properties": {
            "name": { "type": "string", "pattern": "^[a-z][a-z0-9_]*$", "title": "Name",
                      "description": "Lower case letters, digits and underscores: questions name the set by it." },
            "entries": { "type": "integer", "minimum": 1, "maximum": 5, "default": 2, "title": "Entries a Yes may list" },
            "fields": { "type": "array", "title": "Fields", "minItems": 1, "items": {
                "type": "object", "required": ["name", "title"], "properties": {
                    "name": { "type": "string", "pattern": "^[a-z][a-z0-9_]*$", "title": "Name",
                              "description": "The answer is kept under it." },
                    "title": words("Label", false),
                    "type": { "type": "string", "title": "Kind", "default": "text", "oneOf": [
                        { "const": "text", "title": "A line of text" }, { "const": "long_text", "title": "A paragraph" },
                        { "const": "date", "title": "A date" }, { "const": "past_date", "title": "A date before today" },
                        { "const": "yes_no", "title": "Yes or No" }, { "const": "phone", "title": "A phone number" } ] },
                    "required": { "type": "boolean", "default": true, "title": "Must be filled" } } } } } }
    });
    let schema = json!({ "type": "object", "properties": {
        "eligibility": eligibility, "health": health, "application": application } });
    let long: serde_json::Map<String, Value> = crate::i18n::languages()
        // A question is a sentence or two: four lines show it whole.
        .map(|language| {
            (language.to_string(), serde_json::json!({ "ui:widget": "textarea", "ui:options": { "rows": 4 } }))
        })
        .collect();
    let hidden = serde_json::json!({ "ui:widget": "hidden" });
    let question = |title: &str| {
        serde_json::json!({ "ui:label": false, "ui:options": { "orderable": true, "itemTitle": title }, "items": {
            "ui:label": false, "qid": hidden, "question_id": hidden,
            "question": long, "question_text": long, "dependent_text": long } })
    };
    let ui_schema = serde_json::json!({
        "eligibility": { "questions": question("Eligibility question #{n}") },
        "health": {
            "questions": question("Health question #{n}"),
            "decline_message": long,
            "success_message": long
        },
        "application": {
            "questions": question("Application question #{n}"),
            "detail_sets": { "ui:options": { "orderable": false, "itemTitle": "Detail set #{n}" }, "items": {
                "ui:label": false,
                "fields": { "ui:options": { "orderable": true, "itemTitle": "Field #{n}" }, "items": { "ui:label": false } } } }
        }
    });
    (schema, ui_schema)
}

/// The field each part keeps its questions' numbers in.
pub const NUMBER_FIELDS: [(&str, &str); 3] =
    [("eligibility", "qid"), ("health", "question_id"), ("application", "question_id")];

/// Gives each question of a console's form data that has no number yet the next number free in its part: above every
/// number `taken` lists for the part (the numbers its earlier versions used, whose answers are kept under them, and,
/// for the application, the numbers the application asks already) and every number the form holds.
pub fn number_new_questions(form: &mut Value, taken: &BTreeMap<&str, BTreeSet<i64>>) {
    for (part, field) in NUMBER_FIELDS {
        let Some(questions) = form.get_mut(part).and_then(|p| p.get_mut("questions")).and_then(Value::as_array_mut)
        else {
            continue;
        };
        let held = questions.iter().filter_map(|q| q.get(field).and_then(Value::as_i64));
        let highest = taken.get(part).into_iter().flatten().copied().chain(held).max().unwrap_or(0);
        let mut next = highest.max(0) + 1;
        for question in questions.iter_mut().filter_map(Value::as_object_mut) {
            if question.get(field).is_none_or(Value::is_null) {
                question.insert(field.to_string(), next.into());
                next += 1;
            }
        }
    }
}

/// The numbers each part of `questionnaire` uses.
pub fn numbers_of(questionnaire: &PlanQuestionnaire) -> BTreeMap<&'static str, BTreeSet<i64>> {
    let mut numbers: BTreeMap<&'static str, BTreeSet<i64>> = BTreeMap::new();
    if let Some(e) = &questionnaire.eligibility {
        numbers.entry("eligibility").or_default().extend(e.questions.iter().map(|q| q.qid));
    }
    if let Some(h) = &questionnaire.health {
        numbers.entry("health").or_default().extend(h.questions.iter().map(|q| q.question_id));
    }
    if let Some(a) = &questionnaire.application {
        numbers.entry("application").or_default().extend(a.questions.iter().map(|q| i64::from(q.question_id)));
    }
    numbers
}

/// A questionnaire as the console's form shows it: both parts, a part the plan does not ask with no question.
pub fn form_data(questionnaire: &PlanQuestionnaire) -> Value {
    let eligibility = match &questionnaire.eligibility {
        Some(e) => serde_json::to_value(e).expect("JSON"),
        None => serde_json::json!({ "questions": [] }),
    };
    let health = match &questionnaire.health {
        Some(h) => serde_json::to_value(h).expect("JSON"),
        None => serde_json::json!({ "questions": [], "decline_message": "", "success_message": "" }),
    };
    let application = match &questionnaire.application {
        Some(a) => {
            // A question without details shows the form's "none"; the plan's sets are a list of named sets.
            let mut value = serde_json::to_value(a).expect("JSON");
            for q in value["questions"].as_array_mut().into_iter().flatten() {
                q.as_object_mut().expect("a question").entry("details").or_insert(Value::String(String::new()));
            }
            let sets: Vec<Value> = a
                .detail_sets
                .iter()
                .map(|(name, set)| {
                    let mut set = serde_json::to_value(set).expect("JSON");
                    set["name"] = Value::String(name.clone());
                    set
                })
                .collect();
            value["detail_sets"] = Value::Array(sets);
            value
        }
        None => serde_json::json!({ "questions": [], "detail_sets": [] }),
    };
    let mut form = serde_json::json!({ "eligibility": eligibility, "health": health, "application": application });
    in_both_languages(&mut form);
    form
}

/// The texts of the console's form data (a question's words, a message, a field's label) as `{ en, es }`, as the
/// form asks for them in both languages.
fn in_both_languages(form: &mut Value) {
    const TEXTS: [&str; 6] =
        ["question", "question_text", "dependent_text", "decline_message", "success_message", "title"];
    match form {
        Value::Object(object) => {
            for (key, value) in object.iter_mut() {
                match value {
                    Value::String(en) if TEXTS.contains(&key.as_str()) => {
                        let mut words = serde_json::Map::from_iter([("en".to_string(), Value::String(en.clone()))]);
                        for language in crate::i18n::other_languages() {
                            words.insert(language.to_string(), Value::String(String::new()));
                        }
                        *value = Value::Object(words);
                    }
                    _ => in_both_languages(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(in_both_languages),
        _ => {}
    }
}

/// Whether a text of the form (a string, or `{ en, es }`) has no English words.
fn blank(text: &Value) -> bool {
    let en = text.get("en").unwrap_or(text);
    en.as_str().is_some_and(|s| s.trim().is_empty()) || en.is_null()
}

/// The console's form data as a questionnaire document: a part with no question is left out (the plan asks none).
pub fn from_form(data: &Value) -> Value {
    let mut document = serde_json::Map::new();
    for part in ["eligibility", "health", "application"] {
        let Some(value) = data.get(part).filter(|v| !v.is_null()) else { continue };
        let asks = value.get("questions").and_then(Value::as_array).is_none_or(|q| !q.is_empty());
        if asks {
            let mut value = value.clone();
            // An empty message is the default one; empty words for a dependent, or no details, are none.
            if let Some(object) = value.as_object_mut() {
                object.retain(|key, v| !(matches!(key.as_str(), "success_message" | "decline_message") && blank(v)));
            }
            if let Some(sets) = value.get("detail_sets").and_then(Value::as_array).cloned() {
                let mut by_name = serde_json::Map::new();
                for mut set in sets {
                    let name = set.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
                    if let Some(object) = set.as_object_mut() {
                        object.remove("name");
                    }
                    by_name.insert(name, set);
                }
                value["detail_sets"] = Value::Object(by_name);
            }
            for q in value.get_mut("questions").and_then(Value::as_array_mut).into_iter().flatten() {
                if let Some(object) = q.as_object_mut() {
                    object.retain(|key, v| !(matches!(key.as_str(), "dependent_text" | "details") && blank(v)));
                }
            }
            document.insert(part.into(), value);
        }
    }
    Value::Object(document)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn questionnaire() -> PlanQuestionnaire {
        serde_yaml::from_str(
            "kind: questionnaire\nplan_id: 1403\nhealth:\n  decline_message: We cannot offer this plan online.\n  questions:\n    - { question_id: 901, question_text: { en: \"Treated for cancer?\", es: \"¿Tratado por cáncer?\" } }\n    - { question_id: 903, question_text: Tobacco?, decline_on_yes: false }\napplication:\n  detail_sets:\n    diving:\n      entries: 1\n      fields:\n        - { name: deepest_dive_feet, title: Deepest Dive (feet) }\n  questions:\n    - { question_id: 160, question_text: Do you dive?, details: diving }\n    - { question_id: 161, question_text: Do you fly?, details: condition }\n",
        )
        .unwrap()
    }

    #[test]
    fn the_consoles_form_asks_each_parts_number_and_words_and_gives_back_the_same_questionnaire() {
        let (schema, _) = editor_form(&["condition".into()]);
        let fields = |part: &str| -> Vec<String> {
            let items = &schema["properties"][part]["properties"]["questions"]["items"];
            items["properties"].as_object().unwrap().keys().cloned().collect()
        };
        assert_eq!(fields("eligibility"), ["qid", "question", "true_condition"]);
        assert_eq!(fields("health"), ["question_id", "question_text", "decline_on_yes"]);
        assert_eq!(fields("application"), ["question_id", "question_text", "dependent_text", "details"]);
        let form = form_data(&questionnaire());
        assert_eq!(form["application"]["detail_sets"][0]["name"], "diving", "the plan's sets are a list in the form");
        assert_eq!(
            form["health"]["questions"][0]["question_text"],
            serde_json::json!({ "en": "Treated for cancer?", "es": "¿Tratado por cáncer?" })
        );
        assert_eq!(
            form["health"]["questions"][1]["question_text"],
            serde_json::json!({ "en": "Tobacco?", "es": "" }),
            "each text in both languages"
        );
        let mut document = from_form(&form_data(&questionnaire()));
        document["kind"] = "questionnaire".into();
        document["plan_id"] = 1403.into();
        let back: PlanQuestionnaire = serde_json::from_value(document).unwrap();
        assert_eq!(back, questionnaire(), "an empty part is none, an empty message the default, no details none");
    }

    #[test]
    fn a_question_added_in_the_console_is_numbered_above_every_number_its_part_used_and_others_keep_theirs() {
        let mut form = serde_json::json!({
            "eligibility": { "questions": [ { "question": "Resident?" } ] },
            "health": { "questions": [
                { "question_id": 901, "question_text": "Cancer?" },
                { "question_text": "Diabetes?" },
                { "question_id": null, "question_text": "Heart?" } ] },
            "application": { "questions": [ { "question_text": "Dive?" } ] }
        });
        let taken = BTreeMap::from([("health", BTreeSet::from([903])), ("application", BTreeSet::from([141, 160]))]);
        number_new_questions(&mut form, &taken);
        let numbers = |part: &str, field: &str| -> Vec<i64> {
            form[part]["questions"].as_array().unwrap().iter().map(|q| q[field].as_i64().unwrap()).collect()
        };
        assert_eq!(numbers("eligibility", "qid"), [1], "a part that used none starts at 1");
        assert_eq!(numbers("health", "question_id"), [901, 904, 905], "903 was used before: its answers are its own");
        assert_eq!(numbers("application", "question_id"), [161], "above what the application asks already");
        let (_, ui) = editor_form(&[]);
        assert_eq!(ui["health"]["questions"]["items"]["question_id"]["ui:widget"], "hidden", "no number on screen");
    }

    #[test]
    fn a_draft_is_told_from_what_is_published_question_by_question() {
        let before = questionnaire();
        let mut after = before.clone();
        let health = after.health.as_mut().unwrap();
        health.questions.swap(0, 1);
        health.questions[1].question_text = "Treated for cancer in 10 years?".into();
        after.application = None;
        let found: Vec<(&str, Option<i64>, &str, Vec<String>)> =
            differences(&before, &after).into_iter().map(|d| (d.part, d.question_id, d.change, d.what)).collect();
        assert_eq!(
            found,
            vec![
                ("health", Some(903), "moved", vec!["position 2 to 1".to_string()]),
                (
                    "health",
                    Some(901),
                    "changed",
                    vec!["the question's words".to_string(), "position 1 to 2".to_string()]
                ),
                ("application", None, "removed", vec!["no question asked".to_string()]),
                ("application", None, "removed", vec!["the detail set diving".to_string()]),
            ]
        );
    }

    #[test]
    fn a_question_whose_english_changed_and_its_spanish_did_not_is_marked_stale_and_one_changed_in_both_is_not() {
        let before = questionnaire();
        let mut english_only = before.clone();
        let text = |en: &str, es: &str| crate::text::Text::from(en).with("es", es);
        english_only.health.as_mut().unwrap().questions[0].question_text =
            text("Treated for cancer in 10 years?", "¿Tratado por cáncer?");
        let found = stale_texts(&differences(&before, &english_only));
        assert_eq!(
            found,
            vec![StaleText {
                part: "health",
                question_id: Some(901),
                what: "the question's words".into(),
                language: "es".into()
            }]
        );
        let mut both = before.clone();
        both.health.as_mut().unwrap().questions[0].question_text =
            text("Treated for cancer in 10 years?", "¿Tratado por cáncer en 10 años?");
        assert!(stale_texts(&differences(&before, &both)).is_empty(), "its Spanish was written again");
        let mut spanish_only = before.clone();
        spanish_only.health.as_mut().unwrap().questions[0].question_text =
            text("Treated for cancer?", "¿Tratado de cáncer?");
        assert!(stale_texts(&differences(&before, &spanish_only)).is_empty(), "the English did not change");
    }
}
