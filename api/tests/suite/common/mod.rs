//! Test harness: the real app on a fresh, migrated and seeded database, driven without a socket.
//!
//! SQLite always (a temporary file per test). With `ENROLL_TEST_DATABASE_URL=postgres://...` the same tests run on
//! PostgreSQL instead, each in a database of its own created from that URL (`make test` runs both).

#![allow(dead_code)]

use std::path::PathBuf;

use api::app::app;
use api::config::{Config, Keys};
use api::state::AppState;
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// Every test server's keys: a replica reads what another wrote.
pub const TEST_KEYS: Keys =
    Keys { data_key: [42u8; 32], data_key_id: 1, retired_data_keys: Vec::new(), session_key: [7u8; 64] };

/// The carrier's credentials for reading submitted applications in tests.
pub const AUDIT_AUTH: &str = "carrier:audit-in-tests";

pub struct TestApp {
    pub router: Router,
    pub config: Config,
    /// The state at the start (the database, the services); `live` holds what a reload has changed since.
    pub state: AppState,
    pub live: api::state::Live,
    pub database_url: String,
    _dir: tempdir::TempDir,
}

/// A browser: its own cookie jar.
pub struct Browser<'a> {
    app: &'a TestApp,
    pub cookie: Option<String>,
    /// The Host header it sends (the site it came to); none by default.
    pub host: Option<String>,
    /// The language chosen in the store (its `enroll_lang` cookie); none by default.
    pub language: Option<&'static str>,
}

pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
    pub set_cookie: Option<String>,
    pub headers: axum::http::HeaderMap,
}

impl Answer {
    /// The first error item's field and message.
    #[track_caller]
    pub fn first_error(&self) -> (String, String) {
        let item = &self.body["data"][0];
        (
            item["target_element"].as_str().unwrap_or_default().to_string(),
            item["error_message"].as_str().unwrap_or_default().to_string(),
        )
    }

    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.status, StatusCode::OK, "{}", self.body);
        assert_eq!(self.body["status"], "success");
        &self.body["data"]
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

mod tempdir {
    /// A directory removed when dropped.
    pub struct TempDir(pub std::path::PathBuf);

