//! Enrollments: loading one for the caller's session, its filter and context, its cart priced for the filter, and
//! saving a tab. The spec's adapters and the step protocol both go through these functions, so a rule is applied the
//! same way whichever call a browser makes.

pub mod age_limit;
pub mod cancellation;
pub mod checkout;
mod checks;
pub mod completeness;
mod contact_changed;
pub mod covered;
pub mod documents;
mod hooks;
pub mod parties;
pub mod receipt;
pub mod remote_signature;
pub mod saving;
pub mod screenshots;
mod signature_held;
pub mod steps;
pub mod submitted;
pub mod view;

use chrono::NaiveDate;
use engine::context::{EnrollmentContext, Eprocess, Tier};
use engine::dates::{age_on, parse_mdy};
use engine::lifecycle::{EnrollmentLifecycle, Event, Rejection};
use engine::rating::{price_option, Cents, RatingInput};
use engine::tabs::TabName;
use engine::workflow::PrefillValues;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
use crate::store::enrollment::{EnrollmentRow, LifecycleExtras};

pub const STALE: &str =
    "This information was changed in another window since you opened it. Please reload the page to see the latest version.";

/// The search filter of an enrollment, as stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Filter {
    pub zip: String,
    pub dob: String,
    pub gender: String,
    pub tier: String,
    pub state: String,
    #[serde(default)]
    pub city: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_smoker: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Yearly income in dollars (the spec's field is spelled `annual_incode`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annual_incode: Option<i64>,
    /// Working hours a week.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub working_hours: Option<i64>,
    /// The enrollment portal (platform) the quote is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform_group_id: Option<i64>,
    /// The spouse's date of birth, from the dependency popup (tiers IS and IF).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spouse_dob: Option<String>,
    /// The number of children, from the dependency popup (tiers IC and IF).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_of_children: Option<i64>,
}

impl Filter {
    pub fn tier(&self) -> Option<Tier> {
        Tier::parse(&self.tier)
    }

    pub fn age(&self, today: NaiveDate) -> Option<i32> {
        parse_mdy(&self.dob).map(|d| age_on(d, today))
    }

    pub fn rating_input(&self, today: NaiveDate) -> Option<RatingInput> {
        Some(RatingInput {
            age: self.age(today)?,
            tier: self.tier()?,
            state: self.state.clone(),
            zip: self.zip.clone(),
            smoker: self.is_smoker.as_deref().map(|s| s == "1"),
            annual_income: self.annual_incode,
            working_hours: self.working_hours,
            portal_id: self.platform_group_id,
            spouse_age: self.spouse_dob.as_deref().and_then(parse_mdy).map(|d| age_on(d, today)),
        })
    }

    pub fn prefill(&self) -> PrefillValues {
        PrefillValues {
            zip: Some(self.zip.clone()),
            state: Some(self.state.clone()),
            city: Some(self.city.clone()).filter(|c| !c.is_empty()),
            dob: Some(self.dob.clone()),
            gender: Some(self.gender.clone()),
            group: None,
            agent: None,
            group_rep: None,
            member: None,
            payment_on_file: None,
            today: Some(engine::dates::format_mdy(today())),
            applicant_name: None,
            contact_address: None,
            premiums: None,
        }
    }
}

/// An enrollment of the caller, read and decoded.
pub struct Enrollment {
    /// The session that asked for it (its owner).
    pub session: Session,
    pub row: EnrollmentRow,
    pub filter: Filter,
    pub lifecycle: EnrollmentLifecycle,
    /// The workflow version it answers: its steps, questions, validation, review and receipt.
    pub workflows: std::sync::Arc<crate::services::workflows::Version>,
    /// Its cart as priced by this request ([`priced_cart`]): a request prices it once, however many of its rules read
    /// it. A change of the cart forgets it ([`Enrollment::cart_changed`]).
    priced: tokio::sync::OnceCell<Vec<PricedLine>>,
}

