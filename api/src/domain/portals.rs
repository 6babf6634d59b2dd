//! The enrollment portals a session may enroll on (a rep's, a group's, every portal when they do not say), and the
//! portal (and, for a rep, the group) chosen for the next enrollments and the open quote (Choose Enrollment Portal).

use engine::catalogue::Portal;
use serde_json::Value;

use crate::domain::access::{Role, CHOOSE_GROUP, CHOOSE_PLATFORM, ENTER_REP_CODE, INVALID_REP_CODE};
use crate::domain::session::Session;
use crate::domain::site::{self, Host, Standing};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The portals a rep or group enrolls on (every portal when they do not say).
pub fn portals_of(state: &AppState, allowed: &[i64]) -> Vec<Portal> {
    state
        .catalogue
        .portals
        .iter()
        .filter(|p| allowed.is_empty() || allowed.contains(&p.platform_group_id))
        .cloned()
        .collect()
}

/// The portals the session's standing enrolls on.
fn allowed_portals(state: &AppState, standing: &Standing) -> Vec<i64> {
    match standing.role {
        Role::Rep(agent) => state.catalogue.reps.get(&agent).map(|r| r.portals.clone()).unwrap_or_default(),
        _ => standing
            .group_id
            .and_then(|g| state.catalogue.groups.get(&g))
            .map(|g| g.portals.clone())
            .unwrap_or_default(),
    }
}

/// The enrollment portals the session's rep (or group) enrolls on.
pub async fn of_session(state: &AppState, session: &Session, host: &Host) -> ApiResult<Vec<Portal>> {
    let standing = site::standing(state, session, host).await?;
    Ok(portals_of(state, &allowed_portals(state, &standing)))
}

/// The portal (`portal_id`) and group (`group_id`) chosen for the next enrollments, and for the open quote
/// (`enrollment_id`) if one is named: a rep's, a group administrator's, or a group's employee's or site visitor's. The
/// portal must be one they enroll on ('Please choose a platform'), the group one of the rep's ('Please choose a
/// group'); others keep their group. The portal and group chosen.
pub async fn choose(
    state: &AppState,
    session: &Session,
    host: &Host,
    (portal_id, group_id, enrollment_id): (Option<&Value>, Option<&Value>, Option<&Value>),
) -> ApiResult<(i64, Option<i64>)> {
    let standing = site::standing(state, session, host).await?;
    let allowed = allowed_portals(state, &standing);
    let portal = crate::input::optional_id(portal_id, "platform_group_id")
        .ok()
        .flatten()
        .filter(|p| portals_of(state, &allowed).iter().any(|portal| portal.platform_group_id == *p))
        .ok_or_else(|| ApiError::field("platform_group_id", CHOOSE_PLATFORM))?;
    let chosen = crate::input::optional_id(group_id, "group_id")?;
    let group = match standing.role {
        Role::Rep(agent) => {
            let rep = state.catalogue.reps.get(&agent).ok_or_else(|| ApiError::field("agent_id", INVALID_REP_CODE))?;
            match chosen {
                Some(g) if rep.groups.contains(&g) => Some(g),
                Some(_) => return Err(ApiError::field("group_id", CHOOSE_GROUP)),
                None => None,
            }
        }
        Role::GroupAdmin(group) => Some(group),
        // An employee, or a visitor of a group's site, chooses among the group's portals (Choose Enrollment Portal).
        Role::Employee(group) => Some(group),
        Role::Applicant => match standing.group_id {
            Some(group) => Some(group),
            None => return Err(ApiError::Forbidden(ENTER_REP_CODE.into())),
        },
    };
    site::update(state, session, |arrived| {
        arrived.portal_id = Some(portal);
        arrived.group_id = group;
    })
    .await?;
    if let Some(id) = crate::input::optional_id(enrollment_id, "enrollment_id")? {
        let e = crate::domain::enrollment::load(state, session, id).await?;
        crate::domain::filter::choose_portal(state, &e, portal, group).await?;
    }
    Ok((portal, group))
}
