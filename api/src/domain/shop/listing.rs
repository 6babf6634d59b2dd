//! A quote's listing: the plans of the categories asked that the quote lists (those that price, and those a popup can
//! price), refined by the person's choices (sorted, narrowed by carrier, network, premium, deductible, HSA), with
//! what it can be narrowed by, which choice to loosen when the choices left nothing, and a page of it. An answer is
//! kept for the same question (`services::listings`), whoever asks it.

use engine::rating::PricingError;
use engine::refine::{network_named, Candidate, FactFilter, Refine, SortKey};
use engine::yearly::Usage;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::enrollment::today;
use crate::domain::session::Session;
use crate::domain::shop::pricing::{card, price_in_listing, PlanCard};
use crate::domain::shop::shopper::{self, Accepted, Shopper};
use crate::error::{ApiError, ApiResult};
use crate::input::parse_id;
use crate::language::{say, say_with};
use crate::services::memo::Kept;
use crate::state::AppState;

/// `get-filtered-plans`: the quote's plans, of some categories.
#[derive(Deserialize, JsonSchema)]
pub struct FilteredPlansQuery {
    /// Category keys separated by commas; all categories when absent.
    categories: Option<String>,
    /// The page of plans wanted, from 1 (with `per_page`); every plan when absent.
    page: Option<Value>,
    /// How many plans a page holds, 1 to 100.
    per_page: Option<Value>,
    /// The order of the plans: premium, deductible, oop_max or yearly_cost, ascending (ties by plan name); the
    /// catalogue's order when absent.
    sort: Option<String>,
    /// The level of use the estimated yearly cost is sorted by: low, medium (the default) or high.
    usage: Option<String>,
    /// Only the plans of these carriers: their names, separated by commas.
    carriers: Option<String>,
    /// Only the plans of these networks: HMO, PPO, EPO, any provider or discount, separated by commas.
    networks: Option<String>,
    /// Only the plans whose monthly premium is at most this many dollars.
    max_premium: Option<Value>,
    /// Only the plans whose deductible is at most this many dollars.
    max_deductible: Option<Value>,
    /// 1: only the plans that qualify for a health savings account.
    hsa: Option<Value>,
}

pub const SORTS: &str = "Sort by premium, deductible, oop_max or yearly_cost";
pub const USAGES: &str = "Choose low, medium or high use";

impl FilteredPlansQuery {
    /// The person's choices, or the first one that cannot be read.
    fn refine(&self) -> ApiResult<Refine> {
        let chosen = [&self.sort, &self.usage, &self.carriers, &self.networks].iter().any(|v| v.is_some())
            || [&self.max_premium, &self.max_deductible, &self.hsa].iter().any(|v| v.is_some());
        if !chosen {
            return Ok(Refine::default());
        }
        fn given(v: &Option<String>) -> Option<&str> {
            v.as_deref().map(str::trim).filter(|t| !t.is_empty())
        }
        let list = |v: &Option<String>| -> Vec<String> {
            given(v)
                .map(|t| t.split(',').map(str::trim).filter(|p| !p.is_empty()).map(str::to_string).collect())
                .unwrap_or_default()
        };
        let sort =
            given(&self.sort).map(|t| SortKey::parse(t).ok_or_else(|| ApiError::field("sort", SORTS))).transpose()?;
        let usage =
            given(&self.usage).map(|t| Usage::parse(t).ok_or_else(|| ApiError::field("usage", USAGES))).transpose()?;
        let networks = list(&self.networks)
            .iter()
            .map(|n| {
                network_named(n).ok_or_else(|| {
                    ApiError::field(
                        "networks",
                        crate::error::Said::with(
                            "Unknown network {network}: choose HMO, PPO, EPO, any provider or discount",
                            &[("network", n)],
                        ),
                    )
                })
            })
            .collect::<ApiResult<Vec<_>>>()?;
        let dollars = |v: &Option<Value>, field: &str| -> ApiResult<Option<f64>> {
            let text = match v {
                None | Some(Value::Null) => return Ok(None),
                Some(Value::String(t)) if t.trim().is_empty() => return Ok(None),
                Some(Value::String(t)) => t.trim().trim_start_matches('$').replace(',', ""),
                Some(other) => other.to_string(),
            };
            match text.parse::<f64>() {
                Ok(n) if n.is_finite() && n >= 0.0 => Ok(Some(n)),
                _ => Err(ApiError::field(field, "Please enter an amount in dollars")),
            }
        };
        let hsa = match &self.hsa {
            None | Some(Value::Null) => false,
            Some(Value::String(t)) => ["1", "true", "yes", "on"].iter().any(|v| t.trim().eq_ignore_ascii_case(v)),
            Some(Value::Bool(b)) => *b,
            Some(Value::Number(n)) => n.as_i64() == Some(1),
            Some(_) => false,
        };
        Ok(Refine {
            sort,
            usage,
            carriers: list(&self.carriers),
            networks,
            max_premium: dollars(&self.max_premium, "max_premium")?.map(engine::rating::Cents::from_dollars),
            max_deductible: dollars(&self.max_deductible, "max_deductible")?.map(|d| d.floor() as u32),
            hsa,
        })
    }
}

