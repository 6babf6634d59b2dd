//! Validation messages of the spec and wizard navigation.

use chrono::NaiveDate;
use engine::context::EnrollmentContext;
use engine::lifecycle::{EnrollmentLifecycle, Event, Rejection};
use engine::schema::{compose, compose_filter, FilterOptions};
use engine::tabs::TabName;
use engine::validation::{clean, validate};
use engine::workflow::{self, PrefillValues};
use serde_json::{json, Value};

/// `base` with the fields of `change` put over it.
fn with_changes(base: &Value, change: &Value) -> Value {
    let mut changed = base.clone();
    for (k, v) in change.as_object().unwrap() {
        changed[k] = v.clone();
    }
    changed
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
}

fn errors_of(schema: &Value, composed: &Value, submitted: Value) -> Vec<(String, String)> {
    let cleaned = clean(schema, &submitted, composed);
    match validate(schema, &cleaned, today(), "en") {
        Ok(()) => vec![],
        Err(errors) => errors.into_iter().map(|e| (e.target_element, e.error_message)).collect(),
    }
}

fn filter_errors(submitted: Value) -> Vec<(String, String)> {
    let form = compose_filter(&json!({}), &FilterOptions::default());
    errors_of(&form.schema, &form.form_data, submitted)
}

#[test]
fn the_filter_form_answers_each_spec_message_under_its_field() {
    let ok = json!({ "zip": "30301", "gender": "1", "tier": "IO", "dob": "04/12/1986" });
    assert_eq!(filter_errors(ok.clone()), vec![]);
    let cases = [
        (json!({ "zip": "" }), "zip", "Field is required"),
        (json!({ "zip": "3030" }), "zip", "Invalid Zip code"),
        (json!({ "zip": "3030a" }), "zip", "Invalid Zip code"),
        (json!({ "gender": null }), "gender", "Field is required"),
        (json!({ "tier": "" }), "tier", "Field is required"),
        (json!({ "dob": "" }), "dob", "Field is required"),
        (json!({ "dob": "11/23/2008" }), "dob", "You must be 18 years to proceed"),
        (json!({ "dob": "11/22/2026" }), "dob", "You must be 18 years to proceed"),
        (json!({ "dob": "02/30/1990" }), "dob", "Please enter a valid date (MM/DD/YYYY)"),
        (json!({ "dob": "1990-02-03" }), "dob", "Please enter a valid date (MM/DD/YYYY)"),
    ];
    for (change, field, message) in cases {
        let submitted = with_changes(&ok, &change);
        assert_eq!(filter_errors(submitted), vec![(field.to_string(), message.to_string())], "{change}");
    }
}

#[test]
fn a_person_who_turns_eighteen_today_may_proceed() {
    let ok = json!({ "zip": "30301", "gender": "0", "tier": "IF", "dob": "11/22/2008" });
    assert_eq!(filter_errors(ok), vec![]);
}

fn personal_errors(submitted: Value) -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let wf = workflow::load_dir(&dir).unwrap().wizard;
    let prefill =
        PrefillValues { dob: Some("04/12/1986".into()), gender: Some("1".into()), ..PrefillValues::default() };
    let form =
        compose(TabName::PrimaryInfo, wf.forms.get(&TabName::PrimaryInfo), &medical_cart(), &prefill, &json!({}))
            .unwrap();
    errors_of(&form.schema, &form.form_data, submitted)
}

/// An enrollment whose cart holds a medical plan, which underwrites on height and weight.
fn medical_cart() -> EnrollmentContext {
    EnrollmentContext { cart_categories: vec!["medical".into()], ..EnrollmentContext::default() }
}

#[test]
fn height_and_weight_are_asked_only_where_a_plan_in_the_cart_rates_or_underwrites_on_them() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let wf = workflow::load_dir(&dir).unwrap().wizard;
    let asked = |categories: &[&str], plan_types: &[&str]| {
        let ctx = EnrollmentContext {
            cart_categories: categories.iter().map(|c| c.to_string()).collect(),
            cart_plan_types: plan_types.iter().map(|c| c.to_string()).collect(),
            ..EnrollmentContext::default()
        };
        let form = compose(
            TabName::PrimaryInfo,
            wf.forms.get(&TabName::PrimaryInfo),
            &ctx,
            &PrefillValues::default(),
            &json!({}),
        )
        .unwrap();
        let required = form.schema["required"].as_array().unwrap().iter().any(|r| r == "weight");
        (form.schema["properties"].get("weight").is_some(), required)
    };
    assert_eq!(asked(&["dental"], &[]), (false, false), "a dental plan rates on neither");
    assert_eq!(asked(&["dental", "vision"], &[]), (false, false));
    assert_eq!(asked(&["dental", "medical"], &[]), (true, true), "a medical plan underwrites on them");
    assert_eq!(asked(&["term_life"], &[]), (true, true));
    assert_eq!(asked(&["accident"], &["MM"]), (true, true), "a premier plan rates each member");
}

