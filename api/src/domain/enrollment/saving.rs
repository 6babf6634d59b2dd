//! Saving a tab: the lifecycle's permission, the version check, the step's checks (`checks`), sealing what is
//! sensitive, the agreement's audit, submission behind its final gate (`completeness`; then the policy id, receipt
//! e-mails, the invoice call); and the drafts of Save & Continue Later, kept beside a step's complete document.

use std::sync::Arc;
use tracing::Instrument as _;

use engine::context::Tier;
use engine::lifecycle::Event;
use engine::schema::ComposedForm;
use engine::tabs::TabName;
use engine::validation::validate;
use serde_json::{json, Value};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
use crate::store::enrollment::LifecycleExtras;
use crate::store::tab::TabWrite;

use super::documents::{encrypted, form_and_stored, masked_copy, unmasked_and_cleaned, StoredTab};
use super::{priced_cart, refuse, today, Enrollment, Next, PricedLine, STALE};
use crate::error::Said;

/// How a submitted application is paid, changed after the sale (`domain::after_sale::payment`).
pub struct BillingReplaced {
    /// The Billing Information replaced, and the one now, masked.
    pub before: Value,
    pub now: Value,
}

/// Billing Information of submitted application `enrollment` changed after the sale to `submitted`: the step's own
/// checks, and a new card exchanged for the gateway's token, exactly as the wizard's save; then written as the step's
/// complete document in place of the one submitted, together with the change `record` makes of the two (masked), in
/// one transaction. None when nothing changed.
pub async fn replace_billing(
    state: &AppState,
    enrollment: &Enrollment,
    submitted: &Value,
    record: impl FnOnce(&BillingReplaced) -> ApiResult<store::coverage_change::ChangeRow>,
) -> ApiResult<Option<BillingReplaced>> {
    let tab = TabName::BillingInfo;
    let cart = priced_cart(state, enrollment).await?;
    let (form, stored) = form_and_stored(state, enrollment, &cart, tab).await?;
    // What was submitted is what the checks compare with: never a draft (a submitted application has none).
    let Some(stored) = stored.complete_only() else {
        return Err(ApiError::Conflict("This application has no billing information to change".into()));
    };
    let (mut cleaned, filled) = super::checks::checked(state, enrollment, tab, &form, &stored, submitted).await?;
    super::hooks::hooks_of(tab).settle(state, filled, &stored.plain, &mut cleaned)?;
    let sensitive = engine::sensitive::sensitive_fields(&form.schema);
    let replaced = BillingReplaced { before: stored.masked.clone(), now: masked_copy(&cleaned, &sensitive) };
    let paid = |v: &Value| {
        let mut v = v.clone();
        if let Some(fields) = v.as_object_mut() {
            // The gateway's token is new at every save of the same card: the card is the same by its mask.
            fields.remove("card_token");
        }
        v
    };
    if paid(&replaced.before) == paid(&replaced.now) {
        return Ok(None);
    }
    let change = record(&replaced)?;
    let data = serde_json::to_string(&encrypted(state, &form, cleaned)).map_err(|e| ApiError::Internal(e.into()))?;
    let id = enrollment.row.enrollment_id;
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    if !store::tab::write_tab(&mut *tx, id, tab.as_str(), stored.version, TabWrite::Complete(&data)).await? {
        return Err(ApiError::Conflict(STALE.into()));
    }
    store::coverage_change::record(&mut tx, &change).await?;
    tx.commit().await?;
    Ok(Some(replaced))
}

