//! A synthetic catalogue that looks like the market: plans of every category from the carriers given, with the
//! variety real rate filings have (ages, states, tiers, rate methods, income and tobacco rules, several coverage
//! levels) and the facts people compare, drawn from ranges carriers actually sell. `enroll generate-catalogue` writes
//! one; the fixtures' market plans and the benchmark's catalogues come from it, and both pass `check_plans`.

use std::collections::{BTreeMap, BTreeSet};

use crate::catalogue::{
    AgeBand, AllStates, Carrier, Eligibility, Plan, PlanDescription, PlanFacts, PlanOption, RatingMethod, States,
};
use crate::context::Tier;
use crate::draw::Draw;
use crate::facts::Network;

/// What to generate.
#[derive(Debug, Clone)]
pub struct MarketSpec {
    pub plans: usize,
    pub seed: u64,
    /// The first plan id; option ids are the plan id times 100 plus the level.
    pub first_id: i64,
}

/// Each category's share of a catalogue, about as a broker's shelf has them.
const CATEGORY_WEIGHTS: &[(&str, f64)] = &[
    ("medical", 14.0),
    ("dental", 12.0),
    ("vision", 8.0),
    ("term_life", 10.0),
    ("limitedmed", 6.0),
    ("rx", 5.0),
    ("lifestyle", 4.0),
    ("supplemental", 8.0),
    ("di", 6.0),
    ("critical", 7.0),
    ("accident", 7.0),
    ("hospital", 7.0),
    ("pet", 6.0),
];

const STATES: &[&str] = &[
    "AL", "AZ", "CA", "CO", "FL", "GA", "IL", "IN", "KY", "LA", "MI", "MO", "NC", "NJ", "NY", "OH", "PA", "SC", "TN",
    "TX", "VA", "WA",
];

fn all_tiers() -> Vec<Tier> {
    Tier::ALL.to_vec()
}

fn tier_factors(tiers: &[Tier], family: f64) -> BTreeMap<Tier, f64> {
    tiers
        .iter()
        .map(|t| {
            let factor = match t {
                Tier::IO => 1.0,
                Tier::IS => 2.0,
                Tier::IC => 1.0 + (family - 1.0) * 0.45,
                Tier::IF => family,
            };
            (*t, (factor * 100.0).round() / 100.0)
        })
        .collect()
}

/// Bands from `min` to `max` ages, each decade `step` dearer than the one before.
fn bands(min: i32, max: i32, step: f64) -> Vec<AgeBand> {
    let mut out = Vec::new();
    let mut low = min;
    let mut factor: f64 = 1.0;
    while low <= max {
        let high = ((low / 10) * 10 + 9).min(max);
        out.push(AgeBand { min_age: low, max_age: high, factor: (factor * 100.0).round() / 100.0 });
        low = high + 1;
        factor *= step;
    }
    out
}

fn money(n: u32) -> String {
    crate::facts::written(crate::facts::Unit::Usd, u64::from(n), crate::i18n::SOURCE)
}

/// A text of a generated plan: one of the store's messages (`{daily} a day in hospital, ...`) with its values, so it
/// is written in every language the store speaks.
struct Said {
    template: &'static str,
    values: Vec<(&'static str, String)>,
}

impl Said {
    fn new(template: &'static str, values: &[(&'static str, String)]) -> Said {
        Said { template, values: values.to_vec() }
    }

    fn in_language(&self, language: &str) -> String {
        let values: Vec<(&str, &dyn std::fmt::Display)> =
            self.values.iter().map(|(name, value)| (*name, value as &dyn std::fmt::Display)).collect();
        crate::i18n::say_with(language, self.template, &values)
    }

    /// Whether `language`'s catalogue has words for it (else it is shown in English there).
    fn said_in(&self, language: &str) -> bool {
        crate::i18n::say(language, self.template) != self.template
    }
}

/// One plan's shape before its ids and carrier: name, rating, facts, options.
struct Drawn {
    name: String,
    short_text: Said,
    body: String,
    min_age: i32,
    max_age: i32,
    tiers: Vec<Tier>,
    family: f64,
    rating: RatingMethod,
    /// Level names, base rates and the facts each level changes. A plan of one level names it "Standard": a level
    /// says how much the plan pays, never whom it covers (that is the tier, "Family").
    levels: Vec<(String, f64, PlanFacts)>,
    facts: PlanFacts,
    eligibility: Eligibility,
}

