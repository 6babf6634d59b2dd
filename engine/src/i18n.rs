//! The server's words in the person's language.
//!
//! English is the source: every text the engine and the api write stays in English in the code (the spec's own words
//! among them, exactly). Another language is a catalogue, `engine/locales/{language}.yaml`, built into the engine
//! (build.rs lists the folder): each English text with its translation. A text with parts that change (a plan's id,
//! an amount) is written once with `{placeholders}` (`Plan {plan} has no published version {version}`), and the
//! parts are carried over, translated too when the catalogue knows them. A placeholder named `{n}` takes a number
//! or a date only (`{n} days`, `on {n}`), as do `{n1}`, `{n2}`. The workflows' own texts written in other
//! languages (a carrier's question as `{ en, es }`, see [`crate::text`]) join the catalogue of their language.
//!
//! Translation happens as an answer leaves the server ([`Words::translate_value`]): only the words of an answer are
//! read (its titles, descriptions, labels, messages; see [`WORDS`]), never its data, so an answer's values, an enum's
//! choices and a person's own answers stay as they are whatever they say. A text the catalogue does not know stays
//! English: `api/tests/suite/spanish.rs` walks the steps a shopper and an applicant are shown, and every catalogue
//! text, and fails on any such text.

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

#[derive(Debug, Clone, PartialEq)]
enum Part {
    Words(String),
    Hole(String),
}

/// A text with placeholders, and its translation.
#[derive(Debug, Clone)]
struct Pattern {
    parts: Vec<Part>,
    translated: String,
}

fn parts_of(text: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
        let name = &rest[open + 1..close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            break;
        }
        if open > 0 {
            parts.push(Part::Words(rest[..open].to_string()));
        }
        parts.push(Part::Hole(name.to_string()));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        parts.push(Part::Words(rest.to_string()));
    }
    parts
}

/// The values of `parts`' holes in `text`, when `text` is the pattern with each hole filled (a hole takes the
/// shortest text that lets the rest match, and at least one character).
fn matched<'a>(parts: &'a [Part], text: &'a str) -> Option<Vec<(&'a str, &'a str)>> {
    match parts.split_first() {
        None => text.is_empty().then(Vec::new),
        Some((Part::Words(words), rest)) => matched(rest, text.strip_prefix(words.as_str())?),
        Some((Part::Hole(name), rest)) => {
            let ends: Vec<usize> = match rest.first() {
                None => vec![text.len()],
                Some(Part::Words(next)) => text.match_indices(next.as_str()).map(|(i, _)| i).collect(),
                Some(Part::Hole(_)) => text.char_indices().map(|(i, _)| i).skip(1).collect(),
            };
            // A hole named `n` (or `n1`, `n2`) takes a number or a date only ("30", "1,500", "$25", "12/01/2026"), so
            // "{n} days" never reads a sentence.
            let numeric = name.strip_prefix('n').is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit()));
            let fits = |hole: &str| !numeric || hole.chars().all(|c| c.is_ascii_digit() || ",.$%/".contains(c));
            ends.into_iter().filter(|&end| end > 0 && fits(&text[..end])).find_map(|end| {
                let mut found = matched(rest, &text[end..])?;
                found.insert(0, (name.as_str(), &text[..end]));
                Some(found)
            })
        }
    }
}

/// One language's words: each English text's translation, exactly or by a pattern.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    exact: HashMap<String, String>,
    patterns: Vec<Pattern>,
}

impl Catalogue {
    /// A catalogue file: the language's `name` and its `words`, a map of English texts to their translations. A
    /// translation must carry the same placeholders as its English, and none may be blank.
    pub fn parse(yaml: &str) -> Result<Catalogue, String> {
        let file: CatalogueFile = serde_yaml::from_str(yaml).map_err(|e| e.to_string())?;
        Catalogue::of(file.words)
    }

