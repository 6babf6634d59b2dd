//! Signing on the applicant's own device: a rep who enrolls someone sends them the application to sign.
//!
//! The rep asks on Agreement & Signature; the store sends the applicant a link by e-mail, or by text to the phone
//! on Contact Information (through the text gateway when one is connected; otherwise the text is kept in a file on
//! the server and the rep is told it was not delivered). The link carries a random token the store keeps only as its
//! SHA-256. It opens, to whoever gives the applicant's date of birth ([`TRIES`] wrong ones end it), the steps before
//! the agreement read-only, the plans and their price, and the agreements and the signature to give. Signing uses the
//! link up; a newer request, [`LINK_DAYS`] days or the submission end it.
//!
//! The link writes nothing of the application: what is signed is kept with the request, sealed, beside the SHA-256
//! of the steps the applicant read. When the rep saves Agreement & Signature, the applicant's agreements and
//! signature are put in place of anything the rep's form carries; that save, and submission's final gate, refuse the
//! signature if the steps it covers changed since (the applicant signed another application).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use engine::step::{CartSummary, CartSummaryLine, Section};
use engine::tabs::TabName;

use super::signature_held::{fingerprint, signed_fields, steps_before_agreement, SIGNER_FIELDS};
use super::{priced_cart, Enrollment, PricedLine};
use crate::domain::access::{role_of, Role};
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store;
use crate::store::signature_request::{NewRequest, SignatureRequest, Signed};

/// How long a link works.
pub const LINK_DAYS: i64 = 3;
/// Wrong dates of birth a link takes before it stops working.
pub const TRIES: i64 = 5;

const ONLY_THE_REP: &str = "Only the rep enrolling this applicant can send the application for their signature.";
const NO_EMAIL: &str = "Add the applicant's e-mail address on Contact Information first.";
const NO_PHONE: &str = "Add the applicant's phone number on Contact Information first.";
const FINISH_FIRST: &str = "Finish {steps} first: the applicant reads them before signing.";
pub const LINK_INVALID: &str = "This link is not valid. Please ask the person who sent it for a new one.";
const LINK_ENDED: &str =
    "This link no longer works: a newer one was sent, or the application was already submitted. Please ask {rep} if you are not sure.";
const LINK_EXPIRED: &str = "This link has expired. Please ask {rep} to send you a new one.";
const TOO_MANY_TRIES: &str =
    "This link no longer works, because the date of birth was entered wrongly too many times. Please ask {rep} to send you a new one.";
const WRONG_BIRTHDATE: &str = "This is not the date of birth on the application. Please check it and try again.";
const ALREADY_SIGNED: &str =
    "You signed this application on {date}. {rep} will submit it: there is nothing more to do.";

/// How the link reaches the applicant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// By e-mail, to the address on Contact Information.
    Email,
    /// By text message, to the phone number on Contact Information.
    Text,
}

impl Channel {
    fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Text => "text",
        }
    }
}

/// Where a request stands, as the rep sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RequestState {
    /// Nothing was sent.
    None,
    /// Sent; the applicant has not signed yet.
    Waiting,
    /// The applicant signed.
    Signed,
    /// Sent, but the link expired before the applicant signed.
    Expired,
}

/// Signing on the applicant's device, as the rep's Agreement & Signature shows it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RemoteSignature {
    pub state: RequestState,
    /// The applicant's e-mail address on Contact Information, where an e-mail goes.
    pub email: Option<String>,
    /// The applicant's phone number on Contact Information, where a text goes.
    pub phone: Option<String>,
    /// Whether texts reach phones; when not, a text is kept on the server and not delivered.
    pub texts_delivered: bool,
    /// Why the application cannot be sent yet (steps to finish first); none when it can.
    pub not_yet: Option<String>,
    /// How and where the newest link went, when one was sent.
    pub channel: Option<Channel>,
    pub sent_to: Option<String>,
    /// When it was sent, and until when it works (MM/DD/YYYY HH:MM, UTC).
    pub sent_at: Option<String>,
    pub expires_at: Option<String>,
    /// Who signed, and when.
    pub signed_name: Option<String>,
    pub signed_at: Option<String>,
}

