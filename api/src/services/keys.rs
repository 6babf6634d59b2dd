//! The data keys values are sealed under: sealing everything again under the current key (`enroll keys reseal`),
//! and refusing to start when values are sealed under a key this server does not have (a retired key dropped too
//! early would otherwise make sealed values come back empty).

use std::collections::BTreeSet;

use serde_json::Value;

use crate::services::crypto::Crypto;
use crate::store::sealed::{self, SEALED_COLUMNS};
use crate::store::Db;

/// The key ids a text names: `enc:k{id}:` and the legacy `enc:v1:` (key 1), read from the text as it is stored.
pub fn key_ids_named(text: &str) -> BTreeSet<u32> {
    let mut ids = BTreeSet::new();
    for (at, _) in text.match_indices("enc:") {
        let rest = &text[at + 4..];
        if rest.starts_with("v1:") {
            ids.insert(1);
        } else if let Some(digits) = rest.strip_prefix('k') {
            let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
            if let Ok(id) = digits[..end].parse() {
                ids.insert(id);
            }
        }
    }
    ids
}

/// Refuses to start when values are recorded as sealed under a key this server does not have, naming it and what
/// to do. Records the current key (and, on the first start that keeps the record, the keys found in the data).
pub async fn check_at_start(db: &Db, crypto: &Crypto) -> anyhow::Result<()> {
    if sealed::key_ids_in_use(db).await?.is_empty() {
        for (table, column) in SEALED_COLUMNS {
            for text in sealed::texts_with_sealed(db, table, column).await? {
                for id in key_ids_named(&text) {
                    sealed::record_key_id(db, i64::from(id)).await?;
                }
            }
        }
    }
    sealed::record_key_id(db, i64::from(crypto.current_key_id())).await?;
    let known = crypto.key_ids();
    let missing: Vec<String> = sealed::key_ids_in_use(db)
        .await?
        .into_iter()
        .filter(|id| !known.iter().any(|k| i64::from(*k) == *id))
        .map(|id| id.to_string())
        .collect();
    if !missing.is_empty() {
        anyhow::bail!(
            "values in the database are sealed under data key id(s) {}, which this server does not have: give it \
             those keys in ENROLL_RETIRED_DATA_KEYS (id:base64,...), or run `enroll keys reseal` with them first \
             (docs/SECURITY.md, rotating the data key)",
            missing.join(", ")
        );
    }
    Ok(())
}

/// What sealing again did to one column.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ColumnResealed {
    pub table: &'static str,
    pub column: &'static str,
    /// Rows rewritten.
    pub rows: usize,
    /// Sealed values sealed again under the current key.
    pub resealed: usize,
    /// Sealed values already under the current key.
    pub current: usize,
    /// Sealed values that did not open (a key this server does not have), left as they were, by key id.
    pub unopened: Vec<u32>,
}

/// Seals every sealed value again under the current key, in every column that holds any (submitted applications
/// included), and then forgets the other keys, unless a value did not open.
pub async fn reseal(db: &Db, crypto: &Crypto) -> anyhow::Result<Vec<ColumnResealed>> {
    let mut report = Vec::new();
    for (table, column) in SEALED_COLUMNS {
        let mut done = ColumnResealed { table, column, ..ColumnResealed::default() };
        for text in sealed::texts_with_sealed(db, table, column).await? {
            let mut counts = Counts::default();
            let new = resealed(crypto, &text, &mut counts);
            done.current += counts.current;
            done.unopened.extend(counts.unopened);
            if new != text && sealed::replace_text(db, table, column, &text, &new).await? {
                done.rows += 1;
                done.resealed += counts.resealed;
            }
        }
        report.push(done);
    }
    if report.iter().all(|c| c.unopened.is_empty()) {
        sealed::forget_key_ids_but(db, i64::from(crypto.current_key_id())).await?;
    }
    Ok(report)
}

#[derive(Default)]
struct Counts {
    resealed: usize,
    current: usize,
    unopened: Vec<u32>,
}

/// A text with every sealed value in it sealed under the current key: a sealed value (and what is inside it, which
/// may hold sealed values too), or the strings of a JSON document. A value that does not open is left as it is.
fn resealed(crypto: &Crypto, text: &str, counts: &mut Counts) -> String {
    if text.starts_with("enc:") {
        let Some(plain) = crypto.decrypt(text) else {
            counts.unopened.extend(key_ids_named(text));
            return text.to_string();
        };
        let inner = resealed(crypto, &plain, counts);
        let under_current = key_ids_named(text).contains(&crypto.current_key_id()) && text.starts_with("enc:k");
        if under_current && inner == plain {
            counts.current += 1;
            return text.to_string();
        }
        counts.resealed += 1;
        return crypto.encrypt(&inner);
    }
    if !(text.trim_start().starts_with('{') || text.trim_start().starts_with('[')) || !text.contains("enc:") {
        return text.to_string();
    }
    let Ok(mut document) = serde_json::from_str::<Value>(text) else { return text.to_string() };
    let mut changed = false;
    walk(&mut document, &mut |s| {
        if s.contains("enc:") {
            let new = resealed(crypto, s, counts);
            if new != *s {
                *s = new;
                changed = true;
            }
        }
    });
    if changed {
        document.to_string()
    } else {
        text.to_string()
    }
}

fn walk(value: &mut Value, visit: &mut impl FnMut(&mut String)) {
    match value {
        Value::String(s) => visit(s),
        Value::Array(items) => items.iter_mut().for_each(|item| walk(item, visit)),
        Value::Object(members) => members.values_mut().for_each(|member| walk(member, visit)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_sealed_again_under_the_new_key_inside_and_out_and_a_value_of_an_unknown_key_is_left() {
        let old = Crypto::with_keys(1, &[1; 32], &[]);
        let inner = serde_json::json!({ "ssn": old.encrypt("123456789"), "name": "Dana" }).to_string();
        let document = serde_json::json!({ "sealed": old.encrypt(&inner), "plain": "x" }).to_string();
        assert_eq!(key_ids_named(&document), BTreeSet::from([1]));

        let new = Crypto::with_keys(2, &[2; 32], &[(1, [1; 32])]);
        let mut counts = Counts::default();
        let again = resealed(&new, &document, &mut counts);
        assert_eq!((counts.resealed, counts.current), (2, 0), "the document and the SSN inside it");
        assert!(!again.contains("enc:k1:") && again.contains("enc:k2:"), "{again}");
        let only_new = Crypto::with_keys(2, &[2; 32], &[]);
        let opened: Value = serde_json::from_str(&again).unwrap();
        let inner: Value =
            serde_json::from_str(&only_new.decrypt(opened["sealed"].as_str().unwrap()).unwrap()).unwrap();
        assert_eq!(only_new.decrypt(inner["ssn"].as_str().unwrap()).as_deref(), Some("123456789"));

        let mut counts = Counts::default();
        assert_eq!(resealed(&new, &again, &mut counts), again, "already under the current key: unchanged");
        assert_eq!(counts.current, 2, "the document and the SSN inside it");

        let stranger = Crypto::with_keys(3, &[3; 32], &[]);
        let mut counts = Counts::default();
        assert_eq!(resealed(&stranger, &again, &mut counts), again);
        assert_eq!(counts.unopened, vec![2]);
    }
}
