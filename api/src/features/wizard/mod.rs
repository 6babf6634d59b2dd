//! The wizard: the enrollment's steps (tabs), as the spec's calls (get-dynamic-tabs, get-form-fields-*, save-*-info,
//! the lookups, the agreement texts and the Enroller Code) and as the step protocol the renderer draws
//! (`/enrollment/{id}/step/{step}`).

use aide::axum::routing::{get, post, ApiMethodRouter};
use aide::axum::ApiRouter;
use axum::extract::State;
use engine::errors::messages::REQUIRED;
use engine::schema::FieldDefinition;
use engine::selection::select_tabs;
use engine::step::Step;
use engine::tabs::TabName;
use engine::workflow::AgreementText;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::enrollment::steps::{self, Taken, WizardAction};
use crate::domain::enrollment::{self, priced_cart, Enrollment, Next, NextStep, SavedStep};
use crate::error::{Answer, ApiError, ApiResult, Listed, Message};
use crate::http::extract::{AppJson, AppQuery, Nothing, OwnedJson, OwnedPath, OwnedQuery, TabSave};
use crate::input::{version_of, Id};
use crate::state::{AppState, Live};

/// The spec's Enroller Code modal.
#[derive(Deserialize, JsonSchema)]
pub struct EnrollerCode {
    #[serde(rename = "enrollerCode")]
    enroller_code: Option<Value>,
}

/// `check-tab-required?tab_name=`.
#[derive(Deserialize, JsonSchema)]
pub struct TabQuery {
    /// A saved tab's name (primary_info, contact_info, ...).
    tab_name: Option<String>,
}

/// One of the nine tabs, as `get-dynamic-tabs` lists them.
#[derive(Serialize, JsonSchema)]
pub struct TabRow {
    tab_name: TabName,
    /// Whether this enrollment must fill it.
    required: bool,
    /// Its place in the wizard.
    order: u8,
    route: &'static str,
    title: &'static str,
}

/// A tab's fields (`get-form-fields-*`) and the document's version a save must carry back.
#[derive(Serialize, JsonSchema)]
pub struct FormFields {
    result: Vec<FieldDefinition>,
    version: i64,
}

/// Whether Personal Information offers the Enroller Code.
#[derive(Serialize, JsonSchema)]
pub struct EnrollCodeShown {
    show_enroll_code: bool,
}

/// One choice of a lookup: the value stored and the label shown.
#[derive(Serialize, JsonSchema)]
pub struct Choice {
    value: String,
    label: String,
}

/// The submitted application: its policy id (the confirmation number) and the receipt as next step.
#[derive(Serialize, JsonSchema)]
pub struct Submitted {
    policy_id: Option<String>,
    next: NextStep,
}

/// Whether a tab is required for this enrollment.
#[derive(Serialize, JsonSchema)]
pub struct TabRequired {
    required: bool,
}

/// What the step protocol answers: the step the person is on now, a page to go to, or a saved draft.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub enum StepOutcome {
    Step {
        step: Box<Step>,
    },
    Redirect {
        redirect: &'static str,
    },
    /// Saved for later: the spec's confirmation, then where the code went and how long it works.
    Saved {
        saved: bool,
        message: String,
        sent: String,
    },
    /// Kept as a draft beside the step (a dependent or beneficiary added, before Next): the version it is now at.
    Drafted {
        drafted: bool,
        version: i64,
    },
}

/// The step of `/enrollment/{id}/step/{step}`.
#[derive(Deserialize, JsonSchema)]
pub struct StepPath {
    /// The step's route name (personal-info, contact-info, ...).
    step: String,
}

/// What the person did on a step, as a browser sends it: read loosely, so that a missing or unknown action is answered
/// under its field in words ([`StepBody::action`]); the contract describes it as the [`WizardAction`] it becomes.
#[derive(Deserialize)]
pub struct StepBody {
    action: Option<String>,
    #[serde(rename = "formData")]
    form_data: Option<Value>,
    version: Option<Id>,
    target: Option<String>,
    email: Option<String>,
}

