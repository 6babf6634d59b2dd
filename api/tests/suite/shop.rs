//! Shopping: every pricing error code from a filter and a plan of the catalogue, the popups on a plan as steps, the
//! premier plan with its membership, the accident offer, the checkout upsells, riders, menus, the personalised quote
//! and the cart snapshot at checkout. Same tests on SQLite and PostgreSQL.

use crate::common;

use crate::common::{dob_of_age, Browser, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

async fn quote(b: &mut Browser<'_>, zip: &str, tier: &str, age: i32) -> i64 {
    let answer = b
        .post(
            "/api/v1/add-filter-for-new-user",
            json!({ "zip": zip, "gender": "1", "tier": tier, "dob": dob_of_age(age) }),
        )
        .await;
    answer.ok()["temp_enrollment_id"].as_i64().unwrap()
}

async fn pricing(b: &mut Browser<'_>, id: i64, pid: i64) -> common::Answer {
    b.get(&format!("/api/v1/get-plan-pricing-detail?pid={pid}&enrollment_id={id}")).await
}

async fn flow(b: &mut Browser<'_>, id: i64, plan: i64) -> Value {
    b.get(&format!("/api/v1/shop/{id}/plan/{plan}")).await.ok().clone()
}

async fn popup(b: &mut Browser<'_>, id: i64, plan: i64, step: &str, form: Value) -> common::Answer {
    b.post(&format!("/api/v1/shop/{id}/plan/{plan}/{step}"), json!({ "formData": form })).await
}

async fn cart(b: &mut Browser<'_>, id: i64) -> Value {
    b.get(&format!("/api/v1/get-plan-cart?enrollment_id={id}")).await.ok().clone()
}

fn plan_ids(cart: &Value) -> Vec<i64> {
    cart["result"].as_array().unwrap().iter().map(|l| l["plan_id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn every_pricing_error_code_is_reachable_from_a_filter_and_a_plan_with_the_specs_words() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let atlanta = quote(&mut b, "30301", "IO", 40).await;
    let new_york = quote(&mut b, "10001", "IO", 40).await;
    let spouse = quote(&mut b, "30301", "IS", 40).await;
    let seventy = quote(&mut b, "30301", "IO", 70).await;
    let savannah = quote(&mut b, "31401", "IO", 40).await;
    let working = quote(&mut b, "30301", "IO", 40).await;
    b.put(&format!("/api/v1/change-filter-info/{working}"), json!({ "annual_incode": "60000", "working_hours": "40" }))
        .await
        .ok();
    let part_time = quote(&mut b, "30301", "IO", 40).await;
    b.put(&format!("/api/v1/change-filter-info/{part_time}"), json!({ "annual_incode": 60000, "working_hours": 10 }))
        .await
        .ok();
    let old_spouse = quote(&mut b, "30301", "IS", 40).await;
    b.post(
        "/api/v1/store-temp-dependent-info",
        json!({ "enrollment_id": old_spouse, "plan_id": 1301, "dep_dob": dob_of_age(70) }),
    )
    .await
    .ok();
    let cases: [(i64, i64, &str, &str); 12] = [
        (atlanta, 1399, "changePid", "This plan has been replaced"),
        (999_999, 1301, "enrollmentIdError", "Your quote could not be found."),
        (atlanta, 1901, "salaryError", "Please enter a sufficient annual income to add product to the cart"),
        (part_time, 1901, "hourError", "Please enter sufficient working hours"),
        (
            new_york,
            1302,
            "stateError",
            "Plan not available in your state. Please change the state by editing your basic info above.",
        ),
        (spouse, 1401, "tierError", "Plan not available for this tier. Please change the tier"),
        (seventy, 1301, "ageError", "Plan not available for selected age group"),
        (savannah, 1502, "metError", "Plan not available in the area"),
        (working, 1303, "smokerError", "Tobacco usage required"),
        (old_spouse, 1301, "planAgeError", "This plan covers a spouse aged 18 to 64 only."),
        (atlanta, 1802, "portalError", "This plan is not offered on your enrollment platform."),
        (atlanta, 1403, "newQuestionsError", "Please answer a few health questions"),
    ];
    for (id, pid, code, start) in cases {
        let answer = pricing(&mut b, id, pid).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{code}");
        assert_eq!(answer.body["statusCode"], code);
        assert!(answer.body["message"].as_str().unwrap().starts_with(start), "{code}: {}", answer.body["message"]);
    }
    assert_eq!(pricing(&mut b, atlanta, 1399).await.body["pid"], 1303, "changePid carries the new plan id");
    let questions = pricing(&mut b, atlanta, 1403).await;
    // 15.00 x 1.4 (the 40-49 band) = 21.00 for the $100,000 benefit, shown beside Enroll Now.
    assert_eq!(questions.body["plans"][0]["plan_price"], 21.0);
}

#[tokio::test]
async fn a_premier_plan_asks_eligibility_income_tobacco_and_membership_then_adds_both_lines() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;

    let first = flow(&mut b, id, 1303).await;
    assert_eq!(first["step"]["step"], "eligibility");
    assert_eq!(first["step"]["title"], "Eligibility Questions");
    assert_eq!(first["step"]["schema"]["properties"]["q1"]["title"], "Are you a legal resident of the United States?");
    assert_eq!(first["ready"], false);
    let refused = popup(&mut b, id, 1303, "eligibility", json!({ "q1": "Yes", "q2": "No", "q3": "No" })).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.first_error(), ("eligibility".into(), "Please answer yes in order to continue".into()));
    assert_eq!(refused.body["data"][1]["error_message"], "*Answer should be Yes to continue");
    let unanswered = popup(&mut b, id, 1303, "eligibility", json!({ "q1": "Yes", "q3": "No" })).await;
    assert_eq!(unanswered.first_error(), ("q2".into(), "*Answer should be Yes/No to continue".into()));
    let added_early =
        b.post("/api/v1/add-plan-to-cart-prudentials", json!({ "enrollment_id": id, "plan_id": 1303, "plan_pricing_id": 130301, "plan_id1": 3001, "plan_pricing_id1": 300101 })).await;
    assert_eq!(added_early.first_error(), ("eligibility".into(), "Please answer yes in order to continue".into()));

    let income = popup(&mut b, id, 1303, "eligibility", json!({ "q1": "Yes", "q2": "Yes", "q3": "No" })).await;
    let step = &income.ok()["step"];
    assert_eq!(step["step"], "income");
    assert!(step.get("message").is_none(), "no refusal of the income before it is asked: {step}");
    let bad_hours = popup(&mut b, id, 1303, "income", json!({ "annual_incode": 52000, "working_hours": 0 })).await;
    assert_eq!(
        bad_hours.first_error(),
        ("working_hours".into(), "Please enter the hours you work in a week (1 to 168)".into())
    );
    let tobacco = popup(&mut b, id, 1303, "income", json!({ "annual_incode": 52000, "working_hours": 40 })).await;
    assert_eq!(tobacco.ok()["step"]["step"], "tobacco");
    assert_eq!(
        tobacco.ok()["step"]["message"],
        "Tobacco usage required to price this plan. Please tell us whether you use tobacco."
    );
    let membership = popup(&mut b, id, 1303, "tobacco", json!({ "is_smoker": "1" })).await;
    let step = &membership.ok()["step"];
    assert_eq!(step["step"], "membership");
    assert_eq!(
        step["schema"]["properties"]["membership"]["oneOf"][0]["title"],
        "Harborstone Members Association (Association Membership) - $5.00 per month"
    );

    let priced = pricing(&mut b, id, 1303).await;
    // 450.00 x 1.278 (age 40) x 1.0 (IO) x 1.25 (tobacco) x 1.03 (administrative fee) = 740.44
    assert_eq!(priced.ok()["plans"][0]["plan_price"], 740.44);
    assert_eq!(priced.ok()["notices"][0], "Quotes, prices and/or rates displayed include 3% Administrative fees.");
    let alone = b
        .post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 1303, "plan_pricing_id": 130301 }))
        .await;
    assert_eq!(alone.first_error(), ("membership".into(), "Please choose a membership option to add this plan".into()));

    let done = popup(&mut b, id, 1303, "membership", json!({ "membership": "3001:300101" })).await;
    assert_eq!(done.ok()["step"], Value::Null);
    assert_eq!(done.ok()["ready"], true);
    assert_eq!(done.ok()["membership"], json!({ "plan_id": 3001, "plan_pricing_id": 300101 }));
    b.post("/api/v1/add-plan-to-cart-prudentials", json!({ "enrollment_id": id, "plan_id": 1303, "plan_pricing_id": 130301, "plan_id1": 3001, "plan_pricing_id1": 300101 }))
        .await
        .ok();
    let c = cart(&mut b, id).await;
    assert_eq!(plan_ids(&c), vec![1303, 3001]);
    assert_eq!(c["result"][1]["removable"], 0, "the membership is not removed on its own");
    // 740.44 + 5.00 = 745.44 a month; no one-time fees, so first month = recurring = total.
    assert_eq!(
        (c["initial_month_cost"].clone(), c["recurring_month_cost"].clone(), c["total_cost"].clone()),
        (json!(745.44), json!(745.44), json!(745.44))
    );
    assert_eq!(
        c["notices"],
        json!(["Quotes, prices and/or rates displayed include 3% Administrative fees."]),
        "no underwriting notice without a life plan"
    );
    let (life, life_pricing) = b.add_first_plan(id, "term_life").await;
    assert_eq!(
        cart(&mut b, id).await["notices"][1],
        "Optional Life plans are dependent on Medical Underwriting Approval.",
        "a life plan beside the premier plan brings it"
    );
    b.get(&format!("/api/v1/remove-plan-from-cart?enrollment_id={id}&plan_id={life}&plan_pricing_id={life_pricing}"))
        .await
        .ok();
    assert_eq!(b.get(&format!("/api/v1/check-prudential-cart?enrollment_id={id}")).await.ok()["status"], true);

    let membership_alone =
        b.get(&format!("/api/v1/remove-plan-from-cart?enrollment_id={id}&plan_id=3001&plan_pricing_id=300101")).await;
    assert_eq!(membership_alone.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        membership_alone.first_error().1,
        "The Harborstone Members Association membership comes with Harborstone Premier Health PPO; remove Harborstone Premier Health PPO to remove it."
    );
    b.get(&format!("/api/v1/remove-plan-from-cart?enrollment_id={id}&plan_id=1303&plan_pricing_id=130301")).await.ok();
    assert!(plan_ids(&cart(&mut b, id).await).is_empty(), "the membership leaves with its plan");
}

