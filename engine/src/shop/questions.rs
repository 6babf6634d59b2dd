//! Eligibility and health question sets: answers in the spec's list shape, and the decisions they lead to.

use serde_json::{json, Map, Value};

use crate::shop::{EligibilitySet, HealthSet};

/// The eligibility answers as the spec's `aflac_data`: a list of `{ qid, true_condition }` where true_condition is 1
/// for Yes and 0 for No.
pub fn eligibility_as_list(answers: &Value) -> Value {
    let list: Vec<Value> = answers
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| {
            let qid: i64 = k.strip_prefix('q')?.parse().ok()?;
            Some(json!({ "qid": qid, "true_condition": i32::from(v == "Yes") }))
        })
        .collect();
    Value::Array(list)
}

/// The spec's `aflac_data` list back into the popup's answers.
pub fn eligibility_from_list(list: &Value) -> Value {
    let mut answers = Map::new();
    for item in list.as_array().into_iter().flatten() {
        let qid = item.get("qid").and_then(|q| q.as_i64().or_else(|| q.as_str()?.parse().ok()));
        let yes = item.get("true_condition").and_then(|t| t.as_i64().or_else(|| t.as_str()?.parse().ok()));
        if let (Some(qid), Some(yes)) = (qid, yes) {
            answers.insert(format!("q{qid}"), json!(if yes == 1 { "Yes" } else { "No" }));
        }
    }
    Value::Object(answers)
}

/// Whether stored eligibility answers satisfy the set: every question answered and each true_condition 1 with Yes.
pub fn eligibility_met(set: &EligibilitySet, answers: &Value) -> bool {
    set.questions.iter().all(|q| match answers.get(format!("q{}", q.qid)).and_then(Value::as_str) {
        Some("Yes") => true,
        Some("No") => q.true_condition == 0,
        _ => false,
    })
}

/// The outcome of a set of health answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HealthDecision {
    Accepted(String),
    Declined(String),
}

/// Said after a decline when the questions are answered again: underwriting decisions are not undone by answering
/// differently. A person reopens them (`enroll reopen-health-questions`), and that is audited.
pub const DECISION_STANDS: &str =
    "This decision stands for this application. A licensed agent can review it with you and, if the carrier agrees, reopen the questions.";

/// The words a new answer set is refused with when an earlier one was declined, the carrier's in `language`; `None`
/// when the set may be answered (never answered, or accepted: an accepted applicant may correct an answer, and is
/// declined if it knocks out).
pub fn decline_stands(set: &HealthSet, previous: Option<&Value>, language: &str) -> Option<String> {
    let declined = previous.is_some_and(|p| p.get("accepted") == Some(&Value::Bool(false)));
    declined.then(|| {
        format!("{} {}", set.decline_message.in_language(language), crate::i18n::say(language, DECISION_STANDS))
    })
}

/// Accepted (with the set's message, in `language`) unless a knock-out question is answered Yes.
pub fn health_decision(set: &HealthSet, answers: &Value, language: &str) -> HealthDecision {
    let knocked_out = set
        .questions
        .iter()
        .any(|q| q.decline_on_yes && answers.get(format!("q{}", q.question_id)).and_then(Value::as_str) == Some("Yes"));
    if knocked_out {
        HealthDecision::Declined(set.decline_message.in_language(language).to_string())
    } else {
        HealthDecision::Accepted(set.success_message.in_language(language).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> HealthSet {
        serde_yaml::from_str(
            "name: life\nplans: [1403]\ndecline_message: We cannot offer this plan online.\nquestions:\n  - { question_id: 1, question_text: Treated for cancer? }\n",
        )
        .unwrap()
    }

    #[test]
    fn a_decline_stands_when_the_questions_are_answered_again_and_an_acceptance_may_be_corrected() {
        let set = set();
        assert_eq!(decline_stands(&set, None, "en"), None, "never answered");
        assert_eq!(decline_stands(&set, Some(&json!({ "answers": {}, "accepted": true })), "en"), None);
        let stands =
            decline_stands(&set, Some(&json!({ "answers": { "q1": "Yes" }, "accepted": false })), "en").unwrap();
        assert!(stands.starts_with("We cannot offer this plan online. This decision stands"), "{stands}");
        assert_eq!(
            health_decision(&set, &json!({ "q1": "Yes" }), "en"),
            HealthDecision::Declined(set.decline_message.en.clone())
        );
    }
}
