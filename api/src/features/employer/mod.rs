//! The employer's console (`/employer/...`), for a group's administrator signed in by the group's link or by a code
//! e-mailed to the group's address on file (`/employer/sign-in`): the plan
//! year and the coverage offered with the employer's share, the census (uploaded whole as CSV or .xlsx, or one
//! employee at a time), the census quote with what-ifs, and participation. The rules are `domain::employer`'s and
//! the engine's. Calls of this store, not of the spec.

use aide::axum::routing::{get, post, put};
use aide::axum::ApiRouter;
use axum::extract::{Path, State};
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::domain::access::CodeSent;
use crate::domain::employer::deductions::{self, DeductionFile};
use crate::domain::employer::invitations::{self, Invited, MyEnrollment};
use crate::domain::employer::{self, CensusEmployee, CensusQuote, Console, EmployeeForm, Imported, QuoteAsk};
use crate::domain::session::Session;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::AppJson;
use crate::http::session::{Renewed, WithSession};
use crate::state::{AppState, Live};

/// An invitation's link, opened.
#[derive(Deserialize, JsonSchema)]
pub struct OpenInvitation {
    /// The token of the invitation's link.
    token: Option<String>,
}

/// An employee waives the group's coverage.
#[derive(Deserialize, JsonSchema)]
pub struct Waive {
    reason: Option<engine::employer::participation::WaiveReason>,
}

/// Why an employee waives: required.
pub const CHOOSE_REASON: &str = "Please choose why you do not need this coverage";

/// An employee's last day of work.
#[derive(Deserialize, JsonSchema)]
pub struct Terminate {
    /// MM/DD/YYYY; empty to record that the employee did not leave after all.
    last_day: Option<String>,
}

/// An administrator asks for a sign-in code.
#[derive(Deserialize, JsonSchema)]
pub struct AdminEmail {
    /// The group's e-mail address on file.
    email: Option<String>,
}

/// The code from the e-mail.
#[derive(Deserialize, JsonSchema)]
pub struct AdminCode {
    /// The six digits.
    code: Option<String>,
}

/// The group the session now administers.
#[derive(serde::Serialize, JsonSchema)]
pub struct AdminSignedIn {
    group_id: i64,
    name: String,
}

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/employer/sign-in/send-code", post(send_admin_code))
        .api_route("/employer/sign-in", post(admin_sign_in))
        .api_route("/employer", get(console))
        .api_route("/employer/settings", put(save_settings))
        .api_route("/employer/census", get(census).post(import))
        .api_route("/employer/census/template", get(template))
        .api_route("/employer/employees", post(add_employee))
        .api_route("/employer/employees/{employee_id}", put(update_employee))
        .api_route("/employer/employees/{employee_id}/terminate", post(terminate_employee))
        .api_route("/employer/quote", post(quote))
        .api_route("/employer/participation", get(participation))
        .api_route("/employer/participation/export", get(participation_export))
        .api_route("/employer/invitations", post(invite))
        .api_route("/employer/deductions", get(deduction_files).post(make_deductions))
        .api_route("/employer/deductions/{period_start}", get(deduction_file))
        .api_route("/employee/invitation", post(open_invitation))
        .api_route("/employee/enrollment", get(my_enrollment))
        .api_route("/employee/waive", post(waive))
}

/// Makes the payroll deduction file of the pay period that holds today, once a period.
async fn make_deductions(State(state): State<AppState>, session: Session) -> ApiResult<Answer<DeductionFile>> {
    Ok(Answer(deductions::make(&state, &session).await?))
}

