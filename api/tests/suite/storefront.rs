//! The storefront's front door: landing names, white-label domains, partner links and referrals put a session on
//! someone's site (its branding, its enrollments); reps and group administrators start at their homes, choose a
//! portal and group, and see and re-enroll only their own current members.

use crate::common;

use crate::common::TestApp;
use axum::http::StatusCode;
use base64::Engine;
use serde_json::{json, Value};

async fn temp(b: &mut common::Browser<'_>, id: i64, column: &str) -> Value {
    b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column={column}")).await.ok()["result"].clone()
}

async fn start(b: &mut common::Browser<'_>) -> i64 {
    let body = json!({ "zip": "30318", "gender": "1", "tier": "IO", "dob": common::dob_of_age(40) });
    b.post("/api/v1/add-filter-for-new-user", body).await.ok()["temp_enrollment_id"].as_i64().unwrap()
}

async fn site(b: &mut common::Browser<'_>) -> Value {
    b.get("/api/v1/get-default-info").await.ok().clone()
}

fn b64(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

#[tokio::test]
async fn the_stores_own_site_is_shown_to_a_visitor_who_came_by_no_ones_link() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let info = site(&mut b).await;
    assert_eq!(info["eprocess"], "applicant");
    assert_eq!(info["open_type"], "user");
    assert_eq!(info["front_page"], "open");
    assert_eq!(info["home_link"], "/");
    assert_eq!(info["show_quotation"], false, "an applicant has no quote button");
    assert_eq!(info["branding"]["display_name"], "Benefit Store");
    assert_eq!(info["branding"]["display_phone"], "8005550100");
    assert_eq!(info["branding"]["colors"]["primary"], "#1f5f8b");
    assert_eq!(info["links"]["ticket"], "https://support.benefitstore.example/tickets/new");
    assert_eq!(info["admin_links"], false);
}

#[tokio::test]
async fn an_unknown_landing_name_answers_no_content_and_a_reps_puts_the_visitor_on_the_reps_site() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    assert_eq!(b.get("/api/v1/validate-landing-page?landing_page=nobody-here").await.status, StatusCode::NO_CONTENT);
    assert_eq!(b.get("/api/v1/validate-landing-page?landing_page=..%2Fetc").await.status, StatusCode::NO_CONTENT);
    assert_eq!(b.get("/api/v1/validate-landing-page").await.status, StatusCode::NO_CONTENT);

    let page = b.get("/api/v1/validate-landing-page?landing_page=Jordan-Whitfield").await;
    assert_eq!(page.ok()["type"], "agent");
    assert_eq!(page.ok()["agent_id"], 7781);
    assert_eq!(page.ok()["display_name"], "Whitfield Family Benefits");

    let info = site(&mut b).await;
    assert_eq!(info["open_type"], "agent");
    assert_eq!(info["front_page"], "agent-open");
    assert_eq!(info["landing"], "jordan-whitfield");
    assert_eq!(info["branding"]["display_name"], "Whitfield Family Benefits");
    assert_eq!(info["branding"]["display_phone"], "4045550191");
    assert_eq!(info["branding"]["colors"]["primary"], "#2e6b3a");
    assert_eq!(info["branding"]["logo"], "/assets/sites/whitfield.svg");

    // The visitor's enrollment is credited to the rep, and is the visitor's own.
    let id = start(&mut b).await;
    assert_eq!(temp(&mut b, id, "eprocess").await, "applicant");
    let parties = b.get(&format!("/api/v1/get-group-agent-member-info?enrollment_id={id}")).await;
    assert_eq!(parties.ok()["result"]["agent_info"]["agent_code"], "REP7781");
}

#[tokio::test]
async fn a_groups_landing_name_opens_the_groups_site_and_its_visitors_enroll_under_the_group() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let page = b.get("/api/v1/validate-landing-page?landing_page=peachtree-logistics").await;
    assert_eq!(page.ok()["type"], "group");
    assert_eq!(page.ok()["group_id"], 2556);
    let info = site(&mut b).await;
    assert_eq!(info["front_page"], "group-open");
    assert_eq!(info["group"]["name"], "Peachtree Logistics");
    assert_eq!(info["group"]["address_information"]["city"], "Atlanta");
    assert_eq!(info["branding"]["colors"]["primary"], "#b5472a");
    let id = start(&mut b).await;
    assert_eq!(temp(&mut b, id, "type").await, "new-group-member");

    // Choose Enrollment Portal: one of the group's.
    let portals = b.get("/api/v1/get-enrollment-platforms").await.ok().as_array().unwrap().len();
    assert_eq!(portals, 2);
    let chosen = b.post("/api/v1/update-filter-portal", json!({ "platform_group_id": 12, "group_id": 1929 })).await;
    assert_eq!(chosen.ok()["group_id"], 2556, "a visitor keeps the site's group");
    assert_eq!(site(&mut b).await["portal"]["platform_group_id"], 12);
}

