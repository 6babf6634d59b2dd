//! The location banner's leads: whether a device answered the banner on a site, its answer (the nearest ZIP code to
//! the position it allowed, rounded to about a kilometre), and a site owner's list of them.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::domain::benefit::visitor::OwnerIds;
use crate::domain::benefit::{owned_sites, site_key};
use crate::domain::session::Session;
use crate::domain::site::{Host, Standing};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
pub use crate::store::benefit::Lead;

pub const ALLOW_OR_DECLINE: &str = "Please choose Allow or Don't Allow";
pub const NO_POSITION: &str = "Your location could not be read. Please try again or enter your ZIP code.";

/// The lead as kept.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeadResult {
    /// The nearest ZIP code to the position (none when declined or nothing is near).
    zip_code: Option<String>,
    city: Option<String>,
    state: Option<String>,
    consent: String,
}

/// A lead as its site's owner sees it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeadRow {
    /// The device, shortened: enough to tell visitors apart.
    device: String,
    /// `rep:{id}`, `group:{id}` or `store`.
    site: String,
    consent: String,
    zip_code: Option<String>,
    /// The page the visitor was on.
    web_url: String,
    /// When the visitor answered (RFC 3339).
    answered_at: String,
}

/// The consent and position the banner sent.
fn answer_of(text: Option<&str>) -> ApiResult<(String, Option<(f64, f64)>)> {
    let field = "store_information";
    let value: Value = text
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::field(field, ALLOW_OR_DECLINE))
        .and_then(|t| serde_json::from_str(t).map_err(|_| ApiError::field(field, ALLOW_OR_DECLINE)))?;
    match value.get("consent").and_then(Value::as_str) {
        Some("declined") => Ok(("declined".into(), None)),
        Some("allowed") => {
            let number = |k: &str| value.get(k).and_then(Value::as_f64).filter(|n| n.is_finite());
            match (number("latitude"), number("longitude")) {
                (Some(lat), Some(lon)) if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon) => {
                    Ok(("allowed".into(), Some((lat, lon))))
                }
                _ => Err(ApiError::field(field, NO_POSITION)),
            }
        }
        _ => Err(ApiError::field(field, ALLOW_OR_DECLINE)),
    }
}

/// About a kilometre: enough to find a ZIP code, no more of a person's whereabouts than that.
fn rounded(degrees: f64) -> f64 {
    (degrees * 100.0).round() / 100.0
}

/// The device's answer to the banner on the session's site, if it gave one.
pub async fn of_device(state: &AppState, standing: &Standing, device: &str) -> ApiResult<Option<Lead>> {
    Ok(store::benefit::lead(&state.db, device, &site_key(state, standing)).await?)
}

/// Keeps the device's answer to the banner (`store_information`, as the banner sends it) on the session's site,
/// checked against the ids the page sent; when allowed, the nearest ZIP code to the position (within 100 km), which
/// pre-fills the quote form.
pub async fn keep(
    state: &AppState,
    (session, host, ids): (&Session, &Host, &OwnerIds),
    device: String,
    page: String,
    store_information: Option<&str>,
) -> ApiResult<LeadResult> {
    let (consent, position) = answer_of(store_information)?;
    let standing = crate::domain::site::standing(state, session, host).await?;
    ids.check(&standing)?;
    let zip = position.and_then(|(lat, lon)| crate::services::zip::nearest(lat, lon));
    let lead = Lead {
        device_id: device,
        site: site_key(state, &standing),
        agent_id: standing.agent_id,
        group_id: standing.group_id,
        web_url: page,
        consent: consent.clone(),
        zip_code: zip.map(|z| z.zip_code.clone()),
        latitude: position.map(|(lat, _)| rounded(lat)),
        longitude: position.map(|(_, lon)| rounded(lon)),
        updated_at: String::new(),
    };
    store::benefit::put_lead(&state.db, &lead).await?;
    Ok(LeadResult {
        zip_code: zip.map(|z| z.zip_code.clone()),
        city: zip.map(|z| z.city.clone()),
        state: zip.map(|z| z.state.clone()),
        consent,
    })
}

/// The leads of the rep's or group administrator's own sites, newest first.
pub async fn of_owner(state: &AppState, session: &Session) -> ApiResult<Vec<LeadRow>> {
    let sites = owned_sites(state, session).await?;
    let rows = store::benefit::leads_of(&state.db, &sites).await?;
    Ok(rows
        .into_iter()
        .map(|l| LeadRow {
            device: l.device_id.chars().take(8).collect(),
            site: l.site,
            consent: l.consent,
            zip_code: l.zip_code,
            web_url: l.web_url,
            answered_at: l.updated_at,
        })
        .collect())
}
