//! Workflow files, tab selection and schema composition, driven by the spec's rules.

use engine::context::{EnrollmentContext, Eprocess, Tier};
use engine::schema::compose;
use engine::selection::{navigation, select_tabs};
use engine::tabs::TabName;
use engine::workflow::{self, PrefillValues, WizardWorkflow};
use serde_json::json;

/// A workflow using every kind of rule; parsed without the form check, since tab selection does not need forms.
fn all_tabs() -> WizardWorkflow {
    serde_yaml::from_str(
        r#"
id: test
kind: wizard
tabs:
  - { tab: primary_info, order: 0 }
  - { tab: contact_info, order: 1 }
  - { tab: employer_info, order: 2, required: { when: { enrollment_type: [new-group-member] } } }
  - { tab: beneficiary_info, order: 3, required: { when: { cart_category: [term_life] } } }
  - { tab: primary_health_info, order: 4, required: { when: { cart_plan_type: [MM] } } }
  - { tab: dependent_info, order: 5, required: { when: { tier: [IS, IC, IF] } } }
  - { tab: billing_info, order: 6, required: { when: { not: { eprocess: [group] } } } }
  - { tab: agreement_info, order: 7, required: { when: { any: [ { eprocess: [rep] }, { group_id: [2556, 2512] } ] } } }
  - { tab: review_info, order: 10 }
"#,
    )
    .unwrap()
}

fn ctx() -> EnrollmentContext {
    EnrollmentContext { tier: Some(Tier::IO), ..EnrollmentContext::default() }
}

#[test]
fn get_dynamic_tabs_lists_all_nine_tabs_sorted_by_order() {
    let tabs = select_tabs(&all_tabs(), &ctx());
    assert_eq!(tabs.len(), 9);
    let orders: Vec<u8> = tabs.iter().map(|t| t.order).collect();
    assert!(orders.windows(2).all(|w| w[0] <= w[1]), "{orders:?}");
    assert_eq!(tabs.last().unwrap().tab_name, TabName::ReviewInfo);
}

#[test]
fn each_context_rule_turns_its_tab_on_exactly_when_it_holds() {
    type Edit = fn(&mut EnrollmentContext);
    let cases: [(TabName, Edit); 6] = [
        (TabName::EmployerInfo, |c| c.enrollment_type = Some("new-group-member".into())),
        (TabName::BeneficiaryInfo, |c| c.cart_categories = vec!["term_life".into()]),
        (TabName::PrimaryHealthInfo, |c| c.cart_plan_types = vec!["MM".into()]),
        (TabName::DependentInfo, |c| c.tier = Some(Tier::IF)),
        (TabName::AgreementInfo, |c| c.eprocess = Eprocess::Rep),
        (TabName::AgreementInfo, |c| c.group_id = Some(2512)),
    ];
    for (tab, edit) in cases {
        let before = navigation(&all_tabs(), &ctx());
        assert!(!before.contains(&tab), "{tab} is off for a plain applicant");
        let mut changed = ctx();
        edit(&mut changed);
        assert!(navigation(&all_tabs(), &changed).contains(&tab), "{tab} is on once its rule holds");
    }
}

#[test]
fn a_negated_rule_turns_a_tab_off_for_the_named_process() {
    assert!(navigation(&all_tabs(), &ctx()).contains(&TabName::BillingInfo));
    let group = EnrollmentContext { eprocess: Eprocess::Group, ..ctx() };
    assert!(!navigation(&all_tabs(), &group).contains(&TabName::BillingInfo));
}

#[test]
fn the_navigation_holds_only_required_tabs_in_order() {
    let nav = navigation(&all_tabs(), &ctx());
    assert_eq!(nav, [TabName::PrimaryInfo, TabName::ContactInfo, TabName::BillingInfo, TabName::ReviewInfo]);
}

#[test]
fn a_tab_the_workflow_does_not_list_is_never_required() {
    let tabs = select_tabs(&all_tabs(), &ctx());
    let unlisted = tabs.iter().find(|t| t.tab_name == TabName::BillingInfo).unwrap();
    assert_eq!(unlisted.order, 6);
    let minimal: WizardWorkflow =
        serde_yaml::from_str("{ id: m, kind: wizard, tabs: [ { tab: review_info, order: 9 } ] }").unwrap();
    let tabs = select_tabs(&minimal, &ctx());
    assert!(tabs.iter().filter(|t| t.tab_name != TabName::ReviewInfo).all(|t| !t.required && t.order == 10));
}

