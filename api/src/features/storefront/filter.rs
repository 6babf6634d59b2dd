use crate::domain::enrollment;
use crate::domain::enrollment::load;
use crate::domain::enrollment::parse_id;
use crate::domain::enrollment::Filter;
use crate::domain::filter::filter_info;
use crate::domain::filter::filter_options;
use crate::domain::filter::validated_filter;
use crate::domain::session::Session;
use crate::error::success;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::http::extract::enrollment_from_query;
use crate::http::extract::AppJson;
use crate::http::extract::Params;
use crate::state::AppState;
use crate::store;
use crate::store::NewEnrollment;
use axum::extract::Path;
use axum::extract::Query;
use axum::extract::State;
use axum::response::Response;
use engine::schema::compose_filter;
use engine::schema::FilterOptions;
use engine::tabs::TabName;
use serde_json::json;
use serde_json::Value;

pub async fn filter_form(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
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

pub async fn validate_zip_code(Query(params): Params) -> ApiResult<Response> {
    let zip = params.get("zip_code").map(|z| z.trim()).unwrap_or_default();
    if zip.is_empty() {
        return Err(ApiError::field("zip_code", "Field is required"));
    }
    let info = crate::services::zip::lookup(zip).ok_or_else(|| ApiError::field("zip_code", "Invalid Zip code"))?;
    Ok(success(json!({ "zip_code": info.zip_code, "city": info.city, "state": info.state })))
}

/// Creates an enrollment owned by the caller's session. The process, rep, group and enrollment type come from the
/// session's role (a rep access code or a group enrollment code given in it), never from a field the browser sets.
pub async fn add_filter_for_new_user(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson,
) -> ApiResult<Response> {
    let filter = validated_filter(&body, &Filter::default(), &FilterOptions::default())?;
    let (eprocess, enrollment_type, agent_id, group_id) =
        crate::domain::access::new_enrollment_parties(&state, &session, body.get("group_id")).await?;
    let lifecycle = serde_json::to_string(&engine::lifecycle::EnrollmentLifecycle::default())
        .map_err(|e| ApiError::Internal(e.into()))?;
    let open_type = body.get("open_type").and_then(Value::as_str).filter(|v| ["agent", "group", "user"].contains(v));
    let id = store::insert_enrollment(
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

pub async fn change_filter_info(
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
    store::update_filter(&state.db, id, &serde_json::to_string(&filter).map_err(|e| ApiError::Internal(e.into()))?)
        .await?;
    Ok(success(json!({ "temp_enrollment_id": id, "filter_info": filter_info(&filter) })))
}

pub async fn get_enrollment_temp_info(
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
