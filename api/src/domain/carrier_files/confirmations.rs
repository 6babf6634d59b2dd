//! Carriers' confirmations: whether a carrier set up the coverage we sent it, and whether its record says what ours
//! does. An acknowledgement (a 999) says only that a file could be read; the confirmation (an effectuation 834, or the
//! carrier's CSV where it writes no 834: `engine::confirmation`) says whom the carrier covers, by which plans, from
//! when until when. It moves each plan of the policy it confirms from pending to active on the member's policy
//! (`domain::after_sale`), and `enroll edi reconcile` lists every field where the two records differ.
//!
//! A confirmation is applied only from the carrier that wrote it about an application it was sent: an 834's envelope
//! names the carrier (its ISA06 and GS02 are the receiver id our files go to, its ISA08 and GS03 our sender id), and
//! a CSV says nothing of who wrote it, so an operator names the carrier (`enroll edi confirm --carrier`). Each is kept,
//! sealed (it names the family): the newest of a carrier is what it holds now.

use anyhow::Context as _;
use engine::confirmation::{Difference, HeldPolicy};

use super::{application, receiver_of};
use crate::state::AppState;
use crate::store;
use crate::store::confirmation::ConfirmationRow;

/// What a carrier's confirmation file said.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Confirmed {
    /// Policies recorded as the carrier holds them.
    pub applied: u64,
    /// Policies we have no submitted application of, or did not send this carrier.
    pub unknown: u64,
    /// Policies in an 834 from a sender none of our files went to, or addressed to another store: never applied.
    pub foreign: u64,
}

impl Confirmed {
    /// Whether anything in it needs a person: the file is then kept (`inbound/foreign`).
    pub fn needs_a_person(&self) -> bool {
        self.unknown > 0 || self.foreign > 0
    }
}

/// The carrier whose receiver id an 834 came from, addressed to us.
fn carrier_of(state: &AppState, from: &engine::x12::Sender) -> Option<i64> {
    state
        .catalogue
        .carriers
        .keys()
        .copied()
        .find(|carrier_id| from.is(&receiver_of(state, *carrier_id), &state.edi.sender_id))
}

/// Reads a carrier's confirmation (an 834, or a CSV from `carrier`, whom an operator names) and records what it holds
/// of each application it names. `source` names the file, for the history. An 834 from `carrier` is applied only when
/// its envelope names that carrier too.
pub async fn confirm(
    state: &AppState,
    text: &str,
    source: Option<&str>,
    carrier: Option<i64>,
) -> anyhow::Result<Confirmed> {
    let held: Vec<(Option<i64>, HeldPolicy)> = if engine::confirmation::is_834(text) {
        engine::confirmation::read_834(text)
            .map_err(anyhow::Error::msg)?
            .into_iter()
            .map(|(from, policy)| {
                (carrier_of(state, &from).filter(|c| carrier.is_none_or(|named| named == *c)), policy)
            })
            .collect()
    } else {
        let carrier = carrier.context(
            "a confirmation that is not an 834 is read as the carrier's CSV, which does not say who wrote it: name the \
             carrier (--carrier, its id, receiver id or name)",
        )?;
        let policies = engine::confirmation::read_csv(text).map_err(anyhow::Error::msg)?;
        policies.into_iter().map(|policy| (Some(carrier), policy)).collect()
    };
    let mut said = Confirmed::default();
    let received_at = store::now();
    for (carrier_id, policy) in held {
        let Some(carrier_id) = carrier_id else {
            said.foreign += 1;
            continue;
        };
        let enrollment = store::enrollment::find_by_policy(&state.db, &policy.policy_id).await?;
        let enrollment_id = match enrollment {
            Some((_, row)) if store::confirmation::was_sent(&state.db, row.enrollment_id, carrier_id).await? => {
                row.enrollment_id
            }
            _ => {
                said.unknown += 1;
                continue;
            }
        };
        let row = ConfirmationRow {
            enrollment_id,
            carrier_id,
            record: state.crypto.encrypt(&serde_json::to_string(&policy)?),
            source: source.map(str::to_string),
            received_at: received_at.clone(),
        };
        let _turn = store::write_turn(&state.db).await;
        store::confirmation::record(&state.db, &row).await?;
        said.applied += 1;
    }
    if said.needs_a_person() {
        tracing::warn!(
            unknown = said.unknown,
            foreign = said.foreign,
            "a confirmation names applications it cannot be about: unknown here, not sent to its carrier, or from a \
             sender none of our files went to"
        );
    }
    Ok(said)
}

fn opened(state: &AppState, row: &ConfirmationRow) -> anyhow::Result<HeldPolicy> {
    let text = state.crypto.decrypt(&row.record).context("a carrier's confirmation does not open with our keys")?;
    Ok(serde_json::from_str(&text)?)
}

/// What each carrier of application `enrollment_id` last confirmed of it, by carrier.
pub async fn held_by_carriers(state: &AppState, enrollment_id: i64) -> anyhow::Result<Vec<(i64, HeldPolicy)>> {
    let rows = store::confirmation::newest_of(&state.db, enrollment_id).await?;
    rows.iter().map(|row| Ok((row.carrier_id, opened(state, row)?))).collect()
}

/// Every field where carrier `carrier_id`'s newest confirmation of an application differs from our record of it, with
/// the application's confirmation number, in the order the applications were submitted.
pub async fn differences(state: &AppState, carrier_id: i64) -> anyhow::Result<Vec<(String, Difference)>> {
    let version = state.workflows.current();
    let codes = version.workflows.x12.as_ref().context("no X12 codes (a workflow file of kind x12)")?;
    let guide = match state.catalogue.carriers.get(&carrier_id) {
        Some(carrier) => carrier.edi().guide,
        None => Default::default(),
    };
    let mut listed = Vec::new();
    for row in store::confirmation::newest_of_carrier(&state.db, carrier_id).await? {
        let held = opened(state, &row)?;
        let ours = application::as_recorded(state, row.enrollment_id, carrier_id).await.map_err(anyhow::Error::from)?;
        for difference in engine::confirmation::differences(codes, &guide, &ours, &held) {
            listed.push((held.policy_id.clone(), difference));
        }
    }
    Ok(listed)
}
