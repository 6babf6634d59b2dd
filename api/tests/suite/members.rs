//! Existing members: a sealed member link opens the store for them, and what they have on file (profile, health
//! records, dependents, bank account and card) is prefilled, masked, and used without being typed again.

use crate::common;

use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};

/// Maria Alvarez of the fixtures enters by her member link on `tier`, adds a dental plan and checks out.
async fn maria_checked_out(app: &TestApp, b: &mut common::Browser<'_>, tier: &str) -> i64 {
    let token = api::domain::members::link_token(&app.state.crypto, 5001);
    let opened = b.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": tier })).await;
    let id = opened.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(opened.ok()["portal_id"], 10, "her employer group's portal");
    b.add_first_plan(id, "dental").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date })).await.ok();
    id
}

#[tokio::test]
async fn a_member_link_shows_the_members_own_employer_group_and_its_portal_or_none() {
    let app = TestApp::new().await;
    for (user_id, group, portal) in
        [(5001, json!("Gulf Coast Members Association"), json!(10)), (5002, Value::Null, Value::Null)]
    {
        let mut b = app.browser();
        let token = api::domain::members::link_token(&app.state.crypto, user_id);
        let opened = b.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await;
        assert_eq!(opened.ok()["portal_id"], portal, "member {user_id}");
        let id = opened.ok()["temp_enrollment_id"].as_i64().unwrap();
        let filter = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info")).await;
        assert_eq!(filter.ok()["result"]["platform_group_id"], portal, "the enrollment is on the portal named");
        let parties = b.get(&format!("/api/v1/get-group-agent-member-info?enrollment_id={id}")).await;
        assert_eq!(parties.ok()["result"]["group_info"]["name"], group, "member {user_id}: {}", parties.body);
    }
}

#[tokio::test]
async fn a_member_with_a_premier_plan_in_the_cart_changes_the_tier_from_the_member_home() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let token = api::domain::members::link_token(&app.state.crypto, 5001);
    let opened = b.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await;
    let id = opened.ok()["temp_enrollment_id"].as_i64().unwrap();
    let plan = common::premier_in_cart(&app, id).await;
    // The member home's form asks the tier alone.
    let changed = b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "tier": "IF" })).await;
    assert_eq!(changed.ok()["filter_info"]["tier"], "IF", "{}", changed.body);
    assert_eq!(changed.ok()["filter_info"]["category"], plan.category, "the premier plan's category");
    // A category the person chose stays theirs.
    let chosen =
        b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "tier": "IS", "category": "dental" })).await;
    assert_eq!(chosen.ok()["filter_info"]["category"], "dental");
    let again = b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "tier": "IO" })).await;
    assert_eq!(again.ok()["filter_info"]["category"], "dental");
}

#[tokio::test]
async fn only_a_sealed_member_link_opens_the_store_for_a_member() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    for forged in [json!("5001"), json!(5001), json!("bWVtYmVyOjUwMDE=")] {
        let refused = b.post("/api/v1/add-filter-for-member", json!({ "user_id": forged, "tier": "IO" })).await;
        assert_eq!(refused.status, StatusCode::NOT_FOUND, "{forged}");
        assert_eq!(refused.first_error().1, api::domain::members::LINK_INVALID);
    }
    let id = maria_checked_out(&app, &mut b, "IO").await;
    let filter = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info")).await;
    assert_eq!(filter.ok()["result"]["zip"], "33606");
    assert_eq!(filter.ok()["result"]["dob"], "05/20/1979");
    let kind = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=type")).await;
    assert_eq!(kind.ok()["result"], "existing-member");
    let personal = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(personal.ok()["step"]["formData"]["first_name"], "Maria", "the profile is prefilled");
}

