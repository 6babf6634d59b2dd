//! Entry by access code (a rep's access code, a group's enrollment code, a group administrator's link) and what
//! the role homes ask: the rep's groups and portals, the portal and group chosen, the rep's and group's details.

use axum::extract::State;
use engine::catalogue::{Group, Portal, Rep};
use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::access::{self, role_of, Grant, Role, Spend, CHOOSE_GROUP, ENTER_REP_CODE, INVALID_REP_CODE};
use crate::domain::portals;
use crate::domain::session::Session;
use crate::domain::site::{self, group_branding, rep_branding, Arrived, Host};
use crate::error::{Answer, ApiError, ApiResult, MaybeAnswer};
use crate::http::extract::{AppJson, AppQuery};
use crate::http::session::{Renewed, WithSession};
use crate::state::AppState;

/// `validate-agent?agent_code=`.
#[derive(Deserialize, JsonSchema)]
pub struct AgentCodeQuery {
    /// The rep's access code (four letters and four digits).
    agent_code: Option<String>,
}

/// `validate-group?group_code=`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupCodeQuery {
    /// The group's enrollment code.
    group_code: Option<String>,
}

/// An employer group a rep enrolls for.
#[derive(Serialize, JsonSchema)]
pub struct GroupRef {
    group_id: i64,
    name: String,
}

/// The rep an access code unlocks.
#[derive(Serialize, JsonSchema)]
pub struct RepAnswer {
    agent_id: i64,
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    agent_code: String,
    landing_url: String,
    logo: Option<String>,
    image: Option<String>,
    groups: Vec<GroupRef>,
}

/// The group an enrollment code names.
#[derive(Serialize, JsonSchema)]
pub struct GroupAnswer {
    group_id: i64,
    name: String,
    /// The group's site's landing name; empty when it is not configured yet.
    landing_url: String,
}

fn rep_groups(state: &AppState, rep: &Rep) -> Vec<GroupRef> {
    rep.groups
        .iter()
        .filter_map(|id| state.catalogue.groups.get(id))
        .map(|g| GroupRef { group_id: g.group_id, name: g.name.clone() })
        .collect()
}

fn rep_answer(state: &AppState, rep: &Rep) -> RepAnswer {
    RepAnswer {
        agent_id: rep.agent_id,
        first_name: rep.first_name.clone(),
        last_name: rep.last_name.clone(),
        email: rep.email.clone(),
        phone: rep.phone.clone(),
        agent_code: rep.agent_code.clone(),
        landing_url: rep.landing_url.clone(),
        logo: Some(rep_branding(state, rep).logo),
        image: Some(rep_branding(state, rep).image),
        groups: rep_groups(state, rep),
    }
}

/// `validate-agent?agent_code=`: the rep an access code names, for the person to confirm ('Do you want to enroll
/// under Rep {name}?'). It only looks the code up: the session changes when the person says Yes (`confirm-access`).
/// As the spec has it, an unknown code answers 204 No Content (the page says 'Invalid Rep Access Code').
pub async fn validate_agent(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<AgentCodeQuery>,
) -> ApiResult<MaybeAnswer<RepAnswer>> {
    let code = query.agent_code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("agent_code", REQUIRED));
    }
    Ok(MaybeAnswer(rep_by_code(&state, code).map(|rep| rep_answer(&state, rep))))
}

fn rep_by_code<'a>(state: &'a AppState, code: &str) -> Option<&'a Rep> {
    state.catalogue.reps.values().find(|r| r.agent_code.eq_ignore_ascii_case(code))
}

/// `validate-group?group_code=`: the group an enrollment code names, for the person to confirm ('Is {company} your
/// employer?'). It only looks the code up: the session changes when the person says Yes (`confirm-access`). As the
/// spec has it, an unknown code answers 204 No Content (the page says 'Invalid Group Enrollment Code').
pub async fn validate_group(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<GroupCodeQuery>,
) -> ApiResult<MaybeAnswer<GroupAnswer>> {
    let code = query.group_code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("group_code", REQUIRED));
    }
    Ok(MaybeAnswer(state.catalogue.group_by_code(code).map(group_answer)))
}

/// `confirm-access { agent_code }` or `{ group_code }` *(ours)*.
#[derive(Deserialize, JsonSchema)]
pub struct AccessConfirmation {
    /// The rep access code the person confirmed (Yes to 'Do you want to enroll under Rep {name}?').
    agent_code: Option<String>,
    /// The group enrollment code the person confirmed (Yes to 'Is {company} your employer?').
    group_code: Option<String>,
}

