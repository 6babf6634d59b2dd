//! The proof of a life event: the documents a member sends (a birth certificate, a marriage certificate), the store's
//! reviewers who read them, and the deadlines.
//!
//! - **Sending.** A member sends a document for a reported event whose kind asks for proof, as one of the documents
//!   its kind lists: a PDF, JPEG or PNG by its first bytes (`engine::documents::FileType`), at most
//!   `engine::documents::MOST_BYTES`, scanned by ClamAV (`services::scanner`) before anything is kept, then kept
//!   with its name sealed as health answers are. A file the scanner cannot read now is refused, never kept unscanned.
//! - **Waiting.** A person added for such an event waits for its proof (`engine::life_events::LifeEvent::
//!   holds_for_proof`): they reach no carrier and cover no one until a reviewer approves it. A person taken off
//!   leaves on the member's word.
//! - **Reviewing.** Reviewers sign in by a single-use link (`enroll reviewer-link --name NAME`), read the queue
//!   oldest first, open each file, and approve it, ask for another (a new deadline, `engine::documents::
//!   asked_again_due`) or deny it, with a reason the member reads. Approving sends the waiting additions to every
//!   carrier still covering, in their next file; denying refuses them.
//! - **Telling.** The member is e-mailed, in the language they applied in, when a document arrives, at each decision,
//!   [`engine::documents::REMIND_DAYS_BEFORE`] days before the deadline while nothing has been approved, and when
//!   the deadline passes and the additions waiting for it are refused ([`remind_due`], run with the carriers' files).

use base64::Engine as _;
use engine::dates::{format_iso, format_mdy, iso_to_mdy, parse_iso};
use engine::documents::{self, Decision, FileType, Standing};
use engine::forms::household::Dependent;
use engine::life_events::LifeEvent;
use schemars::JsonSchema;
use serde::Serialize;

use super::super::enrollment::{cancellation, today, Enrollment};
use super::{not_submitted, policy, Policy};
use crate::error::{ApiError, ApiResult, Said};
use crate::services::scanner::Verdict;
use crate::state::AppState;
use crate::store;
use crate::store::coverage_change::{PROVEN, REFUSED};
use crate::store::proof::DocumentRow;

pub use super::deadlines::remind_due;
use super::deadlines::{in_members_language, member_mail, standing, waiting_people, Turn, PROOF_MAIL};

/// The most documents one event takes (a reviewer asking again many times aside, a member sends one or two).
const MOST_DOCUMENTS_PER_EVENT: usize = 10;

/// The most characters of a file's name kept.
const MOST_NAME_CHARS: usize = 120;

/// How many documents the reviewers' queue shows at once.
const QUEUE_LENGTH: i64 = 100;

/// A document sent for a reported event, as the member reads it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SentDocument {
    pub document_id: i64,
    /// Which document it is (Birth certificate).
    pub title: String,
    pub file_name: String,
    /// When it was sent (RFC 3339).
    pub sent_at: String,
    /// `awaiting_review`, `approved`, `asked_again` or `denied`.
    pub status: String,
    /// The reviewer's reason, when they asked for another or denied it.
    pub reason: Option<String>,
}

/// A document a reported event may be proven by.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProofKind {
    pub id: String,
    pub title: String,
}

/// The proof of a reported event.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EventProof {
    /// `not_needed`, `due` (nothing sent, or another asked for), `in_review`, `approved`, `denied` or `overdue`.
    pub status: String,
    /// Whether a document may be sent now.
    pub takes_documents: bool,
    /// The documents that prove it, any one of them.
    pub kinds: Vec<ProofKind>,
    /// What was sent, in the order it was.
    pub documents: Vec<SentDocument>,
    /// The largest file taken, in bytes.
    pub most_bytes: usize,
}

fn title_of(kind: Option<&LifeEvent>, document: &str) -> String {
    let language = crate::language::current();
    kind.and_then(|k| k.proof.as_ref())
        .and_then(|p| p.any_of.iter().find(|d| d.id == document))
        .map_or_else(|| document.to_string(), |d| d.title.in_language(language).to_string())
}

