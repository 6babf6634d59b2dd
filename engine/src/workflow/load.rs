//! Reading workflow files: each kind held to its published format, and a version's files loaded as a whole.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::WorkflowError;
use super::format::*;
use super::meaning::{check_meaning, check_references};
use crate::context::{Condition, Flag};
use crate::tabs::TabName;

/// The loaded workflows of an installation.
#[derive(Debug, Clone, PartialEq)]
pub struct Workflows {
    pub wizard: WizardWorkflow,
    /// The popups on a plan and the offers around the cart.
    pub shop: crate::shop::ShopWorkflow,
    /// The help chat's script (`kind: assistant`); without one the chat greets and thanks.
    pub assistant: crate::assistant::Assistant,
    /// The levels of use the estimated yearly cost of health plans is priced at (`kind: estimate`); without them,
    /// no plan is estimated.
    pub estimate: Option<crate::yearly::UseProfiles>,
    /// How our categories, tiers, relationships and genders are said in carriers' 834 files (`kind: x12`); without
    /// them, no file is made.
    pub x12: Option<crate::x12::Codes>,
    /// The life events a member may report after the sale (`kind: life_events`); without them, none can be.
    pub life_events: Option<crate::life_events::LifeEvents>,
}

impl Workflows {
    /// Where the carriers' texts (their questions, detail fields and health messages) are not written in
    /// `language`: English is shown in their place. Each place as `where: the English words`.
    pub fn untranslated(&self, language: &str) -> Vec<String> {
        let mut missing = Vec::new();
        self.texts(&mut |place, text| {
            if !text.has(language) {
                missing.push(format!("{place}: {}", text.en));
            }
        });
        missing
    }

    /// Each text written in these workflows, with where it is.
    fn texts(&self, note: &mut dyn FnMut(String, &crate::text::Text)) {
        use crate::text::Text;
        let shop = &self.shop;
        for set in &shop.eligibility_questions {
            for q in &set.questions {
                note(format!("eligibility {} question {}", set.name, q.qid), &q.question);
            }
        }
        let health = |set: &crate::shop::HealthSet, note: &mut dyn FnMut(String, &Text)| {
            for q in &set.questions {
                note(format!("health {} question {}", set.name, q.question_id), &q.question_text);
            }
            note(format!("health {} decline message", set.name), &set.decline_message);
            note(format!("health {} success message", set.name), &set.success_message);
        };
        for set in &shop.health_questions {
            health(set, note);
        }
        for (plan, own) in &shop.plans_own {
            for q in own.eligibility.iter().flat_map(|e| &e.questions) {
                note(format!("plan {plan} eligibility question {}", q.qid), &q.question);
            }
            if let Some(set) = &own.health {
                health(set, note);
            }
        }
        for (list, name) in [(&shop.after_add, "after_add"), (&shop.checkout_upsells, "checkout_upsells")] {
            for offer in list {
                for (field, text) in [
                    ("title", &offer.pop_up_title),
                    ("header", &offer.pop_up_header),
                    ("link description", &offer.pop_up_link_description),
                    ("accept", &offer.accept),
                    ("decline", &offer.decline),
                ] {
                    if !text.en.is_empty() {
                        note(format!("{name} offer {} {field}", offer.id), text);
                    }
                }
            }
        }
        let step = self.wizard.forms.get(&TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.as_ref());
        for q in step.iter().flat_map(|s| &s.questions) {
            note(format!("Health Questions question {}", q.question_id), &q.question_text);
            if let Some(dependent) = &q.dependent_text {
                note(format!("Health Questions question {} about a dependent", q.question_id), dependent);
            }
        }
        for (name, set) in step.iter().flat_map(|s| &s.detail_sets) {
            for field in &set.fields {
                note(format!("detail set {name} field {}", field.name), &field.title);
            }
        }
        for event in self.life_events.iter().flat_map(|l| &l.events) {
            for (field, text) in [("title", &event.title), ("help", &event.help), ("date title", &event.date_title)] {
                note(format!("life event {} {field}", event.id), text);
            }
            for document in event.proof.iter().flat_map(|p| &p.any_of) {
                note(format!("life event {} document {}", event.id, document.id), &document.title);
            }
        }
    }
}

