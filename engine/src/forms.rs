//! The data of each tab (and of the filter form) as Rust types, from which the JSON Schemas are derived.
//!
//! Every field is optional in the type: whether a field is required is the workflow's decision (see
//! [`crate::schema`]), never the type's. What the type does own is the shape of a valid value and the spec's message
//! when it is not, carried in the schema as extension keywords that [`crate::validation`] and the renderer read:
//!
//! - `x-messages`: JSON Schema keyword (`pattern`, `minimum`, ...) -> the spec's message for this field;
//! - `x-checks`: rules JSON Schema cannot express, run by the engine (`date`, `not_future`, `adult`, `ssn`);
//! - `x-normalize`: how the server cleans a value before validating it (`digits`, `upper`);
//! - `x-widget`: the renderer widget registered under that name (`dateMDY`, `ssn`, `phone`, `zip`, `textarea`, `radio`);
//! - `x-lookup`: a list of choices the engine fills in (`states`);
//! - `x-sensitive`: stored encrypted and answered masked (`ssn`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::tabs::TabName;

/// Letters, spaces, apostrophes, periods and hyphens, starting with a letter.
pub const NAME_PATTERN: &str = r"^[A-Za-z][A-Za-z .'\-]*$";
/// `MM/DD/YYYY`, month 01-12 and day 01-31; the calendar is checked by the `date` check.
pub const DATE_PATTERN: &str = r"^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum FilterGender {
    #[serde(rename = "0")]
    #[schemars(title = "Male")]
    Male,
    #[serde(rename = "1")]
    #[schemars(title = "Female")]
    Female,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TierChoice {
    #[serde(rename = "IO")]
    #[schemars(title = "Member Only")]
    Io,
    #[serde(rename = "IS")]
    #[schemars(title = "Member + Spouse")]
    Is,
    #[serde(rename = "IC")]
    #[schemars(title = "Member + Children")]
    Ic,
    #[serde(rename = "IF")]
    #[schemars(title = "Family")]
    If,
}

/// The search filter of the landing page and the quote form (zip, gender, tier, date of birth).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Find plans for you")]
pub struct FilterForm {
    #[schemars(title = "Zip Code", extend("x-messages" = { "pattern": "Invalid Zip code" }, "x-widget" = "zip"))]
    #[schemars(regex(pattern = r"^[0-9]{5}$"))]
    pub zip: Option<String>,
    #[schemars(title = "Gender")]
    pub gender: Option<FilterGender>,
    #[schemars(title = "Choose Tier")]
    pub tier: Option<TierChoice>,
    #[schemars(title = "DOB", description = "MM/DD/YYYY")]
    #[schemars(regex(pattern = r"^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "adult"], "x-widget" = "dateMDY"))]
    pub dob: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Gender {
    #[serde(rename = "0")]
    #[schemars(title = "Male")]
    Male,
    #[serde(rename = "1")]
    #[schemars(title = "Female")]
    Female,
    #[serde(rename = "2")]
    #[schemars(title = "Others")]
    Others,
}

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

/// Ethnic groups offered on Personal Information; the spec fixes only that Other is 12.
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
    #[schemars(title = "First Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid first name", "maxLength": "Please enter valid first name" }))]
    pub first_name: Option<String>,
    #[schemars(title = "Middle Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid middle name", "maxLength": "Please enter valid middle name" }))]
    pub middle_name: Option<String>,
    #[schemars(title = "Last Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid last name", "maxLength": "Please enter valid last name" }))]
    pub last_name: Option<String>,
    #[schemars(title = "Weight (lbs)", range(min = 1, max = 999))]
    #[schemars(extend("x-messages" = { "minimum": "Weight cannot be zero or less", "maximum": "Weight cannot be more than 3 digits", "type": "Weight must be a whole number" }))]
    pub weight: Option<i64>,
    #[schemars(title = "Height (feet)", range(min = 1, max = 9))]
    #[schemars(extend("x-messages" = { "minimum": "Height cannot be zero", "maximum": "Height cannot be more than 1 digit", "type": "Height cannot be zero" }))]
    pub height_feet: Option<i64>,
    #[schemars(title = "Height (inches)", range(min = 0, max = 11))]
    #[schemars(extend("x-messages" = { "minimum": "Inch is invalid", "maximum": "Inch is invalid", "type": "Inch is invalid" }))]
    pub height_inch: Option<i64>,
    #[schemars(title = "Gender")]
    pub gender: Option<Gender>,
    #[schemars(title = "Marital Status")]
    pub marital_status: Option<MaritalStatus>,
    #[schemars(title = "Social Security Number", regex(pattern = r"^([0-9]{9}|[*]{3}-[*]{2}-[0-9]{4})$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid Social Security Number" }, "x-checks" = ["ssn"], "x-normalize" = "ssn", "x-widget" = "ssn", "x-sensitive" = "ssn"))]
    pub ssn: Option<String>,
    #[schemars(title = "Birth Date", regex(pattern = r"^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "not_future"], "x-widget" = "dateMDY"))]
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
        regex(pattern = r"^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$")
    )]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "not_future"], "x-widget" = "dateMDY"))]
    pub prior_effective_date: Option<String>,
    #[schemars(
        title = "Prior Coverage Term Date",
        regex(pattern = r"^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$")
    )]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "after:prior_effective_date"], "x-widget" = "dateMDY"))]
    pub prior_term_date: Option<String>,
}