/// The most plans a page holds.
pub const MOST_PER_PAGE: i64 = 100;

/// The plans of a quote's listing, or why there are none.
#[derive(Serialize, JsonSchema)]
pub struct FilteredPlans {
    result: Vec<PlanCard>,
    /// When nothing is listed: whether the categories are for Member Only, or nothing matches.
    message: Option<&'static str>,
    /// The same, in the words the store shows a person (the message is as other systems expect it); or, when the
    /// person's choices left nothing, which choice to loosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
    /// With a page asked for: how many plans there are in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<usize>,
    /// What the listing can be narrowed by for this quote and these categories, before any choice: the carriers,
    /// networks and ranges its plans have, and which choices did not apply where.
    facets: Facets,
}

/// The choices a listing offers, from the plans the quote lists in the categories asked.
#[derive(Serialize, JsonSchema, Default)]
pub struct Facets {
    carriers: Vec<FacetValue>,
    networks: Vec<FacetValue>,
    /// The monthly premiums' range, in dollars.
    premium: Option<Span>,
    /// The deductibles' range, in dollars, over the plans that state one.
    deductible: Option<Span>,
    /// How many plans qualify for a health savings account.
    hsa_eligible: usize,
    /// A filter chosen that some categories' plans cannot be judged by (they state no such fact): those categories'
    /// plans were kept.
    not_applied: Vec<NotApplied>,
    /// How the estimated yearly cost is worked out, when a plan listed has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<EstimateInfo>,
}

/// A value of a choice and how many plans have it.
#[derive(Serialize, JsonSchema)]
pub struct FacetValue {
    value: String,
    count: usize,
}

/// The lowest and highest of an amount, in dollars.
#[derive(Serialize, JsonSchema)]
pub struct Span {
    min: f64,
    max: f64,
}

/// A filter that did not apply to some categories.
#[derive(Serialize, JsonSchema)]
pub struct NotApplied {
    filter: FactFilter,
    categories: Vec<String>,
    /// As a person reads it: "The deductible limit does not apply to Vision Plans".
    words: String,
}

/// How the estimated yearly cost is worked out.
#[derive(Serialize, JsonSchema)]
pub struct EstimateInfo {
    /// The level of use the listing is sorted by.
    usage: Usage,
    explanation: String,
    levels: Vec<EstimateLevel>,
}

/// A level of use, as a person reads it.
#[derive(Serialize, JsonSchema)]
pub struct EstimateLevel {
    usage: Usage,
    description: String,
}

pub use engine::errors::messages::ONLY_IO;

pub const NO_PLANS: &str = "No Plans are available for your selection";

