//! The applicant journey through the spec's calls and the step protocol, and every bad input along it.

use crate::common;

use crate::common::{agreement, contact, dob_of_age, personal, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;

#[tokio::test]
async fn an_applicant_goes_from_filter_to_receipt_through_the_spec_calls() {
    let app = TestApp::new().await;
    let mut b = app.browser();

    let zip = b.get("/api/v1/validate-zip-code?zip_code=30301").await;
    assert_eq!(zip.ok()["state"], "GA");
    let id = b.start("IO").await;
    let info = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info")).await;
    assert_eq!(info.ok()["result"]["state"], "GA");
    assert_eq!(info.ok()["result"]["tier"], "IO");

    let categories = b.get("/api/v1/get-plan-category").await;
    assert_eq!(categories.ok().as_array().unwrap().len(), 13);
    let (plan_id, pricing_id) = b.add_first_plan(id, "medical").await;
    let detail = b.get(&format!("/api/v1/get-plan-detail/{plan_id}")).await;
    assert!(!detail.ok()["plan_desc"]["body_text"].as_str().unwrap().is_empty());

    let cart = b.get(&format!("/api/v1/get-plan-cart?enrollment_id={id}")).await;
    let line = &cart.ok()["result"][0];
    assert_eq!(line["plan_pricing_id"], pricing_id);
    assert!(line["price"].as_f64().unwrap() > 0.0);
    assert_eq!(cart.ok()["initial_month_cost"], line["price"]);
    assert_eq!(b.get(&format!("/api/v1/get-cart-count?enrollment_id={id}")).await.ok()["result"], 1);
    assert_eq!(b.get(&format!("/api/v1/get-cart-amount?enrollment_id={id}")).await.ok()["result"], line["price"]);

    let dates = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await;
    let date = dates.ok()["result"][0].as_str().unwrap().to_string();
    let checkout =
        b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date, "type": "member" })).await;
    assert_eq!(checkout.ok()["next"]["route"], "personal-information");

    let tabs = b.get(&format!("/api/v1/get-dynamic-tabs?enrollment_id={id}")).await;
    let rows = tabs.ok()["result"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 9);
    let required: Vec<&str> =
        rows.iter().filter(|r| r["required"] == true).map(|r| r["tab_name"].as_str().unwrap()).collect();
    assert_eq!(
        required,
        ["primary_info", "contact_info", "primary_health_info", "agreement_info", "billing_info", "review_info"]
    );

    let fields = b.get(&format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}")).await;
    let birthdate =
        fields.ok()["result"].as_array().unwrap().iter().find(|f| f["field_name"] == "birthdate").unwrap().clone();
    assert_eq!(birthdate["read_only"], true);
    assert_eq!(birthdate["value"], json!(dob_of_age(40)));

    let mut body = personal();
    body["enrollment_id"] = json!(id);
    let saved = b.post("/api/v1/save-personal-info", body).await;
    assert_eq!(saved.ok()["next"]["route"], "contact-information");
    let mut body = contact();
    body["enrollment_id"] = json!(id);
    let saved = b.post("/api/v1/save-contact-info", body).await;
    assert_eq!(saved.ok()["next"]["route"], "health-questions");
    let mut body = common::health_all_no();
    body["enrollment_id"] = json!(id);
    let saved = b.post("/api/v1/save-primary-health-info", body).await;
    assert_eq!(saved.ok()["next"]["route"], "agreement-signature");
    let texts = b.get(&format!("/api/v1/get-agreement-texts?enrollment_id={id}")).await;
    assert_eq!(texts.ok()["result"][0]["text_head"], "Accuracy of this application");
    let mut body = agreement();
    body["enrollment_id"] = json!(id);
    let saved = b.post("/api/v1/save-agreement-info", body).await;
    assert_eq!(saved.ok()["next"]["route"], "billing-information");
    let mut body = common::billing_eft();
    body["enrollment_id"] = json!(id);
    let saved = b.post("/api/v1/save-billing-info", body).await;
    assert_eq!(saved.ok()["next"]["route"], "review-confirm");

    let submitted = b
        .post(
            "/api/v1/save-review-info",
            json!({ "enrollment_id": id, "additional_notes": "Call after 5pm", "first_enroll": 1 }),
        )
        .await;
    let policy_id = submitted.ok()["policy_id"].as_str().unwrap().to_string();
    assert_eq!(policy_id.len(), 10);
    let receipt = b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await;
    assert_eq!(receipt.ok()["policy_id"], policy_id.as_str());
    assert_eq!(receipt.ok()["name"], "Dana Okafor");
    assert_eq!(receipt.ok()["reader"], "applicant", "the applicant is spoken to");
    assert_eq!(receipt.ok()["effective_date"], date.as_str());
    // The plans applied for, priced as at checkout, with the totals.
    let plans = receipt.ok()["plans"].as_array().unwrap().clone();
    assert_eq!(plans.len(), 1, "{}", receipt.body);
    assert_eq!(plans[0]["plan_name"], "Harborstone Silver Choice PPO");
    let price = plans[0]["price"].as_f64().unwrap();
    assert!(price > 0.0);
    assert_eq!(receipt.ok()["recurring_month_cost"].as_f64(), Some(price));
    // Who it covers, who to call about it, how it is paid, what happens next, and the application as sent.
    assert_eq!(plans[0]["covered"], json!(["Dana Okafor (you)"]));
    assert_eq!(plans[0]["carrier_name"], "Harborstone Mutual");
    let payment = &receipt.ok()["payment"];
    assert!(payment["method"].as_str().unwrap().starts_with("EFT from "), "{payment}");
    assert!(payment["method"].as_str().unwrap().contains("****"), "the account is masked: {payment}");
    assert_eq!(payment["first_amount"].as_f64(), Some(price));
    assert!(payment["first_when"].as_str().unwrap().starts_with("by "), "{payment}");
    assert_eq!(payment["recurring_when"], "on the 28th of each month");
    let next = receipt.ok()["next_steps"].as_array().unwrap().clone();
    assert!(next[0].as_str().unwrap().contains("dana.okafor@example.com"), "{next:?}");
    assert!(next.last().unwrap().as_str().unwrap().contains(&date), "{next:?}");
    let application = receipt.ok()["application"].as_array().unwrap().clone();
    assert_eq!(application[0]["title"], "Personal Information");
    let text = receipt.body.to_string();
    assert!(!text.contains("123456789") && !text.contains("123-45-6789"), "the SSN is masked on the receipt");
    assert!(!text.contains("000123456789"), "the account number is masked on the receipt");
}

