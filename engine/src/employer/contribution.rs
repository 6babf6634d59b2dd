//! What an employer pays toward its employees' premiums, and the least a carrier accepts.
//!
//! A premium for an employee's coverage is split in two: the employee's own premium (what employee-only coverage
//! costs them, at their age) and what covering their family adds to it. An employer pays either a percentage of each
//! part (with an optional monthly cap), or a flat amount a month toward the whole (a defined contribution). The
//! carrier sets the least it accepts: a percentage of the employee's own premium and of the family's part. Small-group
//! carriers commonly ask 50% of employee-only coverage and, where they ask anything of family coverage, about a third
//! of it (ideacrew's SHOP rules: 50% and 33%); each carrier's own figures are data in `catalogue/carriers.yaml`.
//!
//! Amounts are rounded once, to the cent, half up; the employee pays the rest, so the two parts always add up to the
//! premium.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::money::Cents;

/// What the employer pays each month toward one kind of coverage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Contribution {
    /// A percentage of the employee's own premium and a percentage of what their family's coverage adds.
    #[schemars(title = "A percentage of the premium")]
    Percent {
        /// The share of the employee's own premium (employee-only coverage) the employer pays.
        #[schemars(title = "Employer's share of the employee's premium (%)", range(min = 0, max = 100))]
        employee_percent: u32,
        /// The share of what covering the employee's spouse and children adds to the premium.
        #[schemars(title = "Employer's share of the family's premium (%)", range(min = 0, max = 100))]
        dependents_percent: u32,
        /// The most the employer pays in a month, whatever the premium; no limit when empty.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(title = "At most, each month ($)", range(min = 0))]
        cap: Option<Cents>,
    },
    /// The same amount each month toward the premium, never more than the premium itself.
    #[schemars(title = "A fixed amount each month")]
    Flat {
        #[schemars(title = "Employer's amount each month ($)", range(min = 0))]
        amount: Cents,
    },
}

/// The least a carrier accepts of an employer, and the share of eligible employees that must enroll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Minimums {
    /// The least share of each employee's own premium the employer must pay (%).
    #[serde(default)]
    pub employee_percent: u32,
    /// The least share of what the family's coverage adds (%).
    #[serde(default)]
    pub dependents_percent: u32,
    /// The least share of eligible employees, not counting those covered elsewhere, who must enroll (%).
    #[serde(default)]
    pub participation_percent: u32,
}

impl Minimums {
    /// None: what applies where no carrier sets anything.
    pub const NONE: Minimums = Minimums { employee_percent: 0, dependents_percent: 0, participation_percent: 0 };

    /// The strictest of both: what applies to a kind of coverage several carriers offer under one contribution.
    pub fn strictest(self, other: Minimums) -> Minimums {
        Minimums {
            employee_percent: self.employee_percent.max(other.employee_percent),
            dependents_percent: self.dependents_percent.max(other.dependents_percent),
            participation_percent: self.participation_percent.max(other.participation_percent),
        }
    }
}

/// One premium split between the employer and the employee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Share {
    /// The whole monthly premium.
    pub premium: Cents,
    /// What the employer pays of it.
    pub employer: Cents,
    /// What the employee pays: the rest.
    pub employee: Cents,
}

/// `amount` x `percent` / 100, rounded up: the least an employer may pay to meet a minimum.
fn percent_of_rounded_up(amount: Cents, percent: u32) -> Cents {
    Cents((amount.0.max(0) * i64::from(percent) + 99) / 100)
}

impl Contribution {
    /// Nothing: the employee pays the whole premium, as before an employer sets a contribution.
    pub const NOTHING: Contribution = Contribution::Flat { amount: Cents(0) };

