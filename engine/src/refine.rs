//! How a person narrows and orders a listing: sort by premium, deductible, out-of-pocket maximum or estimated yearly
//! cost; keep only some carriers or networks, plans under a premium or a deductible, or plans that qualify for a
//! health savings account. A filter that needs a fact a category's plans do not state (a vision plan has no
//! deductible) does not apply to that category: its plans stay, and the listing says the filter was not applied there.

use schemars::JsonSchema;
use serde::Serialize;

use crate::facts::{Network, PlanFacts};
use crate::rating::Cents;
use crate::yearly::{Usage, YearlyCost};

/// What a listing is ordered by (ascending; ties by plan name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortKey {
    Premium,
    Deductible,
    OopMax,
    YearlyCost,
}

impl SortKey {
    pub fn parse(text: &str) -> Option<SortKey> {
        match text.trim().to_ascii_lowercase().as_str() {
            "premium" => Some(SortKey::Premium),
            "deductible" => Some(SortKey::Deductible),
            "oop_max" => Some(SortKey::OopMax),
            "yearly_cost" => Some(SortKey::YearlyCost),
            _ => None,
        }
    }
}

/// A filter that needs a fact, by its query parameter's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FactFilter {
    Networks,
    MaxDeductible,
    Hsa,
}

impl FactFilter {
    /// Whether `facts` states what the filter reads.
    fn stated(self, facts: &PlanFacts) -> bool {
        match self {
            FactFilter::Networks => facts.network.is_some(),
            FactFilter::MaxDeductible => facts.deductible_usd.is_some(),
            FactFilter::Hsa => facts.hsa_eligible.is_some(),
        }
    }

    /// The filter as a person names it.
    pub fn label(self) -> &'static str {
        match self {
            FactFilter::Networks => "the network",
            FactFilter::MaxDeductible => "the deductible limit",
            FactFilter::Hsa => "HSA-eligible only",
        }
    }

    /// What a listing says when the filter cannot narrow some categories' plans, which fill `{categories}`.
    pub fn not_applied(self) -> &'static str {
        match self {
            FactFilter::Networks => "The network does not apply to {categories}",
            FactFilter::MaxDeductible => "The deductible limit does not apply to {categories}",
            FactFilter::Hsa => "HSA-eligible only does not apply to {categories}",
        }
    }
}

/// One of a person's choices that narrow a listing, as a listing that they emptied names it to loosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    MaxPremium,
    MaxDeductible,
    Hsa,
    Networks,
    Carriers,
}

impl Choice {
    /// The order a listing the choices emptied tries loosening them in: the limits first, the carriers last.
    pub const LOOSENED_FIRST: [Choice; 5] =
        [Choice::MaxPremium, Choice::MaxDeductible, Choice::Hsa, Choice::Networks, Choice::Carriers];

    /// The choice as a person names it ("Remove the premium limit").
    pub fn label(self) -> &'static str {
        match self {
            Choice::MaxPremium => "the premium limit",
            Choice::MaxDeductible => "the deductible limit",
            Choice::Hsa => "HSA-eligible only",
            Choice::Networks => "the network choice",
            Choice::Carriers => "the carrier choice",
        }
    }
}

/// A person's choices; none chosen keeps every plan in the catalogue's order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Refine {
    pub sort: Option<SortKey>,
    /// The level of use `yearly_cost` sorts by (medium unless given).
    pub usage: Option<Usage>,
    /// Carrier names, compared without regard to case.
    pub carriers: Vec<String>,
    pub networks: Vec<Network>,
    pub max_premium: Option<Cents>,
    pub max_deductible: Option<u32>,
    pub hsa: bool,
}

/// A plan of a listing, as refining reads it.
#[derive(Debug, Clone)]
pub struct Candidate<'a> {
    pub plan_name: &'a str,
    pub carrier: &'a str,
    pub category: &'a str,
    /// The quote's monthly premium, or the lowest anyone is quoted while the quote's waits for answers.
    pub premium: Option<Cents>,
    /// The facts of the level the price is for.
    pub facts: PlanFacts,
    pub yearly: Option<YearlyCost>,
}

