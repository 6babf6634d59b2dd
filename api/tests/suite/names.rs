//! Names in every alphabet over the spec's calls: saved and read back in Unicode's composed form (NFC) however they
//! were typed, refused with the spec's messages when they hold digits or invisible text-direction characters; addresses
//! refuse control and text-direction characters, in the visitor's language.

use crate::common::{self, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// "José Muñoz-Peña" as a keyboard or a paste may send it: each accent a combining mark after its letter.
const JOSE: &str = "Jose\u{301}";
const MUNOZ_PENA: &str = "Mun\u{303}oz-Pen\u{303}a";
/// "Zoë", decomposed.
const ZOE: &str = "Zoe\u{308}";

fn child(first: &str) -> Value {
    json!({ "primary_info": { "first_name": first, "last_name": MUNOZ_PENA, "gender": "1", "ssn": "321-54-9876",
                              "birthdate": "06/01/2015", "relationship": "child" } })
}

/// What the store holds of a step, as `get-enrollment-temp-info` answers it.
async fn read_back(b: &mut common::Browser<'_>, id: i64, column: &str) -> Value {
    b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column={column}")).await.ok()["result"].clone()
}

#[tokio::test]
async fn a_name_typed_decomposed_and_a_dependent_named_zoe_are_saved_and_read_back_composed() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out_on("IC", "dental").await;
    let mut personal = common::personal();
    personal["enrollment_id"] = json!(id);
    personal["first_name"] = json!(JOSE);
    personal["last_name"] = json!(MUNOZ_PENA);
    b.post("/api/v1/save-personal-info", personal).await.ok();
    let mut contact = common::contact();
    contact["enrollment_id"] = json!(id);
    contact["address1"] = json!("12 Calle Peñasco");
    contact["city"] = json!("Atlanta");
    b.post("/api/v1/save-contact-info", contact).await.ok();
    b.post("/api/v1/save-dependent-info", json!({ "enrollment_id": id, "dependents": [child(ZOE)] })).await.ok();

    let stored = read_back(&mut b, id, "primary_info").await;
    assert_eq!((stored["first_name"].as_str(), stored["last_name"].as_str()), (Some("José"), Some("Muñoz-Peña")));
    assert_eq!(stored["last_name"].as_str().unwrap().chars().count(), 10, "one character for each letter");
    let dependents = read_back(&mut b, id, "dependent_info").await;
    assert_eq!(dependents["dependents"][0]["first_name"], "Zoë");
    assert_eq!(dependents["dependents"][0]["last_name"], "Muñoz-Peña");
    // At rest too: the composed form, never the one typed.
    let at_rest = common::stored_document(&app, id, "primary_info").await;
    assert!(at_rest.contains("José") && at_rest.contains("Muñoz-Peña") && !at_rest.contains(MUNOZ_PENA), "{at_rest}");
    let at_rest = common::stored_document(&app, id, "dependent_info").await;
    assert!(at_rest.contains("Zoë") && !at_rest.contains(ZOE), "{at_rest}");
}

#[tokio::test]
async fn a_name_with_a_digit_or_a_text_direction_override_is_refused_with_the_spec_message() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out_on("IC", "dental").await;
    let cases = [
        ("first_name", "J0sé", "Please enter valid first name"),
        ("first_name", "Jos\u{202E}é", "Please enter valid first name"),
        ("middle_name", "Mar\u{2066}ía", "Please enter valid middle name"),
        ("last_name", "Peña\u{202E}", "Please enter valid last name"),
    ];
    for (field, name, message) in cases {
        let mut personal = common::personal();
        personal["enrollment_id"] = json!(id);
        personal[field] = json!(name);
        let refused = b.post("/api/v1/save-personal-info", personal).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        assert_eq!(refused.first_error(), (field.to_string(), message.to_string()), "{name:?}");
    }
    b.save_personal_and_contact(id).await;
    for name in ["Z0ë", "Zo\u{202E}ë"] {
        let refused =
            b.post("/api/v1/save-dependent-info", json!({ "enrollment_id": id, "dependents": [child(name)] })).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        let (field, message) = refused.first_error();
        assert!(field.ends_with("first_name"), "{field}");
        assert_eq!(message, "Please enter valid first name", "{name:?}");
    }
}