impl Enrollment {
    /// The cart was changed by this request: the next read prices it again.
    pub fn cart_changed(&mut self) {
        self.priced = tokio::sync::OnceCell::new();
    }

    /// A submitted enrollment's quote and cart no longer change: 409 with the lifecycle's words.
    pub fn ensure_open(&self) -> ApiResult<()> {
        if self.lifecycle.is_submitted() {
            return Err(refuse(Rejection::AlreadySubmitted));
        }
        Ok(())
    }
}

pub fn today() -> NaiveDate {
    chrono::Local::now().date_naive()
}

/// The caller's enrollment `enrollment_id` (its session owns it), or not found.
#[tracing::instrument(name = "read the enrollment", skip_all)]
pub async fn load(state: &AppState, session: &Session, enrollment_id: i64) -> ApiResult<Enrollment> {
    let row = store::enrollment::find_enrollment(&state.db, &state.local_reads, &session.0, enrollment_id)
        .await?
        .ok_or_else(ApiError::enrollment_not_found)?;
    from_row(state, session, row).await
}

/// A submitted application by its confirmation number, for the carrier and for an audit (not the applicant's
/// session: the caller is authorized separately).
/// Counts the wizard's steps an enrollment reached for the first time between `before` and `after` (the funnel of
/// /metrics, by step name): its first step when it first checks out, and each step it goes further to.
pub fn reached(before: &engine::lifecycle::EnrollmentLifecycle, after: &engine::lifecycle::EnrollmentLifecycle) {
    let nav = after.nav();
    let first_new = if before.nav().is_empty() { 0 } else { before.furthest() + 1 };
    for tab in nav.iter().take(after.furthest() + 1).skip(first_new) {
        crate::services::metrics::step_reached(tab.as_str());
    }
}

pub async fn load_submitted(state: &AppState, policy_id: &str) -> ApiResult<Option<Enrollment>> {
    match store::enrollment::find_by_policy(&state.db, policy_id).await? {
        Some((session_id, row)) => Ok(Some(from_row(state, &Session(session_id), row).await?)),
        None => Ok(None),
    }
}

/// An application not yet submitted, for the link its applicant was sent to sign it (the link authorizes the caller).
pub async fn load_for_link(state: &AppState, enrollment_id: i64) -> ApiResult<Option<Enrollment>> {
    match store::enrollment::find_open_by_id(&state.db, enrollment_id).await? {
        Some((session_id, row)) => Ok(Some(from_row(state, &Session(session_id), row).await?)),
        None => Ok(None),
    }
}

async fn from_row(state: &AppState, session: &Session, mut row: EnrollmentRow) -> ApiResult<Enrollment> {
    let filter = serde_json::from_str(&row.filter).map_err(|e| ApiError::Internal(e.into()))?;
    let lifecycle = serde_json::from_str(&row.lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    let submitted = row.policy_id.is_some();
    let workflows = pinned_workflows(state, row.enrollment_id, &mut row.workflow_version, submitted).await?;
    Ok(Enrollment { session: session.clone(), row, filter, lifecycle, workflows, priced: Default::default() })
}

/// The workflow version the enrollment answers: the one it is pinned to (`pinned`), unless a later load moved
/// enrollments in flight, in which case it is moved to the current version now and `pinned` says so (its answers
/// stay; the next step asks what is new).
pub(crate) async fn pinned_workflows(
    state: &AppState,
    enrollment_id: i64,
    pinned: &mut Option<String>,
    submitted: bool,
) -> ApiResult<std::sync::Arc<crate::services::workflows::Version>> {
    let registry = &state.workflows;
    let Some(version) = pinned.clone() else { return Ok(registry.current()) };
    if let Some(current) = registry.moves_to(&version, submitted) {
        if store::workflow::repin(&state.db, enrollment_id, &version, &current.hash).await? {
            *pinned = Some(current.hash.clone());
            return Ok(current);
        }
    }
    registry.get(&state.db, &version).await.map_err(ApiError::Internal)
}

/// The cart as it was checked out (the last checkout before the submission), as the receipt shows it: not as a
/// price would read today. Null when it never checked out.
pub async fn checked_out_cart(state: &AppState, e: &Enrollment) -> ApiResult<serde_json::Value> {
    Ok(store::enrollment::latest_cart_snapshot(&state.db, e.row.enrollment_id)
        .await?
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default())
}

/// A cart line priced for the enrollment's filter.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PricedLine {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub plan_name: String,
    pub option_name: String,
    /// Who the line covers, as the quote's tier is read ("Family"): a plan's level is not its coverage.
    pub coverage: String,
    pub plan_logo: String,
    pub plan_category: String,
    pub plan_type: String,
    pub price: Cents,
    /// The price per paycheck, for an employee of a group that says how often it pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_paycheck: Option<crate::domain::payroll::Paycheck>,
    pub removable: u8,
    /// The plan's maximum age (the oldest covered spouse), for the dependent rules.
    #[serde(skip)]
    #[schemars(skip)]
    pub max_age: i32,
    /// The plan's child age limit, if it sets one.
    #[serde(skip)]
    #[schemars(skip)]
    pub child_age_limit: Option<i32>,
}