#[tokio::test]
async fn health_records_and_the_tiers_dependents_are_prefilled_masked_and_kept_when_saved() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = maria_checked_out(&app, &mut b, "IS").await;
    let health = b.get(&format!("/api/v1/get-existing-primary-health-info?enrollment_id={id}")).await;
    let first = health.ok()["result"]["condition_questions"][0].clone();
    assert_eq!(first["question_id"], 141);
    assert_eq!(first["conditions"][0]["health_condition"], "Hypertension");

    let deps = b.get(&format!("/api/v1/get-dependents-existing-user-enrollment?enrollment_id={id}")).await;
    assert_eq!(deps.ok()["result"]["dependents"].as_array().unwrap().len(), 2);
    assert_eq!(deps.ok()["result"]["dependents"][0]["ssn"], "***-**-1234");

    let personal = json!({ "first_name": "Maria", "last_name": "Alvarez", "weight": 140, "height_feet": 5,
        "height_inch": 4, "marital_status": "1", "ssn": "219-09-4321", "prior_coverage_flag": "0" });
    b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "next", "formData": personal }))
        .await
        .ok();
    let contact = b.get(&format!("/api/v1/enrollment/{id}/step/contact_info")).await.ok()["step"]["formData"].clone();
    assert_eq!(contact["email_address"], "maria.alvarez@example.com");
    let mut contact = contact;
    contact["birth_state"] = json!("FL");
    contact["birth_city"] = json!("Miami");
    let next = b
        .post(&format!("/api/v1/enrollment/{id}/step/contact_info"), json!({ "action": "next", "formData": contact }))
        .await;
    let step = next.ok()["step"].clone();
    assert_eq!(step["step"], "dependent_info");
    let list = step["formData"]["dependents"].as_array().unwrap().clone();
    assert_eq!(list.len(), 1, "Member + Spouse keeps only the spouse");
    assert_eq!(list[0]["first_name"], "Luis");
    assert_eq!(list[0]["ssn"], "***-**-1234");
    let saved = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/dependent_info"),
            json!({ "action": "next", "formData": step["formData"] }),
        )
        .await;
    assert_eq!(saved.ok()["step"]["step"], "agreement_info", "the masked SSN stands for the one on file");
    let stored = common::stored_document(&app, id, "dependent_info").await;
    assert!(stored.contains("enc:k1:") && !stored.contains("219091234"), "{stored}");
}

#[tokio::test]
async fn a_card_or_bank_account_on_file_is_used_without_typing_it_again() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = maria_checked_out(&app, &mut b, "IO").await;
    b.maria_to_billing(id).await;
    // The step offers what is on file as choices, each with the values it fills in.
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/billing_info")).await.ok()["step"].clone();
    let bank_choice = &step["schema"]["allOf"][1]["then"]["properties"]["bank_id"];
    assert_eq!(bank_choice["oneOf"][0]["title"], "Gulf Coast Federal Credit Union ****2311");
    assert_eq!(bank_choice["oneOf"][1], json!({ "const": 0, "title": "A new bank account" }));
    assert_eq!(bank_choice["x-copy-choices"]["301"]["account_number"], "****2311");
    let chosen = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/billing_info"),
            json!({ "action": "next", "formData": { "payment_method": "eft", "bank_id": 301, "account_number": "****2311", "bill_date": 28 } }),
        )
        .await;
    assert_eq!(chosen.ok()["step"]["step"], "review_info", "nothing more to type");
    let stored = common::stored_document(&app, id, "billing_info").await;
    assert!(stored.contains("enc:k1:") && !stored.contains("004417702311"), "{stored}");
    let form = b.get(&format!("/api/v1/enrollment/{id}/step/billing_info")).await.ok()["step"]["formData"].clone();
    assert_eq!(form["account_number"], "****2311");
    assert_eq!(form["bank_name"], "Gulf Coast Federal Credit Union");

    let banks = b.get(&format!("/api/v1/get-existing-bank-info?enrollment_id={id}")).await;
    assert_eq!(banks.ok()["result"][0]["account_number"], "****2311");
    assert_eq!(banks.ok()["result"][0]["bank_name"], "Gulf Coast Federal Credit Union");
    let cards = b.get(&format!("/api/v1/get-existing-card-info?enrollment_id={id}")).await;
    assert_eq!(cards.ok()["result"][0]["card_number"], "****1111");

    let unknown = b.post("/api/v1/save-billing-info-existing", json!({ "enrollment_id": id, "card_id": 999 })).await;
    assert_eq!(unknown.first_error(), ("card_id".into(), "This card is not on file".into()));
    let saved = b
        .post("/api/v1/save-billing-info-existing", json!({ "enrollment_id": id, "card_id": 401, "bill_date": 5 }))
        .await;
    assert_eq!(saved.ok()["next"]["tab_name"], "review_info");
    let stored = common::stored_document(&app, id, "billing_info").await;
    assert!(stored.contains("tok_sandbox_fixture5001visa") && stored.contains("****1111"), "{stored}");

    let bank = b.post("/api/v1/save-billing-info-existing", json!({ "enrollment_id": id, "bank_id": 301 })).await;
    bank.ok();
    let stored = common::stored_document(&app, id, "billing_info").await;
    assert!(stored.contains("enc:k1:") && !stored.contains("004417702311"), "{stored}");
    let shown = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=payment_info")).await;
    assert_eq!(shown.ok()["result"]["account_number"], "****2311");
}

