//! After the sale: a submitted application is a policy the member keeps for years, and its coverage changes. Each
//! change is recorded in the order it was asked, with who asked and why (`store::coverage_change`), and reaches each
//! carrier it is about once, as an 834 change (`engine::x12::Change`, made by `domain::carrier_files`).
//!
//! Today a member (the session that owns the application: the applicant, or the rep who enrolled them) sees the
//! policy's plans with their status and dates, and ends a plan at the end of a month ([`end_plan`]). The rules of
//! life events (windows, effective dates, proofs) are the engine's (`engine::life_events`, from
//! `workflows/life_events.yaml`).

pub mod age_off;
pub mod contact;
pub mod deadlines;
pub mod household;
pub mod life_events;
pub mod names;
pub mod payment;
pub mod plans;
pub mod proof;
pub mod save_later;
pub mod saved;
pub mod sign_in;

use chrono::NaiveDate;
use engine::dates::{format_iso, format_mdy, parse_iso};
use engine::life_events::end_of_month;
use schemars::JsonSchema;
use serde::Serialize;

use super::enrollment::{cancellation, today, Enrollment};
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::{ChangeRow, END_PLAN};

/// The maintenance reason code of a plan the member ends (INS04 14, voluntary withdrawal).
const VOLUNTARY_WITHDRAWAL: &str = "14";

/// Where a plan of a policy stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlanStatus {
    /// Sent to the carrier, which has not confirmed it yet.
    Pending,
    /// The carrier confirmed it: it covers (or will, from its first day).
    Active,
    /// Its end is recorded; it covers until its last day.
    Ending,
    /// Its last day has passed.
    Ended,
    /// The application was cancelled in its free-look period, or the plan was replaced before it began: it covers
    /// no day.
    Cancelled,
}

/// A plan of a policy.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PolicyPlan {
    pub plan_id: i64,
    pub plan_name: String,
    pub category_name: String,
    pub carrier_name: String,
    pub status: PlanStatus,
    /// Its first day of coverage, MM/DD/YYYY.
    pub effective: String,
    /// Its last day of coverage, MM/DD/YYYY, once its end is recorded.
    pub last_day: Option<String>,
    /// The last day it would cover if ended now (MM/DD/YYYY): the end of this month, or of its first month when it
    /// has not begun; none when it cannot be ended.
    pub may_end_on: Option<String>,
    /// Its monthly premium for the people the policy covers, from the first month it is billed at it (the next, or
    /// its first): "$412.50". None once it no longer covers, or when its insurance company quotes it.
    pub monthly_price: Option<String>,
}

/// What the policy's plans cost a month, from a month on.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MonthlyPremium {
    /// The first day of the month it is billed from (MM/DD/YYYY): the next month, or the policy's first.
    pub from: String,
    /// The premiums of every plan that covers on that day, together: "$512.40".
    pub total: String,
    /// How many of those plans it counts: a plan its insurance company quotes is not counted.
    pub plans: usize,
}

/// A change of the policy, as the member reads it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PolicyChange {
    /// What changed, in words.
    pub what: String,
    /// Who asked it, and why, in their words.
    pub requested_by: String,
    pub reason: String,
    /// When it was asked (RFC 3339).
    pub requested_at: String,
    /// The day it takes effect, MM/DD/YYYY.
    pub effective: String,
    /// `recorded` (the carriers hear it), `waiting_for_proof` (a reviewer has not approved the event's proof yet)
    /// or `refused` (the proof was denied, or not sent in time).
    pub status: String,
}

/// A submitted application as a policy.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Policy {
    /// The confirmation number.
    pub policy_id: String,
    pub plans: Vec<PolicyPlan>,
    /// Every change, in the order it was asked.
    pub changes: Vec<PolicyChange>,
    /// The life events reported, in the order they were.
    pub events: Vec<life_events::ReportedEvent>,
    /// The changes begun and saved to finish later.
    pub saved: Vec<saved::SavedChange>,
    /// What its plans cost a month from the next month billed; none when no plan is priced then.
    pub monthly: Option<MonthlyPremium>,
}

/// What the shop's rating reads of policy `e`'s household on `day`: the applicant as the quote gave them, the
/// people covered then (`dependents`, as `covered::dependents_among` gives them) making the tier, their ages that
/// day. None when the quote no longer rates.
pub(super) fn household_rating(
    e: &Enrollment,
    dependents: &[engine::forms::household::Dependent],
    day: NaiveDate,
) -> Option<engine::rating::RatingInput> {
    use engine::forms::household::DependentRelationship::Spouse;
    let spouse = dependents.iter().find(|d| d.relationship == Some(Spouse));
    let children = dependents.iter().any(|d| d.relationship != Some(Spouse));
    let mut input = e.filter.rating_input(day)?;
    input.tier = engine::context::Tier::of_household(spouse.is_some(), children);
    input.spouse_age = spouse
        .and_then(|s| s.birthdate.as_deref())
        .and_then(engine::dates::parse_mdy)
        .map(|d| engine::dates::age_on(d, day));
    Some(input)
}

