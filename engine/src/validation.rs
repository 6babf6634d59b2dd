//! Validation of a submission against a composed schema, with the spec's messages.
//!
//! Three passes, each skipping fields an earlier pass already faulted so a person sees one message per field:
//! clean-up (empty values dropped, strings trimmed, `x-normalize`), the jsonschema crate with formats checked (each
//! error's text taken from the field's `x-messages`), then the `x-checks` that JSON Schema cannot express.

use chrono::NaiveDate;
use jsonschema::error::ValidationErrorKind;
use serde_json::{Map, Value};

use crate::errors::{messages, FieldError};
use crate::i18n::say;
use crate::json::Properties;

pub use crate::checks::{is_valid_ssn, MINIMUM_AGE};

/// Drops empty values and fields the schema does not have, trims strings and applies `x-normalize`, in nested
/// objects and array items too. Read-only fields keep the value the server composed (`composed`), whatever the browser
/// sent; a field saved from its own dialog (`x-widget: modalField`) keeps it when the browser does not send the field.
pub fn clean(schema: &Value, submitted: &Value, composed: &Value) -> Value {
    let mut out = Map::new();
    let Some(props) = schema["properties"].as_object() else {
        return Value::Object(out);
    };
    for (name, prop) in props {
        if prop.get("readOnly") == Some(&Value::Bool(true)) {
            if let Some(v) = composed.get(name).filter(|v| !is_empty(v)).or_else(|| prop.get("default")) {
                out.insert(name.clone(), v.clone());
            }
            continue;
        }
        // A field set in its own dialog and saved on its own (the Enroller Code) keeps what was saved when the page's
        // Next does not send it: saved once is enough.
        let kept_apart =
            prop.get("x-widget").and_then(Value::as_str) == Some("modalField") && submitted.get(name).is_none();
        let value = if kept_apart { composed.get(name) } else { submitted.get(name) };
        if let Some(value) = value.and_then(|v| clean_value(prop, v)) {
            out.insert(name.clone(), value);
        }
    }
    if let Some(fields) = submitted.as_object() {
        clean_conditional(schema, fields, &mut out);
    }
    Value::Object(out)
}

/// One value cleaned against its schema; `None` when nothing is left of it.
fn clean_value(prop: &Value, value: &Value) -> Option<Value> {
    let cleaned = match value {
        Value::Null => return None,
        Value::String(s) => Value::String(normalize(prop, s.trim())),
        Value::Object(fields) if prop.get("properties").is_some() => {
            let props = &prop["properties"];
            let mut kept: Map<String, Value> = fields
                .iter()
                .filter_map(|(k, v)| props.get(k).and_then(|p| clean_value(p, v)).map(|v| (k.clone(), v)))
                .collect();
            // A nested read-only field with a default is the server's to fill (a dependent's relationship on the
            // spouse or children tiers, `employed`), whatever was sent.
            for (name, field) in props.as_object().into_iter().flatten() {
                if let (Some(Value::Bool(true)), Some(default)) = (field.get("readOnly"), field.get("default")) {
                    kept.insert(name.clone(), default.clone());
                }
            }
            clean_conditional(prop, fields, &mut kept);
            Value::Object(kept)
        }
        // A row left blank (the second and third medication rows, say) is not sent on.
        Value::Array(items) if prop.get("items").is_some() => Value::Array(
            items
                .iter()
                .filter_map(|item| clean_value(&prop["items"], item))
                .filter(|item| item.as_object().is_none_or(|o| !o.is_empty()))
                .collect(),
        ),
        other => other.clone(),
    };
    (!is_empty(&cleaned)).then(|| coerce(prop, cleaned))
}

/// Fields that exist only while a condition holds (`allOf: [{ if, then }]`: a Yes answer's details) are kept when
/// it holds on what was kept so far, and dropped otherwise, so details sent with a No are not stored.
fn clean_conditional(schema: &Value, submitted: &Map<String, Value>, kept: &mut Map<String, Value>) {
    let snapshot = Value::Object(kept.clone());
    for branch_props in conditional_properties(schema, &snapshot) {
        for (name, prop) in branch_props.as_object().into_iter().flatten() {
            if kept.contains_key(name) {
                continue;
            }
            if let Some(value) = submitted.get(name).and_then(|v| clean_value(prop, v)) {
                kept.insert(name.clone(), value);
            }
        }
    }
}

