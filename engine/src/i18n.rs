//! The store's own words in the person's language.
//!
//! English is the source: every message the engine and the api write is written in English in the code (the spec's
//! own words among them, exactly), and that English is the message's identity (gettext's convention). Another
//! language is a catalogue, `engine/locales/{language}.yaml`, built into the engine (build.rs lists the folder): each
//! message by its identity, with its translation. A message with parts that change (a plan's id, an amount) is
//! written once with `{placeholders}` (`Plan {plan} has no published version {version}`): it is looked up as written
//! and filled after ([`say_with`], [`fill`]), so a text is never read back to guess which message it was.
//!
//! A message is said where it is put into what a person reads: [`say`] and [`say_with`] at the place the code writes
//! it, [`say_all`] over a form the store composes from its own messages, before anyone else's words are put into it.
//! Nothing translates an answer after it is written, and this catalogue holds only the store's words: the texts of
//! their authors (a carrier's questions, a catalogue's plans and categories) carry their own languages
//! ([`crate::text::Text`], a plan's `translations`) and are resolved where they are drawn, so nothing an author
//! writes can change another's words or the store's. `api/tests/suite/spanish.rs` compares what a shopper and an
//! applicant are shown in English and in Spanish and fails on any text left in English.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::sync::OnceLock;

use serde_json::Value;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// The language the code is written in.
pub const SOURCE: &str = "en";

/// A catalogue file: the language's name in English (for the console's "In Spanish"), and its words.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogueFile {
    name: String,
    words: BTreeMap<String, String>,
}

/// A language's name in English (`Spanish`), as the carriers' console labels the words written in it.
pub fn name_of(language: &str) -> &'static str {
    static NAMES: OnceLock<BTreeMap<&'static str, String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        CATALOGUES
            .iter()
            .filter_map(|(l, yaml)| Some((*l, serde_yaml::from_str::<CatalogueFile>(yaml).ok()?.name)))
            .chain([(SOURCE, "English".to_string())])
            .collect()
    });
    names.get(language).map(String::as_str).unwrap_or("English")
}

/// Every language the store speaks: English, then each catalogue's, by name.
pub fn languages() -> impl Iterator<Item = &'static str> {
    std::iter::once(SOURCE).chain(CATALOGUES.iter().map(|(language, _)| *language))
}

/// The languages besides English.
pub fn other_languages() -> impl Iterator<Item = &'static str> {
    CATALOGUES.iter().map(|(language, _)| *language)
}

/// `language` when the store speaks it (`es`, `ES`, `es-US`), by its catalogue's name.
pub fn spoken(language: &str) -> Option<&'static str> {
    let primary = language.split(['-', '_']).next().unwrap_or_default().trim();
    languages().find(|known| known.eq_ignore_ascii_case(primary))
}

/// The keys whose text (a string, or a list of strings) is words people read. Every other string of an answer is
/// data and is never translated: a form's answers, an enum's values, codes, names of fields, plan names.
pub const WORDS: &[&str] = &[
    // A category's and a card's texts (a plan's own are `PLAN_TEXTS`).
    "section_name",
    "plan_short_text",
    "category_name",
    // A category's name in the landing's grid; a plan option's or a person's name is only translated when the
    // catalogue has it as words ("Family").
    "name",
    "notices",
    // A listing's words when it has nothing to show, or which choice to loosen.
    "notice",
    // The receipt's words: how the premiums are paid, when, what happens next, whom each plan covers.
    "method",
    "first_when",
    "recurring_when",
    "next_steps",
    "covered",
    // A site's own words (the store's are in its catalogue; a rep's biography stays as the rep wrote it).
    "tagline",
    "display_about_name",
    "about",
    // An offer (the step's and the spec's suggested plans'), and a question before an act that cannot be undone.
    "header",
    "link_description",
    "pop_up_title",
    "pop_up_header",
    "pop_up_link_description",
    "accept",
    "decline",
    "cancel",
    // Forms, steps and messages.
    "title",
    "description",
    "error_message",
    "message",
    "text",
    "label",
    "help",
    "note",
    "question",
    "question_text",
    "dependent_text",
    "decline_message",
    "success_message",
    "price_note",
    "opens_with",
    "display_name",
    "required",
    "ui:title",
    "ui:description",
    "ui:help",
    "ui:placeholder",
    "ui:enumNames",
    "enumNames",
    "x-ready",
    "x-description",
];

/// The names of a plan's texts people read (`catalogue::Plan::text`), which answers carry under the same names.
pub const PLAN_TEXTS: [&str; 11] = [
    "short_text",
    "header_text",
    "blueBarText",
    "body_text",
    "association_text",
    "exclusions_text_name",
    "exclusions_text",
    "example_text_name",
    "example_text",
    "faq_text_name",
    "faq_text",
];

