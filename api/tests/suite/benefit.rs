//! The benefit service (`/benefit/v1`): recommendations computed from carts and enrollments and limited to what the
//! visitor may buy, the sealed ids of recommendation links, the location banner's leads, and the help chat.

use crate::common::{Browser, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

const B: &str = "/benefit/v1";

fn plan_ids(answer: &Value) -> Vec<i64> {
    answer["recommendations"].as_array().unwrap().iter().map(|r| r["plan_id"].as_i64().unwrap()).collect()
}

/// Adds a plan's cheapest option to the quote's cart.
async fn add(b: &mut Browser<'_>, id: i64, plan_id: i64) {
    let pricing = b.get(&format!("/api/v1/get-plan-pricing-detail?pid={plan_id}&enrollment_id={id}")).await;
    let pricing_id = pricing.ok()["plans"][0]["plan_pricing_id"].as_i64().unwrap();
    b.post(
        "/api/v1/add-plan-to-cart",
        json!({ "enrollment_id": id, "plan_id": plan_id, "plan_pricing_id": pricing_id }),
    )
    .await
    .ok();
}

async fn association_of(b: &mut Browser<'_>, plan: i64) -> Vec<i64> {
    plan_ids(b.get(&format!("{B}/recommendation/association?planID={plan}")).await.ok())
}

#[tokio::test]
async fn a_fresh_store_recommends_its_most_chosen_plans_from_the_seeded_history() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let popular = b.get(&format!("{B}/recommendation/popularity")).await;
    let data = popular.ok();
    assert_eq!(data["basis"], "popularity");
    let ids = plan_ids(data);
    assert!(ids.len() >= 10, "a fresh install recommends from its history: {ids:?}");
    let scores: Vec<f64> =
        data["recommendations"].as_array().unwrap().iter().map(|r| r["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "most chosen first: {scores:?}");
    for id in ids {
        let plan = app.state.catalogue.plan(id).unwrap();
        assert!(plan.listed && plan.rider_of.is_empty(), "only plans sold on their own: {id}");
    }
}

#[tokio::test]
async fn people_alike_are_recommended_what_people_alike_chose_and_otherwise_what_everyone_chose() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let alike = b.get(&format!("{B}/recommendation/filter?state=GA&tier=IO&age=34&gender=1")).await;
    assert_eq!(alike.ok()["basis"], "people_like_you");
    assert_eq!(alike.ok()["recommendations"][0]["reason"], "Popular with people like you");
    // Nobody in the history lives in Alaska: everyone's choices instead.
    let nobody = b.get(&format!("{B}/recommendation/filter?state=AK&tier=IF&age=70&gender=0")).await;
    assert_eq!(nobody.ok()["basis"], "popularity");
    // Without details and without a quote: everyone's choices.
    assert_eq!(b.get(&format!("{B}/recommendation/filter")).await.ok()["basis"], "popularity");
    // The quote's filter stands in for details not given (a woman of 40 in Georgia, Member Only).
    let id = b.start("IO").await;
    let from_quote = b.get(&format!("{B}/recommendation/filter?enrollment_id={id}")).await;
    assert_eq!(from_quote.ok()["basis"], "people_like_you");
    for (query, field, message) in [
        ("tier=XX", "tier", "Please choose a tier"),
        ("age=200", "age", "Please enter an age from 0 to 120"),
        ("age=old", "age", "Please enter an age from 0 to 120"),
        ("gender=2", "gender", "Please choose a gender"),
        ("state=Georgia", "state", "Please choose a state"),
    ] {
        let refused = b.get(&format!("{B}/recommendation/filter?{query}")).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(refused.first_error(), (field.to_string(), message.to_string()), "{query}");
    }
}

#[tokio::test]
async fn a_new_association_appears_once_enough_carts_hold_two_plans_together() {
    let app = TestApp::new().await;
    let mut visitor = app.browser();
    // Pet insurance and accident cover: the seeded history never holds them together.
    let (pet, accident) = (2301, 2101);
    assert!(!association_of(&mut visitor, pet).await.contains(&accident));
    for cart in 1..=engine_min_together() {
        let mut shopper = app.browser();
        let id = shopper.start("IO").await;
        add(&mut shopper, id, pet).await;
        add(&mut shopper, id, accident).await;
        app.state.recommender.refresh(&app.state.db).await.unwrap();
        let also = association_of(&mut visitor, pet).await;
        if cart < engine_min_together() {
            assert!(!also.contains(&accident), "{cart} carts make no rule yet");
        } else {
            assert!(also.contains(&accident), "{cart} carts make a rule: {also:?}");
        }
    }
    let answer = visitor.get(&format!("{B}/recommendation/association?planID={pet}")).await;
    let rule = answer.ok()["recommendations"].as_array().unwrap().iter().find(|r| r["plan_id"] == accident).cloned();
    let reason = rule.unwrap()["reason"].as_str().unwrap().to_string();
    assert!(reason.ends_with("of people who chose Fairmeadow Pet Protect also chose it"), "{reason}");
    // The cart stands in for planID, and what is already in it is not recommended again.
    let id = visitor.start("IO").await;
    add(&mut visitor, id, pet).await;
    let from_cart = visitor.get(&format!("{B}/recommendation/association?enrollment_id={id}")).await;
    let ids = plan_ids(from_cart.ok());
    assert!(ids.contains(&accident) && !ids.contains(&pet), "{ids:?}");
    let refused = visitor.get(&format!("{B}/recommendation/association?planID=pet")).await;
    assert_eq!(refused.first_error().0, "planID");
}

fn engine_min_together() -> usize {
    api::services::recommender::MIN_TOGETHER
}

#[tokio::test]
async fn recommendations_leave_out_what_the_visitor_may_not_buy_on_their_site() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    // The partner site sells six categories.
    b.get("/api/v1/get-external-site-infromation?site_name=elevate").await.ok();
    let offered = ["medical", "dental", "vision", "term_life", "accident", "hospital"];
    let popular = b.get(&format!("{B}/recommendation/popularity")).await;
    let ids = plan_ids(popular.ok());
    assert!(!ids.is_empty());
    for id in &ids {
        let category = &app.state.catalogue.plan(*id).unwrap().category;
        assert!(offered.contains(&category.as_str()), "{id} ({category}) is not sold on the partner's site");
    }
    let cards = b.get(&format!("{B}/recommendation/plan-details?plan_list=2301,1101")).await;
    let carded: Vec<i64> = cards.ok().as_array().unwrap().iter().map(|c| c["plan_id"].as_i64().unwrap()).collect();
    assert_eq!(carded, vec![1101], "pet insurance is not sold there, so it has no card");

    // What is in the cart is not recommended again.
    let mut shopper = app.browser();
    let id = shopper.start("IO").await;
    let top = plan_ids(shopper.get(&format!("{B}/recommendation/popularity")).await.ok())[0];
    add(&mut shopper, id, top).await;
    let after = plan_ids(shopper.get(&format!("{B}/recommendation/popularity?enrollment_id={id}")).await.ok());
    assert!(!after.contains(&top), "{top} is in the cart: {after:?}");
}

