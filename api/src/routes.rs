//! The `/api/v1` route table and its handlers: the spec's calls and the step protocol.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::{get, post, put, MethodRouter};
use axum::Router;
use engine::cart::{effective_dates, totals};
use engine::dates::format_mdy;
use engine::lifecycle::Event;
use engine::rating::{check_eligibility, PricingError};
use engine::schema::{compose_filter, FilterOptions};
use engine::tabs::{select_tabs, TabName};
use engine::validation::{clean, validate};
use serde_json::{json, Value};

use crate::app::AppState;
use crate::db::{self, LifecycleExtras, NewEnrollment};
use crate::enrollment::{self, load, parse_id, priced_cart, today, Enrollment, Filter, Next};
use crate::error::{success, ApiError, ApiResult, AppJson};
use crate::session::Session;
use crate::shop::cart_count;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/filter-form", get(filter_form))
        .route("/validate-zip-code", get(validate_zip_code))
        .route("/add-filter-for-new-user", post(add_filter_for_new_user))
        .route("/validate-agent", get(crate::access::validate_agent))
        .route("/validate-group", get(crate::access::validate_group))
        .route("/get-agent-groups", get(crate::access::agent_groups))
        .route("/add-filter-for-member", post(crate::members::add_filter_for_member))
        .route("/get-member-info", get(crate::members::member_info))
        .route("/get-existing-primary-health-info", get(crate::members::existing_health))
        .route("/get-dependents-existing-user-enrollment", get(crate::members::existing_dependents))
        .route("/get-existing-bank-info", get(crate::members::existing_banks))
        .route("/get-existing-card-info", get(crate::members::existing_cards))
        .route("/save-billing-info-existing", post(crate::billing::save_existing))
        .route("/validate-member-email", post(crate::members::validate_email))
        .route("/validate-phone-numverify", get(crate::members::validate_phone))
        .route("/validate-email-neverbounce", post(crate::members::validate_email_deliverable))
        .route("/change-filter-info/{temp_id}", put(change_filter_info))
        .route("/get-enrollment-temp-info", get(get_enrollment_temp_info))
        .route("/get-plan-category", get(get_plan_category))
        .route("/get-featured-plans", get(get_featured_plans))
        .route("/get-filtered-plans", get(get_filtered_plans))
        .route("/get-plan-detail/{id}", get(get_plan_detail))
        .route("/get-plan-pricing-detail", get(crate::shop::pricing_detail))
        .route("/get-plan-pricing-detail-elevate", get(crate::shop::pricing_detail))
        .route("/add-plan-to-cart", post(crate::shop::add_plan_to_cart))
        .route("/add-plan-to-cart-prudentials", post(crate::shop::add_plan_to_cart_prudentials))
        .route("/get-aflac-questions", get(crate::shop::aflac_questions))
        .route("/save-aflac-questions", post(crate::shop::save_aflac_questions))
        .route("/store-temp-dependent-info", post(crate::shop::store_temp_dependent_info))
        .route("/get-temp-dependent-info", get(crate::shop::get_temp_dependent_info))
        .route("/check-dependent-dob", get(crate::shop::check_dependent_dob))
        .route("/get-questions", get(crate::shop::get_questions))
        .route("/set-enrollment-group-code", post(crate::shop::set_enrollment_group_code))
        .route("/group-enrollment-info", get(crate::shop::group_enrollment_info))
        .route("/save-question-answers", post(crate::shop::save_question_answers))
        .route("/check-already-answered", get(crate::shop::check_already_answered))
        .route("/get-suggested-plan-list", get(crate::shop::suggested_plan_list))
        .route("/get-suggested-plan-list-new", get(crate::shop::suggested_plan_list_new))
        .route("/get-common-menu", get(crate::menus::common_menu))
        .route("/get-group-menu", get(crate::menus::group_menu))
        .route("/get-left-side-filter-fields", get(crate::menus::left_side_filter_fields))
        .route("/get-menu-filtered-plans", get(crate::menus::menu_filtered_plans))
        .route("/get-related-plans", get(crate::menus::related_plans))
        .route("/get-enrollment-platforms", get(crate::menus::enrollment_platforms))
        .route("/get-group-agent-member-info", get(crate::menus::group_agent_member_info))
        .route("/get-quote-preview-content", get(crate::quote::preview))
        .route("/shop/{id}/plan/{plan_id}", get(crate::shop::get_plan_flow))
        .route("/shop/{id}/plan/{plan_id}/{popup}", post(crate::shop::post_plan_popup))
        .route("/shop/{id}/after-add", get(crate::shop::get_after_add))
        .route("/shop/{id}/checkout", get(crate::shop::get_checkout))
        .route("/shop/{id}/offer/{offer}", post(crate::shop::post_offer))
        .route("/get-plan-cart", get(get_plan_cart))
        .route("/get-more-requirement", get(crate::premier::more_requirement))
        .route("/check-prudential-plan", get(crate::premier::prudential_plan))
        .route("/check-prudential-cart", get(crate::premier::prudential_cart))
        .route("/check-disability-plan", get(crate::premier::disability_plan))
        .route("/check-already-in-cart", post(crate::premier::already_in_cart))
        .route(
            "/remove-plan-from-cart",
            get(remove_plan_from_cart_query).post(remove_plan_from_cart_body).delete(remove_plan_from_cart_query),
        )
        .route("/get-cart-count", get(get_cart_count))
        .route("/get-cart-amount", get(get_cart_amount))
        .route("/get-cart-effective-dates", get(get_cart_effective_dates))
        .route("/cart-checkout", post(cart_checkout))
        .route("/get-dynamic-tabs", get(get_dynamic_tabs))
        .route("/get-form-fields-personal-info", form_fields_route(TabName::PrimaryInfo))
        .route("/get-form-fields-contact-info", form_fields_route(TabName::ContactInfo))
        .route("/get-form-fields-employer-info", form_fields_route(TabName::EmployerInfo))
        .route("/get-form-fields-agreement-info", form_fields_route(TabName::AgreementInfo))
        .route("/get-agreement-texts", get(get_agreement_texts))
        .route("/save-enroller-code", post(save_enroller_code))
        .route("/check-enroll-code", get(check_enroll_code))
        .route("/save-agreement-info", post(save_agreement_info))
        .route("/save-employer-info", save_route(TabName::EmployerInfo))
        .route("/get-average-work-week", lookup_route(TabName::EmployerInfo, "average_work_week"))
        .route("/get-employment-status", lookup_route(TabName::EmployerInfo, "employment_status"))
        .route("/get-compensation-types", lookup_route(TabName::EmployerInfo, "compensation_type"))
        .route("/get-vacation-policy", lookup_route(TabName::EmployerInfo, "emp_vac_policy"))
        .route("/get-bargaining-unit", lookup_route(TabName::EmployerInfo, "emp_barg_unit"))
        .route("/get-holiday-policy", lookup_route(TabName::EmployerInfo, "holiday_policy"))
        .route("/get-states", lookup_route(TabName::ContactInfo, "state"))
        .route("/get-ethnic-category", lookup_route(TabName::PrimaryInfo, "ethnic_category"))
        .route("/get-health-questions-primary-health-info", get(crate::health::primary_questions))
        .route("/get-health-questions-dependent-info", get(crate::health::dependent_questions))
        .route("/save-primary-health-info", post(crate::health::save_primary))
        .route("/get-form-fields-dependent-primary-info", get(crate::dependents::form_fields))
        .route("/validate-single-dependent", post(crate::dependents::validate_single))
        .route("/save-dependent-info", post(crate::dependents::save))
        .route("/save-dependent-info-to-temp", post(crate::dependents::save_to_temp))
        .route("/delete-dependent-in-IO", post(crate::dependents::delete_in_io))
        .route("/get-form-fields-billing-info", form_fields_route(TabName::BillingInfo))
        .route("/get-payment-method", get(crate::billing::payment_method))
        .route("/get-bill-date", get(crate::billing::bill_dates))
        .route("/get-billing-text", get(crate::billing::billing_text))
        .route("/routing-number-bank-lookup", get(crate::billing::routing_lookup))
        .route("/save-billing-info", post(crate::billing::save))
        .route("/save-personal-info", save_route(TabName::PrimaryInfo))
        .route("/save-contact-info", save_route(TabName::ContactInfo))
        .route("/save-review-info", post(save_review_info))
        .route("/get-receipt", get(get_receipt))
        .route("/save-enrollment", post(save_enrollment))
        .route("/save-screenshot", post(save_screenshot))
        .route("/continue-enrollment", post(continue_enrollment))
        .route("/direct-continue/{token}", get(direct_continue))
        .route("/check-tab-required", get(check_tab_required))
        .route("/enrollment/{id}/step", get(current_step))
        .route("/enrollment/{id}/step/{step}", get(get_step).post(post_step))
        .fallback(crate::app::not_found)
        .method_not_allowed_fallback(crate::app::not_found)
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::session::layer))
        .with_state(state)
}

