//! What a step's document must pass to be complete, beyond being typed: the schema and its rules, the verification
//! answers, and the step's own hooks (`hooks.rs`: the address and contact checks, what billing fills in). A save (Next) and submission's final gate
//! (`completeness`) check through the same function, so they cannot disagree.

use engine::schema::ComposedForm;
use engine::tabs::TabName;
use serde_json::Value;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

use super::documents::{unmasked_and_cleaned, StoredTab};
use super::hooks::{hooks_of, Filled};
use super::{today, Enrollment};
use crate::error::Said;

/// A step's document checked as a Next checks it: the masks sent back put back, cleaned, what the step's hooks fill
/// in (billing's bank name and records on file), the schema and its rules, the verification answers, and the step's
/// cross-checks (Contact Information's address and contact). Answers the document to store (before sealing) and what
/// the hooks filled in, for `StepHooks::settle`. A save and submission's final gate both check this way, so a
/// document that passed once fails later only when something it depends on changed (a card expired, a question was
/// added).
#[tracing::instrument(name = "check the answers", skip_all)]
pub(super) async fn checked(
    state: &AppState,
    enrollment: &Enrollment,
    tab: TabName,
    form: &ComposedForm,
    stored: &StoredTab,
    submitted: &Value,
) -> ApiResult<(Value, Filled)> {
    let hooks = hooks_of(tab);
    let mut cleaned = unmasked_and_cleaned(form, stored, submitted);
    let filled = hooks.fill_in(state, enrollment, form, &mut cleaned).await?;
    if let Err(mut errors) = form.validate(&cleaned, today()) {
        hooks.explain(&filled, &mut errors);
        return Err(ApiError::Invalid(errors));
    }
    verification_check(state, enrollment, tab, &cleaned).await?;
    hooks.cross_check(state, enrollment, &cleaned).await?;
    Ok((cleaned, filled))
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
            // The workflow's words are the store's.
            return Err(ApiError::field(field, Said::resolved(crate::language::say_text(&verify.message))));
        }
    }
    Ok(())
}