#[tokio::test]
async fn the_step_protocol_walks_next_back_edit_and_submit() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;

    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    let s = step.ok()["step"].clone();
    assert_eq!(s["step"], "primary_info");
    assert_eq!(s["title"], "Personal Information");
    assert_eq!(s["wizard"]["progress"]["total"], 5);
    assert_eq!(s["wizard"]["progress"]["steps"][0]["status"], "current");
    assert!(s["schema"]["required"].as_array().unwrap().contains(&json!("first_name")));
    assert_eq!(s["uiSchema"]["birthdate"]["ui:readonly"], true);
    assert_eq!(s["formData"]["birthdate"], json!(dob_of_age(40)));

    let back = b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "back" })).await;
    assert_eq!(back.ok()["redirect"], "/cart", "Back on the first tab goes to the cart");
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date, "type": "rep" })).await.ok();

    let next = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/personal-info"),
            json!({ "action": "next", "formData": personal(), "version": 0 }),
        )
        .await;
    let s = next.ok()["step"].clone();
    assert_eq!(s["step"], "contact_info");
    assert_eq!(s["formData"]["state"], "GA", "state is prefilled from the filter");
    assert_eq!(s["wizard"]["progress"]["steps"][0]["status"], "done");

    let back = b.post(&format!("/api/v1/enrollment/{id}/step/contact_info"), json!({ "action": "back" })).await;
    assert_eq!(back.ok()["step"]["step"], "primary_info");
    assert_eq!(back.ok()["step"]["formData"]["ssn"], "***-**-6789", "the SSN comes back masked");
    assert_eq!(back.ok()["step"]["wizard"]["version"], 1);

    let next = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_info"),
            json!({ "action": "next", "formData": back.ok()["step"]["formData"], "version": 1 }),
        )
        .await;
    assert_eq!(next.ok()["step"]["step"], "contact_info");
    let signing = b
        .post(&format!("/api/v1/enrollment/{id}/step/contact_info"), json!({ "action": "next", "formData": contact() }))
        .await;
    assert_eq!(signing.ok()["step"]["step"], "agreement_info");
    let billing = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/agreement_info"),
            json!({ "action": "next", "formData": agreement() }),
        )
        .await;
    assert_eq!(billing.ok()["step"]["step"], "billing_info");
    let review = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/billing_info"),
            json!({ "action": "next", "formData": common::billing_eft() }),
        )
        .await;
    let s = review.ok()["step"].clone();
    assert_eq!(s["step"], "review_info");
    let sections = s["wizard"]["summary"]["sections"].as_array().unwrap();
    assert_eq!(sections.len(), 4);
    assert_eq!(sections[2]["title"], "Agreement & Signature");
    assert!(sections[2]["rows"]
        .as_array()
        .unwrap()
        .contains(&json!({ "label": "Electronic Signature", "value": "Signed" })));
    assert_eq!(sections[0]["number"], 1);
    assert_eq!(sections[0]["title"], "Personal Information");
    assert!(sections[0]["rows"]
        .as_array()
        .unwrap()
        .contains(&json!({ "label": "Marital Status", "value": "Married" })));
    assert!(sections[0]["rows"]
        .as_array()
        .unwrap()
        .contains(&json!({ "label": "Social Security Number", "value": "***-**-6789" })));
    assert!(s["wizard"]["summary"]["cart"]["initial_month_cost"].as_f64().unwrap() > 0.0);
    let billing = &sections[3];
    assert_eq!(billing["title"], "Billing Information");
    let labels: Vec<&str> = billing["rows"].as_array().unwrap().iter().map(|r| r["label"].as_str().unwrap()).collect();
    assert!(labels.iter().all(|l| !l.contains('_')), "the review shows words, not field names: {labels:?}");
    assert!(
        billing["rows"].as_array().unwrap().iter().any(|r| r["value"].as_str().unwrap().starts_with("****")),
        "the account is shown masked: {billing}"
    );

    let edit = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/review_info"),
            json!({ "action": "edit", "target": "primary_info" }),
        )
        .await;
    assert_eq!(edit.ok()["step"]["step"], "primary_info");
    let mut changed = edit.ok()["step"]["formData"].clone();
    changed["first_name"] = json!("Danielle");
    let returned = b
        .post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "next", "formData": changed }))
        .await;
    assert_eq!(returned.ok()["step"]["step"], "review_info", "after Edit Details the save returns to review");
    assert_eq!(returned.ok()["step"]["actions"][0]["label"], "Submit Application");
    assert_eq!(
        returned.ok()["step"]["wizard"]["confirm"]["title"],
        "Submit your application?",
        "submitting is confirmed first"
    );

    let done = b
        .post(&format!("/api/v1/enrollment/{id}/step/review-confirm"), json!({ "action": "next", "formData": {} }))
        .await;
    assert_eq!(done.ok()["redirect"], "/enrollment/receipt");
    // A second press (a double click, another window) submits nothing again.
    let again = b
        .post(&format!("/api/v1/enrollment/{id}/step/review-confirm"), json!({ "action": "next", "formData": {} }))
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.first_error().1, "This enrollment has already been submitted");
    let policies: Vec<(Option<String>,)> = sqlx::query_as("select policy_id from enrollment where enrollment_id = $1")
        .bind(id)
        .fetch_all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(policies.len(), 1);
    let receipts: i64 = sqlx::query_scalar("select count(*) from outbox where kind = 'receipt'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(receipts <= 2, "one receipt (and a copy), not two: {receipts}");
    let receipt = b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await;
    assert_eq!(receipt.ok()["name"], "Danielle Okafor");
}

