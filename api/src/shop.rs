//! The shop around a plan and the cart: pricing with the stored answers, the popups on a plan, the offer after a
//! plan is added, the checkout upsells and the confirmation, all as steps of one protocol the renderer draws; plus
//! the spec's calls that read and write the same answers (get-aflac-questions, store-temp-dependent-info,
//! save-question-answers, get-suggested-plan-list, ...).
//!
//! The engine decides (which popup is next, its schema, the messages, which offer applies); this module reads and
//! writes the enrollment's answers and the cart.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::response::Response;
use engine::catalogue::{Plan, PlanOption};
use engine::context::{EnrollmentContext, Tier};
use engine::rating::{price_plan, Cents, PricingError};
use engine::shop::{self, Offer, OfferPlans, PlanPopup, PopupChoices, PopupFacts, PopupKind};
use serde_json::{json, Value};
use sqlx::Row;

use crate::app::AppState;
use crate::db::{self, now, Db};
use crate::enrollment::{self, parse_id, priced_cart, today, Enrollment, Filter, PricedLine};
use crate::error::{success, ApiError, ApiResult, AppJson};
use crate::routes::{enrollment_from_body, enrollment_from_query, Params};
use crate::session::Session;

// ---- stored answers ---------------------------------------------------------------------------------------------------

/// The subject of the answers about one plan.
fn plan_subject(plan_id: i64) -> String {
    format!("plan:{plan_id}")
}

/// The subject of the answers about the cart (offers answered).
const CART: &str = "cart";
const OFFERS: &str = "offers";
const MEMBERSHIP: &str = "membership";

pub async fn answer(db: &Db, enrollment_id: i64, subject: &str, kind: &str) -> ApiResult<Option<Value>> {
    let row = sqlx::query("select data from shop_answer where enrollment_id = $1 and subject = $2 and kind = $3")
        .bind(enrollment_id)
        .bind(subject)
        .bind(kind)
        .fetch_optional(db)
        .await?;
    row.map(|r| serde_json::from_str(&r.get::<String, _>("data")).map_err(|e| ApiError::Internal(e.into()))).transpose()
}

pub async fn keep_answer(db: &Db, enrollment_id: i64, subject: &str, kind: &str, data: &Value) -> ApiResult<()> {
    sqlx::query(
        "insert into shop_answer (enrollment_id, subject, kind, data, updated_at) values ($1, $2, $3, $4, $5) \
         on conflict (enrollment_id, subject, kind) do update set data = excluded.data, updated_at = excluded.updated_at",
    )
    .bind(enrollment_id)
    .bind(subject)
    .bind(kind)
    .bind(data.to_string())
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

/// Health answers are health data: sealed at rest like the Health Questions step.
async fn keep_sealed(state: &AppState, enrollment_id: i64, subject: &str, kind: &str, data: &Value) -> ApiResult<()> {
    let sealed = json!({ "sealed": state.crypto.encrypt(&data.to_string()) });
    keep_answer(&state.db, enrollment_id, subject, kind, &sealed).await
}

async fn sealed_answer(state: &AppState, enrollment_id: i64, subject: &str, kind: &str) -> ApiResult<Option<Value>> {
    let Some(stored) = answer(&state.db, enrollment_id, subject, kind).await? else {
        return Ok(None);
    };
    let opened = stored["sealed"]
        .as_str()
        .and_then(|s| state.crypto.decrypt(s))
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a sealed shop answer does not open with this key")))?;
    Ok(Some(serde_json::from_str(&opened).map_err(|e| ApiError::Internal(e.into()))?))
}

// ---- pricing with the answers -------------------------------------------------------------------------------------------

pub(crate) fn plan_of<'s>(state: &'s AppState, id: Option<&Value>) -> ApiResult<&'s Plan> {
    let id = parse_id(id, "plan_id")?;
    state.catalogue.plan(id).ok_or_else(|| ApiError::NotFound("Plan not found".into()))
}

/// Whether the plan's health questions (if it has any) were answered and accepted.
async fn health_accepted(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<bool> {
    if state.workflows.shop.health_for(plan.plan_id, &plan.category).is_none() {
        return Ok(true);
    }
    let stored = sealed_answer(state, e.row.enrollment_id, &plan_subject(plan.plan_id), "health_questions").await?;
    Ok(stored.is_some_and(|s| s["accepted"] == true))
}

/// Every option of the plan priced for the enrollment, or the pricing error code; the prices are also given with
/// newQuestionsError (the page shows them beside Enroll Now).
pub async fn price<'p>(
    state: &AppState,
    e: &Enrollment,
    plan: &'p Plan,
) -> ApiResult<Result<Vec<(&'p PlanOption, Cents)>, (PricingError, Vec<(&'p PlanOption, Cents)>)>> {
    let Some(input) = e.filter.rating_input(today()) else {
        return Ok(Err((PricingError::EnrollmentIdError, Vec::new())));
    };
    let priced = match price_plan(plan, &input, &state.catalogue.curve) {
        Ok(priced) => priced,
        Err(error) => return Ok(Err((error, Vec::new()))),
    };
    if !health_accepted(state, e, plan).await? {
        return Ok(Err((PricingError::NewQuestionsError, priced)));
    }
    Ok(Ok(priced))
}

/// One option as the plan page lists it; a disability plan's price is not shown.
fn price_line(plan: &Plan, option: &PlanOption, price: Cents, tier: Option<Tier>) -> Value {
    json!({
        "plan_id": plan.plan_id, "plan_pricing_id": option.plan_pricing_id, "plan_name": plan.plan_name,
        "option_name": option.name, "plan_price": if plan.hides_price() { None } else { Some(price) },
        "tier": tier.map(Tier::code), "is_prudential_plan": plan.is_premier(),
    })
}

