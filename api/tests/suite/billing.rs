//! Billing Information: payment types by enrollment, the routing directory, cards exchanged for a token, account
//! numbers sealed and masked, and the spec's messages.

use crate::common;

use crate::common::{agreement, billing_eft, contact, personal, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// Checked out with a dental plan, Personal, Contact and Agreement saved: the next step is Billing Information.
pub(crate) async fn at_billing(app: &TestApp, b: &mut common::Browser<'_>, group: Option<i64>) -> i64 {
    let id = b.start("IO").await;
    if let Some(group) = group {
        common::join_group(app, id, group).await;
    }
    b.add_first_plan(id, "dental").await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date })).await.ok();
    let mut member = personal();
    member["enroller_code"] = json!("EC-4471");
    for (call, mut body) in [("save-personal-info", member), ("save-contact-info", contact())] {
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    if group.is_some() {
        let employer = json!({ "enrollment_id": id, "name": "Lone Star Dental Labs", "phone": "5125550123",
            "address1": "88 Congress Ave", "city": "Austin", "state": "TX", "zip": "78701", "average_work_week": "40+", "employment_start_date": "03/01/2019",
            "occupation": "Dispatcher", "compensation_type": "Salary", "employment_status": "A", "holiday_policy": { "Standard_6": true } });
        b.post("/api/v1/save-employer-info", employer).await.ok();
    }
    let mut signed = agreement();
    signed["enrollment_id"] = json!(id);
    b.post("/api/v1/save-agreement-info", signed).await.ok();
    id
}

pub(crate) fn card() -> Value {
    json!({ "payment_method": "cc", "first_name_on_cc": "Dana", "last_name_on_cc": "Okafor",
            "card_number": "4111 1111 1111 1111", "expiration_month": "08", "expiration_year": "2029",
            "security_code": "123", "address1": "12 Peachtree St NE", "city": "Atlanta", "state": "GA", "zip": "30303",
            "bill_date": 28 })
}

/// Each change to `base` is refused under its field with its message, and nothing is saved.
async fn refused_each(b: &mut common::Browser<'_>, id: i64, base: Value, cases: &[(Value, &str, &str)]) {
    for (change, field, message) in cases {
        let mut body = base.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        body["enrollment_id"] = json!(id);
        let refused = b.post("/api/v1/save-billing-info", body).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{change}");
        assert_eq!(refused.first_error(), (field.to_string(), message.to_string()), "{change}");
    }
}

#[tokio::test]
async fn an_applicant_may_pay_by_eft_or_card_and_bill_dates_read_as_the_nth_of_the_month() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, None).await;
    let method = b.get(&format!("/api/v1/get-payment-method?enrollment_id={id}")).await;
    assert_eq!(method.ok()["result"], "cc");
    assert_eq!(method.ok()["offered"], json!(["eft", "cc"]));
    assert_eq!(method.ok()["selected"], "eft", "EFT is selected at first");
    let dates = b.get("/api/v1/get-bill-date").await;
    let default = dates.ok()["result"].as_array().unwrap().iter().find(|d| d["default"] == true).unwrap().clone();
    assert_eq!(default["bill_date"], 28);
    assert_eq!(default["label"], "28th of month");
    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    let schema = &step.ok()["step"]["schema"];
    assert_eq!(step.ok()["step"]["step"], "billing_info");
    assert_eq!(schema["properties"]["payment_method"]["default"], "eft");
    // Card fields are drawn only while Credit Card is chosen: they sit under that condition.
    let card_fields = &schema["allOf"][2]["then"]["properties"];
    assert!(schema["properties"].get("card_number").is_none() && card_fields.get("card_number").is_some());
    let years = card_fields["expiration_year"]["oneOf"].as_array().unwrap();
    assert_eq!(years.len(), 21, "this year through 20 years ahead");
    let text = b.get(&format!("/api/v1/get-billing-text?enrollment_id={id}")).await;
    let eft = text.ok()["result"]["eft_text"].as_str().unwrap().to_string();
    assert!(eft.contains("5 days") && eft.contains("$30") && eft.contains("3 business days"), "{eft}");
}

#[tokio::test]
async fn a_group_on_list_billing_is_offered_list_and_selects_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, Some(2512)).await;
    let method = b.get(&format!("/api/v1/get-payment-method?enrollment_id={id}")).await;
    assert_eq!(method.ok()["result"], "list");
    assert_eq!(method.ok()["selected"], "list");
    let saved = b
        .post("/api/v1/save-billing-info", json!({ "enrollment_id": id, "payment_method": "list", "bill_date": 15 }))
        .await;
    assert_eq!(saved.ok()["next"]["tab_name"], "review_info", "list billing needs no bank or card");
    let card = b
        .post("/api/v1/save-billing-info", {
            let mut c = card();
            c["enrollment_id"] = json!(id);
            c
        })
        .await;
    assert_eq!(
        card.first_error(),
        ("payment_method".into(), "Please choose a payment type".into()),
        "a card is not offered"
    );
}