/// Whether the text under `key` is words people read.
fn is_words(key: &str) -> bool {
    WORDS.contains(&key) || PLAN_TEXTS.contains(&key)
}

/// The keys whose value maps names to words (a form's messages per check).
const WORD_MAPS: &[&str] = &["x-messages"];

/// The keys under which everything is a person's own data, never read for words.
const DATA: &[&str] = &["formData", "form_data", "answers", "enum", "const", "default", "examples"];

/// One language's words: each of the store's messages by its identity, the English the code writes it in (with
/// `{placeholders}` where parts change, filled after it is looked up).
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    words: HashMap<String, String>,
}

/// The names of the `{placeholders}` of `text`, sorted: a `{` followed by letters, digits or `_` and a `}`. Anything
/// else between braces is only characters.
fn holes(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let name_len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        if name_len > 0 && after[name_len..].starts_with('}') {
            names.push(&after[..name_len]);
            rest = &after[name_len + 1..];
        } else {
            rest = after;
        }
    }
    names.sort_unstable();
    names
}

/// `template` with each `{name}` of `values` replaced by its value, in one pass over the template: a value is never
/// read again, so whatever it holds (braces, another placeholder's name) is written as it is, and the time is linear
/// in the template and the values.
pub fn fill(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16 * values.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        let value = (name_len > 0 && after[name_len..].starts_with('}'))
            .then(|| values.iter().find(|(name, _)| *name == &after[..name_len]))
            .flatten();
        match value {
            Some((_, value)) => {
                let _ = write!(out, "{value}");
                rest = &after[name_len + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

impl Catalogue {
    /// A catalogue file: the language's `name` and its `words`, a map of the store's messages (their English) to
    /// their translations. A translation must carry the same placeholders as its English, and none may be blank.
    pub fn parse(yaml: &str) -> Result<Catalogue, String> {
        let file: CatalogueFile = serde_yaml::from_str(yaml).map_err(|e| e.to_string())?;
        let mut words = HashMap::with_capacity(file.words.len());
        for (english, translated) in file.words {
            if translated.trim().is_empty() {
                return Err(format!("\"{english}\" has no translation"));
            }
            if holes(&english) != holes(&translated) {
                return Err(format!("\"{translated}\" must carry the placeholders of \"{english}\""));
            }
            words.insert(english, translated);
        }
        Ok(Catalogue { words })
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words for the store's message `id`, when this catalogue has them: looked up by the identity only, never
    /// by what a text resembles.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.words.get(id).map(String::as_str)
    }

    /// Every message this catalogue has, by its identity.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.words.keys().map(String::as_str)
    }
}

/// Every language's words.
#[derive(Debug, Clone, Default)]
pub struct Words {
    catalogues: BTreeMap<&'static str, Catalogue>,
}

impl Words {
    /// The catalogues built into the engine. A catalogue that does not read is a defect of the build, caught by the
    /// engine's tests.
    pub fn shipped() -> &'static Words {
        static SHIPPED: OnceLock<Words> = OnceLock::new();
        SHIPPED.get_or_init(|| Words {
            catalogues: CATALOGUES
                .iter()
                .map(|(language, yaml)| {
                    let catalogue =
                        Catalogue::parse(yaml).unwrap_or_else(|e| panic!("engine/locales/{language}.yaml: {e}"));
                    (*language, catalogue)
                })
                .collect(),
        })
    }

    pub fn catalogue(&self, language: &str) -> Option<&Catalogue> {
        self.catalogues.get(language)
    }
}

/// The store's message `id` (its English, exactly as the code writes it) in `language`: its words in that language's
/// catalogue, or the English itself in English and where the catalogue has none (the api's Spanish tests name any
/// such message a person is shown). Called where the message is put into what a person reads.
pub fn say<'a>(language: &str, id: &'a str) -> &'a str {
    if language == SOURCE || language.is_empty() {
        return id;
    }
    Words::shipped().catalogue(language).and_then(|c| c.get(id)).unwrap_or(id)
}

/// The store's message `template` (`Plan {plan} has no published version {version}`) in `language`, its
/// placeholders filled with `values` after it is looked up ([`fill`]). A value that is words itself (a tier's name)
/// is said by the caller.
pub fn say_with(language: &str, template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    fill(say(language, template), values)
}

