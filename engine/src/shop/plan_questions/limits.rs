//! What a plan's questionnaire may hold, as a carrier sends it from the console (a draft, or a file imported): each
//! limit is checked before the work it bounds, so that no questionnaire costs the store more than a real one does.
//!
//! - **Bytes** ([`MOST_BYTES`]): a draft's request, or an imported file's text, before it is read at all.
//! - **Depth** ([`MOST_DEPTH`]): the text is scanned for how deep it nests ([`deeper_than`]) before a parser reads it:
//!   YAML's parser takes time that grows with the square of a document's depth (a file nested 60,000 deep took 12 s),
//!   and JSON's refuses past 128 with words for programmers.
//! - **Entries** ([`MOST_QUESTIONS`]): the questions of a part, and any other list or map (a plan's detail sets, a
//!   set's fields), once read and before the questionnaire is checked and drawn.
//! - **Characters** ([`MOST_CHARACTERS`]): every text (a question's words in each language, a message, a label).
//! - **Names** ([`check`]): a part or a field the format does not have is refused under its name, at any depth: a part
//!   misspelt (`heath`) would otherwise be a questionnaire that asks nothing of it.
//!
//! The largest questionnaire in the workflows (the application's Health Questions, seven questions and two detail
//! sets in both languages) is about 6 KB, with 8 levels and texts of at most 150 characters.

use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::i18n::say_with;

/// The most bytes of a draft (its request) or of an imported file's text.
pub const MOST_BYTES: usize = 256 * 1024;
/// The most questions of a part, and the most entries of any other list or map of a questionnaire.
pub const MOST_QUESTIONS: usize = 200;
/// The most characters of a text (a question's words in one language, a message, a label, a name).
pub const MOST_CHARACTERS: usize = 2_000;
/// The most levels a questionnaire nests (each map and list is a level: a question's words in two languages are at
/// level 5, a detail field's label at level 7).
pub const MOST_DEPTH: usize = 32;
/// How many times one carrier may publish (a draft, or an earlier version brought back) in any hour: each publish
/// makes a whole version of the workflows, which every replica reads.
pub const PUBLISHES_PER_HOUR: usize = 30;

/// The parts of a questionnaire, and the fields the console sets itself.
const PARTS: [&str; 3] = ["eligibility", "health", "application"];
const OWN_FIELDS: [&str; 2] = ["kind", "plan_id"];

/// A name that is not a part of a questionnaire.
pub const UNKNOWN_PART: &str = "unknown part: a questionnaire's parts are eligibility, health and application";
/// A name that is not a field of the format where it stands.
pub const UNKNOWN_FIELD: &str = "unknown field: the questionnaire's format has no field of this name here";

const TOO_LARGE: &str = "A questionnaire may be at most {n} KB: this one is larger";
const TOO_DEEP_AT: &str = "A questionnaire may nest at most {n1} levels: this one goes deeper at line {n2}";
const TOO_DEEP: &str = "A questionnaire may nest at most {n} levels";
const TOO_MANY_QUESTIONS: &str = "A part may hold at most {n} questions";
const TOO_MANY_ENTRIES: &str = "A list may hold at most {n} entries";
const TOO_LONG: &str = "A text may hold at most {n} characters";
const TOO_MANY_PUBLISHES: &str =
    "Your carrier may publish at most {n1} times an hour. Please publish again in {n2} min.";

/// What a questionnaire over [`MOST_BYTES`] is told, in `language`.
pub fn too_large(language: &str) -> String {
    say_with(language, TOO_LARGE, &[("n", &(MOST_BYTES / 1024))])
}

/// What a text that nests past [`MOST_DEPTH`] is told, with the line where it does (1 for JSON on one line).
pub fn too_deep_at(line: usize, language: &str) -> String {
    say_with(language, TOO_DEEP_AT, &[("n1", &MOST_DEPTH), ("n2", &line)])
}

/// What a carrier that published [`PUBLISHES_PER_HOUR`] times in the last hour is told.
pub fn too_many_publishes(minutes: u64, language: &str) -> String {
    say_with(language, TOO_MANY_PUBLISHES, &[("n1", &PUBLISHES_PER_HOUR), ("n2", &minutes)])
}

