use crate::domain::enrollment;
use crate::domain::enrollment::priced_cart;
use crate::domain::enrollment::today;
use crate::domain::enrollment::Enrollment;
use crate::domain::enrollment::PricedLine;
use crate::domain::shop::answers::answer;
use crate::domain::shop::answers::keep_answer;
use crate::domain::shop::answers::CART;
use crate::domain::shop::answers::OFFERS;
use crate::domain::shop::cart::{cart_count, option_of, refuse_adding, reopen_cart};
use crate::domain::shop::pricing::plan_of;
use crate::domain::shop::pricing::price;
use crate::error::{ApiError, ApiResult};
use crate::input::Id;
use crate::state::AppState;
use crate::store;
use engine::catalogue::Plan;
use engine::catalogue::PlanOption;
use engine::errors::messages::REQUIRED;
use engine::rating::Cents;
use engine::shop;
use engine::shop::Offer;
use engine::shop::OfferPlans;
use engine::step::{Action, OfferedPlan, Offering, Step, StepAction, StepKind};
use serde_json::json;

/// An offer resolved to plans the person can buy now; `None` when it cannot be made.
pub async fn resolve_offer(
    state: &AppState,
    e: &Enrollment,
    offer: &Offer,
    cart: &[PricedLine],
) -> ApiResult<Option<Step>> {
    let in_cart = |id: i64| cart.iter().any(|l| l.plan_id == id);
    // Only plans that need no further popup can be added from an offer.
    let simple = |p: &Plan| {
        p.listed
            && p.membership.is_empty()
            && !in_cart(p.plan_id)
            && e.workflows.shop.eligibility_for(p.plan_id, &p.category).is_none()
            && p.eligibility.groups.is_none()
            && !p.blackout.as_ref().is_some_and(|b| b.covers(today()))
    };
    let mut chosen: Vec<(&Plan, &PlanOption, Cents)> = Vec::new();
    match &offer.offer {
        // A category the cart already covers is not offered again.
        OfferPlans::Category(category) if cart.iter().any(|l| &l.plan_category == category) => {}
        OfferPlans::Category(category) => {
            let mut best: Option<(&Plan, &PlanOption, Cents)> = None;
            for plan in state.catalogue.plans.iter().filter(|p| &p.category == category && simple(p)) {
                if let Ok(priced) = price(state, e, plan).await? {
                    if let Some((o, p)) = priced.first() {
                        if best.is_none_or(|(_, _, b)| *p < b) {
                            best = Some((plan, o, *p));
                        }
                    }
                }
            }
            chosen.extend(best);
        }
        OfferPlans::Bundle(ids) => {
            for id in ids {
                let Some(plan) = state.catalogue.plan(*id).filter(|p| simple(p)) else { return Ok(None) };
                let Ok(priced) = price(state, e, plan).await? else { return Ok(None) };
                let Some((o, p)) = priced.first() else { return Ok(None) };
                chosen.push((plan, o, *p));
            }
        }
    }
    if chosen.is_empty() {
        return Ok(None);
    }
    let total: Cents = chosen.iter().map(|(_, _, p)| *p).sum();
    let plans = chosen
        .iter()
        .map(|(plan, o, p)| OfferedPlan {
            plan_id: plan.plan_id,
            plan_pricing_id: o.plan_pricing_id,
            plan_name: plan.plan_name.clone(),
            option_name: o.name.clone(),
            plan_logo: plan.logo.clone(),
            plan_category: plan.category.clone(),
            price: *p,
        })
        .collect();
    // The workflow's words for the offer, in the reader's language.
    let language = crate::language::current();
    let actions = vec![
        StepAction::new(Action::Accept, offer.accept.in_language(language)),
        StepAction::new(Action::Decline, offer.decline.in_language(language)),
    ];
    let mut step = Step::choice(StepKind::Offer, &offer.id, offer.pop_up_title.in_language(language), actions);
    step.offer = Some(Offering {
        header: offer.pop_up_header.in_language(language).to_string(),
        link: offer.pop_up_link.clone(),
        link_description: offer.pop_up_link_description.in_language(language).to_string(),
        plans,
        price: total,
    });
    Ok(Some(step))
}

pub async fn answered_offers(state: &AppState, e: &Enrollment) -> ApiResult<Vec<String>> {
    let stored = answer(&state.db, e.row.enrollment_id, CART, OFFERS).await?;
    Ok(stored.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default())
}

/// The first offer of `list` that applies now, resolved.
pub async fn next_offer(state: &AppState, e: &Enrollment, list: &[Offer]) -> ApiResult<Option<Step>> {
    let cart = priced_cart(state, e).await?;
    let ctx = enrollment::context(e, &cart);
    let answered = answered_offers(state, e).await?;
    for offer in shop::offers::open_offers(list, &ctx, &answered) {
        if let Some(view) = resolve_offer(state, e, offer, &cart).await? {
            return Ok(Some(view));
        }
    }
    Ok(None)
}

