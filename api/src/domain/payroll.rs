//! Prices per paycheck: an employer group says how often it pays its employees (`payroll_frequency`), and under it
//! every monthly price is also shown as what it takes from each paycheck. Below the shop and the enrollment, which
//! both show prices.

use engine::rating::Cents;
use schemars::JsonSchema;
use serde::Serialize;

use crate::state::AppState;

/// What a monthly premium takes from each paycheck, for an employee of a group that says how often it pays.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct Paycheck {
    amount: Cents,
    frequency: engine::catalogue::PayrollFrequency,
    /// How often, as a person says it ("every two weeks").
    label: &'static str,
}

/// `monthly` per paycheck, under the group `group_id` when it states its payroll frequency.
pub fn paycheck(state: &AppState, group_id: Option<i64>, monthly: Option<Cents>) -> Option<Paycheck> {
    let frequency = group_id.and_then(|g| state.catalogue.groups.get(&g))?.payroll_frequency?;
    let monthly = monthly?;
    let label = crate::language::say(frequency.label());
    Some(Paycheck { amount: engine::rating::per_paycheck(monthly, frequency), frequency, label })
}