/// Every refusal of the console's limits (their messages as written), for the test that each has its translation
/// (`error::own_refusals`).
pub fn refusals() -> Vec<&'static str> {
    vec![
        TOO_MANY_PUBLISHES,
        TOO_LARGE,
        TOO_DEEP_AT,
        TOO_DEEP,
        TOO_MANY_QUESTIONS,
        TOO_MANY_ENTRIES,
        TOO_LONG,
        UNKNOWN_PART,
        UNKNOWN_FIELD,
    ]
}

/// A questionnaire over a limit: the field (dotted, `health.questions`; empty for the whole) and which limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beyond {
    pub field: String,
    /// The limit's message, and the number it names.
    why: (&'static str, usize),
}

impl Beyond {
    fn at(field: &str, why: (&'static str, usize)) -> Beyond {
        Beyond { field: field.to_string(), why }
    }

    /// What the carrier is told, in `language`.
    pub fn reason(&self, language: &str) -> String {
        say_with(language, self.why.0, &[("n", &self.why.1)])
    }
}

const UNKNOWN_PART_AT: (&str, usize) = (UNKNOWN_PART, 0);
const UNKNOWN_FIELD_AT: (&str, usize) = (UNKNOWN_FIELD, 0);
const TOO_DEEP_HERE: (&str, usize) = (TOO_DEEP, MOST_DEPTH);
const TOO_MANY_QUESTIONS_HERE: (&str, usize) = (TOO_MANY_QUESTIONS, MOST_QUESTIONS);
const TOO_MANY_ENTRIES_HERE: (&str, usize) = (TOO_MANY_ENTRIES, MOST_QUESTIONS);
const TOO_LONG_HERE: (&str, usize) = (TOO_LONG, MOST_CHARACTERS);

/// The line (from 1) where `text`, YAML or JSON, first nests deeper than `most` levels; none when it never does.
///
/// One pass over the text, never a parse: flow collections (`[`, `{`) are counted wherever a YAML parser opens them
/// (anywhere inside a flow collection; in block context where a node may start: at a line's start, after `- `, `? `
/// or `key: `, and after an anchor or a tag), outside quoted scalars and comments; block collections are counted by
/// their indentation (each `- ` and each `key:` opens a level at its column, a sequence at the column of the mapping
/// that holds it too), and block scalars (`|`, `>`) are skipped. It errs on the side of more levels: what it counts
/// as one (a bracket at the start of a continued plain scalar, say) is never fewer than a parser makes.
pub fn deeper_than(text: &str, most: usize) -> Option<usize> {
    let mut scan = Scan { most, ..Scan::default() };
    // YAML breaks lines at LF, CR, CR LF, and (1.1, as libyaml reads) NEL, LS and PS: each ends a line here too, or
    // a document's blocks could hide on one line (a CR LF makes an empty line, which changes nothing).
    for (index, line) in text.split(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']).enumerate() {
        if scan.line(line).is_err() {
            return Some(index + 1);
        }
    }
    None
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    Sequence,
    Mapping,
}

/// The state of [`deeper_than`] between lines.
#[derive(Debug, Default)]
struct Scan {
    most: usize,
    /// Block collections open, by column.
    blocks: Vec<(usize, Block)>,
    /// Flow collections open.
    flow: usize,
    /// The quote of a quoted scalar open at the end of the last line.
    quote: Option<char>,
    /// A block scalar being skipped: the column of the node it belongs to (none at the top), and its lines' indent
    /// once its first line is seen.
    literal: Option<(Option<usize>, Option<usize>)>,
    /// Whether a node may start at this point (a quote or a bracket opens one here).
    at_start: bool,
}

/// Past the limit.
struct Deeper;

impl Scan {
    fn depth(&self) -> usize {
        self.blocks.len() + self.flow
    }

    fn check(&self) -> Result<(), Deeper> {
        if self.depth() > self.most {
            Err(Deeper)
        } else {
            Ok(())
        }
    }