/// The notices a premier quote carries.
pub fn premier_notices(premier: bool) -> Vec<&'static str> {
    if premier {
        vec![engine::rating::ADMIN_FEE_NOTICE, engine::rating::UNDERWRITING_NOTICE]
    } else {
        Vec::new()
    }
}

/// `get-plan-pricing-detail { pid, enrollment_id }` (and `-elevate`): the plan's options with prices, or the pricing
/// error code with the spec's message (statusCode changePid with the new pid; enrollmentIdError when the quote is
/// not the caller's or not found).
pub async fn pricing_detail(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let plan = plan_of(&state, params.get("pid").map(|p| json!(p)).as_ref())?;
    let e = match enrollment_from_query(&state, &session, &params).await {
        Ok(e) => e,
        Err(ApiError::NotFound(_) | ApiError::Invalid(_)) => {
            return Err(ApiError::pricing(PricingError::EnrollmentIdError))
        }
        Err(other) => return Err(other),
    };
    let tier = e.filter.tier();
    match price(&state, &e, plan).await? {
        Ok(priced) => Ok(success(json!({
            "plans": priced.iter().map(|(o, p)| price_line(plan, o, *p, tier)).collect::<Vec<_>>(),
            "hides_price": plan.hides_price(),
            "notices": premier_notices(plan.is_premier()),
        }))),
        Err((error, priced)) => {
            let mut refusal = ApiError::pricing(error);
            if let ApiError::Coded { extra, .. } = &mut refusal {
                extra["plans"] = json!(priced.iter().map(|(o, p)| price_line(plan, o, *p, tier)).collect::<Vec<_>>());
            }
            Err(refusal)
        }
    }
}

// ---- popups on a plan ---------------------------------------------------------------------------------------------------

fn plan_context(e: &Enrollment, cart: &[PricedLine], plan: &Plan) -> EnrollmentContext {
    EnrollmentContext {
        plan_category: Some(plan.category.clone()),
        plan_type: Some(plan.plan_type.clone()),
        ..enrollment::context(e, cart)
    }
}

fn dependents_missing(filter: &Filter) -> bool {
    match filter.tier() {
        Some(Tier::IS) => filter.spouse_dob.is_none(),
        Some(Tier::IC) => filter.no_of_children.is_none(),
        Some(Tier::IF) => filter.spouse_dob.is_none() || filter.no_of_children.is_none(),
        _ => false,
    }
}

async fn membership_of(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<Option<(i64, i64)>> {
    let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), MEMBERSHIP).await?;
    Ok(stored.and_then(|m| Some((m["plan_id"].as_i64()?, m["plan_pricing_id"].as_i64()?))))
}

async fn facts(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<PopupFacts> {
    let cart = priced_cart(state, e).await?;
    let eligibility_pending = match state.workflows.shop.eligibility_for(plan.plan_id, &plan.category) {
        None => false,
        Some(set) => {
            let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility").await?;
            !stored.is_some_and(|answers| shop::eligibility_met(set, &answers))
        }
    };
    Ok(PopupFacts {
        ctx: plan_context(e, &cart, plan),
        eligibility_pending,
        dependents_missing: dependents_missing(&e.filter),
        membership_missing: !plan.membership.is_empty() && membership_of(state, e, plan).await?.is_none(),
        group_code_missing: group_code_missing(e, plan),
        group_to_confirm: group_to_confirm(state, e, plan).await?.map(|(_, name)| name),
        pricing_error: price(state, e, plan).await?.err().map(|(error, _)| error),
    })
}

/// The plan is sold to employees of some groups and the enrollment is under none of them.
fn group_code_missing(e: &Enrollment, plan: &Plan) -> bool {
    plan.eligibility.groups.as_ref().is_some_and(|groups| !e.row.group_id.is_some_and(|g| groups.contains(&g)))
}

const GROUP_CODE: &str = "group_code";

/// A valid group code given on the plan whose employer is not confirmed yet: (group id, name).
async fn group_to_confirm(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<Option<(i64, String)>> {
    let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), GROUP_CODE).await?;
    Ok(stored.and_then(|g| Some((g["group_id"].as_i64()?, g["name"].as_str()?.to_string()))))
}

async fn forget_answer(db: &Db, enrollment_id: i64, subject: &str, kind: &str) -> ApiResult<()> {
    sqlx::query("delete from shop_answer where enrollment_id = $1 and subject = $2 and kind = $3")
        .bind(enrollment_id)
        .bind(subject)
        .bind(kind)
        .execute(db)
        .await?;
    Ok(())
}

/// The group of an enrollment code that may buy the plan, or the spec's refusal.
fn group_for_code<'s>(state: &'s AppState, plan: &Plan, code: &str) -> ApiResult<&'s engine::catalogue::Group> {
    let group =
        state.catalogue.group_by_code(code).ok_or_else(|| ApiError::field("group_code", shop::INVALID_GROUP_CODE))?;
    if plan.eligibility.groups.as_ref().is_some_and(|groups| !groups.contains(&group.group_id)) {
        return Err(ApiError::field(
            "group_code",
            format!("{} is not offered to employees of {}", plan.plan_name, group.name),
        ));
    }
    Ok(group)
}

