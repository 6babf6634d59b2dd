//! The catalogue's listings: categories, featured plans, the quote's priced plans, a plan's page.

use axum::extract::{Path, State};
use engine::catalogue::{Category, PlanDescription};
use engine::rating::PricingError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::enrollment::today;
use crate::domain::shop::pricing::{card, price, price_in_listing, PlanCard};
use crate::error::{Answer, ApiError, ApiResult};
use crate::http::encoding::{AcceptEncoding, KeptAnswer};
use crate::http::extract::{AppQuery, ListingQuery, MaybeOwnedQuery};
use crate::input::parse_id;
use crate::language::{say, say_with};
use crate::state::AppState;
use engine::refine::{network_named, Candidate, FactFilter, Refine, SortKey};
use engine::yearly::Usage;
use serde_json::Value;

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

/// A plan's page.
#[derive(Serialize, JsonSchema)]
pub struct PlanDetail {
    #[serde(flatten)]
    card: PlanCard,
    plan_desc: PlanDescription,
    /// A premier plan (its quote carries the administrative fee).
    is_prudential_plan: bool,
    /// Its price is the carrier's quote, not shown while shopping.
    hides_price: bool,
    /// Its documents: the summary of benefits and coverage, the provider directory, the drug list, as it has them.
    documents: Vec<DocumentLink>,
}

/// A plan document to open.
#[derive(Serialize, JsonSchema)]
pub struct DocumentLink {
    kind: engine::catalogue::DocumentKind,
    /// Its name as a person reads it ("Summary of Benefits and Coverage").
    title: &'static str,
    /// Where the PDF is.
    url: String,
}

fn documents_of(plan: &engine::catalogue::Plan) -> Vec<DocumentLink> {
    plan.documents
        .iter()
        .map(|d| DocumentLink { kind: d.kind, title: say(d.kind.title()), url: d.url.clone() })
        .collect()
}

/// The categories as the spec answers them, named in the reader's language (their own words in it).
pub async fn get_plan_category(State(state): State<AppState>) -> Answer<Vec<Category>> {
    let language = crate::language::current();
    Answer(
        state
            .catalogue
            .categories
            .iter()
            .map(|c| Category {
                display_name: c.display_name_in(language).to_string(),
                section_name: if c.section_name.is_empty() {
                    String::new()
                } else {
                    c.section_in(language).to_string()
                },
                translations: Default::default(),
                ..c.clone()
            })
            .collect(),
    )
}

pub async fn get_featured_plans(State(state): State<AppState>) -> Answer<Vec<PlanCard>> {
    Answer(state.catalogue.plans.iter().filter(|p| p.featured).map(|p| card(&state, p, None)).collect())
}

pub use engine::errors::messages::ONLY_IO;

pub const NO_PLANS: &str = "No Plans are available for your selection";

pub async fn get_filtered_plans(
    State(state): State<AppState>,
    AcceptEncoding(coding): AcceptEncoding,
    ListingQuery(session, id, query): ListingQuery<FilteredPlansQuery>,
) -> ApiResult<KeptAnswer<FilteredPlans>> {
    let (e, accepted) = crate::domain::shop::shopper::load(&state, &session, id).await?;
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
    };
    let kept = crate::services::listings::kept_or_priced(&state.listings, asked, || {
        Ok(KeptAnswer::of(&priced_listing(&state, &e, &wanted, &accepted, page, &refine), coding)?.0)
    })?;
    Ok(KeptAnswer(kept, coding, std::marker::PhantomData))
}