    /// A block collection's entry at `column`: the collection continues, or a new one opens.
    fn open(&mut self, column: usize, kind: Block) -> Result<(), Deeper> {
        while self.blocks.last().is_some_and(|(c, _)| *c > column) {
            self.blocks.pop();
        }
        match self.blocks.last().copied() {
            Some((c, k)) if c == column && k == kind => {}
            // A mapping's entry after its sequence at the same column: the sequence has ended.
            Some((c, Block::Sequence)) if c == column => {
                self.blocks.pop();
                if self.blocks.last() != Some(&(column, Block::Mapping)) {
                    self.blocks.push((column, Block::Mapping));
                }
            }
            // A sequence at its mapping's column (`key:` then `- item` under it), or a new collection.
            _ => self.blocks.push((column, kind)),
        }
        self.check()
    }

    fn line(&mut self, line: &str) -> Result<(), Deeper> {
        let chars: Vec<char> = line.chars().collect();
        let indent = chars.iter().take_while(|c| **c == ' ').count();
        let blank = chars.iter().all(|c| c.is_whitespace());
        if let Some((parent, content)) = self.literal {
            let inside = |column: usize| parent.is_none_or(|p| column > p);
            match content {
                _ if blank => return Ok(()),
                None if inside(indent) => {
                    self.literal = Some((parent, Some(indent)));
                    return Ok(());
                }
                Some(content) if indent >= content => return Ok(()),
                _ => self.literal = None,
            }
        }
        let mut i = 0;
        // The column of this line's first node in block context, and whether a key was found on it.
        let mut content_column = None;
        let mut keyed = false;
        if self.quote.is_none() && self.flow == 0 {
            if blank || chars[indent] == '#' {
                return Ok(());
            }
            i = indent;
            self.at_start = true;
            // A document's start or end: a new document, whose node may follow on the line.
            let marker = chars.len() >= 3 && (chars[..3] == ['-'; 3] || chars[..3] == ['.'; 3]);
            if indent == 0 && marker && chars.get(3).is_none_or(|c| c.is_whitespace()) {
                self.blocks.clear();
                i = 3;
            }
            // Sequence entries (`- `), explicit keys and values (`? `, `: `), each a level at its column.
            while i < chars.len()
                && matches!(chars[i], '-' | '?' | ':')
                && chars.get(i + 1).is_none_or(|c| c.is_whitespace())
            {
                let kind = if chars[i] == '-' { Block::Sequence } else { Block::Mapping };
                self.open(i, kind)?;
                i += 1;
                while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                    i += 1;
                }
            }
            content_column = Some(i);
        }
        while i < chars.len() {
            let c = chars[i];
            if let Some(quote) = self.quote {
                match c {
                    '\\' if quote == '"' => i += 1,
                    '\'' if quote == '\'' && chars.get(i + 1) == Some(&'\'') => i += 1,
                    _ if c == quote => {
                        self.quote = None;
                        self.at_start = false;
                    }
                    _ => {}
                }
                i += 1;
                continue;
            }
            let after_space = i == 0 || chars[i - 1].is_whitespace();
            match c {
                '#' if after_space => break,
                ' ' | '\t' => {}
                '"' | '\'' if self.at_start => self.quote = Some(c),
                '[' | '{' if self.flow > 0 || self.at_start => {
                    self.flow += 1;
                    self.check()?;
                    self.at_start = true;
                }
                ']' | '}' if self.flow > 0 => {
                    self.flow -= 1;
                    self.at_start = false;
                }
                ',' if self.flow > 0 => self.at_start = true,
                // An anchor or a tag: the node it names starts after it.
                '&' | '!' if self.at_start => {
                    while chars.get(i + 1).is_some_and(|c| !c.is_whitespace() && !matches!(c, '[' | '{')) {
                        i += 1;
                    }
                }
                ':' if self.flow > 0 => self.at_start = true,
                ':' if chars.get(i + 1).is_none_or(|c| c.is_whitespace()) => {
                    if !keyed {
                        if let Some(column) = content_column {
                            keyed = true;
                            self.open(column, Block::Mapping)?;
                        }
                    }
                    self.at_start = true;
                }
                '|' | '>' if self.flow == 0 && self.at_start => {
                    // A block scalar: its lines are text, more indented than the node it belongs to.
                    let parent = self.blocks.last().map(|(column, _)| *column);
                    self.literal = Some((parent, None));
                    break;
                }
                _ => self.at_start = false,
            }
            i += 1;
        }
        self.check()
    }
}

