//! The help chat: the assistant's next question and the answers so far (per device and site, sealed at rest), an
//! answer given or edited, and feedback for the site's owner.

use axum::extract::State;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::domain::benefit::chat::{self, AssistState, FeedbackRow, FEEDBACK_THANKS};
use crate::domain::benefit::visitor::{device, web_url, OwnerIds};
use crate::domain::session::Session;
use crate::domain::site::{self, Host};
use crate::error::{Answer, ApiResult, Message};
use crate::http::extract::{AppJson, AppQuery};
use crate::input::Id;
use crate::state::AppState;

/// `assist/get`: the device and page.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AssistQuery {
    device_id: Option<String>,
    web_url: Option<String>,
    #[serde(flatten)]
    ids: OwnerIds,
}

/// `assist/get`: the greeting, the next question, the answers so far and whom to contact.
pub async fn get(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppQuery(query): AppQuery<AssistQuery>,
) -> ApiResult<Answer<AssistState>> {
    let device = device(query.device_id.as_deref())?;
    web_url(query.web_url.as_deref())?;
    let standing = site::standing(&state, &session, &host).await?;
    query.ids.check(&standing)?;
    Ok(Answer(chat::state(&state, &standing, &device).await?))
}

/// `assist/add`: an answer to a question (again for the same question: the answer edited).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddAnswer {
    question_id: Option<Id>,
    answer: Option<Value>,
    device_id: Option<String>,
    web_url: Option<String>,
    #[serde(flatten)]
    ids: OwnerIds,
}

/// `assist/add`: keeps the answer if the question takes it, and answers the chat as it now is.
pub async fn add(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppJson(body): AppJson<AddAnswer>,
) -> ApiResult<Answer<AssistState>> {
    let device = device(body.device_id.as_deref())?;
    web_url(body.web_url.as_deref())?;
    let visitor = (&session, &host, &body.ids);
    Ok(Answer(chat::answer(&state, visitor, &device, body.question_id.as_ref(), body.answer.as_ref()).await?))
}

/// `assist/feedback` *(ours)*: a visitor's words for the site's owner.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Feedback {
    message: Option<String>,
    device_id: Option<String>,
    web_url: Option<String>,
}

/// `POST assist/feedback`: keeps the feedback, sealed, for the site's rep or group administrator.
pub async fn leave_feedback(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppJson(body): AppJson<Feedback>,
) -> ApiResult<Answer<Message>> {
    let device = device(body.device_id.as_deref())?;
    web_url(body.web_url.as_deref())?;
    let standing = site::standing(&state, &session, &host).await?;
    chat::leave_feedback(&state, &standing, &device, body.message.as_deref()).await?;
    Ok(Answer(Message::said(FEEDBACK_THANKS)))
}

/// `GET assist/feedback`: the feedback left on the rep's or group administrator's own sites, newest first.
pub async fn feedback(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<FeedbackRow>>> {
    Ok(Answer(chat::feedback_for(&state, &session).await?))
}
