//! The deadlines of life events' proofs, and what members are told of them: where a proof stands, who waits for
//! it, the reminder before its deadline and the refusal after it ([`remind_due`], run before each round of the
//! carriers' files), and the e-mail of each turn (`proof` sends the others). Apart from `proof` so that the carriers'
//! files can run it without reaching the policy's reading.

use chrono::NaiveDate;
use engine::dates::{format_iso, format_mdy, iso_to_mdy, parse_iso};
use engine::documents::{self, Standing};
use engine::forms::household::Dependent;

use crate::domain::enrollment::today;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::{AWAITING_PROOF, REFUSED};
use crate::store::proof::DocumentRow;

/// The e-mails' kind in the outbox.
pub const PROOF_MAIL: &str = "proof";

/// Where the proof of reported event `row` stands, with its documents `sent` (of any event: those of this one are
/// picked).
pub fn standing(row: &store::coverage_change::LifeEventRow, sent: &[DocumentRow]) -> Standing {
    let states: Vec<&str> =
        sent.iter().filter(|d| Some(d.life_event_id) == row.life_event_id).map(|d| d.status.as_str()).collect();
    Standing::of(row.proof_due.as_deref().and_then(parse_iso), &states, today())
}

/// The additions of application `enrollment_id` waiting for the proof of event `life_event_id`: change and person.
pub async fn waiting_people(
    state: &AppState,
    enrollment_id: i64,
    life_event_id: i64,
) -> ApiResult<Vec<(i64, Dependent)>> {
    let mut people = Vec::new();
    for c in store::coverage_change::of_enrollment(&state.db, enrollment_id).await? {
        if c.life_event_id != Some(life_event_id) || c.proof.as_deref() != Some(AWAITING_PROOF) {
            continue;
        }
        if let Some(person) = added_person(state, &c)? {
            people.push((c.change_id, person));
        }
    }
    Ok(people)
}

/// The plans chosen for event `life_event_id` of application `enrollment_id` that wait for its proof.
pub async fn waiting_plans(
    state: &AppState,
    enrollment_id: i64,
    life_event_id: i64,
) -> ApiResult<Vec<store::coverage_change::ChangeRow>> {
    Ok(store::coverage_change::of_enrollment(&state.db, enrollment_id)
        .await?
        .into_iter()
        .filter(|c| c.life_event_id == Some(life_event_id) && c.proof.as_deref() == Some(AWAITING_PROOF))
        .filter(|c| c.kind == store::coverage_change::CHOOSE_PLAN)
        .collect())
}

/// The names of the people and plans waiting for a proof, as the member's e-mail lists them.
pub fn waiting_names(
    state: &AppState,
    people: &[(i64, Dependent)],
    plans: &[store::coverage_change::ChangeRow],
) -> String {
    let people = people.iter().filter_map(|(_, p)| p.name.first_name.clone());
    let plans = plans.iter().filter_map(|c| state.catalogue.plan(c.plan_id?)).map(|p| p.plan_name.clone());
    people.chain(plans).collect::<Vec<_>>().join(", ")
}

/// The person change `c` adds, opened; none for a change that adds no one.
pub fn added_person(state: &AppState, c: &store::coverage_change::ChangeRow) -> ApiResult<Option<Dependent>> {
    let Some(sealed) = c.person.as_deref() else { return Ok(None) };
    let text = state.crypto.decrypt(sealed).ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!("the person added by change {} does not open", c.change_id))
    })?;
    Ok(Some(serde_json::from_str(&text).map_err(|e| ApiError::Internal(e.into()))?))
}

