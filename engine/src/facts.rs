//! What people compare plans by, as data with units: a deductible in dollars, a waiting period in months, an
//! elimination period in days. A plan carries its facts (an option may change some, as a dental plan's levels change
//! the annual maximum); a category names the facts its plans are compared by, in order; the comparison puts them side
//! by side with each value written for a person.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::i18n::{say, say_with};

/// A fact's unit, which says how its number reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Whole dollars.
    Usd,
    /// A share in percent.
    Percent,
    Days,
    Months,
    Years,
    /// A count (visits, days of benefit).
    Count,
}

/// The kind of provider network a plan uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Network {
    Ppo,
    Hmo,
    Epo,
    /// Any licensed provider; the plan pays a fixed amount.
    AnyProvider,
    /// A discount network (memberships, some prescription plans).
    Discount,
}

impl Network {
    pub fn label(self) -> &'static str {
        match self {
            Network::Ppo => "PPO",
            Network::Hmo => "HMO",
            Network::Epo => "EPO",
            Network::AnyProvider => "Any provider",
            Network::Discount => "Discount network",
        }
    }
}

/// The facts a plan (or one of its options) states. Each number's unit is in its name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PlanFacts {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<Network>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deductible_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_pocket_max_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primary_care_copay_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specialist_copay_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emergency_room_copay_usd: Option<u32>,
    /// The member's share after the deductible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coinsurance_percent: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generic_drug_copay_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annual_maximum_usd: Option<u32>,
    /// What the plan pays of preventive care.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preventive_paid_percent: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basic_waiting_period_months: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub major_waiting_period_months: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exam_copay_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame_allowance_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub benefit_amount_usd: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub term_years: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elimination_period_days: Option<u32>,
    /// The share of income a disability plan replaces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub benefit_percent: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub benefit_period_months: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily_hospital_benefit_usd: Option<u32>,
    /// What a pet plan pays back of a vet bill.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reimbursement_percent: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub telehealth_visits: Option<u32>,
    /// A high-deductible health plan its carrier qualifies for a health savings account.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hsa_eligible: Option<bool>,
    /// What a household covered together meets before the plan shares costs, when the plan says; otherwise twice a
    /// person's (see [`PlanFacts::family_deductible`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family_deductible_usd: Option<u32>,
    /// The most a household covered together pays in a year, when the plan says; otherwise twice a person's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family_out_of_pocket_max_usd: Option<u32>,
}

/// A fact's name, its label and unit.
pub struct FactKind {
    pub key: &'static str,
    pub label: &'static str,
    pub unit: Option<Unit>,
}

/// Every fact a plan can state, in the order comparisons list them when a category does not say.
pub const KINDS: &[FactKind] = &[
    FactKind { key: "network", label: "Network", unit: None },
    FactKind { key: "deductible_usd", label: "Deductible", unit: Some(Unit::Usd) },
    FactKind { key: "out_of_pocket_max_usd", label: "Out-of-pocket maximum", unit: Some(Unit::Usd) },
    FactKind { key: "primary_care_copay_usd", label: "Primary care visit", unit: Some(Unit::Usd) },
    FactKind { key: "specialist_copay_usd", label: "Specialist visit", unit: Some(Unit::Usd) },
    FactKind { key: "emergency_room_copay_usd", label: "Emergency room", unit: Some(Unit::Usd) },
    FactKind { key: "coinsurance_percent", label: "Your coinsurance", unit: Some(Unit::Percent) },
    FactKind { key: "generic_drug_copay_usd", label: "Generic drugs", unit: Some(Unit::Usd) },
    FactKind { key: "annual_maximum_usd", label: "Annual maximum", unit: Some(Unit::Usd) },
    FactKind { key: "preventive_paid_percent", label: "Preventive care paid", unit: Some(Unit::Percent) },
    FactKind { key: "basic_waiting_period_months", label: "Waiting period, basic services", unit: Some(Unit::Months) },
    FactKind { key: "major_waiting_period_months", label: "Waiting period, major services", unit: Some(Unit::Months) },
    FactKind { key: "exam_copay_usd", label: "Eye exam", unit: Some(Unit::Usd) },
    FactKind { key: "frame_allowance_usd", label: "Frame allowance", unit: Some(Unit::Usd) },
    FactKind { key: "benefit_amount_usd", label: "Benefit amount", unit: Some(Unit::Usd) },
    FactKind { key: "term_years", label: "Term", unit: Some(Unit::Years) },
    FactKind { key: "elimination_period_days", label: "Elimination period", unit: Some(Unit::Days) },
    FactKind { key: "benefit_percent", label: "Income replaced", unit: Some(Unit::Percent) },
    FactKind { key: "benefit_period_months", label: "Benefit period", unit: Some(Unit::Months) },
    FactKind { key: "daily_hospital_benefit_usd", label: "Hospital benefit per day", unit: Some(Unit::Usd) },
    FactKind { key: "reimbursement_percent", label: "Vet bills reimbursed", unit: Some(Unit::Percent) },
    FactKind { key: "telehealth_visits", label: "Telehealth visits a year", unit: Some(Unit::Count) },
    FactKind { key: "hsa_eligible", label: "HSA-eligible", unit: None },
    FactKind { key: "family_deductible_usd", label: "Family deductible", unit: Some(Unit::Usd) },
    FactKind { key: "family_out_of_pocket_max_usd", label: "Family out-of-pocket maximum", unit: Some(Unit::Usd) },
];

