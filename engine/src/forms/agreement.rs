//! Agreement & Signature, Health Questions and Review: the steps whose content the workflow composes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use serde_json::Value;

use crate::dates::DATE_PATTERN;
use crate::errors::messages::SIGN_AGAIN;
use crate::forms::common::NAME_PATTERN;

// How the applicant signs: drawing on the pad, or typing their name (drawn in a script face by the renderer, the
// image checked by the same ink rule). Typing is the way for anyone who cannot draw: a keyboard, a switch, a screen
// reader. Both are electronic signatures under ESIGN and UETA: the typed one with its own explicit consent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SignatureMethod {
    #[serde(rename = "drawn")]
    #[schemars(title = "Draw my signature")]
    Drawn,
    #[serde(rename = "typed")]
    #[schemars(title = "Type my name")]
    Typed,
}

// Agreement & Signature (`agreement_info`). The agreement checkboxes are composed from the workflow's texts; the
// verification question is the label the workflow gives `answer`. A typed signature asks for the name and the consent
// (the condition below; the renderer draws them only then).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Agreement, Application and Authorization")]
// The fields after the agreements are one section on the page: who verifies the application, and who signs it.
#[schemars(extend("x-sections" = [
    { "title": "Broker, Group or Applicant Verification",
      "fields": ["answer", "date", "agent_name", "agent_code", "group_name", "group_code", "user_name",
                 "signature_method", "signature_name", "signature_consent", "signature"] }
]))]
#[schemars(extend("allOf" = [
    { "if": { "properties": { "signature_method": { "const": "typed" } }, "required": ["signature_method"] },
      "then": { "required": ["signature_name", "signature_consent"],
                "properties": { "signature_consent": { "const": true } } } }
]))]
pub struct AgreementInfo {
    #[schemars(title = "Agreements")]
    pub agreements: Option<std::collections::BTreeMap<String, bool>>,
    #[schemars(title = "Verify Answer", length(max = 200))]
    pub answer: Option<String>,
    #[schemars(title = "Date", regex(pattern = DATE_PATTERN))]
    pub date: Option<String>,
    #[schemars(title = "Broker Name", length(max = 100))]
    pub agent_name: Option<String>,
    #[schemars(title = "Broker Code", length(max = 40))]
    pub agent_code: Option<String>,
    #[schemars(title = "Group Name", length(max = 100))]
    pub group_name: Option<String>,
    #[schemars(title = "Group Code", length(max = 40))]
    pub group_code: Option<String>,
    // Whose signature this is: the applicant's, also when a rep or a group's administrator is helping them apply.
    #[schemars(title = "Applicant", length(max = 160))]
    #[schemars(extend(
        "x-description" = "The applicant signs below. If you are helping the applicant apply, ask them to sign themselves."
    ))]
    pub user_name: Option<String>,
    #[schemars(title = "How would you like to sign?", extend("x-widget" = "radio", "default" = "drawn"))]
    pub signature_method: Option<SignatureMethod>,
    // A typed signature is a name like any other the forms ask (`NAME_PATTERN`), in any script.
    #[schemars(title = "Type your full name", length(min = 2, max = 100), regex(pattern = NAME_PATTERN))]
    #[schemars(extend(
        "x-messages" = { "required": "Please type your full name to sign", "minLength": "Please type your full name to sign", "pattern": "Please type your full name to sign", "maxLength": "Please keep your name under 100 characters" },
        "x-normalize" = "name"
    ))]
    pub signature_name: Option<String>,
    #[schemars(title = "I agree that the name I typed is my electronic signature")]
    #[schemars(extend(
        "x-messages" = { "required": "Please agree that the typed name is your signature", "enum": "Please agree that the typed name is your signature" }
    ))]
    pub signature_consent: Option<bool>,
    #[schemars(
        title = "Electronic Signature",
        length(max = 400000),
        regex(pattern = r"^data:image/png;base64,[A-Za-z0-9+/=]+$")
    )]
    #[schemars(extend(
        "x-messages" = { "required": "Signature is required", "pattern": "Signature is required", "maxLength": "Please sign again: the signature is too large", "ink": SIGN_AGAIN },
        "x-checks" = [{ "check": "ink" }],
        "x-widget" = "signature",
        "x-options" = { "method_field": "signature_method", "name_field": "signature_name" },
        "x-display" = "signed"
    ))]
    pub signature: Option<String>,
}

/// Health Questions (`primary_health_info`). The questions and their detail fields are the workflow's questionnaire
/// (see [`crate::questionnaire`]); composition replaces the two placeholders below with them. The whole document is
/// health information: stored encrypted (`x-sensitive: document`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Health Questions", extend("x-sensitive" = "document"))]
pub struct HealthInfo {
    #[schemars(title = "Health Questions")]
    pub condition_questions: Option<std::collections::BTreeMap<String, Value>>,
    #[schemars(title = "Medication")]
    pub medication_question: Option<std::collections::BTreeMap<String, Value>>,
    #[schemars(title = "Additional Notes", length(max = 2000), extend("x-widget" = "textarea"))]
    #[schemars(extend("x-messages" = { "maxLength": "Please keep the notes under 2000 characters" }))]
    pub notes: Option<String>,
    // No question starts answered; the confirmation asks, in the accuracy agreement's words, that each was read and
    // answered truly: a misstated health history can end in a rescinded policy.
    #[schemars(
        title = "I have read each question above, and my answers are true and complete to the best of my knowledge and belief",
        description = "A false or incomplete answer may lead to the rescission of coverage or the denial of a claim.",
        extend("const" = true)
    )]
    #[schemars(extend(
        "x-messages" = { "required": "Please confirm that you have read each question and that your answers are true", "enum": "Please confirm that you have read each question and that your answers are true" }
    ))]
    pub answers_confirmed: Option<bool>,
}

/// Review & Confirmation (`review_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Review & Confirmation")]
pub struct ReviewInfo {
    #[schemars(title = "Additional Notes", length(max = 2000), extend("x-widget" = "textarea"))]
    pub additional_notes: Option<String>,
}
