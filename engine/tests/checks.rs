//! The typed checks of `x-checks`, run over the table of cases the renderer runs too (`checks.cases.json`), and every
//! form the shipped workflows compose has only checks that parse.

use engine::checks::Check;
use serde_json::{json, Map, Value};

fn cases() -> Vec<Value> {
    let text = include_str!("checks.cases.json");
    let table: Value = serde_json::from_str(text).expect("the table is JSON");
    table["cases"].as_array().expect("a list of cases").clone()
}

#[test]
fn every_check_answers_each_case_of_the_shared_table_as_the_table_says() {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for case in cases() {
        let check: Check = serde_json::from_value(case["check"].clone()).unwrap_or_else(|e| panic!("{case}: {e}"));
        kinds.insert(case["check"]["check"].as_str().unwrap().to_string());
        let prop = json!({ "x-messages": case.get("messages").cloned().unwrap_or(json!({})) });
        let siblings: Map<String, Value> = case.get("siblings").and_then(Value::as_object).cloned().unwrap_or_default();
        let answer = check.problem(&prop, &case["value"], &siblings, today, "en");
        let expected = case["expected"].as_str().map(str::to_string);
        assert_eq!(answer, expected, "{case}");
    }
    let every: std::collections::BTreeSet<String> = engine::checks::examples()
        .iter()
        .map(|c| serde_json::to_value(c).unwrap()["check"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(kinds, every, "the table has cases of every kind of check");
}

#[test]
fn a_misspelled_or_unknown_check_does_not_parse_and_says_where_it_is() {
    let misspelled = json!({ "properties": { "dob": { "x-checks": [{ "check": "adlut" }] } } });
    let error = engine::checks::every(&misspelled).unwrap_err();
    assert!(error.starts_with("/properties/dob: x-checks"), "{error}");
    let old_style = json!({ "properties": { "dob": { "x-checks": ["date"] } } });
    assert!(engine::checks::every(&old_style).is_err());
    let extra = json!({ "x-checks": [{ "check": "total", "field": "share", "limit": 100 }] });
    assert!(engine::checks::every(&extra).is_err(), "a check takes only its own parameters");
}

#[test]
fn a_field_whose_checks_do_not_parse_is_refused_on_save_never_passed() {
    let schema =
        json!({ "type": "object", "properties": { "dob": { "type": "string", "x-checks": [{ "check": "adlut" }] } } });
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
    let errors = engine::validation::validate(&schema, &json!({ "dob": "01/01/2020" }), today, "en").unwrap_err();
    assert_eq!(errors[0].error_message, engine::validation::UNCHECKABLE);
}

#[test]
fn every_form_of_the_shipped_workflows_has_only_checks_that_parse() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let workflows = engine::workflow::load_dir(&dir).unwrap();
    engine::schema::every_check_parses(&workflows).unwrap();
    engine::checks::every(&engine::shop::popups::spouse_dob_field("en")).unwrap();
}
