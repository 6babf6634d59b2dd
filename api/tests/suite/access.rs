//! Entry by access code: a rep enrolls for a group, an employee enrolls under a group code, and the process, rep and
//! group come from the session, never from what the browser sends. Submitting e-mails the client a receipt copy and
//! calls the invoice service through the outbox.

use crate::common;
use crate::common::{agreement, contact, personal, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

async fn temp(b: &mut common::Browser<'_>, id: i64, column: &str) -> Value {
    b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column={column}")).await.ok()["result"].clone()
}

async fn start_with(b: &mut common::Browser<'_>, extra: Value) -> common::Answer {
    let mut body = json!({ "zip": "30301", "gender": "1", "tier": "IO", "dob": common::dob_of_age(40) });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    b.post("/api/v1/add-filter-for-new-user", body).await
}

#[tokio::test]
async fn a_rep_access_code_is_checked_and_unlocks_the_rep_and_the_reps_groups_only() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let empty = b.get("/api/v1/validate-agent?agent_code=").await;
    assert_eq!(empty.first_error(), ("agent_code".into(), "Field is required".into()));
    let wrong = b.get("/api/v1/validate-agent?agent_code=NOPE").await;
    assert_eq!(wrong.status, StatusCode::NO_CONTENT, "an unknown code answers 204, as the spec has it");

    // Before any code, what the browser claims is not believed.
    let claimed = start_with(&mut b, json!({ "eprocess": "rep", "agent_id": 7781, "group_id": 2556 })).await;
    let id = claimed.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut b, id, "eprocess").await, "applicant");
    assert_eq!(temp(&mut b, id, "type").await, "new-member");

    let rep = b.get("/api/v1/validate-agent?agent_code=rep7781").await;
    assert_eq!(rep.ok()["first_name"], "Jordan");
    let groups: Vec<i64> =
        rep.ok()["groups"].as_array().unwrap().iter().map(|g| g["group_id"].as_i64().unwrap()).collect();
    assert_eq!(groups, [2556, 2512]);
    // Looking the code up changes nothing: the session becomes the rep's only when the person says Yes.
    assert_eq!(b.get("/api/v1/get-agent-groups").await.status, StatusCode::FORBIDDEN);
    let before = b.cookie.clone();
    let confirmed = b.post("/api/v1/confirm-access", json!({ "agent_code": "rep7781" })).await;
    assert_eq!(confirmed.ok()["role"], "rep");
    assert_eq!(confirmed.ok()["landing_url"], "jordan-whitfield");
    assert!(confirmed.set_cookie.is_some() && b.cookie != before, "the session continues under a new id");
    let agent_groups = b.get("/api/v1/get-agent-groups?agent_id=1").await;
    assert_eq!(agent_groups.ok()[0], json!({ "gid": 2556, "gname": "Peachtree Logistics" }));
    assert_eq!(agent_groups.ok().as_array().unwrap().len(), 2);

    let not_theirs = start_with(&mut b, json!({ "group_id": 1929 })).await;
    assert_eq!(not_theirs.first_error(), ("group_id".into(), "Please choose a group".into()));
    let direct =
        start_with(&mut b, json!({ "eprocess": "applicant" })).await.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut b, direct, "eprocess").await, "rep", "the session's rep, whatever the body says");
    assert_eq!(temp(&mut b, direct, "type").await, "new-member");
    let for_group =
        start_with(&mut b, json!({ "group_id": "2556" })).await.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut b, for_group, "type").await, "new-group-member");

    // Another browser is not the rep.
    let mut other = app.browser();
    let theirs = start_with(&mut other, json!({ "group_id": 2556 })).await.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut other, theirs, "eprocess").await, "applicant");
}

#[tokio::test]
async fn an_employee_code_makes_enrollments_the_groups_and_an_unknown_code_answers_no_content() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let unknown = b.get("/api/v1/validate-group?group_code=NOPE").await;
    assert_eq!(unknown.status, StatusCode::NO_CONTENT);
    let group = b.get("/api/v1/validate-group?group_code=peach2556").await;
    assert_eq!(group.ok()["name"], "Peachtree Logistics");
    let looked_up = start_with(&mut b, json!({})).await.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut b, looked_up, "type").await, "new-member", "a code looked up changes nothing");
    let confirmed = b.post("/api/v1/confirm-access", json!({ "group_code": "peach2556" })).await;
    assert_eq!(confirmed.ok()["role"], "employee");
    let id = start_with(&mut b, json!({})).await.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut b, id, "type").await, "new-group-member");
    assert_eq!(temp(&mut b, id, "eprocess").await, "applicant");
    b.add_first_plan(id, "dental").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date })).await.ok();
    let tabs = b.get(&format!("/api/v1/get-dynamic-tabs?enrollment_id={id}")).await;
    let employer =
        tabs.ok()["result"].as_array().unwrap().iter().find(|t| t["tab_name"] == "employer_info").unwrap().clone();
    assert_eq!(employer["required"], true, "an employee is asked about their employment");
}

