//! Saving a change to finish later, form by form: what each form asks (its schema, the read-only fields it keeps)
//! and whom it is about (a life event that lets a person be added, a person whose name may change), checked as
//! finishing it checks them; the keeping itself is `saved`'s. Apart from `saved` so that the forms' own modules,
//! which finish a saved change, need not know each other through it.

use serde_json::{json, Value};

use super::super::enrollment::documents::current_form;
use super::super::enrollment::{cancellation, covered, Enrollment};
use super::not_submitted;
use super::saved::{keep, ChangeForm, ChangeSaved};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The schema of `form` for policy `e`, and the document its read-only fields keep.
async fn schema_of(state: &AppState, e: &Enrollment, form: ChangeForm) -> ApiResult<(Value, Value)> {
    use engine::tabs::TabName;
    Ok(match form {
        ChangeForm::AddPerson => (super::household::person_schema(state, e).await?.0, json!({})),
        ChangeForm::Name => (super::names::name_schema(state, e).await?.0, json!({})),
        ChangeForm::Contact => (
            (*current_form(state, e, TabName::ContactInfo).await?.0.schema).clone(),
            covered::contact(state, e.row.enrollment_id).await?,
        ),
        ChangeForm::Payment => ((*current_form(state, e, TabName::BillingInfo).await?.0.schema).clone(), json!({})),
    })
}

/// Whom or what a saved change of `form` is for, checked as finishing it would check it: an open event that lets a
/// person be added, or a person whose name may change.
async fn subject_of(
    state: &AppState,
    e: &Enrollment,
    form: ChangeForm,
    life_event_id: Option<i64>,
    member_index: Option<i64>,
) -> ApiResult<Option<i64>> {
    match form {
        ChangeForm::AddPerson => {
            let id =
                life_event_id.ok_or_else(|| ApiError::field("life_event_id", engine::errors::messages::REQUIRED))?;
            super::household::open_event(state, e, id, engine::life_events::Change::AddDependent).await?;
            Ok(Some(id))
        }
        ChangeForm::Name => {
            let index =
                member_index.ok_or_else(|| ApiError::field("member_index", engine::errors::messages::REQUIRED))?;
            if !super::names::people(state, e).await?.iter().any(|(i, _, _)| *i == index) {
                return Err(ApiError::field("member_index", super::names::NOT_COVERED));
            }
            Ok(Some(index))
        }
        ChangeForm::Contact | ChangeForm::Payment => Ok(None),
    }
}

/// Saves what was typed of `form` on policy `e` (`values`, for the event or person given) to finish later, in place
/// of what was saved of it before, and e-mails the address on file that it waits.
pub async fn save(
    state: &AppState,
    e: &Enrollment,
    form: ChangeForm,
    life_event_id: Option<i64>,
    member_index: Option<i64>,
    values: &Value,
) -> ApiResult<ChangeSaved> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    if cancellation::cancellation(state, e).await?.is_some() {
        return Err(ApiError::Conflict("This application was cancelled: it has no coverage to change".into()));
    }
    let subject = subject_of(state, e, form, life_event_id, member_index).await?;
    let (schema, composed) = schema_of(state, e, form).await?;
    keep(state, e, form, subject, &schema, &composed, values).await
}
