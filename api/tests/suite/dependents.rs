//! Dependent Information over the spec's calls: the tier's rules, one dependent validated at a time, drafts, and a
//! Member Only enrollment keeping none.

use crate::common;

use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};

/// Checked out on `tier` with a dental plan, Personal and Contact saved: the next step is Dependent Information.
async fn at_dependents(b: &mut common::Browser<'_>, tier: &str) -> i64 {
    let id = b.checked_out_on(tier, "dental").await;
    b.save_personal_and_contact(id).await;
    id
}

fn spouse() -> Value {
    json!({ "primary_info": { "first_name": "Sam", "last_name": "Okafor", "gender": "0", "ssn": "219-09-9999",
                              "birthdate": "02/14/1985", "relationship": "spouse" } })
}

fn child(first: &str) -> Value {
    json!({ "primary_info": { "first_name": first, "last_name": "Okafor", "gender": "1", "ssn": "321-54-9876",
                              "birthdate": "06/01/2015", "relationship": "child" } })
}

#[tokio::test]
async fn a_family_needs_two_dependents_and_one_spouse_at_most_before_next() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_dependents(&mut b, "IF").await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(step.ok()["step"]["step"], "dependent_info");
    assert_eq!(step.ok()["step"]["uiSchema"]["dependents"]["ui:options"]["itemTitle"], "Dependent #{n}");

    let fields = b.get(&format!("/api/v1/get-form-fields-dependent-primary-info?enrollment_id={id}")).await;
    let names: Vec<&str> =
        fields.ok()["result"].as_array().unwrap().iter().map(|f| f["field_name"].as_str().unwrap()).collect();
    assert!(names.contains(&"first_name") && names.contains(&"relationship") && !names.contains(&"health_info"));
    assert!(fields.ok()["disclaimer"].as_str().unwrap().contains("children under 26"));

    let only_spouse =
        b.post("/api/v1/save-dependent-info", json!({ "enrollment_id": id, "dependents": [spouse()] })).await;
    assert_eq!(only_spouse.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(only_spouse.first_error().1.starts_with("Family coverage needs at least two dependents"));
    let two_spouses = b
        .post(
            "/api/v1/save-dependent-info",
            json!({ "enrollment_id": id, "dependents": [spouse(), spouse(), child("Ada")] }),
        )
        .await;
    assert_eq!(two_spouses.first_error(), ("dependents".into(), "Only one spouse can be added".into()));

    let saved = b
        .post(
            "/api/v1/save-dependent-info",
            json!({ "enrollment_id": id, "dependents": [spouse(), child("Ada"), child("Ben")] }),
        )
        .await;
    assert_eq!(saved.ok()["next"]["tab_name"], "agreement_info");
    let stored = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=dependent_info")).await;
    let list = stored.ok()["result"]["dependents"].as_array().unwrap().clone();
    assert_eq!(list.len(), 3);
    assert_eq!(list[0]["ssn"], "***-**-9999", "a dependent's SSN is answered masked");
    assert_eq!(list[1]["employed"], "0");
}

#[tokio::test]
async fn one_dependent_is_validated_with_the_spec_keys_and_answered_as_it_will_be_stored() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_dependents(&mut b, "IC").await;
    let mut bad = child("4da");
    bad["primary_info"]["birthdate"] = json!("12/31/2099");
    bad["enrollment_id"] = json!(id);
    let refused = b.post("/api/v1/validate-single-dependent", bad).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors: Vec<String> = refused.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{}: {}", e["target_element"].as_str().unwrap(), e["error_message"].as_str().unwrap()))
        .collect();
    assert_eq!(
        errors,
        [
            "primary_info.first_name: Please enter valid first name",
            "primary_info.birthdate: Date cannot be today or a future date"
        ]
    );

    let mut good = child("Ada");
    good["primary_info"]["relationship"] = json!("spouse");
    good["enrollment_id"] = json!(id);
    let ok = b.post("/api/v1/validate-single-dependent", good).await;
    assert_eq!(ok.ok()["result"]["relationship"], "child", "Member + Children decides the relationship");
    assert_eq!(ok.ok()["result"]["ssn"], "***-**-9876");
}

