use crate::domain::enrollment;
use crate::domain::enrollment::priced_cart;
use crate::domain::enrollment::today;
use crate::domain::enrollment::Enrollment;
use crate::domain::enrollment::Filter;
use crate::domain::enrollment::PricedLine;
use crate::domain::shop::answers::answer;
use crate::domain::shop::answers::forget_answer;
use crate::domain::shop::answers::group_to_confirm;
use crate::domain::shop::answers::keep_answer;
use crate::domain::shop::answers::keep_sealed;
use crate::domain::shop::answers::membership_of;
use crate::domain::shop::answers::plan_subject;
use crate::domain::shop::answers::sealed_answer;
use crate::domain::shop::answers::GROUP_CODE;
use crate::domain::shop::answers::HEALTH_QUESTIONS;
use crate::domain::shop::answers::MEMBERSHIP;
use crate::domain::shop::pricing::dollars;
use crate::domain::shop::pricing::{plan_of, price};
use crate::domain::shop::views::{ChosenOption, FlowButton, PlanFlow};
use crate::error::ApiError;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::store;
use engine::catalogue::Plan;
use engine::context::EnrollmentContext;
use engine::context::Tier;
use engine::errors::messages::REQUIRED;
use engine::rating::price_plan;
use engine::shop;
use engine::shop::popups::PopupChoices;
use engine::shop::popups::PopupFacts;
use engine::shop::PlanPopup;
use engine::shop::PopupKind;
use engine::step::{Action, Step, StepAction};
use serde_json::json;
use serde_json::Value;

pub fn plan_context(e: &Enrollment, cart: &[PricedLine], plan: &Plan) -> EnrollmentContext {
    EnrollmentContext {
        plan_category: Some(plan.category.clone()),
        plan_type: Some(plan.plan_type.clone()),
        ..enrollment::context(e, cart)
    }
}

pub fn dependents_missing(filter: &Filter) -> bool {
    match filter.tier() {
        Some(Tier::IS) => filter.spouse_dob.is_none(),
        Some(Tier::IC) => filter.no_of_children.is_none(),
        Some(Tier::IF) => filter.spouse_dob.is_none() || filter.no_of_children.is_none(),
        _ => false,
    }
}

pub async fn facts(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<PopupFacts> {
    let cart = priced_cart(state, e).await?;
    let eligibility_pending = match e.workflows.shop.eligibility_for(plan.plan_id, &plan.category) {
        None => false,
        Some(set) => {
            let stored = answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility").await?;
            !stored.is_some_and(|answers| shop::questions::eligibility_met(set, &answers))
        }
    };
    Ok(PopupFacts {
        ctx: plan_context(e, &cart, plan),
        eligibility_pending,
        dependents_missing: dependents_missing(&e.filter),
        membership_missing: !plan.membership.is_empty() && membership_of(state, e, plan).await?.is_none(),
        group_code_missing: group_code_missing(e, plan),
        group_to_confirm: group_to_confirm(state, e, plan).await?.map(|(_, name)| name),
        pricing_error: price(state, e, plan).await?.err().map(|(error, _)| error),
    })
}

/// The plan is sold to employees of some groups and the enrollment is under none of them.
pub fn group_code_missing(e: &Enrollment, plan: &Plan) -> bool {
    plan.eligibility.groups.as_ref().is_some_and(|groups| !e.row.group_id.is_some_and(|g| groups.contains(&g)))
}

/// The words of the page a person is sent to when the group of their code has no site yet.
pub const GROUP_LANDING_NOT_CONFIGURED: &str = "Landing url is not configured for this Group";

/// A group's code enrolls its employees on the group's own site: a group whose site has no landing name yet cannot
/// take them, and the person is sent to the page that says so (its address in the refusal's `redirect`).
pub fn landing_configured(group: &engine::catalogue::Group) -> ApiResult<()> {
    if !group.landing_url.trim().is_empty() {
        return Ok(());
    }
    Err(ApiError::Coded {
        code: "landing_config",
        message: GROUP_LANDING_NOT_CONFIGURED.into(),
        extra: json!({ "redirect": "/landing-config-error/Group/landingPage" }),
    })
}

/// The group of an enrollment code that may buy the plan, or the spec's refusal.
pub fn group_for_code<'s>(state: &'s AppState, plan: &Plan, code: &str) -> ApiResult<&'s engine::catalogue::Group> {
    let group =
        state.catalogue.group_by_code(code).ok_or_else(|| ApiError::field("group_code", shop::INVALID_GROUP_CODE))?;
    if plan.eligibility.groups.as_ref().is_some_and(|groups| !groups.contains(&group.group_id)) {
        return Err(ApiError::field(
            "group_code",
            crate::error::Said::with(
                "{plan} is not offered to employees of {group}",
                &[("plan", &plan.plan_name), ("group", &group.name)],
            ),
        ));
    }
    Ok(group)
}

