//! Billing Information: the payment methods a group allows, bill dates and texts, the bank lookup by routing
//! number, and saving the step (the member's accounts and cards on file included).

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::State;
use engine::payment::{self, BILL_DATES, DEFAULT_BILL_DATE};
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::billing::no_bank_message;
use crate::domain::enrollment::{self, SavedStep};
use crate::error::{Answer, ApiError, ApiResult, Listed};
use crate::http::extract::{AppQuery, Nothing, OwnedJson, OwnedQuery, TabSave};
use crate::input::{version_of, Id};
use crate::state::{AppState, Live};
use engine::errors::messages::INVALID_ROUTING;

/// The payment types of this enrollment.
#[derive(Serialize, JsonSchema)]
pub struct PaymentMethods {
    /// The server's payment type (cc, eft, elist, list, stmt).
    result: String,
    /// The types the person may choose.
    offered: Vec<&'static str>,
    /// The type selected at first.
    selected: &'static str,
}

/// A day of the month a premium can be drawn on.
#[derive(Serialize, JsonSchema)]
pub struct BillDate {
    bill_date: u32,
    /// "28th of month".
    label: String,
    default: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct BillingTexts {
    eft_text: String,
    descriptor_text: String,
    statement_descriptor: &'static str,
}

/// The bank of a routing number.
#[derive(Serialize, JsonSchema)]
pub struct BankFound {
    response: BankAnswer,
}

#[derive(Serialize, JsonSchema)]
pub struct BankAnswer {
    name: String,
    city: String,
    state: String,
    routing_number: String,
}

/// `routing-number-bank-lookup?q=`.
#[derive(Deserialize, JsonSchema)]
pub struct RoutingQuery {
    /// A nine-digit ABA routing number.
    q: Option<String>,
}

/// `save-billing-info-existing`: a bank account or card on file.
#[derive(Deserialize, JsonSchema)]
pub struct OnFileChoice {
    version: Option<Id>,
    /// A card on file.
    card_id: Option<Id>,
    /// A bank account on file.
    bank_id: Option<Id>,
    /// eft (the default) or another bank method the group allows.
    payment_method: Option<Value>,
    /// The day of the month the premium is drawn (28 by default).
    bill_date: Option<Value>,
}

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/save-billing-info-existing", post(save_existing))
        .api_route("/get-payment-method", get(payment_method))
        .api_route("/get-bill-date", get(bill_dates))
        .api_route("/get-billing-text", get(billing_text))
        .api_route("/routing-number-bank-lookup", get(routing_lookup))
        .api_route("/save-billing-info", post(save))
}

/// `get-payment-method`: the server's payment type for this enrollment.
pub async fn payment_method(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<PaymentMethods>> {
    let group = e.row.group_id.and_then(|id| state.catalogue.groups.get(&id));
    let server_type = group.and_then(|g| g.payment_method.clone()).unwrap_or_else(|| "cc".into());
    let (offered, selected) = payment::offered(&server_type);
    Ok(Answer(PaymentMethods { result: server_type, offered, selected }))
}

/// `get-bill-date`: the days a premium can be drawn on, each as the Nth of the month; 28 by default.
pub async fn bill_dates() -> Answer<Listed<Vec<BillDate>>> {
    let result = BILL_DATES
        .iter()
        .map(|d| BillDate { bill_date: *d, label: payment::ordinal_of_month(*d), default: *d == DEFAULT_BILL_DATE })
        .collect();
    Answer(Listed { result })
}

/// `get-billing-text`: the EFT authorization and the statement descriptor.
pub async fn billing_text() -> Answer<Listed<BillingTexts>> {
    Answer(Listed {
        result: BillingTexts {
            eft_text: payment::eft_text(),
            descriptor_text: payment::descriptor_text(),
            statement_descriptor: payment::STATEMENT_DESCRIPTOR,
        },
    })
}

/// `routing-number-bank-lookup?q=`: the bank of a routing number, from the directory.
pub async fn routing_lookup(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<RoutingQuery>,
) -> ApiResult<Answer<BankFound>> {
    let q = query.q.as_deref().map(str::trim).unwrap_or_default();
    if q.len() != 9 || !q.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::field("q", "Routing number must be of 9 digits"));
    }
    if !payment::aba_checksum_ok(q) {
        return Err(ApiError::field("q", INVALID_ROUTING));
    }
    let bank =
        state.banks.lookup(q).ok_or_else(|| ApiError::field("q", crate::error::Said::resolved(no_bank_message(q))))?;
    Ok(Answer(BankFound {
        response: BankAnswer {
            name: bank.name.clone(),
            city: bank.city.clone(),
            state: bank.state.clone(),
            routing_number: q.to_string(),
        },
    }))
}

/// `save-billing-info-existing`: the member's bank account (`bank_id`) or card (`card_id`) on file, chosen instead of
/// typing a new one. The account number and card token come from the member's records, never from the browser.
pub async fn save_existing(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<OnFileChoice>,
) -> ApiResult<Answer<SavedStep>> {
    let member = crate::domain::members::of_enrollment(&state, &e.row).await?;
    let id_of = |v: &Option<Id>| {
        v.as_ref().and_then(|v| v.0.as_i64().or_else(|| v.0.as_str().and_then(|s| s.trim().parse().ok())))
    };
    let bill_date = body.bill_date.clone().unwrap_or(json!(DEFAULT_BILL_DATE));
    let has = |records: Option<&Vec<Value>>, key: &str, id: i64| {
        records.is_some_and(|list| list.iter().any(|r| r[key].as_i64() == Some(id)))
    };
    // The chosen record's fields are filled in from the member's records by `fill_in`, as for the step's own choice.
    let mut doc = match (id_of(&body.card_id), id_of(&body.bank_id)) {
        (Some(card_id), _) if has(member.as_ref().map(|m| &m.cards), "card_id", card_id) => {
            json!({ "payment_method": "cc", "card_id": card_id, "is_physical_address": true })
        }
        (Some(_), _) => return Err(ApiError::field("card_id", "This card is not on file")),
        (None, Some(bank_id)) if has(member.as_ref().map(|m| &m.bank_accounts), "bank_id", bank_id) => {
            json!({ "payment_method": body.payment_method.clone().unwrap_or(json!("eft")), "bank_id": bank_id })
        }
        (None, Some(_)) => return Err(ApiError::field("bank_id", "This bank account is not on file")),
        (None, None) => return Err(ApiError::field("bank_id", "Please choose a bank account or a card on file")),
    };
    doc["bill_date"] = bill_date;
    let version = version_of(&body.version)?;
    let (version, next) = enrollment::saving::save_tab(&state, &mut e, TabName::BillingInfo, &doc, version).await?;
    Ok(Answer(SavedStep { version, next: next.describe() }))
}

/// `save-billing-info`: a new bank account or card.
pub async fn save(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<TabSave>,
) -> ApiResult<Answer<SavedStep>> {
    let version = version_of(&body.version)?;
    let fields = body.fields_without(&[]);
    let (version, next) = enrollment::saving::save_tab(&state, &mut e, TabName::BillingInfo, &fields, version).await?;
    Ok(Answer(SavedStep { version, next: next.describe() }))
}
