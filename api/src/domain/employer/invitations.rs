//! Invitations to enroll: the administrator sends each eligible employee of the census a sealed link by e-mail (once
//! each); the link opens the store as that employee of the group (no group code to type) and says when they may
//! enroll. An employee so known may waive the group's coverage with a reason, and enrolls only in a window the plan
//! year opens for them (open enrollment, or their own 30 days as a new hire).

use chrono::NaiveDate;
use engine::catalogue::Group;
use engine::employer::participation::WaiveReason;
use engine::employer::plan_year::{Enrollable, PlanYear};
use schemars::JsonSchema;
use serde::Serialize;

use super::{administered, census_of, settings_of, CensusRow, SET_PLAN_YEAR_FIRST};
use crate::domain::access::{grant, role_of, Grant, Role, Spend};
use crate::domain::enrollment::Enrollment;
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store::employer as store;

/// The outbox kind of an invitation.
pub const INVITATION_MAIL: &str = "employee_invitation";
/// The outbox kind of a reminder before the window closes.
pub const REMINDER_MAIL: &str = "employee_reminder";
pub const INVITATION_FAILED: &str =
    "This invitation does not work any more. Please ask your benefits administrator for a new one.";
pub const NOT_INVITED: &str = "Please open the invitation your employer sent you by e-mail first.";
pub const WINDOW_OPEN_UNTIL: &str = "You can enroll until {date}; your coverage starts on {start}.";

/// Days an invitation works after open enrollment closes (a new hire's own window may run past it).
const LINK_DAYS_AFTER: i64 = 31;

/// What the invitations did.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Invited {
    /// Invitations sent now.
    pub sent: u32,
    /// Employees left out: invited before, not eligible, left, or without a window open.
    pub skipped: u32,
}

fn token(state: &AppState, group_id: i64, employee_id: i64, year: &PlanYear) -> String {
    let expires = year.open_until.and_hms_opt(23, 59, 59).map(|d| d.and_utc().timestamp()).unwrap_or_default()
        + LINK_DAYS_AFTER * 86_400;
    state.crypto.seal_token(&format!("invite:{group_id}:{employee_id}:{expires}"))
}

/// The group and employee an invitation's token names, while it works.
fn opened(state: &AppState, token: &str) -> Option<(i64, i64)> {
    let text = state.crypto.open_token(token.trim())?;
    let mut parts = text.strip_prefix("invite:")?.split(':');
    let (group, employee, expires) = (parts.next()?, parts.next()?, parts.next()?);
    (expires.parse::<i64>().ok()? > chrono::Utc::now().timestamp()).then_some(())?;
    Some((group.parse().ok()?, employee.parse().ok()?))
}

/// Days before an employee's window closes on which a reminder goes to one who has neither enrolled nor waived: a
/// week ahead, and the day before.
pub const REMINDER_DAYS: [i64; 2] = [7, 1];

/// The reminders due by `today` for a window that closes on `until`.
fn reminders_due(until: NaiveDate, today: NaiveDate) -> i64 {
    let left = (until - today).num_days();
    REMINDER_DAYS.iter().filter(|days| left <= **days).count() as i64
}

/// Whom a round of invitations reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The administrator's asking: each eligible employee whose window is open or opens later.
    OpenOrLater,
    /// The schedule's: each eligible employee whose window is open today, as it opens.
    OpenNow,
}

/// Sends an invitation to each eligible employee of the session's group not invited yet, whose window is open or
/// opens later (not one that closed).
pub async fn invite(state: &AppState, session: &Session) -> ApiResult<Invited> {
    let group = administered(state, session).await?;
    let settings =
        settings_of(state, group.group_id).await?.ok_or_else(|| ApiError::Conflict(SET_PLAN_YEAR_FIRST.into()))?;
    invite_group(state, group, &settings.plan_year, Reach::OpenOrLater).await
}