impl JsonSchema for StepBody {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        WizardAction::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        WizardAction::json_schema(generator)
    }
}

impl StepBody {
    /// The action it says, or why it says none (under the field it is about).
    pub fn action(self) -> ApiResult<WizardAction> {
        let version = version_of(&self.version)?;
        let form_data = self.form_data.unwrap_or_else(|| json!({}));
        Ok(match self.action.as_deref() {
            Some("next") => match form_data {
                Value::Object(form_data) => WizardAction::Next { form_data, version },
                _ => return Err(ApiError::BadRequest("formData must be a JSON object".into())),
            },
            Some("back") => WizardAction::Back { version },
            Some("edit") => {
                let target = self.target.ok_or_else(|| ApiError::field("target", REQUIRED))?;
                WizardAction::Edit { target, version }
            }
            Some("draft") => WizardAction::Draft { form_data, version },
            Some("save-for-later") => WizardAction::SaveForLater { form_data, version, email: self.email },
            Some(other) => {
                return Err(ApiError::field(
                    "action",
                    crate::error::Said::with(
                        "Unknown action {action}; use next, back, edit, save-for-later or draft",
                        &[("action", &other)],
                    ),
                ))
            }
            None => return Err(ApiError::field("action", REQUIRED)),
        })
    }
}

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/get-dynamic-tabs", get(get_dynamic_tabs))
        .api_route("/get-form-fields-personal-info", form_fields_route(TabName::PrimaryInfo))
        .api_route("/get-form-fields-contact-info", form_fields_route(TabName::ContactInfo))
        .api_route("/get-form-fields-employer-info", form_fields_route(TabName::EmployerInfo))
        .api_route("/get-form-fields-agreement-info", form_fields_route(TabName::AgreementInfo))
        .api_route("/get-form-fields-billing-info", form_fields_route(TabName::BillingInfo))
        .api_route("/get-agreement-texts", get(get_agreement_texts))
        .api_route("/save-enroller-code", post(save_enroller_code))
        .api_route("/check-enroll-code", get(check_enroll_code))
        .api_route("/save-agreement-info", post(save_agreement_info))
        .api_route("/save-employer-info", save_route(TabName::EmployerInfo))
        .api_route("/save-personal-info", save_route(TabName::PrimaryInfo))
        .api_route("/save-contact-info", save_route(TabName::ContactInfo))
        .api_route("/save-review-info", post(save_review_info))
        .api_route("/get-average-work-week", lookup_route(TabName::EmployerInfo, "average_work_week"))
        .api_route("/get-employment-status", lookup_route(TabName::EmployerInfo, "employment_status"))
        .api_route("/get-compensation-types", lookup_route(TabName::EmployerInfo, "compensation_type"))
        .api_route("/get-vacation-policy", lookup_route(TabName::EmployerInfo, "emp_vac_policy"))
        .api_route("/get-bargaining-unit", lookup_route(TabName::EmployerInfo, "emp_barg_unit"))
        .api_route("/get-holiday-policy", lookup_route(TabName::EmployerInfo, "holiday_policy"))
        .api_route("/get-states", lookup_route(TabName::ContactInfo, "state"))
        .api_route("/get-ethnic-category", lookup_route(TabName::PrimaryInfo, "ethnic_category"))
        .api_route("/check-tab-required", get(check_tab_required))
        .api_route("/enrollment/{id}/step", get(current_step))
        .api_route("/enrollment/{id}/step/{step}", get(get_step).post(post_step))
}

