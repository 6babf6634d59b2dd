//! The store under load made of whole journeys (`make load`, docs/PERFORMANCE.md): visitors who only browse, applicants
//! who finish and submit, applicants who stop at checkout, applicants who save for later and come back with the
//! code they were e-mailed, and reps who sign in once and enroll member after member. Each journey is a new visitor (no cookies; each simulated browser has an address of its
//! own on 127.0.0.0/8, so the store's per-client limits see many people, as they would), walks the spec's calls as the
//! renderer makes them, and waits a person's think time between steps.
//!
//! Built on goose, which starts the users, runs them for the time asked and makes the requests. At the end it prints
//! the journeys completed, failed and abandoned by the script, and each step's p50, p95 and p99.
//!
//!   load --host http://localhost:8080 --users 800 --hatch-rate 100 --run-time 60s --no-print-metrics
//!
//! Settings in the environment: `LOAD_THINK_MS` (`1000-3000`: a person's pause between steps), `LOAD_MIX`
//! (`browse=60,apply=25,checkout=9,resume=3,rep=3`; `probe=1` alone measures the generator itself), `LOAD_MAIL_DIRS` (the replicas' outbox folders, comma-separated,
//! where a resuming applicant finds the e-mail with their code; without them nobody resumes), `LOAD_REP_LINKS` (a file
//! of rep sign-in links, one a line, as `enroll rep-link 7781 --count N` prints them: each simulated rep signs in with
//! one; without it no rep works).
//!
//! Every save the store acknowledged is looked for on the review before Submit (the review shows each finished step as
//! it is stored): the report counts the saves acknowledged and those found, so a save lost in a restart shows.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use goose::prelude::*;
use rand::Rng;
use serde_json::{json, Value};

/// The kinds of journey, as the mix names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Browse,
    Apply,
    Checkout,
    Resume,
    /// A rep at their desk: signed in once, then enrolling one member after another in the same session.
    Rep,
    /// Not a person: `GET /healthz` over and over, to measure what the generator itself can drive (never in the
    /// default mix).
    Probe,
}

impl Kind {
    const ALL: [Kind; 6] = [Kind::Browse, Kind::Apply, Kind::Checkout, Kind::Resume, Kind::Rep, Kind::Probe];

    fn name(self) -> &'static str {
        match self {
            Kind::Browse => "browse",
            Kind::Apply => "apply",
            Kind::Checkout => "checkout",
            Kind::Resume => "resume",
            Kind::Rep => "rep",
            Kind::Probe => "probe",
        }
    }
}

/// How a journey that did not fail ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Completed,
    /// Ended on purpose before the end (the applicant who stops at checkout).
    Abandoned,
}

/// Journeys by kind and outcome, and each step's times (microseconds) and failures.
#[derive(Default)]
struct Tally {
    journeys: BTreeMap<(Kind, &'static str), u64>,
    steps: BTreeMap<&'static str, Vec<u32>>,
    failed_steps: BTreeMap<&'static str, u64>,
    reasons: BTreeMap<String, u64>,
}

static TALLY: LazyLock<Mutex<Tally>> = LazyLock::new(Mutex::default);
static REQUESTS: AtomicU64 = AtomicU64::new(0);
/// Saves the store answered as done (a step's Next); of them, those of journeys that reached the review, where they
/// were looked for; and those the review showed.
static SAVES_ACKNOWLEDGED: AtomicU64 = AtomicU64::new(0);
static SAVES_LOOKED_FOR: AtomicU64 = AtomicU64::new(0);
static SAVES_FOUND: AtomicU64 = AtomicU64::new(0);
static VISITORS: AtomicU64 = AtomicU64::new(0);

fn tally() -> std::sync::MutexGuard<'static, Tally> {
    TALLY.lock().unwrap_or_else(|e| e.into_inner())
}

/// A step that did not go as a person needs it to: which, and why.
struct Failure(String);

type Step<T> = Result<T, Failure>;

/// An answer's text, read whole (as a browser reads it), parsed only when the journey needs what it says.
struct Answer(String);

impl Answer {
    /// The answer as JSON, the spec's envelope taken off (its `data`); Null for a page.
    fn json(&self, step: &'static str) -> Step<Value> {
        if self.0.starts_with('<') {
            return Ok(Value::Null);
        }
        let envelope: Value = serde_json::from_str(&self.0).map_err(|e| Failure(format!("{step}: not JSON: {e}")))?;
        Ok(match envelope.get("data") {
            Some(data) if envelope.get("status").is_some() => data.clone(),
            _ => envelope,
        })
    }

