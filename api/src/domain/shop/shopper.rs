//! The shopper: what a priced listing needs of an enrollment (its filter, its group, the workflow version it answers)
//! and the plans whose health questions it had accepted, read for the busiest call there is with nothing else.

use crate::domain::enrollment::{pinned_workflows, Filter};
use crate::domain::session::Session;
use crate::domain::shop::answers::HEALTH_QUESTIONS;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

/// What a priced listing needs of an enrollment.
pub struct Shopper {
    pub filter: Filter,
    /// The employer group it is under, if any (whose menu decides the categories shopped).
    pub group_id: Option<i64>,
    /// The workflow version it answers (which plans ask health questions).
    pub workflows: std::sync::Arc<crate::services::workflows::Version>,
}

/// The caller's enrollment as a listing needs it, and the plans whose health questions it had accepted. The sealed
/// answers are read and opened only when they changed since this replica last did (by the revision of the
/// enrollment's answers): a listing asked again, of the same answers, reads none.
pub async fn load(state: &AppState, session: &Session, enrollment_id: i64) -> ApiResult<(Shopper, Accepted)> {
    let mut row =
        store::enrollment::find_shopper(&state.db, &state.local_reads, &state.kept_shoppers, &session.0, enrollment_id)
            .await?
            .ok_or_else(ApiError::enrollment_not_found)?;
    let key = (row.enrollment_id, row.answers_revision);
    let accepted = match state.accepted_plans.get(&key) {
        Some(kept) => Accepted::of_kept(kept),
        None => {
            let answers =
                store::shop_answer::of_kind(&state.db, &state.local_reads, row.enrollment_id, HEALTH_QUESTIONS).await?;
            let accepted = Accepted::from_answers(state, answers)?;
            state.accepted_plans.put(key, accepted.kept());
            accepted
        }
    };
    let filter = serde_json::from_str(&row.filter).map_err(|e| ApiError::Internal(e.into()))?;
    let submitted = row.policy_id.is_some();
    let workflows = pinned_workflows(state, row.enrollment_id, &mut row.workflow_version, submitted).await?;
    Ok((Shopper { filter, group_id: row.group_id, workflows }, accepted))
}

/// The plans whose health questions this enrollment answered and had accepted, read once for a listing of many
/// plans (one query instead of one per plan), in order.
#[derive(Debug, Clone)]
pub struct Accepted(std::sync::Arc<[i64]>);

impl Accepted {
    /// The accepted plans among an enrollment's stored health answers (subject and sealed data).
    pub fn from_answers(state: &AppState, answers: Vec<(String, String)>) -> ApiResult<Accepted> {
        let mut accepted = Vec::new();
        for (subject, data) in answers {
            let Some(plan_id) = subject.strip_prefix("plan:").and_then(|p| p.parse::<i64>().ok()) else { continue };
            let stored: serde_json::Value = serde_json::from_str(&data).map_err(|e| ApiError::Internal(e.into()))?;
            let opened = stored["sealed"]
                .as_str()
                .and_then(|s| state.crypto.decrypt(s))
                .and_then(|plain| serde_json::from_str::<serde_json::Value>(&plain).ok());
            if opened.is_some_and(|o| o["accepted"] == true) {
                accepted.push(plan_id);
            }
        }
        accepted.sort_unstable();
        accepted.dedup();
        Ok(Accepted(accepted.into()))
    }

    /// The plans, as kept between requests.
    pub fn kept(&self) -> std::sync::Arc<[i64]> {
        self.0.clone()
    }

    /// The plans kept between requests ([`Accepted::kept`]).
    pub fn of_kept(kept: std::sync::Arc<[i64]>) -> Accepted {
        Accepted(kept)
    }

    /// The accepted plans, in order (for a key).
    pub fn ids(&self) -> Vec<i64> {
        self.0.to_vec()
    }

    pub fn contains(&self, plan_id: i64) -> bool {
        self.0.binary_search(&plan_id).is_ok()
    }
}