impl PricedLine {
    pub fn is_premier(&self) -> bool {
        self.plan_type == engine::catalogue::PREMIER
    }
}

/// Who a plan bought on the quote's tier covers, in the reader's words ("Member + Spouse"; "Member + 1 Child" on a
/// premier plan, which covers one child).
pub fn coverage_of(tier: Option<engine::context::Tier>, plan: &engine::catalogue::Plan) -> String {
    tier.map(|t| crate::language::say(t.label_for(plan.is_premier())).to_string()).unwrap_or_default()
}

/// The cart, priced now: a price follows the filter, so it is never stored. Priced once a request (see
/// [`Enrollment::cart_changed`]).
pub async fn priced_cart(state: &AppState, enrollment: &Enrollment) -> ApiResult<Vec<PricedLine>> {
    enrollment.priced.get_or_try_init(|| price_the_cart(state, enrollment)).await.cloned()
}

#[tracing::instrument(name = "price the cart", skip_all)]
async fn price_the_cart(state: &AppState, enrollment: &Enrollment) -> ApiResult<Vec<PricedLine>> {
    let rows = store::cart::cart(&state.db, &state.local_reads, enrollment.row.enrollment_id).await?;
    let input = enrollment.filter.rating_input(today());
    let payroll = crate::domain::payroll::payroll(state, enrollment.row.group_id, input.clone()).await?;
    let mut lines = Vec::new();
    for row in rows {
        let Some(plan) = state.catalogue.plan(row.plan_id) else {
            continue;
        };
        let Some(option) = plan.option(row.plan_pricing_id) else {
            continue;
        };
        // A line that no longer rates (the filter changed) shows at zero; checkout refuses it (see cart_checkout).
        let price =
            input.as_ref().and_then(|i| price_option(plan, option, i, &state.catalogue.curve).ok()).unwrap_or_default();
        lines.push(PricedLine {
            plan_id: plan.plan_id,
            plan_pricing_id: option.plan_pricing_id,
            plan_name: plan.plan_name.clone(),
            option_name: option.name.clone(),
            coverage: coverage_of(enrollment.filter.tier(), plan),
            plan_logo: plan.logo.clone(),
            plan_category: plan.category.clone(),
            plan_type: plan.plan_type.clone(),
            price,
            per_paycheck: payroll.paycheck(plan, Some(option), Some(price)).filter(|_| !plan.hides_price()),
            removable: u8::from(row.removable),
            max_age: plan.max_age,
            child_age_limit: plan.eligibility.child_age_limit,
        });
    }
    Ok(lines)
}