/// The `properties` of the `then` (or `else`) branches of `schema`'s `allOf` conditions that apply to `data`.
fn conditional_properties<'a>(schema: &'a Value, data: &Value) -> Vec<&'a Value> {
    let mut found = Vec::new();
    for rule in schema.get("allOf").and_then(Value::as_array).into_iter().flatten() {
        let Some(condition) = rule.get("if") else { continue };
        let holds = compiled(condition, Formats::Ignored).is_some_and(|v| v.is_valid(data));
        let branch = if holds { rule.get("then") } else { rule.get("else") };
        if let Some(props) = branch.and_then(|b| b.get("properties")).filter(|p| p.is_object()) {
            found.push(props);
        }
    }
    found
}

/// The fields `schema` requires of `data` as it stands: its own `required` and those of the conditions that hold
/// (`allOf: [{ if, then: { required } }]`, and `allOf` items without a condition). A field left out of `data` is read
/// at its schema's `default`, as a form draws it: Billing's bank fields are required while EFT, the default, is
/// chosen.
pub fn required_now(schema: &Value, data: &Value) -> Vec<String> {
    let mut data = data.clone();
    if let (Some(values), Some(props)) = (data.as_object_mut(), schema.get("properties").and_then(Value::as_object)) {
        for (name, prop) in props {
            if let (false, Some(default)) = (values.contains_key(name), prop.get("default")) {
                values.insert(name.clone(), default.clone());
            }
        }
    }
    let names = |required: Option<&Value>| -> Vec<String> {
        required.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect()
    };
    let mut found = names(schema.get("required"));
    for rule in schema.get("allOf").and_then(Value::as_array).into_iter().flatten() {
        let applies = match rule.get("if") {
            Some(condition) => compiled(condition, Formats::Ignored).is_some_and(|v| v.is_valid(&data)),
            None => true,
        };
        let branch = match (rule.get("if"), applies) {
            (None, _) => Some(rule),
            (Some(_), true) => rule.get("then"),
            (Some(_), false) => rule.get("else"),
        };
        found.extend(names(branch.and_then(|b| b.get("required"))));
    }
    found.sort();
    found.dedup();
    found
}

/// The schemas of every property of `schema` that applies to `data`: its own and those of conditions that hold.
fn active_properties<'a>(schema: &'a Value, data: &Value) -> Properties<'a> {
    let mut props = Properties::of(schema);
    for extra in conditional_properties(schema, data) {
        props.add(Some(extra));
    }
    props
}

fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

fn normalize(prop: &Value, text: &str) -> String {
    match prop.get("x-normalize").and_then(Value::as_str) {
        Some("digits") => text.chars().filter(char::is_ascii_digit).collect(),
        Some("upper") => text.to_uppercase(),
        // A person's name in Unicode's composed form (NFC): what is validated and stored (the renderer does the same).
        Some("name") => crate::forms::common::normalized_name(text),
        // Any other text people type (an address, an account holder's name): composed (NFC) too, as it is stored.
        Some("text") => crate::forms::common::normalized_name(text),
        // The spec's employer state rule: two letters are a code (GA), anything longer is a name (New York).
        Some("state_case") if text.chars().count() == 2 => text.to_uppercase(),
        Some("state_case") => title_case(text),
        // A card or account number: digits only (spaces and dashes typed between groups dropped), a mask kept as sent.
        Some("number") if crate::payment::is_masked_number(text) => text.to_string(),
        Some("number") if text.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '-') => {
            text.chars().filter(char::is_ascii_digit).collect()
        }
        Some("ssn") if crate::sensitive::is_masked_ssn(text) => text.to_string(),
        Some("ssn") => {
            let digits: String = text.chars().filter(char::is_ascii_digit).collect();
            if digits.len() == 9 && text.chars().all(|c| c.is_ascii_digit() || c == '-' || c == ' ') {
                digits
            } else {
                text.to_string()
            }
        }
        _ => text.to_string(),
    }
}

