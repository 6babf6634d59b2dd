//! The employer's console: a group's administrator sets the plan year and the employer's share, keeps the census,
//! quotes it and follows participation.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{Browser, TestApp};

const CENSUS: &str = "First name,Last name,Date of birth,ZIP code,E-mail,Hire date,Hours a week,Class,Yearly salary\n\
                      José,Álvarez,04/15/1985,30318,Jose@Example.com,03/01/2019,40,Drivers,\"$52,000\"\n\
                      Zoë,Li,1992-01-07,02134,zoe@example.com,2024-06-10,37.5,,\n";

/// The administrator of group 2556 (Peachtree Logistics, paid every two weeks), signed in by the group's link.
async fn administrator(app: &TestApp) -> Browser<'_> {
    let mut admin = app.browser();
    let link = api::domain::access::group_admin_link(&app.state.crypto, 2556);
    admin.get(&format!("/api/v1/get-group-info?group_id={link}")).await.ok();
    admin
}

/// A plan year open today, offering dental plan 1101 (Brightbite, which asks 25% of the employee's premium) at
/// `percent`% of the employee's own premium.
fn settings(percent: u32) -> Value {
    let today = chrono::Local::now().date_naive();
    let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
    let start = chrono::NaiveDate::from_ymd_opt(
        if today.month0() == 11 { today.year() + 1 } else { today.year() },
        if today.month0() == 11 { 1 } else { today.month() + 1 },
        1,
    )
    .unwrap();
    json!({
        "plan_year": {
            "start": day(start),
            "open_from": day(today - chrono::Days::new(10)),
            "open_until": day(start - chrono::Days::new(1)),
            "waiting": "days30",
            "min_hours": 30,
            "classes": []
        },
        "offers": [
            { "category": "dental", "plan_ids": [1101], "contribution": { "kind": "percent", "employee_percent": percent, "dependents_percent": 0 } }
        ]
    })
}

use chrono::Datelike;

async fn upload(admin: &mut Browser<'_>, bytes: Vec<u8>) -> crate::common::Answer {
    admin.send_bytes(Method::POST, "/api/v1/employer/census", Some((bytes, "text/csv")), &[]).await.0
}

#[tokio::test]
async fn anyone_but_the_groups_administrator_is_refused_the_console() {
    let app = TestApp::new().await;
    let mut visitor = app.browser();
    let refused = visitor.get("/api/v1/employer").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let mut employee = app.browser();
    employee.enter_group_code("PEACH2556").await;
    assert_eq!(employee.get("/api/v1/employer/census").await.status, StatusCode::FORBIDDEN);
    assert_eq!(upload(&mut employee, CENSUS.as_bytes().to_vec()).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_administrator_sets_the_plan_year_and_the_employers_share_and_reads_them_back() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    let before = admin.get("/api/v1/employer").await;
    assert_eq!(before.ok()["name"], "Peachtree Logistics");
    assert_eq!(before.ok()["settings"], Value::Null);
    assert_eq!(before.ok()["pays"], "every two weeks");
    let dental =
        before.ok()["offerable"].as_array().unwrap().iter().find(|c| c["category"] == "dental").unwrap().clone();
    let brightbite = dental["plans"].as_array().unwrap().iter().find(|p| p["plan_id"] == 1101).unwrap().clone();
    assert_eq!(brightbite["minimums"]["employee_percent"], 25);

    let saved = admin.put("/api/v1/employer/settings", settings(50)).await;
    assert_eq!(saved.ok()["settings"]["offers"][0]["contribution"]["employee_percent"], 50);
    assert_eq!(saved.ok()["minimums"]["participation_percent"], 50);
    let again = admin.get("/api/v1/employer").await;
    assert_eq!(again.ok()["settings"], settings(50));
}

#[tokio::test]
async fn a_contribution_below_what_the_carriers_ask_is_refused_in_their_words_and_nothing_changes() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    let mut low = settings(10);
    low["offers"].as_array_mut().unwrap().push(json!({
        "category": "medical", "plan_ids": [1301, 1399],
        "contribution": { "kind": "percent", "employee_percent": 60, "dependents_percent": 20 }
    }));
    let refused = admin.put("/api/v1/employer/settings", low).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors: Vec<(String, String)> = refused.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["target_element"].as_str().unwrap().to_string(), e["error_message"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        errors,
        vec![
            (
                "offers.0.contribution.employee_percent".into(),
                "The carriers of these plans ask the employer to pay at least 25% of each employee's own premium"
                    .into()
            ),
            // 1399 is retired: it was replaced by 1303.
            (
                "offers.1.plan_ids.1".into(),
                "This plan is not one of this kind of coverage that the store sells now".into()
            ),
            (
                "offers.1.contribution.dependents_percent".into(),
                "The carriers of these plans ask the employer to pay at least 33% of what the family's coverage adds"
                    .into()
            ),
        ]
    );
    assert_eq!(admin.get("/api/v1/employer").await.ok()["settings"], settings(50), "the saved settings stand");

    let mut mistyped = settings(50);
    mistyped["plan_year"]["start"] = json!("next january");
    let refused = admin.put("/api/v1/employer/settings", mistyped).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.first_error().0, "plan_year.start");
}

