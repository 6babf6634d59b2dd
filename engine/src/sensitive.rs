//! Which fields are sensitive and how they are shown. Encryption itself is I/O-adjacent key handling and lives in
//! the api; the engine only says which values to seal, drop and mask, and where.
//!
//! Two rules decide, and every write goes through both: the schema's `x-sensitive` paths (the forms' own fields),
//! and the names of keys, whatever shape and depth they arrive at ([`by_name`]: an SSN, an account number, a card
//! number or security code, and health answers, the applicant's and every dependent's). The second catches what the
//! schema does not foresee: drafts in unexpected shapes, lists of SSNs, a dependent's `health_info`.

use serde_json::Value;

/// Where a sensitive value sits: object keys from the root, `*` standing for every item of an array.
pub type SensitivePath = Vec<String>;

/// Every path to a value the schema marks `x-sensitive`, in nested objects and array items too.
pub fn sensitive_paths(schema: &Value) -> Vec<SensitivePath> {
    sensitive_fields(schema).into_iter().map(|(path, _)| path).collect()
}

/// Every path to a sensitive value with its kind (`ssn`, `account`); a document sensitive as a whole is not listed.
pub fn sensitive_fields(schema: &Value) -> Vec<(SensitivePath, String)> {
    let mut found = Vec::new();
    collect(schema, &mut Vec::new(), &mut found);
    found
}

/// How a sensitive value of `kind` is shown: an SSN as `***-**-6789`, an account number as `****1234`.
pub fn mask(kind: &str, plain: &str) -> String {
    match kind {
        "ssn" => mask_ssn(plain),
        _ => crate::payment::mask_number(plain),
    }
}

/// True when `text` is what [`mask`] writes for `kind`.
pub fn is_mask(kind: &str, text: &str) -> bool {
    match kind {
        "ssn" => is_masked_ssn(text),
        _ => crate::payment::is_masked_number(text),
    }
}

fn collect(schema: &Value, prefix: &mut Vec<String>, found: &mut Vec<(SensitivePath, String)>) {
    if let Some(kind) = schema.get("x-sensitive").and_then(Value::as_str).filter(|k| *k != "document") {
        found.push((prefix.clone(), kind.to_string()));
    }
    let branches = schema.get("allOf").and_then(Value::as_array).into_iter().flatten();
    // A field that a condition adds (Billing's bank fields, a Yes answer's details) is as sensitive as any other.
    let conditional = branches.filter_map(|rule| rule.pointer("/then/properties").and_then(Value::as_object));
    for props in schema.get("properties").and_then(Value::as_object).into_iter().chain(conditional) {
        for (name, prop) in props {
            prefix.push(name.clone());
            collect(prop, prefix, found);
            prefix.pop();
        }
    }
    if let Some(items) = schema.get("items") {
        prefix.push("*".into());
        collect(items, prefix, found);
        prefix.pop();
    }
}

/// Rewrites every sensitive string in `value`: `f` gets the value's concrete location (array indexes as numbers in
/// text) and the text, and answers the replacement, or `None` to keep it.
pub fn rewrite(value: &mut Value, paths: &[SensitivePath], f: &mut dyn FnMut(&[String], &str) -> Option<String>) {
    for path in paths {
        walk(value, path, &mut Vec::new(), f);
    }
}

fn walk(
    value: &mut Value,
    rest: &[String],
    at: &mut Vec<String>,
    f: &mut dyn FnMut(&[String], &str) -> Option<String>,
) {
    let Some((head, tail)) = rest.split_first() else {
        if let Some(replacement) = value.as_str().and_then(|text| f(at, text)) {
            *value = Value::String(replacement);
        }
        return;
    };
    if head == "*" {
        for (i, item) in value.as_array_mut().into_iter().flatten().enumerate() {
            at.push(i.to_string());
            walk(item, tail, at, f);
            at.pop();
        }
    } else if let Some(child) = value.get_mut(head) {
        at.push(head.clone());
        walk(child, tail, at, f);
        at.pop();
    }
}

/// The text at a concrete location, as [`rewrite`] reports it.
pub fn text_at<'v>(value: &'v Value, location: &[String]) -> Option<&'v str> {
    location
        .iter()
        .try_fold(value, |node, key| match node {
            Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            other => other.get(key),
        })?
        .as_str()
}

/// `***-**-6789` for a nine-digit SSN; anything else masks to `***-**-****`.
pub fn mask_ssn(digits: &str) -> String {
    if digits.len() == 9 && digits.bytes().all(|b| b.is_ascii_digit()) {
        format!("***-**-{}", &digits[5..])
    } else {
        "***-**-****".to_string()
    }
}

/// True when `value` is a masked SSN as [`mask_ssn`] writes it.
pub fn is_masked_ssn(value: &str) -> bool {
    value.len() == 11 && value.starts_with("***-**-")
}