/// The proof of reported event `row` (of kind `kind`), as its member reads it.
pub fn event_proof(
    state: &AppState,
    row: &store::coverage_change::LifeEventRow,
    kind: Option<&LifeEvent>,
    sent: &[DocumentRow],
) -> EventProof {
    let language = crate::language::current();
    let standing = standing(row, sent);
    EventProof {
        status: standing.word().into(),
        takes_documents: standing.takes_documents(),
        kinds: kind
            .and_then(|k| k.proof.as_ref())
            .filter(|_| standing != Standing::NotNeeded)
            .map(|p| {
                p.any_of
                    .iter()
                    .map(|d| ProofKind { id: d.id.clone(), title: d.title.in_language(language).to_string() })
                    .collect()
            })
            .unwrap_or_default(),
        documents: sent
            .iter()
            .filter(|d| Some(d.life_event_id) == row.life_event_id)
            .map(|d| SentDocument {
                document_id: d.document_id,
                title: title_of(kind, &d.proof_kind),
                file_name: state.crypto.decrypt(&d.file_name).unwrap_or_default(),
                sent_at: d.sent_at.clone(),
                status: d.status.clone(),
                reason: d.decision_reason.clone(),
            })
            .collect(),
        most_bytes: documents::MOST_BYTES,
    }
}

/// The name a file is kept under: its last part (a browser may send a whole path), without control characters, at
/// most [`MOST_NAME_CHARS`]; "document" when nothing is left.
fn kept_name(given: &str) -> String {
    let last = given.rsplit(['/', '\\']).next().unwrap_or_default();
    let name: String = last.chars().filter(|c| !c.is_control()).take(MOST_NAME_CHARS).collect();
    match name.trim() {
        "" => "document".into(),
        name => name.to_string(),
    }
}

/// Sends `content` (named `file_name` by the member) as the document `proof_kind` proving the reported event
/// `life_event_id` of policy `e`. Refused under `proof_kind` when the event asks for no such document, under `file`
/// when it is empty, too large, of another type, or carries a threat; a conflict when the event takes no documents
/// now (approved, denied, past its deadline); 503 when the scanner cannot read it now.
pub async fn send(
    state: &AppState,
    e: &Enrollment,
    life_event_id: i64,
    proof_kind: &str,
    file_name: &str,
    content: &[u8],
) -> ApiResult<Policy> {
    if !e.lifecycle.is_submitted() {
        return Err(not_submitted());
    }
    let id = e.row.enrollment_id;
    let version = state.workflows.current();
    let events = store::coverage_change::life_events(&state.db, id).await?;
    let row = events
        .iter()
        .find(|r| r.life_event_id == Some(life_event_id))
        .ok_or_else(|| ApiError::field("life_event_id", "Please choose one of the events you reported"))?;
    let kind = version.workflows.life_events.as_ref().and_then(|l| l.event(&row.kind));
    let sent = store::proof::of_enrollment(&state.db, id).await?;
    match standing(row, &sent) {
        Standing::NotNeeded => {
            return Err(ApiError::field("life_event_id", "This event needs no document: your word is enough"));
        }
        Standing::Approved => return Err(ApiError::Conflict("The proof of this event was approved already".into())),
        Standing::Denied => {
            return Err(ApiError::Conflict(
                "The proof of this event was denied. If you think it should not have been, please call us".into(),
            ));
        }
        Standing::Overdue => {
            return Err(ApiError::Conflict(Said::with(
                "The time to send the proof of this event ended on {date}. Please call us",
                &[("date", &iso_to_mdy(row.proof_due.as_deref().unwrap_or_default()))],
            )));
        }
        Standing::Due | Standing::InReview => {}
    }
    if !kind.is_some_and(|k| k.proven_by(proof_kind)) {
        return Err(ApiError::field("proof_kind", "Please choose one of the documents listed"));
    }
    if sent.iter().filter(|d| d.life_event_id == life_event_id).count() >= MOST_DOCUMENTS_PER_EVENT {
        return Err(ApiError::Conflict(Said::with(
            "This event has {n} documents already. Please call us",
            &[("n", &MOST_DOCUMENTS_PER_EVENT)],
        )));
    }
    if content.is_empty() {
        return Err(ApiError::field("file", "Please choose a file"));
    }
    if content.len() > documents::MOST_BYTES {
        return Err(ApiError::field(
            "file",
            Said::with(
                "This file is larger than {mb} MB. Please send a smaller one: a photo of the page, or a PDF of fewer pages",
                &[("mb", &(documents::MOST_BYTES / (1024 * 1024)))],
            ),
        ));
    }
    let Some(file_type) = FileType::of(content) else {
        return Err(ApiError::field("file", "Please send a PDF, JPEG or PNG file"));
    };
    match state.scanner.scan(content).await {
        Verdict::Clean => {}
        Verdict::Infected(threat) => {
            tracing::warn!(enrollment_id = id, life_event_id, %threat, "an uploaded document carried a threat");
            return Err(ApiError::field(
                "file",
                "Our virus scanner found a threat in this file, so it was not kept. Please send another copy",
            ));
        }
        Verdict::Unavailable(why) => {
            tracing::error!(enrollment_id = id, %why, "a document could not be scanned");
            return Err(ApiError::Unavailable(
                "Documents cannot be received right now. Please try again in a few minutes",
            ));
        }
    }
    let document = DocumentRow {
        document_id: 0,
        enrollment_id: id,
        life_event_id,
        proof_kind: proof_kind.to_string(),
        media_type: file_type.media_type().into(),
        size_bytes: content.len() as i64,
        file_name: state.crypto.encrypt(&kept_name(file_name)),
        sent_by: cancellation::who(state, e),
        sent_at: store::now(),
        status: documents::AWAITING_REVIEW.into(),
        decided_by: None,
        decided_at: None,
        decision_reason: None,
    };
    let sealed = state.crypto.encrypt(&base64::engine::general_purpose::STANDARD.encode(content));
    let title = in_members_language(state, id, || title_of(kind, proof_kind)).await?;
    let mail = member_mail(state, id, Turn::Received { document: &title }).await?;
    {
        let _turn = store::write_turn(&state.db).await;
        let mut tx = state.db.begin().await?;
        store::proof::put(&mut tx, &document, &sealed).await?;
        if let Some((to, subject, body)) = &mail {
            crate::services::mail::enqueue(&state.crypto, &mut *tx, PROOF_MAIL, to, subject, body).await?;
        }
        tx.commit().await?;
    }
    tracing::info!(enrollment_id = id, life_event_id, bytes = content.len(), "a proof document was received");
    policy(state, e).await
}