pub(crate) type Params = Query<HashMap<String, String>>;

fn param(params: &HashMap<String, String>, name: &str) -> Option<Value> {
    params.get(name).map(|v| json!(v))
}

pub(crate) async fn enrollment_from_query(
    state: &AppState,
    session: &Session,
    params: &HashMap<String, String>,
) -> ApiResult<Enrollment> {
    let id = parse_id(param(params, "enrollment_id").as_ref(), "enrollment_id")?;
    load(state, session, id).await
}

pub(crate) async fn enrollment_from_body(state: &AppState, session: &Session, body: &Value) -> ApiResult<Enrollment> {
    let id = parse_id(body.get("enrollment_id"), "enrollment_id")?;
    load(state, session, id).await
}

// ---- filter -------------------------------------------------------------------------------------------------------

/// The quote form's options: the category is asked when the plan on the page (`plan_id`) or a plan in the cart is
/// a premier plan, or when the category chosen has premier plans (the spec's premier flag: choosing medical selects
/// it, another category clears it).
pub(crate) async fn filter_options(
    state: &AppState,
    e: Option<&Enrollment>,
    plan_id: Option<&str>,
    category: Option<&str>,
) -> ApiResult<FilterOptions> {
    let viewed = plan_id
        .and_then(|p| p.trim().parse::<i64>().ok())
        .and_then(|p| state.catalogue.plan(p))
        .is_some_and(|p| p.is_premier());
    let selected =
        category.is_some_and(|c| state.catalogue.plans.iter().any(|p| p.listed && p.category == c && p.is_premier()));
    let in_cart = match e {
        Some(e) => priced_cart(state, e).await?.iter().any(|l| l.is_premier()),
        None => false,
    };
    let categories = state.catalogue.categories.iter().map(|c| (c.category.clone(), c.display_name.clone())).collect();
    Ok(FilterOptions { premier: viewed || selected || in_cart, categories })
}