/// The payroll deduction files made, newest first.
async fn deduction_files(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<DeductionFile>>> {
    Ok(Answer(deductions::files(&state, &session).await?))
}

/// A pay period's deduction file, as CSV.
async fn deduction_file(State(state): State<AppState>, session: Session, Path(period): Path<String>) -> ApiResult<Csv> {
    let text = deductions::content(&state, &session, &period).await?;
    Ok(Csv { file_name: "deductions.csv", text })
}

/// Invites each eligible employee not invited yet, by e-mail, with a link of their own.
async fn invite(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Invited>> {
    Ok(Answer(invitations::invite(&state, &session).await?))
}

/// Opens an employee's invitation: the session continues, under a new id, as that employee of the group.
async fn open_invitation(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<OpenInvitation>,
) -> ApiResult<WithSession<Answer<MyEnrollment>>> {
    let token = body
        .token
        .filter(|t| !t.trim().is_empty())
        .ok_or_else(|| ApiError::field("token", invitations::INVITATION_FAILED))?;
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    let mine = invitations::open(&state, &session, &renewed.session, &token).await?;
    Ok(WithSession(renewed, Answer(mine)))
}

/// Where the session's employee stands: when they may enroll, and whether they waived.
async fn my_enrollment(State(state): State<AppState>, session: Session) -> ApiResult<Answer<MyEnrollment>> {
    Ok(Answer(invitations::mine(&state, &session).await?))
}

/// The session's employee waives the group's coverage, with why.
async fn waive(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<Waive>,
) -> ApiResult<Answer<MyEnrollment>> {
    let reason = body.reason.ok_or_else(|| ApiError::field("reason", CHOOSE_REASON))?;
    Ok(Answer(invitations::waive(&state, &session, reason).await?))
}

/// The console's front page: the group, its settings (and their form), what it may offer, the census's counts and
/// participation.
async fn console(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Console>> {
    Ok(Answer(employer::console(&state, &session).await?))
}

/// Sets the plan year and the coverage offered; refused field by field when anything cannot stand.
async fn save_settings(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<Value>,
) -> ApiResult<Answer<Console>> {
    Ok(Answer(employer::save_settings(&state, &session, body).await?))
}

/// The census, each employee with where they stand.
async fn census(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<CensusEmployee>>> {
    Ok(Answer(employer::census_list(&state, &session).await?))
}

/// Imports a census (the request's whole body: a CSV file or an Excel workbook), whole or not at all.
async fn import(
    State(state): State<AppState>,
    session: Session,
    body: axum::body::Bytes,
) -> ApiResult<Answer<Imported>> {
    Ok(Answer(employer::import(&state, &session, &body).await?))
}

/// The census template, to download and fill.
async fn template(State(state): State<AppState>, session: Session) -> ApiResult<Csv> {
    employer::administered(&state, &session).await?;
    Ok(Csv { file_name: "census-template.csv", text: engine::employer::census::template_csv() })
}

/// The employee named in the path; a path that names none is an unknown employee (404).
fn employee_id(given: &str) -> ApiResult<i64> {
    given.parse::<i64>().ok().filter(|n| *n > 0).ok_or_else(|| ApiError::NotFound(employer::NO_SUCH_EMPLOYEE.into()))
}

/// Adds one employee to the census.
async fn add_employee(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<EmployeeForm>,
) -> ApiResult<Answer<Vec<CensusEmployee>>> {
    Ok(Answer(employer::add_employee(&state, &session, &body).await?))
}

/// Replaces what the census says of one employee.
async fn update_employee(
    State(state): State<AppState>,
    session: Session,
    Path(given): Path<String>,
    AppJson(body): AppJson<EmployeeForm>,
) -> ApiResult<Answer<Vec<CensusEmployee>>> {
    Ok(Answer(employer::update_employee(&state, &session, employee_id(&given)?, &body).await?))
}

/// Records an employee's last day of work (or takes it back).
async fn terminate_employee(
    State(state): State<AppState>,
    session: Session,
    Path(given): Path<String>,
    AppJson(body): AppJson<Terminate>,
) -> ApiResult<Answer<Vec<CensusEmployee>>> {
    let id = employee_id(&given)?;
    Ok(Answer(employer::terminate_employee(&state, &session, id, body.last_day.as_deref()).await?))
}

/// The census quoted for the offered plans, under the group's contribution and the what-ifs asked.
async fn quote(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<QuoteAsk>,
) -> ApiResult<Answer<CensusQuote>> {
    Ok(Answer(employer::census_quote(&state, &session, &body).await?))
}

/// Enrolled, waived and not started, against the carriers' minimum.
async fn participation(
    State(state): State<AppState>,
    session: Session,
) -> ApiResult<Answer<engine::employer::participation::Participation>> {
    Ok(Answer(employer::participation(&state, &session).await?))
}

/// Where each employee stands, as a CSV file.
async fn participation_export(State(state): State<AppState>, session: Session) -> ApiResult<Csv> {
    Ok(Csv { file_name: "participation.csv", text: employer::participation_csv(&state, &session).await? })
}

/// A CSV file to download.
pub struct Csv {
    file_name: &'static str,
    text: String,
}

impl axum::response::IntoResponse for Csv {
    fn into_response(self) -> axum::response::Response {
        use axum::http::header;
        let disposition = format!("attachment; filename=\"{}\"", self.file_name);
        // A byte-order mark, so that Excel reads the file as UTF-8 and José stays José.
        let body = format!("\u{FEFF}{}", self.text);
        (
            [(header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, disposition)],
            body,
        )
            .into_response()
    }
}

impl aide::OperationOutput for Csv {
    type Inner = Self;

    fn operation_response(
        _ctx: &mut aide::generate::GenContext,
        _operation: &mut aide::openapi::Operation,
    ) -> Option<aide::openapi::Response> {
        Some(aide::openapi::Response {
            description: "A CSV file".into(),
            content: [("text/csv".to_string(), aide::openapi::MediaType::default())].into_iter().collect(),
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

/// Sends a sign-in code to the address when it is a group's e-mail on file; the answer is the same when it is not.
async fn send_admin_code(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<AdminEmail>,
) -> ApiResult<Answer<CodeSent>> {
    let email = body.email.filter(|e| !e.trim().is_empty()).ok_or_else(|| ApiError::field("email", REQUIRED))?;
    Ok(Answer(employer::sign_in::send_code(&state, &session, &email).await?))
}

/// The code from the e-mail opens the group's console: the session continues under a new id. A code works once, for
/// minutes, and five guesses at most.
async fn admin_sign_in(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<AdminCode>,
) -> ApiResult<WithSession<Answer<AdminSignedIn>>> {
    let code = body.code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("code", REQUIRED));
    }
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    let group = employer::sign_in::sign_in(&state, &session, &renewed.session, code).await?;
    Ok(WithSession(renewed, Answer(AdminSignedIn { group_id: group.group_id, name: group.name.clone() })))
}