/// The prefix of a value sealed by the api's crypto; what carries it is never sealed again.
pub const SEALED_PREFIX: &str = "enc:";
/// The key of an object standing for a whole sealed subtree: `{ "sealed": "enc:..." }`.
pub const SEALED_KEY: &str = "sealed";

/// What a key's name says its value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sensitivity {
    /// Sealed at rest and answered masked (`ssn` or `account`).
    Masked(&'static str),
    /// Never stored (a card number, a security code): dropped, unless it is a mask.
    NeverStored,
    /// Health answers: the whole value sealed at rest, answered in the clear only to its owner.
    Health,
}

/// What a key names, by its letters alone (case, `_` and `-` ignored), whatever the value's shape.
pub fn by_name(key: &str) -> Option<Sensitivity> {
    let k: String = key.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
    let k = k.as_str();
    if k.contains("ssn") || k.contains("socialsecurity") {
        return Some(Sensitivity::Masked("ssn"));
    }
    if ["cardnumber", "ccnumber", "cardno", "securitycode", "cvv", "cvc", "csc"].iter().any(|n| k.contains(n)) {
        return Some(Sensitivity::NeverStored);
    }
    if k.contains("accountnumber") || k.contains("accountno") || k == "acctnumber" || k == "iban" {
        return Some(Sensitivity::Masked("account"));
    }
    const HEALTH: [&str; 9] = [
        "health",
        "disabled",
        "conditionquestions",
        "medicationquestion",
        "medications",
        "conditions",
        "diagnosis",
        "treatment",
        "medicalquestions",
    ];
    if HEALTH.iter().any(|n| k.contains(n)) {
        return Some(Sensitivity::Health);
    }
    None
}

/// Whether a text is already sealed.
pub fn is_sealed(text: &str) -> bool {
    text.starts_with(SEALED_PREFIX)
}

fn is_sealed_subtree(value: &Value) -> bool {
    value.as_object().is_some_and(|o| o.len() == 1 && o.get(SEALED_KEY).and_then(Value::as_str).is_some_and(is_sealed))
}

/// Seals, in place, every value [`by_name`] finds, at any depth: an SSN or account number (text or number, or each
/// of a list) becomes `seal(text)`; a card number or security code is removed unless it is a mask; a health answer
/// becomes `{ "sealed": seal(its JSON) }`. What is already sealed stays as it is.
pub fn seal_by_name(value: &mut Value, seal: &mut dyn FnMut(&str) -> String) {
    seal_within(value, false, seal);
}

/// [`seal_by_name`], where `inside` says the value sits under a key named SSN or account number: then every text
/// and number in it is sealed too.
fn seal_within(value: &mut Value, inside: bool, seal: &mut dyn FnMut(&str) -> String) {
    if is_sealed_subtree(value) {
        return;
    }
    match value {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for key in keys {
                let child = map.get_mut(&key).expect("listed");
                match by_name(&key) {
                    Some(Sensitivity::Masked(_)) => seal_within(child, true, seal),
                    Some(Sensitivity::NeverStored) => {
                        let keep = child.is_null() || child.as_str().is_some_and(crate::payment::is_masked_number);
                        if !keep {
                            map.remove(&key);
                        }
                    }
                    Some(Sensitivity::Health) => {
                        let trivial =
                            child.is_null() || child.as_str().is_some_and(is_sealed) || is_sealed_subtree(child);
                        if !trivial {
                            // Whatever it holds: a card number inside a health answer is still never stored.
                            drop_never_stored(child);
                            *child = serde_json::json!({ SEALED_KEY: seal(&child.to_string()) });
                        }
                    }
                    None => seal_within(child, inside, seal),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| seal_within(item, inside, seal)),
        Value::String(text) if inside && !text.is_empty() && !is_sealed(text) && !is_mask("ssn", text) => {
            *value = Value::String(seal(text))
        }
        Value::Number(n) if inside => *value = Value::String(seal(&n.to_string())),
        _ => {}
    }
}

fn drop_never_stored(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|k, v| {
                by_name(k) != Some(Sensitivity::NeverStored)
                    || v.is_null()
                    || v.as_str().is_some_and(crate::payment::is_masked_number)
            });
            map.values_mut().for_each(drop_never_stored);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_never_stored),
        _ => {}
    }
}

/// Opens, in place, everything [`seal_by_name`] (or a schema path) sealed: a sealed text, and a `{ "sealed": ... }`
/// subtree back into its JSON. A value that does not open (another key) is left out: answered as nothing, never as
/// its ciphertext.
pub fn open_all(value: &mut Value, open: &mut dyn FnMut(&str) -> Option<String>) {
    if is_sealed_subtree(value) {
        let sealed = value[SEALED_KEY].as_str().unwrap_or_default().to_string();
        *value = open(&sealed).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or(Value::Null);
        open_all(value, open);
        return;
    }
    match value {
        Value::String(text) if is_sealed(text) => *value = open(text).map(Value::String).unwrap_or(Value::Null),
        Value::Array(items) => items.iter_mut().for_each(|item| open_all(item, open)),
        Value::Object(map) => map.values_mut().for_each(|item| open_all(item, open)),
        _ => {}
    }
}

