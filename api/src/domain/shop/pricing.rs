use crate::domain::enrollment::today;
use crate::domain::enrollment::Enrollment;
use crate::domain::shop::answers::plan_subject;
use crate::domain::shop::answers::sealed_answer;
use crate::domain::shop::shopper::{Accepted, Shopper};
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::input::{required_id, Id};
use crate::state::AppState;
use engine::catalogue::Plan;
use engine::catalogue::PlanOption;
use engine::context::Tier;
use engine::rating::price_plan;
use engine::rating::Cents;
use engine::rating::PricingError;
use schemars::JsonSchema;
use serde::Serialize;

/// The plan named by a `plan_id` (or `pid`) field, or 404.
pub fn plan_of<'s>(state: &'s AppState, id: &Option<Id>) -> ApiResult<&'s Plan> {
    let id = required_id(id, "plan_id")?;
    state.catalogue.plan(id).ok_or_else(ApiError::plan_not_found)
}

/// Every option of a plan priced, cheapest first; or why it cannot be sold now, with the prices the page shows anyway.
pub type Priced<'p> = Result<Vec<(&'p PlanOption, Cents)>, (PricingError, Vec<(&'p PlanOption, Cents)>)>;

/// The plan's prices for the quote's household at the answers still to be given that cost least
/// ([`engine::rating::lowest_for_household`]): what a plan whose price waits for answers is shown and sorted at, so a
/// family is never shown one person's price. Empty when a known answer rules the plan out.
pub fn household_floor<'p>(
    state: &AppState,
    filter: &crate::domain::enrollment::Filter,
    plan: &'p Plan,
) -> Vec<(&'p PlanOption, Cents)> {
    filter
        .rating_input(today())
        .and_then(|input| engine::rating::lowest_for_household(plan, &input, &state.catalogue.curve).ok())
        .unwrap_or_default()
}

/// [`price`] for one plan of a listing, from the enrollment's quote and its accepted health answers read once.
pub fn price_in_listing<'p>(state: &AppState, e: &Shopper, plan: &'p Plan, accepted: &Accepted) -> Priced<'p> {
    let Some(input) = e.filter.rating_input(today()) else {
        return Err((PricingError::EnrollmentIdError, Vec::new()));
    };
    let priced = price_plan(plan, &input, &state.catalogue.curve).map_err(|error| (error, Vec::new()))?;
    let asks = e.workflows.shop.health_for(plan.plan_id, &plan.category).is_some();
    if asks && !accepted.contains(plan.plan_id) {
        return Err((PricingError::NewQuestionsError, priced));
    }
    Ok(priced)
}

/// Whether the plan's health questions (if it has any) were answered and accepted.
pub async fn health_accepted(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<bool> {
    if e.workflows.shop.health_for(plan.plan_id, &plan.category).is_none() {
        return Ok(true);
    }
    let stored = sealed_answer(
        state,
        e.row.enrollment_id,
        &plan_subject(plan.plan_id),
        crate::domain::shop::answers::HEALTH_QUESTIONS,
    )
    .await?;
    Ok(stored.is_some_and(|s| s["accepted"] == true))
}

/// Every option of the plan priced for the enrollment, or the pricing error code; the prices are also given with
/// newQuestionsError (the page shows them beside Enroll Now).
pub async fn price<'p>(state: &AppState, e: &Enrollment, plan: &'p Plan) -> ApiResult<Priced<'p>> {
    let Some(input) = e.filter.rating_input(today()) else {
        return Ok(Err((PricingError::EnrollmentIdError, Vec::new())));
    };
    let priced = match price_plan(plan, &input, &state.catalogue.curve) {
        Ok(priced) => priced,
        Err(error) => return Ok(Err((error, Vec::new()))),
    };
    if !health_accepted(state, e, plan).await? {
        return Ok(Err((PricingError::NewQuestionsError, priced)));
    }
    Ok(Ok(priced))
}

/// One option of a plan as the plan page lists it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PriceLine {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub plan_name: String,
    pub option_name: String,
    /// None for a disability plan, whose price is the carrier's quote.
    pub plan_price: Option<Cents>,
    pub tier: Option<&'static str>,
    /// Who it covers, as the quote's tier is read ("Family").
    pub coverage: String,
    pub is_prudential_plan: bool,
    /// A health plan's estimated yearly cost at this level, for the quote.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub yearly_cost: Option<engine::yearly::YearlyCost>,
    /// The price per paycheck, for an employee of a group that says how often it pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_paycheck: Option<Paycheck>,
}

/// One option as the plan page lists it; a disability plan's price is not shown.
pub fn price_line(plan: &Plan, option: &PlanOption, price: Cents, tier: Option<Tier>) -> PriceLine {
    PriceLine {
        plan_id: plan.plan_id,
        plan_pricing_id: option.plan_pricing_id,
        plan_name: plan.plan_name.clone(),
        option_name: option.name.clone(),
        plan_price: if plan.hides_price() { None } else { Some(price) },
        tier: tier.map(Tier::code),
        coverage: crate::domain::enrollment::coverage_of(tier, plan),
        is_prudential_plan: plan.is_premier(),
        yearly_cost: None,
        per_paycheck: None,
    }
}