    /// The plans a listing lists, in its order (read without building the rest of the answer, a few hundred KB).
    fn plan_ids(&self) -> Step<Vec<i64>> {
        #[derive(serde::Deserialize)]
        struct Listing {
            data: Cards,
        }
        #[derive(serde::Deserialize)]
        struct Cards {
            result: Vec<Card>,
        }
        #[derive(serde::Deserialize)]
        struct Card {
            plan_id: i64,
        }
        let listing: Listing = serde_json::from_str(&self.0).map_err(|e| Failure(format!("listing: {e}")))?;
        Ok(listing.data.result.into_iter().map(|c| c.plan_id).collect())
    }
}

/// One call of a journey, timed and counted under `step`: its answer, or why it failed.
async fn call(
    user: &mut GooseUser,
    step: &'static str,
    method: GooseMethod,
    path: &str,
    body: Option<&Value>,
) -> Step<Answer> {
    let failed = |why: String| {
        *tally().failed_steps.entry(step).or_default() += 1;
        Failure(format!("{step}: {why}"))
    };
    let mut builder = user.get_request_builder(&method, path).map_err(|e| failed(format!("{e:?}")))?;
    if let Some(body) = body {
        builder = builder.json(body);
    }
    let request = GooseRequest::builder().name(step).set_request_builder(builder).build();
    let started = Instant::now();
    let answer = user.request(request).await.map_err(|e| failed(format!("{e:?}")))?;
    let response = answer.response.map_err(|e| failed(e.to_string()))?;
    let status = response.status();
    let text = response.text().await.map_err(|e| failed(e.to_string()))?;
    let took = started.elapsed();
    REQUESTS.fetch_add(1, Ordering::Relaxed);
    if !status.is_success() {
        let said = text.chars().take(160).collect::<String>();
        return Err(failed(format!("{} {said}", status.as_u16())));
    }
    tally().steps.entry(step).or_default().push(took.as_micros().min(u128::from(u32::MAX)) as u32);
    Ok(Answer(text))
}

async fn get(user: &mut GooseUser, step: &'static str, path: &str) -> Step<Answer> {
    call(user, step, GooseMethod::Get, path, None).await
}

async fn post(user: &mut GooseUser, step: &'static str, path: &str, body: Value) -> Step<Answer> {
    call(user, step, GooseMethod::Post, path, Some(&body)).await
}

/// A person's pause between two steps.
async fn think() {
    let (least, most) = *THINK;
    let pause = if most > least { rand::thread_rng().gen_range(least..=most) } else { least };
    tokio::time::sleep(Duration::from_millis(pause)).await;
}

static THINK: LazyLock<(u64, u64)> = LazyLock::new(|| {
    let setting = std::env::var("LOAD_THINK_MS").unwrap_or_else(|_| "1000-3000".into());
    let (least, most) = setting.split_once('-').unwrap_or((&setting, &setting));
    (least.trim().parse().unwrap_or(1000), most.trim().parse().unwrap_or(3000))
});

/// The cookies of the visitor a simulated browser is playing now; a new visitor starts with none.
#[derive(Default)]
struct Cookies(std::sync::RwLock<std::sync::Arc<reqwest::cookie::Jar>>);

impl Cookies {
    fn jar(&self) -> std::sync::Arc<reqwest::cookie::Jar> {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn forget(&self) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = Default::default();
    }
}

impl reqwest::cookie::CookieStore for Cookies {
    fn set_cookies(&self, headers: &mut dyn Iterator<Item = &reqwest::header::HeaderValue>, url: &reqwest::Url) {
        self.jar().set_cookies(headers, url);
    }

    fn cookies(&self, url: &reqwest::Url) -> Option<reqwest::header::HeaderValue> {
        self.jar().cookies(url)
    }
}

/// A simulated browser: the cookies of the visitor it plays, and whether that is a rep who signed in.
struct Browser(std::sync::Arc<Cookies>, std::sync::atomic::AtomicBool);