#[tokio::test]
async fn a_plan_in_blackout_or_already_active_for_the_member_carries_the_servers_words() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let cards = b.get(&format!("{B}/recommendation/plan-details?plan_list=2302,1101")).await;
    let blackout = &cards.ok()[0];
    assert_eq!(blackout["plan_id"], 2302);
    assert_eq!(blackout["notice"]["code"], "blackout");
    let words = &app.state.catalogue.plan(2302).unwrap().blackout.as_ref().unwrap().message;
    assert_eq!(blackout["notice"]["message"], words.en.as_str());
    assert!(cards.ok()[1]["notice"].is_null());

    // Maria Alvarez has Harborstone Hospital Indemnity (2201) active.
    let token = api::domain::members::link_token(&app.state.crypto, 5001);
    let opened = b.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await;
    let id = opened.ok()["temp_enrollment_id"].as_i64().unwrap();
    let cards = b.get(&format!("{B}/recommendation/plan-details?plan_list=2201&enrollment_id={id}")).await;
    assert_eq!(cards.ok()[0]["notice"]["code"], "alreadyActive");
    assert!(cards.ok()[0]["notice"]["message"].as_str().unwrap().contains("4405518820"), "{}", cards.body);
}

#[tokio::test]
async fn cards_are_priced_for_the_quote_and_from_the_lowest_price_without_one() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let anonymous = b.get(&format!("{B}/recommendation/plan-details?plan_list=1101,1901")).await;
    let card = &anonymous.ok()[0];
    assert_eq!(card["priced_for_you"], false);
    assert_eq!(card["plan_name"], "Brightbite Dental Preferred PPO");
    assert_eq!(card["category_name"], "Dental Plans");
    let from = card["starting_from"].as_f64().unwrap();
    assert!(anonymous.ok()[1]["starting_from"].is_null(), "a disability plan's price is the carrier's quote");

    let id = b.start("IF").await;
    let quoted = b.get(&format!("{B}/recommendation/plan-details?plan_list=1101&enrollment_id={id}")).await;
    let pricing = b.get(&format!("/api/v1/get-plan-pricing-detail?pid=1101&enrollment_id={id}")).await;
    let lowest = pricing.ok()["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["plan_price"].as_f64().unwrap())
        .fold(f64::MAX, f64::min);
    assert_eq!(quoted.ok()[0]["priced_for_you"], true);
    assert_eq!(quoted.ok()[0]["starting_from"].as_f64().unwrap(), lowest);
    assert!(lowest > from, "a family pays more than the lowest anyone can get");

    assert_eq!(b.get(&format!("{B}/recommendation/plan-details")).await.first_error().0, "plan_list");
    let too_many = (1..=51).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    let refused = b.get(&format!("{B}/recommendation/plan-details?plan_list={too_many}")).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn ids_the_browser_sends_that_name_another_site_are_refused() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let refused = b.get(&format!("{B}/recommendation/popularity?agentID=7781")).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let refused = b.get(&format!("{B}/recommendation/association?planID=1101&groupID=2556")).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    // On the rep's own site the rep's id is the site's.
    b.get("/api/v1/validate-landing-page?landing_page=jordan-whitfield").await.ok();
    b.get(&format!("{B}/recommendation/popularity?agentID=7781&groupID=&platformID=0&enroll_type=agent")).await.ok();
    assert_eq!(b.get(&format!("{B}/recommendation/popularity?agentID=7790")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        b.get(&format!("{B}/assist/get?device_id=device-0001&agent_id=7790")).await.status,
        StatusCode::FORBIDDEN
    );
}

/// The query value of `name` in a link.
fn query_value(link: &str, name: &str) -> String {
    link.split(['?', '&']).find_map(|p| p.strip_prefix(&format!("{name}="))).unwrap().to_string()
}

#[tokio::test]
async fn a_recommendation_links_ids_are_sealed_and_open_only_as_sealed() {
    let app = TestApp::new().await;
    let mut rep_visitor = app.browser();
    rep_visitor.get("/api/v1/validate-landing-page?landing_page=jordan-whitfield").await.ok();
    let cards = rep_visitor.get(&format!("{B}/recommendation/plan-details?plan_list=1101")).await;
    let link = cards.ok()[0]["link"].as_str().unwrap().to_string();
    assert!(!link.contains("1101") && !link.contains("7781"), "ids travel sealed: {link}");
    let plan = link.trim_start_matches("/plan/").split('/').next().unwrap().to_string();
    let agent = query_value(&link, "agentId");

    // A new visitor opens the shared link: the ids open and the visitor is on the rep's site.
    let mut friend = app.browser();
    let opened = friend.post(&format!("{B}/decrypt-detail"), json!({ "planId": plan, "agentId": agent })).await;
    assert_eq!(
        opened.ok()[0],
        json!({ "portalId": null, "planId": 1101, "userID": null, "agentId": 7781, "groupId": null })
    );
    let site = friend.get("/api/v1/get-default-info").await;
    assert_eq!(site.ok()["agent"]["agent_id"], 7781);

    let mut tampered = plan.clone();
    let last = tampered.pop().unwrap();
    tampered.push(if last == 'A' { 'B' } else { 'A' });
    let foreign = api::services::crypto::Crypto::new(&[9u8; 32]).seal_token("link:planId:1101");
    for (body, field) in [
        (json!({ "planId": tampered }), "planId"),
        (json!({ "planId": foreign }), "planId"),
        (json!({ "planId": "1101" }), "planId"),
        // A plan's sealed id is not a rep's.
        (json!({ "agentId": plan }), "agentId"),
    ] {
        let refused = friend.post(&format!("{B}/decrypt-detail"), body.clone()).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(refused.first_error(), (field.to_string(), "This link is not valid.".to_string()));
    }
}

#[tokio::test]
async fn the_location_answer_is_kept_per_device_and_site_and_gives_the_nearest_zip_code() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let check =
        |device: &str| format!("{B}/check-lead-information?device_id={device}&web_url=http%3A%2F%2Flocalhost%2F");
    let store = |device: &str, info: Value| {
        format!("{B}/get-lead-information?device_id={device}&store_information={}", urlencode(&info.to_string()))
    };
    let never = b.get(&check("device-atlanta-1")).await;
    assert_eq!(never.body, json!({ "statusCode": 204, "status": "success", "zip_code": null, "consent": null }));

    let allowed = b
        .get(&store("device-atlanta-1", json!({ "consent": "allowed", "latitude": 33.749, "longitude": -84.388 })))
        .await;
    assert_eq!(allowed.status, StatusCode::OK);
    let zip = allowed.body["result"]["zip_code"].as_str().unwrap().to_string();
    assert!(zip.starts_with("303"), "downtown Atlanta: {zip}");
    assert_eq!(allowed.body["result"]["state"], "GA");
    let known = b.get(&check("device-atlanta-1")).await;
    assert_eq!(known.body, json!({ "statusCode": 200, "status": "success", "zip_code": zip, "consent": "allowed" }));

    // Another device, and the same device on another site, have not answered.
    assert_eq!(b.get(&check("device-other-22")).await.body["statusCode"], 204);
    b.get("/api/v1/validate-landing-page?landing_page=jordan-whitfield").await.ok();
    assert_eq!(b.get(&check("device-atlanta-1")).await.body["statusCode"], 204);
    let declined = b.get(&store("device-atlanta-1", json!({ "consent": "declined" }))).await;
    assert_eq!(
        declined.body["result"],
        json!({ "zip_code": null, "city": null, "state": null, "consent": "declined" })
    );
    assert_eq!(b.get(&check("device-atlanta-1")).await.body["consent"], "declined");

    // The position is kept to about a kilometre.
    let (lat,): (f64,) =
        sqlx::query_as("select latitude from lead where zip_code is not null").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(lat, 33.75);

    for (url, field, message) in [
        (
            store("device-atlanta-1", json!({ "consent": "maybe" })),
            "store_information",
            "Please choose Allow or Don't Allow",
        ),
        (
            format!("{B}/get-lead-information?device_id=device-atlanta-1&store_information=%7Bnot"),
            "store_information",
            "Please choose Allow or Don't Allow",
        ),
        (
            store("device-atlanta-1", json!({ "consent": "allowed", "latitude": 133.0, "longitude": 0 })),
            "store_information",
            "Your location could not be read. Please try again or enter your ZIP code.",
        ),
        (
            store("x", json!({ "consent": "declined" })),
            "device_id",
            "This device could not be identified. Please reload the page.",
        ),
        (check("has%20space%20in%20it"), "device_id", "This device could not be identified. Please reload the page."),
    ] {
        let refused = b.get(&url).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}");
        assert_eq!(refused.first_error(), (field.to_string(), message.to_string()), "{url}");
    }

    // The rep sees the leads of their site; a visitor does not.
    assert_eq!(b.get(&format!("{B}/leads")).await.status, StatusCode::FORBIDDEN);
    let mut rep = app.browser();
    rep.sign_in_rep("REP7781").await;
    let leads = rep.get(&format!("{B}/leads")).await;
    let rows = leads.ok().as_array().unwrap().clone();
    assert_eq!(rows.len(), 1, "only the lead on the rep's site: {rows:?}");
    assert_eq!(rows[0]["site"], "rep:7781");
    assert_eq!(rows[0]["consent"], "declined");
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn the_assistant_asks_each_question_once_keeps_edited_answers_and_thanks_at_the_end() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.get("/api/v1/validate-landing-page?landing_page=jordan-whitfield").await.ok();
    let device = "device-chat-0001";
    let first =
        b.get(&format!("{B}/assist/get?device_id={device}&web_url=http%3A%2F%2Flocalhost%2Fjordan-whitfield")).await;
    let chat = first.ok();
    assert_eq!(
        chat["contact"],
        json!({ "name": "Jordan Whitfield", "email": "jordan.whitfield@benefitstore.example", "phone": "4045550191" })
    );
    assert_eq!(chat["question"]["id"], 1);
    assert!(chat["answer"].as_array().unwrap().is_empty());

    let say = |question: i64, answer: &str| json!({ "question_id": question, "answer": answer, "device_id": device });
    let wrong = b.post(&format!("{B}/assist/add"), say(4, "call me maybe")).await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.first_error(), ("answer".into(), "Please enter a 10-digit phone number".into()));
    let unknown = b.post(&format!("{B}/assist/add"), say(99, "hello")).await;
    assert_eq!(unknown.first_error(), ("question_id".into(), "Please choose a question to answer".into()));

    let mut state = Value::Null;
    for (question, answer) in
        [(1, "Dana"), (2, "my whole family"), (3, "Dental and vision"), (4, "(404) 555-0123"), (5, "No")]
    {
        state = b.post(&format!("{B}/assist/add"), say(question, answer)).await.ok().clone();
    }
    assert!(state["question"].is_null(), "every question is answered");
    assert_eq!(state["closing"], "Thank you for the visit.");
    let edited = b.post(&format!("{B}/assist/add"), say(1, "Dana Reyes")).await;
    let history = edited.ok()["answer"].as_array().unwrap().clone();
    let answers: Vec<&str> = history.iter().map(|a| a["answer"].as_str().unwrap()).collect();
    assert_eq!(
        answers,
        vec!["Dana Reyes", "My whole family", "Dental and vision", "4045550123", "No"],
        "an edit keeps its place"
    );
    assert_eq!(history[0]["assistant_question"]["question"], "What is your first name?");

    // Another device starts afresh; the answers are sealed at rest.
    let other = b.get(&format!("{B}/assist/get?device_id=device-chat-0002")).await;
    assert_eq!(other.ok()["question"]["id"], 1);
    let stored: Vec<(String,)> =
        sqlx::query_as("select answer from assist_answer").fetch_all(&app.state.db).await.unwrap();
    assert_eq!(stored.len(), 5);
    assert!(stored.iter().all(|(a,)| !a.contains("Dana") && !a.contains("4045550123")), "{stored:?}");
}

