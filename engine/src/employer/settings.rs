//! What a group's administrator sets for a plan year: its dates and who may enroll ([`PlanYear`]), and for each kind
//! of coverage offered, the catalogue's plans offered and what the employer pays ([`Contribution`]). Checked here
//! against the catalogue and the carriers' minimums, so that the console and the store refuse the same things.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::contribution::{Contribution, Minimums};
use super::plan_year::PlanYear;
use crate::catalogue::{Carrier, Category, Plan};

/// A group's plan year and what it offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupSettings {
    pub plan_year: PlanYear,
    /// Each kind of coverage offered, with its plans and the employer's share.
    #[serde(default)]
    #[schemars(title = "Coverage offered")]
    pub offers: Vec<Offer>,
}

/// One kind of coverage a group offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// The kind of coverage (medical, dental, vision...).
    #[schemars(title = "Kind of coverage")]
    pub category: String,
    /// The plans employees choose from.
    #[schemars(title = "Plans offered")]
    pub plan_ids: Vec<i64>,
    #[schemars(title = "What the employer pays")]
    pub contribution: Contribution,
}

pub const UNKNOWN_CATEGORY: &str = "Please choose a kind of coverage this store offers your group";
pub const CATEGORY_TWICE: &str = "This kind of coverage is already offered above";
pub const NO_PLANS: &str = "Please choose at least one plan";
pub const UNKNOWN_PLAN: &str = "This plan is not one of this kind of coverage that the store sells now";
pub const PERCENT_RANGE: &str = "Please enter a percentage from 0 to 100";
pub const NEGATIVE: &str = "Please enter an amount of $0.00 or more";
pub const BELOW_EMPLOYEE: &str =
    "The carriers of these plans ask the employer to pay at least {percent}% of each employee's own premium";
pub const BELOW_FAMILY: &str =
    "The carriers of these plans ask the employer to pay at least {percent}% of what the family's coverage adds";

/// A field of the settings that cannot stand, and why (a minimum's percentage filled into the message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Dotted, as the form names it: `offers.0.contribution.employee_percent`.
    pub field: String,
    pub message: &'static str,
    pub percent: Option<u32>,
}

fn refusal(field: impl Into<String>, message: &'static str) -> Refusal {
    Refusal { field: field.into(), message, percent: None }
}

/// What the store knows that the settings are checked against.
pub struct Known<'a> {
    pub plans: &'a [Plan],
    pub carriers: &'a HashMap<i64, Carrier>,
    /// The categories the store sells.
    pub categories: &'a [Category],
    /// The group's own menu, when it limits its categories.
    pub menu: Option<&'a [String]>,
}

impl Known<'_> {
    fn plan(&self, plan_id: i64) -> Option<&Plan> {
        self.plans.iter().find(|p| p.plan_id == plan_id)
    }

    /// Whether `plan` may be offered as `category`: a plan of it that is sold today (listed and not retired).
    fn offerable(&self, plan: &Plan, category: &str) -> bool {
        plan.category == category && plan.listed && plan.replaced_by.is_none()
    }

    /// The strictest minimums of the carriers of `offer`'s plans.
    pub fn minimums(&self, offer: &Offer) -> Minimums {
        offer
            .plan_ids
            .iter()
            .filter_map(|id| self.plan(*id))
            .filter_map(|plan| self.carriers.get(&plan.carrier_id)?.group_minimums)
            .fold(Minimums::NONE, Minimums::strictest)
    }

    /// The strictest minimums of every plan offered.
    pub fn all_minimums(&self, settings: &GroupSettings) -> Minimums {
        settings.offers.iter().map(|o| self.minimums(o)).fold(Minimums::NONE, Minimums::strictest)
    }
}

