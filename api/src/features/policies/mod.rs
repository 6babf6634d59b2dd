//! A submitted application as a policy, after the sale: its plans, their status and dates, its changes, and ending a
//! plan at the end of a month (`/policies/{id}`). Calls of this store, not of the spec.

use aide::axum::routing::{get, post, put};
use aide::axum::ApiRouter;
use axum::extract::State;
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::domain::after_sale::contact::{self, ContactForm};
use crate::domain::after_sale::household::{self, PersonForm, RemovalForm};
use crate::domain::after_sale::life_events::{self, LifeEventKind, ReportedEvent};
use crate::domain::after_sale::names::{self, NameForm};
use crate::domain::after_sale::payment::{self, PaymentForm};
use crate::domain::after_sale::plans::{self, PlanChoices};
use crate::domain::after_sale::proof;
use crate::domain::after_sale::save_later;
use crate::domain::after_sale::saved::{self, ChangeForm, ChangeSaved};
use crate::domain::after_sale::sign_in::{self, CodeSent, PolicySummary};
use crate::domain::after_sale::{self, Policy};
use crate::domain::session::Session;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::{AppJson, AppQuery, OwnedPath};
use crate::http::session::{Renewed, WithSession};
use crate::state::{AppState, Live};

/// Which plan to end, and why.
#[derive(Deserialize, JsonSchema)]
pub struct EndPlan {
    /// The plan to end: one the policy holds.
    plan_id: Option<Value>,
    /// Why it is ended (kept with the change).
    reason: Option<String>,
}

/// A life event to report.
#[derive(Deserialize, JsonSchema)]
pub struct ReportEvent {
    /// One of the kinds `GET /policies/{id}/life-events` lists.
    kind: Option<String>,
    /// The day it happened, or will (MM/DD/YYYY).
    event_date: Option<String>,
}

/// A person to add for a reported life event.
#[derive(Deserialize, JsonSchema)]
pub struct AddPerson {
    /// One of the events `GET /policies/{id}/add-person` lists.
    life_event_id: Option<Value>,
    /// The person, as `GET /policies/{id}/add-person`'s schema asks.
    person: Option<Value>,
}

/// A plan to choose for a reported life event.
#[derive(Deserialize, JsonSchema)]
pub struct ChoosePlan {
    /// One of the events `GET /policies/{id}/plans` lists.
    life_event_id: Option<Value>,
    /// One of the plans it offers for that event, at one of its levels.
    plan_id: Option<Value>,
    plan_pricing_id: Option<Value>,
}

/// A person to take off the coverage for a reported life event.
#[derive(Deserialize, JsonSchema)]
pub struct RemovePerson {
    /// One of the events `GET /policies/{id}/remove-person` lists.
    life_event_id: Option<Value>,
    /// One of the people it lists.
    member_index: Option<Value>,
}

/// The subscriber's contact details, as Contact Information asks them.
#[derive(Deserialize, JsonSchema)]
pub struct ChangeContact {
    /// The whole of Contact Information, as `GET /policies/{id}/contact`'s schema asks it.
    contact: Option<Value>,
}

/// A covered person's new name.
#[derive(Deserialize, JsonSchema)]
pub struct ChangeName {
    /// One of the people `GET /policies/{id}/name` lists (0 for the applicant).
    member_index: Option<Value>,
    /// The name, as `GET /policies/{id}/name`'s schema asks it.
    name: Option<Value>,
}

/// How the policy is to be paid.
#[derive(Deserialize, JsonSchema)]
pub struct ChangePayment {
    /// The whole of Billing Information, as `GET /policies/{id}/payment`'s schema asks it.
    billing: Option<Value>,
}

/// What was typed of a change, to finish later.
#[derive(Deserialize, JsonSchema)]
pub struct SaveChange {
    /// For adding a person: one of the events `GET /policies/{id}/add-person` lists.
    life_event_id: Option<Value>,
    /// For a name: one of the people `GET /policies/{id}/name` lists.
    member_index: Option<Value>,
    /// What the form holds now, whole or in part, as its schema asks it.
    values: Option<Value>,
}

