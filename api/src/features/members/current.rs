//! Current members: a rep's members and a group's employees, listed for their rep and their group's administrator
//! only, and enrolled again (Enroll Now) with the tier chosen.

use axum::extract::State;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::members::roster::{self, MemberRow};
use crate::domain::session::Session;
use crate::domain::site::Host;
use crate::error::{Answer, ApiResult};
use crate::http::extract::{AppJson, AppQuery};
use crate::state::AppState;

/// `get-agent-members?agent_id=`.
#[derive(Deserialize, JsonSchema)]
pub struct AgentMembersQuery {
    /// The rep; only the session's own rep may be named.
    agent_id: Option<Value>,
}

/// `get-group-users?group_id=`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupUsersQuery {
    /// The group: the administrator's own, or one of the rep's groups.
    group_id: Option<Value>,
}

/// `get-agent-members`: the signed-in rep's members (a rep who only gave the public access code is asked to sign in,
/// 401). Another rep's id is refused.
pub async fn agent_members(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<AgentMembersQuery>,
) -> ApiResult<Answer<Vec<MemberRow>>> {
    Ok(Answer(roster::of_rep(&state, &session, query.agent_id.as_ref()).await?))
}

/// `get-group-users`: the group's employees who are members, for its administrator (or its rep).
pub async fn group_users(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<GroupUsersQuery>,
) -> ApiResult<Answer<Vec<MemberRow>>> {
    Ok(Answer(roster::of_group(&state, &session, query.group_id.as_ref()).await?))
}

/// `add-filter-for-existing-user { user_id, tier, eprocess, group_id, agent_id, policy_id, open_type }`.
#[derive(Deserialize, JsonSchema)]
pub struct ExistingMemberEntry {
    /// The current member to enroll.
    user_id: Option<Value>,
    /// IO, IS, IC or IF.
    tier: Option<String>,
    /// The member's policy the enrollment follows.
    policy_id: Option<Value>,
}

/// A current member's new quote.
#[derive(Serialize, JsonSchema)]
pub struct ExistingMemberQuote {
    temp_enrollment_id: i64,
    portal_id: Option<i64>,
}

/// `add-filter-for-existing-user`: Enroll Now for a current member: a quote for the member, from their profile and
/// the tier chosen ('Please choose a tier'), by the signed-in rep or the group administrator, who must be the
/// member's. The quote's pages then read the member's records (health, dependents, bank accounts and cards on file).
pub async fn add_filter_for_existing_user(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppJson(body): AppJson<ExistingMemberEntry>,
) -> ApiResult<Answer<ExistingMemberQuote>> {
    let (id, portal_id) = roster::enroll_again(
        &state,
        &session,
        &host,
        body.user_id.as_ref(),
        body.tier.as_deref(),
        body.policy_id.as_ref(),
    )
    .await?;
    Ok(Answer(ExistingMemberQuote { temp_enrollment_id: id, portal_id }))
}
