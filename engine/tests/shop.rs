//! The shop workflow: which popup a plan asks next, the popups' forms with the spec's messages, the health decision
//! and the offers.

mod common;

use common::today;
use engine::context::{EnrollmentContext, Eprocess, Tier};
use engine::rating::PricingError;
use engine::shop::popups::{PopupChoices, PopupFacts};
use engine::shop::{self, PopupKind, ShopWorkflow};
use serde_json::json;

fn shipped() -> ShopWorkflow {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows");
    engine::workflow::load_dir(&dir).unwrap().shop
}

fn facts(change: impl Fn(&mut PopupFacts)) -> PopupFacts {
    let mut f = PopupFacts {
        ctx: EnrollmentContext {
            tier: Some(Tier::IO),
            plan_category: Some("medical".into()),
            plan_type: Some("MM".into()),
            ..EnrollmentContext::default()
        },
        ..PopupFacts::default()
    };
    change(&mut f);
    f
}

fn pending(f: &PopupFacts) -> Vec<&'static str> {
    let shop = shipped();
    shop::popups::pending_popups(&shop, f).iter().map(|p| p.popup.id()).collect()
}

#[test]
fn each_pricing_error_that_a_person_can_answer_opens_its_popup() {
    let cases = [
        (PricingError::SalaryError, "income"),
        (PricingError::HourError, "income"),
        (PricingError::SmokerError, "tobacco"),
        (PricingError::TierError, "choose_tier"),
        (PricingError::PortalError, "select_portal"),
        (PricingError::NewQuestionsError, "health_questions"),
        (PricingError::PlanAgeError { min_age: 18, max_age: 64 }, "dependency_info"),
    ];
    for (error, popup) in cases {
        assert_eq!(pending(&facts(|f| f.pricing_error = Some(error))), vec![popup], "{}", error.code());
    }
    for error in [PricingError::StateError, PricingError::AgeError, PricingError::MetError] {
        assert!(
            pending(&facts(|f| f.pricing_error = Some(error))).is_empty(),
            "{} only shows its message",
            error.code()
        );
    }
}

#[test]
fn popups_come_in_the_workflows_order_and_dependency_info_only_for_premier_plans() {
    let all = facts(|f| {
        f.eligibility_pending = true;
        f.dependents_missing = true;
        f.membership_missing = true;
        f.pricing_error = Some(PricingError::SalaryError);
    });
    assert_eq!(pending(&all), vec!["eligibility", "income", "dependency_info", "membership"]);
    let standard = facts(|f| {
        f.dependents_missing = true;
        f.ctx.plan_type = Some("STD".into());
    });
    assert!(pending(&standard).is_empty());
}

#[test]
fn a_plan_for_some_employers_asks_the_group_code_then_the_employer() {
    let code = facts(|f| f.group_code_missing = true);
    assert_eq!(pending(&code), vec!["group_code"]);
    let confirm = facts(|f| {
        f.group_code_missing = true;
        f.group_to_confirm = Some("Peachtree Logistics".into());
    });
    assert_eq!(pending(&confirm), vec!["confirm_group"]);
    let choices = PopupChoices { group_name: Some("Peachtree Logistics".into()), ..PopupChoices::default() };
    let (schema, _) = shop::popups::popup_form(PopupKind::ConfirmGroup, &choices);
    assert_eq!(schema["properties"]["confirm"]["title"], "Is Peachtree Logistics your employer?");
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(problems(PopupKind::GroupCode, &choices, json!({})), vec![pair("group_code", "Field is required")]);
}

#[test]
fn health_questions_open_with_the_enroll_now_button() {
    let shop = shipped();
    let popup = shop.popup(PopupKind::HealthQuestions).unwrap();
    assert_eq!(popup.opens_with.as_deref(), Some("Enroll Now"));
    assert!(shop.popup(PopupKind::Tobacco).unwrap().opens_with.is_none(), "tobacco opens by itself");
}

fn eligibility_choices() -> PopupChoices {
    PopupChoices { eligibility: shipped().eligibility_for(1303, "medical").cloned(), ..PopupChoices::default() }
}