/// The JSON Schema of the workflow file format.
pub fn file_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(WizardWorkflow)).expect("a schema is JSON")
}

/// The format of a shop workflow file (`kind: shop`), as JSON Schema.
pub fn shop_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::shop::ShopWorkflow)).expect("a schema is JSON")
}

/// The kinds of workflow file, each with its published format (committed as `workflows/schema/<kind>.schema.json`).
pub const FILE_KINDS: [&str; 7] = ["wizard", "shop", "assistant", "estimate", "x12", "questionnaire", "life_events"];

/// The JSON Schema of a kind of workflow file: what an editor validates and completes the files with, and what the
/// checker holds them to first.
pub fn format_schema(kind: &str) -> Option<Value> {
    match kind {
        "wizard" => Some(file_format_schema()),
        "shop" => Some(shop_format_schema()),
        "assistant" => Some(assistant_format_schema()),
        "estimate" => Some(estimate_format_schema()),
        "x12" => Some(x12_format_schema()),
        "questionnaire" => Some(questionnaire_format_schema()),
        "life_events" => Some(life_events_format_schema()),
        _ => None,
    }
}

/// The text of every workflow file of an installation, by file name: what a version of the workflows is. It is
/// parsed and checked as a whole ([`Bundle::parse`]), stored whole, and identified by a digest of this text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bundle {
    pub files: BTreeMap<String, String>,
}

