//! A plan's prices for the quote, or the pricing error code that says why it cannot be priced.

use axum::extract::State;
use engine::rating::PricingError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::domain::shop::pricing::{
    awaits_answer, payroll, plan_of, premier_notices, price, price_line, yearly_cost_of, PriceLine, ASKED_WORDS,
};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::{AppQuery, Nothing, OwnedQuery};
use crate::input::Id;
use crate::state::AppState;

/// `get-plan-pricing-detail?pid=&enrollment_id=`.
#[derive(Deserialize, JsonSchema)]
pub struct PricingQuery {
    /// The plan.
    pid: Option<Id>,
}

/// A plan's options priced for the quote.
#[derive(Serialize, JsonSchema)]
pub struct PlanPrices {
    plans: Vec<PriceLine>,
    /// A disability plan's price is not shown while shopping.
    hides_price: bool,
    /// What a premier plan's quote must say.
    notices: Vec<&'static str>,
}

/// `get-plan-pricing-detail { pid, enrollment_id }` (and `-elevate`): the plan's options with prices, or the pricing
/// error code with the spec's message (statusCode changePid with the new pid; enrollmentIdError when the quote is
/// not the caller's or not found).
pub async fn pricing_detail(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<PricingQuery>,
    owned: Result<OwnedQuery<Nothing>, ApiError>,
) -> ApiResult<Answer<PlanPrices>> {
    let plan = plan_of(&state, &query.pid)?;
    let e = match owned {
        Ok(OwnedQuery(e, _)) => e,
        Err(ApiError::NotFound(_) | ApiError::Invalid(_)) => {
            return Err(ApiError::pricing(PricingError::EnrollmentIdError))
        }
        Err(other) => return Err(other),
    };
    let tier = e.filter.tier();
    let payroll = payroll(&state, e.row.group_id, e.filter.rating_input(crate::domain::enrollment::today())).await?;
    match price(&state, &e, plan).await? {
        Ok(priced) => Ok(Answer(PlanPrices {
            plans: priced
                .iter()
                .map(|(o, p)| PriceLine {
                    yearly_cost: yearly_cost_of(&e, plan, o, *p).filter(|_| !plan.hides_price()),
                    per_paycheck: payroll.paycheck(plan, Some(o), Some(*p)).filter(|_| !plan.hides_price()),
                    ..price_line(plan, o, *p, tier)
                })
                .collect(),
            hides_price: plan.hides_price(),
            notices: premier_notices(plan.is_premier(), std::iter::once(plan.category.as_str())),
        })),
        Err((error, priced)) => {
            let mut refusal = ApiError::pricing(error);
            if let ApiError::Coded { extra, .. } = &mut refusal {
                extra["plans"] = json!(priced.iter().map(|(o, p)| price_line(plan, o, *p, tier)).collect::<Vec<_>>());
                if awaits_answer(&e, error) {
                    extra["asked"] = json!(crate::language::say(ASKED_WORDS));
                }
            }
            Err(refusal)
        }
    }
}