#[tokio::test]
async fn the_spec_calls_read_and_write_the_same_popup_answers() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IF", 40).await;
    let questions = b.get(&format!("/api/v1/get-aflac-questions?plan_id=1303&enrollment_id={id}")).await;
    assert_eq!(questions.ok()["statusCode"], 200);
    assert_eq!(
        questions.ok()["result"][1],
        json!({ "qid": 2, "question": "Are you actively at work at least 30 hours a week?", "true_condition": 1 })
    );
    let none = b.get(&format!("/api/v1/get-aflac-questions?plan_id=1101&enrollment_id={id}")).await;
    assert_eq!(none.status, StatusCode::NO_CONTENT);
    let no = b.post("/api/v1/save-aflac-questions", json!({ "enrollment_id": id, "plan_id": 1303, "aflac_data": [ { "qid": 1, "true_condition": 1 }, { "qid": 2, "true_condition": 0 }, { "qid": 3, "true_condition": 0 } ] })).await;
    assert_eq!(no.first_error().1, "Please answer yes in order to continue");
    b.post("/api/v1/save-aflac-questions", json!({ "enrollment_id": id, "plan_id": 1303, "aflac_data": [ { "qid": 1, "true_condition": 1 }, { "qid": 2, "true_condition": 1 }, { "qid": "3", "true_condition": "0" } ] }))
        .await
        .ok();
    assert_ne!(flow(&mut b, id, 1303).await["step"]["step"], "eligibility");

    let empty = b.post("/api/v1/store-temp-dependent-info", json!({ "enrollment_id": id, "plan_id": 1301 })).await;
    assert_eq!(empty.first_error(), ("dep_dob".into(), "Field is required".into()));
    let future = b
        .post(
            "/api/v1/store-temp-dependent-info",
            json!({ "enrollment_id": id, "plan_id": 1301, "dep_dob": "01/01/2099" }),
        )
        .await;
    assert_eq!(future.first_error().0, "dep_dob");
    b.post(
        "/api/v1/store-temp-dependent-info",
        json!({ "enrollment_id": id, "plan_id": 1301, "dep_dob": "03/04/1985" }),
    )
    .await
    .ok();
    let too_many = b
        .post(
            "/api/v1/store-temp-dependent-info",
            json!({ "enrollment_id": id, "plan_id": 1301, "no_of_children": "9" }),
        )
        .await;
    assert_eq!(too_many.first_error().0, "no_of_children", "Family takes 1-8 children");
    b.post("/api/v1/store-temp-dependent-info", json!({ "enrollment_id": id, "plan_id": 1301, "no_of_children": "2" }))
        .await
        .ok();
    let kept = b.get(&format!("/api/v1/get-temp-dependent-info?enrollment_id={id}")).await;
    assert_eq!(kept.ok().clone(), json!({ "spouse_dob": "03/04/1985", "no_of_children": 2 }));
    let check = b.get(&format!("/api/v1/check-dependent-dob?enrollment_id={id}&plan_id=1301")).await;
    assert_eq!(check.ok().clone(), json!({ "status": true, "depdob": "03/04/1985" }));
    assert_eq!(
        flow(&mut b, id, 1301).await["step"],
        Value::Null,
        "dependency info given: no popup on the premier plan"
    );

    let health = b.get(&format!("/api/v1/get-questions?enrollment_id={id}&plan_id=1403&type=plan")).await;
    assert_eq!(health.ok()["result"][0]["question_id"], 901);
    let declined = b.post("/api/v1/save-question-answers", json!({ "enrollment_id": id, "plan_id": 1403, "answers": [ { "question_id": 901, "yes_no_flag": 1 }, { "question_id": 902, "yes_no_flag": 0 }, { "question_id": 903, "yes_no_flag": 0 } ] })).await;
    assert_eq!(declined.body["errorCode"], "decline");
    assert!(declined.body["data"]["error_message"]
        .as_str()
        .unwrap()
        .starts_with("Based on your answers we cannot offer this plan online."));
    let partial = b
        .post(
            "/api/v1/save-question-answers",
            json!({ "enrollment_id": id, "plan_id": 1403, "answers": [ { "question_id": 901, "yes_no_flag": 0 } ] }),
        )
        .await;
    assert_eq!(partial.first_error(), ("health_questions".into(), "Please answer all questions".into()));
    let answered = b.get(&format!("/api/v1/check-already-answered?enrollment_id={id}&plan_id=1403")).await;
    assert_eq!((answered.ok()["result"].clone(), answered.ok()["accepted"].clone()), (json!(true), json!(false)));
    let all_no = json!({ "enrollment_id": id, "plan_id": 1403, "answers": [ { "question_id": 901, "yes_no_flag": 0 }, { "question_id": 902, "yes_no_flag": 0 }, { "question_id": 903, "yes_no_flag": 1 } ] });
    // Answering differently does not undo the decline.
    let again = b.post("/api/v1/save-question-answers", all_no.clone()).await;
    assert_eq!(again.body["errorCode"], "decline");
    assert!(again.body["data"]["error_message"]
        .as_str()
        .unwrap()
        .contains("This decision stands for this application."));
    // A licensed agent reopens them, on the record; then the answers are decided again.
    let refused = api::domain::shop::popups::reopen_health_questions(&app.state, id, 1403, "", "").await;
    assert!(refused.is_err(), "who and why are required");
    api::domain::shop::popups::reopen_health_questions(
        &app.state,
        id,
        1403,
        "Jordan Whitfield (agent)",
        "Applicant misread question 901; carrier approved a new answer set",
    )
    .await
    .unwrap();
    let (by, reason): (String, String) =
        sqlx::query_as("select reopened_by, reason from underwriting_reopening where enrollment_id = $1")
            .bind(id)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!(by, "Jordan Whitfield (agent)");
    assert!(reason.starts_with("Applicant misread"));
    let accepted = b.post("/api/v1/save-question-answers", all_no).await;
    assert!(accepted.ok()["success_message"].as_str().unwrap().starts_with("Thank you."));
    let stored: String = sqlx::query_scalar("select data from shop_answer where kind = 'health_questions'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(!stored.contains("q901"), "health answers are sealed at rest: {stored}");
}