/// The first day of the month after `day`.
fn next_month(day: NaiveDate) -> NaiveDate {
    end_of_month(day).succ_opt().unwrap_or(day)
}

/// The monthly premium of `plan` at its level `plan_pricing_id` for the household `input` reads; none when its
/// insurance company quotes it, or it no longer rates.
fn plan_premium(
    state: &AppState,
    plan: &engine::catalogue::Plan,
    plan_pricing_id: i64,
    input: Option<&engine::rating::RatingInput>,
) -> Option<engine::rating::Cents> {
    if plan.hides_price() {
        return None;
    }
    let option = plan.option(plan_pricing_id)?;
    engine::rating::price_option(plan, option, input?, &state.catalogue.curve).ok()
}

/// The application's first day of coverage.
pub(super) fn first_day(e: &Enrollment) -> ApiResult<NaiveDate> {
    // Kept as the checkout gave it (MM/DD/YYYY).
    let given = e.row.effective_date.as_deref();
    given.and_then(|d| engine::dates::parse_mdy(d).or_else(|| parse_iso(d))).ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!("submitted application {} has no effective date", e.row.enrollment_id))
    })
}

/// The last day a plan starting on `first` covers when it is ended on `today`: the end of this month, or of the
/// plan's first month when it has not begun (a plan covers at least the month it starts).
pub fn last_day_if_ended(first: NaiveDate, today: NaiveDate) -> NaiveDate {
    end_of_month(first.max(today))
}

fn not_submitted() -> ApiError {
    ApiError::Conflict("This application has not been submitted yet: it has no coverage to change".into())
}

