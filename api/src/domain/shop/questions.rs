//! The spec's own calls for the popups on a plan, as rules: its eligibility ("aflac") questions and their answers, the
//! dependents' dates the dependency popup keeps on the quote, and the health questions and their answers. They read
//! and write the same answers as the step protocol's popups ([`super::popups`]).

use engine::errors::messages::REQUIRED;
use engine::shop::{self, EligibilitySet, HealthSet, PopupKind};
use serde_json::{json, Value};

use crate::domain::enrollment::{today, Enrollment, Filter};
use crate::domain::shop::answers::{answer, plan_subject, sealed_answer, HEALTH_QUESTIONS};
use crate::domain::shop::popups::{answer_popup, choices};
use crate::domain::shop::pricing::plan_of;
use crate::error::{ApiError, ApiResult};
use crate::input::Id;
use crate::state::AppState;

/// The plan's eligibility questions with the answers given so far (`[{ qid, true_condition }]`), or None when the
/// plan asks none.
pub async fn eligibility<'e>(
    state: &AppState,
    e: &'e Enrollment,
    plan_id: &Option<Id>,
) -> ApiResult<Option<(&'e EligibilitySet, Value)>> {
    let plan = plan_of(state, plan_id)?;
    let Some(set) = e.workflows.shop.eligibility_for(plan.plan_id, &plan.category) else { return Ok(None) };
    let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility").await?;
    let answers = stored.as_ref().map(shop::questions::eligibility_as_list).unwrap_or_else(|| json!([]));
    Ok(Some((set, answers)))
}

/// Keeps the eligibility answers `[{ qid, true_condition }]` with the eligibility popup's rules; Not Found for a plan
/// that asks none.
pub async fn answer_eligibility(state: &AppState, e: &Enrollment, plan_id: &Option<Id>, list: &Value) -> ApiResult<()> {
    let plan = plan_of(state, plan_id)?;
    if e.workflows.shop.eligibility_for(plan.plan_id, &plan.category).is_none() {
        return Err(ApiError::NotFound("This plan asks no eligibility questions".into()));
    }
    let answers = shop::questions::eligibility_from_list(list);
    answer_popup(state, e, plan, PopupKind::Eligibility, &answers).await?;
    Ok(())
}

/// Keeps the spouse's date of birth or the number of children on the quote, either alone: each is checked with the
/// dependency popup's rules (the one not sent is not required here), and the other is kept as it was. Answers the
/// quote's filter as it is now.
pub async fn keep_dependents(
    state: &AppState,
    e: &Enrollment,
    plan_id: &Option<Id>,
    dep_dob: &Value,
    no_of_children: &Value,
) -> ApiResult<Filter> {
    let plan = plan_of(state, plan_id)?;
    e.ensure_open()?;
    let given = |v: &Value| Some(v.clone()).filter(|v| !v.is_null() && v.as_str() != Some(""));
    let (dob, children) = (given(dep_dob), given(no_of_children));
    if dob.is_none() && children.is_none() {
        return Err(ApiError::field("dep_dob", REQUIRED));
    }
    let mut data = json!({});
    if let Some(dob) = &dob {
        data["dep_dob"] = dob.clone();
    }
    if let Some(n) = &children {
        data["no_of_children"] =
            n.as_str().and_then(|s| s.trim().parse::<i64>().ok()).map(Value::from).unwrap_or(n.clone());
    }
    let sent =
        |target: &str| (target == "dep_dob" && dob.is_some()) || (target == "no_of_children" && children.is_some());
    let answers =
        match shop::popups::check_popup(PopupKind::DependencyInfo, &choices(state, e, plan).await?, &data, today()) {
            Ok(answers) => answers,
            Err(errors) => {
                let errors: Vec<_> = errors.into_iter().filter(|e| sent(&e.target_element)).collect();
                if !errors.is_empty() {
                    return Err(ApiError::Invalid(errors));
                }
                data
            }
        };
    let mut filter = e.filter.clone();
    if let Some(dob) = answers["dep_dob"].as_str() {
        filter.spouse_dob = Some(dob.to_string());
    }
    if let Some(n) = answers["no_of_children"].as_i64() {
        filter.no_of_children = Some(n);
    }
    crate::domain::filter::change(state, e, &filter).await?;
    Ok(filter)
}

/// Whether the spouse's date of birth is known and within the plan's ages.
pub fn spouse_within_ages(state: &AppState, e: &Enrollment, plan_id: &Option<Id>) -> ApiResult<bool> {
    let plan = plan_of(state, plan_id)?;
    Ok(match (e.filter.rating_input(today()), &e.filter.spouse_dob) {
        (Some(input), Some(_)) => input.spouse_age.is_some_and(|age| age >= plan.min_age && age <= plan.max_age),
        _ => false,
    })
}

/// The plan's health questions, or None when it asks none.
pub fn health_questions<'e>(
    state: &AppState,
    e: &'e Enrollment,
    plan_id: &Option<Id>,
) -> ApiResult<Option<&'e HealthSet>> {
    let plan = plan_of(state, plan_id)?;
    Ok(e.workflows.shop.health_for(plan.plan_id, &plan.category))
}

/// Answers the plan's health questions from `[{ question_id, yes_no_flag }]` (1, "1" or true is Yes; a line without
/// both is not an answer) with the health popup's rules: the words to show when accepted, or the popup's decline.
pub async fn answer_health(
    state: &AppState,
    e: &Enrollment,
    plan_id: &Option<Id>,
    lines: &[Value],
) -> ApiResult<Option<String>> {
    let plan = plan_of(state, plan_id)?;
    let mut answers = serde_json::Map::new();
    for item in lines {
        let id = item.get("question_id").and_then(|q| q.as_i64().or_else(|| q.as_str()?.parse().ok()));
        let flag = item
            .get("yes_no_flag")
            .and_then(|f| f.as_i64().or_else(|| f.as_str()?.parse().ok()).or_else(|| f.as_bool().map(i64::from)));
        if let (Some(id), Some(flag)) = (id, flag) {
            answers.insert(format!("q{id}"), json!(if flag == 1 { "Yes" } else { "No" }));
        }
    }
    answer_popup(state, e, plan, PopupKind::HealthQuestions, &Value::Object(answers)).await
}

/// Whether the plan's health questions were answered, and whether the answers were accepted.
pub async fn health_answered(state: &AppState, e: &Enrollment, plan_id: &Option<Id>) -> ApiResult<(bool, bool)> {
    let plan = plan_of(state, plan_id)?;
    let stored = sealed_answer(state, e.row.enrollment_id, &plan_subject(plan.plan_id), HEALTH_QUESTIONS).await?;
    Ok((stored.is_some(), stored.is_some_and(|s| s["accepted"] == true)))
}