#[tokio::test]
async fn the_accident_offer_follows_a_medical_plan_once_and_accepting_adds_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    assert_eq!(
        b.get(&format!("/api/v1/shop/{id}/after-add")).await.ok()["step"],
        Value::Null,
        "nothing before a medical plan"
    );
    b.add_first_plan(id, "limitedmed").await;
    let offer = b.get(&format!("/api/v1/shop/{id}/after-add")).await.ok()["step"].clone();
    assert_eq!(offer["step"], "accident");
    assert_eq!(offer["kind"], "offer");
    // The cheapest accident plan this person can buy.
    let listing = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=accident")).await;
    let cheapest = listing.ok()["result"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["plan_price"].is_number())
        .min_by(|a, b| a["plan_price"].as_f64().unwrap().total_cmp(&b["plan_price"].as_f64().unwrap()))
        .cloned()
        .unwrap();
    assert_eq!(offer["offer"]["plans"][0]["plan_id"], cheapest["plan_id"]);
    assert_eq!(offer["offer"]["price"], cheapest["plan_price"]);
    let item = b.get(&format!("/api/v1/get-suggested-plan-list-new?enrollment_id={id}")).await.ok()["result"].clone();
    assert_eq!((item["plan_id"].clone(), item["pop_up_display"].clone()), (cheapest["plan_id"].clone(), json!(1)));
    assert_eq!(item["ppid"], offer["offer"]["plans"][0]["plan_pricing_id"]);
    let accepted = b.post(&format!("/api/v1/shop/{id}/offer/accident"), json!({ "action": "accept" })).await;
    assert_eq!(accepted.ok()["redirect"], "/cart");
    assert!(plan_ids(&cart(&mut b, id).await).contains(&cheapest["plan_id"].as_i64().unwrap()));
    assert_eq!(b.get(&format!("/api/v1/shop/{id}/after-add")).await.ok()["step"], Value::Null, "offered once");
    let unknown = b.post(&format!("/api/v1/shop/{id}/offer/nope"), json!({ "action": "accept" })).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let no_action = b.post(&format!("/api/v1/shop/{id}/offer/accident"), json!({})).await;
    assert_eq!(no_action.first_error(), ("action".into(), "Field is required".into()));
}

