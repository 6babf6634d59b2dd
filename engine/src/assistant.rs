//! The help assistant's conversation (data from `workflows/assistant.yaml`, `kind: assistant`): its greeting, its
//! closing words and its questions, each with the kind of answer it takes. The api keeps the answers per device and
//! site; this module says which question comes next and whether an answer is one the question takes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The words the chat says when every question is answered, unless the file says otherwise.
pub const THANK_YOU: &str = "Thank you for the visit.";

/// The longest answer kept.
pub const MAX_ANSWER: usize = 1000;

/// The help assistant's script.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Assistant {
    /// Always `assistant`.
    pub kind: String,
    /// What the assistant says first.
    pub greeting: String,
    /// What it says when no question remains.
    #[serde(default = "thank_you")]
    pub closing: String,
    /// Asked in this order; a question already answered on the site is not asked again.
    pub questions: Vec<AssistQuestion>,
}

fn thank_you() -> String {
    THANK_YOU.to_string()
}

impl Default for Assistant {
    /// No questions: the chat greets and thanks.
    fn default() -> Self {
        Assistant { kind: "assistant".into(), greeting: "Hello!".into(), closing: thank_you(), questions: Vec::new() }
    }
}

/// One question of the assistant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssistQuestion {
    /// A number that never changes for this question (answers are kept under it).
    pub id: i64,
    pub question: String,
    /// What answer it takes; free text when not said.
    #[serde(default)]
    pub answer: AnswerKind,
}

/// The kind of answer a question takes.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum AnswerKind {
    #[default]
    Text,
    /// A five-digit ZIP code.
    Zip,
    Email,
    /// A ten-digit US phone number.
    Phone,
    /// One of the options, as written.
    Choice {
        options: Vec<String>,
    },
}

impl AnswerKind {
    /// The answer as kept (trimmed, a phone number's digits only), or the words in `language` that say what is
    /// wrong.
    pub fn check(&self, answer: &str, language: &str) -> Result<String, String> {
        let say = |message: &str| crate::i18n::say(language, message).to_string();
        let answer = answer.trim();
        if answer.is_empty() {
            return Err(say("Please type your answer"));
        }
        if answer.chars().count() > MAX_ANSWER {
            return Err(crate::i18n::say_with(
                language,
                "Please keep your answer under {n} characters",
                &[("n", &MAX_ANSWER)],
            ));
        }
        match self {
            AnswerKind::Text => Ok(answer.to_string()),
            AnswerKind::Zip if answer.len() == 5 && answer.bytes().all(|b| b.is_ascii_digit()) => Ok(answer.into()),
            AnswerKind::Zip => Err(say("Please enter a 5-digit ZIP code")),
            AnswerKind::Email if looks_like_email(answer) => Ok(answer.to_string()),
            AnswerKind::Email => Err(say("Please enter a valid email address")),
            AnswerKind::Phone => {
                let digits: String = answer.chars().filter(char::is_ascii_digit).collect();
                let digits = digits.strip_prefix('1').filter(|d| d.len() == 10).map(str::to_string).unwrap_or(digits);
                let only_phone_characters = answer.chars().all(|c| c.is_ascii_digit() || " ()-.+".contains(c));
                if digits.len() == 10 && only_phone_characters {
                    Ok(digits)
                } else {
                    Err(say("Please enter a 10-digit phone number"))
                }
            }
            // An option is offered in the reader's words and kept as written.
            AnswerKind::Choice { options } => options
                .iter()
                .find(|o| o.eq_ignore_ascii_case(answer) || crate::i18n::say(language, o).eq_ignore_ascii_case(answer))
                .cloned()
                .ok_or_else(|| {
                    let said: Vec<&str> = options.iter().map(|o| crate::i18n::say(language, o)).collect();
                    crate::i18n::say_with(language, "Please answer one of: {options}", &[("options", &said.join(", "))])
                }),
        }
    }

