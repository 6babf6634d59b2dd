use crate::domain::session::Session;
use crate::domain::shop::pricing::plan_of;
use crate::domain::shop::pricing::premier_notices;
use crate::domain::shop::pricing::price;
use crate::domain::shop::pricing::price_line;
use crate::error::success;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::http::extract::enrollment_from_query;
use crate::http::extract::Params;
use crate::state::AppState;
use axum::extract::Query;
use axum::extract::State;
use axum::response::Response;
use engine::rating::PricingError;
use serde_json::json;

/// `get-plan-pricing-detail { pid, enrollment_id }` (and `-elevate`): the plan's options with prices, or the pricing
/// error code with the spec's message (statusCode changePid with the new pid; enrollmentIdError when the quote is
/// not the caller's or not found).
pub async fn pricing_detail(
    State(state): State<AppState>,
    session: Session,
    Query(params): Params,
) -> ApiResult<Response> {
    let plan = plan_of(&state, params.get("pid").map(|p| json!(p)).as_ref())?;
    let e = match enrollment_from_query(&state, &session, &params).await {
        Ok(e) => e,
        Err(ApiError::NotFound(_) | ApiError::Invalid(_)) => {
            return Err(ApiError::pricing(PricingError::EnrollmentIdError))
        }
        Err(other) => return Err(other),
    };
    let tier = e.filter.tier();
    match price(&state, &e, plan).await? {
        Ok(priced) => Ok(success(json!({
            "plans": priced.iter().map(|(o, p)| price_line(plan, o, *p, tier)).collect::<Vec<_>>(),
            "hides_price": plan.hides_price(),
            "notices": premier_notices(plan.is_premier()),
        }))),
        Err((error, priced)) => {
            let mut refusal = ApiError::pricing(error);
            if let ApiError::Coded { extra, .. } = &mut refusal {
                extra["plans"] = json!(priced.iter().map(|(o, p)| price_line(plan, o, *p, tier)).collect::<Vec<_>>());
            }
            Err(refusal)
        }
    }
}
