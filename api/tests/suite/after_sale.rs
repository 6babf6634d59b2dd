//! After the sale: a submitted application is a policy its member keeps, and a plan of it can be ended at the end of
//! a month; the plan's carrier hears it once, in an 834 change both outside validators read.

use axum::http::StatusCode;
use chrono::Datelike;
use serde_json::{json, Value};

use crate::carrier_files::{outside_errors, submitted_with_two_carriers};
use crate::common::TestApp;

/// The plan of `category` of the policy.
fn plan_of<'a>(policy: &'a Value, category: &str) -> &'a Value {
    policy["plans"].as_array().unwrap().iter().find(|p| p["category_name"] == category).unwrap()
}

/// The last day a plan starting on `first` (MM/DD/YYYY) covers if ended today: the end of this month, or of its first
/// month when it has not begun.
fn end_of_month_from(first: &str) -> chrono::NaiveDate {
    let first = chrono::NaiveDate::parse_from_str(first, "%m/%d/%Y").unwrap();
    let from = first.max(chrono::Local::now().date_naive());
    let next = if from.month() == 12 {
        chrono::NaiveDate::from_ymd_opt(from.year() + 1, 1, 1)
    } else {
        chrono::NaiveDate::from_ymd_opt(from.year(), from.month() + 1, 1)
    };
    next.unwrap().pred_opt().unwrap()
}

#[tokio::test]
async fn a_member_ends_a_plan_at_the_end_of_the_month_its_carrier_alone_hears_it_once_and_an_agent_can_bring_it_back() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let sent = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(sent.sent, 2, "the additions");

    let policy = b.get(&format!("/api/v1/policies/{id}")).await;
    let policy = policy.ok().clone();
    assert!(policy["policy_id"].as_str().is_some_and(|p| !p.is_empty()), "{policy}");
    let dental = plan_of(&policy, "Dental Plans").clone();
    assert_eq!(dental["status"], "pending", "the carrier has not confirmed it yet");
    let last_day = end_of_month_from(dental["effective"].as_str().unwrap());
    assert_eq!(dental["may_end_on"], last_day.format("%m/%d/%Y").to_string().as_str());
    assert_eq!(policy["changes"], json!([]));

    // Refused, with the reason where it is missing, and for a plan it does not hold; by no one else.
    let plan_id = dental["plan_id"].clone();
    let end = format!("/api/v1/policies/{id}/end-plan");
    let silent = b.post(&end, json!({ "plan_id": plan_id, "reason": " " })).await;
    assert_eq!(silent.first_error(), ("reason".into(), "Please tell us why you are ending this plan".into()));
    let other = b.post(&end, json!({ "plan_id": 999_999, "reason": "x" })).await;
    assert_eq!(other.first_error(), ("plan_id".into(), "This application holds no such plan".into()));
    let stranger = app.browser().post(&end, json!({ "plan_id": plan_id, "reason": "x" })).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND, "only the policy's own session ends a plan");

    let ended = b.post(&end, json!({ "plan_id": plan_id, "reason": "We have dental through my new job" })).await;
    let ended = ended.ok().clone();
    let shown = last_day.format("%m/%d/%Y").to_string();
    let dental = plan_of(&ended, "Dental Plans");
    assert_eq!((dental["status"].as_str(), dental["last_day"].as_str()), (Some("ending"), Some(shown.as_str())));
    assert_eq!(dental["may_end_on"], Value::Null);
    assert_eq!(plan_of(&ended, "RX Plans")["status"], "pending", "the other plan goes on");
    let change = &ended["changes"][0];
    assert_eq!(change["requested_by"], "the applicant");
    assert_eq!(change["reason"], "We have dental through my new job");
    assert!(change["what"].as_str().unwrap().ends_with(&format!("ends on {shown}")), "{change}");

    let again = b.post(&end, json!({ "plan_id": plan_id, "reason": "again" })).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(again.body["message"].as_str().unwrap().ends_with(&format!("already ends on {shown}")), "{}", again.body);

    // Its carrier's next file says the end, for the subscriber; the other carrier hears nothing.
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (1, 1, 0), "{run:?}");
    let text = std::fs::read_to_string(&run.files[0]).unwrap().to_uppercase();
    assert!(text.contains("INS*Y*18*024*14*A***AC~"), "the subscriber's end, a voluntary withdrawal:\n{text}");
    assert!(text.contains(&format!("DTP*349*D8*{}~", last_day.format("%Y%m%d"))), "its last day:\n{text}");
    assert!(!text.contains("*021*"), "no addition again:\n{text}");
    assert_eq!(outside_errors(&run.files[0]), "", "both validators read it");
    let after = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(after, api::domain::carrier_files::Run::default(), "once");

    // An agent brings it back, saying who and why: it covers on, and its carrier hears a reinstatement.
    let policy_id = ended["policy_id"].as_str().unwrap().to_string();
    let plan = plan_id.as_i64().unwrap();
    let reinstate = |by: &'static str, why: &'static str| {
        let (state, policy_id) = (&app.state, policy_id.clone());
        async move { api::domain::after_sale::reinstate_plan(state, &policy_id, plan, by, why).await }
    };
    assert!(reinstate("", "x").await.is_err(), "who brings it back is said");
    reinstate("Riley Chen", "The new job's dental starts only in March").await.unwrap();
    let again = reinstate("Riley Chen", "twice").await.unwrap_err();
    assert!(again.to_string().ends_with("is not ended on this application"), "{again}");
    let back = b.get(&format!("/api/v1/policies/{id}")).await;
    let dental = plan_of(back.ok(), "Dental Plans");
    assert_eq!((dental["status"].as_str(), &dental["last_day"]), (Some("pending"), &Value::Null), "{}", back.body);
    let change = &back.ok()["changes"][1];
    assert_eq!(change["requested_by"], "the agent Riley Chen");
    assert!(change["what"].as_str().unwrap().contains("is brought back from"), "{change}");
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (1, 1, 0), "{run:?}");
    let text = std::fs::read_to_string(&run.files[0]).unwrap().to_uppercase();
    assert!(text.contains("INS*Y*18*025*41*A***AC~"), "a reinstatement, for re-enrollment:\n{text}");
    assert!(text.contains("HD*025**DEN*"), "of the dental plan:\n{text}");
    assert_eq!(outside_errors(&run.files[0]), "", "both validators read it");
    // And it can be ended again.
    let ended = b.post(&end, json!({ "plan_id": plan_id, "reason": "The new job's dental started" })).await;
    assert_eq!(plan_of(ended.ok(), "Dental Plans")["status"], "ending");
}