#[tokio::test]
async fn an_applicant_sees_term_life_then_the_bundle_then_the_confirmation_with_member_enrollment_first_and_a_rep_only_the_confirmation_with_rep_enrollment_first(
) {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    b.add_first_plan(id, "limitedmed").await;
    let list = b.get(&format!("/api/v1/get-suggested-plan-list?enrollment_id={id}")).await.ok()["result"].clone();
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(
        (list[1]["plan_id"].clone(), list[1]["plan_id_1"].clone()),
        (json!(1202), json!(1102)),
        "the bundle's two plans"
    );
    let offered =
        b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    let date = offered.as_str().unwrap().to_string();
    let at = |date: &str| format!("/api/v1/shop/{id}/checkout?effective_date={date}");
    let undated = b.get(&at("")).await;
    assert_eq!(
        undated.first_error(),
        ("effective_date".into(), "Field is required".into()),
        "no empty date to confirm"
    );
    let stale = b.get(&at("01/01/2020")).await;
    assert_eq!(stale.first_error().0, "effective_date", "a date no longer offered is not confirmed");
    let early = b.post(&format!("/api/v1/shop/{id}/offer/term_life"), json!({ "action": "decline" })).await;
    assert_eq!(early.first_error().0, "effective_date", "an upsell answered without the date is not kept");
    let life = b.get(&at(&date)).await.ok()["step"].clone();
    assert_eq!(life["step"], "term_life");
    assert_eq!(life["actions"][1]["label"], "No, I like medical questions.");
    let bundle = b
        .post(&format!("/api/v1/shop/{id}/offer/term_life?effective_date={date}"), json!({ "action": "decline" }))
        .await;
    let bundle = bundle.ok()["step"].clone();
    assert_eq!(bundle["step"], "bundle");
    assert_eq!(bundle["actions"][1]["label"], "No, I like waiting periods.");
    let confirmation =
        b.post(&format!("/api/v1/shop/{id}/offer/bundle?effective_date={date}"), json!({ "action": "accept" })).await;
    let step = confirmation.ok()["step"].clone();
    assert_eq!(step["kind"], "confirmation");
    assert_eq!(step["text"], format!("Your plans will be effective as of {date}"));
    let labels: Vec<&str> = step["actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Member Enrollment", "Rep Enrollment", "Back to Cart"], "a shopper's own first: the primary");
    let ids = plan_ids(&cart(&mut b, id).await);
    assert!(ids.contains(&1202) && ids.contains(&1102) && !ids.iter().any(|p| (1401..=1403).contains(p)));

    let mut rep = app.browser();
    rep.sign_in_rep("REP7781").await;
    let rid = quote(&mut rep, "30301", "IO", 40).await;
    rep.add_first_plan(rid, "limitedmed").await;
    let straight = rep.get(&format!("/api/v1/shop/{rid}/checkout?effective_date={date}")).await;
    assert_eq!(straight.ok()["step"]["kind"], "confirmation");
    let labels: Vec<&str> =
        straight.ok()["step"]["actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Rep Enrollment", "Member Enrollment", "Back to Cart"], "a rep's first: the primary");
}

#[tokio::test]
async fn blackout_and_already_active_plans_are_refused_with_the_servers_words() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    let blackout = b
        .post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 2302, "plan_pricing_id": 230201 }))
        .await;
    assert_eq!(blackout.body["statusCode"], "blackout");
    assert!(blackout.body["message"]
        .as_str()
        .unwrap()
        .starts_with("Brightbite Pet Wellness is closed to new enrollments"));

    let mut maria = app.browser();
    let token = api::domain::members::link_token(&app.state.crypto, 5001);
    let opened = maria.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await;
    let mid = opened.ok()["temp_enrollment_id"].as_i64().unwrap();
    let active = maria
        .post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": mid, "plan_id": 2201, "plan_pricing_id": 220101 }))
        .await;
    assert_eq!(active.body["statusCode"], "alreadyActive");
    assert!(active.body["message"].as_str().unwrap().contains("policy 4405518820"));
}

#[tokio::test]
async fn riders_are_offered_with_their_plan_and_leave_with_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    let early = b
        .post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 2401, "plan_pricing_id": 240101 }))
        .await;
    assert_eq!(early.status, StatusCode::NOT_FOUND, "a rider is not sold alone");
    b.post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 1401, "plan_pricing_id": 140101 }))
        .await
        .ok();
    let c = cart(&mut b, id).await;
    assert_eq!(c["riders"][0]["plan_id"], 2401);
    assert_eq!(c["riders"][0]["price"], 4.5);
    b.post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 2401, "plan_pricing_id": 240101 }))
        .await
        .ok();
    let c = cart(&mut b, id).await;
    assert_eq!(plan_ids(&c), vec![1401, 2401]);
    assert!(c["riders"].as_array().unwrap().is_empty());
    b.get(&format!("/api/v1/remove-plan-from-cart?enrollment_id={id}&plan_id=1401&plan_pricing_id=140101")).await.ok();
    assert!(plan_ids(&cart(&mut b, id).await).is_empty());
}

