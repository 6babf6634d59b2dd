//! Shopping as an exchange offers it: the listing sorted and narrowed (carriers, networks, limits, HSA-eligible), what
//! it can be narrowed by, the estimated yearly cost of health plans, counts that match the lists, a price on every
//! card, and the comparison's Add to Cart and documents.

use crate::common::{dob_of_age, Browser, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

async fn quote(b: &mut Browser<'_>, tier: &str) -> i64 {
    let answer = b
        .post(
            "/api/v1/add-filter-for-new-user",
            json!({ "zip": "30301", "gender": "1", "tier": tier, "dob": dob_of_age(40) }),
        )
        .await;
    answer.ok()["temp_enrollment_id"].as_i64().unwrap()
}

async fn listing(b: &mut Browser<'_>, id: i64, query: &str) -> Value {
    b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&{query}")).await.ok().clone()
}

fn plans(answer: &Value) -> Vec<Value> {
    answer["result"].as_array().unwrap().clone()
}

fn highlight(card: &Value, label: &str) -> Option<String> {
    card["highlights"]
        .as_array()?
        .iter()
        .find(|h| h["label"] == label)
        .map(|h| h["value"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn plans_sort_by_premium_or_yearly_cost_with_unpriced_plans_last() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let by_premium = plans(&listing(&mut b, id, "categories=medical&sort=premium").await);
    let prices: Vec<f64> = by_premium.iter().filter_map(|p| p["plan_price"].as_f64()).collect();
    assert!(prices.len() >= 5 && prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let by_yearly = plans(&listing(&mut b, id, "categories=medical&sort=yearly_cost&usage=high").await);
    let high: Vec<f64> = by_yearly.iter().filter_map(|p| p["yearly_cost"]["high"].as_f64()).collect();
    assert!(high.len() >= 5 && high.windows(2).all(|w| w[0] <= w[1]), "{high:?}");
    let first_unestimated = by_yearly.iter().position(|p| p["yearly_cost"].is_null()).unwrap();
    assert!(by_yearly[first_unestimated..].iter().all(|p| p["yearly_cost"].is_null()), "unestimated plans come last");
    let unsorted = plans(&listing(&mut b, id, "categories=medical").await);
    assert_eq!(unsorted[0]["plan_id"], 1301, "without a sort the catalogue's order stays");
}

#[tokio::test]
async fn the_yearly_cost_is_twelve_premiums_and_the_care_each_level_of_use_is_expected_to_cost() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let medical = plans(&listing(&mut b, id, "categories=medical").await);
    let hsa = medical.iter().find(|p| p["plan_id"] == 1304).unwrap();
    let premium = hsa["plan_price"].as_f64().unwrap();
    // The HSA plan pays nothing before its $3,400 deductible: medium use (4 x $150 + 2 x $250 + 12 x $20 + $2,000 =
    // $3,340) is paid in full; high use stops at the deductible.
    let yearly = &hsa["yearly_cost"];
    let cents = |d: f64| (d * 100.0).round() as i64;
    assert_eq!(cents(yearly["medium"].as_f64().unwrap()), cents(premium * 12.0 + 3340.0), "{yearly}");
    assert_eq!(cents(yearly["high"].as_f64().unwrap()), cents(premium * 12.0 + 3400.0), "{yearly}");
    assert_eq!(cents(yearly["low"].as_f64().unwrap()), cents(premium * 12.0 + 340.0), "{yearly}");
    let dental = plans(&listing(&mut b, id, "categories=dental").await);
    assert!(dental.iter().all(|p| p["yearly_cost"].is_null()), "only health plans are estimated");
    let answer = listing(&mut b, id, "categories=medical").await;
    let estimate = &answer["facets"]["estimate"];
    assert_eq!(estimate["usage"], "medium");
    assert!(estimate["explanation"].as_str().unwrap().contains("twelve months of your premium"), "{estimate}");
    assert_eq!(estimate["levels"].as_array().unwrap().len(), 3);

    // A family's care is each person's, within the family maximum.
    let family = quote(&mut b, "IF").await;
    let medical = plans(&listing(&mut b, family, "categories=medical").await);
    let hsa = medical.iter().find(|p| p["plan_id"] == 1304).unwrap();
    let premium = hsa["plan_price"].as_f64().unwrap();
    assert_eq!(cents(hsa["yearly_cost"]["high"].as_f64().unwrap()), cents(premium * 12.0 + 3.0 * 3400.0));
}

#[tokio::test]
async fn choices_narrow_the_listing_and_a_filter_a_category_cannot_answer_leaves_its_plans() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let hmo = plans(&listing(&mut b, id, "categories=medical&networks=hmo").await);
    assert!(!hmo.is_empty() && hmo.iter().all(|p| highlight(p, "Network").as_deref() == Some("HMO")));
    let hsa = plans(&listing(&mut b, id, "categories=medical&hsa=1").await);
    assert_eq!(hsa.iter().map(|p| p["plan_id"].as_i64().unwrap()).collect::<Vec<_>>(), [1304]);
    assert_eq!(plans(&listing(&mut b, id, "categories=medical&hsa=yes&sort=PREMIUM").await), hsa, "as people type it");
    let cheap = plans(&listing(&mut b, id, "categories=medical&max_premium=450").await);
    assert!(!cheap.is_empty() && cheap.iter().all(|p| p["plan_price"].as_f64().unwrap_or(0.0) <= 450.0));
    let ridgeline = plans(&listing(&mut b, id, "categories=medical&carriers=Ridgeline%20Health").await);
    assert!(!ridgeline.is_empty() && ridgeline.iter().all(|p| p["carrier_name"] == "Ridgeline Health"));

    // Vision plans state no deductible: a deductible limit keeps them, and the answer says so.
    let both = listing(&mut b, id, "categories=medical,vision&max_deductible=1500").await;
    let vision_before = plans(&listing(&mut b, id, "categories=vision").await).len();
    let vision_after = plans(&both).iter().filter(|p| p["plan_category"] == "vision").count();
    assert_eq!(vision_after, vision_before);
    let not_applied = &both["facets"]["not_applied"][0];
    assert_eq!(not_applied["filter"], "max_deductible");
    assert_eq!(not_applied["categories"], json!(["vision"]));
    assert_eq!(not_applied["words"], "The deductible limit does not apply to Vision Plans");
}

#[tokio::test]
async fn the_facets_offer_only_what_the_quote_lists() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let answer = listing(&mut b, id, "categories=medical&networks=HMO").await;
    let facets = &answer["facets"];
    let listed = plans(&listing(&mut b, id, "categories=medical").await);
    let counted: i64 = facets["carriers"].as_array().unwrap().iter().map(|c| c["count"].as_i64().unwrap()).sum();
    assert_eq!(counted as usize, listed.len(), "the facets are the quote's, before any choice: {facets}");
    let networks: Vec<&str> =
        facets["networks"].as_array().unwrap().iter().map(|n| n["value"].as_str().unwrap()).collect();
    assert!(networks.contains(&"HMO") && networks.contains(&"PPO"), "{networks:?}");
    assert_eq!(facets["hsa_eligible"], 1);
    assert!(facets["premium"]["min"].as_f64().unwrap() <= facets["premium"]["max"].as_f64().unwrap());
}

#[tokio::test]
async fn a_listing_the_choices_empty_says_which_to_loosen() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let hmo = plans(&listing(&mut b, id, "categories=medical&networks=HMO").await).len();
    let none = listing(&mut b, id, "categories=medical&networks=HMO&hsa=1").await;
    assert!(plans(&none).is_empty());
    assert_eq!(none["message"], "No Plans are available for your selection");
    assert_eq!(
        none["notice"],
        format!("No plan matches all your choices. Remove HSA-eligible only to see {hmo} plans.")
    );
}