impl Bundle {
    /// Every `.yaml`, `.yml` and `.json` file of `dir` (the JSON Schemas of the formats, `*.schema.json`, are not
    /// workflows).
    pub fn read_dir(dir: &Path) -> Result<Bundle, WorkflowError> {
        let shown = dir.display().to_string();
        let entries = std::fs::read_dir(dir).map_err(|e| WorkflowError::new(&shown, "/", e.to_string()))?;
        let mut files = BTreeMap::new();
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_string) else { continue };
            let workflow = matches!(path.extension().and_then(|e| e.to_str()), Some("yaml" | "yml" | "json"));
            if !workflow || name.ends_with(".schema.json") || !path.is_file() {
                continue;
            }
            let text = std::fs::read_to_string(&path)
                .map_err(|e| WorkflowError::new(&path.display().to_string(), "/", e.to_string()))?;
            files.insert(name, text);
        }
        Ok(Bundle { files })
    }

    /// The plan a file's text is the questionnaire of (`kind: questionnaire`), read loosely: none for any other file.
    pub fn questionnaire_plan(text: &str) -> Option<i64> {
        let value = serde_yaml::from_str::<Value>(text).ok()?;
        (value.get("kind")?.as_str()? == "questionnaire").then_some(())?;
        value.get("plan_id")?.as_i64()
    }

    /// These files with the plans' questionnaires of `earlier` that they lack (a plan's own file here wins): what a
    /// load of files made elsewhere keeps of the questionnaires published in the carriers' console.
    pub fn with_questionnaires_of(&self, earlier: &Bundle) -> Bundle {
        let here: BTreeSet<i64> = self.files.values().filter_map(|t| Bundle::questionnaire_plan(t)).collect();
        let mut files = self.files.clone();
        for (name, text) in &earlier.files {
            if let Some(plan_id) = Bundle::questionnaire_plan(text) {
                if !here.contains(&plan_id) && !files.contains_key(name) {
                    files.insert(name.clone(), text.clone());
                }
            }
        }
        Bundle { files }
    }

    /// The workflows these files define, or the first problem: its file (shown under `dir`), the path inside it and
    /// the reason.
    pub fn parse(&self, dir: &str) -> Result<Workflows, WorkflowError> {
        let shown = |name: &str| if dir.is_empty() { name.to_string() } else { format!("{dir}/{name}") };
        let (mut wizard, mut shop, mut assistant, mut estimate, mut x12) = (None, None, None, None, None);
        let mut life_events = None;
        let mut questionnaires = std::collections::BTreeMap::new();
        let mut questionnaire_files = std::collections::BTreeMap::new();
        for (file, text) in &self.files {
            let name = shown(file);
            let kind =
                serde_yaml::from_str::<Value>(text).ok().and_then(|v| v.get("kind")?.as_str().map(str::to_string));
            if kind.as_deref() == Some("questionnaire") {
                let questionnaire = parse_questionnaire_file(&name, text)?;
                let plan_id = questionnaire.plan_id;
                questionnaire_files.insert(plan_id, name.clone());
                if questionnaires.insert(plan_id, questionnaire.sets()).is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/plan_id",
                        format!("a second questionnaire of plan {plan_id}; a plan has at most one"),
                    ));
                }
                continue;
            }
            if kind.as_deref() == Some("shop") {
                if shop.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second shop workflow; an installation has exactly one",
                    ));
                }
                shop = Some((name.clone(), parse_shop_file(&name, text)?));
                continue;
            }
            if kind.as_deref() == Some("assistant") {
                if assistant.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second assistant; an installation has at most one",
                    ));
                }
                assistant = Some(parse_assistant_file(&name, text)?);
                continue;
            }
            if kind.as_deref() == Some("estimate") {
                if estimate.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second estimate of yearly costs; an installation has at most one",
                    ));
                }
                estimate = Some(parse_estimate_file(&name, text)?);
                continue;
            }
            if kind.as_deref() == Some("x12") {
                if x12.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second file of X12 codes; an installation has at most one",
                    ));
                }
                x12 = Some(parse_x12_file(&name, text)?);
                continue;
            }
            if kind.as_deref() == Some("life_events") {
                if life_events.is_some() {
                    return Err(WorkflowError::new(
                        &name,
                        "/kind",
                        "a second file of life events; an installation has at most one",
                    ));
                }
                life_events = Some(parse_life_events_file(&name, text)?);
                continue;
            }
            let workflow = parse_file(&name, text)?;
            if wizard.is_some() {
                return Err(WorkflowError::new(
                    &name,
                    "/kind",
                    "a second wizard workflow; an installation has exactly one",
                ));
            }
            wizard = Some(workflow);
        }
        let mut wizard = wizard.ok_or_else(|| WorkflowError::new(dir, "/", "no wizard workflow file found"))?;
        add_plans_application_questions(&mut wizard, &questionnaires, &questionnaire_files)?;
        let (shop_file, mut shop) =
            shop.ok_or_else(|| WorkflowError::new(dir, "/", "no shop workflow file (kind: shop) found"))?;
        shop.plans_own = questionnaires;
        check_references(&shop_file, &shop)?;
        Ok(Workflows { wizard, shop, assistant: assistant.unwrap_or_default(), estimate, x12, life_events })
    }
}

