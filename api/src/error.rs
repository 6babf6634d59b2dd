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

/// The words of a refusal: one of the store's messages, said in the language of the request when the refusal is
/// answered, or words already in the reader's language (an author's, resolved where they were drawn; or the engine's
/// refusals, said where they were made). There is deliberately no conversion from a `String`: a message with parts
/// is said from its template ([`Said::with`]), never composed in English first.
///
/// Kept small (boxed parts): every handler's `Result` carries one.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    Message(&'static str),
    Filled(Box<(&'static str, Vec<(&'static str, String)>)>),
    Resolved(Box<str>),
}

impl From<&'static str> for Said {
    fn from(id: &'static str) -> Said {
        Said::Message(id)
    }
}

impl Said {
    /// The store's message `template` with its placeholders' values.
    pub fn with(template: &'static str, values: &[(&'static str, &dyn std::fmt::Display)]) -> Said {
        Said::Filled(Box::new((template, values.iter().map(|(name, value)| (*name, value.to_string())).collect())))
    }

    /// Words already in the reader's language.
    pub fn resolved(words: impl Into<String>) -> Said {
        Said::Resolved(words.into().into_boxed_str())
    }

    /// The words in `language`.
    pub fn in_language(&self, language: &str) -> String {
        match self {
            Said::Message(id) => engine::i18n::say(language, id).to_string(),
            Said::Filled(filled) => {
                let (template, values) = &**filled;
                let values: Vec<(&str, &dyn std::fmt::Display)> =
                    values.iter().map(|(name, value)| (*name, value as &dyn std::fmt::Display)).collect();
                engine::i18n::say_with(language, template, &values)
            }
            Said::Resolved(words) => words.to_string(),
        }
    }

    /// The words in the language of the request being answered.
    pub fn said(&self) -> String {
        self.in_language(crate::language::current())
    }
}