    impl TempDir {
        pub fn new() -> TempDir {
            use rand::Rng;
            let dir = std::env::temp_dir().join(format!("enroll-test-{:016x}", rand::thread_rng().gen::<u64>()));
            std::fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

async fn fresh_postgres(admin_url: &str) -> String {
    use rand::Rng;
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let name = format!("etest{:012x}", rand::thread_rng().gen::<u64>() >> 16);
    let mut admin = sqlx::AnyConnection::connect(admin_url).await.expect("PostgreSQL admin connection");
    sqlx::query(&format!("create database {name}")).execute(&mut admin).await.unwrap();
    let (base, _) = admin_url.rsplit_once('/').expect("a database URL ends with /name");
    format!("{base}/{name}")
}

impl TestApp {
    pub async fn new() -> TestApp {
        Self::with_workflows(repo().join("workflows")).await
    }

    /// The app as deployed behind HTTPS (COOKIE_SECURE on).
    pub async fn behind_https() -> TestApp {
        Self::configured(repo().join("workflows"), None, None, |c| c.cookie_secure = true).await
    }

    /// The app with its configuration changed by `adjust`.
    pub async fn with_config(adjust: impl FnOnce(&mut Config)) -> TestApp {
        Self::configured(repo().join("workflows"), None, None, adjust).await
    }

    /// Where this app serves the renderer's files from (empty until a test writes there).
    pub fn renderer_dir(&self) -> PathBuf {
        self._dir.0.join("no-renderer")
    }

    /// The app delivering its e-mails to an SMTP relay.
    pub async fn with_smtp(smtp_url: &str) -> TestApp {
        Self::build(repo().join("workflows"), Some(smtp_url.to_string()), None).await
    }

    /// The app calling the invoice service at `url` after each submission.
    pub async fn with_invoice_url(url: &str) -> TestApp {
        Self::build(repo().join("workflows"), None, Some(url.to_string())).await
    }

    pub async fn with_workflows(workflows_dir: PathBuf) -> TestApp {
        Self::build(workflows_dir, None, None).await
    }

    async fn build(workflows_dir: PathBuf, smtp_url: Option<String>, invoice_url: Option<String>) -> TestApp {
        Self::configured(workflows_dir, smtp_url, invoice_url, |_| {}).await
    }

    async fn configured(
        workflows_dir: PathBuf,
        smtp_url: Option<String>,
        invoice_url: Option<String>,
        adjust: impl FnOnce(&mut Config),
    ) -> TestApp {
        let dir = tempdir::TempDir::new();
        let database_url = match std::env::var("ENROLL_TEST_DATABASE_URL") {
            Ok(admin) if !admin.is_empty() => fresh_postgres(&admin).await,
            _ => format!("sqlite://{}?mode=rwc", dir.0.join("test.db").display()),
        };
        let mut config = Config {
            port: 0,
            listen_addr: std::net::IpAddr::from([127, 0, 0, 1]),
            max_connections: 1024,
            max_connections_per_client: 64,
            max_busy_connections: 256,
            ops_port: None,
            stopping: api::config::StopSettings::default(),
            metrics: api::config::MetricsAccess::default(),
            trust_proxy: true,
            database_url: database_url.clone(),
            data_dir: dir.0.clone(),
            renderer_dir: dir.0.join("no-renderer"),
            fixtures_dir: repo().join("fixtures"),
            workflows_dir,
            cookie_secure: false,
            public_url: "http://localhost:8080".into(),
            mail_from: "Benefit Store <no-reply@benefitstore.example>".into(),
            smtp_url,
            routing_directory: repo().join("fixtures/banking/fedach-directory.txt"),
            invoice_url,
            text_url: None,
            clamd_address: common_clamd(),
            single_portal_host: Some("enroll.harborstone-worksite.example".into()),
            site_settings_auth: api::config::DEFAULT_SITE_SETTINGS_AUTH.into(),
            benefit_root: api::config::BENEFIT_ROOT.into(),
            recommend_refresh: std::time::Duration::from_secs(60),
            workflows_refresh: std::time::Duration::from_secs(5),
            employer_schedule: std::time::Duration::from_secs(3600),
            audit_auth: Some(AUDIT_AUTH.into()),
            edi: api::config::EdiSettings {
                batch: std::time::Duration::from_secs(300),
                dir: dir.0.join("edi"),
                sender_id: "BENEFITSTORE".into(),
                sender_name: "Benefit Store".into(),
                sender_tax_id: Some("990123456".into()),
                production: false,
                retention_days: 30,
                sftp_key: dir.0.join("edi/sftp_key"),
            },
        };
        adjust(&mut config);
        let state = AppState::prepare(&config, &TEST_KEYS).await.expect("the app starts");
        let live = api::state::Live::new(state.clone());
        TestApp { router: app(&live, &config), config, state, live, database_url, _dir: dir }
    }

    /// A second server on this one's database (another replica), with its own data directory.
    pub async fn replica(&self) -> (AppState, tempdir::TempDir) {
        let (state, dir) = self.replica_with(|_| {}).await;
        (state.expect("the replica starts"), dir)
    }

    /// A second server on this one's database, configured differently (its own workflows directory, say); an error
    /// when it does not start.
    pub async fn replica_with(&self, adjust: impl FnOnce(&mut Config)) -> (anyhow::Result<AppState>, tempdir::TempDir) {
        let dir = tempdir::TempDir::new();
        let mut config = self.config.clone();
        config.data_dir = dir.0.clone();
        adjust(&mut config);
        (AppState::prepare(&config, &TEST_KEYS).await, dir)
    }

    /// The server started again on this one's database (a restart, or another replica): a new state read only from
    /// the database, with its own data directory. Browsers of this one keep their sessions there (same keys).
    pub async fn restarted(&self) -> TestApp {
        self.restarted_with_keys(&TEST_KEYS).await.expect("the app starts again")
    }

    /// The server started again with other keys (a data key rotated, say); the error when it refuses to start.
    pub async fn restarted_with_keys(&self, keys: &Keys) -> anyhow::Result<TestApp> {
        let dir = tempdir::TempDir::new();
        let mut config = self.config.clone();
        config.data_dir = dir.0.clone();
        let state = AppState::prepare(&config, keys).await?;
        let live = api::state::Live::new(state.clone());
        Ok(TestApp {
            router: app(&live, &config),
            config,
            state,
            live,
            database_url: self.database_url.clone(),
            _dir: dir,
        })
    }

    /// A browser on the site at `host` (a white-label domain).
    pub fn browser_at(&self, host: &str) -> Browser<'_> {
        Browser { app: self, cookie: None, host: Some(host.into()), language: None }
    }

    pub fn browser(&self) -> Browser<'_> {
        Browser { app: self, cookie: None, host: None, language: None }
    }
}

impl<'a> Browser<'a> {
    /// Another visitor of the same store, in the same language: a session of its own.
    pub fn another(&self) -> Browser<'a> {
        Browser { app: self.app, cookie: None, host: self.host.clone(), language: self.language }
    }