/// Contact Information (`contact_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Contact Information")]
pub struct ContactInfo {
    #[schemars(title = "Email", email, length(max = 254))]
    #[schemars(extend("x-messages" = { "format": "Email is not in correct format", "maxLength": "Email is not in correct format" }))]
    pub email_address: Option<String>,
    #[schemars(title = "Phone", regex(pattern = r"^[0-9]{10}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid phone number" }, "x-normalize" = "digits", "x-widget" = "phone"))]
    pub phone_number: Option<String>,
    #[schemars(title = "Address 1", length(max = 100))]
    pub address1: Option<String>,
    #[schemars(title = "Address 2", length(max = 100))]
    pub address2: Option<String>,
    #[schemars(title = "City", length(max = 60))]
    pub city: Option<String>,
    #[schemars(title = "State", extend("x-lookup" = "states", "x-normalize" = "upper"))]
    pub state: Option<String>,
    #[schemars(title = "Zip", regex(pattern = r"^[0-9]{5}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid Zip code" }, "x-widget" = "zip"))]
    pub zip: Option<String>,
    #[schemars(title = "Zip+4", regex(pattern = r"^[0-9]{4}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid Zip+4 code" }))]
    pub zip4: Option<String>,
    #[schemars(title = "Birth State", extend("x-lookup" = "states", "x-normalize" = "upper"))]
    pub birth_state: Option<String>,
    #[schemars(title = "Birth City", length(max = 60))]
    pub birth_city: Option<String>,
    #[schemars(title = "USPS Address Validation")]
    pub with_validation: Option<bool>,
}

/// Review & Confirmation (`review_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Review & Confirmation")]
pub struct ReviewInfo {
    #[schemars(title = "Additional Notes", length(max = 2000), extend("x-widget" = "textarea"))]
    pub additional_notes: Option<String>,
}

fn generate<T: JsonSchema>() -> Value {
    let generator =
        schemars::generate::SchemaSettings::draft2020_12().with(|s| s.inline_subschemas = true).into_generator();
    let schema = generator.into_root_schema_for::<T>();
    crate::schema::strip_nulls(serde_json::to_value(schema).expect("a schema is JSON"))
}

/// The base schema of a tab's data, or `None` for a tab this version of the engine has no form for.
pub fn form_schema(tab: TabName) -> Option<Value> {
    match tab {
        TabName::PrimaryInfo => Some(generate::<PersonalInfo>()),
        TabName::ContactInfo => Some(generate::<ContactInfo>()),
        TabName::ReviewInfo => Some(generate::<ReviewInfo>()),
        _ => None,
    }
}

/// The base schema of the filter form.
pub fn filter_schema() -> Value {
    generate::<FilterForm>()
}

/// US states and DC, with territories served by the ZIP directory.
pub const US_STATES: [(&str, &str); 56] = [
    ("AL", "Alabama"),
    ("AK", "Alaska"),
    ("AZ", "Arizona"),
    ("AR", "Arkansas"),
    ("CA", "California"),
    ("CO", "Colorado"),
    ("CT", "Connecticut"),
    ("DE", "Delaware"),
    ("DC", "District of Columbia"),
    ("FL", "Florida"),
    ("GA", "Georgia"),
    ("HI", "Hawaii"),
    ("ID", "Idaho"),
    ("IL", "Illinois"),
    ("IN", "Indiana"),
    ("IA", "Iowa"),
    ("KS", "Kansas"),
    ("KY", "Kentucky"),
    ("LA", "Louisiana"),
    ("ME", "Maine"),
    ("MD", "Maryland"),
    ("MA", "Massachusetts"),
    ("MI", "Michigan"),
    ("MN", "Minnesota"),
    ("MS", "Mississippi"),
    ("MO", "Missouri"),
    ("MT", "Montana"),
    ("NE", "Nebraska"),
    ("NV", "Nevada"),
    ("NH", "New Hampshire"),
    ("NJ", "New Jersey"),
    ("NM", "New Mexico"),
    ("NY", "New York"),
    ("NC", "North Carolina"),
    ("ND", "North Dakota"),
    ("OH", "Ohio"),
    ("OK", "Oklahoma"),
    ("OR", "Oregon"),
    ("PA", "Pennsylvania"),
    ("RI", "Rhode Island"),
    ("SC", "South Carolina"),
    ("SD", "South Dakota"),
    ("TN", "Tennessee"),
    ("TX", "Texas"),
    ("UT", "Utah"),
    ("VT", "Vermont"),
    ("VA", "Virginia"),
    ("WA", "Washington"),
    ("WV", "West Virginia"),
    ("WI", "Wisconsin"),
    ("WY", "Wyoming"),
    ("PR", "Puerto Rico"),
    ("GU", "Guam"),
    ("VI", "U.S. Virgin Islands"),
    ("AS", "American Samoa"),
    ("MP", "Northern Mariana Islands"),
];
