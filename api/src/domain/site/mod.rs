//! Whose site a session is on and who it is there: where it arrived (landing name, white-label domain, referral,
//! partner link, member link, kept server-side per session), what it unlocked (a rep's access code, a group's
//! enrollment code, a group administrator's link: `access`), and what follows: the spec's eprocess and open_type,
//! the rep, group and portal of a new enrollment, the site's branding and the front page. The browser reads this
//! back (`get-default-info`); it never sets it.

pub mod arrival;

use engine::catalogue::{Group, Rep};
use engine::storefront::{Arrival, Branding, DomainSite, Eprocess, OpenType};
use serde::{Deserialize, Serialize};

use crate::domain::access::{role_of, Role};
use crate::domain::enrollment::today;
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::site;

/// The name in the request's Host header, lower case and without a port (`None` without one).
#[derive(Debug, Clone, Default)]
pub struct Host(pub Option<String>);

/// Where a session arrived, as the server recorded it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Arrived {
    pub open_type: Option<OpenType>,
    pub agent_id: Option<i64>,
    pub group_id: Option<i64>,
    /// The enrollment portal chosen (by a rep, a group administrator, a partner link or a referral).
    pub portal_id: Option<i64>,
    /// The landing name the session arrived by.
    pub landing: Option<String>,
    pub referral_id: Option<String>,
    /// The partner site that sent the session (`elevate`).
    pub from_site: Option<String>,
    /// The member whose member link was opened in the session.
    pub member_id: Option<i64>,
}

impl Arrived {
    /// On a group's site: the group's rep, its portal when it has only one, its landing name.
    pub fn group_site(group: &Group) -> Arrived {
        Arrived {
            open_type: Some(OpenType::Group),
            agent_id: group.agent_id,
            group_id: Some(group.group_id),
            portal_id: only_portal(&group.portals),
            landing: Some(group.landing_url.clone()).filter(|l| !l.is_empty()),
            ..Arrived::default()
        }
    }

    /// On a rep's site, with the rep's landing name.
    pub fn rep_site(rep: &Rep) -> Arrived {
        Arrived {
            open_type: Some(OpenType::Agent),
            agent_id: Some(rep.agent_id),
            landing: Some(rep.landing_url.clone()).filter(|l| !l.is_empty()),
            ..Arrived::default()
        }
    }
}

pub async fn arrived(state: &AppState, session: &Session) -> ApiResult<Arrived> {
    Ok(match site::of_session(&state.db, &session.0).await? {
        Some(document) => serde_json::from_str(&document).map_err(|e| ApiError::Internal(e.into()))?,
        None => Arrived::default(),
    })
}

pub async fn remember(state: &AppState, session: &Session, arrived: &Arrived) -> ApiResult<()> {
    let document = serde_json::to_string(arrived).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(site::set_for_session(&state.db, &session.0, &document).await?)
}

/// Changes where the session arrived.
pub async fn update(state: &AppState, session: &Session, change: impl FnOnce(&mut Arrived)) -> ApiResult<Arrived> {
    let mut current = arrived(state, session).await?;
    change(&mut current);
    remember(state, session, &current).await?;
    Ok(current)
}

/// Who the session is, all told.
#[derive(Debug, Clone)]
pub struct Standing {
    pub role: Role,
    pub eprocess: Eprocess,
    pub open_type: Option<OpenType>,
    /// The rep enrolling, or whose site it is.
    pub agent_id: Option<i64>,
    /// The employer group enrolled under, or whose site it is.
    pub group_id: Option<i64>,
    pub portal_id: Option<i64>,
    /// The referral followed, if it is still honoured.
    pub referral_id: Option<String>,
    /// A referral followed that is no longer honoured.
    pub expired_referral: bool,
    pub from_site: Option<String>,
    pub member_id: Option<i64>,
    pub landing: Option<String>,
    /// The white-label domain of the request's host.
    pub domain: Option<DomainSite>,
    /// The request came to the single-portal white-label host.
    pub special_host: bool,
}

impl Standing {
    pub fn arrival(&self) -> Arrival {
        Arrival {
            eprocess: Some(self.eprocess),
            open_type: self.open_type,
            member: self.member_id.is_some(),
            referral: self.referral_id.is_some(),
            special_host: self.special_host,
        }
    }