#[tokio::test]
async fn a_draft_list_is_kept_without_moving_on_and_save_for_later_names_the_first_faulty_dependent() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_dependents(&mut b, "IF").await;
    let draft =
        b.post("/api/v1/save-dependent-info-to-temp", json!({ "enrollment_id": id, "dependents": [spouse()] })).await;
    assert_eq!(draft.ok()["version"], 1);
    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(step.ok()["step"]["step"], "dependent_info", "a draft does not advance");
    assert_eq!(step.ok()["step"]["formData"]["dependents"][0]["first_name"], "Sam");

    let mut nameless = child("Ada");
    nameless["primary_info"].as_object_mut().unwrap().remove("last_name");
    let later = b
        .post(
            "/api/v1/save-enrollment",
            json!({ "enrollment_id": id, "email": "dana.alt@example.com", "tab": "dependent_info",
                    "data": { "dependents": [spouse()["primary_info"], nameless["primary_info"]] } }),
        )
        .await;
    assert_eq!(later.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(later.first_error(), ("dependents".into(), "Dependent #2 Field is required".into()));
    let unchanged = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(unchanged.ok()["step"]["wizard"]["version"], 1, "nothing saved by the refused request");
}

#[tokio::test]
async fn member_only_coverage_keeps_no_dependents() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_dependents(&mut b, "IS").await;
    b.post("/api/v1/save-dependent-info-to-temp", json!({ "enrollment_id": id, "dependents": [spouse()] })).await.ok();
    let refused = b.post("/api/v1/delete-dependent-in-IO", json!({ "enrollment_id": id })).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "not while the tier has dependents");
    let mut filter =
        b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info")).await.ok()["result"]
            .clone();
    filter["tier"] = json!("IO");
    b.put(&format!("/api/v1/change-filter-info/{id}"), filter).await.ok();
    let removed = b.post("/api/v1/delete-dependent-in-IO", json!({ "enrollment_id": id })).await;
    assert_eq!(removed.ok()["removed"], true);
    let stored = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=dependent_info")).await;
    assert_eq!(stored.ok()["result"], json!({}));
}

#[tokio::test]
async fn a_dependents_health_answers_and_ssn_are_sealed_at_rest_in_a_draft_and_read_back_to_their_owner() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out_on("IS", "medical").await;
    let mut spouse = spouse();
    spouse["health_info"] = json!({ "condition_questions": { "141": { "yes_no_flag": "1", "conditions": [
        { "health_condition": "Asthma", "date_of_onset": "03/10/2019", "is_treatment": "1", "is_medicate": "0", "d_last_seen": "09/01/2026" } ] } },
        "medication_question": { "yes_no_flag": "0" } });
    // An unexpected shape too: a list of SSNs and a card number where none belongs.
    spouse["primary_info"]["previous_ssns"] = json!(["219097777"]);
    spouse["primary_info"]["card_number"] = json!("4111111111111111");
    let draft =
        b.post("/api/v1/save-dependent-info-to-temp", json!({ "enrollment_id": id, "dependents": [spouse] })).await;
    draft.ok();
    let stored = common::stored_document(&app, id, "dependent_info").await;
    for readable in ["Asthma", "2190999", "219097777", "4111111111111111", "9999"] {
        assert!(!stored.contains(readable), "{readable} is readable at rest: {stored}");
    }
    let back = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=dependent_info")).await;
    let dependent = back.ok()["result"]["dependents"][0].clone();
    assert_eq!(dependent["ssn"], "***-**-9999", "answered masked");
    assert_eq!(dependent["health_info"]["condition_questions"]["141"]["conditions"][0]["health_condition"], "Asthma");
}