/// Each text of `value`, a form or an answer the store composed from its own messages only (nothing an author wrote
/// and no one's data is in it yet), said in `language` ([`say`]): the texts [`each_text`] visits. Used where such a
/// form is composed, before the texts of their authors are put into it.
pub fn say_all(language: &str, value: &mut Value) {
    let Some(catalogue) = (language != SOURCE).then(|| Words::shipped().catalogue(language)).flatten() else {
        return;
    };
    each_text(value, &mut |_, _, text| {
        if let Some(found) = catalogue.get(text) {
            *text = found.to_string();
        }
    });
}

/// What a text visited by [`each_text`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Words people read: the text under a key of [`WORDS`] or [`PLAN_TEXTS`] (or each text of an array there), and
    /// each message of a map under [`WORD_MAPS`].
    Words,
    /// The value of a row drawn as a label and its value (a plan's fact, a review's answer): words when the catalogue
    /// has them ("90 days", "Married"), data otherwise (a name, an amount).
    RowValue,
}

/// Visits every text of `value` people read, at any depth, with its path (`/step/schema/title`) and what it
/// is; never anything under [`DATA`], nor a schema's `required` list of field names. The one list of what is words in
/// an answer: the language layer translates what this visits, and the tests read what it visits.
pub fn each_text(value: &mut Value, visit: &mut dyn FnMut(&str, Place, &mut String)) {
    walk(value, &mut String::new(), visit);
}

fn words_at(value: &mut Value, path: &mut String, visit: &mut dyn FnMut(&str, Place, &mut String)) {
    match value {
        Value::String(text) => visit(path, Place::Words, text),
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                if let Value::String(text) = item {
                    let at = path.len();
                    let _ = write!(path, "/{i}");
                    visit(path, Place::Words, text);
                    path.truncate(at);
                }
            }
        }
        // A key of WORDS naming an object (a schema property called `title`) holds no words itself.
        other => walk(other, path, visit),
    }
}

