//! The carriers' console (`/carrier/...`): a carrier's staff, signed in by their portal's link, edit their plans'
//! eligibility and health questions, preview them as applicants meet them, compare a draft with what is published,
//! publish it as a new version of the workflows, bring back an earlier one, and keep any version as a YAML file.
//! The rules are `domain::carrier_console`'s.

mod pages;

use aide::axum::routing::{get, post, put};
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use engine::shop::plan_questions::limits;
use engine::shop::plan_questions::{PlanApplication, PlanEligibility, PlanHealth, PlanQuestionnaire};
use engine::step::Step;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::carrier_console::versions::{self, PlanQuestions};
use crate::domain::carrier_console::Staff;
use crate::domain::carrier_console::{self as console, Tried};
use crate::domain::session::Session;
use crate::error::Said;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::MALFORMED;
use crate::http::extract::{AppJson, AppQuery};
use crate::state::{AppState, Live};

/// The sign-in link's page, outside the API.
pub fn pages() -> axum::Router<Live> {
    pages::routes()
}

pub fn routes() -> ApiRouter<Live> {
    // A draft's and a file's requests are bounded, and scanned for their depth, before they are read as JSON.
    let bounded = || axum::middleware::from_fn(bounded);
    ApiRouter::new()
        .api_route("/carrier/me", get(me))
        .api_route("/carrier/sign-out", post(sign_out))
        .api_route("/carrier/questionnaire-form", get(questionnaire_form))
        .api_route("/carrier/questionnaires", get(questionnaires))
        .api_route("/carrier/questionnaires/{plan_id}", get(questionnaire))
        .api_route("/carrier/questionnaires/{plan_id}/draft", put(save_draft).delete(discard_draft).layer(bounded()))
        .api_route("/carrier/questionnaires/{plan_id}/draft/preview", get(preview).post(try_preview))
        .api_route("/carrier/questionnaires/{plan_id}/draft/publish", post(publish_draft))
        .api_route("/carrier/questionnaires/{plan_id}/versions/{publish_id}/publish", post(publish_again))
        .api_route("/carrier/questionnaires/{plan_id}/export", get(export))
        .api_route("/carrier/questionnaires/{plan_id}/import", post(import).layer(bounded()))
}

/// A draft's or a file's request: refused over `limits::MOST_BYTES` before it is read further (413: a larger
/// questionnaire is no real one), and nested past `limits::MOST_DEPTH` before it is parsed (422); otherwise handed
/// on as it came.
async fn bounded(request: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    use futures_util::StreamExt;
    let field = if request.uri().path().ends_with("/import") { "yaml" } else { "" };
    let language = crate::language::current();
    let too_large =
        || ApiError::Oversized(vec![engine::FieldError::new(field, limits::too_large(language))]).into_response();
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits::MOST_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    let mut bytes = Vec::new();
    let mut chunks = body.into_data_stream();
    while let Some(chunk) = chunks.next().await {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(e) => {
                let why = format!("Failed to buffer the request body: {e}");
                return ApiError::BadRequest(Said::with(MALFORMED, &[("why", &why)])).into_response();
            }
        };
        if bytes.len() + chunk.len() > limits::MOST_BYTES {
            return too_large();
        }
        bytes.extend_from_slice(&chunk);
    }
    if let Some(line) = std::str::from_utf8(&bytes).ok().and_then(|text| limits::deeper_than(text, limits::MOST_DEPTH))
    {
        return ApiError::field("", Said::resolved(limits::too_deep_at(line, language))).into_response();
    }
    next.run(axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes))).await
}

/// Who is signed in to the console.
#[derive(Serialize, JsonSchema)]
pub struct Me {
    carrier_id: i64,
    carrier_name: String,
    /// The name the sign-in link gave.
    staff_name: String,
}

