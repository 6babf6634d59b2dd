//! Send Personalized Quote: a rep or a group sends the cart's plans and prices to a person by e-mail
//! (`save-enrollment` with `tab: cart_info`), after a preview (`get-quote-preview-content`).

use engine::cart::totals;
use engine::errors::messages::REQUIRED;
use engine::forms::common::{is_valid_name, normalized_name};
use engine::FieldError;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::domain::enrollment::{priced_cart, Enrollment};
use crate::domain::shop::pricing::{dollars, premier_notices};
use crate::error::{ApiError, ApiResult};
use crate::language::{say, say_with};
use crate::state::AppState;

/// The `tab` value of save-enrollment that sends a quote.
pub const CART_INFO: &str = "cart_info";
pub const INVALID_NAME: &str = "Please enter valid name";
pub const INVALID_EMAIL: &str = "Please enter valid email address";
/// Outbox kind of a quote e-mail.
pub const QUOTE: &str = "quote";

/// Who may send a quote: the rep and group processes (the spec hides the button from applicants).
pub fn may_send(e: &Enrollment) -> bool {
    matches!(e.row.eprocess.as_str(), "rep" | "group")
}

/// The Send Personalized Quote form's fields, as sent.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct QuoteFields {
    /// The person the quote is for.
    pub name: Option<String>,
    /// Where the quote goes.
    pub email: Option<String>,
    /// A note from the rep or group, shown above the plans.
    pub message: Option<String>,
}

pub struct QuoteRequest {
    name: String,
    email: String,
    message: String,
}

/// The quote form's fields with the spec's messages, each under its field.
pub fn checked(input: &QuoteFields) -> ApiResult<QuoteRequest> {
    let text = |v: &Option<String>| v.as_deref().map(str::trim).unwrap_or_default().to_string();
    // The addressee's name by the forms' one rule for names, in any script, stored composed (NFC) as they are.
    let name = normalized_name(&text(&input.name));
    let (email, message) = (text(&input.email), text(&input.message));
    let mut errors = Vec::new();
    if name.is_empty() {
        errors.push(FieldError::new("name", REQUIRED));
    } else if name.chars().count() > 100 || !is_valid_name(&name) {
        errors.push(FieldError::new("name", INVALID_NAME));
    }
    // The mailbox, however it was written: what the quote goes to and what the limit counts.
    let email = match engine::validation::normalized_email(&email) {
        Some(address) => address,
        None => {
            errors.push(FieldError::new("email", INVALID_EMAIL));
            email
        }
    };
    if message.len() > 2000 {
        errors.push(FieldError::new("message", "The message can be at most 2000 characters"));
    }
    if errors.is_empty() {
        Ok(QuoteRequest { name, email, message })
    } else {
        Err(ApiError::Invalid(errors))
    }
}

fn sender(state: &AppState, e: &Enrollment) -> String {
    let rep = e.row.agent_id.and_then(|a| state.catalogue.reps.get(&a)).map(|r| r.name());
    let group = e.row.group_id.and_then(|g| state.catalogue.groups.get(&g)).map(|g| g.name.clone());
    rep.or(group).unwrap_or_else(|| "Your benefits representative".into())
}

/// The quote's text: the same words in the preview and in the e-mail.
pub async fn content(state: &AppState, e: &Enrollment, q: &QuoteRequest) -> ApiResult<String> {
    let lines = priced_cart(state, e).await?;
    if lines.is_empty() {
        return Err(ApiError::field("cart", "Your cart is empty. Please add a plan before sending a quote."));
    }
    // In the language of the request that sends it (the rep's or administrator's): the quote's words are the store's.
    let t = totals(&lines.iter().map(|l| l.price).collect::<Vec<_>>());
    let tier = e.filter.tier().map(|t| say(t.label())).unwrap_or_default();
    let mut out = format!(
        "{}\n\n{}\n\n",
        say_with("Hello {name},", &[("name", &q.name)]),
        say_with("{sender} prepared this personalized quote for you.", &[("sender", &sender(state, e))]),
    );
    if !q.message.is_empty() {
        out.push_str(&format!("{}\n\n", q.message));
    }
    let quoted = say_with(
        "Quoted for ZIP {zip} ({state}), {tier}, date of birth {dob}.",
        &[("zip", &e.filter.zip), ("state", &e.filter.state), ("tier", &tier), ("dob", &e.filter.dob)],
    );
    out.push_str(&format!("{quoted}\n\n"));
    for line in &lines {
        let priced = say_with(
            "{plan} ({option}): {price} per month",
            &[("plan", &line.plan_name), ("option", &line.option_name), ("price", &dollars(line.price))],
        );
        out.push_str(&format!("- {priced}\n"));
    }
    out.push_str(&format!(
        "\n{}\n{}\n{}\n",
        say_with("First Month Cost: {amount}", &[("amount", &dollars(t.initial_month_cost))]),
        say_with("Recurring Cost: {amount} per month", &[("amount", &dollars(t.recurring_month_cost))]),
        say_with("Total Cost: {amount}", &[("amount", &dollars(t.total_cost))]),
    ));
    let notices = premier_notices(lines.iter().any(|l| l.is_premier()), lines.iter().map(|l| l.plan_category.as_str()));
    if !notices.is_empty() {
        out.push_str(&format!("\n{}\n", notices.join("\n")));
    }
    out.push_str(&format!(
        "\n{}\n",
        say(
            "Prices are monthly and may change if your information changes. This quote is not a contract of insurance."
        )
    ));
    Ok(out)
}

pub fn subject(state: &AppState, e: &Enrollment) -> String {
    say_with("Your personalized benefits quote from {sender}", &[("sender", &sender(state, e))])
}

/// Refuses a quote from an applicant: the spec hides the button from them.
pub fn ensure_may_send(e: &Enrollment) -> ApiResult<()> {
    if may_send(e) {
        Ok(())
    } else {
        Err(ApiError::Conflict("Personalized quotes are sent by representatives and groups".into()))
    }
}

/// `save-enrollment { enrollment_id, email, name, message, tab: cart_info }`: sends the quote through the outbox;
/// the words that confirm it.
pub async fn send(state: &AppState, e: &Enrollment, fields: &QuoteFields) -> ApiResult<String> {
    ensure_may_send(e)?;
    // A quote goes out in the rep's or group's name: the rep signed in (not only their public access code given),
    // or the group's administrator.
    let sender_ok = match crate::domain::access::member_viewer(&state.db, &e.session).await? {
        crate::domain::access::Role::Rep(agent) => e.row.agent_id == Some(agent),
        crate::domain::access::Role::GroupAdmin(group) => e.row.group_id == Some(group),
        _ => false,
    };
    if !sender_ok {
        return Err(ApiError::Forbidden(crate::domain::access::NOT_YOUR_MEMBERS.into()));
    }
    let q = checked(fields)?;
    crate::services::mail::session_may_send(&e.session.0).map_err(|retry_after| ApiError::Throttled { retry_after })?;
    if let Err(retry_after) = crate::services::mail::take_send_to(&state.db, QUOTE, &q.email).await? {
        return Err(ApiError::Throttled { retry_after });
    }
    let text = content(state, e, &q).await?;
    crate::services::mail::enqueue(&state.crypto, &state.db, QUOTE, &q.email, &subject(state, e), &text).await?;
    Ok(say_with("Quote Successfully Sent to {email}", &[("email", &q.email)]))
}
