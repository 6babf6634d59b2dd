use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::enrollment::priced_cart;
use crate::domain::enrollment::today;
use crate::domain::enrollment::Enrollment;
use crate::domain::enrollment::Filter;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::store;
use engine::errors::messages::INVALID_ZIP;
use engine::schema::compose_filter;
use engine::schema::FilterOptions;
use engine::validation::clean;
use engine::validation::validate;
use serde_json::json;
use serde_json::Value;

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
    // The form is drawn in the reader's language, the categories named in it by their own words.
    let language = crate::language::current();
    let categories = state
        .catalogue
        .categories
        .iter()
        .map(|c| (c.category.clone(), c.display_name_in(language).to_string()))
        .collect();
    Ok(FilterOptions { premier: viewed || selected || in_cart, categories, in_parts: false, language: language.into() })
}

/// Changes the quote's filter to `filter`: the one place a filter is written, whichever call changes it (the filter
/// form, a popup's answer, the dependents' dates, the portal chosen). A submitted enrollment's quote no longer changes;
/// an unchanged filter is not written.
pub async fn change(state: &AppState, e: &Enrollment, filter: &Filter) -> ApiResult<()> {
    e.ensure_open()?;
    if *filter == e.filter {
        return Ok(());
    }
    let text = serde_json::to_string(filter).map_err(|e| ApiError::Internal(e.into()))?;
    store::enrollment::update_filter(&state.db, e.row.enrollment_id, &text).await?;
    Ok(())
}

/// Changes the quote's filter from the quote form's fields (`change-filter-info`): an empty field keeps what was there
/// (the spec drops empty values from update payloads) and the whole filter is checked with the form's schema, which
/// asks the category when a premier plan is in the cart or on the page (`plan_id`). A form that asks only the tier
/// (the member home) keeps the quote's category, or takes the category of the premier plan in the cart.
pub async fn change_from_form(
    state: &AppState,
    e: &Enrollment,
    fields: &serde_json::Map<String, Value>,
) -> ApiResult<Filter> {
    e.ensure_open()?;
    let mut merged = serde_json::to_value(&e.filter).map_err(|e| ApiError::Internal(e.into()))?;
    for (k, v) in fields {
        let empty = v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty());
        if !empty {
            merged[k] = v.clone();
        }
    }
    let chosen = fields.get("category").and_then(Value::as_str);
    let options = filter_options(state, Some(e), fields.get("plan_id").and_then(Value::as_str), chosen).await?;
    let no_category = merged["category"].as_str().is_none_or(|c| c.trim().is_empty());
    if options.premier && no_category {
        if let Some(premier) = priced_cart(state, e).await?.iter().find(|l| l.is_premier()) {
            merged["category"] = json!(premier.plan_category);
        }
    }
    let filter = validated_filter(&merged, &e.filter, &options)?;
    change(state, e, &filter).await?;
    Ok(filter)
}

/// The enrollment type of a new enrollment under `group` (an employee's) or under none.
pub fn enroll_type_under(group: Option<i64>) -> &'static str {
    if group.is_some() {
        "new-group-member"
    } else {
        "new-member"
    }
}

/// The enrollment portal (and employer group) chosen for an enrollment in flight: its quote is for that portal, and
/// an enrollment not yet an existing member's is made under that group (or none).
pub async fn choose_portal(state: &AppState, e: &Enrollment, portal: i64, group: Option<i64>) -> ApiResult<()> {
    let mut filter = e.filter.clone();
    filter.platform_group_id = Some(portal);
    change(state, e, &filter).await?;
    if e.row.member_id.is_none() {
        store::enrollment::set_group(&state.db, e.row.enrollment_id, group, enroll_type_under(group)).await?;
    }
    Ok(())
}

pub const UNKNOWN_CATEGORY: &str = "Please choose one of the categories offered";

/// Validates a whole filter with the filter form's schema, then the ZIP against the directory.
pub(crate) fn validated_filter(candidate: &Value, previous: &Filter, options: &FilterOptions) -> ApiResult<Filter> {
    let form = compose_filter(&json!({}), options);
    let cleaned = clean(&form.schema, candidate, &form.form_data);
    validate(&form.schema, &cleaned, today(), &form.language).map_err(ApiError::Invalid)?;
    let text = |k: &str| cleaned[k].as_str().unwrap_or_default().to_string();
    let zip = crate::services::zip::lookup(&text("zip")).ok_or_else(|| ApiError::field("zip", INVALID_ZIP))?;
    let category = candidate
        .get("category")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .or_else(|| previous.category.clone());
    // A category names one of the store's, whether or not the form asks it (it asks only with a premier plan).
    if let Some(chosen) = &category {
        if !options.categories.is_empty() && !options.categories.iter().any(|(key, _)| key == chosen) {
            return Err(ApiError::field("category", UNKNOWN_CATEGORY));
        }
    }
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
fn whole_number(body: &Value, field: &str, message: &'static str) -> ApiResult<Option<i64>> {
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

/// The quote's filter as the spec's calls answer it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FilterInfo {
    pub zip: String,
    pub dob: String,
    pub state: String,
    pub tier: String,
    /// The tier's name as a person reads it ("Member + Spouse"), in the language of the answer.
    pub tier_name: String,
    pub gender: String,
    pub is_smoker: Option<String>,
    pub category: Option<String>,
    /// Yearly income in dollars.
    pub annual_incode: Option<i64>,
    pub working_hours: Option<i64>,
    pub platform_group_id: Option<i64>,
    pub spouse_dob: Option<String>,
    pub no_of_children: Option<i64>,
}

pub fn filter_info(filter: &Filter) -> FilterInfo {
    FilterInfo {
        zip: filter.zip.clone(),
        dob: filter.dob.clone(),
        state: filter.state.clone(),
        tier: filter.tier.clone(),
        tier_name: filter.tier().map(|t| crate::language::say(t.label()).to_string()).unwrap_or_default(),
        gender: filter.gender.clone(),
        is_smoker: filter.is_smoker.clone(),
        category: filter.category.clone(),
        annual_incode: filter.annual_incode,
        working_hours: filter.working_hours,
        platform_group_id: filter.platform_group_id,
        spouse_dob: filter.spouse_dob.clone(),
        no_of_children: filter.no_of_children,
    }
}