#[tokio::test]
async fn a_census_with_a_bad_row_is_refused_whole_by_row_and_column_and_a_good_one_is_imported_whole() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    let bad = format!("{CENSUS}Ana,Silva,1990-02-03,94110,ana at example.com,2024-05-06,32,,\n");
    let refused = upload(&mut admin, bad.into_bytes()).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.first_error(),
        ("census.4".into(), "Row 4, column “E-mail”: Please enter an e-mail address such as name@example.com".into())
    );
    assert_eq!(admin.get("/api/v1/employer/census").await.ok().as_array().unwrap().len(), 0, "nothing half-imported");

    let imported = upload(&mut admin, CENSUS.as_bytes().to_vec()).await;
    assert_eq!((imported.ok()["added"].clone(), imported.ok()["employees"].clone()), (json!(2), json!(2)));
    let census = admin.get("/api/v1/employer/census").await;
    let jose = census.ok()[0].clone();
    assert_eq!((jose["first_name"].clone(), jose["email"].clone()), (json!("José"), json!("jose@example.com")));
    assert_eq!((jose["date_of_birth"].clone(), jose["salary"].clone()), (json!("04/15/1985"), json!(52000.0)));
    assert_eq!(census.ok()[1]["zip"], "02134");

    // The same census again, José now working 20 hours: brought up to date, no one added twice.
    let again = upload(&mut admin, CENSUS.replace(",40,Drivers", ",20,Drivers").into_bytes()).await;
    assert_eq!((again.ok()["added"].clone(), again.ok()["updated"].clone()), (json!(0), json!(2)));
    assert_eq!(admin.get("/api/v1/employer/census").await.ok()[0]["hours"], 20.0);
}

#[tokio::test]
async fn a_census_saved_from_excel_is_imported_with_its_dates_and_zip_codes() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/census/census.xlsx")).unwrap();
    let imported = admin
        .send_bytes(
            Method::POST,
            "/api/v1/employer/census",
            Some((bytes, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")),
            &[],
        )
        .await
        .0;
    assert_eq!(imported.ok()["added"], 2);
    let census = admin.get("/api/v1/employer/census").await;
    assert_eq!(census.ok()[0]["hire_date"], "03/01/2019");
    assert_eq!((census.ok()[1]["first_name"].clone(), census.ok()[1]["zip"].clone()), (json!("Zoë"), json!("02134")));
}

#[tokio::test]
async fn the_census_is_sealed_at_rest_but_for_the_addresses_it_is_looked_up_by() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    upload(&mut admin, CENSUS.as_bytes().to_vec()).await.ok();
    let kept: Vec<(String, String)> = sqlx::query_as("select email, data from census_employee order by employee_id")
        .fetch_all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(kept[0].0, "jose@example.com");
    assert!(kept
        .iter()
        .all(|(_, data)| data.starts_with("enc:") && !data.contains("Álvarez") && !data.contains("1985")));
}