#[tokio::test]
async fn the_ssn_is_encrypted_at_rest_masked_in_every_answer_and_kept_when_the_mask_is_sent_back() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", body.clone()).await.ok();

    let stored: String =
        sqlx::query("select data from enrollment_tab where enrollment_id = $1 and tab_name = 'primary_info'")
            .bind(id)
            .fetch_one(&app.state.db)
            .await
            .unwrap()
            .get("data");
    assert!(!stored.contains("123456789") && !stored.contains("123-45-6789"), "{stored}");
    assert!(stored.contains("enc:k1:"));

    for uri in [
        format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}"),
        format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=primary_info"),
        format!("/api/v1/enrollment/{id}/step/primary_info"),
    ] {
        let answer = b.get(&uri).await;
        let text = answer.body.to_string();
        assert!(text.contains("***-**-6789"), "{uri}: {text}");
        assert!(!text.contains("123456789") && !text.contains("123-45-6789"), "{uri}");
    }

    body["ssn"] = json!("***-**-6789");
    body["first_name"] = json!("Dane");
    b.post("/api/v1/save-personal-info", body.clone()).await.ok();
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    assert_eq!(step.ok()["step"]["formData"]["ssn"], "***-**-6789", "the mask kept the stored number");

    body["ssn"] = json!("219-09-9999");
    b.post("/api/v1/save-personal-info", body).await.ok();
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    assert_eq!(step.ok()["step"]["formData"]["ssn"], "***-**-9999", "a newly typed number replaces it");
}