/// The facts that are a household's, shown only to a quote that covers more than one person.
pub const HOUSEHOLD_FACTS: [&str; 2] = ["family_deductible_usd", "family_out_of_pocket_max_usd"];

pub fn kind(key: &str) -> Option<&'static FactKind> {
    KINDS.iter().find(|k| k.key == key)
}

/// The facts a category's plans are compared by, in order, unless the category says.
pub fn default_compare(category: &str) -> &'static [&'static str] {
    match category {
        "medical" => &[
            "network",
            "deductible_usd",
            "out_of_pocket_max_usd",
            "primary_care_copay_usd",
            "specialist_copay_usd",
            "emergency_room_copay_usd",
            "coinsurance_percent",
            "generic_drug_copay_usd",
            "hsa_eligible",
            "family_deductible_usd",
            "family_out_of_pocket_max_usd",
        ],
        // Limited medical plans are not major medical: none qualifies for a health savings account.
        "limitedmed" => &[
            "network",
            "deductible_usd",
            "out_of_pocket_max_usd",
            "primary_care_copay_usd",
            "specialist_copay_usd",
            "emergency_room_copay_usd",
            "coinsurance_percent",
            "generic_drug_copay_usd",
        ],
        "dental" => &[
            "network",
            "annual_maximum_usd",
            "deductible_usd",
            "preventive_paid_percent",
            "basic_waiting_period_months",
            "major_waiting_period_months",
        ],
        "vision" => &["network", "exam_copay_usd", "frame_allowance_usd"],
        "term_life" => &["benefit_amount_usd", "term_years"],
        "di" => &["benefit_percent", "elimination_period_days", "benefit_period_months"],
        "critical" | "accident" => &["benefit_amount_usd", "daily_hospital_benefit_usd"],
        // Cash plans state a benefit amount; Medicare Supplements their network and deductible.
        "supplemental" => &["benefit_amount_usd", "network", "deductible_usd"],
        "hospital" => &["daily_hospital_benefit_usd", "benefit_amount_usd"],
        "rx" => &["network", "generic_drug_copay_usd", "deductible_usd"],
        "pet" => &["annual_maximum_usd", "deductible_usd", "reimbursement_percent"],
        "lifestyle" => &["network", "telehealth_visits"],
        _ => &[],
    }
}

impl PlanFacts {
    pub fn is_empty(&self) -> bool {
        self == &PlanFacts::default()
    }

    /// These facts with an option's over them.
    pub fn over(&self, base: &PlanFacts) -> PlanFacts {
        let mine = serde_json::to_value(self).expect("facts are JSON");
        let mut merged = serde_json::to_value(base).expect("facts are JSON");
        for (k, v) in mine.as_object().into_iter().flatten() {
            merged[k] = v.clone();
        }
        serde_json::from_value(merged).expect("merged facts are facts")
    }

    /// The facts stated, by key.
    pub fn stated(&self) -> BTreeMap<String, serde_json::Value> {
        match serde_json::to_value(self).expect("facts are JSON") {
            serde_json::Value::Object(map) => map.into_iter().collect(),
            _ => BTreeMap::new(),
        }
    }

    /// A household's deductible: the plan's own, or twice a person's, as the embedded family deductible of most
    /// health plans is (a person's is met by one, a family's by two or more together).
    pub fn family_deductible(&self) -> Option<u32> {
        self.family_deductible_usd.or(self.deductible_usd.map(|d| d.saturating_mul(2)))
    }

    /// A household's out-of-pocket maximum: the plan's own, or twice a person's (the Affordable Care Act's
    /// self-only and other-than-self-only limits are one to two).
    pub fn family_out_of_pocket_max(&self) -> Option<u32> {
        self.family_out_of_pocket_max_usd.or(self.out_of_pocket_max_usd.map(|m| m.saturating_mul(2)))
    }

