//! How a session arrives on a site, as rules: which rep or group a landing name, a white-label domain, a partner site
//! or a referral link opens, and putting the session on that site. What each arrival answers is kept here with it, in
//! the spec's shapes.

use base64::Engine;
use engine::storefront::{host_name, is_landing_name, OpenType, SiteSetting};
use schemars::JsonSchema;
use serde::Serialize;

use super::{group_branding, remember, rep_branding, Arrived};
use crate::domain::enrollment::today;
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The partner site whose visitors are tracked.
pub const ELEVATE: &str = "elevate";

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

/// The rep's or group's site a landing name opens, the session then being on it; None for a name no one has.
pub async fn by_landing_name(state: &AppState, session: &Session, name: &str) -> ApiResult<Option<LandingPage>> {
    let Some(page) = landing_owner(state, name) else { return Ok(None) };
    let group = page.group_id.and_then(|g| state.catalogue.groups.get(&g));
    let rep = page.agent_id.and_then(|a| state.catalogue.reps.get(&a));
    let arrived = match (page.kind, group, rep) {
        (OpenType::Group, Some(group), _) => Arrived::group_site(group),
        (_, _, Some(rep)) => Arrived::rep_site(rep),
        _ => return Ok(None),
    };
    remember(state, session, &arrived).await?;
    Ok(Some(page))
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
    Ok(host_name(&text))
}

/// The group (and rep) of a white-label domain (base64-encoded as sent), the session then being on its site; None
/// for a domain that is not one of ours.
pub async fn by_domain(
    state: &AppState,
    session: &Session,
    encoded: Option<&str>,
) -> ApiResult<Option<DomainSiteInfo>> {
    let domain = decoded_domain(encoded)?;
    let Some(site) = state.catalogue.sites.domain(&domain) else { return Ok(None) };
    let group = site.group_id.and_then(|g| state.catalogue.groups.get(&g));
    let agent_id = site.agent_id.or_else(|| group.and_then(|g| g.agent_id));
    let arrived = Arrived {
        open_type: Some(if group.is_some() { OpenType::Group } else { OpenType::Agent }),
        agent_id,
        group_id: site.group_id,
        portal_id: site.portal_id,
        ..Arrived::default()
    };
    remember(state, session, &arrived).await?;
    Ok(Some(DomainSiteInfo {
        gid: site.group_id,
        gname: group.map(|g| g.name.clone()),
        gagent_code: agent_id.and_then(|a| state.catalogue.reps.get(&a)).map(|r| r.agent_code.clone()),
        agent_id,
        portal_id: site.portal_id,
    }))
}

/// A white-label domain's pictures as key/value pairs (base64-encoded as sent); None for a domain that is not one of
/// ours. Only the storefront's own renderer may ask (`authorized`).
pub fn domain_settings(
    state: &AppState,
    authorized: bool,
    encoded: Option<&str>,
) -> ApiResult<Option<Vec<SiteSetting>>> {
    if !authorized {
        return Err(ApiError::Unauthorized("Site settings need the storefront's authorization.".into()));
    }
    let domain = decoded_domain(encoded)?;
    Ok(state.catalogue.sites.domain(&domain).map(|d| d.settings.clone()))
}

/// A partner site's group and portal, the session then being on that group's site, sent by the partner; None for a
/// partner we do not know.
pub async fn from_partner(state: &AppState, session: &Session, name: &str) -> ApiResult<Option<ExternalSiteInfo>> {
    let Some(partner) = state.catalogue.sites.external(name) else { return Ok(None) };
    let Some(group) = state.catalogue.groups.get(&partner.group_id) else { return Ok(None) };
    let arrived = Arrived {
        portal_id: Some(partner.portal_id),
        from_site: Some(partner.site_name.clone()),
        ..Arrived::group_site(group)
    };
    remember(state, session, &arrived).await?;
    Ok(Some(ExternalSiteInfo {
        site_name: partner.site_name.clone(),
        group_id: group.group_id,
        gname: group.name.clone(),
        portal_id: partner.portal_id,
    }))
}

/// The portal the Elevate partner's visitors enroll on, the session then being on the partner's group's site; Not
/// Found where the partner is not configured.
pub async fn from_elevate(state: &AppState, session: &Session) -> ApiResult<ElevateInfo> {
    let info = from_partner(state, session, ELEVATE)
        .await?
        .ok_or_else(|| ApiError::NotFound("The Elevate partner site is not configured.".into()))?;
    Ok(ElevateInfo { portal_id: info.portal_id, group_id: info.group_id })
}

/// The rep (and group) of a referral link and whether it is still honoured; a valid one puts the session on the rep's
/// site, referred. None for a link we do not know.
pub async fn by_referral(state: &AppState, session: &Session, id: &str) -> ApiResult<Option<ReferralInfo>> {
    let Some(referral) = state.catalogue.sites.referral(id) else { return Ok(None) };
    let Some(rep) = state.catalogue.reps.get(&referral.agent_id) else { return Ok(None) };
    let valid = referral.valid_on(today());
    if valid {
        let arrived = Arrived {
            group_id: referral.group_id,
            portal_id: referral.portal_id,
            referral_id: Some(referral.referral_id.clone()),
            ..Arrived::rep_site(rep)
        };
        remember(state, session, &arrived).await?;
    }
    let branding = rep_branding(state, rep);
    Ok(Some(ReferralInfo {
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
    }))
}