/// A new visitor: no cookies. Each simulated browser has an address of its own on loopback (so the store's
/// per-client limits see many people, as they would) and sends the store's Origin (its POSTs are refused without
/// one); it keeps its connections from one visitor to the next.
async fn new_visitor(user: &mut GooseUser) -> Step<()> {
    if let Some(Browser(cookies, rep)) = user.get_session_data::<Browser>() {
        cookies.forget();
        rep.store(false, Ordering::Relaxed);
        return Ok(());
    }
    let n = VISITORS.fetch_add(1, Ordering::Relaxed);
    let address =
        std::net::Ipv4Addr::new(127, 1 + ((n >> 16) % 254) as u8, ((n >> 8) & 0xff) as u8, (n & 0xff).max(1) as u8);
    let origin = user.base_url.as_str().trim_end_matches('/').to_string();
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::ORIGIN, origin.parse().map_err(|_| Failure("the host is not an origin".into()))?);
    let cookies = std::sync::Arc::new(Cookies::default());
    let builder = reqwest::Client::builder()
        .cookie_provider(cookies.clone())
        .gzip(true)
        .default_headers(headers)
        .local_address(std::net::IpAddr::V4(address))
        // A connection idle longer than this is not used again: the store closes idle ones after 10 s, and one it
        // closed just as a request was sent on it would fail the request (a browser would quietly send it again).
        .pool_idle_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(60));
    user.set_client_builder(builder).await.map_err(|e| Failure(format!("client: {e:?}")))?;
    user.set_session_data(Browser(cookies, std::sync::atomic::AtomicBool::new(false)));
    Ok(())
}

/// A date of birth `years` ago, as the filter takes it.
fn born(years: i64) -> String {
    let today = chrono::Local::now().date_naive();
    let day = today - chrono::Months::new((years * 12) as u32);
    day.format("%m/%d/%Y").to_string()
}

/// The landing page, the site, the categories, the filter; a quote for a person of some age in Atlanta; the medical
/// listing's first page and one plan. Answers the enrollment and the plans listed.
async fn shop(user: &mut GooseUser) -> Step<(i64, Vec<i64>)> {
    get(user, "landing page", "/").await?;
    get(user, "site", "/api/v1/get-default-info").await?;
    get(user, "categories", "/api/v1/get-plan-category").await?;
    get(user, "filter form", "/api/v1/filter-form?variant=landing").await?;
    think().await;
    let age = rand::thread_rng().gen_range(25..=64);
    let zip = ["30301", "30303", "30308", "30318"][rand::thread_rng().gen_range(0..4)];
    let quote = json!({ "zip": zip, "gender": "1", "tier": "IO", "dob": born(age) });
    let quoted = post(user, "quote", "/api/v1/add-filter-for-new-user", quote).await?.json("quote")?;
    let id = quoted["temp_enrollment_id"].as_i64().ok_or_else(|| Failure("quote: no enrollment".into()))?;
    let listing = get(
        user,
        "listing",
        &format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=medical&page=1&per_page=24"),
    )
    .await?;
    let plans = listing.plan_ids()?;
    let first = *plans.first().ok_or_else(|| Failure("listing: no plan".into()))?;
    think().await;
    get(user, "plan", &format!("/api/v1/get-plan-detail/{first}")).await?;
    Ok((id, plans))
}

/// Browsing only: the medical listing and a plan, then the dental listing.
async fn browse(user: &mut GooseUser) -> Step<Outcome> {
    let (id, _) = shop(user).await?;
    think().await;
    get(
        user,
        "listing",
        &format!("/api/v1/get-filtered-plans?enrollment_id={id}&categories=dental&page=1&per_page=24"),
    )
    .await?;
    Ok(Outcome::Completed)
}

