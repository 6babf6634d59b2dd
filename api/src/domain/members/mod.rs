//! Members: existing members (with policies) and users, their records on file, and the member link that opens the
//! store for one of them.
//!
//! A member's document (profile, policies, health records, dependents, bank accounts, cards) is sealed with the data
//! key at rest; e-mail and phone are also kept as SHA-256 hashes, to find a member by them without reading every
//! document. The spec's member route `/member-benefit-store/{id}/{tier}` carries, here, a sealed token instead of
//! the plain user id, so the link cannot be made up for someone else's records.

pub mod roster;

use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::error::{ApiError, ApiResult};
use crate::services::crypto::Crypto;
use crate::state::AppState;
use crate::store::enrollment::EnrollmentRow;
use crate::store::member;
pub use crate::store::member::ContactHash;
use crate::store::Db;
use engine::errors::messages::INVALID_PHONE;

/// The enrollment portal a member's link opens on: the first of the member's employer group's portals (none without
/// a group, or for a group with none).
pub fn portal_of(state: &AppState, member: &Member) -> Option<i64> {
    member.group_id.and_then(|g| state.catalogue.groups.get(&g)).and_then(|g| g.portals.first().copied())
}
pub const LINK_INVALID: &str = "This member link is not valid. Please ask for a new one.";
pub const LINK_ELSEWHERE: &str =
    "This member link was already opened in another browser. Please ask for a new one, or go on in that browser.";
pub const EMAIL_EXISTS: &str = "Email Already Exists.";
pub const PHONE_EXISTS: &str = "Phone already exists";

/// A member as the fixtures and the store keep it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Member {
    pub user_id: i64,
    /// existing-member (with policies) or existing-user.
    #[serde(rename = "type")]
    pub kind: String,
    /// The member's rep.
    #[serde(default)]
    pub agent_id: Option<i64>,
    /// The member's employer group.
    #[serde(default)]
    pub group_id: Option<i64>,
    /// The member's Social Security number (sealed with the rest; shown masked).
    #[serde(default)]
    pub ssn: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub gender: String,
    pub dob: String,
    pub email: String,
    pub phone: String,
    #[serde(default)]
    pub address: engine::catalogue::Address,
    #[serde(default)]
    pub policies: Vec<Value>,
    /// Health records in the Health Questions step's shape.
    #[serde(default)]
    pub health: Option<Value>,
    #[serde(default)]
    pub dependents: Vec<Value>,
    #[serde(default)]
    pub bank_accounts: Vec<Value>,
    #[serde(default)]
    pub cards: Vec<Value>,
}

#[derive(Deserialize)]
struct Members {
    members: Vec<Member>,
}