fn person() -> Value {
    json!({
        "first_name": "Dana", "last_name": "Okafor", "weight": "165", "height_feet": 5, "height_inch": "7",
        "marital_status": "1", "ssn": "123-45-6789", "prior_coverage_flag": "0"
    })
}

#[test]
fn personal_information_answers_each_spec_message_under_its_field() {
    assert_eq!(personal_errors(person()), vec![]);
    let cases = [
        (json!({ "first_name": "" }), "first_name", "Field is required"),
        (json!({ "first_name": "D4na" }), "first_name", "Please enter valid first name"),
        (json!({ "last_name": "<script>" }), "last_name", "Please enter valid last name"),
        (json!({ "weight": 0 }), "weight", "Weight cannot be zero or less"),
        (json!({ "weight": "1000" }), "weight", "Weight cannot be more than 3 digits"),
        (json!({ "height_feet": "0" }), "height_feet", "Height cannot be zero"),
        (json!({ "height_inch": 12 }), "height_inch", "Inch is invalid"),
        (json!({ "marital_status": "" }), "marital_status", "Field is required"),
        (json!({ "ssn": "12345678" }), "ssn", "Invalid Social Security Number"),
        (json!({ "ssn": "666-12-3456" }), "ssn", "Invalid Social Security Number"),
        (json!({ "ssn": "***-**-6789" }), "ssn", "Invalid Social Security Number"),
        (json!({ "prior_coverage_flag": "1" }), "prior_carrier_name", "Field is required"),
        (
            json!({ "prior_coverage_flag": "1", "prior_carrier_name": "Acme", "prior_effective_date": "01/01/2030" }),
            "prior_effective_date",
            "Date cannot be today or a future date",
        ),
        (
            json!({ "prior_coverage_flag": "1", "prior_carrier_name": "Acme", "prior_effective_date": "01/01/2020", "prior_term_date": "01/01/2019" }),
            "prior_term_date",
            "Term date cannot be before the effective date",
        ),
        (json!({ "ethnic_category": "12" }), "ethnic_category_other_type", "Field is required"),
    ];
    for (change, field, message) in cases {
        let submitted = with_changes(&person(), &change);
        let errors = personal_errors(submitted);
        assert!(
            errors.contains(&(field.to_string(), message.to_string())),
            "{change}: expected {field}: {message}, got {errors:?}"
        );
    }
}

#[test]
fn a_read_only_field_keeps_the_server_value_whatever_the_browser_sends() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let wf = workflow::load_dir(&dir).unwrap().wizard;
    let prefill = PrefillValues { dob: Some("04/12/1986".into()), ..PrefillValues::default() };
    let form =
        compose(TabName::PrimaryInfo, wf.forms.get(&TabName::PrimaryInfo), &medical_cart(), &prefill, &json!({}))
            .unwrap();
    let mut submitted = person();
    submitted["birthdate"] = json!("01/01/2010");
    submitted["is_admin"] = json!(true);
    let cleaned = clean(&form.schema, &submitted, &form.form_data);
    assert_eq!(cleaned["birthdate"], json!("04/12/1986"));
    assert!(cleaned.get("is_admin").is_none());
    assert_eq!(cleaned["ssn"], json!("123456789"));
    assert_eq!(cleaned["weight"], json!(165));
}

#[test]
fn contact_information_answers_each_spec_message_under_its_field() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let wf = workflow::load_dir(&dir).unwrap().wizard;
    let prefill = PrefillValues { zip: Some("30301".into()), state: Some("GA".into()), ..PrefillValues::default() };
    let form = compose(
        TabName::ContactInfo,
        wf.forms.get(&TabName::ContactInfo),
        &EnrollmentContext::default(),
        &prefill,
        &json!({}),
    )
    .unwrap();
    let ok = json!({ "email_address": "dana@example.com", "phone_number": "(404) 555-0134", "address1": "12 Peachtree St",
                     "city": "Atlanta", "birth_state": "ga", "birth_city": "Macon" });
    assert_eq!(errors_of(&form.schema, &form.form_data, ok.clone()), vec![]);
    let cases = [
        (json!({ "email_address": "dana@" }), "email_address", "Email is not in correct format"),
        (json!({ "phone_number": "404555013" }), "phone_number", "Invalid phone number"),
        (json!({ "address1": " " }), "address1", "Field is required"),
        (json!({ "birth_state": "XX" }), "birth_state", "Please choose one of the options"),
    ];
    for (change, field, message) in cases {
        let submitted = with_changes(&ok, &change);
        assert_eq!(
            errors_of(&form.schema, &form.form_data, submitted),
            vec![(field.to_string(), message.to_string())],
            "{change}"
        );
    }
}