#[tokio::test]
async fn listings_show_plans_a_popup_can_price_and_say_why_a_section_is_empty() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    let medical = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=medical")).await;
    let ids: Vec<i64> =
        medical.ok()["result"].as_array().unwrap().iter().map(|p| p["plan_id"].as_i64().unwrap()).collect();
    assert_eq!(
        ids[..3],
        [1301, 1302, 1303],
        "the premier plan is listed (its popups price it); membership and retired plans are not"
    );
    assert!(!ids.contains(&1399) && !ids.contains(&3001));
    assert!(ids.len() > 3, "the market's medical plans sold in Georgia are listed too: {ids:?}");
    let di = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=di")).await;
    assert_eq!(di.ok()["result"][0]["plan_price"], Value::Null, "a disability plan hides its price");
    let couple = quote(&mut b, "30301", "IS", 40).await;
    let life = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={couple}&categories=term_life")).await;
    assert_eq!(
        (life.ok()["result"].clone(), life.ok()["message"].clone()),
        (json!([]), json!("Plans are available for IO tier only"))
    );
    // A 70-year-old buys dental as real carriers sell it, and Medicare Supplements; not under-65 medical plans.
    let seventy = quote(&mut b, "30301", "IO", 70).await;
    let dental = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={seventy}&categories=dental")).await;
    assert!(!dental.ok()["result"].as_array().unwrap().is_empty());
    assert_eq!(dental.ok()["message"], Value::Null);
    let supplements =
        b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={seventy}&categories=supplemental")).await;
    assert!(supplements.ok()["result"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["plan_name"].as_str().unwrap().contains("Medicare Supplement")));
    let none = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={seventy}&categories=medical")).await;
    assert_eq!(none.ok()["message"], "No Plans are available for your selection");

    let menu = b.get("/api/v1/get-common-menu?eprocess=applicant").await;
    assert_eq!(menu.ok().as_array().unwrap().len(), 13);
    assert_eq!(menu.ok()[0], "dental");
    let group = b.get("/api/v1/get-group-menu?group_id=4242").await;
    assert_eq!(group.first_error(), ("group_id".into(), "Please choose a group".into()));
    assert_eq!(b.get("/api/v1/get-group-menu?group_id=2556").await.ok()["menu"].as_array().unwrap().len(), 13);
    // The count is what the quote's medical listing shows.
    let listed_medical = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=medical")).await.ok()
        ["result"]
        .as_array()
        .unwrap()
        .len();
    let side = b.get(&format!("/api/v1/get-left-side-filter-fields?enrollment_id={id}")).await;
    assert_eq!(
        side.ok()["result"]["categories"][2],
        json!({ "category": "medical", "display_name": "Medical Plans", "section_name": "Medical", "count": listed_medical, "selected": false })
    );
    let limited = &side.ok()["result"]["categories"][4];
    assert_eq!(
        (&limited["display_name"], &limited["section_name"]),
        (&json!("Limited Med Plans"), &json!("Limited Medical"))
    );
    // The header menu's plans are the catalogue's, before any quote.
    let in_catalogue = app.state.catalogue.plans.iter().filter(|p| p.listed && p.category == "medical").count();
    let menu_plans = b.get("/api/v1/get-menu-filtered-plans?category=medical").await;
    assert_eq!(menu_plans.ok()["result"].as_array().unwrap().len(), in_catalogue);
    assert_eq!(b.get("/api/v1/get-menu-filtered-plans?category=nope").await.first_error().0, "category");
    let related = b.get(&format!("/api/v1/get-related-plans?plan_id=1101&enrollment_id={id}")).await;
    assert_eq!(related.ok()["result"][0]["plan_id"], 1102);
    let portals = b.get("/api/v1/get-enrollment-platforms").await;
    assert_eq!(
        portals.ok()[1],
        json!({ "platform_group_id": 12, "platform_name": "Harborstone Worksite Portal", "platform_code": "HWP" })
    );

    let portal = flow(&mut b, id, 1802).await;
    assert_eq!(portal["step"]["step"], "select_portal");
    assert_eq!(
        portal["step"]["schema"]["properties"]["platform_group_id"]["oneOf"],
        json!([{ "const": 12, "title": "Harborstone Worksite Portal" }])
    );
    let chosen = popup(&mut b, id, 1802, "select_portal", json!({ "platform_group_id": 12 })).await;
    assert_eq!(chosen.ok()["ready"], true);
    let tier = quote(&mut b, "30301", "IS", 40).await;
    let choose = flow(&mut b, tier, 1401).await;
    assert_eq!(choose["step"]["step"], "choose_tier");
    popup(&mut b, tier, 1401, "choose_tier", json!({ "tier": "IO" })).await.ok();
    assert!(pricing(&mut b, tier, 1401).await.status.is_success(), "the quote is now Member Only");
}

#[tokio::test]
async fn a_rep_previews_and_sends_a_personalised_quote_by_e_mail() {
    let app = TestApp::new().await;
    let mut applicant = app.browser();
    let id = quote(&mut applicant, "30301", "IO", 40).await;
    applicant.add_first_plan(id, "dental").await;
    let refused = applicant
        .post(
            "/api/v1/save-enrollment",
            json!({ "enrollment_id": id, "tab": "cart_info", "name": "Ana", "email": "ana@example.com" }),
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "applicants have no quote button");

    let mut rep = app.browser();
    rep.sign_in_rep("REP7781").await;
    let rid = quote(&mut rep, "30301", "IO", 40).await;
    rep.add_first_plan(rid, "dental").await;
    let bad = rep
        .get(&format!(
            "/api/v1/get-quote-preview-content?enrollment_id={rid}&tab=cart_info&type=preview&name=Ana1&email=ana"
        ))
        .await;
    let errors: Vec<(String, String)> = bad.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["target_element"].as_str().unwrap().into(), e["error_message"].as_str().unwrap().into()))
        .collect();
    assert_eq!(
        errors,
        vec![
            ("name".into(), "Please enter valid name".into()),
            ("email".into(), "Please enter valid email address".into())
        ]
    );
    let empty = rep
        .post(
            "/api/v1/save-enrollment",
            json!({ "enrollment_id": rid, "tab": "cart_info", "email": "ana@example.com" }),
        )
        .await;
    assert_eq!(empty.first_error(), ("name".into(), "Field is required".into()));
    let preview = rep.get(&format!("/api/v1/get-quote-preview-content?enrollment_id={rid}&tab=cart_info&type=preview&name=Ana%20Ruiz&email=ana%40example.com&message=As%20discussed")).await;
    let content = preview.ok()["content"].as_str().unwrap().to_string();
    assert!(
        content.contains("Hello Ana Ruiz,")
            && content.contains("As discussed")
            && content.contains("Brightbite Dental Preferred PPO"),
        "{content}"
    );
    let sent = rep.post("/api/v1/save-enrollment", json!({ "enrollment_id": rid, "tab": "cart_info", "name": "Ana Ruiz", "email": "ana@example.com", "message": "As discussed" })).await;
    assert_eq!(sent.ok()["message"], "Quote Successfully Sent to ana@example.com");
    let (to, body): (String, String) = sqlx::query_as("select recipient, body from outbox where kind = 'quote'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(to, "ana@example.com");
    assert_eq!(app.state.crypto.decrypt(&body).as_deref(), Some(content.as_str()), "the e-mail is the preview, sealed");
}