#[tokio::test]
async fn bad_filter_inputs_get_the_spec_messages_and_create_nothing() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let cases = [
        (json!({ "zip": "3030", "gender": "1", "tier": "IO", "dob": dob_of_age(40) }), "zip", "Invalid Zip code"),
        (json!({ "zip": "00000", "gender": "1", "tier": "IO", "dob": dob_of_age(40) }), "zip", "Invalid Zip code"),
        (
            json!({ "zip": "30301", "gender": "1", "tier": "IO", "dob": dob_of_age(17) }),
            "dob",
            "You must be 18 years to proceed",
        ),
        (json!({ "zip": "30301", "tier": "IO", "dob": dob_of_age(40) }), "gender", "Field is required"),
        (json!({ "zip": "30301", "gender": "1", "dob": dob_of_age(40) }), "tier", "Field is required"),
    ];
    for (body, field, message) in cases {
        let answer = b.post("/api/v1/add-filter-for-new-user", body.clone()).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(answer.body["status"], "error");
        assert_eq!(answer.first_error(), (field.to_string(), message.to_string()), "{body}");
    }
    let zip = b.get("/api/v1/validate-zip-code?zip_code=1234").await;
    assert_eq!(zip.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(zip.body["data"][0]["error_message"], "Invalid Zip code");
    let count: i64 = sqlx::query_scalar("select count(*) from enrollment").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn malformed_requests_get_a_400_in_the_envelope_never_a_500() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let cases = [
        ("/api/v1/add-filter-for-new-user", "{\"zip\": "),
        ("/api/v1/save-personal-info", "[1, 2]"),
        ("/api/v1/save-personal-info", "not json"),
        ("/api/v1/add-plan-to-cart", "\"text\""),
    ];
    for (uri, body) in cases {
        let answer = b.send(axum::http::Method::POST, uri, Some(body.to_string())).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{uri} {body}: {}", answer.body);
        assert_eq!(answer.body["status"], "error");
        assert!(!answer.first_error().1.is_empty());
    }
    let wrong = b.post("/api/v1/save-personal-info", json!({ "enrollment_id": "abc" })).await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.first_error().0, "enrollment_id");
    let missing = b.get("/api/v1/get-plan-cart").await;
    assert_eq!(missing.first_error(), ("enrollment_id".into(), "Field is required".into()));
    let action = b.post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "dance" })).await;
    assert_eq!(action.status, StatusCode::UNPROCESSABLE_ENTITY);
    let form = b
        .post(&format!("/api/v1/enrollment/{id}/step/primary_info"), json!({ "action": "next", "formData": [1] }))
        .await;
    assert_eq!(form.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_failed_save_answers_the_field_messages_and_keeps_what_was_saved_before() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", body.clone()).await.ok();

    let mut bad = body.clone();
    bad["first_name"] = json!("");
    bad["ssn"] = json!("12345");
    bad["last_name"] = json!("<script>");
    let answer = b.post("/api/v1/save-personal-info", bad).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors: Vec<(String, String)> = answer.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["target_element"].as_str().unwrap().into(), e["error_message"].as_str().unwrap().into()))
        .collect();
    assert!(errors.contains(&("first_name".into(), "Field is required".into())), "{errors:?}");
    assert!(errors.contains(&("ssn".into(), "Invalid Social Security Number".into())), "{errors:?}");
    assert!(errors.contains(&("last_name".into(), "Please enter valid last name".into())), "{errors:?}");

    let first = b.personal_field(id, "first_name").await;
    assert_eq!(first["value"], "Dana", "the earlier save is intact");
    let fields = b.get(&format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}")).await;
    assert_eq!(fields.ok()["version"], 1);
}

#[tokio::test]
async fn a_save_with_a_stale_version_answers_409_and_changes_nothing() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    body["version"] = json!(0);
    b.post("/api/v1/save-personal-info", body.clone()).await.ok();

    body["first_name"] = json!("Overwritten");
    let stale = b.post("/api/v1/save-personal-info", body.clone()).await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert!(stale.first_error().1.contains("changed in another window"));
    let step = b
        .post(
            &format!("/api/v1/enrollment/{id}/step/primary_info"),
            json!({ "action": "next", "formData": body, "version": 0 }),
        )
        .await;
    assert_eq!(step.status, StatusCode::CONFLICT);

    let first = b.personal_field(id, "first_name").await;
    assert_eq!(first["value"], "Dana");
}

