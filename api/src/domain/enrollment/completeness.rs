//! Submission is the final gate: every step the enrollment requires (by the workflow version it is pinned to) must
//! hold a complete document that still passes everything a Next checks (its schema and cross-field rules, the
//! verification answers, the address and contact checks), billing must hold a live card token or a bank account,
//! and the signature must be ink. A draft saved for later is not a complete document, and a step whose draft waits
//! beside its complete document is unfinished too: what is submitted is always what the person last saw on the
//! step, never an older answer they had since begun to change. Finishing the step (Next) settles it.
//!
//! The review lists what is unfinished (as links to the steps), and a submission with anything unfinished is
//! refused with one item per step; nothing is written either way.

use engine::step::{Unfinished, UnfinishedReason};
use engine::tabs::TabName;
use engine::FieldError;
use serde_json::Value;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

use super::documents::form_and_stored;
use super::{context, Enrollment, PricedLine};

/// The steps this enrollment must still finish before it can be submitted, in the wizard's order.
pub async fn unfinished(state: &AppState, enrollment: &Enrollment, cart: &[PricedLine]) -> ApiResult<Vec<Unfinished>> {
    let required = engine::selection::navigation(&enrollment.workflows.wizard, &context(enrollment, cart));
    let language = crate::language::current();
    let mut found = Vec::new();
    for tab in required.into_iter().filter(|t| *t != TabName::ReviewInfo) {
        let (mut form, stored) = form_and_stored(state, enrollment, cart, tab).await?;
        if stored.is_draft {
            found.push(Unfinished::new(tab, UnfinishedReason::SavedForLater, Vec::new(), language));
            continue;
        }
        let Some(complete) = stored.complete_only() else {
            found.push(Unfinished::new(tab, UnfinishedReason::NotStarted, Vec::new(), language));
            continue;
        };
        form.fill(&complete.masked);
        let problems = match super::checks::checked(state, enrollment, tab, &form, &complete, &complete.plain).await {
            Ok(_) => super::hooks::hooks_of(tab).still_holds(state, &complete.plain),
            Err(ApiError::Invalid(problems)) => problems,
            Err(other) => return Err(other),
        };
        if !problems.is_empty() {
            found.push(Unfinished::new(
                tab,
                UnfinishedReason::NeedsAttention,
                worded(&form.schema, problems),
                language,
            ));
        }
    }
    Ok(found)
}

/// Each problem named by its field's label ("First Name: Field is required"), as the step would show it beside the
/// field: the review lists them away from the step's form.
fn worded(schema: &Value, problems: Vec<FieldError>) -> Vec<FieldError> {
    let props = engine::schema::every_property(schema);
    problems
        .into_iter()
        .map(|problem| {
            let top = problem.target_element.split('.').next().unwrap_or_default();
            let label = props.get(top).and_then(|p| p["title"].as_str());
            match label {
                Some(label) if !problem.error_message.to_lowercase().contains(&label.to_lowercase()) => {
                    let message = format!("{label}: {}", problem.error_message);
                    FieldError::new(problem.target_element, message)
                }
                _ => problem,
            }
        })
        .collect()
}

/// Refuses a submission while anything is unfinished.
#[tracing::instrument(name = "check every step is complete", skip_all)]
pub async fn ensure_complete(state: &AppState, enrollment: &Enrollment, cart: &[PricedLine]) -> ApiResult<()> {
    let unfinished = unfinished(state, enrollment, cart).await?;
    if unfinished.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Unfinished(unfinished))
    }
}