/// The e-mail of an invitation, or of a reminder when `reminder` says the employee's window (its last day, and the day
/// their coverage would start): its subject and sealed body.
fn mail(
    state: &AppState,
    group: &Group,
    row: &CensusRow,
    year: &PlanYear,
    reminder: Option<(NaiveDate, NaiveDate)>,
) -> (String, String) {
    use crate::language::{say, say_with};
    let link = format!(
        "{}/invitation?token={}",
        state.public_url.trim_end_matches('/'),
        token(state, group.group_id, row.employee_id, year)
    );
    let mdy = engine::dates::format_mdy;
    let (subject, lead) = match reminder {
        Some((until, coverage_from)) => {
            let (until, start) = (mdy(until), mdy(coverage_from));
            let dates: [(&str, &dyn std::fmt::Display); 3] =
                [("group", &group.name), ("until", &until), ("start", &start)];
            (
                say_with("Reminder: choose your benefits at {group} by {until}", &dates),
                say_with(
                    "You have until {until} to choose your benefits at {group}, and you have not chosen them yet. Coverage starts on {start}.",
                    &dates,
                ),
            )
        }
        None => {
            let (opens, closes, start) = (mdy(year.open_from), mdy(year.open_until), mdy(year.start));
            let dates: [(&str, &dyn std::fmt::Display); 4] =
                [("group", &group.name), ("opens", &opens), ("closes", &closes), ("start", &start)];
            (
                say_with("Choose your benefits at {group}", &dates),
                say_with(
                    "{group} invites you to choose your benefits. Open enrollment runs from {opens} to {closes}; coverage starts on {start}.",
                    &dates,
                ),
            )
        }
    };
    let body = format!(
        "{}\n\n{lead}\n\n{}\n{link}\n",
        say_with("Hello {name},", &[("name", &row.employee.first_name)]),
        say("Choose your plans, or tell us you do not need them, here:"),
    );
    (subject, state.crypto.encrypt(&body))
}

/// Sends an invitation to each eligible employee of `group` not invited yet whom `reach` reaches.
pub(super) async fn invite_group(state: &AppState, group: &Group, year: &PlanYear, reach: Reach) -> ApiResult<Invited> {
    let today = super::today();
    let (mut sent, mut skipped) = (0, 0);
    for row in census_of(state, group.group_id).await? {
        let enrollable = year.enrollable(row.employee.hire_date, today);
        let reached = match (reach, enrollable) {
            (_, Enrollable::Closed { .. }) => false,
            (Reach::OpenOrLater, _) => true,
            (Reach::OpenNow, window) => window.until().is_some(),
        };
        if row.invited || !reached || year.eligibility(&row.employment(), today).is_err() {
            skipped += 1;
            continue;
        }
        let due = enrollable.until().map_or(0, |until| reminders_due(until, today));
        let (subject, body) = mail(state, group, &row, year, None);
        let mail = (INVITATION_MAIL, row.employee.email.as_str(), subject.as_str(), body.as_str());
        if store::invite(&state.db, group.group_id, row.employee_id, due, mail).await? {
            sent += 1;
        } else {
            skipped += 1;
        }
    }
    Ok(Invited { sent, skipped })
}

