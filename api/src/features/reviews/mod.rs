//! The store's reviewers (`/reviews/...`): signed in by a single-use link (`enroll reviewer-link --name NAME`), they
//! read the queue of documents members sent as proof of a life event, open each file, and approve it, ask for
//! another or deny it, with a reason the member reads. The rules are `domain::after_sale::proof`'s. Calls of this
//! store, not of the spec.

mod pages;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::after_sale::proof::{self, Queued};
use crate::domain::session::Session;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::AppJson;
use crate::state::{AppState, Live};

/// The reviewer signed in.
#[derive(Serialize, JsonSchema)]
pub struct Reviewer {
    pub name: String,
}

/// A reviewer's decision on a document.
#[derive(Deserialize, JsonSchema)]
pub struct Decide {
    /// `approve`, `ask_again` or `deny`.
    decision: Option<String>,
    /// Why, in words the member reads (needed to ask again or deny).
    reason: Option<String>,
}

/// Done.
#[derive(Serialize, JsonSchema)]
pub struct Decided {
    pub document_id: i64,
}

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/reviews/me", get(me))
        .api_route("/reviews/sign-out", post(sign_out))
        .api_route("/reviews", get(queue))
        .api_route("/reviews/{document_id}", post(decide))
        .api_route("/reviews/{document_id}/file", get(file))
}

/// The sign-in link's page, outside the API.
pub fn pages() -> axum::Router<Live> {
    pages::routes()
}

/// Who is signed in to review.
async fn me(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Reviewer>> {
    Ok(Answer(Reviewer { name: proof::reviewer(&state, &session).await? }))
}

/// Ends the reviewer's sign-in.
async fn sign_out(State(state): State<AppState>, session: Session) -> ApiResult<Answer<crate::error::Message>> {
    proof::sign_out(&state, &session).await?;
    Ok(Answer(crate::error::Message::said("You are signed out of the reviews.")))
}

/// The documents waiting for a reviewer, oldest first.
async fn queue(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<Queued>>> {
    proof::reviewer(&state, &session).await?;
    Ok(Answer(proof::queue(&state).await?))
}

/// The document named in the path; a path that names none is an unknown document (404), as a number that names no
/// document is.
fn document_id(given: &str) -> ApiResult<i64> {
    given.parse::<i64>().ok().filter(|n| *n > 0).ok_or_else(|| ApiError::NotFound("No such document".into()))
}

/// A document's file, as it was sent (PDF, JPEG or PNG), for a reviewer's eyes only: never cached, and sandboxed so
/// that a PDF's scripts and forms never run as this site's page.
async fn file(State(state): State<AppState>, session: Session, Path(given): Path<String>) -> ApiResult<DocumentFile> {
    proof::reviewer(&state, &session).await?;
    let (file_type, bytes) = proof::file(&state, document_id(&given)?).await?;
    Ok(DocumentFile(file_type, bytes))
}

/// A document's bytes with its media type.
pub struct DocumentFile(engine::documents::FileType, Vec<u8>);

impl axum::response::IntoResponse for DocumentFile {
    fn into_response(self) -> axum::response::Response {
        use axum::http::header;
        let headers = [
            (header::CONTENT_TYPE, self.0.media_type()),
            (header::CACHE_CONTROL, "no-store"),
            (header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"),
        ];
        (headers, self.1).into_response()
    }
}

impl aide::OperationOutput for DocumentFile {
    type Inner = Self;

    fn operation_response(
        _ctx: &mut aide::generate::GenContext,
        _operation: &mut aide::openapi::Operation,
    ) -> Option<aide::openapi::Response> {
        let media = ["application/pdf", "image/jpeg", "image/png"];
        Some(aide::openapi::Response {
            description: "The file as the member sent it".into(),
            content: media.iter().map(|m| (m.to_string(), aide::openapi::MediaType::default())).collect(),
            ..Default::default()
        })
    }

    fn inferred_responses(
        ctx: &mut aide::generate::GenContext,
        operation: &mut aide::openapi::Operation,
    ) -> Vec<(Option<aide::openapi::StatusCode>, aide::openapi::Response)> {
        Self::operation_response(ctx, operation)
            .map(|r| vec![(Some(aide::openapi::StatusCode::Code(200)), r)])
            .unwrap_or_default()
    }
}

/// Approves a document, asks for another, or denies it; the member is told.
async fn decide(
    State(state): State<AppState>,
    session: Session,
    Path(given): Path<String>,
    AppJson(body): AppJson<Decide>,
) -> ApiResult<Answer<Decided>> {
    let by = proof::reviewer(&state, &session).await?;
    let id = document_id(&given)?;
    let decision =
        body.decision.filter(|d| !d.trim().is_empty()).ok_or_else(|| ApiError::field("decision", REQUIRED))?;
    proof::decide(&state, &by, id, &decision, body.reason.as_deref().unwrap_or_default()).await?;
    Ok(Answer(Decided { document_id: id }))
}
