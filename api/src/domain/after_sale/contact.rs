//! The subscriber's address, phone and e-mail after the sale: asked under Contact Information's own schema, filled
//! with what the policy holds now, and recorded as a change (sealed with the rest of the change) that every carrier
//! still covering the policy receives as the subscriber's 001 (INS04 43 for a new residence, 25 for corrected details),
//! with no plan. The ZIP code and state stay those the policy was priced for (read-only, as on the application): a
//! move to another is the life event "move", which lets the member choose plans there.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::super::enrollment::{cancellation, covered, today, Enrollment};
use super::{not_submitted, policy, Policy};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::coverage_change::{ChangeRow, CHANGE_CONTACT};

/// INS04 of a new residence.
const CHANGE_OF_RESIDENCE: &str = "43";
/// INS04 of corrected details (a phone, an e-mail, an address corrected).
const CORRECTED_DETAILS: &str = "25";

/// What changing the contact details asks, and what the policy holds now.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ContactForm {
    pub schema: Value,
    pub ui_schema: Value,
    pub form_data: Value,
}

pub async fn contact_form(state: &AppState, e: &Enrollment) -> ApiResult<ContactForm> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    let (form, _) =
        super::super::enrollment::documents::current_form(state, e, engine::tabs::TabName::ContactInfo).await?;
    let form_data = covered::contact(state, e.row.enrollment_id).await?;
    Ok(ContactForm { schema: (*form.schema).clone(), ui_schema: (*form.ui_schema).clone(), form_data })
}

/// Changes the subscriber's contact details of policy `e` to `contact` (Contact Information, whole): refused under its
/// fields as the step refuses them, and under `state` for another state.
pub async fn change_contact(state: &AppState, e: &Enrollment, contact: &Value) -> ApiResult<Policy> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    if cancellation::cancellation(state, e).await?.is_some() {
        return Err(ApiError::Conflict("This application was cancelled: it has no coverage to change".into()));
    }
    let (form, _) =
        super::super::enrollment::documents::current_form(state, e, engine::tabs::TabName::ContactInfo).await?;
    // What the form shows read-only (the ZIP code and state the policy was priced for) stays as the policy holds it.
    let before = covered::contact(state, e.row.enrollment_id).await?;
    let cleaned = engine::validation::clean(&form.schema, contact, &before);
    engine::validation::validate(&form.schema, &cleaned, today(), crate::language::current())
        .map_err(ApiError::Invalid)?;
    let text = |v: &Value, field: &str| v[field].as_str().map(|t| t.trim().to_uppercase()).unwrap_or_default();
    let state_now =
        if text(&before, "state").is_empty() { e.filter.state.to_uppercase() } else { text(&before, "state") };
    if !text(&cleaned, "state").is_empty() && text(&cleaned, "state") != state_now {
        return Err(ApiError::field(
            "state",
            "Plans are sold by state: to move to another state, please call us and we will help you choose plans there",
        ));
    }
    let fields = ["email_address", "phone_number", "address1", "address2", "city", "state", "zip", "zip4"];
    if fields.iter().all(|f| text(&before, f) == text(&cleaned, f)) {
        return Err(ApiError::field("email_address", "Nothing changed: your contact details are as they were"));
    }
    let moved = ["address1", "city", "zip"].iter().any(|f| text(&before, f) != text(&cleaned, f));
    let day = engine::dates::format_iso(today());
    let change = ChangeRow {
        member_index: Some(0),
        reason_code: if moved { CHANGE_OF_RESIDENCE } else { CORRECTED_DETAILS }.into(),
        person: Some(state.crypto.encrypt(&cleaned.to_string())),
        ..ChangeRow::new(e.row.enrollment_id, CHANGE_CONTACT, cancellation::who(state, e), day.clone())
    };
    // The member signs in with the new address too.
    let holder = cleaned["email_address"].as_str().and_then(crate::domain::access::holder_digest);
    super::household::record_for_carriers(state, e, &change, Some(&day), holder.as_deref()).await?;
    tracing::info!(enrollment_id = e.row.enrollment_id, moved, "a policy's contact details changed");
    super::saved::finished(state, e, super::saved::ChangeForm::Contact).await;
    policy(state, e).await
}