/// Masks, in place, every SSN and account number [`by_name`] finds that is not masked yet.
pub fn mask_by_name(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                match by_name(key) {
                    Some(Sensitivity::Masked(kind)) => mask_leaves(child, kind),
                    Some(Sensitivity::NeverStored) => {}
                    _ => mask_by_name(child),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(mask_by_name),
        _ => {}
    }
}

fn mask_leaves(value: &mut Value, kind: &str) {
    match value {
        Value::String(text) if !text.is_empty() && !is_mask(kind, text) => *value = Value::String(mask(kind, text)),
        Value::Number(n) => *value = Value::String(mask(kind, &n.to_string())),
        Value::Array(items) => items.iter_mut().for_each(|item| mask_leaves(item, kind)),
        Value::Object(map) => map.values_mut().for_each(|item| mask_leaves(item, kind)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_classified_by_their_letters_whatever_their_case_or_separators() {
        assert_eq!(by_name("SSN"), Some(Sensitivity::Masked("ssn")));
        assert_eq!(by_name("dependent_ssn"), Some(Sensitivity::Masked("ssn")));
        assert_eq!(by_name("account-number"), Some(Sensitivity::Masked("account")));
        assert_eq!(by_name("card_number"), Some(Sensitivity::NeverStored));
        assert_eq!(by_name("securityCode"), Some(Sensitivity::NeverStored));
        assert_eq!(by_name("health_info"), Some(Sensitivity::Health));
        assert_eq!(by_name("condition_questions"), Some(Sensitivity::Health));
        assert_eq!(by_name("first_name"), None);
        assert_eq!(by_name("routing_number"), None, "a routing number names a bank, not a person");
    }

    #[test]
    fn a_dependents_health_answers_and_an_ssn_list_in_a_draft_are_sealed_and_open_back() {
        let original = serde_json::json!({ "dependents": [ { "first_name": "Luis", "ssn": 219091234,
            "health_info": { "condition_questions": { "141": { "yes_no_flag": "1" } } } } ],
            "extra": { "ssns": ["219095678"] }, "card_number": "4111111111111111", "cvv": "123" });
        let mut doc = original.clone();
        seal_by_name(&mut doc, &mut |plain| format!("enc:{}", plain.chars().rev().collect::<String>()));
        let text = doc.to_string();
        assert!(!text.contains("219091234") && !text.contains("219095678") && !text.contains("yes_no_flag"), "{text}");
        assert!(doc.get("card_number").is_none() && doc.get("cvv").is_none());
        open_all(&mut doc, &mut |sealed| Some(sealed.trim_start_matches("enc:").chars().rev().collect()));
        assert_eq!(doc["dependents"][0]["health_info"], original["dependents"][0]["health_info"]);
        assert_eq!(doc["dependents"][0]["ssn"], "219091234", "a number comes back as its text");
        mask_by_name(&mut doc);
        assert_eq!(doc["extra"]["ssns"][0], "***-**-5678");
    }

    #[test]
    fn sensitive_values_are_found_in_nested_objects_and_array_items() {
        let schema = serde_json::json!({ "properties": {
            "ssn": { "x-sensitive": "ssn" },
            "beneficiaries": { "items": { "properties": { "ssn": { "x-sensitive": "ssn" }, "name": {} } } }
        } });
        let paths = sensitive_paths(&schema);
        assert_eq!(paths, vec![vec!["ssn".to_string()], vec!["beneficiaries".into(), "*".into(), "ssn".into()]]);
        let mut doc = serde_json::json!({ "ssn": "111223333", "beneficiaries": [ { "ssn": "222334444", "name": "A" }, { "name": "B" } ] });
        let mut seen = Vec::new();
        rewrite(&mut doc, &paths, &mut |at, text| {
            seen.push(at.join("."));
            Some(mask_ssn(text))
        });
        assert_eq!(seen, ["ssn", "beneficiaries.0.ssn"]);
        assert_eq!(doc["beneficiaries"][0]["ssn"], "***-**-4444");
        assert_eq!(text_at(&doc, &["beneficiaries".into(), "0".into(), "ssn".into()]), Some("***-**-4444"));
    }

    #[test]
    fn an_ssn_is_masked_to_its_last_four_digits() {
        assert_eq!(mask_ssn("123456789"), "***-**-6789");
        assert!(is_masked_ssn(&mask_ssn("123456789")));
        assert!(!is_masked_ssn("123456789"));
    }
}
