//! The wizard: the enrollment's steps (tabs), as the spec's calls (get-dynamic-tabs, get-form-fields-*, save-*-info,
//! the lookups, the agreement texts and the Enroller Code) and as the step protocol the renderer draws
//! (`/enrollment/{id}/step/{step}`).

use std::collections::HashMap;

use aide::axum::routing::{get, post, ApiMethodRouter};
use aide::axum::ApiRouter;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use engine::lifecycle::Event;
use engine::selection::select_tabs;
use engine::tabs::TabName;
use serde_json::{json, Value};

use crate::domain::enrollment::{self, load, parse_id, priced_cart, Next};
use crate::domain::session::Session;
use crate::error::{success, ApiError, ApiResult};
use crate::http::extract::{enrollment_from_body, enrollment_from_query, version_of, AppJson, Params};
use crate::state::AppState;

pub fn routes() -> ApiRouter<AppState> {
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
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let cart = priced_cart(&state, &e).await?;
    let rows: Vec<Value> = select_tabs(&state.workflows.wizard, &enrollment::context(&e, &cart))
        .into_iter()
        .map(|t| json!({ "tab_name": t.tab_name, "required": t.required, "order": t.order, "route": t.tab_name.route(), "title": t.tab_name.title() }))
        .collect();
    Ok(success(json!({ "result": rows })))
}

async fn form_fields(
    state: AppState,
    session: Session,
    params: HashMap<String, String>,
    tab: TabName,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let (form, version) = enrollment::current_form(&state, &e, tab).await?;
    Ok(success(json!({ "result": form.fields, "version": version })))
}

/// The agreement texts of the workflow, as the spec's get-agreement-texts answers them.
async fn get_agreement_texts(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    enrollment_from_query(&state, &session, &params).await?;
    let texts =
        state.workflows.wizard.forms.get(&TabName::AgreementInfo).map(|f| f.agreements.clone()).unwrap_or_default();
    let result: Vec<Value> = texts
        .iter()
        .map(|t| json!({ "id": t.id, "text_head": t.text_head, "text_body": t.text_body, "text_required": t.text_required }))
        .collect();
    Ok(success(json!({ "result": result })))
}

async fn save_agreement_info(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    // The verification type (the spec's eprocess) is the server's to decide, never the browser's.
    let body = enrollment::without(&body, &["eprocess", "question_id", "question"]);
    save_info(state, session, body, TabName::AgreementInfo).await
}

/// The spec's Enroller Code modal: `{ enrollment_id, enrollerCode }`.
async fn save_enroller_code(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let code = body.get("enrollerCode").cloned().unwrap_or(Value::Null);
    enrollment::save_field(&state, &e, TabName::PrimaryInfo, "enroller_code", &code).await?;
    Ok(success(json!({ "message": "Enroller Code saved" })))
}

/// Whether Personal Information offers the Enroller Code for this enrollment (a workflow rule, not a list of ids).
async fn check_enroll_code(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let (form, _) = enrollment::current_form(&state, &e, TabName::PrimaryInfo).await?;
    let show = form.fields.iter().any(|f| f.field_name == "enroller_code");
    Ok(success(json!({ "show_enroll_code": show })))
}

/// A spec lookup call (get-employment-status, get-states, ...): the choices of one field, as the tab's type defines
/// them.
fn lookup_route(tab: TabName, field: &'static str) -> ApiMethodRouter<AppState> {
    get(move || async move {
        let result: Vec<Value> = engine::forms::choices(tab, field)
            .into_iter()
            .map(|(value, label)| json!({ "value": value, "label": label }))
            .collect();
        success(json!({ "result": result }))
    })
}

/// A spec get-form-fields-* call for one tab.
fn form_fields_route(tab: TabName) -> ApiMethodRouter<AppState> {
    get(move |State(state): State<AppState>, session: Session, Query(params): Params| {
        form_fields(state, session, params, tab)
    })
}

/// A spec save-*-info call for one tab.
fn save_route(tab: TabName) -> ApiMethodRouter<AppState> {
    post(move |State(state): State<AppState>, session: Session, AppJson(body): AppJson| {
        save_info(state, session, body, tab)
    })
}

async fn save_info(state: AppState, session: Session, body: Value, tab: TabName) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let fields = enrollment::without(&body, &["enrollment_id", "version"]);
    let (version, next) = enrollment::save_tab(&state, &e, tab, &fields, version_of(&body)?).await?;
    Ok(success(json!({ "version": version, "next": next.describe() })))
}

