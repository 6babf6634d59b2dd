//! The spec's own calls for the popups on a plan: eligibility ("aflac") questions, the dependents' dates, the health
//! questions and their answers. They read and write the same answers as the step protocol.

use axum::extract::State;
use engine::shop::{EligibilityQuestion, HealthQuestion};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::enrollment::Filter;
use crate::domain::shop::questions;
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

impl DependentDates {
    fn of(filter: Filter) -> DependentDates {
        DependentDates { spouse_dob: filter.spouse_dob, no_of_children: filter.no_of_children }
    }
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

impl From<&HealthQuestion> for HealthQuestionRow {
    fn from(q: &HealthQuestion) -> HealthQuestionRow {
        let option = |option_id, option_text| QuestionOption { option_id, option_text, option_group: "yes_no" };
        HealthQuestionRow {
            question_id: q.question_id,
            question_text: q.question_text.in_language(crate::language::current()).to_string(),
            question_sub_type: "checkbox",
            options: vec![option(1, "Yes"), option(0, "No")],
            require_detail: false,
        }
    }
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
    Ok(MaybeAnswer(questions::eligibility(&state, &e, &query.plan_id).await?.map(|(set, answers)| {
        EligibilityQuestions {
            status_code: 200,
            result: set.questions.iter().map(EligibilityRow::from).collect(),
            answers,
        }
    })))
}

/// `save-aflac-questions { enrollment_id, plan_id, aflac_data: [{ qid, true_condition }] }`.
pub async fn save_aflac_questions(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<EligibilityAnswers>,
) -> ApiResult<Answer<Message>> {
    questions::answer_eligibility(&state, &e, &body.plan_id, &body.aflac_data).await?;
    Ok(Answer(Message::said("Eligibility answers saved")))
}

/// `store-temp-dependent-info { enrollment_id, plan_id, dep_dob | no_of_children }`: either value alone, checked with
/// the dependency popup's rules (the one not sent is not required here); the other is kept.
pub async fn store_temp_dependent_info(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<TempDependentInfo>,
) -> ApiResult<Answer<DependentDates>> {
    let filter = questions::keep_dependents(&state, &e, &body.plan_id, &body.dep_dob, &body.no_of_children).await?;
    Ok(Answer(DependentDates::of(filter)))
}

/// `get-temp-dependent-info { enrollment_id }`: spouse_dob and no_of_children of the quote.
pub async fn get_temp_dependent_info(OwnedQuery(e, _): OwnedQuery<Nothing>) -> ApiResult<Answer<DependentDates>> {
    Ok(Answer(DependentDates::of(e.filter)))
}

/// The dependent-date check (the spec's `{hash}` call) `{ enrollment_id, plan_id }`: whether the spouse's date of
/// birth is known and within the plan's ages (`status`), and the date (`depdob`).
pub async fn check_dependent_dob(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<Answer<DependentDob>> {
    let status = questions::spouse_within_ages(&state, &e, &query.plan_id)?;
    Ok(Answer(DependentDob { status, depdob: e.filter.spouse_dob }))
}

/// `get-questions { enrollment_id, plan_id, type }`: the plan's health questions in the spec's shape.
pub async fn get_questions(
    State(state): State<AppState>,
    OwnedQuery(e, query): OwnedQuery<PlanRef>,
) -> ApiResult<Answer<Listed<Vec<HealthQuestionRow>>>> {
    let set = questions::health_questions(&state, &e, &query.plan_id)?;
    let result = set.map(|set| set.questions.iter().map(HealthQuestionRow::from).collect()).unwrap_or_default();
    Ok(Answer(Listed { result }))
}

/// `save-question-answers { enrollment_id, plan_id, answers: [{ question_id, yes_no_flag }] }`: errorCode decline with
/// data.error_message, otherwise data.success_message.
pub async fn save_question_answers(
    State(state): State<AppState>,
    OwnedJson(e, body): OwnedJson<HealthAnswers>,
) -> ApiResult<Answer<HealthAccepted>> {
    match questions::answer_health(&state, &e, &body.plan_id, &body.answers).await {
        Ok(success_message) => Ok(Answer(HealthAccepted { success_message })),
        // The spec's popup reads a decline's words under data.error_message.
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
    let (result, accepted) = questions::health_answered(&state, &e, &query.plan_id).await?;
    Ok(Answer(AlreadyAnswered { result, accepted }))
}
