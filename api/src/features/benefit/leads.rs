//! The location banner's leads: whether this device answered the banner on this site, its answer (the nearest ZIP
//! code to the position it allowed), and a site owner's list of them.

use axum::extract::State;
use axum::Json;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::benefit::leads::{self, LeadResult, LeadRow};
use crate::domain::benefit::visitor::{device, web_url, OwnerIds};
use crate::domain::session::Session;
use crate::domain::site::{self, Host};
use crate::error::{Answer, ApiResult};
use crate::http::extract::AppQuery;
use crate::state::AppState;

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
    let lead = leads::of_device(&state, &standing, &device).await?;
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

/// `{ status, result }`, as the spec has it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StoredLead {
    /// Always `success`.
    status: &'static str,
    result: LeadResult,
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
    let visitor = (&session, &host, &query.ids);
    let result = leads::keep(&state, visitor, device, page, query.store_information.as_deref()).await?;
    Ok(Json(StoredLead { status: "success", result }))
}

/// `leads` *(ours)*: the leads of the rep's or group administrator's own sites, newest first.
pub async fn leads(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<LeadRow>>> {
    Ok(Answer(leads::of_owner(&state, &session).await?))
}
