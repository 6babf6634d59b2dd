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

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::context::Condition;
use crate::rating::PricingError;

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
    /// Plans' own questionnaires (their `kind: questionnaire` files, by plan): each replaces what the sets above say
    /// about its plan.
    #[serde(skip)]
    #[schemars(skip)]
    pub plans_own: std::collections::BTreeMap<i64, plan_questions::PlanSets>,
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
    pub question: crate::text::Text,
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
    pub decline_message: crate::text::Text,
    /// Shown when the answers are accepted.
    #[serde(default = "accepted_message")]
    pub success_message: crate::text::Text,
}

fn accepted_message() -> crate::text::Text {
    crate::text::Text::said("Thank you. Your answers qualify you for this plan.")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HealthQuestion {
    #[schemars(range(min = 1))]
    pub question_id: i64,
    pub question_text: crate::text::Text,
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
    pub pop_up_title: crate::text::Text,
    pub pop_up_header: crate::text::Text,
    #[serde(default)]
    pub pop_up_link: String,
    #[serde(default)]
    pub pop_up_link_description: crate::text::Text,
    #[serde(default = "add_to_cart")]
    pub accept: crate::text::Text,
    pub decline: crate::text::Text,
    /// When the offer is made (cart_category, eprocess, ...); it is never made for plans already in the cart.
    #[serde(default)]
    pub when: Condition,
}

fn add_to_cart() -> crate::text::Text {
    crate::text::Text::said("Add To Cart")
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
    /// The eligibility questions the plan asks: its own questionnaire's, or else the first set that names it.
    pub fn eligibility_for(&self, plan_id: i64, category: &str) -> Option<&EligibilitySet> {
        match self.plans_own.get(&plan_id) {
            Some(own) => own.eligibility.as_ref(),
            None => self.eligibility_questions.iter().find(|s| s.applies_to.matches(plan_id, category)),
        }
    }

    /// The health questions the plan asks: its own questionnaire's, or else the first set that names it.
    pub fn health_for(&self, plan_id: i64, category: &str) -> Option<&HealthSet> {
        match self.plans_own.get(&plan_id) {
            Some(own) => own.health.as_ref(),
            None => self.health_questions.iter().find(|s| s.applies_to.matches(plan_id, category)),
        }
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

pub mod offers;
pub mod plan_questions;
pub mod popups;
pub mod questions;

/// The shop's messages, as the spec words them.
pub const ANSWER_YES: &str = "*Answer should be Yes to continue";
pub const ANSWER_YES_NO: &str = "*Answer should be Yes/No to continue";
pub const ANSWER_YES_FORM: &str = "Please answer yes in order to continue";
pub const ANSWER_ALL: &str = "Please answer all questions";
pub const INVALID_GROUP_CODE: &str = "Invalid Group Enrollment Code";