#[tokio::test]
async fn a_cancelled_application_has_no_plan_to_end_and_an_unsubmitted_one_no_policy() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    b.post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "Changed my mind" })).await.ok();
    let policy = b.get(&format!("/api/v1/policies/{id}")).await;
    assert!(policy.ok()["plans"].as_array().unwrap().iter().all(|p| p["status"] == "cancelled"), "{}", policy.body);
    let plan_id = policy.ok()["plans"][0]["plan_id"].clone();
    let refused =
        b.post(&format!("/api/v1/policies/{id}/end-plan"), json!({ "plan_id": plan_id, "reason": "x" })).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(refused.body["message"].as_str().unwrap().ends_with(": it has no plan to end"), "{}", refused.body);

    let draft = b.start("IO").await;
    let none = b.get(&format!("/api/v1/policies/{draft}")).await;
    assert_eq!(none.status, StatusCode::CONFLICT);
    assert_eq!(none.body["message"], "This application has not been submitted yet: it has no coverage to change");
}

fn day(text: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Dana and her son Leo (born March 15, 2001: 26 on March 15, 2027) with a dental plan, submitted.
async fn submitted_with_a_son_turning_26(b: &mut crate::common::Browser<'_>) -> i64 {
    let id = b.checked_out_on("IC", "dental").await;
    b.save_personal_and_contact(id).await;
    let leo = json!({ "primary_info": { "first_name": "Leo", "last_name": "Okafor", "gender": "1",
                                        "ssn": "321-54-9876", "birthdate": "03/15/2001", "relationship": "child" } });
    b.post("/api/v1/save-dependent-info", json!({ "enrollment_id": id, "dependents": [leo] })).await.ok();
    for (call, mut body) in
        [("save-agreement-info", crate::common::agreement()), ("save-billing-info", crate::common::billing_eft())]
    {
        body["enrollment_id"] = json!(id);
        b.post(&format!("/api/v1/{call}"), body).await.ok();
    }
    let submitted = b.post("/api/v1/save-review-info", json!({ "enrollment_id": id, "first_enroll": 1 })).await;
    assert!(submitted.ok()["policy_id"].is_string(), "submitted: {}", submitted.body);
    id
}

/// The e-mails written to `to` that contain `words`.
async fn mails_to(app: &TestApp, to: &str, words: &str) -> Vec<String> {
    api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    let dir = app.state.mailer.dir().expect("e-mails go to files");
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap().replace("=\r\n", "").replace("=\n", ""))
        .filter(|m| m.contains(&format!("To: {to}")) && m.contains(words))
        .collect()
}

#[tokio::test]
async fn a_son_turning_26_is_told_60_days_ahead_and_his_coverage_alone_ends_at_the_end_of_his_birthday_month() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_a_son_turning_26(&mut b).await;
    assert_eq!(api::domain::carrier_files::run_once(&app.state).await.unwrap().sent, 1, "the addition");

    // His coverage ends on March 31, 2027: the family is told from January 30, once.
    let notice = |on: &'static str| api::domain::after_sale::age_off::notice_due(&app.state, day(on));
    assert_eq!(notice("2027-01-29").await.unwrap(), 0, "not before 60 days ahead");
    assert_eq!(notice("2027-01-30").await.unwrap(), 1);
    assert_eq!(notice("2027-02-15").await.unwrap(), 0, "once");
    let mails = mails_to(&app, "dana.okafor@example.com", "turns 26").await;
    assert_eq!(mails.len(), 1, "one e-mail");
    assert!(mails[0].contains("Leo turns 26 on 03/15/2027"), "{}", mails[0]);
    assert!(mails[0].contains("ends on 03/31/2027, the last day of that month"), "{}", mails[0]);

    let policy = b.get(&format!("/api/v1/policies/{id}")).await;
    let change = &policy.ok()["changes"][0];
    assert_eq!(change["what"], "Leo's coverage ends on 03/31/2027: they turn 26");
    assert_eq!(change["requested_by"], "the store");
    assert_eq!(plan_of(policy.ok(), "Dental Plans")["status"], "pending", "the plan goes on for Dana");

    // The carrier hears it once: Leo's end, and Dana's plan at her level alone.
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (1, 1, 0), "{run:?}");
    let text = std::fs::read_to_string(&run.files[0]).unwrap().to_uppercase();
    assert!(text.contains("INS*Y*18*001*07*A"), "Dana's loop, a change:\n{text}");
    assert!(text.contains("INS*N*19*024*07*A~"), "Leo's end, a termination of benefits:\n{text}");
    assert!(text.contains("DTP*349*D8*20270331~"), "on March 31:\n{text}");
    assert!(text.contains("*EMP~"), "Dana alone now:\n{text}");
    assert_eq!(outside_errors(&run.files[0]), "", "both validators read it");
    assert_eq!(
        api::domain::carrier_files::run_once(&app.state).await.unwrap(),
        api::domain::carrier_files::Run::default()
    );

    // A verify file lists Leo until his last day, and Dana alone after it.
    let carrier = brightbite(&app);
    let state = &app.state;
    let audit = |on: &'static str| async move {
        let audit = engine::x12::Maintenance::Audit;
        api::domain::carrier_files::application::application_on(state, id, carrier, audit, day(on)).await.unwrap().0
    };
    let before = audit("2027-03-31").await;
    assert_eq!(before.members.len(), 2);
    let after = audit("2027-04-01").await;
    assert_eq!(after.members.len(), 1, "Leo is no longer covered");
    assert_eq!(after.coverages[0].tier, engine::context::Tier::IO);
    assert_eq!(after.coverages[0].covers, Vec::<usize>::new());
}

/// The carrier of the fixtures' dental plans.
fn brightbite(app: &TestApp) -> i64 {
    app.state.catalogue.plans.iter().find(|p| p.category == "dental").unwrap().carrier_id
}

#[tokio::test]
async fn a_birth_is_reported_up_to_60_days_after_it_and_not_a_day_later_and_the_policy_says_until_when_and_what_is_due()
{
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let events = format!("/api/v1/policies/{id}/life-events");
    let kinds = b.get(&events).await;
    let birth = kinds.ok().as_array().unwrap().iter().find(|k| k["id"] == "birth").unwrap().clone();
    assert_eq!((birth["title"].as_str(), birth["days_after"].as_u64()), (Some("We had a baby"), Some(60)));
    assert_eq!(birth["proof"][0], "Birth certificate");

    let today = chrono::Local::now().date_naive();
    let mdy = |d: chrono::NaiveDate| d.format("%m/%d/%Y").to_string();
    let days = |n: i64| today - chrono::Duration::days(n);
    let late = b.post(&events, json!({ "kind": "birth", "event_date": mdy(days(61)) })).await;
    assert_eq!(
        late.first_error(),
        (
            "event_date".into(),
            format!(
                "The time to report this ended on {}. If you could not report it in time, please call us",
                mdy(days(1))
            )
        )
    );
    let ahead = b.post(&events, json!({ "kind": "birth", "event_date": mdy(today + chrono::Duration::days(1)) })).await;
    assert_eq!(
        ahead.first_error(),
        ("event_date".into(), format!("This can be reported from {}", mdy(today + chrono::Duration::days(1))))
    );
    let unknown = b.post(&events, json!({ "kind": "lottery", "event_date": mdy(today) })).await;
    assert_eq!(unknown.first_error(), ("kind".into(), "Please choose one of the events listed".into()));
    let careless = b.post(&events, json!({ "kind": "birth", "event_date": "2027-01-05" })).await;
    assert_eq!(careless.first_error(), ("event_date".into(), "Please enter the date as MM/DD/YYYY".into()));
    let stranger = app.browser().post(&events, json!({ "kind": "birth", "event_date": mdy(today) })).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);

    // The last day of its window: the baby is covered from birth, and the certificate is due in 30 days.
    let reported = b.post(&events, json!({ "kind": "birth", "event_date": mdy(days(60)) })).await;
    let reported = reported.ok().clone();
    assert_eq!(reported["window_closes"], mdy(today).as_str());
    let first = policy_first_day(&mut b, id).await;
    assert_eq!(reported["effective"], mdy(days(60).max(first)).as_str(), "from birth, not before the policy starts");
    assert_eq!(reported["proof_due"], mdy(today + chrono::Duration::days(30)).as_str());
    assert_eq!(reported["reported_by"], "the applicant");
    let policy = b.get(&format!("/api/v1/policies/{id}")).await;
    assert_eq!(policy.ok()["events"][0]["title"], "We had a baby");
}