#[tokio::test]
async fn eft_takes_the_bank_name_from_the_routing_directory_and_keeps_the_account_sealed_and_masked() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, None).await;
    let lookup = b.get("/api/v1/routing-number-bank-lookup?q=061271001").await;
    assert_eq!(lookup.ok()["response"]["name"], "Peachtree Community Bank");
    for (q, message) in [
        ("06127100", "Routing number must be of 9 digits"),
        ("061271002", "Invalid routing number"),
        ("011000015", "No bank was found for routing number 011000015"),
    ] {
        let failed = b.get(&format!("/api/v1/routing-number-bank-lookup?q={q}")).await;
        assert_eq!(failed.first_error(), ("q".into(), message.into()), "{q}");
    }

    let cases = [
        (json!({ "routing_number": "1234" }), "routing_number", "Routing number must be of 9 digits"),
        (json!({ "routing_number": "061271002" }), "routing_number", "Invalid routing number"),
        (json!({ "routing_number": "011000015" }), "routing_number", "No bank was found for routing number 011000015"),
        (json!({ "account_number": "123" }), "account_number", "Account Number must be of 4 to 17 digits."),
        (
            json!({ "account_number": "123456789012345678" }),
            "account_number",
            "Account Number must be of 4 to 17 digits.",
        ),
        (json!({ "account_name": "Dana <Okafor>" }), "account_name", "Invalid account holder name"),
        (json!({ "account_type": null }), "account_type", "Field is required"),
        (json!({ "account_holder_type": "trust" }), "account_holder_type", "Please choose one of the options"),
    ];
    refused_each(&mut b, id, billing_eft(), &cases).await;

    let mut body = billing_eft();
    body["enrollment_id"] = json!(id);
    body["bank_name"] = json!("A bank I typed");
    b.post("/api/v1/save-billing-info", body).await.ok();
    let stored = common::stored_document(&app, id, "billing_info").await;
    assert!(!stored.contains("000123456789") && stored.contains("enc:k1:"), "{stored}");
    let shown = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=payment_info")).await;
    assert_eq!(shown.ok()["result"]["account_number"], "****6789");
    assert_eq!(
        shown.ok()["result"]["bank_name"],
        "Peachtree Community Bank",
        "the directory's name, not the browser's"
    );

    // Sent back masked, the stored number is kept.
    let form = b.get(&format!("/api/v1/enrollment/{id}/step/billing_info")).await.ok()["step"]["formData"].clone();
    let mut again = form.clone();
    again["enrollment_id"] = json!(id);
    b.post("/api/v1/save-billing-info", again).await.ok();
    assert!(common::stored_document(&app, id, "billing_info").await.contains("enc:k1:"));
}

#[tokio::test]
async fn a_card_is_exchanged_for_a_token_and_its_number_and_code_are_never_stored() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, None).await;
    let cases = [
        (json!({ "card_number": "4111 1111 1111 1112" }), "card_number", "Please enter a valid card number"),
        (json!({ "card_number": "411111111111" }), "card_number", "Card number must be Min-13 and Max-25"),
        (
            json!({ "card_number": "3530111333300000" }),
            "card_number",
            "We accept Visa, Mastercard, American Express and Discover cards",
        ),
        (
            json!({ "card_number": "4000000000000002" }),
            "card_number",
            "Your card was declined. Please use another card.",
        ),
        (json!({ "security_code": "12" }), "security_code", "Security code must of 3 or 4 digits"),
        (json!({ "security_code": null }), "security_code", "Field is required"),
        (json!({ "first_name_on_cc": "D4na" }), "first_name_on_cc", "Please enter valid first name"),
        (json!({ "last_name_on_cc": "" }), "last_name_on_cc", "Field is required"),
        (json!({ "expiration_month": "01", "expiration_year": "2026" }), "expiration_year", "The card has expired"),
        (json!({ "expiration_year": "2070" }), "expiration_year", "Please choose one of the options"),
        (json!({ "zip": "3030" }), "zip", "Invalid Zip code"),
        (json!({ "city": null }), "city", "Field is required"),
    ];
    refused_each(&mut b, id, card(), &cases).await;

    let mut body = card();
    body["enrollment_id"] = json!(id);
    let saved = b.post("/api/v1/save-billing-info", body).await;
    assert_eq!(saved.ok()["next"]["tab_name"], "review_info");
    let stored = common::stored_document(&app, id, "billing_info").await;
    assert!(!stored.contains("4111111111111111") && !stored.contains("\"123\""), "{stored}");
    assert!(stored.contains("tok_sandbox_") && stored.contains("****1111") && stored.contains("Visa"), "{stored}");
    let form = b.get(&format!("/api/v1/enrollment/{id}/step/billing_info")).await.ok()["step"]["formData"].clone();
    assert_eq!(form["card_number"], "****1111");
    assert!(form.get("card_token").is_none() && form.get("security_code").is_none(), "{form}");

    // The card on file, sent back as its mask, needs no security code and keeps its token.
    let mut again = form.clone();
    again["enrollment_id"] = json!(id);
    b.post("/api/v1/save-billing-info", again).await.ok();
    assert!(common::stored_document(&app, id, "billing_info").await.contains("tok_sandbox_"));
}

