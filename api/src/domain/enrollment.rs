//! Enrollments: loading one for the caller's session, its filter and context, its cart priced for the filter, and
//! saving a tab. The spec's adapters and the step protocol both go through these functions, so a rule is applied the
//! same way whichever call a browser makes.

use chrono::NaiveDate;
use engine::context::{EnrollmentContext, Eprocess, Tier};
use engine::dates::{age_on, parse_mdy};
use engine::lifecycle::{EnrollmentLifecycle, Event, Rejection};
use engine::rating::{price_option, Cents, RatingInput};
use engine::schema::{compose, ComposedForm};
use engine::sensitive::{is_mask, mask, rewrite, sensitive_fields, sensitive_paths, text_at, SensitivePath};
use engine::step::{self, CartSummary, CartSummaryLine, Step, Summary};
use engine::tabs::TabName;
use engine::validation::{clean, validate};
use engine::workflow::PrefillValues;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
use crate::store::enrollment::EnrollmentRow;
use crate::store::enrollment::LifecycleExtras;

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
            member: None,
            payment_on_file: None,
            today: Some(engine::dates::format_mdy(today())),
            contact_address: None,
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
}

impl Enrollment {
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

pub async fn load(state: &AppState, session: &Session, enrollment_id: i64) -> ApiResult<Enrollment> {
    let row = store::enrollment::find_enrollment(&state.db, &session.0, enrollment_id)
        .await?
        .ok_or_else(ApiError::enrollment_not_found)?;
    let filter = serde_json::from_str(&row.filter).map_err(|e| ApiError::Internal(e.into()))?;
    let lifecycle = serde_json::from_str(&row.lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(Enrollment { session: session.clone(), row, filter, lifecycle })
}

/// A cart line priced for the enrollment's filter.
#[derive(Debug, Clone, Serialize)]
pub struct PricedLine {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub plan_name: String,
    pub option_name: String,
    pub plan_logo: String,
    pub plan_category: String,
    pub plan_type: String,
    pub price: Cents,
    pub removable: u8,
}

impl PricedLine {
    pub fn is_premier(&self) -> bool {
        self.plan_type == engine::catalogue::PREMIER
    }
}

/// The cart, priced now: a price follows the filter, so it is never stored.
pub async fn priced_cart(state: &AppState, enrollment: &Enrollment) -> ApiResult<Vec<PricedLine>> {
    let rows = store::cart::cart(&state.db, enrollment.row.enrollment_id).await?;
    let input = enrollment.filter.rating_input(today());
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
            plan_logo: plan.logo.clone(),
            plan_category: plan.category.clone(),
            plan_type: plan.plan_type.clone(),
            price,
            removable: u8::from(row.removable),
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
    }
}

/// A tab's stored document as the person sees it: sensitive values decrypted and masked.
struct StoredTab {
    version: i64,
    /// Sensitive values in plain text; never leaves this module.
    plain: Value,
    masked: Value,
}

async fn stored_tab(
    state: &AppState,
    enrollment_id: i64,
    tab: TabName,
    sensitive: &[(SensitivePath, String)],
) -> ApiResult<StoredTab> {
    let Some(doc) = store::tab::find_tab(&state.db, enrollment_id, tab.as_str()).await? else {
        return Ok(StoredTab { version: 0, plain: json!({}), masked: json!({}) });
    };
    let mut plain: Value = serde_json::from_str(&doc.data).map_err(|e| ApiError::Internal(e.into()))?;
    if let Some(sealed) = plain.get(SEALED_DOCUMENT).and_then(Value::as_str) {
        let opened = state
            .crypto
            .decrypt(sealed)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a sealed tab document does not open with this key")))?;
        plain = serde_json::from_str(&opened).map_err(|e| ApiError::Internal(e.into()))?;
    }
    let paths: Vec<SensitivePath> = sensitive.iter().map(|(path, _)| path.clone()).collect();
    rewrite(&mut plain, &paths, &mut |_, sealed| Some(state.crypto.decrypt(sealed).unwrap_or_default()));
    let masked = masked_copy(&plain, sensitive);
    Ok(StoredTab { version: doc.version, plain, masked })
}

/// `plain` with each sensitive value shown as its mask.
fn masked_copy(plain: &Value, sensitive: &[(SensitivePath, String)]) -> Value {
    let mut masked = plain.clone();
    for (path, kind) in sensitive {
        rewrite(&mut masked, std::slice::from_ref(path), &mut |_, opened| Some(mask(kind, opened)));
    }
    masked
}

/// The composed form of a tab for this enrollment, with its stored version.
pub async fn tab_form(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
    tab: TabName,
) -> ApiResult<(ComposedForm, i64)> {
    let (form, stored) = form_and_stored(state, enrollment, cart, tab).await?;
    Ok((form, stored.version))
}

/// The composed form of a tab for this enrollment as it stands now (its cart priced), with its stored version.
pub async fn current_form(state: &AppState, enrollment: &Enrollment, tab: TabName) -> ApiResult<(ComposedForm, i64)> {
    let cart = priced_cart(state, enrollment).await?;
    tab_form(state, enrollment, &cart, tab).await
}

async fn form_and_stored(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
    tab: TabName,
) -> ApiResult<(ComposedForm, StoredTab)> {
    let ctx = context(enrollment, cart);
    let wizard = &state.workflows.wizard;
    let mut settings = wizard.forms.get(&tab);
    // Each dependent answers the health questions too when the enrollment asks them.
    let with_health;
    if tab == TabName::DependentInfo
        && engine::selection::navigation(wizard, &ctx).contains(&TabName::PrimaryHealthInfo)
    {
        let mut owned = settings.cloned().unwrap_or_default();
        owned.questionnaire = wizard.forms.get(&TabName::PrimaryHealthInfo).and_then(|f| f.questionnaire.clone());
        with_health = owned;
        settings = Some(&with_health);
    }
    let member = crate::domain::members::of_enrollment(state, &enrollment.row).await?;
    // Billing's 'Choose physical address' copies the address given on Contact Information.
    let contact_address = match tab {
        TabName::BillingInfo => {
            store::tab::find_tab(&state.db, enrollment.row.enrollment_id, TabName::ContactInfo.as_str())
                .await?
                .and_then(|doc| serde_json::from_str::<Value>(&doc.data).ok())
                .map(|c| {
                    let keep = ["address1", "address2", "city", "state", "zip"];
                    Value::Object(
                        c.as_object()
                            .into_iter()
                            .flatten()
                            .filter(|(k, _)| keep.contains(&k.as_str()))
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect(),
                    )
                })
        }
        _ => None,
    };
    let prefill = PrefillValues {
        group: enrollment.row.group_id.and_then(|id| state.catalogue.groups.get(&id).cloned()),
        agent: enrollment.row.agent_id.and_then(|id| state.catalogue.reps.get(&id).cloned()),
        member: member.as_ref().map(|m| engine::catalogue::MemberProfile {
            first_name: m.first_name.clone(),
            last_name: m.last_name.clone(),
            email: m.email.clone(),
            phone: m.phone.clone(),
            address: m.address.clone(),
        }),
        payment_on_file: match (tab, &member) {
            (TabName::BillingInfo, Some(m)) => Some(crate::domain::members::payment_on_file(state, m)),
            _ => None,
        },
        contact_address,
        ..enrollment.filter.prefill()
    };
    let bare = compose(tab, settings, &ctx, &prefill, &json!({}))
        .ok_or_else(|| ApiError::NotFound(format!("{} is not a step of this enrollment", tab.title())))?;
    let sensitive = sensitive_fields(&bare.schema);
    let mut stored = stored_tab(state, enrollment.row.enrollment_id, tab, &sensitive).await?;
    // An existing member starts from what is on file: the health records and the dependents of the tier, shown
    // (and masked) as if saved; they are stored when the person saves the step.
    if stored.version == 0 {
        let on_file = match (tab, &member) {
            (TabName::PrimaryHealthInfo, Some(m)) => m.health.clone(),
            (TabName::DependentInfo, Some(m)) if !m.dependents.is_empty() => {
                let tier = enrollment.filter.tier().unwrap_or(engine::context::Tier::IO);
                Some(json!({ "dependents": engine::dependents::keep_for_tier(&m.dependents, tier) }))
            }
            _ => None,
        };
        if let Some(plain) = on_file {
            stored = StoredTab { version: 0, masked: masked_copy(&plain, &sensitive), plain };
        }
    }
    let form = compose(tab, settings, &ctx, &prefill, &stored.masked).expect("composed above");
    Ok((form, stored))
}

fn refuse(why: Rejection) -> ApiError {
    ApiError::Conflict(why.message().to_string())
}

/// Where the person goes after a save or a navigation.
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    Tab(TabName),
    Cart,
    Receipt,
}