async fn get_dynamic_tabs(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<Listed<Vec<TabRow>>>> {
    let cart = priced_cart(&state, &e).await?;
    let rows = select_tabs(&e.workflows.wizard, &enrollment::context(&e, &cart))
        .into_iter()
        .map(|t| TabRow {
            tab_name: t.tab_name,
            required: t.required,
            order: t.order,
            route: t.tab_name.route(),
            title: t.tab_name.title(),
        })
        .collect();
    Ok(Answer(Listed { result: rows }))
}

async fn form_fields(state: AppState, e: Enrollment, tab: TabName) -> ApiResult<Answer<FormFields>> {
    let (form, version) = enrollment::documents::current_form(&state, &e, tab).await?;
    // Required as the form stands: Billing's bank fields while EFT is chosen, a card's while a card is.
    let required = engine::validation::required_now(&form.schema, &form.form_data);
    let result = form
        .fields
        .into_iter()
        .map(|field| FieldDefinition {
            required: field.required || required.contains(&field.field_name),
            value: flags_as_numbers(field.value),
            ..field
        })
        .collect();
    Ok(Answer(FormFields { result, version }))
}

/// The spec's field lists give a flag as 0 or 1 (`with_validation`, the holiday policy's days, `is_physical_address`),
/// as its saves send them; the step's form keeps true and false, which its checkboxes draw.
fn flags_as_numbers(value: Value) -> Value {
    match value {
        Value::Bool(on) => json!(u8::from(on)),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, flags_as_numbers(v))).collect()),
        other => other,
    }
}

/// The agreement texts of the workflow, as the spec's get-agreement-texts answers them.
async fn get_agreement_texts(OwnedQuery(e, _): OwnedQuery<Nothing>) -> ApiResult<Answer<Listed<Vec<AgreementText>>>> {
    let texts = e.workflows.wizard.forms.get(&TabName::AgreementInfo).map(|f| f.agreements.clone()).unwrap_or_default();
    Ok(Answer(Listed { result: texts }))
}

async fn save_agreement_info(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<TabSave>,
) -> ApiResult<Answer<SavedStep>> {
    // The verification type (the spec's eprocess) is the server's to decide, never the browser's.
    save_info(state, e, body, &["eprocess", "question_id", "question"], TabName::AgreementInfo).await
}

/// The spec's Enroller Code modal: `{ enrollment_id, enrollerCode }`.
async fn save_enroller_code(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<EnrollerCode>,
) -> ApiResult<Answer<Message>> {
    let code = body.enroller_code.unwrap_or(Value::Null);
    enrollment::saving::save_field(&state, &e, TabName::PrimaryInfo, "enroller_code", &code).await?;
    Ok(Answer(Message::said("Enroller Code saved")))
}