/// The policy `e` (submitted): its plans, their status and dates, and its changes.
pub async fn policy(state: &AppState, e: &Enrollment) -> ApiResult<Policy> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    let first = first_day(e)?;
    let day = today();
    let cancelled = store::edi::cancellation(&state.db, e.row.enrollment_id).await?;
    let changes = store::coverage_change::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let language = crate::language::current();
    let held = crate::domain::carrier_files::confirmations::held_by_carriers(state, e.row.enrollment_id)
        .await
        .map_err(ApiError::Internal)?;
    let version = state.workflows.current();
    let mut plans = Vec::new();
    let lines = store::cart::cart(&state.db, &state.local_reads, e.row.enrollment_id).await?;
    // Each premium is the shop's rating of the household as the policy covers it (the people added and taken off
    // since the sale), as it stands on the first day of the next month billed.
    let billed_from = first.max(next_month(day));
    let household = super::enrollment::covered::dependents_among(state, e.row.enrollment_id, &changes).await?;
    let (mut total, mut counted) = (engine::rating::Cents(0), 0);
    let held_plans = super::enrollment::covered::plans_among(&lines, &changes);
    let kind_of = |plan_id: i64| state.catalogue.plan(plan_id).map(|p| (p.carrier_id, &p.category, &p.insurance_line));
    for line in &held_plans {
        let Some(plan) = state.catalogue.plan(line.plan_id) else { continue };
        let ended = changes.iter().find(|c| c.ends_plan(plan.plan_id));
        // A plan chosen after the sale covers from its own first day.
        let first = line.from.as_deref().and_then(parse_iso).unwrap_or(first);
        // What the plan's carrier last confirmed of it (the subscriber's coverage of its insurance line); a carrier's
        // end stands where we recorded none (the carrier ended it: for non-payment, say).
        let alone = held_plans.iter().filter(|p| kind_of(p.plan_id) == kind_of(plan.plan_id)).count() == 1;
        let named = crate::domain::carrier_files::application::plan_as_named(plan, line.plan_pricing_id);
        let confirmed = held.iter().filter(|(carrier, _)| *carrier == plan.carrier_id).find_map(|(carrier, held)| {
            let carrier = state.catalogue.carriers.get(carrier)?;
            let codes = version.workflows.x12.as_ref()?;
            let line = carrier.edi().guide.line(codes, &plan.category, plan.insurance_line.as_deref()).ok()?;
            held.subscriber_coverage_of(&line, &named, first, alone).filter(|c| c.begins.is_some()).cloned()
        });
        let last_day = ended
            .and_then(|c| c.last_day.as_deref())
            .and_then(parse_iso)
            .or_else(|| confirmed.as_ref().and_then(|c| c.ends));
        let status = match (&cancelled, last_day) {
            (Some(_), _) => PlanStatus::Cancelled,
            // Replaced before it began: it covers no day.
            (None, Some(last)) if last < first => PlanStatus::Cancelled,
            (None, Some(last)) if last < day => PlanStatus::Ended,
            (None, Some(_)) => PlanStatus::Ending,
            (None, None) if confirmed.is_some() => PlanStatus::Active,
            (None, None) => PlanStatus::Pending,
        };
        let category_name = state.catalogue.category_name(&plan.category, language);
        let covers = |on: NaiveDate| on >= first && last_day.is_none_or(|last| on <= last);
        let priced_on = billed_from.max(first);
        let price = match status {
            PlanStatus::Pending | PlanStatus::Active | PlanStatus::Ending if covers(priced_on) => {
                plan_premium(state, plan, line.plan_pricing_id, household_rating(e, &household, priced_on).as_ref())
            }
            _ => None,
        };
        if let Some(cents) = price.filter(|_| priced_on == billed_from) {
            total.0 += cents.0;
            counted += 1;
        }
        plans.push(PolicyPlan {
            plan_id: plan.plan_id,
            plan_name: plan.plan_name.clone(),
            category_name,
            carrier_name: state.catalogue.carrier_name(plan.carrier_id).to_string(),
            status,
            effective: format_mdy(first),
            last_day: last_day.or(cancelled.as_ref().and_then(|c| parse_iso(&c.last_day))).map(format_mdy),
            may_end_on: matches!(status, PlanStatus::Pending | PlanStatus::Active)
                .then(|| format_mdy(last_day_if_ended(first, day))),
            monthly_price: price.map(crate::domain::shop::pricing::dollars),
        });
    }
    let dependents = match changes.iter().any(|c| c.member_index.is_some()) {
        true => super::enrollment::covered::dependents(state, e.row.enrollment_id).await?,
        false => Vec::new(),
    };
    let event_title = |id: &str| {
        version
            .workflows
            .life_events
            .as_ref()
            .and_then(|l| l.event(id))
            .map_or_else(|| id.to_string(), |k| k.title.in_language(language).to_string())
    };
    let changes = changes
        .iter()
        .map(|c| {
            // A plan that left the catalogue since is still named, in the reader's words.
            let plan = match c.plan_id.and_then(|p| state.catalogue.plan(p)) {
                Some(plan) => plan.plan_name.clone(),
                None => crate::language::say("a plan").to_string(),
            };
            let last = c.last_day.as_deref().and_then(parse_iso).map(format_mdy).unwrap_or_default();
            // A person added is named as the change keeps them (one waiting for a proof has no place yet).
            let added = (c.kind == store::coverage_change::ADD_DEPENDENT)
                .then(|| c.person.as_deref().and_then(|p| state.crypto.decrypt(p)))
                .flatten()
                .and_then(|text| serde_json::from_str::<engine::forms::household::Dependent>(&text).ok());
            let person = added
                .as_ref()
                .or_else(|| c.member_index.and_then(|i| dependents.get(usize::try_from(i).ok()?.checked_sub(1)?)))
                .and_then(|d| d.name.first_name.clone())
                .unwrap_or_default();
            let what = match c.kind.as_str() {
                store::coverage_change::REINSTATE => crate::language::say_with(
                    "{plan} is brought back from {date}",
                    &[("plan", &plan), ("date", &parse_iso(&c.effective).map(format_mdy).unwrap_or_default())],
                ),
                store::coverage_change::ADD_DEPENDENT => crate::language::say_with(
                    "{name} is covered from {date}",
                    &[("name", &person), ("date", &parse_iso(&c.effective).map(format_mdy).unwrap_or_default())],
                ),
                store::coverage_change::CHANGE_CONTACT => crate::language::say_with(
                    "The contact details change from {date}",
                    &[("date", &parse_iso(&c.effective).map(format_mdy).unwrap_or_default())],
                ),
                store::coverage_change::CHANGE_PAYMENT => crate::language::say_with(
                    "Paid by {method} from {date}",
                    &[
                        ("method", &payment::paid_by_after(state, c).unwrap_or_default()),
                        ("date", &parse_iso(&c.effective).map(format_mdy).unwrap_or_default()),
                    ],
                ),
                store::coverage_change::CHANGE_NAME => {
                    let full = |n: &engine::forms::common::PersonName| {
                        [n.first_name.as_deref(), n.middle_name.as_deref(), n.last_name.as_deref()]
                            .into_iter()
                            .flatten()
                            .filter(|part| !part.trim().is_empty())
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    match super::enrollment::covered::renamed_by(state, c).ok().flatten() {
                        Some(r) => crate::language::say_with(
                            "{prior}'s name is {name} from {date}",
                            &[
                                ("prior", &full(&r.prior)),
                                ("name", &full(&r.name)),
                                ("date", &parse_iso(&c.effective).map(format_mdy).unwrap_or_default()),
                            ],
                        ),
                        None => crate::language::say("A name changed").to_string(),
                    }
                }
                store::coverage_change::CHOOSE_PLAN => {
                    let date = parse_iso(&c.effective).map(format_mdy).unwrap_or_default();
                    match c.replaces_plan_id.and_then(|p| state.catalogue.plan(p)) {
                        Some(old) => crate::language::say_with(
                            "{plan} replaces {old} from {date}",
                            &[("plan", &plan), ("old", &old.plan_name), ("date", &date)],
                        ),
                        None => {
                            crate::language::say_with("{plan} covers from {date}", &[("plan", &plan), ("date", &date)])
                        }
                    }
                }
                store::coverage_change::REMOVE_DEPENDENT => {
                    crate::language::say_with("{name} is covered until {date}", &[("name", &person), ("date", &last)])
                }
                store::coverage_change::AGE_OFF => crate::language::say_with(
                    "{name}'s coverage ends on {date}: they turn 26",
                    &[("name", &person), ("date", &last)],
                ),
                _ => crate::language::say_with("{plan} ends on {date}", &[("plan", &plan), ("date", &last)]),
            };
            PolicyChange {
                what,
                requested_by: cancellation::said_by(&c.requested_by),
                // The store's own reason is its words, said in the reader's language; a person's stays theirs; a
                // person is added for a life event, named as the member reads it.
                reason: if matches!(
                    c.kind.as_str(),
                    store::coverage_change::ADD_DEPENDENT
                        | store::coverage_change::REMOVE_DEPENDENT
                        | store::coverage_change::CHOOSE_PLAN
                ) {
                    event_title(&c.reason)
                } else if c.requested_by == "the store" {
                    crate::language::say_text(&c.reason)
                } else {
                    c.reason.clone()
                },
                requested_at: c.requested_at.clone(),
                effective: parse_iso(&c.effective).map(format_mdy).unwrap_or_default(),
                status: match c.proof.as_deref() {
                    Some(store::coverage_change::AWAITING_PROOF) => "waiting_for_proof",
                    Some(store::coverage_change::REFUSED) => "refused",
                    _ => "recorded",
                }
                .into(),
            }
        })
        .collect();
    let events = life_events::reported(state, e).await?;
    let monthly = (counted > 0).then(|| MonthlyPremium {
        from: format_mdy(billed_from),
        total: crate::domain::shop::pricing::dollars(total),
        plans: counted,
    });
    let saved = saved::of_policy(state, e).await?;
    Ok(Policy { policy_id: e.row.policy_id.clone().unwrap_or_default(), plans, changes, events, saved, monthly })
}