/// A document in the reviewers' queue.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Queued {
    pub document_id: i64,
    /// The policy's confirmation number.
    pub policy_id: String,
    /// The applicant, first and last name.
    pub applicant: String,
    /// The event it proves, and its day (MM/DD/YYYY).
    pub event: String,
    pub event_date: String,
    /// Which document it is meant to be.
    pub document: String,
    /// The people waiting for it to be approved (a newborn's name and birth date, say), as the member gave them.
    pub waiting: Vec<String>,
    /// PDF, JPEG or PNG, and its size.
    pub media_type: String,
    pub size_bytes: i64,
    /// When it was sent (RFC 3339), and the day the proof is due (MM/DD/YYYY).
    pub sent_at: String,
    pub due: String,
    /// Earlier decisions on the same event's documents, in order ("asked again: unreadable").
    pub history: Vec<String>,
}

/// The reviewer signed in on `session`, or 401 with how to sign in.
pub async fn reviewer(state: &AppState, session: &crate::domain::session::Session) -> ApiResult<String> {
    store::proof::reviewer_of(&state.db, &session.0)
        .await?
        .ok_or_else(|| ApiError::SignInRequired("Please sign in with the link the store gave you for reviewing".into()))
}

fn person_line(d: &Dependent) -> String {
    let name = [d.name.first_name.as_deref(), d.name.last_name.as_deref()].into_iter().flatten().collect::<Vec<_>>();
    match d.birthdate.as_deref() {
        Some(born) => format!("{} ({born})", name.join(" ")),
        None => name.join(" "),
    }
}

/// The documents waiting for a reviewer, oldest first. Read in a few queries whatever the queue's length: the
/// documents with their policies and events, the additions waiting for those events, their earlier decisions, and
/// each applicant's name once.
pub async fn queue(state: &AppState) -> ApiResult<Vec<Queued>> {
    let version = state.workflows.current();
    let rows = store::proof::queue(&state.db, QUEUE_LENGTH).await?;
    let mut events: Vec<i64> = rows.iter().map(|r| r.document.life_event_id).collect();
    events.sort_unstable();
    events.dedup();
    let waiting = store::coverage_change::awaiting_proof_of(&state.db, &events).await?;
    let decided = store::proof::decided_for(&state.db, &events).await?;
    let mut applicants = std::collections::HashMap::new();
    let mut queued = Vec::new();
    for r in rows {
        let d = r.document;
        let applicant = match applicants.get(&d.enrollment_id) {
            Some(name) => String::clone(name),
            None => {
                let name = applicant_name(state, d.enrollment_id).await?;
                applicants.insert(d.enrollment_id, name.clone());
                name
            }
        };
        let mut people = Vec::new();
        for c in waiting.iter().filter(|c| c.life_event_id == Some(d.life_event_id)) {
            people.extend(super::deadlines::added_person(state, c)?.as_ref().map(person_line));
        }
        let history = decided
            .iter()
            .filter(|o| o.life_event_id == d.life_event_id)
            .filter_map(|o| Some(format!("{}: {}", o.status, o.decision_reason.as_deref()?)))
            .collect();
        let kind = version.workflows.life_events.as_ref().and_then(|l| l.event(&r.event_kind));
        queued.push(Queued {
            document_id: d.document_id,
            policy_id: r.policy_id,
            applicant,
            event: kind
                .map_or_else(|| r.event_kind.clone(), |k| k.title.in_language(crate::language::current()).into()),
            event_date: iso_to_mdy(&r.event_date),
            document: title_of(kind, &d.proof_kind),
            waiting: people,
            media_type: d.media_type,
            size_bytes: d.size_bytes,
            sent_at: d.sent_at,
            due: iso_to_mdy(r.proof_due.as_deref().unwrap_or_default()),
            history,
        });
    }
    Ok(queued)
}

