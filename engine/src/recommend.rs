//! Recommendations mined from what people do: which plans carts and enrollments hold, when, and for whom. Pure
//! counting; the api feeds it baskets from the store and filters the answer by what the visitor may buy.
//!
//! - Popularity: each basket counts for its plans, an enrollment three times a cart, and recent baskets more (the
//!   weight halves every `half_life_days`).
//! - For a profile: the same over the baskets of people like the visitor (state, tier, age band, gender), falling
//!   back to everyone's when too few are alike.
//! - Association ("people who chose this plan also chose"): rules A -> B from the baskets that held A and B
//!   together, with support, confidence and lift, and a minimum number of baskets so that one cart cannot make a rule.
//!   [`Counts`] keeps the counts and takes baskets one at a time, so the rules follow new carts without a recount.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::catalogue::Plan;
use crate::draw::Draw;

/// A basket's weight when it became an enrollment rather than staying a cart.
pub const ENROLLED_WEIGHT: f64 = 3.0;

/// Who a basket was for, in the bands recommendations compare.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Profile {
    pub state: String,
    /// IO, IS, IC or IF.
    pub tier: String,
    /// The decade of the age (30 for 30 to 39).
    pub age_band: i32,
    /// "0" male, "1" female.
    pub gender: String,
}

impl Profile {
    pub fn new(state: &str, tier: &str, age: i32, gender: &str) -> Profile {
        Profile {
            state: state.to_string(),
            tier: tier.to_string(),
            age_band: age.max(0) / 10 * 10,
            gender: gender.into(),
        }
    }
}

/// The plans one cart or enrollment held together.
#[derive(Debug, Clone, PartialEq)]
pub struct Basket {
    pub plans: Vec<i64>,
    /// How many days ago it was last changed.
    pub age_days: f64,
    pub enrolled: bool,
    pub profile: Option<Profile>,
}

impl Basket {
    fn weight(&self, half_life_days: f64) -> f64 {
        let recency = 0.5f64.powf(self.age_days.max(0.0) / half_life_days.max(1.0));
        recency * if self.enrolled { ENROLLED_WEIGHT } else { 1.0 }
    }

    fn distinct(&self) -> BTreeSet<i64> {
        self.plans.iter().copied().collect()
    }
}

/// Plans by weighted count, most chosen first (ties by plan id, so answers are stable).
pub fn popularity(baskets: &[Basket], half_life_days: f64) -> Vec<(i64, f64)> {
    let mut scores: BTreeMap<i64, f64> = BTreeMap::new();
    for basket in baskets {
        let weight = basket.weight(half_life_days);
        for plan in basket.distinct() {
            *scores.entry(plan).or_default() += weight;
        }
    }
    ranked(scores)
}

fn ranked(scores: BTreeMap<i64, f64>) -> Vec<(i64, f64)> {
    let mut ranked: Vec<(i64, f64)> = scores.into_iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked
}

/// Popularity among the baskets of people with the visitor's profile; everyone's when fewer than `min_alike` baskets
/// are alike.
pub fn for_profile(baskets: &[Basket], profile: &Profile, half_life_days: f64, min_alike: usize) -> Vec<(i64, f64)> {
    let alike: Vec<Basket> = baskets.iter().filter(|b| b.profile.as_ref() == Some(profile)).cloned().collect();
    if alike.len() < min_alike {
        return popularity(baskets, half_life_days);
    }
    popularity(&alike, half_life_days)
}

/// "People who chose `from` also chose `to`".
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    pub from: i64,
    pub to: i64,
    /// How many baskets held both.
    pub together: usize,
    /// The share of all baskets that held both.
    pub support: f64,
    /// The share of the baskets holding `from` that also held `to`.
    pub confidence: f64,
    /// How much more often `to` comes with `from` than on its own (above 1: they go together).
    pub lift: f64,
}

