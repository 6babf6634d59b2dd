//! How many of a group's eligible employees enrolled, waived or have not started, against a carrier's minimum.
//!
//! Carriers count participation as the enrolled share of eligible employees, leaving out those who waive because
//! they are covered elsewhere (a spouse's plan, Medicare, other coverage): they cannot be expected to enroll. An
//! employee who waives for cost or another reason, or has not started, counts against it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Why an employee waives the group's coverage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WaiveReason {
    #[schemars(title = "I am covered by my spouse's or partner's plan")]
    SpousePlan,
    #[schemars(title = "I am covered by Medicare")]
    Medicare,
    #[schemars(title = "I have other coverage")]
    OtherCoverage,
    #[schemars(title = "It costs too much")]
    Cost,
    #[schemars(title = "Another reason")]
    Other,
}

impl WaiveReason {
    pub const ALL: [WaiveReason; 5] = [
        WaiveReason::SpousePlan,
        WaiveReason::Medicare,
        WaiveReason::OtherCoverage,
        WaiveReason::Cost,
        WaiveReason::Other,
    ];

    /// The reason as the employee chooses it (the form's titles above say the same).
    pub fn words(self) -> &'static str {
        match self {
            WaiveReason::SpousePlan => "I am covered by my spouse's or partner's plan",
            WaiveReason::Medicare => "I am covered by Medicare",
            WaiveReason::OtherCoverage => "I have other coverage",
            WaiveReason::Cost => "It costs too much",
            WaiveReason::Other => "Another reason",
        }
    }

    /// Whether the employee is covered elsewhere, and so left out of the participation count.
    pub fn covered_elsewhere(self) -> bool {
        matches!(self, WaiveReason::SpousePlan | WaiveReason::Medicare | WaiveReason::OtherCoverage)
    }
}

/// Where an eligible employee stands in the enrollment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Enrolled,
    Waived(WaiveReason),
    NotStarted,
}

/// How many employees waived for one reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Waivers {
    pub reason: WaiveReason,
    pub employees: u32,
}

/// The counts of a group's eligible employees, and whether they meet the carrier's minimum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Participation {
    pub eligible: u32,
    pub enrolled: u32,
    pub waived: u32,
    pub not_started: u32,
    /// Waivers by reason, in the order reasons are offered; reasons no one gave are left out.
    pub waived_by_reason: Vec<Waivers>,
    /// Enrolled, of the eligible employees not covered elsewhere (%, rounded down); 100 when everyone is.
    pub percent: u32,
    /// The least the carriers ask (%); 0 when none does.
    pub minimum: u32,
    pub meets_minimum: bool,
}

/// The participation of `standings`, one per eligible employee, against `minimum` (%).
pub fn count(standings: impl IntoIterator<Item = Standing>, minimum: u32) -> Participation {
    let (mut eligible, mut enrolled, mut waived, mut not_started, mut elsewhere) = (0u32, 0u32, 0u32, 0u32, 0u32);
    let mut reasons = std::collections::BTreeMap::<WaiveReason, u32>::new();
    for standing in standings {
        eligible += 1;
        match standing {
            Standing::Enrolled => enrolled += 1,
            Standing::NotStarted => not_started += 1,
            Standing::Waived(reason) => {
                waived += 1;
                *reasons.entry(reason).or_default() += 1;
                if reason.covered_elsewhere() {
                    elsewhere += 1;
                }
            }
        }
    }
    let counted = eligible - elsewhere;
    let percent = (enrolled * 100).checked_div(counted).unwrap_or(100);
    Participation {
        eligible,
        enrolled,
        waived,
        not_started,
        waived_by_reason: WaiveReason::ALL
            .iter()
            .filter_map(|r| reasons.get(r).map(|n| Waivers { reason: *r, employees: *n }))
            .collect(),
        percent,
        minimum,
        meets_minimum: percent >= minimum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_enrolled_and_one_waived_for_a_spouses_plan_is_full_participation() {
        let p = count([Standing::Enrolled, Standing::Waived(WaiveReason::SpousePlan)], 70);
        assert_eq!((p.eligible, p.enrolled, p.waived, p.not_started), (2, 1, 1, 0));
        assert_eq!(p.waived_by_reason, vec![Waivers { reason: WaiveReason::SpousePlan, employees: 1 }]);
        assert_eq!(p.percent, 100);
        assert!(p.meets_minimum);
    }

    #[test]
    fn waiving_for_cost_and_not_starting_count_against_participation() {
        // 7 enrolled, 1 on Medicare (left out), 2 waived for cost, 1 not started: 7 of 10 is 70%.
        let mut standings = vec![Standing::Enrolled; 7];
        standings.push(Standing::Waived(WaiveReason::Medicare));
        standings.extend([Standing::Waived(WaiveReason::Cost); 2]);
        standings.push(Standing::NotStarted);
        let p = count(standings.clone(), 75);
        assert_eq!((p.eligible, p.percent, p.meets_minimum), (11, 70, false));
        let waivers = |reason, employees| Waivers { reason, employees };
        assert_eq!(p.waived_by_reason, vec![waivers(WaiveReason::Medicare, 1), waivers(WaiveReason::Cost, 2)]);
        assert!(count(standings, 70).meets_minimum);
    }

    #[test]
    fn a_group_whose_employees_are_all_covered_elsewhere_is_not_held_below_the_minimum() {
        let p = count([Standing::Waived(WaiveReason::OtherCoverage)], 75);
        assert_eq!((p.percent, p.meets_minimum), (100, true));
        assert_eq!(count([], 75).eligible, 0);
    }
}