/// Sends each invited employee of `group` who has neither enrolled nor waived the reminder due as their window
/// nears its close (`REMINDER_DAYS`), once each; answers how many went.
pub(super) async fn remind_group(state: &AppState, group: &Group, year: &PlanYear) -> ApiResult<u32> {
    let today = super::today();
    let census = census_of(state, group.group_id).await?;
    let enrolled = super::enrolled(state, group.group_id, &census).await?;
    let mut sent = 0;
    for row in &census {
        let (until, coverage_from) = match year.enrollable(row.employee.hire_date, today) {
            Enrollable::OpenEnrollment { until, coverage_from } | Enrollable::NewHire { until, coverage_from } => {
                (until, coverage_from)
            }
            Enrollable::NotYet { .. } | Enrollable::Closed { .. } => continue,
        };
        let due = reminders_due(until, today);
        let settled = enrolled.contains(&row.employee_id) || row.waived.is_some() || row.left_by(today);
        if !row.invited || settled || due <= row.reminders_sent || year.eligibility(&row.employment(), today).is_err() {
            continue;
        }
        let (subject, body) = mail(state, group, row, year, Some((until, coverage_from)));
        let mail = (REMINDER_MAIL, row.employee.email.as_str(), subject.as_str(), body.as_str());
        if store::remind(&state.db, group.group_id, row.employee_id, due, mail).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// Where an employee stands in their group's enrollment, as they read it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MyEnrollment {
    pub first_name: String,
    pub group_id: i64,
    pub group_name: String,
    /// The group's site's landing name, where its plans are shopped; empty when it has none.
    pub landing_url: String,
    /// `open`, `new_hire`, `not_yet` or `closed`.
    pub window: &'static str,
    /// When they may enroll, in words.
    pub message: String,
    /// MM/DD/YYYY: the last day they may enroll, while they may.
    pub until: Option<String>,
    /// MM/DD/YYYY: the day their coverage would start.
    pub coverage_from: Option<String>,
    /// Why they are not eligible, when they are not.
    pub not_eligible: Option<String>,
    /// The reason they gave for waiving, when they did.
    pub waived: Option<WaiveReason>,
    /// The reasons an employee may give for waiving, as they read them.
    pub waive_reasons: Vec<WaiveChoice>,
}

/// A reason to waive, as the employee chooses it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WaiveChoice {
    pub reason: WaiveReason,
    pub words: &'static str,
}

fn window_words(enrollable: Enrollable) -> (&'static str, Said, Option<NaiveDate>, Option<NaiveDate>) {
    let mdy = engine::dates::format_mdy;
    match enrollable {
        Enrollable::OpenEnrollment { until, coverage_from } | Enrollable::NewHire { until, coverage_from } => {
            let kind = if matches!(enrollable, Enrollable::NewHire { .. }) { "new_hire" } else { "open" };
            let said = Said::with(WINDOW_OPEN_UNTIL, &[("date", &mdy(until)), ("start", &mdy(coverage_from))]);
            (kind, said, Some(until), Some(coverage_from))
        }
        Enrollable::NotYet { opens } => {
            ("not_yet", Said::with(engine::employer::plan_year::WINDOW_NOT_OPEN, &[("date", &mdy(opens))]), None, None)
        }
        Enrollable::Closed { closed } => {
            ("closed", Said::with(engine::employer::plan_year::WINDOW_CLOSED, &[("date", &mdy(closed))]), None, None)
        }
    }
}

async fn answer(state: &AppState, group_id: i64, row: &CensusRow, year: &PlanYear) -> ApiResult<MyEnrollment> {
    let group = state.catalogue.groups.get(&group_id).ok_or_else(|| ApiError::Forbidden(NOT_INVITED.into()))?;
    let today = super::today();
    let (window, message, until, coverage_from) = window_words(year.enrollable(row.employee.hire_date, today));
    let language = crate::language::current();
    let not_eligible = year
        .eligibility(&row.employment(), today)
        .err()
        .map(|why| engine::i18n::say_with(language, why.message(), &[("hours", &year.min_hours)]));
    Ok(MyEnrollment {
        first_name: row.employee.first_name.clone(),
        group_id,
        group_name: group.name.clone(),
        landing_url: group.landing_url.clone(),
        window,
        message: message.said(),
        until: until.map(engine::dates::format_mdy),
        coverage_from: coverage_from.map(engine::dates::format_mdy),
        not_eligible,
        waived: row.waived,
        waive_reasons: WaiveReason::ALL
            .iter()
            .map(|r| WaiveChoice { reason: *r, words: crate::language::say(r.words()) })
            .collect(),
    })
}

/// The census employee `employee_id` of group `group_id`, and the group's plan year.
async fn employee_and_year(
    state: &AppState,
    group_id: i64,
    employee_id: i64,
) -> ApiResult<Option<(CensusRow, PlanYear)>> {
    let Some(settings) = settings_of(state, group_id).await? else { return Ok(None) };
    let row = match store::employee(&state.db, group_id, employee_id).await? {
        Some(row) => super::opened(state, &row)?,
        None => return Ok(None),
    };
    Ok(Some((row, settings.plan_year)))
}

