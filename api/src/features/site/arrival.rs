//! How a session arrives on a site: a landing name, a white-label domain, a partner link, a referral link.

use crate::domain::session::Session;
use crate::domain::site::{self, group_branding, rep_branding, Arrived};
use crate::error::{Answer, ApiError, ApiResult, MaybeAnswer, Message};
use crate::http::extract::{AppQuery, OwnedJson};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use base64::Engine;
use engine::storefront::{is_landing_name, OpenType, SiteSetting};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    site::track_partner(&state, &e, ELEVATE).await?;
    Ok(Answer(Message::said("Recorded.")))
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
