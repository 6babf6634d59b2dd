//! What several forms share: a person's name, weight and height, a postal address, an SSN, a birth date.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dates::DATE_PATTERN;
use crate::errors::messages::INVALID_ZIP;

/// A person's name, the one rule of every name a form asks (the applicant's first, middle and last, a dependent's, a
/// beneficiary's, the card holder's, a typed signature, the quote's addressee): letters of any script with their
/// combining marks (a name typed decomposed, `e` + U+0301, passes too), spaces, periods, hyphens and both apostrophes
/// (`'` and `’`), starting with a letter. Digits, markup (`<`, `>`, `&`, quotes), control characters and the invisible
/// bidirectional marks, overrides and isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are none of these.
/// Written for both validators that read it as the schema's `pattern`: the jsonschema crate (Rust's regex syntax) and
/// the renderer's ajv, which compiles patterns with the `u` flag (`\p{..}` needs it).
pub const NAME_PATTERN: &str = r"^\p{L}[\p{L}\p{M} .'’\-]*$";

/// What a street address or a city may not hold: control characters and the bidirectional marks, overrides and
/// isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which change how the text reads without being
/// seen (and reach the carriers' files). Stored in Unicode's composed form (`x-normalize: text`).
pub const ADDRESS_PATTERN: &str = r"^[^\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$";

/// A business's name, or a person's where a business's may stand (a bank account's holder, an employer): in any
/// script (letters with their marks, digits, spaces and `.`, `,`, `&`, `(`, `)`, `/`, `-` and both apostrophes),
/// starting with a letter or a digit; no markup, control or text-direction characters.
pub const ORGANIZATION_PATTERN: &str = r"^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,&()/'’\-]*$";
/// The refusal of an address line holding one of them.
pub const INVALID_ADDRESS: &str = "Please enter the address without hidden control or text-direction characters";
/// The refusal of a city holding one of them.
pub const INVALID_CITY: &str = "Please enter the city without hidden control or text-direction characters";

/// A name as it is validated and stored (`x-normalize: name`): in Unicode's composed form (NFC), so that "José" typed
/// decomposed and "José" typed composed are the same name, counted alike against a field's length.
pub fn normalized_name(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfc().collect()
}

/// Whether `text` (already normalised) is a name by [`NAME_PATTERN`], matched by the same validator as a form's field:
/// for a name checked outside a form's schema (the personalized quote's addressee).
pub fn is_valid_name(text: &str) -> bool {
    static VALIDATOR: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    VALIDATOR
        .get_or_init(|| {
            jsonschema::validator_for(&serde_json::json!({ "type": "string", "pattern": NAME_PATTERN }))
                .expect("the name pattern compiles")
        })
        .is_valid(&serde_json::Value::String(text.to_string()))
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

// A person's name as every form asks it (the applicant, a beneficiary, a dependent), with the spec's messages.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct PersonName {
    #[schemars(title = "First Name", length(max = 50), regex(pattern = NAME_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid first name", "maxLength": "Please enter valid first name" }, "x-normalize" = "name"))]
    pub first_name: Option<String>,
    #[schemars(title = "Middle Name", length(max = 50), regex(pattern = NAME_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid middle name", "maxLength": "Please enter valid middle name" }, "x-normalize" = "name"))]
    pub middle_name: Option<String>,
    #[schemars(title = "Last Name", length(max = 50), regex(pattern = NAME_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid last name", "maxLength": "Please enter valid last name" }, "x-normalize" = "name"))]
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
    #[schemars(title = "Address 1", length(max = 100), regex(pattern = ADDRESS_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_ADDRESS }, "x-normalize" = "text"))]
    pub address1: Option<String>,
    #[schemars(title = "Address 2", length(max = 100), regex(pattern = ADDRESS_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_ADDRESS }, "x-normalize" = "text"))]
    pub address2: Option<String>,
    #[schemars(title = "City", length(max = 60), regex(pattern = ADDRESS_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_CITY }, "x-normalize" = "text"))]
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
