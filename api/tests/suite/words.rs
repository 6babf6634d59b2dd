//! What a person reads: no text the screens are drawn from carries a developer's marks, the product's codes or the
//! spec's "proceed further", while the spec's calls keep the spec's words.

use crate::common::{Browser, TestApp};
use serde_json::{json, Value};

/// Every text of `value` a person reads, with its path: what the language layer translates (`engine::i18n::each_text`),
/// a row's value (data unless the catalogue has it as words) left out.
fn read_texts(value: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    engine::i18n::each_text(&mut value.clone(), &mut |path, place, text| {
        if place == engine::i18n::Place::Words {
            out.push((path.to_string(), text.clone()));
        }
    });
    out
}

fn developer_words(text: &str) -> Option<&'static str> {
    let codes = ["IO", "IS", "IC", "IF", "L713"];
    if text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| codes.contains(&w)) {
        return Some("a code of the product");
    }
    [
        ("`", "a code mark"),
        ("crate::", "a module path"),
        ("proceed further", "the spec's 'proceed further'"),
        (" or 0 ", "a stored value"),
        ("offered only when", "a note on when the field is offered"),
    ]
    .into_iter()
    .find(|(mark, _)| text.contains(mark))
    .map(|(_, why)| why)
}

/// The answers a shopper's and an applicant's screens are drawn from, on the Family tier: the filter's forms, a
/// premier plan's popups, a listing with nothing for the tier, checkout, each wizard step and a refused step; with what
/// each is.
pub async fn steps_a_person_is_shown(b: &mut Browser<'_>) -> Vec<(String, Value)> {
    let id = b.start("IF").await;
    let mut sent: Vec<(String, Value)> = Vec::new();
    for variant in ["landing", "parts", "dialog", "tier"] {
        let form = b.get(&format!("/api/v1/filter-form?variant={variant}&enrollment_id={id}")).await;
        sent.push((format!("filter-form {variant}"), form.ok().clone()));
    }
    // A premier plan's popups on the Family tier, a listing with nothing for this tier, checkout's confirmation.
    sent.push(("premier popups".into(), b.get(&format!("/api/v1/shop/{id}/plan/1301")).await.ok().clone()));
    for answer in [json!({ "dep_dob": "03/04/1985" }), json!({ "no_of_children": "2" })] {
        let mut body = json!({ "enrollment_id": id, "plan_id": 1301 });
        body.as_object_mut().unwrap().extend(answer.as_object().unwrap().clone());
        b.post("/api/v1/store-temp-dependent-info", body).await.ok();
    }
    let disability = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=term_life")).await;
    if b.language.is_none() {
        assert_eq!(
            disability.ok()["message"],
            "Plans are available for IO tier only",
            "the spec's call keeps its words"
        );
    }
    sent.push(("a listing for the member only".into(), json!({ "notice": disability.ok()["notice"] })));
    b.add_first_plan(id, "dental").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    let effective = date.as_str().unwrap();
    sent.push(("checkout".into(), b.get(&format!("/api/v1/shop/{id}/checkout?effective_date={effective}")).await.body));
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date })).await.ok();
    b.save_personal_and_contact(id).await;
    // The offers an applicant meets with a medical plan: the one after adding it, those of the spec's suggested-plan
    // calls, and those at checkout, each declined in turn.
    let mut medical = b.another();
    let mid = medical.start("IO").await;
    medical.add_first_plan(mid, "medical").await;
    sent.push(("the offer after adding".into(), medical.get(&format!("/api/v1/shop/{mid}/after-add")).await.body));
    for call in ["get-suggested-plan-list", "get-suggested-plan-list-new"] {
        sent.push((call.into(), medical.get(&format!("/api/v1/{call}?enrollment_id={mid}")).await.body));
    }
    medical.post(&format!("/api/v1/shop/{mid}/offer/accident"), json!({ "action": "decline" })).await.ok();
    let mut step = medical.get(&format!("/api/v1/shop/{mid}/checkout?effective_date={effective}")).await.ok().clone();
    while step["step"]["kind"] == "offer" {
        let offer = step["step"]["step"].as_str().unwrap().to_string();
        sent.push((format!("the {offer} offer at checkout"), step));
        let path = format!("/api/v1/shop/{mid}/offer/{offer}?effective_date={effective}");
        step = medical.post(&path, json!({ "action": "decline" })).await.ok().clone();
    }
    assert_eq!(step["step"]["kind"], "confirmation", "{step}");
    sent.push(("the confirmation after the offers".into(), step));
    for tab in ["primary_info", "contact_info", "dependent_info", "agreement_info", "billing_info", "review_info"] {
        sent.push((tab.into(), b.get(&format!("/api/v1/enrollment/{id}/step/{tab}")).await.body));
    }
    // A refusal on the step: the family still lacks its dependents' names.
    let dependents =
        b.get(&format!("/api/v1/enrollment/{id}/step/dependent_info")).await.ok()["step"]["formData"].clone();
    let refused = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/dependent_info"),
            json!({ "action": "next", "formData": dependents }),
        )
        .await;
    sent.push(("a refused Dependent Information".into(), refused.body));
    // An existing member's Billing, with a bank account and a card on file to choose from.
    let mut maria = b.another();
    let token = api::domain::members::link_token(&maria.app().state.crypto, 5001);
    let opened = maria.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await;
    let member = opened.ok()["temp_enrollment_id"].as_i64().unwrap();
    maria.add_first_plan(member, "dental").await;
    maria.post("/api/v1/cart-checkout", json!({ "enrollment_id": member, "effective_date": date })).await.ok();
    maria.maria_to_billing(member).await;
    let billing = maria.get(&format!("/api/v1/enrollment/{member}/step/billing_info")).await.body;
    assert!(billing.to_string().contains("****2311"), "the member's account on file is offered: {billing}");
    sent.push(("an existing member's Billing Information".into(), billing));
    sent
}

#[tokio::test]
async fn no_step_a_person_is_shown_carries_code_marks_tier_codes_or_proceed_further() {
    let app = TestApp::new().await;
    let sent = steps_a_person_is_shown(&mut app.browser()).await;
    let mut found = Vec::new();
    for (what, answer) in &sent {
        let texts = read_texts(answer);
        assert!(!texts.is_empty() || what.starts_with("a listing"), "{what} has texts to read: {answer}");
        found.extend(
            texts
                .into_iter()
                .filter_map(|(path, text)| Some(format!("{what} {path}: {text} ({})", developer_words(&text)?))),
        );
    }
    assert!(found.is_empty(), "texts not written for people:\n{}", found.join("\n"));
}
