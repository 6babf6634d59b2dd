//! Plans chosen after the sale for a life event: another plan of a kind the policy holds (`change_plan`: the plan it
//! replaces covers to the day before), or a plan of a kind it does not (`add_plan`), as each event's kind allows
//! (`workflows/life_events.yaml`). The plans offered are priced for the household as it stands on the day the
//! choice takes effect (the people added and taken off since the sale, their ages then), by the same rating as the
//! shop. A plan that asks health questions, needs a membership, rides on another plan or is priced by the carrier's
//! own quote is bought through the shop's questions, not here, and is not offered.
//!
//! A choice is one change (`store::coverage_change::CHOOSE_PLAN`): each carrier it is about hears it once, as an 834
//! change at the plans' level (the plan left 024, the plan chosen 021), or as the member's addition or end when the
//! carrier held no other plan. For an event that needs proof it waits, as a person added does, until a reviewer
//! approves the proof (`proof`).

use chrono::NaiveDate;
use engine::dates::{format_iso, iso_to_mdy, parse_iso};
use engine::life_events::Change;
use schemars::JsonSchema;
use serde::Serialize;

use super::super::enrollment::covered::{self, HeldPlan};
use super::super::enrollment::{cancellation, Enrollment};
use super::{first_day, not_submitted, policy, Policy};
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::{ChangeRow, CHOOSE_PLAN};

const NOT_OFFERED: &str = "Please choose one of the plans offered for this event";

/// The plans a member may choose today, for each reported event that allows choosing one.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PlanChoices {
    /// Newest event first.
    pub events: Vec<ChoosingEvent>,
}

/// A reported event, and the plans it lets the member choose.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ChoosingEvent {
    pub life_event_id: i64,
    pub title: String,
    /// MM/DD/YYYY, as the next two.
    pub event_date: String,
    /// The last day a plan can be chosen for it.
    pub window_closes: String,
    /// The day a plan chosen for it covers from.
    pub effective: String,
    /// Whether a plan chosen waits for a document that proves the event (approved by the store's reviewers) before
    /// any insurance company hears of it.
    pub waits_for_proof: bool,
    /// Cheapest first within each kind of plan.
    pub choices: Vec<PlanChoice>,
}

/// A plan, at one of its levels, that may be chosen.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PlanChoice {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub plan_name: String,
    /// The level of the plan ("Gold"), when it has more than one and its name does not say it; empty otherwise.
    pub level_name: String,
    pub category_name: String,
    pub carrier_name: String,
    /// The monthly premium for the household as it will be covered, in dollars ("$412.50").
    pub monthly_price: String,
    /// The plan it replaces, when it replaces one (the same kind of plan, which covers to the day before).
    pub replaces_plan_id: Option<i64>,
    pub replaces_plan_name: Option<String>,
}

/// The plans policy `e` holds on `day` (YYYY-MM-DD): not ended before it.
fn holding_on<'a>(plans: &'a [HeldPlan], changes: &[ChangeRow], day: &str) -> Vec<&'a HeldPlan> {
    plans
        .iter()
        .filter(|p| !changes.iter().any(|c| c.ends_plan(p.plan_id) && c.last_day.as_deref() < Some(day)))
        .collect()
}

/// The day a plan chosen for event `row` covers from: the event's effective day, and never before the policy's
/// first day.
fn choice_starts(e: &Enrollment, row: &store::coverage_change::LifeEventRow) -> ApiResult<NaiveDate> {
    let effective = parse_iso(&row.effective).ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!("life event {:?} has no effective day", row.life_event_id))
    })?;
    Ok(effective.max(first_day(e)?))
}

