//! The census quote: every employee of a census priced for each offered plan, employee-only, and each premium split
//! under one or more contributions (the one set, and what-ifs beside it), per employee and in total, a month and a
//! paycheck.
//!
//! A census lists employees, not their families, so the quote is of employee-only coverage, at each plan's lowest
//! level, for a non-smoker of the employee's age on the day the plan year starts (a carrier's census quote does the
//! same); an employee a plan does not take (another state, an age it does not cover) is named with why.

use chrono::NaiveDate;
use serde::Serialize;

use super::contribution::{Contribution, Share};
use crate::catalogue::{PayrollFrequency, Plan, PlanOption};
use crate::context::Tier;
use crate::money::Cents;
use crate::rating::{per_paycheck, price_option, AgeCurve, PricingError, RatingInput};

/// What the quote needs of an employee.
#[derive(Debug, Clone)]
pub struct Person<'a> {
    pub date_of_birth: NaiveDate,
    pub state: &'a str,
    pub zip: &'a str,
    pub hours: f64,
    pub salary: Option<Cents>,
}

/// A plan's premium for one employee, split under each contribution; or why the plan does not take them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Priced {
    Shares(Vec<Share>),
    Refused(PricingError),
}

/// The sums of one plan under one contribution, a month and a paycheck.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Employees the plan takes.
    pub employees: u32,
    pub premium: Cents,
    pub employer: Cents,
    pub employee: Cents,
    pub employer_per_paycheck: Option<Cents>,
    pub employee_per_paycheck: Option<Cents>,
}

/// One offered plan, quoted.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanQuote<'p> {
    pub plan: &'p Plan,
    /// The level quoted: the plan's lowest.
    pub option: &'p PlanOption,
    /// One per employee, in the census's order.
    pub employees: Vec<Priced>,
    /// One per contribution, in the order they were given.
    pub totals: Vec<Totals>,
}

/// The plan's lowest level for a 21-year-old, the level carriers quote a census at.
fn lowest_level(plan: &Plan) -> Option<&PlanOption> {
    plan.options.iter().min_by(|a, b| a.base_rate.total_cmp(&b.base_rate))
}

/// Quotes `people` for each of `plans`, each plan under each contribution `contributions(plan)` gives (the same
/// number for every plan), on a plan year starting `start`; paychecks by `frequency` when the group states it.
pub fn quote<'p>(
    people: &[Person<'_>],
    plans: &[&'p Plan],
    contributions: impl Fn(&Plan) -> Vec<Contribution>,
    start: NaiveDate,
    frequency: Option<PayrollFrequency>,
    curve: &AgeCurve,
) -> Vec<PlanQuote<'p>> {
    plans
        .iter()
        .filter_map(|plan| {
            let option = lowest_level(plan)?;
            let contributions = contributions(plan);
            let mut totals = vec![Totals::default(); contributions.len()];
            let employees = people
                .iter()
                .map(|person| {
                    let input = RatingInput {
                        age: crate::dates::age_on(person.date_of_birth, start),
                        tier: Tier::IO,
                        state: person.state.to_string(),
                        zip: person.zip.to_string(),
                        smoker: Some(false),
                        annual_income: person.salary.map(|s| s.0 / 100),
                        working_hours: Some(person.hours.floor() as i64),
                        portal_id: None,
                        spouse_age: None,
                    };
                    match price_option(plan, option, &input, curve) {
                        Err(refused) => Priced::Refused(refused),
                        Ok(premium) => {
                            let shares: Vec<Share> = contributions.iter().map(|c| c.share(premium, premium)).collect();
                            for (total, share) in totals.iter_mut().zip(&shares) {
                                total.employees += 1;
                                total.premium.0 += share.premium.0;
                                total.employer.0 += share.employer.0;
                                total.employee.0 += share.employee.0;
                            }
                            Priced::Shares(shares)
                        }
                    }
                })
                .collect();
            for total in &mut totals {
                total.employer_per_paycheck = frequency.map(|f| per_paycheck(total.employer, f));
                total.employee_per_paycheck = frequency.map(|f| per_paycheck(total.employee, f));
            }
            Some(PlanQuote { plan, option, employees, totals })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::RatingMethod;

    fn plan() -> Plan {
        let yaml = r#"
plan_id: 1
carrier_id: 1
category: medical
plan_name: Test Silver
plan_type: MD
short_text: ""
logo: ""
states: [GA]
min_age: 18
max_age: 64
tiers: [IO, IS, IC, IF]
rating: { method: flat }
tier_factors: { IO: 1.0, IS: 2.0, IC: 1.8, IF: 2.8 }
options:
  - { plan_pricing_id: 11, name: Gold, base_rate: 500.0 }
  - { plan_pricing_id: 10, name: Bronze, base_rate: 400.0 }
"#;
        serde_yaml::from_str(yaml).unwrap()
    }

    fn day(text: &str) -> NaiveDate {
        crate::dates::parse_iso(text).unwrap()
    }

    fn person<'a>(birth: &str, state: &'a str) -> Person<'a> {
        Person { date_of_birth: day(birth), state, zip: "30318", hours: 40.0, salary: None }
    }

    #[test]
    fn each_employee_is_quoted_at_the_plans_lowest_level_under_each_contribution_with_totals() {
        let p = plan();
        assert!(matches!(p.rating, RatingMethod::Flat));
        let curve = AgeCurve::from_csv("age,factor\n0+,1.0\n").unwrap();
        let people = [person("1985-04-15", "GA"), person("1990-01-01", "GA"), person("1990-01-01", "TX")];
        let half = Contribution::Percent { employee_percent: 50, dependents_percent: 0, cap: None };
        let flat = Contribution::Flat { amount: Cents(30000) };
        let quoted = quote(
            &people,
            &[&p],
            |_| vec![half.clone(), flat.clone()],
            day("2027-01-01"),
            Some(PayrollFrequency::Biweekly),
            &curve,
        );
        let q = &quoted[0];
        assert_eq!(q.option.name, "Bronze");
        // $400.00 each: half is $200.00; $300.00 flat leaves $100.00.
        let Priced::Shares(shares) = &q.employees[0] else { panic!("priced") };
        assert_eq!((shares[0].employer, shares[1].employee), (Cents(20000), Cents(10000)));
        assert_eq!(q.employees[2], Priced::Refused(PricingError::StateError));
        // Two employees: $800.00 a month; the employer pays $400.00 or $600.00.
        assert_eq!((q.totals[0].employees, q.totals[0].premium, q.totals[0].employer), (2, Cents(80000), Cents(40000)));
        assert_eq!(q.totals[1].employer, Cents(60000));
        // $400.00 a month is $4,800.00 a year: $184.62 every two weeks.
        assert_eq!(q.totals[0].employer_per_paycheck, Some(Cents(18462)));
    }
}
