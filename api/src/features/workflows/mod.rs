//! The workflows as data: the published format of their files, the versions loaded, and a submitted application as
//! the applicant saw it (the questions of the version it answered, with its answers).

use aide::axum::routing::get;
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::domain::enrollment::{self, submitted::Application};
use crate::domain::workflows::WorkflowLoad;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::throttle;
use crate::state::{AppState, Live};

/// Wrong credentials (or unknown applications) a client may try a minute on the carrier's calls.
const AUDIT_MISSES_PER_MINUTE: u32 = 10;

pub fn routes() -> ApiRouter<Live> {
    let audited = ApiRouter::new()
        .api_route("/workflow-versions", get(workflow_versions))
        .api_route("/applications/{policy_id}", get(application))
        .layer(axum::middleware::from_fn_with_state(
            throttle::Throttle::misses_per_minute(AUDIT_MISSES_PER_MINUTE).named("audit"),
            throttle::check,
        ));
    ApiRouter::new()
        .api_route("/workflow-schemas/{kind}", get(workflow_schema))
        .api_route("/form-checks", get(form_checks))
        .merge(audited)
}

/// A kind of rule a form's field may carry in `x-checks`.
#[derive(Serialize, JsonSchema)]
pub struct DocumentedCheck {
    /// An example of it, as a schema writes it.
    example: engine::checks::Check,
    /// What it checks, and the `x-messages` entry its message comes from.
    description: String,
}

/// `form-checks` *(ours)*: every kind of rule a form's `x-checks` may name, with an example and what it checks: the
/// rule language of the forms, for those who write questionnaires, and the type the renderer's early checks read.
async fn form_checks() -> Answer<Vec<DocumentedCheck>> {
    Answer(
        engine::checks::documented()
            .into_iter()
            .map(|(example, description)| DocumentedCheck { example, description })
            .collect(),
    )
}

/// `workflow-schemas/{kind}` *(ours)*: the format of a kind of workflow file, as JSON Schema.
async fn workflow_schema(Path(kind): Path<String>) -> ApiResult<Answer<serde_json::Map<String, Value>>> {
    let schema = engine::workflow::format_schema(&kind).and_then(|s| s.as_object().cloned());
    schema.map(Answer).ok_or_else(|| {
        ApiError::NotFound(crate::error::Said::with(
            "No workflow file kind {kind}; the kinds are {kinds}",
            &[("kind", &kind), ("kinds", &engine::workflow::FILE_KINDS.join(", "))],
        ))
    })
}

/// The carrier's or auditor's credentials, or the refusal.
fn authorized(state: &AppState, headers: &HeaderMap) -> ApiResult<()> {
    match &state.audit_authorization {
        Some(expected) if crate::services::crypto::authorization_is(headers, expected) => Ok(()),
        _ => Err(ApiError::Unauthorized(NEEDS_AUDIT.into())),
    }
}

pub const NEEDS_AUDIT: &str = "Reading applications and workflow versions needs the carrier's authorization.";

/// `workflow-versions` *(ours)*: every load of the workflows, newest first (carrier's authorization).
async fn workflow_versions(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Answer<Vec<WorkflowLoad>>> {
    authorized(&state, &headers)?;
    Ok(Answer(crate::domain::workflows::loads(&state).await?))
}

/// `applications/{policy_id}` *(ours)*: a submitted application rendered with the workflow version it answered, for
/// the carrier and for an audit (carrier's authorization). A later change of the workflows does not change it.
async fn application(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(policy_id): Path<String>,
) -> ApiResult<Answer<Application>> {
    authorized(&state, &headers)?;
    Ok(Answer(enrollment::submitted::application(&state, policy_id).await?))
}