#[tokio::test]
async fn an_address_holding_a_control_or_text_direction_character_is_refused_in_the_visitors_language() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut personal = common::personal();
    personal["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", personal).await.ok();
    let cases = [
        (
            "address1",
            "12 Peachtree St\u{202E}EN",
            "Please enter the address without hidden control or text-direction characters",
        ),
        ("address2", "Apt\u{7} 4", "Please enter the address without hidden control or text-direction characters"),
        ("city", "Atlanta\u{200F}", "Please enter the city without hidden control or text-direction characters"),
        // The Arabic letter mark: invisible, and it turns how a line reads as the overrides do.
        (
            "address1",
            "12 Peachtree\u{61C} St",
            "Please enter the address without hidden control or text-direction characters",
        ),
    ];
    for (field, text, message) in cases {
        let mut contact = common::contact();
        contact["enrollment_id"] = json!(id);
        contact[field] = json!(text);
        let refused = b.post("/api/v1/save-contact-info", contact.clone()).await;
        assert_eq!(refused.first_error(), (field.to_string(), message.to_string()), "{text:?}");
        b.language = Some("es");
        let spanish = b.post("/api/v1/save-contact-info", contact).await;
        b.language = None;
        let (_, words) = spanish.first_error();
        assert!(words.starts_with("Por favor, ingrese la ") && words.contains("sin caracteres ocultos"), "{words}");
    }
}

#[tokio::test]
async fn an_address_and_an_account_holder_in_any_alphabet_are_kept_composed_however_they_were_typed() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut personal = common::personal();
    personal["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", personal).await.ok();
    let mut contact = common::contact();
    contact["enrollment_id"] = json!(id);
    contact["address1"] = json!("12 Avenida de la Pen\u{303}a");
    contact["address2"] = json!("E\u{301}difice N\u{303}");
    b.post("/api/v1/save-contact-info", contact).await.ok();
    let stored = read_back(&mut b, id, "contact_info").await;
    assert_eq!(
        (stored["address1"].as_str(), stored["address2"].as_str()),
        (Some("12 Avenida de la Peña"), Some("Édifice Ñ"))
    );
    let at_rest = common::stored_document(&app, id, "contact_info").await;
    assert!(at_rest.contains("Peña") && !at_rest.contains("Pen\u{303}a"), "{at_rest}");

    let mut agreement = common::agreement();
    agreement["enrollment_id"] = json!(id);
    b.post("/api/v1/save-agreement-info", agreement).await.ok();
    // The bank account's holder: a person's name in any script, or a business's with its digits and an ampersand.
    for (holder, kept) in [
        (format!("{JOSE} {MUNOZ_PENA}"), "José Muñoz-Peña"),
        ("Nguyễn Văn An".to_string(), "Nguyễn Văn An"),
        ("김민준".to_string(), "김민준"),
        ("Smith & Sons 2".to_string(), "Smith & Sons 2"),
    ] {
        let mut billing = common::billing_eft();
        billing["enrollment_id"] = json!(id);
        billing["account_name"] = json!(holder);
        let saved = b.post("/api/v1/save-billing-info", billing).await;
        assert_eq!(saved.status, StatusCode::OK, "{holder}: {}", saved.body);
        assert_eq!(read_back(&mut b, id, "payment_info").await["account_name"], kept);
    }
    for holder in ["<b>Dana</b>", "Dana\u{202E}", "-Dana"] {
        let mut billing = common::billing_eft();
        billing["enrollment_id"] = json!(id);
        billing["account_name"] = json!(holder);
        let refused = b.post("/api/v1/save-billing-info", billing).await;
        assert_eq!(
            refused.first_error(),
            ("account_name".to_string(), "Invalid account holder name".to_string()),
            "{holder:?}"
        );
    }
}

#[tokio::test]
async fn a_personalised_quote_is_addressed_to_a_name_in_any_alphabet_by_the_same_rule() {
    let app = TestApp::new().await;
    let mut rep = app.browser();
    rep.sign_in_rep("REP7781").await;
    let id = rep.start("IO").await;
    rep.add_first_plan(id, "dental").await;
    let preview = |name: &str| {
        format!(
            "/api/v1/get-quote-preview-content?enrollment_id={id}&tab=cart_info&type=preview&name={name}&email=jose%40example.com"
        )
    };
    // "José Muñoz-Peña" typed decomposed, percent-encoded as a browser sends it.
    let answer = rep.get(&preview("Jose%CC%81%20Mun%CC%83oz-Pen%CC%83a")).await;
    let content = answer.ok()["content"].as_str().unwrap().to_string();
    assert!(content.contains("Hello José Muñoz-Peña,"), "{content}");
    let answer = rep.get(&preview("%EA%B9%80%EB%AF%BC%EC%A4%80")).await;
    assert!(answer.ok()["content"].as_str().unwrap().contains("Hello 김민준,"));
    for refused in ["J0s%C3%A9", "Jos%E2%80%AE%C3%A9"] {
        let answer = rep.get(&preview(refused)).await;
        assert_eq!(answer.first_error(), ("name".into(), "Please enter valid name".into()), "{refused}");
    }
}