pub fn context(enrollment: &Enrollment, cart: &[PricedLine]) -> EnrollmentContext {
    EnrollmentContext {
        enrollment_type: Some(enrollment.row.enrollment_type.clone()),
        eprocess: Eprocess::parse(&enrollment.row.eprocess).unwrap_or_default(),
        group_id: enrollment.row.group_id,
        tier: enrollment.filter.tier(),
        state: Some(enrollment.filter.state.clone()),
        cart_categories: cart.iter().map(|l| l.plan_category.clone()).collect(),
        cart_plan_types: cart.iter().map(|l| l.plan_type.clone()).collect(),
        plan_category: None,
        plan_type: None,
        cart_max_age: cart.iter().map(|l| l.max_age).min(),
        cart_child_age_limit: cart.iter().filter_map(|l| l.child_age_limit).min(),
        children_quoted: enrollment.filter.no_of_children,
        // Only the plans that add questions to the application, so that enrollments alike share their forms.
        cart_plans: cart
            .iter()
            .map(|l| l.plan_id)
            .filter(|id| {
                enrollment.workflows.shop.plans_own.get(id).is_some_and(|own| own.questionnaire.application.is_some())
            })
            .collect(),
        // The carriers' words in the forms are drawn in the reader's language.
        language: crate::language::current().to_string(),
    }
}

fn refuse(why: Rejection) -> ApiError {
    ApiError::Conflict(why.message().into())
}

/// Where the person goes after a save or a navigation.
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    Tab(TabName),
    Cart,
    Receipt,
}

/// Where the person goes after a save, as the spec's save calls name it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NextStep {
    /// The next tab's saved name, `cart_info` back to the cart, or `receipt`.
    pub tab_name: &'static str,
    pub route: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'static str>,
}

/// A saved step: the document's new version and where the person goes next.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SavedStep {
    pub version: i64,
    pub next: NextStep,
}

impl Next {
    pub fn describe(&self) -> NextStep {
        match self {
            Next::Tab(tab) => NextStep { tab_name: tab.as_str(), route: tab.route(), title: Some(tab.title()) },
            Next::Cart => NextStep { tab_name: "cart_info", route: "/cart", title: None },
            Next::Receipt => NextStep { tab_name: "receipt", route: "receipt", title: None },
        }
    }
}

/// Stores the lifecycle after an event, refusing if someone else moved it meanwhile.
async fn store_lifecycle(state: &AppState, enrollment: &Enrollment, lifecycle: &EnrollmentLifecycle) -> ApiResult<()> {
    let text = serde_json::to_string(lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    let stored = store::enrollment::update_lifecycle(
        &state.db,
        enrollment.row.enrollment_id,
        &text,
        enrollment.row.lifecycle_version,
        LifecycleExtras::default(),
    )
    .await?;
    if stored {
        Ok(())
    } else {
        Err(ApiError::Conflict(STALE.into()))
    }
}

/// Moves the wizard without saving anything (visit, back, edit).
pub async fn navigate(state: &AppState, enrollment: &mut Enrollment, event: Event) -> ApiResult<Next> {
    // Back from the first step shows the cart; the checkout holds (engine::lifecycle).
    let to_the_cart = matches!(&event, Event::Back(from) if enrollment.lifecycle.nav().first() == Some(from));
    let mut lifecycle = enrollment.lifecycle.clone();
    lifecycle.handle(event).map_err(refuse)?;
    if lifecycle != enrollment.lifecycle {
        store_lifecycle(state, enrollment, &lifecycle).await?;
        enrollment.lifecycle = lifecycle;
        enrollment.row.lifecycle_version += 1;
    }
    Ok(match enrollment.lifecycle.current_tab() {
        Some(_) if to_the_cart => Next::Cart,
        Some(tab) => Next::Tab(tab),
        None if enrollment.lifecycle.is_submitted() => Next::Receipt,
        None => Next::Cart,
    })
}