#[tokio::test]
async fn choices_that_cannot_be_read_are_refused_under_their_names() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    for (query, field, message) in [
        ("sort=cheapest", "sort", "Sort by premium, deductible, oop_max or yearly_cost"),
        ("usage=extreme", "usage", "Choose low, medium or high use"),
        ("networks=POS", "networks", "Unknown network POS: choose HMO, PPO, EPO, any provider or discount"),
        ("max_premium=lots", "max_premium", "Please enter an amount in dollars"),
        ("max_deductible=-5", "max_deductible", "Please enter an amount in dollars"),
    ] {
        let refused = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&{query}")).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(refused.first_error(), (field.to_string(), message.to_string()), "{query}");
    }
}

#[tokio::test]
async fn every_count_the_side_filter_shows_is_the_number_of_plans_listed() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    for tier in ["IO", "IS", "IC", "IF"] {
        let id = quote(&mut b, tier).await;
        let side = b.get(&format!("/api/v1/get-left-side-filter-fields?enrollment_id={id}")).await;
        for category in side.ok()["result"]["categories"].as_array().unwrap().clone() {
            let key = category["category"].as_str().unwrap();
            let listed = plans(&listing(&mut b, id, &format!("categories={key}")).await).len();
            assert_eq!(category["count"].as_u64().unwrap() as usize, listed, "{tier} {key}");
        }
    }
}