/// "new york" and "NEW YORK" -> "New York".
pub fn title_case(text: &str) -> String {
    text.split_whitespace()
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect())
                .unwrap_or_default()
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// Form posts and the spec's adapters send numbers as strings ("180"); an integer field takes them as numbers.
fn coerce(prop: &Value, value: Value) -> Value {
    // Codes are strings ("0" male); a client that sends the number 0 means the same code.
    let declared = prop.get("type").and_then(Value::as_str);
    let coded =
        declared == Some("string") || (prop.get("oneOf").is_some() && !matches!(declared, Some("integer" | "number")));
    if let (true, Value::Number(n)) = (coded, &value) {
        return Value::String(n.to_string());
    }
    if prop.get("type").and_then(Value::as_str) == Some("integer") {
        if let Value::String(s) = &value {
            if let Ok(n) = s.parse::<i64>() {
                return Value::from(n);
            }
        }
    }
    if prop.get("type").and_then(Value::as_str) == Some("boolean") {
        match &value {
            Value::String(s) if s == "1" || s == "true" => return Value::Bool(true),
            Value::String(s) if s == "0" || s == "false" => return Value::Bool(false),
            Value::Number(n) if n.as_i64() == Some(1) => return Value::Bool(true),
            Value::Number(n) if n.as_i64() == Some(0) => return Value::Bool(false),
            _ => {}
        }
    }
    value
}

/// The most compiled validators kept; past it the cache starts afresh (a workflow change, a burst of rare forms).
const MOST_VALIDATORS: usize = 512;

/// Whether a compiled validator checks `format`s: a form's does; a condition's `if` is tested as JSON Schema's default
/// (formats are annotations), so that a condition holds the same whether or not its answer is well formed yet.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Formats {
    Checked,
    Ignored,
}

/// The compiled validator of a schema, none when it does not compile. Composed schemas and their conditions are few
/// (a form per tab and context), and compiling one costs far more than a save, so each is compiled once and reused.
/// They are found by a hash of the schema and then compared whole: neither allocates, unlike keying by its text.
fn compiled(schema: &Value, formats: Formats) -> Option<std::sync::Arc<jsonschema::Validator>> {
    use std::collections::HashMap;
    use std::hash::{Hash, Hasher};
    use std::sync::{Arc, Mutex, OnceLock};
    type Entry = (Formats, Value, Option<Arc<jsonschema::Validator>>);
    /// How many are kept, and the kept ones by their schema's hash.
    type Cache = Mutex<(usize, HashMap<u64, Vec<Entry>>)>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    formats.hash(&mut hasher);
    hash_value(schema, &mut hasher);
    let hash = hasher.finish();
    let cache = CACHE.get_or_init(|| Mutex::new((0, HashMap::new())));
    let found =
        |entries: &Vec<Entry>| entries.iter().find(|(f, s, _)| *f == formats && s == schema).map(|e| e.2.clone());
    if let Some(found) = cache.lock().unwrap_or_else(|e| e.into_inner()).1.get(&hash).and_then(found) {
        return found;
    }
    let compiled =
        jsonschema::options().should_validate_formats(formats == Formats::Checked).build(schema).ok().map(Arc::new);
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    let (count, entries) = &mut *guard;
    if *count >= MOST_VALIDATORS {
        entries.clear();
        *count = 0;
    }
    *count += 1;
    entries.entry(hash).or_default().push((formats, schema.clone(), compiled.clone()));
    compiled
}

/// Feeds a JSON value to a hasher, members in their order (two equal objects in another order only miss the cache).
fn hash_value(value: &Value, hasher: &mut impl std::hash::Hasher) {
    use std::hash::Hash;
    match value {
        Value::Null => 0u8.hash(hasher),
        Value::Bool(b) => (1u8, b).hash(hasher),
        Value::Number(n) => (2u8, n).hash(hasher),
        Value::String(s) => (3u8, s).hash(hasher),
        Value::Array(items) => {
            (4u8, items.len()).hash(hasher);
            items.iter().for_each(|item| hash_value(item, hasher));
        }
        Value::Object(members) => {
            (5u8, members.len()).hash(hasher);
            for (key, member) in members {
                key.hash(hasher);
                hash_value(member, hasher);
            }
        }
    }
}

/// The compiled validator of a composed form.
fn validator_for(schema: &Value) -> std::sync::Arc<jsonschema::Validator> {
    compiled(schema, Formats::Checked).expect("composed schemas compile")
}