/// The first day of the policy's coverage.
async fn policy_first_day(b: &mut crate::common::Browser<'_>, id: i64) -> chrono::NaiveDate {
    let policy = b.get(&format!("/api/v1/policies/{id}")).await;
    let first = policy.ok()["plans"][0]["effective"].as_str().unwrap().to_string();
    chrono::NaiveDate::parse_from_str(&first, "%m/%d/%Y").unwrap()
}

#[tokio::test]
async fn a_baby_born_after_the_sale_is_added_for_the_birth_reported_and_each_carrier_hears_the_addition_once() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let form = format!("/api/v1/policies/{id}/add-person");
    let nothing = b.get(&form).await.ok().clone();
    assert_eq!(nothing["events"], json!([]), "no event reported yet");
    for field in ["first_name", "last_name", "birthdate", "relationship", "gender"] {
        assert!(nothing["schema"]["properties"][field].is_object(), "asked as on the application: {field}: {nothing}");
    }
    assert!(nothing["schema"]["properties"]["health_info"].is_null(), "no health questions after the sale");

    // Born yesterday: a date of birth is in the past, as on the application.
    let today = chrono::Local::now().date_naive();
    let born_on = today.pred_opt().unwrap();
    let born = born_on.format("%m/%d/%Y").to_string();
    let moved =
        b.post(&format!("/api/v1/policies/{id}/life-events"), json!({ "kind": "move", "event_date": born })).await;
    moved.ok();
    let birth =
        b.post(&format!("/api/v1/policies/{id}/life-events"), json!({ "kind": "birth", "event_date": born })).await;
    birth.ok();
    let open = b.get(&form).await.ok().clone();
    let events = open["events"].as_array().unwrap();
    assert_eq!(events.len(), 1, "a move adds no one: {open}");
    let event = events[0]["life_event_id"].clone();
    let baby = |first: &str, birthdate: &str, relationship: &str| {
        json!({ "first_name": first, "last_name": "Okafor", "gender": "1", "birthdate": birthdate,
                "relationship": relationship })
    };

    // Refused in words where it is wrong: no event, another day of birth, a spouse for a birth, a name missing.
    let refused = b.post(&form, json!({ "life_event_id": 999_999, "person": baby("Zoë", &born, "child") })).await;
    assert_eq!(refused.first_error().0, "life_event_id");
    let before = born_on.pred_opt().unwrap().format("%m/%d/%Y").to_string();
    let refused = b.post(&form, json!({ "life_event_id": event, "person": baby("Zoë", &before, "child") })).await;
    assert_eq!(
        refused.first_error(),
        ("birthdate".into(), format!("The date of birth is the day of the birth you reported ({born})"))
    );
    let refused = b.post(&form, json!({ "life_event_id": event, "person": baby("Sam", "02/14/1985", "spouse") })).await;
    assert_eq!(refused.first_error(), ("relationship".into(), "Please add the child this event is about".into()));
    let refused = b.post(&form, json!({ "life_event_id": event, "person": baby("", &born, "child") })).await;
    assert_eq!(refused.first_error().0, "first_name", "{}", refused.body);
    let stranger =
        app.browser().post(&form, json!({ "life_event_id": event, "person": baby("Zoë", &born, "child") })).await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND, "only the policy's own session adds a person");

    let added = b.post(&form, json!({ "life_event_id": event, "person": baby("Zoë", &born, "child") })).await;
    let change = added.ok()["changes"].as_array().unwrap().last().unwrap().clone();
    let first_day = plan_of(added.ok(), "Dental Plans")["effective"].as_str().unwrap().to_string();
    let from = std::cmp::max(chrono::NaiveDate::parse_from_str(&first_day, "%m/%d/%Y").unwrap(), born_on);
    let from_shown = from.format("%m/%d/%Y").to_string();
    assert_eq!(change["what"], format!("Zoë is covered from {from_shown}").as_str(), "{change}");
    assert_eq!(
        (change["requested_by"].as_str(), change["reason"].as_str()),
        (Some("the applicant"), Some("We had a baby"))
    );
    let twice = b.post(&form, json!({ "life_event_id": event, "person": baby("Zoë", &born, "child") })).await;
    assert_eq!(
        twice.first_error(),
        ("first_name".into(), "This person is already added and waits for the proof of the event".into())
    );
    // Her premiums are the household's: until she is covered, the applicant's alone.
    let alone = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    let next_month = (today.with_day(1).unwrap() + chrono::Months::new(1)).max(policy_first_day(&mut b, id).await);
    let monthly = &alone["monthly"];
    assert_eq!(monthly["from"], next_month.format("%m/%d/%Y").to_string().as_str(), "{alone}");
    assert_eq!(monthly["plans"], 2, "{alone}");
    let cents = |v: &Value| {
        (v.as_str().unwrap().trim_start_matches('$').replace(',', "").parse::<f64>().unwrap() * 100.0).round() as i64
    };
    let each: Vec<i64> = alone["plans"].as_array().unwrap().iter().map(|p| cents(&p["monthly_price"])).collect();
    assert_eq!(each.iter().sum::<i64>(), cents(&monthly["total"]), "the total is the plans' premiums: {alone}");
    // Once her birth certificate is approved (tests/suite/proof.rs), she is covered, and not added twice.
    crate::proof::proven(&app, &mut b, id, &event, "birth_certificate").await;
    let family = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    assert!(
        cents(&family["monthly"]["total"]) > cents(&monthly["total"]),
        "a parent and child cost more than a parent alone: {} then {}",
        monthly["total"],
        family["monthly"]["total"]
    );
    let twice = b.post(&form, json!({ "life_event_id": event, "person": baby("Zoë", &born, "child") })).await;
    assert_eq!(twice.first_error(), ("first_name".into(), "This person is already covered by this policy".into()));

    // Each carrier's next file adds her, a child covered from the day, at the household's level with her.
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (2, 2, 0), "{run:?}");
    for file in &run.files {
        let text = std::fs::read_to_string(file).unwrap().to_uppercase();
        assert!(text.contains("INS*Y*18*001*02*A***AC~"), "the subscriber's change, for a birth:\n{text}");
        assert!(text.contains("INS*N*19*021*02*A~"), "the baby added:\n{text}");
        assert!(text.contains("NM1*IL*1*OKAFOR*ZOE~"), "by her name, as the file's characters spell it:\n{text}");
        assert!(text.contains(&format!("DTP*348*D8*{}~", from.format("%Y%m%d"))), "covered from the day:\n{text}");
        assert!(text.contains("*ECH~"), "the household's level is the applicant and her child:\n{text}");
        assert!(!text.contains("AMT*P3"), "no premium the carrier would rate again:\n{text}");
        assert_eq!(outside_errors(file), "", "both validators read it");
    }
    let again = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(again, api::domain::carrier_files::Run::default(), "once");

    // She is kept sealed.
    let kept: String = sqlx::query_scalar("select person from coverage_change where kind = 'add_dependent'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(kept.starts_with("enc:") && !kept.contains("Okafor"), "{kept}");
}