/// The plans that may be chosen for an event of `kind` from `starts`, priced for the household then.
async fn choices_for(
    state: &AppState,
    e: &Enrollment,
    kind: &engine::life_events::LifeEvent,
    starts: NaiveDate,
) -> ApiResult<Vec<PlanChoice>> {
    let id = e.row.enrollment_id;
    let changes = store::coverage_change::of_enrollment(&state.db, id).await?;
    let plans = covered::plans_among(&store::cart::cart(&state.db, &state.local_reads, id).await?, &changes);
    let held = holding_on(&plans, &changes, &format_iso(starts));
    // A kind of plan chosen already that waits for its event's proof is not chosen again meanwhile.
    let waiting: Vec<&str> = changes
        .iter()
        .filter(|c| c.kind == CHOOSE_PLAN && c.proof.as_deref() == Some(store::coverage_change::AWAITING_PROOF))
        .filter_map(|c| state.catalogue.plan(c.plan_id?))
        .map(|p| p.category.as_str())
        .collect();
    // The household as it will be covered: who is covered now, their ages on the first day.
    let household = covered::dependents_among(state, id, &changes).await?;
    let Some(input) = super::household_rating(e, &household, starts) else { return Ok(Vec::new()) };

    let language = crate::language::current();
    let shop = &state.workflows.current().workflows.shop;
    let mut choices = Vec::new();
    for plan in state.catalogue.plans.iter() {
        let sold_here = plan.listed
            && plan.replaced_by.is_none()
            && plan.membership.is_empty()
            && plan.rider_of.is_empty()
            && !plan.hides_price()
            && shop.health_for(plan.plan_id, &plan.category).is_none();
        if !sold_here || plans.iter().any(|p| p.plan_id == plan.plan_id) || waiting.contains(&plan.category.as_str()) {
            continue;
        }
        let same_kind: Vec<&&HeldPlan> = held
            .iter()
            .filter(|p| state.catalogue.plan(p.plan_id).is_some_and(|h| h.category == plan.category))
            .collect();
        // A plan chosen already that has not begun is not chosen again (a bought plan not begun may be: it is then
        // replaced from its first day, and covers no day).
        if same_kind.iter().any(|p| p.from.as_deref().and_then(parse_iso).is_some_and(|from| from >= starts)) {
            continue;
        }
        // Another plan of a kind the policy holds replaces the one it holds; a plan of a new kind is added.
        let replaces = match (same_kind.first(), kind.allows.contains(&Change::ChangePlan)) {
            (Some(p), true) if same_kind.len() == 1 => Some(p.plan_id),
            (Some(_), _) => continue,
            (None, _) if kind.allows.contains(&Change::AddPlan) => None,
            (None, _) => continue,
        };
        let Ok(priced) = engine::rating::price_plan(plan, &input, &state.catalogue.curve) else { continue };
        let one_level = priced.len() == 1;
        for (option, price) in priced {
            // The level is said where it tells the plan's levels apart and the plan's name does not say it already.
            let level_said = !one_level && !plan.plan_name.contains(&option.name);
            choices.push((
                (plan.category.clone(), price),
                PlanChoice {
                    plan_id: plan.plan_id,
                    plan_pricing_id: option.plan_pricing_id,
                    plan_name: plan.plan_name.clone(),
                    level_name: if level_said { option.name.clone() } else { String::new() },
                    category_name: state.catalogue.category_name(&plan.category, language),
                    carrier_name: state.catalogue.carrier_name(plan.carrier_id).to_string(),
                    monthly_price: crate::domain::shop::pricing::dollars(price),
                    replaces_plan_id: replaces,
                    replaces_plan_name: replaces.and_then(|p| state.catalogue.plan(p)).map(|p| p.plan_name.clone()),
                },
            ));
        }
    }
    // Each kind of plan together, cheapest first.
    choices.sort_by(|(a, _), (b, _)| a.cmp(b));
    Ok(choices.into_iter().map(|(_, c)| c).collect())
}

/// The plans policy `e` may choose today, for each reported event that allows choosing one.
pub async fn plan_choices(state: &AppState, e: &Enrollment) -> ApiResult<PlanChoices> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    if cancellation::cancellation(state, e).await?.is_some() {
        return Ok(PlanChoices { events: Vec::new() });
    }
    let language = crate::language::current();
    let sent = store::proof::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let mut open = super::household::events_allowing(state, e, Change::ChangePlan).await?;
    for event in super::household::events_allowing(state, e, Change::AddPlan).await? {
        if !open.iter().any(|(row, _)| row.life_event_id == event.0.life_event_id) {
            open.push(event);
        }
    }
    open.sort_by_key(|(row, _)| std::cmp::Reverse(row.life_event_id));
    let mut events = Vec::new();
    for (row, kind) in open {
        let Some(life_event_id) = row.life_event_id else { continue };
        let starts = choice_starts(e, &row)?;
        events.push(ChoosingEvent {
            life_event_id,
            title: kind.title.in_language(language).to_string(),
            event_date: iso_to_mdy(&row.event_date),
            window_closes: iso_to_mdy(&row.window_closes),
            effective: engine::dates::format_mdy(starts),
            waits_for_proof: waits_for_proof(&kind, &row, &sent),
            choices: choices_for(state, e, &kind, starts).await?,
        });
    }
    Ok(PlanChoices { events })
}