    /// Whose site this is: the group's on a group's site or for its employees and administrator, else the rep's,
    /// else the store's.
    pub fn owner<'a>(&self, state: &'a AppState) -> (Option<&'a Group>, Option<&'a Rep>) {
        let group = self.group_id.and_then(|g| state.catalogue.groups.get(&g));
        let rep = self.agent_id.and_then(|a| state.catalogue.reps.get(&a));
        match (self.open_type, &self.role) {
            (Some(OpenType::Group), _) | (_, Role::Employee(_)) | (_, Role::GroupAdmin(_)) if group.is_some() => {
                (group, None)
            }
            _ if rep.is_some() => (None, rep),
            _ => (group, None),
        }
    }

    /// How the site looks: its owner's branding over the store's own.
    /// The site's branding in the reader's language.
    pub fn branding(&self, state: &AppState) -> Branding {
        match self.owner(state) {
            (Some(group), _) => group_branding(state, group),
            (_, Some(rep)) => rep_branding(state, rep),
            _ => store_branding(state),
        }
    }

    /// Whether a quote may be e-mailed from the cart: a rep's or group administrator's, and never on the
    /// single-portal host.
    pub fn shows_quotation(&self) -> bool {
        !self.special_host && matches!(self.eprocess, Eprocess::Rep | Eprocess::Group)
    }
}

/// What a group's site shows where its branding says nothing: its name, phone and administrator's address.
fn group_defaults(group: &Group) -> Branding {
    Branding {
        display_name: group.name.clone(),
        display_phone: group.phone.clone(),
        display_email: group.email.clone().unwrap_or_default(),
        display_about_name: crate::language::say_with("About {name}", &[("name", &group.name)]),
        ..Branding::default()
    }
}

fn rep_defaults(rep: &Rep) -> Branding {
    Branding {
        display_name: rep.name(),
        display_phone: rep.phone.clone(),
        display_email: rep.email.clone(),
        display_about_name: crate::language::say_with("About {name}", &[("name", &rep.name())]),
        ..Branding::default()
    }
}

/// The store's own branding in the reader's language.
fn store_branding(state: &AppState) -> Branding {
    state.catalogue.sites.store.in_language(crate::language::current())
}

/// The rep's branding as their landing information gives it, in the reader's language (a rep's own words are
/// theirs, in the languages they wrote them in).
pub fn rep_branding(state: &AppState, rep: &Rep) -> Branding {
    let language = crate::language::current();
    rep.branding.in_language(language).over(&rep_defaults(rep)).over(&store_branding(state))
}

/// The group's branding as its landing information gives it, in the reader's language.
pub fn group_branding(state: &AppState, group: &Group) -> Branding {
    let language = crate::language::current();
    group.branding.in_language(language).over(&group_defaults(group)).over(&store_branding(state))
}

/// The one portal a group enrolls on, if it has exactly one.
fn only_portal(portals: &[i64]) -> Option<i64> {
    match portals {
        [one] => Some(*one),
        _ => None,
    }
}

/// Who the session is on this request's host.
pub async fn standing(state: &AppState, session: &Session, host: &Host) -> ApiResult<Standing> {
    let role = role_of(&state.db, session).await?;
    let arrived = arrived(state, session).await?;
    let host_name = host.0.as_deref().unwrap_or_default();
    let special_host = state.single_portal_host.as_deref().is_some_and(|h| h == host_name);
    // A landing name, referral or partner link the session followed wins over the domain it is served at.
    let explicit = arrived.open_type.is_some();
    let domain = state.catalogue.sites.domain(host_name).cloned();
    let referral = arrived.referral_id.as_deref().and_then(|r| state.catalogue.sites.referral(r));
    let referral_valid = referral.is_some_and(|r| r.valid_on(today()));
    let (mut open_type, mut agent_id, mut group_id, mut portal_id) =
        (arrived.open_type, arrived.agent_id, arrived.group_id, arrived.portal_id);
    if let (false, Some(d)) = (explicit, &domain) {
        open_type = Some(if d.group_id.is_some() { OpenType::Group } else { OpenType::Agent });
        agent_id = d.agent_id.or_else(|| d.group_id.and_then(|g| state.catalogue.groups.get(&g)?.agent_id));
        group_id = d.group_id;
        portal_id = portal_id.or(d.portal_id);
    }
    let group_rep = |g: i64| state.catalogue.groups.get(&g).and_then(|g| g.agent_id);
    let eprocess = match &role {
        Role::Rep(agent) => {
            agent_id = Some(*agent);
            // The group a rep chose to enroll for, if it is one of the rep's.
            let rep_groups = state.catalogue.reps.get(agent).map(|r| r.groups.clone()).unwrap_or_default();
            group_id = group_id.filter(|g| rep_groups.contains(g));
            // A rep enrolling is not a visitor of an open site.
            open_type = None;
            Eprocess::Rep
        }
        Role::GroupAdmin(group) => {
            group_id = Some(*group);
            agent_id = group_rep(*group);
            open_type = None;
            Eprocess::Group
        }
        Role::Employee(group) => {
            group_id = Some(*group);
            agent_id = group_rep(*group).or(agent_id);
            open_type = Some(OpenType::Group);
            Eprocess::Applicant
        }
        Role::Applicant => {
            if open_type.is_none() && arrived.member_id.is_none() {
                open_type = Some(OpenType::User);
            }
            Eprocess::Applicant
        }
    };
    Ok(Standing {
        role,
        eprocess,
        open_type,
        agent_id,
        group_id,
        portal_id,
        referral_id: arrived.referral_id.clone().filter(|_| referral_valid),
        expired_referral: referral.is_some() && !referral_valid,
        from_site: arrived.from_site.clone(),
        member_id: arrived.member_id,
        landing: arrived.landing.clone(),
        domain,
        special_host,
    })
}