/// A document's file, for a reviewer: its media type and bytes.
pub async fn file(state: &AppState, document_id: i64) -> ApiResult<(FileType, Vec<u8>)> {
    let not_found = || ApiError::NotFound(Said::with("No document {id}", &[("id", &document_id)]));
    let d = store::proof::find(&state.db, document_id).await?.ok_or_else(not_found)?;
    let sealed = store::proof::content(&state.db, document_id).await?.ok_or_else(not_found)?;
    let opened = state
        .crypto
        .decrypt(&sealed)
        .and_then(|b64| base64::engine::general_purpose::STANDARD.decode(b64).ok())
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("document {document_id} does not open")))?;
    let file_type = FileType::from_media_type(&d.media_type)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("document {document_id} is of no type taken")))?;
    Ok((file_type, opened))
}

async fn applicant_name(state: &AppState, enrollment_id: i64) -> ApiResult<String> {
    let personal: engine::forms::applicant::PersonalInfo =
        serde_json::from_value(super::super::enrollment::covered::personal(state, enrollment_id).await?)
            .unwrap_or_default();
    Ok([personal.name.first_name.as_deref(), personal.name.last_name.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" "))
}

/// Records reviewer `by`'s `decision` on document `document_id`, with `reason` (needed to ask again or deny, which
/// the member reads). Approving sends the additions waiting for the event's proof to every carrier still covering;
/// asking again moves the deadline; denying refuses the additions. The member is e-mailed each time.
pub async fn decide(state: &AppState, by: &str, document_id: i64, decision: &str, reason: &str) -> ApiResult<()> {
    let decision = Decision::named(decision.trim())
        .ok_or_else(|| ApiError::field("decision", "Please choose approve, ask again or deny"))?;
    let reason = reason.trim();
    if decision.needs_reason() && reason.is_empty() {
        return Err(ApiError::field("reason", "Please tell the member why: they read it"));
    }
    if reason.chars().count() > documents::MOST_REASON_CHARS {
        return Err(ApiError::field(
            "reason",
            Said::with("Please say it in {n} characters or fewer", &[("n", &documents::MOST_REASON_CHARS)]),
        ));
    }
    let d = store::proof::find(&state.db, document_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Said::with("No document {id}", &[("id", &document_id)])))?;
    if d.status != documents::AWAITING_REVIEW {
        return Err(ApiError::Conflict("This document was decided on already".into()));
    }
    let id = d.enrollment_id;
    let version = state.workflows.current();
    let events = store::coverage_change::life_events(&state.db, id).await?;
    let event = events
        .iter()
        .find(|r| r.life_event_id == Some(d.life_event_id))
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("document {document_id} proves no recorded event")))?;
    let kind = version.workflows.life_events.as_ref().and_then(|l| l.event(&event.kind)).cloned();
    let title = in_members_language(state, id, || title_of(kind.as_ref(), &d.proof_kind)).await?;
    let waiting = waiting_people(state, id, d.life_event_id).await?;
    let plans = super::deadlines::waiting_plans(state, id, d.life_event_id).await?;
    let new_due = match decision {
        Decision::AskAgain => {
            let due = event.proof_due.as_deref().and_then(parse_iso).unwrap_or_else(today);
            Some(documents::asked_again_due(due, today()))
        }
        _ => None,
    };
    let names = super::deadlines::waiting_names(state, &waiting, &plans);
    let turn = match decision {
        Decision::Approve => Turn::Approved { document: &title, people: &names },
        Decision::AskAgain => {
            Turn::AskedAgain { document: &title, reason, due: new_due.map(format_mdy).unwrap_or_default() }
        }
        Decision::Deny => Turn::Denied { document: &title, reason, people: &names },
    };
    let mail = member_mail(state, id, turn).await?;
    // The people approved take their places after everyone covered now, in the order they were added.
    let mut next_index = super::super::enrollment::covered::dependents(state, id).await?.len() as i64 + 1;
    let carriers = match decision {
        Decision::Approve => super::household::carriers_covering(state, id, &event.effective).await?,
        _ => Vec::new(),
    };
    let reviewer = format!("the reviewer {by}");
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    let reason = Some(reason).filter(|r| !r.is_empty());
    if !store::proof::decide(&mut tx, document_id, decision.status(), &reviewer, reason).await? {
        return Err(ApiError::Conflict("This document was decided on already".into()));
    }
    match decision {
        Decision::Approve => {
            for (change_id, _) in &waiting {
                if store::coverage_change::settle_proof(&mut tx, *change_id, PROVEN, Some(next_index)).await? {
                    next_index += 1;
                    for carrier_id in &carriers {
                        let event = store::edi::EdiEvent::Change(*change_id);
                        store::edi::queue(&mut *tx, id, *carrier_id, event, None).await?;
                    }
                }
            }
            // A plan chosen for the event reaches the carriers it is about.
            for chosen in &plans {
                if store::coverage_change::settle_proof(&mut tx, chosen.change_id, PROVEN, None).await? {
                    for carrier_id in super::plans::carriers_of(state, chosen) {
                        let event = store::edi::EdiEvent::Change(chosen.change_id);
                        store::edi::queue(&mut *tx, id, carrier_id, event, chosen.last_day.as_deref()).await?;
                    }
                }
            }
        }
        Decision::AskAgain => {
            if let Some(due) = new_due {
                store::proof::set_due(&mut tx, d.life_event_id, &format_iso(due)).await?;
            }
        }
        Decision::Deny => {
            for change_id in waiting.iter().map(|(id, _)| *id).chain(plans.iter().map(|c| c.change_id)) {
                store::coverage_change::settle_proof(&mut tx, change_id, REFUSED, None).await?;
            }
        }
    }
    if let Some((to, subject, body)) = &mail {
        crate::services::mail::enqueue(&state.crypto, &mut *tx, PROOF_MAIL, to, subject, body).await?;
    }
    tx.commit().await?;
    tracing::info!(enrollment_id = id, document_id, decision = decision.status(), "a proof document was decided on");
    Ok(())
}