/// Where the person goes once a code is confirmed.
#[derive(Serialize, JsonSchema)]
pub struct AccessConfirmed {
    /// `rep` or `employee`.
    role: &'static str,
    /// The rep's or group's site's landing name; empty when it is not configured yet.
    landing_url: String,
}

/// `confirm-access` *(ours)*: the person said Yes to the rep or group a code names. Only now does the session change:
/// it continues under a new id as the rep's (branded, enrolling new members under the rep; seeing members takes
/// signing in) or as the group's employee, on that site. No, Cancel and closing the dialog never call the server.
pub async fn confirm_access(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<AccessConfirmation>,
) -> ApiResult<WithSession<Answer<AccessConfirmed>>> {
    let agent_code = body.agent_code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let group_code = body.group_code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (grant, arrived, role, landing_url) = match (agent_code, group_code) {
        (Some(code), None) => {
            let rep = rep_by_code(&state, code).ok_or_else(|| ApiError::field("agent_code", INVALID_REP_CODE))?;
            (Grant::Rep(rep.agent_id), Arrived::rep_site(rep), "rep", rep.landing_url.clone())
        }
        (None, Some(code)) => {
            let group =
                state.catalogue.group_by_code(code).ok_or_else(|| ApiError::field("group_code", INVALID_GROUP_CODE))?;
            (Grant::Employee(group.group_id), Arrived::group_site(group), "employee", group.landing_url.clone())
        }
        (Some(_), Some(_)) => return Err(ApiError::field("group_code", "Please confirm one code at a time")),
        (None, None) => return Err(ApiError::field("agent_code", REQUIRED)),
    };
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    access::grant(&state.db, Some(&session), &renewed.session, grant, &Spend::Nothing).await?;
    // The rep or employee is now on the rep's or group's site (a site followed before is left).
    site::remember(&state, &renewed.session, &arrived).await?;
    Ok(WithSession(renewed, Answer(AccessConfirmed { role, landing_url })))
}

/// What the footer's Employee Enrollment says of a code it does not know.
pub const INVALID_GROUP_CODE: &str = "Invalid Group Enrollment Code";

fn group_answer(group: &Group) -> GroupAnswer {
    GroupAnswer { group_id: group.group_id, name: group.name.clone(), landing_url: group.landing_url.clone() }
}

/// A group of the rep's, as `get-agent-groups` answers it.
#[derive(Serialize, JsonSchema)]
pub struct AgentGroup {
    gid: i64,
    gname: String,
}

/// `get-agent-groups`: the groups the session's rep enrolls for (the agent_id sent is not needed, nor trusted).
pub async fn agent_groups(State(state): State<AppState>, session: Session) -> ApiResult<Answer<Vec<AgentGroup>>> {
    let rep = session_rep(&state, &session).await?;
    let groups = rep_groups(&state, rep).into_iter().map(|g| AgentGroup { gid: g.group_id, gname: g.name }).collect();
    Ok(Answer(groups))
}

/// The rep the session unlocked with an access code.
async fn session_rep<'a>(state: &'a AppState, session: &Session) -> ApiResult<&'a Rep> {
    match role_of(&state.db, session).await? {
        Role::Rep(agent) => {
            state.catalogue.reps.get(&agent).ok_or_else(|| ApiError::field("agent_id", INVALID_REP_CODE))
        }
        _ => Err(ApiError::Forbidden(ENTER_REP_CODE.into())),
    }
}

/// `get-enrollment-platforms { agent_id }`: the enrollment portals the session's rep (or group) enrolls on.
pub async fn enrollment_platforms(
    State(state): State<AppState>,
    session: Session,
    host: Host,
) -> ApiResult<Answer<Vec<Portal>>> {
    Ok(Answer(portals::of_session(&state, &session, &host).await?))
}

/// `update-filter-portal { enrollment_id, group_id, platform_group_id }`.
#[derive(Deserialize, JsonSchema)]
pub struct PortalChoice {
    /// The quote to move to the portal (and group), if one is open.
    enrollment_id: Option<serde_json::Value>,
    /// The group a rep enrolls for; empty for a new member of no group.
    group_id: Option<serde_json::Value>,
    /// The enrollment portal.
    platform_group_id: Option<serde_json::Value>,
}

/// The portal and group chosen.
#[derive(Serialize, JsonSchema)]
pub struct PortalChosen {
    platform_group_id: i64,
    group_id: Option<i64>,
    /// new-member or new-group-member.
    enroll_type: String,
}

