//! The carriers' console: a carrier's staff edit their plans' eligibility and health questions as data, see them as
//! an applicant would, and publish them as a new version of the workflows, with no file to edit and no deploy.
//!
//! - **Who.** Staff come in by a signed link (`enroll carrier-link CARRIER_ID --name NAME`; in production the
//!   carrier's portal hands it over): single use, [`LINK_MINUTES`] long, opened by a page the server answers itself
//!   (`features::carrier::pages`), which starts a session of their own. A session sees and changes its own carrier's
//!   plans only.
//! - **What.** A plan's questionnaire is a workflow file of its own (`kind: questionnaire`,
//!   `engine::shop::plan_questions`). A draft is checked as the whole version it would make, by the same checker as
//!   `enroll check-workflows`, and refused with the checker's words at the field they are about.
//! - **Publishing** makes a new version of the workflows: the newest version's files with the plan's questionnaire
//!   file in them, recorded as a load (who, when, the note) that must be the first made on the newest load, so that
//!   two publishes at once never undo each other (the later one is made again on the newer version, or refused when
//!   its draft was published meanwhile). Every replica reads it within `WORKFLOWS_REFRESH_SECS`; enrollments keep the
//!   version they started on. Bringing back an earlier publish is a publish of its questionnaire.
//! - **Limits** (`engine::shop::plan_questions::limits`). A draft or a file is refused before the work it would cost:
//!   over its bytes before it is read (413), nested too deep before it is parsed, with too many questions, too long a
//!   text or a name the format does not have before it is checked (422, under the field). A carrier publishes at
//!   most [`limits::PUBLISHES_PER_HOUR`] times an hour, counted in the database for every replica (429 with
//!   `Retry-After`).
//!   docs/SECURITY.md, "The carriers' console's limits".

pub mod versions;

use serde_json::Value;
use sha2::Digest;

use engine::catalogue::Plan;
use engine::shop::plan_questions::limits::{self, Beyond};
use engine::shop::plan_questions::{differences, Difference, PlanQuestionnaire};
use engine::shop::PopupKind;
use engine::step::{Action, Step, StepAction};
use engine::workflow::{Bundle, WorkflowError};
use engine::FieldError;

use crate::domain::access::Spend;
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::services::crypto::Crypto;
use crate::state::AppState;
use crate::store;
use crate::store::carrier_console::PublishOutcome;
pub use crate::store::carrier_console::Staff;

/// How long a carrier's sign-in link works.
pub const LINK_MINUTES: i64 = 15;

/// What a session that is not a carrier's is told.
pub const SIGN_IN_FIRST: &str =
    "Please sign in with the link from your carrier portal: it opens the console for your carrier's plans.";
/// What a carrier's staff are told about another carrier's plan.
pub const NOT_YOUR_PLAN: &str = "This plan is another carrier's: you can only change your own carrier's plans.";

/// What a carrier's publishes are counted under (`quota`).
pub fn publishes_key(carrier_id: i64) -> String {
    format!("carrier-publish:{carrier_id}")
}

/// A questionnaire over a limit, refused under its field (422).
fn beyond(beyond: Beyond) -> ApiError {
    let reason = beyond.reason(crate::language::current());
    ApiError::Invalid(vec![FieldError::new(beyond.field, reason)])
}

/// The sealed token of a carrier's sign-in link: single use, valid [`LINK_MINUTES`].
pub fn carrier_link(crypto: &Crypto, carrier_id: i64, name: &str) -> String {
    use rand::Rng;
    let expires = chrono::Utc::now() + chrono::Duration::minutes(LINK_MINUTES);
    let nonce: u64 = rand::thread_rng().gen();
    // The name last: it may hold any character.
    crypto.seal_token(&format!("carrier-link:{carrier_id}:{nonce:016x}:{}:{}", expires.timestamp(), name.trim()))
}