/// One plan of `category`, drawn as carriers sell it there.
fn draw_plan(d: &mut Draw, category: &str) -> Drawn {
    match category {
        "medical" => medical(d),
        "dental" => dental(d),
        "vision" => vision(d),
        "term_life" => term_life(d),
        "limitedmed" => limitedmed(d),
        "rx" => rx(d),
        "lifestyle" => lifestyle(d),
        "supplemental" => supplemental(d),
        "di" => di(d),
        "critical" => critical(d),
        "accident" => accident(d),
        "hospital" => hospital(d),
        _ => pet(d),
    }
}

/// One of `choices`, as the plan's network.
fn network(d: &mut Draw, choices: &[Network]) -> Option<Network> {
    Some(*d.pick(choices))
}

/// A medical plan: its name, rating, facts and levels.
fn medical(d: &mut Draw) -> Drawn {
    let mut eligibility = Eligibility::default();
    let metal = *d.pick(&["Bronze", "Silver", "Gold"]);
    let (ded_low, ded_high, rate) = match metal {
        "Bronze" => (4500, 7500, 330.0),
        "Silver" => (2000, 4500, 420.0),
        _ => (500, 2000, 510.0),
    };
    let deductible = d.between(ded_low / 250, ded_high / 250) * 250;
    let facts = PlanFacts {
        network: network(d, &[Network::Ppo, Network::Hmo, Network::Epo]),
        deductible_usd: Some(deductible),
        out_of_pocket_max_usd: Some((deductible + d.between(8, 24) * 125).min(9200)),
        primary_care_copay_usd: Some(d.between(0, 10) * 5),
        specialist_copay_usd: Some(d.between(6, 18) * 5),
        emergency_room_copay_usd: Some(d.between(3, 10) * 50),
        coinsurance_percent: Some(*d.pick(&[0, 10, 20, 30, 40])),
        generic_drug_copay_usd: Some(d.between(1, 5) * 5),
        // Copays before the deductible: not the high-deductible plan a health savings account goes with.
        hsa_eligible: Some(false),
        ..PlanFacts::default()
    };
    let net = facts.network.map(Network::label).unwrap_or_default();
    if d.chance(0.3) {
        eligibility.tobacco_factor = Some(*d.pick(&[1.2, 1.3, 1.5]));
    }
    Drawn {
        name: format!("{metal} {net} {deductible}"),
        short_text: {
            let (deductible, maximum) =
                (money(deductible), money(facts.out_of_pocket_max_usd.unwrap_or_default()));
            match facts.primary_care_copay_usd.filter(|c| *c > 0) {
                Some(copay) => Said::new(
                    "{deductible} deductible, {maximum} out-of-pocket maximum, {copay} copay for primary care visits.",
                    &[("deductible", deductible), ("maximum", maximum), ("copay", money(copay))],
                ),
                None => Said::new(
                    "{deductible} deductible, {maximum} out-of-pocket maximum, free primary care visits.",
                    &[("deductible", deductible), ("maximum", maximum)],
                ),
            }
        },
        body: "Major medical coverage that meets the Affordable Care Act's essential health benefits: doctor visits, hospital stays, emergencies, maternity, mental health and prescriptions. Preventive care is covered in full in network.".into(),
        min_age: 18,
        max_age: 64,
        tiers: all_tiers(),
        family: 2.8,
        rating: RatingMethod::AgeCurve,
        levels: vec![("Standard".into(), rate * (0.9 + d.unit() * 0.2), PlanFacts::default())],
        facts,
        eligibility,
    }
}