    fn of(entries: BTreeMap<String, String>) -> Result<Catalogue, String> {
        let mut catalogue = Catalogue::default();
        for (english, translated) in entries {
            let holes = |text: &str| {
                let mut names: Vec<String> = parts_of(text)
                    .into_iter()
                    .filter_map(|p| match p {
                        Part::Hole(name) => Some(name),
                        Part::Words(_) => None,
                    })
                    .collect();
                names.sort();
                names
            };
            if translated.trim().is_empty() {
                return Err(format!("\"{english}\" has no translation"));
            }
            if holes(&english) != holes(&translated) {
                return Err(format!("\"{translated}\" must carry the placeholders of \"{english}\""));
            }
            catalogue.add(&english, &translated);
        }
        Ok(catalogue)
    }

    /// Adds one text (a pattern when it has placeholders); a later translation of the same text replaces it.
    pub fn add(&mut self, english: &str, translated: &str) {
        let parts = parts_of(english);
        if parts.iter().any(|p| matches!(p, Part::Hole(_))) {
            self.patterns.retain(|p| p.parts != parts);
            self.patterns.push(Pattern { parts, translated: translated.to_string() });
        } else {
            self.exact.insert(english.to_string(), translated.to_string());
        }
    }

    pub fn len(&self) -> usize {
        self.exact.len() + self.patterns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `text` in this language, when the catalogue knows it: exactly, or by a pattern whose parts are carried over
    /// (each translated too when the catalogue knows it).
    pub fn translate(&self, text: &str) -> Option<String> {
        if let Some(found) = self.exact.get(text) {
            return Some(found.clone());
        }
        if text.is_empty() || !text.chars().any(char::is_alphabetic) {
            return None;
        }
        self.patterns.iter().find_map(|pattern| {
            let values = matched(&pattern.parts, text)?;
            let mut out = pattern.translated.clone();
            for (name, value) in values {
                // A part is shorter than the text, so this ends.
                let value = self.translate(value).unwrap_or_else(|| value.to_string());
                out = out.replace(&format!("{{{name}}}"), &value);
            }
            Some(out)
        })
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

    /// These words and each (language, English, translation) of `pairs`: a workflow's texts written in other
    /// languages (`Text::translations`), the catalogue's plans and categories.
    pub fn with_pairs<'a>(&self, pairs: impl IntoIterator<Item = (&'static str, &'a str, &'a str)>) -> Words {
        let mut words = self.clone();
        for (language, english, translated) in pairs {
            words.catalogues.entry(language).or_default().add(english, translated);
        }
        words
    }

    /// These words, and `other`'s where both know a text (a catalogue's and a workflow's words together).
    pub fn merged(&self, other: &Words) -> Words {
        let mut words = self.clone();
        for (language, catalogue) in &other.catalogues {
            let mine = words.catalogues.entry(language).or_default();
            mine.exact.extend(catalogue.exact.iter().map(|(k, v)| (k.clone(), v.clone())));
            for pattern in &catalogue.patterns {
                mine.patterns.retain(|p| p.parts != pattern.parts);
                mine.patterns.push(pattern.clone());
            }
        }
        words
    }

    pub fn catalogue(&self, language: &str) -> Option<&Catalogue> {
        self.catalogues.get(language)
    }

