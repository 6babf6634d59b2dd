//! The dependent rules of the spec, written into the Dependent Information schema so the browser and the server
//! check the same thing: which relationships a tier allows, how many dependents it needs before Next, the premier
//! plans' spouse question and their one-child rule, and at most nine dependents.
//!
//! | tier | relationships | Next needs |
//! |---|---|---|
//! | IS Member + Spouse | spouse only (read-only) | exactly one spouse |
//! | IC Member + Children | children only (read-only) | exactly one child with a premier plan; otherwise exactly the children quoted (one when the quote did not ask); an existing member at least one |
//! | IF Family | one spouse and children | at least two dependents; with a premier plan, a spouse if the member said Yes, none if No |
//!
//! The spec's list reads "IC exactly 1 (at least 1 in some existing-member cases)" for the Next threshold, gives the
//! premier message 'Only one child is allowed in L713 plans for IC tier', and also offers 1 to 9 children on the
//! Member + Children tier's Dependency popup. Read together: a premier plan covers one child; another plan covers
//! exactly the children the quote was for (1 unless the person said more), so what is sent to the carrier is what was
//! quoted, and the list starts with that many rows (`from_dependency_popup`); an existing member brings dependents on
//! file and needs at least one. A person who wants to cover another child changes the number in the quote.

use crate::checks::Check;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::context::{EnrollmentContext, Tier};
use crate::i18n::{say, say_with};

/// Who counts as a spouse or a child by age, as carriers write it (workflows/enrollment.yaml,
/// `forms.dependent_info.dependent_ages`). A plan may set a lower child age limit (`eligibility.child_age_limit`);
/// the oldest spouse covered is the youngest maximum age among the cart's plans (their rate tables stop there).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DependentAges {
    /// A spouse is an adult: at least this old.
    #[schemars(range(min = 14, max = 21))]
    pub spouse_min_age: i32,
    /// A child is covered until this age (under 26: the Affordable Care Act's rule for medical plans), unless
    /// disabled.
    #[schemars(range(min = 1, max = 30))]
    pub child_age_limit: i32,
}

impl Default for DependentAges {
    fn default() -> Self {
        DependentAges { spouse_min_age: 18, child_age_limit: 26 }
    }
}

/// The limits for this cart: the workflow's, the cart plans' lower child age limit, their youngest maximum age.
pub fn age_check(ages: &DependentAges, ctx: &EnrollmentContext) -> Check {
    let child_limit = ctx.cart_child_age_limit.map_or(ages.child_age_limit, |l| l.min(ages.child_age_limit));
    let spouse_max = ctx.cart_max_age.unwrap_or(120);
    Check::DependentAge { spouse_min: ages.spouse_min_age, spouse_max, child_limit }
}

/// Dependents a person may add (spec: adding only while fewer than 9).
pub const MAX_DEPENDENTS: usize = 9;
pub const ONLY_ONE_CHILD_PREMIER: &str =
    "Only one child is allowed in L713 plans for IC tier please delete additional child to proceed further";
pub const READY: &str = "You can proceed further clicking next button";
pub const ADD_SPOUSE: &str = "Please add your spouse to proceed further";
pub const ONE_SPOUSE: &str = "Only one spouse can be added";
pub const ADD_CHILD: &str = "Please add at least one child to proceed further";
pub const ADD_FAMILY: &str = "Family coverage needs at least two dependents: please add your spouse or children";
pub const NO_SPOUSE_SAID: &str = "You answered that you have no spouse to cover: please add children only";

/// The Member + Children tier without a premier plan needs each child the quote was for.
fn children_to_add(quoted: i64, language: &str) -> String {
    say_with(language, "Your quote is for {n} children: please add each of them to continue", &[("n", &quoted)])
}

/// More children than the quote was for.
fn children_quoted(quoted: i64, language: &str) -> String {
    let message = if quoted == 1 {
        "Your quote is for 1 child. To cover another child, change the number of children in your quote on the plans page"
    } else {
        "Your quote is for {n} children. To cover another child, change the number of children in your quote on the plans page"
    };
    say_with(language, message, &[("n", &quoted)])
}

/// A premier plan is in the cart (plan type MM).
pub fn premier(ctx: &EnrollmentContext) -> bool {
    ctx.cart_plan_types.iter().any(|t| t == crate::catalogue::PREMIER)
}