async fn filter_form(State(state): State<AppState>, session: Session, Query(params): Params) -> ApiResult<Response> {
    let e = match params.get("enrollment_id").filter(|v| !v.is_empty()) {
        Some(_) => Some(enrollment_from_query(&state, &session, &params).await?),
        None => None,
    };
    let current = match &e {
        Some(e) => json!({
            "zip": e.filter.zip, "gender": e.filter.gender, "tier": e.filter.tier, "dob": e.filter.dob,
            "category": e.filter.category, "spouse_dob": e.filter.spouse_dob, "no_of_children": e.filter.no_of_children,
        }),
        None => json!({}),
    };
    let (plan, category) = (params.get("plan_id").map(String::as_str), params.get("category").map(String::as_str));
    let options = filter_options(&state, e.as_ref(), plan, category).await?;
    let form = compose_filter(&current, &options);
    Ok(success(json!({ "schema": form.schema, "uiSchema": form.ui_schema, "formData": form.form_data })))
}

async fn validate_zip_code(Query(params): Params) -> ApiResult<Response> {
    let zip = params.get("zip_code").map(|z| z.trim()).unwrap_or_default();
    if zip.is_empty() {
        return Err(ApiError::field("zip_code", "Field is required"));
    }
    let info = crate::zip::lookup(zip).ok_or_else(|| ApiError::field("zip_code", "Invalid Zip code"))?;
    Ok(success(json!({ "zip_code": info.zip_code, "city": info.city, "state": info.state })))
}