/// The names a network is written by, each as people type it (compared without regard to case).
const NETWORK_NAMES: &[(&str, Network)] = &[
    ("ppo", Network::Ppo),
    ("hmo", Network::Hmo),
    ("epo", Network::Epo),
    ("any provider", Network::AnyProvider),
    ("any_provider", Network::AnyProvider),
    ("anyprovider", Network::AnyProvider),
    ("discount", Network::Discount),
    ("discount network", Network::Discount),
    ("discount_network", Network::Discount),
];

/// A network named as people write it: HMO, PPO, EPO, "any provider", "discount".
pub fn network_named(text: &str) -> Option<Network> {
    let text = text.trim();
    NETWORK_NAMES.iter().find(|(name, _)| name.eq_ignore_ascii_case(text)).map(|(_, network)| *network)
}

impl Refine {
    /// The fact filters chosen.
    pub fn fact_filters(&self) -> Vec<FactFilter> {
        let mut chosen = Vec::new();
        if !self.networks.is_empty() {
            chosen.push(FactFilter::Networks);
        }
        if self.max_deductible.is_some() {
            chosen.push(FactFilter::MaxDeductible);
        }
        if self.hsa {
            chosen.push(FactFilter::Hsa);
        }
        chosen
    }

    /// Whether anything was chosen that narrows the listing.
    pub fn narrows(&self) -> bool {
        !self.carriers.is_empty() || self.max_premium.is_some() || !self.fact_filters().is_empty()
    }

    /// The choices without one of them: what a person would see by loosening it.
    pub fn without(&self, choice: Choice) -> Refine {
        let mut loose = self.clone();
        match choice {
            Choice::Carriers => loose.carriers.clear(),
            Choice::MaxPremium => loose.max_premium = None,
            Choice::Networks => loose.networks.clear(),
            Choice::MaxDeductible => loose.max_deductible = None,
            Choice::Hsa => loose.hsa = false,
        }
        loose
    }

    /// Whether `c` passes the choices; `applies` says whether a fact filter applies to the candidate's category.
    pub fn keeps(&self, c: &Candidate<'_>, applies: impl Fn(FactFilter) -> bool) -> bool {
        if !self.carriers.is_empty() && !self.carriers.iter().any(|name| name.eq_ignore_ascii_case(c.carrier)) {
            return false;
        }
        if let (Some(max), Some(premium)) = (self.max_premium, c.premium) {
            if premium > max {
                return false;
            }
        }
        if !self.networks.is_empty()
            && applies(FactFilter::Networks)
            && !c.facts.network.is_some_and(|n| self.networks.contains(&n))
        {
            return false;
        }
        if let Some(max) = self.max_deductible.filter(|_| applies(FactFilter::MaxDeductible)) {
            if c.facts.deductible_usd.is_none_or(|d| d > max) {
                return false;
            }
        }
        if self.hsa && applies(FactFilter::Hsa) && c.facts.hsa_eligible != Some(true) {
            return false;
        }
        true
    }

    /// Orders `indexes` (into `candidates`) as chosen: ascending by the key, plans without it last, ties by plan name.
    /// Without a sort the catalogue's order stays.
    pub fn sort(&self, indexes: &mut [usize], candidates: &[Candidate<'_>]) {
        let Some(key) = self.sort else { return };
        let usage = self.usage.unwrap_or(Usage::Medium);
        let value = |c: &Candidate<'_>| -> Option<i64> {
            match key {
                SortKey::Premium => c.premium.map(|p| p.0),
                SortKey::Deductible => c.facts.deductible_usd.map(i64::from),
                SortKey::OopMax => c.facts.out_of_pocket_max_usd.map(i64::from),
                SortKey::YearlyCost => c.yearly.map(|y| y.at(usage).0),
            }
        };
        indexes.sort_by(|a, b| {
            let (a, b) = (&candidates[*a], &candidates[*b]);
            let (va, vb) = (value(a), value(b));
            // Known values first, ascending; then by name.
            (va.is_none(), va).cmp(&(vb.is_none(), vb)).then_with(|| a.plan_name.cmp(b.plan_name))
        });
    }
}