/// The code in the newest e-mail to `email`.
pub(crate) async fn code_mailed_to(app: &TestApp, email: &str) -> String {
    let mail = crate::common::mail_to(app, email).await;
    let line = mail.lines().find(|l| l.starts_with("Your code to see your policies")).expect("the code is mailed");
    line.rsplit(' ').next().unwrap().chars().filter(char::is_ascii_digit).collect()
}

#[tokio::test]
async fn a_member_signs_in_on_another_browser_with_a_code_mailed_to_the_address_on_file_and_acts_on_the_policy() {
    let app = TestApp::new().await;
    let mut applied = app.browser();
    let id = submitted_with_two_carriers(&mut applied).await;
    let email = "dana.okafor@example.com";

    // Another browser sees no policy, and cannot open this one.
    let mut b = app.browser();
    assert_eq!(b.get("/api/v1/my-policies").await.ok(), &json!([]));
    assert_eq!(b.get(&format!("/api/v1/policies/{id}")).await.status, StatusCode::NOT_FOUND);

    // An address that holds no policy is answered the same, and is sent nothing.
    let stranger = b.post("/api/v1/member-sign-in/send-code", json!({ "email": "someone@example.com" })).await;
    assert_eq!(stranger.ok()["sent_to"], "s••••@example.com");
    let invalid = b.post("/api/v1/member-sign-in/send-code", json!({ "email": "dana at example" })).await;
    assert_eq!(invalid.first_error().0, "email");
    let sent = b.post("/api/v1/member-sign-in/send-code", json!({ "email": " Dana.Okafor@Example.com " })).await;
    assert_eq!(sent.ok()["sent_to"], "d••••@example.com");
    let code = code_mailed_to(&app, email).await;
    assert_eq!(code.len(), 6);
    let codes_mailed: i64 = sqlx::query_scalar("select count(*) from outbox where kind = 'member_sign_in_code'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(codes_mailed, 1, "only the address that holds a policy is sent a code");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let guess = b.post("/api/v1/member-sign-in", json!({ "code": wrong })).await;
    assert_eq!(guess.first_error(), ("code".into(), api::domain::access::CODE_WRONG.into()));
    let signed_in = b.post("/api/v1/member-sign-in", json!({ "code": code })).await;
    assert_eq!(signed_in.ok()["policies"], 1);
    assert!(signed_in.headers.get("set-cookie").is_some(), "the session continues under a new id");
    let again = b.post("/api/v1/member-sign-in", json!({ "code": code })).await;
    assert_eq!(again.first_error(), ("code".into(), api::domain::access::CODE_SPENT.into()), "a code works once");

    // The member's list, and the policy, on this browser; acting on it is recorded as the applicant's.
    let listed = b.get("/api/v1/my-policies").await.ok().clone();
    assert_eq!(listed[0]["enrollment_id"], id);
    assert_eq!(listed[0]["covered"], json!(["Dana Okafor"]));
    assert_eq!(listed[0]["plans"].as_array().unwrap().len(), 2);
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    let plan_id = plan_of(&policy, "Dental Plans")["plan_id"].clone();
    let ended =
        b.post(&format!("/api/v1/policies/{id}/end-plan"), json!({ "plan_id": plan_id, "reason": "New job" })).await;
    assert_eq!(ended.ok()["changes"][0]["requested_by"], "the applicant");
    // And the browser it was bought in still has it.
    assert_eq!(applied.get("/api/v1/my-policies").await.ok()[0]["enrollment_id"], id);
}

#[tokio::test]
async fn a_spouse_added_for_a_marriage_is_taken_off_for_the_divorce_and_each_carrier_hears_the_end_once() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let today = chrono::Local::now().date_naive().format("%m/%d/%Y").to_string();
    let events = format!("/api/v1/policies/{id}/life-events");
    b.post(&events, json!({ "kind": "marriage", "event_date": today })).await.ok();
    let married = b.get(&format!("/api/v1/policies/{id}/add-person")).await.ok()["events"][0]["life_event_id"].clone();
    let sam = json!({ "first_name": "Sam", "last_name": "Okafor", "gender": "0", "birthdate": "02/14/1985",
                      "relationship": "spouse" });
    b.post(&format!("/api/v1/policies/{id}/add-person"), json!({ "life_event_id": married, "person": sam })).await.ok();
    crate::proof::proven(&app, &mut b, id, &married, "marriage_certificate").await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();

    let form = format!("/api/v1/policies/{id}/remove-person");
    assert_eq!(b.get(&form).await.ok()["events"], json!([]), "no event that takes anyone off is reported yet");
    b.post(&events, json!({ "kind": "divorce", "event_date": today })).await.ok();
    let open = b.get(&form).await.ok().clone();
    assert_eq!(open["people"], json!([{ "member_index": 1, "name": "Sam Okafor", "relationship": "spouse" }]));
    let divorce = &open["events"][0];
    assert_eq!(divorce["removes"], json!(["spouse"]));
    let (event, last_day) = (divorce["life_event_id"].clone(), divorce["last_day"].as_str().unwrap().to_string());

    // Refused where it is wrong: an event that takes no one off, someone the policy does not cover.
    let refused = b.post(&form, json!({ "life_event_id": married, "member_index": 1 })).await;
    assert_eq!(
        refused.first_error(),
        ("life_event_id".into(), "Please choose the life event that lets you take this person off".into())
    );
    let refused = b.post(&form, json!({ "life_event_id": event, "member_index": 2 })).await;
    assert_eq!(refused.first_error(), ("member_index".into(), "Please choose someone this policy covers".into()));

    let removed = b.post(&form, json!({ "life_event_id": event, "member_index": 1 })).await;
    let change = removed.ok()["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(change["what"], format!("Sam is covered until {last_day}").as_str(), "{change}");
    assert_eq!(change["reason"], "I divorced or legally separated");
    let again = b.post(&form, json!({ "life_event_id": event, "member_index": 1 })).await;
    assert_eq!(again.first_error().0, "member_index", "taken off once");
    assert_eq!(b.get(&form).await.ok()["people"], json!([]));

    let last = chrono::NaiveDate::parse_from_str(&last_day, "%m/%d/%Y").unwrap().format("%Y%m%d").to_string();
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (2, 2, 0), "{run:?}");
    for file in &run.files {
        let text = std::fs::read_to_string(file).unwrap().to_uppercase();
        assert!(text.contains("INS*Y*18*001*01*A***AC~"), "the subscriber's change, for a divorce:\n{text}");
        assert!(text.contains("INS*N*01*024*01*A~"), "the former spouse's end:\n{text}");
        assert!(text.contains(&format!("DTP*349*D8*{last}~")), "on the last day:\n{text}");
        assert!(text.contains("*EMP~"), "the subscriber alone after it:\n{text}");
        assert_eq!(outside_errors(file), "", "both validators read it");
    }
    let again = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(again, api::domain::carrier_files::Run::default(), "once");
}