/// The listing the query asks for of the caller's enrollment `enrollment_id`, serialized as it is answered: kept for
/// the same question, whoever asks it.
pub async fn answer(
    state: &AppState,
    session: &Session,
    id: i64,
    query: &FilteredPlansQuery,
) -> ApiResult<std::sync::Arc<Kept>> {
    let (e, accepted) = shopper::load(state, session, id).await?;
    let wanted: Vec<&str> = query
        .categories
        .as_deref()
        .map(|c| c.split(',').map(str::trim).filter(|c| !c.is_empty()).collect())
        .unwrap_or_default();
    let page = match (query.page.as_ref(), query.per_page.as_ref()) {
        (None, None) => None,
        (page, per_page) => {
            let page = page.map(|v| parse_id(Some(v), "page")).transpose()?.unwrap_or(1);
            let per_page = per_page.map(|v| parse_id(Some(v), "per_page")).transpose()?.unwrap_or(24);
            if page < 1 {
                return Err(ApiError::field("page", "page starts at 1"));
            }
            if !(1..=MOST_PER_PAGE).contains(&per_page) {
                return Err(ApiError::field(
                    "per_page",
                    crate::error::Said::with("per_page is from 1 to {n}", &[("n", &MOST_PER_PAGE)]),
                ));
            }
            Some((page as usize, per_page as usize))
        }
    };
    let refine = query.refine()?;
    let payroll = crate::domain::payroll::payroll(state, e.group_id, e.filter.rating_input(today())).await?;
    let asked = crate::services::listings::Listing {
        language: crate::language::current(),
        input: e.filter.rating_input(today()),
        categories: &wanted,
        accepted: accepted.ids(),
        page,
        workflows: &e.workflows.hash,
        refine: refine.clone(),
        people: people_covered(&e),
        group_id: e.group_id,
        contributions: payroll.version.clone(),
    };
    let kept = crate::services::listings::kept_or_priced(&state.listings, asked, || {
        Kept::answering(&priced_listing(state, &e, &wanted, &accepted, page, &refine, &payroll))
            .map(std::sync::Arc::new)
    })?;
    Ok(kept)
}

/// How many people the quote covers, which the yearly cost's expected care is for.
fn people_covered(e: &Shopper) -> u32 {
    engine::yearly::people(e.filter.tier().unwrap_or_default(), e.filter.no_of_children)
}

/// A plan the quote lists, with what refining it and its card need.
pub(crate) struct Entry<'p> {
    pub plan: &'p engine::catalogue::Plan,
    /// The quote's price of its cheapest level; none while it waits for answers, or when not shown.
    pub price: Option<engine::rating::Cents>,
    /// What the price waits for.
    pub note: Option<&'static str>,
    /// While the price waits: the lowest it can be for the quote's household (none when not shown).
    pub from: Option<engine::rating::Cents>,
    /// The facts of the level priced (the first level's when none is).
    pub facts: engine::facts::PlanFacts,
    pub yearly: Option<engine::yearly::YearlyCost>,
}

/// The plans of the categories asked for that the quote lists: those that price, and those a popup can price (their
/// page asks); and whether a category was left empty because its plans are for Member Only.
pub(crate) fn listed<'p>(
    state: &'p AppState,
    e: &Shopper,
    wanted: &[&str],
    accepted: &Accepted,
) -> (Vec<Entry<'p>>, bool) {
    let mut entries = Vec::new();
    let mut io_only = false;
    let people = people_covered(e);
    for plan in state
        .catalogue
        .plans
        .iter()
        .filter(|p| p.listed && (wanted.is_empty() || wanted.contains(&p.category.as_str())))
    {
        let (cheapest, note) = match price_in_listing(state, e, plan, accepted) {
            Ok(priced) => (priced.first().copied(), None),
            // Tier errors are not listed: the section says the category is for Member Only instead.
            Err((PricingError::TierError, _)) => {
                io_only |= plan.tiers == [engine::context::Tier::IO];
                continue;
            }
            // A plan one of the shop's popups can price (income, tobacco, portal, ...) is listed; its page asks.
            // Its prices are the household's at the answers that cost least (the health questions' wait with the
            // quote's own prices).
            Err((error, priced)) if e.workflows.shop.answers(error) => {
                let priced = if priced.is_empty() {
                    crate::domain::shop::pricing::household_floor(state, &e.filter, plan)
                } else {
                    priced
                };
                (priced.first().copied(), crate::domain::shop::pricing::price_note(error))
            }
            Err(_) => continue,
        };
        let facts = match cheapest.map(|(option, _)| option).or(plan.options.first()) {
            Some(option) => plan.facts_of(option),
            None => plan.facts.clone(),
        };
        // A price waiting for answers is not the quote's yet: the card shows the starting price and the note.
        let price = cheapest.map(|(_, p)| p).filter(|_| note.is_none() && !plan.hides_price());
        let from = cheapest.map(|(_, p)| p).filter(|_| note.is_some() && !plan.hides_price());
        let yearly = match (&e.workflows.estimate, price) {
            (Some(profiles), Some(monthly)) if engine::yearly::estimated(&plan.category) => {
                Some(engine::yearly::yearly_cost(profiles, &facts, monthly, people))
            }
            _ => None,
        };
        entries.push(Entry { plan, price, note, from, facts, yearly });
    }
    (entries, io_only)
}