    /// The application this browser talks to.
    pub fn app(&self) -> &'a TestApp {
        self.app
    }

    /// Maria Alvarez's (the fixtures' member 5001) Personal and Contact Information and the agreement, each by Next:
    /// the enrollment is then at Billing Information.
    pub async fn maria_to_billing(&mut self, id: i64) {
        for (tab, answers) in [
            (
                "primary_info",
                json!({ "first_name": "Maria", "last_name": "Alvarez", "weight": 140, "height_feet": 5,
                "height_inch": 4, "marital_status": "1", "ssn": "219-09-4321", "prior_coverage_flag": "0" }),
            ),
            (
                "contact_info",
                json!({ "email_address": "maria.alvarez@example.com", "phone_number": "8135550177",
                "address1": "220 Bayshore Blvd", "city": "Tampa", "birth_state": "FL", "birth_city": "Miami" }),
            ),
            ("agreement_info", agreement()),
        ] {
            let path = format!("/api/v1/enrollment/{id}/step/{tab}");
            self.post(&path, json!({ "action": "next", "formData": answers })).await.ok();
        }
    }
}

impl Browser<'_> {
    pub async fn send(&mut self, method: Method, uri: &str, body: Option<String>) -> Answer {
        self.send_with(method, uri, body, &[]).await
    }

    /// A GET with further headers.
    pub async fn get_with(&mut self, uri: &str, headers: &[(&str, &str)]) -> Answer {
        self.send_with(Method::GET, uri, None, headers).await
    }

    pub async fn send_with(
        &mut self,
        method: Method,
        uri: &str,
        body: Option<String>,
        headers: &[(&str, &str)],
    ) -> Answer {
        let body = body.map(|b| (b.into_bytes(), "application/json"));
        self.send_bytes(method, uri, body, headers).await.0
    }

    /// A request with a body of `bytes` of the media type given, answered with the answer's own bytes too.
    pub async fn send_bytes(
        &mut self,
        method: Method,
        uri: &str,
        body: Option<(Vec<u8>, &str)>,
        headers: &[(&str, &str)],
    ) -> (Answer, Vec<u8>) {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(host) = &self.host {
            request = request.header(header::HOST, host);
        }
        if let Some(cookie) = &self.cookie {
            request = request.header(header::COOKIE, cookie);
        }
        if let Some(language) = self.language {
            request = request.header(header::COOKIE, format!("enroll_lang={language}"));
        }
        let body = match body {
            Some((bytes, media_type)) => {
                request = request.header(header::CONTENT_TYPE, media_type);
                Body::from(bytes)
            }
            None => Body::empty(),
        };
        let request = request.body(body).unwrap();
        let response = self.app.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let set_cookie = response.headers().get(header::SET_COOKIE).map(|v| v.to_str().unwrap().to_string());
        if let Some(set) = &set_cookie {
            self.cookie = Some(set.split(';').next().unwrap().to_string());
        }
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }));
        (Answer { status, body, set_cookie, headers }, bytes.to_vec())
    }

    pub async fn get(&mut self, uri: &str) -> Answer {
        self.send(Method::GET, uri, None).await
    }

    pub async fn post(&mut self, uri: &str, body: Value) -> Answer {
        self.send(Method::POST, uri, Some(body.to_string())).await
    }

    pub async fn put(&mut self, uri: &str, body: Value) -> Answer {
        self.send(Method::PUT, uri, Some(body.to_string())).await
    }

    pub async fn delete(&mut self, uri: &str) -> Answer {
        self.send(Method::DELETE, uri, None).await
    }

    /// A rep's access code looked up and confirmed (Yes): the session is the rep's, branded, not signed in.
    pub async fn enter_rep_code(&mut self, code: &str) -> Value {
        let rep = self.get(&format!("/api/v1/validate-agent?agent_code={code}")).await;
        let rep = rep.ok().clone();
        self.post("/api/v1/confirm-access", json!({ "agent_code": code })).await.ok();
        rep
    }

    /// A group's enrollment code looked up and confirmed (Yes, my employer): the session is an employee's.
    pub async fn enter_group_code(&mut self, code: &str) -> Value {
        let group = self.get(&format!("/api/v1/validate-group?group_code={code}")).await;
        let group = group.ok().clone();
        self.post("/api/v1/confirm-access", json!({ "group_code": code })).await.ok();
        group
    }

    /// The rep signed in by the hand-off link of the rep dashboard (`enroll rep-link`): answers where it led.
    pub async fn open_rep_link(&mut self, agent_id: i64) -> Answer {
        let token = api::domain::access::rep_link(&self.app.state.crypto, agent_id);
        self.get(&format!("/rep-sign-in/{token}")).await
    }

    /// A rep's session signed in: the access code confirmed, then the hand-off link opened.
    pub async fn sign_in_rep(&mut self, code: &str) -> Value {
        let rep = self.enter_rep_code(code).await;
        let agent = rep["agent_id"].as_i64().expect("the code names a rep");
        let opened = self.open_rep_link(agent).await;
        assert_eq!(opened.status, StatusCode::SEE_OTHER, "{}", opened.body);
        rep
    }

    /// One row of `get-form-fields-personal-info`.
    pub async fn personal_field(&mut self, id: i64, name: &str) -> Value {
        let fields = self.get(&format!("/api/v1/get-form-fields-personal-info?enrollment_id={id}")).await;
        let rows = fields.ok()["result"].as_array().cloned().unwrap_or_default();
        rows.into_iter().find(|f| f["field_name"] == name).unwrap_or_else(|| panic!("no field {name}"))
    }

    /// A filter for a woman aged 40 in Atlanta; answers the enrollment id.
    pub async fn start(&mut self, tier: &str) -> i64 {
        let answer = self
            .post(
                "/api/v1/add-filter-for-new-user",
                json!({ "zip": "30301", "gender": "1", "tier": tier, "dob": dob_of_age(40) }),
            )
            .await;
        answer.ok()["temp_enrollment_id"].as_i64().unwrap()
    }

    /// Adds the cheapest option of the first plan of `category` offered.
    pub async fn add_first_plan(&mut self, id: i64, category: &str) -> (i64, i64) {
        let plans = self.get(&format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories={category}")).await;
        let plan_id = plans.ok()["result"][0]["plan_id"].as_i64().expect("a plan is offered");
        let pricing = self.get(&format!("/api/v1/get-plan-pricing-detail?pid={plan_id}&enrollment_id={id}")).await;
        let pricing_id = pricing.ok()["plans"][0]["plan_pricing_id"].as_i64().unwrap();
        self.post(
            "/api/v1/add-plan-to-cart",
            json!({ "enrollment_id": id, "plan_id": plan_id, "plan_pricing_id": pricing_id }),
        )
        .await
        .ok();
        (plan_id, pricing_id)
    }

    /// Agreement & Signature and Billing Information (EFT) through the step protocol: answers the review step.
    pub async fn sign_and_pay(&mut self, id: i64) -> Answer {
        self.post(
            &format!("/api/v1/enrollment/{id}/step/agreement_info"),
            json!({ "action": "next", "formData": agreement() }),
        )
        .await
        .ok();
        self.post(
            &format!("/api/v1/enrollment/{id}/step/billing_info"),
            json!({ "action": "next", "formData": billing_eft() }),
        )
        .await
    }

    /// Personal Information and Contact Information saved through the spec's calls, for Dana Okafor.
    pub async fn save_personal_and_contact(&mut self, id: i64) {
        for (call, mut body) in [("save-personal-info", personal()), ("save-contact-info", contact())] {
            body["enrollment_id"] = json!(id);
            self.post(&format!("/api/v1/{call}"), body).await.ok();
        }
    }

    /// Filter, one dental plan (no health questions), checkout: answers the enrollment id, at Personal Information.
    pub async fn checked_out(&mut self) -> i64 {
        self.checked_out_with("dental").await
    }

    /// Filter, the first plan of `category`, checkout: answers the enrollment id, at Personal Information.
    pub async fn checked_out_with(&mut self, category: &str) -> i64 {
        self.checked_out_on("IO", category).await
    }

    /// A filter on `tier`, the first plan of `category`, checkout: answers the enrollment id, at Personal Information.
    pub async fn checked_out_on(&mut self, tier: &str, category: &str) -> i64 {
        let id = self.start(tier).await;
        self.add_first_plan(id, category).await;
        let dates = self.get(&format!("/api/v1/get-cart-effective-dates?enrollment_id={id}")).await;
        let date = dates.ok()["result"][0].as_str().unwrap().to_string();
        self.post("/api/v1/cart-checkout", json!({ "enrollment_id": id, "effective_date": date, "type": "member" }))
            .await
            .ok();
        id
    }
}

