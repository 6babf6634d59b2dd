//! The spec's own calls for the popups on a plan: eligibility ("aflac") questions, the dependents' dates, the health
//! questions and their answers. They read and write the same answers as the step protocol.

use axum::extract::State;
use engine::errors::messages::REQUIRED;
use engine::shop::{self, EligibilityQuestion, PopupKind};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::enrollment::today;
use crate::domain::shop::answers::{answer, plan_subject, sealed_answer};
use crate::domain::shop::popups::{answer_popup, choices};
use crate::domain::shop::pricing::plan_of;
use crate::error::{Answer, ApiError, ApiResult, Listed, MaybeAnswer, Message};
use crate::http::extract::{Nothing, OwnedJson, OwnedQuery};
use crate::input::{Id, PlanRef};
use crate::state::AppState;

/// The plan's eligibility questions and the answers given.
#[derive(Serialize, JsonSchema)]
pub struct EligibilityQuestions {
    /// Always 200 (no questions answers 204 instead).
    #[serde(rename = "statusCode")]
    status_code: u16,
    result: Vec<EligibilityRow>,
    /// Answers given so far: `[{ qid, true_condition }]`.
    answers: Value,
}

/// One eligibility question, in the carrier's words in the reader's language.
#[derive(Serialize, JsonSchema)]
pub struct EligibilityRow {
    qid: i64,
    question: String,
    /// 1: the answer must be Yes to continue; 0: either answer is accepted.
    true_condition: u8,
}

impl From<&EligibilityQuestion> for EligibilityRow {
    fn from(q: &EligibilityQuestion) -> EligibilityRow {
        let language = crate::language::current();
        EligibilityRow {
            qid: q.qid,
            question: q.question.in_language(language).to_string(),
            true_condition: q.true_condition,
        }
    }
}

/// The quote's dependents as the dependency popup keeps them.
#[derive(Serialize, JsonSchema)]
pub struct DependentDates {
    spouse_dob: Option<String>,
    no_of_children: Option<i64>,
}

/// Whether the spouse's date of birth is known and within the plan's ages.
#[derive(Serialize, JsonSchema)]
pub struct DependentDob {
    status: bool,
    depdob: Option<String>,
}