/// A dental plan: its name, rating, facts and levels.
fn dental(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let product = *d.pick(&["Dental Essentials", "Dental Plus", "Dental Premier", "Family Dental"]);
    let facts = PlanFacts {
        network: network(d, &[Network::Ppo, Network::Ppo, Network::Hmo]),
        deductible_usd: Some(*d.pick(&[0, 50, 50, 75, 100])),
        preventive_paid_percent: Some(100),
        basic_waiting_period_months: Some(*d.pick(&[0, 0, 6])),
        major_waiting_period_months: Some(*d.pick(&[0, 6, 12, 12])),
        ..PlanFacts::default()
    };
    let base = 18.0 + d.unit() * 20.0;
    let maxima: &[u32] =
        d.pick::<&[u32]>(&[&[1000, 1500][..], &[1000, 1500, 2000][..], &[1250, 2500][..], &[1500][..]]);
    let levels = maxima
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let facts = PlanFacts { annual_maximum_usd: Some(*m), ..PlanFacts::default() };
            (format!("Annual maximum {}", money(*m)), base * (1.0 + i as f64 * 0.22), facts)
        })
        .collect();
    Drawn {
        name: format!("{product} {} {}", facts.network.map(Network::label).unwrap_or_default(), maxima[maxima.len() - 1]),
        short_text: {
            let maximum = money(maxima[maxima.len() - 1]);
            match facts.major_waiting_period_months.unwrap_or(0) {
                0 => Said::new(
                    "Cleanings and exams paid in full; up to {maximum} a year; no waiting period for major services.",
                    &[("maximum", maximum)],
                ),
                months => Said::new(
                    "Cleanings and exams paid in full; up to {maximum} a year; major services after {months} months.",
                    &[("maximum", maximum), ("months", months.to_string())],
                ),
            }
        },
        body: "Preventive care (cleanings, exams, X-rays) is paid in full; fillings and extractions are shared after the deductible; crowns, bridges and root canals after the waiting period.".into(),
        min_age: 18,
        max_age: 99,
        tiers: all_tiers(),
        family: 2.7,
        rating: RatingMethod::AgeBands { bands: bands(18, 99, 1.06) },
        levels,
        facts,
        eligibility,
    }
}

/// A vision plan: its name, rating, facts and levels.
fn vision(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let facts = PlanFacts {
        network: network(d, &[Network::Ppo, Network::AnyProvider]),
        exam_copay_usd: Some(*d.pick(&[0, 10, 10, 15, 25])),
        frame_allowance_usd: Some(*d.pick(&[100, 130, 150, 175, 200])),
        ..PlanFacts::default()
    };
    let product = *d.pick(&["Vision Basic", "Vision Plus", "ClearSight", "Eyecare Select"]);
    Drawn {
        name: format!("{product} {}", facts.frame_allowance_usd.unwrap_or_default()),
        short_text: Said::new(
            "Yearly eye exam for {copay} and {allowance} toward frames.",
            &[
                ("copay", facts.exam_copay_usd.filter(|c| *c > 0).map(money).unwrap_or_else(|| "$0".into())),
                ("allowance", money(facts.frame_allowance_usd.unwrap_or_default())),
            ],
        ),
        body: "A yearly eye exam, lenses or contacts, and an allowance toward frames every 12 or 24 months.".into(),
        min_age: 18,
        max_age: 99,
        tiers: all_tiers(),
        family: 2.6,
        rating: RatingMethod::Flat,
        levels: vec![("Standard".into(), 6.0 + d.unit() * 10.0, PlanFacts::default())],
        facts,
        eligibility,
    }
}

/// A term_life plan: its name, rating, facts and levels.
fn term_life(d: &mut Draw) -> Drawn {
    let mut eligibility = Eligibility::default();
    let term = *d.pick(&[10, 15, 20, 30]);
    let amounts: &[u32] =
        d.pick::<&[u32]>(&[&[50_000, 100_000, 250_000][..], &[100_000, 250_000, 500_000][..], &[25_000, 50_000][..]]);
    let per_thousand = 0.05 + d.unit() * 0.04;
    let levels = amounts
        .iter()
        .map(|a| {
            let facts = PlanFacts { benefit_amount_usd: Some(*a), ..PlanFacts::default() };
            (format!("{} coverage", money(*a)), f64::from(*a) / 1000.0 * per_thousand + 4.0, facts)
        })
        .collect();
    eligibility.tobacco_factor = Some(1.5);
    Drawn {
        name: format!("Term Life {term} to {}k", amounts[amounts.len() - 1] / 1000),
        short_text: Said::new(
            "Level premiums for {term} years; up to {amount} for your family.",
            &[("term", term.to_string()), ("amount", money(amounts[amounts.len() - 1]))],
        ),
        body: "Pays the benefit amount to the people you name if you die during the term. The premium stays the same for the whole term; no cash value.".into(),
        min_age: 18,
        max_age: if term >= 30 { 50 } else if term >= 20 { 60 } else { 70 },
        tiers: vec![Tier::IO],
        family: 1.0,
        rating: RatingMethod::AgeBands { bands: bands(18, 70, 1.55) },
        levels,
        facts: PlanFacts { term_years: Some(term), ..PlanFacts::default() },
        eligibility,
    }
}

