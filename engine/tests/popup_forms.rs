//! The popups' forms as the engine composes them for the shipped shop workflow, kept in `popup-forms.json` for the
//! renderer's tests (the dialog draws exactly what the server sends). The file must be the engine's own output:
//! `UPDATE_FIXTURES=1 cargo test -p engine --test popup_forms` writes it again after a change.

use engine::context::Tier;
use engine::shop::popups::{popup_form, PopupChoices};
use engine::shop::PopupKind;
use serde_json::{json, Value};

fn forms() -> Value {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let workflows = engine::workflow::load_dir(&dir).unwrap();
    let choices = PopupChoices {
        tier: Some(Tier::IF),
        plan_tiers: Tier::ALL.to_vec(),
        portals: vec![(10, "Benefit Store Direct".into())],
        memberships: vec![(1903, 190301, "Harborstone Members Association ($5.00)".into())],
        eligibility: workflows.shop.eligibility_questions.first().cloned(),
        health: workflows.shop.health_questions.first().cloned(),
        group_name: Some("Peachtree Logistics".into()),
        language: "en".into(),
    };
    let kinds = [
        ("eligibility", PopupKind::Eligibility),
        ("dependency_info", PopupKind::DependencyInfo),
        ("income", PopupKind::Income),
        ("tobacco", PopupKind::Tobacco),
        ("choose_tier", PopupKind::ChooseTier),
        ("membership", PopupKind::Membership),
        ("group_code", PopupKind::GroupCode),
        ("confirm_group", PopupKind::ConfirmGroup),
    ];
    let mut out = serde_json::Map::new();
    for (name, kind) in kinds {
        let (schema, ui_schema) = popup_form(kind, &choices);
        out.insert(name.into(), json!({ "schema": schema, "uiSchema": ui_schema }));
    }
    Value::Object(out)
}

#[test]
fn the_renderers_copy_of_the_popup_forms_is_the_engines_own() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/popup-forms.json");
    let text = serde_json::to_string_pretty(&forms()).unwrap() + "\n";
    if std::env::var("UPDATE_FIXTURES").is_ok() {
        std::fs::write(&path, &text).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == text,
        "engine/tests/popup-forms.json is stale: run UPDATE_FIXTURES=1 cargo test -p engine --test popup_forms"
    );
}

#[test]
fn every_popup_field_words_a_missing_or_wrong_answer_as_the_spec_does() {
    for (name, form) in forms().as_object().unwrap() {
        for (field, prop) in form["schema"]["properties"].as_object().unwrap() {
            let messages = &prop["x-messages"];
            assert!(messages["required"].is_string() && messages["type"].is_string(), "{name}.{field}: {prop}");
            if prop.get("oneOf").is_some() {
                assert!(messages["enum"].is_string(), "{name}.{field}: {prop}");
            }
        }
    }
    assert_eq!(forms()["eligibility"]["schema"]["x-messages"]["refuse"], "Please answer yes in order to continue");
}

#[test]
fn a_carriers_question_is_drawn_in_the_readers_language_in_its_own_words_and_in_english_where_it_has_none() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    let workflows = engine::workflow::load_dir(&dir).unwrap();
    let mut eligibility = workflows.shop.eligibility_questions.first().cloned().unwrap();
    eligibility.questions[1].question = engine::text::Text::from("{x}");
    let title = |language: &str, key: &str| {
        let choices =
            PopupChoices { eligibility: Some(eligibility.clone()), language: language.into(), ..Default::default() };
        let (schema, _) = engine::shop::popups::popup_form(PopupKind::Eligibility, &choices);
        schema["properties"][key]["title"].as_str().unwrap().to_string()
    };
    assert_eq!(title("es", "q1"), "¿Es usted residente legal de los Estados Unidos?");
    assert_eq!(title("en", "q1"), "Are you a legal resident of the United States?");
    assert_eq!(title("es", "q2"), "{x}", "no Spanish: its English, as written");
}