/// Shapes the Dependent Information base schema for this enrollment: the tier's relationships and counts, the spouse
/// question (premier plans on the Family tier only), and each dependent's health questions when `health_info` is
/// given (the enrollment asks health questions).
pub fn shape(schema: &mut Value, ctx: &EnrollmentContext, health_info: Option<Value>, ages: &DependentAges) {
    let tier = ctx.tier.unwrap_or(Tier::IO);
    let premier = premier(ctx);
    let spouse_question = premier && tier == Tier::IF;
    let props = schema["properties"].as_object_mut().expect("Dependent Information has properties");
    if !spouse_question {
        props.remove("spouse_status");
    }
    let list = props.get_mut("dependents").expect("Dependent Information lists dependents");
    if let Some(health) = health_info {
        list["items"]["properties"]["health_info"] = health;
        push_required(&mut list["items"], "health_info");
    }
    let birthdate = &mut list["items"]["properties"]["birthdate"];
    match birthdate.get_mut("x-checks").and_then(Value::as_array_mut) {
        Some(checks) => checks.push(json!(age_check(ages, ctx))),
        None => birthdate["x-checks"] = crate::checks::list(&[age_check(ages, ctx)]),
    }
    // Only a child can be covered past the age limit for a disability.
    let disabled_applies = match tier {
        Tier::IC | Tier::IF => true,
        Tier::IO | Tier::IS => false,
    };
    if !disabled_applies {
        list["items"]["properties"].as_object_mut().map(|p| p.remove("disabled"));
    }
    let language = ctx.language.as_str();
    let say = |message: &'static str| say(language, message);
    let relationship = &mut list["items"]["properties"]["relationship"];
    let mut messages = json!({
        "maxItems": say_with(language, "You can add at most {count} dependents", &[("count", &MAX_DEPENDENTS)]),
        "maxContains": say(ONE_SPOUSE)
    });
    match tier {
        Tier::IS => {
            fix_relationship(relationship, "spouse");
            list["minItems"] = json!(1);
            list["maxItems"] = json!(1);
            messages["minItems"] = json!(say(ADD_SPOUSE));
            messages["maxItems"] = json!(say(ONE_SPOUSE));
            list["x-description"] = json!(say("Add your spouse."));
        }
        Tier::IC => {
            fix_relationship(relationship, "child");
            list["minItems"] = json!(1);
            messages["minItems"] = json!(say(ADD_CHILD));
            let existing = ctx.enrollment_type.as_deref().is_some_and(|t| t.starts_with("existing"));
            if premier {
                list["maxItems"] = json!(1);
                messages["maxItems"] = json!(say(ONLY_ONE_CHILD_PREMIER));
            } else if !existing {
                let quoted = ctx.children_quoted.filter(|n| (1..=MAX_DEPENDENTS as i64).contains(n)).unwrap_or(1);
                list["minItems"] = json!(quoted);
                list["maxItems"] = json!(quoted);
                if quoted > 1 {
                    messages["minItems"] = json!(children_to_add(quoted, language));
                }
                messages["maxItems"] = json!(children_quoted(quoted, language));
            }
            list["x-description"] = json!(say("Add your children."));
        }
        Tier::IF => {
            relationship["x-messages"] = json!({ "enum": say("Please choose Spouse or Child") });
            // Not the person's to choose here either: the relationship follows the list. A new dependent is the spouse
            // while none is listed (and the premier spouse question was not answered No), a child after that
            // (`x-new-item`: the first rule whose `if` holds for `{ form, items }` gives the new item its values).
            // Locked in the form (`x-locked`), not read-only in the schema: the value is the item's, which the server
            // keeps and checks, where a read-only one would be the server's to fill.
            relationship["x-locked"] = json!(true);
            list["x-new-item"] = json!([
                { "if": { "properties": {
                    "items": { "not": { "contains": spouse() } },
                    "form": { "properties": { "spouse_status": { "not": { "const": "0" } } } }
                } }, "set": { "relationship": "spouse" } },
                { "set": { "relationship": "child" } }
            ]);
            list["minItems"] = json!(2);
            messages["minItems"] = json!(say(ADD_FAMILY));
            list["contains"] = spouse();
            list["minContains"] = json!(0);
            list["maxContains"] = json!(1);
            list["x-description"] = json!(say("Add your spouse and your children."));
        }
        Tier::IO => {
            list["maxItems"] = json!(0);
            messages["maxItems"] = json!(say("Member Only coverage has no dependents"));
        }
    }
    list["x-messages"] = messages;
    list["x-ready"] = json!(say(READY));
    if spouse_question {
        // Yes: a spouse must be among the dependents. No: none may be.
        let rules = schema.as_object_mut().expect("an object schema").entry("allOf").or_insert_with(|| json!([]));
        let rules = rules.as_array_mut().expect("allOf is a list");
        rules.push(json!({ "required": ["spouse_status"] }));
        rules.push(json!({
            "if": { "properties": { "spouse_status": { "const": "1" } }, "required": ["spouse_status"] },
            "then": { "properties": { "dependents": { "contains": spouse(), "minContains": 1 } } },
        }));
        rules.push(json!({
            "if": { "properties": { "spouse_status": { "const": "0" } }, "required": ["spouse_status"] },
            "then": { "properties": { "dependents": { "not": { "contains": spouse() } } } },
        }));
        let messages = &mut schema["properties"]["dependents"]["x-messages"];
        messages["minContains"] = json!(say(ADD_SPOUSE));
        messages["not"] = json!(say(NO_SPOUSE_SAID));
    }
}

/// A member's dependents on file kept for a tier (spec: IS keeps only spouses, IC only children, IF all with one
/// spouse; IO none).
pub fn keep_for_tier(dependents: &[Value], tier: Tier) -> Vec<Value> {
    let mut spouse_kept = false;
    dependents
        .iter()
        .filter(|d| {
            let is_spouse = d["relationship"] == "spouse";
            match tier {
                Tier::IO => false,
                Tier::IS => is_spouse,
                Tier::IC => !is_spouse,
                Tier::IF if is_spouse && spouse_kept => false,
                Tier::IF => {
                    spouse_kept |= is_spouse;
                    true
                }
            }
        })
        .cloned()
        .collect()
}

fn spouse() -> Value {
    json!({ "properties": { "relationship": { "const": "spouse" } }, "required": ["relationship"] })
}

/// The tier decides the relationship: shown read-only, filled in by default.
fn fix_relationship(relationship: &mut Value, value: &str) {
    relationship["const"] = json!(value);
    relationship["default"] = json!(value);
    relationship["readOnly"] = json!(true);
}

fn push_required(schema: &mut Value, name: &str) {
    match schema.get_mut("required").and_then(Value::as_array_mut) {
        Some(required) => required.push(json!(name)),
        None => schema["required"] = json!([name]),
    }
}