/// A limitedmed plan: its name, rating, facts and levels.
fn limitedmed(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let facts = PlanFacts {
        network: network(d, &[Network::Ppo, Network::AnyProvider]),
        deductible_usd: Some(*d.pick(&[0, 250, 500, 1000])),
        primary_care_copay_usd: Some(*d.pick(&[20, 25, 30, 40])),
        specialist_copay_usd: Some(*d.pick(&[40, 50, 60])),
        daily_hospital_benefit_usd: Some(*d.pick(&[500, 1000, 1500])),
        ..PlanFacts::default()
    };
    Drawn {
        name: format!("Everyday Care {}", d.pick(&["1000", "2000", "Plus", "Select"])),
        short_text: Said::new(
            "Doctor visits for {copay} and {daily} a day in the hospital. Not major medical coverage.",
            &[
                ("copay", money(facts.primary_care_copay_usd.unwrap_or_default())),
                ("daily", money(facts.daily_hospital_benefit_usd.unwrap_or_default())),
            ],
        ),
        body: "Limited medical coverage pays set amounts for doctor visits, tests and hospital stays. It is not major medical insurance and does not meet the Affordable Care Act's minimum essential coverage.".into(),
        min_age: 18,
        max_age: 64,
        tiers: all_tiers(),
        family: 2.5,
        rating: RatingMethod::AgeBands { bands: bands(18, 64, 1.12) },
        levels: vec![("Standard".into(), 60.0 + d.unit() * 80.0, PlanFacts::default())],
        facts,
        eligibility,
    }
}

/// A rx plan: its name, rating, facts and levels.
fn rx(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let facts = PlanFacts {
        network: network(d, &[Network::Discount, Network::Ppo]),
        generic_drug_copay_usd: Some(*d.pick(&[4, 5, 10, 15])),
        deductible_usd: Some(*d.pick(&[0, 0, 100, 250])),
        ..PlanFacts::default()
    };
    Drawn {
        name: format!(
            "Rx {} {}",
            d.pick(&["Saver", "Value", "Plus", "Select"]),
            facts.generic_drug_copay_usd.unwrap_or_default()
        ),
        short_text: Said::new(
            "Generic drugs for {copay} at most pharmacies.",
            &[("copay", money(facts.generic_drug_copay_usd.unwrap_or_default()))],
        ),
        body: "Lower prices on prescriptions at participating pharmacies, with fixed copays on generic drugs.".into(),
        min_age: 18,
        max_age: 99,
        tiers: all_tiers(),
        family: 2.0,
        rating: RatingMethod::Flat,
        levels: vec![("Standard".into(), 9.0 + d.unit() * 25.0, PlanFacts::default())],
        facts,
        eligibility,
    }
}

/// A lifestyle plan: its name, rating, facts and levels.
fn lifestyle(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let facts = PlanFacts {
        network: Some(Network::Discount),
        telehealth_visits: Some(*d.pick(&[4, 6, 12, 24])),
        ..PlanFacts::default()
    };
    Drawn {
        name: format!("{} Membership {}", d.pick(&["Wellness", "Healthy Living", "Everyday Perks"]), facts.telehealth_visits.unwrap_or_default()),
        short_text: Said::new(
            "{visits} telehealth visits a year, gym and hearing discounts.",
            &[("visits", facts.telehealth_visits.unwrap_or_default().to_string())],
        ),
        body: "A membership, not insurance: telehealth visits, a nurse line, and discounts on gyms, hearing aids and vision care.".into(),
        min_age: 18,
        max_age: 99,
        tiers: all_tiers(),
        family: 1.6,
        rating: RatingMethod::Flat,
        levels: vec![("Membership".into(), 8.0 + d.unit() * 18.0, PlanFacts::default())],
        facts,
        eligibility,
    }
}