#[tokio::test]
async fn saves_that_arrive_together_are_each_kept_and_a_stale_one_among_them_changes_only_itself() {
    const NAMES: [&str; 6] = ["Avery", "Blake", "Casey", "Devon", "Emery", "Finley"];
    let app = TestApp::new().await;
    let mut browsers = Vec::new();
    for _ in 0..6 {
        let mut b = app.browser();
        let id = b.checked_out().await;
        let mut body = personal();
        body["enrollment_id"] = json!(id);
        b.post("/api/v1/save-personal-info", body).await.ok();
        browsers.push((b, id));
    }
    // The first shopper's other window still holds version 0 of the step.
    let mut other_window = app.browser();
    other_window.cookie = browsers[0].0.cookie.clone();
    let mut stale = personal();
    stale["enrollment_id"] = json!(browsers[0].1);
    stale["version"] = json!(0);
    stale["first_name"] = json!("Overwritten");

    let saves = browsers.iter_mut().enumerate().map(|(i, (b, id))| {
        let mut body = personal();
        body["enrollment_id"] = json!(*id);
        body["version"] = json!(1);
        body["first_name"] = json!(NAMES[i]);
        async move { b.post("/api/v1/save-personal-info", body).await }
    });
    // Another writer holds the step documents for a moment (a long transaction), so that the saves meet while they
    // wait for the database: it is what happens under load, made certain here.
    let mut holder = app.state.db.begin().await.unwrap();
    let hold = if app.database_url.starts_with("postgres") {
        "lock table enrollment_tab in exclusive mode"
    } else {
        // SQLite has one write lock for the whole file: any write takes it.
        "update enrollment_tab set version = version"
    };
    sqlx::query(hold).execute(&mut *holder).await.unwrap();
    let release = async {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        holder.rollback().await.unwrap();
    };
    let (answers, refused, ()) = tokio::join!(
        futures_util::future::join_all(saves),
        other_window.post("/api/v1/save-personal-info", stale),
        release
    );

    for answer in &answers {
        answer.ok();
    }
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(refused.first_error().1.contains("changed in another window"));
    for (i, (b, id)) in browsers.iter_mut().enumerate() {
        assert_eq!(b.personal_field(*id, "first_name").await["value"], NAMES[i]);
    }
    // Saves waiting for the one writer are committed together, more than one in a commit.
    assert!(app.state.writer.largest_group() > 1, "no commit held more than one save");
}

#[tokio::test]
async fn on_postgresql_a_save_after_the_database_dropped_its_connections_is_written_on_a_new_one() {
    let app = TestApp::new().await;
    if !app.database_url.starts_with("postgres") {
        // A SQLite file's connections do not drop; `make test-postgres` runs this test on PostgreSQL.
        eprintln!("runs on PostgreSQL only (ENROLL_TEST_DATABASE_URL)");
        return;
    }
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", body.clone()).await.ok();

    // A restart of the database, as the server sees it: every connection of this database but the one asking dropped.
    sqlx::query(
        "select pg_terminate_backend(pid) from pg_stat_activity \
         where datname = current_database() and pid <> pg_backend_pid()",
    )
    .execute(&app.state.db)
    .await
    .unwrap();

    body["first_name"] = json!("Morgan");
    b.post("/api/v1/save-personal-info", body).await.ok();
    assert_eq!(b.personal_field(id, "first_name").await["value"], "Morgan");
}

#[tokio::test]
async fn another_sessions_enrollment_is_not_found_for_reading_or_writing() {
    let app = TestApp::new().await;
    let mut owner = app.browser();
    let id = owner.checked_out().await;
    let mut stranger = app.browser();
    let reads = [
        format!("/api/v1/get-plan-cart?enrollment_id={id}"),
        format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info"),
        format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}"),
        format!("/api/v1/enrollment/{id}/step"),
        format!("/api/v1/get-dynamic-tabs?enrollment_id={id}"),
    ];
    for uri in reads {
        let answer = stranger.get(&uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(answer.first_error().1, "Enrollment not found");
    }
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    let write = stranger.post("/api/v1/save-personal-info", body).await;
    assert_eq!(write.status, StatusCode::NOT_FOUND);
    let change = stranger.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "zip": "10001" })).await;
    assert_eq!(change.status, StatusCode::NOT_FOUND);
    let unknown = owner.get("/api/v1/get-plan-cart?enrollment_id=999999").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let info = owner.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info")).await;
    assert_eq!(info.ok()["result"]["zip"], "30301", "the stranger changed nothing");
}