fn walk(value: &mut Value, path: &mut String, visit: &mut dyn FnMut(&str, Place, &mut String)) {
    match value {
        Value::Object(fields) => {
            // A row drawn as a label and its value (a plan's fact, a review's answer) shows the value as words too:
            // "90 days", "Married".
            let row = fields.contains_key("label");
            for (key, field) in fields.iter_mut() {
                let at = path.len();
                path.push('/');
                path.push_str(key);
                if row && key == "value" {
                    if let Value::String(text) = field {
                        visit(path, Place::RowValue, text);
                    }
                } else if DATA.contains(&key.as_str()) || (key == "required" && !field.is_string()) {
                    // A person's data; a schema's `required` lists names of fields (a part's `required`, a string, is
                    // words).
                } else if is_words(key) {
                    words_at(field, path, visit);
                } else if WORD_MAPS.contains(&key.as_str()) {
                    if let Value::Object(messages) = field {
                        for (name, message) in messages.iter_mut() {
                            let at = path.len();
                            path.push('/');
                            path.push_str(name);
                            words_at(message, path, visit);
                            path.truncate(at);
                        }
                    }
                } else {
                    walk(field, path, visit);
                }
                path.truncate(at);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                let at = path.len();
                let _ = write!(path, "/{i}");
                walk(item, path, visit);
                path.truncate(at);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn spanish() -> Catalogue {
        Catalogue::parse(
            "name: Spanish\nwords:\n\
             \x20 Field is required: Este campo es obligatorio\n\
             \x20 Member Only: Solo el miembro\n\
             \x20 Plan {plan} has no published version {version}: El plan {plan} no tiene una versión publicada {version}\n",
        )
        .unwrap()
    }

    #[test]
    fn a_message_is_found_by_its_identity_only_and_its_parts_are_filled_after() {
        let es = spanish();
        assert_eq!(es.get("Field is required"), Some("Este campo es obligatorio"));
        assert_eq!(es.get("Field is required "), None, "an identity, not a resemblance");
        assert_eq!(es.get("Plan 1403 has no published version 99"), None, "a filled text is not a message");
        let template = es.get("Plan {plan} has no published version {version}").unwrap();
        assert_eq!(
            fill(template, &[("plan", &1403), ("version", &99)]),
            "El plan 1403 no tiene una versión publicada 99"
        );
        assert_eq!(say("en", "Field is required"), "Field is required");
        assert_eq!(say("es", "Something the catalogue lacks"), "Something the catalogue lacks");
    }

    #[test]
    fn a_value_filled_in_is_written_as_it_is_never_read_as_a_placeholder() {
        let filled =
            fill("Plan {plan} has no published version {version}", &[("plan", &"{version}"), ("version", &"{x}")]);
        assert_eq!(filled, "Plan {version} has no published version {x}");
        assert_eq!(fill("{unknown} and { spaced } and {", &[]), "{unknown} and { spaced } and {");
        assert_eq!(fill("{a}{a}{b}", &[("a", &1), ("b", &"é")]), "11é");
    }

    #[test]
    fn only_the_words_of_a_store_form_are_said_never_its_data() {
        let mut form = json!({
            "title": "Member Only",
            "schema": { "properties": { "tier": { "title": "Member Only", "enum": ["Member Only"], "default": "Member Only" },
                                        "title": { "type": "string", "title": "Field is required" } } },
            "formData": { "tier": "Member Only" },
            "required": ["Member Only"],
            "x-messages": { "required": "Field is required" },
            "ui:enumNames": ["Member Only", "Unknown words"],
            "facts": [{ "label": "Member Only", "value": "Member Only" }, { "value": "Member Only" }],
            "plan_name": "Member Only",
        });
        let mut words = Words::default();
        words.catalogues.insert("xx", spanish());
        let catalogue = words.catalogue("xx").unwrap();
        each_text(&mut form, &mut |_, _, text| {
            if let Some(found) = catalogue.get(text) {
                *text = found.to_string();
            }
        });
        assert_eq!(form["title"], "Solo el miembro");
        assert_eq!(form["schema"]["properties"]["tier"]["title"], "Solo el miembro");
        assert_eq!(form["schema"]["properties"]["tier"]["enum"][0], "Member Only", "an enum's values are data");
        assert_eq!(form["schema"]["properties"]["tier"]["default"], "Member Only");
        assert_eq!(
            form["schema"]["properties"]["title"]["title"], "Este campo es obligatorio",
            "a property named title"
        );
        assert_eq!(form["formData"]["tier"], "Member Only", "a person's answers are data");
        assert_eq!(form["x-messages"]["required"], "Este campo es obligatorio");
        assert_eq!(form["ui:enumNames"], json!(["Solo el miembro", "Unknown words"]));
        assert_eq!(form["plan_name"], "Member Only", "a plan's name is data");
        assert_eq!(
            form["facts"],
            json!([{ "label": "Solo el miembro", "value": "Solo el miembro" }, { "value": "Member Only" }])
        );
        assert_eq!(form["required"][0], "Member Only", "a schema's required fields are names");
    }

    #[test]
    fn a_translation_that_drops_a_placeholder_or_is_blank_is_refused() {
        let one = |entry: &str| Catalogue::parse(&format!("name: Spanish\nwords:\n  {entry}\n"));
        assert!(one("Plan {plan} is gone: El plan se fue").unwrap_err().contains("placeholders"));
        assert!(one("'{a} {b}': '{b}'").unwrap_err().contains("placeholders"));
        assert!(one("Close: ' '").unwrap_err().contains("no translation"));
        assert!(one("'{n} days': '{n} días'").is_ok());
    }

    mod bounded {
        use super::*;
        use proptest::prelude::*;

        fn template() -> impl Strategy<Value = String> {
            // Words and placeholders, the same few letters so that they repeat, nest and overlap.
            prop::collection::vec(prop_oneof![3 => "[ab {}]{1,4}", 1 => "\\{[an][0-9]?\\}"], 1..16)
                .prop_map(|p| p.concat())
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

            /// Whatever a template and its values hold (braces, names of other placeholders, a value as long as a
            /// page repeated), filling it reads each once: in time linear in their lengths, without recursion, and
            /// every value is written exactly as given.
            #[test]
            fn any_template_is_filled_with_any_values_in_a_bounded_time(
                template in template(),
                seed in "[ab {}0-9]{0,40}",
                repeat in 1usize..5_000,
            ) {
                let long = seed.repeat(repeat);
                let values: [(&str, &dyn std::fmt::Display); 4] = [("a", &long), ("a1", &long), ("n", &long), ("n0", &"{a}")];
                let template = template.repeat(200);
                let started = std::time::Instant::now();
                let filled = fill(&template, &values);
                prop_assert!(started.elapsed() < std::time::Duration::from_millis(500), "{:?} for {} bytes", started.elapsed(), filled.len());
                let holes = holes(&template).len();
                prop_assert!(filled.len() <= template.len() + holes * long.len().max(3));
            }
        }
    }

    #[test]
    fn the_shipped_catalogues_read_and_name_their_languages() {
        let shipped = Words::shipped();
        for language in other_languages() {
            assert!(!shipped.catalogue(language).unwrap().is_empty(), "{language}");
        }
        assert_eq!(spoken("es-US"), Some("es"));
        assert_eq!(spoken("EN"), Some("en"));
        assert_eq!(spoken("fr"), None);
        assert_eq!(name_of("es"), "Spanish");
    }
}