impl Next {
    pub fn describe(&self) -> Value {
        match self {
            Next::Tab(tab) => {
                json!({ "tab_name": tab.as_str(), "route": tab.route(), "title": tab.title() })
            }
            Next::Cart => json!({ "tab_name": "cart_info", "route": "/cart" }),
            Next::Receipt => json!({ "tab_name": "receipt", "route": "receipt" }),
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
    let mut lifecycle = enrollment.lifecycle.clone();
    lifecycle.handle(event).map_err(refuse)?;
    if lifecycle != enrollment.lifecycle {
        store_lifecycle(state, enrollment, &lifecycle).await?;
        enrollment.lifecycle = lifecycle;
        enrollment.row.lifecycle_version += 1;
    }
    Ok(match enrollment.lifecycle.current_tab() {
        Some(tab) => Next::Tab(tab),
        None if enrollment.lifecycle.is_submitted() => Next::Receipt,
        None => Next::Cart,
    })
}

/// Validates and saves a tab, then advances the wizard. `version`, when given, must be the stored one.
pub async fn save_tab(
    state: &AppState,
    enrollment: &Enrollment,
    tab: TabName,
    submitted: &Value,
    version: Option<i64>,
) -> ApiResult<(i64, Next)> {
    let mut lifecycle = enrollment.lifecycle.clone();
    let event = if tab == TabName::ReviewInfo { Event::Submit } else { Event::Saved(tab) };
    if tab == TabName::ReviewInfo && lifecycle.current_tab() != Some(TabName::ReviewInfo) {
        // Submitting from a link or another window: the review must be the step the person is on.
        lifecycle.handle(Event::Visit(TabName::ReviewInfo)).map_err(refuse)?;
    }
    lifecycle.handle(event).map_err(refuse)?;

    let cart = priced_cart(state, enrollment).await?;
    let (form, stored) = form_and_stored(state, enrollment, &cart, tab).await?;
    if version.is_some_and(|v| v != stored.version) {
        return Err(ApiError::Conflict(STALE.into()));
    }
    let mut cleaned = unmasked_and_cleaned(&form, &stored, submitted);
    // Billing's bank name is the directory's, never the browser's: filled in before the schema checks it.
    let member = match tab {
        TabName::BillingInfo => crate::domain::members::of_enrollment(state, &enrollment.row).await?,
        _ => None,
    };
    let unknown_routing = (tab == TabName::BillingInfo)
        .then(|| crate::domain::billing::fill_in(state, &form, &mut cleaned, member.as_ref()));
    if let Err(mut errors) = validate(&form.schema, &cleaned, today()) {
        if let Some(unknown) = unknown_routing {
            crate::domain::billing::blame_routing_number(&mut errors, unknown);
        }
        return Err(ApiError::Invalid(errors));
    }
    if tab == TabName::ContactInfo {
        address_check(&cleaned).map_err(ApiError::Invalid)?;
        crate::domain::members::contact_checks(state, &enrollment.row, &cleaned).await?;
    }
    if tab == TabName::BillingInfo {
        let cards = member.map(|m| m.cards).unwrap_or_default();
        crate::domain::billing::settle(state, &mut cleaned, &stored.plain, &cards)?;
    }
    let cleaned = encrypted(state, &form, cleaned);

    let policy_id = (tab == TabName::ReviewInfo).then(new_policy_id);
    let lifecycle_text = serde_json::to_string(&lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    let data = serde_json::to_string(&cleaned).map_err(|e| ApiError::Internal(e.into()))?;
    let id = enrollment.row.enrollment_id;
    // Composed before the transaction: it reads other tabs, and a write transaction should not wait on reads.
    let receipts = match &policy_id {
        Some(policy_id) => receipt_mails(state, enrollment, &cart, policy_id).await?,
        None => Vec::new(),
    };
    let mut tx = state.db.begin().await?;
    if !store::tab::save_tab(&mut *tx, id, tab.as_str(), stored.version, &data).await? {
        return Err(ApiError::Conflict(STALE.into()));
    }
    if tab == TabName::AgreementInfo {
        record_agreement(&mut tx, enrollment, &form).await?;
    }
    let extras = LifecycleExtras { policy_id: policy_id.as_deref(), ..LifecycleExtras::default() };
    if !store::enrollment::update_lifecycle(&mut *tx, id, &lifecycle_text, enrollment.row.lifecycle_version, extras)
        .await?
    {
        return Err(ApiError::Conflict(STALE.into()));
    }
    for (email, body) in &receipts {
        crate::store::outbox::enqueue(&mut *tx, "receipt", email, "Enrollment Receipt", body).await?;
    }
    if let (Some(policy_id), Some(url)) = (&policy_id, &state.invoice_url) {
        let invoice = json!({ "effectiveDate": enrollment.row.effective_date, "policy_id": policy_id }).to_string();
        crate::store::outbox::enqueue(&mut *tx, crate::services::mail::INVOICE, url, "invoice", &invoice).await?;
    }
    tx.commit().await?;
    let next = match lifecycle.current_tab() {
        Some(next) => Next::Tab(next),
        None => Next::Receipt,
    };
    Ok((stored.version + 1, next))
}

/// The Enrollment Receipt e-mails (address and text): to the member, and a copy to the client (the rep who enrolled
/// the member, or the employer group's administrator). They are queued in the transaction that submits the
/// enrollment, so they are sent (by the outbox sender, within seconds) exactly when the submission holds.
async fn receipt_mails(
    state: &AppState,
    enrollment: &Enrollment,
    cart: &[PricedLine],
    policy_id: &str,
) -> ApiResult<Vec<(String, String)>> {
    let read = |tab: TabName| async move {
        let doc = store::tab::find_tab(&state.db, enrollment.row.enrollment_id, tab.as_str()).await?;
        Ok::<Value, ApiError>(doc.and_then(|d| serde_json::from_str(&d.data).ok()).unwrap_or_else(|| json!({})))
    };
    let (personal, contact) = (read(TabName::PrimaryInfo).await?, read(TabName::ContactInfo).await?);
    let member_email = contact["email_address"].as_str();
    let name = [personal["first_name"].as_str(), personal["last_name"].as_str()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let totals = engine::cart::totals(&cart.iter().map(|l| l.price).collect::<Vec<_>>());
    let plans: String = cart
        .iter()
        .map(|l| format!("  - {} ({}): ${:.2} a month\n", l.plan_name, l.option_name, l.price.dollars()))
        .collect();
    let body = format!(
        "Enrollment Receipt\n\nDear {name},\n\nThank you for enrolling. Your confirmation number is {policy_id}.\n\
         Your coverage is effective as of {}.\n\nYour plans:\n{plans}\n\
         First month: ${:.2}\nRecurring monthly: ${:.2}\n\n\
         Keep this e-mail for your records. Your policy documents follow from each carrier.\n",
        enrollment.row.effective_date.as_deref().unwrap_or("the date you chose"),
        totals.initial_month_cost.dollars(),
        totals.recurring_month_cost.dollars(),
    );
    let mut mails: Vec<(String, String)> = member_email.map(|e| (e.to_string(), body.clone())).into_iter().collect();
    let copy = format!("A copy for your records: {name} completed an enrollment.\n\n{body}");
    if let Some(rep) = enrollment.row.agent_id.and_then(|id| state.catalogue.reps.get(&id)) {
        mails.push((rep.email.clone(), copy.clone()));
    }
    if let Some(admin) =
        enrollment.row.group_id.and_then(|id| state.catalogue.groups.get(&id)).and_then(|g| g.email.clone())
    {
        mails.push((admin, copy));
    }
    Ok(mails)
}

pub const ENTER_VALID_EMAIL: &str = "Enter valid email address";
pub const SAVED_FOR_LATER: &str = "Information Saved!!! Check your email to continue";

/// Save & Continue Later: keeps what the person typed on `tab` as a draft, without requiring anything, and e-mails a
/// continue code to `email`. Values are cleaned and sensitive ones encrypted as on a normal save; the draft is
/// validated in full when the person comes back and presses Next.
pub async fn save_for_later(
    state: &AppState,
    enrollment: &Enrollment,
    tab: TabName,
    submitted: &Value,
    version: Option<i64>,
    email: &str,
) -> ApiResult<()> {
    let email = email.trim();
    if !engine::validation::is_email(email) {
        return Err(ApiError::field("email", ENTER_VALID_EMAIL));
    }
    let mut lifecycle = enrollment.lifecycle.clone();
    if lifecycle.current_tab() != Some(tab) {
        lifecycle.handle(Event::Visit(tab)).map_err(refuse)?;
    }
    let (stored_version, data) = draft(state, enrollment, tab, submitted, version, true).await?;
    let lifecycle_text = serde_json::to_string(&lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    let id = enrollment.row.enrollment_id;
    let mut tx = state.db.begin().await?;
    if !store::tab::save_tab(&mut *tx, id, tab.as_str(), stored_version, &data).await?
        || !store::enrollment::update_lifecycle(
            &mut *tx,
            id,
            &lifecycle_text,
            enrollment.row.lifecycle_version,
            LifecycleExtras::default(),
        )
        .await?
    {
        return Err(ApiError::Conflict(STALE.into()));
    }
    crate::domain::resume::issue(&mut tx, id, email, tab.saved_tab_name(), &state.public_url, &state.crypto).await?;
    tx.commit().await?;
    Ok(())
}

/// Before a continue code is sent from Dependent Information, every dependent is validated on its own; the first
/// fault is answered as the spec words it, 'Dependent #N {message}'.
fn first_dependent_error(form: &ComposedForm, cleaned: &Value) -> ApiResult<()> {
    let item_schema = &form.schema["properties"]["dependents"]["items"];
    for (i, dependent) in cleaned["dependents"].as_array().into_iter().flatten().enumerate() {
        if let Err(errors) = validate(item_schema, dependent, today()) {
            let message = &errors[0].error_message;
            return Err(ApiError::field("dependents", format!("Dependent #{} {message}", i + 1)));
        }
    }
    Ok(())
}

/// Stores what was sent on a tab as a draft: cleaned and sealed like a save, nothing required, the wizard unmoved
/// (the spec's save-dependent-info-to-temp, after each dependent is submitted).
pub async fn save_draft(
    state: &AppState,
    enrollment: &Enrollment,
    tab: TabName,
    submitted: &Value,
    version: Option<i64>,
) -> ApiResult<i64> {
    enrollment.ensure_open()?;
    let (stored_version, data) = draft(state, enrollment, tab, submitted, version, false).await?;
    if !store::tab::save_tab(&state.db, enrollment.row.enrollment_id, tab.as_str(), stored_version, &data).await? {
        return Err(ApiError::Conflict(STALE.into()));
    }
    Ok(stored_version + 1)
}

/// What a draft of `tab` stores (cleaned, sealed, nothing required), with the version it replaces. Before a continue
/// code is sent (`for_later`), every dependent of Dependent Information is checked on its own first.
async fn draft(
    state: &AppState,
    enrollment: &Enrollment,
    tab: TabName,
    submitted: &Value,
    version: Option<i64>,
    for_later: bool,
) -> ApiResult<(i64, String)> {
    let cart = priced_cart(state, enrollment).await?;
    let (form, stored) = form_and_stored(state, enrollment, &cart, tab).await?;
    if version.is_some_and(|v| v != stored.version) {
        return Err(ApiError::Conflict(STALE.into()));
    }
    let cleaned = unmasked_and_cleaned(&form, &stored, submitted);
    if for_later && tab == TabName::DependentInfo {
        first_dependent_error(&form, &cleaned)?;
    }
    let data = serde_json::to_string(&encrypted(state, &form, cleaned)).map_err(|e| ApiError::Internal(e.into()))?;
    Ok((stored.version, data))
}

/// The USPS Address Validation box, checked offline: no USPS service is reachable from here, so when the box is
/// ticked the address must parse as a street address (a house number and a street, or a PO Box) and the city must be
/// one USPS accepts for the ZIP code (the ZIP directory of the `zipcodes` crate). It lives here rather than in the
/// engine because it needs that reference data.
fn address_check(contact: &Value) -> Result<(), Vec<engine::FieldError>> {
    if contact.get("with_validation") != Some(&Value::Bool(true)) {
        return Ok(());
    }
    let mut errors = Vec::new();
    let text = |k: &str| contact.get(k).and_then(Value::as_str).unwrap_or_default();
    let address = text("address1");
    let words: Vec<&str> = address.split_whitespace().collect();
    let po_box = address.to_lowercase().replace('.', "").starts_with("po box ");
    let house_number = words.first().is_some_and(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()));
    if !(po_box || (house_number && words.len() >= 2)) {
        errors.push(engine::FieldError::new(
            "address1",
            "Please enter a street address with a house number and street, or a PO Box",
        ));
    }
    match crate::services::zip::lookup(text("zip")) {
        Some(zip) if !zip.accepts_city(text("city")) => errors.push(engine::FieldError::new(
            "city",
            format!("{} is not a city of ZIP code {}; USPS lists {}", text("city"), zip.zip_code, zip.city),
        )),
        Some(_) => {}
        None => errors.push(engine::FieldError::new("zip", engine::errors::messages::INVALID_ZIP)),
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Saves one field of a tab outside the wizard's Next (the spec's save-enroller-code): only that field is validated,
/// the rest of the tab's document is kept as it is, and the wizard does not move.
pub async fn save_field(
    state: &AppState,
    enrollment: &Enrollment,
    tab: TabName,
    field: &str,
    value: &Value,
) -> ApiResult<()> {
    enrollment.ensure_open()?;
    let cart = priced_cart(state, enrollment).await?;
    let (form, stored) = form_and_stored(state, enrollment, &cart, tab).await?;
    if form.schema["properties"].get(field).is_none() {
        return Err(ApiError::field(field, "This field is not asked for this enrollment"));
    }
    let mut merged = stored.masked.clone();
    merged[field] = value.clone();
    let cleaned = unmasked_and_cleaned(&form, &stored, &merged);
    if cleaned.get(field).is_none() {
        return Err(ApiError::field(field, message_when_missing(&form, field)));
    }
    if let Err(errors) = validate(&form.schema, &cleaned, today()) {
        let own: Vec<_> = errors.into_iter().filter(|e| e.target_element == field).collect();
        if !own.is_empty() {
            return Err(ApiError::Invalid(own));
        }
    }
    let data = serde_json::to_string(&encrypted(state, &form, cleaned)).map_err(|e| ApiError::Internal(e.into()))?;
    if !store::tab::save_tab(&state.db, enrollment.row.enrollment_id, tab.as_str(), stored.version, &data).await? {
        return Err(ApiError::Conflict(STALE.into()));
    }
    Ok(())
}

fn message_when_missing(form: &ComposedForm, field: &str) -> String {
    form.schema["properties"][field]
        .pointer("/x-messages/required")
        .and_then(Value::as_str)
        .unwrap_or(engine::errors::messages::REQUIRED)
        .to_string()
}

/// The audit record of an agreement: the exact texts shown (and their SHA-256), the verification type, the signer's
/// session and the time, in the transaction that stores the answers.
async fn record_agreement(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    enrollment: &Enrollment,
    form: &ComposedForm,
) -> ApiResult<()> {
    use sha2::Digest;
    let texts = form.schema["properties"]["agreements"]["properties"].to_string();
    let digest: String = sha2::Sha256::digest(texts.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    store::enrollment::insert_agreement_audit(
        tx,
        enrollment.row.enrollment_id,
        &digest,
        &texts,
        verification_type(form),
        &enrollment.session.0,
    )
    .await?;
    Ok(())
}

/// The spec's verification type: rep when the broker's name is asked, else group when the group's is, else applicant
/// when a verification answer is required, else sigapplicant (the signature alone).
pub fn verification_type(form: &ComposedForm) -> &'static str {
    let shown = |field: &str| form.fields.iter().any(|f| f.field_name == field);
    let required = |field: &str| form.fields.iter().any(|f| f.field_name == field && f.required);
    if shown("agent_name") {
        "rep"
    } else if shown("group_name") {
        "group"
    } else if required("answer") {
        "applicant"
    } else {
        "sigapplicant"
    }
}

/// A submission as it will be validated: a mask sent back stands for the stored number at the same place, then `clean`.
fn unmasked_and_cleaned(form: &ComposedForm, stored: &StoredTab, submitted: &Value) -> Value {
    let mut submitted = submitted.clone();
    for (path, kind) in sensitive_fields(&form.schema) {
        rewrite(&mut submitted, &[path], &mut |at, text| {
            let plain = text_at(&stored.plain, at)?;
            (is_mask(&kind, text) && text == mask(&kind, plain)).then(|| plain.to_string())
        });
    }
    clean(&form.schema, &submitted, &form.form_data)
}

/// The key under which a document that is sensitive as a whole (`x-sensitive: document`, the health answers) is
/// stored, sealed.
const SEALED_DOCUMENT: &str = "sealed";

/// Sensitive values sealed for storage; a document sensitive as a whole is sealed whole. A value the schema marks
/// `x-never-stored` (a card number, a security code) is dropped, drafts included; only its mask may be kept.
fn encrypted(state: &AppState, form: &ComposedForm, mut cleaned: Value) -> Value {
    if let Some(values) = cleaned.as_object_mut() {
        for (name, _) in engine::schema::every_property(&form.schema)
            .into_iter()
            .filter(|(_, p)| p.get("x-never-stored") == Some(&Value::Bool(true)))
        {
            if values.get(&name).and_then(Value::as_str).is_some_and(|v| !engine::payment::is_masked_number(v)) {
                values.remove(&name);
            }
        }
    }
    rewrite(&mut cleaned, &sensitive_paths(&form.schema), &mut |_, plain| Some(state.crypto.encrypt(plain)));
    if form.schema.get("x-sensitive").and_then(Value::as_str) == Some("document") {
        return json!({ SEALED_DOCUMENT: state.crypto.encrypt(&cleaned.to_string()) });
    }
    cleaned
}

/// A confirmation number: ten digits, random so it reveals nothing about other enrollments.
fn new_policy_id() -> String {
    use rand::Rng;
    format!("{:010}", rand::thread_rng().gen_range(1_000_000_000u64..10_000_000_000))
}

/// The step protocol's view of a tab.
pub async fn step_view(state: &AppState, enrollment: &Enrollment, tab: TabName) -> ApiResult<Step> {
    let cart = priced_cart(state, enrollment).await?;
    let (form, version) = tab_form(state, enrollment, &cart, tab).await?;
    let summary = if tab == TabName::ReviewInfo {
        let mut sections = Vec::new();
        for (i, other) in enrollment.lifecycle.nav().iter().filter(|t| **t != TabName::ReviewInfo).enumerate() {
            let (other_form, _) = tab_form(state, enrollment, &cart, *other).await?;
            sections.push(step::section(i + 1, *other, &other_form));
        }
        let totals = engine::cart::totals(&cart.iter().map(|l| l.price).collect::<Vec<_>>());
        Some(Summary {
            sections,
            cart: CartSummary {
                lines: cart
                    .iter()
                    .map(|l| CartSummaryLine { plan_name: l.plan_name.clone(), price: l.price })
                    .collect(),
                initial_month_cost: totals.initial_month_cost,
                recurring_month_cost: totals.recurring_month_cost,
            },
        })
    } else {
        None
    };
    Ok(step::build(tab, &enrollment.lifecycle, form, version, summary, true))
}

/// A stored tab for `get-enrollment-temp-info`: masked, never in plain text.
pub async fn masked_tab(state: &AppState, enrollment: &Enrollment, tab: TabName) -> ApiResult<Value> {
    let cart = priced_cart(state, enrollment).await?;
    let (_, stored) = form_and_stored(state, enrollment, &cart, tab).await?;
    Ok(stored.masked)
}