/// Into the cart with the first plan that can be added at once (no question to answer first), past the offers, checked out.
async fn check_out(user: &mut GooseUser, checkout_type: &str) -> Step<i64> {
    let (id, plans) = shop(user).await?;
    let mut chosen = None;
    for plan in plans.iter().take(6) {
        let flow =
            get(user, "plan's questions", &format!("/api/v1/shop/{id}/plan/{plan}")).await?.json("plan's questions")?;
        if flow["ready"] == json!(true) {
            chosen = Some(*plan);
            break;
        }
    }
    let plan = chosen.ok_or_else(|| Failure("no plan to add at once among the first six".into()))?;
    let pricing =
        get(user, "prices", &format!("/api/v1/get-plan-pricing-detail?pid={plan}&enrollment_id={id}")).await?;
    let pricing_id = pricing.json("prices")?["plans"][0]["plan_pricing_id"]
        .as_i64()
        .ok_or_else(|| Failure("prices: none".into()))?;
    think().await;
    let add = json!({ "enrollment_id": id, "plan_id": plan, "plan_pricing_id": pricing_id });
    post(user, "add to cart", "/api/v1/add-plan-to-cart", add).await?;
    let offer = get(user, "offer", &format!("/api/v1/shop/{id}/after-add")).await?.json("offer")?;
    if let Some(name) = offer["step"]["step"].as_str() {
        think().await;
        post(user, "decline offer", &format!("/api/v1/shop/{id}/offer/{name}"), json!({ "action": "decline" })).await?;
    }
    get(user, "cart", &format!("/api/v1/get-plan-cart?enrollment_id={id}")).await?;
    let dates = get(user, "effective dates", &format!("/api/v1/get-cart-effective-dates?enrollment_id={id}"))
        .await?
        .json("effective dates")?;
    let date = dates["result"][0].as_str().ok_or_else(|| Failure("effective dates: none".into()))?.to_string();
    think().await;
    let mut step =
        get(user, "checkout", &format!("/api/v1/shop/{id}/checkout?effective_date={date}")).await?.json("checkout")?;
    for _ in 0..4 {
        let Some(name) = step["step"]["step"].as_str().filter(|_| step["step"]["kind"] == "offer").map(str::to_string)
        else {
            break;
        };
        think().await;
        let path = format!("/api/v1/shop/{id}/offer/{name}?effective_date={date}");
        step = post(user, "decline offer", &path, json!({ "action": "decline" })).await?.json("decline offer")?;
    }
    let checkout = json!({ "enrollment_id": id, "effective_date": date, "type": checkout_type });
    post(user, "check out", "/api/v1/cart-checkout", checkout).await?;
    Ok(id)
}

/// Who fills in the application: the applicant, or a rep with the applicant on the phone (who answers the agreement's
/// verification question: the last four digits of the phone number on Contact Information).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filler {
    Applicant,
    Rep,
}

/// What is filled in on each step, by the step's name.
fn answers_for(tab: &str, person: &str, by: Filler) -> Value {
    match tab {
        "primary_info" => json!({
            "first_name": "Dana", "last_name": person, "weight": 165, "height_feet": 5, "height_inch": 7,
            "marital_status": "1", "ssn": "123-45-6789", "prior_coverage_flag": "0"
        }),
        "contact_info" => json!({
            "email_address": format!("{}@example.com", person.to_lowercase()), "phone_number": "4045550134",
            "address1": "12 Peachtree St NE", "city": "Atlanta", "birth_state": "GA", "birth_city": "Macon"
        }),
        "primary_health_info" => {
            let answers: serde_json::Map<String, Value> =
                (141..=147).map(|id: i32| (id.to_string(), json!({ "yes_no_flag": "0" }))).collect();
            json!({ "condition_questions": answers, "medication_question": { "yes_no_flag": "0" }, "answers_confirmed": true })
        }
        "agreement_info" => {
            let mut signed = json!({
                "agreements": { "accuracy": true, "authorization": true, "electronic_records": true },
                "signature": SIGNATURE.as_str()
            });
            if by == Filler::Rep {
                signed["answer"] = json!("0134");
            }
            signed
        }
        "billing_info" => json!({
            "payment_method": "eft", "routing_number": "061271001", "account_name": format!("Dana {person}"),
            "account_number": "000123456789", "account_type": "checking", "account_holder_type": "individual",
            "bill_date": 28
        }),
        _ => json!({}),
    }
}

/// A name drawn on the store's signature pad, as the pad sends it.
static SIGNATURE: LazyLock<String> = LazyLock::new(|| {
    use base64::Engine;
    let png = include_bytes!("../../fixtures/signatures/drawn-name.png");
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
});

/// Each step of the wizard from `tab` on, read then answered with Next, through the review's Submit; then the receipt.
async fn finish(user: &mut GooseUser, id: i64, mut tab: String, person: &str, by: Filler) -> Step<Outcome> {
    let mut acknowledged: Vec<String> = Vec::new();
    for _ in 0..12 {
        let shown = get(user, step_name(&tab), &format!("/api/v1/enrollment/{id}/step/{tab}")).await?.json("step")?;
        if tab == "review_info" {
            every_save_is_there(&shown, &acknowledged, person)?;
        }
        think().await;
        let answers = answers_for(&tab, person, by);
        let mut body = json!({ "action": "next", "formData": answers });
        if let Some(version) = shown["step"]["wizard"]["version"].as_i64() {
            body["version"] = json!(version);
        }
        let answered =
            post(user, save_name(&tab), &format!("/api/v1/enrollment/{id}/step/{tab}"), body).await?.json("save")?;
        match answered["step"]["step"].as_str() {
            Some(next) if next != tab => {
                SAVES_ACKNOWLEDGED.fetch_add(1, Ordering::Relaxed);
                acknowledged.push(std::mem::replace(&mut tab, next.to_string()));
            }
            Some(_) => return Err(Failure(format!("{tab}: refused: {}", answered["errors"]))),
            None => {
                get(user, "receipt", &format!("/api/v1/get-receipt?enrollment_id={id}")).await?;
                return Ok(Outcome::Completed);
            }
        }
    }
    Err(Failure("the wizard did not end".into()))
}