#[tokio::test]
async fn a_card_whose_price_waits_for_answers_shows_the_starting_price_and_says_which() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let medical = plans(&listing(&mut b, id, "categories=medical").await);
    let tobacco = medical.iter().find(|p| p["plan_id"] == 6088).unwrap();
    assert!(tobacco["plan_price"].is_null() && tobacco["from_price"].as_f64().is_some(), "{tobacco}");
    assert_eq!(tobacco["price_note"], "Price after 1 question: whether you use tobacco");
    assert!(
        medical.iter().all(|p| p["plan_price"].is_number() || p["from_price"].is_number()),
        "a price on every card"
    );
}

#[tokio::test]
async fn a_family_sees_a_waiting_plan_at_the_lowest_a_family_can_pay_sorted_by_it_and_that_price_once_answered() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let family = quote(&mut b, "IF").await;
    let listed = plans(&listing(&mut b, family, "categories=medical&sort=premium").await);
    let shown: Vec<f64> =
        listed.iter().filter_map(|p| p["plan_price"].as_f64().or_else(|| p["from_price"].as_f64())).collect();
    assert!(
        shown.len() >= 5 && shown.windows(2).all(|w| w[0] <= w[1]),
        "sorted by the price each card shows: {shown:?}"
    );
    let tobacco = listed.iter().find(|p| p["plan_id"] == 6088).expect("a plan that waits for the tobacco question");
    assert_eq!(tobacco["price_note"], "Price after 1 question: whether you use tobacco");
    let from = tobacco["from_price"].as_f64().unwrap();

    // Not one person's price: a member alone is shown less for the same plan.
    let mut alone = app.browser();
    let one = quote(&mut alone, "IO").await;
    let single = plans(&listing(&mut alone, one, "categories=medical").await);
    let theirs = single.iter().find(|p| p["plan_id"] == 6088).unwrap()["from_price"].as_f64().unwrap();
    assert!(from > theirs * 2.0, "the family's {from} against one person's {theirs}");

    // Answered without tobacco, the family pays what it was shown.
    b.put(&format!("/api/v1/change-filter-info/{family}"), json!({ "is_smoker": "0" })).await.ok();
    let answered = plans(&listing(&mut b, family, "categories=medical").await);
    let priced = answered.iter().find(|p| p["plan_id"] == 6088).unwrap();
    assert_eq!(priced["plan_price"].as_f64(), Some(from), "{priced}");
    assert!(priced["price_note"].is_null());
}

#[tokio::test]
async fn a_familys_coverage_is_named_family_beside_each_plans_level_on_the_plan_page_the_comparison_and_the_cart() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let family = quote(&mut b, "IF").await;
    let pricing = b.get(&format!("/api/v1/get-plan-pricing-detail?pid=1101&enrollment_id={family}")).await;
    let lines = pricing.ok()["plans"].as_array().unwrap().clone();
    assert!(lines.iter().all(|l| l["coverage"] == "Family"), "{lines:?}");
    let compared = b.get(&format!("/api/v1/compare-plans?plan_ids=1302,1304&enrollment_id={family}")).await;
    assert!(compared.ok()["plans"].as_array().unwrap().iter().all(|p| p["coverage"] == "Family"));
    let facts: Vec<&str> =
        compared.ok()["facts"].as_array().unwrap().iter().map(|f| f["key"].as_str().unwrap()).collect();
    assert!(facts.contains(&"family_deductible_usd") && facts.contains(&"family_out_of_pocket_max_usd"), "{facts:?}");
    let hsa = compared.ok()["facts"].as_array().unwrap().iter().find(|f| f["key"] == "hsa_eligible").unwrap().clone();
    assert_eq!(hsa["values"], json!(["No", "Yes"]), "a plan that is not HSA-eligible says No");
    b.add_first_plan(family, "dental").await;
    let cart = b.get(&format!("/api/v1/get-plan-cart?enrollment_id={family}")).await;
    assert_eq!(cart.ok()["result"][0]["coverage"], "Family");

    // A member alone: Member Only, and no household's deductible.
    let mut alone = app.browser();
    let one = quote(&mut alone, "IO").await;
    let compared = alone.get(&format!("/api/v1/compare-plans?plan_ids=1302,1304&enrollment_id={one}")).await;
    assert_eq!(compared.ok()["plans"][0]["coverage"], "Member Only");
    assert!(!compared.ok().to_string().contains("family_deductible_usd"));
}

