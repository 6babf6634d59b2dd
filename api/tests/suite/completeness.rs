//! Submission is the final gate: a step saved for later is unfinished until it is finished, a draft never replaces
//! finished work, and a refused submission names each step to finish, on both databases and across a restart.

use crate::common;

use crate::common::{agreement, contact, health_all_no, personal, Browser, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// Employer Information as an employee of Peachtree Logistics answers it.
fn employer() -> Value {
    json!({
        "name": "Peachtree Logistics", "phone": "4045550188", "address1": "1200 Marietta Blvd NW", "city": "Atlanta",
        "state": "GA", "zip": "30318", "average_work_week": "40+", "employment_start_date": "03/01/2019",
        "occupation": "Dispatcher", "compensation_type": "G20", "employment_status": "A",
        "holiday_policy": { "Standard_6": true }
    })
}

fn beneficiaries() -> Value {
    json!({ "beneficiaries": [
        { "first_name": "Ada", "last_name": "Okafor", "relationship": "child", "beneficiary_percentage": 60 },
        { "first_name": "Ben", "last_name": "Okafor", "relationship": "child", "beneficiary_percentage": 40 }
    ] })
}

/// The spouse, answering the health questions too (the hospital plan asks them of everyone covered).
fn spouse() -> Value {
    json!({ "dependents": [ { "first_name": "Sam", "last_name": "Okafor", "gender": "0", "ssn": "219-09-9999",
        "birthdate": "02/14/1985", "relationship": "spouse", "health_info": health_all_no() } ] })
}

fn personal_with_code() -> Value {
    let mut doc = personal();
    doc["enroller_code"] = json!("EC-4471");
    doc
}

/// Each step a person can save for later: what finishes it, and a draft that does not (partial or invalid).
fn steps() -> Vec<(&'static str, Value, Value)> {
    let mut nameless = personal_with_code();
    nameless["first_name"] = json!("");
    let mut no_email = contact();
    no_email.as_object_mut().unwrap().remove("email_address");
    let mut no_occupation = employer();
    no_occupation.as_object_mut().unwrap().remove("occupation");
    let mut half_shares = beneficiaries();
    half_shares["beneficiaries"][1]["beneficiary_percentage"] = json!(-10);
    vec![
        ("primary_info", personal_with_code(), nameless),
        ("contact_info", contact(), no_email),
        ("employer_info", employer(), no_occupation),
        ("beneficiary_info", beneficiaries(), half_shares),
        ("primary_health_info", health_all_no(), json!({ "condition_questions": { "141": { "yes_no_flag": "1" } } })),
        ("dependent_info", spouse(), json!({ "dependents": [] })),
        // One agreement of three ticked, and no signature.
        ("agreement_info", agreement(), json!({ "agreements": { "accuracy": true } })),
        // The form left untouched: a payment type and nothing else.
        ("billing_info", common::billing_eft(), json!({ "payment_method": "eft" })),
    ]
}

/// An employee of Peachtree Logistics (which asks for an enroller code) covering a spouse with accident and hospital
/// cover: every step of the wizard is required (beneficiaries for the accidental death benefit, health questions for
/// the hospital plan). Each step is finished with Next; answers the enrollment id, at the review.
pub(crate) async fn ready_to_submit(app: &TestApp, b: &mut Browser<'_>) -> i64 {
    let id = b.start("IS").await;
    common::join_group(app, id, 2556).await;
    b.add_first_plan(id, "accident").await;
    b.add_first_plan(id, "hospital").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date, "type": "member" }))
        .await
        .ok();
    for (tab, complete, _) in steps() {
        let saved = b
            .post(&format!("/api/v1/enrollment/{id}/step/{tab}"), json!({ "action": "next", "formData": complete }))
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{tab}: {}", saved.body);
    }
    let review = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    let review = review.ok()["step"].clone();
    assert_eq!(review["step"], "review_info");
    let shown: Vec<&str> =
        review["wizard"]["progress"]["steps"].as_array().unwrap().iter().map(|s| s["step"].as_str().unwrap()).collect();
    let asked: Vec<&str> = steps().iter().map(|(tab, _, _)| *tab).chain(["review_info"]).collect();
    assert_eq!(shown, asked, "every step is required");
    assert_eq!(review["wizard"]["summary"]["unfinished"], json!([]), "nothing is unfinished");
    id
}