#[tokio::test]
async fn checkout_keeps_a_snapshot_of_the_cart_as_the_person_saw_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    b.add_first_plan(id, "dental").await;
    let seen = cart(&mut b, id).await;
    let date = b.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await.ok()["result"][0].clone();
    b.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date, "type": "member" }))
        .await
        .ok();
    let data: String = sqlx::query_scalar("select data from cart_snapshot where enrollment_id = $1")
        .bind(id)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let snapshot: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(snapshot["cart"], seen);
    assert_eq!(snapshot["effective_date"], date);
    assert_eq!(snapshot["filter"]["zip"], "30301");
}

#[tokio::test]
async fn a_member_on_member_and_spouse_is_asked_the_spouses_birth_date_on_a_premier_plan() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let token = api::domain::members::link_token(&app.state.crypto, 5001);
    let opened = b.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IS" })).await;
    let id = opened.ok()["temp_enrollment_id"].as_i64().unwrap();
    let step = flow(&mut b, id, 1301).await["step"].clone();
    assert_eq!(step["step"], "dependency_info");
    assert_eq!(step["schema"]["required"], json!(["dep_dob"]));
    let answered = popup(&mut b, id, 1301, "dependency_info", json!({ "dep_dob": "08/02/1977" })).await;
    assert_eq!(answered.ok()["step"], Value::Null, "{:?}", answered.body);
    assert_eq!(answered.ok()["ready"], true);
}

#[tokio::test]
async fn the_quote_form_is_a_step_worded_for_where_it_is_asked_the_referral_banner_gets_its_parts_and_the_tier_is_asked_alone(
) {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let landing = b.get("/api/v1/filter-form").await;
    let landing = landing.ok();
    assert_eq!((landing["kind"].clone(), landing["step"].clone()), (json!("form"), json!("filter")));
    assert_eq!(landing["actions"][0], json!({ "action": "next", "label": "Submit" }));
    assert!(landing["schema"]["properties"]["is_smoker"].is_null(), "the landing form does not ask about smoking");
    assert!(landing["parts"].is_null());

    let parts = b.get("/api/v1/filter-form?variant=parts").await;
    let parts = parts.ok();
    let fields: Vec<Value> = parts["parts"].as_array().unwrap().iter().map(|p| p["fields"].clone()).collect();
    assert_eq!(fields, vec![json!(["zip"]), json!(["gender", "is_smoker"]), json!(["tier", "dob"])]);
    assert_eq!(parts["parts"][1]["required"], "Please fill the both fields.");
    assert_eq!(parts["parts"][0]["title"], "Your ZIP code");
    let smoker = &parts["schema"]["properties"]["is_smoker"]["oneOf"][0];
    assert_eq!((smoker["const"].clone(), smoker["title"].clone()), (json!("1"), json!("Yes")));
    assert!(parts["schema"]["required"].as_array().unwrap().contains(&json!("is_smoker")));

    let new_quote = b.get("/api/v1/filter-form?variant=dialog").await;
    assert_eq!(new_quote.ok()["title"], "Get your price");
    assert_eq!(new_quote.ok()["actions"][0]["label"], "See my prices");
    let id = quote(&mut b, "30301", "IO", 40).await;
    let editing = b.get(&format!("/api/v1/filter-form?enrollment_id={id}&variant=dialog")).await;
    assert_eq!(editing.ok()["title"], "Edit your information");
    assert_eq!(editing.ok()["formData"]["zip"], "30301");

    let tier = b.get(&format!("/api/v1/filter-form?enrollment_id={id}&variant=tier")).await;
    let tier = tier.ok();
    assert_eq!(tier["step"], "tier");
    assert_eq!(tier["formData"], json!({ "tier": "IO" }), "a member's home starts from Member Only");
    assert_eq!(tier["schema"]["required"], json!(["tier"]));
    assert_eq!(tier["schema"]["properties"]["tier"]["x-messages"]["required"], "Please choose a tier");
    assert!(tier["schema"]["properties"]["dob"].is_null(), "the tier is asked alone");
    let for_new_member = b.get("/api/v1/filter-form?variant=tier").await;
    assert_eq!(for_new_member.ok()["formData"], json!({}), "a rep's Enroll Now starts from no tier");

    let unknown = b.get("/api/v1/filter-form?variant=wizard").await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unknown.first_error().0, "variant");
}

#[tokio::test]
async fn the_quote_form_asks_the_category_with_a_premier_plan_and_keeps_the_tiers_dependents() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IS", 40).await;
    let plain = b.get(&format!("/api/v1/filter-form?enrollment_id={id}")).await;
    assert!(plain.ok()["schema"]["properties"]["category"].is_null());
    let medical = b.get(&format!("/api/v1/filter-form?enrollment_id={id}&category=medical")).await;
    assert_eq!(
        medical.ok()["schema"]["properties"]["category"]["title"],
        "Category",
        "choosing medical selects premier"
    );
    let dental = b.get(&format!("/api/v1/filter-form?enrollment_id={id}&category=dental")).await;
    assert!(dental.ok()["schema"]["properties"]["category"].is_null());
    let premier = b.get(&format!("/api/v1/filter-form?enrollment_id={id}&plan_id=1303")).await;
    let schema = &premier.ok()["schema"];
    assert_eq!(schema["properties"]["category"]["title"], "Category");
    assert!(schema["required"].as_array().unwrap().contains(&json!("category")));
    assert_eq!(schema["properties"]["tier"]["oneOf"][2]["title"], "Member + 1 Child");
    let tier = b.get(&format!("/api/v1/filter-form?enrollment_id={id}&plan_id=1303&variant=tier")).await;
    let tier = tier.ok();
    assert_eq!(tier["formData"], json!({}), "with a premier plan the member chooses the tier again");
    assert_eq!(tier["uiSchema"]["tier"]["ui:placeholder"], "Choose Tier");
    assert_eq!(tier["schema"]["properties"]["tier"]["oneOf"][2]["title"], "Member + 1 Child");
    let base = json!({ "zip": "30301", "gender": "1", "tier": "IS", "dob": dob_of_age(40), "plan_id": "1303" });
    let missing = b.put(&format!("/api/v1/change-filter-info/{id}"), base.clone()).await;
    assert_eq!(missing.first_error(), ("category".into(), "Field is required".into()));
    let mut base = base;
    base["category"] = json!("medical");
    b.put(&format!("/api/v1/change-filter-info/{id}"), base.clone()).await.ok();
    let mut future = base.clone();
    future["spouse_dob"] = json!("01/01/2099");
    let refused = b.put(&format!("/api/v1/change-filter-info/{id}"), future).await;
    assert_eq!(refused.first_error(), ("spouse_dob".into(), "Date cannot be today or a future date".into()));
    let mut spouse = base.clone();
    spouse["spouse_dob"] = json!("07/07/1984");
    b.put(&format!("/api/v1/change-filter-info/{id}"), spouse).await.ok();
    let kept = b.get(&format!("/api/v1/get-temp-dependent-info?enrollment_id={id}")).await;
    assert_eq!(kept.ok()["spouse_dob"], "07/07/1984");
}