pub fn dob_of_age(years: i32) -> String {
    use chrono::Datelike;
    let today = chrono::Local::now().date_naive();
    let birth = today.with_year(today.year() - years).unwrap_or(today - chrono::Duration::days(366 * years as i64));
    birth.format("%m/%d/%Y").to_string()
}

pub fn personal() -> Value {
    json!({
        "first_name": "Dana", "last_name": "Okafor", "weight": 165, "height_feet": 5, "height_inch": 7,
        "marital_status": "1", "ssn": "123-45-6789", "prior_coverage_flag": "0"
    })
}

pub fn contact() -> Value {
    json!({
        "email_address": "dana.okafor@example.com", "phone_number": "4045550134", "address1": "12 Peachtree St NE",
        "city": "Atlanta", "birth_state": "GA", "birth_city": "Macon"
    })
}

/// A name drawn on the store's signature pad (`fixtures/signatures/drawn-name.png`), as the pad sends it.
pub static SIGNATURE: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| png_data_url(include_bytes!("../../../../fixtures/signatures/drawn-name.png")));

/// A PNG as a data URL, as a canvas sends it.
pub fn png_data_url(png: &[u8]) -> String {
    use base64::Engine;
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
}

/// Agreement & Signature answered in full: every box ticked, signed.
pub fn agreement() -> Value {
    json!({
        "agreements": { "accuracy": true, "authorization": true, "electronic_records": true },
        "signature": SIGNATURE.as_str()
    })
}