/// A carrier's sign-in link opened: who it signs in, and what spending it records; none when it is forged or expired.
pub fn open_carrier_link(crypto: &Crypto, token: &str) -> Option<(Staff, Spend)> {
    let text = crypto.open_token(token)?;
    let mut parts = text.strip_prefix("carrier-link:")?.splitn(4, ':');
    let (carrier, _nonce, expires, name) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let expires: i64 = expires.parse().ok()?;
    if expires <= chrono::Utc::now().timestamp() {
        return None;
    }
    let expires_at = chrono::DateTime::from_timestamp(expires, 0)?.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let digest = sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    Some((Staff { carrier_id: carrier.parse().ok()?, name: name.to_string() }, Spend::Token { digest, expires_at }))
}

/// Signs `staff` in on the new session `renewed`, spending the link: false when it was spent already.
pub async fn sign_in(state: &AppState, renewed: &Session, staff: &Staff, spend: &Spend) -> ApiResult<bool> {
    let Spend::Token { digest, expires_at } = spend else { return Ok(false) };
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    if !store::session_role::spend_token(&mut tx, digest, expires_at).await? {
        return Ok(false);
    }
    store::carrier_console::sign_in(&mut tx, &renewed.0, staff).await?;
    tx.commit().await?;
    Ok(true)
}

/// Signs the session's carrier staff out: the console asks for the portal's link again.
pub async fn sign_out(state: &AppState, session: &Session) -> ApiResult<()> {
    store::carrier_console::sign_out(&state.db, &session.0).await?;
    Ok(())
}

/// The carrier staff of this session, or 401 with how to sign in.
pub async fn staff(state: &AppState, session: &Session) -> ApiResult<Staff> {
    store::carrier_console::staff_of(&state.db, &session.0)
        .await?
        .ok_or_else(|| ApiError::SignInRequired(SIGN_IN_FIRST.into()))
}

/// A plan of the staff's own carrier: 404 for no such plan, 403 for another carrier's.
pub fn own_plan<'s>(state: &'s AppState, staff: &Staff, plan_id: i64) -> ApiResult<&'s Plan> {
    let plan = state
        .catalogue
        .plan(plan_id)
        .ok_or_else(|| ApiError::NotFound(crate::error::Said::with("No plan {plan}", &[("plan", &plan_id)])))?;
    if plan.carrier_id != staff.carrier_id {
        return Err(ApiError::Forbidden(NOT_YOUR_PLAN.into()));
    }
    Ok(plan)
}

/// What the plan asks under the current version.
pub fn published(state: &AppState, plan: &Plan) -> PlanQuestionnaire {
    PlanQuestionnaire::of_shop(&state.workflows.current().workflows.shop, plan.plan_id, &plan.category)
}

/// A questionnaire as the console sends it, checked against the limits and the format's names, then alone, then as
/// the version it would make with the newest files: the checker's words at the field they are about (422).
pub async fn checked(state: &AppState, plan: &Plan, document: &Value) -> ApiResult<PlanQuestionnaire> {
    limits::check(document).map_err(beyond)?;
    let name = PlanQuestionnaire::file_name(plan.plan_id);
    let mut document = document.clone();
    engine::shop::plan_questions::number_new_questions(&mut document, &versions::numbers_used(state, plan).await?);
    // The file's kind and plan are the console's to say.
    if let Some(object) = document.as_object_mut() {
        object.insert("kind".into(), "questionnaire".into());
        object.insert("plan_id".into(), plan.plan_id.into());
    }
    let text = serde_json::to_string(&document).expect("JSON is text");
    let questionnaire = engine::workflow::parse_questionnaire_file(&name, &text).map_err(refused)?;
    let (bundle, _) = with_questionnaire(state, &questionnaire).await?;
    let workflows = bundle.parse("").map_err(refused)?;
    engine::schema::every_check_parses(&workflows).map_err(refused)?;
    Ok(questionnaire)
}