/// Reminds the members whose proof is due within [`documents::REMIND_DAYS_BEFORE`] days of `today` and has not been
/// sent, and refuses the additions whose proof's deadline passed with nothing approved (telling the member); how many
/// members were written to.
pub async fn remind_due(state: &AppState, today: NaiveDate) -> ApiResult<usize> {
    let version = state.workflows.current();
    let mut told = 0;
    let by = format_iso(today + chrono::Duration::days(documents::REMIND_DAYS_BEFORE));
    for due in store::proof::due_by(&state.db, &by, 200).await? {
        let Some(day) = parse_iso(&due.proof_due) else { continue };
        let events = store::coverage_change::life_events(&state.db, due.enrollment_id).await?;
        let sent = store::proof::of_enrollment(&state.db, due.enrollment_id).await?;
        let Some(row) = events.iter().find(|r| r.life_event_id == Some(due.life_event_id)) else { continue };
        let cancelled = store::edi::cancellation(&state.db, due.enrollment_id).await?.is_some();
        let remind = !cancelled && day >= today && standing(row, &sent) == Standing::Due;
        let kind = version.workflows.life_events.as_ref().and_then(|l| l.event(&due.kind));
        let event = kind.map_or_else(|| due.kind.clone(), |k| k.title.en.clone());
        let mail = match remind {
            true => {
                let language = language_of(state, due.enrollment_id).await?;
                let title = kind.map(|k| k.title.in_language(language).to_string()).unwrap_or(event);
                let turn = Turn::Reminder { event: &title, due: format_mdy(day) };
                member_mail(state, due.enrollment_id, turn).await?
            }
            false => None,
        };
        let _turn = store::write_turn(&state.db).await;
        let mut tx = state.db.begin().await?;
        if store::proof::mark_reminded(&mut tx, due.life_event_id, &due.proof_due).await? {
            if let Some((to, subject, body)) = &mail {
                crate::services::mail::enqueue(&state.crypto, &mut *tx, PROOF_MAIL, to, subject, body).await?;
                told += 1;
            }
        }
        tx.commit().await?;
    }
    for life_event_id in store::proof::overdue(&state.db, &format_iso(today), 200).await? {
        told += usize::from(refuse_overdue(state, life_event_id).await?);
    }
    Ok(told)
}

/// Refuses the additions waiting for the proof of event `life_event_id`, whose deadline passed; whether the member was
/// written to.
async fn refuse_overdue(state: &AppState, life_event_id: i64) -> ApiResult<bool> {
    let changes = store::coverage_change::of_life_event(&state.db, life_event_id).await?;
    let Some(enrollment_id) = changes.first().map(|c| c.enrollment_id) else { return Ok(false) };
    let events = store::coverage_change::life_events(&state.db, enrollment_id).await?;
    let due = events
        .iter()
        .find(|r| r.life_event_id == Some(life_event_id))
        .and_then(|r| r.proof_due.clone())
        .unwrap_or_default();
    let waiting = waiting_people(state, enrollment_id, life_event_id).await?;
    let plans = waiting_plans(state, enrollment_id, life_event_id).await?;
    let names = waiting_names(state, &waiting, &plans);
    let mail = member_mail(state, enrollment_id, Turn::Overdue { due: iso_to_mdy(&due), people: &names }).await?;
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    let mut refused = false;
    for change_id in waiting.iter().map(|(id, _)| *id).chain(plans.iter().map(|c| c.change_id)) {
        refused |= store::coverage_change::settle_proof(&mut tx, change_id, REFUSED, None).await?;
    }
    if refused {
        if let Some((to, subject, body)) = &mail {
            crate::services::mail::enqueue(&state.crypto, &mut *tx, PROOF_MAIL, to, subject, body).await?;
        }
    }
    tx.commit().await?;
    tracing::info!(enrollment_id, life_event_id, "additions waiting for a proof past its deadline were refused");
    Ok(refused && mail.is_some())
}

/// The language application `enrollment_id` was submitted in.
pub(super) async fn language_of(state: &AppState, enrollment_id: i64) -> ApiResult<&'static str> {
    Ok(store::enrollment::submitted_language(&state.db, enrollment_id)
        .await?
        .and_then(|l| engine::i18n::spoken(&l))
        .unwrap_or(engine::i18n::SOURCE))
}

/// What `say` gives, in the language application `enrollment_id` was submitted in (a document's title for the
/// member's e-mail, whatever language the request that wrote it spoke).
pub(super) async fn in_members_language<T>(
    state: &AppState,
    enrollment_id: i64,
    say: impl FnOnce() -> T,
) -> ApiResult<T> {
    let language = language_of(state, enrollment_id).await?;
    Ok(crate::language::speaking(language, async move { say() }).await)
}

