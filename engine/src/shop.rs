//! The shop workflow: the popups on a plan, the offer after a plan is added and the upsells at checkout, as data
//! (`workflows/shop.yaml`).
//!
//! Each popup and each offer is a step of the same protocol as the wizard's tabs: the engine decides which one is
//! next from the enrollment's context and the plan's pricing, composes its JSON Schema and uiSchema, and validates
//! what comes back with the spec's messages. The renderer draws them with the same form component; nothing here is
//! a screen.
//!
//! What a popup asks is fixed by its kind (the tobacco popup asks `is_smoker`, the income popup `annual_incode` and
//! `working_hours`, ...), because each writes a known fact of the quote. Which popups exist, their order, titles,
//! texts and extra conditions, the eligibility and health questions, and every offer are data.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::context::{Condition, EnrollmentContext, Tier};
use crate::dates::DATE_PATTERN;
use crate::errors::messages::{INVALID_DATE, REQUIRED};
use crate::rating::PricingError;
use crate::FieldError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShopKind {
    /// The popups on a plan and the offers around the cart.
    Shop,
}

/// The shop workflow file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Shop workflow file")]
pub struct ShopWorkflow {
    #[schemars(length(min = 1))]
    pub id: String,
    pub kind: ShopKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Popups on a plan, asked in this order; each only when its kind's trigger holds and its `when` condition too.
    #[serde(default)]
    pub plan_popups: Vec<PlanPopup>,
    /// Offers made right after a plan is added to the cart (the accident offer); the first that applies is shown.
    #[serde(default)]
    pub after_add: Vec<Offer>,
    /// Offers made at checkout before the confirmation, in order; each only once per checkout.
    #[serde(default)]
    pub checkout_upsells: Vec<Offer>,
    /// Eligibility question sets; a plan listed in a set asks its questions before it can be added to the cart.
    #[serde(default)]
    pub eligibility_questions: Vec<EligibilitySet>,
    /// Health question sets; a plan listed in a set prices only after they are answered (newQuestionsError).
    #[serde(default)]
    pub health_questions: Vec<HealthSet>,
}

/// What a popup asks, and so when it is needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PopupKind {
    /// The plan's eligibility questions, until all are answered as required.
    Eligibility,
    /// Spouse date of birth (IS, IF) and number of children (IC, IF), until given for this quote.
    DependencyInfo,
    /// Annual income and working hours, when pricing says salaryError or hourError.
    Income,
    /// Tobacco usage, when pricing says smokerError.
    Tobacco,
    /// A tier the plan is sold for, when pricing says tierError.
    ChooseTier,
    /// The enrollment platform, when pricing says portalError.
    SelectPortal,
    /// The membership association, until one is chosen for a plan that needs it.
    Membership,
    /// The plan's health questions, when pricing says newQuestionsError.
    HealthQuestions,
    /// The group enrollment code, for a plan sold only to employees of some groups when the enrollment is under none.
    GroupCode,
    /// 'Is {group} your employer?', after a valid group code.
    ConfirmGroup,
}

impl PopupKind {
    pub const ALL: [PopupKind; 10] = [
        PopupKind::Eligibility,
        PopupKind::DependencyInfo,
        PopupKind::Income,
        PopupKind::Tobacco,
        PopupKind::ChooseTier,
        PopupKind::SelectPortal,
        PopupKind::Membership,
        PopupKind::HealthQuestions,
        PopupKind::GroupCode,
        PopupKind::ConfirmGroup,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PopupKind::Eligibility => "eligibility",
            PopupKind::DependencyInfo => "dependency_info",
            PopupKind::Income => "income",
            PopupKind::Tobacco => "tobacco",
            PopupKind::ChooseTier => "choose_tier",
            PopupKind::SelectPortal => "select_portal",
            PopupKind::Membership => "membership",
            PopupKind::HealthQuestions => "health_questions",
            PopupKind::GroupCode => "group_code",
            PopupKind::ConfirmGroup => "confirm_group",
        }
    }

    pub fn parse(id: &str) -> Option<PopupKind> {
        PopupKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The pricing errors this popup answers.
    pub fn answers(self, error: PricingError) -> bool {
        matches!(
            (self, error),
            (PopupKind::DependencyInfo, PricingError::PlanAgeError { .. })
                | (PopupKind::Income, PricingError::SalaryError | PricingError::HourError)
                | (PopupKind::Tobacco, PricingError::SmokerError)
                | (PopupKind::ChooseTier, PricingError::TierError)
                | (PopupKind::SelectPortal, PricingError::PortalError)
                | (PopupKind::HealthQuestions, PricingError::NewQuestionsError)
        )
    }
}

