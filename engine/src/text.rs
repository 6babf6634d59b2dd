//! A text people read, written in English and, when its author wrote it, in Spanish too: a carrier's question, a
//! detail field's label, a health set's messages.
//!
//! In a workflow file a text is a plain string (English only), or `{ en: ..., es: ... }`. English is what every
//! screen shows today and what the spec's calls answer; a text's Spanish form is kept beside it for the Spanish
//! store, and a text without one falls back to English (`enroll check-workflows` counts them). A third language is a
//! third key here, not code elsewhere.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The languages a text may be written in besides English, in the order they are offered.
pub const OTHER_LANGUAGES: [&str; 1] = ["es"];

/// A text in English, and in Spanish when written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Text {
    pub en: String,
    pub es: Option<String>,
}

impl Text {
    /// The text in `language` (`en`, `es`), or in English when it was not written in that one.
    pub fn in_language(&self, language: &str) -> &str {
        match language {
            "es" => self.es.as_deref().filter(|s| !s.trim().is_empty()).unwrap_or(&self.en),
            _ => &self.en,
        }
    }

    /// Whether it was written in `language` too.
    pub fn has(&self, language: &str) -> bool {
        language == "en" || (language == "es" && self.es.as_deref().is_some_and(|s| !s.trim().is_empty()))
    }
}

impl std::ops::Deref for Text {
    type Target = str;

    /// English: what every screen shows today.
    fn deref(&self) -> &str {
        &self.en
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

impl From<&str> for Text {
    fn from(en: &str) -> Text {
        Text { en: en.to_string(), es: None }
    }
}

impl From<String> for Text {
    fn from(en: String) -> Text {
        Text { en, es: None }
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
    Languages {
        en: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        es: Option<String>,
    },
}

impl Serialize for Text {
    /// A plain string when it is English only, as files write it.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.es {
            None => serializer.serialize_str(&self.en),
            Some(es) => Written::Languages { en: self.en.clone(), es: Some(es.clone()) }.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        Ok(match Written::deserialize(deserializer)? {
            Written::English(en) => Text { en, es: None },
            Written::Languages { en, es } => Text { en, es: es.filter(|s| !s.trim().is_empty()) },
        })
    }
}

impl JsonSchema for Text {
    fn schema_name() -> Cow<'static, str> {
        "Text".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Words people read: a string (English), or the English and the Spanish.",
            "anyOf": [
                { "type": "string", "minLength": 1 },
                {
                    "type": "object",
                    "properties": {
                        "en": { "type": "string", "minLength": 1, "description": "In English." },
                        "es": { "type": "string", "description": "In Spanish (English is shown where it is missing)." }
                    },
                    "required": ["en"],
                    "additionalProperties": false
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
        assert_eq!(&*both, "Are you a resident?", "screens read English today");
        let blank: Text = serde_yaml::from_str("{ en: Ill?, es: ' ' }").unwrap();
        assert_eq!(blank.es, None, "blank Spanish is none");
    }
}
