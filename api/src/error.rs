//! One error type for every handler, answered in the spec's envelope.
//!
//! Internal errors are logged here with their cause and answered as a plain 500 without details.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::FieldError;

use crate::config::BODY_LIMIT;
use serde::Serialize;
use serde_json::{json, Value};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("validation failed")]
    Invalid(Vec<FieldError>),
    /// A submission refused because steps are not finished (422): one item per step, under its name, with its route
    /// and what is missing.
    #[error("the application is not complete")]
    Unfinished(Vec<engine::step::Unfinished>),
    /// A coded refusal of the spec: a pricing error code (stateError, changePid, ...), or a cart refusal (blackout,
    /// alreadyActive, decline). `extra` is merged into the answer (the new pid, the prices shown beside Enroll Now).
    #[error("{message}")]
    Coded { code: &'static str, message: String, extra: Value },
    /// A request another site made the browser send, or one for what the session may not see (403).
    #[error("{0}")]
    Forbidden(String),
    /// A call that needs credentials the request did not carry (401, with a Basic challenge).
    #[error("{0}")]
    Unauthorized(String),
    /// A call that needs a signed-in person (a rep), whose session only gave a public code (401, no challenge: the
    /// words say how to sign in).
    #[error("{0}")]
    SignInRequired(String),
    /// Too many calls of this kind from one client, or too many e-mails to one address (429).
    #[error("throttled")]
    Throttled { retry_after: u64 },
    /// The body is over the limit (413).
    #[error("too large")]
    TooLarge,
    /// What the request carries is over a limit of its own (413: a carrier's questionnaire), each under its field in
    /// its words.
    #[error("too large")]
    Oversized(Vec<FieldError>),
    /// Done as often as it may be for now (429, with `Retry-After`), in words that say which limit (a carrier's
    /// publishes an hour).
    #[error("{message}")]
    TooOften { retry_after: u64, message: String },
    /// The address (path and query) is over the limit (414).
    #[error("address too long")]
    UriTooLong,
    /// The request took longer than the server allows (408).
    #[error("timed out")]
    TimedOut,
    /// A known call asked with a method it does not take (405; the Allow header says which it takes).
    #[error("method not allowed")]
    MethodNotAllowed,
    /// The database cannot be reached or cannot take a write (503, with the words for people).
    #[error("{0}")]
    Unavailable(&'static str),
    /// The replica holds as many connections as it may: a new visitor is told at once to try again shortly (503).
    #[error("busy")]
    Busy,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// What a call answers while the database cannot be reached (stopped, unreachable, every connection busy too long).
pub const SERVICE_UNAVAILABLE: &str = "The service is temporarily unavailable. Please try again in a moment.";
/// What a visitor is told while the store holds as many people as it can.
pub const BUSY: &str = "Many people are using the store right now. Please try again in a moment.";
/// How soon a visitor told [`BUSY`] may try again, in seconds.
pub const BUSY_RETRY_AFTER: u64 = 2;
/// What a visitor is told who tried something too often too quickly.
pub const TOO_MANY_ATTEMPTS: &str = "Too many attempts. Please wait a moment and try again.";
/// What a request that ran past the time limit is answered.
pub const TIMED_OUT: &str = "The request took too long. Please try again.";
/// What a call that failed for a reason of the store's own is answered (the reason goes to the log).
pub const SOMETHING_WENT_WRONG: &str = "Something went wrong. Please try again.";
/// What a call is answered when sent with a method it does not take.
pub const WRONG_METHOD: &str = "This call does not take this method";

fn too_large() -> String {
    format!("The request is too large. Please send at most {} MB.", BODY_LIMIT / (1024 * 1024))
}

fn too_long_an_address() -> String {
    format!(
        "This address is too long. Addresses of the store are at most {} characters.",
        crate::config::MOST_URI_BYTES
    )
}

/// Every text the store's own refusals show people (not a call's checks, which come from the engine and the
/// workflows; the limits of a carrier's questionnaire are the store's own): each must have its translation in every
/// language the store speaks.
pub fn own_refusals() -> Vec<String> {
    [SERVICE_UNAVAILABLE, BUSY, STORAGE_FULL, TOO_MANY_ATTEMPTS, TIMED_OUT, SOMETHING_WENT_WRONG, WRONG_METHOD]
        .map(String::from)
        .into_iter()
        .chain([too_large(), too_long_an_address()])
        .chain(engine::shop::plan_questions::limits::refusals())
        .collect()
}

/// What a call that writes answers while the database's disk is full.
pub const STORAGE_FULL: &str =
    "The store cannot save anything right now. What you saved before is safe; please try again in a few minutes.";

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        match unavailability(&e) {
            Some(words) => {
                tracing::warn!(error = %e, "the database is unavailable");
                ApiError::Unavailable(words)
            }
            None => ApiError::Internal(e.into()),
        }
    }
}