/// A YAML file (an export, kept by the carrier) as a questionnaire of `plan`: its text must be of that plan. Its size
/// (413) and its depth (422) are told under `yaml` before it is parsed.
pub async fn imported(state: &AppState, plan: &Plan, text: &str) -> ApiResult<PlanQuestionnaire> {
    if text.len() > limits::MOST_BYTES {
        let words = limits::too_large(crate::language::current());
        return Err(ApiError::Oversized(vec![FieldError::new("yaml", words)]));
    }
    if let Some(line) = limits::deeper_than(text, limits::MOST_DEPTH) {
        let words = limits::too_deep_at(line, crate::language::current());
        return Err(ApiError::field("yaml", crate::error::Said::resolved(words)));
    }
    let value: Value = serde_yaml::from_str(text)
        .map_err(|e| ApiError::Invalid(vec![FieldError::new("", format!("This is not a questionnaire file: {e}"))]))?;
    if let Some(other) = value.get("plan_id").and_then(Value::as_i64).filter(|id| *id != plan.plan_id) {
        return Err(ApiError::Invalid(vec![FieldError::new(
            "plan_id",
            format!("This file is the questionnaire of plan {other}, not of plan {}", plan.plan_id),
        )]));
    }
    checked(state, plan, &value).await
}

/// The checker's refusal as the console shows it: at the field its path names (dotted), in its words.
fn refused(error: WorkflowError) -> ApiError {
    let field = error.path.trim_start_matches('/').replace('/', ".");
    let field = if field.starts_with("line ") { String::new() } else { field };
    ApiError::Invalid(vec![FieldError::new(field, error.reason)])
}

/// The newest version's files with the plan's questionnaire file in them, and the load they follow (its sequence
/// number and version).
async fn with_questionnaire(
    state: &AppState,
    questionnaire: &PlanQuestionnaire,
) -> ApiResult<(Bundle, Option<(i64, String)>)> {
    let newest = store::workflow::newest(&state.db).await?;
    let (mut files, follows) = match newest {
        Some(row) => (
            serde_json::from_str::<std::collections::BTreeMap<String, String>>(&row.files)
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("a stored version does not read: {e}")))?,
            Some((row.seq, row.hash)),
        ),
        None => (Default::default(), None),
    };
    // A plan's questionnaire under another name (a file of the workflows directory) gives way to this one.
    files.retain(|_, text| Bundle::questionnaire_plan(text) != Some(questionnaire.plan_id));
    files.insert(PlanQuestionnaire::file_name(questionnaire.plan_id), questionnaire.to_yaml());
    Ok((Bundle { files }, follows))
}

/// Where a publish takes its questionnaire from.
pub enum Source {
    /// The plan's draft, as read at this revision.
    Draft { revision: i64 },
    /// An earlier publish, brought back.
    Earlier { publish_id: i64 },
}

/// What a publish made.
#[derive(Debug, Clone)]
pub struct Made {
    pub publish_id: i64,
    /// The workflow version it made current.
    pub version: String,
    pub seq: i64,
}

/// Publishes `questionnaire` for `plan` as a new version of the workflows (see the module's note): 409 when the draft
/// was published or changed meanwhile, 429 past [`limits::PUBLISHES_PER_HOUR`] (a place is taken before the version is
/// made, so that publishes made at once are each counted, and given back when the publish is refused or fails: only
/// a version made counts).
pub async fn publish(
    state: &AppState,
    staff: &Staff,
    plan: &Plan,
    questionnaire: &PlanQuestionnaire,
    source: Source,
    note: &str,
) -> ApiResult<Made> {
    // A draft kept, or a version published, before the limits were: within them, or refused as a draft would be.
    limits::check(&serde_json::to_value(questionnaire).expect("a questionnaire is JSON")).map_err(beyond)?;
    let key = publishes_key(staff.carrier_id);
    let taken = {
        let _turn = store::write_turn(&state.db).await;
        store::quota::take(&state.db, &key, limits::PUBLISHES_PER_HOUR, chrono::Duration::hours(1)).await?
    };
    if let Err(retry_after) = taken {
        let words = limits::too_many_publishes(retry_after.div_ceil(60), crate::language::current());
        return Err(ApiError::TooOften { retry_after, message: crate::error::Said::resolved(words) });
    }
    let made = make_version(state, staff, plan, questionnaire, source, note).await;
    if made.is_err() {
        let _turn = store::write_turn(&state.db).await;
        store::quota::give_back(&state.db, &key).await?;
    }
    made
}

