//! A plan's questions in the console: what is published, the draft being edited (kept, discarded), every earlier
//! publish, and publishing the draft or an earlier version again.

use engine::catalogue::Plan;
use engine::shop::plan_questions::{stale_texts, Difference, PlanQuestionnaire, StaleText};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::{changes, publish, published, Made, Source, Staff, DRAFT_CHANGED};
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store;

/// A publish asked without a note.
pub const NOTE_NEEDED: &str = "Please say what this change is: the note is kept with the version";
/// A version asked by a word the console does not know.
pub const VERSION_WORDS: &str = "Please ask for published, draft, or the number of a version published before";

/// A plan's questions: what applicants are asked now, the draft being edited, and what was published before.
#[derive(Serialize, JsonSchema)]
pub struct PlanQuestions {
    plan_id: i64,
    plan_name: String,
    category: String,
    /// The category's name, as the store shows it.
    category_name: String,
    /// What applicants starting now are asked.
    published: PlanQuestionnaire,
    /// The draft, when there is one.
    draft: Option<DraftView>,
    /// Every publish from the console, newest first.
    history: Vec<PublishView>,
    /// The draft (or, without one, what is published) as the console's form shows it.
    form_data: Value,
}

/// A publish of a draft whose other languages are older than its English, not yet confirmed.
pub const STALE_TRANSLATIONS: &str = "Some Spanish was written for the English before your change. Update it, or confirm that it may be published as it is.";

/// A draft and what it changes.
#[derive(Serialize, JsonSchema)]
pub struct DraftView {
    questionnaire: PlanQuestionnaire,
    /// Raised by each save; a publish may name the revision it means.
    revision: i64,
    updated_by: String,
    updated_at: String,
    /// What it changes of what is published, question by question.
    changes: Vec<Difference>,
    /// Its texts whose words in another language were written for the English before the change: publishing needs
    /// the carrier to say these may go as they are.
    stale: Vec<StaleText>,
}

/// One publish.
#[derive(Serialize, JsonSchema)]
pub struct PublishView {
    publish_id: i64,
    questionnaire: PlanQuestionnaire,
    note: String,
    published_by: String,
    published_at: String,
    /// The workflow version it made current.
    version: String,
    /// The earlier publish it brought back, for a rollback.
    restores: Option<i64>,
}

/// A plan's questions as the console shows them.
pub async fn view(state: &AppState, plan: &Plan) -> ApiResult<PlanQuestions> {
    let published = published(state, plan);
    let draft = match store::carrier_console::draft(&state.db, plan.plan_id).await? {
        Some(draft) => {
            let questionnaire = stored(&draft.document)?;
            let changes = changes(&published, &questionnaire);
            Some(DraftView {
                stale: stale_texts(&changes),
                changes,
                questionnaire,
                revision: draft.revision,
                updated_by: draft.updated_by,
                updated_at: draft.updated_at,
            })
        }
        None => None,
    };
    let mut history = Vec::new();
    for p in store::carrier_console::history(&state.db, plan.plan_id).await? {
        history.push(PublishView {
            publish_id: p.publish_id,
            questionnaire: stored(&p.document)?,
            note: p.note,
            published_by: p.published_by,
            published_at: p.published_at,
            version: p.workflow_hash,
            restores: p.restores,
        });
    }
    let form_data = engine::shop::plan_questions::form_data(draft.as_ref().map_or(&published, |d| &d.questionnaire));
    Ok(PlanQuestions {
        plan_id: plan.plan_id,
        plan_name: plan.plan_name.clone(),
        category: plan.category.clone(),
        category_name: state.catalogue.category_name(&plan.category, crate::language::current()),
        published,
        draft,
        history,
        form_data,
    })
}

fn stored(document: &str) -> ApiResult<PlanQuestionnaire> {
    serde_json::from_str(document).map_err(|e| ApiError::Internal(anyhow::anyhow!("a stored questionnaire: {e}")))
}

/// Keeps `questionnaire` as the plan's draft (checked before); its new revision.
pub async fn keep_draft(
    state: &AppState,
    staff: &Staff,
    plan: &Plan,
    questionnaire: &PlanQuestionnaire,
) -> ApiResult<i64> {
    let document = serde_json::to_string(questionnaire).expect("a questionnaire is JSON");
    let _turn = store::write_turn(&state.db).await;
    Ok(store::carrier_console::save_draft(&state.db, plan.plan_id, staff.carrier_id, &document, &staff.name).await?)
}

/// Discards the plan's draft.
pub async fn discard_draft(state: &AppState, plan: &Plan) -> ApiResult<()> {
    let _turn = store::write_turn(&state.db).await;
    store::carrier_console::discard_draft(&state.db, plan.plan_id).await?;
    Ok(())
}

/// The draft, or what is published when there is none.
pub async fn draft_or_published(state: &AppState, plan: &Plan) -> ApiResult<PlanQuestionnaire> {
    match store::carrier_console::draft(&state.db, plan.plan_id).await? {
        Some(draft) => stored(&draft.document),
        None => Ok(published(state, plan)),
    }
}