#[tokio::test]
async fn a_white_label_domain_in_the_host_header_is_its_owners_site_with_its_pictures() {
    let app = TestApp::new().await;
    let mut b = app.browser_at("Peachtree-Benefits.example:8443");
    let info = site(&mut b).await;
    assert_eq!(info["open_type"], "group");
    assert_eq!(info["front_page"], "group-open");
    assert_eq!(info["group"]["group_id"], 2556);
    assert_eq!(info["branding"]["logo"], "/assets/sites/peachtree.svg");
    assert_eq!(info["branding"]["display_phone"], "4045550188");
    assert_eq!(info["portal"]["platform_code"], "BSD", "the domain's portal");
    assert_eq!(info["domain"], "peachtree-benefits.example");
    let id = start(&mut b).await;
    assert_eq!(temp(&mut b, id, "type").await, "new-group-member");
    assert_eq!(temp(&mut b, id, "filter_info").await["platform_group_id"], 10);

    // The same lookup by the spec's call, with the base64 domain.
    let mut other = app.browser();
    let found = other
        .get(&format!("/api/v1/get-domainSite-infromation?site_domain={}", b64("peachtree-benefits.example")))
        .await;
    assert_eq!(found.ok()["gid"], 2556);
    assert_eq!(found.ok()["gagent_code"], "REP7781");
    assert_eq!(site(&mut other).await["group"]["group_id"], 2556);
    let unknown =
        other.get(&format!("/api/v1/get-domainSite-infromation?site_domain={}", b64("nowhere.example"))).await;
    assert_eq!(unknown.status, StatusCode::NO_CONTENT);
    let garbled = other.get("/api/v1/get-domainSite-infromation?site_domain=%25%25%25").await;
    assert_eq!(garbled.first_error().0, "site_domain");
}