/// The version a publish makes (see [`publish`]).
async fn make_version(
    state: &AppState,
    staff: &Staff,
    plan: &Plan,
    questionnaire: &PlanQuestionnaire,
    source: Source,
    note: &str,
) -> ApiResult<Made> {
    let carrier = state.catalogue.carrier_name(staff.carrier_id).to_string();
    let loaded_by =
        format!("{} ({carrier}) in the carriers' console, plan {}: {}", staff.name, plan.plan_id, note.trim());
    let document = serde_json::to_string(questionnaire).expect("a questionnaire is JSON");
    let (draft_revision, restores) = match source {
        Source::Draft { revision } => (Some(revision), None),
        Source::Earlier { publish_id } => (None, Some(publish_id)),
    };
    // Made again on the newer version when another load was made meanwhile (another plan's publish, a file load).
    for _ in 0..5 {
        state.workflows.refresh(&state.db).await?;
        let (bundle, follows) = with_questionnaire(state, questionnaire).await?;
        // The first publish keeps what the plan asked before, so that it can be brought back.
        let first = store::carrier_console::history(&state.db, plan.plan_id).await?.is_empty();
        let before = serde_json::to_string(&published(state, plan)).expect("a questionnaire is JSON");
        let original = match (&follows, first) {
            (Some((seq, hash)), true) => Some(store::carrier_console::Original { document: &before, hash, seq: *seq }),
            _ => None,
        };
        let workflows = bundle.parse("").map_err(refused)?;
        engine::schema::every_check_parses(&workflows).map_err(refused)?;
        let hash = crate::services::workflows::digest(&bundle);
        let files = serde_json::to_string(&bundle.files).expect("text is JSON");
        let record = store::carrier_console::Publish {
            plan_id: plan.plan_id,
            carrier_id: staff.carrier_id,
            draft_revision,
            document: &document,
            note: note.trim(),
            by: &staff.name,
            loaded_by: &loaded_by,
            hash: &hash,
            files: &files,
            follows: follows.as_ref().map(|(seq, _)| *seq),
            restores,
            original,
        };
        let outcome = {
            let _turn = store::write_turn(&state.db).await;
            store::carrier_console::publish(&state.db, &record).await?
        };
        match outcome {
            PublishOutcome::Published { publish_id, seq } => {
                // This server answers with the new version at once; the others read it at their next refresh.
                state.workflows.refresh(&state.db).await?;
                return Ok(Made { publish_id, version: hash, seq });
            }
            PublishOutcome::DraftChanged => return Err(ApiError::Conflict(DRAFT_CHANGED.into())),
            PublishOutcome::Overtaken => continue,
        }
    }
    Err(ApiError::Conflict(BUSY.into()))
}

/// A publish refused because its draft is gone or changed.
pub const DRAFT_CHANGED: &str =
    "This draft was published or changed while you were publishing it: look at the plan again before you publish.";
const BUSY: &str = "The workflows are being changed by others right now: please publish again in a moment.";

/// The steps an applicant would meet for the plan under `questionnaire`: its eligibility popup and its health
/// questions popup, drawn as the shop draws them (the same form and words, whatever the tier: these popups do not
/// depend on it), then, when the plan adds questions to the application, the application's Health Questions step as
/// an applicant buying the plan alone would meet it.
pub async fn preview(state: &AppState, plan: &Plan, questionnaire: &PlanQuestionnaire) -> ApiResult<Vec<Step>> {
    let mut steps = popups_preview(state, questionnaire);
    if questionnaire.application.is_some() {
        let (bundle, _) = with_questionnaire(state, questionnaire).await?;
        let workflows = bundle.parse("").map_err(refused)?;
        let tab = engine::tabs::TabName::PrimaryHealthInfo;
        let ctx = engine::context::EnrollmentContext {
            enrollment_type: Some("new-member".into()),
            tier: Some(engine::context::Tier::IO),
            cart_categories: vec![plan.category.clone()],
            cart_plan_types: vec![plan.plan_type.clone()],
            cart_plans: vec![plan.plan_id],
            language: crate::language::current().to_string(),
            ..Default::default()
        };
        let prefill = engine::workflow::PrefillValues::default();
        if let Some(form) = engine::schema::compose(tab, workflows.wizard.forms.get(&tab), &ctx, &prefill, &Value::Null)
        {
            let data = (
                std::sync::Arc::unwrap_or_clone(form.schema),
                std::sync::Arc::unwrap_or_clone(form.ui_schema),
                form.form_data,
            );
            steps.push(Step::form(tab.as_str(), tab.title(), data, vec![StepAction::new(Action::Next, "Next")]));
        }
    }
    Ok(steps)
}