const NAV: [TabName; 3] = [TabName::PrimaryInfo, TabName::ContactInfo, TabName::ReviewInfo];

fn checked_out() -> EnrollmentLifecycle {
    let mut lifecycle = EnrollmentLifecycle::default();
    lifecycle.handle(Event::Checkout { nav: NAV.to_vec() }).unwrap();
    lifecycle
}

#[test]
fn checkout_opens_the_wizard_at_the_first_tab_and_next_walks_the_navigation() {
    let mut l = checked_out();
    assert_eq!(l.current_tab(), Some(TabName::PrimaryInfo));
    l.handle(Event::Saved(TabName::PrimaryInfo)).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::ContactInfo));
    l.handle(Event::Saved(TabName::ContactInfo)).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::ReviewInfo));
    l.handle(Event::Submit).unwrap();
    assert!(l.is_submitted());
    assert_eq!(l.handle(Event::Visit(TabName::PrimaryInfo)), Err(Rejection::AlreadySubmitted));
}

#[test]
fn back_goes_to_the_previous_tab_and_from_the_first_tab_to_the_cart() {
    let mut l = checked_out();
    l.handle(Event::Saved(TabName::PrimaryInfo)).unwrap();
    l.handle(Event::Back(TabName::ContactInfo)).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::PrimaryInfo));
    l.handle(Event::Back(TabName::PrimaryInfo)).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::PrimaryInfo), "the cart is shown, and the checkout holds");
    assert!(!l.is_shopping());
}

#[test]
fn checking_out_the_same_cart_again_goes_on_where_the_person_was_and_a_changed_cart_starts_over() {
    let mut l = checked_out();
    let nav = l.nav().to_vec();
    l.handle(Event::Saved(TabName::PrimaryInfo)).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::ContactInfo));
    l.handle(Event::Checkout { nav: nav.clone() }).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::ContactInfo), "where the person was");
    l.handle(Event::Checkout { nav: vec![TabName::PrimaryInfo, TabName::BeneficiaryInfo, TabName::ReviewInfo] })
        .unwrap();
    assert_eq!(l.current_tab(), Some(TabName::PrimaryInfo), "other steps: from the first");
    l.handle(Event::CartChanged).unwrap();
    assert!(l.is_shopping(), "a changed cart is shopped again");
}

#[test]
fn edit_from_review_returns_to_review_after_the_next_save() {
    let mut l = checked_out();
    l.handle(Event::Saved(TabName::PrimaryInfo)).unwrap();
    l.handle(Event::Saved(TabName::ContactInfo)).unwrap();
    l.handle(Event::Edit(TabName::PrimaryInfo)).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::PrimaryInfo));
    assert!(l.returns_to_review());
    l.handle(Event::Saved(TabName::PrimaryInfo)).unwrap();
    assert_eq!(l.current_tab(), Some(TabName::ReviewInfo), "the marker sends the person back to review");
    assert!(!l.returns_to_review(), "the marker is cleared once used");
}

#[test]
fn tabs_not_yet_reached_cannot_be_opened_saved_or_edited() {
    let mut l = checked_out();
    assert_eq!(l.handle(Event::Visit(TabName::ContactInfo)), Err(Rejection::TabNotReached));
    assert_eq!(l.handle(Event::Saved(TabName::ReviewInfo)), Err(Rejection::TabNotReached));
    assert_eq!(l.handle(Event::Edit(TabName::PrimaryInfo)), Err(Rejection::NotOnReview));
    assert_eq!(l.handle(Event::Submit), Err(Rejection::TabNotReached));
    assert_eq!(l.current_tab(), Some(TabName::PrimaryInfo), "a refused event changes nothing");
}

