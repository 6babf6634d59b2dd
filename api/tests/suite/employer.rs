//! Employer Information: required for employees of a group, prefilled from the group, with the spec's rules.

use crate::common;

use crate::common::{agreement, contact, personal, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// An enrollment of an employee of group 2556, checked out and past Personal and Contact Information.
/// Group enrollment codes are not yet an entry point, so the test makes the enrollment a group member directly.
async fn employee_at_employer_step(app: &TestApp, b: &mut common::Browser<'_>) -> i64 {
    let id = b.start("IO").await;
    common::join_group(app, id, 2556).await;
    b.add_first_plan(id, "dental").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date, "type": "member" }))
        .await
        .ok();
    // Group 2556 credits its enrollments to an enroller, so Personal Information asks for the code.
    let mut member = personal();
    member["enroller_code"] = json!("EC-4471");
    for (call, mut body) in [("save-personal-info", member), ("save-contact-info", contact())] {
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    id
}

fn field(rows: &Value, name: &str) -> Value {
    rows.as_array().unwrap().iter().find(|r| r["field_name"] == name).cloned().unwrap()
}

#[tokio::test]
async fn an_employee_gets_employer_information_prefilled_from_the_group_and_saves_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = employee_at_employer_step(&app, &mut b).await;

    let tabs = b.get(&format!("/api/v1/get-dynamic-tabs?enrollment_id={id}")).await;
    let employer =
        tabs.ok()["result"].as_array().unwrap().iter().find(|t| t["tab_name"] == "employer_info").unwrap().clone();
    assert_eq!(employer["required"], true);

    let fields = b.get(&format!("/api/v1/get-form-fields-employer-info?enrollment_id={id}")).await;
    let rows = fields.ok()["result"].clone();
    assert_eq!(field(&rows, "name")["value"], "Peachtree Logistics");
    assert_eq!(field(&rows, "city")["value"], "Atlanta");
    assert_eq!(field(&rows, "zip")["value"], "30318");
    assert_eq!(field(&rows, "name")["required"], true);

    let mut body = json!({
        "enrollment_id": id, "name": "Peachtree Logistics", "phone": "4045550188", "address1": "1200 Marietta Blvd NW",
        "city": "Atlanta", "state": "ga", "zip": "30318", "average_work_week": "40+", "employment_start_date": "03/01/2019",
        "occupation": "Dispatcher", "compensation_type": "G20", "employment_status": "R",
        "holiday_policy": { "Standard_6": 1 }
    });
    let retired = b.post("/api/v1/save-employer-info", body.clone()).await;
    assert_eq!(retired.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(retired.first_error(), ("employment_status".into(), "You cannot proceed with retired employer".into()));

    body["employment_status"] = json!("A");
    body["holiday_policy"] = json!({ "Standard_6": 0 });
    let none = b.post("/api/v1/save-employer-info", body.clone()).await;
    assert_eq!(none.first_error(), ("holiday_policy".into(), "Select at least one holiday policy".into()));

    body["holiday_policy"] = json!({ "Standard_6": 1, "Birthday": 1 });
    let saved = b.post("/api/v1/save-employer-info", body).await;
    assert_eq!(saved.ok()["next"]["route"], "agreement-signature");
    let stored = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=employer_info")).await;
    assert_eq!(stored.ok()["result"]["state"], "GA", "a two-letter state is stored uppercased");
    assert_eq!(stored.ok()["result"]["holiday_policy"]["Birthday"], true);

    let mut signed = agreement();
    signed["enrollment_id"] = json!(id);
    b.post("/api/v1/save-agreement-info", signed).await.ok();
    let mut billing = common::billing_eft();
    billing["enrollment_id"] = json!(id);
    b.post("/api/v1/save-billing-info", billing).await.ok();
    let review = b.get(&format!("/api/v1/enrollment/{id}/step/review_info")).await;
    let sections = review.ok()["step"]["wizard"]["summary"]["sections"].as_array().unwrap().clone();
    assert_eq!(
        sections.iter().map(|s| s["title"].as_str().unwrap()).collect::<Vec<_>>(),
        [
            "Personal Information",
            "Contact Information",
            "Employer Information",
            "Agreement & Signature",
            "Billing Information"
        ]
    );
}

#[tokio::test]
async fn an_applicant_without_a_group_has_no_employer_step() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.checked_out().await;
    let tabs = b.get(&format!("/api/v1/get-dynamic-tabs?enrollment_id={id}")).await;
    let employer =
        tabs.ok()["result"].as_array().unwrap().iter().find(|t| t["tab_name"] == "employer_info").unwrap().clone();
    assert_eq!(employer["required"], false);
    let step = b.get(&format!("/api/v1/enrollment/{id}/step/employer-info")).await;
    assert_eq!(step.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_lookup_calls_answer_the_choices_the_forms_offer() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let statuses = b.get("/api/v1/get-employment-status").await;
    let values: Vec<&str> =
        statuses.ok()["result"].as_array().unwrap().iter().map(|o| o["value"].as_str().unwrap()).collect();
    assert_eq!(values, ["A", "C", "R"]);
    let types = b.get("/api/v1/get-compensation-types").await;
    let values: Vec<String> =
        types.ok()["result"].as_array().unwrap().iter().map(|o| o["value"].as_str().unwrap().to_string()).collect();
    for code in ["G10L20", "MW", "GMWL10", "G20", "Salary"] {
        assert!(values.contains(&code.to_string()), "{code}");
    }
    let holidays = b.get("/api/v1/get-holiday-policy").await;
    assert!(holidays.ok()["result"]
        .as_array()
        .unwrap()
        .contains(&json!({ "value": "Presendents_Day", "label": "Presidents' Day" })));
    let states = b.get("/api/v1/get-states").await;
    assert!(states.ok()["result"].as_array().unwrap().contains(&json!({ "value": "GA", "label": "Georgia" })));
    let ethnic = b.get("/api/v1/get-ethnic-category").await;
    assert!(ethnic.ok()["result"].as_array().unwrap().contains(&json!({ "value": "12", "label": "Other" })));
    for call in ["get-average-work-week", "get-vacation-policy", "get-bargaining-unit"] {
        assert!(!b.get(&format!("/api/v1/{call}")).await.ok()["result"].as_array().unwrap().is_empty(), "{call}");
    }
}