/// The compiled validator of a form's schema, kept with the shape the form came from (`schema::FormShape`), so that
/// a save finds it without hashing the schema. It holds the schema it was compiled from: a form whose schema was
/// changed since (`Arc::make_mut` copies a shared schema) does not match it and is validated as any other schema.
#[derive(Clone, Default)]
pub struct ValidatorSlot(
    std::sync::Arc<std::sync::OnceLock<(std::sync::Arc<Value>, std::sync::Arc<jsonschema::Validator>)>>,
);

impl std::fmt::Debug for ValidatorSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() { "ValidatorSlot(compiled)" } else { "ValidatorSlot(empty)" })
    }
}

/// Slots are a cache: two forms are equal whatever their slots hold.
impl PartialEq for ValidatorSlot {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl ValidatorSlot {
    /// Validates `data` against `schema` (see [`validate`]), with the validator kept here when it was compiled from
    /// this very schema.
    pub fn validate(
        &self,
        schema: &std::sync::Arc<Value>,
        data: &Value,
        today: NaiveDate,
        language: &str,
    ) -> Result<(), Vec<FieldError>> {
        validate_with(&self.validator_for(schema), schema, data, today, language)
    }

    fn validator_for(&self, schema: &std::sync::Arc<Value>) -> std::sync::Arc<jsonschema::Validator> {
        let (compiled_from, validator) = self.0.get_or_init(|| (schema.clone(), validator_for(schema)));
        if std::sync::Arc::ptr_eq(compiled_from, schema) {
            validator.clone()
        } else {
            validator_for(schema)
        }
    }
}

/// Validates a cleaned submission; `today` anchors age and future-date rules. The messages are the schema's own
/// (`x-messages`, composed in the reader's language) or else the store's, said in `language`.
pub fn validate(schema: &Value, data: &Value, today: NaiveDate, language: &str) -> Result<(), Vec<FieldError>> {
    validate_with(&validator_for(schema), schema, data, today, language)
}

fn validate_with(
    validator: &jsonschema::Validator,
    schema: &Value,
    data: &Value,
    today: NaiveDate,
    language: &str,
) -> Result<(), Vec<FieldError>> {
    let mut errors: Vec<FieldError> = Vec::new();
    for error in validator.iter_errors(data) {
        let (target, keyword) = match error.kind() {
            ValidationErrorKind::Required { property } => {
                let parent = dotted(error.instance_path().as_str());
                let name = property.as_str().unwrap_or_default();
                (join(&parent, name), "required")
            }
            // minContains, maxContains and contains all fail as `Contains`; the schema path says which.
            ValidationErrorKind::Contains => {
                let keyword = match error.schema_path().as_str().rsplit('/').next() {
                    Some("minContains") => "minContains",
                    Some("maxContains") => "maxContains",
                    _ => "contains",
                };
                (dotted(error.instance_path().as_str()), keyword)
            }
            kind => (dotted(error.instance_path().as_str()), keyword_of(kind)),
        };
        if errors.iter().any(|e| e.target_element == target) {
            continue;
        }
        let message = message_for(schema, &target, keyword, language);
        errors.push(FieldError::new(target, message));
    }
    check_node(schema, data, "", today, language, &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The engine's own checks (`x-refuse`, `x-checks`) on every property of `data` and, below it, of nested objects and
/// array items; a field the schema already faulted is left with that one message.
fn check_node(
    schema: &Value,
    data: &Value,
    path: &str,
    today: NaiveDate,
    language: &str,
    errors: &mut Vec<FieldError>,
) {
    let Some(values) = data.as_object() else {
        return;
    };
    for (name, prop) in active_properties(schema, data) {
        let Some(value) = values.get(name) else { continue };
        let target = join(path, name);
        let faulted =
            errors.iter().any(|e| e.target_element == target || e.target_element.starts_with(&format!("{target}.")));
        if !faulted {
            let message = refusal(prop, value).or_else(|| match crate::checks::of(prop) {
                Ok(checks) => checks.iter().find_map(|c| c.problem(prop, value, values, today, language)),
                // A check that does not parse (a schema a newer server wrote, say) refuses rather than passes.
                Err(_) => Some(say(language, UNCHECKABLE).to_string()),
            });
            if let Some(message) = message {
                errors.push(FieldError::new(target.clone(), message));
            }
        }
        match value {
            Value::Object(_) => check_node(prop, value, &target, today, language, errors),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    check_node(&prop["items"], item, &format!("{target}.{i}"), today, language, errors);
                }
            }
            _ => {}
        }
    }
}

/// What a field whose checks cannot be read answers (never silently passed).
pub const UNCHECKABLE: &str = "This answer cannot be checked right now. Please try again later.";

/// A value the field offers but refuses (`x-refuse`), with the refusal.
fn refusal(prop: &Value, value: &Value) -> Option<String> {
    let key = value.as_str()?;
    prop.get("x-refuse")?.get(key)?.as_str().map(str::to_string)
}

/// An e-mail address as JSON Schema's `email` format defines it, the same check the forms use.
pub fn is_email(text: &str) -> bool {
    static VALIDATOR: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    let validator = VALIDATOR.get_or_init(|| {
        jsonschema::options()
            .should_validate_formats(true)
            .build(&serde_json::json!({ "type": "string", "format": "email", "maxLength": 254 }))
            .expect("the e-mail schema compiles")
    });
    validator.is_valid(&Value::String(text.to_string()))
}

/// An e-mail address as the store sends to, keeps and counts it: the address part of what was typed (`Dana
/// <Dana@Example.com>` and `"x" <dana@example.com>` are both `dana@example.com`), lower-cased; none when that is not
/// an address. One address is one mailbox, however it is written, so a limit on what one address receives holds.
pub fn normalized_email(text: &str) -> Option<String> {
    let text = text.trim();
    let inner = match (text.rfind('<'), text.ends_with('>')) {
        (Some(open), true) => &text[open + 1..text.len() - 1],
        _ => text,
    };
    let address = inner.trim().to_lowercase();
    (is_email(&address) && !address.contains(['<', '>', '"', ' '])).then_some(address)
}

fn keyword_of(kind: &ValidationErrorKind) -> &'static str {
    match kind {
        ValidationErrorKind::Pattern { .. } => "pattern",
        ValidationErrorKind::Minimum { .. } | ValidationErrorKind::ExclusiveMinimum { .. } => "minimum",
        ValidationErrorKind::Maximum { .. } | ValidationErrorKind::ExclusiveMaximum { .. } => "maximum",
        ValidationErrorKind::MaxLength { .. } => "maxLength",
        ValidationErrorKind::MinLength { .. } => "minLength",
        ValidationErrorKind::MaxItems { .. } => "maxItems",
        ValidationErrorKind::MinItems { .. } => "minItems",
        ValidationErrorKind::Format { .. } => "format",
        ValidationErrorKind::Enum { .. }
        | ValidationErrorKind::Constant { .. }
        | ValidationErrorKind::OneOfNotValid { .. }
        | ValidationErrorKind::AnyOf { .. } => "enum",
        ValidationErrorKind::Type { .. } => "type",
        ValidationErrorKind::Not { .. } => "not",
        _ => "default",
    }
}