impl GroupSettings {
    /// Each field that cannot stand, in the form's order.
    pub fn refusals(&self, known: &Known<'_>) -> Vec<Refusal> {
        let mut refusals: Vec<Refusal> = self
            .plan_year
            .refusals()
            .into_iter()
            .map(|(field, message)| refusal(format!("plan_year.{field}"), message))
            .collect();
        let mut seen = Vec::new();
        for (i, offer) in self.offers.iter().enumerate() {
            let at = format!("offers.{i}");
            let sold = known.categories.iter().any(|c| c.category == offer.category)
                && known.menu.is_none_or(|menu| menu.contains(&offer.category));
            if !sold {
                refusals.push(refusal(format!("{at}.category"), UNKNOWN_CATEGORY));
            } else if seen.contains(&&offer.category) {
                refusals.push(refusal(format!("{at}.category"), CATEGORY_TWICE));
            }
            seen.push(&offer.category);
            if offer.plan_ids.is_empty() {
                refusals.push(refusal(format!("{at}.plan_ids"), NO_PLANS));
            }
            for (j, id) in offer.plan_ids.iter().enumerate() {
                if !known.plan(*id).is_some_and(|p| known.offerable(p, &offer.category)) {
                    refusals.push(refusal(format!("{at}.plan_ids.{j}"), UNKNOWN_PLAN));
                }
            }
            let contribution = format!("{at}.contribution");
            match offer.contribution {
                Contribution::Percent { employee_percent, dependents_percent, cap } => {
                    if employee_percent > 100 {
                        refusals.push(refusal(format!("{contribution}.employee_percent"), PERCENT_RANGE));
                    }
                    if dependents_percent > 100 {
                        refusals.push(refusal(format!("{contribution}.dependents_percent"), PERCENT_RANGE));
                    }
                    if cap.is_some_and(|c| c.0 < 0) {
                        refusals.push(refusal(format!("{contribution}.cap"), NEGATIVE));
                    }
                }
                Contribution::Flat { amount } if amount.0 < 0 => {
                    refusals.push(refusal(format!("{contribution}.amount"), NEGATIVE));
                }
                Contribution::Flat { .. } => {}
            }
            for (field, least) in offer.contribution.below(known.minimums(offer)) {
                let message = if field == "employee_percent" { BELOW_EMPLOYEE } else { BELOW_FAMILY };
                if !refusals.iter().any(|r| r.field == format!("{contribution}.{field}")) {
                    refusals.push(Refusal { field: format!("{contribution}.{field}"), message, percent: Some(least) });
                }
            }
        }
        refusals
    }

    /// The offer of `category`, if the group offers it.
    pub fn offer(&self, category: &str) -> Option<&Offer> {
        self.offers.iter().find(|o| o.category == category)
    }

