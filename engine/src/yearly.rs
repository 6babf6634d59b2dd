//! The estimated yearly cost of a health plan: twelve months of its premium plus what its members can expect to pay
//! out of pocket for a year of care at a low, medium or high level of use. The levels are data (`UseProfiles`, from
//! `fixtures/catalogue/use-profiles.yaml`), priced from the plan's own facts: its deductible, copays, coinsurance and
//! out-of-pocket maximum.
//!
//! How a year of care is priced, for each person covered:
//! - a service with a copay on the plan (a primary care or specialist visit, a generic prescription, an emergency
//!   room visit) costs its copay, and the copay does not count toward the deductible;
//! - a service without one (a hospital stay; a visit on a plan that states no copay for it) costs its allowed amount
//!   until the deductible is met, then the coinsurance share of the rest;
//! - what one person pays is capped at the plan's out-of-pocket maximum, and what the family pays at twice it (the
//!   family maximum of plans sold on the tiers with dependents).
//!
//! Premiums are the quote's, already priced for the tier and the ages; the use levels are per person.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::context::Tier;
use crate::facts::PlanFacts;
use crate::rating::Cents;

/// A level of use of care over a year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Usage {
    Low,
    Medium,
    High,
}

impl Usage {
    pub const ALL: [Usage; 3] = [Usage::Low, Usage::Medium, Usage::High];

    pub fn parse(text: &str) -> Option<Usage> {
        match text.trim().to_ascii_lowercase().as_str() {
            "low" => Some(Usage::Low),
            "medium" => Some(Usage::Medium),
            "high" => Some(Usage::High),
            _ => None,
        }
    }
}

/// The care one person uses in a year at one level, and what each service is allowed to cost (the price the plan
/// counts toward its deductible and coinsurance when no copay applies).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UseProfile {
    /// What a person reads about the level ("A few check-ups and a prescription"), in each language written.
    pub description: crate::text::Text,
    pub primary_care_visits: u32,
    pub specialist_visits: u32,
    /// Generic prescriptions filled in the year.
    pub generic_prescriptions: u32,
    pub emergency_room_visits: u32,
    pub hospital_stays: u32,
}

/// What a service costs before the plan pays, in whole dollars.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AllowedAmounts {
    pub primary_care_visit_usd: u32,
    pub specialist_visit_usd: u32,
    pub generic_prescription_usd: u32,
    pub emergency_room_visit_usd: u32,
    pub hospital_stay_usd: u32,
}

/// The three levels of use and the allowed amounts, with where they come from (`workflows/estimate.yaml`,
/// `kind: estimate`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UseProfiles {
    /// Always `estimate`.
    pub kind: String,
    /// Where the numbers come from, as a reviewer reads it.
    pub source: String,
    /// "How we estimate this", as the store shows it, in each language written.
    pub explanation: crate::text::Text,
    pub low: UseProfile,
    pub medium: UseProfile,
    pub high: UseProfile,
    pub allowed: AllowedAmounts,
}

impl UseProfiles {
    /// What the format cannot say: the kind, and levels that use more care as they go up.
    pub fn check(&self) -> Result<(), (String, String)> {
        if self.kind != "estimate" {
            return Err(("/kind".into(), "must be estimate".into()));
        }
        let total = |p: &UseProfile| {
            [
                p.primary_care_visits,
                p.specialist_visits,
                p.generic_prescriptions,
                p.emergency_room_visits,
                p.hospital_stays,
            ]
        };
        let (low, medium, high) = (total(&self.low), total(&self.medium), total(&self.high));
        if low.iter().zip(&medium).any(|(l, m)| l > m) || medium.iter().zip(&high).any(|(m, h)| m > h) {
            return Err(("/".into(), "each level must use at least the care of the level below it".into()));
        }
        Ok(())
    }

    pub fn profile(&self, usage: Usage) -> &UseProfile {
        match usage {
            Usage::Low => &self.low,
            Usage::Medium => &self.medium,
            Usage::High => &self.high,
        }
    }
}

/// The categories whose plans are estimated: health coverage with deductibles and copays.
pub fn estimated(category: &str) -> bool {
    matches!(category, "medical" | "limitedmed" | "rx")
}