async fn choices(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<PopupChoices> {
    let shop = &state.workflows.shop;
    let input = e.filter.rating_input(today());
    let memberships = plan
        .membership
        .iter()
        .filter_map(|id| state.catalogue.plan(*id))
        .flat_map(|m| {
            let priced = input.as_ref().and_then(|i| price_plan(m, i, &state.catalogue.curve).ok()).unwrap_or_default();
            priced.into_iter().map(move |(o, p)| {
                (m.plan_id, o.plan_pricing_id, format!("{} ({}) - {} per month", m.plan_name, o.name, dollars(p)))
            })
        })
        .collect();
    let portals = state
        .catalogue
        .portals
        .iter()
        .filter(|p| plan.eligibility.portals.as_ref().is_none_or(|allowed| allowed.contains(&p.platform_group_id)))
        .map(|p| (p.platform_group_id, p.platform_name.clone()))
        .collect();
    Ok(PopupChoices {
        tier: e.filter.tier(),
        plan_tiers: plan.tiers.clone(),
        portals,
        memberships,
        eligibility: shop.eligibility_for(plan.plan_id, &plan.category).cloned(),
        health: shop.health_for(plan.plan_id, &plan.category).cloned(),
        group_name: group_to_confirm(state, e, plan).await?.map(|(_, name)| name),
    })
}

pub fn dollars(price: Cents) -> String {
    let cents = price.0;
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("${grouped}.{:02}", cents % 100)
}

/// What the popup's form shows as already answered.
async fn popup_data(state: &AppState, e: &Enrollment, plan: &Plan, kind: PopupKind) -> ApiResult<Value> {
    let f = &e.filter;
    let data = match kind {
        PopupKind::Eligibility => answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility")
            .await?
            .unwrap_or_else(|| json!({})),
        PopupKind::DependencyInfo => json!({ "dep_dob": f.spouse_dob, "no_of_children": f.no_of_children }),
        PopupKind::Income => json!({ "annual_incode": f.annual_incode, "working_hours": f.working_hours }),
        PopupKind::Tobacco => json!({ "is_smoker": f.is_smoker }),
        PopupKind::ChooseTier => json!({}),
        PopupKind::SelectPortal => json!({ "platform_group_id": f.platform_group_id }),
        PopupKind::Membership => json!({}),
        PopupKind::HealthQuestions | PopupKind::GroupCode | PopupKind::ConfirmGroup => json!({}),
    };
    Ok(engine::schema::strip_nulls(data))
}

async fn popup_view(
    state: &AppState,
    e: &Enrollment,
    plan: &Plan,
    popup: &PlanPopup,
    facts: &PopupFacts,
) -> ApiResult<Value> {
    let (schema, ui_schema) = shop::popup_form(popup.popup, &choices(state, e, plan).await?);
    let message = facts.pricing_error.filter(|error| popup.popup.answers(*error)).map(PricingError::message);
    Ok(json!({
        "step": popup.popup.id(), "kind": "form", "title": popup.title, "text": popup.text, "message": message,
        "schema": schema, "uiSchema": ui_schema, "formData": popup_data(state, e, plan, popup.popup).await?,
        "opens_with": popup.opens_with,
        "actions": [ { "action": "submit", "label": popup.submit }, { "action": "cancel", "label": "Cancel" } ],
    }))
}

/// The plan's popups now: the one that opens by itself (`step`, or null) and those opened by a button (`buttons`).
async fn plan_flow(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<Value> {
    let facts = facts(state, e, plan).await?;
    let pending = shop::pending_popups(&state.workflows.shop, &facts);
    let mut step = Value::Null;
    let mut buttons = Vec::new();
    for popup in pending {
        match &popup.opens_with {
            Some(label) => buttons.push(json!({ "step": popup.popup.id(), "label": label, "view": popup_view(state, e, plan, popup, &facts).await? })),
            None if step.is_null() => step = popup_view(state, e, plan, popup, &facts).await?,
            None => {}
        }
    }
    let membership = match membership_of(state, e, plan).await? {
        Some((plan_id, plan_pricing_id)) => json!({ "plan_id": plan_id, "plan_pricing_id": plan_pricing_id }),
        None => Value::Null,
    };
    Ok(
        json!({ "step": step, "buttons": buttons, "membership": membership, "ready": step.is_null() && facts.pricing_error.is_none() }),
    )
}

fn enrollment_id_of(id: &str) -> ApiResult<i64> {
    parse_id(Some(&json!(id)), "enrollment_id")
}

/// `GET /shop/{enrollment_id}/plan/{plan_id}`: the plan's pending popups as steps.
pub async fn get_plan_flow(
    State(state): State<AppState>,
    session: Session,
    Path((id, plan_id)): Path<(String, String)>,
) -> ApiResult<Response> {
    let e = enrollment::load(&state, &session, enrollment_id_of(&id)?).await?;
    let plan = plan_of(&state, Some(&json!(plan_id)))?;
    Ok(success(plan_flow(&state, &e, plan).await?))
}

/// `POST /shop/{enrollment_id}/plan/{plan_id}/{popup}` `{ formData }`: checks and keeps a popup's answers, then
/// answers the plan's popups as they are now (and the health questions' message).
pub async fn post_plan_popup(
    State(state): State<AppState>,
    session: Session,
    Path((id, plan_id, popup)): Path<(String, String, String)>,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment::load(&state, &session, enrollment_id_of(&id)?).await?;
    let plan = plan_of(&state, Some(&json!(plan_id)))?;
    let kind = PopupKind::parse(&popup).ok_or_else(|| ApiError::NotFound(format!("Unknown popup {popup}")))?;
    let data = body.get("formData").cloned().unwrap_or_else(|| json!({}));
    let message = answer_popup(&state, &e, plan, kind, &data).await?;
    let e = enrollment::load(&state, &session, e.row.enrollment_id).await?;
    let mut flow = plan_flow(&state, &e, plan).await?;
    flow["message"] = json!(message);
    Ok(success(flow))
}

/// Keeps one popup's answers; the message to show, if any. A declined health application is refused with the
/// spec's errorCode decline.
async fn answer_popup(
    state: &AppState,
    e: &Enrollment,
    plan: &Plan,
    kind: PopupKind,
    data: &Value,
) -> ApiResult<Option<String>> {
    e.ensure_open()?;
    let choices = choices(state, e, plan).await?;
    let answers = shop::check_popup(kind, &choices, data, today()).map_err(ApiError::Invalid)?;
    let id = e.row.enrollment_id;
    let subject = plan_subject(plan.plan_id);
    let mut filter = e.filter.clone();
    match kind {
        PopupKind::Eligibility => keep_answer(&state.db, id, &subject, "eligibility", &answers).await?,
        PopupKind::DependencyInfo => {
            filter.spouse_dob = answers["dep_dob"].as_str().map(str::to_string);
            filter.no_of_children = answers["no_of_children"].as_i64();
        }
        PopupKind::Income => {
            filter.annual_incode = answers["annual_incode"].as_i64();
            filter.working_hours = answers["working_hours"].as_i64();
        }
        PopupKind::Tobacco => filter.is_smoker = answers["is_smoker"].as_str().map(str::to_string),
        PopupKind::ChooseTier => filter.tier = answers["tier"].as_str().unwrap_or_default().to_string(),
        PopupKind::SelectPortal => filter.platform_group_id = answers["platform_group_id"].as_i64(),
        PopupKind::Membership => {
            let (plan_id, pricing_id) = answers["membership"]
                .as_str()
                .and_then(|m| m.split_once(':'))
                .and_then(|(a, b)| Some((a.parse::<i64>().ok()?, b.parse::<i64>().ok()?)))
                .ok_or_else(|| ApiError::field("membership", "Please choose a membership"))?;
            let membership = json!({ "plan_id": plan_id, "plan_pricing_id": pricing_id });
            keep_answer(&state.db, id, &subject, MEMBERSHIP, &membership).await?;
        }
        PopupKind::GroupCode => {
            let group = group_for_code(state, plan, answers["group_code"].as_str().unwrap_or_default())?;
            let pending = json!({ "group_id": group.group_id, "name": group.name });
            keep_answer(&state.db, id, &subject, GROUP_CODE, &pending).await?;
        }
        PopupKind::ConfirmGroup => {
            let pending = group_to_confirm(state, e, plan).await?;
            forget_answer(&state.db, id, &subject, GROUP_CODE).await?;
            if let (Some((group, _)), Some("Yes")) = (pending, answers["confirm"].as_str()) {
                db::set_enrollment_group(&state.db, id, group).await?;
                crate::access::become_employee(&state.db, &e.session, group).await?;
            }
        }
        PopupKind::HealthQuestions => {
            let set = choices
                .health
                .as_ref()
                .ok_or_else(|| ApiError::NotFound("This plan asks no health questions".into()))?;
            let decision = shop::health_decision(set, &answers);
            let accepted = matches!(decision, shop::HealthDecision::Accepted(_));
            keep_sealed(state, id, &subject, "health_questions", &json!({ "answers": answers, "accepted": accepted }))
                .await?;
            return match decision {
                shop::HealthDecision::Accepted(message) => Ok(Some(message)),
                shop::HealthDecision::Declined(message) => Err(ApiError::coded("decline", message)),
            };
        }
    }
    if filter != e.filter {
        db::update_filter(&state.db, id, &serde_json::to_string(&filter).map_err(|e| ApiError::Internal(e.into()))?)
            .await?;
    }
    Ok(None)
}

// ---- the spec's popup calls ------------------------------------------------------------------------------------------

/// `get-aflac-questions { plan_id, enrollment_id }`: statusCode 200 with the plan's eligibility questions, 204 when
/// it has none.
pub async fn aflac_questions(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let plan = plan_of(&state, params.get("plan_id").map(|p| json!(p)).as_ref())?;
    let Some(set) = state.workflows.shop.eligibility_for(plan.plan_id, &plan.category) else {
        return Ok(no_content());
    };
    let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility").await?;
    let answered = stored.as_ref().map(shop::eligibility_as_list).unwrap_or_else(|| json!([]));
    Ok(success(
        json!({ "statusCode": 200, "result": set.questions.iter().map(|q| json!({ "qid": q.qid, "question": q.question, "true_condition": q.true_condition })).collect::<Vec<_>>(), "answers": answered }),
    ))
}

fn no_content() -> Response {
    use axum::response::IntoResponse;
    axum::http::StatusCode::NO_CONTENT.into_response()
}

fn plan_in_body<'s>(state: &'s AppState, body: &Value) -> ApiResult<&'s Plan> {
    plan_of(state, body.get("plan_id"))
}

