//! Which fields are sensitive and how they are shown. Encryption itself is I/O-adjacent key handling and lives in
//! the api; the engine only says which fields and how to mask them.

use serde_json::Value;

/// Names of the fields a schema marks `x-sensitive`.
pub fn sensitive_fields(schema: &Value) -> Vec<String> {
    schema["properties"]
        .as_object()
        .map(|props| {
            props.iter().filter(|(_, p)| p.get("x-sensitive").is_some()).map(|(name, _)| name.clone()).collect()
        })
        .unwrap_or_default()
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
    fn an_ssn_is_masked_to_its_last_four_digits() {
        assert_eq!(mask_ssn("123456789"), "***-**-6789");
        assert!(is_masked_ssn(&mask_ssn("123456789")));
        assert!(!is_masked_ssn("123456789"));
    }
}