/// Opens an invitation: `renewed` (the session's continuation) becomes the employee of the group it names.
pub async fn open(state: &AppState, session: &Session, renewed: &Session, token: &str) -> ApiResult<MyEnrollment> {
    let refused = || ApiError::field("token", INVITATION_FAILED);
    let (group_id, employee_id) = opened(state, token).ok_or_else(refused)?;
    let (row, year) = employee_and_year(state, group_id, employee_id).await?.ok_or_else(refused)?;
    if row.left_by(super::today()) {
        return Err(refused());
    }
    grant(&state.db, Some(session), renewed, Grant::Employee(group_id), &Spend::Nothing).await?;
    store::remember_session(&state.db, &renewed.0, group_id, employee_id).await?;
    // The store looks as the group's own site from here on, as it does for an employee who typed the group's code.
    if let Some(group) = state.catalogue.groups.get(&group_id) {
        crate::domain::site::remember(state, renewed, &crate::domain::site::Arrived::group_site(group)).await?;
    }
    answer(state, group_id, &row, &year).await
}

/// The employee this session is (by their invitation), with their group's plan year; 403 when it opened none.
async fn me(state: &AppState, session: &Session) -> ApiResult<(i64, CensusRow, PlanYear)> {
    let not_invited = || ApiError::Forbidden(NOT_INVITED.into());
    let Role::Employee(group) = role_of(&state.db, session).await? else { return Err(not_invited()) };
    let (g, employee_id) = store::employee_of_session(&state.db, &session.0).await?.ok_or_else(not_invited)?;
    if g != group {
        return Err(not_invited());
    }
    let (row, year) = employee_and_year(state, group, employee_id).await?.ok_or_else(not_invited)?;
    Ok((group, row, year))
}

/// Where the session's employee stands.
pub async fn mine(state: &AppState, session: &Session) -> ApiResult<MyEnrollment> {
    let (group, row, year) = me(state, session).await?;
    answer(state, group, &row, &year).await
}

/// The session's employee waives the group's coverage for `reason`.
pub async fn waive(state: &AppState, session: &Session, reason: WaiveReason) -> ApiResult<MyEnrollment> {
    let (group, row, year) = me(state, session).await?;
    let word = serde_json::to_value(reason).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
    store::waive(&state.db, group, row.employee_id, Some(&word))
        .await?
        .map_err(|_| ApiError::Forbidden(NOT_INVITED.into()))?;
    let row = CensusRow { waived: Some(reason), ..row };
    answer(state, group, &row, &year).await
}

/// Whether enrollment `e` may take a plan today under its group's plan year: refused (409, in words that say when)
/// outside the window the plan year opens for its employee (the invitation's, with their own new-hire window; open
/// enrollment for an employee who typed the group's code). A group without a plan year set takes enrollments as before.
pub async fn window_refusal(state: &AppState, e: &Enrollment) -> ApiResult<()> {
    let Some(group_id) = e.row.group_id else { return Ok(()) };
    let Some(settings) = settings_of(state, group_id).await? else { return Ok(()) };
    let year = settings.plan_year;
    let hire = match store::employee_of_session(&state.db, &e.session.0).await? {
        Some((g, employee_id)) if g == group_id => store::employee(&state.db, group_id, employee_id)
            .await?
            .map(|row| super::opened(state, &row))
            .transpose()?,
        _ => None,
    }
    .map(|row| row.employee.hire_date);
    // Without a hire date, the employee is taken as hired before the window: open enrollment is theirs.
    let enrollable = year.enrollable(hire.unwrap_or(NaiveDate::MIN), super::today());
    match window_words(enrollable) {
        ("open" | "new_hire", ..) => Ok(()),
        (_, said, ..) => Err(ApiError::Conflict(said)),
    }
}