/// `save-aflac-questions { enrollment_id, plan_id, aflac_data: [{ qid, true_condition }] }`.
pub async fn save_aflac_questions(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_in_body(&state, &body)?;
    if state.workflows.shop.eligibility_for(plan.plan_id, &plan.category).is_none() {
        return Err(ApiError::NotFound("This plan asks no eligibility questions".into()));
    }
    let answers = shop::eligibility_from_list(body.get("aflac_data").unwrap_or(&Value::Null));
    answer_popup(&state, &e, plan, PopupKind::Eligibility, &answers).await?;
    Ok(success(json!({ "message": "Eligibility answers saved" })))
}

/// `store-temp-dependent-info { enrollment_id, plan_id, dep_dob | no_of_children }`: either value alone, checked with
/// the dependency popup's rules (the one not sent is not required here); the other is kept.
pub async fn store_temp_dependent_info(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_in_body(&state, &body)?;
    e.ensure_open()?;
    let given = |k: &str| body.get(k).filter(|v| !v.is_null() && v.as_str() != Some("")).cloned();
    let (dob, children) = (given("dep_dob"), given("no_of_children"));
    if dob.is_none() && children.is_none() {
        return Err(ApiError::field("dep_dob", shop::FIELD_REQUIRED));
    }
    let mut data = json!({});
    if let Some(dob) = &dob {
        data["dep_dob"] = dob.clone();
    }
    if let Some(n) = &children {
        data["no_of_children"] =
            n.as_str().and_then(|s| s.trim().parse::<i64>().ok()).map(Value::from).unwrap_or(n.clone());
    }
    let sent =
        |target: &str| (target == "dep_dob" && dob.is_some()) || (target == "no_of_children" && children.is_some());
    let answers = match shop::check_popup(PopupKind::DependencyInfo, &choices(&state, &e, plan).await?, &data, today())
    {
        Ok(answers) => answers,
        Err(errors) => {
            let errors: Vec<_> = errors.into_iter().filter(|e| sent(&e.target_element)).collect();
            if !errors.is_empty() {
                return Err(ApiError::Invalid(errors));
            }
            data
        }
    };
    let mut filter = e.filter.clone();
    if let Some(dob) = answers["dep_dob"].as_str() {
        filter.spouse_dob = Some(dob.to_string());
    }
    if let Some(n) = answers["no_of_children"].as_i64() {
        filter.no_of_children = Some(n);
    }
    let text = serde_json::to_string(&filter).map_err(|e| ApiError::Internal(e.into()))?;
    db::update_filter(&state.db, e.row.enrollment_id, &text).await?;
    Ok(success(json!({ "spouse_dob": filter.spouse_dob, "no_of_children": filter.no_of_children })))
}

