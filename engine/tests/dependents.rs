//! Dependent Information: the tier decides who may be added and how many before Next, with the spec's messages.

mod common;

use common::shipped_workflow;
use engine::context::{EnrollmentContext, Tier};
use engine::dependents::{ADD_CHILD, ADD_FAMILY, ADD_SPOUSE, NO_SPOUSE_SAID, ONE_SPOUSE, ONLY_ONE_CHILD_PREMIER};
use engine::schema::{compose, ComposedForm};
use engine::selection::navigation;
use engine::tabs::TabName;
use engine::validation::clean;
use engine::workflow::{PrefillValues, WizardWorkflow};
use serde_json::{json, Value};

fn workflow() -> WizardWorkflow {
    shipped_workflow()
}

fn ctx(tier: Tier, premier: bool) -> EnrollmentContext {
    EnrollmentContext {
        tier: Some(tier),
        cart_categories: vec![if premier { "medical" } else { "dental" }.into()],
        cart_plan_types: vec![if premier { "MM" } else { "STD" }.into()],
        ..EnrollmentContext::default()
    }
}

fn form(tier: Tier, premier: bool) -> ComposedForm {
    let wf = workflow();
    compose(
        TabName::DependentInfo,
        wf.forms.get(&TabName::DependentInfo),
        &ctx(tier, premier),
        &PrefillValues::default(),
        &json!({}),
    )
    .unwrap()
}

/// The errors of a submission given by value, as the tables below write them.
fn errors(form: &ComposedForm, submitted: Value) -> Vec<(String, String)> {
    common::errors(form, &submitted)
}

fn person(first: &str, relationship: &str, dob: &str) -> Value {
    json!({ "first_name": first, "last_name": "Okafor", "gender": "1", "ssn": "219-09-9999", "birthdate": dob,
            "relationship": relationship, "height_feet": 5, "height_inch": 4, "weight": 130 })
}

fn spouse() -> Value {
    person("Sam", "spouse", "02/14/1985")
}

fn child(first: &str) -> Value {
    person(first, "child", "06/01/2015")
}

#[test]
fn the_dependents_step_is_asked_for_every_tier_but_member_only() {
    let wf = workflow();
    for (tier, asked) in [(Tier::IO, false), (Tier::IS, true), (Tier::IC, true), (Tier::IF, true)] {
        assert_eq!(navigation(&wf, &ctx(tier, false)).contains(&TabName::DependentInfo), asked, "{tier:?}");
    }
}

/// Tier, premier plan in the cart, what is submitted, the errors expected.
type Case = (Tier, bool, Value, Vec<(&'static str, &'static str)>);

#[test]
fn each_tier_allows_its_relationships_and_counts_with_the_spec_messages() {
    let one = |d: Value| json!({ "dependents": [d] });
    let cases: Vec<Case> = vec![
        // Member + Spouse: one spouse, and the tier fills the relationship in whatever is sent.
        (Tier::IS, false, json!({ "dependents": [] }), vec![("dependents", ADD_SPOUSE)]),
        (Tier::IS, false, one(spouse()), vec![]),
        // ... so an 11-year-old sent as a child is refused as a spouse.
        (Tier::IS, false, one(child("Ada")), vec![("dependents.0.birthdate", "A spouse must be 18 or older")]),
        (Tier::IS, false, json!({ "dependents": [spouse(), spouse()] }), vec![("dependents", ONE_SPOUSE)]),
        // Member + Children: the children quoted (one when the quote did not ask); a premier plan takes exactly one.
        (Tier::IC, false, json!({}), vec![("dependents", "Field is required")]),
        (Tier::IC, false, one(child("Ada")), vec![]),
        (
            Tier::IC,
            false,
            json!({ "dependents": [child("Ada"), child("Ben")] }),
            vec![("dependents", ONE_CHILD_QUOTED)],
        ),
        (Tier::IC, false, json!({ "dependents": [] }), vec![("dependents", ADD_CHILD)]),
        (
            Tier::IC,
            true,
            json!({ "dependents": [child("Ada"), child("Ben")] }),
            vec![("dependents", ONLY_ONE_CHILD_PREMIER)],
        ),
        (Tier::IC, true, one(child("Ada")), vec![]),
        // Family: two or more, at most one spouse.
        (Tier::IF, false, one(spouse()), vec![("dependents", ADD_FAMILY)]),
        (Tier::IF, false, json!({ "dependents": [spouse(), child("Ada")] }), vec![]),
        (Tier::IF, false, json!({ "dependents": [child("Ada"), child("Ben")] }), vec![]),
        (
            Tier::IF,
            false,
            json!({ "dependents": [spouse(), spouse(), child("Ada")] }),
            vec![("dependents", ONE_SPOUSE)],
        ),
        (
            Tier::IF,
            false,
            json!({ "dependents": [spouse(), person("Ada", "parent", "06/01/2015")] }),
            vec![("dependents.1.relationship", "Please choose Spouse or Child")],
        ),
    ];
    for (tier, premier, submitted, expected) in cases {
        let expected: Vec<(String, String)> = expected.into_iter().map(|(a, b)| (a.into(), b.into())).collect();
        assert_eq!(errors(&form(tier, premier), submitted.clone()), expected, "{tier:?} premier={premier} {submitted}");
    }
}

