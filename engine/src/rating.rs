//! Rating: the monthly price of a plan option for a filter, and the pricing error codes of the spec.
//!
//! price = base rate (tier IO, age 21 for the age curve) x age factor x tier factor, rounded to the cent.

use serde::Serialize;

use crate::catalogue::{Plan, PlanOption, RatingMethod};
use crate::context::Tier;

/// Money in cents, so sums are exact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cents(pub i64);

impl Cents {
    pub fn dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    pub fn from_dollars(dollars: f64) -> Cents {
        Cents((dollars * 100.0).round() as i64)
    }
}

impl Serialize for Cents {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.dollars())
    }
}

impl std::iter::Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        Cents(iter.map(|c| c.0).sum())
    }
}

/// The federal default standard age curve (45 CFR 147.102): a factor per age, 0-14 sharing one, 64 and over the last.
#[derive(Debug, Clone, PartialEq)]
pub struct AgeCurve {
    factors: Vec<f64>,
}

impl AgeCurve {
    /// Reads `age,factor` rows; the last row may be written `64+`.
    pub fn from_csv(text: &str) -> Result<AgeCurve, String> {
        let mut factors = Vec::new();
        for (n, line) in text.lines().enumerate().skip(1) {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let (age, factor) = line.split_once(',').ok_or_else(|| format!("line {}: expected age,factor", n + 1))?;
            let age: usize = age.trim_end_matches('+').parse().map_err(|_| format!("line {}: bad age {age}", n + 1))?;
            let factor: f64 = factor.parse().map_err(|_| format!("line {}: bad factor {factor}", n + 1))?;
            if age != factors.len() {
                return Err(format!("line {}: ages must run 0, 1, 2, ... without gaps", n + 1));
            }
            factors.push(factor);
        }
        if factors.is_empty() {
            return Err("the age curve is empty".into());
        }
        Ok(AgeCurve { factors })
    }

    pub fn factor(&self, age: i32) -> f64 {
        let index = usize::try_from(age.max(0)).unwrap_or(0).min(self.factors.len() - 1);
        self.factors[index]
    }
}

/// The federal limit on a tobacco surcharge: at most 1.5 times the non-tobacco rate.
pub const MAX_TOBACCO_FACTOR: f64 = 1.5;

/// What a price depends on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RatingInput {
    pub age: i32,
    pub tier: Tier,
    pub state: String,
    pub zip: String,
    /// Whether the person uses tobacco; `None` until asked.
    pub smoker: Option<bool>,
    /// Yearly income in dollars, when given.
    pub annual_income: Option<i64>,
    /// Working hours a week, when given.
    pub working_hours: Option<i64>,
    /// The enrollment platform, when the enrollment came through one.
    pub portal_id: Option<i64>,
}

/// The spec's pricing error codes that the engine can reach from a filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricingError {
    StateError,
    TierError,
    AgeError,
    MetError,
    PortalError,
    SalaryError,
    HourError,
    SmokerError,
}

impl PricingError {
    pub fn code(self) -> &'static str {
        match self {
            PricingError::StateError => "stateError",
            PricingError::TierError => "tierError",
            PricingError::AgeError => "ageError",
            PricingError::MetError => "metError",
            PricingError::PortalError => "portalError",
            PricingError::SalaryError => "salaryError",
            PricingError::HourError => "hourError",
            PricingError::SmokerError => "smokerError",
        }
    }

    /// The spec's messages; where it cuts one short the sentence is finished the same way as the state message.
    pub fn message(self) -> &'static str {
        match self {
            PricingError::StateError => {
                "Plan not available in your state. Please change the state by editing your basic info above."
            }
            PricingError::TierError => {
                "Plan not available for this tier. Please change the tier by editing your basic info above."
            }
            PricingError::AgeError => {
                "Plan not available for selected age group. Please change the date of birth by editing your basic info above."
            }
            PricingError::MetError => {
                "Plan not available in the area of your zip code. Please change the zip code by editing your basic info above."
            }
            PricingError::PortalError => "This plan is not offered on your enrollment platform.",
            PricingError::SalaryError => "Please enter a sufficient annual income to add product to the cart",
            PricingError::HourError => "Please enter sufficient working hours a week to add product to the cart",
            PricingError::SmokerError => {
                "Tobacco usage required to price this plan. Please tell us whether you use tobacco."
            }
        }
    }
}

/// Whether the plan can be sold for this input at all.
pub fn check_eligibility(plan: &Plan, input: &RatingInput) -> Result<(), PricingError> {
    if !plan.states.includes(&input.state) {
        return Err(PricingError::StateError);
    }
    if !plan.tiers.contains(&input.tier) {
        return Err(PricingError::TierError);
    }
    let rules = &plan.eligibility;
    if rules.zip_prefixes.as_ref().is_some_and(|areas| !areas.iter().any(|p| input.zip.starts_with(p.as_str()))) {
        return Err(PricingError::MetError);
    }
    if input.age < plan.min_age || input.age > plan.max_age {
        return Err(PricingError::AgeError);
    }
    if let Some(portals) = &rules.portals {
        if !input.portal_id.is_some_and(|p| portals.contains(&p)) {
            return Err(PricingError::PortalError);
        }
    }
    if rules.min_annual_income.is_some_and(|least| input.annual_income.unwrap_or(0) < least) {
        return Err(PricingError::SalaryError);
    }
    if rules.min_working_hours.is_some_and(|least| input.working_hours.unwrap_or(0) < least) {
        return Err(PricingError::HourError);
    }
    if rules.tobacco_factor.is_some() && input.smoker.is_none() {
        return Err(PricingError::SmokerError);
    }
    Ok(())
}

/// The monthly price of one option.
pub fn price_option(
    plan: &Plan,
    option: &PlanOption,
    input: &RatingInput,
    curve: &AgeCurve,
) -> Result<Cents, PricingError> {
    check_eligibility(plan, input)?;
    let age_factor = match &plan.rating {
        RatingMethod::AgeCurve => curve.factor(input.age),
        RatingMethod::AgeBands { bands } => bands
            .iter()
            .find(|b| input.age >= b.min_age && input.age <= b.max_age)
            .map(|b| b.factor)
            .ok_or(PricingError::AgeError)?,
        RatingMethod::Flat => 1.0,
    };
    let tier_factor = plan.tier_factors.get(&input.tier).copied().ok_or(PricingError::TierError)?;
    let tobacco_factor = match (plan.eligibility.tobacco_factor, input.smoker) {
        (Some(factor), Some(true)) => factor.min(MAX_TOBACCO_FACTOR),
        _ => 1.0,
    };
    Ok(Cents::from_dollars(option.base_rate * age_factor * tier_factor * tobacco_factor))
}

/// Every option of a plan with its price, cheapest first.
pub fn price_plan<'p>(
    plan: &'p Plan,
    input: &RatingInput,
    curve: &AgeCurve,
) -> Result<Vec<(&'p PlanOption, Cents)>, PricingError> {
    let mut priced = plan
        .options
        .iter()
        .map(|o| price_option(plan, o, input, curve).map(|p| (o, p)))
        .collect::<Result<Vec<_>, _>>()?;
    priced.sort_by_key(|(_, p)| *p);
    Ok(priced)
}