/// Validates and saves a tab, then advances the wizard. `version`, when given, must be the stored one.
#[tracing::instrument(name = "save a step", skip_all, fields(step = tab.as_str()))]
pub async fn save_tab(
    state: &AppState,
    enrollment: &mut Enrollment,
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
    if tab == TabName::ReviewInfo {
        // The final gate: every required step complete, against the version the application is pinned to.
        super::completeness::ensure_complete(state, enrollment, &cart).await?;
    }
    let (mut cleaned, filled) = super::checks::checked(state, enrollment, tab, &form, &stored, submitted).await?;
    let complete = stored.complete.as_ref().map(|c| c.plain.clone()).unwrap_or_else(|| json!({}));
    super::hooks::hooks_of(tab).settle(state, filled, &complete, &mut cleaned)?;
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
    let agreement = (tab == TabName::AgreementInfo).then(|| agreement_record(enrollment, &form));
    // Each carrier whose plans the application holds receives it in its next 834 file.
    let carriers = match &policy_id {
        Some(_) => state.catalogue.carriers_of(cart.iter().map(|line| line.plan_id)),
        None => Vec::new(),
    };
    // Each child it covers ages off at 26: when to tell the family, kept with the submission.
    let age_offs = match &policy_id {
        Some(_) => super::age_limit::at_submission(state, enrollment.row.enrollment_id).await?,
        None => Vec::new(),
    };
    // Who may sign in to it after the sale: the address on its Contact Information.
    let holder = match &policy_id {
        Some(_) => {
            let contact = super::documents::plain_complete_tab(state, id, TabName::ContactInfo).await?;
            contact["email_address"].as_str().and_then(crate::domain::access::holder_digest)
        }
        None => None,
    };
    let (stored_version, lifecycle_version) = (stored.version, enrollment.row.lifecycle_version);
    // The writer may run the writes twice (see store::writer): they take what they write from one shared copy.
    let submitted_as = policy_id.clone();
    let job = Arc::new((
        data,
        agreement,
        policy_id,
        lifecycle_text,
        receipts,
        state.clone(),
        enrollment.row.effective_date.clone(),
        carriers,
        age_offs,
        holder,
    ));
    // The writer runs on a task of its own: the e-mails' subject is said here, in the language of this request.
    let subject = crate::language::say(RECEIPT_SUBJECT);
    let language = crate::language::current();
    state
        .writer
        .write(Box::new(move |tx| {
            let job = job.clone();
            Box::pin(async move {
                let (
                    data,
                    agreement,
                    policy_id,
                    lifecycle_text,
                    receipts,
                    shared,
                    effective_date,
                    carriers,
                    age_offs,
                    holder,
                ) = &*job;
                if !store::tab::write_tab(&mut *tx, id, tab.as_str(), stored_version, TabWrite::Complete(data)).await? {
                    return Err(ApiError::Conflict(STALE.into()));
                }
                if let Some(agreement) = agreement {
                    agreement.insert(tx, id).await?;
                }
                // A submitted application keeps the language it was submitted in (its carriers' files say it).
                let extras = LifecycleExtras {
                    policy_id: policy_id.as_deref(),
                    submitted_language: policy_id.as_ref().map(|_| language),
                    ..LifecycleExtras::default()
                };
                if !store::enrollment::update_lifecycle(&mut *tx, id, lifecycle_text, lifecycle_version, extras).await?
                {
                    return Err(ApiError::Conflict(STALE.into()));
                }
                if policy_id.is_some() {
                    // A submitted application is not resumed: its continue codes and links stop working.
                    crate::store::continue_code::delete_for_enrollment(&mut *tx, id).await?;
                    // Nor signed again on the applicant's device.
                    crate::store::signature_request::revoke_open(&mut *tx, id).await?;
                    for carrier_id in carriers {
                        crate::store::edi::queue(
                            &mut *tx,
                            id,
                            *carrier_id,
                            crate::store::edi::EdiEvent::Addition,
                            None,
                        )
                        .await?;
                    }
                }
                if let Some(holder) = holder {
                    crate::store::member_sign_in::put_holder(&mut *tx, id, holder).await?;
                }
                for age_off in age_offs {
                    crate::store::coverage_change::put_age_off(&mut *tx, age_off).await?;
                }
                for (email, body) in receipts.iter() {
                    crate::services::mail::enqueue(&shared.crypto, &mut *tx, "receipt", email, subject, body).await?;
                }
                if let (Some(policy_id), Some(url)) = (policy_id, &shared.invoice_url) {
                    let invoice = json!({ "effectiveDate": effective_date, "policy_id": policy_id }).to_string();
                    crate::services::mail::enqueue(
                        &shared.crypto,
                        &mut *tx,
                        crate::services::mail::INVOICE,
                        url,
                        "invoice",
                        &invoice,
                    )
                    .await?;
                }
                Ok(())
            })
        }))
        .instrument(tracing::info_span!("commit the step"))
        .await?;
    if tab == TabName::ReviewInfo {
        crate::services::metrics::count(crate::services::metrics::SUBMITTED);
    }
    super::reached(&enrollment.lifecycle, &lifecycle);
    let next = match lifecycle.current_tab() {
        Some(next) => Next::Tab(next),
        None => Next::Receipt,
    };
    // The enrollment as it now stands, for what the request answers next (it is not read again).
    enrollment.lifecycle = lifecycle;
    enrollment.row.lifecycle_version += 1;
    enrollment.row.policy_id = submitted_as.or(enrollment.row.policy_id.take());
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
        let doc = store::tab::find_complete(&state.db, &state.local_reads, enrollment.row.enrollment_id, tab.as_str())
            .await?;
        Ok::<Value, ApiError>(doc.and_then(|d| serde_json::from_str(&d).ok()).unwrap_or_else(|| json!({})))
    };
    let (personal, contact) = (read(TabName::PrimaryInfo).await?, read(TabName::ContactInfo).await?);
    let member_email = contact["email_address"].as_str();
    let name = [personal["first_name"].as_str(), personal["last_name"].as_str()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // Written in the language of the request that submits, which the member reads it in.
    use crate::language::{say, say_with};
    let totals = engine::cart::totals(&cart.iter().map(|l| l.price).collect::<Vec<_>>());
    let plans: String = cart
        .iter()
        .map(|l| {
            let line = say_with(
                "{plan} ({option}): {price} a month",
                &[("plan", &l.plan_name), ("option", &l.option_name), ("price", &l.price)],
            );
            format!("  - {line}\n")
        })
        .collect();
    let effective = enrollment.row.effective_date.clone().unwrap_or_else(|| say("the date you chose").to_string());
    let body = format!(
        "{}\n\n{}\n\n{}\n{}\n\n{}\n{plans}\n{}\n{}\n\n{}\n",
        say(RECEIPT_SUBJECT),
        say_with("Dear {name},", &[("name", &name)]),
        say_with("Thank you for enrolling. Your confirmation number is {number}.", &[("number", &policy_id)]),
        say_with("Your coverage is effective as of {date}.", &[("date", &effective)]),
        say("Your plans:"),
        say_with("First month: {amount}", &[("amount", &totals.initial_month_cost)]),
        say_with("Recurring monthly: {amount}", &[("amount", &totals.recurring_month_cost)]),
        say("Keep this e-mail for your records. Your policy documents follow from each carrier."),
    );
    let mut mails: Vec<(String, String)> = member_email.map(|e| (e.to_string(), body.clone())).into_iter().collect();
    let copy = format!(
        "{}\n\n{body}",
        say_with("A copy for your records: {name} completed an enrollment.", &[("name", &name)])
    );
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

/// The receipt e-mail's subject, and its first line.
const RECEIPT_SUBJECT: &str = "Enrollment Receipt";

pub const SAVED_FOR_LATER: &str = "Information Saved!!! Check your email to continue";

/// How often one client may save for later a minute, by the step protocol and the spec's save-enrollment together.
pub const SAVES_FOR_LATER_PER_MINUTE: u32 = 10;

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
    client: &str,
) -> ApiResult<()> {
    // Every way of saving for later shares one allowance per client.
    if let Err(not_until) = state.saves_for_later.check_key(&client.to_string()) {
        use governor::clock::{Clock, DefaultClock};
        return Err(ApiError::Throttled {
            retry_after: not_until.wait_time_from(DefaultClock::default().now()).as_secs().max(1),
        });
    }
    // The address the code goes to is the mailbox, however it was written (a name, capitals): the limit counts it.
    let email =
        engine::validation::normalized_email(email).ok_or_else(|| ApiError::field("email", ENTER_VALID_EMAIL))?;
    let email = email.as_str();
    crate::services::mail::session_may_send(&enrollment.session.0)
        .map_err(|retry_after| ApiError::Throttled { retry_after })?;
    let mut lifecycle = enrollment.lifecycle.clone();
    if lifecycle.current_tab() != Some(tab) {
        lifecycle.handle(Event::Visit(tab)).map_err(refuse)?;
    }
    let (stored_version, data) = draft(state, enrollment, tab, submitted, version, true).await?;
    if let Err(retry_after) = crate::services::mail::take_send_to(&state.db, "continue_code", email).await? {
        return Err(ApiError::Throttled { retry_after });
    }
    let lifecycle_text = serde_json::to_string(&lifecycle).map_err(|e| ApiError::Internal(e.into()))?;
    let id = enrollment.row.enrollment_id;
    let lifecycle_version = enrollment.row.lifecycle_version;
    let saved_tab = tab.saved_tab_name();
    // The writer may run the writes twice (see store::writer): they take what they write from one shared copy.
    let job = Arc::new((data, lifecycle_text, state.clone(), email.to_string()));
    // The writer runs on a task of its own: the e-mails it queues are in the language of this request.
    let language = crate::language::current();
    state
        .writer
        .write(Box::new(move |tx| {
            let job = job.clone();
            Box::pin(async move {
                let (data, lifecycle_text, shared, email) = &*job;
                if !store::tab::write_tab(&mut *tx, id, tab.as_str(), stored_version, TabWrite::Draft(data)).await?
                    || !store::enrollment::update_lifecycle(
                        &mut *tx,
                        id,
                        lifecycle_text,
                        lifecycle_version,
                        LifecycleExtras::default(),
                    )
                    .await?
                {
                    return Err(ApiError::Conflict(STALE.into()));
                }
                crate::domain::resume::issue(tx, id, email, saved_tab, &shared.public_url, &shared.crypto, language)
                    .await?;
                Ok(())
            })
        }))
        .await?;
    crate::services::metrics::count(crate::services::metrics::SAVED_FOR_LATER);
    Ok(())
}

