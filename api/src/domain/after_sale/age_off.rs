//! A child reaching the age limit of a parent's coverage (26: `age_off` in `workflows/life_events.yaml`).
//!
//! When an application is submitted, each child on it (but a disabled child, who stays covered) gets a row of
//! `age_off` with the day the family is told and the last day of the child's coverage, the last day of the month of
//! their 26th birthday (`domain::enrollment::age_limit`). From the first, each run of the carriers' batcher ([`notice_due`]) tells
//! the family by e-mail, records the end as a change (`coverage_change`, kind `age_off`, reason 07), and queues it to
//! each carrier still covering the child on that day, all in one transaction, once, whichever server runs it.

use chrono::NaiveDate;
use engine::dates::{format_iso, format_mdy, parse_iso};
use engine::forms::applicant::{ContactInfo, PersonalInfo};

use crate::error::ApiResult;
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::{AgeOffRow, ChangeRow, AGE_OFF};

/// The outbox kind of the e-mail telling a family of a child's age-off.
pub const AGE_OFF_MAIL: &str = "age_off";
/// The most age-offs told in one run.
const MOST_IN_A_RUN: i64 = 200;

/// Tells of every age-off due on `today` not yet told: the e-mail, the change and its carriers' 834s. How many.
pub async fn notice_due(state: &AppState, today: NaiveDate) -> ApiResult<usize> {
    let mut told = 0;
    for due in store::coverage_change::age_offs_due(&state.db, &format_iso(today), MOST_IN_A_RUN).await? {
        if notice(state, &due).await? {
            told += 1;
        }
    }
    Ok(told)
}

/// Tells of one age-off; false when there was nothing to tell (the application was cancelled, its plans end before,
/// or another server told it first), which is recorded as told all the same.
async fn notice(state: &AppState, due: &AgeOffRow) -> ApiResult<bool> {
    let id = due.enrollment_id;
    let Some(last_day) = parse_iso(&due.last_day) else { return Ok(false) };
    let cancelled = store::edi::cancellation(&state.db, id).await?.is_some();
    let changes = store::coverage_change::of_enrollment(&state.db, id).await?;
    // The plans still covering the child on their last day, and those plans' carriers.
    let ended_before = |plan: i64| {
        changes.iter().any(|c| c.ends_plan(plan) && c.last_day.as_deref().and_then(parse_iso) < Some(last_day))
    };
    let lines = crate::domain::enrollment::covered::plans_among(
        &store::cart::cart(&state.db, &state.local_reads, id).await?,
        &changes,
    );
    let plans: Vec<i64> = lines.iter().map(|l| l.plan_id).filter(|p| !ended_before(*p)).collect();
    let carriers = if cancelled { Vec::new() } else { state.catalogue.carriers_of(plans.iter().copied()) };

    let language = store::enrollment::submitted_language(&state.db, id)
        .await?
        .and_then(|l| engine::i18n::spoken(&l))
        .unwrap_or(engine::i18n::SOURCE);
    let mail = crate::language::speaking(language, mail_of(state, due, last_day)).await?;
    let row = ChangeRow {
        member_index: Some(due.member_index),
        reason_code: "07".into(),
        last_day: Some(format_iso(last_day)),
        reason: "the age limit of a parent's coverage".into(),
        ..ChangeRow::new(id, AGE_OFF, "the store".into(), format_iso(last_day.succ_opt().unwrap_or(last_day)))
    };
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    if !store::coverage_change::mark_age_off_noticed(&mut tx, due).await? {
        return Ok(false);
    }
    if carriers.is_empty() {
        tx.commit().await?;
        return Ok(false);
    }
    let Some(change_id) = store::coverage_change::record(&mut tx, &row).await? else {
        tx.commit().await?;
        return Ok(false);
    };
    for carrier_id in &carriers {
        let event = store::edi::EdiEvent::Change(change_id);
        store::edi::queue(&mut *tx, id, *carrier_id, event, row.last_day.as_deref()).await?;
    }
    if let Some((to, subject, body)) = &mail {
        crate::services::mail::enqueue(&state.crypto, &mut *tx, AGE_OFF_MAIL, to, subject, body).await?;
    }
    tx.commit().await?;
    tracing::info!(enrollment_id = id, carriers = carriers.len(), "a child's age-off was recorded");
    Ok(true)
}

/// The e-mail to the applicant, in the language being spoken: address, subject and text; none without an address.
async fn mail_of(
    state: &AppState,
    due: &AgeOffRow,
    last_day: NaiveDate,
) -> ApiResult<Option<(String, String, String)>> {
    use crate::language::say_with;
    let id = due.enrollment_id;
    let contact: ContactInfo =
        serde_json::from_value(crate::domain::enrollment::covered::contact(state, id).await?).unwrap_or_default();
    let Some(to) = contact.email_address.filter(|e| !e.trim().is_empty()) else { return Ok(None) };
    let personal: PersonalInfo =
        serde_json::from_value(crate::domain::enrollment::covered::personal(state, id).await?).unwrap_or_default();
    let dependents = crate::domain::enrollment::covered::dependents(state, id).await?;
    let child = dependents.get(due.member_index as usize - 1);
    let name =
        child.and_then(|c| c.name.first_name.clone()).unwrap_or_else(|| crate::language::say("your child").into());
    let birthday = child
        .and_then(|c| c.birthdate.as_deref())
        .and_then(engine::dates::parse_mdy)
        .zip(state.workflows.current().workflows.life_events.as_ref().map(|l| l.age_off.clone()))
        .map(|(birth, rule)| format_mdy(rule.of(birth).birthday))
        .unwrap_or_default();
    let policy = store::enrollment::find_submitted(&state.db, id).await?.and_then(|r| r.policy_id).unwrap_or_default();
    let applicant = personal.name.first_name.unwrap_or_default();
    let subject = say_with("{name}'s coverage ends at 26", &[("name", &name)]);
    let body = format!(
        "{}\n\n{}\n\n{}\n\n{}\n",
        say_with("Dear {applicant},", &[("applicant", &applicant)]),
        say_with(
            "{name} turns 26 on {birthday}. Plans cover children until they are 26, so {name}'s coverage under your policy {policy} ends on {date}, the last day of that month.",
            &[("name", &name), ("birthday", &birthday), ("policy", &policy), ("date", &format_mdy(last_day))]
        ),
        say_with(
            "{name} can apply for a plan of their own before then: losing this coverage lets them enroll outside the yearly open enrollment, from 60 days before {date}.",
            &[("name", &name), ("date", &format_mdy(last_day))]
        ),
        say_with(
            "The rest of your coverage goes on as it is. If {name} cannot support themselves because of a disability, call us: their coverage can go on.",
            &[("name", &name)]
        ),
    );
    Ok(Some((to, subject, body)))
}