    /// What the employer pays toward `plan`: its category's contribution when the group offers the plan; nothing
    /// otherwise (the employee pays the whole premium of a plan the employer does not offer).
    pub fn contribution_for(&self, plan: &Plan) -> &Contribution {
        self.offer(&plan.category)
            .filter(|o| o.plan_ids.contains(&plan.plan_id))
            .map_or(&Contribution::NOTHING, |o| &o.contribution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::employer::plan_year::WaitingPeriod;
    use crate::money::Cents;

    fn plan(plan_id: i64, carrier_id: i64, category: &str) -> Plan {
        serde_yaml::from_str(&format!(
            "{{ plan_id: {plan_id}, carrier_id: {carrier_id}, category: {category}, plan_name: P{plan_id}, plan_type: MD, \
             short_text: '', logo: '', states: [GA], min_age: 18, max_age: 64, tiers: [IO], rating: {{ method: flat }}, \
             tier_factors: {{ IO: 1.0 }}, options: [{{ plan_pricing_id: {plan_id}0, name: Base, base_rate: 100.0 }}] }}"
        ))
        .unwrap()
    }

    fn carrier(carrier_id: i64, minimums: Option<Minimums>) -> Carrier {
        Carrier {
            carrier_id,
            name: format!("C{carrier_id}"),
            logo: String::new(),
            phone: String::new(),
            website: String::new(),
            categories: vec![],
            edi: None,
            group_minimums: minimums,
        }
    }

    fn settings(offers: Vec<Offer>) -> GroupSettings {
        let day = |t: &str| crate::dates::parse_iso(t).unwrap();
        GroupSettings {
            plan_year: PlanYear {
                start: day("2027-01-01"),
                open_from: day("2026-11-01"),
                open_until: day("2026-11-30"),
                waiting: WaitingPeriod::Days30,
                min_hours: 30,
                classes: vec![],
            },
            offers,
        }
    }

    fn percent(employee_percent: u32, dependents_percent: u32) -> Contribution {
        Contribution::Percent { employee_percent, dependents_percent, cap: None }
    }

    fn check(s: &GroupSettings) -> Vec<(String, &'static str, Option<u32>)> {
        let plans = vec![plan(1, 1, "medical"), plan(2, 2, "medical"), plan(3, 2, "dental")];
        let carriers = HashMap::from([
            (1, carrier(1, Some(Minimums { employee_percent: 50, dependents_percent: 0, participation_percent: 70 }))),
            (2, carrier(2, Some(Minimums { employee_percent: 25, dependents_percent: 33, participation_percent: 50 }))),
        ]);
        let categories: Vec<Category> = ["medical", "dental", "vision"]
            .iter()
            .map(|c| serde_yaml::from_str(&format!("{{ category: {c}, display_name: {c}, image: '' }}")).unwrap())
            .collect();
        let menu = vec!["medical".to_string(), "dental".to_string()];
        let known = Known { plans: &plans, carriers: &carriers, categories: &categories, menu: Some(&menu) };
        s.refusals(&known).into_iter().map(|r| (r.field, r.message, r.percent)).collect()
    }

    #[test]
    fn settings_within_the_carriers_minimums_stand() {
        let s = settings(vec![
            Offer { category: "medical".into(), plan_ids: vec![1, 2], contribution: percent(50, 33) },
            Offer {
                category: "dental".into(),
                plan_ids: vec![3],
                contribution: Contribution::Flat { amount: Cents(2000) },
            },
        ]);
        assert_eq!(check(&s), vec![]);
    }

    #[test]
    fn a_contribution_below_the_strictest_of_its_plans_carriers_is_refused_with_the_least_they_accept() {
        let s =
            settings(vec![Offer { category: "medical".into(), plan_ids: vec![1, 2], contribution: percent(40, 20) }]);
        assert_eq!(
            check(&s),
            vec![
                ("offers.0.contribution.employee_percent".into(), BELOW_EMPLOYEE, Some(50)),
                ("offers.0.contribution.dependents_percent".into(), BELOW_FAMILY, Some(33)),
            ]
        );
    }

    #[test]
    fn a_category_outside_the_groups_menu_a_plan_of_another_category_and_a_percentage_over_100_are_refused() {
        let s = settings(vec![
            Offer { category: "vision".into(), plan_ids: vec![], contribution: percent(0, 0) },
            Offer { category: "medical".into(), plan_ids: vec![3, 99], contribution: percent(120, 50) },
            Offer {
                category: "medical".into(),
                plan_ids: vec![1],
                contribution: Contribution::Flat { amount: Cents(-1) },
            },
        ]);
        assert_eq!(
            check(&s),
            vec![
                ("offers.0.category".into(), UNKNOWN_CATEGORY, None),
                ("offers.0.plan_ids".into(), NO_PLANS, None),
                ("offers.1.plan_ids.0".into(), UNKNOWN_PLAN, None),
                ("offers.1.plan_ids.1".into(), UNKNOWN_PLAN, None),
                ("offers.1.contribution.employee_percent".into(), PERCENT_RANGE, None),
                ("offers.2.category".into(), CATEGORY_TWICE, None),
                ("offers.2.contribution.amount".into(), NEGATIVE, None),
            ]
        );
    }

    #[test]
    fn the_employer_pays_toward_an_offered_plan_and_nothing_toward_another() {
        let s = settings(vec![Offer { category: "medical".into(), plan_ids: vec![1], contribution: percent(50, 33) }]);
        assert_eq!(s.contribution_for(&plan(1, 1, "medical")), &percent(50, 33));
        assert_eq!(s.contribution_for(&plan(2, 2, "medical")), &Contribution::NOTHING);
        assert_eq!(s.contribution_for(&plan(3, 2, "dental")), &Contribution::NOTHING);
    }
}