#[test]
fn nothing_but_checkout_moves_a_cart_that_is_still_shopping() {
    let mut l = EnrollmentLifecycle::default();
    assert_eq!(l.handle(Event::Saved(TabName::PrimaryInfo)), Err(Rejection::NotCheckedOut));
    assert_eq!(l.handle(Event::Checkout { nav: vec![] }), Err(Rejection::EmptyNavigation));
}

#[test]
fn the_lifecycle_survives_a_round_trip_through_json() {
    let mut l = checked_out();
    l.handle(Event::Saved(TabName::PrimaryInfo)).unwrap();
    let stored = serde_json::to_string(&l).unwrap();
    let back: EnrollmentLifecycle = serde_json::from_str(&stored).unwrap();
    assert_eq!(back.current_tab(), Some(TabName::ContactInfo));
    assert_eq!(back.nav(), NAV);
    assert_eq!(back.furthest(), 1);
}

#[test]
fn changing_the_cart_after_checkout_sends_the_enrollment_back_to_shopping() {
    let mut l = checked_out();
    l.handle(Event::CartChanged).unwrap();
    assert!(l.is_shopping());
    l.handle(Event::CartChanged).unwrap();
    assert!(l.is_shopping());
}

#[test]
fn an_alternate_email_must_be_an_address() {
    assert!(engine::validation::is_email("dana.okafor@example.com"));
    for bad in ["", "dana", "dana@", "@example.com", "dana okafor@example.com"] {
        assert!(!engine::validation::is_email(bad), "{bad}");
    }
}

fn employer_errors(submitted: Value) -> Vec<(String, String)> {
    let wf: engine::workflow::WizardWorkflow = serde_yaml::from_str(
        r#"
id: t
kind: wizard
tabs: [ { tab: employer_info, order: 3 }, { tab: review_info, order: 9 } ]
forms:
  employer_info:
    fields:
      name: { required: true }
      phone: { required: true }
      zip: { required: true }
      employment_status: { required: true }
      holiday_policy: { required: true }
"#,
    )
    .unwrap();
    let form = compose(
        TabName::EmployerInfo,
        wf.forms.get(&TabName::EmployerInfo),
        &EnrollmentContext::default(),
        &PrefillValues::default(),
        &json!({}),
    )
    .unwrap();
    errors_of(&form.schema, &form.form_data, submitted)
}

fn employer() -> Value {
    json!({ "name": "Peachtree Logistics, Inc.", "phone": "(404) 555-0199", "zip": "30303", "state": "ga",
            "employment_status": "A", "employment_start_date": "03/01/2019", "emp_num_employed": "45",
            "holiday_policy": { "Standard_6": 1, "Birthday": false } })
}

#[test]
fn employer_information_answers_each_spec_message_under_its_field() {
    assert_eq!(employer_errors(employer()), vec![]);
    let cases = [
        (json!({ "name": "<Acme>" }), "name", "Invalid employer information"),
        (json!({ "phone": "404555" }), "phone", "Invalid phone number"),
        (json!({ "zip": "3030" }), "zip", "Invalid zip code"),
        (json!({ "employment_status": "R" }), "employment_status", "You cannot proceed with retired employer"),
        (
            json!({ "holiday_policy": { "Birthday": 0, "Floating_Day": false } }),
            "holiday_policy",
            "Select at least one holiday policy",
        ),
        (json!({ "holiday_policy": null }), "holiday_policy", "Field is required"),
        (
            json!({ "employment_start_date": "01/01/2099" }),
            "employment_start_date",
            "Date cannot be today or a future date",
        ),
    ];
    for (change, field, message) in cases {
        let submitted = with_changes(&employer(), &change);
        assert_eq!(employer_errors(submitted), vec![(field.to_string(), message.to_string())], "{change}");
    }
}

#[test]
fn an_employer_state_of_two_letters_is_uppercased_and_a_longer_one_title_cased() {
    let form =
        compose(TabName::EmployerInfo, None, &EnrollmentContext::default(), &PrefillValues::default(), &json!({}))
            .unwrap();
    let cleaned = clean(&form.schema, &json!({ "state": "ga" }), &form.form_data);
    assert_eq!(cleaned["state"], "GA");
    let cleaned = clean(&form.schema, &json!({ "state": "new YORK" }), &form.form_data);
    assert_eq!(cleaned["state"], "New York");
    let cleaned = clean(&form.schema, &json!({ "holiday_policy": { "Birthday": 1 } }), &form.form_data);
    assert_eq!(cleaned["holiday_policy"]["Birthday"], true, "the spec's 0/1 flags are taken as yes/no");
}

