//! Whose site a session is on, as the renderer reads it (`get-default-info`), leaving it (Not my site), and the
//! store's own tiles and help link.

use crate::domain::members;
use crate::domain::session::Session;
use crate::domain::site::{self, Host, Standing};
use crate::error::{Answer, ApiResult, Message};
use crate::state::AppState;
use axum::extract::State;
use engine::catalogue::{Address, Portal};
use engine::storefront::{Branding, Eprocess, FrontPage, Links, OpenType};
use schemars::JsonSchema;
use serde::Serialize;

/// The ticketing site.
#[derive(Serialize, JsonSchema)]
pub struct TicketLink {
    ticket: String,
}

/// A category tile of the home page.
#[derive(Serialize, JsonSchema)]
pub struct HomeTile {
    image: String,
    plan: TilePlan,
    /// Where the tile leads: the category's plans.
    link: String,
}

#[derive(Serialize, JsonSchema)]
pub struct TilePlan {
    name: String,
    category: String,
}

/// The rep enrolling, or whose site it is.
#[derive(Serialize, JsonSchema)]
pub struct SiteRep {
    agent_id: i64,
    name: String,
    email: String,
    phone: String,
    agent_code: String,
}

/// The employer group enrolled under, or whose site it is.
#[derive(Serialize, JsonSchema)]
pub struct SiteGroup {
    group_id: i64,
    name: String,
    address_information: Address,
}

/// The member whose link opened the store.
#[derive(Serialize, JsonSchema)]
pub struct SiteMember {
    first_name: String,
    last_name: String,
}

/// A referral followed in this session.
#[derive(Serialize, JsonSchema)]
pub struct SiteReferral {
    referral_id: String,
    /// Who referred the visitor ('Referred By').
    referred_by: String,
}

/// Who the session is and whose site it is on: what the renderer themes, routes and shows by.
#[derive(Serialize, JsonSchema)]
pub struct SiteInfo {
    /// Who is enrolling: applicant, rep or group.
    eprocess: Eprocess,
    /// Whose open site this is: agent, group or user (the store's).
    open_type: Option<OpenType>,
    /// What the front page (`/`) shows.
    front_page: FrontPage,
    /// Where the Home link leads; none where it is hidden.
    home_link: Option<String>,
    /// The single-portal white-label site: no Home link, no quotes, its own navigation.
    special_host: bool,
    /// Whether the cart offers Send Personalized Quote.
    show_quotation: bool,
    /// Whether the header lists the administrative sites.
    admin_links: bool,
    branding: Branding,
    /// The white-label domain whose site this is (its pictures are read with
    /// `get-external-site-dynamic-information`).
    domain: Option<String>,
    links: Links,
    agent: Option<SiteRep>,
    group: Option<SiteGroup>,
    portal: Option<Portal>,
    referral: Option<SiteReferral>,
    /// A referral followed whose link is no longer honoured.
    expired_referral: bool,
    /// The partner site that sent the visitor.
    from_site: Option<String>,
    /// The landing name the visitor arrived by.
    landing: Option<String>,
    member: Option<SiteMember>,
    /// Where the benefit service (recommendations, location, the help chat) answers.
    benefit_root: String,
}

fn rep_card(state: &AppState, agent_id: i64) -> Option<SiteRep> {
    state.catalogue.reps.get(&agent_id).map(|r| SiteRep {
        agent_id: r.agent_id,
        name: r.name(),
        email: r.email.clone(),
        phone: r.phone.clone(),
        agent_code: r.agent_code.clone(),
    })
}

async fn site_info(state: &AppState, standing: &Standing) -> ApiResult<SiteInfo> {
    let arrival = standing.arrival();
    let member = match standing.member_id {
        Some(id) => {
            members::find(state, id).await?.map(|m| SiteMember { first_name: m.first_name, last_name: m.last_name })
        }
        None => None,
    };
    let referral = standing.referral_id.as_deref().and_then(|rid| {
        let r = state.catalogue.sites.referral(rid)?;
        Some(SiteReferral { referral_id: r.referral_id.clone(), referred_by: rep_card(state, r.agent_id)?.name })
    });
    Ok(SiteInfo {
        eprocess: standing.eprocess,
        open_type: standing.open_type,
        front_page: arrival.front_page(),
        home_link: arrival.home_link(standing.referral_id.as_deref()),
        special_host: standing.special_host,
        show_quotation: standing.shows_quotation(),
        admin_links: state.catalogue.sites.admin_links,
        branding: standing.branding(state),
        domain: standing.domain.as_ref().map(|d| d.domain.clone()),
        links: state.catalogue.sites.links.clone(),
        agent: standing.agent_id.and_then(|a| rep_card(state, a)),
        group: standing.group_id.and_then(|g| state.catalogue.groups.get(&g)).map(|g| SiteGroup {
            group_id: g.group_id,
            name: g.name.clone(),
            address_information: g.address_information.clone(),
        }),
        portal: standing
            .portal_id
            .and_then(|p| state.catalogue.portals.iter().find(|portal| portal.platform_group_id == p))
            .cloned(),
        referral,
        expired_referral: standing.expired_referral,
        from_site: standing.from_site.clone(),
        landing: standing.landing.clone(),
        member,
        benefit_root: state.benefit_root.clone(),
    })
}

/// `get-default-info`: who the session is and whose site it is on (the Host's white-label domain, or where the
/// session arrived), with the site's branding and links. The renderer themes, routes and shows by it.
pub async fn default_info(State(state): State<AppState>, session: Session, host: Host) -> ApiResult<Answer<SiteInfo>> {
    let standing = site::standing(&state, &session, &host).await?;
    Ok(Answer(site_info(&state, &standing).await?))
}

/// `clear-site` ('Not my site', and the 404 page's Back to Homepage): the session forgets where it arrived and what
/// it unlocked, and is a visitor of the store's own site again.
pub async fn clear_site(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Message>> {
    site::forget(&state, &session).await?;
    Ok(Answer(Message::said("You are on the Benefit Store's own site now.")))
}

/// `get-ticket-link`: where to open a support ticket.
pub async fn ticket_link(State(state): State<AppState>) -> ApiResult<Answer<TicketLink>> {
    Ok(Answer(TicketLink { ticket: state.catalogue.sites.links.ticket.clone() }))
}

/// `get-homepage-plan { agent_id, group_id, eprocess, open_type, portal_id }`: the home page's category tiles, one
/// per category the site offers, each leading to the category's plans.
pub async fn homepage_plan(
    State(state): State<AppState>,
    session: Session,
    host: Host,
) -> ApiResult<Answer<Vec<HomeTile>>> {
    let standing = site::standing(&state, &session, &host).await?;
    let offered = crate::domain::shop::views::menu(&state, standing.group_id, standing.from_site.as_deref());
    let tiles = state
        .catalogue
        .categories
        .iter()
        .filter(|c| offered.contains(&c.category.as_str()))
        .map(|c| HomeTile {
            image: c.image.clone(),
            plan: TilePlan {
                name: c.display_name_in(crate::language::current()).to_string(),
                category: c.category.clone(),
            },
            link: format!("/plans?type={}", c.category),
        })
        .collect();
    Ok(Answer(tiles))
}
