//! Prices per paycheck: an employer group says how often it pays its employees (`payroll_frequency`), and under it
//! every monthly price is also shown as what it takes from each paycheck, net of what the employer pays toward it
//! when its plan year offers the plan (`engine::employer`). Below the shop, the enrollment and the employer's
//! console, which all show prices.

use engine::catalogue::{Plan, PlanOption};
use engine::context::Tier;
use engine::employer::settings::GroupSettings;
use engine::rating::{Cents, RatingInput};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// What a monthly premium takes from each paycheck, for an employee of a group that says how often it pays.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct Paycheck {
    amount: Cents,
    frequency: engine::catalogue::PayrollFrequency,
    /// How often, as a person says it ("every two weeks").
    label: &'static str,
    /// What the employer pays a month toward the price, when it pays anything; `amount` is then what is left.
    #[serde(skip_serializing_if = "Option::is_none")]
    employer_pays: Option<Cents>,
    /// What the employee pays a month after the employer's share, when the employer pays anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    you_pay: Option<Cents>,
}

/// A paycheck as an answer kept it: all but the label, which is said again in the language of whoever reads it now.
#[derive(Deserialize)]
struct Kept {
    amount: Cents,
    frequency: engine::catalogue::PayrollFrequency,
    employer_pays: Option<Cents>,
    you_pay: Option<Cents>,
}

impl Paycheck {
    /// A paycheck as an answer kept it (the cart checked out, for the receipt), its frequency said in the language of
    /// whoever reads it now; none where the answer had none.
    pub fn kept(value: &serde_json::Value) -> Option<Paycheck> {
        let kept: Kept = serde_json::from_value(value.clone()).ok()?;
        Some(Paycheck {
            amount: kept.amount,
            frequency: kept.frequency,
            label: crate::language::say(kept.frequency.label()),
            employer_pays: kept.employer_pays,
            you_pay: kept.you_pay,
        })
    }
}

/// `monthly` per paycheck, under the group `group_id` when it states its payroll frequency.
pub fn paycheck(state: &AppState, group_id: Option<i64>, monthly: Option<Cents>) -> Option<Paycheck> {
    let frequency = group_id.and_then(|g| state.catalogue.groups.get(&g))?.payroll_frequency?;
    let monthly = monthly?;
    let label = crate::language::say(frequency.label());
    Some(Paycheck {
        amount: engine::rating::per_paycheck(monthly, frequency),
        frequency,
        label,
        employer_pays: None,
        you_pay: None,
    })
}

/// A group's settings as its administrator set them in the employer's console, if they did.
pub async fn group_settings(state: &AppState, group_id: i64) -> ApiResult<Option<GroupSettings>> {
    let Some(row) = crate::store::employer::settings(&state.db, group_id).await? else { return Ok(None) };
    serde_json::from_str(&row.data).map(Some).map_err(|e| ApiError::Internal(e.into()))
}

/// How an enrollment's prices are paid from a paycheck: its group's frequency and contributions, and the household's
/// rating (for the employee's own premium, what employee-only coverage would cost them). Read once per answer.
pub struct Payroll<'s> {
    state: &'s AppState,
    group_id: Option<i64>,
    settings: Option<GroupSettings>,
    /// When the settings were last changed: what an answer kept for later depends on.
    pub version: Option<String>,
    input: Option<RatingInput>,
}

/// The payroll of an enrollment of group `group_id` (none for the individual market) rated by `input`.
pub async fn payroll<'s>(
    state: &'s AppState,
    group_id: Option<i64>,
    input: Option<RatingInput>,
) -> ApiResult<Payroll<'s>> {
    let frequency = group_id.and_then(|g| state.catalogue.groups.get(&g)).and_then(|g| g.payroll_frequency);
    let row = match (group_id, frequency) {
        (Some(g), Some(_)) => crate::store::employer::settings(&state.db, g).await?,
        _ => None,
    };
    let settings =
        row.as_ref().map(|r| serde_json::from_str(&r.data)).transpose().map_err(|e| ApiError::Internal(e.into()))?;
    Ok(Payroll { state, group_id, settings, version: row.map(|r| r.updated_at), input })
}

impl Payroll<'_> {
    /// What employee-only coverage of `option` of `plan` (its cheapest level when none is named) costs the employee.
    fn own(&self, plan: &Plan, option: Option<&PlanOption>) -> Option<Cents> {
        let input = RatingInput { tier: Tier::IO, spouse_age: None, ..self.input.clone()? };
        let curve = &self.state.catalogue.curve;
        match option {
            Some(option) => engine::rating::price_option(plan, option, &input, curve).ok(),
            None => engine::rating::price_plan(plan, &input, curve).ok()?.first().map(|(_, p)| *p),
        }
    }

    /// The employer's share of `monthly`, the price of `option` of `plan` (its cheapest level when none is named).
    pub fn employer_share(&self, plan: &Plan, option: Option<&PlanOption>, monthly: Cents) -> Cents {
        let Some(settings) = &self.settings else { return Cents(0) };
        let contribution = settings.contribution_for(plan);
        let own = self.own(plan, option).unwrap_or(monthly);
        contribution.share(own, monthly).employer
    }

    /// `monthly`, the price of `option` of `plan`, per paycheck, net of the employer's share.
    pub fn paycheck(&self, plan: &Plan, option: Option<&PlanOption>, monthly: Option<Cents>) -> Option<Paycheck> {
        let monthly = monthly?;
        self.net(monthly, self.employer_share(plan, option, monthly))
    }

    /// `monthly` per paycheck after `employer` of it.
    pub fn net(&self, monthly: Cents, employer: Cents) -> Option<Paycheck> {
        let mut paycheck = paycheck(self.state, self.group_id, Some(monthly))?;
        if employer.0 > 0 {
            let left = Cents((monthly.0 - employer.0).max(0));
            paycheck.amount = engine::rating::per_paycheck(left, paycheck.frequency);
            paycheck.employer_pays = Some(employer);
            paycheck.you_pay = Some(left);
        }
        Some(paycheck)
    }
}
