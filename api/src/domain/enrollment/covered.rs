//! Who a submitted application covers: the dependents its Dependent Information names, then each person a change
//! after the sale added (`domain::after_sale::household`), in their places, while no later change undid it and no
//! proof it waits for is missing (`domain::after_sale::proof`); each by the name the newest change of name gave them
//! (`domain::after_sale::names`); and which plans it holds: its cart's, then each a life event chose
//! (`domain::after_sale::plans`). Read by the policy, the carriers' files and the comparison with a carrier's record;
//! the `_among` forms take the application's changes read once by a caller that reads several of these.

use engine::forms::common::PersonName;
use engine::forms::household::Dependent;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::{ChangeRow, ADD_DEPENDENT, CHANGE_NAME, CHOOSE_PLAN};

/// A change of a member's name, as the change keeps it (sealed): the new name and the one it replaced, which the
/// carrier's file says too (NM1*70), so that the carrier finds the person it knew.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Renamed {
    pub name: PersonName,
    pub prior: PersonName,
}

/// The change of name that change `c` keeps; none for a change of another kind.
pub fn renamed_by(state: &AppState, c: &ChangeRow) -> ApiResult<Option<Renamed>> {
    if c.kind != CHANGE_NAME || c.undone_by.is_some() {
        return Ok(None);
    }
    let Some(sealed) = c.person.as_deref() else { return Ok(None) };
    let text = state
        .crypto
        .decrypt(sealed)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the name kept by change {} does not open", c.change_id)))?;
    Ok(Some(serde_json::from_str(&text).map_err(|e| ApiError::Internal(e.into()))?))
}

/// The newest name changes gave member `member_index` (0 the applicant) among `changes`; none when no change did.
fn newest_name(state: &AppState, changes: &[ChangeRow], member_index: i64) -> ApiResult<Option<PersonName>> {
    for c in changes.iter().rev().filter(|c| c.member_index == Some(member_index)) {
        if let Some(renamed) = renamed_by(state, c)? {
            return Ok(Some(renamed.name));
        }
    }
    Ok(None)
}

/// The applicant's Personal Information of submitted application `enrollment_id` as it stands: its step's, by the
/// name the newest change of name gave them.
pub async fn personal(state: &AppState, enrollment_id: i64) -> ApiResult<serde_json::Value> {
    let changes = store::coverage_change::of_enrollment(&state.db, enrollment_id).await?;
    personal_among(state, enrollment_id, &changes).await
}

/// [`personal`], with the application's `changes` read already.
pub async fn personal_among(
    state: &AppState,
    enrollment_id: i64,
    changes: &[ChangeRow],
) -> ApiResult<serde_json::Value> {
    let mut personal =
        super::documents::plain_complete_tab(state, enrollment_id, engine::tabs::TabName::PrimaryInfo).await?;
    if let (Some(name), Some(fields)) = (newest_name(state, changes, 0)?, personal.as_object_mut()) {
        for (field, value) in
            [("first_name", name.first_name), ("middle_name", name.middle_name), ("last_name", name.last_name)]
        {
            match value {
                Some(value) => fields.insert(field.into(), value.into()),
                None => fields.remove(field),
            };
        }
    }
    Ok(personal)
}

/// A person a change added, with their place among the members (1 for the first dependent).
pub struct Added {
    pub change_id: i64,
    pub member_index: i64,
    pub dependent: Dependent,
}

/// The people changes added to application `enrollment_id` and still cover, in the order they were added.
pub async fn added(state: &AppState, enrollment_id: i64) -> ApiResult<Vec<Added>> {
    added_among(state, &store::coverage_change::of_enrollment(&state.db, enrollment_id).await?)
}

/// [`added`], among the application's `changes` read already.
pub fn added_among(state: &AppState, changes: &[ChangeRow]) -> ApiResult<Vec<Added>> {
    let mut added = Vec::new();
    for change in changes {
        // A person waiting for the proof of their event, or refused for it, covers no one (and has no place yet).
        let (ADD_DEPENDENT, true, Some(sealed), Some(member_index)) =
            (change.kind.as_str(), change.stands(), change.person.as_deref(), change.member_index)
        else {
            continue;
        };
        let text = state.crypto.decrypt(sealed).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("the person added by change {} does not open", change.change_id))
        })?;
        let dependent = serde_json::from_str(&text).map_err(|e| ApiError::Internal(e.into()))?;
        added.push(Added { change_id: change.change_id, member_index, dependent });
    }
    // In their places: a person approved after another was added takes the place after them.
    added.sort_by_key(|a| a.member_index);
    Ok(added)
}

/// Everyone application `enrollment_id` covers besides the applicant: its Dependent Information's dependents, then
/// the people changes added.
pub async fn dependents(state: &AppState, enrollment_id: i64) -> ApiResult<Vec<Dependent>> {
    let changes = store::coverage_change::of_enrollment(&state.db, enrollment_id).await?;
    dependents_among(state, enrollment_id, &changes).await
}

/// [`dependents`], with the application's `changes` read already.
pub async fn dependents_among(
    state: &AppState,
    enrollment_id: i64,
    changes: &[ChangeRow],
) -> ApiResult<Vec<Dependent>> {
    let mut all = super::age_limit::dependents(state, enrollment_id).await?;
    all.extend(added_among(state, changes)?.into_iter().map(|a| a.dependent));
    if changes.iter().any(|c| c.kind == CHANGE_NAME) {
        for (i, dependent) in all.iter_mut().enumerate() {
            if let Some(name) = newest_name(state, changes, i as i64 + 1)? {
                dependent.name = name;
            }
        }
    }
    Ok(all)
}

/// The Contact Information of submitted application `enrollment_id` as it stands: its step's, or the newest a change
/// after the sale gave (`domain::after_sale::contact`).
pub async fn contact(state: &AppState, enrollment_id: i64) -> ApiResult<serde_json::Value> {
    match super::contact_changed::newest(state, enrollment_id).await? {
        Some(contact) => Ok(contact),
        None => super::documents::plain_complete_tab(state, enrollment_id, engine::tabs::TabName::ContactInfo).await,
    }
}

/// A plan a submitted application holds: one of its cart's, or one a change after the sale chose for a life event
/// (`domain::after_sale::plans`), while that choice stands. A plan's end (its own, or its replacement) is the
/// caller's to read: a plan ended still held the days it covered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldPlan {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    /// The first day it covers (YYYY-MM-DD) when it is not the application's: a plan chosen after the sale.
    pub from: Option<String>,
}

/// The plans of application `enrollment_id`: its cart's, in their order, then the plans changes chose, in the order
/// they were chosen.
pub async fn plans(state: &AppState, enrollment_id: i64) -> ApiResult<Vec<HeldPlan>> {
    let changes = store::coverage_change::of_enrollment(&state.db, enrollment_id).await?;
    Ok(plans_among(&store::cart::cart(&state.db, &state.local_reads, enrollment_id).await?, &changes))
}

/// [`plans`], of the cart `lines` and the `changes` read already.
pub fn plans_among(lines: &[store::cart::CartRow], changes: &[ChangeRow]) -> Vec<HeldPlan> {
    let bought = lines.iter().map(|l| HeldPlan { plan_id: l.plan_id, plan_pricing_id: l.plan_pricing_id, from: None });
    let chosen = changes.iter().filter(|c| c.kind == CHOOSE_PLAN && c.stands()).filter_map(|c| {
        Some(HeldPlan { plan_id: c.plan_id?, plan_pricing_id: c.plan_pricing_id?, from: Some(c.effective.clone()) })
    });
    bought.chain(chosen).collect()
}