#[tokio::test]
async fn an_employer_sponsored_plan_asks_the_group_code_and_the_employer_then_prices() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    let first = flow(&mut b, id, 1902).await;
    assert_eq!(first["step"]["step"], "group_code");
    let refused = b
        .post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 1902, "plan_pricing_id": 190201 }))
        .await;
    assert_eq!(refused.first_error().0, "group_code");
    let info = b.get(&format!("/api/v1/group-enrollment-info?enrollment_id={id}&plan_id=1902")).await;
    assert_eq!(
        (info.ok()["has_enrollment"].clone(), info.ok()["capture_groupcode"].clone()),
        (json!(false), json!(true))
    );
    let empty = popup(&mut b, id, 1902, "group_code", json!({})).await;
    assert_eq!(empty.first_error(), ("group_code".into(), "Field is required".into()));
    let wrong = popup(&mut b, id, 1902, "group_code", json!({ "group_code": "NOPE" })).await;
    assert_eq!(wrong.first_error(), ("group_code".into(), "Invalid Group Enrollment Code".into()));
    let other = popup(&mut b, id, 1902, "group_code", json!({ "group_code": "LSDL2512" })).await;
    assert_eq!(
        other.first_error().1,
        "Fairmeadow Short-Term Disability is not offered to employees of Lone Star Dental Labs"
    );
    let confirm = popup(&mut b, id, 1902, "group_code", json!({ "group_code": "peach2556" })).await;
    assert_eq!(confirm.ok()["step"]["step"], "confirm_group");
    assert_eq!(
        confirm.ok()["step"]["schema"]["properties"]["confirm"]["title"],
        "Is Peachtree Logistics your employer?"
    );
    let again = popup(&mut b, id, 1902, "confirm_group", json!({ "confirm": "No" })).await;
    assert_eq!(again.ok()["step"]["step"], "group_code", "No asks for the code again");
    popup(&mut b, id, 1902, "group_code", json!({ "group_code": "PEACH2556" })).await.ok();
    let next = popup(&mut b, id, 1902, "confirm_group", json!({ "confirm": "Yes" })).await;
    assert_eq!(next.ok()["step"]["step"], "income", "the plan's own questions follow");
    let info = b.get(&format!("/api/v1/group-enrollment-info?enrollment_id={id}&plan_id=1902")).await;
    assert_eq!((info.ok()["has_enrollment"].clone(), info.ok()["group_id"].clone()), (json!(true), json!(2556)));
    let kind = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=type")).await;
    assert_eq!(kind.ok()["result"], "new-group-member");
    let parties = b.get(&format!("/api/v1/get-group-agent-member-info?enrollment_id={id}")).await;
    assert_eq!(parties.ok()["enrollment_type"], "new-group-member");
    assert_eq!(parties.ok()["result"]["group_info"]["name"], "Peachtree Logistics");
    assert_eq!(parties.ok()["result"]["group_info"]["code"], "PEACH2556", "the employee gave it");
    let by_group = b.get("/api/v1/get-group-agent-member-info?group_id=3101").await;
    assert_eq!(by_group.ok()["result"]["group_info"]["name"], "Bayou Freight Cooperative");
    assert_eq!(by_group.ok()["result"]["group_info"]["code"], Value::Null, "another group's code stays with it");
    assert_eq!(b.get("/api/v1/get-group-agent-member-info?group_id=1").await.first_error().0, "group_id");

    let other_quote = quote(&mut b, "30301", "IO", 40).await;
    let set = b
        .post(
            "/api/v1/set-enrollment-group-code",
            json!({ "enrollment_id": other_quote, "group_code": "BAYOU3101", "plan_id": 1902 }),
        )
        .await;
    assert_eq!(set.ok()["name"], "Bayou Freight Cooperative");
    let bad =
        b.post("/api/v1/set-enrollment-group-code", json!({ "enrollment_id": other_quote, "group_code": "" })).await;
    assert_eq!(bad.first_error(), ("group_code".into(), "Field is required".into()));
}