const ONE_CHILD_QUOTED: &str =
    "Your quote is for 1 child. To cover another child, change the number of children in your quote on the plans page";

#[test]
fn member_and_children_covers_the_children_quoted_and_an_existing_member_at_least_one() {
    let form_for = |children_quoted: Option<i64>, enrollment_type: &str| {
        let context = EnrollmentContext {
            children_quoted,
            enrollment_type: Some(enrollment_type.into()),
            ..ctx(Tier::IC, false)
        };
        compose(
            TabName::DependentInfo,
            workflow().forms.get(&TabName::DependentInfo),
            &context,
            &PrefillValues::default(),
            &json!({}),
        )
        .unwrap()
    };
    let three = json!({ "dependents": [child("Ada"), child("Ben"), child("Cy")] });
    let two = json!({ "dependents": [child("Ada"), child("Ben")] });
    assert_eq!(errors(&form_for(Some(3), "new-member"), three.clone()), vec![]);
    assert_eq!(
        errors(&form_for(Some(3), "new-member"), two.clone()),
        vec![(
            "dependents".to_string(),
            "Your quote is for 3 children: please add each of them to continue".to_string()
        )]
    );
    assert_eq!(errors(&form_for(None, "existing-member"), three), vec![], "a member's dependents on file");
    assert_eq!(errors(&form_for(Some(1), "existing-user"), two), vec![]);
}

#[test]
fn nine_dependents_at_most() {
    let mut list = vec![spouse()];
    list.extend((0..8).map(|i| child(&format!("Kid{}", (b'A' + i) as char))));
    assert_eq!(errors(&form(Tier::IF, false), json!({ "dependents": list.clone() })), vec![]);
    list.push(child("Zed"));
    assert_eq!(
        errors(&form(Tier::IF, false), json!({ "dependents": list })),
        vec![("dependents".into(), "You can add at most 9 dependents".into())]
    );
}

#[test]
fn a_premier_family_answers_the_spouse_question_and_the_list_follows_the_answer() {
    let f = form(Tier::IF, true);
    assert!(f.schema["properties"].get("spouse_status").is_some());
    assert!(form(Tier::IF, false).schema["properties"].get("spouse_status").is_none(), "asked with premier plans only");
    assert!(form(Tier::IC, true).schema["properties"].get("spouse_status").is_none(), "and on the Family tier only");
    let family = json!([spouse(), child("Ada")]);
    assert_eq!(
        errors(&f, json!({ "dependents": family })),
        vec![("spouse_status".into(), "Please select spouse status".into())]
    );
    assert_eq!(errors(&f, json!({ "spouse_status": "1", "dependents": family })), vec![]);
    assert_eq!(
        errors(&f, json!({ "spouse_status": "1", "dependents": [child("Ada"), child("Ben")] })),
        vec![("dependents".into(), ADD_SPOUSE.into())]
    );
    assert_eq!(
        errors(&f, json!({ "spouse_status": "0", "dependents": family })),
        vec![("dependents".into(), NO_SPOUSE_SAID.into())]
    );
    assert_eq!(errors(&f, json!({ "spouse_status": "0", "dependents": [child("Ada"), child("Ben")] })), vec![]);
}

#[test]
fn each_dependent_answers_the_spec_field_messages() {
    let f = form(Tier::IC, true);
    let cases = [
        ("first_name", json!(""), "Field is required"),
        ("first_name", json!("4da"), "Please enter valid first name"),
        ("last_name", json!(null), "Field is required"),
        ("ssn", json!("12345"), "Invalid Social Security Number"),
        ("birthdate", json!("11/22/2026"), "Date cannot be today or a future date"),
        ("birthdate", json!("13/01/2015"), "Please enter a valid date (MM/DD/YYYY)"),
        ("gender", json!(""), "Field is required"),
        ("weight", json!(0), "Weight cannot be zero or less"),
        ("weight", json!(1000), "Weight cannot be more than 3 digits"),
        ("weight", json!(null), "Field is required"),
        ("height_feet", json!(0), "Height cannot be zero"),
        ("height_inch", json!(12), "Inch is invalid"),
    ];
    for (field, value, message) in cases {
        let mut kid = child("Ada");
        kid[field] = value.clone();
        assert_eq!(
            errors(&f, json!({ "dependents": [kid] })),
            vec![(format!("dependents.0.{field}"), message.to_string())],
            "{field} = {value}"
        );
    }
    let mut kid = child("Ada");
    kid.as_object_mut().unwrap().remove("weight");
    assert_eq!(
        errors(&form(Tier::IC, false), json!({ "dependents": [kid] })),
        vec![],
        "weight is asked with premier plans only"
    );
}