/// `GET /carrier/me`: who is signed in (401 for a session that is not a carrier's).
async fn me(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Me>> {
    let staff = console::staff(&state, &session).await?;
    let carrier_name = state.catalogue.carrier_name(staff.carrier_id).to_string();
    Ok(Answer(Me { carrier_id: staff.carrier_id, carrier_name, staff_name: staff.name }))
}

/// `POST /carrier/sign-out`: the session's carrier staff are signed out (a session signed in as no one is answered
/// the same).
async fn sign_out(State(state): State<AppState>, session: Session) -> ApiResult<Answer<crate::error::Message>> {
    console::sign_out(&state, &session).await?;
    Ok(Answer(crate::error::Message::said("You are signed out of the carrier console.")))
}

/// The console's form of a plan's questions.
#[derive(Serialize, JsonSchema)]
pub struct QuestionnaireForm {
    /// JSON Schema of the form's data (a plan's questionnaire without its kind and plan).
    schema: Value,
    ui_schema: Value,
}

/// `GET /carrier/questionnaire-form`: the form the console edits a plan's questions with.
async fn questionnaire_form(State(state): State<AppState>, session: Session) -> ApiResult<Answer<QuestionnaireForm>> {
    console::staff(&state, &session).await?;
    let current = state.workflows.current();
    let questionnaire =
        current.wizard.forms.get(&engine::tabs::TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.as_ref());
    let detail_sets: Vec<String> = questionnaire.map(|q| q.detail_sets.keys().cloned().collect()).unwrap_or_default();
    let (schema, ui_schema) = engine::shop::plan_questions::editor_form(&detail_sets);
    Ok(Answer(QuestionnaireForm { schema, ui_schema }))
}

/// `GET /carrier/questionnaires`: the questions of each of the session's carrier's plans.
async fn questionnaires(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<PlanQuestions>>> {
    let staff = console::staff(&state, &session).await?;
    let mut plans = Vec::new();
    for plan in state.catalogue.plans.iter().filter(|p| p.carrier_id == staff.carrier_id) {
        plans.push(versions::view(&state, plan).await?);
    }
    Ok(Answer(plans))
}

/// `GET /carrier/questionnaires/{plan_id}`: one plan's questions.
async fn questionnaire(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
) -> ApiResult<Answer<PlanQuestions>> {
    let (_, plan) = own(&state, &session, &plan_id).await?;
    Ok(Answer(versions::view(&state, plan).await?))
}

/// The session's carrier staff and their plan `plan_id` (401, 404 or 403 otherwise).
async fn own<'s>(
    state: &'s AppState,
    session: &Session,
    plan_id: &str,
) -> ApiResult<(Staff, &'s engine::catalogue::Plan)> {
    let staff = console::staff(state, session).await?;
    let plan_id = crate::input::parse_id(Some(&Value::String(plan_id.to_string())), "plan_id")?;
    let plan = console::own_plan(state, &staff, plan_id)?;
    Ok((staff, plan))
}

/// A plan's questions as the console sends them: the workflow format of a plan's questionnaire (its kind and plan
/// are the address's).
#[derive(Deserialize, JsonSchema)]
pub struct QuestionnaireBody {
    /// Asked before the plan can be added to the cart; leave it out (or its questions empty) to ask none.
    #[schemars(with = "Option<PlanEligibility>")]
    eligibility: Option<Value>,
    /// Asked before the plan is priced; leave it out (or its questions empty) to ask none.
    #[schemars(with = "Option<PlanHealth>")]
    health: Option<Value>,
    /// Added to the application's Health Questions step when the cart holds the plan; leave it out (or its questions
    /// empty) to add none.
    #[schemars(with = "Option<PlanApplication>")]
    application: Option<Value>,
    /// Any other name: kept, to be refused under it (a misspelt part is no part the plan leaves out).
    #[serde(flatten)]
    #[schemars(skip)]
    others: serde_json::Map<String, Value>,
}

impl QuestionnaireBody {
    /// The document it says: a part with no question is left out (the plan asks none of it); any other name stays,
    /// for the check to refuse.
    fn document(self) -> Value {
        let form = serde_json::json!({ "eligibility": self.eligibility, "health": self.health, "application": self.application });
        let mut document = engine::shop::plan_questions::from_form(&form);
        if let Some(object) = document.as_object_mut() {
            object.extend(self.others);
        }
        document
    }
}

/// `PUT /carrier/questionnaires/{plan_id}/draft`: saves the draft; refused (422) with the checker's words at the
/// field they are about, and then nothing is saved.
async fn save_draft(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
    AppJson(body): AppJson<QuestionnaireBody>,
) -> ApiResult<Answer<PlanQuestions>> {
    let (staff, plan) = own(&state, &session, &plan_id).await?;
    let questionnaire = console::checked(&state, plan, &body.document()).await?;
    versions::keep_draft(&state, &staff, plan, &questionnaire).await?;
    Ok(Answer(versions::view(&state, plan).await?))
}

/// `DELETE /carrier/questionnaires/{plan_id}/draft`: the draft is discarded.
async fn discard_draft(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
) -> ApiResult<Answer<PlanQuestions>> {
    let (_, plan) = own(&state, &session, &plan_id).await?;
    versions::discard_draft(&state, plan).await?;
    Ok(Answer(versions::view(&state, plan).await?))
}

/// The steps an applicant would meet.
#[derive(Serialize, JsonSchema)]
pub struct Preview {
    /// The plan's popups in the order they open: its eligibility questions, then its health questions (only those
    /// it asks), each drawn as the shop draws it; then the application's Health Questions step, when the plan adds
    /// questions to it.
    steps: Vec<Step>,
}

/// `GET /carrier/questionnaires/{plan_id}/draft/preview`: the draft's popups as an applicant meets them (what is
/// published, when there is no draft).
async fn preview(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
) -> ApiResult<Answer<Preview>> {
    let (_, plan) = own(&state, &session, &plan_id).await?;
    let questionnaire = versions::draft_or_published(&state, plan).await?;
    Ok(Answer(Preview { steps: console::preview(&state, plan, &questionnaire).await? }))
}

/// A preview's popup answered.
#[derive(Deserialize, JsonSchema)]
pub struct TryAnswers {
    /// `eligibility` or `health_questions`.
    popup: String,
    /// The popup's form data, as an applicant would send it.
    #[serde(default)]
    answers: Value,
}

/// What an applicant would be told.
#[derive(Serialize, JsonSchema)]
pub struct Outcome {
    /// `accepted` (the applicant goes on) or `declined`.
    outcome: &'static str,
    message: String,
}

/// `POST /carrier/questionnaires/{plan_id}/draft/preview`: answers a preview's popup as an applicant would, to see
/// which answers decline (nothing is stored).
async fn try_preview(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
    AppJson(body): AppJson<TryAnswers>,
) -> ApiResult<Answer<Outcome>> {
    let (_, plan) = own(&state, &session, &plan_id).await?;
    let questionnaire = versions::draft_or_published(&state, plan).await?;
    let answers = if body.answers.is_null() { Value::Object(Default::default()) } else { body.answers };
    Ok(Answer(match console::try_answers(&questionnaire, &body.popup, &answers)? {
        Tried::Accepted(message) => Outcome { outcome: "accepted", message },
        Tried::Declined(message) => Outcome { outcome: "declined", message },
    }))
}

/// A publish's note.
#[derive(Deserialize, JsonSchema)]
pub struct PublishBody {
    /// What the change is, for the history.
    #[serde(default)]
    note: String,
    /// The draft's revision this publish means (the one on screen); without it, the draft as it is now.
    revision: Option<i64>,
    /// The carrier says the draft may be published with words in another language older than their English.
    stale_confirmed: Option<bool>,
}

/// A version published.
#[derive(Serialize, JsonSchema)]
pub struct Published {
    publish_id: i64,
    /// The workflow version it made current: new applicants answer it; applications started before keep theirs.
    workflow_version: String,
}

/// `POST /carrier/questionnaires/{plan_id}/draft/publish`: the draft becomes a new version of the workflows (409
/// when it was published or changed meanwhile).
async fn publish_draft(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
    AppJson(body): AppJson<PublishBody>,
) -> ApiResult<Answer<Published>> {
    let (staff, plan) = own(&state, &session, &plan_id).await?;
    let made =
        versions::publish_draft(&state, &staff, plan, body.revision, &body.note, body.stale_confirmed == Some(true))
            .await?;
    Ok(Answer(Published { publish_id: made.publish_id, workflow_version: made.version }))
}

/// `POST /carrier/questionnaires/{plan_id}/versions/{publish_id}/publish`: an earlier publish is published again (a
/// rollback), as a new version; a draft stays as it is.
async fn publish_again(
    State(state): State<AppState>,
    session: Session,
    Path((plan_id, publish_id)): Path<(String, String)>,
    AppJson(body): AppJson<PublishBody>,
) -> ApiResult<Answer<Published>> {
    let (staff, plan) = own(&state, &session, &plan_id).await?;
    let made = versions::publish_again(&state, &staff, plan, &publish_id, &body.note).await?;
    Ok(Answer(Published { publish_id: made.publish_id, workflow_version: made.version }))
}

/// Which version to export.
#[derive(Deserialize, JsonSchema)]
pub struct ExportQuery {
    /// `published` (the default: what applicants are asked now), `draft`, or a publish's id.
    version: Option<String>,
}

/// A version as the workflow file it is.
#[derive(Serialize, JsonSchema)]
pub struct Exported {
    /// The file's name among the workflow files.
    file_name: String,
    /// The file: YAML of the `questionnaire` format (its JSON Schema: `GET /workflow-schemas/questionnaire`).
    yaml: String,
}

/// `GET /carrier/questionnaires/{plan_id}/export`: a version as the YAML of a workflow file, for the carrier's own
/// version control.
async fn export(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
    AppQuery(query): AppQuery<ExportQuery>,
) -> ApiResult<Answer<Exported>> {
    let (_, plan) = own(&state, &session, &plan_id).await?;
    let questionnaire = versions::version(&state, plan, query.version.as_deref()).await?;
    Ok(Answer(Exported { file_name: PlanQuestionnaire::file_name(plan.plan_id), yaml: questionnaire.to_yaml() }))
}

/// A workflow file to make the draft of.
#[derive(Deserialize, JsonSchema)]
pub struct ImportBody {
    /// The file's text: YAML (or JSON) of the `questionnaire` format.
    yaml: String,
}

/// `POST /carrier/questionnaires/{plan_id}/import`: an uploaded file becomes the plan's draft, checked as a draft is.
async fn import(
    State(state): State<AppState>,
    session: Session,
    Path(plan_id): Path<String>,
    AppJson(body): AppJson<ImportBody>,
) -> ApiResult<Answer<PlanQuestions>> {
    let (staff, plan) = own(&state, &session, &plan_id).await?;
    let questionnaire = console::imported(&state, plan, &body.yaml).await?;
    versions::keep_draft(&state, &staff, plan, &questionnaire).await?;
    Ok(Answer(versions::view(&state, plan).await?))
}
