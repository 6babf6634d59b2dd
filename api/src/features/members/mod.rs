//! Existing members: the member link's entry, their profile, health records, dependents, bank accounts and cards
//! on file, and the contact checks (e-mail and phone already used, deliverable, valid).

mod current;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use axum::middleware::from_fn_with_state;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::enrollment::{self};
use crate::domain::members::{
    self, bank_fields, card_fields, of_enrollment, phone_problem, someone_else_has, ContactHash, EMAIL_EXISTS,
    PHONE_EXISTS,
};
use crate::domain::session::Session;
use crate::error::{Answer, ApiError, ApiResult, Listed};
use crate::http::extract::{AppJson, MaybeOwnedJson, MaybeOwnedQuery, Nothing, OwnedQuery};
use crate::http::session::{Renewed, WithSession};
use crate::http::throttle::{self, Throttle};
use crate::state::{AppState, Live};
use engine::errors::messages::INVALID_EMAIL_FORMAT;

/// `add-filter-for-member { user_id, tier, open_type }`.
#[derive(Deserialize, JsonSchema)]
pub struct MemberEntry {
    /// The member link's sealed token (the spec's user id, which a link never carries in the clear).
    user_id: Option<Value>,
    /// IO, IS, IC or IF (IO when not chosen).
    tier: Option<String>,
    /// agent, group or user: which kind of open site the person came from. Accepted as the spec sends it; the
    /// server keeps where the session arrived itself.
    #[allow(dead_code)]
    open_type: Option<String>,
}

/// The member's quote, opened from the member link.
#[derive(Serialize, JsonSchema)]
pub struct MemberQuote {
    temp_enrollment_id: i64,
    /// The enrollment portal of the member's employer group; none for a member of no group.
    portal_id: Option<i64>,
    /// The member's name.
    name: String,
}

/// The member's profile and policies.
#[derive(Serialize, JsonSchema)]
pub struct MemberInfo {
    first_name: String,
    last_name: String,
    email: String,
    policies: Vec<Value>,
}

/// The member's dependents on file, SSNs masked.
#[derive(Serialize, JsonSchema)]
pub struct DependentsOnFile {
    dependents: Vec<Value>,
}

/// A contact detail found valid (a phone number as its ten digits).
#[derive(Serialize, JsonSchema)]
pub struct Valid {
    is_valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<String>,
}

/// An e-mail address to check.
#[derive(Deserialize, JsonSchema)]
pub struct EmailInput {
    email: Option<String>,
}

/// `validate-phone-numverify?phone=`.
#[derive(Deserialize, JsonSchema)]
pub struct PhoneQuery {
    phone: Option<String>,
}

/// How often a client may try a member link a minute.
const LINK_TRIES_PER_MINUTE: u32 = 10;

pub fn routes() -> ApiRouter<Live> {
    let links = ApiRouter::new()
        .api_route("/add-filter-for-member", post(add_filter_for_member))
        .layer(from_fn_with_state(Throttle::misses_per_minute(LINK_TRIES_PER_MINUTE), throttle::check));
    ApiRouter::new()
        .merge(links)
        .api_route("/get-member-info", get(member_info))
        .api_route("/get-agent-members", get(current::agent_members))
        .api_route("/get-group-users", get(current::group_users))
        .api_route("/add-filter-for-existing-user", post(current::add_filter_for_existing_user))
        .api_route("/get-existing-primary-health-info", get(existing_health))
        .api_route("/get-dependents-existing-user-enrollment", get(existing_dependents))
        .api_route("/get-existing-bank-info", get(existing_banks))
        .api_route("/get-existing-card-info", get(existing_cards))
        .api_route("/validate-member-email", post(validate_email))
        .api_route("/validate-phone-numverify", get(validate_phone))
        .api_route("/validate-email-neverbounce", post(validate_email_deliverable))
}

/// `add-filter-for-member { user_id, tier, open_type }`: `user_id` is the member link's token. Opens an enrollment
/// for the member in the caller's session, the filter from the member's profile and the tier chosen.
pub async fn add_filter_for_member(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<MemberEntry>,
) -> ApiResult<WithSession<Answer<MemberQuote>>> {
    let token = body.user_id.as_ref().and_then(Value::as_str).unwrap_or_default();
    let (id, member) = members::roster::open_store_by_link(&state, &session, token, body.tier.as_deref()).await?;
    // The session is now a member's: it continues under a new id, the link bound to it.
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    crate::domain::access::renew(&state.db, &session, &renewed.session).await?;
    Ok(WithSession(
        renewed,
        Answer(MemberQuote {
            temp_enrollment_id: id,
            portal_id: members::portal_of(&state, &member),
            name: format!("{} {}", member.first_name, member.last_name),
        }),
    ))
}

