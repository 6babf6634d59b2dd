//! The benefit service's rules that read the session: which plans a visitor may be recommended (the same rules as
//! the rest of the store: the site's categories, portal, employer group, the filter, the cart), the notices on a
//! recommended plan (blackout, already active), the cards, the sealed ids in recommendation links, and the site a
//! lead or a chat belongs to.

pub mod chat;
pub mod leads;
pub mod visitor;

use engine::catalogue::Plan;
use engine::rating::Cents;
use engine::recommend::Profile;
use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::access::Role;
use crate::domain::enrollment::{today, Enrollment};
use crate::domain::members::{self, Member};
use crate::domain::shop::cart::already_active;
use crate::domain::shop::pricing::price;
use crate::domain::shop::views::menu;
use crate::domain::site::Standing;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

/// Why a recommended plan cannot be bought now, in the server's words; its card shows them instead of the plan.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Notice {
    /// `blackout` or `alreadyActive`.
    pub code: &'static str,
    pub message: String,
}

/// What a visitor said about themselves (each checked), over the quote's filter.
#[derive(Debug, Default)]
pub struct Given {
    pub state: Option<String>,
    pub tier: Option<String>,
    pub age: Option<i32>,
    pub gender: Option<String>,
}

/// Who recommendations are for: the session's site, its quote (filter and cart) and member.
pub struct Audience<'e> {
    pub standing: Standing,
    pub enrollment: Option<&'e Enrollment>,
    categories: Vec<String>,
    in_cart: Vec<i64>,
    member: Option<Member>,
    /// The filter's state, tier and age, or those the visitor gave.
    state: Option<String>,
    tier: Option<String>,
    age: Option<i32>,
}

impl<'e> Audience<'e> {
    pub async fn of(state: &AppState, standing: Standing, enrollment: Option<&'e Enrollment>) -> ApiResult<Self> {
        let categories =
            menu(state, standing.group_id, standing.from_site.as_deref()).into_iter().map(String::from).collect();
        let (in_cart, member) = match enrollment {
            Some(e) => (
                store::cart::cart(&state.db, &state.local_reads, e.row.enrollment_id)
                    .await?
                    .iter()
                    .map(|l| l.plan_id)
                    .collect(),
                members::of_enrollment(state, &e.row).await?,
            ),
            None => (Vec::new(), None),
        };
        let member = match (member, standing.member_id) {
            (Some(m), _) => Some(m),
            (None, Some(id)) => members::find(state, id).await?,
            (None, None) => None,
        };
        let filter = enrollment.map(|e| &e.filter);
        let known = |text: Option<&String>| text.filter(|t| !t.is_empty()).cloned();
        Ok(Audience {
            state: known(filter.map(|f| &f.state)),
            tier: known(filter.map(|f| &f.tier)),
            age: filter.and_then(|f| f.age(today())),
            standing,
            enrollment,
            categories,
            in_cart,
            member,
        })
    }

    /// The visitor's profile: the quote's, with what the visitor said over it.
    pub fn profile(&mut self, given: Given) -> Option<Profile> {
        self.state = given.state.or(self.state.take());
        self.tier = given.tier.or(self.tier.take());
        self.age = given.age.or(self.age);
        let quoted = || self.enrollment.map(|e| e.filter.gender.clone()).filter(|g| !g.is_empty());
        let gender = given.gender.or_else(quoted);
        Some(Profile::new(self.state.as_deref()?, self.tier.as_deref()?, self.age?, &gender?))
    }

    /// The plans in the quote's cart.
    pub fn in_cart(&self) -> &[i64] {
        &self.in_cart
    }

    /// The portal the visitor shops on, if known.
    fn portal(&self) -> Option<i64> {
        self.enrollment.and_then(|e| e.filter.platform_group_id).or(self.standing.portal_id)
    }