/// The question numbers each part of the plan's questions has used (published, the draft, every earlier publish),
/// and, for the application, the numbers its Health Questions step asks already: a new question is numbered above
/// them, so no answer given to an earlier question is read as an answer to it.
pub async fn numbers_used(
    state: &AppState,
    plan: &Plan,
) -> ApiResult<std::collections::BTreeMap<&'static str, std::collections::BTreeSet<i64>>> {
    use engine::shop::plan_questions::numbers_of;
    let mut used = numbers_of(&published(state, plan));
    let mut versions = Vec::new();
    if let Some(draft) = store::carrier_console::draft(&state.db, plan.plan_id).await? {
        versions.push(stored(&draft.document)?);
    }
    for p in store::carrier_console::history(&state.db, plan.plan_id).await? {
        versions.push(stored(&p.document)?);
    }
    for questionnaire in &versions {
        for (part, numbers) in numbers_of(questionnaire) {
            used.entry(part).or_default().extend(numbers);
        }
    }
    let current = state.workflows.current();
    let step = current
        .workflows
        .wizard
        .forms
        .get(&engine::tabs::TabName::PrimaryHealthInfo)
        .and_then(|f| f.questionnaire.as_ref());
    if let Some(step) = step {
        let application = used.entry("application").or_default();
        application.extend(step.questions.iter().map(|q| i64::from(q.question_id)));
        application.extend(step.medication_question.iter().map(|q| i64::from(q.question_id)));
    }
    Ok(used)
}

/// An earlier publish of the plan, by its id.
async fn earlier(state: &AppState, plan: &Plan, publish_id: &str) -> ApiResult<store::carrier_console::Published> {
    let id = crate::input::parse_id(Some(&Value::String(publish_id.to_string())), "publish_id")?;
    store::carrier_console::history(&state.db, plan.plan_id).await?.into_iter().find(|p| p.publish_id == id).ok_or_else(
        || {
            ApiError::NotFound(Said::with(
                "Plan {plan} has no published version {version}",
                &[("plan", &plan.plan_id), ("version", &id)],
            ))
        },
    )
}

/// Publishes the plan's draft (the `revision` on screen, when named) as a new version of the workflows: 409 when it
/// was published, discarded or changed meanwhile.
pub async fn publish_draft(
    state: &AppState,
    staff: &Staff,
    plan: &Plan,
    revision: Option<i64>,
    note: &str,
    stale_confirmed: bool,
) -> ApiResult<Made> {
    if note.trim().is_empty() {
        return Err(ApiError::field("note", NOTE_NEEDED));
    }
    let draft = store::carrier_console::draft(&state.db, plan.plan_id)
        .await?
        .ok_or_else(|| ApiError::Conflict("There is no draft to publish: it was published or discarded.".into()))?;
    if revision.is_some_and(|r| r != draft.revision) {
        return Err(ApiError::Conflict(DRAFT_CHANGED.into()));
    }
    let questionnaire = stored(&draft.document)?;
    if !stale_confirmed && !stale_texts(&changes(&published(state, plan), &questionnaire)).is_empty() {
        return Err(ApiError::field("stale_confirmed", STALE_TRANSLATIONS));
    }
    let source = Source::Draft { revision: draft.revision };
    let made = publish(state, staff, plan, &questionnaire, source, note).await?;
    Ok(made)
}

/// Publishes an earlier publish again (a rollback), as a new version; a draft stays as it is. No text of it is
/// stale: its languages were published together, and it is brought back as it was.
pub async fn publish_again(
    state: &AppState,
    staff: &Staff,
    plan: &Plan,
    publish_id: &str,
    note: &str,
) -> ApiResult<Made> {
    if note.trim().is_empty() {
        return Err(ApiError::field("note", NOTE_NEEDED));
    }
    let earlier = earlier(state, plan, publish_id).await?;
    let questionnaire = stored(&earlier.document)?;
    let source = Source::Earlier { publish_id: earlier.publish_id };
    let made = publish(state, staff, plan, &questionnaire, source, note).await?;
    Ok(made)
}

/// A version of the plan's questions: `published` (the default: what applicants are asked now), `draft`, or a
/// publish's id.
pub async fn version(state: &AppState, plan: &Plan, version: Option<&str>) -> ApiResult<PlanQuestionnaire> {
    Ok(match version.map(str::trim) {
        None | Some("" | "published") => published(state, plan),
        Some("draft") => stored(
            &store::carrier_console::draft(&state.db, plan.plan_id)
                .await?
                .ok_or_else(|| ApiError::NotFound(Said::with("Plan {plan} has no draft", &[("plan", &plan.plan_id)])))?
                .document,
        )?,
        Some(id) if id.parse::<i64>().is_ok() => stored(&earlier(state, plan, id).await?.document)?,
        Some(_) => return Err(ApiError::field("version", VERSION_WORDS)),
    })
}