#[tokio::test]
async fn a_member_changes_the_address_and_e_mail_each_carrier_hears_the_subscribers_001_and_the_new_address_signs_in() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let form = format!("/api/v1/policies/{id}/contact");
    let held = b.get(&form).await.ok().clone();
    assert_eq!(held["form_data"]["email_address"], "dana.okafor@example.com", "filled with what it holds: {held}");
    assert!(held["schema"]["properties"]["zip"].is_object());

    let mut contact = held["form_data"].clone();
    let same = b.post(&form, json!({ "contact": contact })).await;
    assert_eq!(
        same.first_error().1,
        "Nothing changed: your contact details are as they were",
        "{} {}",
        same.body,
        contact
    );
    contact["phone_number"] = json!("12");
    let bad_phone = b.post(&form, json!({ "contact": contact })).await;
    assert_eq!(bad_phone.first_error().0, "phone_number", "{}", bad_phone.body);

    contact["phone_number"] = held["form_data"]["phone_number"].clone();
    contact["address1"] = json!("48 Auburn Ave NE");
    // The ZIP code and state are those the policy was priced for: read-only, kept whatever is sent.
    contact["zip"] = json!("33101");
    contact["email_address"] = json!("dana.o@example.org");
    let changed = b.post(&form, json!({ "contact": contact })).await;
    let change = changed.ok()["changes"].as_array().unwrap().last().unwrap().clone();
    assert!(change["what"].as_str().unwrap().starts_with("The contact details change from "), "{change}");
    let now = b.get(&form).await.ok()["form_data"].clone();
    assert_eq!((now["address1"].as_str(), now["zip"].as_str()), (Some("48 Auburn Ave NE"), Some("30301")));

    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (2, 2, 0), "{run:?}");
    for file in &run.files {
        let text = std::fs::read_to_string(file).unwrap().to_uppercase();
        assert!(text.contains("INS*Y*18*001*43*A***AC~"), "the subscriber's change of residence:\n{text}");
        assert!(text.contains("N3*48 AUBURN AVE NE~"), "the new address:\n{text}");
        assert!(!text.contains("HD*"), "no plan with a change of address:\n{text}");
        assert_eq!(outside_errors(file), "", "both validators read it");
    }
    // The member signs in with the new address.
    let mut other = app.browser();
    other.post("/api/v1/member-sign-in/send-code", json!({ "email": "dana.o@example.org" })).await.ok();
    let code = code_mailed_to(&app, "dana.o@example.org").await;
    assert_eq!(other.post("/api/v1/member-sign-in", json!({ "code": code })).await.ok()["policies"], 1);
    // And no longer with the old one.
    let mut old = app.browser();
    old.post("/api/v1/member-sign-in/send-code", json!({ "email": "dana.okafor@example.com" })).await.ok();
    let to_old: i64 = sqlx::query_scalar(
        "select count(*) from outbox where kind = 'member_sign_in_code' and recipient like '%dana.okafor%'",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(to_old, 0, "the old address is sent no code");
}