    /// Whether the plan may be recommended to this visitor at all.
    pub fn may_see(&self, state: &AppState, plan: &Plan) -> bool {
        let rep_portals = match &self.standing.role {
            Role::Rep(agent) => state.catalogue.reps.get(agent).map(|r| r.portals.clone()).unwrap_or_default(),
            _ => Vec::new(),
        };
        let portal_ok = match (&plan.eligibility.portals, self.portal()) {
            (None, _) => true,
            (Some(offered), Some(portal)) => offered.contains(&portal),
            (Some(offered), None) => rep_portals.is_empty() || offered.iter().any(|p| rep_portals.contains(p)),
        };
        let group_ok = plan
            .eligibility
            .groups
            .as_ref()
            .is_none_or(|groups| self.standing.group_id.is_some_and(|g| groups.contains(&g)));
        plan.listed
            && plan.rider_of.is_empty()
            && plan.replaced_by.is_none()
            && self.categories.iter().any(|c| c == &plan.category)
            && portal_ok
            && group_ok
            && self.state.as_deref().is_none_or(|s| plan.states.includes(s))
            && self.tier.as_deref().is_none_or(|t| plan.tiers.iter().any(|x| x.code() == t))
            && self.age.is_none_or(|a| (plan.min_age..=plan.max_age).contains(&a))
            && !self.in_cart.contains(&plan.plan_id)
    }

    /// Why the plan cannot be bought now, if it cannot.
    pub fn notice(&self, plan: &Plan) -> Option<Notice> {
        if let Some(blackout) = plan.blackout.as_ref().filter(|b| b.covers(today())) {
            let message = blackout.message.in_language(crate::language::current()).to_string();
            return Some(Notice { code: "blackout", message });
        }
        let member = self.member.as_ref()?;
        already_active(member, plan).map(|message| Notice { code: "alreadyActive", message })
    }

    /// The lowest price of the plan for the quote's filter (true), else the lowest any adult can get (false); none
    /// for a plan whose price is the carrier's quote.
    async fn starting_price(&self, state: &AppState, plan: &Plan) -> ApiResult<(Option<Cents>, bool)> {
        if plan.hides_price() {
            return Ok((None, false));
        }
        if let Some(e) = self.enrollment {
            let priced = match price(state, e, plan).await? {
                Ok(priced) | Err((_, priced)) => priced,
            };
            if let Some(lowest) = priced.iter().map(|(_, p)| *p).min() {
                return Ok((Some(lowest), true));
            }
        }
        Ok((engine::rating::starting_price(plan, &state.catalogue.curve), false))
    }

    /// The card of a recommended plan.
    pub async fn card(&self, state: &AppState, plan: &Plan) -> ApiResult<RecommendedCard> {
        let (starting_from, priced_for_you) = self.starting_price(state, plan).await?;
        Ok(RecommendedCard {
            plan_id: plan.plan_id,
            plan_name: plan.plan_name.clone(),
            plan_logo: plan.logo.clone(),
            plan_short_text: plan.text_in("short_text", crate::language::current()).unwrap_or_default().to_string(),
            plan_category: plan.category.clone(),
            category_name: state
                .catalogue
                .categories
                .iter()
                .find(|c| c.category == plan.category)
                .map(|c| c.display_name_in(crate::language::current()).to_string())
                .unwrap_or_default(),
            carrier_name: state.catalogue.carrier_name(plan.carrier_id).to_string(),
            starting_from,
            priced_for_you,
            link: plan_link(state, &self.standing, plan),
            notice: self.notice(plan),
        })
    }
}

/// A recommended plan's card.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RecommendedCard {
    pub plan_id: i64,
    pub plan_name: String,
    pub plan_logo: String,
    pub plan_short_text: String,
    pub plan_category: String,
    /// The category's name as the menu shows it.
    pub category_name: String,
    pub carrier_name: String,
    /// Starting From: the lowest monthly price.
    pub starting_from: Option<Cents>,
    /// Whether the price is for the visitor's own details (else the lowest anyone can get).
    pub priced_for_you: bool,
    /// The plan's page, its ids sealed, to open or to share.
    pub link: String,
    /// Why the plan cannot be bought now, shown instead of the plan.
    pub notice: Option<Notice>,
}