/// Whether a category's plans state the fact a filter needs: true when any of them does.
pub fn category_states(filter: FactFilter, facts: &[&PlanFacts]) -> bool {
    facts.iter().any(|f| filter.stated(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan<'a>(name: &'a str, carrier: &'a str, premium: i64, facts: PlanFacts) -> Candidate<'a> {
        Candidate { plan_name: name, carrier, category: "medical", premium: Some(Cents(premium)), facts, yearly: None }
    }

    fn facts(network: Network, deductible: u32, hsa: Option<bool>) -> PlanFacts {
        PlanFacts {
            network: Some(network),
            deductible_usd: Some(deductible),
            hsa_eligible: hsa,
            ..PlanFacts::default()
        }
    }

    #[test]
    fn networks_are_read_as_people_write_them() {
        assert_eq!(network_named("HMO"), Some(Network::Hmo));
        assert_eq!(network_named(" ppo "), Some(Network::Ppo));
        assert_eq!(network_named("any provider"), Some(Network::AnyProvider));
        assert_eq!(network_named("any_provider"), Some(Network::AnyProvider));
        assert_eq!(network_named("discount"), Some(Network::Discount));
        assert_eq!(network_named("POS"), None);
    }

    #[test]
    fn choices_keep_the_plans_that_pass_them_and_a_filter_without_its_fact_keeps_every_plan() {
        let hmo = plan("Bronze HMO", "Harborstone Mutual", 30000, facts(Network::Hmo, 6000, None));
        let hsa = plan("Bronze HSA", "Harborstone Mutual", 27000, facts(Network::Ppo, 3400, Some(true)));
        let gold = plan("Gold PPO", "Ridgeline Health", 60000, facts(Network::Ppo, 750, None));
        let all = |_: FactFilter| true;
        let refine = Refine { networks: vec![Network::Ppo], ..Refine::default() };
        assert_eq!([&hmo, &hsa, &gold].map(|c| refine.keeps(c, all)), [false, true, true]);
        let refine =
            Refine { max_deductible: Some(3500), carriers: vec!["harborstone mutual".into()], ..Refine::default() };
        assert_eq!([&hmo, &hsa, &gold].map(|c| refine.keeps(c, all)), [false, true, false]);
        let refine = Refine { hsa: true, max_premium: Some(Cents(50000)), ..Refine::default() };
        assert_eq!([&hmo, &hsa, &gold].map(|c| refine.keeps(c, all)), [false, true, false]);
        // A category whose plans state no network keeps its plans under a network filter.
        let refine = Refine { networks: vec![Network::Hmo], ..Refine::default() };
        assert!(refine.keeps(&gold, |f| f != FactFilter::Networks));
    }

    #[test]
    fn a_sort_is_ascending_with_unknown_values_last_and_ties_by_name() {
        let list = vec![
            plan("Gold PPO", "R", 60000, facts(Network::Ppo, 750, None)),
            plan("Bronze HSA", "H", 27000, facts(Network::Ppo, 3400, None)),
            Candidate { premium: None, ..plan("Premier PPO", "H", 0, facts(Network::Ppo, 1500, None)) },
            plan("Alpha HMO", "H", 27000, facts(Network::Hmo, 6000, None)),
        ];
        let sorted = |key: SortKey| {
            let mut order: Vec<usize> = (0..list.len()).collect();
            Refine { sort: Some(key), ..Refine::default() }.sort(&mut order, &list);
            order.iter().map(|i| list[*i].plan_name).collect::<Vec<_>>()
        };
        assert_eq!(sorted(SortKey::Premium), ["Alpha HMO", "Bronze HSA", "Gold PPO", "Premier PPO"]);
        assert_eq!(sorted(SortKey::Deductible), ["Gold PPO", "Premier PPO", "Bronze HSA", "Alpha HMO"]);
    }
}
