//! The spec's calls answered as it writes them where an answer's detail matters to a client: a plan's details asked
//! by query, the group's general information, a group code whose group has no site yet, and the quote's category.

use crate::common::{dob_of_age, TestApp};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_plans_details_can_be_asked_by_query_and_a_missing_plan_is_named() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let by_path = b.get("/api/v1/get-plan-detail/1303").await;
    let by_query = b.get("/api/v1/get-plan-detail?plan_id=1303").await;
    assert_eq!(by_query.ok(), by_path.ok());
    assert_eq!(b.get("/api/v1/get-plan-detail?id=1303").await.ok()["plan_name"], by_path.ok()["plan_name"]);
    let bare = b.get("/api/v1/get-plan-detail").await;
    assert_eq!(bare.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bare.first_error(), ("plan_id".into(), "Choose a plan to see its details".into()));
    assert_eq!(b.get("/api/v1/get-plan-detail?plan_id=999999").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_group_administrator_reads_the_groups_name_and_telephone_as_general_information() {
    let app = TestApp::new().await;
    let mut admin = app.browser();
    let link = api::domain::access::group_admin_link(&app.state.crypto, 2556);
    let info = admin.get(&format!("/api/v1/get-group-info?group_id={link}")).await;
    let general = &info.ok()["general_info"];
    assert_eq!(general["group_name"], info.ok()["gname"]);
    assert!(general["group_phone"].as_str().is_some_and(|p| p.len() >= 10), "{general}");
    assert!(info.ok()["address_information"]["city"].is_string());
}

#[tokio::test]
async fn a_group_code_whose_group_has_no_site_yet_leads_to_the_landing_configuration_page() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let id = b.start("IO").await;
    let refused =
        b.post("/api/v1/set-enrollment-group-code", json!({ "enrollment_id": id, "group_code": "MAG4410" })).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.body["code"], "landing_config", "{}", refused.body);
    assert_eq!(refused.first_error().1, "Landing url is not configured for this Group");
    assert_eq!(refused.body["redirect"], "/landing-config-error/Group/landingPage");
    let info = b.get(&format!("/api/v1/group-enrollment-info?enrollment_id={id}")).await;
    assert_eq!(info.ok()["has_enrollment"], false, "the enrollment is not put under the group");
    let taken =
        b.post("/api/v1/set-enrollment-group-code", json!({ "enrollment_id": id, "group_code": "PEACH2556" })).await;
    assert_eq!(taken.ok()["group_id"], 2556, "a group with a site takes the code");
}

#[tokio::test]
async fn the_quote_refuses_a_category_the_store_does_not_have_and_a_premier_plan_needs_one() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let bogus = b
        .post(
            "/api/v1/add-filter-for-new-user",
            json!({ "zip": "30301", "gender": "1", "tier": "IO", "dob": dob_of_age(40), "category": "spaceflight" }),
        )
        .await;
    assert_eq!(bogus.first_error(), ("category".into(), "Please choose one of the categories offered".into()));
    let id = b.start("IO").await;
    let changed = b.put(&format!("/api/v1/change-filter-info/{id}"), json!({ "category": "spaceflight" })).await;
    assert_eq!(changed.first_error().0, "category", "{}", changed.body);
    let base = json!({ "zip": "30301", "gender": "1", "tier": "IO", "dob": dob_of_age(40), "plan_id": "1303" });
    let missing = b.put(&format!("/api/v1/change-filter-info/{id}"), base.clone()).await;
    assert_eq!(missing.first_error(), ("category".into(), "Field is required".into()));
    let mut premier = base;
    premier["category"] = json!("spaceflight");
    let refused = b.put(&format!("/api/v1/change-filter-info/{id}"), premier.clone()).await;
    assert_eq!(refused.first_error().0, "category");
    premier["category"] = json!("medical");
    let kept = b.put(&format!("/api/v1/change-filter-info/{id}"), premier).await;
    assert_eq!(kept.ok()["filter_info"]["category"], "medical");
}