#[tokio::test]
async fn the_first_call_sets_a_signed_http_only_session_cookie_and_a_forged_one_is_replaced() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let first = b.get("/api/v1/get-plan-category").await;
    let cookie = first.set_cookie.expect("a session cookie");
    assert!(cookie.starts_with("enroll_session="));
    assert!(cookie.contains("HttpOnly"));
    assert!(cookie.contains("SameSite=Lax"));
    let second = b.get("/api/v1/get-plan-category").await;
    assert!(second.set_cookie.is_none(), "a valid cookie is kept");

    let id = b.start("IO").await;
    let mut forger = app.browser();
    let value = cookie.split(';').next().unwrap().trim_start_matches("enroll_session=");
    let flipped = if value.starts_with('A') { 'B' } else { 'A' };
    forger.cookie = Some(format!("enroll_session={flipped}{}", &value[1..]));
    let answer = forger.get(&format!("/api/v1/get-plan-cart?enrollment_id={id}")).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND, "a tampered cookie is not the owner's session");
    assert!(answer.set_cookie.is_some(), "a tampered cookie is replaced by a new session");
}

#[tokio::test]
async fn unknown_api_paths_answer_404_in_the_envelope_not_the_renderer() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let paths = ["/api/v1/no-such-call", "/api/v2/anything", "/api/nothing", "/api", "/api/", "/api/v1", "/api/v1/"];
    let benefit = ["/benefit", "/benefit/", "/benefit/v1/", "/benefit/v1/no-such-call", "/benefit/v2/anything"];
    for uri in paths.into_iter().chain(benefit) {
        let answer = b.get(uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(answer.body["status"], "error", "{uri}: {}", answer.body);
        assert_eq!(answer.body["statusCode"], 404);
        assert_eq!(answer.body["message"], format!("No such API call: GET {uri}"), "{uri}");
    }
}

#[tokio::test]
async fn the_cart_refuses_unknown_plans_and_removes_as_the_spec_asks_with_get_and_also_with_delete() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    let unknown = b
        .post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 999999, "plan_pricing_id": 1 }))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.first_error().1, "Plan not found");

    let (plan_id, pricing_id) = b.add_first_plan(id, "medical").await;
    let removed = b
        .get(&format!(
            "/api/v1/remove-plan-from-cart?enrollment_id={id}&plan_id={plan_id}&plan_pricing_id={pricing_id}"
        ))
        .await;
    assert_eq!(removed.ok()["cart_count"], 0);
    let again = b
        .get(&format!(
            "/api/v1/remove-plan-from-cart?enrollment_id={id}&plan_id={plan_id}&plan_pricing_id={pricing_id}"
        ))
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    b.add_first_plan(id, "dental").await;
    let cart = b.get(&format!("/api/v1/get-plan-cart?enrollment_id={id}")).await;
    let line = cart.ok()["result"][0].clone();
    let uri = format!(
        "/api/v1/remove-plan-from-cart?enrollment_id={id}&plan_id={}&plan_pricing_id={}",
        line["plan_id"], line["plan_pricing_id"]
    );
    let deleted = b.send(axum::http::Method::DELETE, &uri, None).await;
    assert_eq!(deleted.ok()["cart_count"], 0);
}

#[tokio::test]
async fn checkout_needs_a_plan_and_an_offered_effective_date() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    let empty = b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": "01/01/2030" })).await;
    assert_eq!(empty.first_error().0, "cart");
    b.add_first_plan(id, "medical").await;
    let no_date = b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id })).await;
    assert_eq!(no_date.first_error(), ("effective_date".into(), "Field is required".into()));
    let bad_date =
        b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": "01/15/2030" })).await;
    assert_eq!(bad_date.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad_date.first_error().0, "effective_date");
    let early = b.get(&format!("/api/v1/enrollment/{id}/step/primary_info")).await;
    assert_eq!(early.status, StatusCode::CONFLICT, "no wizard before checkout");
}

#[tokio::test]
async fn steps_not_yet_reached_cannot_be_opened_and_a_submitted_enrollment_cannot_change() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let ahead = b.get(&format!("/api/v1/enrollment/{id}/step/review-confirm")).await;
    assert_eq!(ahead.status, StatusCode::CONFLICT);
    assert_eq!(ahead.first_error().1, "Please complete the earlier steps first");
    let submit_early = b.post("/api/v1/save-review-info", json!({ "enrollment_id": id })).await;
    assert_eq!(submit_early.status, StatusCode::CONFLICT);

    let mut body = personal();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", body.clone()).await.ok();
    let mut c = contact();
    c["enrollment_id"] = json!(id);
    b.post("/api/v1/save-contact-info", c).await.ok();
    let mut signed = agreement();
    signed["enrollment_id"] = json!(id);
    b.post("/api/v1/save-agreement-info", signed).await.ok();
    let mut billing = common::billing_eft();
    billing["enrollment_id"] = json!(id);
    b.post("/api/v1/save-billing-info", billing).await.ok();
    b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await.ok();
    let late = b.post("/api/v1/save-personal-info", body).await;
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert_eq!(late.first_error().1, "This enrollment has already been submitted");
    let cart =
        b.post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 1, "plan_pricing_id": 1 })).await;
    assert_ne!(cart.status, StatusCode::OK);
}

