//! The submitted application's receipt: the plans applied for as they were checked out, who they cover, how the
//! premiums are paid and when, who receives a copy, what happens next, the rep who helped, the application's steps
//! as submitted, and until when (and whether) it can be cancelled.

use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::access::{role_of, Role};
use crate::domain::enrollment::{self, Enrollment};
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::language::{say, say_with};
use crate::state::AppState;

/// Who reads a receipt.
#[derive(Serialize, JsonSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Reader {
    /// The applicant, who is spoken to.
    Applicant,
    /// The rep who enrolled the applicant, who reads of the applicant by name.
    Rep,
}

/// The submitted application's receipt.
#[derive(Serialize, JsonSchema)]
pub struct Receipt {
    /// Who this receipt is written for: the applicant, or the rep who enrolled them.
    reader: Reader,
    /// The confirmation number.
    policy_id: Option<String>,
    /// The applicant's name.
    name: String,
    effective_date: Option<String>,
    /// Whether an invoice call was queued for this submission.
    #[serde(rename = "callInvoice")]
    call_invoice: bool,
    eprocess: String,
    /// Where Return to homepage goes.
    return_to: String,
    /// The plans applied for, as priced at checkout.
    plans: Vec<ReceiptLine>,
    initial_month_cost: Option<engine::rating::Cents>,
    recurring_month_cost: Option<engine::rating::Cents>,
    /// The recurring monthly cost per paycheck, net of the employer's share, as it was at checkout.
    #[serde(skip_serializing_if = "Option::is_none")]
    per_paycheck: Option<crate::domain::payroll::Paycheck>,
    /// How the premiums are paid: the first payment and the later ones.
    payment: Option<Payment>,
    /// Where this confirmation was e-mailed.
    email: Option<String>,
    /// What happens next, in order.
    next_steps: Vec<String>,
    /// The rep who helped with the application, to call with questions (none: the store's own line, on the page).
    helper: Option<Helper>,
    /// The whole application as it was sent, step by step (sensitive values masked), for a printed copy.
    application: Vec<engine::step::Section>,
    /// The last day (MM/DD/YYYY) the application can still be cancelled (its free-look period); none once it is
    /// cancelled or the period is over.
    cancel_until: Option<String>,
    /// Its cancellation, when it was cancelled.
    cancellation: Option<CancellationShown>,
}

/// A cancelled application: when, by whom and why.
#[derive(Serialize, JsonSchema)]
pub struct CancellationShown {
    /// The day it was cancelled (MM/DD/YYYY): coverage that had begun ends that day, and coverage that had not begun
    /// never starts.
    cancelled_on: String,
    /// "the applicant", or the rep who enrolled them.
    by: String,
    reason: String,
}

impl From<enrollment::cancellation::Cancelled> for CancellationShown {
    fn from(c: enrollment::cancellation::Cancelled) -> Self {
        CancellationShown { cancelled_on: c.cancelled_on, by: c.by, reason: c.reason }
    }
}

/// A plan applied for.
#[derive(Serialize, JsonSchema)]
pub struct ReceiptLine {
    plan_name: String,
    option_name: String,
    /// Who the plan's coverage is for, as its tier is read ("Family").
    coverage: String,
    /// The monthly price.
    price: engine::rating::Cents,
    /// What the price takes from each paycheck, net of the employer's share, for an employee of a group that pays
    /// by payroll; as it was at checkout.
    #[serde(skip_serializing_if = "Option::is_none")]
    per_paycheck: Option<crate::domain::payroll::Paycheck>,
    /// Who the plan covers: the applicant, then each dependent, as "Sam Okafor (Spouse)".
    covered: Vec<String>,
    /// The carrier, who answers questions about the plan's coverage and claims.
    carrier_name: String,
    /// The carrier's telephone (ten digits), when known.
    carrier_phone: String,
}

/// How the premiums are paid.
#[derive(Serialize, JsonSchema)]
pub struct Payment {
    /// How they are paid, as a person reads it ("EFT from Peachtree Community Bank, account ****6789").
    method: String,
    /// The first payment: the first month's cost.
    first_amount: Option<engine::rating::Cents>,
    /// When the first payment is taken, as words ("by 12/03/2026"); none when an employer or a statement collects it.
    first_when: Option<String>,
    /// Each later month's payment.
    recurring_amount: Option<engine::rating::Cents>,
    /// When each later payment is taken ("on the 28th of each month").
    recurring_when: Option<String>,
    /// How they are paid, inside a sentence ("through your employer's payroll"), when an employer collects them.
    #[serde(skip)]
    paid: Option<String>,
}

