//! Who an enrollment is for, as the plans and the cart show it above them: its type, the existing member, the
//! employer group (its enrollment code only to a session already under the group), the portal chosen and the rep.

use engine::catalogue::Portal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::access::{may_know_group_code, CHOOSE_GROUP};
use crate::domain::enrollment::Enrollment;
use crate::domain::members;
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Who a quote is for, shown above the plans and the cart.
#[derive(Serialize, JsonSchema)]
pub struct QuoteParties {
    /// new-member, new-group-member, existing-member, ...; none without a quote.
    enrollment_type: Option<String>,
    result: Parties,
}

#[derive(Serialize, JsonSchema)]
pub struct Parties {
    /// The existing member the quote is for.
    user_info: Option<UserInfo>,
    /// The employer group.
    group_info: Option<GroupInfo>,
    /// The enrollment portal chosen.
    platforms: Vec<Portal>,
    /// The rep enrolling.
    #[serde(skip_serializing_if = "Option::is_none")]
    agent_info: Option<AgentInfo>,
}

#[derive(Serialize, JsonSchema)]
pub struct UserInfo {
    first_name: String,
    last_name: String,
    /// The member's e-mail on file: where a personalised quote goes unless another address is given.
    email: String,
    user_id: i64,
}

#[derive(Serialize, JsonSchema)]
pub struct GroupInfo {
    name: String,
    /// The group's enrollment code: only to a session already under the group (its employee, its administrator, its
    /// signed-in rep); null to anyone else.
    code: Option<String>,
    group_id: i64,
}

#[derive(Serialize, JsonSchema)]
pub struct AgentInfo {
    name: String,
    agent_code: String,
}

/// Who the enrollment `e` is for; without one, the group `group_id` alone (which must be one of ours).
pub async fn of(
    state: &AppState,
    session: &Session,
    e: Option<&Enrollment>,
    group_id: Option<i64>,
) -> ApiResult<QuoteParties> {
    let group_id = match e {
        Some(e) => e.row.group_id,
        None => group_id,
    };
    let known = match group_id {
        Some(group) => may_know_group_code(state, session, group).await?,
        None => false,
    };
    let group_info = |id: Option<i64>| {
        id.and_then(|g| state.catalogue.groups.get(&g)).map(|g| GroupInfo {
            name: g.name.clone(),
            code: known.then(|| g.code.clone()),
            group_id: g.group_id,
        })
    };
    let Some(e) = e else {
        let group = group_info(group_id).ok_or_else(|| ApiError::field("group_id", CHOOSE_GROUP))?;
        return Ok(QuoteParties {
            enrollment_type: None,
            result: Parties { user_info: None, group_info: Some(group), platforms: Vec::new(), agent_info: None },
        });
    };
    let member = members::of_enrollment(state, &e.row).await?;
    let user_info = member.map(|m| UserInfo {
        first_name: m.first_name,
        last_name: m.last_name,
        email: m.email,
        user_id: m.user_id,
    });
    let platforms = state
        .catalogue
        .portals
        .iter()
        .filter(|p| e.filter.platform_group_id == Some(p.platform_group_id))
        .cloned()
        .collect();
    let agent_info = e
        .row
        .agent_id
        .and_then(|a| state.catalogue.reps.get(&a))
        .map(|r| AgentInfo { name: r.name(), agent_code: r.agent_code.clone() });
    Ok(QuoteParties {
        enrollment_type: Some(e.row.enrollment_type.clone()),
        result: Parties { user_info, group_info: group_info(e.row.group_id), platforms, agent_info },
    })
}