    /// `premium` split: `own` is what employee-only coverage costs this employee, `premium` what their coverage costs
    /// (the same for employee-only coverage; more with a family). An `own` above the premium is taken as the premium.
    pub fn share(&self, own: Cents, premium: Cents) -> Share {
        let premium = Cents(premium.0.max(0));
        let own = Cents(own.0.clamp(0, premium.0));
        let family = Cents(premium.0 - own.0);
        let employer = match *self {
            Contribution::Percent { employee_percent, dependents_percent, cap } => {
                let both = Cents(
                    (own.0 * i64::from(employee_percent.min(100))
                        + family.0 * i64::from(dependents_percent.min(100))
                        + 50)
                        / 100,
                );
                cap.map_or(both, |cap| both.min(Cents(cap.0.max(0))))
            }
            Contribution::Flat { amount } => Cents(amount.0.max(0)),
        };
        let employer = employer.min(premium);
        Share { premium, employer, employee: Cents(premium.0 - employer.0) }
    }

    /// Where this contribution, whatever the premium, pays less than `minimums` ask: the fields of a percentage below
    /// the carrier's, each with the least it accepts. A flat amount or a cap depends on each premium
    /// ([`Contribution::shortfall`]) and is checked where premiums are known, in the census quote.
    pub fn below(&self, minimums: Minimums) -> Vec<(&'static str, u32)> {
        let mut below = Vec::new();
        if let Contribution::Percent { employee_percent, dependents_percent, .. } = *self {
            if employee_percent < minimums.employee_percent {
                below.push(("employee_percent", minimums.employee_percent));
            }
            if dependents_percent < minimums.dependents_percent {
                below.push(("dependents_percent", minimums.dependents_percent));
            }
        }
        below
    }