/// The rep who helped with the application.
#[derive(Serialize, JsonSchema)]
pub struct Helper {
    name: String,
    /// Ten digits.
    phone: String,
    email: String,
}

/// The receipt of the submitted enrollment `e` (409 before it is submitted), written for whoever `session` is: the
/// rep who enrolled the applicant reads of them by name, anyone else is the applicant and is spoken to.
pub async fn receipt(state: &AppState, session: &Session, e: &Enrollment) -> ApiResult<Receipt> {
    if !e.lifecycle.is_submitted() {
        return Err(ApiError::Conflict("This enrollment has not been submitted yet".into()));
    }
    let reader = match role_of(&state.db, session).await? {
        Role::Rep(agent) if e.row.agent_id == Some(agent) => Reader::Rep,
        _ => Reader::Applicant,
    };
    // The cart as it prices now, read once: each step's form (and so its masking) depends on it.
    let priced = enrollment::priced_cart(state, e).await?;
    let personal = enrollment::documents::masked_complete_tab(state, e, &priced, TabName::PrimaryInfo).await?;
    let name = [personal["first_name"].as_str(), personal["last_name"].as_str()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // Return to homepage, by the Home link's rule: the referral page when there is one, / for an open site's
    // visitor, else the home of the process.
    let arrival = engine::storefront::Arrival {
        eprocess: serde_json::from_value(serde_json::json!(e.row.eprocess)).ok(),
        open_type: e.row.open_type.as_deref().and_then(|o| serde_json::from_value(serde_json::json!(o)).ok()),
        member: e.row.member_id.is_some(),
        referral: e.row.referral_id.is_some(),
        special_host: false,
    };
    let return_to = arrival.home_link(e.row.referral_id.as_deref()).unwrap_or_else(|| "/".into());
    // The cart as it was checked out (the last checkout before the submission), not as a price would read today.
    let snapshot = enrollment::checked_out_cart(state, e).await?;
    let cart = &snapshot["cart"];
    let money = |v: &serde_json::Value| v.as_f64().map(engine::rating::Cents::from_dollars);
    let covered = covered(state, e, &priced, &name, reader).await?;
    let plans = cart["result"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|line| {
            let carrier = line["plan_id"]
                .as_i64()
                .and_then(|id| state.catalogue.plan(id))
                .and_then(|p| state.catalogue.carriers.get(&p.carrier_id));
            ReceiptLine {
                plan_name: line["plan_name"].as_str().unwrap_or_default().to_string(),
                option_name: line["option_name"].as_str().unwrap_or_default().to_string(),
                coverage: line["plan_id"]
                    .as_i64()
                    .and_then(|id| state.catalogue.plan(id))
                    .map(|plan| enrollment::coverage_of(e.filter.tier(), plan))
                    .unwrap_or_default(),
                price: money(&line["price"]).unwrap_or_default(),
                per_paycheck: crate::domain::payroll::Paycheck::kept(&line["per_paycheck"]),
                covered: covered.clone(),
                carrier_name: carrier.map(|c| c.name.clone()).unwrap_or_default(),
                carrier_phone: carrier.map(|c| c.phone.clone()).unwrap_or_default(),
            }
        })
        .collect();
    let (initial, recurring) = (money(&cart["initial_month_cost"]), money(&cart["recurring_month_cost"]));
    let submitted = enrollment::cancellation::submitted_on(state, e).await?;
    let billing = enrollment::documents::masked_complete_tab(state, e, &priced, TabName::BillingInfo).await?;
    let payment = payment(&billing, submitted, initial, recurring, reader);
    let contact = enrollment::documents::masked_complete_tab(state, e, &priced, TabName::ContactInfo).await?;
    let email = contact["email_address"].as_str().filter(|m| !m.is_empty()).map(str::to_string);
    let helper = e
        .row
        .agent_id
        .or_else(|| e.row.group_id.and_then(|g| state.catalogue.groups.get(&g)).and_then(|g| g.agent_id))
        .and_then(|a| state.catalogue.reps.get(&a))
        .map(|rep| Helper { name: rep.name(), phone: rep.phone.clone(), email: rep.email.clone() });
    let cancellation = enrollment::cancellation::cancellation(state, e).await?;
    let next_steps = match &cancellation {
        // A cancelled application has nothing of the usual next steps left: what happens now is the cancellation's.
        Some(c) => vec![
            say_with(
                "Each carrier of this application is told that it was cancelled on {date}.",
                &[("date", &c.cancelled_on)],
            ),
            say("No further premium is taken for it; a premium already taken is refunded by the carrier.").to_string(),
        ],
        None => {
            let who = (reader == Reader::Rep).then_some(name.as_str());
            next_steps(
                who,
                email.as_deref(),
                &copies_to(state, e, reader),
                payment.as_ref(),
                e.row.effective_date.as_deref(),
            )
        }
    };
    let application = enrollment::view::application(state, e, &enrollment::priced_cart(state, e).await?).await?;
    let last_day = enrollment::cancellation::last_day_to_cancel(state, e).await?;
    let cancel_until =
        (cancellation.is_none() && enrollment::today() <= last_day).then(|| last_day.format("%m/%d/%Y").to_string());
    Ok(Receipt {
        reader,
        policy_id: e.row.policy_id.clone(),
        name,
        effective_date: e.row.effective_date.clone(),
        // The invoice call itself is made by the server, through the outbox, when the enrollment is submitted.
        call_invoice: state.invoice_url.is_some(),
        eprocess: e.row.eprocess.clone(),
        return_to,
        plans,
        initial_month_cost: initial,
        recurring_month_cost: recurring,
        per_paycheck: crate::domain::payroll::Paycheck::kept(&cart["per_paycheck"]),
        payment,
        email,
        next_steps,
        helper,
        application,
        cancel_until,
        cancellation: cancellation.map(CancellationShown::from),
    })
}

/// Who the plans cover: the applicant, then each dependent listed, with the relationship.
async fn covered(
    state: &AppState,
    e: &Enrollment,
    cart: &[enrollment::PricedLine],
    applicant: &str,
    reader: Reader,
) -> ApiResult<Vec<String>> {
    let me = match reader {
        Reader::Applicant => "{name} (you)",
        Reader::Rep => "{name} (Applicant)",
    };
    let mut people = vec![say_with(me, &[("name", &applicant)])];
    let dependents = enrollment::documents::masked_complete_tab(state, e, cart, TabName::DependentInfo).await?;
    for d in dependents["dependents"].as_array().into_iter().flatten() {
        let name = [d["first_name"].as_str(), d["last_name"].as_str()].into_iter().flatten().collect::<Vec<_>>();
        let template = match d["relationship"].as_str() {
            Some("spouse") => "{name} (Spouse)",
            Some("child") => "{name} (Child)",
            _ => "{name} (Dependent)",
        };
        people.push(say_with(template, &[("name", &name.join(" "))]));
    }
    Ok(people)
}

/// How the premiums are paid, from Billing Information as saved (`submitted`: the day the application was sent).
fn payment(
    billing: &serde_json::Value,
    submitted: chrono::NaiveDate,
    first: Option<engine::rating::Cents>,
    recurring: Option<engine::rating::Cents>,
    reader: Reader,
) -> Option<Payment> {
    let text = |k: &str| billing[k].as_str().unwrap_or_default().trim().to_string();
    let bill_day = billing["bill_date"].as_u64().map(|d| monthly_on(d as u32));
    let (method, first_when, recurring_when, paid) = match text("payment_method").as_str() {
        "" => return None,
        "cc" => {
            let on = say_with("on {n}", &[("n", &submitted.format("%m/%d/%Y"))]);
            (say_with("Card {number}", &[("number", &text("card_number"))]), Some(on), bill_day, None)
        }
        "eft" | "elist" => {
            let by = submitted + chrono::Days::new(engine::payment::EFT_INITIAL_DAYS.into());
            let (bank, account) = (text("bank_name"), text("account_number"));
            let method = match (bank.is_empty(), account.is_empty()) {
                (false, false) => {
                    say_with("EFT from {bank}, account {account}", &[("bank", &bank), ("account", &account)])
                }
                (true, false) => say_with("EFT from {bank}", &[("bank", &say_with("account {n}", &[("n", &account)]))]),
                _ => say_with("EFT from {bank}", &[("bank", &bank)]),
            };
            (method, Some(say_with("by {n}", &[("n", &by.format("%m/%d/%Y"))])), bill_day, None)
        }
        "list" if reader == Reader::Rep => {
            (say("Through the employer's payroll").into(), None, None, Some("through the employer's payroll"))
        }
        "list" => (say("Through your employer's payroll").into(), None, None, Some("through your employer's payroll")),
        _ if reader == Reader::Rep => {
            (say("By statement to the employer").into(), None, None, Some("by statement to the employer"))
        }
        _ => (say("By statement to your employer").into(), None, None, Some("by statement to your employer")),
    };
    Some(Payment {
        method,
        first_amount: first,
        first_when,
        recurring_amount: recurring,
        recurring_when,
        paid: paid.map(|p| say(p).to_string()),
    })
}

/// How Billing Information `billing` pays, in the reader's words ("Card ****1111", "EFT from …"); none before a way
/// of paying is chosen.
pub fn payment_method(billing: &serde_json::Value, reader: Reader) -> Option<String> {
    payment(billing, super::today(), None, None, reader).map(|p| p.method)
}

/// "on the 28th of each month", in the reader's language.
fn monthly_on(day: u32) -> String {
    let template = match (day % 10, day % 100) {
        (_, 11..=13) => "on the {n}th of each month",
        (1, _) => "on the {n}st of each month",
        (2, _) => "on the {n}nd of each month",
        (3, _) => "on the {n}rd of each month",
        _ => "on the {n}th of each month",
    };
    say_with(template, &[("n", &day)])
}

/// Who receives a copy of the Enrollment Receipt besides the member, as the submission's e-mails go: the rep who
/// enrolled them, and the employer group's benefits administrator.
fn copies_to(state: &AppState, e: &Enrollment, reader: Reader) -> Vec<String> {
    let mut copies = Vec::new();
    if let Some(rep) = e.row.agent_id.and_then(|id| state.catalogue.reps.get(&id)) {
        copies.push(if reader == Reader::Rep { say("you").to_string() } else { rep.name() });
    }
    if let Some(group) = e.row.group_id.and_then(|id| state.catalogue.groups.get(&id)).filter(|g| g.email.is_some()) {
        copies.push(say_with("the benefits administrator at {group}", &[("group", &group.name)]));
    }
    copies
}

/// What happens after the application is sent, in the order it happens.
fn next_steps(
    member: Option<&str>,
    email: Option<&str>,
    copies: &[String],
    payment: Option<&Payment>,
    effective: Option<&str>,
) -> Vec<String> {
    // The applicant is spoken to; the rep who enrolled them reads of them by name (`member`).
    let said = |yours: &'static str, theirs: &'static str, values: &[(&str, &dyn std::fmt::Display)]| match member {
        None => say_with(yours, values),
        Some(name) => {
            let mut values = values.to_vec();
            values.push(("name", &name));
            say_with(theirs, &values)
        }
    };
    let mut steps = Vec::new();
    match (email, copies) {
        (Some(email), []) => steps.push(said(
            "We e-mail your Enrollment Receipt to {email} within 10 minutes.",
            "We e-mail {name}'s Enrollment Receipt to {email} within 10 minutes.",
            &[("email", &email)],
        )),
        (Some(email), copies) => steps.push(said(
            "We e-mail your Enrollment Receipt to {email} within 10 minutes, and a copy to {copies}.",
            "We e-mail {name}'s Enrollment Receipt to {email} within 10 minutes, and a copy to {copies}.",
            &[("email", &email), ("copies", &copies.join(&format!(" {} ", say("and"))))],
        )),
        (None, _) => {}
    }
    steps.push(said(
        "Each plan's carrier reviews your application. If a carrier needs anything more, it contacts you directly.",
        "Each plan's carrier reviews the application. If a carrier needs anything more, it contacts {name} directly.",
        &[],
    ));
    if let Some(p) = payment {
        match (&p.first_when, &p.recurring_when, &p.paid) {
            (Some(first), Some(later), _) => steps.push(said(
                "Your first payment is taken {first}, and each later one {later}.",
                "{name}'s first payment is taken {first}, and each later one {later}.",
                &[("first", first), ("later", later)],
            )),
            (Some(first), None, _) => steps.push(said(
                "Your first payment is taken {first}.",
                "{name}'s first payment is taken {first}.",
                &[("first", first)],
            )),
            (_, _, Some(paid)) => steps.push(said(
                "Your premiums are paid {method}.",
                "{name}'s premiums are paid {method}.",
                &[("method", paid)],
            )),
            _ => {}
        }
    }
    match effective {
        Some(date) => steps.push(said(
            "Your coverage starts on {n}. Your ID cards and plan documents arrive from each carrier before then.",
            "{name}'s coverage starts on {n}. The ID cards and plan documents arrive from each carrier before then.",
            &[("n", &date)],
        )),
        None => steps.push(said(
            "Your ID cards and plan documents arrive from each carrier.",
            "{name}'s ID cards and plan documents arrive from each carrier.",
            &[],
        )),
    }
    steps
}