/// Which change is saved.
#[derive(Deserialize, JsonSchema)]
pub struct SavedPath {
    /// `add-person`, `contact`, `name` or `payment`.
    form: String,
}

/// Which document a file is, and for which reported event (the file itself is the request's body).
#[derive(Deserialize, JsonSchema)]
pub struct SendDocument {
    /// One of the policy's reported events whose proof is asked for.
    life_event_id: Option<String>,
    /// One of the documents that event lists (`proof.kinds`).
    proof_kind: Option<String>,
    /// The file's name on the member's device.
    file_name: Option<String>,
}

/// Whose policies to sign in to.
#[derive(Deserialize, JsonSchema)]
pub struct MemberEmail {
    /// The e-mail address the applications gave.
    email: Option<String>,
}

/// The code from the e-mail.
#[derive(Deserialize, JsonSchema)]
pub struct MemberCode {
    /// The six-digit code.
    code: Option<String>,
}

/// A member signed in.
#[derive(serde::Serialize, JsonSchema)]
pub struct MemberSignedIn {
    /// How many policies the session may now read.
    policies: usize,
}

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/policies/{id}", get(policy))
        .api_route("/policies/{id}/end-plan", post(end_plan))
        .api_route("/policies/{id}/life-events", get(event_kinds).post(report_event))
        .api_route("/policies/{id}/add-person", get(person_form).post(add_person))
        .api_route("/policies/{id}/remove-person", get(removal_form).post(remove_person))
        .api_route("/policies/{id}/contact", get(contact_form).post(change_contact))
        .api_route("/policies/{id}/name", get(name_form).post(change_name))
        .api_route("/policies/{id}/payment", get(payment_form).post(change_payment))
        .api_route("/policies/{id}/plans", get(plan_choices).post(choose_plan))
        .api_route("/policies/{id}/documents", post(send_document))
        .api_route("/policies/{id}/saved/{form}", put(save_change).delete(discard_change))
        .api_route("/my-policies", get(my_policies))
        .api_route("/member-sign-in/send-code", post(send_member_code))
        .api_route("/member-sign-in", post(member_sign_in))
}

/// The kinds of life event the policy's member may report, with their windows and proofs.
async fn event_kinds(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
) -> ApiResult<Answer<Vec<LifeEventKind>>> {
    Ok(Answer(life_events::kinds(&state, &e).await?))
}

/// Reports a life event: checked against its window, it says until when it allows changes, from when they take
/// effect, and when its proof is due.
async fn report_event(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<ReportEvent>,
) -> ApiResult<Answer<ReportedEvent>> {
    let kind = body.kind.filter(|k| !k.trim().is_empty()).ok_or_else(|| ApiError::field("kind", REQUIRED))?;
    let date =
        body.event_date.filter(|d| !d.trim().is_empty()).ok_or_else(|| ApiError::field("event_date", REQUIRED))?;
    Ok(Answer(life_events::report(&state, &e, &kind, &date).await?))
}