#[test]
fn employed_is_always_zero_and_the_tier_sets_the_relationship() {
    let f = form(Tier::IC, false);
    let mut kid = child("Ada");
    kid["employed"] = json!("1");
    kid["relationship"] = json!("spouse");
    let cleaned = clean(&f.schema, &json!({ "dependents": [kid] }), &f.form_data);
    assert_eq!(cleaned["dependents"][0]["employed"], "0");
    assert_eq!(cleaned["dependents"][0]["relationship"], "child");
}

#[test]
fn dependents_answer_the_health_questions_when_the_enrollment_asks_them() {
    let wf = workflow();
    let mut settings = wf.forms.get(&TabName::DependentInfo).cloned().unwrap();
    settings.questionnaire = wf.forms.get(&TabName::PrimaryHealthInfo).unwrap().questionnaire.clone();
    let f =
        compose(TabName::DependentInfo, Some(&settings), &ctx(Tier::IC, false), &PrefillValues::default(), &json!({}))
            .unwrap();
    let mut kid = child("Ada");
    assert_eq!(
        errors(&f, json!({ "dependents": [kid.clone()] })),
        vec![("dependents.0.health_info".into(), "Field is required".into())]
    );
    kid["health_info"] = json!({ "condition_questions": { "141": { "yes_no_flag": "1" } } });
    let found = errors(&f, json!({ "dependents": [kid] }));
    assert!(
        found.contains(&(
            "dependents.0.health_info.condition_questions.142".into(),
            "Please answer all questions".into()
        )),
        "{found:?}"
    );
    assert!(
        found.contains(&(
            "dependents.0.health_info.condition_questions.141.conditions".into(),
            "Field is required".into()
        )),
        "{found:?}"
    );
}

#[test]
fn a_spouse_is_an_adult_the_cart_can_price_and_a_child_is_under_the_age_limit_unless_disabled() {
    // The tables are written for 11/22/2026 (common::today).
    let family = |dependents: Vec<Value>| json!({ "dependents": dependents });
    let disabled = |mut d: Value| {
        d["disabled"] = json!(true);
        d
    };
    let cases: Vec<(Value, Vec<(&str, &str)>)> = vec![
        (
            family(vec![person("Sam", "spouse", "11/23/2008"), child("Ada")]),
            vec![("dependents.0.birthdate", "A spouse must be 18 or older")],
        ),
        (family(vec![person("Sam", "spouse", "11/22/2008"), child("Ada")]), vec![]),
        // Turning 26 ends a child's cover; the day before, still covered.
        (
            family(vec![spouse(), person("Ada", "child", "11/22/2000")]),
            vec![(
                "dependents.1.birthdate",
                "A child is covered until age 26; an older child is covered only if disabled",
            )],
        ),
        (family(vec![spouse(), person("Ada", "child", "11/23/2000")]), vec![]),
        (family(vec![spouse(), disabled(person("Ada", "child", "01/01/1990"))]), vec![]),
    ];
    for (submitted, expected) in cases {
        let expected: Vec<(String, String)> = expected.into_iter().map(|(a, b)| (a.into(), b.into())).collect();
        assert_eq!(errors(&form(Tier::IF, false), submitted.clone()), expected, "{submitted}");
    }

    // A plan's lower child limit and its maximum age are the cart's.
    let mut ctx = ctx(Tier::IF, false);
    ctx.cart_child_age_limit = Some(19);
    ctx.cart_max_age = Some(64);
    let wf = workflow();
    let narrow = compose(
        TabName::DependentInfo,
        wf.forms.get(&TabName::DependentInfo),
        &ctx,
        &PrefillValues::default(),
        &json!({}),
    )
    .unwrap();
    let older = family(vec![person("Sam", "spouse", "01/01/1950"), person("Ada", "child", "01/01/2006")]);
    assert_eq!(
        errors(&narrow, older),
        vec![
            ("dependents.0.birthdate".into(), "The plans in your cart cover a spouse up to age 64".into()),
            (
                "dependents.1.birthdate".into(),
                "A child is covered until age 19; an older child is covered only if disabled".into()
            ),
        ]
    );
    // Only children can be marked disabled.
    assert!(form(Tier::IS, false).schema["properties"]["dependents"]["items"]["properties"].get("disabled").is_none());
    assert!(form(Tier::IC, false).schema["properties"]["dependents"]["items"]["properties"].get("disabled").is_some());
}
