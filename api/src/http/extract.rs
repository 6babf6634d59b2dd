//! Extractors: a request is parsed once, at the edge.
//!
//! `AppJson` answers a malformed body in the error envelope; `enrollment_from_query` and `enrollment_from_body` load
//! the enrollment named by `enrollment_id` only if the caller's session owns it (an enrollment of another session
//! answers 404, exactly like one that does not exist).

use std::collections::HashMap;

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Query, Request};
use axum::Json;
use serde_json::{json, Value};

use crate::domain::enrollment::{load, parse_id, Enrollment};
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub type Params = Query<HashMap<String, String>>;

fn param(params: &HashMap<String, String>, name: &str) -> Option<Value> {
    params.get(name).map(|v| json!(v))
}

pub async fn enrollment_from_query(
    state: &AppState,
    session: &Session,
    params: &HashMap<String, String>,
) -> ApiResult<Enrollment> {
    let id = parse_id(param(params, "enrollment_id").as_ref(), "enrollment_id")?;
    load(state, session, id).await
}

pub async fn enrollment_from_body(state: &AppState, session: &Session, body: &Value) -> ApiResult<Enrollment> {
    let id = parse_id(body.get("enrollment_id"), "enrollment_id")?;
    load(state, session, id).await
}

pub fn version_of(body: &Value) -> ApiResult<Option<i64>> {
    match body.get("version") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => parse_id(Some(v), "version").map(Some),
    }
}

/// A JSON body whose rejection (malformed JSON, wrong content type) is answered in the envelope, never as text.
pub struct AppJson(pub Value);

impl<S: Send + Sync> FromRequest<S> for AppJson {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<Value>::from_request(req, state).await {
            Ok(Json(value)) if value.is_object() => Ok(AppJson(value)),
            Ok(_) => Err(ApiError::BadRequest("The request body must be a JSON object".into())),
            Err(JsonRejection::MissingJsonContentType(_)) => {
                Err(ApiError::BadRequest("The request body must be JSON (Content-Type: application/json)".into()))
            }
            Err(rejection) if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ApiError::TooLarge)
            }
            Err(rejection) => Err(ApiError::BadRequest(format!("Malformed JSON body: {}", rejection.body_text()))),
        }
    }
}