/// Validates a whole filter with the filter form's schema, then the ZIP against the directory.
pub(crate) fn validated_filter(candidate: &Value, previous: &Filter, options: &FilterOptions) -> ApiResult<Filter> {
    let form = compose_filter(&json!({}), options);
    let cleaned = clean(&form.schema, candidate, &form.form_data);
    validate(&form.schema, &cleaned, today()).map_err(ApiError::Invalid)?;
    let text = |k: &str| cleaned[k].as_str().unwrap_or_default().to_string();
    let zip = crate::zip::lookup(&text("zip")).ok_or_else(|| ApiError::field("zip", "Invalid Zip code"))?;
    let category = candidate
        .get("category")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .or_else(|| previous.category.clone());
    let is_smoker = match candidate.get("is_smoker") {
        Some(Value::String(s)) if s == "0" || s == "1" => Some(s.clone()),
        Some(Value::Number(n)) if n.as_i64() == Some(0) || n.as_i64() == Some(1) => Some(n.to_string()),
        Some(Value::Null) | Some(Value::String(_)) | None => previous.is_smoker.clone(),
        Some(_) => return Err(ApiError::field("is_smoker", "Please choose Yes or No")),
    };
    Ok(Filter {
        zip: zip.zip_code.clone(),
        dob: text("dob"),
        gender: text("gender"),
        tier: text("tier"),
        state: zip.state.clone(),
        city: zip.city.clone(),
        is_smoker,
        category,
        annual_incode: whole_number(candidate, "annual_incode", "Please enter a valid annual income")?
            .or(previous.annual_incode),
        working_hours: whole_number(candidate, "working_hours", "Please enter valid working hours")?
            .or(previous.working_hours),
        platform_group_id: whole_number(candidate, "platform_group_id", "Please choose a platform")?
            .or(previous.platform_group_id),
        spouse_dob: cleaned["spouse_dob"].as_str().map(str::to_string).or_else(|| previous.spouse_dob.clone()),
        no_of_children: cleaned["no_of_children"].as_i64().or(previous.no_of_children),
    })
}

/// A whole, non-negative number sent as a number or a string ("52000"); `None` when absent or empty.
fn whole_number(body: &Value, field: &str, message: &str) -> ApiResult<Option<i64>> {
    let number = match body.get(field) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => s.trim().replace(',', "").parse::<i64>().ok(),
        Some(Value::Number(n)) => n.as_i64(),
        Some(_) => None,
    };
    match number {
        Some(n) if n >= 0 => Ok(Some(n)),
        _ => Err(ApiError::field(field, message)),
    }
}

/// Creates an enrollment owned by the caller's session. The process, rep, group and enrollment type come from the
/// session's role (a rep access code or a group enrollment code given in it), never from a field the browser sets.
async fn add_filter_for_new_user(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let filter = validated_filter(&body, &Filter::default(), &FilterOptions::default())?;
    let (eprocess, enrollment_type, agent_id, group_id) =
        crate::access::new_enrollment_parties(&state, &session, body.get("group_id")).await?;
    let lifecycle = serde_json::to_string(&engine::lifecycle::EnrollmentLifecycle::default())
        .map_err(|e| ApiError::Internal(e.into()))?;
    let open_type = body.get("open_type").and_then(Value::as_str).filter(|v| ["agent", "group", "user"].contains(v));
    let id = db::insert_enrollment(
        &state.db,
        NewEnrollment {
            session_id: &session.0,
            filter: serde_json::to_string(&filter).map_err(|e| ApiError::Internal(e.into()))?,
            eprocess,
            enrollment_type,
            open_type,
            group_id,
            agent_id,
            lifecycle,
        },
    )
    .await?;
    Ok(success(json!({ "temp_enrollment_id": id })))
}

async fn change_filter_info(
    State(state): State<AppState>,
    session: Session,
    Path(temp_id): Path<String>,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let id = parse_id(Some(&json!(temp_id)), "enrollment_id")?;
    let e = load(&state, &session, id).await?;
    e.ensure_open()?;
    let mut merged = serde_json::to_value(&e.filter).map_err(|e| ApiError::Internal(e.into()))?;
    for (k, v) in body.as_object().into_iter().flatten() {
        // The spec drops empty values from update payloads: an empty field keeps what was there.
        let empty = v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty());
        if !empty {
            merged[k] = v.clone();
        }
    }
    let options = filter_options(&state, Some(&e), body.get("plan_id").and_then(Value::as_str), None).await?;
    let filter = validated_filter(&merged, &e.filter, &options)?;
    db::update_filter(&state.db, id, &serde_json::to_string(&filter).map_err(|e| ApiError::Internal(e.into()))?)
        .await?;
    Ok(success(json!({ "temp_enrollment_id": id, "filter_info": filter_info(&filter) })))
}