/// `get-member-info`: the profile of the member of the caller's enrollment.
pub async fn member_info(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<MemberInfo>>> {
    let member = of_enrollment(&state, &e.row)
        .await?
        .ok_or_else(|| ApiError::NotFound("This enrollment is not a member's".into()))?;
    Ok(Answer(Listed {
        result: MemberInfo {
            first_name: member.first_name,
            last_name: member.last_name,
            email: member.email,
            policies: member.policies,
        },
    }))
}

/// `get-existing-primary-health-info`: the member's health records, in the spec's list shape.
pub async fn existing_health(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Option<Value>>>> {
    let member = of_enrollment(&state, &e.row).await?;
    let Some(health) = member.and_then(|m| m.health) else { return Ok(Answer(Listed { result: None })) };
    let (form, _) = enrollment::documents::current_form(&state, &e, engine::tabs::TabName::PrimaryHealthInfo).await?;
    let list = engine::questionnaire::to_list(
        &form.schema["properties"]["condition_questions"],
        &health["condition_questions"],
    );
    Ok(Answer(Listed {
        result: Some(
            json!({ "condition_questions": list, "medication_question": health["medication_question"], "notes": health["notes"] }),
        ),
    }))
}

/// `get-dependents-existing-user-enrollment`: the member's dependents, SSNs masked.
pub async fn existing_dependents(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<DependentsOnFile>>> {
    let dependents: Vec<Value> = of_enrollment(&state, &e.row)
        .await?
        .map(|m| m.dependents)
        .unwrap_or_default()
        .into_iter()
        .map(|mut d| {
            if let Some(ssn) = d["ssn"].as_str() {
                d["ssn"] = json!(engine::sensitive::mask_ssn(ssn));
            }
            d
        })
        .collect();
    Ok(Answer(Listed { result: DependentsOnFile { dependents } }))
}

/// `get-existing-bank-info`: the member's bank accounts on file, account numbers masked.
pub async fn existing_banks(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Vec<Value>>>> {
    let banks: Vec<Value> = of_enrollment(&state, &e.row)
        .await?
        .map(|m| m.bank_accounts)
        .unwrap_or_default()
        .iter()
        .map(|b| {
            let mut shown = bank_fields(&state, b, true);
            shown["bank_id"] = b["bank_id"].clone();
            shown["bank_routing"] = shown["routing_number"].take();
            if let Some(fields) = shown.as_object_mut() {
                fields.remove("routing_number");
            }
            shown
        })
        .collect();
    Ok(Answer(Listed { result: banks }))
}

/// `get-existing-card-info`: the member's cards on file, as their last four digits.
pub async fn existing_cards(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Vec<Value>>>> {
    let cards: Vec<Value> = of_enrollment(&state, &e.row)
        .await?
        .map(|m| m.cards)
        .unwrap_or_default()
        .iter()
        .map(|c| {
            json!({ "card_id": c["card_id"], "name_on_cc": c["name_on_cc"], "card_number": card_fields(c)["card_number"],
                "card_brand": c["card_brand"], "expiration_month": c["expiration_month"], "expiration_year": c["expiration_year"] })
        })
        .collect();
    Ok(Answer(Listed { result: cards }))
}

/// `validate-member-email`: whether the address belongs to another member ('Email Already Exists.').
pub async fn validate_email(
    State(state): State<AppState>,
    MaybeOwnedJson(e, body): MaybeOwnedJson<EmailInput>,
) -> ApiResult<Answer<Valid>> {
    let email = email_of(&body)?;
    let own = e.and_then(|e| e.row.member_id);
    if someone_else_has(&state, ContactHash::Email, &email, own).await? {
        return Err(ApiError::field("email", EMAIL_EXISTS));
    }
    Ok(Answer(Valid { is_valid: true, number: None }))
}

/// `validate-phone-numverify?phone=`: a real number by libphonenumber's metadata for the US, not another member's.
pub async fn validate_phone(
    State(state): State<AppState>,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<PhoneQuery>,
) -> ApiResult<Answer<Valid>> {
    let phone = query.phone.as_deref().map(str::trim).unwrap_or_default();
    let digits = phone_problem(phone).map_err(|m| ApiError::field("phone", m))?;
    let own = e.and_then(|e| e.row.member_id);
    if someone_else_has(&state, ContactHash::Phone, &digits, own).await? {
        return Err(ApiError::field("phone", PHONE_EXISTS));
    }
    Ok(Answer(Valid { is_valid: true, number: Some(digits) }))
}

/// `validate-email-neverbounce`: no mail-verification service is reachable from here, so this stands in for it
/// offline: the address must be well formed and its domain must not be one of the known disposable-mail services.
pub async fn validate_email_deliverable(AppJson(body): AppJson<EmailInput>) -> ApiResult<Answer<Listed<&'static str>>> {
    let email = email_of(&body)?.to_lowercase();
    let domain = email.rsplit('@').next().unwrap_or_default();
    const DISPOSABLE: [&str; 5] =
        ["mailinator.com", "guerrillamail.com", "10minutemail.com", "tempmail.com", "yopmail.com"];
    let deliverable = domain.contains('.') && !DISPOSABLE.contains(&domain);
    if !deliverable {
        return Err(ApiError::field("email", "Please use an e-mail address you can receive mail at"));
    }
    Ok(Answer(Listed { result: "valid" }))
}

/// The `email` of a body, trimmed, when it is an address ('Email is not in correct format' otherwise).
fn email_of(body: &EmailInput) -> ApiResult<String> {
    let email = body.email.as_deref().unwrap_or_default().trim().to_string();
    if !engine::validation::is_email(&email) {
        return Err(ApiError::field("email", INVALID_EMAIL_FORMAT));
    }
    Ok(email)
}