/// Ends plan `plan_id` of the policy `e` at the end of this month (of its first month when it has not begun), for
/// `reason`, asked by the session's applicant or rep; its carrier hears it in its next file.
pub async fn end_plan(state: &AppState, e: &Enrollment, plan_id: i64, reason: &str) -> ApiResult<Policy> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    if let Some(cancelled) = cancellation::cancellation(state, e).await? {
        return Err(ApiError::Conflict(Said::with(
            "This application was cancelled on {date}: it has no plan to end",
            &[("date", &cancelled.cancelled_on)],
        )));
    }
    let changes = store::coverage_change::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let lines = super::enrollment::covered::plans_among(
        &store::cart::cart(&state.db, &state.local_reads, e.row.enrollment_id).await?,
        &changes,
    );
    let held = lines.iter().find(|l| l.plan_id == plan_id);
    let plan = held
        .and_then(|l| state.catalogue.plan(l.plan_id))
        .ok_or_else(|| ApiError::field("plan_id", "This application holds no such plan"))?;
    // A plan another replaces ends already.
    if changes.iter().any(|c| c.ends_plan(plan_id)) {
        return Err(ended_already(state, e, plan).await?);
    }
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(ApiError::field("reason", "Please tell us why you are ending this plan"));
    }
    if reason.chars().count() > cancellation::MOST_REASON_CHARS {
        return Err(ApiError::field(
            "reason",
            Said::with("Please say it in {n} characters or fewer", &[("n", &cancellation::MOST_REASON_CHARS)]),
        ));
    }
    let first = held.and_then(|l| l.from.as_deref()).and_then(parse_iso).map_or_else(|| first_day(e), Ok)?;
    let last_day = last_day_if_ended(first, today());
    let row = ChangeRow {
        plan_id: Some(plan.plan_id),
        reason_code: VOLUNTARY_WITHDRAWAL.into(),
        last_day: Some(format_iso(last_day)),
        reason: reason.to_string(),
        ..ChangeRow::new(
            e.row.enrollment_id,
            END_PLAN,
            cancellation::who(state, e),
            format_iso(last_day.succ_opt().unwrap_or(last_day)),
        )
    };
    {
        let _turn = store::write_turn(&state.db).await;
        let mut tx = state.db.begin().await?;
        let Some(change_id) = store::coverage_change::record(&mut tx, &row).await? else {
            return Err(ended_already(state, e, plan).await?);
        };
        let event = store::edi::EdiEvent::Change(change_id);
        store::edi::queue(&mut *tx, e.row.enrollment_id, plan.carrier_id, event, row.last_day.as_deref()).await?;
        tx.commit().await?;
    }
    tracing::info!(enrollment_id = e.row.enrollment_id, plan_id, "a plan's end was recorded");
    policy(state, e).await
}