/// The rep who may send this enrollment for signature: the session's rep, when they are the enrollment's.
async fn the_rep(state: &AppState, e: &Enrollment) -> ApiResult<i64> {
    match role_of(&state.db, &e.session).await? {
        Role::Rep(agent) if e.row.agent_id == Some(agent) => Ok(agent),
        _ => Err(ApiError::Forbidden(ONLY_THE_REP.into())),
    }
}

fn rep_name(state: &AppState, agent_id: Option<i64>) -> String {
    agent_id
        .and_then(|id| state.catalogue.reps.get(&id))
        .map(|rep| format!("{} {}", rep.first_name, rep.last_name).trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| crate::language::say("your rep").to_string())
}

/// The steps before the agreement that are not finished, by title.
async fn unfinished_before(state: &AppState, e: &Enrollment, cart: &[PricedLine]) -> ApiResult<Vec<&'static str>> {
    let before = steps_before_agreement(e, cart);
    Ok(super::completeness::unfinished(state, e, cart)
        .await?
        .into_iter()
        .filter(|u| before.contains(&u.target_element))
        .map(|u| crate::language::say(u.target_element.title()))
        .collect())
}

/// The applicant's e-mail address and phone number on Contact Information.
async fn contact(state: &AppState, e: &Enrollment) -> ApiResult<(Option<String>, Option<String>)> {
    let contact = super::documents::plain_complete_tab(state, e.row.enrollment_id, TabName::ContactInfo).await?;
    let text = |key: &str| {
        contact.get(key).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
    };
    Ok((text("email_address"), text("phone_number")))
}

fn when(at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at).map(|t| t.format("%m/%d/%Y %H:%M UTC").to_string()).unwrap_or_default()
}

fn expired(request: &SignatureRequest) -> bool {
    request.expires_at <= store::now()
}

/// Signing on the applicant's device as it stands, for the enrollment's rep.
pub async fn status(state: &AppState, e: &Enrollment) -> ApiResult<RemoteSignature> {
    the_rep(state, e).await?;
    let cart = priced_cart(state, e).await?;
    let (email, phone) = contact(state, e).await?;
    let unfinished = unfinished_before(state, e, &cart).await?;
    let not_yet =
        (!unfinished.is_empty()).then(|| crate::language::say_with(FINISH_FIRST, &[("steps", &unfinished.join(", "))]));
    let request = store::signature_request::current(&state.db, e.row.enrollment_id).await?;
    let state_now = match &request {
        None => RequestState::None,
        Some(r) if r.signed_at.is_some() => RequestState::Signed,
        Some(r) if expired(r) => RequestState::Expired,
        Some(_) => RequestState::Waiting,
    };
    Ok(RemoteSignature {
        state: state_now,
        email,
        phone,
        texts_delivered: state.mailer.texts_delivered(),
        not_yet,
        channel: request.as_ref().map(|r| if r.channel == "text" { Channel::Text } else { Channel::Email }),
        sent_to: request.as_ref().and_then(|r| state.crypto.decrypt(&r.sent_to)),
        sent_at: request.as_ref().map(|r| when(&r.created_at)),
        expires_at: request.as_ref().map(|r| when(&r.expires_at)),
        signed_name: request.as_ref().and_then(|r| r.signed_name.clone()),
        signed_at: request.as_ref().and_then(|r| r.signed_at.as_deref().map(when)),
    })
}

