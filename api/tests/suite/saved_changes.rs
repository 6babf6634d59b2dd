//! A change begun after the sale is saved to finish later: kept sealed for 30 days, the member told by e-mail, found
//! again after signing in on another browser, and finished by the form's own call; nothing reaches the policy or a
//! carrier before.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::carrier_files::submitted_with_two_carriers;
use crate::common::TestApp;

const EMAIL: &str = "dana.okafor@example.com";

/// What is kept of saved changes, as stored.
async fn kept(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("select data from change_saved order by form").fetch_all(&app.state.db).await.unwrap()
}

/// A birth reported yesterday; answers its event's id.
async fn birth_reported(b: &mut crate::common::Browser<'_>, id: i64) -> Value {
    let born = chrono::Local::now().date_naive().pred_opt().unwrap().format("%m/%d/%Y").to_string();
    let birth =
        b.post(&format!("/api/v1/policies/{id}/life-events"), json!({ "kind": "birth", "event_date": born })).await;
    birth.ok();
    let form = b.get(&format!("/api/v1/policies/{id}/add-person")).await;
    form.ok()["events"][0]["life_event_id"].clone()
}

#[tokio::test]
async fn a_baby_half_typed_is_saved_sealed_the_member_is_emailed_and_finishes_adding_her_on_another_browser() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let event = birth_reported(&mut b, id).await;
    let saving = format!("/api/v1/policies/{id}/saved/add-person");

    // Half typed: no date of birth yet, an SSN. Nothing is checked yet; what the form does not ask is dropped.
    let half = json!({ "first_name": " Zoë ", "last_name": "Okafor", "ssn": "321-54-9876", "favourite_colour": "red" });
    let saved = b.put(&saving, json!({ "life_event_id": event, "values": half })).await;
    let saved = saved.ok().clone();
    assert_eq!(saved["emailed_to"], "d••••@example.com", "{saved}");
    let today = chrono::Local::now().date_naive();
    let kept_until = (today + chrono::Days::new(30)).format("%m/%d/%Y").to_string();
    assert_eq!(saved["saved"]["kept_until"], kept_until.as_str());
    let values = &saved["saved"]["values"];
    assert_eq!((&values["first_name"], &values["ssn"]), (&json!("Zoë"), &json!("***-**-9876")), "{values}");
    assert!(values.get("favourite_colour").is_none() && values.get("birthdate").is_none(), "{values}");
    assert_eq!(saved["saved"]["saved_by"], "the applicant");

    // Sealed whole at rest: neither her name nor her number can be read in the database.
    let stored = kept(&app).await;
    assert_eq!(stored.len(), 1);
    // (A sealed value is base64: it holds no "ë", and a 6-letter name or a dashed number only by a rare chance.)
    assert!(stored[0].starts_with(r#"{"sealed":"enc:"#), "{}", stored[0]);
    assert!(!["Zoë", "Okafor", "321-54-9876"].iter().any(|t| stored[0].contains(t)), "{}", stored[0]);

    // The e-mail says what waits, where to finish it, and until when.
    let mail = crate::common::mail_to(&app, EMAIL).await;
    assert!(mail.contains("Your change is saved to finish later"), "{mail}");
    assert!(mail.contains("adding a person to your coverage"), "{mail}");
    assert!(mail.contains("/my-policies"), "{mail}");
    assert!(mail.contains(&format!("kept until {kept_until}")), "{mail}");
    assert!(!mail.contains("Zoë") && !mail.contains("9876"), "the e-mail names no one: {mail}");

    // Nothing changed on the policy, and no carrier hears anything.
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    assert_eq!(policy["changes"], json!([]), "{policy}");
    assert_eq!(policy["saved"][0]["form"], "add-person");
    assert_eq!(policy["saved"][0]["life_event_id"], event);
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run, api::domain::carrier_files::Run::default());

    // Signed in on another browser with a code mailed to the address on file, she finds it as she left it.
    let mut other = app.browser();
    other.post("/api/v1/member-sign-in/send-code", json!({ "email": EMAIL })).await.ok();
    let code = crate::after_sale::code_mailed_to(&app, EMAIL).await;
    other.post("/api/v1/member-sign-in", json!({ "code": code })).await.ok();
    let policy = other.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    let mut values = policy["saved"][0]["values"].clone();
    assert_eq!(values["ssn"], "***-**-9876");

    // Saving again keeps the number the mask stands for; finishing sends the mask back and adds her with it.
    values["gender"] = json!("1");
    let again = other.put(&saving, json!({ "life_event_id": event, "values": values })).await;
    assert_eq!(again.ok()["saved"]["values"]["ssn"], "***-**-9876");
    let born = (today.pred_opt().unwrap()).format("%m/%d/%Y").to_string();
    values["birthdate"] = json!(born);
    values["relationship"] = json!("child");
    let added = other
        .post(&format!("/api/v1/policies/{id}/add-person"), json!({ "life_event_id": event, "person": values }))
        .await;
    let added = added.ok().clone();
    assert_eq!(added["saved"], json!([]), "finished, it is no longer saved: {added}");
    assert!(kept(&app).await.is_empty());
    let person: String = sqlx::query_scalar("select person from coverage_change where kind = 'add_dependent'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let person = app.state.crypto.decrypt(&person).unwrap();
    assert!(person.contains("321549876") || person.contains("321-54-9876"), "added with her number: {person}");
}

#[tokio::test]
async fn a_saved_way_of_paying_keeps_the_bank_account_sealed_and_never_a_card_number_or_security_code() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let saving = format!("/api/v1/policies/{id}/saved/payment");

    let card = crate::billing::card();
    let saved = b.put(&saving, json!({ "values": card })).await;
    let values = saved.ok()["saved"]["values"].clone();
    assert!(values.get("card_number").is_none() && values.get("security_code").is_none(), "{values}");
    assert_eq!(values["first_name_on_cc"], "Dana", "the rest is kept: {values}");
    let stored = app
        .state
        .crypto
        .decrypt(serde_json::from_str::<Value>(&kept(&app).await[0]).unwrap()["sealed"].as_str().unwrap());
    let stored = stored.unwrap();
    assert!(!stored.contains("4111") && !stored.contains("\"123\""), "never kept: {stored}");

    // Another bank account, saved, then finished with the mask the form shows: paid from the account saved.
    let mut eft = crate::common::billing_eft();
    eft["account_number"] = json!("000987654321");
    let saved = b.put(&saving, json!({ "values": eft })).await;
    let values = saved.ok()["saved"]["values"].clone();
    assert_eq!(values["account_number"], "****4321", "{values}");
    let paid = b.post(&format!("/api/v1/policies/{id}/payment"), json!({ "billing": values })).await;
    let change = paid.ok()["changes"].as_array().unwrap().last().unwrap().clone();
    assert!(change["what"].as_str().unwrap().contains("****4321"), "{change}");
    assert_eq!(paid.ok()["saved"], json!([]));
}

