//! Signing on the applicant's own device: the rep's request (`/enrollment/{id}/signature-request`) and the link the
//! applicant opens (`/signature/{token}`). Calls of this store, not of the spec.

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use axum::middleware::from_fn_with_state;
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::enrollment::remote_signature::{self, Channel, Invitation, RemoteSignature, ToSign};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::{AppJson, OwnedPath};
use crate::http::throttle::{self, Throttle};
use crate::state::{AppState, Live};

/// How to send the application for signature.
#[derive(Deserialize, JsonSchema)]
pub struct SendForSignature {
    /// `email` or `text`.
    channel: Option<Value>,
}

/// The date of birth that opens a signature link.
#[derive(Deserialize, JsonSchema)]
pub struct OpenLink {
    /// The applicant's date of birth, MM/DD/YYYY.
    birthdate: Option<String>,
}

/// The applicant's agreements and signature, with the date of birth that opened the link.
#[derive(Deserialize, JsonSchema)]
pub struct SignLink {
    /// The applicant's date of birth, MM/DD/YYYY.
    birthdate: Option<String>,
    /// The agreements and the signature.
    #[serde(rename = "formData")]
    form_data: Option<Value>,
}

/// The application was signed.
#[derive(Serialize, JsonSchema)]
pub struct SignedAnswer {
    signed: bool,
    message: String,
}

/// Wrong links a client may try a minute.
const TRIES_PER_MINUTE: u32 = 10;

pub fn routes() -> ApiRouter<Live> {
    let links = ApiRouter::new()
        .api_route("/signature/{token}", get(invitation))
        .api_route("/signature/{token}/open", post(open))
        .api_route("/signature/{token}/sign", post(sign))
        .layer(from_fn_with_state(Throttle::misses_per_minute(TRIES_PER_MINUTE), throttle::check));
    ApiRouter::new().api_route("/enrollment/{id}/signature-request", get(status).post(send)).merge(links)
}

/// Where signing on the applicant's device stands, for the enrollment's rep.
async fn status(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<RemoteSignature>> {
    Ok(Answer(remote_signature::status(&state, &e).await?))
}

/// Sends the application to the applicant to sign on their device.
async fn send(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<SendForSignature>,
) -> ApiResult<Answer<RemoteSignature>> {
    let channel = match body.channel {
        None | Some(Value::Null) => return Err(ApiError::field("channel", REQUIRED)),
        Some(value) => serde_json::from_value::<Channel>(value)
            .map_err(|_| ApiError::field("channel", "Choose e-mail or text message"))?,
    };
    Ok(Answer(remote_signature::send(&state, &e, channel).await?))
}

fn birthdate(given: Option<String>) -> ApiResult<String> {
    given.filter(|b| !b.trim().is_empty()).ok_or_else(|| ApiError::field("birthdate", REQUIRED))
}

async fn invitation(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Answer<Invitation>> {
    Ok(Answer(remote_signature::invitation(&state, &token).await?))
}

async fn open(
    State(state): State<AppState>,
    Path(token): Path<String>,
    AppJson(body): AppJson<OpenLink>,
) -> ApiResult<Answer<ToSign>> {
    Ok(Answer(remote_signature::open(&state, &token, &birthdate(body.birthdate)?).await?))
}

async fn sign(
    State(state): State<AppState>,
    Path(token): Path<String>,
    AppJson(body): AppJson<SignLink>,
) -> ApiResult<Answer<SignedAnswer>> {
    let given = body.form_data.unwrap_or_else(|| Value::Object(Default::default()));
    if !given.is_object() {
        return Err(ApiError::BadRequest("formData must be a JSON object".into()));
    }
    let message = remote_signature::sign(&state, &token, &birthdate(body.birthdate)?, &given).await?;
    Ok(Answer(SignedAnswer { signed: true, message }))
}
