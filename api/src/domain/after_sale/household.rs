//! Who a policy covers after the sale: the dependents its Dependent Information names, then each person a life event
//! added ([`add_person`]: a newborn, an adopted child, a new spouse), in the order they were added. A person added is
//! asked what Dependent Information asks of a dependent, under its own schema (health questions aside: a person added
//! after the sale is not underwritten here), and kept sealed with the change that adds them; every carrier of the
//! policy's plans hears of them in its next file (021, covered from the event's effective day).

use engine::dates::{format_iso, format_mdy, iso_to_mdy, parse_iso};
use engine::forms::household::{Dependent, DependentRelationship};
use engine::life_events::{AddedRelationship, Change};
use engine::tabs::TabName;
use engine::validation::{clean, validate};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{json, Value};

use super::super::enrollment::covered::dependents;
use super::super::enrollment::{cancellation, today, Enrollment};
use super::saved::ChangeForm;
use super::{not_submitted, policy, Policy};
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::{ChangeRow, ADD_DEPENDENT, AGE_OFF, REMOVE_DEPENDENT};

/// What adding a person asks, and for which reported events.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PersonForm {
    /// What is asked of the person (the same as of a dependent on the application).
    pub schema: Value,
    pub ui_schema: Value,
    /// The reported events that let a person be added today, newest first.
    pub events: Vec<AddingEvent>,
}

/// A reported event a person can be added for.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct AddingEvent {
    pub life_event_id: i64,
    pub title: String,
    /// MM/DD/YYYY, as the next two.
    pub event_date: String,
    /// The last day a person can be added for it.
    pub window_closes: String,
    /// The day the person is covered from.
    pub effective: String,
    /// Whether the person waits for a document that proves the event (approved by the store's reviewers) before any
    /// carrier hears of them.
    pub waits_for_proof: bool,
}

/// The schema of one person, as Dependent Information asks it of a dependent, without its health questions, and
/// with the SSN optional.
pub(super) async fn person_schema(state: &AppState, e: &Enrollment) -> ApiResult<(Value, Value)> {
    let (form, _) = super::super::enrollment::documents::current_form(state, e, TabName::DependentInfo).await?;
    let mut schema = form.schema["properties"]["dependents"]["items"].clone();
    if let Some(properties) = schema["properties"].as_object_mut() {
        properties.remove("health_info");
    }
    // A newborn's SSN is seldom issued yet: it may follow later (the carrier's file goes without it until then).
    if let Some(required) = schema["required"].as_array_mut() {
        required.retain(|r| r != "health_info" && r != "ssn");
    }
    // A baby is added on the day she is born: her date of birth may be today (a dependent's on the application may
    // not).
    if let Some(checks) = schema.pointer_mut("/properties/birthdate/x-checks").and_then(Value::as_array_mut) {
        for check in checks.iter_mut().filter(|c| c["check"] == "not_future") {
            *check = json!({ "check": "not_after_today" });
        }
    }
    // The new check's words, in the reader's language, for the browser's early check.
    engine::checks::word_all(&mut schema, crate::language::current());
    let mut ui_schema = form.ui_schema["dependents"]["items"].clone();
    if let Some(ui) = ui_schema.as_object_mut() {
        ui.remove("health_info");
    }
    Ok((schema, if ui_schema.is_null() { json!({}) } else { ui_schema }))
}

/// The reported events of `e` that allow `change` today, newest first.
pub(super) async fn events_allowing(
    state: &AppState,
    e: &Enrollment,
    change: Change,
) -> ApiResult<Vec<(store::coverage_change::LifeEventRow, engine::life_events::LifeEvent)>> {
    let version = state.workflows.current();
    let Some(kinds) = version.workflows.life_events.as_ref() else { return Ok(Vec::new()) };
    let today = format_iso(today());
    let mut open = Vec::new();
    for row in store::coverage_change::life_events(&state.db, e.row.enrollment_id).await?.into_iter().rev() {
        let Some(kind) = kinds.event(&row.kind) else { continue };
        if kind.allows.contains(&change) && row.window_closes >= today {
            open.push((row, kind.clone()));
        }
    }
    Ok(open)
}

