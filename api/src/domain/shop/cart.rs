use crate::domain::enrollment;
use crate::domain::enrollment::today;
use crate::domain::enrollment::Enrollment;
use crate::domain::enrollment::PricedLine;
use crate::domain::shop::answers::answer;
use crate::domain::shop::answers::plan_subject;
use crate::domain::shop::answers::{keep_answer, MEMBERSHIP};
use crate::domain::shop::popups::group_code_missing;
use crate::domain::shop::pricing::plan_of;
use crate::domain::shop::pricing::price;
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::error::Said;
use crate::input::{required_id, Id};
use crate::state::AppState;
use crate::store;
use engine::catalogue::Plan;
use engine::catalogue::PlanOption;
use engine::rating::Cents;
use engine::shop;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::json;

/// Why a plan cannot go in the cart now, if it cannot: changePid, the pricing codes, blackout, alreadyActive,
/// unanswered eligibility or health questions.
pub async fn refuse_adding(state: &AppState, e: &Enrollment, plan: &Plan, option: &PlanOption) -> ApiResult<Cents> {
    // An employee of a group enrolls in the window its plan year opens for them.
    crate::domain::employer::invitations::window_refusal(state, e).await?;
    if let Some(blackout) = plan.blackout.as_ref().filter(|b| b.covers(today())) {
        let words = blackout.message.in_language(crate::language::current());
        return Err(ApiError::coded("blackout", Said::resolved(words)));
    }
    if let Some(member) = crate::domain::members::of_enrollment(state, &e.row).await? {
        if let Some(message) = already_active(&member, plan) {
            return Err(ApiError::coded("alreadyActive", Said::resolved(message)));
        }
    }
    if group_code_missing(e, plan) {
        return Err(ApiError::field("group_code", "Please enter your Group Enrollment Code to add this plan"));
    }
    if let Some(set) = e.workflows.shop.eligibility_for(plan.plan_id, &plan.category) {
        let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility").await?;
        if !stored.is_some_and(|a| shop::questions::eligibility_met(set, &a)) {
            return Err(ApiError::field("eligibility", shop::ANSWER_YES_FORM));
        }
    }
    match price(state, e, plan).await? {
        Ok(priced) => priced
            .into_iter()
            .find(|(o, _)| o.plan_pricing_id == option.plan_pricing_id)
            .map(|(_, p)| p)
            .ok_or_else(ApiError::plan_not_found),
        Err((error, _)) => Err(ApiError::pricing(error)),
    }
}

/// The words for a member who already has the plan active; `None` when they do not.
pub fn already_active(member: &crate::domain::members::Member, plan: &Plan) -> Option<String> {
    let policy =
        member.policies.iter().find(|p| p["plan_id"].as_i64() == Some(plan.plan_id) && p["status"] == "active")?;
    Some(crate::language::say_with(
        "You already have an active {plan} policy (policy {policy}). It stays in force; there is no need to enroll in it again.",
        &[("plan", &plan.plan_name), ("policy", &policy["policy_id"].as_str().unwrap_or_default())],
    ))
}

/// The plan's option named by `id` (the field `name`), or 404.
pub fn option_of<'p>(plan: &'p Plan, id: &Option<Id>, name: &str) -> ApiResult<&'p PlanOption> {
    let pricing_id = required_id(id, name)?;
    plan.option(pricing_id).ok_or_else(ApiError::plan_not_found)
}

/// The cart is about to change: a checked-out enrollment goes back to its cart, and what was priced is forgotten.
pub async fn reopen_cart(state: &AppState, e: &mut Enrollment) -> ApiResult<()> {
    e.ensure_open()?;
    e.cart_changed();
    enrollment::navigate(state, e, engine::lifecycle::Event::CartChanged).await.map(|_| ())
}

pub(crate) async fn cart_count(state: &AppState, e: &Enrollment) -> ApiResult<usize> {
    Ok(store::cart::cart(&state.db, &state.local_reads, e.row.enrollment_id).await?.len())
}

