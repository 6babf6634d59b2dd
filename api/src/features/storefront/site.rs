//! Whose site it is: how a session arrives (landing name, white-label domain, partner link, referral), what the
//! session is there (`get-default-info`, the one answer the renderer themes and routes by), the rep's and group's
//! landing information, the home page's category tiles and the ticket link.

use axum::extract::State;
use axum::http::HeaderMap;
use base64::Engine;
use engine::catalogue::{Address, Portal};
use engine::storefront::{is_landing_name, Branding, Eprocess, FrontPage, Links, OpenType, SiteSetting};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::members;
use crate::domain::session::Session;
use crate::domain::site::{self, group_branding, rep_branding, Arrived, Host, Standing};
use crate::error::{Answer, ApiError, ApiResult, MaybeAnswer, Message};
use crate::http::extract::{AppQuery, OwnedJson};
use crate::state::AppState;
use crate::store;

/// `validate-landing-page?landing_page=`.
#[derive(Deserialize, JsonSchema)]
pub struct LandingQuery {
    /// The first segment of the address, e.g. `jordan-whitfield`.
    landing_page: Option<String>,
}

/// `get-domainSite-infromation?site_domain=` and `get-external-site-dynamic-information?site_domain=`.
#[derive(Deserialize, JsonSchema)]
pub struct DomainQuery {
    /// The site's domain, base64-encoded.
    site_domain: Option<String>,
}

/// `get-external-site-infromation?site_name=`.
#[derive(Deserialize, JsonSchema)]
pub struct ExternalSiteQuery {
    /// The partner site's name, e.g. `elevate`.
    site_name: Option<String>,
}

/// `get-enrollment-info-referral?referral_id=`.
#[derive(Deserialize, JsonSchema)]
pub struct ReferralQuery {
    referral_id: Option<String>,
}

/// `get-agent-landing-page-info?agent_id=` and `get-agent-about-page-info?agent_id=`.
#[derive(Deserialize, JsonSchema)]
pub struct AgentQuery {
    /// The rep; the site's own rep when not given.
    agent_id: Option<serde_json::Value>,
}

/// `get-group-landing-page-info?group_id=` and `get-group-about-page-info?group_id=`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupQuery {
    /// The group; the site's own group when not given.
    group_id: Option<serde_json::Value>,
}

/// A landing name's site.
#[derive(Serialize, JsonSchema)]
pub struct LandingPage {
    /// `agent` or `group`: whose site the name opens.
    #[serde(rename = "type")]
    kind: OpenType,
    landing_url: String,
    agent_id: Option<i64>,
    group_id: Option<i64>,
    display_name: String,
}

/// A white-label domain's group.
#[derive(Serialize, JsonSchema)]
pub struct DomainSiteInfo {
    gid: Option<i64>,
    gname: Option<String>,
    /// The group's rep's access code.
    gagent_code: Option<String>,
    agent_id: Option<i64>,
    portal_id: Option<i64>,
}

/// A partner site.
#[derive(Serialize, JsonSchema)]
pub struct ExternalSiteInfo {
    site_name: String,
    group_id: i64,
    gname: String,
    portal_id: i64,
}

/// The partner site `elevate`'s portal.
#[derive(Serialize, JsonSchema)]
pub struct ElevateInfo {
    portal_id: i64,
    group_id: i64,
}

/// Who referred the visitor.
#[derive(Serialize, JsonSchema)]
pub struct ReferrerInfo {
    name: String,
    display_name: String,
    email: String,
    phone: String,
}

/// A referral link.
#[derive(Serialize, JsonSchema)]
pub struct ReferralInfo {
    referral_id: String,
    agent_id: i64,
    group_id: Option<i64>,
    portal_id: Option<i64>,
    /// Whether the link is still honoured (expired links open the store without the referral).
    valid_referral_link: bool,
    referrer_info: ReferrerInfo,
}

/// A rep's landing information.
#[derive(Serialize, JsonSchema)]
pub struct AgentLanding {
    agent_id: i64,
    agent_code: String,
    #[serde(flatten)]
    branding: Branding,
}

/// A rep's about text.
#[derive(Serialize, JsonSchema)]
pub struct AgentAbout {
    display_about_name: String,
    agent_bio: String,
}

