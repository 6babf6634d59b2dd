//! The popups on a plan as steps of the renderer's protocol: which are pending, and answering one.

use axum::extract::State;
use engine::shop::PopupKind;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::domain::enrollment;
use crate::domain::shop::popups::{answer_popup, plan_flow};
use crate::domain::shop::pricing::plan_of;
use crate::domain::shop::views::PlanFlow;
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::extract::{AppJson, OwnedPath};
use crate::input::Id;
use crate::state::AppState;

/// The plan of `/shop/{id}/plan/{plan_id}`.
#[derive(Deserialize, JsonSchema)]
pub struct PlanPath {
    plan_id: Id,
}

/// The plan and popup of `/shop/{id}/plan/{plan_id}/{popup}`.
#[derive(Deserialize, JsonSchema)]
pub struct PopupPath {
    plan_id: Id,
    /// The popup's kind (eligibility, dependency_info, income, tobacco, ...).
    popup: String,
}

/// A popup's answers.
#[derive(Deserialize, JsonSchema)]
pub struct PopupAnswers {
    /// The popup form's data, as its schema describes it.
    #[serde(rename = "formData", default)]
    form_data: Option<Value>,
}

/// `GET /shop/{enrollment_id}/plan/{plan_id}`: the plan's pending popups as steps.
pub async fn get_plan_flow(
    State(state): State<AppState>,
    OwnedPath(e, path): OwnedPath<PlanPath>,
) -> ApiResult<Answer<PlanFlow>> {
    let plan = plan_of(&state, &Some(path.plan_id))?;
    Ok(Answer(plan_flow(&state, &e, plan).await?))
}

/// `POST /shop/{enrollment_id}/plan/{plan_id}/{popup}` `{ formData }`: checks and keeps a popup's answers, then
/// answers the plan's popups as they are now (and the health questions' message).
pub async fn post_plan_popup(
    State(state): State<AppState>,
    OwnedPath(e, path): OwnedPath<PopupPath>,
    AppJson(body): AppJson<PopupAnswers>,
) -> ApiResult<Answer<PlanFlow>> {
    let plan = plan_of(&state, &Some(path.plan_id))?;
    let popup = path.popup;
    let kind = PopupKind::parse(&popup)
        .ok_or_else(|| ApiError::NotFound(crate::error::Said::with("Unknown popup {popup}", &[("popup", &popup)])))?;
    let data = body.form_data.unwrap_or_else(|| json!({}));
    // A refusal on a screen is read by a person: in plain words, where the spec's are not written for one.
    let message = answer_popup(&state, &e, plan, kind, &data).await.map_err(ApiError::in_plain_words)?;
    let e = enrollment::load(&state, &e.session, e.row.enrollment_id).await?;
    let mut flow = plan_flow(&state, &e, plan).await?;
    flow.message = Some(message);
    Ok(Answer(flow))
}