/// A supplemental plan: its name, rating, facts and levels.
fn supplemental(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    if d.chance(0.35) {
        // Medicare Supplement: for people 65 and older who have Medicare Parts A and B.
        let letter = *d.pick(&["G", "N", "F"]);
        return Drawn {
            name: format!("Medicare Supplement Plan {letter}"),
            short_text: Said::new(
                "Pays what Original Medicare leaves to you; Plan {letter} for people 65 and older.",
                &[("letter", letter.to_string())],
            ),
            body: "Medicare Supplement insurance pays your share of costs under Original Medicare (Parts A and B): coinsurance, copays and, depending on the plan, deductibles. You must be enrolled in Medicare Parts A and B.".into(),
            min_age: 65,
            max_age: 99,
            tiers: vec![Tier::IO, Tier::IS],
            family: 2.0,
            rating: RatingMethod::AgeBands { bands: bands(65, 99, 1.18) },
            levels: vec![("Standard".into(), 120.0 + d.unit() * 90.0, PlanFacts::default())],
            facts: PlanFacts {
                network: Some(Network::AnyProvider),
                deductible_usd: Some(if letter == "G" { 257 } else { 0 }),
                ..PlanFacts::default()
            },
            eligibility,
        };
    }
    let amount = *d.pick(&[5_000, 10_000, 20_000, 30_000]);
    Drawn {
        name: format!("{} {}", d.pick(&["Cancer Care", "Gap Protect", "Cancer Shield"]), amount / 1000),
        short_text: Said::new(
            "Pays you {amount} when a covered diagnosis happens, to use as you need.",
            &[("amount", money(amount))],
        ),
        body: "Pays a cash benefit directly to you on a covered diagnosis, on top of any other coverage.".into(),
        min_age: 18,
        max_age: 99,
        tiers: all_tiers(),
        family: 2.2,
        rating: RatingMethod::AgeBands { bands: bands(18, 99, 1.2) },
        levels: vec![("Standard".into(), 10.0 + f64::from(amount) / 1000.0 * 0.9, PlanFacts::default())],
        facts: PlanFacts {
            benefit_amount_usd: Some(amount),
            network: Some(Network::AnyProvider),
            ..PlanFacts::default()
        },
        eligibility,
    }
}

/// A di plan: its name, rating, facts and levels.
fn di(d: &mut Draw) -> Drawn {
    let mut eligibility = Eligibility::default();
    let elimination = *d.pick(&[7, 14, 30, 90]);
    let period = *d.pick(&[3, 6, 12, 24, 60]);
    eligibility.min_annual_income = Some(i64::from(*d.pick(&[12_000, 15_000, 20_000, 25_000])));
    eligibility.min_working_hours = Some(i64::from(*d.pick(&[20, 25, 30])));
    Drawn {
        name: format!("Income Protect {} {elimination}/{period}", if period >= 24 { "Long-Term" } else { "Short-Term" }),
        short_text: Said::new(
            "Replaces part of your pay after {days} days off work, for up to {months} months.",
            &[("days", elimination.to_string()), ("months", period.to_string())],
        ),
        body: "Pays a monthly benefit, a share of your income, while an illness or injury keeps you from working, after the elimination period.".into(),
        min_age: 18,
        max_age: 64,
        tiers: vec![Tier::IO],
        family: 1.0,
        rating: RatingMethod::AgeBands { bands: bands(18, 64, 1.25) },
        levels: vec![("Standard".into(), 22.0 + d.unit() * 30.0, PlanFacts::default())],
        facts: PlanFacts {
            benefit_percent: Some(*d.pick(&[50, 60, 60, 70])),
            elimination_period_days: Some(elimination),
            benefit_period_months: Some(period),
            ..PlanFacts::default()
        },
        eligibility,
    }
}