/// `get-temp-dependent-info { enrollment_id }`: spouse_dob and no_of_children of the quote.
pub async fn get_temp_dependent_info(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    Ok(success(json!({ "spouse_dob": e.filter.spouse_dob, "no_of_children": e.filter.no_of_children })))
}

/// The dependent-date check (the spec's `{hash}` call) `{ enrollment_id, plan_id }`: whether the spouse's date of
/// birth is known and within the plan's ages (`status`), and the date (`depdob`).
pub async fn check_dependent_dob(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let plan = plan_of(&state, params.get("plan_id").map(|p| json!(p)).as_ref())?;
    let input = e.filter.rating_input(today());
    let status = match (input, &e.filter.spouse_dob) {
        (Some(input), Some(_)) => input.spouse_age.is_some_and(|age| age >= plan.min_age && age <= plan.max_age),
        _ => false,
    };
    Ok(success(json!({ "status": status, "depdob": e.filter.spouse_dob })))
}

/// `get-questions { enrollment_id, plan_id, type }`: the plan's health questions in the spec's shape.
pub async fn get_questions(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    enrollment_from_query(&state, &session, &params).await?;
    let plan = plan_of(&state, params.get("plan_id").map(|p| json!(p)).as_ref())?;
    let Some(set) = state.workflows.shop.health_for(plan.plan_id, &plan.category) else {
        return Ok(success(json!({ "result": [] })));
    };
    let questions: Vec<Value> = set
        .questions
        .iter()
        .map(|q| json!({
            "question_id": q.question_id, "question_text": q.question_text, "question_sub_type": "checkbox",
            "options": [ { "option_id": 1, "option_text": "Yes", "option_group": "yes_no" }, { "option_id": 0, "option_text": "No", "option_group": "yes_no" } ],
            "require_detail": false,
        }))
        .collect();
    Ok(success(json!({ "result": questions })))
}

/// `save-question-answers { enrollment_id, plan_id, answers: [{ question_id, yes_no_flag }] }`: errorCode decline with
/// data.error_message, otherwise data.success_message.
pub async fn save_question_answers(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_in_body(&state, &body)?;
    let mut answers = serde_json::Map::new();
    for item in body.get("answers").and_then(Value::as_array).into_iter().flatten() {
        let id = item.get("question_id").and_then(|q| q.as_i64().or_else(|| q.as_str()?.parse().ok()));
        let flag = item
            .get("yes_no_flag")
            .and_then(|f| f.as_i64().or_else(|| f.as_str()?.parse().ok()).or_else(|| f.as_bool().map(i64::from)));
        if let (Some(id), Some(flag)) = (id, flag) {
            answers.insert(format!("q{id}"), json!(if flag == 1 { "Yes" } else { "No" }));
        }
    }
    match answer_popup(&state, &e, plan, PopupKind::HealthQuestions, &Value::Object(answers)).await {
        Ok(message) => Ok(success(json!({ "success_message": message }))),
        Err(ApiError::Coded { code: "decline", message, .. }) => Err(ApiError::Coded {
            code: "decline",
            message: message.clone(),
            extra: json!({ "errorCode": "decline", "data": { "error_message": message } }),
        }),
        Err(other) => Err(other),
    }
}

/// `check-already-answered { enrollment_id, plan_id }`: whether the plan's health questions are answered and accepted.
pub async fn check_already_answered(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let plan = plan_of(&state, params.get("plan_id").map(|p| json!(p)).as_ref())?;
    let stored = sealed_answer(&state, e.row.enrollment_id, &plan_subject(plan.plan_id), "health_questions").await?;
    Ok(success(json!({ "result": stored.is_some(), "accepted": stored.is_some_and(|s| s["accepted"] == true) })))
}

// ---- adding to the cart --------------------------------------------------------------------------------------------