#[tokio::test]
async fn a_member_and_her_husband_change_their_names_and_each_carrier_hears_the_new_name_with_the_one_it_replaces() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let today = chrono::Local::now().date_naive().format("%m/%d/%Y").to_string();
    b.post(&format!("/api/v1/policies/{id}/life-events"), json!({ "kind": "marriage", "event_date": today }))
        .await
        .ok();
    let married = b.get(&format!("/api/v1/policies/{id}/add-person")).await.ok()["events"][0]["life_event_id"].clone();
    let sam = json!({ "first_name": "Sam", "last_name": "Mbeki", "gender": "0", "birthdate": "02/14/1985",
                      "relationship": "spouse" });
    b.post(&format!("/api/v1/policies/{id}/add-person"), json!({ "life_event_id": married, "person": sam })).await.ok();
    crate::proof::proven(&app, &mut b, id, &married, "marriage_certificate").await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();

    // Whose names may change, each as the policy holds it, under the application's own name fields.
    let form = format!("/api/v1/policies/{id}/name");
    let held = b.get(&form).await.ok().clone();
    assert_eq!(
        held["people"],
        json!([
            { "member_index": 0, "relationship": "applicant", "form_data": { "first_name": "Dana", "last_name": "Okafor" } },
            { "member_index": 1, "relationship": "spouse", "form_data": { "first_name": "Sam", "last_name": "Mbeki" } },
        ]),
        "{held}"
    );
    assert_eq!(held["schema"]["required"], json!(["first_name", "last_name"]));

    // Refused as the application refuses a name, for no one covered, and for the name it already has.
    let refused =
        b.post(&form, json!({ "member_index": 0, "name": { "first_name": "D4na", "last_name": "Okafor" } })).await;
    assert_eq!(refused.first_error(), ("first_name".into(), "Please enter valid first name".into()));
    let refused =
        b.post(&form, json!({ "member_index": 2, "name": { "first_name": "Ada", "last_name": "Okafor" } })).await;
    assert_eq!(refused.first_error(), ("member_index".into(), "Please choose someone this policy covers".into()));
    let same =
        b.post(&form, json!({ "member_index": 0, "name": { "first_name": "Dana", "last_name": "Okafor" } })).await;
    assert_eq!(same.first_error(), ("first_name".into(), "Nothing changed: this is the name the policy has".into()));
    let refused = b.post(&form, json!({ "member_index": "first", "name": {} })).await;
    assert_eq!(refused.first_error().0, "member_index");

    // She takes a name in her own alphabet's letters; he takes hers.
    let renamed = b
        .post(&form, json!({ "member_index": 0, "name": { "first_name": "Dana", "last_name": "Núñez-Okafor" } }))
        .await;
    let change = renamed.ok()["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(change["what"], format!("Dana Okafor's name is Dana Núñez-Okafor from {today}").as_str(), "{change}");
    b.post(&form, json!({ "member_index": 1, "name": { "first_name": "Sam", "last_name": "Núñez-Okafor" } }))
        .await
        .ok();
    let now = b.get(&form).await.ok()["people"].clone();
    assert_eq!(now[0]["form_data"]["last_name"], "Núñez-Okafor");
    assert_eq!(now[1]["form_data"]["last_name"], "Núñez-Okafor");

    // Each carrier hears each change once, in order (a transaction each, in one file), with the name it replaces,
    // so that it finds the person it knew.
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!((run.files.len(), run.sent, run.failed), (2, 4, 0), "{run:?}");
    for file in &run.files {
        let text = std::fs::read_to_string(file).unwrap().to_uppercase();
        let (hers, his) = (text.find("NM1*70*1*OKAFOR*DANA~"), text.find("NM1*70*1*MBEKI*SAM~"));
        assert!(matches!((hers, his), (Some(h), Some(s)) if h < s), "hers, then his:\n{text}");
        assert_eq!(text.matches("INS*Y*18*001*25*A***AC~").count(), 2, "{text}");
        assert!(text.contains("NM1*74*1*NUNEZ-OKAFOR*DANA"), "her new name, in the letters a carrier reads:\n{text}");
        assert!(text.contains("INS*N*01*001*25"), "{text}");
        assert!(text.contains("NM1*74*1*NUNEZ-OKAFOR*SAM"), "{text}");
        assert!(!text.contains("HD*"), "no plan with a change of name:\n{text}");
        assert_eq!(outside_errors(file), "", "both validators read it");
    }
    let later = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(later, api::domain::carrier_files::Run::default(), "once");
    // The names are sealed at rest, as the rest of a change is.
    let kept: Vec<String> = sqlx::query_scalar("select person from coverage_change where kind = 'change_name'")
        .fetch_all(&app.state.db)
        .await
        .unwrap();
    assert!(kept.iter().all(|k| !k.contains("Okafor") && !k.contains("Mbeki")), "{kept:?}");
}

#[tokio::test]
async fn a_member_pays_by_card_instead_of_her_bank_account_the_card_is_checked_as_at_checkout_and_never_kept() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    // She moved within her ZIP code first: "Choose physical address" copies the address as it stands.
    let contact = format!("/api/v1/policies/{id}/contact");
    let mut moved = b.get(&contact).await.ok()["form_data"].clone();
    moved["address1"] = json!("48 Auburn Ave NE");
    b.post(&contact, json!({ "contact": moved })).await.ok();
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let form = format!("/api/v1/policies/{id}/payment");
    let held = b.get(&form).await.ok().clone();
    let copied = held["schema"].to_string();
    assert!(copied.contains(r#""x-copy":{"address1":"48 Auburn Ave NE""#), "{copied}");
    assert_eq!(held["paid_by"], "EFT from Peachtree Community Bank, account ****6789", "{held}");
    assert_eq!(held["form_data"]["account_number"], "****6789", "masked: {held}");
    let text = held["schema"].to_string();
    assert!(text.contains("\"card_number\""), "{text}");
    assert!(!text.contains("Your first payment"), "the first premium was taken at the sale: {text}");
    assert!(!text.contains("first premium"), "the authorization speaks of the later premiums alone: {text}");
    assert!(text.contains("you authorize us to draw each premium from this account on your bill date"), "{text}");
    assert!(text.contains("From now on, each premium is taken this way on your bill date."), "{text}");

    // Refused as at checkout: the same way of paying, a card the gateway declines, a card number that is no number.
    let same = b.post(&form, json!({ "billing": held["form_data"] })).await;
    assert_eq!(
        same.first_error(),
        ("payment_method".into(), "Nothing changed: this is how the policy is paid now".into())
    );
    let mut card = crate::billing::card();
    card["card_number"] = json!(api::services::banking::SANDBOX_DECLINED_CARD);
    let declined = b.post(&form, json!({ "billing": card })).await;
    assert_eq!(
        declined.first_error(),
        ("card_number".into(), "Your card was declined. Please use another card.".into())
    );
    card["card_number"] = json!("4111 1111 1111 1112");
    let wrong = b.post(&form, json!({ "billing": card })).await;
    assert_eq!(wrong.first_error(), ("card_number".into(), "Please enter a valid card number".into()));

    let mut card = crate::billing::card();
    card["is_physical_address"] = json!(true);
    card["address1"] = json!("48 Auburn Ave NE");
    card["zip"] = json!("30301");
    let paid = b.post(&form, json!({ "billing": card })).await;
    let change = paid.ok()["changes"].as_array().unwrap().last().unwrap().clone();
    let today = chrono::Local::now().date_naive().format("%m/%d/%Y").to_string();
    assert_eq!(change["what"], format!("Paid by Card ****1111 from {today}").as_str(), "{change}");
    let now = b.get(&form).await.ok().clone();
    assert_eq!(now["paid_by"], "Card ****1111");
    assert_eq!(now["form_data"]["address1"], "48 Auburn Ave NE", "billed at the address she moved to: {now}");
    // Billed at her home, her bill's address follows her next move too.
    let mut moved = b.get(&contact).await.ok()["form_data"].clone();
    moved["address1"] = json!("101 Edgewood Ave SE");
    b.post(&contact, json!({ "contact": moved })).await.ok();
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let now = b.get(&form).await.ok().clone();
    assert_eq!(now["form_data"]["address1"], "101 Edgewood Ave SE", "the bill's address follows the move: {now}");
    let receipt = b.get(&format!("/api/v1/get-receipt?enrollment_id={id}")).await.ok().clone();
    assert_eq!(receipt["payment"]["method"], "Card ****1111", "the receipt says the new way: {receipt}");

    // The card's number and security code are kept nowhere; no carrier's file says how the store is paid.
    for (table, column) in [("enrollment_tab", "data"), ("coverage_change", "person")] {
        let kept: Vec<Option<String>> =
            sqlx::query_scalar(&format!("select {column} from {table}")).fetch_all(&app.state.db).await.unwrap();
        let kept = kept.into_iter().flatten().collect::<Vec<_>>().join("\n");
        assert!(!kept.contains("4111111111111111") && !kept.contains("4111 1111"), "{table}");
    }
    let opened: Vec<String> = sqlx::query_scalar("select person from coverage_change where kind = 'change_payment'")
        .fetch_all(&app.state.db)
        .await
        .unwrap();
    let opened = app.state.crypto.decrypt(&opened[0]).unwrap();
    assert!(opened.contains("****6789") && opened.contains("****1111") && !opened.contains("123456789\""), "{opened}");
    assert!(!opened.contains("security_code"), "{opened}");
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run, api::domain::carrier_files::Run::default());
}

