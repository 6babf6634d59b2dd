//! The store's own words in the person's language.
//!
//! English is the source: every text the engine and the api write stays in English in the code (the spec's own words
//! among them, exactly). Another language is a catalogue, `engine/locales/{language}.yaml`, built into the engine
//! (build.rs lists the folder): each of the store's messages, keyed by its English, with its translation. A message
//! with parts that change (a plan's id, an amount) is written once with `{placeholders}` (`Plan {plan} has no
//! published version {version}`), and the parts are carried over, translated too when the catalogue knows them
//! exactly. A placeholder named `{n}` takes a number or a date only (`{n} days`, `on {n}`), as do `{n1}`, `{n2}`. A
//! text is matched against a template in one pass, without backtracking or recursion, whatever it holds.
//!
//! Only the store's words are here, and what the catalogue's plans and categories carry in other languages, exactly
//! and never over the store's own ([`Words::of_authors`], [`Words::merged`]). A carrier's texts are not: they carry
//! their own languages ([`crate::text::Text`]) and are resolved where they are drawn, so nothing a carrier writes can
//! change another carrier's words or the store's.
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

/// Whether `parts` hold words with a letter besides their placeholders.
fn english_words(parts: &[Part]) -> bool {
    parts.iter().any(|p| matches!(p, Part::Words(words) if words.chars().any(char::is_alphabetic)))
}

