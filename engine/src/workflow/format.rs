//! The wizard workflow file's types: its tabs and when each applies, each form's settings and fields, and the
//! sources a field can be prefilled from.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::context::{Condition, EnrollmentContext, Flag};
use crate::tabs::TabName;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WorkflowKind {
    /// The enrollment wizard: tabs and their fields.
    Wizard,
}

/// One workflow file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Enrollment workflow file")]
pub struct WizardWorkflow {
    /// A short unique name for the workflow.
    #[schemars(length(min = 1))]
    pub id: String,
    pub kind: WorkflowKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The tabs this workflow may use; a tab not listed is never required.
    pub tabs: Vec<TabRule>,
    /// Field settings per tab.
    #[serde(default)]
    pub forms: BTreeMap<TabName, FormSettings>,
}

/// When a tab is required and where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TabRule {
    pub tab: TabName,
    /// Position in the wizard, 0 to 10 (the spec's nav order).
    #[schemars(range(min = 0, max = 10))]
    pub order: u8,
    /// `true` (the default), `false`, or `{ when: <condition> }`.
    #[serde(default = "always")]
    pub required: Flag,
}

fn always() -> Flag {
    Flag::Fixed(true)
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormSettings {
    /// Settings by field name; a field of the tab that is not listed is shown, optional and editable.
    #[serde(default)]
    pub fields: BTreeMap<String, FieldSettings>,
    /// Agreement texts, each with its checkbox (agreement_info only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreements: Vec<AgreementText>,
    /// The health questionnaire (primary_health_info only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub questionnaire: Option<crate::questionnaire::Questionnaire>,
    /// Who counts as a spouse or a child by age (dependent_info only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dependent_ages: Option<crate::dependents::DependentAges>,
}

/// One agreement text shown on Agreement & Signature, with the checkbox that accepts it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AgreementText {
    /// A stable name, stored with the answer.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"))]
    pub id: String,
    #[schemars(length(min = 1))]
    pub text_head: String,
    #[schemars(length(min = 1))]
    pub text_body: String,
    /// The box must be ticked to go on (the default).
    #[serde(default = "yes")]
    pub text_required: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldSettings {
    /// The person must fill the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<Flag>,
    /// The field is shown but cannot be changed; its value comes from `prefill` or from what is stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<Flag>,
    /// The field is neither shown nor accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Flag>,
    /// Where the field's value comes from when nothing is stored yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefill: Option<Prefill>,
    /// A label replacing the default one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// A help text shown under the field, or help texts by who reads it (the first whose `when` holds). It may name
    /// what the enrollment knows in braces, as a prefill source (`{group.phone}`): a sentence naming something the
    /// enrollment does not know is left out (see [`PrefillValues::words`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<Help>,
    /// The answer must agree with what the application already holds (a verification question); checked by the
    /// server only, so the expected answer never reaches the page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify: Option<Verify>,
    /// What the field asks of the person, as browsers name it (HTML's autocomplete), so a browser fills it and
    /// assistive technology knows it (WCAG 1.3.5). Only for fields about the applicant, never a dependent's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autocomplete: Option<Autocomplete>,
}

/// A field's help: one text for everyone, or texts by who reads it, the first whose `when` holds (one without a
/// `when` always does; none holding, no help).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Help {
    Text(String),
    ByCase(Vec<HelpCase>),
}

/// One help text and when it is the one shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HelpCase {
    /// When this text is shown (e.g. `{ eprocess: [rep] }`: to a rep enrolling someone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    pub text: String,
}

impl Help {
    /// The text shown for this enrollment.
    pub fn for_context(&self, ctx: &EnrollmentContext) -> Option<&str> {
        match self {
            Help::Text(text) => Some(text),
            Help::ByCase(cases) => {
                cases.iter().find(|c| c.when.as_ref().is_none_or(|w| w.holds(ctx))).map(|c| c.text.as_str())
            }
        }
    }

    /// Every text it may show.
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Help::Text(text) => vec![text],
            Help::ByCase(cases) => cases.iter().map(|c| c.text.as_str()).collect(),
        }
    }
}

/// The HTML autocomplete names the forms use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Autocomplete {
    GivenName,
    AdditionalName,
    FamilyName,
    Email,
    TelNational,
    AddressLine1,
    AddressLine2,
    AddressLevel2,
    AddressLevel1,
    PostalCode,
    Bday,
    CcGivenName,
    CcFamilyName,
    CcNumber,
    CcExpMonth,
    CcExpYear,
    CcCsc,
}

/// What a verification answer is compared with: a field of an earlier step, whole or its last digits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Verify {
    pub step: TabName,
    pub field: String,
    /// Compare only this many last digits of the held value (a phone number's last four).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 10))]
    pub last_digits: Option<usize>,
    /// The words when the answer does not agree.
    #[schemars(length(min = 1))]
    pub message: String,
}

impl Verify {
    /// Whether `answer` agrees with `held` (case, spacing and, for digits, punctuation aside).
    pub fn agrees(&self, answer: &str, held: &str) -> bool {
        match self.last_digits {
            Some(n) => {
                let digits: String = held.chars().filter(char::is_ascii_digit).collect();
                let given: String = answer.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
                digits.len() >= n && given == digits[digits.len() - n..]
            }
            None => {
                let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
                !held.trim().is_empty() && words(answer) == words(held)
            }
        }
    }
}

/// Sources a field can be prefilled from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Prefill {
    #[serde(rename = "filter.zip")]
    FilterZip,
    #[serde(rename = "filter.state")]
    FilterState,
    #[serde(rename = "filter.dob")]
    FilterDob,
    #[serde(rename = "filter.gender")]
    FilterGender,
    #[serde(rename = "filter.city")]
    FilterCity,
    #[serde(rename = "group.name")]
    GroupName,
    #[serde(rename = "group.phone")]
    GroupPhone,
    #[serde(rename = "group.address1")]
    GroupAddress1,
    #[serde(rename = "group.address2")]
    GroupAddress2,
    #[serde(rename = "group.city")]
    GroupCity,
    #[serde(rename = "group.state")]
    GroupState,
    #[serde(rename = "group.zip")]
    GroupZip,
    #[serde(rename = "group.code")]
    GroupCode,
    /// The group administrator's e-mail address.
    #[serde(rename = "group.email")]
    GroupEmail,
    /// The group's rep: their name, phone number and e-mail address.
    #[serde(rename = "group.rep.name")]
    GroupRepName,
    #[serde(rename = "group.rep.phone")]
    GroupRepPhone,
    #[serde(rename = "group.rep.email")]
    GroupRepEmail,
    /// The name of the rep enrolling on the member's behalf.
    #[serde(rename = "agent.name")]
    AgentName,
    /// The rep's code.
    #[serde(rename = "agent.code")]
    AgentCode,
    /// Today, MM/DD/YYYY.
    #[serde(rename = "today")]
    Today,
    /// What an existing member has on file.
    #[serde(rename = "member.first_name")]
    MemberFirstName,
    #[serde(rename = "member.last_name")]
    MemberLastName,
    #[serde(rename = "member.email")]
    MemberEmail,
    #[serde(rename = "member.phone")]
    MemberPhone,
    #[serde(rename = "member.address1")]
    MemberAddress1,
    #[serde(rename = "member.address2")]
    MemberAddress2,
    /// The applicant's first and last name as given on Personal Information.
    #[serde(rename = "applicant.name")]
    ApplicantName,
}