/// Health Questions answered No throughout, in the step's shape (answers keyed by question id).
pub fn health_all_no() -> Value {
    let answers: serde_json::Map<String, Value> =
        [141, 142, 143, 144, 145, 146, 147].iter().map(|id| (id.to_string(), json!({ "yes_no_flag": "0" }))).collect();
    json!({ "condition_questions": answers, "medication_question": { "yes_no_flag": "0" }, "answers_confirmed": true })
}

/// Billing Information paid by EFT from the fictional Peachtree Community Bank of the shipped routing directory.
pub fn billing_eft() -> Value {
    json!({
        "payment_method": "eft", "routing_number": "061271001", "account_name": "Dana Okafor",
        "account_number": "000123456789", "account_type": "checking", "account_holder_type": "individual",
        "bill_date": 28
    })
}

/// The newest e-mail to `to`, after the outbox sender has delivered what is due (into files).
pub async fn mail_to(app: &TestApp, to: &str) -> String {
    api::services::mail::deliver_due(&app.state.db, &app.state.mailer).await.unwrap();
    let dir = app.state.mailer.dir().expect("e-mails go to files");
    let mut mails: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .filter(|m| m.contains(&format!("To: {to}")))
        .collect();
    mails.sort();
    quoted_printable_read(&mails.pop().expect("an e-mail was written"))
}