/// The questionnaire's format, as JSON Schema: which fields each object has.
fn format() -> &'static Value {
    static FORMAT: OnceLock<Value> = OnceLock::new();
    FORMAT.get_or_init(|| {
        serde_json::to_value(schemars::schema_for!(super::PlanQuestionnaire)).expect("a schema is JSON")
    })
}

/// Checks a questionnaire document (a draft as the console makes it, or an imported file, read) against the limits
/// and its names, before it is checked as a questionnaire: the first problem found, under its field.
pub fn check(document: &Value) -> Result<(), Beyond> {
    if let Value::Object(top) = document {
        if let Some(name) = top.keys().find(|k| !PARTS.contains(&k.as_str()) && !OWN_FIELDS.contains(&k.as_str())) {
            return Err(Beyond::at(name, UNKNOWN_PART_AT));
        }
    }
    sizes(document, "", 0)?;
    match unknown(format(), format(), document, "") {
        Some(field) => Err(Beyond::at(&field, UNKNOWN_FIELD_AT)),
        None => Ok(()),
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// Depth, entries and characters, everywhere.
fn sizes(value: &Value, path: &str, depth: usize) -> Result<(), Beyond> {
    let depth = if value.is_array() || value.is_object() { depth + 1 } else { depth };
    if depth > MOST_DEPTH {
        return Err(Beyond::at(path, TOO_DEEP_HERE));
    }
    let many = |count: usize| {
        if count <= MOST_QUESTIONS {
            Ok(())
        } else if path == "questions" || path.ends_with(".questions") {
            Err(Beyond::at(path, TOO_MANY_QUESTIONS_HERE))
        } else {
            Err(Beyond::at(path, TOO_MANY_ENTRIES_HERE))
        }
    };
    match value {
        Value::String(text) if text.chars().count() > MOST_CHARACTERS => Err(Beyond::at(path, TOO_LONG_HERE)),
        Value::Array(items) => {
            many(items.len())?;
            items.iter().enumerate().try_for_each(|(i, item)| sizes(item, &join(path, &i.to_string()), depth))
        }
        Value::Object(map) => {
            many(map.len())?;
            for (key, item) in map {
                let at = join(path, key);
                if key.chars().count() > MOST_CHARACTERS {
                    return Err(Beyond::at(&at, TOO_LONG_HERE));
                }
                sizes(item, &at, depth)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `node` with its `$ref`s followed.
fn resolved<'s>(root: &'s Value, mut node: &'s Value) -> &'s Value {
    for _ in 0..16 {
        let Some(name) = node.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")) else {
            break;
        };
        match root.pointer(&format!("/$defs/{name}")) {
            Some(found) => node = found,
            None => break,
        }
    }
    node
}

/// The schema of `node` that an object `value` is checked against: among choices (`anyOf`, `oneOf`), the one object
/// shape, or the one whose fields hold all of the value's; none when that cannot be told (the format's own check
/// then says what is wrong).
fn object_shape<'s>(root: &'s Value, node: &'s Value, value: &Map<String, Value>) -> Option<&'s Value> {
    let node = resolved(root, node);
    if ["properties", "additionalProperties", "propertyNames"].iter().any(|k| node.get(k).is_some()) {
        return Some(node);
    }
    let choices = node.get("anyOf").or_else(|| node.get("oneOf"))?.as_array()?;
    let shapes: Vec<&Value> = choices.iter().filter_map(|c| object_shape(root, c, value)).collect();
    if let [one] = shapes.as_slice() {
        return Some(one);
    }
    let fitting: Vec<&Value> = shapes
        .into_iter()
        .filter(|shape| {
            let properties = shape.get("properties").and_then(Value::as_object);
            value.keys().all(|k| properties.is_some_and(|p| p.contains_key(k)))
        })
        .collect();
    match fitting.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// The schema of a list's items under `node`.
fn items_shape<'s>(root: &'s Value, node: &'s Value) -> Option<&'s Value> {
    let node = resolved(root, node);
    if let Some(items) = node.get("items") {
        return Some(items);
    }
    let choices = node.get("anyOf").or_else(|| node.get("oneOf"))?.as_array()?;
    let shapes: Vec<&Value> = choices.iter().filter_map(|c| items_shape(root, c)).collect();
    match shapes.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// The first field of `value` that its format (`node`) does not have: its dotted path.
fn unknown(root: &Value, node: &Value, value: &Value, path: &str) -> Option<String> {
    match value {
        Value::Object(map) => {
            let shape = object_shape(root, node, map)?;
            let properties = shape.get("properties").and_then(Value::as_object);
            let names = shape.pointer("/propertyNames/enum").and_then(Value::as_array);
            let others = shape.get("additionalProperties");
            for (key, item) in map {
                let at = join(path, key);
                if names.is_some_and(|names| !names.iter().any(|n| n.as_str() == Some(key))) {
                    return Some(at);
                }
                let found = match (properties.and_then(|p| p.get(key)), others) {
                    (Some(field), _) => unknown(root, field, item, &at),
                    (None, Some(Value::Bool(false))) => Some(at),
                    (None, Some(each)) if each.is_object() => unknown(root, each, item, &at),
                    _ => None,
                };
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        Value::Array(items) => {
            let each = items_shape(root, node)?;
            items.iter().enumerate().find_map(|(i, item)| unknown(root, each, item, &join(path, &i.to_string())))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn depth(text: &str) -> usize {
        (0..=64).find(|most| deeper_than(text, *most).is_none()).expect("at most 64 levels in these tests")
    }

    #[test]
    fn the_depth_scan_counts_the_levels_a_parser_makes_of_yaml_and_json() {
        let cases = [
            ("", 0),
            ("plain text", 0),
            ("key: value", 1),
            ("a:\n  b:\n    c: d\n", 3),
            ("a:\n- b\n- c\n", 2),
            ("a:\n- b:\n  - c:\n    - d: e\n", 7),
            ("- - - x", 3),
            ("- a: 1\n  b: [1, [2, {c: 3}]]\n- d\n", 5),
            ("{\"health\": {\"questions\": [{\"question_text\": {\"en\": \"x\"}}]}}", 5),
            ("{\n  \"a\": [\n    [\n      1\n    ]\n  ]\n}\n", 3),
            // Back out of a level and in again: not deeper.
            ("a:\n  b:\n    c: 1\nd:\n  e: 2\n", 3),
            ("a:\n  b: 1\n  c:\n    d: 2\n  e: 3\n", 3),
        ];
        for (text, levels) in cases {
            assert_eq!(depth(text), levels, "{text:?}");
        }
        let questionnaire = crate::shop::plan_questions::PlanQuestionnaire::to_yaml(
            &serde_yaml::from_str(
                "kind: questionnaire\nplan_id: 1\napplication:\n  detail_sets:\n    diving:\n      fields:\n        - { name: feet, title: { en: Feet, es: Pies } }\n  questions:\n    - { question_id: 160, question_text: { en: Dive?, es: ¿Bucea? }, details: diving }\n",
            )
            .unwrap(),
        );
        assert_eq!(depth(&questionnaire), 7, "an export's detail field's label:\n{questionnaire}");
    }

    /// How deep a document nests, each map and list a level.
    fn levels(value: &Value) -> usize {
        match value {
            Value::Array(items) => 1 + items.iter().map(levels).max().unwrap_or(0),
            Value::Object(map) => 1 + map.values().map(levels).max().unwrap_or(0),
            _ => 0,
        }
    }

    #[test]
    fn the_depth_scan_counts_what_serde_yaml_and_serde_json_write_as_deep_as_it_is() {
        // Documents of every shape, made by a small generator (no randomness between runs).
        let mut seed = 7u64;
        let mut next = move |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        fn document(next: &mut dyn FnMut(u64) -> u64, depth: usize) -> Value {
            let texts = ["a", "it's [so]", "x: y", "- z", "#", "{b}", "multi\nline", "", "|", "&a", "*b"];
            match if depth == 0 { 2 } else { next(3) } {
                0 => Value::Array((0..next(3)).map(|_| document(next, depth - 1)).collect()),
                1 => Value::Object(
                    (0..next(3))
                        .map(|i| (format!("{}{i}", texts[next(11) as usize]), document(next, depth - 1)))
                        .collect(),
                ),
                _ => match next(3) {
                    0 => json!(next(1000)),
                    1 => json!(texts[next(11) as usize]),
                    _ => Value::Null,
                },
            }
        }
        for _ in 0..2_000 {
            let most = 1 + next(9) as usize;
            let value = document(&mut next, most);
            let expected = levels(&value);
            for text in [
                serde_yaml::to_string(&value).unwrap(),
                serde_json::to_string(&value).unwrap(),
                serde_json::to_string_pretty(&value).unwrap(),
            ] {
                // An empty map or list written in flow style on a line of a block is a level all the same.
                assert_eq!(depth(&text), expected, "{text}");
                let back: Value = serde_yaml::from_str(&text).unwrap();
                assert_eq!(levels(&back), expected);
            }
        }
    }

    #[test]
    fn the_depth_scan_sees_no_levels_in_text() {
        let cases = [
            ("a: \"[[[[{{{{\"", 1),
            ("a: '[[[['' [[[['", 1),
            ("a: b [[[[ c", 1),
            ("a: don't [[[[", 1),
            ("a: b # [[[[\n", 1),
            ("# [[[[\na: 1", 1),
            ("a: |\n  [[[[\n  {{{{\n\n  [[[[\nb: 1\n", 1),
            ("- >-\n   [[[[\n   [[[[\n- x\n", 1),
            ("a: \"line one\n  [[[[ still quoted\"\n", 1),
            ("[\"]]]]\", '[[[[', a]", 1),
        ];
        for (text, levels) in cases {
            assert_eq!(depth(text), levels, "{text:?}");
        }
    }

    #[test]
    fn the_depth_scan_finds_levels_hidden_where_a_parser_opens_them() {
        let deep = |open: &str, n: usize| open.repeat(n);
        assert_eq!(depth(&deep("[", 40)), 40, "unclosed");
        assert_eq!(depth(&format!("{}{}", deep("[", 40), deep("]", 40))), 40);
        assert_eq!(depth(&format!("a: {}", deep("{", 40))), 41);
        assert_eq!(depth(&format!("a: &x !!seq {}", deep("[", 40))), 41, "after an anchor and a tag");
        assert_eq!(depth(&format!("--- {}", deep("[", 40))), 40, "after a document's start");
        assert_eq!(depth(&format!("a: b\n{}", deep("[", 40))), 41);
        assert_eq!(depth(&deep("- ", 40)), 40, "sequences on one line");
        let indented: String = (0..40).map(|i| format!("{}k{i}:\n", " ".repeat(i))).collect();
        assert_eq!(depth(&indented), 40, "mappings by indentation");
        let same_column: String = (0..20).map(|i| format!("{}- k{i}:\n", "  ".repeat(i))).collect();
        assert_eq!(depth(&same_column), 40, "sequences at their mapping's column");
        for line_break in ["\r", "\u{85}", "\u{2028}", "\r\n"] {
            let hidden = indented.replace('\n', line_break);
            assert_eq!(depth(&hidden), 40, "lines broken by {line_break:?}");
        }
        let many = deep("[", 100_000);
        let started = std::time::Instant::now();
        assert_eq!(deeper_than(&many, MOST_DEPTH), Some(1));
        assert!(deeper_than(&format!("{}{}", deep("[", 32), deep("]", 32)), MOST_DEPTH).is_none());
        assert!(started.elapsed() < std::time::Duration::from_secs(1), "one pass: {:?}", started.elapsed());
        assert_eq!(deeper_than(&format!("a: 1\nb: 2\nc: {}", deep("[", 40)), MOST_DEPTH), Some(3), "the line");
    }

    #[test]
    fn a_questionnaire_over_a_limit_or_with_a_name_of_no_field_is_told_where() {
        let question = |id: usize| json!({ "question_id": id, "question_text": "Ill?" });
        let health = |questions: Vec<Value>| json!({ "health": { "decline_message": "No.", "questions": questions } });
        assert_eq!(check(&health((1..=MOST_QUESTIONS).map(question).collect())), Ok(()));
        assert_eq!(
            check(&health((1..=MOST_QUESTIONS + 1).map(question).collect())),
            Err(Beyond::at("health.questions", TOO_MANY_QUESTIONS_HERE))
        );
        let beyond = Beyond::at("health.questions", TOO_MANY_QUESTIONS_HERE);
        assert_eq!(beyond.reason("en"), "A part may hold at most 200 questions");
        assert_eq!(beyond.reason("es"), "Una parte puede tener como máximo 200 preguntas");
        let mut long = health(vec![question(1)]);
        long["health"]["questions"][0]["question_text"] = json!({ "en": "a".repeat(MOST_CHARACTERS + 1) });
        assert_eq!(check(&long), Err(Beyond::at("health.questions.0.question_text.en", TOO_LONG_HERE)));
        long["health"]["questions"][0]["question_text"] = json!("é".repeat(MOST_CHARACTERS));
        assert_eq!(check(&long), Ok(()), "characters, not bytes");
        assert_eq!(
            check(&json!({ "heath": { "questions": [] } })),
            Err(Beyond::at("heath", UNKNOWN_PART_AT)),
            "a misspelt part"
        );
        let mut misspelt = health(vec![question(1)]);
        misspelt["health"]["questions"][0]["decline_on_yess"] = json!(true);
        assert_eq!(check(&misspelt), Err(Beyond::at("health.questions.0.decline_on_yess", UNKNOWN_FIELD_AT)));
        let mut language = health(vec![question(1)]);
        language["health"]["decline_message"] = json!({ "en": "No.", "fr": "Non." });
        assert_eq!(check(&language), Err(Beyond::at("health.decline_message.fr", UNKNOWN_FIELD_AT)));
        let set = json!({ "application": { "questions": [ { "question_id": 160, "question_text": "Dive?", "details": "diving" } ],
            "detail_sets": { "diving": { "fields": [ { "name": "feet", "title": "Feet", "kind": "text" } ] } } } });
        assert_eq!(check(&set), Err(Beyond::at("application.detail_sets.diving.fields.0.kind", UNKNOWN_FIELD_AT)));
        let mut deep = json!("x");
        for _ in 0..MOST_DEPTH {
            deep = json!([deep]);
        }
        let field = format!("application.questions.0.when{}", ".0".repeat(MOST_DEPTH - 4));
        assert_eq!(
            check(&json!({ "application": { "questions": [ { "when": deep } ] } })),
            Err(Beyond::at(&field, TOO_DEEP_HERE))
        );
    }

    #[test]
    fn every_shipped_questionnaire_is_well_within_the_limits() {
        let bundle =
            crate::workflow::Bundle::read_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows"))
                .expect("the workflows read");
        let workflows = bundle.parse("workflows").expect("the workflows are valid");
        let step = workflows.wizard.forms[&crate::tabs::TabName::PrimaryHealthInfo].questionnaire.clone().unwrap();
        // The application's questionnaire as one plan's, the largest a plan could copy.
        let largest = json!({ "kind": "questionnaire", "plan_id": 1, "application": {
            "detail_sets": step.detail_sets, "questions": step.questions } });
        let text = serde_yaml::to_string(&largest).unwrap();
        assert!(text.len() * 10 < MOST_BYTES, "{} bytes", text.len());
        assert_eq!(deeper_than(&text, 8), None);
        assert_eq!(check(&largest), Ok(()));
    }
}