/// In English, as the log writes it.
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_language(engine::i18n::SOURCE))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(Said),
    #[error("{0}")]
    NotFound(Said),
    #[error("{0}")]
    Conflict(Said),
    #[error("validation failed")]
    Invalid(Vec<FieldError>),
    /// A submission refused because steps are not finished (422): one item per step, under its name, with its route
    /// and what is missing.
    #[error("the application is not complete")]
    Unfinished(Vec<engine::step::Unfinished>),
    /// A coded refusal of the spec: a pricing error code (stateError, changePid, ...), or a cart refusal (blackout,
    /// alreadyActive, decline). `extra` is merged into the answer (the new pid, the prices shown beside Enroll Now).
    #[error("{message}")]
    Coded { code: &'static str, message: Said, extra: Value },
    /// A request another site made the browser send, or one for what the session may not see (403).
    #[error("{0}")]
    Forbidden(Said),
    /// A call that needs credentials the request did not carry (401, with a Basic challenge).
    #[error("{0}")]
    Unauthorized(Said),
    /// A call that needs a signed-in person (a rep), whose session only gave a public code (401, no challenge: the
    /// words say how to sign in).
    #[error("{0}")]
    SignInRequired(Said),
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
    TooOften { retry_after: u64, message: Said },
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

const TOO_LARGE: &str = "The request is too large. Please send at most {megabytes} MB.";
const TOO_LONG_AN_ADDRESS: &str =
    "This address is too long. Addresses of the store are at most {characters} characters.";

fn too_large() -> Said {
    Said::with(TOO_LARGE, &[("megabytes", &(BODY_LIMIT / (1024 * 1024)))])
}

fn too_long_an_address() -> Said {
    Said::with(TOO_LONG_AN_ADDRESS, &[("characters", &crate::config::MOST_URI_BYTES)])
}

/// Every message the store's own refusals show people (not a call's checks, which come from the engine and the
/// workflows; the limits of a carrier's questionnaire are the store's own): each must have its translation in every
/// language the store speaks.
pub fn own_refusals() -> Vec<&'static str> {
    [
        SERVICE_UNAVAILABLE,
        BUSY,
        STORAGE_FULL,
        TOO_MANY_ATTEMPTS,
        TIMED_OUT,
        SOMETHING_WENT_WRONG,
        WRONG_METHOD,
        TOO_LARGE,
        TOO_LONG_AN_ADDRESS,
    ]
    .into_iter()
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
    /// A refusal of one field, its message said now in the request's language.
    pub fn field(target: &str, message: impl Into<Said>) -> ApiError {
        ApiError::Invalid(vec![FieldError::new(target, message.into().said())])
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
        let message = Said::resolved(error.message(crate::language::current()));
        ApiError::Coded { code: error.code(), message, extra }
    }

    pub fn coded(code: &'static str, message: impl Into<Said>) -> ApiError {
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

impl Message {
    /// One of the store's messages, said in the request's language.
    pub fn said(id: &'static str) -> Message {
        Message { message: crate::language::say(id).to_string() }
    }
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
        // Every refusal is said in the language of the request it answers, here where it becomes the answer.
        let language = crate::language::current();
        let say = |words: &'static str| engine::i18n::say(language, words);
        let said = |words: Said| FieldError::new("", words.in_language(language));
        let (status, items, code) = match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, vec![said(m)], None),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, vec![said(m)], None),
            ApiError::Conflict(m) => {
                (StatusCode::CONFLICT, vec![FieldError::new("version", m.in_language(language))], None)
            }
            ApiError::Invalid(items) => (StatusCode::UNPROCESSABLE_ENTITY, items, None),
            ApiError::Unfinished(unfinished) => {
                // Each item is a step: its name, route and title, why it is unfinished and what is missing there.
                let message = engine::step::unfinished_message(&unfinished, language);
                extra = Some(json!({ "message": message, "data": unfinished }));
                (StatusCode::UNPROCESSABLE_ENTITY, Vec::new(), None)
            }
            ApiError::Coded { code, message, extra: more } => {
                extra = Some(more);
                (StatusCode::UNPROCESSABLE_ENTITY, vec![said(message)], Some(code))
            }
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, vec![said(m)], None),
            ApiError::Unauthorized(m) => {
                challenge = true;
                (StatusCode::UNAUTHORIZED, vec![said(m)], None)
            }
            ApiError::SignInRequired(m) => (StatusCode::UNAUTHORIZED, vec![said(m)], None),
            ApiError::Throttled { retry_after: seconds } => {
                retry_after = Some(seconds);
                (StatusCode::TOO_MANY_REQUESTS, vec![FieldError::new("", say(TOO_MANY_ATTEMPTS))], None)
            }
            ApiError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, vec![said(too_large())], None),
            ApiError::Oversized(items) => (StatusCode::PAYLOAD_TOO_LARGE, items, None),
            ApiError::TooOften { retry_after: seconds, message } => {
                retry_after = Some(seconds);
                (StatusCode::TOO_MANY_REQUESTS, vec![said(message)], None)
            }
            ApiError::UriTooLong => (StatusCode::URI_TOO_LONG, vec![said(too_long_an_address())], None),
            ApiError::TimedOut => (StatusCode::REQUEST_TIMEOUT, vec![FieldError::new("", say(TIMED_OUT))], None),
            ApiError::MethodNotAllowed => {
                (StatusCode::METHOD_NOT_ALLOWED, vec![FieldError::new("", say(WRONG_METHOD))], None)
            }
            ApiError::Unavailable(words) => {
                retry_after = Some(30);
                (StatusCode::SERVICE_UNAVAILABLE, vec![FieldError::new("", say(words))], None)
            }
            ApiError::Busy => {
                retry_after = Some(BUSY_RETRY_AFTER);
                (StatusCode::SERVICE_UNAVAILABLE, vec![FieldError::new("", say(BUSY))], None)
            }
            // A store error wrapped on its way up (a workflow version read, say) is answered as what it is.
            ApiError::Internal(e) if e.downcast_ref::<sqlx::Error>().and_then(unavailability).is_some() => {
                let words = e.downcast_ref::<sqlx::Error>().and_then(unavailability).unwrap_or(SERVICE_UNAVAILABLE);
                tracing::warn!(error = %e, "the database is unavailable");
                retry_after = Some(30);
                (StatusCode::SERVICE_UNAVAILABLE, vec![FieldError::new("", say(words))], None)
            }
            ApiError::Internal(e) => {
                tracing::error!(error = ?e, "internal error");
                let item = FieldError::new("", say(SOMETHING_WENT_WRONG));
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
        for language in engine::i18n::other_languages() {
            for id in own_refusals() {
                assert_ne!(engine::i18n::say(language, id), id, "\"{id}\" has no translation in {language}");
            }
        }
        let spanish = too_large().in_language("es");
        assert!(spanish.contains(&(BODY_LIMIT / (1024 * 1024)).to_string()), "the number is carried: {spanish}");
        assert_ne!(spanish, too_large().in_language("en"));
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