/// `update-filter-portal`: the choice of portal (and, for a rep, group) for the next enrollments, and for the open
/// quote if one is named: a rep's, a group administrator's, or a group's employee's or site visitor's (Choose
/// Enrollment Portal). The portal must be one they enroll on ('Please choose a platform'), the group one of the rep's
/// ('Please choose a group'); others keep their group.
pub async fn update_filter_portal(
    State(state): State<AppState>,
    session: Session,
    host: Host,
    AppJson(body): AppJson<PortalChoice>,
) -> ApiResult<Answer<PortalChosen>> {
    let ids = (body.platform_group_id.as_ref(), body.group_id.as_ref(), body.enrollment_id.as_ref());
    let (portal, group) = portals::choose(&state, &session, &host, ids).await?;
    let enroll_type = crate::domain::filter::enroll_type_under(group);
    Ok(Answer(PortalChosen { platform_group_id: portal, group_id: group, enroll_type: enroll_type.into() }))
}

/// The rep enrolling, as the enrollment's pages show them.
#[derive(Serialize, JsonSchema)]
pub struct AgentInfo {
    agent_id: i64,
    agent_code: String,
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    display_name: String,
}

/// `get-agent-info-enroll { agent_id }`: the rep of the session (a rep's own, or the rep whose site it is).
pub async fn agent_info_enroll(
    State(state): State<AppState>,
    session: Session,
    host: Host,
) -> ApiResult<Answer<AgentInfo>> {
    let standing = site::standing(&state, &session, &host).await?;
    let rep = standing
        .agent_id
        .and_then(|a| state.catalogue.reps.get(&a))
        .ok_or_else(|| ApiError::Forbidden(ENTER_REP_CODE.into()))?;
    Ok(Answer(AgentInfo {
        agent_id: rep.agent_id,
        agent_code: rep.agent_code.clone(),
        first_name: rep.first_name.clone(),
        last_name: rep.last_name.clone(),
        email: rep.email.clone(),
        phone: rep.phone.clone(),
        display_name: rep_branding(&state, rep).display_name,
    }))
}

/// An employer group as its administrator's and its employees' pages show it.
#[derive(Serialize, JsonSchema)]
pub struct GroupInfo {
    gid: i64,
    gname: String,
    /// The group's enrollment code: only to a session already under the group (its employee, its administrator, its
    /// signed-in rep); null to anyone else (a visitor of the group's site).
    gcode: Option<String>,
    display_name: String,
    /// The group's name and telephone, as the employer step shows them.
    general_info: GeneralInfo,
    address_information: engine::catalogue::Address,
    /// The group's rep's access code.
    agent_code: Option<String>,
    /// The portals the group's employees enroll on.
    platforms: Vec<Portal>,
}

/// The employer's name and telephone.
#[derive(Serialize, JsonSchema)]
pub struct GeneralInfo {
    group_name: String,
    group_phone: String,
}

fn group_info(state: &AppState, group: &Group, code_known: bool) -> GroupInfo {
    GroupInfo {
        general_info: GeneralInfo { group_name: group.name.clone(), group_phone: group.phone.clone() },
        gid: group.group_id,
        gname: group.name.clone(),
        gcode: code_known.then(|| group.code.clone()),
        display_name: group_branding(state, group).display_name,
        address_information: group.address_information.clone(),
        agent_code: group.agent_id.and_then(|a| state.catalogue.reps.get(&a)).map(|r| r.agent_code.clone()),
        platforms: portals::portals_of(state, &group.portals),
    }
}

/// `get-group-info-enroll { group_id }`: the employer group of the session (an employee's, its administrator's, a
/// rep's chosen group, or the group whose site it is).
pub async fn group_info_enroll(
    State(state): State<AppState>,
    session: Session,
    host: Host,
) -> ApiResult<Answer<GroupInfo>> {
    let standing = site::standing(&state, &session, &host).await?;
    let group = standing
        .group_id
        .and_then(|g| state.catalogue.groups.get(&g))
        .ok_or_else(|| ApiError::field("group_id", CHOOSE_GROUP))?;
    let known = access::may_know_group_code(&state, &session, group.group_id).await?;
    Ok(Answer(group_info(&state, group, known)))
}

/// `get-group-info?group_id=`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupInfoQuery {
    /// The group administrator's link token from the group dashboard, or the session's own group's id.
    group_id: Option<String>,
}

