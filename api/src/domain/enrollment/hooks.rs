//! A step's own rules beyond its schema, one entry per step that has any (`hooks_of` is the table): what the server
//! adds to a step's form, what it fills in before the schema checks a document, what it checks against other data
//! once the schema passed, what the document must still hold at submission, and what it becomes before it is
//! stored. Showing a step, a save (Next) and submission's final gate run the same hooks; a step that has none is
//! `Plain`. A new step with rules of its own adds an entry
//! here, never a branch on its name elsewhere.

use futures_util::future::BoxFuture;
use serde_json::Value;

use engine::schema::ComposedForm;
use engine::tabs::TabName;
use engine::workflow::PrefillValues;
use engine::FieldError;

use crate::domain::members::Member;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

use super::Enrollment;

/// What a hook filled in that later hooks read: the member's records, a routing number the directory does not know.
#[derive(Default)]
pub(super) struct Filled {
    pub(super) member: Option<Member>,
    unknown_routing: Option<String>,
}

pub(super) trait StepHooks: Sync {
    /// Adds what only this step's form shows to the values it is filled from.
    fn prefill<'a>(
        &'a self,
        _state: &'a AppState,
        _enrollment: &'a Enrollment,
        _member: Option<&'a Member>,
        _prefill: &'a mut PrefillValues,
    ) -> BoxFuture<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }

    /// Fills in what the server owns before the schema checks the document.
    fn fill_in<'a>(
        &'a self,
        _state: &'a AppState,
        _enrollment: &'a Enrollment,
        _form: &'a ComposedForm,
        _document: &'a mut Value,
    ) -> BoxFuture<'a, ApiResult<Filled>> {
        Box::pin(async { Ok(Filled::default()) })
    }

    /// Words the schema's refusals as this step needs (a fault of the routing number said under it, not under the
    /// bank name it fills in).
    fn explain(&self, _filled: &Filled, _errors: &mut Vec<FieldError>) {}

    /// Checks the document against other data once the schema passed.
    fn cross_check<'a>(
        &'a self,
        _state: &'a AppState,
        _enrollment: &'a Enrollment,
        _document: &'a Value,
    ) -> BoxFuture<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }

    /// What a complete document must still hold at submission besides its fields (a card the gateway still
    /// honours): each problem under the field to answer again.
    fn still_holds(&self, _state: &AppState, _complete: &Value) -> Vec<FieldError> {
        Vec::new()
    }

    /// Turns the checked document into what is stored; `complete` is the step's last complete document.
    fn settle(&self, _state: &AppState, _filled: Filled, _complete: &Value, _document: &mut Value) -> ApiResult<()> {
        Ok(())
    }
}

/// The hooks of `tab`.
pub(super) fn hooks_of(tab: TabName) -> &'static dyn StepHooks {
    match tab {
        TabName::ContactInfo => &Contact,
        TabName::BillingInfo => &Billing,
        TabName::AgreementInfo => &Agreement,
        _ => &Plain,
    }
}

/// A step whose schema says everything.
struct Plain;

impl StepHooks for Plain {}

/// Contact Information: the address as USPS would take it, and an e-mail or phone number that is not another
/// member's.
struct Contact;

impl StepHooks for Contact {
    fn cross_check<'a>(
        &'a self,
        state: &'a AppState,
        enrollment: &'a Enrollment,
        document: &'a Value,
    ) -> BoxFuture<'a, ApiResult<()>> {
        Box::pin(async move {
            address_check(document).map_err(ApiError::Invalid)?;
            crate::domain::members::contact_checks(state, &enrollment.row, document).await
        })
    }
}

/// Agreement & Signature: it names whose signature it asks for, the applicant's as given on Personal Information.
struct Agreement;

impl StepHooks for Agreement {
    fn prefill<'a>(
        &'a self,
        state: &'a AppState,
        enrollment: &'a Enrollment,
        _member: Option<&'a Member>,
        prefill: &'a mut PrefillValues,
    ) -> BoxFuture<'a, ApiResult<()>> {
        Box::pin(async move {
            let personal = complete_document(state, enrollment, TabName::PrimaryInfo).await?;
            prefill.applicant_name = personal.map(|p| {
                let part = |key: &str| p.get(key).and_then(Value::as_str).unwrap_or_default().trim().to_string();
                [part("first_name"), part("last_name")]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
            });
            Ok(())
        })
    }

    /// What the applicant signed on their own device (a rep sent it to them) stands in for the form's agreements
    /// and signature.
    fn fill_in<'a>(
        &'a self,
        state: &'a AppState,
        enrollment: &'a Enrollment,
        _form: &'a ComposedForm,
        document: &'a mut Value,
    ) -> BoxFuture<'a, ApiResult<Filled>> {
        Box::pin(async move {
            super::signature_held::put_in_place(state, enrollment, document).await?;
            Ok(Filled::default())
        })
    }

    /// A signature given on the applicant's device holds for the application they read, not a changed one.
    fn cross_check<'a>(
        &'a self,
        state: &'a AppState,
        enrollment: &'a Enrollment,
        document: &'a Value,
    ) -> BoxFuture<'a, ApiResult<()>> {
        Box::pin(async move { super::signature_held::still_signed(state, enrollment, document).await })
    }
}

/// The last complete document of `tab`, read.
async fn complete_document(state: &AppState, enrollment: &Enrollment, tab: TabName) -> ApiResult<Option<Value>> {
    Ok(store::tab::find_complete(&state.db, &state.local_reads, enrollment.row.enrollment_id, tab.as_str())
        .await?
        .and_then(|data| serde_json::from_str::<Value>(&data).ok()))
}

