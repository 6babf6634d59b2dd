//! What a step's document must pass to be complete, beyond being typed: the schema and its rules, the verification
//! answers, the address and contact checks, and what billing fills in. A save (Next) and submission's final gate
//! (`completeness`) check through the same function, so they cannot disagree.

use engine::schema::ComposedForm;
use engine::tabs::TabName;
use serde_json::Value;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

use super::documents::{unmasked_and_cleaned, StoredTab};
use super::{today, Enrollment};

/// A step's document checked as a Next checks it: the masks sent back put back, cleaned, billing's bank name and
/// records on file filled in, the schema and its rules, the verification answers, and Contact Information's address
/// and contact checks. Answers the document to store (before sealing) and, on billing, the member's records. A save
/// and submission's final gate both check this way, so a document that passed once fails later only when something
/// it depends on changed (a card expired, a question was added).
pub(super) async fn checked(
    state: &AppState,
    enrollment: &Enrollment,
    tab: TabName,
    form: &ComposedForm,
    stored: &StoredTab,
    submitted: &Value,
) -> ApiResult<(Value, Option<crate::domain::members::Member>)> {
    let mut cleaned = unmasked_and_cleaned(form, stored, submitted);
    // Billing's bank name is the directory's, never the browser's: filled in before the schema checks it.
    let member = match tab {
        TabName::BillingInfo => crate::domain::members::of_enrollment(state, &enrollment.row).await?,
        _ => None,
    };
    let unknown_routing = (tab == TabName::BillingInfo)
        .then(|| crate::domain::billing::fill_in(state, form, &mut cleaned, member.as_ref()));
    if let Err(mut errors) = form.validate(&cleaned, today()) {
        if let Some(unknown) = unknown_routing {
            crate::domain::billing::blame_routing_number(&mut errors, unknown);
        }
        return Err(ApiError::Invalid(errors));
    }
    verification_check(state, enrollment, tab, &cleaned).await?;
    if tab == TabName::ContactInfo {
        address_check(&cleaned).map_err(ApiError::Invalid)?;
        crate::domain::members::contact_checks(state, &enrollment.row, &cleaned).await?;
    }
    Ok((cleaned, member))
}

/// The step's verification answers (a workflow's `verify`) against what the application holds. Only answers that
/// were given are compared: requiring one is the schema's rule.
async fn verification_check(state: &AppState, enrollment: &Enrollment, tab: TabName, cleaned: &Value) -> ApiResult<()> {
    let Some(settings) = enrollment.workflows.wizard.forms.get(&tab) else { return Ok(()) };
    for (field, verify) in settings.fields.iter().filter_map(|(f, s)| Some((f, s.verify.as_ref()?))) {
        let Some(answer) = cleaned.get(field).and_then(Value::as_str).filter(|a| !a.trim().is_empty()) else {
            continue;
        };
        // Compared with what the application holds: the other step's complete document, never a draft.
        let stored = store::tab::find_complete(
            &state.db,
            &state.local_reads,
            enrollment.row.enrollment_id,
            verify.step.as_str(),
        )
        .await?;
        let document: Value = stored.and_then(|d| serde_json::from_str(&d).ok()).unwrap_or_default();
        let held = document.get(&verify.field).and_then(Value::as_str).unwrap_or_default();
        // A held value sealed at rest is compared opened.
        let held = state.crypto.decrypt(held).unwrap_or_else(|| held.to_string());
        if !verify.agrees(answer, &held) {
            return Err(ApiError::field(field, verify.message.clone()));
        }
    }
    Ok(())
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
