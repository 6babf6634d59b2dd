//! A change begun after the sale and saved to finish later, as the wizard's Save & Continue Later keeps a step: what
//! was typed of a form (a person to add, the contact details, a name, the way of paying) is kept for
//! [`KEPT_DAYS`] days, one for each form of a policy, sealed whole, a card number or a security code never kept. The
//! member is e-mailed at the address on file; signing in again (`sign_in`), the form opens with what was saved.
//! Nothing reaches the policy or a carrier until the change is finished, by the form's own call, which then forgets
//! what was saved of it.
//!
//! What is saved is cleaned under the form's own schema but not checked: a half-typed form may be saved, and is
//! checked in full when it is finished.

use engine::sensitive::{is_mask, mask, rewrite, sensitive_fields, text_at};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::super::enrollment::documents::{opened, sealed_under, SEALED_DOCUMENT};
use super::super::enrollment::{cancellation, covered, today, Enrollment};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

/// How long a change saved to finish later is kept, as a continue code works.
pub const KEPT_DAYS: i64 = crate::domain::resume::CODE_DAYS;

/// The key of a saved change's masked copy, sealed beside it.
const SHOWN: &str = "shown";

/// The outbox kind of the e-mail that says a change was saved (and the per-address limit it counts against).
const SAVED_MAIL: &str = "change_saved";

/// A change that can be saved to finish later: one of the policy's forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChangeForm {
    /// A person added for a life event.
    AddPerson,
    /// The address, phone and e-mail.
    Contact,
    /// A covered person's name.
    Name,
    /// The way of paying.
    Payment,
}

impl ChangeForm {
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeForm::AddPerson => "add-person",
            ChangeForm::Contact => "contact",
            ChangeForm::Name => "name",
            ChangeForm::Payment => "payment",
        }
    }

    /// The form named `text` in a path; none for another word.
    pub fn named(text: &str) -> Option<ChangeForm> {
        [ChangeForm::AddPerson, ChangeForm::Contact, ChangeForm::Name, ChangeForm::Payment]
            .into_iter()
            .find(|f| f.as_str() == text)
    }

    /// What the change is, as the e-mail says it.
    fn words(self) -> &'static str {
        match self {
            ChangeForm::AddPerson => "adding a person to your coverage",
            ChangeForm::Contact => "your address, phone or e-mail",
            ChangeForm::Name => "a covered person's name",
            ChangeForm::Payment => "how your policy is paid",
        }
    }
}

/// What was saved of a change, to finish it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SavedChange {
    pub form: ChangeForm,
    /// For adding a person: the life event they are added for.
    pub life_event_id: Option<i64>,
    /// For a name: whose (0 for the applicant).
    pub member_index: Option<i64>,
    /// What was typed, as the form asks it; numbers that are sensitive masked, a card number not kept.
    pub values: Value,
    /// MM/DD/YYYY, as the next.
    pub saved_on: String,
    /// The last day it is kept.
    pub kept_until: String,
    /// Who saved it.
    pub saved_by: String,
}

/// A change saved, and where the e-mail that says so went.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ChangeSaved {
    pub saved: SavedChange,
    /// The address on file, masked (`d••••@example.com`); none when no e-mail was sent (too many were sent to it
    /// within the hour, or the policy has no address).
    pub emailed_to: Option<String>,
}

fn day(saved_at: &str) -> Option<chrono::NaiveDate> {
    chrono::DateTime::parse_from_rfc3339(saved_at).ok().map(|t| t.date_naive())
}

