//! The category menus and plan lists around the plans page: get-common-menu, get-group-menu,
//! get-left-side-filter-fields, get-menu-filtered-plans, get-related-plans, get-enrollment-platforms.

use axum::extract::State;
use axum::response::Response;
use engine::catalogue::Plan;
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::domain::access::{role_of, Role, CHOOSE_GROUP};
use crate::domain::session::Session;
use crate::domain::shop::pricing::{card, plan_of, price};
use crate::error::{success, ApiError, ApiResult};
use crate::http::extract::{AppQuery, MaybeOwnedQuery, Nothing, OwnedQuery};
use crate::input::PlanRef;
use crate::state::AppState;

/// A group named in the query (`get-group-menu`, `get-group-agent-member-info` without a quote).
#[derive(Deserialize, JsonSchema)]
pub struct GroupQuery {
    group_id: Option<String>,
}

impl GroupQuery {
    fn group_id(&self) -> Option<i64> {
        self.group_id.as_deref().and_then(|g| g.trim().parse::<i64>().ok())
    }
}

/// `get-menu-filtered-plans?category=`.
#[derive(Deserialize, JsonSchema)]
pub struct CategoryQuery {
    /// A category key (medical, dental, ...).
    category: Option<String>,
}

/// The categories a group offers (all when it does not say).
fn group_offers(state: &AppState, group_id: Option<i64>, category: &str) -> bool {
    group_id
        .and_then(|g| state.catalogue.groups.get(&g))
        .and_then(|g| g.categories.as_ref())
        .is_none_or(|offered| offered.iter().any(|c| c == category))
}

/// Category keys, in the spec's order, that have a listed plan the group (if any) offers.
fn menu(state: &AppState, group_id: Option<i64>) -> Vec<&str> {
    state
        .catalogue
        .categories
        .iter()
        .map(|c| c.category.as_str())
        .filter(|c| group_offers(state, group_id, c))
        .filter(|c| state.catalogue.plans.iter().any(|p| p.listed && p.category == *c))
        .collect()
}

/// The group of the caller's session: an employee's group; a rep or applicant has none here.
async fn session_group(state: &AppState, session: &Session) -> ApiResult<Option<i64>> {
    Ok(match role_of(&state.db, session).await? {
        Role::Employee(group) => Some(group),
        _ => None,
    })
}

/// `get-common-menu { agent_id, group_id, portal_id, eprocess, open_type }`: the list of category keys. The group
/// comes from the session (an employee's group code), never from the query.
pub async fn common_menu(State(state): State<AppState>, session: Session) -> ApiResult<Response> {
    let group = session_group(&state, &session).await?;
    Ok(success(json!(menu(&state, group))))
}

/// `get-group-menu { group_id }`: the categories the group offers.
pub async fn group_menu(State(state): State<AppState>, AppQuery(query): AppQuery<GroupQuery>) -> ApiResult<Response> {
    let group = query
        .group_id()
        .filter(|g| state.catalogue.groups.contains_key(g))
        .ok_or_else(|| ApiError::field("group_id", CHOOSE_GROUP))?;
    Ok(success(json!({ "menu": menu(&state, Some(group)) })))
}

/// `get-left-side-filter-fields { enrollment_id }`: the categories with plans for the quote, with their names and
/// how many plans each lists, for the plans page's side filter.
pub async fn left_side_filter_fields(
    State(state): State<AppState>,
    OwnedQuery(e, _): OwnedQuery<Nothing>,
) -> ApiResult<Response> {
    let offered = menu(&state, e.row.group_id);
    let categories: Vec<Value> = state
        .catalogue
        .categories
        .iter()
        .filter(|c| offered.contains(&c.category.as_str()))
        .map(|c| {
            let count = state.catalogue.plans.iter().filter(|p| p.listed && p.category == c.category).count();
            json!({ "category": c.category, "display_name": c.display_name, "count": count,
                    "selected": e.filter.category.as_deref() == Some(c.category.as_str()) })
        })
        .collect();
    Ok(success(json!({ "result": { "categories": categories } })))
}

fn listed_in<'a>(state: &'a AppState, category: &'a str) -> impl Iterator<Item = &'a Plan> + 'a {
    state.catalogue.plans.iter().filter(move |p| p.listed && p.category == category)
}

/// `get-menu-filtered-plans { category, ... }`: the category's plans for the header menu, without prices (the menu
/// is shown before a quote exists).
pub async fn menu_filtered_plans(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<CategoryQuery>,
) -> ApiResult<Response> {
    let category = query.category.as_deref().unwrap_or_default();
    if !state.catalogue.categories.iter().any(|c| c.category == category) {
        return Err(ApiError::field("category", REQUIRED));
    }
    let plans: Vec<Value> = listed_in(&state, category).map(|p| card(&state, p, None)).collect();
    Ok(success(json!({ "result": plans })))
}

/// `get-related-plans { plan_id, enrollment_id }`: the plan page's suggested products, the other plans of its
/// category with their starting price for the quote.
pub async fn related_plans(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<Response> {
    let plan = plan_of(&state, &query.plan_id)?;
    let mut related = Vec::new();
    for other in listed_in(&state, &plan.category).filter(|p| p.plan_id != plan.plan_id) {
        if let Ok(priced) = price(&state, &e, other).await? {
            let price = priced.first().map(|(_, p)| *p).filter(|_| !other.hides_price());
            related.push(card(&state, other, price));
        }
    }
    Ok(success(json!({ "result": related })))
}

/// `get-enrollment-platforms { agent_id }`: the enrollment portals (the same for every rep in this catalogue).
pub async fn enrollment_platforms(State(state): State<AppState>) -> ApiResult<Response> {
    Ok(success(json!(state.catalogue.portals)))
}

/// `get-group-agent-member-info { enrollment_id | group_id }`: who the quote is for, shown above the plans and the
/// cart: the enrollment type, the member (existing members), the employer group and the enrollment portal.
pub async fn group_agent_member_info(
    State(state): State<AppState>,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<GroupQuery>,
) -> ApiResult<Response> {
    let group_info = |id: Option<i64>| {
        id.and_then(|g| state.catalogue.groups.get(&g))
            .map(|g| json!({ "name": g.name, "code": g.code, "group_id": g.group_id }))
    };
    let Some(e) = e else {
        let group = group_info(query.group_id()).ok_or_else(|| ApiError::field("group_id", CHOOSE_GROUP))?;
        return Ok(success(
            json!({ "enrollment_type": null, "result": { "user_info": null, "group_info": group, "platforms": [] } }),
        ));
    };
    let member = crate::domain::members::of_enrollment(&state, &e.row).await?;
    let user_info =
        member.map(|m| json!({ "first_name": m.first_name, "last_name": m.last_name, "user_id": m.user_id }));
    let platforms: Vec<Value> = state
        .catalogue
        .portals
        .iter()
        .filter(|p| e.filter.platform_group_id == Some(p.platform_group_id))
        .map(|p| json!({ "platform_name": p.platform_name, "platform_code": p.platform_code, "platform_group_id": p.platform_group_id }))
        .collect();
    let rep = e
        .row
        .agent_id
        .and_then(|a| state.catalogue.reps.get(&a))
        .map(|r| json!({ "name": r.name(), "agent_code": r.agent_code }));
    Ok(success(json!({
        "enrollment_type": e.row.enrollment_type,
        "result": { "user_info": user_info, "group_info": group_info(e.row.group_id), "platforms": platforms, "agent_info": rep },
    })))
}