/// A group's landing information.
#[derive(Serialize, JsonSchema)]
pub struct GroupLanding {
    group_id: i64,
    name: String,
    /// The group's rep's access code.
    agent_code: Option<String>,
    address_information: Address,
    #[serde(flatten)]
    branding: Branding,
}

/// A group's about text.
#[derive(Serialize, JsonSchema)]
pub struct GroupAbout {
    display_about_name: String,
    gweb_aboutus: String,
}

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
    store::site::clear_for_session(&state.db, &session.0).await?;
    Ok(Answer(Message { message: "You are on the Benefit Store's own site now.".into() }))
}

/// The rep or group a landing name opens.
fn landing_owner(state: &AppState, name: &str) -> Option<LandingPage> {
    let name = name.trim();
    if !is_landing_name(name) {
        return None;
    }
    if let Some(rep) = state.catalogue.reps.values().find(|r| r.landing_url.eq_ignore_ascii_case(name)) {
        return Some(LandingPage {
            kind: OpenType::Agent,
            landing_url: rep.landing_url.clone(),
            agent_id: Some(rep.agent_id),
            group_id: None,
            display_name: rep_branding(state, rep).display_name,
        });
    }
    let group = state.catalogue.groups.values().find(|g| g.landing_url.eq_ignore_ascii_case(name))?;
    Some(LandingPage {
        kind: OpenType::Group,
        landing_url: group.landing_url.clone(),
        agent_id: group.agent_id,
        group_id: Some(group.group_id),
        display_name: group_branding(state, group).display_name,
    })
}

/// `validate-landing-page?landing_page=`: the rep's or group's site a landing name opens; the session is then on
/// that site. An unknown name answers 204 No Content (the renderer shows its 404 page).
pub async fn validate_landing_page(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<LandingQuery>,
) -> ApiResult<MaybeAnswer<LandingPage>> {
    let name = query.landing_page.as_deref().unwrap_or_default();
    let Some(page) = landing_owner(&state, name) else { return Ok(MaybeAnswer(None)) };
    let group = page.group_id.and_then(|g| state.catalogue.groups.get(&g));
    let rep = page.agent_id.and_then(|a| state.catalogue.reps.get(&a));
    let arrived = match (page.kind, group, rep) {
        (OpenType::Group, Some(group), _) => Arrived::group_site(group),
        (_, _, Some(rep)) => Arrived::rep_site(rep),
        _ => return Ok(MaybeAnswer(None)),
    };
    site::remember(&state, &session, &arrived).await?;
    Ok(MaybeAnswer(Some(page)))
}

/// A base64 domain as sent, decoded and reduced to its host name.
fn decoded_domain(encoded: Option<&str>) -> ApiResult<String> {
    let encoded = encoded.map(str::trim).unwrap_or_default();
    if encoded.is_empty() {
        return Err(ApiError::field("site_domain", engine::errors::messages::REQUIRED));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(encoded))
        .map_err(|_| ApiError::field("site_domain", "The site's domain is not base64-encoded"))?;
    let text = String::from_utf8(bytes).map_err(|_| ApiError::field("site_domain", "The site's domain is not text"))?;
    Ok(engine::storefront::host_name(&text))
}

/// `get-domainSite-infromation?site_domain=`: the group (and rep) of a white-label domain; the session is then on
/// its site. An unknown domain answers 204 No Content.
pub async fn domain_site_information(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<DomainQuery>,
) -> ApiResult<MaybeAnswer<DomainSiteInfo>> {
    let domain = decoded_domain(query.site_domain.as_deref())?;
    let Some(site) = state.catalogue.sites.domain(&domain) else { return Ok(MaybeAnswer(None)) };
    let group = site.group_id.and_then(|g| state.catalogue.groups.get(&g));
    let agent_id = site.agent_id.or_else(|| group.and_then(|g| g.agent_id));
    let arrived = Arrived {
        open_type: Some(if group.is_some() { OpenType::Group } else { OpenType::Agent }),
        agent_id,
        group_id: site.group_id,
        portal_id: site.portal_id,
        ..Arrived::default()
    };
    site::remember(&state, &session, &arrived).await?;
    Ok(MaybeAnswer(Some(DomainSiteInfo {
        gid: site.group_id,
        gname: group.map(|g| g.name.clone()),
        gagent_code: agent_id.and_then(|a| state.catalogue.reps.get(&a)).map(|r| r.agent_code.clone()),
        agent_id,
        portal_id: site.portal_id,
    })))
}

