//! Billing Information: the spec's billing calls, and what a save of the step does beyond the schema's checks (the
//! bank name from the routing directory, the card exchanged for the gateway's token, the copied physical address).

use engine::payment::{self};
use engine::schema::ComposedForm;
use engine::FieldError;
use serde_json::{json, Value};

use crate::error::{ApiError, ApiResult};
use crate::services::banking::CardDetails;
use crate::state::AppState;

fn text<'v>(doc: &'v Value, key: &str) -> &'v str {
    doc.get(key).and_then(Value::as_str).unwrap_or_default()
}

fn pays_by_bank(doc: &Value) -> bool {
    matches!(text(doc, "payment_method"), "eft" | "elist")
}

/// Before the schema's checks, what the server fills in itself: the contact address when 'Choose physical address'
/// is ticked, and `bank_name` from the directory for the routing number given. Answers the routing number when the
/// directory has no such bank (the save is then refused under the routing number).
pub fn fill_in(
    state: &AppState,
    form: &ComposedForm,
    doc: &mut Value,
    member: Option<&crate::domain::members::Member>,
) -> Option<String> {
    let props = engine::schema::every_property(&form.schema);
    on_file(state, doc, member);
    if text(doc, "payment_method") == "cc" && doc.get("is_physical_address") == Some(&Value::Bool(true)) {
        if let (Some(address), Some(fields)) =
            (props.get("is_physical_address").and_then(|p| p["x-copy"].as_object()), doc.as_object_mut())
        {
            for key in ["address1", "address2", "city", "state", "zip"] {
                match address.get(key).filter(|v| v.as_str().is_some_and(|s| !s.is_empty())) {
                    Some(v) => fields.insert(key.into(), v.clone()),
                    None => fields.remove(key),
                };
            }
        }
    }
    if !props.contains_key("bank_name") || !pays_by_bank(doc) {
        return None;
    }
    let routing = text(doc, "routing_number").to_string();
    match state.banks.lookup(&routing) {
        Some(bank) => {
            doc["bank_name"] = json!(bank.name);
            None
        }
        None => {
            if let Some(fields) = doc.as_object_mut() {
                fields.remove("bank_name");
            }
            (routing.len() == 9 && payment::aba_checksum_ok(&routing)).then_some(routing)
        }
    }
}

/// What a routing number no bank has is told, in the request's language.
pub fn no_bank_message(routing: &str) -> String {
    crate::language::say_with("No bank was found for routing number {routing}", &[("routing", &routing)])
}

/// A bank account or card on file, when one is chosen, fills its fields from the member's records: the account
/// number in full (sealed when stored), the card as its mask, which `settle` matches to the card's token.
fn on_file(state: &AppState, doc: &mut Value, member: Option<&crate::domain::members::Member>) {
    let chosen = |key: &str| doc.get(key).and_then(Value::as_i64).filter(|id| *id > 0);
    let (bank_id, card_id, method) = (chosen("bank_id"), chosen("card_id"), text(doc, "payment_method").to_string());
    let Some(member) = member else { return };
    let find = |records: &[Value], key: &str, id: Option<i64>| {
        records.iter().find(|r| id.is_some() && r[key].as_i64() == id).cloned()
    };
    let fields = match method.as_str() {
        "eft" | "elist" => find(&member.bank_accounts, "bank_id", bank_id)
            .map(|b| crate::domain::members::bank_fields(state, &b, false)),
        "cc" => find(&member.cards, "card_id", card_id).map(|c| crate::domain::members::card_fields(&c)),
        _ => None,
    };
    for (key, value) in fields.as_ref().and_then(Value::as_object).into_iter().flatten() {
        doc[key] = value.clone();
    }
}

/// The bank name is missing because of the routing number (faulty, or not in the directory): say so under the
/// routing number, where the person can fix it, not under the read-only bank name.
pub fn blame_routing_number(errors: &mut Vec<FieldError>, unknown: Option<String>) {
    let routing_faulted = errors.iter().any(|e| e.target_element == "routing_number");
    if routing_faulted || unknown.is_some() {
        errors.retain(|e| e.target_element != "bank_name");
    }
    if let (Some(routing), false) = (unknown, routing_faulted) {
        errors.push(FieldError::new("routing_number", no_bank_message(&routing)));
    }
}

/// After the schema's checks: keeps only the fields of the chosen payment type, and exchanges a new card for the
/// gateway's token (the number is then kept only as its mask, the security code not at all).
pub fn settle(state: &AppState, doc: &mut Value, stored: &Value, cards_on_file: &[Value]) -> ApiResult<()> {
    let method = text(doc, "payment_method").to_string();
    let fields = doc.as_object_mut().expect("a cleaned document is an object");
    if method != "cc" {
        for name in payment::CARD_FIELDS.iter().chain(&["card_token", "card_brand"]) {
            fields.remove(*name);
        }
    }
    if !matches!(method.as_str(), "eft" | "elist") {
        for name in payment::BANK_FIELDS {
            fields.remove(name);
        }
    }
    if method != "cc" {
        return Ok(());
    }
    let number = fields.get("card_number").and_then(Value::as_str).unwrap_or_default().to_string();
    if payment::is_masked_number(&number) {
        // A card already known, sent back as its mask: the one saved on this step, or one of the member's on file.
        let on_file =
            cards_on_file.iter().find(|c| crate::domain::members::card_fields(c)["card_number"] == number.as_str());
        let (token, brand) = match on_file {
            _ if text(stored, "card_number") == number && !text(stored, "card_token").is_empty() => {
                (stored["card_token"].clone(), stored["card_brand"].clone())
            }
            Some(card) => (card["card_token"].clone(), card["card_brand"].clone()),
            None => return Err(ApiError::field("card_number", "Please enter your card number again")),
        };
        fields.insert("card_token".into(), token);
        fields.insert("card_brand".into(), brand);
        return Ok(());
    }
    let snapshot = Value::Object(fields.clone());
    let name = format!("{} {}", text(&snapshot, "first_name_on_cc"), text(&snapshot, "last_name_on_cc"));
    let card = CardDetails {
        number: &number,
        security_code: text(&snapshot, "security_code"),
        expiration_month: text(&snapshot, "expiration_month"),
        expiration_year: text(&snapshot, "expiration_year"),
        name: name.trim(),
    };
    let exchanged =
        tracing::info_span!("exchange the card for the gateway's token").in_scope(|| state.gateway.tokenize(&card));
    let token = exchanged.map_err(|why| {
        crate::services::metrics::count(crate::services::metrics::PAYMENTS_FAILED);
        ApiError::field("card_number", crate::error::Said::resolved(crate::language::say_text(&why)))
    })?;
    fields.insert("card_number".into(), json!(payment::mask_number(&number)));
    fields.insert("card_token".into(), json!(token.token));
    fields.insert("card_brand".into(), json!(token.brand));
    fields.remove("security_code");
    Ok(())
}