/// How many people a tier covers: the member, a spouse, and the children quoted (one when not asked).
pub fn people(tier: Tier, children: Option<i64>) -> u32 {
    let children = children.filter(|n| *n > 0).unwrap_or(1) as u32;
    match tier {
        Tier::IO => 1,
        Tier::IS => 2,
        Tier::IC => 1 + children,
        Tier::IF => 2 + children,
    }
}

/// The estimate at each level, in dollars.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct YearlyCost {
    pub low: Cents,
    pub medium: Cents,
    pub high: Cents,
}

impl YearlyCost {
    pub fn at(&self, usage: Usage) -> Cents {
        match usage {
            Usage::Low => self.low,
            Usage::Medium => self.medium,
            Usage::High => self.high,
        }
    }
}

/// The yearly cost of a plan whose monthly premium for the quote is `monthly`, for `people` people.
pub fn yearly_cost(profiles: &UseProfiles, facts: &PlanFacts, monthly: Cents, people: u32) -> YearlyCost {
    let at = |usage: Usage| Cents(monthly.0 * 12 + out_of_pocket(profiles, facts, usage, people).0);
    YearlyCost { low: at(Usage::Low), medium: at(Usage::Medium), high: at(Usage::High) }
}

/// What `people` people each using care at `usage` can expect to pay out of pocket in a year on a plan of `facts`.
pub fn out_of_pocket(profiles: &UseProfiles, facts: &PlanFacts, usage: Usage, people: u32) -> Cents {
    let one = person_out_of_pocket(profiles, facts, profiles.profile(usage));
    let mut total = one * u64::from(people.max(1));
    let cap = if people > 1 { facts.family_out_of_pocket_max() } else { facts.out_of_pocket_max_usd };
    if let Some(family_cap) = cap.map(u64::from) {
        total = total.min(family_cap * 100);
    }
    Cents(total as i64)
}

