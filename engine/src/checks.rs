//! The rules a form's fields carry that JSON Schema cannot express: the `x-checks` of a property, each a [`Check`].
//!
//! A check is typed data, `{ "check": "total", "field": "beneficiary_percentage" }` in a schema, so a misspelled one
//! cannot pass unnoticed: it does not parse, and `enroll check-workflows` composes every form and parses every check.
//! The server runs every check on a save ([`Check::problem`]); the renderer evaluates the same definition where it
//! checks early (a beneficiary's share, a date before another), from types generated from this one (the API's
//! `form-checks` answer), and one table of cases (`engine/tests/checks.cases.json`) is run by both, so they cannot
//! disagree. A check's message is the field's `x-messages` entry named in [`Check::problem`], or the default there.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::dates::{age_on, parse_mdy};
use crate::errors::messages;
use crate::i18n::{say, say_with};

/// One rule of a property's `x-checks`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "check", rename_all = "snake_case", deny_unknown_fields)]
pub enum Check {
    /// A calendar date written MM/DD/YYYY (`02/30/2020` is not one).
    Date,
    /// A date before today.
    NotFuture,
    /// A date not after today: today is one (a baby's date of birth, added the day she is born).
    NotAfterToday,
    /// A date of birth at least `min_age` years before today (18 to enroll).
    Adult { min_age: i32 },
    /// Nine digits the Social Security Administration could have issued (no area 000, 666 or 900-999, no group 00,
    /// no serial 0000).
    Ssn,
    /// At least one of an object's flags is on. Message: `x-messages.at_least_one`.
    AtLeastOne,
    /// The list's items' `field` add up to exactly 100. Messages: `x-messages.total_over` and `total_under`, where
    /// `{total}` is the sum.
    Total { field: String },
    /// A bank routing number whose ABA checksum holds. Message: `x-messages.routing`.
    Routing,
    /// A card number with a valid Luhn digit of a brand the store takes; a mask (`****1111`) stands for the card on
    /// file and passes.
    Card,
    /// A card's expiration year, with its month in the sibling `month_field`, not in the past.
    NotExpired { month_field: String },
    /// A date not before the date in the sibling `field` (a term date after an effective date).
    After { field: String },
    /// A dependent's date of birth fits the relationship (the sibling `relationship`, `disabled`): a spouse from
    /// `spouse_min` to `spouse_max` years old, a child under `child_limit` unless disabled.
    DependentAge { spouse_min: i32, spouse_max: i32, child_limit: i32 },
    /// A signature image with enough ink to be a name (see [`crate::signature`]). Message: `x-messages.ink`.
    Ink,
}

/// Minimum age to enroll (spec: 18).
pub const MINIMUM_AGE: i32 = 18;

/// Nine digits that the Social Security Administration could have issued: no area 000, 666 or 900-999, no group
/// 00, no serial 0000.
pub fn is_valid_ssn(text: &str) -> bool {
    if text.len() != 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (area, group, serial) = (&text[0..3], &text[3..5], &text[5..9]);
    area != "000" && area != "666" && !area.starts_with('9') && group != "00" && serial != "0000"
}

/// The words for a dependent whose age the relationship does not allow; `None` when it does.
pub fn age_problem(
    spouse_min: i32,
    spouse_max: i32,
    child_limit: i32,
    relationship: Option<&str>,
    disabled: bool,
    age: i32,
    language: &str,
) -> Option<String> {
    match relationship? {
        "spouse" if age < spouse_min => {
            Some(say_with(language, "A spouse must be {age} or older", &[("age", &spouse_min)]))
        }
        "spouse" if age > spouse_max => {
            Some(say_with(language, "The plans in your cart cover a spouse up to age {age}", &[("age", &spouse_max)]))
        }
        "child" if age >= child_limit && !disabled => Some(say_with(
            language,
            "A child is covered until age {age}; an older child is covered only if disabled",
            &[("age", &child_limit)],
        )),
        _ => None,
    }
}

/// The kinds of check, one example of each (for the documentation the API answers).
pub fn examples() -> Vec<Check> {
    vec![
        Check::Date,
        Check::NotFuture,
        Check::NotAfterToday,
        Check::Adult { min_age: MINIMUM_AGE },
        Check::Ssn,
        Check::AtLeastOne,
        Check::Total { field: "beneficiary_percentage".into() },
        Check::Routing,
        Check::Card,
        Check::NotExpired { month_field: "expiration_month".into() },
        Check::After { field: "prior_effective_date".into() },
        Check::DependentAge { spouse_min: 18, spouse_max: 120, child_limit: 26 },
        Check::Ink,
    ]
}