/// What adding a person to policy `e` asks, and the events it may be done for.
pub async fn person_form(state: &AppState, e: &Enrollment) -> ApiResult<PersonForm> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    let (schema, ui_schema) = person_schema(state, e).await?;
    let language = crate::language::current();
    let sent = store::proof::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let events = events_allowing(state, e, Change::AddDependent)
        .await?
        .into_iter()
        .filter_map(|(row, kind)| {
            let waits_for_proof = kind.holds_for_proof(Change::AddDependent)
                && super::deadlines::standing(&row, &sent) != engine::documents::Standing::Approved;
            Some(AddingEvent {
                waits_for_proof,
                life_event_id: row.life_event_id?,
                title: kind.title.in_language(language).to_string(),
                event_date: iso_to_mdy(&row.event_date),
                window_closes: iso_to_mdy(&row.window_closes),
                effective: iso_to_mdy(&row.effective),
            })
        })
        .collect();
    Ok(PersonForm { schema, ui_schema, events })
}

/// Adds `person` (a dependent, as Dependent Information keeps one) to policy `e` for the reported event
/// `life_event_id`: refused under `life_event_id` when that event does not allow it (or no longer does), and under
/// the person's fields as Dependent Information refuses a dependent, or when they are not whom the event adds.
pub async fn add_person(state: &AppState, e: &Enrollment, life_event_id: i64, person: &Value) -> ApiResult<Policy> {
    let (row, kind) = open_event(state, e, life_event_id, Change::AddDependent).await?;
    let adds = kind.adds.as_ref().ok_or_else(|| ApiError::field("life_event_id", NOT_FOR_ADDING))?;
    let (schema, _) = person_schema(state, e).await?;
    let person = super::saved::unmasked(state, e, ChangeForm::AddPerson, &schema, person).await?;
    let cleaned = clean(&schema, &person, &json!({}));
    validate(&schema, &cleaned, today(), crate::language::current()).map_err(ApiError::Invalid)?;
    let dependent: Dependent = serde_json::from_value(cleaned)
        .map_err(|_| ApiError::field("first_name", "Please check what you entered about this person"))?;
    let birth = dependent.birthdate.as_deref().and_then(engine::dates::parse_mdy);
    let relationship = match dependent.relationship {
        Some(DependentRelationship::Spouse) => AddedRelationship::Spouse,
        _ => AddedRelationship::Child,
    };
    let event_date = parse_iso(&row.event_date)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("life event {life_event_id} has no date")))?;
    if let Some(birth) = birth {
        adds.check(event_date, relationship, birth).map_err(|(field, words)| {
            ApiError::field(field, Said::with(words, &[("date", &iso_to_mdy(&row.event_date))]))
        })?;
    }
    // Someone already covered is not added twice.
    let same = |d: &Dependent| {
        let name = |d: &Dependent| d.name.first_name.as_deref().map(|n| n.trim().to_lowercase());
        name(d) == name(&dependent) && d.birthdate == dependent.birthdate
    };
    let covered = dependents(state, e.row.enrollment_id).await?;
    if covered.iter().any(same) {
        return Err(ApiError::field("first_name", "This person is already covered by this policy"));
    }
    let waiting = super::deadlines::waiting_people(state, e.row.enrollment_id, life_event_id).await?;
    if waiting.iter().any(|(_, d)| same(d)) {
        return Err(ApiError::field("first_name", "This person is already added and waits for the proof of the event"));
    }
    // Coverage given for an event that needs proof waits for a reviewer's approval of it (`proof`): no place among
    // the members, and no carrier hears of it, until then.
    let sent = store::proof::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let held = kind.holds_for_proof(Change::AddDependent)
        && super::deadlines::standing(&row, &sent) != engine::documents::Standing::Approved;
    let change = ChangeRow {
        member_index: (!held).then_some(covered.len() as i64 + 1),
        reason_code: kind.reason_code.clone(),
        reason: kind.id.clone(),
        person: Some(
            state.crypto.encrypt(&serde_json::to_string(&dependent).map_err(|e| ApiError::Internal(e.into()))?),
        ),
        life_event_id: Some(life_event_id),
        proof: held.then(|| store::coverage_change::AWAITING_PROOF.to_string()),
        ..ChangeRow::new(e.row.enrollment_id, ADD_DEPENDENT, cancellation::who(state, e), row.effective.clone())
    };
    let covering = if held { None } else { Some(row.effective.as_str()) };
    record_for_carriers(state, e, &change, covering, None).await?;
    tracing::info!(enrollment_id = e.row.enrollment_id, life_event_id, held, "a person was added to a policy");
    super::saved::finished(state, e, ChangeForm::AddPerson).await;
    policy(state, e).await
}

/// A person who may be taken off the coverage.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Removable {
    /// Their place among the members (1 for the first dependent).
    pub member_index: i64,
    pub name: String,
    /// `spouse` or `child`.
    pub relationship: String,
}