#[tokio::test]
async fn two_or_three_plans_of_a_category_are_compared_side_by_side_priced_for_the_quote() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    let compared = b.get(&format!("/api/v1/compare-plans?plan_ids=1301,1302&enrollment_id={id}")).await;
    let c = compared.ok();
    assert_eq!(c["category_name"], "Medical Plans");
    let plans = c["plans"].as_array().unwrap();
    assert_eq!(plans.len(), 2);
    let listing = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=medical")).await;
    let listed_price = |pid: i64| {
        listing.ok()["result"].as_array().unwrap().iter().find(|p| p["plan_id"] == pid).unwrap()["plan_price"].clone()
    };
    assert_eq!(plans[0]["plan_price"], listed_price(1301), "the cheapest level, as the listing prices it");
    let row = |key: &str| c["facts"].as_array().unwrap().iter().find(|f| f["key"] == key).cloned().unwrap();
    // Each plan's cheapest level, with that level's facts.
    assert_eq!(
        (plans[0]["option_name"].clone(), plans[1]["option_name"].clone()),
        (json!("Silver 2500"), json!("Bronze 6000"))
    );
    assert_eq!(row("deductible_usd")["label"], "Deductible");
    assert_eq!(row("deductible_usd")["values"], json!(["$2,500", "$6,000"]));
    assert_eq!(row("network")["values"], json!(["PPO", "HMO"]));
    assert_eq!(row("coinsurance_percent")["values"][0], "20%");

    // Without a quote: from-prices, and the first level's facts.
    let anonymous = b.get("/api/v1/compare-plans?plan_ids=1101,1102").await;
    assert!(anonymous.ok()["plans"][0]["plan_price"].is_null());
    assert!(anonymous.ok()["plans"][0]["from_price"].as_f64().unwrap() > 0.0);
    let waiting =
        anonymous.ok()["facts"].as_array().unwrap().iter().find(|f| f["key"] == "major_waiting_period_months").cloned();
    assert_eq!(waiting.unwrap()["values"], json!(["12 months", "None"]));

    for (query, message) in [
        ("plan_ids=1301", "Choose two or three plans to compare"),
        ("plan_ids=1301,1302,1303,1101", "Choose two or three plans to compare"),
        ("plan_ids=1301,x", "Choose two or three plans to compare"),
        ("plan_ids=1301,1101", "Plans of one kind are compared: choose plans of the same category"),
    ] {
        let refused = b.get(&format!("/api/v1/compare-plans?{query}")).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(refused.first_error(), ("plan_ids".into(), message.into()), "{query}");
    }
    assert_eq!(
        b.get("/api/v1/compare-plans?plan_ids=1301,3001").await.status,
        StatusCode::NOT_FOUND,
        "not sold on its own"
    );

    // A card shows what its category is compared by, over every level of the plan, as its text does.
    let cards = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental")).await;
    let first = &cards.ok()["result"][0];
    assert_eq!(first["plan_id"], 1101);
    assert_eq!(
        first["highlights"],
        json!([
            { "label": "Network", "value": "PPO" },
            { "label": "Annual maximum", "value": "$1,000 to $1,500" },
            { "label": "Deductible", "value": "$50" },
        ])
    );
    assert!(first["plan_short_text"].as_str().unwrap().contains("up to $1,500"), "{first}");
}

#[tokio::test]
async fn a_listing_comes_a_page_at_a_time_when_the_page_asks_for_one_and_whole_otherwise() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    let whole = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental")).await;
    let all: Vec<Value> = whole.ok()["result"].as_array().unwrap().clone();
    assert!(whole.ok().get("total").is_none(), "an answer without paging is as it always was");
    assert!(all.len() > 5);
    let first =
        b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental&page=1&per_page=5")).await;
    assert_eq!(first.ok()["total"], all.len());
    assert_eq!(first.ok()["result"].as_array().unwrap()[..], all[..5]);
    let second =
        b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental&page=2&per_page=5")).await;
    assert_eq!(second.ok()["result"].as_array().unwrap()[..], all[5..10.min(all.len())]);
    let past =
        b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental&page=99&per_page=5")).await;
    assert!(past.ok()["result"].as_array().unwrap().is_empty());
    for (query, field) in [("page=0&per_page=5", "page"), ("page=1&per_page=500", "per_page"), ("page=x", "page")] {
        let refused = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental&{query}")).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(refused.first_error().0, field, "{query}");
    }
}

#[tokio::test]
async fn a_plan_waiting_for_the_income_its_questions_ask_is_not_refused_for_it_until_it_is_given() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    let waiting = pricing(&mut b, id, 1901).await;
    assert_eq!(waiting.body["code"], "salaryError", "the spec's call keeps its code: {}", waiting.body);
    assert_eq!(
        waiting.body["asked"],
        "Your annual income and the hours you work decide this plan's price: answer a few questions to see it.",
        "asked by its questions, not answered yet: {}",
        waiting.body
    );
    let popup = b.get(&format!("/api/v1/shop/{id}/plan/1901")).await;
    assert!(popup.ok()["step"].get("message").is_none(), "the income popup opens without a refusal: {}", popup.body);
    b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "annual_incode": 1000, "working_hours": 40 }))
        .await
        .ok();
    let refused = pricing(&mut b, id, 1901).await;
    assert_eq!(refused.body["code"], "salaryError");
    assert!(refused.body.get("asked").is_none(), "an income given and too low is refused: {}", refused.body);
}

/// The listing's price of a plan (none while it waits for answers, which the entry then says).
async fn listed_price(b: &mut Browser<'_>, id: i64, category: &str, plan_id: i64) -> Value {
    let listing = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories={category}")).await;
    let entry = listing.ok()["result"].as_array().unwrap().iter().find(|p| p["plan_id"] == plan_id).cloned();
    let entry = entry.unwrap_or_else(|| panic!("plan {plan_id} is listed"));
    assert_eq!(
        entry["plan_price"].is_null(),
        entry.get("price_note").is_some(),
        "a price, or what it waits for: {entry}"
    );
    entry["plan_price"].clone()
}

#[tokio::test]
async fn a_listing_asked_again_opens_no_health_answer_until_the_answers_change() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "30301", "IO", 40).await;
    assert_eq!(listed_price(&mut b, id, "term_life", 1403).await, Value::Null, "waits for its health questions");
    let all_no = json!({ "enrollment_id": id, "plan_id": 1403, "answers": [ { "question_id": 901, "yes_no_flag": 0 }, { "question_id": 902, "yes_no_flag": 0 }, { "question_id": 903, "yes_no_flag": 1 } ] });
    b.post("/api/v1/save-question-answers", all_no).await.ok();
    let priced = listed_price(&mut b, id, "term_life", 1403).await;
    assert!(priced.as_f64().is_some_and(|p| p > 0.0), "priced once its answers are accepted: {priced}");
    // The sealed answers are made unreadable behind the store's back (their revision unchanged): a listing asked
    // again still knows they were accepted, so it did not read them again.
    sqlx::query("update shop_answer set data = $1 where enrollment_id = $2 and kind = 'health_questions'")
        .bind(r#"{"sealed":"unreadable"}"#)
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
    assert_eq!(listed_price(&mut b, id, "term_life", 1403).await, priced, "the same listing asked again");
    // Any change of the enrollment's answers raises their revision (here an eligibility answer for another plan):
    // the next listing reads the health answers as they now are, and these no longer open.
    popup(&mut b, id, 1303, "eligibility", json!({ "q1": "Yes", "q2": "Yes", "q3": "No" })).await.ok();
    assert_eq!(listed_price(&mut b, id, "term_life", 1403).await, Value::Null, "read again after the change");
}