/// The fields a link's sealed ids travel in, as `decrypt-detail` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkField {
    Portal,
    Plan,
    User,
    Agent,
    Group,
}

impl LinkField {
    pub fn name(self) -> &'static str {
        match self {
            LinkField::Portal => "portalId",
            LinkField::Plan => "planId",
            LinkField::User => "userID",
            LinkField::Agent => "agentId",
            LinkField::Group => "groupId",
        }
    }
}

/// An id sealed for one field of a link: it opens only as that field, and only with this installation's keys.
pub fn seal_id(state: &AppState, field: LinkField, id: i64) -> String {
    state.crypto.seal_token(&format!("link:{}:{id}", field.name()))
}

/// The id a link's field carries; `None` when it was tampered with, sealed elsewhere or for another field.
pub fn open_id(state: &AppState, field: LinkField, sealed: &str) -> Option<i64> {
    let text = state.crypto.open_token(sealed.trim())?;
    text.strip_prefix("link:")?.strip_prefix(field.name())?.strip_prefix(':')?.parse().ok()
}

/// The plan's page for this site, its ids sealed: `/plan/{plan}/{name}?portalId=&agentId=&groupId=`.
pub fn plan_link(state: &AppState, standing: &Standing, plan: &Plan) -> String {
    let slug: String = plan
        .plan_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let mut link = format!("/plan/{}/{slug}", seal_id(state, LinkField::Plan, plan.plan_id));
    let query: Vec<String> = [
        (LinkField::Portal, standing.portal_id),
        (LinkField::Agent, standing.agent_id),
        (LinkField::Group, standing.group_id),
    ]
    .into_iter()
    .filter_map(|(field, id)| id.map(|id| format!("{}={}", field.name(), seal_id(state, field, id))))
    .collect();
    if !query.is_empty() {
        link.push('?');
        link.push_str(&query.join("&"));
    }
    link
}

/// The site a lead, a chat or feedback belongs to: the group's, the rep's or the store's own.
pub fn site_key(state: &AppState, standing: &Standing) -> String {
    match standing.owner(state) {
        (Some(group), _) => format!("group:{}", group.group_id),
        (_, Some(rep)) => format!("rep:{}", rep.agent_id),
        _ => "store".into(),
    }
}

/// The sites whose leads and feedback the session may read: a signed-in rep's own and their groups', a group
/// administrator's group's; 401 for a rep who only gave the public access code, 403 for anyone else.
pub async fn owned_sites(state: &AppState, session: &crate::domain::session::Session) -> ApiResult<Vec<String>> {
    let role = match crate::domain::access::member_viewer(&state.db, session).await {
        Ok(role) => role,
        Err(ApiError::Forbidden(_)) => return Err(ApiError::Forbidden(NOT_YOUR_VISITORS.into())),
        Err(other) => return Err(other),
    };
    match &role {
        Role::Rep(agent) => {
            let listed = state.catalogue.reps.get(agent).map(|r| r.groups.clone()).unwrap_or_default();
            let mut groups: Vec<i64> = state
                .catalogue
                .groups
                .values()
                .filter(|g| g.agent_id == Some(*agent) || listed.contains(&g.group_id))
                .map(|g| g.group_id)
                .collect();
            groups.sort_unstable();
            Ok(std::iter::once(format!("rep:{agent}")).chain(groups.iter().map(|g| format!("group:{g}"))).collect())
        }
        Role::GroupAdmin(group) => Ok(vec![format!("group:{group}")]),
        _ => Err(ApiError::Forbidden(NOT_YOUR_VISITORS.into())),
    }
}

pub const NOT_YOUR_VISITORS: &str = "Only the site's representative or group administrator can see its visitors.";