fn message_for(schema: &Value, target: &str, keyword: &str, language: &str) -> String {
    // `beneficiaries.0.first_name`: a number steps into an array's items, unless it names a property (a question
    // id); a property may also be one that a condition adds (`then`).
    let prop = target.split('.').try_fold(schema, |node, segment| {
        let conditional = || {
            node.get("allOf")?.as_array()?.iter().find_map(|rule| {
                ["then", "else"].iter().find_map(|branch| rule.get(*branch)?.get("properties")?.get(segment))
            })
        };
        node.get("properties")
            .and_then(|p| p.get(segment))
            .or_else(conditional)
            .or_else(|| segment.parse::<usize>().ok().and_then(|_| node.get("items")))
    });
    let custom = prop
        .and_then(|p| p.get("x-messages"))
        .and_then(|m| m.get(keyword).or_else(|| m.get("default")))
        .and_then(Value::as_str);
    let own = match (custom, keyword) {
        (Some(text), _) => return text.to_string(),
        (None, "required") => messages::REQUIRED,
        (None, "enum") => "Please choose one of the options",
        (None, "maxLength") => "This value is too long",
        (None, "format") => "This value is not in the expected format",
        (None, _) => "This value is not valid",
    };
    say(language, own).to_string()
}

/// `/a/0/b` -> `a.0.b`, the spec's error keys.
fn dotted(pointer: &str) -> String {
    pointer.trim_start_matches('/').replace('/', ".")
}

fn join(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        name.to_string()
    } else {
        format!("{parent}.{name}")
    }
}