#[tokio::test]
async fn changing_the_filter_reprices_the_cart_and_is_validated_like_the_first_filter() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    b.add_first_plan(id, "dental").await;
    let before = b.get(&format!("/api/v1/get-cart-amount?enrollment_id={id}")).await.ok()["result"].as_f64().unwrap();
    let changed = b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "tier": "IF", "zip": "" })).await;
    assert_eq!(changed.ok()["filter_info"]["tier"], "IF");
    assert_eq!(changed.ok()["filter_info"]["zip"], "30301", "an empty value keeps the old one");
    let after = b.get(&format!("/api/v1/get-cart-amount?enrollment_id={id}")).await.ok()["result"].as_f64().unwrap();
    assert!(after > before, "family coverage costs more: {before} -> {after}");
    let bad = b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "dob": dob_of_age(16) })).await;
    assert_eq!(bad.first_error(), ("dob".into(), "You must be 18 years to proceed".into()));
    let value: Value =
        b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info")).await.ok()["result"]
            .clone();
    assert_eq!(value["dob"], json!(dob_of_age(40)));
}

#[tokio::test]
async fn a_plan_outside_the_filter_answers_its_pricing_error_code() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IF").await;
    let term_life = app.state.catalogue.plans.iter().find(|p| p.category == "term_life").unwrap().plan_id;
    let answer = b.get(&format!("/api/v1/get-plan-pricing-detail?pid={term_life}&enrollment_id={id}")).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.body["code"], "tierError");
    assert!(answer.first_error().1.starts_with("Plan not available for this tier."));
}

#[tokio::test]
async fn with_usps_validation_ticked_the_address_and_city_must_match_the_zip() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let mut body = personal();
    body["enrollment_id"] = json!(id);
    b.post("/api/v1/save-personal-info", body).await.ok();

    let mut c = contact();
    c["enrollment_id"] = json!(id);
    c["with_validation"] = json!(1);
    c["city"] = json!("Macon");
    c["address1"] = json!("Peachtree Street");
    let refused = b.post("/api/v1/save-contact-info", c.clone()).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors: Vec<String> = refused.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["target_element"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(errors, ["address1", "city"]);
    assert_eq!(refused.body["data"][1]["error_message"], "Macon is not a city of ZIP code 30301; USPS lists Atlanta");

    c["city"] = json!("atlanta");
    c["address1"] = json!("12 Peachtree St NE");
    b.post("/api/v1/save-contact-info", c.clone()).await.ok();
    c["with_validation"] = json!(0);
    c["city"] = json!("Macon");
    let unchecked = b.post("/api/v1/save-contact-info", c).await;
    assert_eq!(unchecked.status, StatusCode::OK, "without the box the city is not checked against the ZIP");
}

#[tokio::test]
async fn a_screenshot_of_a_step_is_kept_as_a_png_and_anything_else_is_refused() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let saved = b
        .post(
            "/api/v1/save-screenshot",
            json!({ "enrollment_id": id, "name": "personal-information", "image": common::SIGNATURE.as_str() }),
        )
        .await;
    assert_eq!(saved.ok()["saved"], true);
    let text = b
        .post(
            "/api/v1/save-screenshot",
            json!({ "enrollment_id": id, "name": "x", "image": "data:text/html;base64,PGgxPg==" }),
        )
        .await;
    assert_eq!(text.first_error(), ("image".into(), "The screenshot must be a PNG image".into()));
    let other = app
        .browser()
        .post(
            "/api/v1/save-screenshot",
            json!({ "enrollment_id": id, "name": "x", "image": common::SIGNATURE.as_str() }),
        )
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND, "another session cannot add to this enrollment");
    let kept: i64 = sqlx::query_scalar("select count(*) from screenshot where enrollment_id = $1")
        .bind(id)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(kept, 1);
}

#[tokio::test]
async fn annual_income_and_working_hours_are_kept_with_the_filter_as_whole_numbers() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    let saved = b
        .put(&format!("/api/v1/change-filter-info/{id}"), json!({ "annual_incode": "52,000", "working_hours": 40 }))
        .await;
    saved.ok();
    let stored = app.state.db.clone();
    let filter: String = sqlx::query_scalar("select filter from enrollment where enrollment_id = $1")
        .bind(id)
        .fetch_one(&stored)
        .await
        .unwrap();
    let filter: Value = serde_json::from_str(&filter).unwrap();
    assert_eq!(filter["annual_incode"], 52000);
    assert_eq!(filter["working_hours"], 40);
    let refused = b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "annual_incode": "lots" })).await;
    assert_eq!(refused.first_error(), ("annual_incode".into(), "Please enter a valid annual income".into()));
    let negative = b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "working_hours": -3 })).await;
    assert_eq!(negative.first_error(), ("working_hours".into(), "Please enter valid working hours".into()));
}