#[tokio::test]
async fn a_rep_enrolls_a_group_member_who_pays_by_card_and_the_rep_gets_a_receipt_copy_and_an_invoice_is_called() {
    let (url, received) = common::loopback_service("/invoices/auto").await;
    let app = TestApp::with_invoice_url(&url).await;
    let mut b = app.browser();
    b.sign_in_rep("REP7781").await;
    let id = start_with(&mut b, json!({ "group_id": 2556 })).await.ok()["temp_enrollment_id"].as_i64().unwrap();
    b.add_first_plan(id, "dental").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date })).await.ok();

    let mut member = personal();
    member["enrollment_id"] = json!(id);
    let no_code = b.post("/api/v1/save-personal-info", member.clone()).await;
    assert_eq!(no_code.first_error(), ("enroller_code".into(), "Enter Enroller Code".into()));
    member["enroller_code"] = json!("EC-4471");
    b.post("/api/v1/save-personal-info", member).await.ok();
    let mut c = contact();
    c["enrollment_id"] = json!(id);
    b.post("/api/v1/save-contact-info", c).await.ok();
    let employer = json!({ "enrollment_id": id, "name": "Peachtree Logistics", "phone": "4045550188",
        "address1": "1200 Marietta Blvd NW", "city": "Atlanta", "state": "GA", "zip": "30318", "average_work_week": "40+",
        "employment_start_date": "03/01/2019", "occupation": "Dispatcher", "compensation_type": "Salary",
        "employment_status": "A", "holiday_policy": { "Standard_6": true } });
    b.post("/api/v1/save-employer-info", employer).await.ok();

    let fields = b.get(&format!("/api/v1/get-form-fields-agreement-info?enrollment_id={id}")).await;
    let rows = fields.ok()["result"].as_array().unwrap().clone();
    let row = |name: &str| rows.iter().find(|r| r["field_name"] == name).cloned().unwrap();
    assert_eq!(row("agent_name")["value"], "Jordan Whitfield");
    assert_eq!(row("agent_name")["read_only"], true);
    assert_eq!(row("agent_code")["value"], "REP7781");
    assert_eq!(row("answer")["required"], true, "a rep answers the verification question");
    let mut signed = agreement();
    signed["enrollment_id"] = json!(id);
    let unanswered = b.post("/api/v1/save-agreement-info", signed.clone()).await;
    assert_eq!(unanswered.first_error(), ("answer".into(), "Field is required".into()));
    signed["answer"] = json!("1234");
    let wrong = b.post("/api/v1/save-agreement-info", signed.clone()).await;
    assert_eq!(
        wrong.first_error(),
        ("answer".into(), "This does not match the last four digits of the phone number on Contact Information".into()),
        "the verification answer is compared with the application's phone (404-555-0134)"
    );
    signed["answer"] = json!("0134");
    signed["agent_name"] = json!("Someone Else");
    b.post("/api/v1/save-agreement-info", signed).await.ok();
    let stored = temp(&mut b, id, "aggrement_info").await;
    assert_eq!(stored["agent_name"], "Jordan Whitfield", "a read-only name keeps the server's value");

    let card = json!({ "enrollment_id": id, "payment_method": "cc", "first_name_on_cc": "Dana", "last_name_on_cc": "Okafor",
        "card_number": "5555555555554444", "expiration_month": "08", "expiration_year": "2029", "security_code": "123",
        "is_physical_address": true, "bill_date": 15 });
    b.post("/api/v1/save-billing-info", card).await.ok();
    let submitted = b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await;
    let policy_id = submitted.ok()["policy_id"].as_str().unwrap().to_string();
    let receipt = b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await;
    assert_eq!(receipt.ok()["return_to"], "/agent-home");
    assert_eq!(receipt.ok()["callInvoice"], true);
    // The rep reads the receipt of the member, by name: nothing in it speaks to the rep as the applicant.
    assert_eq!(receipt.ok()["reader"], "rep");
    assert_eq!(receipt.ok()["plans"][0]["covered"][0], "Dana Okafor (Applicant)");
    let steps: Vec<&str> = receipt.ok()["next_steps"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert!(
        steps[0].starts_with("We e-mail Dana Okafor's Enrollment Receipt to")
            && steps[0].ends_with("a copy to you and the benefits administrator at Peachtree Logistics."),
        "{steps:?}"
    );
    assert!(steps.iter().all(|s| !s.contains("your") && !s.contains("Your")), "{steps:?}");
    assert!(steps.iter().any(|s| s.contains("it contacts Dana Okafor directly")), "{steps:?}");

    let copy = common::mail_to(&app, "jordan.whitfield@benefitstore.example").await;
    assert!(copy.contains("Subject: Enrollment Receipt") && copy.contains(&policy_id), "{copy}");
    let admin = common::mail_to(&app, "benefits@peachtreelogistics.example").await;
    assert!(admin.contains(&policy_id), "the group's administrator gets a copy too");
    let invoices = received.lock().unwrap().clone();
    assert_eq!(invoices, [json!({ "effectiveDate": date, "policy_id": policy_id, "idempotency_key_given": true })]);
}