/// `get-external-site-dynamic-information?site_domain=`: a white-label domain's pictures as key/value pairs, for
/// the store's renderer only (basic authorization). An unknown domain answers 204 No Content.
pub async fn external_site_dynamic_information(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppQuery(query): AppQuery<DomainQuery>,
) -> ApiResult<MaybeAnswer<Vec<SiteSetting>>> {
    if !crate::services::crypto::authorization_is(&headers, &state.site_settings_authorization) {
        return Err(ApiError::Unauthorized("Site settings need the storefront's authorization.".into()));
    }
    let domain = decoded_domain(query.site_domain.as_deref())?;
    Ok(MaybeAnswer(state.catalogue.sites.domain(&domain).map(|d| d.settings.clone())))
}

/// `get-external-site-infromation?site_name=`: a partner site (`elevate`): the group and portal its visitors enroll
/// in; the session is then on that group's site, sent by the partner. An unknown name answers 204 No Content.
pub async fn external_site_information(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<ExternalSiteQuery>,
) -> ApiResult<MaybeAnswer<ExternalSiteInfo>> {
    let name = query.site_name.as_deref().unwrap_or_default();
    let Some(info) = arrive_from_partner(&state, &session, name).await? else { return Ok(MaybeAnswer(None)) };
    Ok(MaybeAnswer(Some(info)))
}

async fn arrive_from_partner(state: &AppState, session: &Session, name: &str) -> ApiResult<Option<ExternalSiteInfo>> {
    let Some(partner) = state.catalogue.sites.external(name) else { return Ok(None) };
    let Some(group) = state.catalogue.groups.get(&partner.group_id) else { return Ok(None) };
    let arrived = Arrived {
        portal_id: Some(partner.portal_id),
        from_site: Some(partner.site_name.clone()),
        ..Arrived::group_site(group)
    };
    site::remember(state, session, &arrived).await?;
    Ok(Some(ExternalSiteInfo {
        site_name: partner.site_name.clone(),
        group_id: group.group_id,
        gname: group.name.clone(),
        portal_id: partner.portal_id,
    }))
}

/// The partner site whose visitors are tracked.
pub const ELEVATE: &str = "elevate";

/// `get-elevate-info`: the portal the Elevate partner's visitors enroll on; the session is then on the partner's
/// group's site.
pub async fn elevate_info(State(state): State<AppState>, session: Session) -> ApiResult<Answer<ElevateInfo>> {
    let info = arrive_from_partner(&state, &session, ELEVATE)
        .await?
        .ok_or_else(|| ApiError::NotFound("The Elevate partner site is not configured.".into()))?;
    Ok(Answer(ElevateInfo { portal_id: info.portal_id, group_id: info.group_id }))
}

/// `track-elevate-traffic { enrollment_id }`: records that the enrollment came from the Elevate partner site (only
/// a session the partner sent may say so).
pub async fn track_elevate_traffic(
    State(state): State<AppState>,
    OwnedJson(e, _): OwnedJson<crate::http::extract::Nothing>,
) -> ApiResult<Answer<Message>> {
    let arrived = site::arrived(&state, &e.session).await?;
    if arrived.from_site.as_deref() != Some(ELEVATE) {
        return Err(ApiError::field("enrollment_id", "This enrollment did not come from the Elevate site."));
    }
    store::enrollment::set_from_site(&state.db, e.row.enrollment_id, ELEVATE).await?;
    Ok(Answer(Message { message: "Recorded.".into() }))
}

