//! Agreement & Signature, Health Questions and Review: the steps whose content the workflow composes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use serde_json::Value;

use crate::dates::DATE_PATTERN;
use crate::errors::messages::SIGN_AGAIN;

// Agreement & Signature (`agreement_info`). The agreement checkboxes are composed from the workflow's texts; the
// verification question is the label the workflow gives `answer`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Agreement, Application and Authorization")]
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
    #[schemars(
        title = "Electronic Signature",
        length(max = 400000),
        regex(pattern = r"^data:image/png;base64,[A-Za-z0-9+/=]+$")
    )]
    #[schemars(extend(
        "x-messages" = { "required": "Signature is required", "pattern": "Signature is required", "maxLength": "Please sign again: the signature is too large", "ink": SIGN_AGAIN },
        "x-checks" = [{ "check": "ink" }],
        "x-widget" = "signature",
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
}

/// Review & Confirmation (`review_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Review & Confirmation")]
pub struct ReviewInfo {
    #[schemars(title = "Additional Notes", length(max = 2000), extend("x-widget" = "textarea"))]
    pub additional_notes: Option<String>,
}
