//! The quote filter: its form, the ZIP check, creating the enrollment (the quote) and changing its filter.

use axum::extract::State;
use engine::errors::messages::{INVALID_ZIP, REQUIRED};
use engine::schema::compose_filter;
use engine::step::{FilterVariant, Step};
use engine::tabs::TabName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::domain::enrollment::{self, Filter};
use crate::domain::filter::{filter_info, filter_options, validated_filter, FilterInfo};
use crate::domain::session::Session;
use crate::domain::site::{self, Host};
use crate::error::{Answer, ApiError, ApiResult, Listed};
use crate::http::extract::{AppJson, AppQuery, MaybeOwnedQuery, OwnedPath, OwnedQuery};
use crate::state::AppState;

/// `filter-form`: the quote form as a step, filled from the enrollment when one is named.
#[derive(Deserialize, JsonSchema)]
pub struct FilterFormQuery {
    /// The quote to fill the form from; a new quote's form is empty.
    #[allow(dead_code)]
    enrollment_id: Option<String>,
    /// The plan on the page: a premier plan asks the category too.
    plan_id: Option<String>,
    /// The category chosen: one with premier plans asks the category too.
    category: Option<String>,
    /// Where the form is asked: `landing` (the default), `parts` (the referral banner: a part at a time, with whether
    /// the person smokes), `dialog` (over a page: Get your price, or Edit your information) or `tier` (the tier alone:
    /// the member's home, a rep's Enroll Now).
    variant: Option<String>,
}

/// `validate-zip-code?zip_code=`.
#[derive(Deserialize, JsonSchema)]
pub struct ZipQuery {
    zip_code: Option<String>,
}

/// `get-enrollment-temp-info`: one part of the quote.
#[derive(Deserialize, JsonSchema)]
pub struct TempInfoQuery {
    /// filter_info (the default), effective_date, type, eprocess, or a saved tab's name.
    column: Option<String>,
}

/// A ZIP code's city and state.
#[derive(Serialize, JsonSchema)]
pub struct ZipInfo {
    zip_code: String,
    city: String,
    state: String,
}

/// A new quote.
#[derive(Serialize, JsonSchema)]
pub struct NewQuote {
    /// The enrollment's id (the spec's tempId).
    pub temp_enrollment_id: i64,
}

/// A quote's filter after a change.
#[derive(Serialize, JsonSchema)]
pub struct ChangedFilter {
    temp_enrollment_id: i64,
    filter_info: FilterInfo,
}

/// The filter's fields (zip, dob, gender, tier, is_smoker, category, ...): the form `filter-form` describes.
pub type FilterFields = Map<String, Value>;

pub async fn filter_form(
    State(state): State<AppState>,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<FilterFormQuery>,
) -> ApiResult<Answer<Step>> {
    let (plan, category) = (query.plan_id.as_deref(), query.category.as_deref());
    // The category asked starts at the one the person is shopping, when the quote has none yet: asking "Category" on
    // the medical plans' page with nothing chosen would only refuse Submit.
    let shopped = category.filter(|c| state.catalogue.categories.iter().any(|k| k.category == *c));
    let current = match &e {
        Some(e) => json!({
            "zip": e.filter.zip, "gender": e.filter.gender, "tier": e.filter.tier, "dob": e.filter.dob,
            "category": e.filter.category.as_deref().or(shopped), "spouse_dob": e.filter.spouse_dob,
            "no_of_children": e.filter.no_of_children,
        }),
        None => shopped.map_or_else(|| json!({}), |c| json!({ "category": c })),
    };
    let variant = match query.variant.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => FilterVariant::Landing,
        Some(text) => FilterVariant::parse(text).ok_or_else(|| {
            ApiError::field("variant", "Please choose one of the options: landing, parts, dialog or tier")
        })?,
    };
    let mut options = filter_options(&state, e.as_ref(), plan, category).await?;
    options.in_parts = variant == FilterVariant::InParts;
    let form = compose_filter(&current, &options);
    if variant == FilterVariant::Tier {
        // The member's home starts from Member Only; with a premier plan in the cart the children tier means
        // something else, so the member chooses from none. A new quote (a rep's Enroll Now) starts from none.
        let chosen = e.as_ref().filter(|_| !options.premier).map(|_| engine::context::Tier::ALL[0].code());
        return Ok(Answer(engine::step::tier_choice(form, chosen)));
    }
    Ok(Answer(engine::step::quote_filter(form, variant, e.is_some())))
}

pub async fn validate_zip_code(AppQuery(query): AppQuery<ZipQuery>) -> ApiResult<Answer<ZipInfo>> {
    let zip = query.zip_code.as_deref().map(str::trim).unwrap_or_default();
    if zip.is_empty() {
        return Err(ApiError::field("zip_code", REQUIRED));
    }
    let info = crate::services::zip::lookup(zip).ok_or_else(|| ApiError::field("zip_code", INVALID_ZIP))?;
    Ok(Answer(ZipInfo { zip_code: info.zip_code.clone(), city: info.city.clone(), state: info.state.clone() }))
}

/// Creates an enrollment owned by the caller's session. The process, rep, group, portal and enrollment type come
/// from the session's standing (an access code, a group code, the site it arrived on), never from a field the
/// browser sets; a rep may only name one of their own groups.
pub async fn add_filter_for_new_user(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppJson(body): AppJson<FilterFields>,
) -> ApiResult<Answer<NewQuote>> {
    let body = Value::Object(body);
    let standing = site::standing(&state, &session, &host).await?;
    let parties = site::new_enrollment_parties(&state, &standing, body.get("group_id"))?;
    let options = filter_options(&state, None, None, body.get("category").and_then(Value::as_str)).await?;
    let mut filter = validated_filter(&body, &Filter::default(), &options)?;
    filter.platform_group_id = filter.platform_group_id.or(parties.portal_id);
    let id = site::create_enrollment(&state, &session, &filter, &parties).await?;
    Ok(Answer(NewQuote { temp_enrollment_id: id }))
}

pub async fn change_filter_info(
    State(state): State<AppState>,
    OwnedPath(e, _): OwnedPath,
    AppJson(body): AppJson<FilterFields>,
) -> ApiResult<Answer<ChangedFilter>> {
    let filter = crate::domain::filter::change_from_form(&state, &e, &body).await?;
    Ok(Answer(ChangedFilter { temp_enrollment_id: e.row.enrollment_id, filter_info: filter_info(&filter) }))
}

pub async fn get_enrollment_temp_info(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<TempInfoQuery>,
) -> ApiResult<Answer<Listed<Value>>> {
    let column = query.column.as_deref().unwrap_or("filter_info");
    let result = match column {
        "filter_info" => json!(filter_info(&e.filter)),
        "effective_date" => json!(e.row.effective_date),
        "type" => json!(e.row.enrollment_type),
        "eprocess" => json!(e.row.eprocess),
        other => match TabName::parse_saved(other) {
            Some(tab) => enrollment::documents::masked_tab(&state, &e, tab).await?,
            _ => {
                return Err(ApiError::field(
                    "column",
                    crate::error::Said::with("Unknown column {column}", &[("column", &other)]),
                ))
            }
        },
    };
    Ok(Answer(Listed { result }))
}