/// Whether a database error means the database cannot be used now (not that the call was wrong): its words.
fn unavailability(e: &sqlx::Error) -> Option<&'static str> {
    match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => {
            Some(SERVICE_UNAVAILABLE)
        }
        sqlx::Error::Database(db) if storage_full(db.code().as_deref(), db.message()) => Some(STORAGE_FULL),
        // PostgreSQL going away under a connection (a restart: "terminating connection due to administrator
        // command", 57P01; a crash, 57P02; starting up, 57P03) or the connection failing (class 08): the call was
        // not done, and can be made again once the database is back.
        sqlx::Error::Database(db)
            if db.code().is_some_and(|code| code.starts_with("57P") || code.starts_with("08")) =>
        {
            Some(SERVICE_UNAVAILABLE)
        }
        _ => None,
    }
}

/// SQLite's SQLITE_FULL (13), PostgreSQL's disk_full (53100), or a message that says the disk is full.
fn storage_full(code: Option<&str>, message: &str) -> bool {
    matches!(code, Some("13") | Some("53100"))
        || message.contains("disk is full")
        || message.contains("No space left on device")
}

/// Whether an error (of the store, perhaps wrapped) says the database's disk is full.
pub fn is_storage_full(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<sqlx::Error>().is_some_and(|e| unavailability(e) == Some(STORAGE_FULL))
            || cause.to_string().contains("No space left on device")
    })
}

impl ApiError {
    pub fn field(target: &str, message: impl Into<String>) -> ApiError {
        ApiError::Invalid(vec![FieldError::new(target, message)])
    }

    /// The refusal as the step protocol answers it: the spec's words that are not written for people in plain
    /// words (`engine::words`); the spec's calls answer them as they are.
    pub fn in_plain_words(self) -> ApiError {
        let plain = |fields: Vec<FieldError>| {
            fields
                .into_iter()
                .map(|f| {
                    let words = engine::words::plain(&f.error_message).to_string();
                    FieldError { error_message: words, ..f }
                })
                .collect()
        };
        match self {
            ApiError::Invalid(fields) => ApiError::Invalid(plain(fields)),
            ApiError::Unfinished(steps) => ApiError::Unfinished(
                steps.into_iter().map(|u| engine::step::Unfinished { missing: plain(u.missing), ..u }).collect(),
            ),
            other => other,
        }
    }

    pub fn pricing(error: engine::rating::PricingError) -> ApiError {
        let extra = match error {
            engine::rating::PricingError::ChangePid(pid) => json!({ "pid": pid }),
            _ => json!({}),
        };
        ApiError::Coded { code: error.code(), message: error.message(), extra }
    }

    pub fn coded(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Coded { code, message: message.into(), extra: json!({}) }
    }

    pub fn plan_not_found() -> ApiError {
        ApiError::NotFound("Plan not found".into())
    }