fn beneficiary_errors(submitted: Value) -> Vec<(String, String)> {
    let form =
        compose(TabName::BeneficiaryInfo, None, &EnrollmentContext::default(), &PrefillValues::default(), &json!({}))
            .unwrap();
    errors_of(&form.schema, &form.form_data, submitted)
}

fn beneficiary(first: &str, percentage: Value) -> Value {
    json!({ "first_name": first, "last_name": "Okafor", "relationship": "child", "beneficiary_percentage": percentage })
}

#[test]
fn beneficiaries_need_shares_of_one_to_one_hundred_that_total_exactly_one_hundred() {
    let ok = json!({ "beneficiaries": [beneficiary("Ada", json!(60)), beneficiary("Ben", json!("40"))] });
    assert_eq!(beneficiary_errors(ok), vec![]);
    let cases = [
        (
            json!({ "beneficiaries": [beneficiary("Ada", json!(0)), beneficiary("Ben", json!(100))] }),
            "beneficiaries.0.beneficiary_percentage",
            "Beneficiary percentage should not be 0 or more than 100",
        ),
        (
            json!({ "beneficiaries": [beneficiary("Ada", json!(101))] }),
            "beneficiaries.0.beneficiary_percentage",
            "Beneficiary percentage should not be 0 or more than 100",
        ),
        (
            json!({ "beneficiaries": [beneficiary("Ada", json!(60)), beneficiary("Ben", json!(50))] }),
            "beneficiaries",
            "The beneficiary percentages add up to 110%, over 100%. Please lower them to a total of 100%.",
        ),
        (
            json!({ "beneficiaries": [beneficiary("Ada", json!(60))] }),
            "beneficiaries",
            "The beneficiary percentages add up to 60%, under 100%. Please raise them to a total of 100%.",
        ),
        (
            json!({ "beneficiaries": [beneficiary("Ada", json!(25)), beneficiary("Ben", json!(25)), beneficiary("Cy", json!(25)), beneficiary("Di", json!(25))] }),
            "beneficiaries",
            "You can add at most 3 beneficiaries",
        ),
        (
            json!({ "beneficiaries": [{ "first_name": "Ada", "relationship": "child", "beneficiary_percentage": 100 }] }),
            "beneficiaries.0.last_name",
            "Field is required",
        ),
        (
            json!({ "beneficiaries": [{ "first_name": "Ada", "last_name": "O", "relationship": "child", "beneficiary_percentage": 100, "ssn": "000-12-3456" }] }),
            "beneficiaries.0.ssn",
            "Invalid Social Security Number",
        ),
        (
            json!({ "beneficiaries": [{ "first_name": "Ada", "last_name": "O", "relationship": "child", "beneficiary_percentage": 100, "birthdate": "01/01/2099" }] }),
            "beneficiaries.0.birthdate",
            "Date cannot be today or a future date",
        ),
    ];
    for (submitted, field, message) in cases {
        let errors = beneficiary_errors(submitted.clone());
        assert!(errors.contains(&(field.to_string(), message.to_string())), "{submitted}: {errors:?}");
    }
}

#[test]
fn a_field_saved_from_its_own_dialog_is_kept_when_the_page_does_not_send_it() {
    let schema = serde_json::json!({ "type": "object", "properties": {
        "enroller_code": { "type": "string", "x-widget": "modalField" },
        "first_name": { "type": "string" },
    } });
    let composed = serde_json::json!({ "enroller_code": "EC-4471", "first_name": "Dana" });
    let kept = engine::validation::clean(&schema, &serde_json::json!({ "first_name": "Dana" }), &composed);
    assert_eq!(kept["enroller_code"], "EC-4471");
    let cleared = engine::validation::clean(&schema, &serde_json::json!({ "enroller_code": "" }), &composed);
    assert!(cleared.get("enroller_code").is_none(), "sent empty, it is cleared");
    assert!(cleared.get("first_name").is_none(), "other fields follow what is sent");
}

#[test]
fn an_address_is_counted_as_its_mailbox_whatever_name_or_case_it_is_written_with() {
    use engine::validation::normalized_email;
    for written in ["dana@example.com", " Dana@Example.COM ", "Dana <dana@example.com>", "\"x\" <DANA@example.com>"] {
        assert_eq!(normalized_email(written).as_deref(), Some("dana@example.com"), "{written}");
    }
    for not_one in ["", "dana@", "<>", "x <not an address>", "dana@example.com>", "a b@example.com"] {
        assert_eq!(normalized_email(not_one), None, "{not_one}");
    }
}