#[tokio::test]
async fn the_comparison_adds_a_plan_to_the_cart_and_shows_its_yearly_cost_and_documents() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let compared = b.get(&format!("/api/v1/compare-plans?plan_ids=1302,1304&enrollment_id={id}")).await;
    let bronze = compared.ok()["plans"][0].clone();
    assert!(bronze["yearly_cost"]["medium"].as_f64().is_some(), "{bronze}");
    let pricing_id = bronze["plan_pricing_id"].as_i64().expect("a plan priced without questions can be added");
    let titles: Vec<&str> =
        bronze["documents"].as_array().unwrap().iter().map(|d| d["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Summary of Benefits and Coverage", "Provider Directory"]);
    let added = b
        .post(
            "/api/v1/add-plan-to-cart",
            json!({ "enrollment_id": id, "plan_id": 1302, "plan_pricing_id": pricing_id }),
        )
        .await;
    added.ok();
    let premier = b.get(&format!("/api/v1/compare-plans?plan_ids=1301,1302&enrollment_id={id}")).await;
    assert!(premier.ok()["plans"][0]["plan_pricing_id"].is_null(), "a premier plan is added from its page");
    assert_eq!(premier.ok()["plans"][0]["documents"].as_array().unwrap().len(), 3);

    let detail = b.get("/api/v1/get-plan-detail/1304").await;
    let document = detail.ok()["documents"][0].clone();
    assert_eq!(document["kind"], "summary_of_benefits");
    let pdf = b.get(document["url"].as_str().unwrap()).await;
    assert_eq!(pdf.status, StatusCode::OK);
    assert_eq!(pdf.headers["content-type"], "application/pdf");
    assert!(pdf.body["raw"].as_str().unwrap().starts_with("%PDF-1.4"));
}

#[tokio::test]
async fn an_employee_sees_each_price_per_paycheck_as_the_group_pays() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let alone = plans(&listing(&mut b, id, "categories=dental").await);
    assert!(alone[0].get("per_paycheck").is_none(), "no group, no paycheck");
    crate::common::join_group(&app, id, 2556).await;
    let dental = plans(&listing(&mut b, id, "categories=dental").await);
    let card = &dental[0];
    let cents = |v: &Value| (v.as_f64().unwrap() * 100.0).round() as i64;
    // Peachtree Logistics pays every two weeks: a year of the premium over 26 paychecks, to the cent.
    let biweekly = |monthly: i64| (monthly * 12 + 13) / 26;
    assert_eq!(card["per_paycheck"]["frequency"], "biweekly");
    assert_eq!(card["per_paycheck"]["label"], "every two weeks");
    assert_eq!(cents(&card["per_paycheck"]["amount"]), biweekly(cents(&card["plan_price"])));
    let plan_id = card["plan_id"].as_i64().unwrap();
    let prices = b.get(&format!("/api/v1/get-plan-pricing-detail?pid={plan_id}&enrollment_id={id}")).await;
    let line = &prices.ok()["plans"][0];
    assert_eq!(cents(&line["per_paycheck"]["amount"]), biweekly(cents(&line["plan_price"])));
    b.add_first_plan(id, "dental").await;
    let cart = b.get(&format!("/api/v1/get-plan-cart?enrollment_id={id}")).await;
    assert_eq!(cents(&cart.ok()["per_paycheck"]["amount"]), biweekly(cents(&cart.ok()["recurring_month_cost"])));
    assert!(cart.ok()["result"][0]["per_paycheck"]["amount"].is_number());
}

#[tokio::test]
async fn a_listing_follows_each_change_to_its_quote_at_once_whoever_makes_it() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = quote(&mut b, "IO").await;
    let prices = |answer: &Value| -> Vec<Value> { plans(answer).iter().map(|p| p["plan_price"].clone()).collect() };
    let alone = listing(&mut b, id, "categories=medical").await;
    assert_eq!(prices(&listing(&mut b, id, "categories=medical").await), prices(&alone), "asked again, the same");

    b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "tier": "IS" })).await.ok();
    let with_spouse = listing(&mut b, id, "categories=medical").await;
    assert_ne!(prices(&with_spouse), prices(&alone), "priced for the member and spouse from the next call on");

    // Another hand (an operator's command, another server on the same database) gives the quote to another
    // browser: this one no longer finds it, from the next call on.
    sqlx::query("update enrollment set session_id = 'another-browser' where enrollment_id = $1")
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
    let gone = b.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=medical")).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}
