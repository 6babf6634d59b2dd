//! The coming age-offs of an application being submitted (see `domain::after_sale::age_off`, which tells of them).

use engine::forms::household::{DependentInfo, DependentRelationship};
use engine::tabs::TabName;

use super::documents::plain_complete_tab;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::store::coverage_change::AgeOffRow;

/// The dependents of the application, as its Dependent Information holds them.
pub async fn dependents(state: &AppState, enrollment_id: i64) -> ApiResult<Vec<engine::forms::household::Dependent>> {
    let tab = plain_complete_tab(state, enrollment_id, TabName::DependentInfo).await?;
    let household: DependentInfo = serde_json::from_value(tab).unwrap_or_default();
    Ok(household.dependents.unwrap_or_default())
}

/// The coming age-offs of the application `enrollment_id` being submitted: one for each child it covers but a
/// disabled one. None when the workflows give no age limit.
pub async fn at_submission(state: &AppState, enrollment_id: i64) -> ApiResult<Vec<AgeOffRow>> {
    let Some(rule) = state.workflows.current().workflows.life_events.as_ref().map(|l| l.age_off.clone()) else {
        return Ok(Vec::new());
    };
    let mut due = Vec::new();
    for (i, dependent) in dependents(state, enrollment_id).await?.iter().enumerate() {
        let child = dependent.relationship == Some(DependentRelationship::Child);
        let birth = dependent.birthdate.as_deref().and_then(engine::dates::parse_mdy);
        let (true, false, Some(birth)) = (child, dependent.disabled.unwrap_or(false), birth) else { continue };
        let aging = rule.of(birth);
        due.push(AgeOffRow {
            enrollment_id,
            member_index: i as i64 + 1,
            noticed_from: engine::dates::format_iso(aging.noticed_from),
            last_day: engine::dates::format_iso(aging.last_covered_day),
        });
    }
    Ok(due)
}