async fn policy_id(app: &TestApp, id: i64) -> Option<String> {
    sqlx::query_scalar("select policy_id from enrollment where enrollment_id = $1")
        .bind(id)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

/// Asserts a refused submission: 422, one item naming `tab`, its route and why.
#[track_caller]
fn assert_refused_naming(answer: &common::Answer, tab: &str, reason: &str) {
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{tab}: {}", answer.body);
    let items = answer.body["data"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{tab}: {}", answer.body);
    assert_eq!(items[0]["target_element"], tab);
    assert_eq!(items[0]["reason"], reason);
    let title = items[0]["title"].as_str().unwrap();
    assert_eq!(items[0]["error_message"], format!("Finish {title}"));
    assert!(items[0]["route"].as_str().is_some_and(|r| !r.is_empty()));
    assert_eq!(answer.body["message"], format!("Your application is not complete yet. Please finish {title}."));
}

#[tokio::test]
async fn a_step_saved_for_later_is_unfinished_until_it_is_finished_and_a_refused_submission_names_it() {
    let app = TestApp::new().await;
    for (n, (tab, complete, partial)) in steps().into_iter().enumerate() {
        let mut b = app.browser();
        let id = ready_to_submit(&app, &mut b).await;
        let email = format!("later{n}@example.com");
        let saved = b
            .post(
                &format!("/api/v1/enrollment/{id}/step/{tab}"),
                json!({ "action": "save-for-later", "formData": partial, "email": email }),
            )
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{tab}: {}", saved.body);

        // Both ways of submitting are refused, naming the step; the review lists it as a link.
        let spec = b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await;
        assert_refused_naming(&spec, tab, "saved_for_later");
        let step = b
            .post(&format!("/api/v1/enrollment/{id}/step/review_info"), json!({ "action": "next", "formData": {} }))
            .await;
        assert_refused_naming(&step, tab, "saved_for_later");
        let review = b.get(&format!("/api/v1/enrollment/{id}/step/review_info")).await;
        let unfinished = review.ok()["step"]["wizard"]["summary"]["unfinished"].clone();
        assert_eq!(unfinished.as_array().unwrap().len(), 1, "{tab}: {unfinished}");
        assert_eq!(unfinished[0]["target_element"], tab);
        assert_eq!(policy_id(&app, id).await, None, "{tab}: nothing was submitted");

        // Resuming shows the draft; finishing the step lets the application go.
        let resumed = b.get(&format!("/api/v1/enrollment/{id}/step/{tab}")).await;
        let shown = resumed.ok()["step"]["formData"].clone();
        for (key, value) in partial.as_object().unwrap() {
            // (An SSN comes back masked.)
            if value != &json!("") && key != "ssn" {
                assert_eq!(&shown[key], value, "{tab}: the draft is shown where the person left it");
            }
        }
        let finished = b
            .post(&format!("/api/v1/enrollment/{id}/step/{tab}"), json!({ "action": "next", "formData": complete }))
            .await;
        assert_eq!(finished.status, StatusCode::OK, "{tab}: {}", finished.body);
        let done = b
            .post(&format!("/api/v1/enrollment/{id}/step/review_info"), json!({ "action": "next", "formData": {} }))
            .await;
        assert_eq!(done.ok()["redirect"], "/enrollment/receipt", "{tab}");
        assert!(policy_id(&app, id).await.is_some(), "{tab}");
    }
}

#[tokio::test]
async fn a_draft_sits_beside_the_finished_step_and_the_review_shows_what_will_be_submitted() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = ready_to_submit(&app, &mut b).await;
    let mut nameless = personal_with_code();
    nameless["first_name"] = json!("");
    b.post(
        &format!("/api/v1/enrollment/{id}/step/primary_info"),
        json!({ "action": "save-for-later", "formData": nameless, "email": "beside@example.com" }),
    )
    .await
    .ok();
    let review = b.get(&format!("/api/v1/enrollment/{id}/step/review_info")).await;
    let card = review.ok()["step"]["wizard"]["summary"]["sections"][0].clone();
    assert_eq!(card["step"], "primary_info");
    assert!(card["rows"].as_array().unwrap().contains(&json!({ "label": "First Name", "value": "Dana" })), "{card}");
    assert!(card["note"].as_str().unwrap().starts_with("You saved changes to this step for later"), "{card}");

    // A server started again reads the same: the draft shown on the step, the finished answers kept beside it.
    let restarted = app.restarted().await;
    let mut again = restarted.browser();
    again.cookie = b.cookie.clone();
    let step = again.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    assert!(step.ok()["step"]["formData"].get("first_name").is_none(), "the draft is what the step shows");
    assert_eq!(step.ok()["step"]["formData"]["last_name"], "Okafor");
    let refused = again.post("/api/v1/save-review-info", json!({ "enrollment_id": id })).await;
    assert_refused_naming(&refused, "primary_info", "saved_for_later");
}

#[tokio::test]
async fn a_billing_draft_keeps_the_card_saved_before_and_next_with_its_mask_uses_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = ready_to_submit(&app, &mut b).await;
    let card = json!({
        "payment_method": "cc", "first_name_on_cc": "Dana", "last_name_on_cc": "Okafor",
        "card_number": "4111 1111 1111 1111", "expiration_month": "09", "expiration_year": "2031",
        "security_code": "123", "address1": "12 Peachtree St NE", "city": "Atlanta", "state": "GA", "zip": "30301",
        "bill_date": 28
    });
    // The group pays by card here only if it offers cards; an applicant's payment type is the server's choice.
    let billing = b.get(&format!("/api/v1/enrollment/{id}/step/billing_info")).await;
    let offered = billing.ok()["step"]["schema"]["properties"]["payment_method"]["oneOf"].to_string();
    let paid = if offered.contains("\"cc\"") { card } else { common::billing_eft() };
    b.post(&format!("/api/v1/enrollment/{id}/step/billing_info"), json!({ "action": "next", "formData": paid }))
        .await
        .ok();
    let before = common::stored_document(&app, id, "billing_info").await;

    // Save & Continue Later on the form as it was drawn, untouched.
    let drawn = b.get(&format!("/api/v1/enrollment/{id}/step/billing_info")).await.ok()["step"]["formData"].clone();
    b.post(
        &format!("/api/v1/enrollment/{id}/step/billing_info"),
        json!({ "action": "save-for-later", "formData": drawn, "email": "billing@example.com" }),
    )
    .await
    .ok();
    let after = common::stored_document(&app, id, "billing_info").await;
    assert!(after.starts_with(&before), "the finished billing document (and its token or account) is kept as it was");
    if offered.contains("\"cc\"") {
        assert!(after.contains("tok_sandbox_"), "the card token is kept");
    }

    let resumed = b.get(&format!("/api/v1/enrollment/{id}/step/billing_info")).await.ok()["step"]["formData"].clone();
    let next = b
        .post(&format!("/api/v1/enrollment/{id}/step/billing_info"), json!({ "action": "next", "formData": resumed }))
        .await;
    assert_eq!(next.status, StatusCode::OK, "the mask stands for the card saved before: {}", next.body);
    let done =
        b.post(&format!("/api/v1/enrollment/{id}/step/review_info"), json!({ "action": "next", "formData": {} })).await;
    assert_eq!(done.ok()["redirect"], "/enrollment/receipt");
}

#[tokio::test]
async fn a_document_that_no_longer_passes_its_checks_is_refused_at_submission_with_what_is_missing() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = ready_to_submit(&app, &mut b).await;
    // A document kept before drafts were kept apart: a draft stored as the step itself, without a first name.
    let stored: String =
        sqlx::query_scalar("select data from enrollment_tab where enrollment_id = $1 and tab_name = 'primary_info'")
            .bind(id)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    let mut doc: Value = serde_json::from_str(&stored).unwrap();
    doc.as_object_mut().unwrap().remove("first_name");
    sqlx::query("update enrollment_tab set data = $1 where enrollment_id = $2 and tab_name = 'primary_info'")
        .bind(doc.to_string())
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();

    let refused = b.post("/api/v1/save-review-info", json!({ "enrollment_id": id })).await;
    assert_refused_naming(&refused, "primary_info", "needs_attention");
    assert_eq!(
        refused.body["data"][0]["missing"],
        json!([{ "target_element": "first_name", "error_message": "First Name: Field is required" }])
    );
    assert_eq!(policy_id(&app, id).await, None);
    let sent: i64 = sqlx::query_scalar("select count(*) from outbox where kind = 'receipt'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(sent, 0, "no receipt was queued");
}
