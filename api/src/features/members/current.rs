//! Current members: a rep's members and a group's employees, listed for their rep and their group's administrator
//! only, and enrolled again (Enroll Now) with the tier chosen.

use axum::extract::State;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::access::{member_viewer, Role, NOT_YOUR_MEMBERS};
use crate::domain::enrollment::Filter;
use crate::domain::filter::validated_filter;
use crate::domain::members::{self, Member};
use crate::domain::session::Session;
use crate::domain::site::{self, Host};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::{AppJson, AppQuery};
use crate::input::{optional_id, parse_id};
use crate::state::AppState;
use crate::store;
use crate::store::member::Owner;

pub use engine::errors::messages::CHOOSE_TIER;

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

/// A current member's employer group.
#[derive(Serialize, JsonSchema)]
pub struct MemberGroup {
    group_id: Option<i64>,
    group_name: Option<String>,
}

/// One of a current member's plans.
#[derive(Serialize, JsonSchema)]
pub struct MemberPlan {
    /// The plan's id.
    plan: i64,
    plan_name: String,
    /// ACTIVE, or the policy's other status (shown in red).
    plan_status: String,
}

/// A row of the current members table.
#[derive(Serialize, JsonSchema)]
pub struct MemberRow {
    user_id: i64,
    name: String,
    dob: String,
    email: String,
    /// The member's SSN, masked to its last four digits.
    ssn: String,
    /// The member's latest policy.
    policy_id: Option<String>,
    group_info: MemberGroup,
    plan_info: Vec<MemberPlan>,
}

fn row(state: &AppState, member: &Member) -> MemberRow {
    let plan_info = member
        .policies
        .iter()
        .filter_map(|p| {
            let plan_id = p["plan_id"].as_i64()?;
            Some(MemberPlan {
                plan: plan_id,
                plan_name: state.catalogue.plan(plan_id).map(|p| p.plan_name.clone()).unwrap_or_default(),
                plan_status: p["status"].as_str().unwrap_or_default().to_uppercase(),
            })
        })
        .collect();
    let group = member.group_id.and_then(|g| state.catalogue.groups.get(&g));
    MemberRow {
        user_id: member.user_id,
        name: format!("{} {}", member.first_name, member.last_name),
        dob: member.dob.clone(),
        email: member.email.clone(),
        ssn: member.ssn.as_deref().map(engine::sensitive::mask_ssn).unwrap_or_default(),
        policy_id: member.policies.last().and_then(|p| p["policy_id"].as_str()).map(str::to_string),
        group_info: MemberGroup { group_id: member.group_id, group_name: group.map(|g| g.name.clone()) },
        plan_info,
    }
}

async fn rows(state: &AppState, owner: Owner) -> ApiResult<Vec<MemberRow>> {
    let mut rows = Vec::new();
    for sealed in store::member::of_owner(&state.db, owner).await? {
        rows.push(row(state, &members::open(state, &sealed)?));
    }
    Ok(rows)
}

/// `get-agent-members`: the signed-in rep's members (a rep who only gave the public access code is asked to sign in,
/// 401). Another rep's id is refused.
pub async fn agent_members(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<AgentMembersQuery>,
) -> ApiResult<Answer<Vec<MemberRow>>> {
    let Role::Rep(agent) = member_viewer(&state.db, &session).await? else {
        return Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into()));
    };
    if optional_id(query.agent_id.as_ref(), "agent_id")?.is_some_and(|asked| asked != agent) {
        return Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into()));
    }
    Ok(Answer(rows(&state, Owner::Rep(agent)).await?))
}

/// The group whose employees the session may see: a group administrator's own, or one of a signed-in rep's groups.
async fn visible_group(state: &AppState, session: &Session, asked: Option<i64>) -> ApiResult<i64> {
    match (member_viewer(&state.db, session).await?, asked) {
        (Role::GroupAdmin(own), None) => Ok(own),
        (Role::GroupAdmin(own), Some(asked)) if asked == own => Ok(own),
        (Role::Rep(agent), Some(asked))
            if state.catalogue.reps.get(&agent).is_some_and(|r| r.groups.contains(&asked)) =>
        {
            Ok(asked)
        }
        _ => Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into())),
    }
}

/// `get-group-users`: the group's employees who are members, for its administrator (or its rep).
pub async fn group_users(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<GroupUsersQuery>,
) -> ApiResult<Answer<Vec<MemberRow>>> {
    let group = visible_group(&state, &session, optional_id(query.group_id.as_ref(), "group_id")?).await?;
    Ok(Answer(rows(&state, Owner::Group(group)).await?))
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
    let tier = body.tier.as_deref().map(str::trim).and_then(engine::context::Tier::parse);
    let Some(tier) = tier.map(engine::context::Tier::code) else { return Err(ApiError::field("tier", CHOOSE_TIER)) };
    let user_id = parse_id(body.user_id.as_ref(), "user_id")?;
    let viewer = member_viewer(&state.db, &session).await?;
    let standing = site::standing(&state, &session, &host).await?;
    let (owners, member) = match store::member::owners(&state.db, user_id).await? {
        Some(owners) => (owners, members::find(&state, user_id).await?),
        None => ((None, None), None),
    };
    let (agent_id, group_id) = owners;
    let eprocess = match viewer {
        Role::Rep(agent) if agent_id == Some(agent) => "rep",
        Role::GroupAdmin(group) if group_id == Some(group) => "group",
        _ => return Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into())),
    };
    let member = member.ok_or_else(|| ApiError::Forbidden(NOT_YOUR_MEMBERS.into()))?;
    if let Some(policy) = optional_id(body.policy_id.as_ref(), "policy_id")? {
        let has = member.policies.iter().any(|p| p["policy_id"].as_str() == Some(policy.to_string().as_str()));
        if !has {
            return Err(ApiError::field("policy_id", "This policy is not the member's."));
        }
    }
    let candidate = json!({ "zip": member.address.zip, "gender": member.gender, "tier": tier, "dob": member.dob });
    let mut filter = validated_filter(&candidate, &Filter::default(), &Default::default())?;
    filter.platform_group_id = standing.portal_id;
    let parties = site::NewParties {
        eprocess,
        enrollment_type: "existing-member",
        open_type: standing.open_type.map(site::open_type_name),
        agent_id: standing.agent_id,
        group_id,
        portal_id: standing.portal_id,
        referral_id: None,
        from_site: standing.from_site.clone(),
    };
    let id = site::create_enrollment(&state, &session, &filter, &parties).await?;
    store::enrollment::set_enrollment_member(&state.db, id, user_id).await?;
    Ok(Answer(ExistingMemberQuote { temp_enrollment_id: id, portal_id: standing.portal_id }))
}