#[tokio::test]
async fn an_existing_members_email_and_phone_are_checked_against_other_members() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = maria_checked_out(&app, &mut b, "IO").await;
    let personal = json!({ "first_name": "Maria", "last_name": "Alvarez", "weight": 140, "height_feet": 5,
        "height_inch": 4, "marital_status": "1", "ssn": "219-09-4321", "prior_coverage_flag": "0" });
    b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "next", "formData": personal }))
        .await
        .ok();
    let contact = |email: &str, phone: &str| {
        json!({ "action": "next", "formData": { "email_address": email, "phone_number": phone, "address1": "220 Bayshore Blvd",
            "city": "Tampa", "birth_state": "FL", "birth_city": "Miami" } })
    };
    let cases = [
        ("kevin.tran@example.com", "8135550177", "email_address", "Email Already Exists."),
        ("maria.alvarez@example.com", "8135550199", "phone_number", "Phone already exists"),
        ("maria.alvarez@example.com", "1235550199", "phone_number", "Invalid phone number"),
    ];
    for (email, phone, field, message) in cases {
        let refused = b.post(&format!("/api/v1/enrollment/{id}/step/contact_info"), contact(email, phone)).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{email} {phone}");
        assert_eq!(refused.first_error(), (field.to_string(), message.to_string()));
    }
    let own = b
        .post(&format!("/api/v1/enrollment/{id}/step/contact_info"), contact("maria.alvarez@example.com", "8135550177"))
        .await;
    assert_eq!(own.ok()["step"]["step"], "agreement_info", "the member's own e-mail and phone are hers to keep");

    let taken = b
        .post("/api/v1/validate-member-email", json!({ "email": "Kevin.Tran@example.com", "enrollment_id": id }))
        .await;
    assert_eq!(taken.first_error(), ("email".into(), "Email Already Exists.".into()));
    let mine = b
        .post("/api/v1/validate-member-email", json!({ "email": "maria.alvarez@example.com", "enrollment_id": id }))
        .await;
    assert_eq!(mine.ok()["is_valid"], true);
    let phone = b.get("/api/v1/validate-phone-numverify?phone=(813)%20555-0199").await;
    assert_eq!(phone.first_error(), ("phone".into(), "Phone already exists".into()));
    let fake = b.get("/api/v1/validate-phone-numverify?phone=0005550199").await;
    assert_eq!(fake.first_error(), ("phone".into(), "Invalid phone number".into()));
    let fresh = b.get("/api/v1/validate-phone-numverify?phone=4045550134").await;
    assert_eq!(fresh.ok()["number"], "4045550134");
    let throwaway = b.post("/api/v1/validate-email-neverbounce", json!({ "email": "x@mailinator.com" })).await;
    assert_eq!(throwaway.status, StatusCode::UNPROCESSABLE_ENTITY);
    let fine = b.post("/api/v1/validate-email-neverbounce", json!({ "email": "dana@example.com" })).await;
    assert_eq!(fine.ok()["result"], Value::from("valid"));
}

#[tokio::test]
async fn a_member_link_opens_the_store_only_in_the_browser_that_first_opened_it() {
    let app = TestApp::new().await;
    let token = api::domain::members::link_token(&app.state.crypto, 5001);
    let mut first = app.browser();
    first.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await.ok();
    let again = first.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IS" })).await;
    again.ok();
    let mut forwarded = app.browser();
    let refused = forwarded.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    assert_eq!(refused.body["message"], api::domain::members::LINK_ELSEWHERE);
}

#[tokio::test]
async fn a_members_personal_information_starts_from_her_name_and_masked_ssn_on_file_and_the_mask_keeps_that_number() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = maria_checked_out(&app, &mut b, "IO").await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await.ok()["step"].clone();
    let data = step["formData"].clone();
    assert_eq!((data["first_name"].as_str(), data["last_name"].as_str()), (Some("Maria"), Some("Alvarez")));
    assert_eq!(data["ssn"], "***-**-1001", "the number on file, masked");

    let mut answers = data.clone();
    for (k, v) in [("weight", json!(140)), ("height_feet", json!(5)), ("height_inch", json!(4))] {
        answers[k] = v;
    }
    answers["marital_status"] = json!("1");
    answers["prior_coverage_flag"] = json!("0");
    let saved = b
        .post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "next", "formData": answers }))
        .await;
    assert_eq!(saved.ok()["step"]["step"], "contact_info", "the masked number stands for the one on file");
    let stored: Value = serde_json::from_str(&common::stored_document(&app, id, "primary_info").await).unwrap();
    let sealed = stored["ssn"].as_str().unwrap();
    assert_eq!(app.state.crypto.decrypt(sealed).as_deref(), Some("219091001"), "kept sealed: {stored}");
    let back = b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await.ok()["step"]["formData"].clone();
    assert_eq!(back["ssn"], "***-**-1001");
}