#[tokio::test]
async fn a_saved_change_is_refused_in_words_for_no_one_or_nothing_and_thrown_away_on_request() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let name = json!({ "first_name": "Dana", "last_name": "Okafor-Reyes" });

    let unknown = b.put(&format!("/api/v1/policies/{id}/saved/haircut"), json!({ "values": {} })).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let no_values = b.put(&format!("/api/v1/policies/{id}/saved/contact"), json!({})).await;
    assert_eq!(no_values.first_error().0, "values");
    let no_event = b.put(&format!("/api/v1/policies/{id}/saved/add-person"), json!({ "values": {} })).await;
    assert_eq!(no_event.first_error().0, "life_event_id");
    // Whatever shape arrives is refused in words, never a server error.
    for (body, field) in [
        (json!({ "values": [1, 2] }), "values"),
        (json!({ "values": "Dana" }), "values"),
        (json!({ "life_event_id": "abc", "values": {} }), "life_event_id"),
        (json!({ "life_event_id": -3, "values": {} }), "life_event_id"),
        (json!({ "life_event_id": 1.5, "values": {} }), "life_event_id"),
    ] {
        let refused = b.put(&format!("/api/v1/policies/{id}/saved/add-person"), body.clone()).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {}", refused.body);
        assert_eq!(refused.first_error().0, field, "{body}");
    }
    let odd =
        b.put(&format!("/api/v1/policies/{id}/saved/name"), json!({ "member_index": "zero", "values": {} })).await;
    assert_eq!(odd.first_error().0, "member_index");
    // A person can be added only for an event reported that lets them be.
    let closed =
        b.put(&format!("/api/v1/policies/{id}/saved/add-person"), json!({ "life_event_id": 4, "values": {} })).await;
    assert_eq!(closed.first_error().0, "life_event_id");
    let no_one =
        b.put(&format!("/api/v1/policies/{id}/saved/name"), json!({ "member_index": 7, "values": name })).await;
    assert_eq!(no_one.first_error(), ("member_index".into(), "Please choose someone this policy covers".into()));
    let stranger = app
        .browser()
        .put(&format!("/api/v1/policies/{id}/saved/name"), json!({ "member_index": 0, "values": name }))
        .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND, "only the policy's own session saves a change");
    assert!(kept(&app).await.is_empty());

    let saved = b.put(&format!("/api/v1/policies/{id}/saved/name"), json!({ "member_index": 0, "values": name })).await;
    assert_eq!(saved.ok()["saved"]["member_index"], 0);
    // Odd values are kept as far as the form asks them: a number for a name, fields it does not have, deep nesting.
    let odd = json!({ "first_name": 42, "last_name": { "a": [[["deep"]]] }, "ssn": 219099999, "x": "y" });
    let kept = b.put(&format!("/api/v1/policies/{id}/saved/name"), json!({ "member_index": 0, "values": odd })).await;
    let kept = kept.ok()["saved"]["values"].clone();
    assert!(kept.get("x").is_none() && kept.get("ssn").is_none(), "{kept}");
    let thrown = b.delete(&format!("/api/v1/policies/{id}/saved/name")).await;
    assert_eq!(thrown.ok()["saved"], json!([]));
    let twice = b.delete(&format!("/api/v1/policies/{id}/saved/name")).await;
    assert_eq!(twice.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_change_saved_more_than_30_days_ago_is_no_longer_offered_and_is_removed() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let contact = format!("/api/v1/policies/{id}/contact");
    let mut moving = b.get(&contact).await.ok()["form_data"].clone();
    moving["address1"] = json!("48 Auburn Ave NE");
    b.put(&format!("/api/v1/policies/{id}/saved/contact"), json!({ "values": moving })).await.ok();
    let long_ago =
        (chrono::Utc::now() - chrono::Duration::days(31)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    sqlx::query("update change_saved set saved_at = $1").bind(&long_ago).execute(&app.state.db).await.unwrap();
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    assert_eq!(policy["saved"], json!([]), "{policy}");
    // The next change saved, of any policy, removes it.
    let name = json!({ "first_name": "Dana", "last_name": "Okafor-Reyes" });
    b.put(&format!("/api/v1/policies/{id}/saved/name"), json!({ "member_index": 0, "values": name })).await.ok();
    let forms: Vec<String> =
        sqlx::query_scalar("select form from change_saved").fetch_all(&app.state.db).await.unwrap();
    assert_eq!(forms, vec!["name".to_string()]);
}