    /// The answer's JSON Schema, for the chat's input.
    pub fn schema(&self) -> Value {
        let text = json!({ "type": "string", "minLength": 1, "maxLength": MAX_ANSWER });
        match self {
            AnswerKind::Text => text,
            AnswerKind::Zip => json!({ "type": "string", "pattern": "^[0-9]{5}$", "x-widget": "zip" }),
            AnswerKind::Email => json!({ "type": "string", "format": "email", "maxLength": 254, "x-widget": "email" }),
            AnswerKind::Phone => json!({ "type": "string", "pattern": "^[0-9 ()+.-]{10,20}$", "x-widget": "phone" }),
            AnswerKind::Choice { options } => json!({ "type": "string", "enum": options }),
        }
    }
}

fn looks_like_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !text.chars().any(|c| c.is_whitespace() || c == ',')
        && !domain.contains('@')
        && text.len() <= 254
}

impl Assistant {
    pub fn question(&self, id: i64) -> Option<&AssistQuestion> {
        self.questions.iter().find(|q| q.id == id)
    }

    /// The first question not yet answered.
    pub fn next<'a>(&'a self, answered: &[i64]) -> Option<&'a AssistQuestion> {
        self.questions.iter().find(|q| !answered.contains(&q.id))
    }

    /// What the format cannot say: ids are unique, words are not empty, a choice has options.
    pub fn check(&self) -> Result<(), (String, String)> {
        if self.kind != "assistant" {
            return Err(("/kind".into(), "must be assistant".into()));
        }
        if self.greeting.trim().is_empty() || self.closing.trim().is_empty() {
            return Err(("/greeting".into(), "the greeting and the closing words must not be empty".into()));
        }
        for (i, q) in self.questions.iter().enumerate() {
            if self.questions[..i].iter().any(|p| p.id == q.id) {
                return Err((format!("/questions/{i}/id"), format!("question id {} is used twice", q.id)));
            }
            if q.question.trim().is_empty() {
                return Err((format!("/questions/{i}/question"), "a question must have words".into()));
            }
            if let AnswerKind::Choice { options } = &q.answer {
                if options.is_empty() || options.iter().any(|o| o.trim().is_empty()) {
                    return Err((format!("/questions/{i}/answer"), "a choice needs options with words".into()));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assistant() -> Assistant {
        serde_yaml::from_str(
            "kind: assistant\ngreeting: Hi\nquestions:\n  - { id: 1, question: Name? }\n  - { id: 2, question: ZIP?, answer: { type: zip } }\n",
        )
        .unwrap()
    }

    #[test]
    fn the_next_question_is_the_first_one_not_answered_and_none_remains_at_the_end() {
        let a = assistant();
        assert_eq!(a.next(&[]).unwrap().id, 1);
        assert_eq!(a.next(&[1]).unwrap().id, 2);
        assert!(a.next(&[2, 1]).is_none());
        assert_eq!(a.closing, THANK_YOU, "the closing words default to the spec's");
    }

    #[test]
    fn answers_are_checked_by_the_kind_the_question_takes() {
        assert_eq!(AnswerKind::Zip.check(" 30303 ", "en"), Ok("30303".into()));
        assert_eq!(AnswerKind::Zip.check("3030", "en"), Err("Please enter a 5-digit ZIP code".into()));
        assert_eq!(AnswerKind::Phone.check("(404) 555-0191", "en"), Ok("4045550191".into()));
        assert_eq!(AnswerKind::Phone.check("+1 404 555 0191", "en"), Ok("4045550191".into()));
        assert!(AnswerKind::Phone.check("call me", "en").is_err());
        assert!(AnswerKind::Email.check("ana@example.com", "en").is_ok());
        assert!(AnswerKind::Email.check("ana@example", "en").is_err());
        let choice = AnswerKind::Choice { options: vec!["Myself".into(), "My family".into()] };
        assert_eq!(choice.check("my family", "en"), Ok("My family".into()));
        assert_eq!(choice.check("my dog", "en"), Err("Please answer one of: Myself, My family".into()));
        assert_eq!(AnswerKind::Text.check("   ", "en"), Err("Please type your answer".into()));
        assert!(AnswerKind::Text.check(&"x".repeat(MAX_ANSWER + 1), "en").is_err());
    }

    #[test]
    fn a_script_with_a_repeated_id_is_refused() {
        let mut a = assistant();
        a.questions[1].id = 1;
        assert_eq!(a.check().unwrap_err().0, "/questions/1/id");
    }
}
