//! Sealing in every shape: whatever JSON a browser sends, with sensitive values at any depth and of any type, nothing
//! sensitive is left readable after sealing, never-stored values are gone, and opening gives back the rest.

use engine::sensitive::{by_name, mask_by_name, open_all, seal_by_name, Sensitivity};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// A reversible stand-in for the api's encryption: its output carries nothing of the input readable.
fn seal(plain: &str) -> String {
    format!("enc:{}", plain.bytes().map(|b| format!("{:02x}", b ^ 0x5a)).collect::<String>())
}

fn open(sealed: &str) -> Option<String> {
    let hex = sealed.strip_prefix("enc:")?;
    let bytes: Option<Vec<u8>> =
        (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok().map(|b| b ^ 0x5a)).collect();
    String::from_utf8(bytes?).ok()
}

/// Keys a person's data arrives under, sensitive or not, in the spellings browsers send.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("ssn".to_string()),
        Just("SSN".to_string()),
        Just("dependent_ssn".to_string()),
        Just("account_number".to_string()),
        Just("accountNumber".to_string()),
        Just("card_number".to_string()),
        Just("security_code".to_string()),
        Just("health_info".to_string()),
        Just("condition_questions".to_string()),
        Just("medication_question".to_string()),
        Just("first_name".to_string()),
        Just("dependents".to_string()),
        Just("notes".to_string()),
        "[a-z_]{1,8}",
    ]
}

/// Secrets are nine-digit texts or numbers starting 219 (never part of a key or of other values here).
fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        "219[0-9]{6}".prop_map(Value::String),
        (219_000_000u64..219_999_999).prop_map(|n| json!(n)),
        "[a-z ]{0,6}".prop_map(Value::String),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ]
}

fn document() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..5)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Every secret-looking leaf under a key named sensitive, as text.
fn secrets_under_sensitive_keys(value: &Value, under: bool, found: &mut Vec<String>) {
    match value {
        Value::String(s) if under && s.starts_with("219") => found.push(s.clone()),
        Value::Number(n) if under => found.push(n.to_string()),
        Value::Array(items) => items.iter().for_each(|i| secrets_under_sensitive_keys(i, under, found)),
        Value::Object(map) => {
            for (k, v) in map {
                secrets_under_sensitive_keys(v, under || by_name(k).is_some(), found);
            }
        }
        _ => {}
    }
}

/// Every nine-digit secret under a key named SSN or account number.
fn secrets_under_masked_keys(value: &Value, under: bool, found: &mut Vec<String>) {
    match value {
        Value::String(s) if under && s.len() == 9 && s.starts_with("219") => found.push(s.clone()),
        Value::Number(n) if under => found.push(n.to_string()),
        Value::Array(items) => items.iter().for_each(|i| secrets_under_masked_keys(i, under, found)),
        Value::Object(map) => {
            for (k, v) in map {
                let masked = matches!(by_name(k), Some(Sensitivity::Masked(_)));
                secrets_under_masked_keys(v, under || masked, found);
            }
        }
        _ => {}
    }
}

fn has_never_stored_key(value: &Value) -> bool {
    match value {
        Value::Array(items) => items.iter().any(has_never_stored_key),
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| by_name(k) == Some(Sensitivity::NeverStored) && !v.is_null() || has_never_stored_key(v)),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn nothing_under_a_sensitive_key_is_readable_after_sealing_whatever_the_shape(doc in document()) {
        let mut secrets = Vec::new();
        secrets_under_sensitive_keys(&doc, false, &mut secrets);
        let mut sealed = doc.clone();
        seal_by_name(&mut sealed, &mut seal);
        let text = sealed.to_string();
        for secret in &secrets {
            prop_assert!(!text.contains(secret.as_str()), "{secret} is readable in {text}");
        }
        prop_assert!(!has_never_stored_key(&sealed), "a card number or security code was kept: {text}");
    }

    #[test]
    fn sealing_twice_changes_nothing_and_opening_gives_back_what_may_be_kept(doc in document()) {
        let mut once = doc.clone();
        seal_by_name(&mut once, &mut seal);
        let mut twice = once.clone();
        seal_by_name(&mut twice, &mut seal);
        prop_assert_eq!(&once, &twice);
        let mut opened = once.clone();
        open_all(&mut opened, &mut open);
        let mut resealed = opened.clone();
        seal_by_name(&mut resealed, &mut seal);
        let mut reopened = resealed;
        open_all(&mut reopened, &mut open);
        prop_assert_eq!(&opened, &reopened, "open and seal are each other's inverse on what is kept");
    }

    #[test]
    fn no_ssn_or_account_number_is_answered_unmasked_whatever_the_shape(doc in document()) {
        let mut sealed = doc.clone();
        seal_by_name(&mut sealed, &mut seal);
        let mut answered = sealed;
        open_all(&mut answered, &mut open);
        mask_by_name(&mut answered);
        let mut readable = Vec::new();
        secrets_under_masked_keys(&answered, false, &mut readable);
        // Health answers are answered to their owner in the clear; SSNs and account numbers never are.
        prop_assert!(readable.is_empty(), "{readable:?} answered in {answered}");
    }
}