/// Whether a rider may be sold now: one of the plans it rides on is in the cart.
pub async fn rider_allowed(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<bool> {
    if plan.rider_of.is_empty() {
        return Ok(true);
    }
    let cart = store::cart::cart(&state.db, &state.local_reads, e.row.enrollment_id).await?;
    Ok(cart.iter().any(|l| plan.rider_of.contains(&l.plan_id)))
}

/// Removes a plan and what belongs to it: its riders, and membership lines no remaining plan needs.
pub async fn remove_with_dependents(
    state: &AppState,
    e: &mut Enrollment,
    plan_id: i64,
    pricing_id: i64,
) -> ApiResult<bool> {
    reopen_cart(state, e).await?;
    let id = e.row.enrollment_id;
    let lines = store::cart::cart(&state.db, &state.local_reads, id).await?;
    // A membership line leaves with the plan that needs it; say which, rather than that it is not there.
    if lines.iter().any(|l| l.plan_id == plan_id && l.plan_pricing_id == pricing_id && !l.removable) {
        let membership = state.catalogue.plan(plan_id).map(|p| p.plan_name.clone()).unwrap_or_default();
        let owner = lines
            .iter()
            .filter_map(|l| state.catalogue.plan(l.plan_id))
            .find(|p| p.membership.contains(&plan_id))
            .map(|p| p.plan_name.clone())
            .unwrap_or_else(|| crate::language::say("the plan it comes with").into());
        return Err(ApiError::field(
            "plan_id",
            Said::with(
                "The {membership} membership comes with {owner}; remove {owner} to remove it.",
                &[("membership", &membership), ("owner", &owner)],
            ),
        ));
    }
    if !store::cart::remove_from_cart(&state.db, id, plan_id, pricing_id).await? {
        return Ok(false);
    }
    let remaining = store::cart::cart(&state.db, &state.local_reads, id).await?;
    let plans: Vec<&Plan> = remaining.iter().filter_map(|l| state.catalogue.plan(l.plan_id)).collect();
    for line in &remaining {
        let Some(plan) = state.catalogue.plan(line.plan_id) else { continue };
        let orphan_rider = !plan.rider_of.is_empty() && !plans.iter().any(|p| plan.rider_of.contains(&p.plan_id));
        let orphan_membership = !line.removable && !plans.iter().any(|p| p.membership.contains(&plan.plan_id));
        if orphan_rider || orphan_membership {
            store::cart::drop_cart_line(&state.db, id, line.plan_id).await?;
        }
    }
    e.cart_changed();
    Ok(true)
}

/// Add to Cart: the plan's option, with every rule adding holds (a plan with memberships is added with one; an
/// unlisted plan only as a rider of a plan in the cart; blackout, already active, group code, eligibility, pricing).
/// The number of lines the cart then holds.
pub async fn add(
    state: &AppState,
    e: &mut Enrollment,
    plan_id: &Option<Id>,
    plan_pricing_id: &Option<Id>,
) -> ApiResult<usize> {
    let plan = plan_of(state, plan_id)?;
    let option = option_of(plan, plan_pricing_id, "plan_pricing_id")?;
    if !plan.membership.is_empty() {
        return Err(ApiError::field("membership", "Please choose a membership option to add this plan"));
    }
    // Unlisted plans are sold only with their plan: a rider while a plan it rides on is in the cart.
    let sold_alone = plan.listed || (!plan.rider_of.is_empty() && rider_allowed(state, e, plan).await?);
    if !sold_alone {
        return Err(ApiError::plan_not_found());
    }
    refuse_adding(state, e, plan, option).await?;
    reopen_cart(state, e).await?;
    store::cart::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    e.cart_changed();
    cart_count(state, e).await
}

/// Add to Cart of a premier plan with the membership association chosen with it, added together; the membership line
/// cannot be removed on its own. The number of lines the cart then holds.
pub async fn add_with_membership(
    state: &AppState,
    e: &mut Enrollment,
    (plan_id, plan_pricing_id): (&Option<Id>, &Option<Id>),
    (membership_id, membership_pricing_id): (&Option<Id>, &Option<Id>),
) -> ApiResult<usize> {
    let plan = plan_of(state, plan_id)?;
    let option = option_of(plan, plan_pricing_id, "plan_pricing_id")?;
    let membership_id = required_id(membership_id, "plan_id1")?;
    if !plan.membership.contains(&membership_id) {
        return Err(ApiError::field("plan_id1", "Please choose a membership option offered with this plan"));
    }
    let membership = state.catalogue.plan(membership_id).ok_or_else(ApiError::plan_not_found)?;
    let membership_option = option_of(membership, membership_pricing_id, "plan_pricing_id1")?;
    refuse_adding(state, e, plan, option).await?;
    refuse_adding(state, e, membership, membership_option).await?;
    reopen_cart(state, e).await?;
    let chosen = json!({ "plan_id": membership.plan_id, "plan_pricing_id": membership_option.plan_pricing_id });
    keep_answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), MEMBERSHIP, &chosen).await?;
    store::cart::put_in_cart(&state.db, e.row.enrollment_id, plan.plan_id, option.plan_pricing_id, true).await?;
    store::cart::put_in_cart(
        &state.db,
        e.row.enrollment_id,
        membership.plan_id,
        membership_option.plan_pricing_id,
        false,
    )
    .await?;
    e.cart_changed();
    cart_count(state, e).await
}

