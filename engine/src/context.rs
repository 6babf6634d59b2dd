//! An enrollment's context and the small condition language that workflow rules are written in.
//!
//! Rules in `workflows/` never name code: they name facts of the context (`tier`, `eprocess`, `group_id`, what is in
//! the cart) and the engine evaluates them here. Every key of a [`Condition`] that is present must hold (AND); each
//! key lists accepted values (OR); `all`, `any` and `not` combine conditions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Who a quote covers: the member alone, with a spouse, with children, or the family.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Tier {
    /// Member Only
    #[default]
    IO,
    /// Member + Spouse
    IS,
    /// Member + Children
    IC,
    /// Family
    IF,
}

impl Tier {
    pub const ALL: [Tier; 4] = [Tier::IO, Tier::IS, Tier::IC, Tier::IF];

    /// The tier of a household of the member, with a spouse or not, with children or not.
    pub fn of_household(spouse: bool, children: bool) -> Tier {
        match (spouse, children) {
            (false, false) => Tier::IO,
            (true, false) => Tier::IS,
            (false, true) => Tier::IC,
            (true, true) => Tier::IF,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Tier::IO => "IO",
            Tier::IS => "IS",
            Tier::IC => "IC",
            Tier::IF => "IF",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Tier::IO => "Member Only",
            Tier::IS => "Member + Spouse",
            Tier::IC => "Member + Children",
            Tier::IF => "Family",
        }
    }

    /// The tier's name as a person reads it; on a premier plan, which covers one child, the children tier is "Member +
    /// 1 Child".
    pub fn label_for(self, premier: bool) -> &'static str {
        match self {
            Tier::IC if premier => "Member + 1 Child",
            other => other.label(),
        }
    }

    /// The tiers as a form's choices (`oneOf` of `{ const, title }`), in their order, named in `language`.
    pub fn choices(premier: bool, language: &str) -> Vec<serde_json::Value> {
        Tier::ALL
            .iter()
            .map(
                |t| serde_json::json!({ "const": t.code(), "title": crate::i18n::say(language, t.label_for(premier)) }),
            )
            .collect()
    }

    pub fn parse(code: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.code() == code)
    }
}

/// Who drives the enrollment (the spec's `eprocess`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "lowercase")]
pub enum Eprocess {
    Rep,
    #[default]
    Applicant,
    Group,
}

impl Eprocess {
    pub fn parse(text: &str) -> Option<Eprocess> {
        match text {
            "rep" => Some(Eprocess::Rep),
            "applicant" => Some(Eprocess::Applicant),
            "group" => Some(Eprocess::Group),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Eprocess::Rep => "rep",
            Eprocess::Applicant => "applicant",
            Eprocess::Group => "group",
        }
    }
}

/// The facts workflow rules may look at.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnrollmentContext {
    /// new-member, new-group-member, existing-member (the spec also uses existing-user).
    pub enrollment_type: Option<String>,
    pub eprocess: Eprocess,
    pub group_id: Option<i64>,
    pub tier: Option<Tier>,
    pub state: Option<String>,
    /// Categories of the plans in the cart (medical, dental, ...).
    pub cart_categories: Vec<String>,
    /// Plan type codes in the cart (MM marks a premier plan).
    pub cart_plan_types: Vec<String>,
    /// The category of the plan a popup or offer is about, when there is one.
    pub plan_category: Option<String>,
    /// The plan type of that plan.
    pub plan_type: Option<String>,
    /// The youngest maximum age among the cart's plans: the oldest a covered spouse may be.
    pub cart_max_age: Option<i32>,
    /// The lowest child age limit among the cart's plans that set one.
    pub cart_child_age_limit: Option<i32>,
    /// The number of children the quote was asked for (the Dependency popup's answer), when it was asked.
    pub children_quoted: Option<i64>,
    /// The cart's plans that ask questions of their own in the application (plans' questionnaires): only those, so
    /// that enrollments alike share their forms.
    #[serde(default)]
    pub cart_plans: Vec<i64>,
    /// The language of the person the forms are drawn for (`es`; empty or `en` is English): their authors' words
    /// (a carrier's questions and labels) are resolved in it where they are drawn, and forms are kept per language.
    #[serde(default)]
    pub language: String,
}