#[tokio::test]
async fn an_employee_is_added_corrected_and_ends_their_employment_one_at_a_time() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    let ana = json!({
        "first_name": "Ana", "last_name": "Silva", "date_of_birth": "02/03/1990", "zip": "94110",
        "email": "ana@example.com", "hire_date": "05/06/2024", "hours": 32
    });
    let added = admin.post("/api/v1/employer/employees", ana.clone()).await;
    let row = added.ok()[0].clone();
    assert_eq!((row["first_name"].clone(), row["standing"].clone()), (json!("Ana"), json!("not_started")));

    let twice = admin.post("/api/v1/employer/employees", ana.clone()).await;
    assert_eq!(twice.first_error(), ("email".into(), "Another employee in your census has this e-mail address".into()));
    let blank = admin.post("/api/v1/employer/employees", json!({})).await;
    assert_eq!(blank.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(blank.body["data"].as_array().unwrap().len(), 7, "each required field: {}", blank.body);

    let id = row["employee_id"].as_i64().unwrap();
    let mut fewer = ana.clone();
    fewer["hours"] = json!("20");
    let corrected = admin.put(&format!("/api/v1/employer/employees/{id}"), fewer).await;
    assert_eq!(corrected.ok()[0]["standing"], "not_eligible");
    assert_eq!(
        corrected.ok()[0]["not_eligible"],
        "You are not eligible: the plan covers employees who work at least 30 hours a week"
    );

    let yesterday = (chrono::Local::now().date_naive() - chrono::Days::new(1)).format("%m/%d/%Y").to_string();
    let left =
        admin.post(&format!("/api/v1/employer/employees/{id}/terminate"), json!({ "last_day": yesterday })).await;
    assert_eq!(left.ok()[0]["standing"], "left");
    assert_eq!(admin.get("/api/v1/employer").await.ok()["census"], json!({ "employees": 0, "terminated": 1 }));
    let bad_day =
        admin.post(&format!("/api/v1/employer/employees/{id}/terminate"), json!({ "last_day": "soon" })).await;
    assert_eq!(bad_day.first_error(), ("last_day".into(), "Please enter the last day of work as MM/DD/YYYY".into()));
    let unknown = admin.put("/api/v1/employer/employees/999999", ana).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_census_quote_splits_each_employees_premium_under_the_contribution_and_a_what_if_with_totals_a_paycheck() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    let none = admin.post("/api/v1/employer/quote", json!({})).await;
    assert_eq!(none.status, StatusCode::CONFLICT, "no plan year yet");
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    // José and Zoë born so that they are 41 and 34 on the plan year's start.
    let start = settings(50)["plan_year"]["start"].as_str().unwrap().to_string();
    let start = chrono::NaiveDate::parse_from_str(&start, "%Y-%m-%d").unwrap();
    let born = |age: i32| format!("{}-{}", start.year() - age, start.format("%m-%d"));
    let census = CENSUS.replace("04/15/1985", &born(41)).replace("1992-01-07", &born(34));
    upload(&mut admin, census.into_bytes()).await.ok();

    let what_if =
        json!({ "what_if": [{ "dental": { "kind": "percent", "employee_percent": 100, "dependents_percent": 0 } }] });
    let quote = admin.post("/api/v1/employer/quote", what_if).await;
    let plan = quote.ok()["plans"][0].clone();
    assert_eq!((plan["plan_id"].clone(), plan["level"].clone()), (json!(1101), json!("Preferred 1000")));
    // Brightbite Preferred 1000 is $32.50 at 30-39 and x1.1 at 40-49: José $35.75, Zoë $32.50, $68.25 in all. Half of
    // José's is $17.875, to the cent $17.88; the employer pays $17.88 + $16.25 = $34.13 and the employees $34.12.
    let own = &plan["totals"][0];
    assert_eq!(
        (own["premium"].clone(), own["employer"].clone(), own["employee"].clone()),
        (json!(68.25), json!(34.13), json!(34.12))
    );
    // $34.13 a month is $409.56 a year: $15.75 every two weeks.
    assert_eq!(own["employer_per_paycheck"], 15.75);
    let full = &plan["totals"][1];
    assert_eq!((full["employer"].clone(), full["employee"].clone()), (json!(68.25), json!(0.0)));
    let jose = &quote.ok()["employees"][0];
    assert_eq!((jose["age"].clone(), jose["prices"][0]["employer"].clone()), (json!(41), json!([17.88, 35.75])));
}