/// The policy: its plans with their status and dates, and every change.
async fn policy(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<Policy>> {
    Ok(Answer(after_sale::policy(&state, &e).await?))
}

/// Ends a plan at the end of this month (of its first month when it has not begun); its carrier hears it in its
/// next file.
async fn end_plan(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<EndPlan>,
) -> ApiResult<Answer<Policy>> {
    let plan_id = match body.plan_id {
        None | Some(Value::Null) => return Err(ApiError::field("plan_id", REQUIRED)),
        given => crate::input::parse_id(given.as_ref(), "plan_id")?,
    };
    Ok(Answer(after_sale::end_plan(&state, &e, plan_id, body.reason.as_deref().unwrap_or_default()).await?))
}

/// What adding a person (a newborn, a new spouse) asks, and the reported events it can be done for today.
async fn person_form(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<PersonForm>> {
    Ok(Answer(household::person_form(&state, &e).await?))
}

/// Adds a person to the coverage for a reported life event; each carrier of the policy hears it in its next file.
async fn add_person(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<AddPerson>,
) -> ApiResult<Answer<Policy>> {
    let life_event_id = match body.life_event_id {
        None | Some(Value::Null) => return Err(ApiError::field("life_event_id", REQUIRED)),
        given => crate::input::parse_id(given.as_ref(), "life_event_id")?,
    };
    let person = body.person.filter(Value::is_object).ok_or_else(|| ApiError::field("person", REQUIRED))?;
    Ok(Answer(household::add_person(&state, &e, life_event_id, &person).await?))
}

/// The plans the member may choose for each reported event that lets them (another plan of a kind the policy holds,
/// or a plan of a new kind), priced for the household as it will be covered.
async fn plan_choices(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<PlanChoices>> {
    Ok(Answer(plans::plan_choices(&state, &e).await?))
}

/// Chooses a plan for a reported life event: the plan it replaces covers to the day before; the carriers hear it in
/// their next files.
async fn choose_plan(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<ChoosePlan>,
) -> ApiResult<Answer<Policy>> {
    let life_event_id = crate::input::parse_id(body.life_event_id.as_ref(), "life_event_id")?;
    let plan_id = crate::input::parse_id(body.plan_id.as_ref(), "plan_id")?;
    let plan_pricing_id = crate::input::parse_id(body.plan_pricing_id.as_ref(), "plan_pricing_id")?;
    Ok(Answer(plans::choose_plan(&state, &e, life_event_id, plan_id, plan_pricing_id).await?))
}

/// The policies this browser may read: those submitted in it, and those of the member who signed in on it.
async fn my_policies(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<PolicySummary>>> {
    Ok(Answer(sign_in::policies(&state, &session).await?))
}

/// Sends a sign-in code to the address, when it holds a policy here (the answer is the same when it does not).
async fn send_member_code(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<MemberEmail>,
) -> ApiResult<Answer<CodeSent>> {
    let email = body.email.filter(|e| !e.trim().is_empty()).ok_or_else(|| ApiError::field("email", REQUIRED))?;
    Ok(Answer(sign_in::send_code(&state, &session, &email).await?))
}

/// The code from the e-mail signs the member in: the session continues under a new id and reads every policy of the
/// address. A code works once, for minutes, and five guesses at most.
async fn member_sign_in(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<MemberCode>,
) -> ApiResult<WithSession<Answer<MemberSignedIn>>> {
    let code = body.code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("code", REQUIRED));
    }
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    let policies = sign_in::sign_in(&state, &session, &renewed.session, code).await?;
    Ok(WithSession(renewed, Answer(MemberSignedIn { policies })))
}

/// Who may be taken off the coverage (a former spouse, a person who died), and for which reported events.
async fn removal_form(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<RemovalForm>> {
    Ok(Answer(household::removal_form(&state, &e).await?))
}

/// Takes a person off the coverage for a reported life event, covered to the day its kind says; each carrier of the
/// policy hears it in its next file.
async fn remove_person(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<RemovePerson>,
) -> ApiResult<Answer<Policy>> {
    let life_event_id = match body.life_event_id {
        None | Some(Value::Null) => return Err(ApiError::field("life_event_id", REQUIRED)),
        given => crate::input::parse_id(given.as_ref(), "life_event_id")?,
    };
    let member_index = match body.member_index {
        None | Some(Value::Null) => return Err(ApiError::field("member_index", REQUIRED)),
        given => crate::input::parse_id(given.as_ref(), "member_index")?,
    };
    Ok(Answer(household::remove_person(&state, &e, life_event_id, member_index).await?))
}

/// What changing the contact details asks, filled with what the policy holds now.
async fn contact_form(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<ContactForm>> {
    Ok(Answer(contact::contact_form(&state, &e).await?))
}

/// Changes the subscriber's address, phone or e-mail; each carrier still covering the policy hears it.
async fn change_contact(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<ChangeContact>,
) -> ApiResult<Answer<Policy>> {
    let given = body.contact.filter(Value::is_object).ok_or_else(|| ApiError::field("contact", REQUIRED))?;
    Ok(Answer(contact::change_contact(&state, &e, &given).await?))
}

/// What changing a name asks, and whose names the policy holds now.
async fn name_form(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<NameForm>> {
    Ok(Answer(names::name_form(&state, &e).await?))
}

/// Changes a covered person's name; each carrier still covering the policy hears it, with the name it replaces.
async fn change_name(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<ChangeName>,
) -> ApiResult<Answer<Policy>> {
    let member_index = match body.member_index {
        None | Some(Value::Null) => return Err(ApiError::field("member_index", REQUIRED)),
        given => crate::input::parse_id(given.as_ref(), "member_index")?,
    };
    let given = body.name.filter(Value::is_object).ok_or_else(|| ApiError::field("name", REQUIRED))?;
    Ok(Answer(names::change_name(&state, &e, member_index, &given).await?))
}

/// What changing the way of paying asks, filled with how the policy is paid now (masked).
async fn payment_form(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<PaymentForm>> {
    Ok(Answer(payment::payment_form(&state, &e).await?))
}

/// Changes how the policy is paid: a new card is exchanged for the gateway's token, and never kept.
async fn change_payment(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<ChangePayment>,
) -> ApiResult<Answer<Policy>> {
    let given = body.billing.filter(Value::is_object).ok_or_else(|| ApiError::field("billing", REQUIRED))?;
    Ok(Answer(payment::change_payment(&state, &e, &given).await?))
}

/// Sends a document (a PDF, JPEG or PNG, the request's whole body) as proof of a reported life event: checked by its
/// content and scanned for viruses before it is kept; the store's reviewers read it, and the member is e-mailed at
/// each turn.
async fn send_document(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppQuery(query): AppQuery<SendDocument>,
    body: axum::body::Bytes,
) -> ApiResult<Answer<Policy>> {
    let life_event_id = match query.life_event_id.filter(|v| !v.trim().is_empty()) {
        None => return Err(ApiError::field("life_event_id", REQUIRED)),
        Some(given) => crate::input::parse_id(Some(&Value::String(given)), "life_event_id")?,
    };
    let kind =
        query.proof_kind.filter(|k| !k.trim().is_empty()).ok_or_else(|| ApiError::field("proof_kind", REQUIRED))?;
    let name = query.file_name.unwrap_or_default();
    Ok(Answer(proof::send(&state, &e, life_event_id, kind.trim(), &name, &body).await?))
}

/// The form a saved change is of; 404 for another word.
fn change_form(path: &SavedPath) -> ApiResult<ChangeForm> {
    ChangeForm::named(&path.form).ok_or_else(|| ApiError::NotFound("There is no such change to save".into()))
}

/// An id given for a saved change, when one was.
fn given_id(value: Option<&Value>, field: &'static str) -> ApiResult<Option<i64>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        given => crate::input::parse_id(given, field).map(Some),
    }
}

/// Saves what was typed of a change to finish later (kept for 30 days, nothing checked yet), and e-mails the
/// address on file that it waits; the policy itself does not change.
async fn save_change(
    State(state): State<AppState>,
    OwnedPath(e, path): OwnedPath<SavedPath>,
    AppJson(body): AppJson<SaveChange>,
) -> ApiResult<Answer<ChangeSaved>> {
    let form = change_form(&path)?;
    let values = body.values.filter(Value::is_object).ok_or_else(|| ApiError::field("values", REQUIRED))?;
    let life_event_id = given_id(body.life_event_id.as_ref(), "life_event_id")?;
    let member_index = given_id(body.member_index.as_ref(), "member_index")?;
    Ok(Answer(save_later::save(&state, &e, form, life_event_id, member_index, &values).await?))
}

/// Throws away what was saved of a change.
async fn discard_change(
    State(state): State<AppState>,
    OwnedPath(e, path): OwnedPath<SavedPath>,
) -> ApiResult<Answer<Policy>> {
    saved::discard(&state, &e, change_form(&path)?).await?;
    Ok(Answer(after_sale::policy(&state, &e).await?))
}