/// A listed plan as refining reads it; a price waiting for answers is the lowest it can be for the household.
fn candidate<'a>(state: &'a AppState, entry: &'a Entry<'a>) -> Candidate<'a> {
    Candidate {
        plan_name: &entry.plan.plan_name,
        carrier: state.catalogue.carrier_name(entry.plan.carrier_id),
        category: &entry.plan.category,
        premium: entry
            .price
            .or(entry.from)
            .or_else(|| state.catalogue.card_facts(entry.plan.plan_id).and_then(|c| c.from_price)),
        facts: entry.facts.clone(),
        yearly: entry.yearly,
    }
}

/// The listing for the quote, narrowed and ordered as the person chose, a page of it when one was asked for, with
/// what it can be narrowed by.
fn priced_listing(
    state: &AppState,
    e: &Shopper,
    wanted: &[&str],
    accepted: &Accepted,
    page: Option<(usize, usize)>,
    refine: &Refine,
    payroll: &crate::domain::payroll::Payroll<'_>,
) -> FilteredPlans {
    let (entries, io_only) = listed(state, e, wanted, accepted);
    let candidates: Vec<Candidate<'_>> = entries.iter().map(|entry| candidate(state, entry)).collect();
    // Which categories' plans state the fact each filter needs.
    let mut states: std::collections::HashMap<(&str, FactFilter), bool> = std::collections::HashMap::new();
    for c in &candidates {
        for filter in [FactFilter::Networks, FactFilter::MaxDeductible, FactFilter::Hsa] {
            let stated = states.entry((c.category, filter)).or_insert(false);
            *stated |= engine::refine::category_states(filter, &[&c.facts]);
        }
    }
    let kept_by = |r: &Refine| -> Vec<usize> {
        (0..candidates.len())
            .filter(|i| {
                let c = &candidates[*i];
                r.keeps(c, |f| states.get(&(c.category, f)).copied().unwrap_or(false))
            })
            .collect()
    };
    let mut kept = kept_by(refine);
    refine.sort(&mut kept, &candidates);
    let facets = facets(state, &entries, &candidates, refine, &states, e.workflows.estimate.as_ref());
    let message = match (kept.is_empty(), io_only, entries.is_empty()) {
        (false, _, _) => None,
        (true, true, true) => Some(ONLY_IO),
        _ => Some(NO_PLANS),
    };
    // A listing the person's choices emptied says which choice to loosen, and what that would show.
    let loosen = (kept.is_empty() && !entries.is_empty() && refine.narrows()).then(|| {
        engine::refine::Choice::LOOSENED_FIRST
            .into_iter()
            .map(|f| (f, kept_by(&refine.without(f)).len()))
            .find(|(f, n)| *n > 0 && refine.without(*f) != *refine)
            .map(|(f, n)| {
                let template = if n == 1 {
                    "No plan matches all your choices. Remove {choice} to see {n} plan."
                } else {
                    "No plan matches all your choices. Remove {choice} to see {n} plans."
                };
                say_with(template, &[("choice", &say(f.label())), ("n", &n)])
            })
            .unwrap_or_else(|| say("No plan matches all your choices. Clear them to see every plan.").to_string())
    });
    let result: Vec<PlanCard> = kept
        .iter()
        .map(|i| {
            let entry = &entries[*i];
            let mut card = card(state, entry.plan, entry.price);
            card.yearly_cost = entry.yearly;
            card.price_note = entry.note.map(say);
            if entry.from.is_some() {
                card.from_price = entry.from;
            }
            card.per_paycheck = payroll.paycheck(entry.plan, None, entry.price);
            card
        })
        .collect();
    let (result, total) = match page {
        None => (result, None),
        Some((page, per_page)) => {
            let total = result.len();
            (result.into_iter().skip((page - 1) * per_page).take(per_page).collect(), Some(total))
        }
    };
    // The spec's message stays the spec's (in the reader's language); the notice says it in plain words.
    let notice = match loosen {
        Some(words) => Some(words),
        None => message.map(|m| say(engine::words::plain(m)).to_string()),
    };
    FilteredPlans { result, message: message.map(say), notice, total, facets }
}