/// The values of `parts`' holes in `text`, when `text` is the pattern with each hole filled: each hole takes the text
/// up to the first place its following words start (at least one character), the last hole the rest. One pass, no
/// backtracking and no recursion: the time is linear in the text for each pattern, whatever the text holds (a
/// catalogue never has two holes side by side, which [`Catalogue::parse`] refuses).
fn matched<'a>(parts: &'a [Part], text: &'a str) -> Option<Vec<(&'a str, &'a str)>> {
    let mut found = Vec::new();
    let mut rest = text;
    let mut i = 0;
    while i < parts.len() {
        match &parts[i] {
            Part::Words(words) => rest = rest.strip_prefix(words.as_str())?,
            Part::Hole(name) => {
                let end = match parts.get(i + 1) {
                    None => rest.len(),
                    // The last words end the text: the hole is all before them.
                    Some(Part::Words(last)) if i + 2 == parts.len() => rest.strip_suffix(last.as_str())?.len(),
                    Some(Part::Words(next)) => {
                        let first = rest.char_indices().nth(1).map(|(at, _)| at)?;
                        first + rest[first..].find(next.as_str())?
                    }
                    Some(Part::Hole(_)) => return None,
                };
                let hole = &rest[..end];
                // A hole named `n` (or `n1`, `n2`) takes a number or a date only ("30", "1,500", "$25", "12/01/2026"),
                // so "{n} days" never reads a sentence.
                let numeric = name.strip_prefix('n').is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit()));
                if hole.is_empty() || (numeric && !hole.chars().all(|c| c.is_ascii_digit() || ",.$%/".contains(c))) {
                    return None;
                }
                found.push((name.as_str(), hole));
                rest = &rest[end..];
            }
        }
        i += 1;
    }
    rest.is_empty().then_some(found)
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
            let parts = parts_of(&english);
            if parts.windows(2).any(|pair| matches!(pair, [Part::Hole(_), Part::Hole(_)])) {
                return Err(format!("\"{english}\": a placeholder must be followed by words, not by another"));
            }
            if !holes(&english).is_empty() && !english_words(&parts) {
                return Err(format!("\"{english}\": a text with placeholders needs words of its own"));
            }
            catalogue.add(&english, &translated);
        }
        Ok(catalogue)
    }

    /// Adds one of the store's own texts (a pattern when it has placeholders); a later translation of the same text
    /// replaces it.
    fn add(&mut self, english: &str, translated: &str) {
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
    /// (each translated too when the catalogue knows it exactly: never by a pattern again, so a text is read once).
    pub fn translate(&self, text: &str) -> Option<String> {
        if let Some(found) = self.exact.get(text) {
            return Some(found.clone());
        }
        if text.is_empty() || !text.chars().any(char::is_alphabetic) {
            return None;
        }
        self.patterns.iter().find_map(|pattern| {
            let values = matched(&pattern.parts, text)?;
            let mut out = String::with_capacity(pattern.translated.len() + text.len());
            for part in parts_of(&pattern.translated) {
                match part {
                    Part::Words(words) => out.push_str(&words),
                    Part::Hole(name) => {
                        let value = values.iter().find(|(n, _)| *n == name).map(|(_, v)| *v).unwrap_or_default();
                        out.push_str(self.exact.get(value).map(String::as_str).unwrap_or(value));
                    }
                }
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

    /// Words of texts their author wrote in other languages (a catalogue's plans and categories): each (language,
    /// English, translation) of `pairs`, read exactly, never as a pattern (nothing an author writes is a placeholder).
    /// Two different translations of the same English in one language are refused, naming the English: one text could
    /// otherwise take another's words.
    pub fn of_authors<'a>(pairs: impl IntoIterator<Item = (&'static str, &'a str, &'a str)>) -> Result<Words, String> {
        let mut words = Words::default();
        for (language, english, translated) in pairs {
            let exact = &mut words.catalogues.entry(language).or_default().exact;
            match exact.get(english) {
                Some(before) if before != translated => {
                    return Err(format!(
                        "\"{english}\" is translated as \"{before}\" and as \"{translated}\": one English text has one translation in a language"
                    ));
                }
                Some(_) => {}
                None => {
                    exact.insert(english.to_string(), translated.to_string());
                }
            }
        }
        Ok(words)
    }

    /// These words (the store's own), and `authors`' exact translations where the store has none: an author's words
    /// never replace the store's own.
    pub fn merged(&self, authors: &Words) -> Words {
        let mut words = self.clone();
        for (language, catalogue) in &authors.catalogues {
            let mine = words.catalogues.entry(language).or_default();
            for (english, translated) in &catalogue.exact {
                mine.exact.entry(english.clone()).or_insert_with(|| translated.clone());
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
    fn a_catalogue_refuses_placeholders_side_by_side_or_without_words_of_their_own() {
        let one = |entry: &str| Catalogue::parse(&format!("name: Spanish\nwords:\n  {entry}\n"));
        assert!(one("'{h0}{h1} qqq': '{h0}{h1} zzz'").unwrap_err().contains("followed by words"));
        assert!(one("'{x}': '{x}'").unwrap_err().contains("words of its own"));
        assert!(one("'{a} {b}': '{a} {b}'").unwrap_err().contains("words of its own"));
        assert!(one("'{n} days': '{n} días'").is_ok());
    }

    #[test]
    fn a_long_text_is_read_in_one_pass_whatever_it_repeats() {
        // A pattern whose hole could take the text again ("{a} x" over "1 x x x ...") once recursed once per
        // repetition, and overflowed the stack on a long text.
        let mut es = Catalogue::default();
        es.add("{a} x", "{a} equis");
        es.add("Plan {plan} costs {price} a month", "El plan {plan} cuesta {price} al mes");
        let long = format!("1{}", " x".repeat(200_000));
        let started = std::time::Instant::now();
        let translated = es.translate(&long).unwrap();
        assert!(translated.ends_with(" equis") && translated.len() == long.len() + 4);
        let costs = format!("Plan {} costs $5 a month", "Plan 7 costs ".repeat(50_000));
        assert!(es.translate(&costs).is_some());
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "{:?}", started.elapsed());
    }

    #[test]
    fn an_authors_words_are_exact_never_a_pattern_and_never_replace_the_stores_own() {
        let authors = Words::of_authors([
            ("es", "{x}", "ZZ"),
            ("es", "Field is required", "BOB-REQUIRED"),
            ("es", "Dental for {brand}", "Dental para {brand}"),
        ])
        .unwrap();
        let words = Words { catalogues: BTreeMap::from([("es", spanish())]) }.merged(&authors);
        assert_eq!(words.translate("es", "Field is required"), "Este campo es obligatorio", "the store's own stands");
        assert_eq!(words.translate("es", "Anything at all"), "Anything at all", "{{x}} is a text, not a pattern");
        assert_eq!(words.translate("es", "{x}"), "ZZ", "read exactly as written");
        assert_eq!(words.translate("es", "Dental for Acme"), "Dental for Acme");
        let twice = Words::of_authors([("es", "Family", "Familia"), ("es", "Family", "Familiar")]);
        assert!(twice.unwrap_err().contains("\"Family\""), "one English, one translation");
    }

    mod bounded {
        use super::*;
        use proptest::prelude::*;

        fn template() -> impl Strategy<Value = String> {
            // Words and placeholders, the same few letters so that they repeat and overlap in the texts read.
            prop::collection::vec(prop_oneof![3 => "[ab {}]{1,4}", 1 => "\\{[an][0-9]?\\}"], 1..8)
                .prop_map(|parts| parts.concat())
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

            /// Whatever templates a catalogue is given and whatever text it reads, a text is translated (or not) in
            /// time linear in its length, without recursing on it: no stack overflow, and a long text in a bound.
            #[test]
            fn any_catalogue_reads_any_text_in_a_bounded_time(
                templates in prop::collection::vec(template(), 1..12),
                seed in "[ab {}0-9]{0,40}",
                repeat in 1usize..5_000,
            ) {
                let mut catalogue = Catalogue::default();
                for template in &templates {
                    let parts = parts_of(template);
                    // What `parse` refuses is never in a catalogue.
                    if parts.windows(2).any(|w| matches!(w, [Part::Hole(_), Part::Hole(_)])) {
                        continue;
                    }
                    catalogue.add(template, &format!("es {template}"));
                }
                let text = seed.repeat(repeat);
                let started = std::time::Instant::now();
                let _ = catalogue.translate(&text);
                prop_assert!(started.elapsed() < std::time::Duration::from_millis(500), "{:?} for {} bytes", started.elapsed(), text.len());
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