/// Every step whose save the store acknowledged is on the review as a finished step, and Personal Information names
/// this applicant: counted as found, or the journey fails.
fn every_save_is_there(review: &Value, acknowledged: &[String], person: &str) -> Step<()> {
    let summary = &review["step"]["wizard"]["summary"];
    let sections = summary["sections"].as_array().map(Vec::as_slice).unwrap_or_default();
    let unfinished = summary["unfinished"].as_array().map(Vec::as_slice).unwrap_or_default();
    let mut lost = Vec::new();
    SAVES_LOOKED_FOR.fetch_add(acknowledged.len() as u64, Ordering::Relaxed);
    for tab in acknowledged {
        let section = sections.iter().find(|s| s["step"] == tab.as_str());
        let finished = !unfinished.iter().any(|u| u["target_element"] == tab.as_str());
        let theirs = tab != "primary_info" || section.is_some_and(|s| s.to_string().contains(person));
        if section.is_some() && finished && theirs {
            SAVES_FOUND.fetch_add(1, Ordering::Relaxed);
        } else {
            lost.push(tab.as_str());
        }
    }
    if lost.is_empty() {
        Ok(())
    } else {
        Err(Failure(format!("review: saves acknowledged but not stored: {}", lost.join(", "))))
    }
}

fn step_name(tab: &str) -> &'static str {
    match tab {
        "primary_info" => "step: personal information",
        "contact_info" => "step: contact information",
        "primary_health_info" => "step: health questions",
        "agreement_info" => "step: agreement",
        "billing_info" => "step: billing",
        "review_info" => "step: review",
        _ => "step: other",
    }
}

fn save_name(tab: &str) -> &'static str {
    match tab {
        "primary_info" => "save: personal information",
        "contact_info" => "save: contact information",
        "primary_health_info" => "save: health questions",
        "agreement_info" => "save: agreement",
        "billing_info" => "save: billing",
        "review_info" => "submit",
        _ => "save: other",
    }
}

/// A surname of the applicant's own, so their e-mail address and name are theirs.
fn person() -> String {
    let mut rng = rand::thread_rng();
    let letters: String = (0..6).map(|_| char::from(rng.gen_range(b'a'..=b'z'))).collect();
    format!("Okafor{letters}")
}

async fn apply(user: &mut GooseUser) -> Step<Outcome> {
    let id = check_out(user, "member").await?;
    finish(user, id, "primary_info".into(), &person(), Filler::Applicant).await
}

async fn stop_at_checkout(user: &mut GooseUser) -> Step<Outcome> {
    check_out(user, "member").await?;
    Ok(Outcome::Abandoned)
}

/// Saved for later on Personal Information with the code e-mailed; later, as a new visitor, the code and address
/// entered and the application finished.
async fn resume(user: &mut GooseUser) -> Step<Outcome> {
    let id = check_out(user, "member").await?;
    let person = person();
    let email = format!("{}.later@example.com", person.to_lowercase());
    get(user, step_name("primary_info"), &format!("/api/v1/enrollment/{id}/step/primary_info")).await?;
    think().await;
    let save = json!({ "action": "save-for-later", "formData": answers_for("primary_info", &person, Filler::Applicant), "email": email });
    post(user, "save for later", &format!("/api/v1/enrollment/{id}/step/primary_info"), save).await?;
    let code = code_mailed_to(&email).await?;
    new_visitor(user).await?;
    get(user, "landing page", "/").await?;
    think().await;
    let resumed = post(user, "resume", "/api/v1/continue-enrollment", json!({ "code": code, "email": email }))
        .await?
        .json("resume")?;
    let id = resumed["enrollment_id"].as_i64().unwrap_or(id);
    finish(user, id, "primary_info".into(), &person, Filler::Applicant).await
}

/// The rep sign-in links of `LOAD_REP_LINKS`, each for one simulated rep, by their path (`/rep-sign-in/...`).
static REP_LINKS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let Ok(file) = std::env::var("LOAD_REP_LINKS") else { return Vec::new() };
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    text.lines().filter_map(|line| line.find("/rep-sign-in/").map(|at| line[at..].trim().to_string())).collect()
});
static NEXT_REP_LINK: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The rep whose links `LOAD_REP_LINKS` holds (`enroll rep-link 7781`), by the access code a rep types first.
const REP_CODE: &str = "REP7781";