    /// One fact as a person reads it in `language` ("$1,500", "20%", "12 months"); `None` when not stated.
    pub fn display(&self, key: &str, language: &str) -> Option<String> {
        // A household's deductible and maximum read as the plan's own, or twice a person's.
        let household = match key {
            "family_deductible_usd" => self.family_deductible(),
            "family_out_of_pocket_max_usd" => self.family_out_of_pocket_max(),
            _ => None,
        };
        let value = match household {
            Some(amount) => amount.into(),
            None => self.stated().get(key)?.clone(),
        };
        let kind = kind(key)?;
        match (kind.unit, &value) {
            (None, serde_json::Value::String(s)) => {
                let network: Network = serde_json::from_value(serde_json::Value::String(s.clone())).ok()?;
                Some(say(language, network.label()).to_string())
            }
            (None, serde_json::Value::Bool(yes)) => Some(say(language, if *yes { "Yes" } else { "No" }).to_string()),
            (Some(unit), serde_json::Value::Number(n)) => Some(written(unit, n.as_u64()?, language)),
            _ => None,
        }
    }
}

/// The first `most` facts a plan's category is compared by that it states, as (label, value) in `language` to show on
/// its card.
pub fn highlights(category: &str, facts: &PlanFacts, most: usize, language: &str) -> Vec<(&'static str, String)> {
    default_compare(category)
        .iter()
        .filter_map(|key| Some((say(language, kind(key)?.label), facts.display(key, language)?)))
        .take(most)
        .collect()
}

/// The card's facts of a plan with several levels (`levels`: each level's facts, the plan's under its own): a fact the
/// levels state alike reads as one value, one they differ in as its range ("$1,000 to $2,000"), so that the card says
/// what every level of the plan can be and never only the cheapest's.
pub fn highlights_of_levels(
    category: &str,
    levels: &[PlanFacts],
    most: usize,
    language: &str,
) -> Vec<(&'static str, String)> {
    default_compare(category)
        .iter()
        .filter_map(|key| {
            let kind = kind(key)?;
            let numbers: Vec<u64> = levels.iter().filter_map(|l| l.stated().get(*key)?.as_u64()).collect();
            let value = match (kind.unit, numbers.iter().min(), numbers.iter().max()) {
                (Some(unit), Some(low), Some(high)) if low != high => say_with(
                    language,
                    "{n1} to {n2}",
                    &[("n1", &written(unit, *low, language)), ("n2", &written(unit, *high, language))],
                ),
                _ => levels.iter().find_map(|l| l.display(key, language))?,
            };
            Some((say(language, kind.label), value))
        })
        .take(most)
        .collect()
}

/// Words a plan's own text uses for a money fact, which the fact's values must then agree with.
const FACT_WORDS: &[(&str, &[&str])] = &[
    ("annual_maximum_usd", &["annual maximum", "a year"]),
    ("deductible_usd", &["deductible"]),
    ("out_of_pocket_max_usd", &["out-of-pocket"]),
];

/// Words that make an amount one end of a range ("up to $2,000 a year").
const RANGE_WORDS: &[&str] = &["up to", "from", "or", "as low as", "starting at"];

/// Where a plan's text states a money fact its levels contradict: each dollar amount written beside a fact's words
/// ("a $1,500 annual maximum", "deductible of $500") must be a value of that fact on one of the levels, and, when the
/// levels differ, be worded as a range ("up to $1,500"). `None` when the text agrees.
pub fn text_contradicts(text: &str, levels: &[PlanFacts]) -> Option<String> {
    let lower = text.to_lowercase();
    for (start, _) in lower.match_indices('$') {
        let digits: String = lower[start + 1..].chars().take_while(|c| c.is_ascii_digit() || *c == ',').collect();
        let Ok(amount) = digits.replace(',', "").trim_end_matches(',').parse::<u64>() else { continue };
        let end = start + 1 + digits.len();
        let after = &lower[end..(end + 40).min(lower.len())];
        let before_start = lower[..start].char_indices().rev().nth(29).map_or(0, |(i, _)| i);
        let before = &lower[before_start..start];
        for (key, words) in FACT_WORDS {
            let values: Vec<u64> = levels.iter().filter_map(|l| l.stated().get(*key)?.as_u64()).collect();
            if values.is_empty()
                || !words.iter().any(|w| {
                    after.starts_with(&format!(" {w}"))
                        || before.trim_end().ends_with(w)
                        || before.contains(&format!("{w} of"))
                })
            {
                continue;
            }
            let label = kind(key).map_or(*key, |k| k.label);
            if !values.contains(&amount) {
                return Some(format!("the text says ${} for {label}, which no level has", grouped(amount)));
            }
            let varies = values.iter().any(|v| *v != amount);
            let ranged =
                RANGE_WORDS.iter().any(|w| before.contains(&format!("{w} ")) || after.contains(&format!(" {w} ")));
            if varies && !ranged {
                return Some(format!("the text gives one {label} (${}) where the levels differ", grouped(amount)));
            }
        }
    }
    None
}

