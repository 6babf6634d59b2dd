use crate::domain::enrollment::Enrollment;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::store::shop_answer;
use crate::store::Db;
use engine::catalogue::Plan;
use serde_json::json;
use serde_json::Value;

/// The subject of the answers about one plan.
pub fn plan_subject(plan_id: i64) -> String {
    format!("plan:{plan_id}")
}

/// The subject of the answers about the cart (offers answered).
pub const CART: &str = "cart";

pub const OFFERS: &str = "offers";

pub const MEMBERSHIP: &str = "membership";

pub const GROUP_CODE: &str = "group_code";

/// A plan's health answers and the decision on them (sealed).
pub const HEALTH_QUESTIONS: &str = "health_questions";

pub async fn answer(db: &Db, enrollment_id: i64, subject: &str, kind: &str) -> ApiResult<Option<Value>> {
    let stored = shop_answer::find(db, enrollment_id, subject, kind).await?;
    stored.map(|data| serde_json::from_str(&data).map_err(|e| ApiError::Internal(e.into()))).transpose()
}

pub async fn keep_answer(db: &Db, enrollment_id: i64, subject: &str, kind: &str, data: &Value) -> ApiResult<()> {
    Ok(shop_answer::upsert(db, enrollment_id, subject, kind, &data.to_string()).await?)
}

/// Health answers are health data: sealed at rest like the Health Questions step.
pub async fn keep_sealed(
    state: &AppState,
    enrollment_id: i64,
    subject: &str,
    kind: &str,
    data: &Value,
) -> ApiResult<()> {
    let sealed = json!({ "sealed": state.crypto.encrypt(&data.to_string()) });
    keep_answer(&state.db, enrollment_id, subject, kind, &sealed).await
}

pub async fn sealed_answer(
    state: &AppState,
    enrollment_id: i64,
    subject: &str,
    kind: &str,
) -> ApiResult<Option<Value>> {
    let Some(stored) = answer(&state.db, enrollment_id, subject, kind).await? else {
        return Ok(None);
    };
    let opened = stored["sealed"]
        .as_str()
        .and_then(|s| state.crypto.decrypt(s))
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a sealed shop answer does not open with this key")))?;
    Ok(Some(serde_json::from_str(&opened).map_err(|e| ApiError::Internal(e.into()))?))
}

pub async fn forget_answer(db: &Db, enrollment_id: i64, subject: &str, kind: &str) -> ApiResult<()> {
    Ok(shop_answer::delete(db, enrollment_id, subject, kind).await?)
}

/// The offers a person answered are asked again once the cart is emptied.
pub async fn forget_offers(db: &Db, enrollment_id: i64) -> ApiResult<()> {
    forget_answer(db, enrollment_id, CART, OFFERS).await
}

pub async fn membership_of(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<Option<(i64, i64)>> {
    let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), MEMBERSHIP).await?;
    Ok(stored.and_then(|m| Some((m["plan_id"].as_i64()?, m["plan_pricing_id"].as_i64()?))))
}

/// A valid group code given on the plan whose employer is not confirmed yet: (group id, name).
pub async fn group_to_confirm(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<Option<(i64, String)>> {
    let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), GROUP_CODE).await?;
    Ok(stored.and_then(|g| Some((g["group_id"].as_i64()?, g["name"].as_str()?.to_string()))))
}