fn problems(kind: PopupKind, choices: &PopupChoices, data: serde_json::Value) -> Vec<(String, String)> {
    match shop::popups::check_popup(kind, choices, &data, today()) {
        Ok(_) => vec![],
        Err(errors) => errors.into_iter().map(|e| (e.target_element, e.error_message)).collect(),
    }
}

#[test]
fn an_eligibility_question_that_must_be_yes_refuses_no_with_the_specs_words() {
    let c = eligibility_choices();
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(problems(PopupKind::Eligibility, &c, json!({ "q1": "Yes", "q2": "Yes", "q3": "No" })), vec![]);
    assert_eq!(
        problems(PopupKind::Eligibility, &c, json!({ "q1": "Yes", "q2": "No", "q3": "Yes" })),
        vec![
            pair("eligibility", "Please answer yes in order to continue"),
            pair("q2", "*Answer should be Yes to continue")
        ]
    );
    assert_eq!(
        problems(PopupKind::Eligibility, &c, json!({ "q1": "Yes", "q3": "No" })),
        vec![pair("q2", "*Answer should be Yes/No to continue")]
    );
    let set = c.eligibility.as_ref().unwrap();
    assert!(shop::questions::eligibility_met(set, &json!({ "q1": "Yes", "q2": "Yes", "q3": "No" })));
    assert!(!shop::questions::eligibility_met(set, &json!({ "q1": "Yes", "q2": "No", "q3": "No" })));
    let list = shop::questions::eligibility_as_list(&json!({ "q1": "Yes", "q3": "No" }));
    assert_eq!(list, json!([ { "qid": 1, "true_condition": 1 }, { "qid": 3, "true_condition": 0 } ]));
    assert_eq!(shop::questions::eligibility_from_list(&list), json!({ "q1": "Yes", "q3": "No" }));
}

#[test]
fn the_dependency_popup_asks_what_the_tier_covers_with_its_rules() {
    let on = |tier| PopupChoices { tier: Some(tier), ..PopupChoices::default() };
    let required = |tier| shop::popups::popup_form(PopupKind::DependencyInfo, &on(tier)).0["required"].clone();
    assert_eq!(required(Tier::IS), json!(["dep_dob"]));
    assert_eq!(required(Tier::IC), json!(["no_of_children"]));
    assert_eq!(required(Tier::IF), json!(["dep_dob", "no_of_children"]));
    let most = |tier| {
        shop::popups::popup_form(PopupKind::DependencyInfo, &on(tier)).0["properties"]["no_of_children"]["oneOf"]
            .as_array()
            .map(|o| o.len())
    };
    assert_eq!(most(Tier::IC), Some(9), "1-9 children on Member + Children");
    assert_eq!(most(Tier::IF), Some(8), "1-8 children on Family");
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        problems(PopupKind::DependencyInfo, &on(Tier::IF), json!({})),
        vec![pair("dep_dob", "Field is required"), pair("no_of_children", "Field is required")]
    );
    assert_eq!(
        problems(PopupKind::DependencyInfo, &on(Tier::IS), json!({ "dep_dob": "11/22/2026" })),
        vec![pair("dep_dob", "Date cannot be today or a future date")]
    );
    assert_eq!(
        problems(PopupKind::DependencyInfo, &on(Tier::IF), json!({ "dep_dob": "03/04/1985", "no_of_children": 8 })),
        vec![]
    );
    assert_eq!(
        problems(PopupKind::DependencyInfo, &on(Tier::IF), json!({ "dep_dob": "03/04/1985", "no_of_children": 9 }))
            .len(),
        1
    );
}

