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

/// The search filter of the landing page and the quote form (zip, gender, tier, date of birth); asked a part at a time
/// (the referral banner), whether the person smokes too.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Find plans for you")]
pub struct FilterForm {
    #[schemars(title = "Zip Code", extend("x-messages" = { "pattern": INVALID_ZIP }, "x-widget" = "zip"))]
    #[schemars(regex(pattern = r"^[0-9]{5}$"), length(max = 5))]
    pub zip: Option<String>,
    #[schemars(title = "Gender")]
    pub gender: Option<FilterGender>,
    // Asked only when the form is asked a part at a time (`FilterOptions::in_parts`). (Not a doc comment: it would
    // become the field's description, which applicants read.)
    #[schemars(title = "Smoker")]
    pub is_smoker: Option<crate::forms::common::YesNo>,
    // Its choices are the tiers' own names (`context::Tier::choices`), set when the form is composed.
    #[schemars(title = "Choose Tier")]
    pub tier: Option<crate::context::Tier>,
    #[schemars(title = "DOB", description = "MM/DD/YYYY")]
    #[schemars(regex(pattern = DATE_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = [{ "check": "date" }, { "check": "adult", "min_age": crate::checks::MINIMUM_AGE }], "x-widget" = "dateMDY"))]
    pub dob: Option<String>,
}