/// Sends the application to the applicant to sign, by `channel`; a link sent before stops working.
pub async fn send(state: &AppState, e: &Enrollment, channel: Channel) -> ApiResult<RemoteSignature> {
    e.ensure_open()?;
    let agent_id = the_rep(state, e).await?;
    let cart = priced_cart(state, e).await?;
    let unfinished = unfinished_before(state, e, &cart).await?;
    if !unfinished.is_empty() {
        let steps = unfinished.join(", ");
        return Err(ApiError::field(
            "channel",
            Said::resolved(crate::language::say_with(FINISH_FIRST, &[("steps", &steps)])),
        ));
    }
    let (email, phone) = contact(state, e).await?;
    let to = match channel {
        Channel::Email => email.ok_or_else(|| ApiError::field("channel", NO_EMAIL))?,
        Channel::Text => phone.ok_or_else(|| ApiError::field("channel", NO_PHONE))?,
    };
    // The store does not become a way to flood someone with messages.
    if let Err(retry_after) = crate::services::mail::session_may_send(&e.session.0) {
        return Err(ApiError::Throttled { retry_after });
    }
    let counted = engine::validation::normalized_email(&to).unwrap_or_else(|| to.clone());
    if let Err(retry_after) = crate::services::mail::take_send_to(&state.db, "signature", &counted).await? {
        return Err(ApiError::Throttled { retry_after });
    }

    let token = crate::services::crypto::random_token();
    let expires = chrono::Utc::now() + chrono::Duration::days(LINK_DAYS);
    let link = format!("{}/sign/{token}", state.public_url);
    let rep = rep_name(state, Some(agent_id));
    let until = expires.format("%m/%d/%Y").to_string();
    let (subject, body, kind) = match channel {
        Channel::Email => (
            crate::language::say("Please review and sign your application"),
            format!(
                "{}\n\n{}\n\n{}\n\n{}\n",
                crate::language::say_with(
                    "{rep} has prepared your insurance application and asks you to review it and sign it.",
                    &[("rep", &rep)]
                ),
                crate::language::say_with("Open this link on your phone or computer: {link}", &[("link", &link)]),
                crate::language::say_with(
                    "You will be asked for your date of birth. The link works once, until {date}.",
                    &[("date", &until)]
                ),
                crate::language::say_with(
                    "If you did not expect this message, do not open the link, and tell {rep}.",
                    &[("rep", &rep)]
                ),
            ),
            "signature",
        ),
        Channel::Text => (
            "",
            crate::language::say_with(
                "{rep} asks you to review and sign your insurance application: {link} (works once, until {date})",
                &[("rep", &rep), ("link", &link), ("date", &until)],
            ),
            crate::services::mail::TEXT,
        ),
    };
    let token_hash: String = Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    let sealed_to = state.crypto.encrypt(&to);
    let expires_at = expires.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let new = NewRequest {
        enrollment_id: e.row.enrollment_id,
        token_hash: &token_hash,
        channel: channel.as_str(),
        sent_to: &sealed_to,
        agent_id,
        expires_at: &expires_at,
    };
    {
        // A write transaction of several statements: it takes its turn with SQLite's other writers.
        let _turn = store::write_turn(&state.db).await;
        let mut tx = state.db.begin().await.map_err(ApiError::from)?;
        store::signature_request::replace(&mut tx, &new).await?;
        crate::services::mail::enqueue(&state.crypto, &mut *tx, kind, &to, subject, &body).await?;
        tx.commit().await.map_err(ApiError::from)?;
    }
    status(state, e).await
}

/// A link's request and its application, or why the link does not open.
async fn usable(state: &AppState, token: &str) -> ApiResult<(SignatureRequest, Enrollment)> {
    let token_hash: String = Sha256::digest(token.trim().as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    let request = store::signature_request::by_token(&state.db, &token_hash)
        .await?
        .ok_or_else(|| ApiError::NotFound(LINK_INVALID.into()))?;
    let rep = rep_name(state, Some(request.agent_id));
    if let Some(signed_at) = &request.signed_at {
        let date = when(signed_at).split(' ').next().unwrap_or_default().to_string();
        return Err(ApiError::Conflict(Said::resolved(crate::language::say_with(
            ALREADY_SIGNED,
            &[("date", &date), ("rep", &rep)],
        ))));
    }
    if request.tries >= TRIES {
        return Err(ApiError::NotFound(Said::resolved(crate::language::say_with(TOO_MANY_TRIES, &[("rep", &rep)]))));
    }
    if request.revoked_at.is_some() {
        return Err(ApiError::NotFound(Said::resolved(crate::language::say_with(LINK_ENDED, &[("rep", &rep)]))));
    }
    if expired(&request) {
        return Err(ApiError::NotFound(Said::resolved(crate::language::say_with(LINK_EXPIRED, &[("rep", &rep)]))));
    }
    let e = super::load_for_link(state, request.enrollment_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Said::resolved(crate::language::say_with(LINK_ENDED, &[("rep", &rep)]))))?;
    Ok((request, e))
}

