//! The location banner's leads: whether this device answered the banner on this site, its answer (the nearest ZIP
//! code to the position it allowed), and a site owner's list of them.

use axum::extract::State;
use axum::Json;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::site::{device, web_url, OwnerIds};
use crate::domain::benefit::{owned_sites, site_key};
use crate::domain::session::Session;
use crate::domain::site::{self, Host};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::AppQuery;
use crate::state::AppState;
use crate::store;
use crate::store::benefit::Lead;

pub const ALLOW_OR_DECLINE: &str = "Please choose Allow or Don't Allow";
pub const NO_POSITION: &str = "Your location could not be read. Please try again or enter your ZIP code.";

/// `check-lead-information`: the device and page.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CheckLeadQuery {
    device_id: Option<String>,
    web_url: Option<String>,
    #[serde(flatten)]
    ids: OwnerIds,
}

/// Whether the device answered the location banner on this site (outside the envelope, as the spec has it).
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeadCheck {
    /// 200 when it answered, 204 when it never did (the banner is shown).
    #[serde(rename = "statusCode")]
    status_code: u16,
    /// Always `success`.
    status: &'static str,
    /// The ZIP code found from the position it allowed.
    zip_code: Option<String>,
    /// `allowed` or `declined`.
    consent: Option<String>,
}

/// `check-lead-information`: whether this device already answered the location banner on the session's site.
pub async fn check_lead_information(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppQuery(query): AppQuery<CheckLeadQuery>,
) -> ApiResult<Json<LeadCheck>> {
    let device = device(query.device_id.as_deref())?;
    web_url(query.web_url.as_deref())?;
    let standing = site::standing(&state, &session, &host).await?;
    query.ids.check(&standing)?;
    let lead = store::benefit::lead(&state.db, &device, &site_key(&state, &standing)).await?;
    Ok(Json(match lead {
        Some(lead) => {
            LeadCheck { status_code: 200, status: "success", zip_code: lead.zip_code, consent: Some(lead.consent) }
        }
        None => LeadCheck { status_code: 204, status: "success", zip_code: None, consent: None },
    }))
}

/// `get-lead-information`: the device's answer to the banner.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct StoreLeadQuery {
    /// JSON text: `{"consent":"allowed","latitude":33.75,"longitude":-84.39}` or `{"consent":"declined"}`.
    store_information: Option<String>,
    device_id: Option<String>,
    web_url: Option<String>,
    #[serde(flatten)]
    ids: OwnerIds,
}

/// The lead as kept.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeadResult {
    /// The nearest ZIP code to the position (none when declined or nothing is near).
    zip_code: Option<String>,
    city: Option<String>,
    state: Option<String>,
    consent: String,
}

/// `{ status, result }`, as the spec has it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StoredLead {
    /// Always `success`.
    status: &'static str,
    result: LeadResult,
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

/// `get-lead-information`: keeps the device's answer on the session's site; when allowed, the nearest ZIP code to the
/// position (within 100 km), which pre-fills the quote form.
pub async fn get_lead_information(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppQuery(query): AppQuery<StoreLeadQuery>,
) -> ApiResult<Json<StoredLead>> {
    let device = device(query.device_id.as_deref())?;
    let page = web_url(query.web_url.as_deref())?;
    let (consent, position) = answer_of(query.store_information.as_deref())?;
    let standing = site::standing(&state, &session, &host).await?;
    query.ids.check(&standing)?;
    let zip = position.and_then(|(lat, lon)| crate::services::zip::nearest(lat, lon));
    let lead = Lead {
        device_id: device,
        site: site_key(&state, &standing),
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
    Ok(Json(StoredLead {
        status: "success",
        result: LeadResult {
            zip_code: zip.map(|z| z.zip_code.clone()),
            city: zip.map(|z| z.city.clone()),
            state: zip.map(|z| z.state.clone()),
            consent,
        },
    }))
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

/// `leads` *(ours)*: the leads of the rep's or group administrator's own sites, newest first.
pub async fn leads(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<LeadRow>>> {
    let sites = owned_sites(&state, &session).await?;
    let rows = store::benefit::leads_of(&state.db, &sites).await?;
    Ok(Answer(
        rows.into_iter()
            .map(|l| LeadRow {
                device: l.device_id.chars().take(8).collect(),
                site: l.site,
                consent: l.consent,
                zip_code: l.zip_code,
                web_url: l.web_url,
                answered_at: l.updated_at,
            })
            .collect(),
    ))
}
