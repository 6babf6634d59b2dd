//! What several forms share: a person's name, weight and height, a postal address, an SSN, a birth date.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dates::DATE_PATTERN;
use crate::errors::messages::INVALID_ZIP;

/// Letters, spaces, apostrophes, periods and hyphens, starting with a letter.
pub const NAME_PATTERN: &str = r"^[A-Za-z][A-Za-z .'\-]*$";

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

// A person's name as every form asks it (the applicant, a beneficiary, a dependent), with the spec's messages.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct PersonName {
    #[schemars(title = "First Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid first name", "maxLength": "Please enter valid first name" }))]
    pub first_name: Option<String>,
    #[schemars(title = "Middle Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid middle name", "maxLength": "Please enter valid middle name" }))]
    pub middle_name: Option<String>,
    #[schemars(title = "Last Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid last name", "maxLength": "Please enter valid last name" }))]
    pub last_name: Option<String>,
}

// Weight and height, as the applicant and each dependent give them, with the spec's messages.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct Measures {
    #[schemars(title = "Weight (lbs)", range(min = 1, max = 999))]
    #[schemars(extend("x-messages" = { "minimum": "Weight cannot be zero or less", "maximum": "Weight cannot be more than 3 digits", "type": "Weight must be a whole number" }))]
    pub weight: Option<i64>,
    #[schemars(title = "Height (feet)", range(min = 1, max = 9))]
    #[schemars(extend("x-messages" = { "minimum": "Height cannot be zero", "maximum": "Height cannot be more than 1 digit", "type": "Height cannot be zero" }))]
    pub height_feet: Option<i64>,
    #[schemars(title = "Height (inches)", range(min = 0, max = 11))]
    #[schemars(extend("x-messages" = { "minimum": "Inch is invalid", "maximum": "Inch is invalid", "type": "Inch is invalid" }))]
    pub height_inch: Option<i64>,
}

/// A street address (Contact Information, and a card's billing address).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct PostalAddress {
    #[schemars(title = "Address 1", length(max = 100))]
    pub address1: Option<String>,
    #[schemars(title = "Address 2", length(max = 100))]
    pub address2: Option<String>,
    #[schemars(title = "City", length(max = 60))]
    pub city: Option<String>,
    #[schemars(title = "State", extend("x-lookup" = "states", "x-normalize" = "upper"))]
    pub state: Option<String>,
    #[schemars(title = "Zip", regex(pattern = r"^[0-9]{5}$"))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_ZIP }, "x-widget" = "zip"))]
    pub zip: Option<String>,
}

/// An SSN: nine digits (or the mask a stored one is shown as), plausible as issued, stored encrypted, shown masked.
pub fn ssn_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string", "title": "Social Security Number", "pattern": r"^([0-9]{9}|[*]{3}-[*]{2}-[0-9]{4})$",
        "x-messages": { "pattern": "Invalid Social Security Number" }, "x-checks": [{ "check": "ssn" }], "x-normalize": "ssn",
        "x-widget": "ssn", "x-sensitive": "ssn"
    })
}

/// A person's birth date: MM/DD/YYYY, a real date, before today.
pub fn birthdate_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string", "title": "Birth Date", "pattern": DATE_PATTERN,
        "x-messages": { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks": [{ "check": "date" }, { "check": "not_future" }],
        "x-widget": "dateMDY"
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum YesNo {
    #[serde(rename = "1")]
    #[schemars(title = "Yes")]
    Yes,
    #[serde(rename = "0")]
    #[schemars(title = "No")]
    No,
}
