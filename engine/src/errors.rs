//! The one error item every validation produces, in the spec's shape.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A message shown under a field: the spec's `{ target_element, error_message }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldError {
    /// The field the message is about (dotted inside lists: `beneficiaries.0.first_name`); empty for the whole.
    pub target_element: String,
    pub error_message: String,
}

impl FieldError {
    pub fn new(target: impl Into<String>, message: impl Into<String>) -> Self {
        Self { target_element: target.into(), error_message: message.into() }
    }
}

/// Messages of the spec that more than one module uses. Field-specific texts live beside their fields.
pub mod messages {
    pub const REQUIRED: &str = "Field is required";
    /// A category whose plans cover the member alone, on another tier (the spec's words; see [`crate::words`]).
    pub const ONLY_IO: &str = "Plans are available for IO tier only";
    pub const INVALID_ZIP: &str = "Invalid Zip code";
    /// The referral banner's second part (gender and smoker) when either is left empty.
    pub const BOTH_FIELDS: &str = "Please fill the both fields.";
    /// A tier asked alone (the member's home, a rep's Enroll Now, a plan's tier popup) and left unchosen.
    pub const CHOOSE_TIER: &str = "Please choose a tier";
    pub const INVALID_PHONE: &str = "Invalid phone number";
    pub const INVALID_EMAIL_FORMAT: &str = "Email is not in correct format";
    pub const INVALID_ROUTING: &str = "Invalid routing number";
    /// The spec's "You must be 18 years to proceed", for any age limit.
    pub const UNDER_AGE: &str = "You must be {age} years to proceed";
    pub const INVALID_SSN: &str = "Invalid Social Security Number";
    pub const INVALID_DATE: &str = "Please enter a valid date (MM/DD/YYYY)";
    pub const DATE_NOT_FUTURE: &str = "Date cannot be today or a future date";
    /// A date that may be today but not later (a newborn's date of birth).
    pub const DATE_AFTER_TODAY: &str = "Date cannot be a future date";
    pub const SIGN_AGAIN: &str = "Please sign your name in the box: this signature is blank or too small to read";
}
