//! A text people read, written by its author in English and, when they wrote it, in other languages too: a carrier's
//! question, a detail field's label, a health set's messages, an offer's words.
//!
//! In a workflow file a text is a plain string (English only), or `{ en: ..., es: ... }`. English is what the code
//! compares, what an application records and what the spec's calls that define English answer; where a text is put
//! into an answer a person reads, it is resolved in that person's language there ([`Text::in_language`]), so a text
//! is only ever shown in its own author's words, and no other text, the store's own messages or another carrier's,
//! can change them (docs/ARCHITECTURE.md, Languages). A text without words in a language is shown in English
//! (`enroll check-workflows` counts them). A third language is a third key, with the store's catalogue for it
//! (`engine/locales`), not code. There is deliberately no `Deref` to a string: each use says which words it takes.

use std::borrow::Cow;
use std::collections::BTreeMap;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Texts of a thing in other languages, written beside the English by their author (a carrier, a site's owner, the
/// store): by language, then by the name of the field they translate (`es: { short_text: ..., body_text: ... }`). A
/// field not written in a language shows its English there.
pub type Translations = BTreeMap<String, BTreeMap<String, String>>;

/// A text in English, and in the other languages its author wrote it in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Text {
    pub en: String,
    /// By language (`es`); never blank.
    pub other: BTreeMap<String, String>,
}

impl Text {
    /// The text in `language` (`en`, `es`), or in English when it was not written in that one.
    pub fn in_language(&self, language: &str) -> &str {
        self.other.get(language).map(String::as_str).unwrap_or(&self.en)
    }

    /// Whether it was written in `language` too.
    pub fn has(&self, language: &str) -> bool {
        language == crate::i18n::SOURCE || self.other.contains_key(language)
    }

    /// The same text, written in `language` as `words` too (blank words are none).
    pub fn with(mut self, language: &str, words: &str) -> Text {
        if words.trim().is_empty() {
            self.other.remove(language);
        } else {
            self.other.insert(language.to_string(), words.to_string());
        }
        self
    }
}

impl Text {
    /// One of the store's own messages as a text in every language its catalogues have it in (a default a workflow
    /// file may leave out, such as an offer's "Add To Cart").
    pub fn said(id: &str) -> Text {
        crate::i18n::other_languages().fold(Text::from(id), |text, language| {
            let words = crate::i18n::say(language, id);
            if words == id {
                text
            } else {
                text.with(language, words)
            }
        })
    }
}

impl From<&str> for Text {
    fn from(en: &str) -> Text {
        Text { en: en.to_string(), other: BTreeMap::new() }
    }
}

impl From<String> for Text {
    fn from(en: String) -> Text {
        Text { en, other: BTreeMap::new() }
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.en == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.en == *other
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Written {
    English(String),
    Languages(BTreeMap<String, String>),
}

impl Serialize for Text {
    /// A plain string when it is English only, as files write it; else each language by its name.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.other.is_empty() {
            return serializer.serialize_str(&self.en);
        }
        let mut all = self.other.clone();
        all.insert(crate::i18n::SOURCE.to_string(), self.en.clone());
        Written::Languages(all).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        Ok(match Written::deserialize(deserializer)? {
            Written::English(en) => Text::from(en),
            Written::Languages(mut all) => {
                let en = all
                    .remove(crate::i18n::SOURCE)
                    .ok_or_else(|| serde::de::Error::custom("a text in several languages needs its English (en)"))?;
                all.retain(|_, words| !words.trim().is_empty());
                Text { en, other: all }
            }
        })
    }
}

impl JsonSchema for Text {
    fn schema_name() -> Cow<'static, str> {
        "Text".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let others: Vec<&str> = crate::i18n::other_languages().collect();
        json_schema!({
            "description": "Words people read: a string (English), or the words in English and in each other language the store speaks.",
            "anyOf": [
                { "type": "string", "minLength": 1 },
                {
                    "type": "object",
                    "properties": { "en": { "type": "string", "minLength": 1, "description": "In English." } },
                    "required": ["en"],
                    "propertyNames": { "enum": std::iter::once("en").chain(others.iter().copied()).collect::<Vec<_>>() },
                    "additionalProperties": { "type": "string", "description": "In that language (English is shown where it is missing)." }
                }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_reads_as_a_string_or_in_both_languages_and_falls_back_to_english() {
        let plain: Text = serde_yaml::from_str("Are you a resident?").unwrap();
        assert_eq!((plain.in_language("es"), plain.has("es")), ("Are you a resident?", false));
        assert_eq!(serde_json::to_value(&plain).unwrap(), serde_json::json!("Are you a resident?"));
        let both: Text = serde_yaml::from_str("{ en: Are you a resident?, es: ¿Es usted residente? }").unwrap();
        assert_eq!((both.in_language("es"), both.in_language("en")), ("¿Es usted residente?", "Are you a resident?"));
        let blank: Text = serde_yaml::from_str("{ en: Ill?, es: ' ' }").unwrap();
        assert!(!blank.has("es"), "blank Spanish is none");
        assert!(serde_yaml::from_str::<Text>("{ es: Solo }").is_err(), "English is needed");
    }
}