fn filter_info(filter: &Filter) -> Value {
    json!({
        "zip": filter.zip, "dob": filter.dob, "state": filter.state, "tier": filter.tier,
        "gender": filter.gender, "is_smoker": filter.is_smoker, "category": filter.category,
        "annual_incode": filter.annual_incode, "working_hours": filter.working_hours,
        "platform_group_id": filter.platform_group_id, "spouse_dob": filter.spouse_dob,
        "no_of_children": filter.no_of_children,
    })
}

async fn get_enrollment_temp_info(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let column = params.get("column").map(String::as_str).unwrap_or("filter_info");
    let result = match column {
        "filter_info" => filter_info(&e.filter),
        "effective_date" => json!(e.row.effective_date),
        "type" => json!(e.row.enrollment_type),
        "eprocess" => json!(e.row.eprocess),
        other => match TabName::parse_saved(other) {
            Some(tab) => enrollment::masked_tab(&state, &e, tab).await?,
            _ => return Err(ApiError::field("column", format!("Unknown column {other}"))),
        },
    };
    Ok(success(json!({ "result": result })))
}

// ---- catalogue ----------------------------------------------------------------------------------------------------

async fn get_plan_category(State(state): State<AppState>) -> Response {
    success(json!(state.catalogue.categories))
}

pub(crate) fn card(state: &AppState, plan: &engine::catalogue::Plan, price: Option<engine::rating::Cents>) -> Value {
    json!({
        "plan_id": plan.plan_id, "plan_name": plan.plan_name, "plan_type": plan.plan_type, "plan_logo": plan.logo,
        "plan_short_text": plan.short_text, "plan_price": price, "plan_category": plan.category,
        "carrier_name": state.catalogue.carrier_name(plan.carrier_id),
    })
}

async fn get_featured_plans(State(state): State<AppState>) -> Response {
    let plans: Vec<Value> =
        state.catalogue.plans.iter().filter(|p| p.featured).map(|p| card(&state, p, None)).collect();
    success(json!(plans))
}

pub const ONLY_IO: &str = "Plans are available for IO tier only";
pub const NO_PLANS: &str = "No Plans are available for your selection";

async fn get_filtered_plans(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let wanted: Vec<&str> = params
        .get("categories")
        .map(|c| c.split(',').map(str::trim).filter(|c| !c.is_empty()).collect())
        .unwrap_or_default();
    let mut result = Vec::new();
    let mut io_only = false;
    for plan in state
        .catalogue
        .plans
        .iter()
        .filter(|p| p.listed && (wanted.is_empty() || wanted.contains(&p.category.as_str())))
    {
        let cheapest = match crate::shop::price(&state, &e, plan).await? {
            Ok(priced) => priced.first().map(|(_, p)| *p),
            // Tier errors are not listed: the section says the category is for Member Only instead.
            Err((PricingError::TierError, _)) => {
                io_only |= plan.tiers == [engine::context::Tier::IO];
                continue;
            }
            // A plan one of the shop's popups can price (income, tobacco, portal, ...) is listed; its page asks.
            Err((error, priced)) if state.workflows.shop.answers(error) => priced.first().map(|(_, p)| *p),
            Err(_) => continue,
        };
        result.push(card(&state, plan, cheapest.filter(|_| !plan.hides_price())));
    }
    let message = match (result.is_empty(), io_only) {
        (false, _) => None,
        (true, true) => Some(ONLY_IO),
        (true, false) => Some(NO_PLANS),
    };
    Ok(success(json!({ "result": result, "message": message })))
}