/// What people who chose any of `from` also chose: each companion once, by its strongest rule (lift, then
/// confidence) from any of them, strongest first; a plan of `from` is never its own companion. `rules` gives each
/// plan's rules.
pub fn companions<'r>(rules: impl Fn(i64) -> Option<&'r [Rule]>, from: &[i64]) -> Vec<&'r Rule> {
    let mut best: Vec<&Rule> = Vec::new();
    for rule in from.iter().filter_map(|p| rules(*p)).flatten() {
        if from.contains(&rule.to) {
            continue;
        }
        match best.iter_mut().find(|b| b.to == rule.to) {
            Some(b) if (rule.lift, rule.confidence) > (b.lift, b.confidence) => *b = rule,
            Some(_) => {}
            None => best.push(rule),
        }
    }
    best.sort_by(|a, b| b.lift.total_cmp(&a.lift).then(b.confidence.total_cmp(&a.confidence)).then(a.to.cmp(&b.to)));
    best
}

/// The counts association rules are read from, kept up to date one basket at a time.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Counts {
    baskets: usize,
    plans: BTreeMap<i64, usize>,
    pairs: BTreeMap<(i64, i64), usize>,
}

impl Counts {
    pub fn from_baskets<'a>(baskets: impl IntoIterator<Item = &'a Basket>) -> Counts {
        let mut counts = Counts::default();
        for basket in baskets {
            counts.add(&basket.plans);
        }
        counts
    }

    /// Counts one more basket.
    pub fn add(&mut self, plans: &[i64]) {
        let distinct: Vec<i64> = plans.iter().copied().collect::<BTreeSet<_>>().into_iter().collect();
        if distinct.is_empty() {
            return;
        }
        self.baskets += 1;
        for (i, a) in distinct.iter().enumerate() {
            *self.plans.entry(*a).or_default() += 1;
            for b in &distinct[i + 1..] {
                *self.pairs.entry((*a, *b)).or_default() += 1;
            }
        }
    }

    pub fn baskets(&self) -> usize {
        self.baskets
    }

    fn rule(&self, from: i64, to: i64, together: usize) -> Option<Rule> {
        let n = self.baskets as f64;
        let with_from = *self.plans.get(&from)? as f64;
        let with_to = *self.plans.get(&to)? as f64;
        let confidence = together as f64 / with_from;
        Some(Rule { from, to, together, support: together as f64 / n, confidence, lift: confidence / (with_to / n) })
    }

    /// Every rule held by at least `min_together` baskets with at least `min_confidence`, strongest first.
    pub fn rules(&self, min_together: usize, min_confidence: f64) -> Vec<Rule> {
        let mut rules: Vec<Rule> = self
            .pairs
            .iter()
            .filter(|(_, together)| **together >= min_together.max(1))
            .flat_map(|(&(a, b), &together)| [self.rule(a, b, together), self.rule(b, a, together)])
            .flatten()
            .filter(|r| r.confidence >= min_confidence)
            .collect();
        rules.sort_by(|x, y| {
            y.lift
                .total_cmp(&x.lift)
                .then(y.confidence.total_cmp(&x.confidence))
                .then((x.from, x.to).cmp(&(y.from, y.to)))
        });
        rules
    }

    /// What people who chose `plan` also chose, strongest first.
    pub fn also_chosen(&self, plan: i64, min_together: usize, min_confidence: f64) -> Vec<Rule> {
        self.rules(min_together, min_confidence).into_iter().filter(|r| r.from == plan).collect()
    }
}

/// How a fresh installation's shopping history is made up (`fixtures/history/shopping.yaml`), so that recommendations
/// are sensible before the store has carts of its own. The history is drawn from patterns of categories people buy
/// together, then from the catalogue's plans of each category that the drawn person may buy, so it follows the
/// catalogue as it changes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistorySpec {
    /// The same seed draws the same history.
    pub seed: u64,
    pub baskets: usize,
    /// Baskets are spread over this many days before the seeding.
    pub days: u32,
    /// The share of baskets that became enrollments.
    pub enrolled_share: f64,
    /// State codes with their weights.
    pub states: BTreeMap<String, u32>,
    /// Tier codes with their weights.
    pub tiers: BTreeMap<String, u32>,
    pub patterns: Vec<Pattern>,
}

/// Categories bought together, how often, and by whom.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pattern {
    pub categories: Vec<String>,
    pub weight: u32,
    /// The youngest and oldest age of the people who buy it (18 to 64 when not said).
    #[serde(default)]
    pub ages: Option<[i32; 2]>,
}

/// One basket of a seeded history.
#[derive(Debug, Clone, PartialEq)]
pub struct SeededBasket {
    pub plans: Vec<i64>,
    pub profile: Profile,
    pub enrolled: bool,
    pub days_ago: u32,
}

