use crate::domain::enrollment;
use crate::domain::enrollment::today;
use crate::domain::enrollment::Enrollment;
use crate::domain::shop::answers::answer;
use crate::domain::shop::answers::plan_subject;
use crate::domain::shop::popups::group_code_missing;
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

/// Why a plan cannot go in the cart now, if it cannot: changePid, the pricing codes, blackout, alreadyActive,
/// unanswered eligibility or health questions.
pub async fn refuse_adding(state: &AppState, e: &Enrollment, plan: &Plan, option: &PlanOption) -> ApiResult<Cents> {
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

pub async fn reopen_cart(state: &AppState, e: &mut Enrollment) -> ApiResult<()> {
    e.ensure_open()?;
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
    Ok(true)
}
