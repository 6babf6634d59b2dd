//! Billing Information: what each payment type requires, and the spec's messages, from the composed schema alone.

mod common;

use common::{changed, errors, shipped_workflow};
use engine::catalogue::Group;
use engine::context::EnrollmentContext;
use engine::schema::{compose, ComposedForm};
use engine::tabs::TabName;
use engine::validation::clean;
use engine::workflow::PrefillValues;
use serde_json::{json, Value};

/// The step for a person paying alone (`cc`), or for an employee of a group billed by `payment_method`.
fn form(payment_method: Option<&str>) -> ComposedForm {
    let wf = shipped_workflow();
    let group = payment_method.map(|m| Group {
        group_id: 1,
        name: "Group".into(),
        code: "G1".into(),
        phone: String::new(),
        address_information: Default::default(),
        payment_method: Some(m.into()),
        email: None,
        categories: None,
        agent_id: None,
        landing_url: String::new(),
        portals: Vec::new(),
        branding: Default::default(),
        payroll_frequency: None,
        tax_id: None,
        policy_numbers: Default::default(),
    });
    let prefill = PrefillValues {
        group,
        today: Some("11/22/2026".into()),
        contact_address: Some(
            json!({ "address1": "12 Peachtree St NE", "city": "Atlanta", "state": "GA", "zip": "30303" }),
        ),
        ..PrefillValues::default()
    };
    compose(
        TabName::BillingInfo,
        wf.forms.get(&TabName::BillingInfo),
        &EnrollmentContext::default(),
        &prefill,
        &json!({}),
    )
    .unwrap()
}

fn eft() -> Value {
    json!({ "payment_method": "eft", "routing_number": "061271001", "account_name": "Dana Okafor", "bank_name": "Peachtree Community Bank",
            "account_number": "000123456789", "account_type": "checking", "account_holder_type": "individual", "bill_date": 28 })
}

fn card() -> Value {
    json!({ "payment_method": "cc", "first_name_on_cc": "Dana", "last_name_on_cc": "Okafor", "card_number": "4111111111111111",
            "expiration_month": "08", "expiration_year": "2029", "security_code": "123", "address1": "12 Peachtree St NE",
            "city": "Atlanta", "state": "GA", "zip": "30303", "bill_date": 28 })
}

#[test]
fn eft_and_card_answer_each_spec_message_under_its_field() {
    let f = form(None);
    assert_eq!(errors(&f, &eft()), vec![]);
    assert_eq!(errors(&f, &card()), vec![]);
    let cases = [
        (eft(), json!({ "routing_number": "12345678" }), "routing_number", "Routing number must be of 9 digits"),
        (eft(), json!({ "routing_number": "061271002" }), "routing_number", "Invalid routing number"),
        (eft(), json!({ "account_number": "12" }), "account_number", "Account Number must be of 4 to 17 digits."),
        (eft(), json!({ "account_name": "Dana_Okafor" }), "account_name", "Invalid account holder name"),
        (eft(), json!({ "bank_name": null }), "bank_name", "Field is required"),
        (card(), json!({ "first_name_on_cc": "D4na" }), "first_name_on_cc", "Please enter valid first name"),
        (card(), json!({ "last_name_on_cc": "0kafor" }), "last_name_on_cc", "Please enter valid last name"),
        (card(), json!({ "card_number": "411111111111" }), "card_number", "Card number must be Min-13 and Max-25"),
        (card(), json!({ "card_number": "4111111111111112" }), "card_number", "Please enter a valid card number"),
        (card(), json!({ "security_code": "12345" }), "security_code", "Security code must of 3 or 4 digits"),
        (card(), json!({ "expiration_month": null }), "expiration_month", "Field is required"),
        (
            card(),
            json!({ "expiration_month": "10", "expiration_year": "2026" }),
            "expiration_year",
            "The card has expired",
        ),
        (card(), json!({ "zip": "303" }), "zip", "Invalid Zip code"),
        (card(), json!({ "address1": "" }), "address1", "Field is required"),
        (card(), json!({ "payment_method": "list" }), "payment_method", "Please choose a payment type"),
    ];
    for (base, change, field, message) in cases {
        let body = changed(base, &change);
        assert_eq!(errors(&f, &body), vec![(field.to_string(), message.to_string())], "{change}");
    }
}

#[test]
fn a_card_on_file_sent_back_as_its_mask_needs_no_security_code() {
    let f = form(None);
    let on_file = changed(card(), &json!({ "card_number": "****1111", "security_code": null }));
    assert_eq!(errors(&f, &on_file), vec![]);
    let new_card = changed(card(), &json!({ "security_code": null }));
    assert_eq!(errors(&f, &new_card), vec![("security_code".into(), "Field is required".into())]);
}

#[test]
fn only_the_chosen_types_fields_are_kept() {
    let f = form(None);
    let mixed = changed(eft(), &json!({ "card_number": "4111111111111111", "first_name_on_cc": "Dana" }));
    let cleaned = clean(&f.schema, &mixed, &f.form_data);
    assert!(cleaned.get("card_number").is_none() && cleaned.get("routing_number").is_some(), "{cleaned}");
}

#[test]
fn each_group_billing_type_is_offered_beside_eft_and_selected_first() {
    for (method, offered) in [
        (None, vec!["eft", "cc"]),
        (Some("elist"), vec!["eft", "elist"]),
        (Some("list"), vec!["eft", "list"]),
        (Some("stmt"), vec!["eft", "stmt"]),
    ] {
        let f = form(method);
        let choices: Vec<&str> = f.schema["properties"]["payment_method"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["const"].as_str().unwrap())
            .collect();
        assert_eq!(choices, offered, "{method:?}");
        let selected = f.schema["properties"]["payment_method"]["default"].as_str().unwrap();
        assert_eq!(selected, method.unwrap_or("eft"));
    }
    let list_only = json!({ "payment_method": "list", "bill_date": 15 });
    assert_eq!(errors(&form(Some("list")), &list_only), vec![], "list billing asks for no bank or card");
    let bills = form(None).schema["properties"]["bill_date"].clone();
    assert_eq!(bills["default"], 28);
    assert!(bills["oneOf"].as_array().unwrap().contains(&json!({ "const": 28, "title": "28th of month" })));
}
