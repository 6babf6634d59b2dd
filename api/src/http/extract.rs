//! Extractors: a request is parsed once, at the edge, into the handler's own input type.
//!
//! - `AppJson<T>`: the JSON body, which must be an object, as `T`.
//! - `AppQuery<T>`: the query string as `T`.
//! - `OwnedJson<T>`, `OwnedQuery<T>`, `OwnedPath<T>`: the same, plus the enrollment named by `enrollment_id` (in the
//!   body, the query string, or the path's first parameter), loaded only if the caller's session owns it. An
//!   enrollment of another session answers 404 exactly like one that does not exist, so no handler checks ownership.
//!
//! Every refusal is in the error envelope: a malformed body is 400, a missing or ill-typed field is 422 under its
//! name, with the words the spec uses for a missing field.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRef, FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::request::Parts;
use axum::Json;
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::domain::enrollment::{load, Enrollment};
use crate::domain::session::Session;
use crate::error::Said;
use crate::error::{ApiError, ApiResult};
use crate::input::{parse_id, Id};
use crate::state::AppState;

pub const NUL_REFUSED: &str = "This field cannot contain a NUL character";

/// The first text (or key) holding a NUL character, as a dotted path: PostgreSQL cannot store one in text, SQLite
/// can, so it is refused at the edge, the same way on both.
fn nul_at(value: &Value, path: &str) -> Option<String> {
    let join = |key: &str| if path.is_empty() { key.to_string() } else { format!("{path}.{key}") };
    match value {
        Value::String(s) if s.contains('\0') => Some(path.to_string()),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| nul_at(v, &join(&i.to_string()))),
        Value::Object(map) => {
            map.iter().find_map(|(k, v)| if k.contains('\0') { Some(join(k)) } else { nul_at(v, &join(k)) })
        }
        _ => None,
    }
}

/// `T` from a JSON object, a refusal naming the field that does not fit.
fn typed<T: DeserializeOwned>(object: Map<String, Value>) -> ApiResult<T> {
    let object = Value::Object(object);
    if let Some(field) = nul_at(&object, "") {
        return Err(ApiError::field(&field, NUL_REFUSED));
    }
    let Value::Object(object) = object else { unreachable!("wrapped above") };
    serde_path_to_error::deserialize(Value::Object(object)).map_err(|error| {
        let field = error.path().to_string();
        let inner = error.into_inner().to_string();
        match inner.strip_prefix("missing field `").and_then(|rest| rest.split_once('`')) {
            Some((missing, _)) => ApiError::field(missing, REQUIRED),
            None => {
                let field = if field == "." { String::new() } else { field };
                if field.is_empty() {
                    ApiError::field(&field, Said::with("The request is not valid ({why})", &[("why", &inner)]))
                } else {
                    ApiError::field(
                        &field,
                        Said::with("{field} is not valid ({why})", &[("field", &field), ("why", &inner)]),
                    )
                }
            }
        }
    })
}

/// The body as a JSON object, or the refusal a client can act on.
async fn json_object<S: Send + Sync>(req: Request, state: &S) -> ApiResult<Map<String, Value>> {
    match Json::<Value>::from_request(req, state).await {
        Ok(Json(Value::Object(object))) => Ok(object),
        Ok(_) => Err(ApiError::BadRequest("The request body must be a JSON object".into())),
        Err(JsonRejection::MissingJsonContentType(_)) => {
            Err(ApiError::BadRequest("The request body must be JSON (Content-Type: application/json)".into()))
        }
        Err(rejection) if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::TooLarge),
        Err(rejection) => Err(ApiError::BadRequest(Said::with(MALFORMED, &[("why", &rejection.body_text())]))),
    }
}

/// A body that is not JSON, with why (the parser's words, for whoever wrote the client).
pub const MALFORMED: &str = "Malformed JSON body: {why}";

/// The query string's parameters, each as a JSON string.
fn query_object(parts: &Parts) -> ApiResult<Map<String, Value>> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(parts.uri.query().unwrap_or_default())
        .map_err(|_| ApiError::BadRequest("The query string is malformed".into()))?;
    Ok(pairs.into_iter().map(|(k, v)| (k, Value::String(v))).collect())
}

async fn session(parts: &mut Parts, state: &AppState) -> ApiResult<Session> {
    Session::from_request_parts(parts, state).await
}

async fn owned(state: &AppState, session: &Session, id: Option<&Value>) -> ApiResult<Enrollment> {
    load(state, session, parse_id(id, "enrollment_id")?).await
}

/// The JSON body (an object) as `T`.
pub struct AppJson<T = Map<String, Value>>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for AppJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        Ok(AppJson(typed(json_object(req, state).await?)?))
    }
}

/// The query string as `T`.
pub struct AppQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for AppQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(AppQuery(typed(query_object(parts)?)?))
    }
}

/// The enrollment named by the body's `enrollment_id`, if the session owns it, and the body as `T`.
pub struct OwnedJson<T = Map<String, Value>>(pub Enrollment, pub T);

impl<S, T> FromRequest<S> for OwnedJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let state = &AppState::from_ref(state);
        let (mut parts, body) = req.into_parts();
        let session = session(&mut parts, state).await?;
        let object = json_object(Request::from_parts(parts, body), state).await?;
        let enrollment = owned(state, &session, object.get("enrollment_id")).await?;
        Ok(OwnedJson(enrollment, typed(object)?))
    }
}