    pub fn enrollment_not_found() -> ApiError {
        ApiError::NotFound("Enrollment not found".into())
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// The spec's list answers: `data: { result }`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "Result_{T}")]
pub struct Listed<T> {
    pub result: T,
}

/// An answer that only says what happened, in words for the person.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Message {
    pub message: String,
}

/// An answer that may be empty: `Some` in the envelope (200), `None` as 204 No Content, as the spec answers a code or
/// a question set it does not know.
pub struct MaybeAnswer<T>(pub Option<T>);

impl<T: Serialize> IntoResponse for MaybeAnswer<T> {
    fn into_response(self) -> Response {
        match self.0 {
            Some(data) => Answer(data).into_response(),
            None => StatusCode::NO_CONTENT.into_response(),
        }
    }
}

/// A successful answer whose `data` has a type (and so a schema in the API's document): `{ status: success, data }`.
pub struct Answer<T>(pub T);

impl<T: Serialize> IntoResponse for Answer<T> {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Envelope<'a, T> {
            status: &'static str,
            data: &'a T,
        }
        Json(Envelope { status: "success", data: &self.0 }).into_response()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut extra = None;
        let mut retry_after = None;
        let mut challenge = false;
        let (status, items, code) = match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, vec![FieldError::new("", m)], None),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, vec![FieldError::new("", m)], None),
            ApiError::Conflict(m) => (StatusCode::CONFLICT, vec![FieldError::new("version", m)], None),
            ApiError::Invalid(items) => (StatusCode::UNPROCESSABLE_ENTITY, items, None),
            ApiError::Unfinished(unfinished) => {
                // Each item is a step: its name, route and title, why it is unfinished and what is missing there.
                let message = engine::step::unfinished_message(&unfinished);
                extra = Some(json!({ "message": message, "data": unfinished }));
                (StatusCode::UNPROCESSABLE_ENTITY, Vec::new(), None)
            }
            ApiError::Coded { code, message, extra: more } => {
                extra = Some(more);
                (StatusCode::UNPROCESSABLE_ENTITY, vec![FieldError::new("", message)], Some(code))
            }
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, vec![FieldError::new("", m)], None),
            ApiError::Unauthorized(m) => {
                challenge = true;
                (StatusCode::UNAUTHORIZED, vec![FieldError::new("", m)], None)
            }
            ApiError::SignInRequired(m) => (StatusCode::UNAUTHORIZED, vec![FieldError::new("", m)], None),
            ApiError::Throttled { retry_after: seconds } => {
                retry_after = Some(seconds);
                (StatusCode::TOO_MANY_REQUESTS, vec![FieldError::new("", TOO_MANY_ATTEMPTS)], None)
            }
            ApiError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, vec![FieldError::new("", too_large())], None),
            ApiError::Oversized(items) => (StatusCode::PAYLOAD_TOO_LARGE, items, None),
            ApiError::TooOften { retry_after: seconds, message } => {
                retry_after = Some(seconds);
                (StatusCode::TOO_MANY_REQUESTS, vec![FieldError::new("", message)], None)
            }
            ApiError::UriTooLong => (StatusCode::URI_TOO_LONG, vec![FieldError::new("", too_long_an_address())], None),
            ApiError::TimedOut => (StatusCode::REQUEST_TIMEOUT, vec![FieldError::new("", TIMED_OUT)], None),
            ApiError::MethodNotAllowed => {
                (StatusCode::METHOD_NOT_ALLOWED, vec![FieldError::new("", WRONG_METHOD)], None)
            }
            ApiError::Unavailable(words) => {
                retry_after = Some(30);
                (StatusCode::SERVICE_UNAVAILABLE, vec![FieldError::new("", words)], None)
            }
            ApiError::Busy => {
                retry_after = Some(BUSY_RETRY_AFTER);
                (StatusCode::SERVICE_UNAVAILABLE, vec![FieldError::new("", BUSY)], None)
            }
            // A store error wrapped on its way up (a workflow version read, say) is answered as what it is.
            ApiError::Internal(e) if e.downcast_ref::<sqlx::Error>().and_then(unavailability).is_some() => {
                let words = e.downcast_ref::<sqlx::Error>().and_then(unavailability).unwrap_or(SERVICE_UNAVAILABLE);
                tracing::warn!(error = %e, "the database is unavailable");
                retry_after = Some(30);
                (StatusCode::SERVICE_UNAVAILABLE, vec![FieldError::new("", words)], None)
            }
            ApiError::Internal(e) => {
                tracing::error!(error = ?e, "internal error");
                let item = FieldError::new("", SOMETHING_WENT_WRONG);
                (StatusCode::INTERNAL_SERVER_ERROR, vec![item], None)
            }
        };
        let message = items.first().map(|i| i.error_message.clone()).unwrap_or_default();
        let mut body = json!({ "status": "error", "statusCode": status.as_u16(), "message": message, "data": items });
        if let Some(code) = code {
            // The spec's plan pricing answers carry the code as statusCode (statusCode changePid with a pid).
            body["code"] = json!(code);
            body["statusCode"] = json!(code);
        }
        for (k, v) in extra.as_ref().and_then(Value::as_object).into_iter().flatten() {
            body[k] = v.clone();
        }
        let mut response = (status, Json(body)).into_response();
        if challenge {
            let challenge = axum::http::HeaderValue::from_static("Basic realm=\"site settings\"");
            response.headers_mut().insert(axum::http::header::WWW_AUTHENTICATE, challenge);
        }
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_the_store_makes_itself_reads_in_every_language_it_speaks() {
        let words = engine::i18n::Words::shipped();
        for language in engine::i18n::other_languages() {
            for text in own_refusals() {
                let said = words.translate(language, &text);
                assert_ne!(said.as_ref(), text.as_str(), "\"{text}\" has no translation in {language}");
            }
        }
        let too_large = words.translate("es", &too_large()).into_owned();
        assert!(too_large.contains(&(BODY_LIMIT / (1024 * 1024)).to_string()), "the number is carried: {too_large}");
    }

    /// A database's refusal with a SQLSTATE code, as a driver reports it.
    #[derive(Debug)]
    struct Refusal(&'static str, &'static str);

    impl std::fmt::Display for Refusal {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.1)
        }
    }

    impl std::error::Error for Refusal {}

    impl sqlx::error::DatabaseError for Refusal {
        fn message(&self) -> &str {
            self.1
        }
        fn code(&self) -> Option<std::borrow::Cow<'_, str>> {
            Some(self.0.into())
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    fn status_of(error: sqlx::Error) -> StatusCode {
        ApiError::from(error).into_response().status()
    }

    #[test]
    fn a_database_restarting_under_a_call_is_answered_try_again_never_something_went_wrong() {
        let restarted = Refusal("57P01", "terminating connection due to administrator command");
        assert_eq!(status_of(sqlx::Error::Database(Box::new(restarted))), StatusCode::SERVICE_UNAVAILABLE);
        let starting = Refusal("57P03", "the database system is starting up");
        assert_eq!(status_of(sqlx::Error::Database(Box::new(starting))), StatusCode::SERVICE_UNAVAILABLE);
        // Wrapped on its way up, as the writer's errors are.
        let wrapped = ApiError::Internal(anyhow::Error::from(sqlx::Error::Database(Box::new(Refusal(
            "57P01",
            "terminating connection due to administrator command",
        )))));
        let answer = wrapped.into_response();
        assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(answer.headers()[axum::http::header::RETRY_AFTER], "30");
        // A refusal of the call itself stays what it is.
        let unique = Refusal("23505", "duplicate key value violates unique constraint");
        assert_eq!(status_of(sqlx::Error::Database(Box::new(unique))), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