impl Check {
    /// What this check says of `value` (a property of an object whose other properties are `siblings`), in the
    /// words of the property's schema `prop` (composed in the reader's language) or else the store's own in
    /// `language`; none when it holds. `today` anchors ages and dates.
    pub fn problem(
        &self,
        prop: &Value,
        value: &Value,
        siblings: &Map<String, Value>,
        today: NaiveDate,
        language: &str,
    ) -> Option<String> {
        let text = value.as_str().unwrap_or_default();
        let own = |message: &str| say(language, message).to_string();
        let worded =
            |key: &str, default: &str| match prop.pointer(&format!("/x-messages/{key}")).and_then(Value::as_str) {
                Some(message) => message.to_string(),
                None => own(default),
            };
        match self {
            Check::Date => parse_mdy(text).is_none().then(|| worded("date", messages::INVALID_DATE)),
            Check::NotFuture => {
                parse_mdy(text).filter(|d| *d >= today).map(|_| worded("not_future", messages::DATE_NOT_FUTURE))
            }
            Check::NotAfterToday => {
                parse_mdy(text).filter(|d| *d > today).map(|_| worded("not_after_today", messages::DATE_AFTER_TODAY))
            }
            // 'You must be 18 years to proceed', the spec's words, for any age limit.
            Check::Adult { min_age } => parse_mdy(text)
                .filter(|d| age_on(*d, today) < *min_age)
                .map(|_| say_with(language, messages::UNDER_AGE, &[("age", min_age)])),
            Check::Ssn => (!is_valid_ssn(text)).then(|| worded("ssn", messages::INVALID_SSN)),
            Check::AtLeastOne => {
                let any = value.as_object().is_some_and(|flags| flags.values().any(|f| f == &Value::Bool(true)));
                (!any).then(|| worded("at_least_one", "Select at least one"))
            }
            Check::Total { field } => {
                let total: i64 = value.as_array()?.iter().filter_map(|item| item.get(field)?.as_i64()).sum();
                let key = match total.cmp(&100) {
                    std::cmp::Ordering::Equal => return None,
                    std::cmp::Ordering::Greater => "total_over",
                    std::cmp::Ordering::Less => "total_under",
                };
                Some(worded(key, "The total must be 100").replace("{total}", &total.to_string()))
            }
            Check::Routing => {
                (!crate::payment::aba_checksum_ok(text)).then(|| worded("routing", messages::INVALID_ROUTING))
            }
            // A mask stands for the card on file, checked when it was given.
            Check::Card if crate::payment::is_masked_number(text) => None,
            Check::Card => crate::payment::card_number_problem(text).map(own),
            Check::NotExpired { month_field } => {
                let month = siblings.get(month_field).and_then(Value::as_str)?;
                crate::payment::card_expired(month, text, today).then(|| own("The card has expired"))
            }
            Check::After { field } => {
                let earlier = siblings.get(field).and_then(Value::as_str).and_then(parse_mdy)?;
                parse_mdy(text).filter(|d| *d < earlier).map(|_| own("Term date cannot be before the effective date"))
            }
            Check::DependentAge { spouse_min, spouse_max, child_limit } => {
                let age = age_on(parse_mdy(text)?, today);
                let relationship = siblings.get("relationship").and_then(Value::as_str);
                let disabled = siblings.get("disabled").and_then(Value::as_bool).unwrap_or(false);
                age_problem(*spouse_min, *spouse_max, *child_limit, relationship, disabled, age, language)
            }
            Check::Ink => crate::signature::check(text).is_err().then(|| worded("ink", messages::SIGN_AGAIN)),
        }
    }