#[tokio::test]
async fn choose_physical_address_copies_the_contact_address() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, None).await;
    let step = b.get(&format!("/api/v1/enrollment/{id}/step")).await;
    let copy = &step.ok()["step"]["schema"]["allOf"][2]["then"]["properties"]["is_physical_address"]["x-copy"];
    assert_eq!(copy["address1"], "12 Peachtree St NE");
    let mut body = card();
    body["enrollment_id"] = json!(id);
    body["is_physical_address"] = json!(true);
    body["address1"] = json!("1 Somewhere Else Rd");
    b.post("/api/v1/save-billing-info", body).await.ok();
    let shown = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=payment_info")).await;
    assert_eq!(shown.ok()["result"]["address1"], "12 Peachtree St NE");
    assert_eq!(shown.ok()["result"]["city"], "Atlanta");
}

#[tokio::test]
async fn a_card_saved_for_later_keeps_neither_its_number_nor_its_code() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, None).await;
    let later = b
        .post(
            "/api/v1/save-enrollment",
            json!({ "enrollment_id": id, "email": "dana.alt@example.com", "tab": "payment_info", "data": card() }),
        )
        .await;
    later.ok();
    let stored = common::stored_document(&app, id, "billing_info").await;
    assert!(!stored.contains("4111111111111111") && !stored.contains("security_code"), "{stored}");
    assert!(stored.contains("Dana"), "the rest of the draft is kept: {stored}");
}

#[tokio::test]
async fn the_billing_field_list_marks_what_the_chosen_payment_needs_and_flags_read_zero_or_one() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, None).await;
    let required = |answer: &common::Answer, name: &str| {
        let rows = answer.ok()["result"].as_array().unwrap().clone();
        let row = rows.iter().find(|f| f["field_name"] == name).unwrap_or_else(|| panic!("{name} is listed"));
        row["required"].as_bool().unwrap()
    };
    let eft = b.get(&format!("/api/v1/get-form-fields-billing-info?enrollment_id={id}")).await;
    for name in ["payment_method", "bill_date", "routing_number", "account_number", "account_name"] {
        assert!(required(&eft, name), "{name} is required while EFT, the default, is chosen");
    }
    assert!(!required(&eft, "card_number"), "no card is asked for EFT");

    let mut saved = card();
    saved["enrollment_id"] = json!(id);
    saved["is_physical_address"] = json!(1);
    b.post("/api/v1/save-billing-info", saved).await.ok();
    let cc = b.get(&format!("/api/v1/get-form-fields-billing-info?enrollment_id={id}")).await;
    assert!(required(&cc, "first_name_on_cc") && required(&cc, "expiration_month"), "{}", cc.body);
    assert!(!required(&cc, "routing_number"));
    let row = |answer: &common::Answer, name: &str| {
        answer.ok()["result"].as_array().unwrap().iter().find(|f| f["field_name"] == name).unwrap()["value"].clone()
    };
    assert_eq!(row(&cc, "is_physical_address"), json!(1), "a flag reads 0 or 1, as the spec's saves send it");

    let mut contact = contact();
    contact["enrollment_id"] = json!(id);
    contact["with_validation"] = json!(0);
    b.post("/api/v1/save-contact-info", contact).await.ok();
    let fields = b.get(&format!("/api/v1/get-form-fields-contact-info?enrollment_id={id}")).await;
    assert_eq!(row(&fields, "with_validation"), json!(0));
}

#[tokio::test]
async fn an_employees_holiday_policy_reads_as_zero_or_one_flags() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = at_billing(&app, &mut b, Some(2512)).await;
    let fields = b.get(&format!("/api/v1/get-form-fields-employer-info?enrollment_id={id}")).await;
    let policy =
        fields.ok()["result"].as_array().unwrap().iter().find(|f| f["field_name"] == "holiday_policy").unwrap()
            ["value"]
            .clone();
    assert_eq!(policy["Standard_6"], json!(1), "{policy}");
}