pub fn digest(text: &str) -> String {
    Sha256::digest(text.trim().to_lowercase().as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Loads `fixtures/members/members.yaml`, each member sealed (idempotent: a member is replaced by its fixture).
pub async fn seed(db: &Db, dir: &Path, crypto: &Crypto) -> anyhow::Result<usize> {
    let path = dir.join("members/members.yaml");
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let members: Members =
        serde_yaml::from_str(&text).with_context(|| format!("{} is not a valid fixture file", path.display()))?;
    for member in &members.members {
        let sealed = crypto.encrypt(&serde_json::to_string(member)?);
        let row = member::MemberRow {
            user_id: member.user_id,
            email_hash: &digest(&member.email),
            phone_hash: &digest(&member.phone),
            agent_id: member.agent_id,
            group_id: member.group_id,
            sealed_document: &sealed,
        };
        member::upsert(db, row).await?;
    }
    Ok(members.members.len())
}

pub async fn find(state: &AppState, user_id: i64) -> ApiResult<Option<Member>> {
    let Some(sealed) = member::document(&state.db, user_id).await? else { return Ok(None) };
    Ok(Some(open(state, &sealed)?))
}

/// A member's sealed document, opened.
pub fn open(state: &AppState, sealed: &str) -> ApiResult<Member> {
    let plain = state
        .crypto
        .decrypt(sealed)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a member does not open with this key")))?;
    serde_json::from_str(&plain).map_err(|e| ApiError::Internal(e.into()))
}

/// The member an enrollment is for, if it is an existing member's or user's.
pub async fn of_enrollment(state: &AppState, e: &EnrollmentRow) -> ApiResult<Option<Member>> {
    match e.member_id {
        Some(id) => find(state, id).await,
        None => Ok(None),
    }
}

/// Another member than `except` with this e-mail or phone (by its hash).
pub async fn someone_else_has(state: &AppState, by: ContactHash, value: &str, except: Option<i64>) -> ApiResult<bool> {
    let ids = member::with_contact(&state.db, by, &digest(value)).await?;
    Ok(ids.into_iter().any(|id| Some(id) != except))
}

/// How long a member link opens the store.
pub const LINK_DAYS: i64 = 14;

/// The sealed token of a member link, valid for [`LINK_DAYS`]; `enroll member-link` prints links with it.
pub fn link_token(crypto: &Crypto, user_id: i64) -> String {
    link_token_until(crypto, user_id, chrono::Utc::now() + chrono::Duration::days(LINK_DAYS))
}

/// A member link's token that expires at `expires`.
pub fn link_token_until(crypto: &Crypto, user_id: i64, expires: chrono::DateTime<chrono::Utc>) -> String {
    crypto.seal_token(&format!("member:{user_id}:{}", expires.timestamp()))
}

/// The member a link opens the store for, while it has not expired.
pub fn open_link(crypto: &Crypto, token: &str) -> Option<i64> {
    let text = crypto.open_token(token)?;
    let (user_id, expires) = text.strip_prefix("member:")?.split_once(':')?;
    (expires.parse::<i64>().ok()? > chrono::Utc::now().timestamp()).then_some(())?;
    user_id.parse().ok()
}

/// A bank account on file as Billing Information's fields: the account number masked to be shown, or in full to be
/// stored (sealed).
pub fn bank_fields(state: &AppState, bank: &Value, masked: bool) -> Value {
    let routing = bank["routing_number"].as_str().unwrap_or_default();
    let number = bank["account_number"].as_str().unwrap_or_default();
    json!({ "routing_number": routing, "account_name": bank["account_name"],
        "bank_name": state.banks.lookup(routing).map(|b| b.name.clone()).unwrap_or_default(),
        "account_number": if masked { engine::payment::mask_number(number) } else { number.to_string() },
        "account_type": bank["account_type"], "account_holder_type": bank["account_holder_type"] })
}

/// A card on file as Billing Information's fields: the holder's name split, the number as its mask (`settle` matches
/// the mask to the card's token).
pub fn card_fields(card: &Value) -> Value {
    let name = card["name_on_cc"].as_str().unwrap_or_default();
    let (first, last) = name.split_once(' ').unwrap_or((name, ""));
    json!({ "first_name_on_cc": first, "last_name_on_cc": last,
        "card_number": format!("****{}", card["last4"].as_str().unwrap_or_default()),
        "expiration_month": card["expiration_month"], "expiration_year": card["expiration_year"] })
}

/// The member's bank accounts and cards on file as Billing Information offers them: each with a label and the values
/// (masked) it fills the fields with.
pub fn payment_on_file(state: &AppState, member: &Member) -> Value {
    let banks: Vec<Value> = member
        .bank_accounts
        .iter()
        .map(|b| {
            let values = bank_fields(state, b, true);
            let label = format!(
                "{} {}",
                values["bank_name"].as_str().unwrap_or_default(),
                values["account_number"].as_str().unwrap_or_default()
            );
            json!({ "bank_id": b["bank_id"], "label": label, "values": values })
        })
        .collect();
    let cards: Vec<Value> = member
        .cards
        .iter()
        .map(|c| {
            let text = |k: &str| c[k].as_str().unwrap_or_default().to_string();
            let label = crate::language::say_with(
                "{brand} ending {last4}, expires {month}/{year}",
                &[
                    ("brand", &text("card_brand")),
                    ("last4", &text("last4")),
                    ("month", &text("expiration_month")),
                    ("year", &text("expiration_year")),
                ],
            );
            json!({ "card_id": c["card_id"], "label": label, "values": card_fields(c) })
        })
        .collect();
    json!({ "banks": banks, "cards": cards })
}

/// A phone number's ten digits, or why it is not a US phone number (libphonenumber's metadata).
pub fn phone_problem(phone: &str) -> Result<String, &'static str> {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    if digits.len() != 10 {
        return Err(INVALID_PHONE);
    }
    let parsed = phonenumber::parse(Some(phonenumber::country::Id::US), &digits).map_err(|_| INVALID_PHONE)?;
    if !phonenumber::is_valid(&parsed) {
        return Err(INVALID_PHONE);
    }
    Ok(digits)
}

/// Contact Information of an existing member or user: the e-mail and phone checks run before saving, each refusal
/// under its field (the spec's errors.email / errors.phone).
pub async fn contact_checks(state: &AppState, e: &EnrollmentRow, contact: &Value) -> ApiResult<()> {
    if !matches!(e.enrollment_type.as_str(), "existing-user" | "existing-member") {
        return Ok(());
    }
    let own = e.member_id;
    let mut errors = Vec::new();
    if let Some(email) = contact.get("email_address").and_then(Value::as_str) {
        if someone_else_has(state, ContactHash::Email, email, own).await? {
            errors.push(engine::FieldError::new("email_address", EMAIL_EXISTS));
        }
    }
    if let Some(phone) = contact.get("phone_number").and_then(Value::as_str) {
        match phone_problem(phone) {
            Err(message) => errors.push(engine::FieldError::new("phone_number", message)),
            Ok(digits) if someone_else_has(state, ContactHash::Phone, &digits, own).await? => {
                errors.push(engine::FieldError::new("phone_number", PHONE_EXISTS))
            }
            Ok(_) => {}
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Invalid(errors))
    }
}