/// Whether a person of this profile may buy the plan on their own (no employer, no portal, no popup beyond the
/// filter): what a history basket may hold.
fn buyable_by(plan: &Plan, profile: &Profile, age: i32) -> bool {
    plan.listed
        && plan.rider_of.is_empty()
        && plan.replaced_by.is_none()
        && plan.eligibility.groups.is_none()
        && plan.eligibility.portals.is_none()
        && plan.states.includes(&profile.state)
        && plan.tiers.iter().any(|t| t.code() == profile.tier)
        && (plan.min_age..=plan.max_age).contains(&age)
}

/// Draws the history the spec describes from the catalogue's plans. Within a category, plans earlier in the
/// catalogue and featured plans are chosen more often (people pick the first and the recommended ones).
pub fn generate(spec: &HistorySpec, plans: &[Plan]) -> Vec<SeededBasket> {
    let mut draw = Draw(spec.seed);
    let pick = |draw: &mut Draw, table: &BTreeMap<String, u32>| -> Option<String> {
        let keys: Vec<&String> = table.keys().collect();
        let weights: Vec<f64> = table.values().map(|w| f64::from(*w)).collect();
        draw.weighted(&weights).map(|i| keys[i].clone())
    };
    let pattern_weights: Vec<f64> = spec.patterns.iter().map(|p| f64::from(p.weight)).collect();
    let mut baskets = Vec::with_capacity(spec.baskets);
    for _ in 0..spec.baskets {
        let Some(pattern) = draw.weighted(&pattern_weights).map(|i| &spec.patterns[i]) else { break };
        let (Some(state), Some(tier)) = (pick(&mut draw, &spec.states), pick(&mut draw, &spec.tiers)) else { break };
        let [youngest, oldest] = pattern.ages.unwrap_or([18, 64]);
        let age = youngest + draw.below((oldest - youngest).max(0) as u64 + 1) as i32;
        let gender = if draw.below(2) == 0 { "0" } else { "1" };
        let profile = Profile::new(&state, &tier, age, gender);
        let mut chosen = Vec::new();
        for category in &pattern.categories {
            let candidates: Vec<&Plan> =
                plans.iter().filter(|p| &p.category == category && buyable_by(p, &profile, age)).collect();
            let weights: Vec<f64> = candidates
                .iter()
                .enumerate()
                .map(|(rank, p)| if p.featured { 2.0 } else { 1.0 } / (rank as f64 + 1.0))
                .collect();
            if let Some(plan) = draw.weighted(&weights).map(|i| candidates[i]) {
                chosen.push(plan.plan_id);
                // A premier plan is bought with its membership association.
                chosen.extend(plan.membership.first());
            }
        }
        let enrolled = draw.unit() < spec.enrolled_share;
        let days_ago = draw.below(u64::from(spec.days.max(1))) as u32;
        if !chosen.is_empty() {
            baskets.push(SeededBasket { plans: chosen, profile, enrolled, days_ago });
        }
    }
    baskets
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cart(plans: &[i64], age_days: f64) -> Basket {
        Basket { plans: plans.to_vec(), age_days, enrolled: false, profile: None }
    }

    #[test]
    fn recent_baskets_and_enrollments_count_more() {
        let baskets = [
            cart(&[1], 0.0),
            cart(&[2], 60.0),
            cart(&[2], 60.0),
            Basket { plans: vec![3], age_days: 0.0, enrolled: true, profile: None },
        ];
        let ranked = popularity(&baskets, 30.0);
        assert_eq!(ranked[0].0, 3, "an enrollment today outweighs the rest: {ranked:?}");
        assert_eq!(ranked[1].0, 1, "one cart today outweighs two from two months ago: {ranked:?}");
    }

    #[test]
    fn people_alike_are_asked_first_and_everyone_when_too_few_are_alike() {
        let georgia = Profile::new("GA", "IO", 34, "1");
        let mut baskets = vec![cart(&[7], 0.0), cart(&[7], 0.0), cart(&[7], 0.0)];
        baskets.push(Basket { plans: vec![8], age_days: 0.0, enrolled: false, profile: Some(georgia.clone()) });
        assert_eq!(for_profile(&baskets, &georgia, 30.0, 1)[0].0, 8);
        assert_eq!(for_profile(&baskets, &georgia, 30.0, 2)[0].0, 7, "one alike basket is too few");
        assert_eq!(Profile::new("GA", "IO", 39, "1"), georgia, "ages 30 to 39 are one band");
    }

    #[test]
    fn a_rule_appears_only_once_enough_baskets_hold_both_plans() {
        let mut counts = Counts::default();
        for _ in 0..20 {
            counts.add(&[1]);
        }
        counts.add(&[1, 2]);
        assert!(counts.also_chosen(1, 3, 0.0).is_empty(), "one cart makes no rule");
        counts.add(&[1, 2]);
        counts.add(&[2, 1, 1]);
        let rules = counts.also_chosen(2, 3, 0.5);
        assert_eq!(rules.len(), 1);
        let rule = &rules[0];
        assert_eq!((rule.from, rule.to, rule.together), (2, 1, 3));
        assert!((rule.confidence - 1.0).abs() < 1e-9, "every basket with 2 held 1");
        assert!((rule.support - 3.0 / 23.0).abs() < 1e-9);
        // 1 is in all 23 baskets, so 2 tells nothing about it: lift 1.
        assert!((rule.lift - 1.0).abs() < 1e-9, "{rule:?}");
    }

    #[test]
    fn a_companion_of_two_chosen_plans_is_named_once_by_its_strongest_rule_and_never_one_of_them() {
        let rule = |from, to, confidence, lift| Rule { from, to, together: 5, support: 0.1, confidence, lift };
        let rules: std::collections::BTreeMap<i64, Vec<Rule>> = [
            (1, vec![rule(1, 3, 0.5, 2.0), rule(1, 2, 0.9, 5.0)]),
            (2, vec![rule(2, 3, 0.6, 3.0), rule(2, 4, 0.4, 3.0), rule(2, 1, 0.9, 9.0)]),
        ]
        .into();
        let found = companions(|p| rules.get(&p).map(Vec::as_slice), &[1, 2]);
        let named: Vec<(i64, i64)> = found.iter().map(|r| (r.from, r.to)).collect();
        assert_eq!(named, [(2, 3), (2, 4)], "3 by its stronger rule from 2, before 4 (same lift, less confidence)");
    }

    #[test]
    fn lift_tells_plans_that_go_together_from_plans_that_are_everywhere() {
        let mut counts = Counts::default();
        for _ in 0..5 {
            counts.add(&[10, 20]);
        }
        for _ in 0..15 {
            counts.add(&[30]);
        }
        let rule = &counts.also_chosen(10, 3, 0.0)[0];
        assert_eq!(rule.to, 20);
        assert!((rule.lift - 4.0).abs() < 1e-9, "20 is in a quarter of baskets but in every one with 10: {rule:?}");
    }

    fn fixtures() -> (HistorySpec, Vec<Plan>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let spec = serde_yaml::from_str(&std::fs::read_to_string(root.join("history/shopping.yaml")).unwrap()).unwrap();
        #[derive(Deserialize)]
        struct Plans {
            plans: Vec<Plan>,
        }
        let mut plans = Vec::new();
        for entry in std::fs::read_dir(root.join("catalogue/plans")).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            plans.extend(serde_yaml::from_str::<Plans>(&text).unwrap().plans);
        }
        plans.sort_by_key(|p| p.plan_id);
        (spec, plans)
    }

    #[test]
    fn the_seeded_history_is_the_same_every_time_and_holds_only_plans_its_people_may_buy() {
        let (spec, plans) = fixtures();
        let history = generate(&spec, &plans);
        assert_eq!(history, generate(&spec, &plans), "the same seed draws the same history");
        assert!(history.len() > spec.baskets * 9 / 10, "{} baskets", history.len());
        for basket in &history {
            for id in &basket.plans {
                let plan = plans.iter().find(|p| p.plan_id == *id).unwrap();
                let membership = plans.iter().any(|p| p.membership.contains(id));
                let in_band = (0..10).any(|year| buyable_by(plan, &basket.profile, basket.profile.age_band + year));
                assert!(membership || in_band, "{id} in {basket:?}");
            }
            assert!(basket.days_ago < spec.days);
        }
        let enrolled = history.iter().filter(|b| b.enrolled).count() as f64 / history.len() as f64;
        assert!((enrolled - spec.enrolled_share).abs() < 0.06, "{enrolled}");
    }
}