/// A health plan's estimated yearly cost at `option` priced `monthly` for the enrollment: none for a plan of another
/// kind, or without the workflow's levels of use.
pub fn yearly_cost_of(
    e: &Enrollment,
    plan: &Plan,
    option: &PlanOption,
    monthly: Cents,
) -> Option<engine::yearly::YearlyCost> {
    let profiles = e.workflows.estimate.as_ref().filter(|_| engine::yearly::estimated(&plan.category))?;
    let people = engine::yearly::people(e.filter.tier().unwrap_or_default(), e.filter.no_of_children);
    Some(engine::yearly::yearly_cost(profiles, &plan.facts_of(option), monthly, people))
}

/// The notices a premier quote carries: its administrative fee, and, when it holds a life plan (`categories` are the
/// quote's), that optional life depends on medical underwriting. The spec prints both on every premier cart; the
/// second only confuses a person who is buying no life cover.
/// They are said in the request's language.
pub fn premier_notices<'c>(premier: bool, mut categories: impl Iterator<Item = &'c str>) -> Vec<&'static str> {
    let notices = match (premier, categories.any(|c| c.contains("life"))) {
        (false, _) => Vec::new(),
        (true, false) => vec![engine::rating::ADMIN_FEE_NOTICE],
        (true, true) => vec![engine::rating::ADMIN_FEE_NOTICE, engine::rating::UNDERWRITING_NOTICE],
    };
    notices.into_iter().map(crate::language::say).collect()
}

pub use crate::domain::payroll::{paycheck, payroll, Paycheck};

/// What a listed plan's price waits for, as its card says it: the answers its page asks before it can be priced.
pub fn price_note(error: PricingError) -> Option<&'static str> {
    Some(match error {
        PricingError::SmokerError => "Price after 1 question: whether you use tobacco",
        PricingError::SalaryError | PricingError::HourError => {
            "Price after 2 questions: your income and the hours you work"
        }
        PricingError::PlanAgeError { .. } => "Price after 1 question: your spouse's date of birth",
        PricingError::PortalError => "Price after you choose how you enroll",
        PricingError::NewQuestionsError => "Price after the plan's health questions",
        PricingError::TierError => "Price after you choose who is covered",
        _ => return None,
    })
}

/// What the plan's page says while its price waits for the income and hours its questions ask (`asked`).
pub const ASKED_WORDS: &str =
    "Your annual income and the hours you work decide this plan's price: answer a few questions to see it.";

/// Whether the plan cannot be priced only because a question its popups ask is not answered yet (the income and
/// hours a disability plan needs): no fault of the person's yet, so nothing is refused before it is asked.
pub fn awaits_answer(e: &Enrollment, error: PricingError) -> bool {
    let unanswered = match error {
        PricingError::SalaryError => e.filter.annual_incode.is_none(),
        PricingError::HourError => e.filter.working_hours.is_none(),
        _ => false,
    };
    unanswered && e.workflows.shop.answers(error)
}

pub fn dollars(price: Cents) -> String {
    price.to_string()
}

/// A plan as the listings show it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PlanCard {
    pub plan_id: i64,
    pub plan_name: String,
    pub plan_type: String,
    pub plan_logo: String,
    pub plan_short_text: String,
    /// The lowest price for the quote; none when not priced (or not shown, as for disability plans).
    pub plan_price: Option<Cents>,
    /// The lowest price anyone can be quoted ("from"): for shoppers who have not given their details yet, and for a
    /// plan whose price waits for answers its page asks (tobacco, eligibility). None where prices are not shown.
    pub from_price: Option<Cents>,
    pub plan_category: String,
    pub carrier_name: String,
    /// The first facts its category is compared by, over all its levels ("$1,000 to $1,500"), as a person reads them.
    pub highlights: Vec<Highlight>,
    /// A health plan's estimated yearly cost for the quote: twelve premiums plus what care at each level of use is
    /// expected to cost out of pocket. Only in a quote's listing, for a plan it prices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub yearly_cost: Option<engine::yearly::YearlyCost>,
    /// What the quote's price waits for ("Price after 1 question: whether you use tobacco"), when it waits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price_note: Option<&'static str>,
    /// The quote's price per paycheck, for an employee of a group that says how often it pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_paycheck: Option<Paycheck>,
}

/// A fact on a plan's card.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Highlight {
    pub label: String,
    pub value: String,
}

/// The plan's card in the reader's language: its texts in its own words in it, its facts said in it.
pub fn card(state: &AppState, plan: &Plan, price: Option<Cents>) -> PlanCard {
    let language = crate::language::current();
    PlanCard {
        plan_id: plan.plan_id,
        plan_name: plan.plan_name.clone(),
        plan_type: plan.plan_type.clone(),
        plan_logo: plan.logo.clone(),
        plan_short_text: plan.text_in("short_text", language).unwrap_or_default().to_string(),
        plan_price: price,
        from_price: state.catalogue.card_facts(plan.plan_id).and_then(|c| c.from_price).filter(|_| !plan.hides_price()),
        plan_category: plan.category.clone(),
        carrier_name: state.catalogue.carrier_name(plan.carrier_id).to_string(),
        highlights: state
            .catalogue
            .card_facts(plan.plan_id)
            .map(|c| {
                c.highlights(language)
                    .iter()
                    .map(|(label, value)| Highlight { label: label.to_string(), value: value.clone() })
                    .collect()
            })
            .unwrap_or_default(),
        yearly_cost: None,
        price_note: None,
        per_paycheck: None,
    }
}