/// A health question as the spec's popup lists it.
#[derive(Serialize, JsonSchema)]
pub struct HealthQuestionRow {
    question_id: i64,
    question_text: String,
    question_sub_type: &'static str,
    options: Vec<QuestionOption>,
    require_detail: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct QuestionOption {
    option_id: u8,
    option_text: &'static str,
    option_group: &'static str,
}

/// Health answers accepted, with the words to show.
#[derive(Serialize, JsonSchema)]
pub struct HealthAccepted {
    success_message: Option<String>,
}

/// Whether the plan's health questions were answered, and accepted.
#[derive(Serialize, JsonSchema)]
pub struct AlreadyAnswered {
    result: bool,
    accepted: bool,
}

/// `save-aflac-questions { enrollment_id, plan_id, aflac_data: [{ qid, true_condition }] }`.
#[derive(Deserialize, JsonSchema)]
pub struct EligibilityAnswers {
    plan_id: Option<Id>,
    /// Each question answered: `{ qid, true_condition }`.
    #[serde(default)]
    aflac_data: Value,
}

/// `store-temp-dependent-info { enrollment_id, plan_id, dep_dob | no_of_children }`.
#[derive(Deserialize, JsonSchema)]
pub struct TempDependentInfo {
    plan_id: Option<Id>,
    /// The spouse's date of birth (MM/DD/YYYY).
    #[serde(default)]
    dep_dob: Value,
    /// The number of children.
    #[serde(default)]
    no_of_children: Value,
}

/// `save-question-answers { enrollment_id, plan_id, answers: [{ question_id, yes_no_flag }] }`.
#[derive(Deserialize, JsonSchema)]
pub struct HealthAnswers {
    plan_id: Option<Id>,
    /// Each question answered: `{ question_id, yes_no_flag }` (1 is Yes).
    #[serde(default)]
    answers: Vec<Value>,
}

/// `get-aflac-questions { plan_id, enrollment_id }`: statusCode 200 with the plan's eligibility questions, 204 when
/// it has none.
pub async fn aflac_questions(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<MaybeAnswer<EligibilityQuestions>> {
    let plan = plan_of(&state, &query.plan_id)?;
    let Some(set) = e.workflows.shop.eligibility_for(plan.plan_id, &plan.category) else {
        return Ok(MaybeAnswer(None));
    };
    let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility").await?;
    let answers = stored.as_ref().map(shop::questions::eligibility_as_list).unwrap_or_else(|| json!([]));
    let result = set.questions.iter().map(EligibilityRow::from).collect();
    Ok(MaybeAnswer(Some(EligibilityQuestions { status_code: 200, result, answers })))
}

/// `save-aflac-questions { enrollment_id, plan_id, aflac_data: [{ qid, true_condition }] }`.
pub async fn save_aflac_questions(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<EligibilityAnswers>,
) -> ApiResult<Answer<Message>> {
    let plan = plan_of(&state, &body.plan_id)?;
    if e.workflows.shop.eligibility_for(plan.plan_id, &plan.category).is_none() {
        return Err(ApiError::NotFound("This plan asks no eligibility questions".into()));
    }
    let answers = shop::questions::eligibility_from_list(&body.aflac_data);
    answer_popup(&state, &e, plan, PopupKind::Eligibility, &answers).await?;
    Ok(Answer(Message::said("Eligibility answers saved")))
}

/// `store-temp-dependent-info { enrollment_id, plan_id, dep_dob | no_of_children }`: either value alone, checked with
/// the dependency popup's rules (the one not sent is not required here); the other is kept.
pub async fn store_temp_dependent_info(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<TempDependentInfo>,
) -> ApiResult<Answer<DependentDates>> {
    let plan = plan_of(&state, &body.plan_id)?;
    e.ensure_open()?;
    let given = |v: &Value| Some(v.clone()).filter(|v| !v.is_null() && v.as_str() != Some(""));
    let (dob, children) = (given(&body.dep_dob), given(&body.no_of_children));
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
        match shop::popups::check_popup(PopupKind::DependencyInfo, &choices(&state, &e, plan).await?, &data, today()) {
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
    crate::domain::filter::change(&state, &e, &filter).await?;
    Ok(Answer(DependentDates { spouse_dob: filter.spouse_dob, no_of_children: filter.no_of_children }))
}

/// `get-temp-dependent-info { enrollment_id }`: spouse_dob and no_of_children of the quote.
pub async fn get_temp_dependent_info(OwnedQuery(e, _): OwnedQuery<Nothing>) -> ApiResult<Answer<DependentDates>> {
    Ok(Answer(DependentDates { spouse_dob: e.filter.spouse_dob, no_of_children: e.filter.no_of_children }))
}

/// The dependent-date check (the spec's `{hash}` call) `{ enrollment_id, plan_id }`: whether the spouse's date of
/// birth is known and within the plan's ages (`status`), and the date (`depdob`).
pub async fn check_dependent_dob(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<Answer<DependentDob>> {
    let plan = plan_of(&state, &query.plan_id)?;
    let input = e.filter.rating_input(today());
    let status = match (input, &e.filter.spouse_dob) {
        (Some(input), Some(_)) => input.spouse_age.is_some_and(|age| age >= plan.min_age && age <= plan.max_age),
        _ => false,
    };
    Ok(Answer(DependentDob { status, depdob: e.filter.spouse_dob }))
}

/// `get-questions { enrollment_id, plan_id, type }`: the plan's health questions in the spec's shape.
pub async fn get_questions(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<Answer<Listed<Vec<HealthQuestionRow>>>> {
    let plan = plan_of(&state, &query.plan_id)?;
    let Some(set) = e.workflows.shop.health_for(plan.plan_id, &plan.category) else {
        return Ok(Answer(Listed { result: Vec::new() }));
    };
    let option = |option_id, option_text| QuestionOption { option_id, option_text, option_group: "yes_no" };
    let questions = set
        .questions
        .iter()
        .map(|q| HealthQuestionRow {
            question_id: q.question_id,
            question_text: q.question_text.in_language(crate::language::current()).to_string(),
            question_sub_type: "checkbox",
            options: vec![option(1, "Yes"), option(0, "No")],
            require_detail: false,
        })
        .collect();
    Ok(Answer(Listed { result: questions }))
}

/// `save-question-answers { enrollment_id, plan_id, answers: [{ question_id, yes_no_flag }] }`: errorCode decline with
/// data.error_message, otherwise data.success_message.
pub async fn save_question_answers(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<HealthAnswers>,
) -> ApiResult<Answer<HealthAccepted>> {
    let plan = plan_of(&state, &body.plan_id)?;
    let mut answers = serde_json::Map::new();
    for item in &body.answers {
        let id = item.get("question_id").and_then(|q| q.as_i64().or_else(|| q.as_str()?.parse().ok()));
        let flag = item
            .get("yes_no_flag")
            .and_then(|f| f.as_i64().or_else(|| f.as_str()?.parse().ok()).or_else(|| f.as_bool().map(i64::from)));
        if let (Some(id), Some(flag)) = (id, flag) {
            answers.insert(format!("q{id}"), json!(if flag == 1 { "Yes" } else { "No" }));
        }
    }
    match answer_popup(&state, &e, plan, PopupKind::HealthQuestions, &Value::Object(answers)).await {
        Ok(success_message) => Ok(Answer(HealthAccepted { success_message })),
        Err(ApiError::Coded { code: "decline", message, .. }) => {
            let words = message.said();
            Err(ApiError::Coded {
                code: "decline",
                message,
                extra: json!({ "errorCode": "decline", "data": { "error_message": words } }),
            })
        }
        Err(other) => Err(other),
    }
}

/// `check-already-answered { enrollment_id, plan_id }`: whether the plan's health questions are answered and accepted.
pub async fn check_already_answered(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<Answer<AlreadyAnswered>> {
    let plan = plan_of(&state, &query.plan_id)?;
    let stored = sealed_answer(
        &state,
        e.row.enrollment_id,
        &plan_subject(plan.plan_id),
        crate::domain::shop::answers::HEALTH_QUESTIONS,
    )
    .await?;
    Ok(Answer(AlreadyAnswered { result: stored.is_some(), accepted: stored.is_some_and(|s| s["accepted"] == true) }))
}