/// A rep at their desk: the first time, the access code and a sign-in link; then, in the same session, a member
/// enrolled from the quote to Submit (Rep Enrollment at checkout), one after another.
async fn rep(user: &mut GooseUser) -> Step<Outcome> {
    let signed_in = user.get_session_data::<Browser>().is_some_and(|b| b.1.load(Ordering::Relaxed));
    if !signed_in {
        new_visitor(user).await?;
        get(user, "landing page", "/").await?;
        get(user, "rep code", &format!("/api/v1/validate-agent?agent_code={REP_CODE}")).await?;
        post(user, "rep code", "/api/v1/confirm-access", json!({ "agent_code": REP_CODE })).await?;
        let n = NEXT_REP_LINK.fetch_add(1, Ordering::Relaxed);
        let link = REP_LINKS.get(n).cloned().ok_or_else(|| Failure(format!("no rep link left for rep {}", n + 1)))?;
        think().await;
        get(user, "rep sign-in", &link).await?;
        if let Some(Browser(_, rep)) = user.get_session_data::<Browser>() {
            rep.store(true, Ordering::Relaxed);
        }
    }
    let id = check_out(user, "rep").await?;
    finish(user, id, "primary_info".into(), &person(), Filler::Rep).await
}

/// The e-mails of the outbox folders read so far: each file is read once, however many applicants are waiting for
/// their code (the folders hold every receipt too, thousands after a while: reading them all for each applicant made
/// the generator take the store's CPU).
#[derive(Default)]
struct Mailbox {
    read: std::collections::HashSet<std::path::PathBuf>,
    /// The continue code e-mailed to each address.
    codes: std::collections::HashMap<String, String>,
}

static MAILBOX: LazyLock<Mutex<Mailbox>> = LazyLock::new(Mutex::default);

impl Mailbox {
    /// Reads the files of `folders` not read before, keeping the codes they carry.
    fn read_new(&mut self, folders: &[String]) {
        for folder in folders {
            let Ok(entries) = std::fs::read_dir(folder) else { continue };
            for entry in entries.flatten() {
                let path = entry.path();
                // A file written in the last moment may be half written: it is read on a later round.
                let settled = entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|at| at.elapsed().is_ok_and(|age| age > Duration::from_millis(200)));
                if !settled || self.read.contains(&path) {
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else { continue };
                self.read.insert(path);
                let text = text.replace("=\r\n", "").replace("=\n", "");
                // `To: someone@example.com`, or `To: "Name" <someone@example.com>`.
                let to = text.lines().find_map(|l| l.strip_prefix("To: ")).map(|t| {
                    let t = t.trim();
                    t.rsplit_once('<').map_or(t, |(_, rest)| rest.trim_end_matches('>')).to_lowercase()
                });
                let code =
                    text.split("Your enrollment code is: ").nth(1).and_then(|rest| rest.split_whitespace().next());
                if let (Some(to), Some(code)) = (to, code) {
                    self.codes.insert(to, code.to_string());
                }
            }
        }
    }
}