/// One popup on a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanPopup {
    pub popup: PopupKind,
    #[schemars(length(min = 1))]
    pub title: String,
    /// A line shown above the form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The label of a button on the plan that opens the popup; without one it opens by itself when needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens_with: Option<String>,
    /// The label of the button that submits it.
    #[serde(default = "continue_label")]
    pub submit: String,
    /// A further condition (plan_category, plan_type, tier, eprocess, ...).
    #[serde(default)]
    pub when: Condition,
}

fn continue_label() -> String {
    "Continue".into()
}

/// Which plans a question set or an offer is about: by id or by category.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanSelector {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plans: Vec<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
}

impl PlanSelector {
    pub fn matches(&self, plan_id: i64, category: &str) -> bool {
        self.plans.contains(&plan_id) || self.categories.iter().any(|c| c == category)
    }
}

/// A set of eligibility questions (the spec's aflac questions: qid, question, true_condition).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EligibilitySet {
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"))]
    pub name: String,
    #[serde(flatten)]
    pub applies_to: PlanSelector,
    #[schemars(length(min = 1))]
    pub questions: Vec<EligibilityQuestion>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EligibilityQuestion {
    #[schemars(range(min = 1))]
    pub qid: i64,
    #[schemars(length(min = 1))]
    pub question: String,
    /// 1: the answer must be Yes to continue; 0: either answer is accepted.
    #[schemars(range(min = 0, max = 1))]
    pub true_condition: u8,
}

/// Health questions a plan asks before it prices; a Yes to a knock-out question declines the application.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HealthSet {
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"))]
    pub name: String,
    #[serde(flatten)]
    pub applies_to: PlanSelector,
    #[schemars(length(min = 1))]
    pub questions: Vec<HealthQuestion>,
    /// Shown when a knock-out question is answered Yes (the spec's errorCode decline).
    #[schemars(length(min = 1))]
    pub decline_message: String,
    /// Shown when the answers are accepted.
    #[serde(default = "accepted_message")]
    pub success_message: String,
}

fn accepted_message() -> String {
    "Thank you. Your answers qualify you for this plan.".into()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HealthQuestion {
    #[schemars(range(min = 1))]
    pub question_id: i64,
    #[schemars(length(min = 1))]
    pub question_text: String,
    /// A Yes declines the application (the default); otherwise the answer is only recorded.
    #[serde(default = "knock_out")]
    pub decline_on_yes: bool,
}

fn knock_out() -> bool {
    true
}

/// An offer: one plan of a category, or a bundle of plans, with the spec's popup texts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// A stable name (term_life, bundle, accident), kept with the person's answer.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"))]
    pub id: String,
    /// What is offered: the cheapest plan the person can buy in `category`, or exactly the `bundle`'s plans.
    pub offer: OfferPlans,
    pub pop_up_title: String,
    pub pop_up_header: String,
    #[serde(default)]
    pub pop_up_link: String,
    #[serde(default)]
    pub pop_up_link_description: String,
    #[serde(default = "add_to_cart")]
    pub accept: String,
    pub decline: String,
    /// When the offer is made (cart_category, eprocess, ...); it is never made for plans already in the cart.
    #[serde(default)]
    pub when: Condition,
}

