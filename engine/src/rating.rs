//! Rating: the monthly price of a plan option for a filter, and the pricing error codes of the spec.
//!
//! price = base rate (tier IO, age 21 for the age curve) x age factor x tier factor x tobacco factor, plus the 3%
//! administrative fee on premier (plan type MM) plans, rounded to the cent once at the end.

use crate::catalogue::{Plan, PlanOption, RatingMethod, PREMIER};
use crate::context::Tier;

pub use crate::money::Cents;

/// What a monthly premium takes from each paycheck of an employer that pays `frequency`: a year of it spread over the
/// year's paychecks, to the cent.
pub fn per_paycheck(monthly: Cents, frequency: crate::catalogue::PayrollFrequency) -> Cents {
    let periods = frequency.periods();
    Cents((monthly.0 * 12 + periods / 2).div_euclid(periods))
}

/// Money in the answers: dollars, two decimals.
impl schemars::JsonSchema for Cents {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Dollars".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "number", "description": "An amount in dollars, to the cent." })
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
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
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
    /// The spouse's age, once the dependency popup has given the spouse's date of birth.
    pub spouse_age: Option<i32>,
}

/// The administrative fee included in premier quotes: 3%.
pub const ADMIN_FEE_RATE: f64 = 0.03;

/// The first notice on premier quotes, in the spec's words.
pub const ADMIN_FEE_NOTICE: &str = "Quotes, prices and/or rates displayed include 3% Administrative fees.";

/// The second notice on premier quotes.
pub const UNDERWRITING_NOTICE: &str = "Optional Life plans are dependent on Medical Underwriting Approval.";

/// The spec's pricing error codes. The engine reaches most of them from a filter and a plan; `ChangePid`,
/// `EnrollmentIdError` and `NewQuestionsError` are decided where the plan's history, the enrollment and the health
/// answers are known, but their codes and words live here too, in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricingError {
    /// The plan was replaced; the page reloads for the new plan id.
    ChangePid(i64),
    EnrollmentIdError,
    StateError,
    TierError,
    AgeError,
    MetError,
    PortalError,
    SalaryError,
    HourError,
    SmokerError,
    /// The spouse's age (from the dependency popup) is outside the plan's ages.
    PlanAgeError {
        min_age: i32,
        max_age: i32,
    },
    /// The plan prices only after its health questions are answered.
    NewQuestionsError,
}