    /// `text` in `language`; English when it is English or the catalogue does not know it.
    pub fn translate<'a>(&self, language: &str, text: &'a str) -> std::borrow::Cow<'a, str> {
        match self.catalogues.get(language).and_then(|c| c.translate(text)) {
            Some(found) => found.into(),
            None => text.into(),
        }
    }

    /// A text of lines (an e-mail) in `language`, line by line: each line's words after its indent and bullet (`- `)
    /// translated as a whole when the catalogue knows them, else kept.
    pub fn translate_lines(&self, language: &str, text: &str) -> String {
        let Some(catalogue) = self.catalogues.get(language) else { return text.to_string() };
        let lines: Vec<String> = text
            .split('\n')
            .map(|line| {
                let words = line.trim_start().trim_start_matches("- ");
                let lead = &line[..line.len() - words.len()];
                match catalogue.translate(words) {
                    Some(found) => format!("{lead}{found}"),
                    None => line.to_string(),
                }
            })
            .collect();
        lines.join("\n")
    }

    /// Translates the words of `value` (an answer, a form) in place: every text [`each_text`] visits. Calls `missed`
    /// with each word the catalogue does not know (a row's value that it does not know is data, not a miss).
    pub fn translate_value(&self, language: &str, value: &mut Value, missed: &mut dyn FnMut(&str)) {
        let Some(catalogue) = self.catalogues.get(language) else { return };
        each_text(value, &mut |_, place, text| match catalogue.translate(text) {
            Some(found) => *text = found,
            None if place == Place::Words && text.chars().any(char::is_alphabetic) => missed(text),
            None => {}
        });
    }
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
             \x20 Plan {plan} has no published version {version}: El plan {plan} no tiene una versión publicada {version}\n\
             \x20 'Price after {count} questions: {which}': 'Precio después de {count} preguntas: {which}'\n\
             \x20 whether you use tobacco: si usa tabaco\n",
        )
        .unwrap()
    }

    #[test]
    fn a_text_is_translated_exactly_or_by_its_pattern_with_its_parts_carried_over() {
        let es = spanish();
        assert_eq!(es.translate("Field is required").as_deref(), Some("Este campo es obligatorio"));
        assert_eq!(
            es.translate("Plan 1403 has no published version 99").as_deref(),
            Some("El plan 1403 no tiene una versión publicada 99")
        );
        assert_eq!(
            es.translate("Price after 2 questions: whether you use tobacco").as_deref(),
            Some("Precio después de 2 preguntas: si usa tabaco"),
            "a part the catalogue knows is translated too"
        );
        assert_eq!(es.translate("Something new"), None);
        let mut days = Catalogue::default();
        days.add("{n} days", "{n} días");
        assert_eq!(days.translate("1,500 days").as_deref(), Some("1,500 días"));
        assert_eq!(days.translate("You may cancel within 30 days"), None, "{{n}} takes a number only");
        assert_eq!(es.translate("Plan  has no published version 9"), None, "a hole is never empty");
    }

    #[test]
    fn only_the_words_of_an_answer_are_translated_never_its_data() {
        let words = Words { catalogues: BTreeMap::from([("es", spanish())]) };
        let mut answer = json!({
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
        let mut missed = Vec::new();
        words.translate_value("es", &mut answer, &mut |t| missed.push(t.to_string()));
        assert_eq!(answer["title"], "Solo el miembro");
        assert_eq!(answer["schema"]["properties"]["tier"]["title"], "Solo el miembro");
        assert_eq!(answer["schema"]["properties"]["tier"]["enum"][0], "Member Only", "an enum's values are data");
        assert_eq!(answer["schema"]["properties"]["tier"]["default"], "Member Only");
        assert_eq!(
            answer["schema"]["properties"]["title"]["title"], "Este campo es obligatorio",
            "a property named title"
        );
        assert_eq!(answer["formData"]["tier"], "Member Only", "a person's answers are data");
        assert_eq!(answer["x-messages"]["required"], "Este campo es obligatorio");
        assert_eq!(answer["ui:enumNames"], json!(["Solo el miembro", "Unknown words"]));
        assert_eq!(answer["plan_name"], "Member Only", "a plan's name is data");
        assert_eq!(
            answer["facts"],
            json!([{ "label": "Solo el miembro", "value": "Solo el miembro" }, { "value": "Member Only" }])
        );
        assert_eq!(answer["required"][0], "Member Only", "a schema's required fields are names");
        assert_eq!(missed, vec!["Unknown words"]);
    }

    #[test]
    fn a_translation_that_drops_a_placeholder_or_is_blank_is_refused() {
        let one = |entry: &str| Catalogue::parse(&format!("name: Spanish\nwords:\n  {entry}\n"));
        assert!(one("Plan {plan} is gone: El plan se fue").unwrap_err().contains("placeholders"));
        assert!(one("Close: ' '").unwrap_err().contains("no translation"));
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