/// A reported event a person can be taken off the coverage for.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RemovingEvent {
    pub life_event_id: i64,
    pub title: String,
    /// MM/DD/YYYY, as the next two.
    pub event_date: String,
    /// The last day a person taken off for it is covered.
    pub last_day: String,
    /// The last day a person can be taken off for it.
    pub window_closes: String,
    /// Who it may take off (`spouse`, `child`).
    pub removes: Vec<String>,
}

/// Who may be taken off policy `e`, and for which reported events.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RemovalForm {
    pub people: Vec<Removable>,
    pub events: Vec<RemovingEvent>,
}

fn relationship_of(d: &Dependent) -> AddedRelationship {
    match d.relationship {
        Some(DependentRelationship::Spouse) => AddedRelationship::Spouse,
        _ => AddedRelationship::Child,
    }
}

fn word(r: AddedRelationship) -> &'static str {
    match r {
        AddedRelationship::Spouse => "spouse",
        AddedRelationship::Child => "child",
    }
}

/// The dependents of `e` still covered: by their place, without those whose end is recorded.
pub(super) async fn still_covered(state: &AppState, e: &Enrollment) -> ApiResult<Vec<(i64, Dependent)>> {
    let changes = store::coverage_change::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let ended = |i: i64| {
        changes.iter().any(|c| {
            matches!(c.kind.as_str(), REMOVE_DEPENDENT | AGE_OFF) && c.undone_by.is_none() && c.member_index == Some(i)
        })
    };
    Ok(dependents(state, e.row.enrollment_id)
        .await?
        .into_iter()
        .enumerate()
        .map(|(i, d)| (i as i64 + 1, d))
        .filter(|(i, _)| !ended(*i))
        .collect())
}

/// The last day a person the event of `event_date` takes off is covered, on a policy that starts on `first`: the
/// day its kind says, and never before the policy's first day (an 834's end cannot come before its start: a person
/// taken off before the policy starts ends on that day).
fn removal_last_day(
    kind: &engine::life_events::LifeEvent,
    event_date: chrono::NaiveDate,
    first: chrono::NaiveDate,
) -> Option<chrono::NaiveDate> {
    Some(kind.last_covered_day(event_date)?.max(first))
}

/// Who may be taken off policy `e` today, and for which reported events.
pub async fn removal_form(state: &AppState, e: &Enrollment) -> ApiResult<RemovalForm> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    let language = crate::language::current();
    let people = still_covered(state, e)
        .await?
        .into_iter()
        .map(|(member_index, d)| Removable {
            member_index,
            name: [d.name.first_name.as_deref(), d.name.last_name.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" "),
            relationship: word(relationship_of(&d)).into(),
        })
        .collect();
    let first = super::first_day(e)?;
    let events = events_allowing(state, e, Change::RemoveDependent)
        .await?
        .into_iter()
        .filter_map(|(row, kind)| {
            let event_date = parse_iso(&row.event_date)?;
            Some(RemovingEvent {
                life_event_id: row.life_event_id?,
                title: kind.title.in_language(language).to_string(),
                event_date: iso_to_mdy(&row.event_date),
                last_day: format_mdy(removal_last_day(&kind, event_date, first)?),
                window_closes: iso_to_mdy(&row.window_closes),
                removes: kind.removes.iter().map(|r| word(*r).to_string()).collect(),
            })
        })
        .collect();
    Ok(RemovalForm { people, events })
}

/// Takes the dependent `member_index` off policy `e` for the reported event `life_event_id`: covered to the last day
/// the event's kind says (`ends`); each carrier of the policy's plans hears it (024). Refused under `life_event_id`
/// when the event does not allow it (or no longer does), under `member_index` when it is no one still covered or
/// not whom the event takes off.
pub async fn remove_person(
    state: &AppState,
    e: &Enrollment,
    life_event_id: i64,
    member_index: i64,
) -> ApiResult<Policy> {
    let (row, kind) = open_event(state, e, life_event_id, Change::RemoveDependent).await?;
    let covered = still_covered(state, e).await?;
    let Some((_, person)) = covered.iter().find(|(i, _)| *i == member_index) else {
        return Err(ApiError::field("member_index", "Please choose someone this policy covers"));
    };
    if !kind.removes.contains(&relationship_of(person)) {
        return Err(ApiError::field("member_index", "This event does not take this person off the coverage"));
    }
    let event_date = parse_iso(&row.event_date)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("life event {life_event_id} has no date")))?;
    let last_day = removal_last_day(&kind, event_date, super::first_day(e)?)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("event {} removes no one", kind.id)))?;
    let change = ChangeRow {
        member_index: Some(member_index),
        reason_code: kind.reason_code.clone(),
        last_day: Some(format_iso(last_day)),
        reason: kind.id.clone(),
        life_event_id: Some(life_event_id),
        ..ChangeRow::new(
            e.row.enrollment_id,
            REMOVE_DEPENDENT,
            cancellation::who(state, e),
            format_iso(last_day.succ_opt().unwrap_or(last_day)),
        )
    };
    record_for_carriers(state, e, &change, Some(&format_iso(last_day)), None).await?;
    tracing::info!(enrollment_id = e.row.enrollment_id, life_event_id, "a person was taken off a policy");
    policy(state, e).await
}