fn waits_for_proof(
    kind: &engine::life_events::LifeEvent,
    row: &store::coverage_change::LifeEventRow,
    sent: &[store::proof::DocumentRow],
) -> bool {
    kind.holds_for_proof(Change::ChangePlan)
        && super::deadlines::standing(row, sent) != engine::documents::Standing::Approved
}

/// Chooses plan `plan_id` at its level `plan_pricing_id` for policy `e`, for the reported event `life_event_id`:
/// refused under `life_event_id` when that event lets no plan be chosen (or no longer does), and under `plan_id` when
/// the plan is not one offered for it. The plan it replaces, if any, covers to the day before (no day, when it had
/// not begun by then).
pub async fn choose_plan(
    state: &AppState,
    e: &Enrollment,
    life_event_id: i64,
    plan_id: i64,
    plan_pricing_id: i64,
) -> ApiResult<Policy> {
    let (row, kind) = match super::household::open_event(state, e, life_event_id, Change::ChangePlan).await {
        Ok(open) => open,
        Err(_) => super::household::open_event(state, e, life_event_id, Change::AddPlan).await?,
    };
    let starts = choice_starts(e, &row)?;
    let choices = choices_for(state, e, &kind, starts).await?;
    let choice = choices
        .iter()
        .find(|c| c.plan_id == plan_id && c.plan_pricing_id == plan_pricing_id)
        .ok_or_else(|| ApiError::field("plan_id", NOT_OFFERED))?;
    let plan = state.catalogue.plan(plan_id).ok_or_else(|| ApiError::field("plan_id", NOT_OFFERED))?;
    let replaced = choice.replaces_plan_id.and_then(|p| state.catalogue.plan(p));
    let sent = store::proof::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let held = waits_for_proof(&kind, &row, &sent);
    let last_day = replaced.and_then(|_| starts.pred_opt()).map(format_iso);
    let change = ChangeRow {
        plan_id: Some(plan.plan_id),
        plan_pricing_id: Some(plan_pricing_id),
        replaces_plan_id: replaced.map(|p| p.plan_id),
        reason_code: kind.reason_code.clone(),
        reason: kind.id.clone(),
        last_day,
        life_event_id: Some(life_event_id),
        proof: held.then(|| store::coverage_change::AWAITING_PROOF.to_string()),
        ..ChangeRow::new(e.row.enrollment_id, CHOOSE_PLAN, cancellation::who(state, e), format_iso(starts))
    };
    let carriers = if held { Vec::new() } else { carriers_of(state, &change) };
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    let Some(change_id) = store::coverage_change::record(&mut tx, &change).await? else {
        return Err(ApiError::Conflict(Said::with(
            "{plan} is replaced already",
            &[("plan", &replaced.map(|p| p.plan_name.clone()).unwrap_or_default())],
        )));
    };
    for carrier_id in carriers {
        let event = store::edi::EdiEvent::Change(change_id);
        store::edi::queue(&mut *tx, e.row.enrollment_id, carrier_id, event, change.last_day.as_deref()).await?;
    }
    tx.commit().await?;
    tracing::info!(
        enrollment_id = e.row.enrollment_id,
        life_event_id,
        plan_id,
        held,
        "a plan was chosen after the sale"
    );
    policy(state, e).await
}

/// The carriers a plan choice is about: the chosen plan's, and the replaced plan's.
pub fn carriers_of(state: &AppState, change: &ChangeRow) -> Vec<i64> {
    let mut carriers: Vec<i64> = [change.plan_id, change.replaces_plan_id]
        .into_iter()
        .flatten()
        .filter_map(|p| state.catalogue.plan(p))
        .map(|p| p.carrier_id)
        .collect();
    carriers.dedup();
    carriers
}
