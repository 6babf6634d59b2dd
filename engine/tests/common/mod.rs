//! What the engine's table tests share: the shipped workflow, a fixed today, and a submission's errors as pairs.

#![allow(dead_code)]

use chrono::NaiveDate;
use engine::schema::ComposedForm;
use engine::validation::{clean, validate};
use engine::workflow::{self, WizardWorkflow};
use serde_json::Value;

/// The day the tables are written for.
pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
}

/// `workflows/` as shipped.
pub fn shipped_workflow() -> WizardWorkflow {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    workflow::load_dir(&dir).unwrap().wizard
}

/// A submission cleaned and validated as a save would be: `(field, message)` for each fault.
pub fn errors(form: &ComposedForm, submitted: &Value) -> Vec<(String, String)> {
    let cleaned = clean(&form.schema, submitted, &form.form_data);
    match validate(&form.schema, &cleaned, today(), &form.language) {
        Ok(()) => vec![],
        Err(errors) => errors.into_iter().map(|e| (e.target_element, e.error_message)).collect(),
    }
}

/// `base` with the fields of `change` put over it.
pub fn changed(base: Value, change: &Value) -> Value {
    let mut body = base;
    for (k, v) in change.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}