/// Who a new enrollment of this session is for and by.
#[derive(Debug, Clone)]
pub struct NewParties {
    pub eprocess: &'static str,
    pub enrollment_type: &'static str,
    pub open_type: Option<&'static str>,
    pub agent_id: Option<i64>,
    pub group_id: Option<i64>,
    pub portal_id: Option<i64>,
    pub referral_id: Option<String>,
    pub from_site: Option<String>,
}

pub fn open_type_name(open_type: OpenType) -> &'static str {
    match open_type {
        OpenType::Agent => "agent",
        OpenType::Group => "group",
        OpenType::User => "user",
    }
}

/// Who a new enrollment of this session is, from its standing and the group the browser chose, which must be one
/// the rep enrolls for: a rep enrolls a new member, directly or for a group; a group administrator and an employee
/// (or a visitor of a group's site) a member of the group; anyone else themselves, on the site they are on.
pub fn new_enrollment_parties(
    state: &AppState,
    standing: &Standing,
    chosen_group: Option<&serde_json::Value>,
) -> ApiResult<NewParties> {
    let chosen = crate::input::optional_id(chosen_group, "group_id")?;
    let mut parties = NewParties {
        eprocess: "applicant",
        enrollment_type: "new-member",
        open_type: standing.open_type.map(open_type_name),
        agent_id: standing.agent_id,
        group_id: standing.group_id,
        portal_id: standing.portal_id,
        referral_id: standing.referral_id.clone(),
        from_site: standing.from_site.clone(),
    };
    match &standing.role {
        Role::Rep(agent) => {
            let rep = state
                .catalogue
                .reps
                .get(agent)
                .ok_or_else(|| ApiError::field("agent_id", crate::domain::access::INVALID_REP_CODE))?;
            parties.eprocess = "rep";
            parties.group_id = match chosen {
                Some(group) if rep.groups.contains(&group) => Some(group),
                Some(_) => return Err(ApiError::field("group_id", crate::domain::access::CHOOSE_GROUP)),
                None => standing.group_id,
            };
        }
        Role::GroupAdmin(_) => parties.eprocess = "group",
        Role::Employee(_) | Role::Applicant => {}
    }
    if parties.group_id.is_some() {
        parties.enrollment_type = "new-group-member";
    }
    Ok(parties)
}

/// Stores a new enrollment of the session with its filter and parties.
pub async fn create_enrollment(
    state: &AppState,
    session: &Session,
    filter: &crate::domain::enrollment::Filter,
    parties: &NewParties,
) -> ApiResult<i64> {
    let lifecycle = serde_json::to_string(&engine::lifecycle::EnrollmentLifecycle::default())
        .map_err(|e| ApiError::Internal(e.into()))?;
    Ok(crate::store::enrollment::insert_enrollment(
        &state.db,
        crate::store::enrollment::NewEnrollment {
            session_id: &session.0,
            filter: serde_json::to_string(filter).map_err(|e| ApiError::Internal(e.into()))?,
            eprocess: parties.eprocess,
            enrollment_type: parties.enrollment_type,
            open_type: parties.open_type,
            group_id: parties.group_id,
            agent_id: parties.agent_id,
            lifecycle,
            referral_id: parties.referral_id.as_deref(),
            from_site: parties.from_site.as_deref(),
            workflow_version: &state.workflows.current().hash,
        },
    )
    .await?)
}

/// 'Not my site': the session forgets where it arrived and what it unlocked, and is a visitor of the store's own site
/// again.
pub async fn forget(state: &AppState, session: &Session) -> ApiResult<()> {
    site::clear_for_session(&state.db, &session.0).await?;
    Ok(())
}

/// Records that the enrollment came from the partner site `partner` (only a session the partner sent may say so;
/// Elevate is the one partner whose visitors are tracked).
pub async fn track_partner(
    state: &AppState,
    e: &crate::domain::enrollment::Enrollment,
    partner: &str,
) -> ApiResult<()> {
    let arrived = arrived(state, &e.session).await?;
    if arrived.from_site.as_deref() != Some(partner) {
        return Err(ApiError::field("enrollment_id", "This enrollment did not come from the Elevate site."));
    }
    crate::store::enrollment::set_from_site(&state.db, e.row.enrollment_id, partner).await?;
    Ok(())
}