/// Before a continue code is sent from Dependent Information, every dependent is validated on its own; the first
/// fault is answered as the spec words it, 'Dependent #N {message}'.
fn first_dependent_error(form: &ComposedForm, cleaned: &Value) -> ApiResult<()> {
    let item_schema = &form.schema["properties"]["dependents"]["items"];
    for (i, dependent) in cleaned["dependents"].as_array().into_iter().flatten().enumerate() {
        if let Err(errors) = validate(item_schema, dependent, today(), &form.language) {
            let message = &errors[0].error_message;
            return Err(ApiError::field(
                "dependents",
                Said::with("Dependent #{n} {message}", &[("n", &(i + 1)), ("message", message)]),
            ));
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
    let write = TabWrite::Draft(&data);
    if !store::tab::write_tab(&state.db, enrollment.row.enrollment_id, tab.as_str(), stored_version, write).await? {
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
    // The field joins what the step shows (a draft, or the complete document) and the complete document, each kept
    // for what it is: a draft stays a draft, and a complete document stays complete (only this field changed).
    let shown = with_field(state, &form, &stored, field, value)?;
    let complete = stored.complete_only().map(|c| with_field(state, &form, &c, field, value)).transpose()?;
    let write = match (&complete, stored.is_draft) {
        (Some(data), true) => TabWrite::Both { data, draft: &shown },
        (Some(data), false) => TabWrite::Complete(data),
        (None, _) => TabWrite::Draft(&shown),
    };
    if !store::tab::write_tab(&state.db, enrollment.row.enrollment_id, tab.as_str(), stored.version, write).await? {
        return Err(ApiError::Conflict(STALE.into()));
    }
    Ok(())
}

/// A stored document with one field set and checked on its own, sealed for storage.
fn with_field(
    state: &AppState,
    form: &ComposedForm,
    stored: &StoredTab,
    field: &str,
    value: &Value,
) -> ApiResult<String> {
    let mut merged = stored.masked.clone();
    merged[field] = value.clone();
    let cleaned = unmasked_and_cleaned(form, stored, &merged);
    if cleaned.get(field).is_none() {
        return Err(ApiError::field(field, Said::resolved(message_when_missing(form, field))));
    }
    if let Err(errors) = form.validate(&cleaned, today()) {
        let own: Vec<_> = errors.into_iter().filter(|e| e.target_element == field).collect();
        if !own.is_empty() {
            return Err(ApiError::Invalid(own));
        }
    }
    serde_json::to_string(&encrypted(state, form, cleaned)).map_err(|e| ApiError::Internal(e.into()))
}

/// The field's own message (its form is in the reader's language), or else the store's.
fn message_when_missing(form: &ComposedForm, field: &str) -> String {
    form.schema["properties"][field].pointer("/x-messages/required").and_then(Value::as_str).map_or_else(
        || engine::i18n::say(&form.language, engine::errors::messages::REQUIRED).to_string(),
        str::to_string,
    )
}

/// The audit record of an agreement: the exact texts shown (and their SHA-256), the verification type, the signer's
/// session; written with its time in the transaction that stores the answers.
struct AgreementRecord {
    digest: String,
    texts: String,
    verification_type: &'static str,
    session_id: String,
}

fn agreement_record(enrollment: &Enrollment, form: &ComposedForm) -> AgreementRecord {
    use sha2::Digest;
    let texts = form.schema["properties"]["agreements"]["properties"].to_string();
    let digest: String = sha2::Sha256::digest(texts.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    AgreementRecord {
        digest,
        texts,
        verification_type: verification_type(form),
        session_id: enrollment.session.0.clone(),
    }
}

impl AgreementRecord {
    async fn insert(&self, tx: &mut sqlx::AnyConnection, enrollment_id: i64) -> ApiResult<()> {
        store::enrollment::insert_agreement_audit(
            tx,
            enrollment_id,
            &self.digest,
            &self.texts,
            self.verification_type,
            &self.session_id,
        )
        .await?;
        Ok(())
    }
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

/// A confirmation number: ten digits, random so it reveals nothing about other enrollments.
fn new_policy_id() -> String {
    use rand::Rng;
    format!("{:010}", rand::thread_rng().gen_range(1_000_000_000u64..10_000_000_000))
}

/// `delete-dependent-in-IO`: a Member Only enrollment keeps no dependents (after the tier changed to IO, say).
/// Whether there were dependents to remove.
pub async fn remove_dependents_of_member_only(state: &AppState, e: &Enrollment) -> ApiResult<bool> {
    if e.filter.tier() != Some(Tier::IO) {
        return Err(ApiError::field("tier", "Dependents are removed only for Member Only (IO) coverage"));
    }
    if e.lifecycle.is_submitted() {
        return Err(ApiError::Conflict("This enrollment has already been submitted".into()));
    }
    let removed = store::tab::delete_tab(&state.db, e.row.enrollment_id, TabName::DependentInfo.as_str()).await?;
    Ok(removed)
}