/// Adds each plan's own questions in the application (its questionnaire's `application`) to the Health Questions
/// step, asked when the cart holds the plan, and makes the step required then. A question id the step (or another
/// plan) already uses, or a detail set the step does not have, is refused in the plan's file.
fn add_plans_application_questions(
    wizard: &mut WizardWorkflow,
    plans: &BTreeMap<i64, crate::shop::plan_questions::PlanSets>,
    files: &BTreeMap<i64, String>,
) -> Result<(), WorkflowError> {
    let asking: Vec<(i64, &crate::shop::plan_questions::PlanApplication)> =
        plans.iter().filter_map(|(id, own)| own.questionnaire.application.as_ref().map(|a| (*id, a))).collect();
    if asking.is_empty() {
        return Ok(());
    }
    let Some(questionnaire) = wizard.forms.get_mut(&TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.as_mut())
    else {
        let (plan, _) = asking[0];
        return Err(WorkflowError::new(
            &files[&plan],
            "/application",
            "the application has no Health Questions step to add these questions to",
        ));
    };
    // The step's own sets (a plan's set is never another plan's).
    let step_sets: BTreeSet<String> = questionnaire.detail_sets.keys().cloned().collect();
    for (plan, application) in asking {
        // The plan's own sets, under names of their own in the application.
        for (name, set) in &application.detail_sets {
            let own = crate::shop::plan_questions::PlanApplication::set_name(plan, name);
            questionnaire.detail_sets.insert(own, set.clone());
        }
        for (i, question) in application.questions.iter().enumerate() {
            let at = |field: &str| format!("/application/questions/{i}/{field}");
            let used = questionnaire.questions.iter().any(|q| q.question_id == question.question_id)
                || questionnaire.medication_question.as_ref().is_some_and(|m| m.question_id == question.question_id);
            if used {
                return Err(WorkflowError::new(
                    &files[&plan],
                    at("question_id"),
                    format!(
                        "question {} is asked in the application already: give this one another number",
                        question.question_id
                    ),
                ));
            }
            let mut asked = question.clone();
            if let Some(set) = &question.details {
                if application.detail_sets.contains_key(set) {
                    asked.details = Some(crate::shop::plan_questions::PlanApplication::set_name(plan, set));
                } else if !step_sets.contains(set) {
                    let known: Vec<&str> = step_sets
                        .iter()
                        .map(String::as_str)
                        .chain(application.detail_sets.keys().map(String::as_str))
                        .collect();
                    return Err(WorkflowError::new(
                        &files[&plan],
                        at("details"),
                        format!("no detail set named {set}; the sets are: {}", known.join(", ")),
                    ));
                }
            }
            let with_plan = Condition { cart_plan: Some(vec![plan]), ..Condition::default() };
            asked.when = Some(match question.when.clone() {
                Some(own) => Condition { all: Some(vec![with_plan, own]), ..Condition::default() },
                None => with_plan,
            });
            questionnaire.questions.push(asked);
        }
    }
    let plan_ids: Vec<i64> =
        plans.iter().filter(|(_, own)| own.questionnaire.application.is_some()).map(|(id, _)| *id).collect();
    if let Some(rule) = wizard.tabs.iter_mut().find(|r| r.tab == TabName::PrimaryHealthInfo) {
        let holds_plan = Condition { cart_plan: Some(plan_ids), ..Condition::default() };
        rule.required = match &rule.required {
            Flag::Fixed(true) => Flag::Fixed(true),
            Flag::Fixed(false) => Flag::When { when: Box::new(holds_plan) },
            Flag::When { when } => Flag::When {
                when: Box::new(Condition { any: Some(vec![(**when).clone(), holds_plan]), ..Condition::default() }),
            },
        };
    }
    Ok(())
}

/// Reads and checks every workflow file of `dir`.
pub fn load_dir(dir: &Path) -> Result<Workflows, WorkflowError> {
    Bundle::read_dir(dir)?.parse(&dir.display().to_string())
}

/// The format of the help assistant's file (`kind: assistant`), as JSON Schema.
pub fn assistant_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::assistant::Assistant)).expect("a schema is JSON")
}

/// Reads the help assistant's file: its format first, then what the format cannot say.
pub fn parse_assistant_file(name: &str, text: &str) -> Result<crate::assistant::Assistant, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &assistant_format_schema())?;
    let assistant: crate::assistant::Assistant =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    assistant.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(assistant)
}

/// The format of the yearly cost estimate's file (`kind: estimate`), as JSON Schema.
pub fn estimate_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::yearly::UseProfiles)).expect("a schema is JSON")
}

/// Reads the yearly cost estimate's levels of use: the format first, then what the format cannot say.
pub fn parse_estimate_file(name: &str, text: &str) -> Result<crate::yearly::UseProfiles, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &estimate_format_schema())?;
    let profiles: crate::yearly::UseProfiles =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    profiles.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(profiles)
}

/// The format of the X12 codes' file (`kind: x12`), as JSON Schema.
pub fn x12_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::x12::Codes)).expect("a schema is JSON")
}