#[tokio::test]
async fn a_domains_site_settings_are_read_with_the_storefronts_basic_authorization_only() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let uri =
        format!("/api/v1/get-external-site-dynamic-information?site_domain={}", b64("peachtree-benefits.example"));
    let refused = b.get(&uri).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert_eq!(refused.body["status"], "error");
    let wrong = b.get_with(&uri, &[("authorization", &format!("Basic {}", b64("storefront:guess")))]).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let basic = format!("Basic {}", b64(api::config::DEFAULT_SITE_SETTINGS_AUTH));
    let settings = b.get_with(&uri, &[("authorization", &basic)]).await;
    let pairs = settings.ok().as_array().unwrap().clone();
    let value = |key: &str| pairs.iter().find(|p| p["key"] == key).map(|p| p["value"].clone());
    assert_eq!(value("thank_you_image"), Some(json!("/assets/sites/thanks-peachtree.svg")));
    let unknown = format!("/api/v1/get-external-site-dynamic-information?site_domain={}", b64("nowhere.example"));
    assert_eq!(b.get_with(&unknown, &[("authorization", &basic)]).await.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn the_single_portal_host_hides_the_home_link_and_the_quote_button_even_for_a_rep() {
    let app = TestApp::new().await;
    let mut b = app.browser_at("enroll.harborstone-worksite.example");
    let info = site(&mut b).await;
    assert_eq!(info["special_host"], true);
    assert_eq!(info["home_link"], Value::Null);
    assert_eq!(info["portal"]["platform_group_id"], 12);
    b.sign_in_rep("REP7790").await;
    let rep = site(&mut b).await;
    assert_eq!(rep["eprocess"], "rep");
    assert_eq!(rep["show_quotation"], false);
    assert_eq!(rep["home_link"], Value::Null);
}

#[tokio::test]
async fn the_elevate_partner_sends_visitors_to_its_group_on_its_portal_with_its_menu_and_is_tracked() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    assert_eq!(b.get("/api/v1/get-external-site-infromation?site_name=nobody").await.status, StatusCode::NO_CONTENT);
    let partner = b.get("/api/v1/get-external-site-infromation?site_name=elevate").await;
    assert_eq!(partner.ok()["group_id"], 5120);
    assert_eq!(partner.ok()["portal_id"], 12);
    assert_eq!(b.get("/api/v1/get-elevate-info").await.ok()["portal_id"], 12);
    let info = site(&mut b).await;
    assert_eq!(info["from_site"], "elevate");
    assert_eq!(info["front_page"], "group-open");
    assert_eq!(info["portal"]["platform_code"], "HWP");

    let menu = b.get("/api/v1/get-group-menu?group_id=5120&from_site=elevate").await.ok()["menu"].clone();
    let menu: Vec<&str> = menu.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(
        !menu.is_empty()
            && menu.iter().all(|c| ["medical", "dental", "vision", "term_life", "accident", "hospital"].contains(c)),
        "{menu:?}"
    );
    assert!(!menu.contains(&"pet"));
    let full = b.get("/api/v1/get-group-menu?group_id=5120").await.ok()["menu"].as_array().unwrap().len();
    assert!(full > menu.len(), "without the partner, the group's whole menu");
    let tiles = b.get("/api/v1/get-homepage-plan").await.ok().as_array().unwrap().len();
    assert_eq!(tiles, menu.len(), "the home page's tiles are the partner's menu");

    let id = start(&mut b).await;
    assert_eq!(temp(&mut b, id, "filter_info").await["platform_group_id"], 12);
    let tracked = b.post("/api/v1/track-elevate-traffic", json!({ "enrollment_id": id })).await;
    tracked.ok();

    let mut direct = app.browser();
    let own = start(&mut direct).await;
    let refused = direct.post("/api/v1/track-elevate-traffic", json!({ "enrollment_id": own })).await;
    assert_eq!(refused.first_error().0, "enrollment_id", "a visitor the partner did not send is not tracked");
    let not_theirs = direct.post("/api/v1/track-elevate-traffic", json!({ "enrollment_id": id })).await;
    assert_eq!(not_theirs.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_valid_referral_puts_the_visitor_on_the_reps_site_referred_and_an_expired_one_does_not() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    assert_eq!(b.get("/api/v1/get-enrollment-info-referral?referral_id=NOPE").await.status, StatusCode::NO_CONTENT);
    let referral = b.get("/api/v1/get-enrollment-info-referral?referral_id=RF7781SPRING").await;
    assert_eq!(referral.ok()["valid_referral_link"], true);
    assert_eq!(referral.ok()["referrer_info"]["name"], "Jordan Whitfield");
    let info = site(&mut b).await;
    assert_eq!(info["referral"]["referred_by"], "Jordan Whitfield");
    assert_eq!(info["home_link"], "/referrals?rid=RF7781SPRING");
    assert_eq!(info["front_page"], "agent-open");
    let id = start(&mut b).await;
    let parties = b.get(&format!("/api/v1/get-group-agent-member-info?enrollment_id={id}")).await;
    assert_eq!(parties.ok()["result"]["agent_info"]["agent_code"], "REP7781");

    let mut late = app.browser();
    let expired = late.get("/api/v1/get-enrollment-info-referral?referral_id=RF7790EXPIRED").await;
    assert_eq!(expired.ok()["valid_referral_link"], false);
    let info = site(&mut late).await;
    assert_eq!(info["referral"], Value::Null, "no 'Referred By' for an expired link");
    assert_eq!(info["open_type"], "user", "the store's own site");
}

#[tokio::test]
async fn landing_and_about_information_come_from_the_reps_and_groups_own_with_the_stores_as_default() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let rep = b.get("/api/v1/get-agent-landing-page-info?agent_id=7781").await;
    assert_eq!(rep.ok()["display_name"], "Whitfield Family Benefits");
    assert_eq!(rep.ok()["agent_code"], "REP7781");
    assert_eq!(rep.ok()["tagline"], "Straight answers about coverage for Georgia families");
    let about = b.get("/api/v1/get-agent-about-page-info?agent_id=7781").await;
    assert_eq!(about.ok()["display_about_name"], "About Jordan Whitfield");
    assert!(about.ok()["agent_bio"].as_str().unwrap().contains("fifteen years"));

    let plain = b.get("/api/v1/get-agent-landing-page-info?agent_id=7799").await;
    assert_eq!(plain.ok()["display_name"], "Dana Brooks", "a rep without branding shows their name");
    assert_eq!(plain.ok()["display_phone"], "6155550108");
    assert_eq!(plain.ok()["colors"]["primary"], "#1f5f8b", "and the store's colours");

    let group = b.get("/api/v1/get-group-landing-page-info?group_id=2556").await;
    assert_eq!(group.ok()["name"], "Peachtree Logistics");
    assert_eq!(group.ok()["agent_code"], "REP7781");
    assert_eq!(group.ok()["address_information"]["zip"], "30318");
    let about = b.get("/api/v1/get-group-about-page-info?group_id=2556").await;
    assert!(about.ok()["gweb_aboutus"].as_str().unwrap().contains("Marietta Boulevard"));

    assert_eq!(b.get("/api/v1/get-agent-landing-page-info?agent_id=999").await.status, StatusCode::NO_CONTENT);
    assert_eq!(b.get("/api/v1/get-group-about-page-info?group_id=999").await.status, StatusCode::NO_CONTENT);
    assert_eq!(b.get("/api/v1/get-group-landing-page-info?group_id=abc").await.first_error().0, "group_id");
    // With no id, the site's own.
    b.get("/api/v1/validate-landing-page?landing_page=lone-star-dental").await.ok();
    assert_eq!(b.get("/api/v1/get-group-landing-page-info").await.ok()["group_id"], 2512);
}