#[tokio::test]
async fn participation_counts_eligible_employees_against_the_carriers_minimum_and_exports_as_csv() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    upload(&mut admin, CENSUS.as_bytes().to_vec()).await.ok();
    let p = admin.get("/api/v1/employer/participation").await;
    assert_eq!(
        (
            p.ok()["eligible"].clone(),
            p.ok()["not_started"].clone(),
            p.ok()["minimum"].clone(),
            p.ok()["meets_minimum"].clone()
        ),
        (json!(2), json!(2), json!(50), json!(false))
    );
    let (answer, bytes) = admin.send_bytes(Method::GET, "/api/v1/employer/participation/export", None, &[]).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.headers["content-disposition"].to_str().unwrap().contains("participation.csv"));
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.starts_with('\u{FEFF}'), "Excel reads it as UTF-8");
    assert!(text.contains("\"José\",\"Álvarez\",\"jose@example.com\",\"Not started\""), "{text}");

    let (template, bytes) = admin.send_bytes(Method::GET, "/api/v1/employer/census/template", None, &[]).await;
    assert_eq!(template.status, StatusCode::OK);
    assert!(String::from_utf8(bytes).unwrap().contains("First name,Last name,Date of birth,ZIP code,E-mail"));
}

/// The token of the invitation last e-mailed to `to`.
async fn invitation_token(app: &TestApp, to: &str) -> String {
    let mail = crate::common::mail_to(app, to).await;
    let at = mail.find("/invitation?token=").expect("the invitation's link") + "/invitation?token=".len();
    mail[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}

#[tokio::test]
async fn an_invitation_opens_the_store_as_the_employee_who_waives_with_a_reason_and_participation_counts_it() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    let early = admin.post("/api/v1/employer/invitations", json!({})).await;
    assert_eq!(early.status, StatusCode::CONFLICT, "no plan year to invite to yet");
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    upload(&mut admin, CENSUS.as_bytes().to_vec()).await.ok();
    let invited = admin.post("/api/v1/employer/invitations", json!({})).await;
    assert_eq!((invited.ok()["sent"].clone(), invited.ok()["skipped"].clone()), (json!(2), json!(0)));
    let again = admin.post("/api/v1/employer/invitations", json!({})).await;
    assert_eq!(again.ok()["sent"], 0, "an invitation is sent once");

    let mail = crate::common::mail_to(&app, "zoe@example.com").await;
    assert!(mail.contains("Hello Zoë,"), "{mail}");
    assert!(mail.contains("Peachtree Logistics invites you to choose your benefits."), "{mail}");
    let token = invitation_token(&app, "zoe@example.com").await;
    let mut zoe = app.browser();
    let refused = zoe.post("/api/v1/employee/waive", json!({ "reason": "spouse_plan" })).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "no invitation opened yet");
    let opened = zoe.post("/api/v1/employee/invitation", json!({ "token": token })).await;
    assert!(opened.set_cookie.is_some(), "the session continues under a new id");
    assert_eq!((opened.ok()["first_name"].clone(), opened.ok()["window"].clone()), (json!("Zoë"), json!("open")));
    assert_eq!(opened.ok()["group_name"], "Peachtree Logistics");
    assert_eq!(opened.ok()["waive_reasons"][0]["words"], "I am covered by my spouse's or partner's plan");
    let no_reason = zoe.post("/api/v1/employee/waive", json!({})).await;
    assert_eq!(no_reason.first_error(), ("reason".into(), "Please choose why you do not need this coverage".into()));
    let waived = zoe.post("/api/v1/employee/waive", json!({ "reason": "spouse_plan" })).await;
    assert_eq!(waived.ok()["waived"], "spouse_plan");
    assert_eq!(zoe.get("/api/v1/employee/enrollment").await.ok()["waived"], "spouse_plan");

    let p = admin.get("/api/v1/employer/participation").await;
    assert_eq!((p.ok()["waived"].clone(), p.ok()["not_started"].clone()), (json!(1), json!(1)));
    // Zoë is covered by her spouse's plan: she leaves the count, and José alone has not started.
    assert_eq!(p.ok()["percent"], 0);
    let census = admin.get("/api/v1/employer/census").await;
    assert_eq!(
        (census.ok()[1]["standing"].clone(), census.ok()[1]["waived"].clone()),
        (json!("waived"), json!("spouse_plan"))
    );

    let mut stranger = app.browser();
    let forged = stranger.post("/api/v1/employee/invitation", json!({ "token": format!("{token}x") })).await;
    assert_eq!(
        forged.first_error(),
        (
            "token".into(),
            "This invitation does not work any more. Please ask your benefits administrator for a new one.".into()
        )
    );
}