const NOT_FOR_ADDING: &str = "Please choose the life event that lets you add this person";
const NOT_FOR_CHOOSING: &str = "Please choose the life event that lets you choose this plan";
const NOT_FOR_REMOVING: &str = "Please choose the life event that lets you take this person off";

/// The reported event `life_event_id` of policy `e`, when it allows `change` today: refused under `life_event_id`
/// when it is no such event, allows no such change, or its window closed; a conflict for a policy not submitted or
/// cancelled.
pub(super) async fn open_event(
    state: &AppState,
    e: &Enrollment,
    life_event_id: i64,
    change: Change,
) -> ApiResult<(store::coverage_change::LifeEventRow, engine::life_events::LifeEvent)> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    if cancellation::cancellation(state, e).await?.is_some() {
        return Err(ApiError::Conflict("This application was cancelled: it has no coverage to change".into()));
    }
    let not_it = match change {
        Change::AddDependent => NOT_FOR_ADDING,
        Change::RemoveDependent => NOT_FOR_REMOVING,
        Change::ChangePlan | Change::AddPlan => NOT_FOR_CHOOSING,
    };
    let reported = store::coverage_change::life_events(&state.db, e.row.enrollment_id).await?;
    let version = state.workflows.current();
    let row = reported.into_iter().find(|r| r.life_event_id == Some(life_event_id));
    let kind = row.as_ref().and_then(|r| version.workflows.life_events.as_ref()?.event(&r.kind)).cloned();
    let (Some(row), Some(kind)) = (row, kind.filter(|k| k.allows.contains(&change))) else {
        return Err(ApiError::field("life_event_id", not_it));
    };
    if row.window_closes < format_iso(today()) {
        return Err(ApiError::field(
            "life_event_id",
            Said::with(
                "The time to make changes for this event ended on {date}. If you could not make them in time, \
                 please call us",
                &[("date", &iso_to_mdy(&row.window_closes))],
            ),
        ));
    }
    Ok((row, kind))
}

/// The carriers of the plans of application `enrollment_id` still covering on `covering_on` (YYYY-MM-DD): a plan
/// whose recorded end is before it is left out.
pub(super) async fn carriers_covering(state: &AppState, enrollment_id: i64, covering_on: &str) -> ApiResult<Vec<i64>> {
    let changes = store::coverage_change::of_enrollment(&state.db, enrollment_id).await?;
    let lines = super::super::enrollment::covered::plans_among(
        &store::cart::cart(&state.db, &state.local_reads, enrollment_id).await?,
        &changes,
    );
    let mut carriers: Vec<i64> = lines
        .iter()
        .filter_map(|l| state.catalogue.plan(l.plan_id))
        .filter(|p| !changes.iter().any(|c| c.ends_plan(p.plan_id) && c.last_day.as_deref() < Some(covering_on)))
        .map(|p| p.carrier_id)
        .collect();
    carriers.sort_unstable();
    carriers.dedup();
    Ok(carriers)
}

/// Records `change` of policy `e` and queues it for each carrier of a plan still covering on `covering_on`
/// (YYYY-MM-DD; none for a change that reaches no carrier yet), in one transaction; with the digest of an address
/// the member may now sign in with, when it gives one.
pub(super) async fn record_for_carriers(
    state: &AppState,
    e: &Enrollment,
    change: &ChangeRow,
    covering_on: Option<&str>,
    holder: Option<&str>,
) -> ApiResult<()> {
    let carriers = match covering_on {
        Some(day) => carriers_covering(state, e.row.enrollment_id, day).await?,
        None => Vec::new(),
    };
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    let change_id = store::coverage_change::record(&mut tx, change)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a change of who is covered was not recorded")))?;
    for carrier_id in carriers {
        let event = store::edi::EdiEvent::Change(change_id);
        store::edi::queue(&mut *tx, e.row.enrollment_id, carrier_id, event, change.last_day.as_deref()).await?;
    }
    if let Some(holder) = holder {
        store::member_sign_in::put_holder(&mut tx, e.row.enrollment_id, holder).await?;
    }
    tx.commit().await?;
    Ok(())
}