/// Why a plan cannot go in the cart now, if it cannot: changePid, the pricing codes, blackout, alreadyActive,
/// unanswered eligibility or health questions.
async fn refuse_adding(state: &AppState, e: &Enrollment, plan: &Plan, option: &PlanOption) -> ApiResult<Cents> {
    if let Some(blackout) = plan.blackout.as_ref().filter(|b| b.covers(today())) {
        return Err(ApiError::coded("blackout", blackout.message.clone()));
    }
    if let Some(member) = crate::members::of_enrollment(state, e).await? {
        let active =
            member.policies.iter().find(|p| p["plan_id"].as_i64() == Some(plan.plan_id) && p["status"] == "active");
        if let Some(policy) = active {
            return Err(ApiError::coded(
                "alreadyActive",
                format!(
                    "You already have an active {} policy (policy {}). It stays in force; there is no need to enroll in it again.",
                    plan.plan_name,
                    policy["policy_id"].as_str().unwrap_or_default()
                ),
            ));
        }
    }
    if group_code_missing(e, plan) {
        return Err(ApiError::field("group_code", "Please enter your Group Enrollment Code to add this plan"));
    }
    if let Some(set) = state.workflows.shop.eligibility_for(plan.plan_id, &plan.category) {
        let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility").await?;
        if !stored.is_some_and(|a| shop::eligibility_met(set, &a)) {
            return Err(ApiError::field("eligibility", shop::ANSWER_YES_FORM));
        }
    }
    match price(state, e, plan).await? {
        Ok(priced) => priced
            .into_iter()
            .find(|(o, _)| o.plan_pricing_id == option.plan_pricing_id)
            .map(|(_, p)| p)
            .ok_or_else(|| ApiError::NotFound("Plan not found".into())),
        Err((error, _)) => Err(ApiError::pricing(error)),
    }
}

fn option_of<'p>(plan: &'p Plan, id: Option<&Value>, name: &str) -> ApiResult<&'p PlanOption> {
    let pricing_id = parse_id(id, name)?;
    plan.option(pricing_id).ok_or_else(|| ApiError::NotFound("Plan not found".into()))
}

async fn reopen_cart(state: &AppState, e: &mut Enrollment) -> ApiResult<()> {
    e.ensure_open()?;
    enrollment::navigate(state, e, engine::lifecycle::Event::CartChanged).await.map(|_| ())
}

pub(crate) async fn cart_count(state: &AppState, e: &Enrollment) -> ApiResult<usize> {
    Ok(db::cart(&state.db, e.row.enrollment_id).await?.len())
}

/// Whether a rider may be sold now: one of the plans it rides on is in the cart.
async fn rider_allowed(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<bool> {
    if plan.rider_of.is_empty() {
        return Ok(true);
    }
    let cart = db::cart(&state.db, e.row.enrollment_id).await?;
    Ok(cart.iter().any(|l| plan.rider_of.contains(&l.plan_id)))
}

/// `add-plan-to-cart { enrollment_id, plan_id, plan_pricing_id }`.
pub async fn add_plan_to_cart(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let mut e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_in_body(&state, &body)?;
    let option = option_of(plan, body.get("plan_pricing_id"), "plan_pricing_id")?;
    if !plan.membership.is_empty() {
        return Err(ApiError::field("membership", "Please choose a membership option to add this plan"));
    }
    // Unlisted plans are sold only with their plan: a rider while a plan it rides on is in the cart.
    let sold_alone = plan.listed || (!plan.rider_of.is_empty() && rider_allowed(&state, &e, plan).await?);
    if !sold_alone {
        return Err(ApiError::NotFound("Plan not found".into()));
    }
    refuse_adding(&state, &e, plan, option).await?;
    reopen_cart(&state, &mut e).await?;
    db::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    Ok(success(json!({ "cart_count": cart_count(&state, &e).await? })))
}

/// `add-plan-to-cart-prudentials { enrollment_id, plan_id, plan_pricing_id, plan_id1, plan_pricing_id1 }`: a premier
/// plan with its membership association, added together; the membership line cannot be removed on its own.
pub async fn add_plan_to_cart_prudentials(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let mut e = enrollment_from_body(&state, &session, &body).await?;
    let plan = plan_in_body(&state, &body)?;
    let option = option_of(plan, body.get("plan_pricing_id"), "plan_pricing_id")?;
    let membership_id = parse_id(body.get("plan_id1"), "plan_id1")?;
    if !plan.membership.contains(&membership_id) {
        return Err(ApiError::field("plan_id1", "Please choose a membership option offered with this plan"));
    }
    let membership = state.catalogue.plan(membership_id).ok_or_else(|| ApiError::NotFound("Plan not found".into()))?;
    let membership_option = option_of(membership, body.get("plan_pricing_id1"), "plan_pricing_id1")?;
    refuse_adding(&state, &e, plan, option).await?;
    refuse_adding(&state, &e, membership, membership_option).await?;
    reopen_cart(&state, &mut e).await?;
    let chosen = json!({ "plan_id": membership.plan_id, "plan_pricing_id": membership_option.plan_pricing_id });
    keep_answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), MEMBERSHIP, &chosen).await?;
    db::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    db::put_in_cart(&state.db, e.row.enrollment_id, membership.plan_id, membership_option.plan_pricing_id, false)
        .await?;
    Ok(success(json!({ "cart_count": cart_count(&state, &e).await? })))
}

/// Removes a plan and what belongs to it: its riders, and membership lines no remaining plan needs.
pub async fn remove_with_dependents(
    state: &AppState,
    e: &mut Enrollment,
    plan_id: i64,
    pricing_id: i64,
) -> ApiResult<bool> {
    reopen_cart(state, e).await?;
    let id = e.row.enrollment_id;
    if !db::remove_from_cart(&state.db, id, plan_id, pricing_id).await? {
        return Ok(false);
    }
    let remaining = db::cart(&state.db, id).await?;
    let plans: Vec<&Plan> = remaining.iter().filter_map(|l| state.catalogue.plan(l.plan_id)).collect();
    for line in &remaining {
        let Some(plan) = state.catalogue.plan(line.plan_id) else { continue };
        let orphan_rider = !plan.rider_of.is_empty() && !plans.iter().any(|p| plan.rider_of.contains(&p.plan_id));
        let orphan_membership = !line.removable && !plans.iter().any(|p| p.membership.contains(&plan.plan_id));
        if orphan_rider || orphan_membership {
            db::drop_cart_line(&state.db, id, line.plan_id).await?;
        }
    }
    Ok(true)
}

// ---- offers ------------------------------------------------------------------------------------------------------------