#[tokio::test]
async fn an_invited_employee_cannot_add_a_plan_once_open_enrollment_has_closed() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    let mut closed = settings(50);
    let yesterday = (chrono::Local::now().date_naive() - chrono::Days::new(1)).format("%Y-%m-%d").to_string();
    closed["plan_year"]["open_from"] =
        json!((chrono::Local::now().date_naive() - chrono::Days::new(20)).format("%Y-%m-%d").to_string());
    closed["plan_year"]["open_until"] = json!(yesterday);
    admin.put("/api/v1/employer/settings", closed).await.ok();
    upload(&mut admin, CENSUS.as_bytes().to_vec()).await.ok();
    // The window closed: no one is invited to it.
    assert_eq!(admin.post("/api/v1/employer/invitations", json!({})).await.ok()["skipped"], 2);

    // An employee who typed the group's code is held to open enrollment too.
    let mut jose = app.browser();
    jose.enter_group_code("PEACH2556").await;
    let id = jose.start("IO").await;
    crate::common::join_group(&app, id, 2556).await;
    let plans = jose.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental")).await;
    let plan_id = plans.ok()["result"][0]["plan_id"].as_i64().unwrap();
    let pricing = jose.get(&format!("/api/v1/get-plan-pricing-detail?pid={plan_id}&enrollment_id={id}")).await;
    let pricing_id = pricing.ok()["plans"][0]["plan_pricing_id"].as_i64().unwrap();
    let refused = jose
        .post(
            "/api/v1/add-plan-to-cart",
            json!({ "enrollment_id": id, "plan_id": plan_id, "plan_pricing_id": pricing_id }),
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    let closed_on = chrono::NaiveDate::parse_from_str(&yesterday, "%Y-%m-%d").unwrap().format("%m/%d/%Y").to_string();
    assert_eq!(
        refused.body["message"],
        format!("Open enrollment closed on {closed_on}. You can change your coverage when you have a life event")
    );
    let cart = jose.get(&format!("/api/v1/get-plan-cart?enrollment_id={id}")).await;
    assert_eq!(cart.status, StatusCode::OK);
}

#[tokio::test]
async fn an_employee_sees_each_price_net_of_the_employers_share_on_the_plans_page_its_card_and_the_cart() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    let mut employee = app.browser();
    employee.enter_group_code("PEACH2556").await;
    // Forty years old: Brightbite Preferred's bands rate 40-49 at x1.1.
    let id = employee.start("IO").await;
    crate::common::join_group(&app, id, 2556).await;

    let pricing = employee.get(&format!("/api/v1/get-plan-pricing-detail?pid=1101&enrollment_id={id}")).await;
    let line = pricing.ok()["plans"][0].clone();
    // $32.50 x 1.1 = $35.75 a month; half is $17.875, to the cent $17.88; the employee's $17.87 a month is $214.44 a
    // year, $8.25 every two weeks.
    assert_eq!(line["plan_price"], 35.75, "{line}");
    let paycheck = &line["per_paycheck"];
    assert_eq!((paycheck["employer_pays"].clone(), paycheck["you_pay"].clone()), (json!(17.88), json!(17.87)));
    assert_eq!(paycheck["amount"], 8.25);

    let cards = employee.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental")).await;
    let card = cards.ok()["result"].as_array().unwrap().iter().find(|c| c["plan_id"] == 1101).unwrap().clone();
    assert_eq!(card["per_paycheck"]["employer_pays"], 17.88);
    let other = cards.ok()["result"].as_array().unwrap().iter().find(|c| c["plan_id"] == 1102).unwrap().clone();
    assert_eq!(other["per_paycheck"]["employer_pays"], Value::Null, "a plan the employer does not offer is paid whole");

    let pricing_id = line["plan_pricing_id"].as_i64().unwrap();
    employee
        .post(
            "/api/v1/add-plan-to-cart",
            json!({ "enrollment_id": id, "plan_id": 1101, "plan_pricing_id": pricing_id }),
        )
        .await
        .ok();
    let cart = employee.get(&format!("/api/v1/get-plan-cart?enrollment_id={id}")).await;
    assert_eq!(cart.ok()["result"][0]["per_paycheck"]["you_pay"], 17.87);
    assert_eq!(cart.ok()["per_paycheck"]["employer_pays"], 17.88);

    // The employer pays more: the listing is priced again, not kept from before.
    admin.put("/api/v1/employer/settings", settings(100)).await.ok();
    let cards = employee.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental")).await;
    let card = cards.ok()["result"].as_array().unwrap().iter().find(|c| c["plan_id"] == 1101).unwrap().clone();
    assert_eq!(
        (card["per_paycheck"]["employer_pays"].clone(), card["per_paycheck"]["amount"].clone()),
        (json!(35.75), json!(0.0))
    );
}