#[test]
fn the_shipped_workflows_load_and_pass_their_own_check() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let loaded = workflow::load_dir(&dir).expect("the shipped workflows are valid");
    assert_eq!(loaded.wizard.tabs.first().map(|t| t.tab), Some(TabName::PrimaryInfo));
}

/// The formats committed under workflows/schema/ (which editors read, through each file's first line) are the
/// engine's own; `UPDATE_WORKFLOW_SCHEMAS=1 cargo test -p engine` writes them after a change of the engine's types.
#[test]
fn the_published_file_formats_are_the_engines_own_and_each_file_names_its_format() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    for kind in workflow::FILE_KINDS {
        let file = dir.join("schema").join(format!("{kind}.schema.json"));
        let generated = serde_json::to_string_pretty(&workflow::format_schema(kind).unwrap()).unwrap() + "\n";
        if std::env::var_os("UPDATE_WORKFLOW_SCHEMAS").is_some() {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &generated).unwrap();
        }
        let committed = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            committed == generated,
            "{} is not the engine's format; run `UPDATE_WORKFLOW_SCHEMAS=1 cargo test -p engine` and commit it",
            file.display()
        );
    }
    for (file, kind) in [("enrollment.yaml", "wizard"), ("shop.yaml", "shop"), ("assistant.yaml", "assistant")] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let modeline = format!("# yaml-language-server: $schema=schema/{kind}.schema.json");
        assert_eq!(text.lines().next(), Some(modeline.as_str()), "{file} names its format on its first line");
    }
}

#[test]
fn a_popup_asking_questions_that_no_set_defines_is_refused() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let mut bundle = workflow::Bundle::read_dir(&dir).unwrap();
    let shop = bundle.files.get_mut("shop.yaml").unwrap();
    let start = shop.find("\nhealth_questions:").expect("the shop defines health question sets");
    let end = shop[start + 1..].find("\n\n").map(|e| start + 1 + e).unwrap_or(shop.len());
    shop.replace_range(start..end, "\nhealth_questions: []");
    let error = bundle.parse("workflows").unwrap_err();
    assert_eq!(error.file, "workflows/shop.yaml");
    assert!(error.path.starts_with("/plan_popups/"), "{error}");
    assert_eq!(
        error.reason,
        "popup health_questions asks questions that do not exist: health_questions defines no question set"
    );
}

#[test]
fn a_bad_workflow_file_fails_with_its_name_the_path_inside_it_and_the_reason() {
    let cases = [
        ("{ id: x, kind: wizard, tabs: [ { tab: primary_info, order: 11 } ] }", "/tabs/0/order", "maximum"),
        ("{ id: x, kind: wizard, tabs: [ { tab: first_info, order: 1 } ] }", "/tabs/0/tab", "first_info"),
        ("{ id: x, kind: wizard, tabs: [], colour: blue }", "/", "colour"),
        (
            "{ id: x, kind: wizard, tabs: [ { tab: primary_info, order: 1 }, { tab: primary_info, order: 2 } ] }",
            "/tabs/1/tab",
            "listed twice",
        ),
        (
            "{ id: x, kind: wizard, tabs: [ { tab: review_info, order: 1 }, { tab: primary_info, order: 2 } ] }",
            "/tabs",
            "highest order",
        ),
        (
            "{ id: x, kind: wizard, tabs: [ { tab: review_info, order: 9 } ], forms: { primary_info: { fields: { shoe_size: { required: true } } } } }",
            "/forms/primary_info/fields/shoe_size",
            "no field shoe_size",
        ),
        (
            "{ id: x, kind: wizard, tabs: [ { tab: review_info, order: 9, required: { when: { tier: [IO], colour: [red] } } } ] }",
            "/tabs/0/required",
            "",
        ),
        ("id: x\n  kind: [", "line", "not valid YAML"),
    ];
    for (text, path, reason) in cases {
        let error = workflow::parse_file("workflows/bad.yaml", text).expect_err(text);
        assert_eq!(error.file, "workflows/bad.yaml");
        assert!(error.path.starts_with(path), "{text}: path {} should start with {path}", error.path);
        assert!(error.reason.contains(reason), "{text}: reason {} should mention {reason}", error.reason);
        assert!(error.to_string().starts_with("workflows/bad.yaml: at "));
    }
}

