//! Basic rating: the age curve, age bands, tier factors and the availability error codes.

use engine::catalogue::Plan;
use engine::context::Tier;
use engine::rating::{price_option, AgeCurve, Cents, PricingError, RatingInput};

fn curve() -> AgeCurve {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rating/federal-default-age-curve.csv");
    AgeCurve::from_csv(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn plan(rating: &str) -> Plan {
    serde_yaml::from_str(&format!(
        r#"
plan_id: 1
carrier_id: 1
category: medical
plan_name: Test
plan_type: STD
short_text: t
logo: /l.svg
states: [GA, FL]
min_age: 18
max_age: 64
tiers: [IO, IS, IF]
rating: {rating}
tier_factors: {{ IO: 1.0, IS: 2.0, IF: 2.8 }}
options: [ {{ plan_pricing_id: 11, name: Base, base_rate: 400.00 }} ]
"#
    ))
    .unwrap()
}

fn input(age: i32, tier: Tier, state: &str) -> RatingInput {
    RatingInput { age, tier, state: state.into(), zip: "30301".into(), ..RatingInput::default() }
}

/// The test plan with the `eligibility` rules given (YAML flow mapping).
fn plan_with(eligibility: &str) -> Plan {
    let mut p = plan("{ method: flat }");
    p.eligibility = serde_yaml::from_str(eligibility).unwrap();
    p
}

#[test]
fn medical_prices_follow_the_federal_age_curve_and_the_tier_factor() {
    let p = plan("{ method: age_curve }");
    let o = &p.options[0];
    // 400.00 x 1.000 (age 21) x 1.0 (IO) = 400.00
    assert_eq!(price_option(&p, o, &input(21, Tier::IO, "GA"), &curve()), Ok(Cents(40000)));
    // 400.00 x 1.278 (age 40) x 1.0 = 511.20
    assert_eq!(price_option(&p, o, &input(40, Tier::IO, "GA"), &curve()), Ok(Cents(51120)));
    // 400.00 x 3.000 (64) x 2.8 (IF) = 3360.00
    assert_eq!(price_option(&p, o, &input(64, Tier::IF, "FL"), &curve()), Ok(Cents(336000)));
    // 400.00 x 0.913 (age 18) x 2.0 (IS) = 730.40
    assert_eq!(price_option(&p, o, &input(18, Tier::IS, "GA"), &curve()), Ok(Cents(73040)));
}

#[test]
fn age_bands_price_by_the_band_the_age_falls_in() {
    let p = plan("{ method: age_bands, bands: [ { min_age: 18, max_age: 39, factor: 0.5 }, { min_age: 40, max_age: 64, factor: 1.25 } ] }");
    // 400.00 x 0.5 = 200.00 ; 400.00 x 1.25 = 500.00
    assert_eq!(price_option(&p, &p.options[0], &input(39, Tier::IO, "GA"), &curve()), Ok(Cents(20000)));
    assert_eq!(price_option(&p, &p.options[0], &input(40, Tier::IO, "GA"), &curve()), Ok(Cents(50000)));
}

#[test]
fn a_plan_outside_its_states_tiers_or_ages_answers_the_spec_error_code() {
    let p = plan("{ method: flat }");
    let cases = [
        (input(40, Tier::IO, "NY"), PricingError::StateError, "stateError", "Plan not available in your state."),
        (input(40, Tier::IC, "GA"), PricingError::TierError, "tierError", "Plan not available for this tier."),
        (input(70, Tier::IO, "GA"), PricingError::AgeError, "ageError", "Plan not available for selected age group"),
    ];
    for (i, error, code, start) in cases {
        assert_eq!(price_option(&p, &p.options[0], &i, &curve()), Err(error));
        assert_eq!(error.code(), code);
        assert!(error.message("en").starts_with(start));
    }
}

#[test]
fn each_further_condition_of_sale_answers_its_error_code_with_the_specs_words() {
    let rated = |p: &Plan, i: &RatingInput| price_option(p, &p.options[0], i, &curve());
    let base = input(40, Tier::IO, "GA");
    let with = |change: &dyn Fn(&mut RatingInput)| {
        let mut i = base.clone();
        change(&mut i);
        i
    };
    let cases: Vec<(Plan, RatingInput, PricingError, &str, &str)> = vec![
        (
            plan_with("{ zip_prefixes: ['331', '332'] }"),
            base.clone(),
            PricingError::MetError,
            "metError",
            "Plan not available in the area",
        ),
        (
            plan_with("{ portals: [1929] }"),
            base.clone(),
            PricingError::PortalError,
            "portalError",
            "This plan is not offered",
        ),
        (
            plan_with("{ min_annual_income: 25000 }"),
            with(&|i| i.annual_income = Some(24999)),
            PricingError::SalaryError,
            "salaryError",
            "Please enter a sufficient annual income to add product to the cart",
        ),
        (
            plan_with("{ min_working_hours: 30 }"),
            with(&|i| i.working_hours = Some(20)),
            PricingError::HourError,
            "hourError",
            "Please enter sufficient working hours",
        ),
        (
            plan_with("{ tobacco_factor: 1.25 }"),
            base.clone(),
            PricingError::SmokerError,
            "smokerError",
            "Tobacco usage required",
        ),
    ];
    for (p, i, error, code, start) in cases {
        assert_eq!(rated(&p, &i), Err(error), "{code}");
        assert_eq!(error.code(), code);
        assert!(error.message("en").starts_with(start), "{}", error.message("en"));
    }
    // Each condition met: the flat test plan's 400.00 a month.
    assert_eq!(rated(&plan_with("{ zip_prefixes: ['303'] }"), &base), Ok(Cents(40000)));
    assert_eq!(rated(&plan_with("{ portals: [1929] }"), &with(&|i| i.portal_id = Some(1929))), Ok(Cents(40000)));
    assert_eq!(
        rated(&plan_with("{ min_annual_income: 25000 }"), &with(&|i| i.annual_income = Some(25000))),
        Ok(Cents(40000))
    );
    assert_eq!(
        rated(&plan_with("{ min_working_hours: 30 }"), &with(&|i| i.working_hours = Some(30))),
        Ok(Cents(40000))
    );
}

#[test]
fn a_tobacco_user_pays_the_plans_surcharge_capped_at_one_and_a_half_times() {
    let rated = |p: &Plan, smoker: bool| {
        let i = RatingInput { smoker: Some(smoker), ..input(40, Tier::IO, "GA") };
        price_option(p, &p.options[0], &i, &curve())
    };
    let p = plan_with("{ tobacco_factor: 1.25 }");
    // 400.00 x 1.25 = 500.00 for a tobacco user; 400.00 otherwise.
    assert_eq!(rated(&p, true), Ok(Cents(50000)));
    assert_eq!(rated(&p, false), Ok(Cents(40000)));
    // A surcharge written above the federal limit is held to it: 400.00 x 1.5 = 600.00.
    assert_eq!(rated(&plan_with("{ tobacco_factor: 2.0 }"), true), Ok(Cents(60000)));
}

#[test]
fn a_premier_quote_includes_the_three_percent_administrative_fee() {
    let mut p = plan("{ method: age_curve }");
    p.plan_type = "MM".into();
    // 400.00 x 1.278 (age 40) x 1.0 (IO) x 1.03 (fee) = 526.536 -> 526.54
    assert_eq!(price_option(&p, &p.options[0], &input(40, Tier::IO, "GA"), &curve()), Ok(Cents(52654)));
    // with a 1.25 tobacco surcharge: 400.00 x 1.278 x 1.25 x 1.03 = 658.17
    p.eligibility = serde_yaml::from_str("{ tobacco_factor: 1.25 }").unwrap();
    let smoker = RatingInput { smoker: Some(true), ..input(40, Tier::IO, "GA") };
    assert_eq!(price_option(&p, &p.options[0], &smoker, &curve()), Ok(Cents(65817)));
    assert!(engine::rating::ADMIN_FEE_NOTICE
        .starts_with("Quotes, prices and/or rates displayed include 3% Administrative fees"));
}

#[test]
fn a_retired_plan_answers_change_pid_with_the_plan_that_replaced_it() {
    let mut p = plan("{ method: flat }");
    p.replaced_by = Some(1303);
    let error = price_option(&p, &p.options[0], &input(40, Tier::IO, "GA"), &curve()).unwrap_err();
    assert_eq!(error, PricingError::ChangePid(1303));
    assert_eq!(error.code(), "changePid");
}

#[test]
fn a_spouse_outside_the_plans_ages_answers_plan_age_error_with_the_servers_message() {
    let p = plan("{ method: flat }");
    let with_spouse = |tier, age| RatingInput { spouse_age: Some(age), ..input(40, tier, "GA") };
    let error = price_option(&p, &p.options[0], &with_spouse(Tier::IS, 70), &curve()).unwrap_err();
    assert_eq!(error.code(), "planAgeError");
    assert_eq!(
        error.message("en"),
        "This plan covers a spouse aged 18 to 64 only. Please change the spouse's date of birth."
    );
    // A spouse of 45 on IS: 400.00 x 2.0 = 800.00; the spouse's age does not count on Member Only.
    assert_eq!(price_option(&p, &p.options[0], &with_spouse(Tier::IS, 45), &curve()), Ok(Cents(80000)));
    assert_eq!(price_option(&p, &p.options[0], &with_spouse(Tier::IO, 70), &curve()), Ok(Cents(40000)));
}

#[test]
fn every_pricing_error_code_of_the_spec_has_its_code_and_words() {
    let cases = [
        (PricingError::ChangePid(1), "changePid", "This plan has been replaced"),
        (PricingError::EnrollmentIdError, "enrollmentIdError", "Your quote could not be found."),
        (
            PricingError::SalaryError,
            "salaryError",
            "Please enter a sufficient annual income to add product to the cart",
        ),
        (PricingError::HourError, "hourError", "Please enter sufficient working hours"),
        (
            PricingError::StateError,
            "stateError",
            "Plan not available in your state. Please change the state by editing your basic info above.",
        ),
        (PricingError::TierError, "tierError", "Plan not available for this tier. Please change the tier"),
        (PricingError::AgeError, "ageError", "Plan not available for selected age group"),
        (PricingError::MetError, "metError", "Plan not available in the area"),
        (PricingError::SmokerError, "smokerError", "Tobacco usage required"),
        (
            PricingError::PlanAgeError { min_age: 18, max_age: 64 },
            "planAgeError",
            "This plan covers a spouse aged 18 to 64",
        ),
        (PricingError::PortalError, "portalError", "This plan is not offered on your enrollment platform."),
        (PricingError::NewQuestionsError, "newQuestionsError", "Please answer a few health questions"),
    ];
    for (error, code, start) in cases {
        assert_eq!(error.code(), code);
        assert!(error.message("en").starts_with(start), "{code}: {}", error.message("en"));
    }
}

#[test]
fn the_membership_association_costs_five_dollars_a_month_for_every_tier_and_age() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/catalogue/plans/medical.yaml");
    let file: serde_yaml::Value = serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let plans: Vec<Plan> = serde_yaml::from_value(file["plans"].clone()).unwrap();
    let membership = plans.iter().find(|p| p.plan_id == 3001).unwrap();
    let premier = plans.iter().find(|p| p.plan_id == 1303).unwrap();
    assert_eq!(premier.membership, vec![3001]);
    for tier in [Tier::IO, Tier::IS, Tier::IC, Tier::IF] {
        for age in [18, 40, 64] {
            let priced = price_option(membership, &membership.options[0], &input(age, tier, "GA"), &curve());
            assert_eq!(priced, Ok(Cents(500)), "{tier:?} {age}");
        }
    }
}

#[test]
fn a_plans_starting_price_is_the_lowest_quote_any_adult_can_get_and_no_quote_is_below_it() {
    let p = plan("{ method: age_curve }");
    // 400.00 x 0.913 (age 18, the curve's lowest adult factor) x 1.0 (IO)
    assert_eq!(engine::rating::starting_price(&p, &curve()), Some(Cents(36520)));
    let from = engine::rating::starting_price(&p, &curve()).unwrap();
    for age in 18..=64 {
        for tier in [Tier::IO, Tier::IS, Tier::IF] {
            let quoted = price_option(&p, &p.options[0], &input(age, tier, "GA"), &curve()).unwrap();
            assert!(quoted >= from, "age {age} {tier:?} is quoted {quoted:?}, below {from:?}");
        }
    }
    let banded = plan("{ method: age_bands, bands: [ { min_age: 0, max_age: 17, factor: 0.2 }, { min_age: 18, max_age: 40, factor: 0.9 }, { min_age: 41, max_age: 64, factor: 1.4 } ] }");
    assert_eq!(engine::rating::starting_price(&banded, &curve()), Some(Cents(36000)), "children's bands do not count");
    let mut retired = plan("{ method: flat }");
    retired.replaced_by = Some(2);
    assert_eq!(engine::rating::starting_price(&retired, &curve()), None);
}