/// How long a reviewer's sign-in link works.
pub const LINK_MINUTES: i64 = 15;

/// The sealed token of reviewer `name`'s sign-in link: single use, valid [`LINK_MINUTES`].
pub fn reviewer_link(crypto: &crate::services::crypto::Crypto, name: &str) -> String {
    use rand::Rng;
    let expires = chrono::Utc::now() + chrono::Duration::minutes(LINK_MINUTES);
    let nonce: u64 = rand::thread_rng().gen();
    // The name last: it may hold any character.
    crypto.seal_token(&format!("reviewer-link:{nonce:016x}:{}:{}", expires.timestamp(), name.trim()))
}

/// A reviewer's sign-in link opened: who it signs in, and what spending it records; none when it is forged or expired.
pub fn open_reviewer_link(
    crypto: &crate::services::crypto::Crypto,
    token: &str,
) -> Option<(String, crate::domain::access::Spend)> {
    use sha2::Digest;
    let text = crypto.open_token(token)?;
    let mut parts = text.strip_prefix("reviewer-link:")?.splitn(3, ':');
    let (_nonce, expires, name) = (parts.next()?, parts.next()?, parts.next()?);
    let expires: i64 = expires.parse().ok()?;
    if expires <= chrono::Utc::now().timestamp() || name.trim().is_empty() {
        return None;
    }
    let expires_at = chrono::DateTime::from_timestamp(expires, 0)?.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let digest = sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    Some((name.to_string(), crate::domain::access::Spend::Token { digest, expires_at }))
}

/// Signs reviewer `name` in on the new session `renewed`, spending the link: false when it was spent already.
pub async fn sign_in(
    state: &AppState,
    renewed: &crate::domain::session::Session,
    name: &str,
    spend: &crate::domain::access::Spend,
) -> ApiResult<bool> {
    let crate::domain::access::Spend::Token { digest, expires_at } = spend else { return Ok(false) };
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    if !store::session_role::spend_token(&mut tx, digest, expires_at).await? {
        return Ok(false);
    }
    store::proof::sign_in(&mut tx, &renewed.0, name).await?;
    tx.commit().await?;
    Ok(true)
}

/// Ends the reviewer's sign-in on `session`.
pub async fn sign_out(state: &AppState, session: &crate::domain::session::Session) -> ApiResult<()> {
    store::proof::sign_out(&state.db, &session.0).await?;
    Ok(())
}