#[tokio::test]
async fn the_payroll_deduction_file_of_a_pay_period_is_made_once_with_each_enrolled_employees_part_per_paycheck() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    upload(&mut admin, CENSUS.as_bytes().to_vec()).await.ok();
    // José buys Brightbite Preferred 1000 at forty ($35.75 a month; the employer pays $17.88) and his application is
    // submitted, held by the address the census has for him.
    let mut jose = app.browser();
    jose.enter_group_code("PEACH2556").await;
    let id = jose.start("IO").await;
    crate::common::join_group(&app, id, 2556).await;
    jose.post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 1101, "plan_pricing_id": 110101 }))
        .await
        .ok();
    sqlx::query("update enrollment set policy_id = 'PAYROLL-1' where enrollment_id = $1")
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
    sqlx::query("insert into policy_holder (enrollment_id, email_sha256) values ($1, $2)")
        .bind(id)
        .bind(api::domain::access::holder_digest("Jose@Example.com").unwrap())
        .execute(&app.state.db)
        .await
        .unwrap();

    let made = admin.post("/api/v1/employer/deductions", json!({})).await;
    let file = made.ok().clone();
    assert_eq!(
        (file["deductions"].clone(), file["new"].clone(), file["stopped"].clone()),
        (json!(1), json!(1), json!(0))
    );
    let again = admin.post("/api/v1/employer/deductions", json!({})).await;
    assert_eq!(again.ok()["made_at"], file["made_at"], "a period has one file");
    assert_eq!(admin.get("/api/v1/employer/deductions").await.ok().as_array().unwrap().len(), 1);

    let period = file["period_start"].as_str().unwrap().to_string();
    let end = file["period_end"].as_str().unwrap().to_string();
    let (answer, bytes) =
        admin.send_bytes(Method::GET, &format!("/api/v1/employer/deductions/{period}"), None, &[]).await;
    assert_eq!(answer.status, StatusCode::OK);
    let text = String::from_utf8(bytes).unwrap();
    let golden = format!(
        "\u{FEFF}\"Period start\",\"Period end\",\"Employee ID\",\"Last name\",\"First name\",\"E-mail\",\"Plan ID\",\"Plan\",\
         \"Kind of coverage\",\"Tax\",\"Deduction per paycheck\",\"Change\",\"Previous deduction\"\r\n\
         \"{period}\",\"{end}\",\"1\",\"Álvarez\",\"José\",\"jose@example.com\",\"1101\",\"Brightbite Dental Preferred PPO\",\
         \"dental\",\"pre-tax\",\"8.25\",\"new\",\"\"\r\n"
    );
    assert_eq!(text, golden);

    use std::os::unix::fs::PermissionsExt;
    let path = app.state.edi.dir.join("payroll/2556").join(format!("deductions-{period}.csv"));
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the payroll system's file is the store's alone");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), golden.trim_start_matches('\u{FEFF}'));

    let mut zoe = app.browser();
    assert_eq!(zoe.post("/api/v1/employer/deductions", json!({})).await.status, StatusCode::FORBIDDEN);
    let unknown = admin.send_bytes(Method::GET, "/api/v1/employer/deductions/1999-01-01", None, &[]).await.0;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

