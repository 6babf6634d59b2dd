//! How a policy is paid, changed after the sale (a new card, another bank account, a card instead of EFT): asked under
//! Billing Information's own schema, filled with what the policy holds now (masked), and checked as the wizard checks
//! the step, a new card exchanged for the gateway's token and never kept. The step's complete document is replaced, so
//! that the receipt and every later payment read the new way; the change keeps the one replaced (masked, sealed), so
//! the history says how the policy was paid before. The store takes the premiums: no carrier's file carries it.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{json, Value};

use super::super::enrollment::receipt::{payment_method, Reader};
use super::super::enrollment::{cancellation, today, Enrollment};
use super::saved::ChangeForm;
use super::{not_submitted, policy, Policy};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::coverage_change::{ChangeRow, CHANGE_PAYMENT};

/// What changing the way of paying asks, and how the policy is paid now.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PaymentForm {
    pub schema: Value,
    pub ui_schema: Value,
    /// Billing Information as it stands, card and account numbers masked.
    pub form_data: Value,
    /// How it is paid now, in words ("Card ****1111").
    pub paid_by: Option<String>,
}

pub async fn payment_form(state: &AppState, e: &Enrollment) -> ApiResult<PaymentForm> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    let (form, _) =
        super::super::enrollment::documents::current_form(state, e, engine::tabs::TabName::BillingInfo).await?;
    let paid_by = payment_method(&form.form_data, Reader::Applicant);
    let mut form_data = form.form_data;
    // A billing address that is the contact address follows it when the member moved since: the address
    // "Choose physical address" copies (the step's hook gives the contact details as they stand).
    let copied = copy_of_physical_address(&form.schema).cloned();
    if let (true, Some(contact)) = (form_data["is_physical_address"] == json!(true), copied) {
        for field in ["address1", "address2", "city", "state", "zip"] {
            match contact.get(field).filter(|v| !v.is_null()) {
                Some(value) => form_data[field] = value.clone(),
                None => {
                    if let Some(fields) = form_data.as_object_mut() {
                        fields.remove(field);
                    }
                }
            }
        }
    }
    // Each way's words are the later premiums' (`engine::payment::Premiums::AfterTheSale`, from the step's hook).
    Ok(PaymentForm { schema: (*form.schema).clone(), ui_schema: (*form.ui_schema).clone(), form_data, paid_by })
}

/// The address "Choose physical address" copies, wherever the composed schema holds the field (grouped by way of
/// paying, it is within a way's `then`).
fn copy_of_physical_address(schema: &Value) -> Option<&Value> {
    match schema {
        Value::Object(fields) => fields
            .get("properties")
            .and_then(|p| p.pointer("/is_physical_address/x-copy"))
            .or_else(|| fields.values().find_map(copy_of_physical_address)),
        Value::Array(items) => items.iter().find_map(copy_of_physical_address),
        _ => None,
    }
}

/// Changes how policy `e` is paid to `billing` (Billing Information, whole): refused under its fields as the step
/// refuses them (a declined card under the card number), and when nothing changed.
pub async fn change_payment(state: &AppState, e: &Enrollment, billing: &Value) -> ApiResult<Policy> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    if cancellation::cancellation(state, e).await?.is_some() {
        return Err(ApiError::Conflict("This application was cancelled: no premium is taken for it".into()));
    }
    let requested_by = cancellation::who(state, e);
    let record = |replaced: &super::super::enrollment::saving::BillingReplaced| {
        let kept = json!({ "before": replaced.before, "now": replaced.now }).to_string();
        Ok(ChangeRow {
            person: Some(state.crypto.encrypt(&kept)),
            ..ChangeRow::new(
                e.row.enrollment_id,
                CHANGE_PAYMENT,
                requested_by.clone(),
                engine::dates::format_iso(today()),
            )
        })
    };
    // A number the form opened with from a change saved to finish later stands for the number saved.
    let (form, _) =
        super::super::enrollment::documents::current_form(state, e, engine::tabs::TabName::BillingInfo).await?;
    let billing = super::saved::unmasked(state, e, ChangeForm::Payment, &form.schema, billing).await?;
    let replaced = super::super::enrollment::saving::replace_billing(state, e, &billing, record).await?;
    if replaced.is_none() {
        return Err(ApiError::field("payment_method", "Nothing changed: this is how the policy is paid now"));
    }
    tracing::info!(enrollment_id = e.row.enrollment_id, "a policy's way of paying changed");
    super::saved::finished(state, e, ChangeForm::Payment).await;
    policy(state, e).await
}

/// How change `c` (a change of the way of paying) says the policy is paid from then on; none for another change.
pub fn paid_by_after(state: &AppState, c: &ChangeRow) -> Option<String> {
    if c.kind != CHANGE_PAYMENT {
        return None;
    }
    let kept: Value = serde_json::from_str(&state.crypto.decrypt(c.person.as_deref()?)?).ok()?;
    payment_method(&kept["now"], Reader::Applicant)
}
