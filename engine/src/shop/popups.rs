//! Which popups a plan needs now, their forms with the spec's messages, and checking an answer.

use chrono::NaiveDate;
use serde_json::{json, Map, Value};

use crate::context::{EnrollmentContext, Tier};
use crate::dates::DATE_PATTERN;
use crate::errors::messages::{INVALID_DATE, REQUIRED};
use crate::i18n::{say, say_with};
use crate::rating::PricingError;
use crate::shop::{
    EligibilitySet, HealthSet, PlanPopup, PopupKind, ShopWorkflow, ANSWER_ALL, ANSWER_YES, ANSWER_YES_FORM,
    ANSWER_YES_NO,
};
use crate::FieldError;

/// What is known about a plan for an enrollment when the next popup is chosen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PopupFacts {
    /// The enrollment's context with `plan_category` and `plan_type` of the plan on the page.
    pub ctx: EnrollmentContext,
    /// The plan asks eligibility questions not yet answered as required.
    pub eligibility_pending: bool,
    /// The quote has no spouse date of birth / number of children yet although the tier has dependents.
    pub dependents_missing: bool,
    /// The plan needs a membership association and none is chosen.
    pub membership_missing: bool,
    /// The plan is sold to employees of some groups and the enrollment is under none of them.
    pub group_code_missing: bool,
    /// A valid group code was given and the employer is not yet confirmed: its name.
    pub group_to_confirm: Option<String>,
    /// Why the plan cannot be priced, if it cannot.
    pub pricing_error: Option<PricingError>,
}

/// Whether a popup kind is needed now, before its `when` condition.
pub fn needed(kind: PopupKind, facts: &PopupFacts) -> bool {
    match kind {
        PopupKind::Eligibility => facts.eligibility_pending,
        PopupKind::DependencyInfo => facts.dependents_missing || facts.pricing_error.is_some_and(|e| kind.answers(e)),
        PopupKind::Membership => facts.membership_missing,
        PopupKind::GroupCode => facts.group_code_missing && facts.group_to_confirm.is_none(),
        PopupKind::ConfirmGroup => facts.group_code_missing && facts.group_to_confirm.is_some(),
        other => facts.pricing_error.is_some_and(|e| other.answers(e)),
    }
}

/// The popups the plan needs now, in the workflow's order; the first is the one to show.
pub fn pending_popups<'s>(shop: &'s ShopWorkflow, facts: &PopupFacts) -> Vec<&'s PlanPopup> {
    shop.plan_popups.iter().filter(|p| needed(p.popup, facts) && p.when.holds(&facts.ctx)).collect()
}

/// What a popup form needs besides the workflow: the plan's questions and choices.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PopupChoices {
    pub tier: Option<Tier>,
    /// Tiers the plan is sold for (choose tier).
    pub plan_tiers: Vec<Tier>,
    /// (platform_group_id, platform_name) the plan is offered on (select portal).
    pub portals: Vec<(i64, String)>,
    /// (plan_id, plan_pricing_id, label) of the membership associations to choose from.
    pub memberships: Vec<(i64, i64, String)>,
    pub eligibility: Option<EligibilitySet>,
    pub health: Option<HealthSet>,
    /// The employer a valid group code named (confirm group).
    pub group_name: Option<String>,
    /// The language of the person the popup is drawn for: the carrier's questions are shown in their words in it.
    pub language: String,
}

/// What a choice that is not offered says.
pub const PLEASE_CHOOSE: &str = "Please choose one of the options";
/// What a number of hours worked a week out of its range says.
const HOURS: &str = "Please enter the hours you work in a week (1 to 168)";

/// A Yes/No question titled `title` (already in the reader's words), its answers named in `language`.
fn yes_no(title: &str, language: &str) -> Value {
    json!({ "type": "string", "title": title,
            "oneOf": [ { "const": "Yes", "title": say(language, "Yes") }, { "const": "No", "title": say(language, "No") } ] })
}

/// The spouse's date of birth, as the dependency popup and the quote form ask it: not today or later.
pub fn spouse_dob_field(language: &str) -> Value {
    json!({
        "type": "string", "title": say(language, "Spouse Date of Birth"), "description": say(language, "MM/DD/YYYY"),
        "pattern": DATE_PATTERN,
        "x-checks": [{ "check": "date" }, { "check": "not_future" }],
        "x-messages": { "required": say(language, REQUIRED), "pattern": say(language, INVALID_DATE) },
    })
}