#[test]
fn the_published_file_format_is_a_json_schema_naming_every_tab() {
    let schema = workflow::file_format_schema().to_string();
    for tab in TabName::ALL {
        assert!(schema.contains(tab.as_str()), "{tab}");
    }
}

fn shipped() -> WizardWorkflow {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    workflow::load_dir(&dir).unwrap().wizard
}

fn prefill() -> PrefillValues {
    PrefillValues {
        zip: Some("30301".into()),
        state: Some("GA".into()),
        city: Some("Atlanta".into()),
        dob: Some("04/12/1986".into()),
        gender: Some("1".into()),
        ..PrefillValues::default()
    }
}

#[test]
fn the_composed_schema_marks_required_and_read_only_fields_from_the_workflow() {
    let wf = shipped();
    let form =
        compose(TabName::PrimaryInfo, wf.forms.get(&TabName::PrimaryInfo), &ctx(), &prefill(), &json!({})).unwrap();
    let required = form.schema["required"].as_array().unwrap();
    assert!(required.contains(&json!("first_name")));
    assert!(!required.contains(&json!("middle_name")));
    assert_eq!(form.schema["properties"]["birthdate"]["readOnly"], json!(true));
    assert_eq!(form.ui_schema["birthdate"]["ui:readonly"], json!(true));
    assert!(form.schema["properties"]["first_name"].get("readOnly").is_none());
    assert_eq!(form.ui_schema["ssn"]["ui:widget"], json!("ssn"));
    assert_eq!(form.ui_schema["ui:order"][0], json!("first_name"));
}

#[test]
fn get_form_fields_rows_carry_value_required_and_read_only() {
    let wf = shipped();
    let stored = json!({ "first_name": "Dana", "birthdate": "01/01/1950" });
    let form = compose(TabName::PrimaryInfo, wf.forms.get(&TabName::PrimaryInfo), &ctx(), &prefill(), &stored).unwrap();
    let row = |name: &str| form.fields.iter().find(|f| f.field_name == name).unwrap().clone();
    assert_eq!(row("first_name").value, json!("Dana"));
    assert!(row("first_name").required && !row("first_name").read_only);
    // A read-only prefilled field follows the filter, not an older stored value.
    assert_eq!(row("birthdate").value, json!("04/12/1986"));
    assert!(row("birthdate").read_only);
    assert_eq!(row("middle_name").value, json!(""));
    assert!(!row("middle_name").required);
}

#[test]
fn one_shape_serves_every_enrollment_of_a_kind_with_each_persons_own_values() {
    let wf = shipped();
    let settings = wf.forms.get(&TabName::PrimaryInfo);
    let shape = engine::schema::shape(TabName::PrimaryInfo, settings, &ctx(), &PrefillValues::default()).unwrap();
    let dana = shape.form(&prefill(), &json!({ "first_name": "Dana" }));
    let lee_prefill = PrefillValues { dob: Some("09/30/1975".into()), ..prefill() };
    let lee = shape.form(&lee_prefill, &json!({ "first_name": "Lee" }));
    assert_eq!(dana.form_data["first_name"], json!("Dana"));
    assert_eq!(lee.form_data["first_name"], json!("Lee"));
    assert_eq!(dana.form_data["birthdate"], json!("04/12/1986"));
    assert_eq!(lee.form_data["birthdate"], json!("09/30/1975"), "a prefilled value is each person's own");
    assert!(std::sync::Arc::ptr_eq(&dana.schema, &lee.schema), "the schema is shared, not copied");
    // Composed whole or from the shape, the form is the same.
    assert_eq!(
        compose(TabName::PrimaryInfo, settings, &ctx(), &lee_prefill, &json!({ "first_name": "Lee" })).unwrap(),
        lee
    );
    assert!(engine::schema::shape_depends_on_prefill(TabName::BillingInfo));
    assert!(!engine::schema::shape_depends_on_prefill(TabName::PrimaryInfo));
}

#[test]
fn a_form_whose_schema_was_changed_is_validated_against_its_own_schema_not_its_shapes() {
    let wf = shipped();
    let shape =
        engine::schema::shape(TabName::PrimaryInfo, wf.forms.get(&TabName::PrimaryInfo), &ctx(), &prefill()).unwrap();
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    let first = shape.form(&prefill(), &json!({}));
    let missing = first.validate(&json!({}), today).unwrap_err();
    assert!(missing.iter().any(|e| e.target_element == "first_name"), "{missing:?}");
    let mut changed = shape.form(&prefill(), &json!({}));
    let schema = std::sync::Arc::make_mut(&mut changed.schema);
    schema["required"] = json!([]);
    assert!(changed.validate(&json!({}), today).is_ok(), "the changed schema requires nothing");
    assert!(first.validate(&json!({}), today).is_err(), "the shape's own forms still require first_name");
}