/// The cart as the cart page shows it.
#[derive(Serialize, JsonSchema)]
pub struct CartAnswer {
    /// Each line priced for the quote.
    result: Vec<PricedLine>,
    initial_month_cost: Cents,
    recurring_month_cost: Cents,
    total_cost: Cents,
    /// Riders that can be added to the plans in the cart.
    riders: Vec<Rider>,
    /// What a premier plan's quote must say.
    notices: Vec<&'static str>,
    /// Whether the caller may send a personalised quote (reps and groups).
    show_quotation: bool,
    /// The recurring cost per paycheck, for an employee of a group that says how often it pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    per_paycheck: Option<crate::domain::payroll::Paycheck>,
}

/// A rider offered with a plan in the cart, priced.
#[derive(Serialize, JsonSchema)]
pub struct Rider {
    plan_id: i64,
    plan_pricing_id: i64,
    plan_name: String,
    option_name: String,
    plan_short_text: String,
    price: Cents,
}

/// The cart as the cart page shows it, priced now.
pub async fn page(state: &AppState, e: &Enrollment) -> ApiResult<CartAnswer> {
    let lines = enrollment::priced_cart(state, e).await?;
    answer_of(state, e, lines).await
}

/// The cart page's answer for lines already priced.
pub(crate) async fn answer_of(state: &AppState, e: &Enrollment, lines: Vec<PricedLine>) -> ApiResult<CartAnswer> {
    let t = engine::cart::totals(&lines.iter().map(|l| l.price).collect::<Vec<_>>());
    let notices = crate::domain::shop::pricing::premier_notices(
        lines.iter().any(|l| l.is_premier()),
        lines.iter().map(|l| l.plan_category.as_str()),
    );
    let per_paycheck = total_per_paycheck(state, e, &lines, t.recurring_month_cost).await?;
    Ok(CartAnswer {
        riders: riders(state, e, &lines).await?,
        result: lines,
        initial_month_cost: t.initial_month_cost,
        recurring_month_cost: t.recurring_month_cost,
        total_cost: t.total_cost,
        notices,
        show_quotation: crate::domain::quote::may_send(e),
        per_paycheck,
    })
}

/// The cart's monthly total per paycheck, net of what the employer pays toward each line.
async fn total_per_paycheck(
    state: &AppState,
    e: &Enrollment,
    lines: &[PricedLine],
    monthly: Cents,
) -> ApiResult<Option<crate::domain::payroll::Paycheck>> {
    let payroll = crate::domain::payroll::payroll(state, e.row.group_id, e.filter.rating_input(today())).await?;
    let employer = lines
        .iter()
        .filter_map(|l| {
            let plan = state.catalogue.plan(l.plan_id)?;
            Some(payroll.employer_share(plan, plan.option(l.plan_pricing_id), l.price).0)
        })
        .sum::<i64>();
    Ok(payroll.net(monthly, Cents(employer)))
}

/// Riders that can be added to the plans in the cart, priced.
async fn riders(state: &AppState, e: &Enrollment, lines: &[PricedLine]) -> ApiResult<Vec<Rider>> {
    let mut offered = Vec::new();
    for plan in state.catalogue.plans.iter().filter(|p| !p.rider_of.is_empty()) {
        let rides = lines.iter().any(|l| plan.rider_of.contains(&l.plan_id));
        if !rides || lines.iter().any(|l| l.plan_id == plan.plan_id) {
            continue;
        }
        if let Ok(priced) = price(state, e, plan).await? {
            for (option, price) in priced {
                offered.push(Rider {
                    plan_id: plan.plan_id,
                    plan_pricing_id: option.plan_pricing_id,
                    plan_name: plan.plan_name.clone(),
                    option_name: option.name.clone(),
                    plan_short_text: plan
                        .text_in("short_text", crate::language::current())
                        .unwrap_or_default()
                        .to_string(),
                    price,
                });
            }
        }
    }
    Ok(offered)
}

/// Removes a line and what belongs to it (riders, a membership no remaining plan needs); an emptied cart forgets
/// the offers shown with it. The number of lines the cart then holds.
pub async fn remove(
    state: &AppState,
    e: &mut Enrollment,
    plan_id: &Option<Id>,
    pricing_id: &Option<Id>,
) -> ApiResult<usize> {
    let plan_id = required_id(plan_id, "plan_id")?;
    let pricing_id = required_id(pricing_id, "plan_pricing_id")?;
    if !remove_with_dependents(state, e, plan_id, pricing_id).await? {
        return Err(ApiError::NotFound("This plan is not in your cart".into()));
    }
    let count = cart_count(state, e).await?;
    if count == 0 {
        crate::domain::shop::answers::forget_offers(&state.db, e.row.enrollment_id).await?;
    }
    Ok(count)
}

/// What the first month costs: the cart priced now.
pub async fn first_month_cost(state: &AppState, e: &Enrollment) -> ApiResult<Cents> {
    let lines = enrollment::priced_cart(state, e).await?;
    Ok(engine::cart::totals(&lines.iter().map(|l| l.price).collect::<Vec<_>>()).initial_month_cost)
}