fn popups_preview(state: &AppState, questionnaire: &PlanQuestionnaire) -> Vec<Step> {
    let current = state.workflows.current();
    let sets = questionnaire.sets();
    let choices = engine::shop::popups::PopupChoices {
        eligibility: sets.eligibility.clone(),
        health: sets.health.clone(),
        language: crate::language::current().to_string(),
        ..Default::default()
    };
    let mut steps = Vec::new();
    for (kind, asks) in
        [(PopupKind::Eligibility, sets.eligibility.is_some()), (PopupKind::HealthQuestions, sets.health.is_some())]
    {
        if !asks {
            continue;
        }
        let Some(popup) = current.workflows.shop.popup(kind) else { continue };
        let (schema, ui_schema) = engine::shop::popups::popup_form(kind, &choices);
        let actions = vec![StepAction::new(Action::Submit, &popup.submit), StepAction::new(Action::Cancel, "Cancel")];
        let mut step = Step::form(kind.id(), &popup.title, (schema, ui_schema, serde_json::json!({})), actions);
        step.text = popup.text.clone();
        step.opens_with = popup.opens_with.clone();
        steps.push(step);
    }
    steps
}

/// What an applicant answering a preview's popup would be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tried {
    /// The answers go on (eligibility met, or the health answers accepted): the words shown.
    Accepted(String),
    /// The plan is declined (a health answer that declines), or cannot be added (an eligibility answer that must be
    /// Yes is No): the words shown.
    Declined(String),
}

/// Answers a preview's popup as an applicant would: the form's own checks first (422 with their words), then the
/// decision.
pub fn try_answers(questionnaire: &PlanQuestionnaire, popup: &str, answers: &Value) -> ApiResult<Tried> {
    let sets = questionnaire.sets();
    let choices = engine::shop::popups::PopupChoices {
        eligibility: sets.eligibility.clone(),
        health: sets.health.clone(),
        language: crate::language::current().to_string(),
        ..Default::default()
    };
    let today = crate::domain::enrollment::today();
    match popup {
        "eligibility" => {
            let set = sets.eligibility.as_ref().ok_or_else(|| no_such_popup(popup))?;
            match engine::shop::popups::check_popup(PopupKind::Eligibility, &choices, answers, today) {
                Ok(answers) if engine::shop::questions::eligibility_met(set, &answers) => {
                    Ok(Tried::Accepted("The applicant goes on to the plan's price.".into()))
                }
                Ok(_) => Ok(Tried::Declined(engine::shop::ANSWER_YES_FORM.into())),
                Err(errors) if errors.iter().any(|e| e.error_message == engine::shop::ANSWER_YES_FORM) => {
                    Ok(Tried::Declined(engine::shop::ANSWER_YES_FORM.into()))
                }
                Err(errors) => Err(ApiError::Invalid(errors)),
            }
        }
        "health_questions" => {
            let set = sets.health.as_ref().ok_or_else(|| no_such_popup(popup))?;
            let answers = engine::shop::popups::check_popup(PopupKind::HealthQuestions, &choices, answers, today)
                .map_err(ApiError::Invalid)?;
            Ok(match engine::shop::questions::health_decision(set, &answers, crate::language::current()) {
                engine::shop::questions::HealthDecision::Accepted(words) => Tried::Accepted(words),
                engine::shop::questions::HealthDecision::Declined(words) => Tried::Declined(words),
            })
        }
        other => Err(no_such_popup(other)),
    }
}

fn no_such_popup(popup: &str) -> ApiError {
    ApiError::Invalid(vec![FieldError::new(
        "popup",
        format!("This questionnaire has no {popup} popup: answer eligibility or health_questions, if it asks them"),
    )])
}

/// What a draft changes of what is published, question by question.
pub fn changes(published: &PlanQuestionnaire, draft: &PlanQuestionnaire) -> Vec<Difference> {
    differences(published, draft)
}