/// A quoted-printable text as it reads: soft line breaks joined, each `=XX` the byte it stands for (a UTF-8 name's
/// letters are two such bytes).
pub fn quoted_printable_read(text: &str) -> String {
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let (bytes, mut out, mut i) = (joined.as_bytes(), Vec::new(), 0);
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A tab's documents as stored (the complete one and a draft beside it, sealed values and all), to check what is kept
/// at rest.
pub async fn stored_document(app: &TestApp, id: i64, tab: &str) -> String {
    sqlx::query_scalar(
        "select coalesce(data, '') || coalesce(draft, '') from enrollment_tab where enrollment_id = $1 and tab_name = $2",
    )
        .bind(id)
        .bind(tab)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

/// Makes an enrollment an employee's of `group`, as a group enrollment code would, for tests that start without one.
pub async fn join_group(app: &TestApp, id: i64, group: i64) {
    sqlx::query("update enrollment set enrollment_type = 'new-group-member', group_id = $1 where enrollment_id = $2")
        .bind(group)
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
}

/// Every log line written while the returned guard lives, on this thread (a current-thread runtime runs all of a
/// test's tasks on it), at every level up to `level`.
pub fn capture_logs(level: tracing::Level) -> (CapturedLogs, tracing::subscriber::DefaultGuard) {
    let captured = CapturedLogs::default();
    let writer = captured.clone();
    let subscriber =
        tracing_subscriber::fmt().with_max_level(level).with_ansi(false).with_writer(move || writer.clone()).finish();
    (captured, tracing::subscriber::set_default(subscriber))
}

#[derive(Clone, Default)]
pub struct CapturedLogs(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl CapturedLogs {
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

impl std::io::Write for CapturedLogs {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Puts the catalogue's first premier plan (its first option) in the enrollment's cart directly, as if its popups had
/// been answered: the plan.
pub async fn premier_in_cart(app: &TestApp, id: i64) -> &engine::catalogue::Plan {
    let plan = app.state.catalogue.plans.iter().find(|p| p.is_premier()).expect("a premier plan");
    sqlx::query("insert into cart_line (enrollment_id, plan_id, plan_pricing_id, removable, added_at) values ($1, $2, $3, 1, 'now')")
        .bind(id)
        .bind(plan.plan_id)
        .bind(plan.options[0].plan_pricing_id)
        .execute(&app.state.db)
        .await
        .unwrap();
    plan
}

/// A tiny service on loopback that keeps the JSON POSTed to `path` (the invoice service, a text gateway), each with
/// `idempotency_key_given` beside it.
pub async fn loopback_service(path: &'static str) -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    use std::sync::{Arc, Mutex};
    let received = Arc::new(Mutex::new(Vec::new()));
    let keep = received.clone();
    let app = axum::Router::new().route(
        path,
        axum::routing::post(move |headers: axum::http::HeaderMap, axum::Json(mut body): axum::Json<Value>| {
            let keep = keep.clone();
            async move {
                // The key a receiver deduplicates repeats by, kept beside what was sent.
                let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).unwrap_or_default();
                body["idempotency_key_given"] = json!(key.starts_with("outbox-"));
                keep.lock().unwrap().push(body);
                StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{address}{path}"), received)
}

/// The address of the ClamAV daemon every test app scans documents with: `ENROLL_TEST_CLAMD`, or the one
/// `scripts/ensure-clamd.sh` starts (installing Debian's clamav-daemon where it is missing), asked once per run. A
/// machine where neither works fails the run, saying why: documents are never kept unscanned, so their tests cannot
/// run without it.
pub fn common_clamd() -> Option<String> {
    // The outcome is kept either way: a failed start is reported to every test at once, not tried again by each.
    static ADDRESS: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    let address = ADDRESS.get_or_init(|| {
        if let Ok(given) = std::env::var("ENROLL_TEST_CLAMD") {
            if !given.is_empty() {
                return Ok(given);
            }
        }
        let out = std::process::Command::new(repo().join("scripts/ensure-clamd.sh"))
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| format!("scripts/ensure-clamd.sh could not run: {e}"))?;
        if !out.status.success() {
            return Err("ClamAV's clamd could not be started by scripts/ensure-clamd.sh".into());
        }
        Ok(String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or_default().trim().to_string())
    });
    match address {
        Ok(address) => Some(address.clone()),
        Err(why) => panic!("{why}"),
    }
}