/// Reads the X12 codes of carriers' 834 files: the format first, then what the format cannot say.
pub fn parse_x12_file(name: &str, text: &str) -> Result<crate::x12::Codes, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &x12_format_schema())?;
    let codes: crate::x12::Codes =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    codes.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(codes)
}

/// The format of the life events' file (`kind: life_events`), as JSON Schema.
pub fn life_events_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::life_events::LifeEvents)).expect("a schema is JSON")
}

/// Reads the life events a member may report: the format first, then what the format cannot say.
pub fn parse_life_events_file(name: &str, text: &str) -> Result<crate::life_events::LifeEvents, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &life_events_format_schema())?;
    let events: crate::life_events::LifeEvents =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    events.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(events)
}

/// The format of a plan's own questionnaire (`kind: questionnaire`), as JSON Schema.
pub fn questionnaire_format_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(crate::shop::plan_questions::PlanQuestionnaire))
        .expect("a schema is JSON")
}

/// Reads a plan's own questionnaire: the format first, then what the format cannot say.
pub fn parse_questionnaire_file(
    name: &str,
    text: &str,
) -> Result<crate::shop::plan_questions::PlanQuestionnaire, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &questionnaire_format_schema())?;
    let questionnaire: crate::shop::plan_questions::PlanQuestionnaire =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    questionnaire.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(questionnaire)
}

/// Reads a shop workflow file: its format first, then what the format cannot say.
pub fn parse_shop_file(name: &str, text: &str) -> Result<crate::shop::ShopWorkflow, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &shop_format_schema())?;
    let shop: crate::shop::ShopWorkflow =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    shop.check().map_err(|(path, reason)| WorkflowError::new(name, path, reason))?;
    Ok(shop)
}

fn parse_yaml(name: &str, text: &str) -> Result<Value, WorkflowError> {
    serde_yaml::from_str(text).map_err(|e| {
        let path = e.location().map(|l| format!("line {}", l.line())).unwrap_or_else(|| "/".into());
        WorkflowError::new(name, path, format!("not valid YAML or JSON: {e}"))
    })
}

pub fn parse_file(name: &str, text: &str) -> Result<WizardWorkflow, WorkflowError> {
    let value = parse_yaml(name, text)?;
    validate_format(name, &value, &file_format_schema())?;
    let workflow: WizardWorkflow =
        serde_json::from_value(value).map_err(|e| WorkflowError::new(name, "/", e.to_string()))?;
    check_meaning(name, &workflow)?;
    Ok(workflow)
}

fn validate_format(name: &str, value: &Value, format: &Value) -> Result<(), WorkflowError> {
    let validator = jsonschema::validator_for(format).expect("the engine's own schema compiles");
    if let Some(error) = validator.iter_errors(value).next() {
        let (path, reason) = most_specific(&error.to_owned());
        let path = if path.is_empty() { "/".to_string() } else { path };
        return Err(WorkflowError::new(name, path, reason));
    }
    Ok(())
}

/// Where an error of the format is, and what it is: for "none of the choices" (an optional part, `anyOf` its shape
/// or null), the error deepest inside the choice that came nearest, which names the field at fault.
fn most_specific(error: &jsonschema::ValidationError<'static>) -> (String, String) {
    use jsonschema::error::ValidationErrorKind;
    let here = (error.instance_path().as_str().to_string(), error.to_string());
    let (ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context }) = error.kind() else {
        return here;
    };
    // A choice of null says nothing about the field's shape.
    let found: Vec<(String, String)> = context
        .iter()
        .flatten()
        .map(most_specific)
        .filter(|(_, reason)| !reason.ends_with("is not of type \"null\""))
        .collect();
    let deepest = found.iter().max_by_key(|(path, _)| path.matches('/').count()).cloned();
    match deepest {
        Some(deeper) if deeper.0.len() > here.0.len() => deeper,
        // An optional part of the wrong shape: the one shape it may have says what is wrong.
        _ if found.len() == 1 => found.into_iter().next().unwrap_or(here),
        _ => here,
    }
}
