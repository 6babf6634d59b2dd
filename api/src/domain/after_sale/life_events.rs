//! Reporting a life event on a policy: the kinds a member may report (`workflows/life_events.yaml`, in the reader's
//! language, for the policy's market), and a report checked against its kind's window, which says until when it
//! allows changes, from when they take effect, and when its proof is due. The changes themselves are `household`'s
//! and `contact`'s; the proof is `proof`'s.

use engine::dates::{format_iso, format_mdy, iso_to_mdy};
use engine::life_events::{Market, Outside};
use schemars::JsonSchema;
use serde::Serialize;

use super::super::enrollment::{cancellation, today, Enrollment};
use crate::error::{ApiError, ApiResult, Said};
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::LifeEventRow;

/// A kind of event a member may report, as they read it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LifeEventKind {
    pub id: String,
    pub title: String,
    pub help: String,
    /// The label of its date.
    pub date_title: String,
    /// How many days before and after the event it may be reported.
    pub days_before: u32,
    pub days_after: u32,
    /// The documents that prove it, any one of them; none when the member's word is enough.
    pub proof: Vec<String>,
}

/// A reported event, as the policy shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ReportedEvent {
    pub life_event_id: i64,
    pub kind: String,
    pub title: String,
    /// MM/DD/YYYY, as the next three.
    pub event_date: String,
    /// The last day it allows changes.
    pub window_closes: String,
    /// The day its changes take effect, when chosen today.
    pub effective: String,
    /// The day a proof is due by; none when the member's word is enough.
    pub proof_due: Option<String>,
    pub reported_by: String,
    /// Its proof: what to send, what was sent, and where it stands.
    pub proof: super::proof::EventProof,
}

fn market(e: &Enrollment) -> Market {
    if e.row.group_id.is_some() {
        Market::Employer
    } else {
        Market::Individual
    }
}

fn none_reported() -> ApiError {
    ApiError::Conflict("Life events cannot be reported here yet: please call us".into())
}

/// The kinds of event the policy's member may report.
pub async fn kinds(state: &AppState, e: &Enrollment) -> ApiResult<Vec<LifeEventKind>> {
    let version = state.workflows.current();
    let Some(events) = version.workflows.life_events.as_ref() else { return Ok(Vec::new()) };
    let (language, market) = (crate::language::current(), market(e));
    Ok(events
        .events
        .iter()
        .map(|k| LifeEventKind {
            id: k.id.clone(),
            title: k.title.in_language(language).to_string(),
            help: k.help.in_language(language).to_string(),
            date_title: k.date_title.in_language(language).to_string(),
            days_before: k.window.of(market).before,
            days_after: k.window.of(market).after,
            proof: match (&k.proof, k.self_attested) {
                (Some(proof), false) => {
                    proof.any_of.iter().map(|d| d.title.in_language(language).to_string()).collect()
                }
                _ => Vec::new(),
            },
        })
        .collect())
}

/// The policy's reported events, newest last.
pub async fn reported(state: &AppState, e: &Enrollment) -> ApiResult<Vec<ReportedEvent>> {
    let version = state.workflows.current();
    let language = crate::language::current();
    let title = |id: &str| {
        version
            .workflows
            .life_events
            .as_ref()
            .and_then(|l| l.event(id))
            .map_or(id.to_string(), |k| k.title.in_language(language).to_string())
    };
    let sent = store::proof::of_enrollment(&state.db, e.row.enrollment_id).await?;
    let kind = |id: &str| version.workflows.life_events.as_ref().and_then(|l| l.event(id));
    Ok(store::coverage_change::life_events(&state.db, e.row.enrollment_id)
        .await?
        .iter()
        .map(|r| ReportedEvent {
            life_event_id: r.life_event_id.unwrap_or_default(),
            proof: super::proof::event_proof(state, r, kind(&r.kind), &sent),
            kind: r.kind.clone(),
            title: title(&r.kind),
            event_date: iso_to_mdy(&r.event_date),
            window_closes: iso_to_mdy(&r.window_closes),
            effective: iso_to_mdy(&r.effective),
            proof_due: r.proof_due.as_deref().map(iso_to_mdy),
            reported_by: cancellation::said_by(&r.reported_by),
        })
        .collect())
}

/// Reports an event of kind `kind` on `event_date` (MM/DD/YYYY) for the policy `e`: refused under `kind` or
/// `event_date` when it is not one, or outside its window, with the day the window opens or closed.
pub async fn report(state: &AppState, e: &Enrollment, kind: &str, event_date: &str) -> ApiResult<ReportedEvent> {
    if !e.lifecycle.is_submitted() {
        return Err(ApiError::Conflict(
            "This application has not been submitted yet: it has no coverage to change".into(),
        ));
    }
    if cancellation::cancellation(state, e).await?.is_some() {
        return Err(ApiError::Conflict("This application was cancelled: it has no coverage to change".into()));
    }
    let version = state.workflows.current();
    let events = version.workflows.life_events.as_ref().ok_or_else(none_reported)?;
    let event =
        events.event(kind.trim()).ok_or_else(|| ApiError::field("kind", "Please choose one of the events listed"))?;
    let date = engine::dates::parse_mdy(event_date.trim())
        .ok_or_else(|| ApiError::field("event_date", "Please enter the date as MM/DD/YYYY"))?;
    let (market, day) = (market(e), today());
    match event.reportable(market, date, day) {
        Ok(()) => {}
        Err(Outside::TooEarly { opens }) => {
            return Err(ApiError::field(
                "event_date",
                Said::with("This can be reported from {date}", &[("date", &format_mdy(opens))]),
            ));
        }
        Err(Outside::TooLate { closed }) => {
            return Err(ApiError::field(
                "event_date",
                Said::with(
                    "The time to report this ended on {date}. If you could not report it in time, please call us",
                    &[("date", &format_mdy(closed))],
                ),
            ));
        }
    }
    let (_, closes) = event.window_of(market, date);
    let row = LifeEventRow {
        life_event_id: None,
        enrollment_id: e.row.enrollment_id,
        kind: event.id.clone(),
        event_date: format_iso(date),
        window_closes: format_iso(closes),
        // Never before the policy's own first day: a baby born before it starts is covered from that day.
        effective: format_iso(event.effective_date(market, date, day).max(super::first_day(e)?)),
        proof_due: event.proof_due(day).map(format_iso),
        reported_by: cancellation::who(state, e),
        reported_at: store::now(),
    };
    {
        let _turn = store::write_turn(&state.db).await;
        store::coverage_change::record_life_event(&state.db, &row).await?;
    }
    tracing::info!(enrollment_id = e.row.enrollment_id, kind = %row.kind, "a life event was reported");
    let mut all = reported(state, e).await?;
    all.pop().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a reported event was not kept")))
}