/// Who asks for a signature, as the link's first page says before the date of birth is given.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Invitation {
    /// The applicant's first name.
    pub first_name: String,
    /// The rep who sent the link.
    pub rep_name: String,
    /// The name of the rep's site, which the applicant met the rep by.
    pub site_name: String,
}

/// What a link opens to before the date of birth is given: whose application, and who sent it.
pub async fn invitation(state: &AppState, token: &str) -> ApiResult<Invitation> {
    let (request, e) = usable(state, token).await?;
    let personal = super::documents::plain_complete_tab(state, e.row.enrollment_id, TabName::PrimaryInfo).await?;
    let first_name = personal.get("first_name").and_then(Value::as_str).unwrap_or_default().trim().to_string();
    let site_name = state.catalogue.reps.get(&request.agent_id).map_or_else(
        || state.catalogue.sites.store.in_language(crate::language::current()).display_name,
        |rep| crate::domain::site::rep_branding(state, rep).display_name,
    );
    Ok(Invitation { first_name, rep_name: rep_name(state, Some(request.agent_id)), site_name })
}

/// The application as the applicant reads it before signing, and the form they sign with.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ToSign {
    pub applicant_name: String,
    pub rep_name: String,
    /// The steps before the agreement, read-only, sensitive values masked.
    pub sections: Vec<Section>,
    /// The plans applied for and their monthly cost.
    pub cart: CartSummary,
    /// The agreements and the signature, as a form.
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub schema: Value,
    #[serde(rename = "uiSchema")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub ui_schema: Value,
    #[serde(rename = "formData")]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub form_data: Value,
}

/// Checks the date of birth given with a link: a wrong one is counted, and the last wrong one ends the link.
async fn check_birthdate(state: &AppState, request: &SignatureRequest, e: &Enrollment, given: &str) -> ApiResult<()> {
    let personal = super::documents::plain_complete_tab(state, e.row.enrollment_id, TabName::PrimaryInfo).await?;
    let held = personal.get("birthdate").and_then(Value::as_str).and_then(engine::dates::parse_mdy);
    let given_date = engine::dates::parse_mdy(given.trim());
    if given_date.is_none() {
        return Err(ApiError::field("birthdate", "Please enter the date of birth as MM/DD/YYYY."));
    }
    if held.is_some() && held == given_date {
        return Ok(());
    }
    let tries = store::signature_request::count_try(&state.db, request.id, TRIES).await?;
    if tries >= TRIES {
        let rep = rep_name(state, Some(request.agent_id));
        return Err(ApiError::NotFound(Said::resolved(crate::language::say_with(TOO_MANY_TRIES, &[("rep", &rep)]))));
    }
    Err(ApiError::field("birthdate", WRONG_BIRTHDATE))
}