async fn get_plan_detail(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let plan = id
        .parse::<i64>()
        .ok()
        .and_then(|id| state.catalogue.plan(id))
        .ok_or_else(|| ApiError::NotFound("Plan not found".into()))?;
    let mut answer = card(&state, plan, None);
    answer["plan_desc"] = json!(plan.description);
    answer["is_prudential_plan"] = json!(plan.is_premier());
    answer["hides_price"] = json!(plan.hides_price());
    Ok(success(answer))
}

// ---- cart ---------------------------------------------------------------------------------------------------------

async fn cart_answer(state: &AppState, e: &Enrollment) -> ApiResult<Value> {
    let lines = priced_cart(state, e).await?;
    let t = totals(&lines.iter().map(|l| l.price).collect::<Vec<_>>());
    let premier = lines.iter().any(|l| l.is_premier());
    Ok(json!({
        "result": lines, "initial_month_cost": t.initial_month_cost,
        "recurring_month_cost": t.recurring_month_cost, "total_cost": t.total_cost,
        "riders": riders(state, e, &lines).await?, "notices": crate::shop::premier_notices(premier),
        "show_quotation": crate::quote::may_send(e),
    }))
}

/// Riders that can be added to the plans in the cart, priced.
async fn riders(state: &AppState, e: &Enrollment, lines: &[enrollment::PricedLine]) -> ApiResult<Vec<Value>> {
    let mut offered = Vec::new();
    for plan in state.catalogue.plans.iter().filter(|p| !p.rider_of.is_empty()) {
        let rides = lines.iter().any(|l| plan.rider_of.contains(&l.plan_id));
        if !rides || lines.iter().any(|l| l.plan_id == plan.plan_id) {
            continue;
        }
        if let Ok(priced) = crate::shop::price(state, e, plan).await? {
            for (option, price) in priced {
                offered.push(json!({
                    "plan_id": plan.plan_id, "plan_pricing_id": option.plan_pricing_id, "plan_name": plan.plan_name,
                    "option_name": option.name, "plan_short_text": plan.short_text, "price": price,
                }));
            }
        }
    }
    Ok(offered)
}

async fn get_plan_cart(State(state): State<AppState>, session: Session, Query(params): Params) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    Ok(success(cart_answer(&state, &e).await?))
}

async fn remove_plan_from_cart(state: &AppState, session: &Session, input: &Value) -> ApiResult<Response> {
    let mut e = enrollment_from_body(state, session, input).await?;
    let plan_id = parse_id(input.get("plan_id"), "plan_id")?;
    let pricing_id = parse_id(input.get("plan_pricing_id"), "plan_pricing_id")?;
    if !crate::shop::remove_with_dependents(state, &mut e, plan_id, pricing_id).await? {
        return Err(ApiError::NotFound("This plan is not in your cart".into()));
    }
    let count = cart_count(state, &e).await?;
    if count == 0 {
        crate::shop::forget_offers(&state.db, e.row.enrollment_id).await?;
    }
    Ok(success(json!({ "cart_count": count })))
}

async fn remove_plan_from_cart_query(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    remove_plan_from_cart(&state, &session, &json!(params)).await
}

async fn remove_plan_from_cart_body(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    remove_plan_from_cart(&state, &session, &body).await
}

async fn get_cart_count(State(state): State<AppState>, session: Session, Query(params): Params) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    Ok(success(json!({ "result": cart_count(&state, &e).await? })))
}

async fn get_cart_amount(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    let lines = priced_cart(&state, &e).await?;
    let t = totals(&lines.iter().map(|l| l.price).collect::<Vec<_>>());
    Ok(success(json!({ "result": t.initial_month_cost })))
}

async fn get_cart_effective_dates(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    enrollment_from_query(&state, &session, &params).await?;
    let dates: Vec<String> = effective_dates(today()).into_iter().map(format_mdy).collect();
    Ok(success(json!({ "result": dates })))
}