pub async fn choices(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<PopupChoices> {
    let shop = &e.workflows.shop;
    let input = e.filter.rating_input(today());
    let memberships = plan
        .membership
        .iter()
        .filter_map(|id| state.catalogue.plan(*id))
        .flat_map(|m| {
            let priced = input.as_ref().and_then(|i| price_plan(m, i, &state.catalogue.curve).ok()).unwrap_or_default();
            priced.into_iter().map(move |(o, p)| {
                let label = crate::language::say_with(
                    "{plan} ({option}) - {price} per month",
                    &[("plan", &m.plan_name), ("option", &o.name), ("price", &dollars(p))],
                );
                (m.plan_id, o.plan_pricing_id, label)
            })
        })
        .collect();
    let portals = state
        .catalogue
        .portals
        .iter()
        .filter(|p| plan.eligibility.portals.as_ref().is_none_or(|allowed| allowed.contains(&p.platform_group_id)))
        .map(|p| (p.platform_group_id, p.platform_name.clone()))
        .collect();
    Ok(PopupChoices {
        tier: e.filter.tier(),
        plan_tiers: plan.tiers.clone(),
        portals,
        memberships,
        eligibility: shop.eligibility_for(plan.plan_id, &plan.category).cloned(),
        health: shop.health_for(plan.plan_id, &plan.category).cloned(),
        group_name: group_to_confirm(state, e, plan).await?.map(|(_, name)| name),
        language: crate::language::current().to_string(),
    })
}

/// What the popup's form shows as already answered.
pub async fn popup_data(state: &AppState, e: &Enrollment, plan: &Plan, kind: PopupKind) -> ApiResult<Value> {
    let f = &e.filter;
    let data = match kind {
        PopupKind::Eligibility => answer(&state.db, e.row.enrollment_id, &plan_subject(plan.plan_id), "eligibility")
            .await?
            .unwrap_or_else(|| json!({})),
        PopupKind::DependencyInfo => json!({ "dep_dob": f.spouse_dob, "no_of_children": f.no_of_children }),
        PopupKind::Income => json!({ "annual_incode": f.annual_incode, "working_hours": f.working_hours }),
        PopupKind::Tobacco => json!({ "is_smoker": f.is_smoker }),
        PopupKind::ChooseTier => json!({}),
        PopupKind::SelectPortal => json!({ "platform_group_id": f.platform_group_id }),
        PopupKind::Membership => json!({}),
        PopupKind::HealthQuestions | PopupKind::GroupCode | PopupKind::ConfirmGroup => json!({}),
    };
    Ok(engine::json::strip_nulls(data))
}

pub async fn popup_view(
    state: &AppState,
    e: &Enrollment,
    plan: &Plan,
    popup: &PlanPopup,
    facts: &PopupFacts,
) -> ApiResult<Step> {
    let choices = choices(state, e, plan).await?;
    let (schema, ui_schema) = shop::popups::popup_form(popup.popup, &choices);
    // Why the plan cannot be priced, once the person has answered what the popup asks (not before: a first visit to
    // a plan that needs the income does not open with a refusal of the income).
    let mut message = facts
        .pricing_error
        .filter(|error| popup.popup.answers(*error) && !super::pricing::awaits_answer(e, *error))
        .map(|error| error.message(&choices.language));
    // The popup's words are the store's (its shop workflow's), said in the reader's language.
    let say = |words: &str| engine::i18n::say(&choices.language, words).to_string();
    let mut actions =
        vec![StepAction::new(Action::Submit, say(&popup.submit)), StepAction::new(Action::Cancel, say("Cancel"))];
    // A declined application is not asked again: the popup says the decision stands and only closes.
    if let (PopupKind::HealthQuestions, Some(set)) = (popup.popup, choices.health.as_ref()) {
        let previous = sealed_answer(state, e.row.enrollment_id, &plan_subject(plan.plan_id), HEALTH_QUESTIONS).await?;
        if let Some(stands) = shop::questions::decline_stands(set, previous.as_ref(), &choices.language) {
            message = Some(stands);
            actions = vec![StepAction::new(Action::Cancel, say("Close"))];
        }
    }
    let form_data = popup_data(state, e, plan, popup.popup).await?;
    let mut step = Step::form(popup.popup.id(), say(&popup.title), (schema, ui_schema, form_data), actions);
    step.text = popup.text.as_deref().map(say);
    step.message = message;
    step.opens_with = popup.opens_with.as_deref().map(say);
    Ok(step)
}

/// The plan's popups now: the one that opens by itself (`step`, or null) and those opened by a button (`buttons`).
pub async fn plan_flow(state: &AppState, e: &Enrollment, plan: &Plan) -> ApiResult<PlanFlow> {
    let facts = facts(state, e, plan).await?;
    let pending = shop::popups::pending_popups(&e.workflows.shop, &facts);
    let mut step = None;
    let mut buttons = Vec::new();
    for popup in pending {
        match &popup.opens_with {
            Some(label) => buttons.push(FlowButton {
                step: popup.popup.id(),
                label: crate::language::say_text(label),
                view: popup_view(state, e, plan, popup, &facts).await?,
            }),
            None if step.is_none() => step = Some(popup_view(state, e, plan, popup, &facts).await?),
            None => {}
        }
    }
    let membership = membership_of(state, e, plan)
        .await?
        .map(|(plan_id, plan_pricing_id)| ChosenOption { plan_id, plan_pricing_id });
    let ready = step.is_none() && facts.pricing_error.is_none();
    Ok(PlanFlow { step, buttons, membership, ready, message: None })
}

/// Keeps one popup's answers; the message to show, if any. A declined health application is refused with the
/// spec's errorCode decline.
pub async fn answer_popup(
    state: &AppState,
    e: &Enrollment,
    plan: &Plan,
    kind: PopupKind,
    data: &Value,
) -> ApiResult<Option<String>> {
    e.ensure_open()?;
    let choices = choices(state, e, plan).await?;
    let answers = shop::popups::check_popup(kind, &choices, data, today()).map_err(ApiError::Invalid)?;
    let id = e.row.enrollment_id;
    let subject = plan_subject(plan.plan_id);
    let mut filter = e.filter.clone();
    match kind {
        PopupKind::Eligibility => keep_answer(&state.db, id, &subject, "eligibility", &answers).await?,
        PopupKind::DependencyInfo => {
            filter.spouse_dob = answers["dep_dob"].as_str().map(str::to_string);
            filter.no_of_children = answers["no_of_children"].as_i64();
        }
        PopupKind::Income => {
            filter.annual_incode = answers["annual_incode"].as_i64();
            filter.working_hours = answers["working_hours"].as_i64();
        }
        PopupKind::Tobacco => filter.is_smoker = answers["is_smoker"].as_str().map(str::to_string),
        PopupKind::ChooseTier => filter.tier = answers["tier"].as_str().unwrap_or_default().to_string(),
        PopupKind::SelectPortal => filter.platform_group_id = answers["platform_group_id"].as_i64(),
        PopupKind::Membership => {
            let (plan_id, pricing_id) = answers["membership"]
                .as_str()
                .and_then(|m| m.split_once(':'))
                .and_then(|(a, b)| Some((a.parse::<i64>().ok()?, b.parse::<i64>().ok()?)))
                .ok_or_else(|| ApiError::field("membership", "Please choose a membership"))?;
            let membership = json!({ "plan_id": plan_id, "plan_pricing_id": pricing_id });
            keep_answer(&state.db, id, &subject, MEMBERSHIP, &membership).await?;
        }
        PopupKind::GroupCode => {
            let group = group_for_code(state, plan, answers["group_code"].as_str().unwrap_or_default())?;
            let pending = json!({ "group_id": group.group_id, "name": group.name });
            keep_answer(&state.db, id, &subject, GROUP_CODE, &pending).await?;
        }
        PopupKind::ConfirmGroup => {
            let pending = group_to_confirm(state, e, plan).await?;
            forget_answer(&state.db, id, &subject, GROUP_CODE).await?;
            if let (Some((group, _)), Some("Yes")) = (pending, answers["confirm"].as_str()) {
                join_group(state, e, group).await?;
            }
        }
        PopupKind::HealthQuestions => {
            let set = choices
                .health
                .as_ref()
                .ok_or_else(|| ApiError::NotFound("This plan asks no health questions".into()))?;
            let previous = sealed_answer(state, id, &subject, HEALTH_QUESTIONS).await?;
            if let Some(stands) = shop::questions::decline_stands(set, previous.as_ref(), &choices.language) {
                return Err(ApiError::coded("decline", crate::error::Said::resolved(stands)));
            }
            let decision = shop::questions::health_decision(set, &answers, &choices.language);
            let accepted = matches!(decision, shop::questions::HealthDecision::Accepted(_));
            keep_sealed(state, id, &subject, HEALTH_QUESTIONS, &json!({ "answers": answers, "accepted": accepted }))
                .await?;
            return match decision {
                shop::questions::HealthDecision::Accepted(message) => Ok(Some(message)),
                shop::questions::HealthDecision::Declined(message) => {
                    crate::services::metrics::count(crate::services::metrics::DECLINED);
                    Err(ApiError::coded("decline", crate::error::Said::resolved(message)))
                }
            };
        }
    }
    crate::domain::filter::change(state, e, &filter).await?;
    Ok(None)
}

/// A person (a licensed agent, or the carrier's underwriter) reopens a plan's declined health questions for one
/// enrollment: the declined answers are set aside and the reopening is recorded, with who and why, in the same
/// transaction. Answers then given are decided again.
pub async fn reopen_health_questions(
    state: &AppState,
    enrollment_id: i64,
    plan_id: i64,
    by: &str,
    reason: &str,
) -> ApiResult<()> {
    let (by, reason) = (by.trim(), reason.trim());
    if by.is_empty() || reason.is_empty() {
        return Err(ApiError::BadRequest("Say who reopens the questions and why".into()));
    }
    let subject = plan_subject(plan_id);
    let previous = sealed_answer(state, enrollment_id, &subject, HEALTH_QUESTIONS).await?;
    if !previous.as_ref().is_some_and(|p| p["accepted"] == false) {
        return Err(ApiError::Conflict("This plan's health questions were not declined for this enrollment".into()));
    }
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    store::shop_answer::reopen_declined(&mut tx, enrollment_id, &subject, HEALTH_QUESTIONS, by, reason).await?;
    tx.commit().await?;
    Ok(())
}

/// Puts the enrollment under the employer group whose code was given (`set-enrollment-group-code`; the page has
/// asked the person to confirm the employer): a group the plan (`plan_id`) is sold to, when one is named; 'Invalid
/// Group Enrollment Code' otherwise.
pub async fn join_group_by_code<'s>(
    state: &'s AppState,
    e: &Enrollment,
    code: Option<&str>,
    plan_id: Option<crate::input::Id>,
) -> ApiResult<&'s engine::catalogue::Group> {
    let code = code.map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::field("group_code", REQUIRED));
    }
    let group = match plan_id.filter(|p| !p.0.is_null()) {
        Some(id) => group_for_code(state, plan_of(state, &Some(id))?, code)?,
        None => state
            .catalogue
            .group_by_code(code)
            .ok_or_else(|| ApiError::field("group_code", shop::INVALID_GROUP_CODE))?,
    };
    join_group(state, e, group.group_id).await?;
    Ok(group)
}

/// Puts the enrollment under an employer group the person confirmed: its session is now the group's employee's. A
/// group whose landing page is not set up is refused.
pub async fn join_group(state: &AppState, e: &Enrollment, group_id: i64) -> ApiResult<()> {
    if let Some(group) = state.catalogue.groups.get(&group_id) {
        landing_configured(group)?;
    }
    e.ensure_open()?;
    store::enrollment::set_enrollment_group(&state.db, e.row.enrollment_id, group_id).await?;
    crate::domain::access::become_employee(&state.db, &e.session, group_id).await?;
    Ok(())
}