#[tokio::test]
async fn a_rep_or_group_whose_landing_url_is_not_configured_is_reported_so() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    assert_eq!(b.get("/api/v1/validate-agent?agent_code=REP7799").await.ok()["landing_url"], "");
    assert_eq!(b.get("/api/v1/validate-group?group_code=mag4410").await.ok()["landing_url"], "");
    assert_eq!(b.get("/api/v1/validate-group?group_code=PEACH2556").await.ok()["landing_url"], "peachtree-logistics");
    assert_eq!(b.get("/api/v1/validate-group?group_code=NOPE").await.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn the_ticket_link_and_the_home_pages_category_tiles_lead_where_they_say() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    assert_eq!(
        b.get("/api/v1/get-ticket-link").await.ok()["ticket"],
        "https://support.benefitstore.example/tickets/new"
    );
    let tiles = b.get("/api/v1/get-homepage-plan").await.ok().as_array().unwrap().clone();
    assert_eq!(tiles.len(), 13, "every category has plans");
    assert_eq!(tiles[0]["plan"]["name"], "Dental Plans", "in the catalogue's order");
    assert_eq!(tiles[0]["link"], "/plans?type=dental");
    assert!(tiles.iter().all(|t| t["image"].as_str().unwrap().starts_with("/assets/")));
}