/// A critical plan: its name, rating, facts and levels.
fn critical(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let amounts: &[u32] =
        d.pick::<&[u32]>(&[&[10_000, 20_000][..], &[15_000, 30_000][..], &[10_000, 25_000, 50_000][..]]);
    let levels = amounts
        .iter()
        .map(|a| {
            let facts = PlanFacts { benefit_amount_usd: Some(*a), ..PlanFacts::default() };
            (format!("{} benefit", money(*a)), 6.0 + f64::from(*a) / 1000.0 * 0.85, facts)
        })
        .collect();
    Drawn {
        name: format!("Critical Illness {} {}", d.pick(&["Care", "Protect", "Plus"]), amounts[amounts.len() - 1] / 1000),
        short_text: Said::new(
            "A lump sum of up to {amount} on a heart attack, stroke or cancer diagnosis.",
            &[("amount", money(amounts[amounts.len() - 1]))],
        ),
        body: "Pays a lump sum directly to you when you are diagnosed with a covered critical illness, such as a heart attack, stroke, cancer or kidney failure.".into(),
        min_age: 18,
        max_age: 74,
        tiers: all_tiers(),
        family: 2.1,
        rating: RatingMethod::AgeBands { bands: bands(18, 74, 1.35) },
        levels,
        facts: PlanFacts::default(),
        eligibility,
    }
}

/// A accident plan: its name, rating, facts and levels.
fn accident(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let facts = PlanFacts {
        benefit_amount_usd: Some(*d.pick(&[10_000, 25_000, 50_000])),
        daily_hospital_benefit_usd: Some(*d.pick(&[100, 200, 300])),
        ..PlanFacts::default()
    };
    Drawn {
        name: format!("Accident {} {}", d.pick(&["Care", "Advantage", "Guard", "Shield"]), facts.benefit_amount_usd.unwrap_or_default() / 1000),
        short_text: Said::new(
            "Cash for ER visits, fractures and {daily} a day in hospital after an accident.",
            &[("daily", money(facts.daily_hospital_benefit_usd.unwrap_or_default()))],
        ),
        body: "Pays set amounts for injuries from an accident: emergency care, fractures, dislocations, hospital stays, and an accidental death benefit.".into(),
        min_age: 18,
        max_age: 99,
        tiers: all_tiers(),
        family: 2.4,
        rating: RatingMethod::Flat,
        levels: vec![("Standard".into(), 9.0 + d.unit() * 12.0, PlanFacts::default())],
        facts,
        eligibility,
    }
}

/// A hospital plan: its name, rating, facts and levels.
fn hospital(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    let daily = *d.pick(&[100, 200, 250, 500]);
    Drawn {
        name: format!("Hospital Cash {daily}"),
        short_text: Said::new(
            "{daily} a day in hospital, paid to you, plus an admission benefit.",
            &[("daily", money(daily))],
        ),
        body: "Pays you a fixed amount for each day you spend in a hospital, whatever your other coverage pays.".into(),
        min_age: 18,
        max_age: 99,
        tiers: all_tiers(),
        family: 2.3,
        rating: RatingMethod::AgeBands { bands: bands(18, 99, 1.15) },
        levels: vec![("Standard".into(), 8.0 + f64::from(daily) / 25.0, PlanFacts::default())],
        facts: PlanFacts {
            daily_hospital_benefit_usd: Some(daily),
            benefit_amount_usd: Some(*d.pick(&[500, 1000, 1500])),
            ..PlanFacts::default()
        },
        eligibility,
    }
}

/// A pet plan (the catalogue's other categories): its name, rating, facts and levels.
fn pet(d: &mut Draw) -> Drawn {
    let eligibility = Eligibility::default();
    // Pet: priced by the pet's owner; every age of owner may buy it.
    let reimbursement = *d.pick(&[70, 80, 90]);
    let facts = PlanFacts {
        annual_maximum_usd: Some(*d.pick(&[5_000, 10_000, 15_000])),
        deductible_usd: Some(*d.pick(&[100, 250, 500])),
        reimbursement_percent: Some(reimbursement),
        ..PlanFacts::default()
    };
    Drawn {
        name: format!(
            "Pet {} {reimbursement}/{}",
            d.pick(&["Care", "Protect", "Wellness"]),
            facts.deductible_usd.unwrap_or_default()
        ),
        short_text: Said::new(
            "{percent}% of vet bills back after a {deductible} deductible, up to {maximum} a year.",
            &[
                ("percent", reimbursement.to_string()),
                ("deductible", money(facts.deductible_usd.unwrap_or_default())),
                ("maximum", money(facts.annual_maximum_usd.unwrap_or_default())),
            ],
        ),
        body: "Reimburses vet bills for accidents and illnesses of your dog or cat, at any licensed vet.".into(),
        min_age: 18,
        max_age: 99,
        tiers: vec![Tier::IO],
        family: 1.0,
        rating: RatingMethod::Flat,
        levels: vec![("One pet".into(), 18.0 + d.unit() * 30.0, PlanFacts::default())],
        facts,
        eligibility,
    }
}

