//! Small JSON helpers shared by the schema builders.

use serde_json::{json, Value};

/// Removes the `null` alternative schemars gives `Option<T>` fields: an empty value is dropped from a payload
/// before validation (as the spec asks), so a present value is never null.
pub fn strip_nulls(mut schema: Value) -> Value {
    if let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for prop in props.values_mut() {
            strip_null(prop);
        }
    }
    schema
}

fn strip_null(prop: &mut Value) {
    // schemars names Rust integer widths as formats (int64, uint8); they are not JSON Schema formats.
    if prop.get("format").and_then(Value::as_str).is_some_and(|f| f.starts_with("int") || f.starts_with("uint")) {
        prop.as_object_mut().expect("a property schema is an object").remove("format");
    }
    if let Some(types) = prop.get("type").and_then(Value::as_array) {
        let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        prop["type"] = if rest.len() == 1 { rest[0].clone() } else { Value::Array(rest) };
    }
    for key in ["anyOf", "oneOf"] {
        let Some(alternatives) = prop.get(key).and_then(Value::as_array) else {
            continue;
        };
        let rest: Vec<Value> = alternatives.iter().filter(|a| a.get("type") != Some(&json!("null"))).cloned().collect();
        if rest.len() == alternatives.len() {
            continue;
        }
        let object = prop.as_object_mut().expect("a property schema is an object");
        object.remove(key);
        if let [only] = rest.as_slice() {
            for (k, v) in only.as_object().cloned().unwrap_or_default() {
                object.entry(k).or_insert(v);
            }
        } else {
            object.insert(key.into(), Value::Array(rest));
        }
    }
    if let Some(alternatives) = prop.get_mut("oneOf").and_then(Value::as_array_mut) {
        for alternative in alternatives.iter_mut() {
            strip_null(alternative);
        }
        // rjsf draws a choice list only when the property itself says which type its choices are.
        let all_strings = alternatives.iter().all(|a| a.get("const").is_some_and(Value::is_string));
        if all_strings && prop.get("type").is_none() {
            prop["type"] = json!("string");
        }
    }
    // Nested objects (a set of flags, an array's items) get the same treatment as top-level properties.
    if let Some(nested) = prop.get_mut("properties").and_then(Value::as_object_mut) {
        for inner in nested.values_mut() {
            strip_null(inner);
        }
    }
    if let Some(items) = prop.get_mut("items") {
        strip_null(items);
    }
}

/// Properties of an object schema, borrowed from it (a save looks them up several times; copying a form's schema
/// for each look was a tenth of a save's work), in the schema's order, each name once (the first one found).
#[derive(Debug, Default)]
pub struct Properties<'a>(Vec<(&'a str, &'a Value)>);

impl<'a> Properties<'a> {
    /// The properties of `schema` itself.
    pub fn of(schema: &'a Value) -> Properties<'a> {
        let mut properties = Properties::default();
        properties.add(schema.get("properties"));
        properties
    }

    /// The properties of `more` (a `properties` object) not named already.
    pub fn add(&mut self, more: Option<&'a Value>) {
        for (name, prop) in more.and_then(Value::as_object).into_iter().flatten() {
            if self.get(name).is_none() {
                self.0.push((name.as_str(), prop));
            }
        }
    }

    pub fn get(&self, name: &str) -> Option<&'a Value> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, prop)| *prop)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &'a Value)> + '_ {
        self.0.iter().copied()
    }
}

impl<'a> IntoIterator for Properties<'a> {
    type Item = (&'a str, &'a Value);
    type IntoIter = std::vec::IntoIter<(&'a str, &'a Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}
