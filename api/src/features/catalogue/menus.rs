//! The category menus and plan lists around the plans page: get-common-menu, get-group-menu,
//! get-left-side-filter-fields, get-menu-filtered-plans, get-related-plans, get-enrollment-platforms.

use axum::extract::State;
use engine::catalogue::Plan;
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::access::CHOOSE_GROUP;
use crate::domain::enrollment::parties::{self, QuoteParties};
use crate::domain::session::Session;
use crate::domain::shop::listing::{self, SideFilter};
use crate::domain::shop::pricing::{card, plan_of, price, PlanCard};
use crate::domain::shop::views::menu;
use crate::domain::site::{self, Host};
use crate::error::{Answer, ApiError, ApiResult, Listed};
use crate::http::extract::{AppQuery, ListingQuery, MaybeOwnedQuery, Nothing, OwnedQuery};
use crate::input::PlanRef;
use crate::state::AppState;

/// The categories a group offers.
#[derive(Serialize, JsonSchema)]
pub struct GroupMenu {
    menu: Vec<String>,
}

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

/// `get-group-menu?group_id=&from_site=`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupMenuQuery {
    group_id: Option<String>,
    /// The partner site the visitor came from (`elevate`).
    from_site: Option<String>,
}

/// `get-menu-filtered-plans?category=`.
#[derive(Deserialize, JsonSchema)]
pub struct CategoryQuery {
    /// A category key (medical, dental, ...).
    category: Option<String>,
}

/// `get-common-menu { agent_id, group_id, portal_id, eprocess, open_type }`: the list of category keys. The group
/// comes from the session (an employee's group code), never from the query.
pub async fn common_menu(
    State(state): State<AppState>,
    session: Session,
    host: Host,
) -> ApiResult<Answer<Vec<String>>> {
    let standing = site::standing(&state, &session, &host).await?;
    let offered = menu(&state, standing.group_id, standing.from_site.as_deref());
    Ok(Answer(offered.into_iter().map(str::to_string).collect()))
}

/// `get-group-menu { group_id, from_site }`: the categories the group offers (on a partner's site, those the partner
/// offers of them).
pub async fn group_menu(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<GroupMenuQuery>,
) -> ApiResult<Answer<GroupMenu>> {
    let group = query
        .group_id
        .as_deref()
        .and_then(|g| g.trim().parse::<i64>().ok())
        .filter(|g| state.catalogue.groups.contains_key(g))
        .ok_or_else(|| ApiError::field("group_id", CHOOSE_GROUP))?;
    let from_site = query.from_site.as_deref().filter(|s| !s.trim().is_empty());
    Ok(Answer(GroupMenu { menu: menu(&state, Some(group), from_site).into_iter().map(str::to_string).collect() }))
}

/// `get-left-side-filter-fields { enrollment_id }`: the categories with plans for the quote, with their names and
/// how many plans each lists, for the plans page's side filter.
pub async fn left_side_filter_fields(
    State(state): State<AppState>,
    ListingQuery(session, id, _): ListingQuery<Nothing>,
) -> ApiResult<Answer<Listed<SideFilter>>> {
    Ok(Answer(Listed { result: listing::side_filter(&state, &session, id).await? }))
}

fn listed_in<'a>(state: &'a AppState, category: &'a str) -> impl Iterator<Item = &'a Plan> + 'a {
    state.catalogue.plans.iter().filter(move |p| p.listed && p.category == category)
}

/// `get-menu-filtered-plans { category, ... }`: the category's plans for the header menu, without prices (the menu
/// is shown before a quote exists).
pub async fn menu_filtered_plans(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<CategoryQuery>,
) -> ApiResult<Answer<Listed<Vec<PlanCard>>>> {
    let category = query.category.as_deref().unwrap_or_default();
    if !state.catalogue.categories.iter().any(|c| c.category == category) {
        return Err(ApiError::field("category", REQUIRED));
    }
    let plans = listed_in(&state, category).map(|p| card(&state, p, None)).collect();
    Ok(Answer(Listed { result: plans }))
}

/// `get-related-plans { plan_id, enrollment_id }`: the plan page's suggested products, the other plans of its
/// category with their starting price for the quote.
pub async fn related_plans(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<Answer<Listed<Vec<PlanCard>>>> {
    let plan = plan_of(&state, &query.plan_id)?;
    let mut related = Vec::new();
    for other in listed_in(&state, &plan.category).filter(|p| p.plan_id != plan.plan_id) {
        if let Ok(priced) = price(&state, &e, other).await? {
            let price = priced.first().map(|(_, p)| *p).filter(|_| !other.hides_price());
            related.push(card(&state, other, price));
        }
    }
    Ok(Answer(Listed { result: related }))
}

/// `get-group-agent-member-info { enrollment_id | group_id }`: who the quote is for, shown above the plans and the
/// cart: the enrollment type, the member (existing members), the employer group and the enrollment portal.
pub async fn group_agent_member_info(
    State(state): State<AppState>,
    session: Session,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<GroupQuery>,
) -> ApiResult<Answer<QuoteParties>> {
    Ok(Answer(parties::of(&state, &session, e.as_ref(), query.group_id()).await?))
}