async fn cart_checkout(State(state): State<AppState>, session: Session, AppJson(body): AppJson) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let lines = priced_cart(&state, &e).await?;
    if lines.is_empty() {
        return Err(ApiError::field("cart", "Your cart is empty. Please add a plan before checking out."));
    }
    let input = e.filter.rating_input(today()).ok_or_else(|| ApiError::field("dob", "Field is required"))?;
    for line in &lines {
        if let Some(Err(p)) = state.catalogue.plan(line.plan_id).map(|plan| check_eligibility(plan, &input)) {
            return Err(ApiError::field("cart", format!("{}: {}", line.plan_name, p.message())));
        }
    }
    let effective_date = body.get("effective_date").and_then(Value::as_str).map(str::trim).unwrap_or_default();
    if effective_date.is_empty() {
        return Err(ApiError::field("effective_date", "Field is required"));
    }
    if !effective_dates(today()).into_iter().map(format_mdy).any(|d| d == effective_date) {
        return Err(ApiError::field("effective_date", "Please choose one of the effective dates offered"));
    }
    let checkout_type = match body.get("type").and_then(Value::as_str) {
        None | Some("") => None,
        Some(t @ ("rep" | "member")) => Some(t),
        Some(_) => return Err(ApiError::field("type", "Please choose Rep Enrollment or Member Enrollment")),
    };
    let nav = engine::tabs::navigation(&state.workflows.wizard, &enrollment::context(&e, &lines));
    let mut lifecycle = e.lifecycle.clone();
    lifecycle.handle(Event::Checkout { nav }).map_err(|why| ApiError::Conflict(why.message().into()))?;
    let text = serde_json::to_string(&lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    let extras = LifecycleExtras { effective_date: Some(effective_date), checkout_type, policy_id: None };
    if !db::update_lifecycle(&state.db, e.row.enrollment_id, &text, e.row.lifecycle_version, extras).await? {
        return Err(ApiError::Conflict(enrollment::STALE.into()));
    }
    // The cart as the person saw it when checking out, kept for audit.
    let snapshot = json!({
        "cart": cart_answer(&state, &e).await?, "effective_date": effective_date, "type": checkout_type,
        "filter": filter_info(&e.filter), "taken_on": format_mdy(today()),
    });
    sqlx::query("insert into cart_snapshot (enrollment_id, taken_at, data) values ($1, $2, $3)")
        .bind(e.row.enrollment_id)
        .bind(db::now())
        .bind(snapshot.to_string())
        .execute(&state.db)
        .await?;
    let next = lifecycle.current_tab().map(Next::Tab).unwrap_or(Next::Cart);
    Ok(success(json!({ "effective_date": effective_date, "next": next.describe() })))
}

// ---- wizard: the spec's calls ---------------------------------------------------------------------------------------

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
fn lookup_route(tab: TabName, field: &'static str) -> MethodRouter<AppState> {
    get(move || async move {
        let result: Vec<Value> = engine::forms::choices(tab, field)
            .into_iter()
            .map(|(value, label)| json!({ "value": value, "label": label }))
            .collect();
        success(json!({ "result": result }))
    })
}

/// A spec get-form-fields-* call for one tab.
fn form_fields_route(tab: TabName) -> MethodRouter<AppState> {
    get(move |State(state): State<AppState>, session: Session, Query(params): Params| {
        form_fields(state, session, params, tab)
    })
}

/// A spec save-*-info call for one tab.
fn save_route(tab: TabName) -> MethodRouter<AppState> {
    post(move |State(state): State<AppState>, session: Session, AppJson(body): AppJson| {
        save_info(state, session, body, tab)
    })
}

pub(crate) fn version_of(body: &Value) -> ApiResult<Option<i64>> {
    match body.get("version") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => parse_id(Some(v), "version").map(Some),
    }
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

