//! The help chat: the assistant's next question and the answers so far (per device and site, sealed at rest), an
//! answer given or edited, and feedback for the site's owner.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::domain::benefit::visitor::OwnerIds;
use crate::domain::benefit::{owned_sites, site_key};
use crate::domain::session::Session;
use crate::domain::site::{Host, Standing};
use crate::error::{ApiError, ApiResult};
use crate::input::{parse_id, Id};
use crate::state::AppState;
use crate::store;

pub const CHOOSE_QUESTION: &str = "Please choose a question to answer";
pub const WRITE_FEEDBACK: &str = "Please write your feedback";
pub const FEEDBACK_THANKS: &str = "Thank you for your feedback.";

/// The longest feedback kept.
const MAX_FEEDBACK: usize = 2000;

/// Who the visitor can contact: the site's representative, or the site itself.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Contact {
    name: String,
    email: String,
    phone: String,
}

/// A question the assistant asks.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NextQuestion {
    id: i64,
    question: String,
    /// The answer it takes, as JSON Schema.
    schema: Map<String, Value>,
}

/// A question's words, and the answer it takes (for editing).
#[derive(Debug, Serialize, JsonSchema)]
pub struct QuestionText {
    question: String,
    /// The answer it takes, as JSON Schema.
    schema: Map<String, Value>,
}

/// An answer given.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PastAnswer {
    question_id: i64,
    answer: String,
    assistant_question: QuestionText,
}

/// The chat as the device left it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AssistState {
    greeting: String,
    /// The next question; none when every question is answered.
    question: Option<NextQuestion>,
    /// What the assistant says when no question remains.
    closing: String,
    /// The answers so far, in the order they were first given.
    answer: Vec<PastAnswer>,
    contact: Contact,
}

fn contact(state: &AppState, standing: &Standing) -> Contact {
    match standing.agent_id.and_then(|a| state.catalogue.reps.get(&a)) {
        Some(rep) => Contact { name: rep.name(), email: rep.email.clone(), phone: rep.phone.clone() },
        None => {
            let branding = standing.branding(state);
            Contact { name: branding.display_name, email: branding.display_email, phone: branding.display_phone }
        }
    }
}

fn schema_of(question: &engine::assistant::AssistQuestion) -> Map<String, Value> {
    match question.answer.schema() {
        Value::Object(schema) => schema,
        _ => Map::new(),
    }
}

/// The chat as the device left it on the site.
pub async fn state(state: &AppState, standing: &Standing, device: &str) -> ApiResult<AssistState> {
    let workflows = state.workflows.current();
    let script = &workflows.assistant;
    let mut answer = Vec::new();
    for (question_id, sealed) in store::benefit::answers(&state.db, device, &site_key(state, standing)).await? {
        // An answer to a question since removed from the script is not shown.
        let Some(question) = script.question(question_id) else { continue };
        let text = state
            .crypto
            .decrypt(&sealed)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a chat answer does not open with this key")))?;
        answer.push(PastAnswer {
            question_id,
            answer: text,
            assistant_question: QuestionText { question: question.question.clone(), schema: schema_of(question) },
        });
    }
    let answered: Vec<i64> = answer.iter().map(|a| a.question_id).collect();
    let question =
        script.next(&answered).map(|q| NextQuestion { id: q.id, question: q.question.clone(), schema: schema_of(q) });
    Ok(AssistState {
        greeting: script.greeting.clone(),
        question,
        closing: script.closing.clone(),
        answer,
        contact: contact(state, standing),
    })
}

/// An answer to a question (again for the same question: the answer edited), kept if the question takes it; the chat
/// as it now is.
pub async fn answer(
    state: &AppState,
    (session, host, ids): (&Session, &Host, &OwnerIds),
    device: &str,
    question_id: Option<&Id>,
    answer: Option<&Value>,
) -> ApiResult<AssistState> {
    let id = parse_id(question_id.map(|i| &i.0), "question_id")?;
    let workflows = state.workflows.current();
    let question = workflows.assistant.question(id).ok_or_else(|| ApiError::field("question_id", CHOOSE_QUESTION))?;
    let text = match answer {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let kept = question
        .answer
        .check(&text, crate::language::current())
        .map_err(|message| ApiError::field("answer", crate::error::Said::resolved(message)))?;
    let standing = crate::domain::site::standing(state, session, host).await?;
    ids.check(&standing)?;
    let site = site_key(state, &standing);
    store::benefit::put_answer(&state.db, device, &site, id, &state.crypto.encrypt(&kept)).await?;
    self::state(state, &standing, device).await
}

/// Keeps a visitor's feedback, sealed, for the site's rep or group administrator.
pub async fn leave_feedback(
    state: &AppState,
    standing: &Standing,
    device: &str,
    message: Option<&str>,
) -> ApiResult<()> {
    let message = message.map(str::trim).unwrap_or_default();
    if message.is_empty() {
        return Err(ApiError::field("message", WRITE_FEEDBACK));
    }
    if message.chars().count() > MAX_FEEDBACK {
        return Err(ApiError::field(
            "message",
            crate::error::Said::with("Please keep your feedback under {n} characters", &[("n", &MAX_FEEDBACK)]),
        ));
    }
    let site = site_key(state, standing);
    store::benefit::add_feedback(&state.db, &site, device, &state.crypto.encrypt(message)).await?;
    Ok(())
}

/// Feedback as the site's owner reads it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FeedbackRow {
    /// `rep:{id}`, `group:{id}` or `store`.
    site: String,
    message: String,
    /// When it was left (RFC 3339).
    created_at: String,
}

/// The feedback left on the rep's or group administrator's own sites, newest first.
pub async fn feedback_for(state: &AppState, session: &Session) -> ApiResult<Vec<FeedbackRow>> {
    let sites = owned_sites(state, session).await?;
    let mut rows = Vec::new();
    for (site, sealed, created_at) in store::benefit::feedback_of(&state.db, &sites).await? {
        let message = state
            .crypto
            .decrypt(&sealed)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("feedback does not open with this key")))?;
        rows.push(FeedbackRow { site, message, created_at });
    }
    Ok(rows)
}