/// An offer resolved to plans the person can buy now; `None` when it cannot be made.
async fn resolve_offer(
    state: &AppState,
    e: &Enrollment,
    offer: &Offer,
    cart: &[PricedLine],
) -> ApiResult<Option<Value>> {
    let in_cart = |id: i64| cart.iter().any(|l| l.plan_id == id);
    // Only plans that need no further popup can be added from an offer.
    let simple = |p: &Plan| {
        p.listed
            && p.membership.is_empty()
            && !in_cart(p.plan_id)
            && state.workflows.shop.eligibility_for(p.plan_id, &p.category).is_none()
            && p.eligibility.groups.is_none()
            && !p.blackout.as_ref().is_some_and(|b| b.covers(today()))
    };
    let mut chosen: Vec<(&Plan, &PlanOption, Cents)> = Vec::new();
    match &offer.offer {
        // A category the cart already covers is not offered again.
        OfferPlans::Category(category) if cart.iter().any(|l| &l.plan_category == category) => {}
        OfferPlans::Category(category) => {
            let mut best: Option<(&Plan, &PlanOption, Cents)> = None;
            for plan in state.catalogue.plans.iter().filter(|p| &p.category == category && simple(p)) {
                if let Ok(priced) = price(state, e, plan).await? {
                    if let Some((o, p)) = priced.first() {
                        if best.is_none_or(|(_, _, b)| *p < b) {
                            best = Some((plan, o, *p));
                        }
                    }
                }
            }
            chosen.extend(best);
        }
        OfferPlans::Bundle(ids) => {
            for id in ids {
                let Some(plan) = state.catalogue.plan(*id).filter(|p| simple(p)) else { return Ok(None) };
                let Ok(priced) = price(state, e, plan).await? else { return Ok(None) };
                let Some((o, p)) = priced.first() else { return Ok(None) };
                chosen.push((plan, o, *p));
            }
        }
    }
    if chosen.is_empty() {
        return Ok(None);
    }
    let total: Cents = chosen.iter().map(|(_, _, p)| *p).sum();
    let plans: Vec<Value> = chosen
        .iter()
        .map(|(plan, o, p)| {
            json!({
                "plan_id": plan.plan_id, "plan_pricing_id": o.plan_pricing_id, "plan_name": plan.plan_name,
                "option_name": o.name, "plan_logo": plan.logo, "plan_category": plan.category, "price": p,
            })
        })
        .collect();
    Ok(Some(json!({
        "step": offer.id, "kind": "offer", "title": offer.pop_up_title, "header": offer.pop_up_header,
        "link": offer.pop_up_link, "link_description": offer.pop_up_link_description, "plans": plans, "price": total,
        "actions": [ { "action": "accept", "label": offer.accept }, { "action": "decline", "label": offer.decline } ],
    })))
}

async fn answered_offers(state: &AppState, e: &Enrollment) -> ApiResult<Vec<String>> {
    let stored = answer(&state.db, e.row.enrollment_id, CART, OFFERS).await?;
    Ok(stored.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default())
}

/// The first offer of `list` that applies now, resolved.
async fn next_offer(state: &AppState, e: &Enrollment, list: &[Offer]) -> ApiResult<Option<Value>> {
    let cart = priced_cart(state, e).await?;
    let ctx = enrollment::context(e, &cart);
    let answered = answered_offers(state, e).await?;
    for offer in shop::open_offers(list, &ctx, &answered) {
        if let Some(view) = resolve_offer(state, e, offer, &cart).await? {
            return Ok(Some(view));
        }
    }
    Ok(None)
}

/// The spec's suggested-plan popup item for an offer view.
fn suggested_item(view: &Value) -> Value {
    let plans = view["plans"].as_array().cloned().unwrap_or_default();
    let first = plans.first().cloned().unwrap_or_default();
    let second = plans.get(1).cloned().unwrap_or_default();
    json!({
        "plan_category": first["plan_category"], "plan_name": plans.iter().filter_map(|p| p["plan_name"].as_str()).collect::<Vec<_>>().join(" + "),
        "pop_up_display": 1, "pop_up_title": view["title"], "pop_up_header": view["header"],
        "pop_up_link": view["link"], "pop_up_link_description": view["link_description"], "plan_price": view["price"],
        "plan_logo": first["plan_logo"], "plan_id": first["plan_id"], "ppid": first["plan_pricing_id"],
        "plan_id_1": second["plan_id"], "plan_pricing_id_1": second["plan_pricing_id"],
        "accept": view["actions"][0]["label"], "decline": view["actions"][1]["label"], "offer": view["step"],
    })
}

/// `GET /shop/{enrollment_id}/after-add`: the offer made right after a plan is added (the accident offer), or null.
pub async fn get_after_add(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let e = enrollment::load(&state, &session, enrollment_id_of(&id)?).await?;
    Ok(success(json!({ "step": next_offer(&state, &e, &state.workflows.shop.after_add).await? })))
}

/// `get-suggested-plan-list-new { enrollment_id }`: the accident offer as the spec's popup item.
pub async fn suggested_plan_list_new(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let item = next_offer(&state, &e, &state.workflows.shop.after_add).await?.map(|v| suggested_item(&v));
    Ok(success(json!({ "result": item })))
}

/// `get-suggested-plan-list { enrollment_id, ... }`: every checkout upsell that applies now, as popup items.
pub async fn suggested_plan_list(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let cart = priced_cart(&state, &e).await?;
    let ctx = enrollment::context(&e, &cart);
    let answered = answered_offers(&state, &e).await?;
    let mut items = Vec::new();
    for offer in shop::open_offers(&state.workflows.shop.checkout_upsells, &ctx, &answered) {
        if let Some(view) = resolve_offer(&state, &e, offer, &cart).await? {
            items.push(suggested_item(&view));
        }
    }
    Ok(success(json!({ "result": items })))
}