#[test]
fn income_tobacco_tier_and_portal_popups_check_their_answers() {
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    let none = PopupChoices::default();
    assert_eq!(problems(PopupKind::Income, &none, json!({ "annual_incode": 52000, "working_hours": 40 })), vec![]);
    let mut income = problems(PopupKind::Income, &none, json!({ "working_hours": 200 }));
    income.sort();
    assert_eq!(
        income,
        vec![
            pair("annual_incode", "Field is required"),
            pair("working_hours", "Please enter the hours you work in a week (1 to 168)")
        ]
    );
    assert_eq!(problems(PopupKind::Tobacco, &none, json!({})), vec![pair("is_smoker", "Field is required")]);
    let tiers = PopupChoices { plan_tiers: vec![Tier::IO], ..PopupChoices::default() };
    assert_eq!(problems(PopupKind::ChooseTier, &tiers, json!({})), vec![pair("tier", "Please choose a tier")]);
    assert_eq!(problems(PopupKind::ChooseTier, &tiers, json!({ "tier": "IO" })), vec![]);
    assert_eq!(problems(PopupKind::ChooseTier, &tiers, json!({ "tier": "IF" })).len(), 1, "only the plan's tiers");
    let portals = PopupChoices { portals: vec![(12, "Harborstone Worksite Portal".into())], ..PopupChoices::default() };
    assert_eq!(
        problems(PopupKind::SelectPortal, &portals, json!({})),
        vec![pair("platform_group_id", "Please choose a platform")]
    );
}

#[test]
fn a_yes_to_a_knock_out_health_question_declines_and_every_question_must_be_answered() {
    let set = shipped().health_for(1403, "term_life").cloned().unwrap();
    let choices = PopupChoices { health: Some(set.clone()), ..PopupChoices::default() };
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        problems(PopupKind::HealthQuestions, &choices, json!({ "q901": "No" })),
        vec![pair("health_questions", "Please answer all questions")]
    );
    let accepted = json!({ "q901": "No", "q902": "No", "q903": "Yes" });
    assert!(
        matches!(shop::questions::health_decision(&set, &accepted, "en"), shop::questions::HealthDecision::Accepted(_)),
        "903 is only recorded"
    );
    let declined = json!({ "q901": "Yes", "q902": "No", "q903": "No" });
    assert_eq!(
        shop::questions::health_decision(&set, &declined, "en"),
        shop::questions::HealthDecision::Declined(set.decline_message.en.clone())
    );
}

#[test]
fn applicants_get_the_checkout_upsells_in_order_and_reps_go_straight_to_the_confirmation() {
    let shop = shipped();
    let applicant = EnrollmentContext { cart_categories: vec!["medical".into()], ..EnrollmentContext::default() };
    let ids = |ctx: &EnrollmentContext, answered: &[String]| -> Vec<String> {
        shop::offers::open_offers(&shop.checkout_upsells, ctx, answered).iter().map(|o| o.id.clone()).collect()
    };
    assert_eq!(ids(&applicant, &[]), ["term_life", "bundle"]);
    assert_eq!(ids(&applicant, &["term_life".into()]), ["bundle"], "a declined offer is not made again");
    let with_life =
        EnrollmentContext { cart_categories: vec!["medical".into(), "term_life".into()], ..applicant.clone() };
    assert_eq!(ids(&with_life, &[]), ["bundle"]);
    let rep = EnrollmentContext { eprocess: Eprocess::Rep, ..applicant.clone() };
    assert!(ids(&rep, &[]).is_empty());
    assert_eq!(shop.checkout_upsells[0].decline, "No, I like medical questions.");
    assert_eq!(shop.checkout_upsells[1].decline, "No, I like waiting periods.");
    let after_medical = shop::offers::open_offers(&shop.after_add, &applicant, &[]);
    assert_eq!(after_medical.iter().map(|o| o.id.as_str()).collect::<Vec<_>>(), ["accident"]);
}

#[test]
fn a_shop_file_with_a_popup_twice_or_a_bundle_of_three_is_refused_with_its_path() {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../workflows/shop.yaml"))
        .unwrap();
    let twice = text.replace("  - popup: choose_tier", "  - popup: tobacco");
    let error = engine::workflow::parse_shop_file("shop.yaml", &twice).unwrap_err();
    assert_eq!((error.path.as_str(), error.reason.as_str()), ("/plan_popups/6/popup", "popup tobacco is listed twice"));
    let three = text.replace("bundle: [1202, 1102]", "bundle: [1202, 1102, 1101]");
    let error = engine::workflow::parse_shop_file("shop.yaml", &three).unwrap_err();
    assert_eq!(error.reason, "a bundle holds exactly two plans");
    let unknown = text.replace("  - popup: income", "  - popup: salary");
    assert!(engine::workflow::parse_shop_file("shop.yaml", &unknown).unwrap_err().path.starts_with("/plan_popups/5"));
}
