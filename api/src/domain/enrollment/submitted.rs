//! A submitted application as the applicant saw it: the questions of the workflow version it answered, with its
//! answers (sensitive ones masked), and what its carriers were sent. A later change of the workflows does not change
//! it.

use engine::step::Section;
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::domain::carrier_files::history::{self, CarrierFile};
use crate::domain::enrollment;
use crate::error::{ApiError, ApiResult};
use crate::services::workflows::short;
use crate::state::AppState;

/// A submitted application as the applicant saw it.
#[derive(Serialize, JsonSchema)]
pub struct Application {
    /// The confirmation number.
    policy_id: String,
    /// The workflow version the applicant answered: the SHA-256 digest of its files' text.
    workflow_version: String,
    /// Its first characters, as versions are shown.
    workflow_version_short: String,
    effective_date: Option<String>,
    /// Each step the applicant completed, in order: its questions and answers as shown on the review (sensitive
    /// answers masked), and the step's form as JSON Schema.
    steps: Vec<ApplicationStep>,
    /// What each carrier was sent of it (834 files), and what the carrier answered.
    carrier_files: Vec<CarrierFile>,
}

/// One step of a submitted application.
#[derive(Serialize, JsonSchema)]
pub struct ApplicationStep {
    #[serde(flatten)]
    section: Section,
    /// The step's form as the applicant was shown it (JSON Schema).
    schema: Value,
}

/// The submitted application with the confirmation number `policy_id`.
pub async fn application(state: &AppState, policy_id: String) -> ApiResult<Application> {
    let e = enrollment::load_submitted(state, &policy_id).await?.ok_or_else(|| {
        ApiError::NotFound(crate::error::Said::with("No submitted application {policy}", &[("policy", &policy_id)]))
    })?;
    let cart = enrollment::priced_cart(state, &e).await?;
    let mut steps = Vec::new();
    for (i, tab) in e.lifecycle.nav().iter().filter(|t| **t != TabName::ReviewInfo).enumerate() {
        // What was submitted: each step's complete document (a draft left beside one is not part of it).
        let Some((form, _)) = enrollment::documents::complete_form(state, &e, &cart, *tab).await? else { continue };
        steps.push(ApplicationStep {
            section: engine::step::section(i + 1, *tab, &form),
            schema: std::sync::Arc::unwrap_or_clone(form.schema),
        });
    }
    let carrier_files = history::of_enrollment(state, e.row.enrollment_id).await?;
    Ok(Application {
        policy_id,
        workflow_version: e.workflows.hash.clone(),
        workflow_version_short: short(&e.workflows.hash).to_string(),
        effective_date: e.row.effective_date.clone(),
        steps,
        carrier_files,
    })
}