/// The enrollment named by the query's `enrollment_id`, if the session owns it, and the query as `T`.
pub struct OwnedQuery<T = Map<String, Value>>(pub Enrollment, pub T);

impl<S, T> FromRequestParts<S> for OwnedQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = &AppState::from_ref(state);
        let session = session(parts, state).await?;
        let object = query_object(parts)?;
        let enrollment = owned(state, &session, object.get("enrollment_id")).await?;
        Ok(OwnedQuery(enrollment, typed(object)?))
    }
}

/// The query of a priced listing: the caller's session, the enrollment it names (not read: the listing reads what it
/// needs of it, `domain::shop::shopper`), and the query as `T`.
pub struct ListingQuery<T>(pub Session, pub i64, pub T);

impl<S, T> FromRequestParts<S> for ListingQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = &AppState::from_ref(state);
        let session = session(parts, state).await?;
        let object = query_object(parts)?;
        let id = parse_id(object.get("enrollment_id"), "enrollment_id")?;
        Ok(ListingQuery(session, id, typed(object)?))
    }
}

/// The enrollment named by the query's `enrollment_id` when it names one (absent or empty: none), and the query as
/// `T`: for calls that serve a new visitor and a quote alike.
pub struct MaybeOwnedQuery<T>(pub Option<Enrollment>, pub T);

impl<S, T> FromRequestParts<S> for MaybeOwnedQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = &AppState::from_ref(state);
        let session = session(parts, state).await?;
        let object = query_object(parts)?;
        let enrollment = match object.get("enrollment_id").filter(|v| v.as_str().is_some_and(|s| !s.is_empty())) {
            Some(id) => Some(owned(state, &session, Some(id)).await?),
            None => None,
        };
        Ok(MaybeOwnedQuery(enrollment, typed(object)?))
    }
}

/// The enrollment named by the body's `enrollment_id` when it names one, and the body as `T`.
pub struct MaybeOwnedJson<T>(pub Option<Enrollment>, pub T);

impl<S, T> FromRequest<S> for MaybeOwnedJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let state = &AppState::from_ref(state);
        let (mut parts, body) = req.into_parts();
        let session = session(&mut parts, state).await?;
        let object = json_object(Request::from_parts(parts, body), state).await?;
        let enrollment = match object.get("enrollment_id").filter(|v| !v.is_null()) {
            Some(id) => Some(owned(state, &session, Some(id)).await?),
            None => None,
        };
        Ok(MaybeOwnedJson(enrollment, typed(object)?))
    }
}

/// No further input.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Nothing {}

/// The enrollment named by the path's first parameter (`/enrollment/{id}/...`), if the session owns it, and the
/// other path parameters as `T`.
pub struct OwnedPath<T = Nothing>(pub Enrollment, pub T);

impl<S, T> FromRequestParts<S> for OwnedPath<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = &AppState::from_ref(state);
        let session = session(parts, state).await?;
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::Internal(anyhow::anyhow!("OwnedPath on a route without path parameters")))?;
        let mut params = params.iter();
        let id = params.next().map(|(_, id)| Value::String(id.to_string()));
        let enrollment = owned(state, &session, id.as_ref()).await?;
        let rest: Map<String, Value> = params.map(|(k, v)| (k.to_string(), Value::String(v.to_string()))).collect();
        Ok(OwnedPath(enrollment, typed(rest)?))
    }
}

/// For the document: the input of an owned call is `T` plus the enrollment's id.
#[derive(Deserialize, JsonSchema)]
#[schemars(rename = "Owned{T}")]
pub struct WithEnrollment<T> {
    /// The enrollment (quote) this call is about; it must belong to the caller's session.
    pub enrollment_id: Id,
    #[serde(flatten)]
    pub input: T,
}

/// For the document: the input of a call that may name a quote is `T` plus, optionally, the enrollment's id.
#[derive(Deserialize, JsonSchema)]
#[schemars(rename = "MaybeOwned{T}")]
pub struct MaybeWithEnrollment<T> {
    /// The enrollment (quote) this call is about, if any; it must belong to the caller's session.
    pub enrollment_id: Option<Id>,
    #[serde(flatten)]
    pub input: T,
}

/// A step's fields as the spec's save-*-info calls send them: the form's fields (as `get-form-fields-*` describes
/// them) beside the enrollment's id.
#[derive(Deserialize, JsonSchema)]
pub struct TabSave {
    /// The document version the page was drawn from; a save against a stale version is refused.
    pub version: Option<Id>,
    #[serde(flatten)]
    pub fields: Map<String, Value>,
}

impl TabSave {
    /// The form's fields alone, without what only names the call's subject.
    pub fn fields_without(mut self, skip: &[&str]) -> Value {
        for key in ["enrollment_id", "version"].iter().chain(skip) {
            self.fields.remove(*key);
        }
        Value::Object(self.fields)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for crate::domain::site::Host {
    type Rejection = std::convert::Infallible;

    /// The Host header's name: which white-label site the request came to. (A proxy in front keeps the Host it was
    /// asked for, as they do by default.)
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let host = parts
            .headers
            .get(axum::http::header::HOST)
            .and_then(|v| v.to_str().ok())
            .or_else(|| parts.uri.host())
            .map(engine::storefront::host_name)
            .filter(|h| !h.is_empty());
        Ok(crate::domain::site::Host(host))
    }
}
