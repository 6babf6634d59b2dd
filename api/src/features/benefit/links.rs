//! `decrypt-detail`: opens the sealed ids a recommendation or shared plan link carries. A link that names a rep or
//! group puts a visitor on that site, as their landing name would.

use axum::extract::State;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::access::Role;
use crate::domain::benefit::{open_id, LinkField};
use crate::domain::session::Session;
use crate::domain::site::{self, Arrived, Host};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::AppJson;
use crate::state::AppState;

pub const NOT_A_LINK: &str = "This link is not valid.";

/// A link's sealed ids, each as the link carries it.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct SealedIds {
    #[serde(rename = "portalId")]
    portal_id: Option<String>,
    #[serde(rename = "planId")]
    plan_id: Option<String>,
    #[serde(rename = "userID")]
    user_id: Option<String>,
    #[serde(rename = "agentId")]
    agent_id: Option<String>,
    #[serde(rename = "groupId")]
    group_id: Option<String>,
}

/// The ids opened; null where the link carried none.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OpenedIds {
    #[serde(rename = "portalId")]
    portal_id: Option<i64>,
    #[serde(rename = "planId")]
    plan_id: Option<i64>,
    #[serde(rename = "userID")]
    user_id: Option<i64>,
    #[serde(rename = "agentId")]
    agent_id: Option<i64>,
    #[serde(rename = "groupId")]
    group_id: Option<i64>,
}

fn open(state: &AppState, field: LinkField, sealed: &Option<String>) -> ApiResult<Option<i64>> {
    match sealed.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => open_id(state, field, s).map(Some).ok_or_else(|| ApiError::field(field.name(), NOT_A_LINK)),
    }
}

/// `decrypt-detail`: the ids a link carries, opened; a tampered value, or one sealed elsewhere or for another field,
/// is refused under its field.
pub async fn decrypt_detail(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppJson(sealed): AppJson<SealedIds>,
) -> ApiResult<Answer<Vec<OpenedIds>>> {
    let opened = OpenedIds {
        portal_id: open(&state, LinkField::Portal, &sealed.portal_id)?,
        plan_id: open(&state, LinkField::Plan, &sealed.plan_id)?,
        user_id: open(&state, LinkField::User, &sealed.user_id)?,
        agent_id: open(&state, LinkField::Agent, &sealed.agent_id)?,
        group_id: open(&state, LinkField::Group, &sealed.group_id)?,
    };
    // A rep, group administrator or employee stays who they are; a visitor arrives on the site that shared the link.
    let standing = site::standing(&state, &session, &host).await?;
    if standing.role == Role::Applicant {
        let group = opened.group_id.and_then(|g| state.catalogue.groups.get(&g));
        let rep = opened.agent_id.and_then(|a| state.catalogue.reps.get(&a));
        let arrived = match (group, rep) {
            (Some(group), _) => Some(Arrived::group_site(group)),
            (None, Some(rep)) => Some(Arrived::rep_site(rep)),
            (None, None) => None,
        };
        if let Some(mut arrived) = arrived {
            let portal = opened.portal_id.filter(|p| state.catalogue.portals.iter().any(|x| x.platform_group_id == *p));
            arrived.portal_id = portal.or(arrived.portal_id);
            site::remember(&state, &session, &arrived).await?;
        }
    }
    Ok(Answer(vec![opened]))
}