async fn save_review_info(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let fields = enrollment::without(&body, &["enrollment_id", "version", "first_enroll"]);
    let (_, next) = enrollment::save_tab(&state, &e, TabName::ReviewInfo, &fields, version_of(&body)?).await?;
    let e = load(&state, &session, e.row.enrollment_id).await?;
    Ok(success(json!({ "policy_id": e.row.policy_id, "next": next.describe() })))
}

async fn check_tab_required(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let name = params.get("tab_name").map(String::as_str).unwrap_or_default();
    let tab = TabName::parse_saved(name).ok_or_else(|| ApiError::field("tab_name", format!("Unknown tab {name}")))?;
    let cart = priced_cart(&state, &e).await?;
    let required = select_tabs(&state.workflows.wizard, &enrollment::context(&e, &cart))
        .into_iter()
        .any(|t| t.tab_name == tab && t.required);
    Ok(success(json!({ "result": { "required": required } })))
}

// ---- wizard: the step protocol ------------------------------------------------------------------------------------

fn step_id(id: &str) -> ApiResult<i64> {
    parse_id(Some(&json!(id)), "enrollment_id")
}

fn tab_of(step: &str) -> ApiResult<TabName> {
    TabName::parse(step).ok_or_else(|| ApiError::NotFound(format!("Unknown step {step}")))
}

async fn answer(state: &AppState, session: &Session, id: i64, next: Next) -> ApiResult<Response> {
    match next {
        Next::Tab(tab) => {
            let e = load(state, session, id).await?;
            Ok(success(json!({ "step": enrollment::step_view(state, &e, tab).await? })))
        }
        Next::Cart => Ok(success(json!({ "redirect": "/cart" }))),
        Next::Receipt => Ok(success(json!({ "redirect": "/enrollment/receipt" }))),
    }
}

async fn current_step(State(state): State<AppState>, session: Session, Path(id): Path<String>) -> ApiResult<Response> {
    let id = step_id(&id)?;
    let e = load(&state, &session, id).await?;
    let next = match e.lifecycle.current_tab() {
        Some(tab) => Next::Tab(tab),
        None if e.lifecycle.is_submitted() => Next::Receipt,
        None => Next::Cart,
    };
    answer(&state, &session, id, next).await
}

async fn get_step(
    State(state): State<AppState>,
    session: Session,
    Path((id, step)): Path<(String, String)>,
) -> ApiResult<Response> {
    let id = step_id(&id)?;
    let tab = tab_of(&step)?;
    let mut e = load(&state, &session, id).await?;
    if e.lifecycle.is_submitted() {
        return answer(&state, &session, id, Next::Receipt).await;
    }
    if e.lifecycle.current_tab() != Some(tab) {
        enrollment::navigate(&state, &mut e, Event::Visit(tab)).await?;
    }
    answer(&state, &session, id, Next::Tab(tab)).await
}

async fn post_step(
    State(state): State<AppState>,
    session: Session,
    Path((id, step)): Path<(String, String)>,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let id = step_id(&id)?;
    let tab = tab_of(&step)?;
    let mut e = load(&state, &session, id).await?;
    let next = match body.get("action").and_then(Value::as_str) {
        Some("next") => {
            let form_data = body.get("formData").cloned().unwrap_or_else(|| json!({}));
            if !form_data.is_object() {
                return Err(ApiError::BadRequest("formData must be a JSON object".into()));
            }
            enrollment::save_tab(&state, &e, tab, &form_data, version_of(&body)?).await?.1
        }
        Some("back") => enrollment::navigate(&state, &mut e, Event::Back(tab)).await?,
        Some("edit") => {
            let target = body
                .get("target")
                .and_then(Value::as_str)
                .ok_or_else(|| ApiError::field("target", "Field is required"))?;
            enrollment::navigate(&state, &mut e, Event::Edit(tab_of(target)?)).await?
        }
        Some("save-for-later") => {
            let form_data = body.get("formData").cloned().unwrap_or_else(|| json!({}));
            let email = body.get("email").and_then(Value::as_str).unwrap_or_default();
            enrollment::save_for_later(&state, &e, tab, &form_data, version_of(&body)?, email).await?;
            return Ok(success(json!({ "saved": true, "message": enrollment::SAVED_FOR_LATER })));
        }
        Some(other) => {
            return Err(ApiError::field(
                "action",
                format!("Unknown action {other}; use next, back, edit or save-for-later"),
            ))
        }
        None => return Err(ApiError::field("action", "Field is required")),
    };
    answer(&state, &session, id, next).await
}