#[tokio::test]
async fn feedback_reaches_the_sites_representative_and_nobody_else() {
    let app = TestApp::new().await;
    let mut visitor = app.browser();
    visitor.get("/api/v1/validate-landing-page?landing_page=jordan-whitfield").await.ok();
    let empty = visitor
        .post(&format!("{B}/assist/feedback"), json!({ "message": "  ", "device_id": "device-feedback-1" }))
        .await;
    assert_eq!(empty.first_error(), ("message".into(), "Please write your feedback".into()));
    let left = visitor
        .post(
            &format!("{B}/assist/feedback"),
            json!({ "message": "The dental plans are easy to compare.", "device_id": "device-feedback-1" }),
        )
        .await;
    assert_eq!(left.ok()["message"], "Thank you for your feedback.");
    assert_eq!(visitor.get(&format!("{B}/assist/feedback")).await.status, StatusCode::FORBIDDEN);

    let mut jordan = app.browser();
    jordan.sign_in_rep("REP7781").await;
    let read = jordan.get(&format!("{B}/assist/feedback")).await;
    assert_eq!(read.ok()[0]["message"], "The dental plans are easy to compare.");
    assert_eq!(read.ok()[0]["site"], "rep:7781");
    let mut priya = app.browser();
    priya.sign_in_rep("REP7790").await;
    assert_eq!(priya.get(&format!("{B}/assist/feedback")).await.ok().as_array().unwrap().len(), 0);
}