/// A number in its unit, as a person reads it in `language`.
pub fn written(unit: Unit, n: u64, language: &str) -> String {
    let counted = |one: &str, many: &str| {
        if n == 1 {
            say(language, one).to_string()
        } else {
            say_with(language, many, &[("n", &grouped(n))])
        }
    };
    match unit {
        Unit::Usd => format!("${}", grouped(n)),
        Unit::Percent => format!("{n}%"),
        Unit::Days => counted("1 day", "{n} days"),
        Unit::Months if n == 0 => say(language, "None").to_string(),
        Unit::Months => counted("1 month", "{n} months"),
        Unit::Years => counted("1 year", "{n} years"),
        Unit::Count => grouped(n),
    }
}

/// A whole number with thousands separated by commas.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_read_in_their_units() {
        let facts = PlanFacts {
            network: Some(Network::Ppo),
            deductible_usd: Some(1500),
            coinsurance_percent: Some(20),
            major_waiting_period_months: Some(12),
            basic_waiting_period_months: Some(0),
            elimination_period_days: Some(90),
            term_years: Some(1),
            ..PlanFacts::default()
        };
        assert_eq!(facts.display("network", "en").as_deref(), Some("PPO"));
        assert_eq!(facts.display("deductible_usd", "en").as_deref(), Some("$1,500"));
        assert_eq!(facts.display("coinsurance_percent", "en").as_deref(), Some("20%"));
        assert_eq!(facts.display("major_waiting_period_months", "en").as_deref(), Some("12 months"));
        assert_eq!(facts.display("basic_waiting_period_months", "en").as_deref(), Some("None"));
        assert_eq!(facts.display("elimination_period_days", "en").as_deref(), Some("90 days"));
        assert_eq!(facts.display("term_years", "en").as_deref(), Some("1 year"));
        assert_eq!(facts.display("out_of_pocket_max_usd", "en"), None, "not stated");
    }

    #[test]
    fn an_options_facts_stand_over_its_plans() {
        let plan = PlanFacts { annual_maximum_usd: Some(1000), deductible_usd: Some(50), ..PlanFacts::default() };
        let option = PlanFacts { annual_maximum_usd: Some(1500), ..PlanFacts::default() };
        let merged = option.over(&plan);
        assert_eq!((merged.annual_maximum_usd, merged.deductible_usd), (Some(1500), Some(50)));
    }

    #[test]
    fn every_compared_fact_is_a_known_fact() {
        for category in
            ["medical", "dental", "vision", "term_life", "di", "critical", "hospital", "rx", "pet", "lifestyle"]
        {
            for key in default_compare(category) {
                assert!(kind(key).is_some(), "{category}: {key}");
            }
        }
        let keys: Vec<String> = serde_json::to_value(PlanFacts { network: Some(Network::Hmo), ..PlanFacts::default() })
            .unwrap()
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert_eq!(keys, vec!["network"]);
        assert_eq!(KINDS.len(), 25, "every field of PlanFacts has a kind");
    }

    fn levels(key_values: &[(Option<u32>, Option<u32>)]) -> Vec<PlanFacts> {
        key_values
            .iter()
            .map(|(max, deductible)| PlanFacts {
                annual_maximum_usd: *max,
                deductible_usd: *deductible,
                ..PlanFacts::default()
            })
            .collect()
    }

    #[test]
    fn a_card_shows_the_range_of_a_fact_its_levels_differ_in() {
        let dental = levels(&[(Some(1000), Some(50)), (Some(1500), Some(50))]);
        let shown = highlights_of_levels("dental", &dental, 3, "en");
        assert!(shown.contains(&("Annual maximum", "$1,000 to $1,500".to_string())), "{shown:?}");
        assert!(shown.contains(&("Deductible", "$50".to_string())), "{shown:?}");
    }

    #[test]
    fn a_plans_text_may_not_state_an_amount_its_levels_contradict() {
        let dental = levels(&[(Some(1000), Some(50)), (Some(1500), Some(50))]);
        assert!(text_contradicts("Preventive care at 100%, and a $1,500 annual maximum.", &dental)
            .is_some_and(|p| p.contains("where the levels differ")));
        assert_eq!(text_contradicts("Preventive care at 100%, and an annual maximum of up to $1,500.", &dental), None);
        assert!(text_contradicts("Up to $2,000 a year.", &dental).is_some_and(|p| p.contains("which no level has")));
        assert_eq!(text_contradicts("Fillings at 80% after a $50 deductible.", &dental), None);
        assert!(text_contradicts("Fillings at 80% after a $100 deductible.", &dental).is_some());
        assert_eq!(text_contradicts("Cash for ER visits and $100 a day in hospital.", &levels(&[(None, None)])), None);
    }
}