    /// How much more the employer would have to pay of this premium to meet `minimums`; `None` when it meets them.
    pub fn shortfall(&self, own: Cents, premium: Cents, minimums: Minimums) -> Option<Cents> {
        let share = self.share(own, premium);
        let own = Cents(own.0.clamp(0, share.premium.0));
        let least = Cents(
            percent_of_rounded_up(own, minimums.employee_percent).0
                + percent_of_rounded_up(Cents(share.premium.0 - own.0), minimums.dependents_percent).0,
        );
        (share.employer < least).then(|| Cents(least.0 - share.employer.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn percent(employee_percent: u32, dependents_percent: u32, cap: Option<i64>) -> Contribution {
        Contribution::Percent { employee_percent, dependents_percent, cap: cap.map(Cents) }
    }

    #[test]
    fn an_employer_paying_half_of_an_employee_only_premium_leaves_the_employee_the_other_half() {
        // $412.37 employee-only: the employer pays $206.185, rounded half up to $206.19; the employee $206.18.
        let share = percent(50, 0, None).share(Cents(41237), Cents(41237));
        assert_eq!(share, Share { premium: Cents(41237), employer: Cents(20619), employee: Cents(20618) });
    }

    #[test]
    fn a_family_premium_is_shared_at_one_rate_for_the_employee_and_another_for_the_family() {
        // Family coverage $1,180.00, of which the employee's own $400.00: 75% of $400.00 is $300.00, 40% of the
        // family's $780.00 is $312.00; the employer pays $612.00 and the employee $568.00.
        let share = percent(75, 40, None).share(Cents(40000), Cents(118000));
        assert_eq!(share.employer, Cents(61200));
        assert_eq!(share.employee, Cents(56800));
    }

    #[test]
    fn a_cap_limits_what_the_employer_pays_a_month() {
        // 80% of $900.00 would be $720.00; the cap is $500.00.
        let share = percent(80, 80, Some(50000)).share(Cents(90000), Cents(90000));
        assert_eq!((share.employer, share.employee), (Cents(50000), Cents(40000)));
    }

    #[test]
    fn a_flat_amount_is_paid_whole_but_never_more_than_the_premium() {
        let flat = Contribution::Flat { amount: Cents(25000) };
        // $250.00 toward $380.00: the employee pays $130.00.
        assert_eq!(flat.share(Cents(38000), Cents(38000)).employee, Cents(13000));
        // $250.00 toward a $31.40 dental premium: the employer pays $31.40 and the employee nothing.
        let dental = flat.share(Cents(3140), Cents(3140));
        assert_eq!((dental.employer, dental.employee), (Cents(3140), Cents(0)));
    }

    #[test]
    fn without_a_contribution_the_employee_pays_the_whole_premium() {
        let share = Contribution::NOTHING.share(Cents(52012), Cents(104024));
        assert_eq!((share.employer, share.employee), (Cents(0), Cents(104024)));
    }

    #[test]
    fn the_two_parts_of_a_premium_always_add_up_to_it() {
        for (own, premium) in [(1, 1), (3333, 9999), (41237, 123_711), (0, 5), (77, 77)] {
            for c in [percent(33, 67, None), percent(50, 33, Some(12345)), Contribution::Flat { amount: Cents(4321) }] {
                let share = c.share(Cents(own), Cents(premium));
                assert_eq!(share.employer.0 + share.employee.0, premium, "{c:?} of {own}/{premium}");
                assert!(share.employer.0 >= 0 && share.employee.0 >= 0);
            }
        }
    }

    #[test]
    fn a_percentage_below_the_carriers_minimums_names_each_field_short_of_them() {
        let minimums = Minimums { employee_percent: 50, dependents_percent: 33, participation_percent: 70 };
        assert_eq!(percent(40, 20, None).below(minimums), vec![("employee_percent", 50), ("dependents_percent", 33)]);
        assert_eq!(percent(50, 33, None).below(minimums), vec![]);
        // A flat amount is checked against each premium instead.
        assert_eq!(Contribution::Flat { amount: Cents(1) }.below(minimums), vec![]);
    }

    #[test]
    fn a_flat_amount_falls_short_of_the_minimum_for_an_older_employees_larger_premium() {
        let minimums = Minimums { employee_percent: 50, dependents_percent: 0, participation_percent: 0 };
        let flat = Contribution::Flat { amount: Cents(20000) };
        // Half of a 30-year-old's $320.00 is $160.00: $200.00 meets it.
        assert_eq!(flat.shortfall(Cents(32000), Cents(32000), minimums), None);
        // Half of a 60-year-old's $750.01 is $375.01 (rounded up): $200.00 is $175.01 short.
        assert_eq!(flat.shortfall(Cents(75001), Cents(75001), minimums), Some(Cents(17501)));
    }

    #[test]
    fn a_cap_can_bring_a_percentage_below_the_minimum_for_a_large_premium() {
        let minimums = Minimums { employee_percent: 50, dependents_percent: 33, participation_percent: 0 };
        let capped = percent(60, 40, Some(40000));
        // Family $1,200.00 with $500.00 own: 60% and 40% would be $580.00, capped at $400.00; the carrier asks $250.00
        // of the own part and $231.00 of the family's $700.00: $481.00, so $81.00 short.
        assert_eq!(capped.shortfall(Cents(50000), Cents(120000), minimums), Some(Cents(8100)));
        assert_eq!(capped.shortfall(Cents(50000), Cents(50000), minimums), None);
    }

    #[test]
    fn the_strictest_of_two_carriers_minimums_applies_to_a_kind_they_both_offer() {
        let a = Minimums { employee_percent: 50, dependents_percent: 0, participation_percent: 75 };
        let b = Minimums { employee_percent: 25, dependents_percent: 33, participation_percent: 50 };
        assert_eq!(
            a.strictest(b),
            Minimums { employee_percent: 50, dependents_percent: 33, participation_percent: 75 }
        );
    }

    #[test]
    fn a_contribution_is_written_with_its_kind() {
        let c: Contribution = serde_json::from_value(
            serde_json::json!({ "kind": "percent", "employee_percent": 50, "dependents_percent": 25 }),
        )
        .unwrap();
        assert_eq!(c, percent(50, 25, None));
        let flat: Contribution =
            serde_json::from_value(serde_json::json!({ "kind": "flat", "amount": 150.5 })).unwrap();
        assert_eq!(flat, Contribution::Flat { amount: Cents(15050) });
        assert!(serde_json::from_value::<Contribution>(serde_json::json!({ "kind": "gift" })).is_err());
    }
}
