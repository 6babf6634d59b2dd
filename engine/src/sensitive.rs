//! Which fields are sensitive and how they are shown. Encryption itself is I/O-adjacent key handling and lives in
//! the api; the engine only says which fields and how to mask them.

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

#[cfg(test)]
mod tests {
    use super::*;

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