#[tokio::test]
async fn a_grown_child_is_covered_only_if_disabled_and_a_spouse_must_be_an_adult() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_dependents(&mut b, "IF").await;
    let mut grown = child("Ada");
    grown["primary_info"]["birthdate"] = json!(common::dob_of_age(27));
    let refused = b
        .post("/api/v1/save-dependent-info", json!({ "enrollment_id": id, "dependents": [spouse(), grown.clone()] }))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.first_error().1,
        "A child is covered until age 26; an older child is covered only if disabled",
        "{}",
        refused.body
    );
    let mut young_spouse = spouse();
    young_spouse["primary_info"]["birthdate"] = json!(common::dob_of_age(16));
    let refused = b
        .post("/api/v1/save-dependent-info", json!({ "enrollment_id": id, "dependents": [young_spouse, child("Ben")] }))
        .await;
    assert_eq!(refused.first_error().1, "A spouse must be 18 or older");

    grown["primary_info"]["disabled"] = json!(true);
    b.post("/api/v1/save-dependent-info", json!({ "enrollment_id": id, "dependents": [spouse(), grown] })).await.ok();
    let stored = common::stored_document(&app, id, "dependent_info").await;
    assert!(!stored.contains("\"disabled\":true"), "a disability is health information, sealed at rest: {stored}");
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/dependent_info")).await;
    assert_eq!(step.ok()["step"]["formData"]["dependents"][1]["disabled"], true, "shown to the applicant");
}

#[tokio::test]
async fn the_spouses_birth_date_and_the_children_given_in_the_dependency_popup_start_the_list() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IF").await;
    // The Dependency popup of a premier plan, answered while shopping.
    for answer in [json!({ "dep_dob": "03/04/1985" }), json!({ "no_of_children": "2" })] {
        let mut body = json!({ "enrollment_id": id, "plan_id": 1301 });
        body.as_object_mut().unwrap().extend(answer.as_object().unwrap().clone());
        b.post("/api/v1/store-temp-dependent-info", body).await.ok();
    }
    b.add_first_plan(id, "dental").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date })).await.ok();
    b.save_personal_and_contact(id).await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/dependent_info")).await.ok()["step"].clone();
    assert_eq!(
        step["formData"]["dependents"],
        json!([
            { "relationship": "spouse", "birthdate": "03/04/1985" },
            { "relationship": "child" },
            { "relationship": "child" }
        ]),
        "nothing given in the popup is asked again"
    );
    // Started, not finished: Next names what each still lacks.
    let next = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/dependent_info"),
            json!({ "action": "next", "formData": step["formData"] }),
        )
        .await;
    assert_eq!(next.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(next.first_error().0.starts_with("dependents.0."), "{:?}", next.first_error());
}

#[tokio::test]
async fn member_and_children_coverage_covers_exactly_the_children_quoted() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_dependents(&mut b, "IC").await;
    let save = |list: Vec<Value>| json!({ "enrollment_id": id, "dependents": list });
    let two = b.post("/api/v1/save-dependent-info", save(vec![child("Ada"), child("Ben")])).await;
    assert_eq!(two.status, StatusCode::UNPROCESSABLE_ENTITY, "the quote did not say two children: {}", two.body);
    assert_eq!(
        two.first_error(),
        (
            "dependents".into(),
            "Your quote is for 1 child. To cover another child, change the number of children in your quote on the \
             plans page"
                .into()
        )
    );
    b.post("/api/v1/save-dependent-info", save(vec![child("Ada")])).await.ok();

    // Quoted for two: two are needed, and two are taken.
    b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "no_of_children": 2 })).await.ok();
    let one = b.post("/api/v1/save-dependent-info", save(vec![child("Ada")])).await;
    assert_eq!(
        one.first_error(),
        ("dependents".into(), "Your quote is for 2 children: please add each of them to continue".into())
    );
    b.post("/api/v1/save-dependent-info", save(vec![child("Ada"), child("Ben")])).await.ok();
}