#[test]
fn hidden_fields_vanish_from_the_schema_the_rows_and_conditional_requirements() {
    let wf: WizardWorkflow = serde_yaml::from_str(
        r#"
id: t
kind: wizard
tabs: [ { tab: review_info, order: 9 } ]
forms:
  primary_info:
    fields:
      prior_carrier_name: { hidden: { when: { eprocess: [applicant] } } }
      middle_name: { hidden: true }
      weight: { required: { when: { tier: [IF] } } }
"#,
    )
    .unwrap();
    let form =
        compose(TabName::PrimaryInfo, wf.forms.get(&TabName::PrimaryInfo), &ctx(), &prefill(), &json!({})).unwrap();
    assert!(form.schema["properties"].get("middle_name").is_none());
    assert!(form.fields.iter().all(|f| f.field_name != "middle_name"));
    assert!(!form.schema["allOf"].to_string().contains("prior_carrier_name"));
    assert!(!form.schema["required"].as_array().unwrap().contains(&json!("weight")));
    let family = EnrollmentContext { tier: Some(Tier::IF), ..ctx() };
    let form =
        compose(TabName::PrimaryInfo, wf.forms.get(&TabName::PrimaryInfo), &family, &prefill(), &json!({})).unwrap();
    assert!(form.schema["required"].as_array().unwrap().contains(&json!("weight")));
}

#[test]
fn state_fields_offer_the_us_states_by_name() {
    let wf = shipped();
    let form =
        compose(TabName::ContactInfo, wf.forms.get(&TabName::ContactInfo), &ctx(), &prefill(), &json!({})).unwrap();
    let states = form.schema["properties"]["birth_state"]["oneOf"].as_array().unwrap();
    assert!(states.contains(&json!({ "const": "GA", "title": "Georgia" })));
    assert_eq!(form.form_data["state"], json!("GA"));
    assert_eq!(form.form_data["city"], json!("Atlanta"));
}

#[test]
fn employer_fields_are_prefilled_from_the_group_only_while_nothing_is_stored() {
    let wf = shipped();
    let group: engine::catalogue::Group = serde_yaml::from_str(
        "{ group_id: 2556, name: Peachtree Logistics, code: P, phone: '4045550188', address_information: { address1: 1 Main St, city: Atlanta, state: GA, zip: '30318' } }",
    )
    .unwrap();
    let values = PrefillValues { group: Some(group), ..prefill() };
    let settings = wf.forms.get(&TabName::EmployerInfo);
    let fresh = compose(TabName::EmployerInfo, settings, &ctx(), &values, &json!({})).unwrap();
    assert_eq!(fresh.form_data["name"], "Peachtree Logistics");
    assert_eq!(fresh.form_data["zip"], "30318");
    assert!(fresh.form_data.get("address2").is_none(), "an empty group value prefills nothing");
    let stored = compose(TabName::EmployerInfo, settings, &ctx(), &values, &json!({ "name": "Acme Freight" })).unwrap();
    assert_eq!(stored.form_data["name"], "Acme Freight");
}

#[test]
fn a_verification_answer_agrees_only_with_what_the_application_holds() {
    let verify: workflow::Verify = serde_yaml::from_str(
        "{ step: contact_info, field: phone_number, last_digits: 4, message: The answer does not match the phone number on this application }",
    )
    .unwrap();
    assert!(verify.agrees("0123", "(404) 555-0123"));
    assert!(verify.agrees(" 0123 ", "4045550123"));
    assert!(!verify.agrees("123", "4045550123"), "all four digits");
    assert!(!verify.agrees("9999", "4045550123"));
    assert!(!verify.agrees("0123", "12"), "nothing to compare with");
    let whole: workflow::Verify =
        serde_yaml::from_str("{ step: primary_info, field: last_name, message: Does not match }").unwrap();
    assert!(whole.agrees("  de la  cruz", "De La Cruz"));
    assert!(!whole.agrees("", ""), "an empty record verifies nothing");
    let shipped = common_workflow().forms[&TabName::AgreementInfo].fields["answer"].verify.clone();
    assert_eq!(
        shipped.map(|v| (v.step, v.field, v.last_digits)),
        Some((TabName::ContactInfo, "phone_number".into(), Some(4)))
    );
}

