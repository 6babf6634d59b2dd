//! Personal Information and Contact Information: the applicant.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dates::DATE_PATTERN;
use crate::errors::messages::{INVALID_EMAIL_FORMAT, INVALID_PHONE};
use crate::forms::common::{birthdate_schema, ssn_schema, Gender, Measures, PersonName, PostalAddress};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum MaritalStatus {
    #[serde(rename = "0")]
    #[schemars(title = "Single")]
    Single,
    #[serde(rename = "1")]
    #[schemars(title = "Married")]
    Married,
    #[serde(rename = "2")]
    #[schemars(title = "Divorced")]
    Divorced,
    #[serde(rename = "3")]
    #[schemars(title = "Widowed")]
    Widowed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum PriorCoverage {
    #[serde(rename = "0")]
    #[schemars(title = "No prior Health Coverage")]
    None,
    #[serde(rename = "1")]
    #[schemars(title = "Have had Insurance Carrier")]
    HadCarrier,
}

// Ethnic groups offered on Personal Information; the spec fixes only that Other is 12.
/// The group you identify with, if you wish to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum EthnicCategory {
    #[serde(rename = "1")]
    #[schemars(title = "American Indian or Alaska Native")]
    AmericanIndian,
    #[serde(rename = "2")]
    #[schemars(title = "Asian")]
    Asian,
    #[serde(rename = "3")]
    #[schemars(title = "Black or African American")]
    Black,
    #[serde(rename = "4")]
    #[schemars(title = "Hispanic or Latino")]
    Hispanic,
    #[serde(rename = "5")]
    #[schemars(title = "Middle Eastern or North African")]
    MiddleEastern,
    #[serde(rename = "6")]
    #[schemars(title = "Native Hawaiian or Other Pacific Islander")]
    PacificIslander,
    #[serde(rename = "7")]
    #[schemars(title = "White")]
    White,
    #[serde(rename = "8")]
    #[schemars(title = "Two or more races")]
    Multiple,
    #[serde(rename = "11")]
    #[schemars(title = "Prefer not to say")]
    NotSaying,
    #[serde(rename = "12")]
    #[schemars(title = "Other")]
    Other,
}

/// Personal Information (`primary_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Personal Information")]
#[schemars(extend("allOf" = [
    { "if": { "properties": { "prior_coverage_flag": { "const": "1" } }, "required": ["prior_coverage_flag"] },
      "then": { "required": ["prior_carrier_name", "prior_effective_date"] } },
    { "if": { "properties": { "ethnic_category": { "const": "12" } }, "required": ["ethnic_category"] },
      "then": { "required": ["ethnic_category_other_type"] } }
]))]
pub struct PersonalInfo {
    #[serde(flatten)]
    pub name: PersonName,
    #[serde(flatten)]
    pub measures: Measures,
    #[schemars(title = "Gender")]
    pub gender: Option<Gender>,
    #[schemars(title = "Marital Status")]
    pub marital_status: Option<MaritalStatus>,
    #[schemars(schema_with = "ssn_schema")]
    pub ssn: Option<String>,
    #[schemars(schema_with = "birthdate_schema")]
    pub birthdate: Option<String>,
    #[schemars(title = "Ethnic Group")]
    pub ethnic_category: Option<EthnicCategory>,
    #[schemars(title = "Please specify your ethnic group", length(max = 100))]
    pub ethnic_category_other_type: Option<String>,
    #[schemars(title = "Prior Coverage", extend("x-widget" = "radio"))]
    pub prior_coverage_flag: Option<PriorCoverage>,
    #[schemars(title = "Prior Carrier Name", length(max = 100))]
    pub prior_carrier_name: Option<String>,
    #[schemars(
        title = "Prior Coverage Effective Date",
        regex(pattern = DATE_PATTERN)
    )]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = [{ "check": "date" }, { "check": "not_future" }], "x-widget" = "dateMDY"))]
    pub prior_effective_date: Option<String>,
    #[schemars(
        title = "Prior Coverage Term Date",
        regex(pattern = DATE_PATTERN)
    )]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = [{ "check": "date" }, { "check": "after", "field": "prior_effective_date" }], "x-widget" = "dateMDY"))]
    pub prior_term_date: Option<String>,
    #[schemars(title = "Enroller Code", length(max = 40), regex(pattern = r"^[A-Za-z0-9-]+$"))]
    #[schemars(extend("x-messages" = { "required": "Enter Enroller Code", "pattern": "Enter a valid Enroller Code" }, "x-widget" = "modalField"))]
    pub enroller_code: Option<String>,
}

/// Contact Information (`contact_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Contact Information")]
pub struct ContactInfo {
    #[schemars(title = "Email", email, length(max = 254))]
    #[schemars(extend("x-messages" = { "format": INVALID_EMAIL_FORMAT, "maxLength": INVALID_EMAIL_FORMAT }))]
    pub email_address: Option<String>,
    #[schemars(title = "Phone", regex(pattern = r"^[0-9]{10}$"))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_PHONE }, "x-normalize" = "digits", "x-widget" = "phone"))]
    pub phone_number: Option<String>,
    #[serde(flatten)]
    pub address: PostalAddress,
    #[schemars(title = "Zip+4", regex(pattern = r"^[0-9]{4}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid Zip+4 code" }))]
    pub zip4: Option<String>,
    #[schemars(title = "Birth State", extend("x-lookup" = "birth_places", "x-normalize" = "upper"))]
    pub birth_state: Option<String>,
    /// Born outside the United States? Give the city and the country.
    #[schemars(title = "Birth City", length(max = 60))]
    pub birth_city: Option<String>,
    #[schemars(title = "USPS Address Validation")]
    pub with_validation: Option<bool>,
}
