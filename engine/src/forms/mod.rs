//! The data of each tab (and of the filter form) as Rust types, from which the JSON Schemas are derived.
//!
//! Every field is optional in the type: whether a field is required is the workflow's decision (see
//! [`crate::schema`]), never the type's. What the type does own is the shape of a valid value and the spec's message
//! when it is not, carried in the schema as extension keywords that [`crate::validation`] and the renderer read:
//!
//! - `x-messages`: JSON Schema keyword (`pattern`, `minimum`, ...) -> the spec's message for this field;
//! - `x-checks`: rules JSON Schema cannot express, each a typed [`crate::checks::Check`] (`{ "check": "date" }`,
//!   `{ "check": "total", "field": "beneficiary_percentage" }`, ...; every kind is documented there), run by the
//!   engine on every save and, where the browser checks early, by the renderer from the same definition;
//! - `x-normalize`: how the server cleans a value before validating it (`digits`, `upper`, `ssn`, `state_case`,
//!   `name` and `text` (an address, an account holder): Unicode's composed form, NFC, which the renderer applies too
//!   as it is typed);
//! - `x-widget`: the renderer widget registered under that name (`dateMDY`, `ssn`, `phone`, `zip`, `textarea`, `radio`);
//! - `x-lookup`: a list of choices the engine fills in (`states`);
//! - `x-refuse`: a value -> the message refusing it (a choice that is offered but blocks saving);
//! - `x-sensitive`: stored encrypted and answered masked (`ssn`);
//! - `x-new-item` (on a list): the values a new item starts with, as the first of its rules whose JSON Schema `if`
//!   holds for `{ "form": the whole form, "items": the list }` says (`set`); a rule without `if` always holds (a
//!   family's new dependent is the spouse until one is listed, then a child: [`crate::dependents`]);
//! - `x-locked`: shown but not changeable in the form (its value set by `x-new-item`); unlike `readOnly`, the value
//!   is the document's, kept and checked as sent.

pub mod agreement;
pub mod applicant;
pub mod billing;
pub mod common;
pub mod employer;
pub mod filter;
pub mod household;
pub mod states;

use schemars::JsonSchema;
use serde_json::Value;

use self::agreement::{AgreementInfo, HealthInfo, ReviewInfo};
use self::applicant::{ContactInfo, PersonalInfo};
use self::billing::BillingInfo;
use self::employer::EmployerInfo;
use self::filter::FilterForm;
use self::household::{BeneficiaryInfo, DependentInfo};
use crate::tabs::TabName;

fn generate<T: JsonSchema>() -> Value {
    let generator =
        schemars::generate::SchemaSettings::draft2020_12().with(|s| s.inline_subschemas = true).into_generator();
    let schema = generator.into_root_schema_for::<T>();
    crate::json::strip_nulls(serde_json::to_value(schema).expect("a schema is JSON"))
}

/// The base schema of a tab's data. Each is generated once (the types do not change while the program runs) and
/// copied for each composition.
pub fn form_schema(tab: TabName) -> Value {
    static SCHEMAS: [std::sync::OnceLock<Value>; 9] = [const { std::sync::OnceLock::new() }; 9];
    let at = TabName::ALL.iter().position(|t| *t == tab).expect("every tab is listed");
    SCHEMAS[at].get_or_init(|| generated(tab)).clone()
}

fn generated(tab: TabName) -> Value {
    match tab {
        TabName::PrimaryInfo => generate::<PersonalInfo>(),
        TabName::ContactInfo => generate::<ContactInfo>(),
        TabName::EmployerInfo => generate::<EmployerInfo>(),
        TabName::BeneficiaryInfo => generate::<BeneficiaryInfo>(),
        TabName::AgreementInfo => generate::<AgreementInfo>(),
        TabName::PrimaryHealthInfo => generate::<HealthInfo>(),
        TabName::DependentInfo => generate::<DependentInfo>(),
        TabName::BillingInfo => generate::<BillingInfo>(),
        TabName::ReviewInfo => generate::<ReviewInfo>(),
    }
}

/// The choices a field of a tab offers, as (value, label): a coded field's options, or a set of flags' names.
/// The spec's lookup calls (get-employment-status, get-holiday-policy, ...) answer these, so the lists live in one
/// place, the tab's type.
pub fn choices(tab: TabName, field: &str) -> Vec<(String, String)> {
    let schema = form_schema(tab);
    let prop = &schema["properties"][field];
    if let Some(options) = prop.get("oneOf").and_then(Value::as_array) {
        return options
            .iter()
            .filter_map(|o| Some((o.get("const")?.as_str()?.to_string(), o.get("title")?.as_str()?.to_string())))
            .collect();
    }
    if let Some(name) = prop.get("x-lookup").and_then(Value::as_str) {
        return states::lookup(name).iter().map(|(code, name)| (code.to_string(), name.to_string())).collect();
    }
    prop.get("properties")
        .and_then(Value::as_object)
        .map(|flags| {
            flags.iter().map(|(key, flag)| (key.clone(), flag["title"].as_str().unwrap_or(key).to_string())).collect()
        })
        .unwrap_or_default()
}

/// The base schema of the filter form.
pub fn filter_schema() -> Value {
    generate::<FilterForm>()
}
