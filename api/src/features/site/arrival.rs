//! How a session arrives on a site: a landing name, a white-label domain, a partner link, a referral link
//! ([`crate::domain::site::arrival`] says which site each opens).

use crate::domain::session::Session;
use crate::domain::site;
use crate::domain::site::arrival::{
    self, DomainSiteInfo, ElevateInfo, ExternalSiteInfo, LandingPage, ReferralInfo, ELEVATE,
};
use crate::error::{Answer, ApiResult, MaybeAnswer, Message};
use crate::http::extract::{AppQuery, OwnedJson};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use engine::storefront::SiteSetting;
use schemars::JsonSchema;
use serde::Deserialize;

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

/// `validate-landing-page?landing_page=`: the rep's or group's site a landing name opens; the session is then on
/// that site. An unknown name answers 204 No Content (the renderer shows its 404 page).
pub async fn validate_landing_page(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<LandingQuery>,
) -> ApiResult<MaybeAnswer<LandingPage>> {
    let name = query.landing_page.as_deref().unwrap_or_default();
    Ok(MaybeAnswer(arrival::by_landing_name(&state, &session, name).await?))
}

/// `get-domainSite-infromation?site_domain=`: the group (and rep) of a white-label domain; the session is then on
/// its site. An unknown domain answers 204 No Content.
pub async fn domain_site_information(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<DomainQuery>,
) -> ApiResult<MaybeAnswer<DomainSiteInfo>> {
    Ok(MaybeAnswer(arrival::by_domain(&state, &session, query.site_domain.as_deref()).await?))
}

/// `get-external-site-dynamic-information?site_domain=`: a white-label domain's pictures as key/value pairs, for
/// the store's renderer only (basic authorization). An unknown domain answers 204 No Content.
pub async fn external_site_dynamic_information(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppQuery(query): AppQuery<DomainQuery>,
) -> ApiResult<MaybeAnswer<Vec<SiteSetting>>> {
    let authorized = crate::services::crypto::authorization_is(&headers, &state.site_settings_authorization);
    Ok(MaybeAnswer(arrival::domain_settings(&state, authorized, query.site_domain.as_deref())?))
}

/// `get-external-site-infromation?site_name=`: a partner site (`elevate`): the group and portal its visitors enroll
/// in; the session is then on that group's site, sent by the partner. An unknown name answers 204 No Content.
pub async fn external_site_information(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<ExternalSiteQuery>,
) -> ApiResult<MaybeAnswer<ExternalSiteInfo>> {
    let name = query.site_name.as_deref().unwrap_or_default();
    Ok(MaybeAnswer(arrival::from_partner(&state, &session, name).await?))
}

/// `get-elevate-info`: the portal the Elevate partner's visitors enroll on; the session is then on the partner's
/// group's site.
pub async fn elevate_info(State(state): State<AppState>, session: Session) -> ApiResult<Answer<ElevateInfo>> {
    Ok(Answer(arrival::from_elevate(&state, &session).await?))
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
    Ok(MaybeAnswer(arrival::by_referral(&state, &session, id).await?))
}
