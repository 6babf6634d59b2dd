//! What each carrier was sent of an application (its 834 files, resent or not) and what the carrier answered, as
//! the carrier's audit of a submitted application reads it.

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::ApiResult;
use crate::state::AppState;
use crate::store;

/// An application's event as sent to a carrier in an 834 file.
#[derive(Serialize, JsonSchema)]
pub struct CarrierFile {
    carrier_name: String,
    /// `addition` or `cancellation`.
    event: String,
    /// `pending` (waiting for the next file), `sent`, `accepted`, `rejected` (the carrier's acknowledgement),
    /// `failed` (it could not be written) or `withdrawn` (cancelled before any file held it: never sent).
    status: String,
    /// Why it was rejected or could not be written.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// The file's interchange control number.
    #[serde(skip_serializing_if = "Option::is_none")]
    interchange: Option<i64>,
    /// When it was sent again after this answer, and by whom: the entry that follows it for the same carrier is the
    /// new attempt.
    #[serde(skip_serializing_if = "Option::is_none")]
    resent: Option<Resent>,
    /// Every answer the carrier's acknowledgements gave about it, oldest first, with what became of each: the first
    /// decides its status; a later different one, or one from a sender it was not sent to, is kept and not applied.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    answers: Vec<CarrierAnswer>,
}

/// One answer of a carrier's acknowledgement about an application's file.
#[derive(Serialize, JsonSchema)]
pub struct CarrierAnswer {
    received_at: String,
    /// `TA1` (of the whole file) or `999` (of its group, or of this application's transaction).
    kind: String,
    /// Who sent it (its ISA06).
    sender: String,
    /// `accepted`, `accepted_with_errors` or `rejected`.
    verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// `applied`, `repeated` (the same answer again), `conflicting` (it differs from the first answer, which stands),
    /// `foreign` (from a sender the file was not sent to: not applied).
    outcome: String,
}

/// An application sent to a carrier again.
#[derive(Serialize, JsonSchema)]
pub struct Resent {
    at: String,
    by: String,
}

/// The application's events sent to its carriers, each earlier attempt before the one that stands.
pub async fn of_enrollment(state: &AppState, enrollment_id: i64) -> ApiResult<Vec<CarrierFile>> {
    let carrier_name = |carrier_id: i64| {
        state
            .catalogue
            .carriers
            .get(&carrier_id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| format!("Carrier {carrier_id}"))
    };
    let earlier = store::edi::attempts_of(&state.db, enrollment_id).await?;
    let answers = store::edi::answers_of(&state.db, enrollment_id).await?;
    let mut carrier_files = Vec::new();
    for t in store::edi::of_enrollment(&state.db, enrollment_id).await? {
        // What each carrier said before the application was sent again, then where it stands now.
        for attempt in earlier.iter().filter(|a| a.edi_transaction_id == t.edi_transaction_id) {
            carrier_files.push(CarrierFile {
                carrier_name: carrier_name(t.carrier_id),
                event: t.event.to_string(),
                status: attempt.status.clone(),
                reason: attempt.reason.clone(),
                interchange: attempt.interchange_id,
                resent: Some(Resent { at: attempt.resent_at.clone(), by: attempt.resent_by.clone() }),
                answers: Vec::new(),
            });
        }
        carrier_files.push(CarrierFile {
            carrier_name: carrier_name(t.carrier_id),
            event: t.event.to_string(),
            status: t.status,
            reason: t.reason,
            interchange: t.interchange_id,
            resent: None,
            answers: answers
                .iter()
                .filter(|a| {
                    Some(a.interchange_id) == t.interchange_id
                        && a.set_control.as_ref().is_none_or(|s| Some(s) == t.set_control.as_ref())
                })
                .map(|a| CarrierAnswer {
                    received_at: a.received_at.clone(),
                    kind: a.kind.clone(),
                    sender: a.sender.clone(),
                    verdict: a.verdict.clone(),
                    reason: a.reason.clone(),
                    outcome: a.outcome.clone(),
                })
                .collect(),
        });
    }
    Ok(carrier_files)
}