/// The number of children: 1-9 on Member + Children, 1-8 on Family.
pub fn children_field(most: i64, language: &str) -> Value {
    let options: Vec<Value> = (1..=most).map(|n| json!({ "const": n, "title": n.to_string() })).collect();
    json!({ "type": "integer", "title": say(language, "Number of Children"), "oneOf": options,
            "x-messages": { "required": say(language, REQUIRED) } })
}

/// The JSON Schema and uiSchema of a popup's form.
pub fn popup_form(kind: PopupKind, choices: &PopupChoices) -> (Value, Value) {
    // The store's words in the reader's language; the carrier's questions in their own words in it.
    let language = choices.language.as_str();
    let say = |words: &'static str| say(language, words);
    let mut props = Map::new();
    let mut ui = Map::new();
    let mut required: Vec<String> = Vec::new();
    match kind {
        PopupKind::Eligibility => {
            for q in choices.eligibility.iter().flat_map(|s| &s.questions) {
                let key = format!("q{}", q.qid);
                let mut field = yes_no(q.question.in_language(language), language);
                field["x-messages"] = json!({ "required": say(ANSWER_YES_NO) });
                if q.true_condition == 1 {
                    field["x-refuse"] = json!({ "No": say(ANSWER_YES) });
                }
                props.insert(key.clone(), field);
                ui.insert(key.clone(), json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            }
            required.extend(props.keys().cloned());
        }
        PopupKind::DependencyInfo => {
            let tier = choices.tier.unwrap_or_default();
            if matches!(tier, Tier::IS | Tier::IF) {
                props.insert("dep_dob".into(), spouse_dob_field(language));
                ui.insert("dep_dob".into(), json!({ "ui:widget": "dateMDY" }));
            }
            if matches!(tier, Tier::IC | Tier::IF) {
                props.insert("no_of_children".into(), children_field(if tier == Tier::IC { 9 } else { 8 }, language));
            }
            required
                .extend(["dep_dob", "no_of_children"].into_iter().filter(|k| props.contains_key(*k)).map(String::from));
        }
        PopupKind::Income => {
            props.insert(
                "annual_incode".into(),
                json!({
                    "type": "integer", "title": say("Annual Income ($)"), "minimum": 1, "maximum": 100000000,
                    "x-messages": { "required": say(REQUIRED), "minimum": say("Please enter your annual income in whole dollars"), "type": say("Please enter your annual income in whole dollars") },
                }),
            );
            props.insert(
                "working_hours".into(),
                json!({
                    "type": "integer", "title": say("Working Hours per Week"), "minimum": 1, "maximum": 168,
                    "x-messages": { "required": say(REQUIRED), "minimum": say(HOURS), "maximum": say(HOURS), "type": say(HOURS) },
                }),
            );
            required.extend(["annual_incode", "working_hours"].map(String::from));
        }
        PopupKind::Tobacco => {
            props.insert(
                "is_smoker".into(),
                json!({
                    "type": "string", "title": say("Have you used tobacco in the last 12 months?"),
                    "oneOf": [ { "const": "1", "title": say("Yes") }, { "const": "0", "title": say("No") } ],
                    "x-messages": { "required": say(REQUIRED) },
                }),
            );
            ui.insert("is_smoker".into(), json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            required.push("is_smoker".into());
        }
        PopupKind::ChooseTier => {
            let options: Vec<Value> =
                choices.plan_tiers.iter().map(|t| json!({ "const": t.code(), "title": say(t.label()) })).collect();
            props.insert(
                "tier".into(),
                json!({ "type": "string", "title": say("Choose Tier"), "oneOf": options, "x-messages": { "required": say(crate::errors::messages::CHOOSE_TIER) } }),
            );
            required.push("tier".into());
        }
        PopupKind::SelectPortal => {
            let options: Vec<Value> =
                choices.portals.iter().map(|(id, name)| json!({ "const": id, "title": name })).collect();
            props.insert(
                "platform_group_id".into(),
                json!({ "type": "integer", "title": say("Choose Enrollment Portal"), "oneOf": options, "x-messages": { "required": say("Please choose a platform") } }),
            );
            required.push("platform_group_id".into());
        }
        PopupKind::Membership => {
            let options: Vec<Value> = choices
                .memberships
                .iter()
                .map(|(plan_id, pricing_id, label)| json!({ "const": format!("{plan_id}:{pricing_id}"), "title": label }))
                .collect();
            props.insert(
                "membership".into(),
                json!({ "type": "string", "title": say("Membership Options"), "oneOf": options, "x-messages": { "required": say("Please choose a membership") } }),
            );
            ui.insert("membership".into(), json!({ "ui:widget": "radio" }));
            required.push("membership".into());
        }
        PopupKind::GroupCode => {
            props.insert(
                "group_code".into(),
                json!({ "type": "string", "title": say("Group Enrollment Code"), "maxLength": 40, "x-messages": { "required": say(REQUIRED) } }),
            );
            required.push("group_code".into());
        }
        PopupKind::ConfirmGroup => {
            let question = match choices.group_name.as_deref() {
                Some(name) => say_with(language, "Is {name} your employer?", &[("name", &name)]),
                None => say("Is this group your employer?").to_string(),
            };
            let mut field = yes_no(&question, language);
            field["x-messages"] = json!({ "required": say(REQUIRED) });
            props.insert("confirm".into(), field);
            ui.insert("confirm".into(), json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            required.push("confirm".into());
        }
        PopupKind::HealthQuestions => {
            for q in choices.health.iter().flat_map(|s| &s.questions) {
                let key = format!("q{}", q.question_id);
                let mut field = yes_no(q.question_text.in_language(language), language);
                field["x-messages"] = json!({ "required": say(ANSWER_ALL) });
                props.insert(key.clone(), field);
                ui.insert(key, json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            }
            required.extend(props.keys().cloned());
        }
    }
    // Every way an answer can be missing or wrong has the spec's words: a value of the wrong kind (an empty date, a
    // choice not made) says what a missing one says, and a choice that is not offered says so; a browser never shows
    // its validator's own wording.
    for field in props.values_mut() {
        let missing =
            field.pointer("/x-messages/required").and_then(Value::as_str).unwrap_or(say(REQUIRED)).to_string();
        let messages = field["x-messages"].as_object_mut().map(std::mem::take).unwrap_or_default();
        let mut messages = Value::Object(messages);
        messages["required"] = json!(missing);
        if messages.get("type").is_none() {
            messages["type"] = json!(missing);
        }
        if field.get("oneOf").is_some() && messages.get("enum").is_none() {
            messages["enum"] = json!(say(PLEASE_CHOOSE));
        }
        field["x-messages"] = messages;
    }
    let order: Vec<&String> = props.keys().collect();
    let mut ui_schema = Value::Object(ui.clone());
    ui_schema["ui:order"] = json!(order.iter().map(|k| k.as_str()).chain(["*"]).collect::<Vec<_>>());
    let mut schema = json!({
        "type": "object", "properties": Value::Object(props.clone()), "required": required,
    });
    if kind == PopupKind::Eligibility {
        // Above the buttons, whenever an answer that must be Yes is No.
        schema["x-messages"] = json!({ "refuse": say(ANSWER_YES_FORM) });
    }
    (schema, ui_schema)
}

/// Validates a popup's answers against its form with the spec's messages; eligibility adds the form-level message
/// 'Please answer yes in order to continue' when a question that must be Yes is answered No.
pub fn check_popup(
    kind: PopupKind,
    choices: &PopupChoices,
    data: &Value,
    today: NaiveDate,
) -> Result<Value, Vec<FieldError>> {
    let language = choices.language.as_str();
    let (schema, _) = popup_form(kind, choices);
    let cleaned = crate::validation::clean(&schema, data, &schema);
    match crate::validation::validate(&schema, &cleaned, today, language) {
        Ok(()) => Ok(cleaned),
        Err(mut errors) => {
            // The form's messages are in the reader's language: compared in it.
            let (answer_yes, answer_all) = (say(language, ANSWER_YES), say(language, ANSWER_ALL));
            if kind == PopupKind::Eligibility && errors.iter().any(|e| e.error_message == answer_yes) {
                errors.insert(0, FieldError::new("eligibility", say(language, ANSWER_YES_FORM)));
            }
            if kind == PopupKind::HealthQuestions && errors.iter().any(|e| e.error_message == answer_all) {
                errors.retain(|e| e.error_message != answer_all);
                errors.insert(0, FieldError::new("health_questions", answer_all));
            }
            Err(errors)
        }
    }
}