/// The maintenance reason code of a plan an agent brings back (INS04 41, re-enrollment).
const RE_ENROLLMENT: &str = "41";

/// Brings back plan `plan_id` of the policy `policy_id`, which its member ended: an agent's decision, recorded with
/// who and why (`enroll reinstate-plan`). The plan covers again as if it had not ended; its carrier hears it (025).
pub async fn reinstate_plan(state: &AppState, policy_id: &str, plan_id: i64, by: &str, reason: &str) -> ApiResult<()> {
    let (by, reason) = (by.trim(), reason.trim());
    if by.is_empty() || reason.is_empty() {
        return Err(ApiError::BadRequest("Say who brings the plan back and why".into()));
    }
    let (_, row) = store::enrollment::find_by_policy(&state.db, policy_id).await?.ok_or_else(|| {
        ApiError::NotFound(Said::with("No submitted application {policy}", &[("policy", &policy_id)]))
    })?;
    let id = row.enrollment_id;
    if store::edi::cancellation(&state.db, id).await?.is_some() {
        return Err(ApiError::Conflict("This application was cancelled: its plans cannot be brought back".into()));
    }
    let plan = state
        .catalogue
        .plan(plan_id)
        .ok_or_else(|| ApiError::NotFound(Said::with("No plan {plan}", &[("plan", &plan_id)])))?;
    let changes = store::coverage_change::of_enrollment(&state.db, id).await?;
    // A plan replaced by another is not brought back here: the plan chosen for it stands.
    let end = changes.iter().find(|c| c.kind == END_PLAN && c.ends_plan(plan_id)).ok_or_else(|| {
        ApiError::Conflict(Said::with("{plan} is not ended on this application", &[("plan", &plan.plan_name)]))
    })?;
    let back = ChangeRow {
        plan_id: Some(plan_id),
        reason_code: RE_ENROLLMENT.into(),
        reason: reason.to_string(),
        // It covers on without a gap: from the day after the end it undoes.
        ..ChangeRow::new(id, store::coverage_change::REINSTATE, format!("the agent {by}"), end.effective.clone())
    };
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    let back_id = store::coverage_change::record(&mut tx, &back)
        .await?
        .ok_or_else(|| ApiError::Conflict("This plan was brought back meanwhile".into()))?;
    if !store::coverage_change::undo(&mut tx, end.change_id, back_id).await? {
        return Err(ApiError::Conflict("This plan was brought back meanwhile".into()));
    }
    store::edi::queue(&mut *tx, id, plan.carrier_id, store::edi::EdiEvent::Change(back_id), None).await?;
    tx.commit().await?;
    tracing::info!(enrollment_id = id, plan_id, "a plan was brought back");
    Ok(())
}

/// The refusal of a second end of a plan, with the day the first one ends it.
async fn ended_already(state: &AppState, e: &Enrollment, plan: &engine::catalogue::Plan) -> ApiResult<ApiError> {
    let changes = store::coverage_change::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let last = changes
        .iter()
        .find(|c| c.ends_plan(plan.plan_id))
        .and_then(|c| c.last_day.as_deref())
        .and_then(parse_iso)
        .map(format_mdy)
        .unwrap_or_default();
    Ok(ApiError::Conflict(Said::with("{plan} already ends on {date}", &[("plan", &plan.plan_name), ("date", &last)])))
}