async fn get_receipt(State(state): State<AppState>, session: Session, Query(params): Params) -> ApiResult<Response> {
    let e = enrollment_from_query(&state, &session, &params).await?;
    if !e.lifecycle.is_submitted() {
        return Err(ApiError::Conflict("This enrollment has not been submitted yet".into()));
    }
    let personal = enrollment::masked_tab(&state, &e, TabName::PrimaryInfo).await?;
    let name = [personal["first_name"].as_str(), personal["last_name"].as_str()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // Return to homepage, by the spec's rules: the referral page when there is one, / for an open type, else the
    // home of the process.
    let return_to = match (e.row.open_type.as_deref(), e.row.eprocess.as_str()) {
        (Some(_), _) => "/",
        (None, "rep") => "/agent-home",
        (None, "group") => "/group-home",
        (None, _) => "/member-home",
    };
    Ok(success(json!({
        "policy_id": e.row.policy_id, "name": name, "effective_date": e.row.effective_date,
        // The invoice call itself is made by the server, through the outbox, when the enrollment is submitted.
        "callInvoice": state.invoice_url.is_some(), "eprocess": e.row.eprocess, "return_to": return_to,
    })))
}

/// Largest screenshot kept (a data URL): a whole form as PNG fits well within it.
const SCREENSHOT_MAX: usize = 2_000_000;

/// `save-screenshot { enrollment_id, name, image }`: what the person saw, a PNG data URL, kept for audit. The spec's
/// front end only logs a failure, so a refusal here says why but blocks nothing.
async fn save_screenshot(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let name = body.get("name").and_then(Value::as_str).map(str::trim).unwrap_or_default();
    if name.is_empty() || name.len() > 100 {
        return Err(ApiError::field("name", "Field is required"));
    }
    let image = body.get("image").and_then(Value::as_str).unwrap_or_default();
    let png = image.strip_prefix("data:image/png;base64,").map(|b64| {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD.decode(b64).is_ok_and(|bytes| bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
    });
    if png != Some(true) {
        return Err(ApiError::field("image", "The screenshot must be a PNG image"));
    }
    if image.len() > SCREENSHOT_MAX {
        return Err(ApiError::field("image", "The screenshot is too large"));
    }
    sqlx::query("insert into screenshot (enrollment_id, name, image, created_at) values ($1, $2, $3, $4)")
        .bind(e.row.enrollment_id)
        .bind(name)
        .bind(image)
        .bind(db::now())
        .execute(&state.db)
        .await?;
    Ok(success(json!({ "saved": true })))
}

/// The spec's Save & Continue Later call: `{ enrollment_id, email, tab, data }` where `tab` is the spec's saved-tab name.
async fn save_enrollment(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let e = enrollment_from_body(&state, &session, &body).await?;
    let tab_name = body.get("tab").and_then(Value::as_str).unwrap_or_default();
    if tab_name == crate::quote::CART_INFO {
        return crate::quote::send(&state, &e, &body).await;
    }
    let tab = TabName::parse_saved(tab_name)
        .ok_or_else(|| ApiError::field("tab", format!("{tab_name} cannot be saved for later")))?;
    let data = body.get("data").cloned().unwrap_or_else(|| json!({}));
    let email = body.get("email").and_then(Value::as_str).unwrap_or_default();
    enrollment::save_for_later(&state, &e, tab, &data, version_of(&body)?, email).await?;
    Ok(success(json!({ "message": enrollment::SAVED_FOR_LATER })))
}

/// Resumes with the code and e-mail address: the enrollment moves to the caller's session.
async fn continue_enrollment(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let text = |k: &str| body.get(k).and_then(Value::as_str).map(str::trim).unwrap_or_default().to_string();
    let (code, email) = (text("code"), text("email"));
    let mut missing = Vec::new();
    for (field, value) in [("code", &code), ("email", &email)] {
        if value.is_empty() {
            missing.push(engine::FieldError::new(field, "Field is required"));
        }
    }
    if !missing.is_empty() {
        return Err(ApiError::Invalid(missing));
    }
    let (id, saved_tab) = crate::resume::redeem(&state.db, &session, &code, &email).await?;
    let e = load(&state, &session, id).await?;
    let route = TabName::parse_saved(&saved_tab).map(|t| t.route()).unwrap_or("/cart");
    Ok(success(json!({
        "enrollment_id": id, "saved_tab": saved_tab, "route": route, "group_id": e.row.group_id,
        "platform_group_id": null, "agent_id": null, "open_type": e.row.open_type, "type": e.row.enrollment_type,
    })))
}

/// Resumes from the link in the continue e-mail.
async fn direct_continue(
    State(state): State<AppState>,
    session: Session,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let (id, saved_tab) = crate::resume::redeem_link(&state.db, &state.crypto, &session, &token).await?;
    let route = TabName::parse_saved(&saved_tab).map(|t| t.route()).unwrap_or("/cart");
    Ok(success(json!({ "enrollment_id": id, "saved_tab": saved_tab, "route": route })))
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