fn add_to_cart() -> String {
    "Add To Cart".into()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum OfferPlans {
    /// The cheapest plan of this category the person can buy.
    Category(String),
    /// These plans together (two plans: the spec's plan_id and plan_id_1).
    Bundle(Vec<i64>),
}

impl ShopWorkflow {
    pub fn eligibility_for(&self, plan_id: i64, category: &str) -> Option<&EligibilitySet> {
        self.eligibility_questions.iter().find(|s| s.applies_to.matches(plan_id, category))
    }

    pub fn health_for(&self, plan_id: i64, category: &str) -> Option<&HealthSet> {
        self.health_questions.iter().find(|s| s.applies_to.matches(plan_id, category))
    }

    pub fn popup(&self, kind: PopupKind) -> Option<&PlanPopup> {
        self.plan_popups.iter().find(|p| p.popup == kind)
    }

    /// Whether one of this workflow's popups answers the pricing error (so the person can still price the plan).
    pub fn answers(&self, error: PricingError) -> bool {
        self.plan_popups.iter().any(|p| p.popup.answers(error))
    }

    /// Problems a file can have that its JSON Schema cannot say: (path, reason).
    pub fn check(&self) -> Result<(), (String, String)> {
        let mut seen = BTreeSet::new();
        for (i, p) in self.plan_popups.iter().enumerate() {
            if !seen.insert(p.popup) {
                return Err((format!("/plan_popups/{i}/popup"), format!("popup {} is listed twice", p.popup.id())));
            }
        }
        for (list, name) in [(&self.after_add, "after_add"), (&self.checkout_upsells, "checkout_upsells")] {
            let mut ids = BTreeSet::new();
            for (i, o) in list.iter().enumerate() {
                if !ids.insert(&o.id) {
                    return Err((format!("/{name}/{i}/id"), format!("offer {} is listed twice", o.id)));
                }
                if let OfferPlans::Bundle(plans) = &o.offer {
                    if plans.len() != 2 {
                        return Err((format!("/{name}/{i}/offer"), "a bundle holds exactly two plans".into()));
                    }
                }
            }
        }
        for (i, set) in self.eligibility_questions.iter().enumerate() {
            let mut qids = BTreeSet::new();
            for (j, q) in set.questions.iter().enumerate() {
                if !qids.insert(q.qid) {
                    return Err((
                        format!("/eligibility_questions/{i}/questions/{j}/qid"),
                        format!("question {} is listed twice", q.qid),
                    ));
                }
            }
        }
        for (i, set) in self.health_questions.iter().enumerate() {
            let mut ids = BTreeSet::new();
            for (j, q) in set.questions.iter().enumerate() {
                if !ids.insert(q.question_id) {
                    return Err((
                        format!("/health_questions/{i}/questions/{j}/question_id"),
                        format!("question {} is listed twice", q.question_id),
                    ));
                }
            }
        }
        Ok(())
    }
}

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

// ---- the popups' forms ----------------------------------------------------------------------------------------------

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
}

pub const ANSWER_YES: &str = "*Answer should be Yes to continue";
pub const ANSWER_YES_NO: &str = "*Answer should be Yes/No to continue";
pub const ANSWER_YES_FORM: &str = "Please answer yes in order to continue";
pub const ANSWER_ALL: &str = "Please answer all questions";
pub const INVALID_GROUP_CODE: &str = "Invalid Group Enrollment Code";

fn yes_no(title: &str) -> Value {
    json!({ "type": "string", "title": title, "oneOf": [ { "const": "Yes", "title": "Yes" }, { "const": "No", "title": "No" } ] })
}

/// The spouse's date of birth, as the dependency popup and the quote form ask it: not today or later.
pub fn spouse_dob_field() -> Value {
    json!({
        "type": "string", "title": "Spouse Date of Birth", "description": "MM/DD/YYYY",
        "pattern": DATE_PATTERN,
        "x-checks": ["date", "not_future"],
        "x-messages": { "required": REQUIRED, "pattern": INVALID_DATE },
    })
}

/// The number of children: 1-9 on Member + Children, 1-8 on Family.
pub fn children_field(most: i64) -> Value {
    let options: Vec<Value> = (1..=most).map(|n| json!({ "const": n, "title": n.to_string() })).collect();
    json!({ "type": "integer", "title": "Number of Children", "oneOf": options, "x-messages": { "required": REQUIRED } })
}