pub const CARD_AGAIN: &str = "Please enter your card again: no card is on file for this application";
pub const ACCOUNT_AGAIN: &str = "Please enter your bank account again: no account is on file for this application";

/// Billing Information: the bank name from the routing directory and the records on file filled in by the server,
/// and a new card exchanged for the gateway's token before it is stored.
struct Billing;

impl StepHooks for Billing {
    fn prefill<'a>(
        &'a self,
        state: &'a AppState,
        enrollment: &'a Enrollment,
        member: Option<&'a Member>,
        prefill: &'a mut PrefillValues,
    ) -> BoxFuture<'a, ApiResult<()>> {
        Box::pin(async move {
            prefill.payment_on_file = member.map(|m| crate::domain::members::payment_on_file(state, m));
            // Each way of paying says what it will take: the cart's first and monthly costs; after the sale, the later
            // premiums (a new way of paying, `domain::after_sale::payment`).
            prefill.premiums = match enrollment.lifecycle.is_submitted() {
                true => Some(engine::payment::Premiums::AfterTheSale),
                false => {
                    let prices: Vec<_> = crate::domain::enrollment::priced_cart(state, enrollment)
                        .await?
                        .iter()
                        .map(|l| l.price)
                        .collect();
                    let totals = engine::cart::totals(&prices);
                    (!prices.is_empty()).then_some(engine::payment::Premiums::AtCheckout {
                        first: totals.initial_month_cost,
                        monthly: totals.recurring_month_cost,
                    })
                }
            };
            // 'Choose physical address' copies the address given on Contact Information (its complete document; after
            // the sale, the contact details as they stand).
            let changed = match enrollment.lifecycle.is_submitted() {
                true => super::contact_changed::newest(state, enrollment.row.enrollment_id).await?,
                false => None,
            };
            let contact = match changed {
                Some(contact) => Some(contact),
                None => complete_document(state, enrollment, TabName::ContactInfo).await?,
            };
            prefill.contact_address = contact.map(|c| {
                let keep = ["address1", "address2", "city", "state", "zip"];
                Value::Object(
                    c.as_object()
                        .into_iter()
                        .flatten()
                        .filter(|(k, _)| keep.contains(&k.as_str()))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect(),
                )
            });
            Ok(())
        })
    }

    fn fill_in<'a>(
        &'a self,
        state: &'a AppState,
        enrollment: &'a Enrollment,
        form: &'a ComposedForm,
        document: &'a mut Value,
    ) -> BoxFuture<'a, ApiResult<Filled>> {
        Box::pin(async move {
            let member = crate::domain::members::of_enrollment(state, &enrollment.row).await?;
            let unknown_routing = crate::domain::billing::fill_in(state, form, document, member.as_ref());
            Ok(Filled { member, unknown_routing })
        })
    }

    fn explain(&self, filled: &Filled, errors: &mut Vec<FieldError>) {
        crate::domain::billing::blame_routing_number(errors, filled.unknown_routing.clone());
    }

    fn still_holds(&self, state: &AppState, billing: &Value) -> Vec<FieldError> {
        let text = |key: &str| billing.get(key).and_then(Value::as_str).unwrap_or_default();
        match text("payment_method") {
            "cc" if !state.gateway.is_live(text("card_token")) => vec![FieldError::new("card_number", CARD_AGAIN)],
            "eft" | "elist"
                if engine::payment::is_masked_number(text("account_number"))
                    || text("account_number").is_empty()
                    || text("routing_number").is_empty() =>
            {
                vec![FieldError::new("account_number", ACCOUNT_AGAIN)]
            }
            _ => Vec::new(),
        }
    }

    fn settle(&self, state: &AppState, filled: Filled, complete: &Value, document: &mut Value) -> ApiResult<()> {
        let cards = filled.member.map(|m| m.cards).unwrap_or_default();
        // A card sent back as its mask is the one of the last complete save (a draft never holds a token).
        crate::domain::billing::settle(state, document, complete, &cards)
    }
}

/// The USPS Address Validation box, checked offline: no USPS service is reachable from here, so when the box is
/// ticked the address must parse as a street address (a house number and a street, or a PO Box) and the city must be
/// one USPS accepts for the ZIP code (the ZIP directory of the `zipcodes` crate). It lives here rather than in the
/// engine because it needs that reference data.
fn address_check(contact: &Value) -> Result<(), Vec<engine::FieldError>> {
    if contact.get("with_validation") != Some(&Value::Bool(true)) {
        return Ok(());
    }
    let mut errors = Vec::new();
    let text = |k: &str| contact.get(k).and_then(Value::as_str).unwrap_or_default();
    let address = text("address1");
    let words: Vec<&str> = address.split_whitespace().collect();
    let po_box = address.to_lowercase().replace('.', "").starts_with("po box ");
    let house_number = words.first().is_some_and(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()));
    if !(po_box || (house_number && words.len() >= 2)) {
        errors.push(engine::FieldError::new(
            "address1",
            "Please enter a street address with a house number and street, or a PO Box",
        ));
    }
    match crate::services::zip::lookup(text("zip")) {
        Some(zip) if !zip.accepts_city(text("city")) => errors.push(engine::FieldError::new(
            "city",
            format!("{} is not a city of ZIP code {}; USPS lists {}", text("city"), zip.zip_code, zip.city),
        )),
        Some(_) => {}
        None => errors.push(engine::FieldError::new("zip", engine::errors::messages::INVALID_ZIP)),
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