#[tokio::test]
async fn a_rep_chooses_a_portal_and_one_of_their_groups_and_new_enrollments_follow_the_choice() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let refused = b.post("/api/v1/update-filter-portal", json!({ "platform_group_id": 10 })).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "an applicant chooses no portal");
    assert_eq!(b.get("/api/v1/get-agent-info-enroll").await.status, StatusCode::FORBIDDEN);

    b.sign_in_rep("REP7781").await;
    let info = site(&mut b).await;
    assert_eq!(info["front_page"], "agent-home");
    assert_eq!(info["home_link"], "/agent-home");
    assert_eq!(info["show_quotation"], true);
    assert_eq!(info["agent"]["name"], "Jordan Whitfield");
    let agent = b.get("/api/v1/get-agent-info-enroll?agent_id=1").await;
    assert_eq!(agent.ok()["agent_code"], "REP7781", "the session's rep, whatever id is sent");

    let portals = b.get("/api/v1/get-enrollment-platforms?agent_id=7781").await.ok().as_array().unwrap().len();
    assert_eq!(portals, 2);
    let none = b.post("/api/v1/update-filter-portal", json!({ "platform_group_id": "" })).await;
    assert_eq!(none.first_error(), ("platform_group_id".into(), "Please choose a platform".into()));
    let unknown = b.post("/api/v1/update-filter-portal", json!({ "platform_group_id": 99 })).await;
    assert_eq!(unknown.first_error(), ("platform_group_id".into(), "Please choose a platform".into()));
    let not_theirs = b.post("/api/v1/update-filter-portal", json!({ "platform_group_id": 12, "group_id": 1929 })).await;
    assert_eq!(not_theirs.first_error(), ("group_id".into(), "Please choose a group".into()));

    let chosen = b.post("/api/v1/update-filter-portal", json!({ "platform_group_id": 12, "group_id": 2556 })).await;
    assert_eq!(chosen.ok()["enroll_type"], "new-group-member");
    let info = site(&mut b).await;
    assert_eq!(info["group"]["name"], "Peachtree Logistics", "'Your Employer Group:'");
    assert_eq!(info["portal"]["platform_group_id"], 12);
    assert_eq!(b.get("/api/v1/get-group-info-enroll").await.ok()["gname"], "Peachtree Logistics");
    let id = start(&mut b).await;
    assert_eq!(temp(&mut b, id, "eprocess").await, "rep");
    assert_eq!(temp(&mut b, id, "type").await, "new-group-member");
    assert_eq!(temp(&mut b, id, "filter_info").await["platform_group_id"], 12);

    // Start New Member Enrollment: no group; the open quote follows.
    let direct = b
        .post("/api/v1/update-filter-portal", json!({ "enrollment_id": id, "platform_group_id": 10, "group_id": "" }))
        .await;
    assert_eq!(direct.ok()["enroll_type"], "new-member");
    assert_eq!(temp(&mut b, id, "type").await, "new-member");
    assert_eq!(temp(&mut b, id, "filter_info").await["platform_group_id"], 10);
    let next = start(&mut b).await;
    assert_eq!(temp(&mut b, next, "type").await, "new-member");
}

#[tokio::test]
async fn a_reps_current_members_are_the_reps_own_with_ssns_masked_and_each_plans_status() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    assert_eq!(b.get("/api/v1/get-agent-members").await.status, StatusCode::FORBIDDEN, "not before the access code");
    b.sign_in_rep("REP7781").await;
    let rows = b.get("/api/v1/get-agent-members?agent_id=7781").await.ok().as_array().unwrap().clone();
    assert_eq!(rows.len(), 12, "more than two pages of five");
    assert!(rows.iter().all(|r| r["ssn"].as_str().unwrap().starts_with("***-**-")), "{rows:?}");
    assert!(!rows.iter().any(|r| r["name"] == "Lena Fischer"), "another rep's member is not listed");
    let marcus = rows.iter().find(|r| r["name"] == "Marcus Bell").unwrap();
    assert_eq!(marcus["ssn"], "***-**-1004");
    assert_eq!(marcus["group_info"]["group_name"], "Peachtree Logistics");
    let statuses: Vec<&str> =
        marcus["plan_info"].as_array().unwrap().iter().map(|p| p["plan_status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["ACTIVE", "CANCELLED"]);
    assert!(marcus["plan_info"][0]["plan_name"].as_str().unwrap().len() > 3);

    let other = b.get("/api/v1/get-agent-members?agent_id=7790").await;
    assert_eq!(other.status, StatusCode::FORBIDDEN);
    let groups = b.get("/api/v1/get-group-users?group_id=2556").await.ok().as_array().unwrap().len();
    assert_eq!(groups, 4, "the rep's group's members");
    assert_eq!(b.get("/api/v1/get-group-users?group_id=1929").await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_rep_of_a_group_another_rep_also_serves_reads_only_their_own_members_on_every_member_call() {
    // Group 1929 is served by rep 7790 (Priya Raman); Maria Alvarez, one of its employees, is rep 7781's member.
    let app = TestApp::new().await;
    let mut priya = app.browser();
    priya.sign_in_rep("REP7790").await;
    let names = |rows: &Value| -> Vec<String> {
        rows.as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap().to_string()).collect()
    };
    let group = priya.get("/api/v1/get-group-users?group_id=1929").await;
    assert_eq!(names(group.ok()), ["Lena Fischer", "Jamal Carter"], "the group's employees who are Priya's members");
    let own = priya.get("/api/v1/get-agent-members").await;
    assert_eq!(names(own.ok()), ["Lena Fischer", "Jamal Carter", "Elena Petrova"]);
    assert_eq!(priya.get("/api/v1/get-agent-members?agent_id=7781").await.status, StatusCode::FORBIDDEN);
    let enroll_maria =
        priya.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5001, "tier": "IO" })).await;
    assert_eq!(enroll_maria.status, StatusCode::FORBIDDEN, "Enroll Now for another rep's member");
    let with_policy = json!({ "user_id": 5001, "tier": "IO", "policy_id": "1" });
    assert_eq!(priya.post("/api/v1/add-filter-for-existing-user", with_policy).await.status, StatusCode::FORBIDDEN);

    // The member-record calls read the member of an enrollment the session owns: Priya's own quote has none, and
    // nothing of Maria's is in any of their answers.
    let id = priya.start("IO").await;
    for call in [
        "get-member-info",
        "get-existing-primary-health-info",
        "get-dependents-existing-user-enrollment",
        "get-existing-bank-info",
        "get-existing-card-info",
    ] {
        let answer = priya.get(&format!("/api/v1/{call}?enrollment_id={id}")).await;
        assert!(answer.status.as_u16() < 500, "{call}: {}", answer.status);
        assert!(!answer.body.to_string().contains("Alvarez"), "{call}: {}", answer.body);
    }

    // Rep 7781, Maria's own rep, still finds her.
    let mut jordan = app.browser();
    jordan.sign_in_rep("REP7781").await;
    assert!(names(jordan.get("/api/v1/get-agent-members").await.ok()).contains(&"Maria Alvarez".to_string()));
}

