//! The workflows as data: the published format of their files, the versions loaded, and a submitted application as
//! the applicant saw it (the questions of the version it answered, with its answers).

use aide::axum::routing::get;
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use engine::step::Section;
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::domain::enrollment;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::throttle;
use crate::services::workflows::short;
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

/// One load of the workflows.
#[derive(Serialize, JsonSchema)]
pub struct WorkflowLoad {
    /// Its place in the order of loads.
    seq: i64,
    /// The version loaded: the SHA-256 digest of its files' text.
    version: String,
    loaded_by: String,
    loaded_at: String,
    /// What enrollments in flight on other versions did: `stay` or `move`.
    in_flight: String,
    /// This load's version is the one new enrollments answer.
    current: bool,
}

/// `workflow-versions` *(ours)*: every load of the workflows, newest first (carrier's authorization).
async fn workflow_versions(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Answer<Vec<WorkflowLoad>>> {
    authorized(&state, &headers)?;
    let loads = crate::store::workflow::history(&state.db).await?;
    Ok(Answer(
        loads
            .into_iter()
            .enumerate()
            .map(|(i, row)| WorkflowLoad {
                seq: row.seq,
                version: row.hash,
                loaded_by: row.loaded_by,
                loaded_at: row.loaded_at,
                in_flight: row.in_flight,
                current: i == 0,
            })
            .collect(),
    ))
}

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

/// An application's event as sent to a carrier in an 834 file.
#[derive(Serialize, JsonSchema)]
pub struct CarrierFile {
    carrier_name: String,
    /// `addition` or `cancellation`.
    event: String,
    /// `pending` (waiting for the next file), `sent`, `accepted`, `rejected` (the carrier's acknowledgement),
    /// `failed` (it could not be written) or `withdrawn` (cancelled before any file held it: never sent).
    status: String,
    /// Why it was rejected or could not be written.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// The file's interchange control number.
    #[serde(skip_serializing_if = "Option::is_none")]
    interchange: Option<i64>,
    /// When it was sent again after this answer, and by whom: the entry that follows it for the same carrier is the
    /// new attempt.
    #[serde(skip_serializing_if = "Option::is_none")]
    resent: Option<Resent>,
    /// Every answer the carrier's acknowledgements gave about it, oldest first, with what became of each: the first
    /// decides its status; a later different one, or one from a sender it was not sent to, is kept and not applied.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    answers: Vec<CarrierAnswer>,
}

/// One answer of a carrier's acknowledgement about an application's file.
#[derive(Serialize, JsonSchema)]
pub struct CarrierAnswer {
    received_at: String,
    /// `TA1` (of the whole file) or `999` (of its group, or of this application's transaction).
    kind: String,
    /// Who sent it (its ISA06).
    sender: String,
    /// `accepted`, `accepted_with_errors` or `rejected`.
    verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// `applied`, `repeated` (the same answer again), `conflicting` (it differs from the first answer, which stands),
    /// `foreign` (from a sender the file was not sent to: not applied).
    outcome: String,
}

/// An application sent to a carrier again.
#[derive(Serialize, JsonSchema)]
pub struct Resent {
    at: String,
    by: String,
}

/// One step of a submitted application.
#[derive(Serialize, JsonSchema)]
pub struct ApplicationStep {
    #[serde(flatten)]
    section: Section,
    /// The step's form as the applicant was shown it (JSON Schema).
    schema: Value,
}

/// `applications/{policy_id}` *(ours)*: a submitted application rendered with the workflow version it answered, for
/// the carrier and for an audit (carrier's authorization). A later change of the workflows does not change it.
async fn application(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(policy_id): Path<String>,
) -> ApiResult<Answer<Application>> {
    authorized(&state, &headers)?;
    let e = enrollment::load_submitted(&state, &policy_id).await?.ok_or_else(|| {
        ApiError::NotFound(crate::error::Said::with("No submitted application {policy}", &[("policy", &policy_id)]))
    })?;
    let cart = enrollment::priced_cart(&state, &e).await?;
    let mut steps = Vec::new();
    for (i, tab) in e.lifecycle.nav().iter().filter(|t| **t != TabName::ReviewInfo).enumerate() {
        // What was submitted: each step's complete document (a draft left beside one is not part of it).
        let Some((form, _)) = enrollment::documents::complete_form(&state, &e, &cart, *tab).await? else { continue };
        steps.push(ApplicationStep {
            section: engine::step::section(i + 1, *tab, &form),
            schema: std::sync::Arc::unwrap_or_clone(form.schema),
        });
    }
    let carrier_name = |carrier_id: i64| {
        state
            .catalogue
            .carriers
            .get(&carrier_id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| format!("Carrier {carrier_id}"))
    };
    let earlier = crate::store::edi::attempts_of(&state.db, e.row.enrollment_id).await?;
    let answers = crate::store::edi::answers_of(&state.db, e.row.enrollment_id).await?;
    let mut carrier_files = Vec::new();
    for t in crate::store::edi::of_enrollment(&state.db, e.row.enrollment_id).await? {
        // What each carrier said before the application was sent again, then where it stands now.
        for attempt in earlier.iter().filter(|a| a.edi_transaction_id == t.edi_transaction_id) {
            carrier_files.push(CarrierFile {
                carrier_name: carrier_name(t.carrier_id),
                event: t.event.clone(),
                status: attempt.status.clone(),
                reason: attempt.reason.clone(),
                interchange: attempt.interchange_id,
                resent: Some(Resent { at: attempt.resent_at.clone(), by: attempt.resent_by.clone() }),
                answers: Vec::new(),
            });
        }
        carrier_files.push(CarrierFile {
            carrier_name: carrier_name(t.carrier_id),
            event: t.event,
            status: t.status,
            reason: t.reason,
            interchange: t.interchange_id,
            resent: None,
            answers: answers
                .iter()
                .filter(|a| {
                    Some(a.interchange_id) == t.interchange_id
                        && a.set_control.as_ref().is_none_or(|s| Some(s) == t.set_control.as_ref())
                })
                .map(|a| CarrierAnswer {
                    received_at: a.received_at.clone(),
                    kind: a.kind.clone(),
                    sender: a.sender.clone(),
                    verdict: a.verdict.clone(),
                    reason: a.reason.clone(),
                    outcome: a.outcome.clone(),
                })
                .collect(),
        });
    }
    Ok(Answer(Application {
        policy_id,
        workflow_version: e.workflows.hash.clone(),
        workflow_version_short: short(&e.workflows.hash).to_string(),
        effective_date: e.row.effective_date.clone(),
        steps,
        carrier_files,
    }))
}
