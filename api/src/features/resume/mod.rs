//! Save & Continue Later and resuming: the spec's save-enrollment (which also sends a rep's quote), resuming with
//! the code and e-mail, and the direct link of the continue e-mail.

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use axum::middleware::from_fn_with_state;
use engine::errors::messages::REQUIRED;
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::enrollment::{self, load};
use crate::domain::quote::{self, QuoteFields};
use crate::domain::resume;
use crate::domain::session::Session;
use crate::error::{Answer, ApiError, ApiResult, Message};
use crate::http::extract::{AppJson, OwnedJson};
use crate::http::throttle::{self, Throttle};
use crate::input::{version_of, Id};
use crate::state::{AppState, Live};

/// `save-enrollment { enrollment_id, email, tab, data }`; with `tab: cart_info`, the quote form's fields instead.
#[derive(Deserialize, JsonSchema)]
pub struct SaveEnrollment {
    /// The saved tab's name (primary_info, contact_info, ...), or cart_info to send a quote.
    tab: Option<String>,
    /// The step's data as it stands.
    data: Option<Value>,
    /// The document version the step was drawn from.
    version: Option<Id>,
    /// Where the continue code goes (and the quote's fields, with cart_info).
    #[serde(flatten)]
    quote: QuoteFields,
}

/// A resumed enrollment (now the caller's): where it was saved and where to go.
#[derive(Serialize, JsonSchema)]
pub struct ResumedByLink {
    enrollment_id: i64,
    saved_tab: String,
    route: &'static str,
}

/// A resumed enrollment with what the store needs to show it.
#[derive(Serialize, JsonSchema)]
pub struct Resumed {
    #[serde(flatten)]
    link: ResumedByLink,
    group_id: Option<i64>,
    platform_group_id: Option<i64>,
    agent_id: Option<i64>,
    open_type: Option<String>,
    #[serde(rename = "type")]
    enrollment_type: String,
}

/// `continue-enrollment { code, email }`.
#[derive(Deserialize, JsonSchema)]
pub struct ContinueEnrollment {
    /// The continue code from the e-mail.
    code: Option<String>,
    /// The address the code was sent to.
    email: Option<String>,
}

/// How many wrong continue codes or links a client may try, or e-mails it may ask for, a minute.
const TRIES_PER_MINUTE: u32 = 10;

pub fn routes() -> ApiRouter<Live> {
    let sends = ApiRouter::new()
        .api_route("/save-enrollment", post(save_enrollment))
        .layer(from_fn_with_state(Throttle::per_minute(TRIES_PER_MINUTE), throttle::check));
    ApiRouter::new()
        .api_route("/continue-enrollment", post(continue_enrollment))
        .api_route("/direct-continue/{token}", get(direct_continue))
        .layer(from_fn_with_state(Throttle::misses_per_minute(TRIES_PER_MINUTE), throttle::check))
        .merge(sends)
}

/// The spec's Save & Continue Later call: `{ enrollment_id, email, tab, data }` where `tab` is the spec's saved-tab name.
async fn save_enrollment(
    State(state): State<AppState>,
    client: crate::http::throttle::Client,
    OwnedJson(e, body): OwnedJson<SaveEnrollment>,
) -> ApiResult<Answer<Message>> {
    let tab_name = body.tab.as_deref().unwrap_or_default();
    if tab_name == quote::CART_INFO {
        let sent = quote::send(&state, &e, &body.quote).await?;
        return Ok(Answer(Message { message: sent }));
    }
    let tab = TabName::parse_saved(tab_name).ok_or_else(|| {
        ApiError::field("tab", crate::error::Said::with("{tab} cannot be saved for later", &[("tab", &tab_name)]))
    })?;
    let data = body.data.clone().unwrap_or_else(|| json!({}));
    let email = body.quote.email.as_deref().unwrap_or_default();
    enrollment::saving::save_for_later(&state, &e, tab, &data, version_of(&body.version)?, email, &client.0).await?;
    Ok(Answer(Message::said(enrollment::saving::SAVED_FOR_LATER)))
}

/// Resumes with the code and e-mail address: the enrollment moves to the caller's session.
async fn continue_enrollment(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<ContinueEnrollment>,
) -> ApiResult<Answer<Resumed>> {
    let text = |v: &Option<String>| v.as_deref().map(str::trim).unwrap_or_default().to_string();
    let (code, email) = (text(&body.code), text(&body.email));
    let mut missing = Vec::new();
    for (field, value) in [("code", &code), ("email", &email)] {
        if value.is_empty() {
            missing.push(engine::FieldError::new(field, REQUIRED));
        }
    }
    if !missing.is_empty() {
        return Err(ApiError::Invalid(missing));
    }
    let (id, saved_tab) = resume::redeem(&state.db, &session, &code, &email).await?;
    let e = load(&state, &session, id).await?;
    let route = TabName::parse_saved(&saved_tab).map(|t| t.route()).unwrap_or("/cart");
    Ok(Answer(Resumed {
        link: ResumedByLink { enrollment_id: id, saved_tab, route },
        group_id: e.row.group_id,
        platform_group_id: None,
        agent_id: None,
        open_type: e.row.open_type.clone(),
        enrollment_type: e.row.enrollment_type.clone(),
    }))
}

/// Resumes from the link in the continue e-mail.
async fn direct_continue(
    State(state): State<AppState>,
    session: Session,
    Path(token): Path<String>,
) -> ApiResult<Answer<ResumedByLink>> {
    let (id, saved_tab) = resume::redeem_link(&state.db, &state.local_reads, &state.crypto, &session, &token).await?;
    let route = TabName::parse_saved(&saved_tab).map(|t| t.route()).unwrap_or("/cart");
    Ok(Answer(ResumedByLink { enrollment_id: id, saved_tab, route }))
}