const EXCLUSIONS: &str = "Exclusions and Limitations";
const FAQ: &str = "Frequently Asked Questions";

/// The first word of a carrier's name, as product names use it.
fn brand(carrier: &Carrier) -> &str {
    carrier.name.split_whitespace().next().unwrap_or(&carrier.name)
}

/// Draws `spec.plans` plans from `carriers` (each carrier only in the categories it sells), named apart from
/// `taken` (the names of plans the catalogue already has).
pub fn generate(spec: &MarketSpec, carriers: &[Carrier], taken: &BTreeSet<String>) -> Vec<Plan> {
    let mut d = Draw(spec.seed);
    let weights: Vec<f64> = CATEGORY_WEIGHTS.iter().map(|(_, w)| *w).collect();
    let mut names = taken.clone();
    let mut plans = Vec::with_capacity(spec.plans);
    for i in 0..spec.plans {
        let category = CATEGORY_WEIGHTS[d.weighted(&weights).unwrap_or(0)].0;
        let sellers: Vec<&Carrier> =
            carriers.iter().filter(|c| c.categories.is_empty() || c.categories.iter().any(|k| k == category)).collect();
        let carrier = if sellers.is_empty() { d.pick(carriers) } else { *d.pick(&sellers) };
        let drawn = draw_plan(&mut d, category);
        let mut name = format!("{} {}", brand(carrier), drawn.name);
        let mut series = ["II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"].iter();
        let mut n = 11;
        while !names.insert(name.clone()) {
            let next = series.next().map(|s| s.to_string()).unwrap_or_else(|| {
                n += 1;
                format!("No. {}", n - 1)
            });
            name = format!("{} {} {next}", brand(carrier), drawn.name);
        }
        let plan_id = spec.first_id + i as i64;
        // Most plans are sold everywhere; some in a region of states, as filings are.
        let states = if d.chance(0.7) {
            States::All(AllStates::All)
        } else {
            let mut chosen: BTreeSet<String> = BTreeSet::new();
            for _ in 0..d.between(3, 10) {
                chosen.insert(d.pick(STATES).to_string());
            }
            States::Only(chosen.into_iter().collect())
        };
        let options = drawn
            .levels
            .iter()
            .enumerate()
            .map(|(level, (label, rate, facts))| PlanOption {
                plan_pricing_id: plan_id * 100 + level as i64 + 1,
                name: label.clone(),
                base_rate: (rate * 100.0).round() / 100.0,
                facts: facts.clone(),
            })
            .collect();
        let short_text = drawn.short_text.in_language(crate::i18n::SOURCE);
        let exclusions = Said::new(
            "See the {carrier} policy for exclusions and limitations. Benefits are paid only for covered services and conditions.",
            &[("carrier", carrier.name.clone())],
        );
        let faq = Said::new(
            "Q: Who do I call with a question?\n\nA: {carrier} at {phone}.",
            &[("carrier", carrier.name.clone()), ("phone", carrier.phone.clone())],
        );
        // The plan's texts in each other language the store has the words for, written beside the English as a
        // carrier writes its own (its name is the same in every language).
        let mut translations = crate::catalogue::Translations::new();
        for language in crate::i18n::other_languages() {
            let mut fields = BTreeMap::new();
            let mut put = |field: &str, words: String| drop(fields.insert(field.to_string(), words));
            if drawn.short_text.said_in(language) {
                put("short_text", drawn.short_text.in_language(language));
                put("blueBarText", drawn.short_text.in_language(language));
            }
            put("header_text", name.clone());
            for (field, english) in
                [("body_text", drawn.body.as_str()), ("exclusions_text_name", EXCLUSIONS), ("faq_text_name", FAQ)]
            {
                let words = crate::i18n::say(language, english);
                if words != english {
                    put(field, words.to_string());
                }
            }
            for (field, said) in [("exclusions_text", &exclusions), ("faq_text", &faq)] {
                if said.said_in(language) {
                    put(field, said.in_language(language));
                }
            }
            translations.insert(language.to_string(), fields);
        }
        plans.push(Plan {
            plan_id,
            carrier_id: carrier.carrier_id,
            category: category.to_string(),
            plan_name: name.clone(),
            plan_type: "STD".into(),
            short_text: short_text.clone(),
            logo: carrier.logo.clone(),
            featured: false,
            states,
            min_age: drawn.min_age,
            max_age: drawn.max_age,
            tier_factors: tier_factors(&drawn.tiers, drawn.family),
            tiers: drawn.tiers,
            rating: drawn.rating,
            options,
            description: PlanDescription {
                header_text: name,
                blue_bar_text: short_text,
                body_text: drawn.body,
                exclusions_text_name: EXCLUSIONS.into(),
                exclusions_text: exclusions.in_language(crate::i18n::SOURCE),
                faq_text_name: FAQ.into(),
                faq_text: faq.in_language(crate::i18n::SOURCE),
                ..PlanDescription::default()
            },
            eligibility: drawn.eligibility,
            listed: true,
            membership: Vec::new(),
            rider_of: Vec::new(),
            replaced_by: None,
            // Short-term disability (a benefit period under two years) is its own line, as carriers file it.
            insurance_line: (category == "di" && drawn.facts.benefit_period_months.is_some_and(|m| m < 24))
                .then(|| "STD".to_string()),
            blackout: None,
            facts: drawn.facts,
            documents: Vec::new(),
            translations,
        });
    }
    plans
}