/// A turn of a proof the member is told of.
pub(super) enum Turn<'a> {
    Received { document: &'a str },
    Approved { document: &'a str, people: &'a str },
    AskedAgain { document: &'a str, reason: &'a str, due: String },
    Denied { document: &'a str, reason: &'a str, people: &'a str },
    Reminder { event: &'a str, due: String },
    Overdue { due: String, people: &'a str },
}

/// The e-mail telling the member of application `enrollment_id` of `turn`, in the language they applied in: address,
/// subject and text; none without an address.
pub(super) async fn member_mail(
    state: &AppState,
    enrollment_id: i64,
    turn: Turn<'_>,
) -> ApiResult<Option<(String, String, String)>> {
    let language = language_of(state, enrollment_id).await?;
    crate::language::speaking(language, async move {
        use crate::language::{say, say_with};
        let contact = crate::domain::enrollment::covered::contact(state, enrollment_id).await?;
        let Some(to) = contact["email_address"].as_str().map(str::trim).filter(|e| !e.is_empty()) else {
            return Ok(None);
        };
        let personal: engine::forms::applicant::PersonalInfo =
            serde_json::from_value(crate::domain::enrollment::covered::personal(state, enrollment_id).await?)
                .unwrap_or_default();
        let policy = store::enrollment::find_submitted(&state.db, enrollment_id)
            .await?
            .and_then(|r| r.policy_id)
            .unwrap_or_default();
        let (subject, lines) = match turn {
            Turn::Received { document } => (
                say_with("We received your {document}", &[("document", &document)]),
                vec![say_with(
                    "We received your {document} for your policy {policy}. Our reviewers read it within two business days, and we will write to you when they have.",
                    &[("document", &document), ("policy", &policy)],
                )],
            ),
            Turn::Approved { document, people } => (
                say_with("Your {document} was approved", &[("document", &document)]),
                vec![
                    say_with(
                        "We approved your {document} for your policy {policy}.",
                        &[("document", &document), ("policy", &policy)],
                    ),
                    match people.is_empty() {
                        true => say("Nothing else is needed from you.").to_string(),
                        false => say_with(
                            "We have told your insurance company, which will cover {people} from the day your change takes effect.",
                            &[("people", &people)],
                        ),
                    },
                ],
            ),
            Turn::AskedAgain { document, reason, due } => (
                say_with("Please send another {document}", &[("document", &document)]),
                vec![
                    say_with(
                        "We could not accept the {document} you sent for your policy {policy}: {reason}",
                        &[("document", &document), ("policy", &policy), ("reason", &reason)],
                    ),
                    say_with(
                        "Please send another by {date}. Sign in to your policy and choose Send a document.",
                        &[("date", &due)],
                    ),
                ],
            ),
            Turn::Denied { document, reason, people } => (
                say_with("Your {document} was not accepted", &[("document", &document)]),
                vec![
                    say_with(
                        "We could not accept the {document} you sent for your policy {policy}: {reason}",
                        &[("document", &document), ("policy", &policy), ("reason", &reason)],
                    ),
                    match people.is_empty() {
                        true => say("If you think this is a mistake, please call us.").to_string(),
                        false => say_with(
                            "So {people} will not be added to your coverage. If you think this is a mistake, please call us.",
                            &[("people", &people)],
                        ),
                    },
                ],
            ),
            Turn::Reminder { event, due } => (
                say_with("Your proof is due by {date}", &[("date", &due)]),
                vec![
                    say_with(
                        "You reported \"{event}\" on your policy {policy}. We still need a document that proves it by {date}.",
                        &[("event", &event), ("policy", &policy), ("date", &due)],
                    ),
                    say("Sign in to your policy and choose Send a document. A photo of the page is enough.").to_string(),
                ],
            ),
            Turn::Overdue { due, people } => (
                say("The time to send your proof has ended").to_string(),
                vec![say_with(
                    "We did not receive a document we could accept by {date} for your policy {policy}, so {people} will not be added to your coverage. If you could not send it in time, please call us.",
                    &[("date", &due), ("policy", &policy), ("people", &people)],
                )],
            ),
        };
        let greeting =
            say_with("Dear {applicant},", &[("applicant", &personal.name.first_name.unwrap_or_default())]);
        let body = format!("{greeting}\n\n{}\n", lines.join("\n\n"));
        Ok(Some((to.to_string(), subject, body)))
    })
    .await
}