#[tokio::test]
async fn after_a_move_a_member_swaps_her_dental_plan_and_adds_vision_priced_for_her_household_and_each_carrier_hears_its_part_once(
) {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let form = format!("/api/v1/policies/{id}/plans");
    assert_eq!(b.get(&form).await.ok()["events"], json!([]), "no event reported yet");

    let today = chrono::Local::now().date_naive().format("%m/%d/%Y").to_string();
    let events = format!("/api/v1/policies/{id}/life-events");
    b.post(&events, json!({ "kind": "move", "event_date": today })).await.ok();
    let open = b.get(&form).await.ok().clone();
    let event = &open["events"][0];
    assert_eq!(
        (event["title"].as_str(), event["waits_for_proof"].as_bool()),
        (Some("I moved, or will move"), Some(false))
    );
    let (life_event_id, starts) = (event["life_event_id"].clone(), event["effective"].as_str().unwrap().to_string());
    let choices = event["choices"].as_array().unwrap();
    let policy = b.get(&format!("/api/v1/policies/{id}")).await.ok().clone();
    let dental = plan_of(&policy, "Dental Plans")["plan_id"].as_i64().unwrap();
    let other_dental = choices.iter().find(|c| c["category_name"] == "Dental Plans").expect("another dental plan");
    assert_eq!(other_dental["replaces_plan_id"], dental, "another dental plan replaces hers: {other_dental}");
    assert_ne!(other_dental["plan_id"], dental);
    let vision = choices.iter().find(|c| c["category_name"] == "Vision Plans").expect("a vision plan");
    assert_eq!(vision["replaces_plan_id"], Value::Null, "vision is a kind she does not hold: {vision}");
    assert!(choices.iter().all(|c| c["monthly_price"].as_str().unwrap().starts_with('$')), "{open}");
    let asks_health = app.state.workflows.current().workflows.shop.health_for(1403, "medical").is_some();
    assert!(
        asks_health && !choices.iter().any(|c| c["plan_id"] == 1403),
        "a plan asking health questions is not offered"
    );
    // Priced for the household (her alone) as the shop prices it.
    let shop = b.get(&format!("/api/v1/get-plan-pricing-detail?pid={}&enrollment_id={id}", vision["plan_id"])).await;
    let shop_price = shop.ok()["plans"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["plan_pricing_id"] == vision["plan_pricing_id"])
        .unwrap()["plan_price"]
        .clone();
    assert_eq!(vision["monthly_price"], format!("${:.2}", shop_price.as_f64().unwrap()).as_str(), "{shop_price}");

    // Refused where it is wrong: no such event, a plan not offered (the one she holds), a stranger.
    let choose = |plan: &Value| json!({ "life_event_id": life_event_id, "plan_id": plan["plan_id"], "plan_pricing_id": plan["plan_pricing_id"] });
    let refused = b.post(&form, json!({ "life_event_id": 999_999, "plan_id": vision["plan_id"], "plan_pricing_id": vision["plan_pricing_id"] })).await;
    assert_eq!(
        refused.first_error(),
        ("life_event_id".into(), "Please choose the life event that lets you choose this plan".into())
    );
    let held = plan_of(&policy, "Dental Plans").clone();
    let refused =
        b.post(&form, json!({ "life_event_id": life_event_id, "plan_id": dental, "plan_pricing_id": 1 })).await;
    assert_eq!(
        refused.first_error(),
        ("plan_id".into(), "Please choose one of the plans offered for this event".into()),
        "{held}"
    );
    let refused = b.post(&form, json!({ "life_event_id": life_event_id, "plan_id": "x", "plan_pricing_id": 1 })).await;
    assert_eq!(refused.first_error().0, "plan_id");
    assert_eq!(app.browser().post(&form, choose(vision)).await.status, StatusCode::NOT_FOUND);

    let swapped = b.post(&form, choose(other_dental)).await.ok().clone();
    let old = swapped["plans"].as_array().unwrap().iter().find(|p| p["plan_id"] == dental).unwrap().clone();
    let new =
        swapped["plans"].as_array().unwrap().iter().find(|p| p["plan_id"] == other_dental["plan_id"]).unwrap().clone();
    assert_eq!(new["monthly_price"], other_dental["monthly_price"], "it costs what it was offered at: {new}");
    let starts_on = chrono::NaiveDate::parse_from_str(&starts, "%m/%d/%Y").unwrap();
    let last_day = starts_on.pred_opt().unwrap();
    assert_eq!(
        old["last_day"],
        last_day.format("%m/%d/%Y").to_string().as_str(),
        "the old plan covers to the day before"
    );
    let never = old["effective"] == new["effective"];
    assert_eq!(
        old["status"],
        if never { "cancelled" } else { "ending" },
        "replaced before it began, it covers no day: {old}"
    );
    assert_eq!((new["effective"].as_str(), new["status"].as_str()), (Some(starts.as_str()), Some("pending")), "{new}");
    let change = swapped["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        change["what"],
        format!(
            "{} replaces {} from {starts}",
            other_dental["plan_name"].as_str().unwrap(),
            held["plan_name"].as_str().unwrap()
        )
        .as_str()
    );
    assert_eq!(change["reason"], "I moved, or will move");
    let again = b.get(&form).await.ok().clone();
    assert!(
        !again["events"][0]["choices"].as_array().unwrap().iter().any(|c| c["category_name"] == "Dental Plans"),
        "dental is chosen for the event: {again}"
    );
    let twice = b.post(&form, choose(other_dental)).await;
    assert_eq!(twice.first_error().0, "plan_id", "chosen once");
    let ending =
        b.post(&format!("/api/v1/policies/{id}/end-plan"), json!({ "plan_id": dental, "reason": "moving" })).await;
    assert_eq!(ending.status, StatusCode::CONFLICT, "the plan replaced ends already: {}", ending.body);
    let added = b.post(&form, choose(vision)).await.ok().clone();
    let change = added["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(change["what"], format!("{} covers from {starts}", vision["plan_name"].as_str().unwrap()).as_str());

    // Each carrier hears its part once: a plan's end, a plan's start, or both within the household's coverage.
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(run.failed, 0, "{run:?}");
    // A plan replaced before it began ends on its first day in the file: a 349 is never before its 348.
    let old_first = chrono::NaiveDate::parse_from_str(old["effective"].as_str().unwrap(), "%m/%d/%Y").unwrap();
    let last = last_day.max(old_first).format("%Y%m%d").to_string();
    let first = starts_on.format("%Y%m%d").to_string();
    let texts: Vec<String> = run.files.iter().map(|f| std::fs::read_to_string(f).unwrap().to_uppercase()).collect();
    let all = texts.join("\n");
    let name = |plan: &Value| plan["plan_name"].as_str().unwrap().to_uppercase();
    let old_hd = all.find(&format!("**DEN*{}", name(&held))).unwrap_or_else(|| panic!("the plan left:\n{all}"));
    assert!(all[..old_hd].ends_with("HD*024"), "the plan left ends:\n{all}");
    assert!(all[old_hd..].contains(&format!("DTP*349*D8*{last}~")), "on the day before:\n{all}");
    let new_hd =
        all.find(&format!("**DEN*{}", name(other_dental))).unwrap_or_else(|| panic!("the plan chosen:\n{all}"));
    assert!(all[..new_hd].ends_with("HD*021"), "the plan chosen starts:\n{all}");
    assert!(all[new_hd..].contains(&format!("DTP*348*D8*{first}~")), "from the event's day:\n{all}");
    let vis_hd = all.find(&format!("**VIS*{}", name(vision))).unwrap_or_else(|| panic!("vision:\n{all}"));
    assert!(all[..vis_hd].ends_with("HD*021"), "vision starts:\n{all}");
    assert!(all.contains("*43*A"), "for a move (INS04 43):\n{all}");
    for file in &run.files {
        assert_eq!(outside_errors(file), "", "both validators read {}", file.display());
    }
    // A carrier that keeps the member hears the plans' changes alone (001, its other plans not sent).
    let keeping: Vec<&String> = texts.iter().filter(|t| t.contains("INS*Y*18*001*43*A")).collect();
    for text in &keeping {
        assert!(text.contains("HD*021") || text.contains("HD*024"), "{text}");
        assert!(!text.contains("HD*001"), "its other plans are not sent:\n{text}");
    }
    let again = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    assert_eq!(again, api::domain::carrier_files::Run::default(), "once");

    // The carriers' record of the policy holds the new plans from their first day, and the old one to its last.
    let vision_carrier = app.state.catalogue.plan(vision["plan_id"].as_i64().unwrap()).unwrap().carrier_id;
    let recorded = api::domain::carrier_files::application::as_recorded(&app.state, id, vision_carrier).await.unwrap();
    assert!(recorded.coverages.iter().any(|c| c.category == "vision" && c.effective == starts_on), "{recorded:?}");

    // Cancelled within its free-look period, the policy's every carrier hears it, the plans' chosen since too.
    b.post("/api/v1/cancel-application", json!({ "enrollment_id": id, "reason": "Changed my mind" })).await.ok();
    let run = api::domain::carrier_files::run_once(&app.state).await.unwrap();
    let all: String = run.files.iter().map(|f| std::fs::read_to_string(f).unwrap().to_uppercase()).collect();
    for plan in [other_dental, vision] {
        assert!(all.contains(&format!("HD*024**{}", if plan == vision { "VIS" } else { "DEN" })), "{all}");
        assert!(all.contains(&name(plan)), "{} is cancelled with the rest:\n{all}", name(plan));
    }
}

#[tokio::test]
async fn every_kind_of_life_event_is_reported_on_the_first_and_last_day_of_its_window_not_the_day_before_or_after_and_takes_effect_as_its_rule_says(
) {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = submitted_with_two_carriers(&mut b).await;
    let events = format!("/api/v1/policies/{id}/life-events");
    let kinds = b.get(&events).await.ok().as_array().unwrap().clone();
    let version = app.state.workflows.current();
    let shipped = version.workflows.life_events.as_ref().expect("life events ship");
    assert_eq!(kinds.len(), shipped.events.len(), "every kind is offered");
    let today = chrono::Local::now().date_naive();
    let mdy = |d: chrono::NaiveDate| d.format("%m/%d/%Y").to_string();
    let first = policy_first_day(&mut b, id).await;
    for kind in &kinds {
        let name = kind["id"].as_str().unwrap();
        let (before, after) = (kind["days_before"].as_i64().unwrap(), kind["days_after"].as_i64().unwrap());
        // The event may be reported from `before` days ahead of it until `after` days after it.
        let earliest = today - chrono::Duration::days(after);
        let latest = today + chrono::Duration::days(before);
        let too_late = b.post(&events, json!({ "kind": name, "event_date": mdy(earliest.pred_opt().unwrap()) })).await;
        assert_eq!(too_late.first_error().0, "event_date", "{name}: the day after its window closed");
        assert!(too_late.first_error().1.starts_with("The time to report this ended on"), "{name}");
        let too_early = b.post(&events, json!({ "kind": name, "event_date": mdy(latest.succ_opt().unwrap()) })).await;
        assert_eq!(
            too_early.first_error(),
            ("event_date".into(), format!("This can be reported from {}", mdy(today + chrono::Duration::days(1)))),
            "{name}: the day before its window opens"
        );
        let kind_rules = shipped.event(name).unwrap();
        for date in [earliest, latest] {
            let reported = b.post(&events, json!({ "kind": name, "event_date": mdy(date) })).await;
            let reported = reported.ok();
            let effective = kind_rules.effective_date(engine::life_events::Market::Individual, date, today).max(first);
            assert_eq!(reported["effective"], mdy(effective).as_str(), "{name} on {date}: {reported}");
            let closes = date + chrono::Duration::days(after);
            assert_eq!(reported["window_closes"], mdy(closes).as_str(), "{name} on {date}");
        }
    }
}

#[tokio::test]
async fn a_member_whose_application_was_submitted_before_sign_in_was_recorded_signs_in_once_the_server_has_started() {
    let app = TestApp::new().await;
    let mut applied = app.browser();
    let id = submitted_with_two_carriers(&mut applied).await;
    let email = "dana.okafor@example.com";
    // As it was before sign-in was recorded at submission.
    sqlx::query("delete from policy_holder").execute(&app.state.db).await.unwrap();
    let mut b = app.browser();
    b.post("/api/v1/member-sign-in/send-code", json!({ "email": email })).await.ok();
    let codes = || async {
        let n: i64 = sqlx::query_scalar("select count(*) from outbox where kind = 'member_sign_in_code'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        n
    };
    assert_eq!(codes().await, 0, "no one holds it yet");

    // As the server does when it starts.
    assert_eq!(api::domain::after_sale::sign_in::hold_unheld(&app.state).await.unwrap(), 1);
    let mut b = app.browser();
    b.post("/api/v1/member-sign-in/send-code", json!({ "email": email })).await.ok();
    assert_eq!(codes().await, 1);
    let code = code_mailed_to(&app, email).await;
    assert_eq!(b.post("/api/v1/member-sign-in", json!({ "code": code })).await.ok()["policies"], 1);
    assert_eq!(b.get("/api/v1/my-policies").await.ok()[0]["enrollment_id"], id);
    let again = api::domain::after_sale::sign_in::hold_unheld(&app.state).await.unwrap();
    assert_eq!(again, 0, "each is recorded once");
}