#[cfg(test)]
mod tests {
    use super::*;

    fn carriers() -> Vec<Carrier> {
        (1..=8)
            .map(|i| Carrier {
                carrier_id: i,
                name: format!("Carrier{i} Mutual"),
                logo: format!("/assets/logos/c{i}.svg"),
                phone: "(800) 555-0100".into(),
                website: String::new(),
                categories: Vec::new(),
                edi: None,
                group_minimums: None,
            })
            .collect()
    }

    fn categories() -> Vec<crate::catalogue::Category> {
        CATEGORY_WEIGHTS
            .iter()
            .map(|(c, _)| crate::catalogue::Category {
                category: c.to_string(),
                display_name: c.to_string(),
                image: String::new(),
                section_name: String::new(),
                free_look_days: 10,
                translations: Default::default(),
            })
            .collect()
    }

    #[test]
    fn a_generated_catalogue_passes_the_fixtures_checks_and_has_every_category_and_carrier() {
        let spec = MarketSpec { plans: 2000, seed: 7, first_id: 100_000 };
        let plans = generate(&spec, &carriers(), &BTreeSet::new());
        assert_eq!(plans.len(), 2000);
        crate::catalogue::check_plans(&plans, &carriers(), &categories()).unwrap();
        let used: BTreeSet<&str> = plans.iter().map(|p| p.category.as_str()).collect();
        assert_eq!(used.len(), 13);
        let by: BTreeSet<i64> = plans.iter().map(|p| p.carrier_id).collect();
        assert_eq!(by.len(), 8);
        assert!(plans.iter().any(|p| p.min_age >= 65), "Medicare-age buyers have plans");
        assert!(plans.iter().filter(|p| p.category == "dental").all(|p| p.max_age >= 99));
        assert!(plans.iter().any(|p| p.eligibility.tobacco_factor.is_some() && p.category == "medical"));
        assert!(plans.iter().any(|p| matches!(p.states, States::Only(_))));
        assert_eq!(generate(&spec, &carriers(), &BTreeSet::new()), plans, "the same seed draws the same catalogue");
    }

    #[test]
    fn every_generated_plan_states_the_facts_its_category_is_compared_by() {
        let plans = generate(&MarketSpec { plans: 500, seed: 11, first_id: 1 }, &carriers(), &BTreeSet::new());
        for plan in &plans {
            let option = &plan.options[0];
            let facts = plan.facts_of(option);
            let compared = crate::facts::default_compare(&plan.category);
            let stated = compared.iter().filter(|k| facts.display(k, "en").is_some()).count();
            assert!(stated * 2 >= compared.len(), "{} states too few of {compared:?}: {facts:?}", plan.plan_name);
        }
    }
}