impl PricingError {
    pub fn code(self) -> &'static str {
        match self {
            PricingError::ChangePid(_) => "changePid",
            PricingError::EnrollmentIdError => "enrollmentIdError",
            PricingError::StateError => "stateError",
            PricingError::TierError => "tierError",
            PricingError::AgeError => "ageError",
            PricingError::MetError => "metError",
            PricingError::PortalError => "portalError",
            PricingError::SalaryError => "salaryError",
            PricingError::HourError => "hourError",
            PricingError::SmokerError => "smokerError",
            PricingError::PlanAgeError { .. } => "planAgeError",
            PricingError::NewQuestionsError => "newQuestionsError",
        }
    }

    /// The spec's messages in `language`; where it cuts one short the sentence is finished the same way as the state
    /// message.
    pub fn message(self, language: &str) -> String {
        let message = match self {
            PricingError::ChangePid(_) => "This plan has been replaced by a newer version.",
            PricingError::EnrollmentIdError => {
                "Your quote could not be found. Please enter your basic info again to see prices."
            }
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
            PricingError::PlanAgeError { min_age, max_age } => {
                return crate::i18n::say_with(
                    language,
                    "This plan covers a spouse aged {n1} to {n2} only. Please change the spouse's date of birth.",
                    &[("n1", &min_age), ("n2", &max_age)],
                );
            }
            PricingError::NewQuestionsError => {
                "Please answer a few health questions to enroll in this plan. Click Enroll Now to begin."
            }
        };
        crate::i18n::say(language, message).to_string()
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
    let covers_spouse = matches!(input.tier, Tier::IS | Tier::IF);
    if covers_spouse && input.spouse_age.is_some_and(|age| age < plan.min_age || age > plan.max_age) {
        return Err(PricingError::PlanAgeError { min_age: plan.min_age, max_age: plan.max_age });
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
    if let Some(pid) = plan.replaced_by {
        return Err(PricingError::ChangePid(pid));
    }
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
    let admin_fee = if plan.plan_type == PREMIER { 1.0 + ADMIN_FEE_RATE } else { 1.0 };
    Ok(Cents::from_dollars(option.base_rate * age_factor * tier_factor * tobacco_factor * admin_fee))
}

/// The lowest monthly price anyone can be quoted for the plan ("from $x"): its cheapest option, for Member Only (or
/// its cheapest tier), at its cheapest eligible adult age, without tobacco. `None` for a retired plan, one whose
/// price is not shown, or one no adult can buy.
pub fn starting_price(plan: &Plan, curve: &AgeCurve) -> Option<Cents> {
    if plan.replaced_by.is_some() || plan.hides_price() {
        return None;
    }
    let ages = plan.min_age.max(18)..=plan.max_age;
    let age_factor = match &plan.rating {
        RatingMethod::AgeCurve => ages.map(|age| curve.factor(age)).reduce(f64::min)?,
        RatingMethod::AgeBands { bands } => bands
            .iter()
            .filter(|b| b.max_age >= *ages.start() && b.min_age <= *ages.end())
            .map(|b| b.factor)
            .reduce(f64::min)?,
        RatingMethod::Flat => 1.0,
    };
    let tier_factor = plan.tiers.iter().filter_map(|t| plan.tier_factors.get(t).copied()).reduce(f64::min)?;
    let base = plan.options.iter().map(|o| o.base_rate).reduce(f64::min)?;
    let admin_fee = if plan.plan_type == PREMIER { 1.0 + ADMIN_FEE_RATE } else { 1.0 };
    Some(Cents::from_dollars(base * age_factor * tier_factor * admin_fee))
}

/// Every option of a plan priced for this household and tier at the answers still to be given that cost least and
/// let it be bought: no tobacco when not asked yet, one of its enrollment portals, the least income and hours it
/// takes. What the answers are known of is kept (an age, a spouse's age, tobacco once answered), so a family is never
/// shown one person's price while the plan's questions wait. Cheapest first; the error a known answer makes
/// (the state, the tier, an age) otherwise.
pub fn lowest_for_household<'p>(
    plan: &'p Plan,
    input: &RatingInput,
    curve: &AgeCurve,
) -> Result<Vec<(&'p PlanOption, Cents)>, PricingError> {
    let mut least = input.clone();
    let rules = &plan.eligibility;
    least.smoker = least.smoker.or(Some(false));
    if let Some(portals) = &rules.portals {
        if !least.portal_id.is_some_and(|p| portals.contains(&p)) {
            least.portal_id = portals.first().copied();
        }
    }
    if let Some(income) = rules.min_annual_income {
        least.annual_income = Some(least.annual_income.unwrap_or(0).max(income));
    }
    if let Some(hours) = rules.min_working_hours {
        least.working_hours = Some(least.working_hours.unwrap_or(0).max(hours));
    }
    price_plan(plan, &least, curve)
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_monthly_premium_is_spread_over_the_years_paychecks() {
        use crate::catalogue::PayrollFrequency;
        // $369.34 a month is $4,432.08 a year: $170.46 every two weeks, $85.23 a week, $184.67 twice a month.
        assert_eq!(super::per_paycheck(super::Cents(36934), PayrollFrequency::Biweekly), super::Cents(17046));
        assert_eq!(super::per_paycheck(super::Cents(36934), PayrollFrequency::Weekly), super::Cents(8523));
        assert_eq!(super::per_paycheck(super::Cents(36934), PayrollFrequency::Semimonthly), super::Cents(18467));
        assert_eq!(super::per_paycheck(super::Cents(36934), PayrollFrequency::Monthly), super::Cents(36934));
    }

    use super::Cents;

    #[test]
    fn an_amount_reads_with_thousands_separators_and_its_sign_before_the_dollar() {
        assert_eq!(Cents(206_468).to_string(), "$2,064.68");
        assert_eq!(Cents(123_456_789).to_string(), "$1,234,567.89");
        assert_eq!(Cents(99_999).to_string(), "$999.99");
        assert_eq!(Cents(5).to_string(), "$0.05");
        assert_eq!(Cents(-500).to_string(), "-$5.00");
    }
}