/// The first moment a saved change is still kept.
fn kept_since() -> String {
    (chrono::Utc::now() - chrono::Duration::days(KEPT_DAYS)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn answer(form: ChangeForm, row: &store::change_saved::SavedRow, values: Value) -> SavedChange {
    let saved = day(&row.saved_at).unwrap_or_else(today);
    SavedChange {
        form,
        life_event_id: row.subject_id.filter(|_| form == ChangeForm::AddPerson),
        member_index: row.subject_id.filter(|_| form == ChangeForm::Name),
        values,
        saved_on: engine::dates::format_mdy(saved),
        kept_until: engine::dates::format_mdy(saved + chrono::Days::new(KEPT_DAYS as u64)),
        saved_by: cancellation::said_by(&row.saved_by),
    }
}

/// Keeps what was typed of `form` on policy `e` (`values`, under the form's `schema`, whose read-only fields keep
/// `composed`; for `subject`, the event or person it is about, checked by the caller), in place of what was saved of
/// it before, and e-mails the address on file that it waits to be finished.
pub async fn keep(
    state: &AppState,
    e: &Enrollment,
    form: ChangeForm,
    subject: Option<i64>,
    schema: &Value,
    composed: &Value,
    values: &Value,
) -> ApiResult<ChangeSaved> {
    // A mask sent back stands for what was saved before at its place (the form opened with it).
    let before = saved_plain(state, e, form).await?;
    let values = unmasked_from(schema, before.as_ref(), values);
    let cleaned = engine::validation::clean(schema, &values, composed);
    let kept = sealed_under(state, schema, cleaned);
    // What the form shows again, masked, is sealed beside it: reading it needs no schema.
    let shown = opened(state, &kept.to_string(), &sensitive_fields(schema))?.masked;
    let data = json!({
        SEALED_DOCUMENT: state.crypto.encrypt(&kept.to_string()),
        SHOWN: state.crypto.encrypt(&shown.to_string()),
    })
    .to_string();
    let who = cancellation::who(state, e);
    let id = e.row.enrollment_id;
    let saved_at = store::change_saved::put(&state.db, id, form.as_str(), subject, &data, &who, &kept_since()).await?;
    let row = store::change_saved::SavedRow {
        form: form.as_str().into(),
        subject_id: subject,
        data,
        saved_at,
        saved_by: who,
    };
    let saved = answer(form, &row, shown);
    let emailed_to = tell_member(state, e, form, &saved).await?;
    tracing::info!(enrollment_id = id, form = form.as_str(), "a change was saved to finish later");
    Ok(ChangeSaved { saved, emailed_to })
}

/// E-mails the policy's address on file that a change of `form` waits to be finished; the address, masked, when it
/// was sent.
async fn tell_member(
    state: &AppState,
    e: &Enrollment,
    form: ChangeForm,
    saved: &SavedChange,
) -> ApiResult<Option<String>> {
    let contact = covered::contact(state, e.row.enrollment_id).await?;
    let Some(address) = contact["email_address"].as_str().and_then(engine::validation::normalized_email) else {
        return Ok(None);
    };
    if crate::services::mail::take_send_to(&state.db, SAVED_MAIL, &address).await?.is_err() {
        tracing::info!(enrollment_id = e.row.enrollment_id, "a saved change's e-mail was not sent: too many this hour");
        return Ok(None);
    }
    use crate::language::{say, say_with};
    let policy = e.row.policy_id.clone().unwrap_or_default();
    let body = format!(
        "{}\n\n{}\n{}/my-policies\n\n{}\n",
        say_with(
            "A change to your policy {policy} was saved on {date} to finish later: {what}.",
            &[("policy", &policy), ("date", &saved.saved_on), ("what", &say(form.words()))]
        ),
        say("To finish it, sign in with this e-mail address here:"),
        state.public_url.trim_end_matches('/'),
        say_with(
            "What was entered is kept until {date}. Nothing changes on your policy until the change is finished.",
            &[("date", &saved.kept_until)]
        ),
    );
    let _turn = store::write_turn(&state.db).await;
    crate::services::mail::enqueue(
        &state.crypto,
        &state.db,
        SAVED_MAIL,
        &address,
        say("Your change is saved to finish later"),
        &body,
    )
    .await?;
    Ok(Some(crate::domain::access::mask_email(&address)))
}

/// The changes of policy `e` saved to finish later and still kept, masked.
pub async fn of_policy(state: &AppState, e: &Enrollment) -> ApiResult<Vec<SavedChange>> {
    let rows = store::change_saved::of_enrollment(&state.db, e.row.enrollment_id, &kept_since()).await?;
    let mut saved = Vec::with_capacity(rows.len());
    for row in rows {
        let Some(form) = ChangeForm::named(&row.form) else { continue };
        let shown = part(state, &row.data, SHOWN)?;
        saved.push(answer(form, &row, shown));
    }
    Ok(saved)
}

/// The sealed part `key` of a saved change's `data`, opened.
fn part(state: &AppState, data: &str, key: &str) -> ApiResult<Value> {
    let sealed: Value = serde_json::from_str(data).map_err(|e| ApiError::Internal(e.into()))?;
    let text = sealed[key]
        .as_str()
        .and_then(|s| state.crypto.decrypt(s))
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a saved change does not open with this key")))?;
    let mut plain: Value = serde_json::from_str(&text).map_err(|e| ApiError::Internal(e.into()))?;
    // Values sealed one by one inside it (by the schema's paths, or their key's name) open too.
    engine::sensitive::open_all(&mut plain, &mut |sealed| state.crypto.decrypt(sealed));
    Ok(plain)
}

/// What was saved of `form` on policy `e`, in plain text; none when nothing is kept.
async fn saved_plain(state: &AppState, e: &Enrollment, form: ChangeForm) -> ApiResult<Option<Value>> {
    let rows = store::change_saved::of_enrollment(&state.db, e.row.enrollment_id, &kept_since()).await?;
    let Some(row) = rows.into_iter().find(|r| r.form == form.as_str()) else { return Ok(None) };
    Ok(Some(part(state, &row.data, SEALED_DOCUMENT)?))
}

/// `submitted` with each mask that stands for what was saved at its place given back as the saved value.
fn unmasked_from(schema: &Value, saved: Option<&Value>, submitted: &Value) -> Value {
    let mut submitted = submitted.clone();
    let Some(saved) = saved else { return submitted };
    for (path, kind) in sensitive_fields(schema) {
        rewrite(&mut submitted, &[path], &mut |at, text| {
            let plain = text_at(saved, at)?;
            (is_mask(&kind, text) && text == mask(&kind, plain)).then(|| plain.to_string())
        });
    }
    submitted
}

/// A change of `form` being finished with `submitted` (under `schema`): a mask the form opened with stands for the
/// number saved.
pub async fn unmasked(
    state: &AppState,
    e: &Enrollment,
    form: ChangeForm,
    schema: &Value,
    submitted: &Value,
) -> ApiResult<Value> {
    let saved = saved_plain(state, e, form).await?;
    Ok(unmasked_from(schema, saved.as_ref(), submitted))
}

/// Forgets what was saved of `form` on policy `e`: the change was finished. The change stands whatever happens here,
/// so a failure is logged, not answered.
pub async fn finished(state: &AppState, e: &Enrollment, form: ChangeForm) {
    if let Err(error) = store::change_saved::remove(&state.db, e.row.enrollment_id, form.as_str()).await {
        tracing::warn!(enrollment_id = e.row.enrollment_id, %error, "a finished change's saved copy was not removed");
    }
}

/// Throws away what was saved of `form` on policy `e`; 404 when nothing was.
pub async fn discard(state: &AppState, e: &Enrollment, form: ChangeForm) -> ApiResult<()> {
    if !store::change_saved::remove(&state.db, e.row.enrollment_id, form.as_str()).await? {
        return Err(ApiError::NotFound("Nothing of this change is saved".into()));
    }
    Ok(())
}