/// The confirmation that ends checkout's steps.
fn confirmation(effective_date: &str) -> Value {
    json!({
        "step": "confirmation", "kind": "confirmation", "title": "Cart page confirmation to proceed further",
        "text": format!("Your plans will be effective as of {effective_date}"),
        "actions": [
            { "action": "rep", "label": "Rep Enrollment" }, { "action": "member", "label": "Member Enrollment" },
            { "action": "back", "label": "Back to Cart" },
        ],
    })
}

/// `GET /shop/{enrollment_id}/checkout?effective_date=`: the next checkout upsell, or the confirmation.
pub async fn get_checkout(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment::load(&state, &session, enrollment_id_of(&id)?).await?;
    Ok(success(json!({ "step": checkout_step(&state, &e, &params).await? })))
}

async fn checkout_step(state: &AppState, e: &Enrollment, params: &HashMap<String, String>) -> ApiResult<Value> {
    if let Some(offer) = next_offer(state, e, &state.workflows.shop.checkout_upsells).await? {
        return Ok(offer);
    }
    Ok(confirmation(params.get("effective_date").map(String::as_str).unwrap_or_default()))
}

/// `POST /shop/{enrollment_id}/offer/{offer}` `{ action: accept | decline }`: answers an offer (accept puts its plans
/// in the cart); answers the next checkout step for an upsell, or `{ redirect: "/cart" }` after the accident offer.
pub async fn post_offer(
    State(state): State<AppState>,
    session: Session,
    Path((id, offer_id)): Path<(String, String)>,
    Query(params): Params,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let mut e = enrollment::load(&state, &session, enrollment_id_of(&id)?).await?;
    let shop = &state.workflows.shop;
    let (offer, at_checkout) = match shop.checkout_upsells.iter().find(|o| o.id == offer_id) {
        Some(o) => (o, true),
        None => (
            shop.after_add
                .iter()
                .find(|o| o.id == offer_id)
                .ok_or_else(|| ApiError::NotFound(format!("Unknown offer {offer_id}")))?,
            false,
        ),
    };
    let accept = match body.get("action").and_then(Value::as_str) {
        Some("accept") => true,
        Some("decline") => false,
        Some(other) => return Err(ApiError::field("action", format!("Unknown action {other}; use accept or decline"))),
        None => return Err(ApiError::field("action", "Field is required")),
    };
    let cart = priced_cart(&state, &e).await?;
    let view = resolve_offer(&state, &e, offer, &cart).await?;
    if accept {
        let view = view.ok_or_else(|| ApiError::Conflict("This offer is no longer available".into()))?;
        // The offered lines pass the same rules as Add to Cart (blackout, already active, pricing) before any is added.
        let mut lines = Vec::new();
        for offered in view["plans"].as_array().into_iter().flatten() {
            let plan = plan_of(&state, offered.get("plan_id"))?;
            let option = option_of(plan, offered.get("plan_pricing_id"), "plan_pricing_id")?;
            refuse_adding(&state, &e, plan, option).await?;
            lines.push((plan.plan_id, option.plan_pricing_id));
        }
        reopen_cart(&state, &mut e).await?;
        for (plan_id, pricing_id) in lines {
            db::put_in_cart(&state.db, e.row.enrollment_id, plan_id, pricing_id, true).await?;
        }
    }
    let mut answered = answered_offers(&state, &e).await?;
    if !answered.contains(&offer.id) {
        answered.push(offer.id.clone());
    }
    keep_answer(&state.db, e.row.enrollment_id, CART, OFFERS, &json!(answered)).await?;
    let e = enrollment::load(&state, &session, e.row.enrollment_id).await?;
    if at_checkout {
        Ok(success(
            json!({ "step": checkout_step(&state, &e, &params).await?, "cart_count": cart_count(&state, &e).await? }),
        ))
    } else {
        Ok(success(json!({ "step": null, "redirect": "/cart", "cart_count": cart_count(&state, &e).await? })))
    }
}

/// The offers a person answered are asked again once the cart is emptied.
pub async fn forget_offers(db: &Db, enrollment_id: i64) -> ApiResult<()> {
    forget_answer(db, enrollment_id, CART, OFFERS).await
}

/// `set-enrollment-group-code { group_code, enrollment_id, plan_id? }`: puts the enrollment under the group of the
/// code (the page has asked the person to confirm the employer); 'Invalid Group Enrollment Code' otherwise.
pub async fn set_enrollment_group_code(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let code = body.get("group_code").and_then(Value::as_str).map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("group_code", shop::FIELD_REQUIRED));
    }
    let group = match body.get("plan_id").filter(|p| !p.is_null()) {
        Some(id) => group_for_code(&state, plan_of(&state, Some(id))?, code)?,
        None => state
            .catalogue
            .group_by_code(code)
            .ok_or_else(|| ApiError::field("group_code", shop::INVALID_GROUP_CODE))?,
    };
    e.ensure_open()?;
    db::set_enrollment_group(&state.db, e.row.enrollment_id, group.group_id).await?;
    crate::access::become_employee(&state.db, &session, group.group_id).await?;
    Ok(success(json!({ "group_id": group.group_id, "name": group.name })))
}

/// `group-enrollment-info { enrollment_id, plan_id? }`: whether the enrollment is under a group (`has_enrollment`)
/// and whether the plan's page must capture a group code (`capture_groupcode`).
pub async fn group_enrollment_info(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let capture = match params.get("plan_id") {
        Some(id) => group_code_missing(&e, plan_of(&state, Some(&json!(id)))?),
        None => false,
    };
    Ok(success(
        json!({ "has_enrollment": e.row.group_id.is_some(), "capture_groupcode": capture, "group_id": e.row.group_id }),
    ))
}
