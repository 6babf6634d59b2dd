//! The group code asked on a plan sold to some employers' employees, and what the page needs to know about it.

use axum::extract::State;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::shop::popups::{group_code_missing, join_group_by_code};
use crate::domain::shop::pricing::plan_of;
use crate::error::{Answer, ApiResult};
use crate::http::extract::{OwnedJson, OwnedQuery};
use crate::input::Id;
use crate::state::AppState;

/// `set-enrollment-group-code { group_code, enrollment_id, plan_id? }`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupCodeBody {
    /// The employer's group enrollment code.
    group_code: Option<String>,
    /// The plan the code was asked on: the group must be one the plan is sold to.
    plan_id: Option<Id>,
}

/// `group-enrollment-info { enrollment_id, plan_id? }`.
#[derive(Deserialize, JsonSchema)]
pub struct GroupInfoQuery {
    plan_id: Option<Id>,
}

/// The group the enrollment is now under.
#[derive(Serialize, JsonSchema)]
pub struct EnrollmentGroup {
    group_id: i64,
    name: String,
}

/// Whether the enrollment is under a group, and whether the plan's page must ask for a group code.
#[derive(Serialize, JsonSchema)]
pub struct GroupEnrollmentInfo {
    has_enrollment: bool,
    capture_groupcode: bool,
    group_id: Option<i64>,
}

/// `set-enrollment-group-code { group_code, enrollment_id, plan_id? }`: puts the enrollment under the group of the
/// code (the page has asked the person to confirm the employer); 'Invalid Group Enrollment Code' otherwise.
pub async fn set_enrollment_group_code(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<GroupCodeBody>,
) -> ApiResult<Answer<EnrollmentGroup>> {
    let group = join_group_by_code(&state, &e, body.group_code.as_deref(), body.plan_id).await?;
    Ok(Answer(EnrollmentGroup { group_id: group.group_id, name: group.name.clone() }))
}

/// `group-enrollment-info { enrollment_id, plan_id? }`: whether the enrollment is under a group (`has_enrollment`)
/// and whether the plan's page must capture a group code (`capture_groupcode`).
pub async fn group_enrollment_info(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<GroupInfoQuery>,
) -> ApiResult<Answer<GroupEnrollmentInfo>> {
    let capture = match query.plan_id {
        Some(id) => group_code_missing(&e, plan_of(&state, &Some(id))?),
        None => false,
    };
    Ok(Answer(GroupEnrollmentInfo {
        has_enrollment: e.row.group_id.is_some(),
        capture_groupcode: capture,
        group_id: e.row.group_id,
    }))
}
