//! Cancelling a submitted application within its free-look period: the person entitled to (the session that owns the
//! application: the applicant, or the rep who enrolled them) says why; the cancellation is recorded for the audit
//! (who, why, when) and each carrier of the application receives it in its next 834 file (maintenance type 024, the
//! last day of coverage being the day of the cancellation).

use chrono::NaiveDate;

use super::{today, Enrollment};
use crate::error::Said;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

/// The most characters of a reason kept.
pub const MOST_REASON_CHARS: usize = 500;

/// The day the application was sent (its review saved), or today when that was not recorded.
pub async fn submitted_on(state: &AppState, e: &Enrollment) -> ApiResult<NaiveDate> {
    Ok(store::tab::saved_at(&state.db, e.row.enrollment_id, engine::tabs::TabName::ReviewInfo.as_str())
        .await?
        .and_then(|at| chrono::DateTime::parse_from_rfc3339(&at).ok())
        .map(|at| at.with_timezone(&chrono::Local).date_naive())
        .unwrap_or_else(today))
}

/// The last day the application can be cancelled: the day it was sent plus the shortest free-look period of its
/// plans' categories.
pub async fn last_day_to_cancel(state: &AppState, e: &Enrollment) -> ApiResult<NaiveDate> {
    let lines = store::cart::cart(&state.db, &state.local_reads, e.row.enrollment_id).await?;
    let days = lines
        .iter()
        .filter_map(|line| state.catalogue.plan(line.plan_id))
        .filter_map(|plan| state.catalogue.categories.iter().find(|c| c.category == plan.category))
        .map(|c| c.free_look_days)
        .min()
        .unwrap_or(0);
    Ok(submitted_on(state, e).await? + chrono::Days::new(u64::from(days)))
}

/// Who cancels, as the record says it: the rep who enrolled the applicant, or the applicant.
pub(crate) fn who(state: &AppState, e: &Enrollment) -> String {
    match e.row.agent_id.filter(|_| e.row.eprocess == "rep").and_then(|a| state.catalogue.reps.get(&a)) {
        Some(rep) => format!("the rep {} ({})", rep.name(), rep.agent_id),
        None => "the applicant".into(),
    }
}

/// Who asked, as [`who`] recorded it, in the reader's language (the record keeps the English).
pub(crate) fn said_by(recorded: &str) -> String {
    match recorded.strip_prefix("the rep ") {
        _ if recorded == "the applicant" => crate::language::say("the applicant").to_string(),
        _ if recorded == "the store" => crate::language::say("the store").to_string(),
        _ if recorded.starts_with("the agent ") => {
            crate::language::say_with("the agent {name}", &[("name", &recorded.trim_start_matches("the agent "))])
        }
        // The record names the rep with their number; a reader is told their name.
        Some(rep) => {
            let name = rep.rsplit_once(" (").filter(|(_, id)| id.trim_end_matches(')').parse::<i64>().is_ok());
            crate::language::say_with("the rep {name}", &[("name", &name.map_or(rep, |(name, _)| name))])
        }
        None => recorded.to_string(),
    }
}

/// A cancellation as the applicant reads it.
pub struct Cancelled {
    /// MM/DD/YYYY.
    pub cancelled_on: String,
    pub by: String,
    pub reason: String,
}

impl From<store::edi::Cancellation> for Cancelled {
    fn from(c: store::edi::Cancellation) -> Cancelled {
        Cancelled {
            cancelled_on: engine::dates::iso_to_mdy(&c.last_day),
            by: said_by(&c.cancelled_by),
            reason: c.reason,
        }
    }
}

/// The application's cancellation, if it was cancelled.
pub async fn cancellation(state: &AppState, e: &Enrollment) -> ApiResult<Option<Cancelled>> {
    Ok(store::edi::cancellation(&state.db, e.row.enrollment_id).await?.map(Cancelled::from))
}

/// Cancels the submitted application `e` for `reason`.
pub async fn cancel(state: &AppState, e: &Enrollment, reason: &str) -> ApiResult<Cancelled> {
    if !e.lifecycle.is_submitted() {
        return Err(ApiError::Conflict(
            "This application has not been submitted yet: there is nothing to cancel".into(),
        ));
    }
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(ApiError::field("reason", "Please tell us why you are cancelling"));
    }
    if reason.chars().count() > MOST_REASON_CHARS {
        return Err(ApiError::field(
            "reason",
            Said::with("Please say it in {n} characters or fewer", &[("n", &MOST_REASON_CHARS)]),
        ));
    }
    if let Some(done) = cancellation(state, e).await? {
        return Err(ApiError::Conflict(Said::with(
            "This application was already cancelled on {date}",
            &[("date", &done.cancelled_on)],
        )));
    }
    let last = last_day_to_cancel(state, e).await?;
    let day = today();
    if day > last {
        return Err(ApiError::Conflict(Said::with(
            "The free-look period of this application ended on {date}: please call us to cancel your coverage",
            &[("date", &last.format("%m/%d/%Y"))],
        )));
    }
    // Every carrier of the policy hears it: those of the plans bought, and of those chosen after the sale.
    let lines = super::covered::plans(state, e.row.enrollment_id).await?;
    let carriers = state.catalogue.carriers_of(lines.iter().map(|l| l.plan_id));
    let record = store::edi::Cancellation {
        cancelled_by: who(state, e),
        reason: reason.to_string(),
        last_day: day.format("%Y-%m-%d").to_string(),
        cancelled_at: store::now(),
    };
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    if !store::edi::cancel(&mut tx, e.row.enrollment_id, &carriers, &record).await? {
        return Err(ApiError::Conflict("This application was already cancelled".into()));
    }
    tx.commit().await?;
    tracing::info!(enrollment_id = e.row.enrollment_id, carriers = carriers.len(), "an application was cancelled");
    Ok(Cancelled::from(record))
}

#[cfg(test)]
mod tests {
    use super::said_by;

    #[test]
    fn who_asked_is_said_by_name_without_the_reps_number() {
        assert_eq!(said_by("the rep Jordan Whitfield (7781)"), "the rep Jordan Whitfield");
        assert_eq!(said_by("the rep Ana María (de la Cruz)"), "the rep Ana María (de la Cruz)", "not a number");
        assert_eq!(said_by("the applicant"), "the applicant");
    }
}
