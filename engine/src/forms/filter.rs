//! The quote filter of the landing page and the quote form.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dates::DATE_PATTERN;
use crate::errors::messages::INVALID_ZIP;

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
    #[schemars(title = "Zip Code", extend("x-messages" = { "pattern": INVALID_ZIP }, "x-widget" = "zip"))]
    #[schemars(regex(pattern = r"^[0-9]{5}$"))]
    pub zip: Option<String>,
    #[schemars(title = "Gender")]
    pub gender: Option<FilterGender>,
    #[schemars(title = "Choose Tier")]
    pub tier: Option<TierChoice>,
    #[schemars(title = "DOB", description = "MM/DD/YYYY")]
    #[schemars(regex(pattern = DATE_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = [{ "check": "date" }, { "check": "adult" }], "x-widget" = "dateMDY"))]
    pub dob: Option<String>,
}