/// `get-group-info?group_id=`: the group administrator's entry. The group dashboard's link carries a sealed token
/// in place of the group id (`enroll group-admin-link` prints one); opening it makes the session the group's
/// administrator. A plain id answers only for the session's own group.
pub async fn group_info_admin(
    State(state): State<AppState>,
    session: Session,
    AppQuery(query): AppQuery<GroupInfoQuery>,
) -> ApiResult<GroupInfoAnswer> {
    let given = query.group_id.as_deref().map(str::trim).unwrap_or_default();
    if given.is_empty() {
        return Err(ApiError::field("group_id", CHOOSE_GROUP));
    }
    if let Some(group) =
        access::open_group_admin_link(&state.crypto, given).and_then(|g| state.catalogue.groups.get(&g))
    {
        // The administrator's session continues under a new id.
        let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
        access::grant(&state.db, Some(&session), &renewed.session, Grant::GroupAdmin(group.group_id), &Spend::Nothing)
            .await?;
        site::remember(&state, &renewed.session, &Arrived::group_site(group)).await?;
        return Ok(GroupInfoAnswer::Renewed(WithSession(renewed, Answer(group_info(&state, group, true)))));
    }
    match (role_of(&state.db, &session).await?, given.parse::<i64>()) {
        (Role::GroupAdmin(own), Ok(asked)) if own == asked => {
            let group = state.catalogue.groups.get(&own).ok_or_else(|| ApiError::field("group_id", CHOOSE_GROUP))?;
            Ok(GroupInfoAnswer::Same(Answer(group_info(&state, group, true))))
        }
        _ => Err(ApiError::Forbidden(access::GROUP_ADMINS_ONLY.into())),
    }
}

/// The group's details, with a renewed session when the administrator's link was just opened.
pub enum GroupInfoAnswer {
    Same(Answer<GroupInfo>),
    Renewed(WithSession<Answer<GroupInfo>>),
}

impl axum::response::IntoResponse for GroupInfoAnswer {
    fn into_response(self) -> axum::response::Response {
        match self {
            GroupInfoAnswer::Same(answer) => answer.into_response(),
            GroupInfoAnswer::Renewed(answer) => answer.into_response(),
        }
    }
}

impl aide::OperationOutput for GroupInfoAnswer {
    type Inner = GroupInfo;

    fn operation_response(
        ctx: &mut aide::generate::GenContext,
        operation: &mut aide::openapi::Operation,
    ) -> Option<aide::openapi::Response> {
        Answer::<GroupInfo>::operation_response(ctx, operation)
    }

    fn inferred_responses(
        ctx: &mut aide::generate::GenContext,
        operation: &mut aide::openapi::Operation,
    ) -> Vec<(Option<aide::openapi::StatusCode>, aide::openapi::Response)> {
        Answer::<GroupInfo>::inferred_responses(ctx, operation)
    }
}

/// `send-rep-sign-in-code` *(ours)*: where the code went.
#[derive(Serialize, JsonSchema)]
pub struct SignInCodeSent {
    /// The rep's e-mail on file, masked (`j••••@example.com`).
    sent_to: String,
    /// Minutes the code works.
    minutes: i64,
}

/// `send-rep-sign-in-code` *(ours)*: a rep on the access-code path asks to see members: a one-time code goes to the
/// rep's e-mail on file (never to an address the browser gives), through the outbox.
pub async fn send_rep_sign_in_code(
    State(state): State<AppState>,
    session: Session,
) -> ApiResult<Answer<SignInCodeSent>> {
    let sent_to = access::send_sign_in_code(&state, &session).await?;
    Ok(Answer(SignInCodeSent { sent_to, minutes: access::SIGN_IN_MINUTES }))
}

/// `rep-sign-in { code }` *(ours)*.
#[derive(Deserialize, JsonSchema)]
pub struct SignInCode {
    /// The six-digit code from the e-mail.
    code: Option<String>,
}

/// A rep signed in.
#[derive(Serialize, JsonSchema)]
pub struct SignedIn {
    agent_id: i64,
    /// The rep's name, as the rep home greets them.
    name: String,
}

/// `rep-sign-in { code }` *(ours)*: the code from the e-mail signs the session's rep in; the session continues under
/// a new id. A code works once, for minutes, and five guesses at most ('This code is not right...').
pub async fn rep_sign_in(
    State(state): State<AppState>,
    session: Session,
    AppJson(body): AppJson<SignInCode>,
) -> ApiResult<WithSession<Answer<SignedIn>>> {
    let code = body.code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("code", REQUIRED));
    }
    let (agent, spend) = access::check_sign_in_code(&state.db, access::Codes::Rep, &session, code).await?;
    let rep = state.catalogue.reps.get(&agent).ok_or_else(|| ApiError::field("code", access::CODE_SPENT))?;
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    if !access::grant(&state.db, Some(&session), &renewed.session, Grant::RepSignedIn(agent), &spend).await? {
        return Err(ApiError::field("code", access::CODE_SPENT));
    }
    let name = format!("{} {}", rep.first_name, rep.last_name);
    Ok(WithSession(renewed, Answer(SignedIn { agent_id: agent, name })))
}