/// A condition over the [`EnrollmentContext`]; an empty condition always holds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// Holds when the enrollment type is one of these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enrollment_type: Option<Vec<String>>,
    /// Holds when the process is one of these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eprocess: Option<Vec<Eprocess>>,
    /// Holds when the enrollment's group is one of these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_id: Option<Vec<i64>>,
    /// Holds when the tier is one of these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tier: Option<Vec<Tier>>,
    /// Holds when the filter's state is one of these two-letter codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<Vec<String>>,
    /// Holds when the cart holds a plan of one of these categories.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cart_category: Option<Vec<String>>,
    /// Holds when the cart holds one of these plans. Set only by a plan's own questionnaire (its questions in the
    /// application are asked when the cart holds it), never written in a file.
    #[serde(skip)]
    #[schemars(skip)]
    pub cart_plan: Option<Vec<i64>>,
    /// Holds when the cart holds a plan of one of these plan types (MM = premier).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cart_plan_type: Option<Vec<String>>,
    /// Holds when the plan a popup is about is of one of these categories.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan_category: Option<Vec<String>>,
    /// Holds when the plan a popup is about is of one of these plan types (MM = premier).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan_type: Option<Vec<String>>,
    /// Holds when every one of these holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all: Option<Vec<Condition>>,
    /// Holds when at least one of these holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub any: Option<Vec<Condition>>,
    /// Holds when this does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not: Option<Box<Condition>>,
}

fn one_of<T: PartialEq>(accepted: &Option<Vec<T>>, actual: Option<&T>) -> bool {
    match accepted {
        None => true,
        Some(list) => actual.is_some_and(|a| list.contains(a)),
    }
}

fn overlaps<T: PartialEq>(accepted: &Option<Vec<T>>, actual: &[T]) -> bool {
    match accepted {
        None => true,
        Some(list) => actual.iter().any(|a| list.contains(a)),
    }
}

impl Condition {
    pub fn holds(&self, ctx: &EnrollmentContext) -> bool {
        one_of(&self.enrollment_type, ctx.enrollment_type.as_ref())
            && one_of(&self.eprocess, Some(&ctx.eprocess))
            && one_of(&self.group_id, ctx.group_id.as_ref())
            && one_of(&self.tier, ctx.tier.as_ref())
            && one_of(&self.state, ctx.state.as_ref())
            && overlaps(&self.cart_category, &ctx.cart_categories)
            && overlaps(&self.cart_plan_type, &ctx.cart_plan_types)
            && overlaps(&self.cart_plan, &ctx.cart_plans)
            && one_of(&self.plan_category, ctx.plan_category.as_ref())
            && one_of(&self.plan_type, ctx.plan_type.as_ref())
            && self.all.as_ref().is_none_or(|all| all.iter().all(|c| c.holds(ctx)))
            && self.any.as_ref().is_none_or(|any| any.iter().any(|c| c.holds(ctx)))
            && self.not.as_ref().is_none_or(|not| !not.holds(ctx))
    }
}

/// A yes/no setting that is either fixed or depends on the context: `true`, `false` or `{ when: <condition> }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Flag {
    Fixed(bool),
    When {
        /// The setting is on exactly when this condition holds.
        when: Box<Condition>,
    },
}

impl Default for Flag {
    fn default() -> Self {
        Flag::Fixed(false)
    }
}

impl Flag {
    pub fn on(&self, ctx: &EnrollmentContext) -> bool {
        match self {
            Flag::Fixed(value) => *value,
            Flag::When { when } => when.holds(ctx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> EnrollmentContext {
        EnrollmentContext {
            enrollment_type: Some("new-group-member".into()),
            eprocess: Eprocess::Rep,
            group_id: Some(2556),
            tier: Some(Tier::IF),
            state: Some("GA".into()),
            cart_categories: vec!["medical".into(), "dental".into()],
            cart_plan_types: vec!["MM".into()],
            plan_category: Some("term_life".into()),
            plan_type: Some("STD".into()),
            ..EnrollmentContext::default()
        }
    }

    fn cond(yaml: &str) -> Condition {
        serde_yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn every_key_of_a_condition_must_hold_and_any_listed_value_satisfies_a_key() {
        let cases = [
            ("{}", true),
            ("{ tier: [IS, IF] }", true),
            ("{ tier: [IO] }", false),
            ("{ tier: [IF], eprocess: [applicant] }", false),
            ("{ group_id: [2556, 2512], eprocess: [rep] }", true),
            ("{ cart_category: [medical] }", true),
            ("{ cart_category: [pet] }", false),
            ("{ cart_plan_type: [MM] }", true),
            ("{ enrollment_type: [existing-member] }", false),
            ("{ state: [GA, FL] }", true),
            ("{ not: { tier: [IO] } }", true),
            ("{ plan_category: [term_life, accident] }", true),
            ("{ plan_type: [MM] }", false),
            ("{ any: [ { tier: [IO] }, { eprocess: [rep] } ] }", true),
            ("{ all: [ { tier: [IF] }, { eprocess: [group] } ] }", false),
        ];
        for (yaml, expected) in cases {
            assert_eq!(cond(yaml).holds(&ctx()), expected, "{yaml}");
        }
    }

    #[test]
    fn a_condition_on_a_fact_the_enrollment_lacks_does_not_hold() {
        let empty = EnrollmentContext::default();
        assert!(!cond("{ group_id: [2556] }").holds(&empty));
        assert!(!cond("{ tier: [IO] }").holds(&empty));
    }
}