fn applicant_name(personal: &Value) -> String {
    let part = |key: &str| personal.get(key).and_then(Value::as_str).unwrap_or_default().trim().to_string();
    [part("first_name"), part("last_name")].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The agreement's form cut to what the applicant gives: the agreements and the signature.
fn signer_form(form: &engine::schema::ComposedForm) -> (Value, Value) {
    let mut schema = (*form.schema).clone();
    if let Some(object) = schema.as_object_mut() {
        object.remove("x-sections");
        if let Some(Value::Object(properties)) = object.get_mut("properties") {
            properties.retain(|name, _| SIGNER_FIELDS.contains(&name.as_str()));
        }
        if let Some(Value::Array(required)) = object.get_mut("required") {
            required.retain(|name| name.as_str().is_some_and(|n| SIGNER_FIELDS.contains(&n)));
        }
    }
    let mut ui = (*form.ui_schema).clone();
    if let Some(object) = ui.as_object_mut() {
        object.retain(|name, _| !name.starts_with("ui:") || name == "ui:order" || name == "ui:submitButtonOptions");
        object.retain(|name, _| name.starts_with("ui:") || SIGNER_FIELDS.contains(&name.as_str()));
        if let Some(Value::Array(order)) = object.get_mut("ui:order") {
            order.retain(|name| name.as_str().is_some_and(|n| SIGNER_FIELDS.contains(&n) || n == "*"));
        }
    }
    (schema, ui)
}

/// Opens the application to the applicant who gives their date of birth.
pub async fn open(state: &AppState, token: &str, birthdate: &str) -> ApiResult<ToSign> {
    let (request, e) = usable(state, token).await?;
    check_birthdate(state, &request, &e, birthdate).await?;
    let cart = priced_cart(state, &e).await?;
    let before = steps_before_agreement(&e, &cart);
    let sections =
        super::view::application(state, &e, &cart).await?.into_iter().filter(|s| before.contains(&s.step)).collect();
    let totals = engine::cart::totals(&cart.iter().map(|l| l.price).collect::<Vec<_>>());
    let (form, _) = super::documents::current_form(state, &e, TabName::AgreementInfo).await?;
    let (schema, ui_schema) = signer_form(&form);
    let personal = super::documents::plain_complete_tab(state, e.row.enrollment_id, TabName::PrimaryInfo).await?;
    Ok(ToSign {
        applicant_name: applicant_name(&personal),
        rep_name: rep_name(state, Some(request.agent_id)),
        sections,
        cart: CartSummary {
            lines: cart.iter().map(|l| CartSummaryLine { plan_name: l.plan_name.clone(), price: l.price }).collect(),
            initial_month_cost: totals.initial_month_cost,
            recurring_month_cost: totals.recurring_month_cost,
        },
        schema,
        ui_schema,
        form_data: json!({ "signature_method": "drawn" }),
    })
}

/// Records the applicant's agreements and signature, once; answers the thanks to show.
pub async fn sign(state: &AppState, token: &str, birthdate: &str, given: &Value) -> ApiResult<String> {
    let (request, e) = usable(state, token).await?;
    check_birthdate(state, &request, &e, birthdate).await?;
    let cart = priced_cart(state, &e).await?;
    let (form, _) = super::documents::current_form(state, &e, TabName::AgreementInfo).await?;
    let mut fields = serde_json::Map::new();
    for name in SIGNER_FIELDS {
        if let Some(value) = given.get(name).filter(|v| !v.is_null()) {
            fields.insert(name.to_string(), value.clone());
        }
    }
    // The whole agreement form checks the applicant's part; what is the rep's to give is not asked here.
    let document = Value::Object(fields.clone());
    if let Err(errors) = form.validate(&document, super::today()) {
        let own: Vec<_> = errors
            .into_iter()
            .filter(|error| SIGNER_FIELDS.contains(&error.target_element.split('.').next().unwrap_or_default()))
            .collect();
        if !own.is_empty() {
            return Err(ApiError::Invalid(own));
        }
    }
    let personal = super::documents::plain_complete_tab(state, e.row.enrollment_id, TabName::PrimaryInfo).await?;
    let typed = fields.get("signature_name").and_then(Value::as_str).map(str::trim).filter(|n| !n.is_empty());
    let name = typed.map(str::to_string).unwrap_or_else(|| applicant_name(&personal));
    let sealed = state.crypto.encrypt(&signed_fields(fields)?);
    let print = fingerprint(state, &e, &cart).await?;
    let signed = Signed { name: &name, signature: &sealed, fingerprint: &print };
    if !store::signature_request::sign(&state.db, request.id, &signed).await? {
        let rep = rep_name(state, Some(request.agent_id));
        return Err(ApiError::NotFound(Said::resolved(crate::language::say_with(LINK_ENDED, &[("rep", &rep)]))));
    }
    let rep = rep_name(state, Some(request.agent_id));
    Ok(crate::language::say_with(
        "Thank you, {name}. Your signature was sent to {rep}, who will submit your application.",
        &[("name", &name), ("rep", &rep)],
    ))
}