/// The confirmation that ends checkout's steps: its three choices, the one for who is checking out first (the
/// primary one): Rep Enrollment for a rep's enrollment, Member Enrollment for anyone else.
pub fn confirmation(effective_date: &str, by_a_rep: bool) -> Step {
    use crate::language::{say, say_with};
    let rep = StepAction::new(Action::Rep, say("Rep Enrollment"));
    let member = StepAction::new(Action::Member, say("Member Enrollment"));
    let (first, second) = if by_a_rep { (rep, member) } else { (member, rep) };
    let actions = vec![first, second, StepAction::new(Action::Back, say("Back to Cart"))];
    let title = say("Cart page confirmation to proceed further");
    let mut step = Step::choice(StepKind::Confirmation, "confirmation", title, actions);
    step.text = Some(say_with("Your plans will be effective as of {date}", &[("date", &effective_date)]));
    step
}

/// The next checkout upsell, or the confirmation.
pub async fn checkout_step(state: &AppState, e: &Enrollment, effective_date: &str) -> ApiResult<Step> {
    let effective_date = enrollment::checkout::offered_date(Some(effective_date))?;
    if let Some(offer) = next_offer(state, e, &e.workflows.shop.checkout_upsells).await? {
        return Ok(offer);
    }
    let by_a_rep = engine::context::Eprocess::parse(&e.row.eprocess) == Some(engine::context::Eprocess::Rep);
    Ok(confirmation(effective_date, by_a_rep))
}

/// An offer answered: the next checkout step (after a checkout upsell), or none (back to the cart, after an offer
/// made on adding a plan); and how many lines the cart now holds.
pub struct OfferTaken {
    pub step: Option<Step>,
    pub cart_count: usize,
}

/// Answers the shop's offer `offer_id` (`action` accept or decline). Accepting puts its plans in the cart, each
/// passing the same rules as Add to Cart before any is added; either way the offer is not made again.
pub async fn take(
    state: &AppState,
    mut e: Enrollment,
    offer_id: &str,
    action: Option<&str>,
    effective_date: &str,
) -> ApiResult<OfferTaken> {
    let workflows = e.workflows.clone();
    let shop = &workflows.shop;
    let (offer, at_checkout) = match shop.checkout_upsells.iter().find(|o| o.id == offer_id) {
        Some(o) => (o, true),
        None => (
            shop.after_add.iter().find(|o| o.id == offer_id).ok_or_else(|| {
                ApiError::NotFound(crate::error::Said::with("Unknown offer {offer}", &[("offer", &offer_id)]))
            })?,
            false,
        ),
    };
    if at_checkout {
        // Refused before the answer is kept: the confirmation that follows needs the date.
        enrollment::checkout::offered_date(Some(effective_date))?;
    }
    let accept = match action {
        Some("accept") => true,
        Some("decline") => false,
        Some(other) => {
            return Err(ApiError::field(
                "action",
                crate::error::Said::with("Unknown action {action}; use accept or decline", &[("action", &other)]),
            ))
        }
        None => return Err(ApiError::field("action", REQUIRED)),
    };
    let cart = priced_cart(state, &e).await?;
    let view = resolve_offer(state, &e, offer, &cart).await?;
    if accept {
        let view = view.ok_or_else(|| ApiError::Conflict("This offer is no longer available".into()))?;
        // The offered lines pass the same rules as Add to Cart (blackout, already active, pricing) before any is added.
        let mut lines = Vec::new();
        for offered in view.offer.iter().flat_map(|o| &o.plans) {
            let plan = plan_of(state, &Some(Id(offered.plan_id.into())))?;
            let option = option_of(plan, &Some(Id(offered.plan_pricing_id.into())), "plan_pricing_id")?;
            refuse_adding(state, &e, plan, option).await?;
            lines.push((plan.plan_id, option.plan_pricing_id));
        }
        reopen_cart(state, &mut e).await?;
        for (plan_id, pricing_id) in lines {
            store::cart::put_in_cart(&state.db, e.row.enrollment_id, plan_id, pricing_id, true).await?;
        }
        e.cart_changed();
    }
    let mut answered = answered_offers(state, &e).await?;
    if !answered.contains(&offer.id) {
        answered.push(offer.id.clone());
    }
    keep_answer(&state.db, e.row.enrollment_id, CART, OFFERS, &json!(answered)).await?;
    let e = enrollment::load(state, &e.session, e.row.enrollment_id).await?;
    let cart_count = cart_count(state, &e).await?;
    let step = if at_checkout { Some(checkout_step(state, &e, effective_date).await?) } else { None };
    Ok(OfferTaken { step, cart_count })
}