#[tokio::test]
async fn enroll_now_quotes_the_reps_own_member_for_the_tier_chosen_and_refuses_another_reps_member() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.sign_in_rep("REP7781").await;
    let no_tier = b.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5003, "tier": "" })).await;
    assert_eq!(no_tier.first_error(), ("tier".into(), "Please choose a tier".into()));
    let theirs = b.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5013, "tier": "IO" })).await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN, "another rep's member");
    let nobody = b.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 987654, "tier": "IO" })).await;
    assert_eq!(nobody.status, StatusCode::FORBIDDEN, "an unknown member looks the same as another's");
    let wrong_policy = b
        .post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5003, "tier": "IS", "policy_id": "1" }))
        .await;
    assert_eq!(wrong_policy.first_error().0, "policy_id");

    let quote = b
        .post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5003, "tier": "IS", "policy_id": "44500300" }))
        .await;
    let id = quote.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut b, id, "type").await, "existing-member");
    assert_eq!(temp(&mut b, id, "eprocess").await, "rep");
    let filter = temp(&mut b, id, "filter_info").await;
    assert_eq!(filter["tier"], "IS");
    assert_eq!(filter["zip"], "30318", "from the member's profile");
    let parties = b.get(&format!("/api/v1/get-group-agent-member-info?enrollment_id={id}")).await;
    assert_eq!(parties.ok()["result"]["user_info"]["first_name"], "Angela");
    assert_eq!(parties.ok()["result"]["group_info"]["name"], "Peachtree Logistics");

    // Another browser cannot reach it.
    let mut stranger = app.browser();
    let refused = stranger.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5003, "tier": "IO" })).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_group_administrators_link_opens_the_group_home_with_the_groups_members_only() {
    let app = TestApp::new().await;
    let token = api::domain::access::group_admin_link(&app.state.crypto, 2556);
    let mut b = app.browser();
    assert_eq!(b.get("/api/v1/get-group-info?group_id=2556").await.status, StatusCode::FORBIDDEN, "an id is no key");
    assert_eq!(b.get("/api/v1/get-group-info?group_id=forged").await.status, StatusCode::FORBIDDEN);
    let group = b.get(&format!("/api/v1/get-group-info?group_id={token}")).await;
    assert_eq!(group.ok()["gname"], "Peachtree Logistics");
    assert_eq!(group.ok()["platforms"].as_array().unwrap().len(), 2);
    assert_eq!(b.get("/api/v1/get-group-info?group_id=2556").await.ok()["gid"], 2556, "its own group by id now");
    let info = site(&mut b).await;
    assert_eq!(info["eprocess"], "group");
    assert_eq!(info["front_page"], "group-home");
    assert_eq!(info["home_link"], "/group-home");
    assert_eq!(info["show_quotation"], true);

    let rows = b.get("/api/v1/get-group-users").await.ok().as_array().unwrap().clone();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Angela Brooks", "Marcus Bell", "Denise Okafor", "Grace Whitaker"]);
    assert_eq!(b.get("/api/v1/get-group-users?group_id=2512").await.status, StatusCode::FORBIDDEN);
    assert_eq!(b.get("/api/v1/get-agent-members").await.status, StatusCode::FORBIDDEN);

    let chosen = b.post("/api/v1/update-filter-portal", json!({ "platform_group_id": 12 })).await;
    assert_eq!(chosen.ok()["group_id"], 2556);
    let quote = b.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5004, "tier": "IO" })).await;
    let id = quote.ok()["temp_enrollment_id"].as_i64().unwrap();
    assert_eq!(temp(&mut b, id, "eprocess").await, "group");
    let outsider = b.post("/api/v1/add-filter-for-existing-user", json!({ "user_id": 5006, "tier": "IO" })).await;
    assert_eq!(outsider.status, StatusCode::FORBIDDEN, "an employee of another group");
}