/// One person's year, in cents.
fn person_out_of_pocket(profiles: &UseProfiles, facts: &PlanFacts, use_: &UseProfile) -> u64 {
    let allowed = &profiles.allowed;
    let dollars = |d: u32| u64::from(d) * 100;
    let mut copays = 0u64;
    // Allowed amounts of the services without a copay, which meet the deductible and then the coinsurance.
    let mut shared = 0u64;
    let services = [
        (use_.primary_care_visits, facts.primary_care_copay_usd, allowed.primary_care_visit_usd),
        (use_.specialist_visits, facts.specialist_copay_usd, allowed.specialist_visit_usd),
        (use_.generic_prescriptions, facts.generic_drug_copay_usd, allowed.generic_prescription_usd),
        (use_.emergency_room_visits, facts.emergency_room_copay_usd, allowed.emergency_room_visit_usd),
        (use_.hospital_stays, None, allowed.hospital_stay_usd),
    ];
    for (count, copay, cost) in services {
        let count = u64::from(count);
        match copay {
            Some(copay) => copays += count * dollars(copay.min(cost)),
            None => shared += count * dollars(cost),
        }
    }
    let deductible = dollars(facts.deductible_usd.unwrap_or(0)).min(shared);
    let coinsurance = (shared - deductible) * u64::from(facts.coinsurance_percent.unwrap_or(0)) / 100;
    let total = copays + deductible + coinsurance;
    match facts.out_of_pocket_max_usd {
        Some(max) => total.min(dollars(max)),
        None => total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round numbers, so that each example below can be worked by hand.
    fn profiles() -> UseProfiles {
        let level = |pc, sp, rx, er, stays| UseProfile {
            description: crate::text::Text::default(),
            primary_care_visits: pc,
            specialist_visits: sp,
            generic_prescriptions: rx,
            emergency_room_visits: er,
            hospital_stays: stays,
        };
        UseProfiles {
            kind: "estimate".into(),
            source: String::new(),
            explanation: crate::text::Text::default(),
            low: level(2, 0, 2, 0, 0),
            medium: level(4, 2, 12, 1, 0),
            high: level(8, 6, 24, 1, 1),
            allowed: AllowedAmounts {
                primary_care_visit_usd: 150,
                specialist_visit_usd: 250,
                generic_prescription_usd: 20,
                emergency_room_visit_usd: 2000,
                hospital_stay_usd: 15000,
            },
        }
    }

    fn dollars(c: Cents) -> f64 {
        c.dollars()
    }

    #[test]
    fn an_hmo_with_copays_costs_its_copays_until_a_hospital_stay_meets_the_deductible() {
        let hmo = PlanFacts {
            deductible_usd: Some(1000),
            out_of_pocket_max_usd: Some(5000),
            primary_care_copay_usd: Some(20),
            specialist_copay_usd: Some(45),
            emergency_room_copay_usd: Some(250),
            generic_drug_copay_usd: Some(10),
            coinsurance_percent: Some(10),
            ..PlanFacts::default()
        };
        let p = profiles();
        // Low: 2 x $20 + 2 x $10 = $60.
        assert_eq!(dollars(out_of_pocket(&p, &hmo, Usage::Low, 1)), 60.0);
        // Medium: 4 x $20 + 2 x $45 + 12 x $10 + $250 = $540.
        assert_eq!(dollars(out_of_pocket(&p, &hmo, Usage::Medium, 1)), 540.0);
        // High: 8 x $20 + 6 x $45 + 24 x $10 + $250 = $920 in copays; the $15,000 stay: the $1,000 deductible, then
        // 10% of $14,000 = $1,400. $3,320 in all, under the $5,000 maximum.
        assert_eq!(dollars(out_of_pocket(&p, &hmo, Usage::High, 1)), 3320.0);
        // The yearly cost adds twelve premiums of $400: $4,800 + $540.
        assert_eq!(dollars(yearly_cost(&p, &hmo, Cents(40000), 1).medium), 5340.0);
    }

    #[test]
    fn a_high_deductible_hsa_plan_pays_nothing_before_its_deductible_and_stops_at_its_maximum() {
        let hsa = PlanFacts {
            deductible_usd: Some(3400),
            out_of_pocket_max_usd: Some(7000),
            coinsurance_percent: Some(0),
            ..PlanFacts::default()
        };
        let p = profiles();
        // Low: 2 x $150 + 2 x $20 = $340, all under the deductible.
        assert_eq!(dollars(out_of_pocket(&p, &hsa, Usage::Low, 1)), 340.0);
        // Medium: 4 x $150 + 2 x $250 + 12 x $20 + $2,000 = $3,340, still under the $3,400 deductible.
        assert_eq!(dollars(out_of_pocket(&p, &hsa, Usage::Medium, 1)), 3340.0);
        // High: well over the deductible; with no coinsurance the person pays the $3,400 deductible alone.
        assert_eq!(dollars(out_of_pocket(&p, &hsa, Usage::High, 1)), 3400.0);
        // Two people at high use: $6,800, under the family maximum of twice $7,000.
        assert_eq!(dollars(out_of_pocket(&p, &hsa, Usage::High, 2)), 6800.0);
    }

    #[test]
    fn a_coinsurance_ppo_shares_costs_after_its_deductible_up_to_the_maximum() {
        let ppo = PlanFacts {
            deductible_usd: Some(2500),
            out_of_pocket_max_usd: Some(7500),
            coinsurance_percent: Some(20),
            primary_care_copay_usd: Some(30),
            ..PlanFacts::default()
        };
        let p = profiles();
        // Medium: 4 x $30 copays = $120; the rest is shared: 2 x $250 + 12 x $20 + $2,000 = $2,740, of which the
        // $2,500 deductible and 20% of $240 = $48. $2,668 in all.
        assert_eq!(dollars(out_of_pocket(&p, &ppo, Usage::Medium, 1)), 2668.0);
        // High: 8 x $30 = $240; shared 6 x $250 + 24 x $20 + $2,000 + $15,000 = $18,980: $2,500 + 20% of $16,480
        // = $5,796. $6,036 in all, under the $7,500 maximum.
        assert_eq!(dollars(out_of_pocket(&p, &ppo, Usage::High, 1)), 6036.0);
        // A family of four at high use would pay 4 x $6,036, but the family maximum is twice $7,500.
        assert_eq!(dollars(out_of_pocket(&p, &ppo, Usage::High, 4)), 15000.0);
    }

    #[test]
    fn a_tier_covers_the_member_a_spouse_and_the_children_quoted() {
        assert_eq!(people(Tier::IO, None), 1);
        assert_eq!(people(Tier::IS, None), 2);
        assert_eq!(people(Tier::IC, Some(3)), 4);
        assert_eq!(people(Tier::IF, None), 3);
    }
}
