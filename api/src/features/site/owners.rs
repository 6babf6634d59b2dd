//! The rep's and the group's landing and About pages, by their ids.

use crate::domain::session::Session;
use crate::domain::site::{self, group_branding, rep_branding, Host};
use crate::error::{ApiResult, MaybeAnswer};
use crate::http::extract::AppQuery;
use crate::state::AppState;
use axum::extract::State;
use engine::catalogue::Address;
use engine::storefront::Branding;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
