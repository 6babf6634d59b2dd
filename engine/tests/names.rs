//! Names in every alphabet: one rule for every person's name the forms ask, stored in Unicode's composed form (NFC);
//! addresses refuse control and text-direction characters.

mod common;

use common::{changed, errors, shipped_workflow};
use engine::context::{EnrollmentContext, Tier};
use engine::forms::common::{
    is_valid_name, normalized_name, ADDRESS_PATTERN, INVALID_ADDRESS, INVALID_CITY, NAME_PATTERN,
};
use engine::forms::form_schema;
use engine::schema::{compose, ComposedForm};
use engine::tabs::TabName;
use engine::validation::clean;
use engine::workflow::PrefillValues;
use serde_json::{json, Value};

/// The table both validators run (the renderer's tests read it too): names and addresses, accepted and refused.
fn table() -> Value {
    serde_json::from_str(include_str!("names.cases.json")).expect("the table is JSON")
}

/// The names the table accepts, as typed and as stored.
fn accepted() -> Vec<(String, String)> {
    table()["names"]["accepted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["typed"].as_str().unwrap().to_string(), c["stored"].as_str().unwrap().to_string()))
        .collect()
}

fn texts(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

fn form(tab: TabName, ctx: &EnrollmentContext, prefill: &PrefillValues) -> ComposedForm {
    let wf = shipped_workflow();
    compose(tab, wf.forms.get(&tab), ctx, prefill, &json!({})).unwrap()
}

fn personal() -> ComposedForm {
    let prefill =
        PrefillValues { dob: Some("04/12/1986".into()), gender: Some("1".into()), ..PrefillValues::default() };
    form(TabName::PrimaryInfo, &EnrollmentContext::default(), &prefill)
}

fn person() -> Value {
    json!({
        "first_name": "Dana", "last_name": "Okafor", "weight": "165", "height_feet": 5, "height_inch": "7",
        "marital_status": "1", "ssn": "123-45-6789", "prior_coverage_flag": "0"
    })
}

fn dependents() -> ComposedForm {
    let ctx = EnrollmentContext {
        tier: Some(Tier::IC),
        cart_categories: vec!["dental".into()],
        cart_plan_types: vec!["STD".into()],
        ..EnrollmentContext::default()
    };
    form(TabName::DependentInfo, &ctx, &PrefillValues::default())
}

fn child(first: &str) -> Value {
    json!({ "dependents": [{ "first_name": first, "last_name": "Muñoz-Peña", "gender": "1", "ssn": "219-09-9999",
            "birthdate": "06/01/2015", "relationship": "child" }] })
}

fn beneficiaries() -> ComposedForm {
    compose(TabName::BeneficiaryInfo, None, &EnrollmentContext::default(), &PrefillValues::default(), &json!({}))
        .unwrap()
}

fn beneficiary(first: &str) -> Value {
    json!({ "beneficiaries": [{ "first_name": first, "last_name": "Okafor", "relationship": "child", "beneficiary_percentage": 100 }] })
}

fn billing() -> ComposedForm {
    let prefill = PrefillValues { today: Some("11/22/2026".into()), ..PrefillValues::default() };
    form(TabName::BillingInfo, &EnrollmentContext::default(), &prefill)
}

fn card() -> Value {
    json!({ "payment_method": "cc", "first_name_on_cc": "Dana", "last_name_on_cc": "Okafor", "card_number": "4111111111111111",
            "expiration_month": "08", "expiration_year": "2029", "security_code": "123", "address1": "12 Peachtree St NE",
            "city": "Atlanta", "state": "GA", "zip": "30303", "bill_date": 28 })
}

fn contact() -> ComposedForm {
    let prefill = PrefillValues { zip: Some("30301".into()), state: Some("GA".into()), ..PrefillValues::default() };
    form(TabName::ContactInfo, &EnrollmentContext::default(), &prefill)
}

fn address() -> Value {
    json!({ "email_address": "jose@example.com", "phone_number": "(404) 555-0134", "address1": "12 Peachtree St",
            "city": "Atlanta", "birth_state": "ga", "birth_city": "Macon" })
}

/// Every property of `schema` at any depth (objects, list items, conditions), as (path, property).
fn properties<'a>(schema: &'a Value, path: &str, out: &mut Vec<(String, &'a Value)>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                if key == "properties" {
                    for (name, prop) in value.as_object().into_iter().flatten() {
                        let at = if path.is_empty() { name.clone() } else { format!("{path}.{name}") };
                        out.push((at.clone(), prop));
                        properties(prop, &at, out);
                    }
                } else {
                    properties(value, path, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| properties(item, path, out)),
        _ => {}
    }
}

#[test]
fn every_persons_name_the_forms_ask_has_the_one_name_rule_and_is_normalised_as_a_name() {
    let (mut names, mut ascii) = (Vec::new(), Vec::new());
    for tab in TabName::ALL {
        let schema = form_schema(tab);
        let mut found = Vec::new();
        properties(&schema, "", &mut found);
        for (path, prop) in found {
            let pattern = prop.get("pattern").and_then(Value::as_str).unwrap_or_default();
            if pattern == NAME_PATTERN {
                assert_eq!(prop["x-normalize"], "name", "{tab}: {path} is stored as a name (NFC)");
                names.push(format!("{tab}: {path}"));
            } else if pattern.contains("A-Za-z") {
                ascii.push(format!("{tab}: {path}"));
            }
        }
    }
    let expected = [
        "primary_info: first_name",
        "primary_info: middle_name",
        "primary_info: last_name",
        "beneficiary_info: beneficiaries.first_name",
        "beneficiary_info: beneficiaries.middle_name",
        "beneficiary_info: beneficiaries.last_name",
        "dependent_info: dependents.first_name",
        "dependent_info: dependents.middle_name",
        "dependent_info: dependents.last_name",
        "agreement_info: signature_name",
        "billing_info: first_name_on_cc",
        "billing_info: last_name_on_cc",
    ];
    for name in expected {
        assert!(names.iter().any(|n| n == name), "{name} has the name rule; found {names:?}");
    }
    // What is still held to ASCII letters is no person's or business's name: a code, a state, a picture's data.
    ascii.sort();
    assert_eq!(
        ascii,
        ["agreement_info: signature", "employer_info: state", "primary_info: enroller_code"],
        "no name is held to ASCII letters"
    );
}

#[test]
fn the_tables_schemas_are_the_fields_as_the_engine_derives_them() {
    let table = table();
    let personal = form_schema(TabName::PrimaryInfo);
    let contact = form_schema(TabName::ContactInfo);
    let derived = json!({
        "first_name": personal["properties"]["first_name"],
        "middle_name": personal["properties"]["middle_name"],
        "last_name": personal["properties"]["last_name"],
        "address1": contact["properties"]["address1"],
        "address2": contact["properties"]["address2"],
        "city": contact["properties"]["city"],
    });
    assert_eq!(
        table["schemas"],
        derived,
        "engine/tests/names.cases.json's `schemas` should be:\n{}",
        serde_json::to_string_pretty(&derived).unwrap()
    );
}

#[test]
fn personal_information_takes_names_in_every_alphabet_and_stores_them_composed() {
    let f = personal();
    for (typed, stored) in accepted() {
        for field in ["first_name", "middle_name", "last_name"] {
            let body = changed(person(), &json!({ field: typed }));
            assert_eq!(errors(&f, &body), vec![], "{field}: {typed:?}");
            assert_eq!(clean(&f.schema, &body, &f.form_data)[field], json!(stored), "{field}: {typed:?}");
        }
    }
}

#[test]
fn digits_markup_control_and_direction_characters_are_refused_with_the_spec_message_of_each_name() {
    let f = personal();
    let fields = [
        ("first_name", "Please enter valid first name"),
        ("middle_name", "Please enter valid middle name"),
        ("last_name", "Please enter valid last name"),
    ];
    for name in texts(&table()["names"]["refused"]) {
        for (field, message) in fields {
            let body = changed(person(), &json!({ field: name }));
            assert_eq!(errors(&f, &body), vec![(field.to_string(), message.to_string())], "{field}: {name:?}");
        }
    }
}

#[test]
fn a_name_typed_decomposed_is_validated_and_stored_composed() {
    let f = personal();
    let decomposed = "Jose\u{301} Mun\u{303}oz-Pen\u{303}a";
    let body = changed(person(), &json!({ "first_name": "Zoe\u{308}", "last_name": decomposed }));
    let cleaned = clean(&f.schema, &body, &f.form_data);
    assert_eq!(cleaned["last_name"], "José Muñoz-Peña");
    assert_eq!(cleaned["last_name"].as_str().unwrap().chars().count(), 15, "one character for each letter");
    assert_eq!(cleaned["first_name"], "Zoë");
    assert_eq!(errors(&f, &body), vec![]);
    // Fifty accented letters typed decomposed are a hundred characters, and fifty once composed: within the limit.
    let long = "e\u{301}".repeat(50);
    assert_eq!(errors(&f, &changed(person(), &json!({ "last_name": long }))), vec![]);
}

#[test]
fn a_dependents_and_a_beneficiarys_names_take_every_alphabet_are_stored_composed_and_refuse_the_rest() {
    let d = dependents();
    assert_eq!(errors(&d, &child("Zoë")), vec![]);
    assert_eq!(errors(&d, &child("김민준")), vec![]);
    let cleaned = clean(&d.schema, &child("Zoe\u{308}"), &d.form_data);
    assert_eq!(cleaned["dependents"][0]["first_name"], "Zoë");
    for name in ["Z0ë", "Zoë\u{202E}"] {
        assert_eq!(
            errors(&d, &child(name)),
            vec![("dependents.0.first_name".to_string(), "Please enter valid first name".to_string())],
            "{name:?}"
        );
    }

    let b = beneficiaries();
    assert_eq!(errors(&b, &beneficiary("O’Neill")), vec![]);
    let cleaned = clean(&b.schema, &beneficiary("Mari\u{301}a"), &b.form_data);
    assert_eq!(cleaned["beneficiaries"][0]["first_name"], "María");
    assert_eq!(
        errors(&b, &beneficiary("M4ría")),
        vec![("beneficiaries.0.first_name".to_string(), "Please enter valid first name".to_string())]
    );
}

#[test]
fn the_card_holders_name_takes_every_alphabet_and_refuses_digits_and_direction_characters() {
    let f = billing();
    let accented = changed(card(), &json!({ "first_name_on_cc": "José", "last_name_on_cc": "Muñoz-Peña Jr." }));
    assert_eq!(errors(&f, &accented), vec![]);
    let cleaned = clean(&f.schema, &changed(card(), &json!({ "first_name_on_cc": "Jose\u{301}" })), &f.form_data);
    assert_eq!(cleaned["first_name_on_cc"], "José");
    let cases = [
        (json!({ "first_name_on_cc": "J0sé" }), "first_name_on_cc", "Please enter valid first name"),
        (json!({ "last_name_on_cc": "Peña\u{202E}" }), "last_name_on_cc", "Please enter valid last name"),
    ];
    for (change, field, message) in cases {
        assert_eq!(errors(&f, &changed(card(), &change)), vec![(field.to_string(), message.to_string())], "{change}");
    }
}

#[test]
fn addresses_take_every_alphabet_and_refuse_control_and_direction_characters() {
    let table = table();
    let (c, b) = (contact(), billing());
    for text in texts(&table["addresses"]["accepted"]) {
        for field in ["address1", "address2", "city"] {
            assert_eq!(errors(&c, &changed(address(), &json!({ field: text }))), vec![], "contact's {field}: {text:?}");
            assert_eq!(errors(&b, &changed(card(), &json!({ field: text }))), vec![], "card's {field}: {text:?}");
        }
    }
    for text in texts(&table["addresses"]["refused"]) {
        for (field, message) in [("address1", INVALID_ADDRESS), ("address2", INVALID_ADDRESS), ("city", INVALID_CITY)] {
            let pair = vec![(field.to_string(), message.to_string())];
            assert_eq!(errors(&c, &changed(address(), &json!({ field: text }))), pair, "contact's {field}: {text:?}");
            assert_eq!(errors(&b, &changed(card(), &json!({ field: text }))), pair, "card's {field}: {text:?}");
        }
    }
    let employer = form_schema(TabName::EmployerInfo);
    for (field, message) in [("address1", INVALID_ADDRESS), ("address2", INVALID_ADDRESS), ("city", INVALID_CITY)] {
        assert_eq!(employer["properties"][field]["pattern"], ADDRESS_PATTERN, "the employer's {field}");
        assert_eq!(employer["properties"][field]["x-messages"]["pattern"], message, "the employer's {field}");
    }
}

#[test]
fn a_name_checked_outside_a_form_follows_the_same_rule() {
    for (typed, stored) in accepted() {
        assert_eq!(normalized_name(&typed), stored);
        assert!(is_valid_name(&stored), "{typed:?}");
    }
    for name in texts(&table()["names"]["refused"]) {
        assert!(!is_valid_name(&normalized_name(&name)), "{name:?}");
    }
}