#[tokio::test]
async fn the_shop_can_ask_whether_a_plan_or_the_cart_is_premier_a_plan_is_disability_or_already_in_the_cart() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    assert_eq!(b.get("/api/v1/get-more-requirement?plan_id=1301").await.ok()["result"], true, "medical is premier");
    assert_eq!(b.get("/api/v1/get-more-requirement?plan_id=1101").await.ok()["result"], false);
    assert_eq!(b.get("/api/v1/get-more-requirement?plan_id=99999").await.status, StatusCode::NOT_FOUND);
    assert_eq!(b.get(&format!("/api/v1/check-prudential-cart?enrollment_id={id}")).await.ok()["status"], false);
    let (plan_id, _) = b.add_first_plan(id, "medical").await;
    assert_eq!(b.get(&format!("/api/v1/check-prudential-cart?enrollment_id={id}")).await.ok()["status"], true);
    assert_eq!(b.get(&format!("/api/v1/get-more-requirement?enrollment_id={id}")).await.ok()["result"], true);
    let plan = b.get(&format!("/api/v1/check-prudential-plan?enrollment_id={id}&plan_id={plan_id}")).await;
    assert_eq!(plan.ok()["status"], true);
    let in_cart = b.post("/api/v1/check-already-in-cart", json!({ "enrollment_id": id, "plan_id": plan_id })).await;
    assert_eq!(in_cart.ok()["result"], true);
    let not_in_cart = b.post("/api/v1/check-already-in-cart", json!({ "enrollment_id": id, "plan_id": 1101 })).await;
    assert_eq!(not_in_cart.ok()["result"], false);
    assert_eq!(b.get("/api/v1/check-disability-plan?plan_id=1901").await.ok()["result"], true);
    assert_eq!(b.get("/api/v1/check-disability-plan?plan_id=1101").await.ok()["result"], false);
    let foreign = app.browser().get(&format!("/api/v1/check-prudential-cart?enrollment_id={id}")).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND, "another session's cart is not answered");
}

#[tokio::test]
async fn looking_at_a_step_from_the_review_leaves_the_application_at_the_review() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    for (step, body) in [("primary_info", personal()), ("contact_info", contact())] {
        b.post(&format!("/api/v1/enrollment/{id}/step/{step}"), json!({ "action": "next", "formData": body }))
            .await
            .ok();
    }
    let review = b.sign_and_pay(id).await;
    assert_eq!(review.ok()["step"]["step"], "review_info");
    let look = b.get(&format!("/api/v1/enrollment/{id}/step/personal-information?view=true")).await;
    assert_eq!(look.ok()["step"]["step"], "primary_info");
    assert_eq!(look.ok()["step"]["formData"]["ssn"], "***-**-6789", "masked as everywhere");
    let now = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(now.ok()["step"]["step"], "review_info", "looking moved nothing");
    let absent = b.get(&format!("/api/v1/enrollment/{id}/step/beneficiary_info?view=true")).await;
    assert_eq!(absent.status, StatusCode::NOT_FOUND, "no beneficiaries without life cover");
}

#[tokio::test]
async fn a_step_told_no_action_an_unknown_one_or_an_edit_without_its_step_says_so_under_the_field() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let step = format!("/api/v1/enrollment/{id}/step/primary_info");
    let none = b.post(&step, json!({ "formData": {} })).await;
    assert_eq!(none.first_error(), ("action".into(), "Field is required".into()));
    let unknown = b.post(&step, json!({ "action": "jump" })).await;
    assert_eq!(
        unknown.first_error(),
        ("action".into(), "Unknown action jump; use next, back, edit, save-for-later or draft".into())
    );
    let edit = b.post(&step, json!({ "action": "edit" })).await;
    assert_eq!(edit.first_error(), ("target".into(), "Field is required".into()));
    let not_an_object = b.post(&step, json!({ "action": "next", "formData": [1, 2] })).await;
    assert_eq!(not_an_object.status, StatusCode::BAD_REQUEST, "{:?}", not_an_object.body);
    let current = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    assert_eq!(current.ok()["step"]["step"], "primary_info", "none of them moved the application");
}
