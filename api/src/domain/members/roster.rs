//! Current members: a rep's members and a group's employees, listed for their rep and their group's administrator
//! only, and enrolled again (Enroll Now) with the tier chosen; the member link that opens the store for its member.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{json, Value};

use crate::domain::access::{member_viewer, Role, NOT_YOUR_MEMBERS};
use crate::domain::enrollment::Filter;
use crate::domain::filter::validated_filter;
use crate::domain::members::{self, Member};
use crate::domain::session::Session;
use crate::domain::site::{self, Host};
use crate::error::{ApiError, ApiResult};
use crate::input::{optional_id, parse_id};
use crate::state::AppState;
use crate::store;
use crate::store::member::Owner;
use engine::errors::messages::CHOOSE_TIER;

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

/// The signed-in rep's members (a rep who only gave the public access code is asked to sign in, 401); another rep's
/// id (`asked`) is refused.
pub async fn of_rep(state: &AppState, session: &Session, asked: Option<&Value>) -> ApiResult<Vec<MemberRow>> {
    let Role::Rep(agent) = member_viewer(&state.db, session).await? else {
        return Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into()));
    };
    if optional_id(asked, "agent_id")?.is_some_and(|asked| asked != agent) {
        return Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into()));
    }
    rows(state, Owner::Rep(agent)).await
}

/// Which of a group's employees the session may see: all of a group administrator's own group; of one of a signed-in
/// rep's groups, the rep's own members only (a group several reps serve lists each rep their own).
async fn visible_group(state: &AppState, session: &Session, asked: Option<i64>) -> ApiResult<Owner> {
    match (member_viewer(&state.db, session).await?, asked) {
        (Role::GroupAdmin(own), None) => Ok(Owner::Group(own)),
        (Role::GroupAdmin(own), Some(asked)) if asked == own => Ok(Owner::Group(own)),
        (Role::Rep(agent), Some(asked))
            if state.catalogue.reps.get(&agent).is_some_and(|r| r.groups.contains(&asked)) =>
        {
            Ok(Owner::RepInGroup { agent, group: asked })
        }
        _ => Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into())),
    }
}

/// The group's employees who are members, for its administrator (or, the rep's own among them, its rep); `asked`
/// names the group.
pub async fn of_group(state: &AppState, session: &Session, asked: Option<&Value>) -> ApiResult<Vec<MemberRow>> {
    let owner = visible_group(state, session, optional_id(asked, "group_id")?).await?;
    rows(state, owner).await
}

/// Enroll Now for a current member: a quote for the member, from their profile and the tier chosen ('Please choose a
/// tier'), by the signed-in rep or the group administrator, who must be the member's (following one of the member's
/// policies, when `policy_id` names one). The new enrollment and its portal.
pub async fn enroll_again(
    state: &AppState,
    session: &Session,
    host: &Host,
    user_id: Option<&Value>,
    tier: Option<&str>,
    policy_id: Option<&Value>,
) -> ApiResult<(i64, Option<i64>)> {
    let tier = tier.map(str::trim).and_then(engine::context::Tier::parse);
    let Some(tier) = tier.map(engine::context::Tier::code) else { return Err(ApiError::field("tier", CHOOSE_TIER)) };
    let user_id = parse_id(user_id, "user_id")?;
    let viewer = member_viewer(&state.db, session).await?;
    let standing = site::standing(state, session, host).await?;
    let (owners, member) = match store::member::owners(&state.db, user_id).await? {
        Some(owners) => (owners, members::find(state, user_id).await?),
        None => ((None, None), None),
    };
    let (agent_id, group_id) = owners;
    let eprocess = match viewer {
        Role::Rep(agent) if agent_id == Some(agent) => "rep",
        Role::GroupAdmin(group) if group_id == Some(group) => "group",
        _ => return Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into())),
    };
    let member = member.ok_or_else(|| ApiError::Forbidden(NOT_YOUR_MEMBERS.into()))?;
    if let Some(policy) = optional_id(policy_id, "policy_id")? {
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
    let id = site::create_enrollment(state, session, &filter, &parties).await?;
    store::enrollment::set_enrollment_member(&state.db, id, user_id).await?;
    Ok((id, standing.portal_id))
}

/// The member link's token opens the store for its member in `session` (only the session that first opens it: a
/// forwarded or leaked link is no way in): an enrollment for the member, its filter from the member's profile and the
/// tier chosen (Member Only when none), and the session is now the member's. The enrollment and the member.
pub async fn open_store_by_link(
    state: &AppState,
    session: &Session,
    token: &str,
    tier: Option<&str>,
) -> ApiResult<(i64, Member)> {
    let user_id =
        members::open_link(&state.crypto, token).ok_or_else(|| ApiError::NotFound(members::LINK_INVALID.into()))?;
    // A link opens the store in the session that first opens it: a forwarded or leaked link is no way in.
    if !store::member::bind_link(&state.db, &members::digest(token), &session.0).await? {
        return Err(ApiError::NotFound(members::LINK_ELSEWHERE.into()));
    }
    let member =
        members::find(state, user_id).await?.ok_or_else(|| ApiError::NotFound(members::LINK_INVALID.into()))?;
    let tier = tier.filter(|t| !t.is_empty()).unwrap_or("IO");
    let candidate = json!({ "zip": member.address.zip, "gender": member.gender, "tier": tier, "dob": member.dob });
    let mut filter = validated_filter(&candidate, &Filter::default(), &Default::default())?;
    // The enrollment is on the portal the answer names: the member's group's, or none.
    let portal = members::portal_of(state, &member);
    filter.platform_group_id = portal;
    let parties = site::NewParties {
        eprocess: "applicant",
        enrollment_type: if member.kind == "existing-user" { "existing-user" } else { "existing-member" },
        open_type: None,
        agent_id: None,
        // The member's own employer group, or none: the spec fixes group 1929 in this route, which is the group of
        // its example member; a member of another group, or of none, is never shown as one of that group's.
        group_id: member.group_id,
        portal_id: portal,
        referral_id: None,
        from_site: None,
    };
    let id = site::create_enrollment(state, session, &filter, &parties).await?;
    // The session is now this member's: their home is the member home.
    site::update(state, session, |arrived| arrived.member_id = Some(user_id)).await?;
    store::enrollment::set_enrollment_member(&state.db, id, user_id).await?;
    Ok((id, member))
}