fn common_workflow() -> WizardWorkflow {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    workflow::load_dir(&dir).unwrap().wizard
}

/// Every text of a form that a person reads (titles and descriptions) is written for applicants: none speaks of the
/// specification or of how the code came to be.
#[test]
fn no_form_text_a_person_reads_speaks_of_the_specification() {
    fn texts(value: &serde_json::Value, found: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, v) in map {
                    if let (true, Some(text)) = (["title", "description"].contains(&key.as_str()), v.as_str()) {
                        found.push(text.to_string());
                    }
                    texts(v, found);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| texts(v, found)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    for tab in TabName::ALL {
        texts(&engine::forms::form_schema(tab), &mut found);
    }
    let leaks: Vec<&String> = found
        .iter()
        .filter(|t| {
            let lower = t.to_lowercase();
            lower.contains("spec") && !lower.contains("specify")
                || lower.contains("the code")
                || lower.contains("fixes only")
        })
        .collect();
    assert!(leaks.is_empty(), "texts meant for maintainers reach applicants: {leaks:#?}");
}

/// Every description in `value` (a schema), with where it is.
fn descriptions(value: &serde_json::Value, at: String, found: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                // A form's own description is its type's doc comment, which composition removes.
                if key == "description" && !at.ends_with("#") {
                    if let Some(text) = inner.as_str() {
                        found.push((at.clone(), text.to_string()));
                    }
                }
                descriptions(inner, format!("{at}/{key}"), found);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                descriptions(inner, format!("{at}/{i}"), found);
            }
        }
        _ => {}
    }
}

#[test]
fn no_field_of_any_form_describes_itself_in_words_written_for_a_developer() {
    // A doc comment on a form's field becomes the description an applicant reads under its label.
    let mut found = Vec::new();
    for tab in engine::tabs::TabName::ALL {
        descriptions(&engine::forms::form_schema(tab), format!("{}#", tab.as_str()), &mut found);
    }
    descriptions(&engine::forms::filter_schema(), "filter#".to_string(), &mut found);
    let written_for_developers: Vec<_> = found
        .iter()
        .filter(|(_, text)| ["`", "::", "(ours)", "the spec"].iter().any(|marker| text.contains(marker)))
        .collect();
    assert!(written_for_developers.is_empty(), "{written_for_developers:#?}");
}

#[test]
fn every_carrier_text_shipped_is_written_in_spanish_too_and_one_that_is_not_is_named() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let mut bundle = workflow::Bundle::read_dir(&dir).unwrap();
    assert_eq!(bundle.parse("workflows").unwrap().untranslated("es"), Vec::<String>::new());
    let shop = bundle.files.get_mut("shop.yaml").unwrap();
    *shop = shop.replace("es: \"¿Es usted residente legal de los Estados Unidos?\"", "es: \"\"");
    let missing = bundle.parse("workflows").unwrap().untranslated("es");
    assert_eq!(missing, ["eligibility premier_health question 1: Are you a legal resident of the United States?"]);
    let workflows = bundle.parse("workflows").unwrap();
    let question = &workflows.shop.eligibility_for(1303, "medical").unwrap().questions[0].question;
    assert_eq!(question.in_language("es"), "Are you a legal resident of the United States?", "English in its place");
}

#[test]
fn a_forms_checks_carry_their_words_in_the_readers_language_for_the_browsers_early_checks() {
    let wf = shipped();
    let settings = wf.forms.get(&TabName::PrimaryInfo);
    let spanish = EnrollmentContext { language: "es".into(), ..ctx() };
    let form = compose(TabName::PrimaryInfo, settings, &spanish, &prefill(), &json!({})).unwrap();
    let said = &form.schema["properties"]["birthdate"]["x-messages"];
    assert_eq!(said["not_future"], "La fecha no puede ser hoy ni una fecha futura", "{said}");
    assert_eq!(said["date"], "Por favor, ingrese una fecha válida (MM/DD/AAAA)", "{said}");
    assert_eq!(said["pattern"], "Por favor, ingrese una fecha válida (MM/DD/AAAA)", "a form's own words stay: {said}");
    let english = compose(TabName::PrimaryInfo, settings, &ctx(), &prefill(), &json!({})).unwrap();
    assert_eq!(
        english.schema["properties"]["birthdate"]["x-messages"]["not_future"],
        "Date cannot be today or a future date"
    );
}