    /// The store's words this check says, by the `x-messages` key the renderer reads them under when it checks
    /// early, in `language`. The checks whose words a form gives already (`x-messages`) and those the renderer leaves
    /// to the server say none here.
    pub fn words(&self, language: &str) -> Vec<(&'static str, String)> {
        let own = |message: &str| say(language, message).to_string();
        match self {
            Check::Date => vec![("date", own(messages::INVALID_DATE))],
            Check::NotFuture => vec![("not_future", own(messages::DATE_NOT_FUTURE))],
            Check::NotAfterToday => vec![("not_after_today", own(messages::DATE_AFTER_TODAY))],
            Check::Adult { min_age } => vec![("adult", say_with(language, messages::UNDER_AGE, &[("age", min_age)]))],
            Check::Ssn => vec![("ssn", own(messages::INVALID_SSN))],
            Check::Card => vec![
                ("card_number", own("Please enter a valid card number")),
                ("card_brand", own("We accept Visa, Mastercard, American Express and Discover cards")),
            ],
            Check::NotExpired { .. } => vec![("not_expired", own("The card has expired"))],
            Check::After { .. } => vec![("after", own("Term date cannot be before the effective date"))],
            Check::DependentAge { spouse_min, spouse_max, child_limit } => {
                let aged = |words: &str, age: &i32| say_with(language, words, &[("age", age)]);
                vec![
                    ("spouse_too_young", aged("A spouse must be {age} or older", spouse_min)),
                    ("spouse_too_old", aged("The plans in your cart cover a spouse up to age {age}", spouse_max)),
                    (
                        "child_too_old",
                        aged(
                            "A child is covered until age {age}; an older child is covered only if disabled",
                            child_limit,
                        ),
                    ),
                ]
            }
            Check::AtLeastOne | Check::Total { .. } | Check::Routing | Check::Ink => Vec::new(),
        }
    }

    /// The sibling this check reads, when it reads one (the renderer checks again when that one changes).
    pub fn reads(&self) -> Option<&str> {
        match self {
            Check::NotExpired { month_field } => Some(month_field),
            Check::After { field } => Some(field),
            _ => None,
        }
    }
}

/// Gives every property of `schema` that has checks the words of its checks in `language` (`x-messages`, beside any
/// a form gave), so that the renderer's early checks speak the reader's language as the server's do.
pub fn word_all(schema: &mut Value, language: &str) {
    match schema {
        Value::Object(fields) => {
            let checks = fields.get("x-checks").map(|_| of(&Value::Object(fields.clone())).unwrap_or_default());
            for check in checks.into_iter().flatten() {
                let said = fields.entry("x-messages").or_insert_with(|| Value::Object(Map::new()));
                if let Some(said) = said.as_object_mut() {
                    for (key, words) in check.words(language) {
                        said.entry(key).or_insert(Value::String(words));
                    }
                }
            }
            for (key, value) in fields.iter_mut() {
                if key != "x-messages" && key != "x-checks" {
                    word_all(value, language);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| word_all(item, language)),
        _ => {}
    }
}

/// The checks of a property's schema; an error naming what does not parse (a misspelled or unknown check).
pub fn of(prop: &Value) -> Result<Vec<Check>, String> {
    match prop.get("x-checks") {
        None => Ok(Vec::new()),
        Some(checks) => serde_json::from_value(checks.clone()).map_err(|e| format!("x-checks {checks}: {e}")),
    }
}

/// Every check of a schema, at every depth (nested objects, list items, conditional fields); the first that does not
/// parse, with where it sits, as an error.
pub fn every(schema: &Value) -> Result<Vec<Check>, String> {
    let mut found = Vec::new();
    visit(schema, "", &mut found)?;
    Ok(found)
}

fn visit(node: &Value, path: &str, found: &mut Vec<Check>) -> Result<(), String> {
    match node {
        Value::Object(members) => {
            if members.contains_key("x-checks") {
                found.extend(of(node).map_err(|e| format!("{}: {e}", if path.is_empty() { "/" } else { path }))?);
            }
            for (key, member) in members {
                if key != "x-checks" {
                    visit(member, &format!("{path}/{key}"), found)?;
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                visit(item, &format!("{path}/{i}"), found)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A property's checks as its schema writes them.
pub fn list(checks: &[Check]) -> Value {
    serde_json::to_value(checks).expect("checks are JSON")
}

/// Each kind of check with what it means: one example of each, described by its definition's own words (the doc
/// comments above, as schemars carries them into the schema).
pub fn documented() -> Vec<(Check, String)> {
    let schema = serde_json::to_value(schemars::schema_for!(Check)).expect("a schema is JSON");
    let variants = schema.get("oneOf").and_then(Value::as_array).cloned().unwrap_or_default();
    examples()
        .into_iter()
        .map(|check| {
            let name = serde_json::to_value(&check).expect("a check is JSON")["check"].clone();
            let description = variants
                .iter()
                .find(|v| v.pointer("/properties/check/const") == Some(&name))
                .and_then(|v| v.get("description"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            (check, description)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_kind_of_check_is_described_in_its_own_words() {
        for (check, description) in super::documented() {
            assert!(description.len() > 10, "{check:?} has no description");
        }
    }
}