/// Whether Personal Information offers the Enroller Code for this enrollment (a workflow rule, not a list of ids).
async fn check_enroll_code(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Answer<EnrollCodeShown>> {
    let (form, _) = enrollment::documents::current_form(&state, &e, TabName::PrimaryInfo).await?;
    let show_enroll_code = form.fields.iter().any(|f| f.field_name == "enroller_code");
    Ok(Answer(EnrollCodeShown { show_enroll_code }))
}

/// A spec lookup call (get-employment-status, get-states, ...): the choices of one field, as the tab's type defines
/// them.
fn lookup_route(tab: TabName, field: &'static str) -> ApiMethodRouter<Live> {
    get(move || async move {
        let result =
            engine::forms::choices(tab, field).into_iter().map(|(value, label)| Choice { value, label }).collect();
        Answer(Listed::<Vec<Choice>> { result })
    })
}

/// A spec get-form-fields-* call for one tab.
fn form_fields_route(tab: TabName) -> ApiMethodRouter<Live> {
    get(move |State(state): State<AppState>, OwnedQuery(e, _): OwnedQuery<Nothing>| form_fields(state, e, tab))
}

/// A spec save-*-info call for one tab.
fn save_route(tab: TabName) -> ApiMethodRouter<Live> {
    post(move |State(state): State<AppState>, OwnedJson(e, body): OwnedJson<TabSave>| {
        save_info(state, e, body, &[], tab)
    })
}

async fn save_info(
    state: AppState,
    mut e: Enrollment,
    body: TabSave,
    skip: &[&str],
    tab: TabName,
) -> ApiResult<Answer<SavedStep>> {
    let version = version_of(&body.version)?;
    let fields = body.fields_without(skip);
    let (version, next) = enrollment::saving::save_tab(&state, &mut e, tab, &fields, version).await?;
    Ok(Answer(SavedStep { version, next: next.describe() }))
}

async fn save_review_info(
    State(state): State<AppState>,
    OwnedJson(mut e, body): OwnedJson<TabSave>,
) -> ApiResult<Answer<Submitted>> {
    let version = version_of(&body.version)?;
    let fields = body.fields_without(&["first_enroll"]);
    let (_, next) = enrollment::saving::save_tab(&state, &mut e, TabName::ReviewInfo, &fields, version).await?;
    Ok(Answer(Submitted { policy_id: e.row.policy_id, next: next.describe() }))
}

async fn check_tab_required(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<TabQuery>,
) -> ApiResult<Answer<Listed<TabRequired>>> {
    let name = query.tab_name.as_deref().unwrap_or_default();
    let tab = TabName::parse_saved(name)
        .ok_or_else(|| ApiError::field("tab_name", crate::error::Said::with("Unknown tab {tab}", &[("tab", &name)])))?;
    let cart = priced_cart(&state, &e).await?;
    let required = select_tabs(&e.workflows.wizard, &enrollment::context(&e, &cart))
        .into_iter()
        .any(|t| t.tab_name == tab && t.required);
    Ok(Answer(Listed { result: TabRequired { required } }))
}

// ---- wizard: the step protocol ------------------------------------------------------------------------------------

/// The step the person is on after an action, drawn from the enrollment as the action left it.
async fn answer(state: &AppState, e: &Enrollment, next: Next) -> ApiResult<Answer<StepOutcome>> {
    Ok(Answer(match next {
        // The enrollment as the action left it (a save or a move changes it in place): it is not read again.
        Next::Tab(tab) => StepOutcome::Step { step: Box::new(enrollment::view::step_view(state, e, tab).await?) },
        Next::Cart => StepOutcome::Redirect { redirect: "/cart" },
        Next::Receipt => StepOutcome::Redirect { redirect: "/enrollment/receipt" },
    }))
}

async fn current_step(State(state): State<AppState>, OwnedPath(e, _): OwnedPath) -> ApiResult<Answer<StepOutcome>> {
    answer(&state, &e, steps::where_now(&e)).await
}

/// How a step is asked for.
#[derive(Deserialize, JsonSchema)]
pub struct StepLook {
    /// `true` (or 1) only to look at it (the review's View Details): the step as saved, without moving the
    /// application to it.
    view: Option<String>,
}

async fn get_step(
    State(state): State<AppState>,
    OwnedPath(mut e, path): OwnedPath<StepPath>,
    AppQuery(look): AppQuery<StepLook>,
) -> ApiResult<Answer<StepOutcome>> {
    let only_to_look = matches!(look.view.as_deref().map(str::trim), Some("true" | "1"));
    let next = steps::visit(&state, &mut e, &path.step, only_to_look).await?;
    answer(&state, &e, next).await
}

async fn post_step(
    state: State<AppState>,
    client: crate::http::throttle::Client,
    path: OwnedPath<StepPath>,
    body: AppJson<StepBody>,
) -> ApiResult<Answer<StepOutcome>> {
    // A refusal on a screen is read by a person: in plain words, where the spec's are not written for one.
    take_step(state, client, path, body).await.map_err(ApiError::in_plain_words)
}

async fn take_step(
    State(state): State<AppState>,
    client: crate::http::throttle::Client,
    OwnedPath(mut e, path): OwnedPath<StepPath>,
    AppJson(body): AppJson<StepBody>,
) -> ApiResult<Answer<StepOutcome>> {
    let tab = steps::tab_of(&path.step)?;
    match steps::take(&state, &mut e, tab, body.action()?, &client.0).await? {
        Taken::Moved(next) => answer(&state, &e, next).await,
        Taken::Drafted { version } => Ok(Answer(StepOutcome::Drafted { drafted: true, version })),
        Taken::SavedForLater { message, sent } => Ok(Answer(StepOutcome::Saved { saved: true, message, sent })),
    }
}