#[tokio::test]
async fn a_member_links_session_starts_at_the_member_home_with_the_members_name() {
    let app = TestApp::new().await;
    let token = api::domain::members::link_token(&app.state.crypto, 5001);
    let mut b = app.browser();
    b.post("/api/v1/add-filter-for-member", json!({ "user_id": token, "tier": "IO" })).await.ok();
    let info = site(&mut b).await;
    assert_eq!(info["front_page"], "member-home");
    assert_eq!(info["home_link"], "/member-home");
    assert_eq!(info["member"]["first_name"], "Maria");
}

#[tokio::test]
async fn not_my_site_forgets_where_the_session_arrived_and_what_it_unlocked() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    b.get("/api/v1/validate-landing-page?landing_page=peachtree-logistics").await.ok();
    b.sign_in_rep("REP7781").await;
    b.post("/api/v1/clear-site", json!({})).await.ok();
    let info = site(&mut b).await;
    assert_eq!(info["eprocess"], "applicant");
    assert_eq!(info["front_page"], "open");
    assert_eq!(info["branding"]["display_name"], "Benefit Store");
    assert_eq!(b.get("/api/v1/get-agent-members").await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_window_shopper_sees_a_categorys_plans_with_from_prices_before_giving_any_details() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let plans =
        b.get("/api/v1/get-menu-filtered-plans?category=dental").await.ok()["result"].as_array().unwrap().clone();
    assert!(!plans.is_empty());
    assert!(
        plans.iter().all(|p| p["plan_price"].is_null() && p["from_price"].as_f64().is_some_and(|f| f > 0.0)),
        "{plans:?}"
    );
    let di = b.get("/api/v1/get-menu-filtered-plans?category=di").await.ok()["result"].as_array().unwrap().clone();
    assert!(di.iter().all(|p| p["from_price"].is_null()), "disability prices are not shown while shopping");
}

#[tokio::test]
async fn the_tiers_are_named_by_the_store_and_a_premier_cart_covers_one_child() {
    let app = TestApp::new().await;
    let mut b = app.browser();
    let tiers = b.get("/api/v1/filter-form?variant=tier").await;
    assert_eq!(
        tiers.ok()["schema"]["properties"]["tier"]["oneOf"].clone(),
        json!([
            { "const": "IO", "title": "Member Only" }, { "const": "IS", "title": "Member + Spouse" },
            { "const": "IC", "title": "Member + Children" }, { "const": "IF", "title": "Family" }
        ])
    );
    let id = b.start("IO").await;
    let info = b.get(&format!("/api/v1/get-enrollment-temp-info?enrollment_id={id}&column=filter_info")).await;
    assert_eq!(info.ok()["result"]["tier_name"], "Member Only");
    // Harborstone Premier Health PPO (plan type MM) in the cart: the children tier covers one child.
    common::premier_in_cart(&app, id).await;
    let premier = b.get(&format!("/api/v1/filter-form?enrollment_id={id}&variant=tier")).await;
    let premier = premier.ok();
    assert_eq!(
        premier["schema"]["properties"]["tier"]["oneOf"][2],
        json!({ "const": "IC", "title": "Member + 1 Child" })
    );
    assert_eq!(premier["formData"], json!({}), "with a premier plan in the cart the tier is chosen again");
}
