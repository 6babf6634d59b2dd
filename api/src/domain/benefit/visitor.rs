//! What every call of the benefit service takes: the ids the spec's front end sends (checked against the session's
//! own site, never trusted), and the device the location banner and the chat are kept for.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::domain::site::Standing;
use crate::error::{ApiError, ApiResult};
use crate::input::optional_id;

pub const ANOTHER_SITE: &str = "This page belongs to another site. Please reload the page.";
pub const NO_DEVICE: &str = "This device could not be identified. Please reload the page.";

/// The longest page address kept with a lead or a chat.
const MAX_WEB_URL: usize = 2000;

/// The ids the recommendation calls take as the spec names them. The session says whose site it is; an id that names
/// another site, portal or member is refused.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct SiteIds {
    /// The portal (platform) shopped on.
    #[serde(rename = "platformID")]
    pub platform_id: Option<Value>,
    /// The member shopping.
    #[serde(rename = "userID")]
    pub user_id: Option<Value>,
    /// How the visitor came: not needed, the session knows.
    #[allow(dead_code)] // accepted as the spec's front end sends it; the session's standing decides
    pub enroll_type: Option<String>,
    /// The site's representative.
    #[serde(rename = "agentID")]
    pub agent_id: Option<Value>,
    /// The site's employer group.
    #[serde(rename = "groupID")]
    pub group_id: Option<Value>,
}

/// The same, as the lead and chat calls name them.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct OwnerIds {
    /// The site's representative.
    pub agent_id: Option<Value>,
    /// The site's employer group.
    pub group_id: Option<Value>,
}

/// 403 when a sent id is not the session's own.
fn same(sent: Option<&Value>, name: &str, own: Option<i64>) -> ApiResult<()> {
    match optional_id(sent, name)? {
        Some(id) if Some(id) != own => Err(ApiError::Forbidden(ANOTHER_SITE.into())),
        _ => Ok(()),
    }
}

impl SiteIds {
    pub fn check(&self, standing: &Standing) -> ApiResult<()> {
        same(self.agent_id.as_ref(), "agentID", standing.agent_id)?;
        same(self.group_id.as_ref(), "groupID", standing.group_id)?;
        same(self.platform_id.as_ref(), "platformID", standing.portal_id)?;
        same(self.user_id.as_ref(), "userID", standing.member_id)
    }
}

impl OwnerIds {
    pub fn check(&self, standing: &Standing) -> ApiResult<()> {
        same(self.agent_id.as_ref(), "agent_id", standing.agent_id)?;
        same(self.group_id.as_ref(), "group_id", standing.group_id)
    }
}

/// The device id the renderer keeps: 8 to 100 letters, digits, `-` or `_`.
pub fn device(sent: Option<&str>) -> ApiResult<String> {
    let id = sent.map(str::trim).unwrap_or_default();
    if id.is_empty() {
        return Err(ApiError::field("device_id", engine::errors::messages::REQUIRED));
    }
    let well_formed =
        (8..=100).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !well_formed {
        return Err(ApiError::field("device_id", NO_DEVICE));
    }
    Ok(id.to_string())
}

/// The page the visitor was on, as kept.
pub fn web_url(sent: Option<&str>) -> ApiResult<String> {
    let url = sent.map(str::trim).unwrap_or_default();
    if url.len() > MAX_WEB_URL {
        return Err(ApiError::field(
            "web_url",
            crate::error::Said::with("The page address is over {n} characters", &[("n", &MAX_WEB_URL)]),
        ));
    }
    Ok(url.to_string())
}