/// Settings whose open enrollment runs from ten days ago until `days` from today, for a plan year starting on the first
/// of the month after that.
fn closing_in(days: u64) -> Value {
    let today = chrono::Local::now().date_naive();
    let until = today + chrono::Days::new(days);
    let after = until + chrono::Days::new(1);
    let start = chrono::NaiveDate::from_ymd_opt(
        if after.month0() == 11 { after.year() + 1 } else { after.year() },
        if after.month0() == 11 { 1 } else { after.month() + 1 },
        1,
    )
    .unwrap();
    let mut s = settings(50);
    s["plan_year"]["start"] = json!(start.format("%Y-%m-%d").to_string());
    s["plan_year"]["open_until"] = json!(until.format("%Y-%m-%d").to_string());
    s
}

/// The mails the outbox holds of `kind`, by address.
async fn mails_of(app: &TestApp, kind: &str) -> Vec<String> {
    sqlx::query_scalar("select recipient from outbox where kind = $1 order by outbox_id")
        .bind(kind)
        .fetch_all(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_schedule_invites_each_employee_as_their_window_opens_and_reminds_whoever_has_not_chosen_as_it_closes() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    admin.put("/api/v1/employer/settings", closing_in(20)).await.ok();
    upload(&mut admin, CENSUS.as_bytes().to_vec()).await.ok();
    let schedule = api::domain::employer::schedule::run_once;

    // Open enrollment is open: both are invited without the administrator asking, once.
    let run = schedule(&app.state).await.unwrap();
    assert_eq!((run.invited, run.reminded), (2, 0));
    assert_eq!(mails_of(&app, "employee_invitation").await, ["jose@example.com", "zoe@example.com"]);
    assert_eq!(schedule(&app.state).await.unwrap().invited, 0, "an invitation goes once");
    assert_eq!(admin.post("/api/v1/employer/invitations", json!({})).await.ok()["sent"], 0);

    // Zoë waives; the window closes in a week now: José alone, who has not chosen, is reminded, once.
    let mut zoe = app.browser();
    zoe.post("/api/v1/employee/invitation", json!({ "token": invitation_token(&app, "zoe@example.com").await }))
        .await
        .ok();
    zoe.post("/api/v1/employee/waive", json!({ "reason": "medicare" })).await.ok();
    admin.put("/api/v1/employer/settings", closing_in(7)).await.ok();
    assert_eq!(schedule(&app.state).await.unwrap().reminded, 1);
    assert_eq!(mails_of(&app, "employee_reminder").await, ["jose@example.com"]);
    let reminder = crate::common::mail_to(&app, "jose@example.com").await;
    let until = (chrono::Local::now().date_naive() + chrono::Days::new(7)).format("%m/%d/%Y").to_string();
    assert!(
        reminder.contains(&format!("You have until {until} to choose your benefits at Peachtree Logistics")),
        "{reminder}"
    );
    assert!(reminder.contains("/invitation?token="), "the reminder opens the store as he is: {reminder}");
    assert_eq!(schedule(&app.state).await.unwrap().reminded, 0, "a reminder goes once");

    // The last day: the day-before reminder goes too.
    admin.put("/api/v1/employer/settings", closing_in(0)).await.ok();
    assert_eq!(schedule(&app.state).await.unwrap().reminded, 1);
    assert_eq!(mails_of(&app, "employee_reminder").await, ["jose@example.com", "jose@example.com"]);
}

#[tokio::test]
async fn an_employee_whose_invitation_made_the_application_counts_as_enrolled_whatever_address_holds_it() {
    let app = TestApp::new().await;
    let mut admin = administrator(&app).await;
    admin.put("/api/v1/employer/settings", settings(50)).await.ok();
    upload(&mut admin, CENSUS.as_bytes().to_vec()).await.ok();
    admin.post("/api/v1/employer/invitations", json!({})).await.ok();
    let mut jose = app.browser();
    jose.post("/api/v1/employee/invitation", json!({ "token": invitation_token(&app, "jose@example.com").await }))
        .await
        .ok();
    let id = jose.start("IO").await;
    crate::common::join_group(&app, id, 2556).await;
    jose.post("/api/v1/add-plan-to-cart", json!({ "enrollment_id": id, "plan_id": 1101, "plan_pricing_id": 110101 }))
        .await
        .ok();
    // Submitted, held by his own address rather than the one his employer has.
    sqlx::query("update enrollment set policy_id = 'BY-INVITATION' where enrollment_id = $1")
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
    sqlx::query("insert into policy_holder (enrollment_id, email_sha256) values ($1, $2)")
        .bind(id)
        .bind(api::domain::access::holder_digest("jose.alvarez@home.example").unwrap())
        .execute(&app.state.db)
        .await
        .unwrap();
    let p = admin.get("/api/v1/employer/participation").await;
    assert_eq!((p.ok()["enrolled"].clone(), p.ok()["not_started"].clone()), (json!(1), json!(1)), "{}", p.body);
    assert_eq!(admin.get("/api/v1/employer/census").await.ok()[0]["standing"], "enrolled");

    // Cancelled in its free-look period, the application no longer counts.
    sqlx::query(
        "insert into application_cancellation (enrollment_id, cancelled_by, reason, last_day, cancelled_at) \
         values ($1, 'applicant', 'changed my mind', '2026-12-31', '2026-12-04T00:00:00Z')",
    )
    .bind(id)
    .execute(&app.state.db)
    .await
    .unwrap();
    let p = admin.get("/api/v1/employer/participation").await;
    assert_eq!((p.ok()["enrolled"].clone(), p.ok()["not_started"].clone()), (json!(0), json!(2)));
}

#[tokio::test]
async fn an_administrator_opens_the_console_on_any_browser_with_a_code_sent_to_the_groups_address_on_file() {
    let app = TestApp::new().await;
    let mut admin = app.browser();
    assert_eq!(admin.get("/api/v1/employer").await.status, StatusCode::FORBIDDEN, "not yet signed in");
    let invalid = admin.post("/api/v1/employer/sign-in/send-code", json!({ "email": "benefits at peachtree" })).await;
    assert_eq!(invalid.first_error().0, "email");
    let stranger = admin.post("/api/v1/employer/sign-in/send-code", json!({ "email": "someone@example.com" })).await;
    assert_eq!(stranger.ok()["sent_to"], "s••••@example.com", "the same answer for an address that is no group's");
    let sent = admin
        .post("/api/v1/employer/sign-in/send-code", json!({ "email": " Benefits@PeachtreeLogistics.example " }))
        .await;
    assert_eq!(
        (sent.ok()["sent_to"].clone(), sent.ok()["minutes"].clone()),
        (json!("b••••@peachtreelogistics.example"), json!(10))
    );
    let mailed: i64 = sqlx::query_scalar("select count(*) from outbox where kind = 'group_admin_sign_in_code'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(mailed, 1, "only the group's own address is sent a code");
    let mail = crate::common::mail_to(&app, "benefits@peachtreelogistics.example").await;
    let line =
        mail.lines().find(|l| l.starts_with("Your code to open your employer console")).expect("the code is mailed");
    let code: String = line.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(code.len(), 6);

    // The code is the asking browser's alone.
    let mut elsewhere = app.browser();
    let taken = elsewhere.post("/api/v1/employer/sign-in", json!({ "code": code })).await;
    assert_eq!(taken.first_error(), ("code".into(), api::domain::access::CODE_SPENT.into()));
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let guess = admin.post("/api/v1/employer/sign-in", json!({ "code": wrong })).await;
    assert_eq!(guess.first_error(), ("code".into(), api::domain::access::CODE_WRONG.into()));
    let signed_in = admin.post("/api/v1/employer/sign-in", json!({ "code": code })).await;
    assert_eq!(
        (signed_in.ok()["group_id"].clone(), signed_in.ok()["name"].clone()),
        (json!(2556), json!("Peachtree Logistics"))
    );
    assert!(signed_in.headers.get("set-cookie").is_some(), "the session continues under a new id");
    assert_eq!(admin.get("/api/v1/employer").await.ok()["name"], "Peachtree Logistics");
    let again = admin.post("/api/v1/employer/sign-in", json!({ "code": code })).await;
    assert_eq!(again.first_error(), ("code".into(), api::domain::access::CODE_SPENT.into()), "a code works once");
}