/// What the listing can be narrowed by: over every plan the quote lists in the categories asked.
fn facets(
    state: &AppState,
    entries: &[Entry<'_>],
    candidates: &[Candidate<'_>],
    refine: &Refine,
    states: &std::collections::HashMap<(&str, FactFilter), bool>,
    profiles: Option<&engine::yearly::UseProfiles>,
) -> Facets {
    let count = |values: Vec<String>| -> Vec<FacetValue> {
        let mut counted: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
        for v in values {
            *counted.entry(v).or_default() += 1;
        }
        counted.into_iter().map(|(value, count)| FacetValue { value, count }).collect()
    };
    let span = |values: Vec<f64>| -> Option<Span> {
        let min = values.iter().copied().reduce(f64::min)?;
        let max = values.iter().copied().reduce(f64::max)?;
        Some(Span { min, max })
    };
    let mut not_applied = Vec::new();
    for filter in refine.fact_filters() {
        let mut categories: Vec<String> = states
            .iter()
            .filter(|((_, f), stated)| *f == filter && !**stated)
            .map(|((c, _), _)| c.to_string())
            .collect();
        categories.sort();
        categories.dedup();
        if categories.is_empty() {
            continue;
        }
        let language = crate::language::current();
        let names: Vec<&str> = categories
            .iter()
            .map(|c| {
                state
                    .catalogue
                    .categories
                    .iter()
                    .find(|k| &k.category == c)
                    .map_or(c.as_str(), |k| k.display_name_in(language))
            })
            .collect();
        let words = say_with(filter.not_applied(), &[("categories", &names.join(", "))]);
        not_applied.push(NotApplied { filter, categories, words });
    }
    let language = crate::language::current();
    let estimate = profiles.filter(|_| entries.iter().any(|e| e.yearly.is_some())).map(|p| EstimateInfo {
        usage: refine.usage.unwrap_or(Usage::Medium),
        explanation: p.explanation.in_language(language).to_string(),
        levels: Usage::ALL
            .into_iter()
            .map(|usage| EstimateLevel {
                usage,
                description: p.profile(usage).description.in_language(language).to_string(),
            })
            .collect(),
    });
    Facets {
        carriers: count(candidates.iter().map(|c| c.carrier.to_string()).collect()),
        networks: count(candidates.iter().filter_map(|c| c.facts.network).map(|n| n.label().to_string()).collect()),
        premium: span(candidates.iter().filter_map(|c| c.premium).map(|p| p.dollars()).collect()),
        deductible: span(candidates.iter().filter_map(|c| c.facts.deductible_usd).map(f64::from).collect()),
        hsa_eligible: candidates.iter().filter(|c| c.facts.hsa_eligible == Some(true)).count(),
        not_applied,
        estimate,
    }
}

/// The plans page's side filter.
#[derive(Serialize, JsonSchema)]
pub struct SideFilter {
    categories: Vec<SideCategory>,
}

/// A category of the side filter: its name, how many plans it lists, whether the quote is for it.
#[derive(Serialize, JsonSchema)]
pub struct SideCategory {
    category: String,
    display_name: String,
    /// The heading of the category's section on the plans page.
    section_name: String,
    count: usize,
    selected: bool,
}

/// The plans page's side filter for the caller's enrollment `id`: the categories with plans for the quote, with their
/// names and how many plans each lists.
pub async fn side_filter(state: &AppState, session: &Session, id: i64) -> ApiResult<SideFilter> {
    let (e, accepted) = shopper::load(state, session, id).await?;
    let offered = crate::domain::shop::views::menu(state, e.group_id, None);
    // Each count is what the category's listing shows for this quote: the same function lists them.
    let (listed, _) = listed(state, &e, &offered, &accepted);
    let categories = state
        .catalogue
        .categories
        .iter()
        .filter(|c| offered.contains(&c.category.as_str()))
        .map(|c| {
            let count = listed.iter().filter(|entry| entry.plan.category == c.category).count();
            let language = crate::language::current();
            SideCategory {
                category: c.category.clone(),
                display_name: c.display_name_in(language).to_string(),
                section_name: c.section_in(language).to_string(),
                count,
                selected: e.filter.category.as_deref() == Some(c.category.as_str()),
            }
        })
        .collect();
    Ok(SideFilter { categories })
}