/// The code in the e-mail to `email`, read from the replicas' outbox folders once it is delivered (up to a minute).
async fn code_mailed_to(email: &str) -> Step<String> {
    let folders: Vec<String> = std::env::var("LOAD_MAIL_DIRS")
        .unwrap_or_default()
        .split(',')
        .filter(|d| !d.is_empty())
        .map(String::from)
        .collect();
    for _ in 0..120 {
        {
            let mut mailbox = MAILBOX.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(code) = mailbox.codes.remove(email) {
                return Ok(code);
            }
            mailbox.read_new(&folders);
            if let Some(code) = mailbox.codes.remove(email) {
                return Ok(code);
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    Err(Failure(format!("no code was e-mailed to {email} within a minute")))
}

/// Runs one journey of `kind` as a new visitor and counts how it ended.
async fn journey(user: &mut GooseUser, kind: Kind) -> TransactionResult {
    // A rep stays the visitor they are (signed in) from one member to the next.
    let visitor = if kind == Kind::Rep { Ok(()) } else { new_visitor(user).await };
    let outcome = match visitor {
        Ok(()) => match kind {
            Kind::Browse => browse(user).await,
            Kind::Apply => apply(user).await,
            Kind::Checkout => stop_at_checkout(user).await,
            Kind::Resume => resume(user).await,
            Kind::Rep => rep(user).await,
            Kind::Probe => probe(user).await,
        },
        Err(why) => Err(why),
    };
    let mut tally = tally();
    let ended = match outcome {
        Ok(Outcome::Completed) => "completed",
        Ok(Outcome::Abandoned) => "abandoned by the script",
        Err(_) => "failed",
    };
    *tally.journeys.entry((kind, ended)).or_default() += 1;
    if let Err(Failure(why)) = outcome {
        // The reason without what is particular to one journey (ids), so the same fault is counted once.
        let reason: String = why.chars().filter(|c| !c.is_ascii_digit()).take(140).collect();
        *tally.reasons.entry(reason).or_default() += 1;
    }
    Ok(())
}

async fn browse_journey(user: &mut GooseUser) -> TransactionResult {
    journey(user, Kind::Browse).await
}
async fn apply_journey(user: &mut GooseUser) -> TransactionResult {
    journey(user, Kind::Apply).await
}
async fn checkout_journey(user: &mut GooseUser) -> TransactionResult {
    journey(user, Kind::Checkout).await
}
async fn resume_journey(user: &mut GooseUser) -> TransactionResult {
    journey(user, Kind::Resume).await
}
async fn rep_journey(user: &mut GooseUser) -> TransactionResult {
    journey(user, Kind::Rep).await
}
async fn probe_journey(user: &mut GooseUser) -> TransactionResult {
    journey(user, Kind::Probe).await
}

/// A hundred health checks on one connection, without pauses.
async fn probe(user: &mut GooseUser) -> Step<Outcome> {
    for _ in 0..100 {
        get(user, "probe", "/healthz").await?;
    }
    Ok(Outcome::Completed)
}

/// The mix of journeys, as weights by kind.
fn mix() -> BTreeMap<Kind, usize> {
    let setting = std::env::var("LOAD_MIX").unwrap_or_else(|_| "browse=60,apply=25,checkout=9,resume=3,rep=3".into());
    let mut weights = BTreeMap::new();
    for part in setting.split(',') {
        let Some((name, weight)) = part.split_once('=') else { continue };
        if let (Some(kind), Ok(weight)) =
            (Kind::ALL.into_iter().find(|k| k.name() == name.trim()), weight.trim().parse())
        {
            weights.insert(kind, weight);
        }
    }
    if std::env::var("LOAD_MAIL_DIRS").unwrap_or_default().is_empty() {
        // Nobody can read their code: nobody resumes.
        weights.remove(&Kind::Resume);
    }
    if REP_LINKS.is_empty() {
        // No rep can sign in: no rep works.
        weights.remove(&Kind::Rep);
    }
    weights.retain(|_, w| *w > 0);
    weights
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    f64::from(sorted[rank.clamp(1, sorted.len()) - 1]) / 1000.0
}

fn report(seconds: f64) {
    let tally = tally();
    println!("\njourneys ({:.0} s):", seconds);
    let mut totals: BTreeMap<&str, u64> = BTreeMap::new();
    for kind in Kind::ALL {
        let count = |ended: &str| tally.journeys.get(&(kind, ended)).copied().unwrap_or(0);
        let (done, abandoned, failed) = (count("completed"), count("abandoned by the script"), count("failed"));
        if done + abandoned + failed == 0 {
            continue;
        }
        println!(
            "  {:<9} completed {done:>7}   abandoned by the script {abandoned:>6}   failed {failed:>6}",
            kind.name()
        );
        *totals.entry("completed").or_default() += done;
        *totals.entry("abandoned").or_default() += abandoned;
        *totals.entry("failed").or_default() += failed;
    }
    println!(
        "  all       completed {:>7}   abandoned by the script {:>6}   failed {:>6}",
        totals.get("completed").unwrap_or(&0),
        totals.get("abandoned").unwrap_or(&0),
        totals.get("failed").unwrap_or(&0)
    );
    let acknowledged = SAVES_ACKNOWLEDGED.load(Ordering::Relaxed);
    let (looked_for, found) = (SAVES_LOOKED_FOR.load(Ordering::Relaxed), SAVES_FOUND.load(Ordering::Relaxed));
    println!(
        "saves acknowledged {acknowledged}; looked for on the review {looked_for}, found {found}, lost {}",
        looked_for - found
    );
    let requests = REQUESTS.load(Ordering::Relaxed);
    println!("requests: {requests} ({:.0} a second)", requests as f64 / seconds.max(1.0));
    println!("\n{:<28} {:>8} {:>7} {:>9} {:>9} {:>9}", "step", "count", "failed", "p50 ms", "p95 ms", "p99 ms");
    for (step, times) in &tally.steps {
        let mut sorted = times.clone();
        sorted.sort_unstable();
        let failed = tally.failed_steps.get(step).copied().unwrap_or(0);
        println!(
            "{step:<28} {:>8} {failed:>7} {:>9.1} {:>9.1} {:>9.1}",
            sorted.len(),
            percentile(&sorted, 50.0),
            percentile(&sorted, 95.0),
            percentile(&sorted, 99.0)
        );
    }
    for (step, failed) in &tally.failed_steps {
        if !tally.steps.contains_key(step) {
            println!("{step:<28} {:>8} {failed:>7}", 0);
        }
    }
    if !tally.reasons.is_empty() {
        println!("\nwhy journeys failed:");
        for (reason, count) in &tally.reasons {
            println!("  {count:>6}  {reason}");
        }
    }
    let slowest = tally.steps.values().map(|t| {
        let mut s = t.clone();
        s.sort_unstable();
        percentile(&s, 95.0)
    });
    let worst = slowest.fold(0.0, f64::max);
    println!("\nthe slowest step's p95: {worst:.1} ms; journeys failed: {}", totals.get("failed").unwrap_or(&0));
}

#[tokio::main]
async fn main() -> Result<(), GooseError> {
    let weights = mix();
    let (least, most) = *THINK;
    let think = (Duration::from_millis(least), Duration::from_millis(most));
    // goose's own controllers would listen on fixed ports, and its own report repeats ours: off.
    let mut attack = GooseAttack::initialize()?
        .set_default(GooseDefault::NoTelnet, true)?
        .set_default(GooseDefault::NoWebSocket, true)?
        .set_default(GooseDefault::NoPrintMetrics, true)?
        // Our own tally times each step: goose's aggregation of every request would double the generator's work.
        .set_default(GooseDefault::NoMetrics, true)?;
    for (kind, weight) in &weights {
        let journey = match kind {
            Kind::Browse => transaction!(browse_journey),
            Kind::Apply => transaction!(apply_journey),
            Kind::Checkout => transaction!(checkout_journey),
            Kind::Resume => transaction!(resume_journey),
            Kind::Rep => transaction!(rep_journey),
            Kind::Probe => transaction!(probe_journey),
        };
        let scenario = Scenario::new(kind.name())
            .set_weight(*weight)?
            .set_wait_time(think.0, think.1)?
            .register_transaction(journey);
        *attack = attack.register_scenario(scenario);
    }
    let started = Instant::now();
    attack.execute().await?;
    report(started.elapsed().as_secs_f64());
    let failed = tally().journeys.iter().filter(|((_, ended), _)| *ended == "failed").map(|(_, n)| n).sum::<u64>();
    if std::env::var("LOAD_FAIL_ON_FAILED").is_ok_and(|v| v == "1") && failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(sections: &[(&str, &str)], unfinished: &[&str]) -> Value {
        let sections: Vec<Value> =
            sections.iter().map(|(step, text)| json!({ "step": step, "rows": [{ "value": text }] })).collect();
        let unfinished: Vec<Value> = unfinished.iter().map(|step| json!({ "target_element": step })).collect();
        json!({ "step": { "wizard": { "summary": { "sections": sections, "unfinished": unfinished } } } })
    }

    #[test]
    fn a_save_acknowledged_but_missing_unfinished_or_someone_elses_on_the_review_is_counted_as_lost() {
        let acknowledged = ["primary_info".to_string(), "contact_info".to_string()];
        let whole = review(&[("primary_info", "Okaforabc"), ("contact_info", "a@example.com")], &[]);
        assert!(every_save_is_there(&whole, &acknowledged, "Okaforabc").is_ok());
        let missing = review(&[("primary_info", "Okaforabc")], &[]);
        let Err(Failure(why)) = every_save_is_there(&missing, &acknowledged, "Okaforabc") else { panic!() };
        assert!(why.ends_with("contact_info"), "{why}");
        let unfinished = review(&[("primary_info", "Okaforabc"), ("contact_info", "")], &["contact_info"]);
        assert!(every_save_is_there(&unfinished, &acknowledged, "Okaforabc").is_err());
        let someone_else = review(&[("primary_info", "Okaforxyz"), ("contact_info", "")], &[]);
        assert!(every_save_is_there(&someone_else, &acknowledged, "Okaforabc").is_err());
    }
}
