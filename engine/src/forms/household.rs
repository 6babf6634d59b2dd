//! Beneficiaries and dependents: the people a policy names besides the applicant.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::forms::common::{birthdate_schema, ssn_schema, Measures, PersonName, YesNo};
use crate::forms::filter::FilterGender;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Relationship {
    #[serde(rename = "spouse")]
    #[schemars(title = "Spouse")]
    Spouse,
    #[serde(rename = "child")]
    #[schemars(title = "Child")]
    Child,
    #[serde(rename = "parent")]
    #[schemars(title = "Parent")]
    Parent,
    #[serde(rename = "sibling")]
    #[schemars(title = "Sibling")]
    Sibling,
    #[serde(rename = "domestic_partner")]
    #[schemars(title = "Domestic partner")]
    DomesticPartner,
    #[serde(rename = "estate")]
    #[schemars(title = "Estate")]
    Estate,
    #[serde(rename = "other")]
    #[schemars(title = "Other")]
    Other,
}

// One beneficiary: who receives a share of a life benefit.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Beneficiary")]
#[schemars(extend("required" = ["first_name", "last_name", "relationship", "beneficiary_percentage"]))]
pub struct Beneficiary {
    #[serde(flatten)]
    pub name: PersonName,
    #[schemars(schema_with = "birthdate_schema")]
    pub birthdate: Option<String>,
    #[schemars(schema_with = "ssn_schema")]
    pub ssn: Option<String>,
    #[schemars(title = "Relationship")]
    pub relationship: Option<Relationship>,
    #[schemars(title = "Percentage", range(min = 1, max = 100))]
    #[schemars(extend("x-messages" = {
        "minimum": "Beneficiary percentage should not be 0 or more than 100",
        "maximum": "Beneficiary percentage should not be 0 or more than 100",
        "type": "Beneficiary percentage should not be 0 or more than 100"
    }))]
    pub beneficiary_percentage: Option<i64>,
}

// Beneficiary Information (`beneficiary_info`): up to three beneficiaries whose shares total exactly 100%.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Beneficiary Information")]
pub struct BeneficiaryInfo {
    #[schemars(title = "Beneficiaries", length(min = 1, max = 3))]
    #[schemars(extend(
        "x-checks" = [{ "check": "total", "field": "beneficiary_percentage" }],
        "x-messages" = {
            "minItems": "Please add a beneficiary",
            "maxItems": "You can add at most 3 beneficiaries",
            "total_over": "The beneficiary percentages add up to {total}%, over 100%. Please lower them to a total of 100%.",
            "total_under": "The beneficiary percentages add up to {total}%, under 100%. Please raise them to a total of 100%."
        },
        "x-item-title" = "Beneficiary #{n}",
        "x-field" = "listEditor"
    ))]
    pub beneficiaries: Option<Vec<Beneficiary>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum DependentRelationship {
    #[serde(rename = "spouse")]
    #[schemars(title = "Spouse")]
    Spouse,
    #[serde(rename = "child")]
    #[schemars(title = "Child")]
    Child,
}

// One dependent (the spec's dependent `primary_info`; `health_info` is added by composition when the enrollment asks
// health questions). Which relationships, how many and which fields are required follow the tier: see
// `crate::dependents`.
/// A person you are covering.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("required" = ["first_name", "last_name", "gender", "ssn", "birthdate", "relationship"]))]
pub struct Dependent {
    #[serde(flatten)]
    pub name: PersonName,
    #[schemars(title = "Relationship")]
    pub relationship: Option<DependentRelationship>,
    #[schemars(title = "Gender")]
    pub gender: Option<FilterGender>,
    #[schemars(schema_with = "birthdate_schema")]
    pub birthdate: Option<String>,
    /// A child who cannot support themselves because of a disability stays covered past the age limit.
    #[schemars(title = "Disabled child (cannot support themselves because of a disability)")]
    #[schemars(extend("x-widget" = "checkbox"))]
    pub disabled: Option<bool>,
    #[schemars(schema_with = "ssn_schema")]
    pub ssn: Option<String>,
    #[serde(flatten)]
    pub measures: Measures,
    // The spec fixes it to "0": dependents are not asked about employment, so it is not shown.
    #[schemars(title = "Employed", extend("readOnly" = true, "default" = "0", "const" = "0", "x-widget" = "hidden"))]
    pub employed: Option<String>,
}

/// Dependent Information (`dependent_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Dependent Information")]
pub struct DependentInfo {
    // Asked with a premier plan on the Family tier (see `crate::dependents`). (Not a doc comment: it would become the
    // field's description, which applicants read.)
    #[schemars(title = "Do you have a spouse to cover?", extend("x-widget" = "radio"))]
    #[schemars(extend("x-messages" = { "required": "Please select spouse status", "enum": "Please select spouse status" }))]
    pub spouse_status: Option<YesNo>,
    #[schemars(title = "Dependents", length(max = 9))]
    #[schemars(extend("x-item-title" = "Dependent #{n}", "x-messages" = { "maxItems": "You can add at most 9 dependents" }))]
    #[schemars(extend("x-field" = "listEditor", "x-item-validate" = "validate-single-dependent"))]
    pub dependents: Option<Vec<Dependent>>,
}
