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
        assert!(error.message().starts_with(start));
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
        assert!(error.message().starts_with(start), "{}", error.message());
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