/// How many people the quote covers, which the yearly cost's expected care is for.
fn people_covered(e: &crate::domain::shop::shopper::Shopper) -> u32 {
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
    e: &crate::domain::shop::shopper::Shopper,
    wanted: &[&str],
    accepted: &crate::domain::shop::shopper::Accepted,
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
    e: &crate::domain::shop::shopper::Shopper,
    wanted: &[&str],
    accepted: &crate::domain::shop::shopper::Accepted,
    page: Option<(usize, usize)>,
    refine: &Refine,
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
            card.per_paycheck = crate::domain::shop::pricing::paycheck(state, e.group_id, entry.price);
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

pub async fn get_plan_detail(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Answer<PlanDetail>> {
    plan_detail(&state, &id)
}

/// `get-plan-detail?plan_id=`: the plan asked by query rather than by path (`id` and `pid` are read too, the names
/// other calls give a plan).
#[derive(Deserialize, JsonSchema)]
pub struct PlanDetailQuery {
    /// The plan's id.
    plan_id: Option<String>,
    /// The plan's id, under another name.
    id: Option<String>,
    /// The plan's id, as the pricing call names it.
    pid: Option<String>,
}

pub const CHOOSE_PLAN: &str = "Choose a plan to see its details";

/// The bare `get-plan-detail`: the same answer as `get-plan-detail/{id}`; without a plan, a field error naming
/// `plan_id`.
pub async fn get_plan_detail_by_query(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<PlanDetailQuery>,
) -> ApiResult<Answer<PlanDetail>> {
    let id = [query.plan_id, query.id, query.pid]
        .into_iter()
        .flatten()
        .map(|id| id.trim().to_owned())
        .find(|id| !id.is_empty())
        .ok_or_else(|| ApiError::field("plan_id", CHOOSE_PLAN))?;
    plan_detail(&state, &id)
}

fn plan_detail(state: &AppState, id: &str) -> ApiResult<Answer<PlanDetail>> {
    let plan = id.parse::<i64>().ok().and_then(|id| state.catalogue.plan(id)).ok_or_else(ApiError::plan_not_found)?;
    Ok(Answer(PlanDetail {
        card: card(state, plan, None),
        plan_desc: plan.description_in(crate::language::current()),
        is_prudential_plan: plan.is_premier(),
        hides_price: plan.hides_price(),
        documents: documents_of(plan),
    }))
}

/// The most plans compared side by side.
pub const MOST_COMPARED: usize = 3;

pub const CHOOSE_TWO: &str = "Choose two or three plans to compare";
pub const ONE_CATEGORY: &str = "Plans of one kind are compared: choose plans of the same category";

/// `compare-plans` *(ours)*: the plans to put side by side.
#[derive(Deserialize, JsonSchema)]
pub struct CompareQuery {
    /// Two or three plan ids of one category, separated by commas.
    plan_ids: Option<String>,
}

/// A plan in a comparison: its cheapest level for the quote (or the lowest anyone can get).
#[derive(Serialize, JsonSchema)]
pub struct ComparedPlan {
    plan_id: i64,
    plan_name: String,
    plan_logo: String,
    carrier_name: String,
    /// The level compared (its facts are the column's).
    option_name: String,
    /// Who it covers on the quote's tier ("Family"); none without a quote.
    #[serde(skip_serializing_if = "Option::is_none")]
    coverage: Option<String>,
    /// The monthly price for the quote; none when not priced or not shown.
    plan_price: Option<engine::rating::Cents>,
    /// The lowest price it can have: for the quote's household while its price waits for answers, for anyone
    /// without a quote.
    from_price: Option<engine::rating::Cents>,
    /// The level Add to Cart puts in the cart: only for a plan the quote prices without further questions (one that
    /// asks them is added from its page).
    #[serde(skip_serializing_if = "Option::is_none")]
    plan_pricing_id: Option<i64>,
    /// A health plan's estimated yearly cost for the quote.
    #[serde(skip_serializing_if = "Option::is_none")]
    yearly_cost: Option<engine::yearly::YearlyCost>,
    /// Its documents.
    documents: Vec<DocumentLink>,
}

/// One compared fact: its label and each plan's value, in the plans' order.
#[derive(Serialize, JsonSchema)]
pub struct ComparedFact {
    key: String,
    label: String,
    /// Each plan's value as a person reads it; none when the plan does not state it.
    values: Vec<Option<String>>,
}

/// Plans side by side.
#[derive(Serialize, JsonSchema)]
pub struct Comparison {
    category: String,
    category_name: String,
    plans: Vec<ComparedPlan>,
    facts: Vec<ComparedFact>,
}

/// `compare-plans`: two or three plans of a category side by side, each priced for the quote (its cheapest level)
/// with that level's facts; the facts are those the category is compared by, and a row only when a plan states it.
pub async fn compare_plans(
    State(state): State<AppState>,
    MaybeOwnedQuery(e, query): MaybeOwnedQuery<CompareQuery>,
) -> ApiResult<Answer<Comparison>> {
    let mut ids: Vec<i64> = Vec::new();
    for text in query.plan_ids.as_deref().unwrap_or_default().split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let id = text.parse::<i64>().map_err(|_| ApiError::field("plan_ids", CHOOSE_TWO))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if !(2..=MOST_COMPARED).contains(&ids.len()) {
        return Err(ApiError::field("plan_ids", CHOOSE_TWO));
    }
    let plans: Vec<&engine::catalogue::Plan> = ids
        .iter()
        .map(|id| state.catalogue.plan(*id).filter(|p| p.listed).ok_or_else(ApiError::plan_not_found))
        .collect::<ApiResult<_>>()?;
    let category = plans[0].category.clone();
    if plans.iter().any(|p| p.category != category) {
        return Err(ApiError::field("plan_ids", ONE_CATEGORY));
    }
    let language = crate::language::current();
    let mut compared = Vec::new();
    let mut facts = Vec::new();
    for plan in &plans {
        let (priced, ready) = match &e {
            Some(e) => match price(&state, e, plan).await? {
                Ok(priced) => (priced, true),
                Err((_, priced)) => (priced, false),
            },
            None => (Vec::new(), false),
        };
        let cheapest = priced.iter().min_by_key(|(_, p)| *p).map(|(o, p)| (*o, *p));
        let option = cheapest.map(|(o, _)| o).unwrap_or(&plan.options[0]);
        let plan_facts = plan.facts_of(option);
        let yearly = match (&e, cheapest) {
            (Some(e), Some((_, monthly))) if ready && engine::yearly::estimated(&plan.category) => {
                e.workflows.estimate.as_ref().map(|profiles| {
                    let people = engine::yearly::people(e.filter.tier().unwrap_or_default(), e.filter.no_of_children);
                    engine::yearly::yearly_cost(profiles, &plan_facts, monthly, people)
                })
            }
            _ => None,
        };
        facts.push(plan_facts);
        compared.push(ComparedPlan {
            plan_pricing_id: cheapest.filter(|_| ready && !plan.is_premier()).map(|(o, _)| o.plan_pricing_id),
            yearly_cost: yearly,
            documents: documents_of(plan),
            plan_id: plan.plan_id,
            plan_name: plan.plan_name.clone(),
            plan_logo: plan.logo.clone(),
            carrier_name: state.catalogue.carrier_name(plan.carrier_id).to_string(),
            option_name: option.name.clone(),
            coverage: e.as_ref().map(|e| crate::domain::enrollment::coverage_of(e.filter.tier(), plan)),
            plan_price: cheapest.map(|(_, p)| p).filter(|_| !plan.hides_price()),
            // While its price waits for answers: the lowest it can be for the quote's household.
            from_price: match &e {
                Some(e) if !ready => crate::domain::shop::pricing::household_floor(&state, &e.filter, plan)
                    .first()
                    .map(|(_, p)| *p)
                    .filter(|_| !plan.hides_price()),
                Some(_) => None,
                None => engine::rating::starting_price(plan, &state.catalogue.curve),
            },
        });
    }
    // A household's deductible and maximum are for a quote of more than one person.
    let household = e.as_ref().is_some_and(|e| e.filter.tier().is_some_and(|t| t != engine::context::Tier::IO));
    let rows = engine::facts::default_compare(&category)
        .iter()
        .filter(|key| household || !engine::facts::HOUSEHOLD_FACTS.contains(key))
        .filter_map(|key| {
            let values: Vec<Option<String>> = facts.iter().map(|f| f.display(key, language)).collect();
            let kind = engine::facts::kind(key)?;
            values.iter().any(Option::is_some).then(|| ComparedFact {
                key: key.to_string(),
                label: engine::i18n::say(language, kind.label).to_string(),
                values,
            })
        })
        .collect();
    let category_name = state
        .catalogue
        .categories
        .iter()
        .find(|c| c.category == category)
        .map(|c| c.display_name_in(language).to_string())
        .unwrap_or_default();
    Ok(Answer(Comparison { category, category_name, plans: compared, facts: rows }))
}