/// `get-enrollment-info-referral?referral_id=`: the rep (and group) of a referral link and whether it is still
/// honoured; a valid one puts the session on the rep's site, referred. An unknown id answers 204 No Content.
pub async fn enrollment_info_referral(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<ReferralQuery>,
) -> ApiResult<MaybeAnswer<ReferralInfo>> {
    let id = query.referral_id.as_deref().unwrap_or_default();
    let Some(referral) = state.catalogue.sites.referral(id) else { return Ok(MaybeAnswer(None)) };
    let Some(rep) = state.catalogue.reps.get(&referral.agent_id) else { return Ok(MaybeAnswer(None)) };
    let valid = referral.valid_on(crate::domain::enrollment::today());
    if valid {
        let arrived = Arrived {
            group_id: referral.group_id,
            portal_id: referral.portal_id,
            referral_id: Some(referral.referral_id.clone()),
            ..Arrived::rep_site(rep)
        };
        site::remember(&state, &session, &arrived).await?;
    }
    let branding = rep_branding(&state, rep);
    Ok(MaybeAnswer(Some(ReferralInfo {
        referral_id: referral.referral_id.clone(),
        agent_id: rep.agent_id,
        group_id: referral.group_id,
        portal_id: referral.portal_id,
        valid_referral_link: valid,
        referrer_info: ReferrerInfo {
            name: rep.name(),
            display_name: branding.display_name,
            email: branding.display_email,
            phone: branding.display_phone,
        },
    })))
}

/// `get-agent-landing-page-info?agent_id=`: a rep's site's branding (a rep's site is public). An unknown rep
/// answers 204 No Content.
pub async fn agent_landing_page_info(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppQuery(query): AppQuery<AgentQuery>,
) -> ApiResult<MaybeAnswer<AgentLanding>> {
    let own = site::standing(&state, &session, &host).await?.agent_id;
    let rep = crate::input::optional_id(query.agent_id.as_ref(), "agent_id")?
        .or(own)
        .and_then(|a| state.catalogue.reps.get(&a));
    Ok(MaybeAnswer(rep.map(|rep| AgentLanding {
        agent_id: rep.agent_id,
        agent_code: rep.agent_code.clone(),
        branding: rep_branding(&state, rep),
    })))
}

/// `get-agent-about-page-info?agent_id=`: the rep's biography for the About window.
pub async fn agent_about_page_info(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppQuery(query): AppQuery<AgentQuery>,
) -> ApiResult<MaybeAnswer<AgentAbout>> {
    let own = site::standing(&state, &session, &host).await?.agent_id;
    let rep = crate::input::optional_id(query.agent_id.as_ref(), "agent_id")?
        .or(own)
        .and_then(|a| state.catalogue.reps.get(&a));
    Ok(MaybeAnswer(rep.map(|rep| {
        let branding = rep_branding(&state, rep);
        AgentAbout { display_about_name: branding.display_about_name, agent_bio: branding.about }
    })))
}

/// `get-group-landing-page-info?group_id=`: a group's site's branding, address and rep code. An unknown group
/// answers 204 No Content.
pub async fn group_landing_page_info(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppQuery(query): AppQuery<GroupQuery>,
) -> ApiResult<MaybeAnswer<GroupLanding>> {
    let own = site::standing(&state, &session, &host).await?.group_id;
    let group = crate::input::optional_id(query.group_id.as_ref(), "group_id")?
        .or(own)
        .and_then(|g| state.catalogue.groups.get(&g));
    Ok(MaybeAnswer(group.map(|group| GroupLanding {
        group_id: group.group_id,
        name: group.name.clone(),
        agent_code: group.agent_id.and_then(|a| state.catalogue.reps.get(&a)).map(|r| r.agent_code.clone()),
        address_information: group.address_information.clone(),
        branding: group_branding(&state, group),
    })))
}

/// `get-group-about-page-info?group_id=`: the group's description for the About window.
pub async fn group_about_page_info(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppQuery(query): AppQuery<GroupQuery>,
) -> ApiResult<MaybeAnswer<GroupAbout>> {
    let own = site::standing(&state, &session, &host).await?.group_id;
    let group = crate::input::optional_id(query.group_id.as_ref(), "group_id")?
        .or(own)
        .and_then(|g| state.catalogue.groups.get(&g));
    Ok(MaybeAnswer(group.map(|group| {
        let branding = group_branding(&state, group);
        GroupAbout { display_about_name: branding.display_about_name, gweb_aboutus: branding.about }
    })))
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
            plan: TilePlan { name: c.display_name.clone(), category: c.category.clone() },
            link: format!("/plans?type={}", c.category),
        })
        .collect();
    Ok(Answer(tiles))
}