/// The JSON Schema and uiSchema of a popup's form.
pub fn popup_form(kind: PopupKind, choices: &PopupChoices) -> (Value, Value) {
    let mut props = Map::new();
    let mut ui = Map::new();
    let mut required: Vec<&str> = Vec::new();
    match kind {
        PopupKind::Eligibility => {
            for q in choices.eligibility.iter().flat_map(|s| &s.questions) {
                let key = format!("q{}", q.qid);
                let mut field = yes_no(&q.question);
                field["x-messages"] = json!({ "required": ANSWER_YES_NO });
                if q.true_condition == 1 {
                    field["x-refuse"] = json!({ "No": ANSWER_YES });
                }
                props.insert(key.clone(), field);
                ui.insert(key.clone(), json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            }
            required.extend(props.keys().map(String::as_str).collect::<Vec<_>>());
        }
        PopupKind::DependencyInfo => {
            let tier = choices.tier.unwrap_or_default();
            if matches!(tier, Tier::IS | Tier::IF) {
                props.insert("dep_dob".into(), spouse_dob_field());
                ui.insert("dep_dob".into(), json!({ "ui:widget": "dateMDY" }));
            }
            if matches!(tier, Tier::IC | Tier::IF) {
                props.insert("no_of_children".into(), children_field(if tier == Tier::IC { 9 } else { 8 }));
            }
            required.extend(["dep_dob", "no_of_children"].into_iter().filter(|k| props.contains_key(*k)));
        }
        PopupKind::Income => {
            props.insert(
                "annual_incode".into(),
                json!({
                    "type": "integer", "title": "Annual Income ($)", "minimum": 1, "maximum": 100000000,
                    "x-messages": { "required": REQUIRED, "minimum": "Please enter your annual income in whole dollars", "type": "Please enter your annual income in whole dollars" },
                }),
            );
            props.insert(
                "working_hours".into(),
                json!({
                    "type": "integer", "title": "Working Hours per Week", "minimum": 1, "maximum": 168,
                    "x-messages": { "required": REQUIRED, "minimum": "Please enter the hours you work in a week (1 to 168)", "maximum": "Please enter the hours you work in a week (1 to 168)", "type": "Please enter the hours you work in a week (1 to 168)" },
                }),
            );
            required.extend(["annual_incode", "working_hours"]);
        }
        PopupKind::Tobacco => {
            props.insert(
                "is_smoker".into(),
                json!({
                    "type": "string", "title": "Have you used tobacco in the last 12 months?",
                    "oneOf": [ { "const": "1", "title": "Yes" }, { "const": "0", "title": "No" } ],
                    "x-messages": { "required": REQUIRED },
                }),
            );
            ui.insert("is_smoker".into(), json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            required.push("is_smoker");
        }
        PopupKind::ChooseTier => {
            let options: Vec<Value> =
                choices.plan_tiers.iter().map(|t| json!({ "const": t.code(), "title": t.label() })).collect();
            props.insert(
                "tier".into(),
                json!({ "type": "string", "title": "Choose Tier", "oneOf": options, "x-messages": { "required": "Please choose a tier" } }),
            );
            required.push("tier");
        }
        PopupKind::SelectPortal => {
            let options: Vec<Value> =
                choices.portals.iter().map(|(id, name)| json!({ "const": id, "title": name })).collect();
            props.insert(
                "platform_group_id".into(),
                json!({ "type": "integer", "title": "Choose Enrollment Portal", "oneOf": options, "x-messages": { "required": "Please choose a platform" } }),
            );
            required.push("platform_group_id");
        }
        PopupKind::Membership => {
            let options: Vec<Value> = choices
                .memberships
                .iter()
                .map(|(plan_id, pricing_id, label)| json!({ "const": format!("{plan_id}:{pricing_id}"), "title": label }))
                .collect();
            props.insert(
                "membership".into(),
                json!({ "type": "string", "title": "Membership Options", "oneOf": options, "x-messages": { "required": "Please choose a membership" } }),
            );
            ui.insert("membership".into(), json!({ "ui:widget": "radio" }));
            required.push("membership");
        }
        PopupKind::GroupCode => {
            props.insert(
                "group_code".into(),
                json!({ "type": "string", "title": "Group Enrollment Code", "maxLength": 40, "x-messages": { "required": REQUIRED } }),
            );
            required.push("group_code");
        }
        PopupKind::ConfirmGroup => {
            let name = choices.group_name.as_deref().unwrap_or("this group");
            let mut field = yes_no(&format!("Is {name} your employer?"));
            field["x-messages"] = json!({ "required": REQUIRED });
            props.insert("confirm".into(), field);
            ui.insert("confirm".into(), json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            required.push("confirm");
        }
        PopupKind::HealthQuestions => {
            for q in choices.health.iter().flat_map(|s| &s.questions) {
                let key = format!("q{}", q.question_id);
                let mut field = yes_no(&q.question_text);
                field["x-messages"] = json!({ "required": ANSWER_ALL });
                props.insert(key.clone(), field);
                ui.insert(key, json!({ "ui:widget": "radio", "ui:options": { "inline": true } }));
            }
            required.extend(props.keys().map(String::as_str).collect::<Vec<_>>());
        }
    }
    let order: Vec<&String> = props.keys().collect();
    let mut ui_schema = Value::Object(ui.clone());
    ui_schema["ui:order"] = json!(order.iter().map(|k| k.as_str()).chain(["*"]).collect::<Vec<_>>());
    let schema = json!({
        "type": "object", "properties": Value::Object(props.clone()), "required": required,
    });
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
    let (schema, _) = popup_form(kind, choices);
    let cleaned = crate::validation::clean(&schema, data, &schema);
    match crate::validation::validate(&schema, &cleaned, today) {
        Ok(()) => Ok(cleaned),
        Err(mut errors) => {
            if kind == PopupKind::Eligibility && errors.iter().any(|e| e.error_message == ANSWER_YES) {
                errors.insert(0, FieldError::new("eligibility", ANSWER_YES_FORM));
            }
            if kind == PopupKind::HealthQuestions && errors.iter().any(|e| e.error_message == ANSWER_ALL) {
                errors.retain(|e| e.error_message != ANSWER_ALL);
                errors.insert(0, FieldError::new("health_questions", ANSWER_ALL));
            }
            Err(errors)
        }
    }
}

/// The eligibility answers as the spec's `aflac_data`: a list of `{ qid, true_condition }` where true_condition is 1
/// for Yes and 0 for No.
pub fn eligibility_as_list(answers: &Value) -> Value {
    let list: Vec<Value> = answers
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| {
            let qid: i64 = k.strip_prefix('q')?.parse().ok()?;
            Some(json!({ "qid": qid, "true_condition": i32::from(v == "Yes") }))
        })
        .collect();
    Value::Array(list)
}

/// The spec's `aflac_data` list back into the popup's answers.
pub fn eligibility_from_list(list: &Value) -> Value {
    let mut answers = Map::new();
    for item in list.as_array().into_iter().flatten() {
        let qid = item.get("qid").and_then(|q| q.as_i64().or_else(|| q.as_str()?.parse().ok()));
        let yes = item.get("true_condition").and_then(|t| t.as_i64().or_else(|| t.as_str()?.parse().ok()));
        if let (Some(qid), Some(yes)) = (qid, yes) {
            answers.insert(format!("q{qid}"), json!(if yes == 1 { "Yes" } else { "No" }));
        }
    }
    Value::Object(answers)
}

/// Whether stored eligibility answers satisfy the set: every question answered and each true_condition 1 with Yes.
pub fn eligibility_met(set: &EligibilitySet, answers: &Value) -> bool {
    set.questions.iter().all(|q| match answers.get(format!("q{}", q.qid)).and_then(Value::as_str) {
        Some("Yes") => true,
        Some("No") => q.true_condition == 0,
        _ => false,
    })
}

/// The outcome of a set of health answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HealthDecision {
    Accepted(String),
    Declined(String),
}

pub fn health_decision(set: &HealthSet, answers: &Value) -> HealthDecision {
    let knocked_out = set
        .questions
        .iter()
        .any(|q| q.decline_on_yes && answers.get(format!("q{}", q.question_id)).and_then(Value::as_str) == Some("Yes"));
    if knocked_out {
        HealthDecision::Declined(set.decline_message.clone())
    } else {
        HealthDecision::Accepted(set.success_message.clone())
    }
}

// ---- offers -----------------------------------------------------------------------------------------------------------

/// The offers of `list` that may be made now, in order: their condition holds and none was answered already.
pub fn open_offers<'s>(list: &'s [Offer], ctx: &EnrollmentContext, answered: &[String]) -> Vec<&'s Offer> {
    list.iter().filter(|o| o.when.holds(ctx) && !answered.contains(&o.id)).collect()
}
