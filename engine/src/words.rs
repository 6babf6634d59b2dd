//! Words for people where the spec's own words are not written for them.
//!
//! The spec's calls answer the spec's texts exactly ("You can proceed further clicking next button", "Plans are
//! available for IO tier only"): other systems may match on them. The screens say what those texts mean, in words an
//! applicant reads without knowing the product's codes. Every text here is one of the spec's, paired with what a
//! person reads instead; the step protocol (a [`crate::step::Step`] and its refusals) sends the second, the spec's
//! calls the first. A text not listed is sent as it is.

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::dependents;

/// The spec's words, and what a person reads on the screens instead.
pub const PLAIN: &[(&str, &str)] = &[
    (dependents::READY, "All set. Choose Next to continue."),
    (dependents::ADD_SPOUSE, "Please add your spouse."),
    (dependents::ADD_CHILD, "Please add at least one child."),
    (
        dependents::ONLY_ONE_CHILD_PREMIER,
        "The medical plan you chose covers one child with Member + Child coverage: please delete the others.",
    ),
    (
        crate::errors::messages::ONLY_IO,
        "These plans cover only the member. Change your quote to Member Only to see them.",
    ),
    ("Cart page confirmation to proceed further", "Ready to enroll?"),
    ("USPS Address Validation", "Check my address with the U.S. Postal Service"),
];

/// What a person reads for `text`: its plain words when it is one of the spec's listed above, else `text`.
pub fn plain(text: &str) -> &str {
    PLAIN.iter().find(|(spec, _)| *spec == text).map(|(_, words)| *words).unwrap_or(text)
}

/// Serializes `value` with each of the spec's texts in plain words, without copying it (a step's schema is shared).
pub struct PlainWords<'a>(pub &'a Value);

impl Serialize for PlainWords<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::String(text) => serializer.serialize_str(plain(text)),
            Value::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&PlainWords(item))?;
                }
                seq.end()
            }
            Value::Object(fields) => {
                let mut map = serializer.serialize_map(Some(fields.len()))?;
                for (key, field) in fields {
                    map.serialize_entry(key, &PlainWords(field))?;
                }
                map.end()
            }
            other => other.serialize(serializer),
        }
    }
}

/// For `#[serde(serialize_with)]`: a JSON value in plain words.
pub fn value_in_plain_words<S: Serializer>(value: &Value, serializer: S) -> Result<S::Ok, S::Error> {
    PlainWords(value).serialize(serializer)
}

/// For `#[serde(serialize_with)]`: a text in plain words.
pub fn text_in_plain_words<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(plain(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_spec_text_reads_in_plain_words_anywhere_in_a_schema_and_other_texts_are_untouched() {
        let schema = json!({
            "properties": { "dependents": { "x-ready": dependents::READY, "x-messages": { "minItems": dependents::ADD_SPOUSE } } },
            "title": "Dependent Information", "n": 3
        });
        let sent = serde_json::to_value(PlainWords(&schema)).unwrap();
        assert_eq!(sent["properties"]["dependents"]["x-ready"], "All set. Choose Next to continue.");
        assert_eq!(sent["properties"]["dependents"]["x-messages"]["minItems"], "Please add your spouse.");
        assert_eq!((sent["title"].as_str(), sent["n"].as_i64()), (Some("Dependent Information"), Some(3)));
    }

    #[test]
    fn no_plain_words_use_the_products_codes_or_say_proceed_further() {
        for (spec, words) in PLAIN {
            let codes = words
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| ["IO", "IS", "IC", "IF", "L713"].contains(w));
            assert_eq!(codes.count(), 0, "{spec} -> {words}");
            for mark in ["proceed further", "`", "crate::"] {
                assert!(!words.contains(mark), "{spec} -> {words}");
            }
        }
    }
}
