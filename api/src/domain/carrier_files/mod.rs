//! Carriers' 834 files: each submitted application's plans reach each of their carriers once, in a file the
//! carrier's systems read (ASC X12 005010X220A1, `engine::x12`).
//!
//! A submission queues one transaction per carrier (`store::edi::queue`, in the submission's own transaction). Every
//! `EDI_BATCH_SECS` (300 by default) each server:
//! 1. claims a carrier's waiting transactions (a lease, so that replicas take disjoint sets), reads each application
//!    ([`application`]), and in one database transaction makes an interchange: its key is the file's ISA control
//!    number (never given twice), one transaction set per application, its content sealed. An application that cannot
//!    be written is set aside as failed with the reason, and the others go on;
//! 2. claims the interchanges not yet delivered and writes each to the carrier's drop folder (`services::edi`):
//!    written beside, synced, then renamed into place, readable by the owner alone (0600). A delivery repeated after a
//!    crash writes the same content under the same name, so the carrier never receives an application twice.
//!
//! 0. first, tells of the children reaching the age limit (`domain::after_sale::age_off`), whose ends then go in
//!    this run's files;
//! 3. once a month, makes each carrier's verify file ([`verify`]): every application it holds, for reconciling;
//! 4. reads the carriers' acknowledgements left in `EDI_DIR/inbound` ([`ingest`]; also `enroll edi ingest FILE`):
//!    a 999 accepts or rejects each application (the reason in words), a TA1 may reject a whole file. A file every
//!    application of which is answered is deleted from the drop folder (the carrier has it), and its sealed copy in
//!    the database is emptied `EDI_RETENTION_DAYS` later (30 by default). An 834 there is the carrier's confirmation
//!    of what it set up ([`confirmations`]; also `enroll edi confirm FILE`).
//!
//! Nothing of a file's content is logged: a line says which carrier, which interchange and how many transactions.

pub mod application;
pub mod confirmations;
pub mod history;

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use chrono::Datelike;
use engine::catalogue::CarrierEdi;
use engine::x12::{Envelope, Header, Maintenance, Party};

use crate::state::AppState;
use crate::store;

/// How long a batcher holds what it claimed before another may take it.
const LEASE_SECONDS: i64 = 600;
/// The most applications in one file: a carrier with more waiting gets several files in one run, so that the memory a
/// run takes does not grow with what waits (an application's loops are a few kilobytes while its file is made).
const MOST_IN_A_FILE: i64 = 1_000;
/// The files claimed for delivery at once: their content is in memory until each is delivered, so a few.
const MOST_DELIVERED: i64 = 2;

/// What one run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Run {
    /// The files written, in order.
    pub files: Vec<PathBuf>,
    /// Transactions put in files.
    pub sent: usize,
    /// Transactions set aside (their reason is recorded).
    pub failed: usize,
    /// Applications in the month's verify files made.
    pub verified: usize,
    /// Files that could not be delivered this time (their carrier's server did not take them).
    pub undelivered: usize,
    /// Children's age-offs told of (each family e-mailed, each end queued to its carriers).
    pub aged_off: usize,
    /// Members written to about a proof: due within days, or past its deadline.
    pub reminded: usize,
}

fn lease_until() -> String {
    (chrono::Utc::now() + chrono::Duration::seconds(LEASE_SECONDS)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Makes the files of every transaction waiting, delivers every file not yet delivered, reads the acknowledgements
/// waiting in the inbound folder and forgets what the retention no longer keeps.
pub async fn run_once(state: &AppState) -> anyhow::Result<Run> {
    // The children ageing off are told of first, so that their ends go in this run's files.
    let aged_off = crate::domain::after_sale::age_off::notice_due(state, crate::domain::enrollment::today())
        .await
        .map_err(|e| anyhow::anyhow!("the age-offs due: {e}"))?;
    // Proofs due soon are reminded of, and additions whose proof's deadline passed are refused, before the files.
    let reminded = crate::domain::after_sale::deadlines::remind_due(state, crate::domain::enrollment::today())
        .await
        .map_err(|e| anyhow::anyhow!("the proofs due: {e}"))?;
    let mut run = Run { aged_off, reminded, ..Run::default() };
    batch(state, &mut run).await?;
    verify_monthly(state, &mut run).await?;
    deliver(state, &mut run).await?;
    read_inbound(state).await?;
    let before = chrono::Utc::now() - chrono::Duration::days(i64::from(state.edi.retention_days));
    store::edi::forget_contents(&state.db, &before.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)).await?;
    Ok(run)
}

/// What a carrier's acknowledgements said, answer by answer (each is kept in `edi_acknowledgement` whatever became of
/// it).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Ingested {
    /// Applications the carrier took (with errors noted or not).
    pub accepted: usize,
    /// Of those, the ones taken with errors the carrier noted (the reason says which).
    pub with_errors: usize,
    pub rejected: usize,
    /// Answers about files or sets we never sent (a mistyped number, another store's).
    pub unknown: usize,
    /// Answers from a sender a file was not sent to, or addressed to another store: kept, never applied.
    pub foreign: usize,
    /// Answers that differ from the first answer about the same application, which stands.
    pub conflicting: usize,
}

impl Ingested {
    /// Whether anything in it needs a person: the file is then kept (`inbound/foreign`).
    pub fn needs_a_person(&self) -> bool {
        self.foreign > 0 || self.conflicting > 0
    }
}

/// Reads a carrier's acknowledgements (TA1, 999 or 997) and records what they say of each application. An answer is
/// applied only to a file sent to the carrier that wrote it (its ISA06 and GS02 are the receiver id the file was sent
/// to, and its ISA08 and GS03 our sender id), and only as the first answer about what it names; every answer is kept
/// as history with what became of it. A file every application of which is answered is deleted from the drop
/// folder. `source` names the file read, for the history.
pub async fn ingest(state: &AppState, text: &str, source: Option<&str>) -> anyhow::Result<Ingested> {
    use engine::x12::{Acknowledgement, Verdict};
    use store::edi::{Answer, Outcome};
    let mut said = Ingested::default();
    let mut touched = Vec::new();
    for answer in engine::x12::read_acknowledgements(text).map_err(anyhow::Error::msg)? {
        let from = answer.from().clone();
        let (kind, interchange_id, whole) = match &answer {
            Acknowledgement::Interchange { control_number, verdict, reason, .. } => {
                ("TA1", *control_number as i64, Some((*verdict, reason.clone())))
            }
            Acknowledgement::Group { group_control, verdict, reason, .. } => {
                ("999", *group_control as i64, Some((*verdict, reason.clone())))
            }
            Acknowledgement::Sets { group_control, .. } => ("999", *group_control as i64, None),
        };
        // Whose file it names: an answer is the carrier's only about the carrier's own files. Past this, the store
        // functions are only called about an interchange this store made.
        let ours = match store::edi::carrier_of_interchange(&state.db, interchange_id).await? {
            None => Some(Outcome::Unknown),
            Some(carrier_id) if !from.is(&receiver_of(state, carrier_id), &state.edi.sender_id) => {
                Some(Outcome::Foreign)
            }
            Some(_) => None,
        };
        let record = |set_control: Option<String>, verdict: Verdict, reason: Option<String>, outcome: Outcome| Answer {
            kind,
            sender: from.interchange_sender.clone(),
            group_sender: from.group_sender.clone(),
            interchange_id,
            set_control,
            verdict,
            reason,
            outcome,
            source: source.map(str::to_string),
        };
        let mut count = |outcome: Outcome, verdict: Verdict| match outcome {
            Outcome::Unknown => said.unknown += 1,
            Outcome::Foreign => said.foreign += 1,
            Outcome::Conflicting => said.conflicting += 1,
            Outcome::Repeated => {}
            Outcome::Applied => match verdict {
                Verdict::Accepted => said.accepted += 1,
                Verdict::AcceptedWithErrors => {
                    said.accepted += 1;
                    said.with_errors += 1;
                }
                Verdict::Rejected => {
                    said.rejected += 1;
                    crate::services::metrics::count(crate::services::metrics::FILES_REJECTED);
                }
            },
        };
        match answer {
            Acknowledgement::Interchange { .. } | Acknowledgement::Group { .. } => {
                let (verdict, reason) = whole.expect("a whole answer");
                let outcome = match ours {
                    Some(outcome) => outcome,
                    None => {
                        store::edi::acknowledge_interchange(&state.db, interchange_id, verdict, reason.as_deref())
                            .await?
                    }
                };
                // A whole answer counts no set by itself, but what cannot be applied is reported.
                if outcome != Outcome::Applied {
                    count(outcome, verdict);
                }
                store::edi::record_answer(&state.db, &record(None, verdict, reason, outcome)).await?;
                if outcome == Outcome::Applied {
                    touched.push(interchange_id);
                }
            }
            Acknowledgement::Sets { sets, .. } => {
                for set in sets {
                    let outcome = match ours {
                        Some(outcome) => outcome,
                        None => {
                            store::edi::acknowledge_set(
                                &state.db,
                                interchange_id,
                                &set.set_control,
                                set.verdict,
                                set.reason.as_deref(),
                            )
                            .await?
                        }
                    };
                    count(outcome, set.verdict);
                    store::edi::record_answer(
                        &state.db,
                        &record(Some(set.set_control), set.verdict, set.reason, outcome),
                    )
                    .await?;
                }
                if ours.is_none() {
                    touched.push(interchange_id);
                }
            }
        }
    }
    if said.needs_a_person() {
        tracing::warn!(
            foreign = said.foreign,
            conflicting = said.conflicting,
            "an acknowledgement holds answers that were not applied: from a sender the file was not sent to, or \
             contradicting an earlier answer"
        );
    }
    touched.sort_unstable();
    touched.dedup();
    for interchange_id in touched {
        let Some((carrier_id, file_name)) = store::edi::answered_file(&state.db, interchange_id).await? else {
            continue;
        };
        store::edi::answered(&state.db, interchange_id).await?;
        let receiver = receiver_of(state, carrier_id);
        let path = crate::services::edi::outbound(&state.edi, &receiver).join(&file_name);
        match tokio::fs::remove_file(&path).await {
            Ok(()) => tracing::info!(interchange_id, carrier_id, "an acknowledged 834 file was deleted"),
            // The carrier's pickup may have taken it already.
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(error).with_context(|| format!("cannot delete {}", path.display())),
        }
    }
    Ok(said)
}

/// The acknowledgements and confirmations carriers left in `EDI_DIR/inbound`: each is read and deleted; one that does
/// not read is moved to `inbound/unreadable`, and one with answers that were not applied (a foreign sender's,
/// contradicting an earlier answer, or about an application the carrier was not sent) to `inbound/foreign`, for a
/// person (each named in the log, never its content).
async fn read_inbound(state: &AppState) -> anyhow::Result<()> {
    let inbound = state.edi.dir.join("inbound");
    let Ok(mut entries) = tokio::fs::read_dir(&inbound).await else { return Ok(()) };
    while let Some(entry) = entries.next_entry().await? {
        let path = entry.path();
        if !entry.file_type().await?.is_file() || path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
        {
            continue;
        }
        let text = tokio::fs::read_to_string(&path).await.unwrap_or_default();
        let name = entry.file_name().to_string_lossy().into_owned();
        // A carrier writes back two kinds of file: its confirmations (834) and its acknowledgements (TA1, 999).
        let read = if engine::confirmation::is_834(&text) {
            confirmations::confirm(state, &text, Some(&name), None).await.map(|said| {
                tracing::info!(file = %path.display(), applied = said.applied, unknown = said.unknown, foreign = said.foreign, "a carrier's confirmation read");
                said.needs_a_person()
            })
        } else {
            ingest(state, &text, Some(&name)).await.map(|said| {
                tracing::info!(file = %path.display(), accepted = said.accepted, with_errors = said.with_errors, rejected = said.rejected, unknown = said.unknown, foreign = said.foreign, conflicting = said.conflicting, "acknowledgements read");
                said.needs_a_person()
            })
        };
        let aside = match read {
            Ok(needs_a_person) => needs_a_person.then_some("foreign"),
            Err(error) => {
                tracing::warn!(file = %path.display(), %error, "a carrier's file does not read; set aside");
                Some("unreadable")
            }
        };
        match aside {
            None => tokio::fs::remove_file(&path).await?,
            Some(folder) => {
                let aside = inbound.join(folder);
                tokio::fs::create_dir_all(&aside).await?;
                tokio::fs::rename(&path, aside.join(entry.file_name())).await?;
            }
        }
    }
    Ok(())
}

fn receiver_of(state: &AppState, carrier_id: i64) -> String {
    match state.catalogue.carriers.get(&carrier_id) {
        Some(carrier) => carrier.edi().receiver_id,
        None => format!("CARRIER{carrier_id}"),
    }
}

/// A carrier by its id, its receiver id or its name (as an operator types it).
pub fn carrier_named(state: &AppState, name: &str) -> Option<i64> {
    let name = name.trim();
    state.catalogue.carriers.values().find_map(|c| {
        let matches = c.carrier_id.to_string() == name
            || c.edi().receiver_id.eq_ignore_ascii_case(name)
            || c.name.eq_ignore_ascii_case(name);
        matches.then_some(c.carrier_id)
    })
}

/// A carrier's applications that no acknowledgement accepted `older_than` after they were submitted.
pub async fn reconcile(
    state: &AppState,
    carrier_id: i64,
    older_than: Duration,
) -> anyhow::Result<Vec<store::edi::Listed>> {
    let before = chrono::Utc::now() - chrono::Duration::from_std(older_than)?;
    Ok(store::edi::unacknowledged(&state.db, carrier_id, &before.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .await?)
}

/// Sends a submitted application again to each carrier that rejected it or for which it could not be written (once
/// what was wrong is put right: the carrier's settings, the codes in `workflows/x12.yaml`); what the carrier said
/// before stays in the audit view. Answers how many carriers it waits for again; an error when there is no such
/// application.
pub async fn resend(state: &AppState, policy_id: &str, resent_by: &str) -> anyhow::Result<u64> {
    let (_, enrollment) = store::enrollment::find_by_policy(&state.db, policy_id)
        .await?
        .with_context(|| format!("no submitted application {policy_id}"))?;
    Ok(store::edi::resend(&state.db, enrollment.enrollment_id, resent_by).await?)
}

/// Batches and delivers every `EDI_BATCH_SECS` until the server is told to stop; a run under way when it is told is
/// finished first (its file made and sent, its claims given up as done).
pub fn spawn_batcher(
    live: crate::state::Live,
    every: Duration,
    mut stopping: crate::services::lifecycle::Stopping,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if stopping.sleep(every).await {
                return;
            }
            match run_once(&live.now()).await {
                Ok(run) if run.files.is_empty() && run.failed == 0 => {}
                Ok(run) => tracing::info!(files = run.files.len(), sent = run.sent, failed = run.failed, "834 files"),
                Err(error) => tracing::error!(error = ?error, "834 batcher"),
            }
        }
    })
}

async fn batch(state: &AppState, run: &mut Run) -> anyhow::Result<()> {
    let version = state.workflows.current();
    let Some(codes) = &version.workflows.x12 else {
        tracing::warn!("no X12 codes (a workflow file of kind x12): no 834 file is made");
        return Ok(());
    };
    let mut waiting = std::collections::VecDeque::from(store::edi::carriers_waiting(&state.db).await?);
    'carriers: while let Some(carrier_id) = waiting.pop_front() {
        let token = crate::services::crypto::random_token();
        let claimed = store::edi::claim_pending(&state.db, carrier_id, &token, &lease_until(), MOST_IN_A_FILE).await?;
        if claimed.is_empty() {
            continue;
        }
        // A full claim may leave more: the carrier gets another file after the others had theirs.
        if claimed.len() as i64 == MOST_IN_A_FILE {
            waiting.push_back(carrier_id);
        }
        let Some(carrier) = state.catalogue.carriers.get(&carrier_id) else {
            for c in &claimed {
                store::edi::fail(&state.db, c.edi_transaction_id, &token, "the carrier is not in the catalogue")
                    .await?;
                run.failed += 1;
            }
            continue;
        };
        let (edi, payer) = (carrier.edi(), payer_of(carrier));
        // Read before the write transaction: a write should not wait on reads.
        let mut ready = Vec::new();
        for c in claimed {
            let maintenance = match (c.event, c.last_day.as_deref()) {
                (store::edi::EdiEvent::Cancellation, Some(day)) => {
                    match chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d") {
                        Ok(last_day) => Maintenance::Cancellation { last_day },
                        Err(_) => Maintenance::Addition,
                    }
                }
                _ => Maintenance::Addition,
            };
            let built = match c.event {
                store::edi::EdiEvent::Change(change_id) => application::change(state, change_id, carrier_id).await,
                _ => application::application(state, c.enrollment_id, carrier_id, maintenance).await,
            };
            match built {
                Ok((application, group_id)) => ready.push((c, application, group_id)),
                Err(error) => {
                    let reason = error.to_string();
                    tracing::warn!(enrollment_id = c.enrollment_id, carrier_id, %reason, "an application cannot be written");
                    store::edi::fail(&state.db, c.edi_transaction_id, &token, &reason).await?;
                    run.failed += 1;
                }
            }
        }
        if ready.is_empty() {
            continue;
        }
        let created = chrono::Utc::now().naive_utc();
        let _turn = store::write_turn(&state.db).await;
        let mut tx = state.db.begin().await?;
        let interchange_id = store::edi::new_interchange(&mut tx, carrier_id, ready.len()).await?;
        let mut sets = Vec::with_capacity(ready.len());
        for (n, (claimed, application, group_id)) in ready.iter().enumerate() {
            let number = n as u32 + 1;
            let header =
                set_header(state, number, format!("{interchange_id}-{number}"), created, false, *group_id, &payer);
            let set = engine::x12::transaction(codes, &edi.guide, &header, std::slice::from_ref(application));
            sets.push(set.map_err(anyhow::Error::msg)?.to_string());
            let control = format!("{number:04}");
            if !store::edi::put_in_interchange(&mut tx, claimed.edi_transaction_id, &token, interchange_id, &control)
                .await?
            {
                // The lease ran out and another batcher took these: it makes their file.
                tx.rollback().await?;
                continue 'carriers;
            }
        }
        seal_file(state, &mut tx, interchange_id, &edi, created, &sets).await?;
        tx.commit().await?;
        run.sent += ready.len();
        tracing::info!(carrier_id, interchange_id, transactions = ready.len(), "an 834 file was made");
    }
    Ok(())
}

/// What the carrier is called in its files (N1*IN).
fn payer_of(carrier: &engine::catalogue::Carrier) -> Party {
    let edi = carrier.edi();
    Party { name: carrier.name.clone(), id_qualifier: edi.payer_id_qualifier, id: edi.payer_id }
}

/// The header of the `number`th transaction set of a file: its sponsor is the application's group, or the store.
fn set_header(
    state: &AppState,
    number: u32,
    reference: String,
    created: chrono::NaiveDateTime,
    verify: bool,
    group_id: Option<i64>,
    payer: &Party,
) -> Header {
    Header {
        control_number: number,
        reference,
        created,
        verify,
        sponsor: application::sponsor(state, group_id),
        payer: payer.clone(),
    }
}

/// Gives the interchange its file, in the caller's transaction: the envelope around `sets`, sealed. A carrier that
/// takes its files encrypted gets a `.pgp` name; the file is encrypted to its key when it is delivered (what is kept
/// here stays readable to the audit view and to a delivery that must be made again).
async fn seal_file(
    state: &AppState,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    interchange_id: i64,
    edi: &CarrierEdi,
    created: chrono::NaiveDateTime,
    sets: &[String],
) -> anyhow::Result<()> {
    let receiver_id = &edi.receiver_id;
    let envelope = Envelope {
        sender: state.edi.sender_id.clone(),
        receiver: receiver_id.to_string(),
        control_number: interchange_id as u64,
        created,
        production: state.edi.production,
    };
    let text = engine::x12::interchange(&envelope, sets);
    let encrypted = if edi.pgp_key.is_some() { ".pgp" } else { "" };
    let file_name = format!("834_{}_{interchange_id:09}.x12{encrypted}", engine::x12::element(receiver_id, 15));
    store::edi::set_file(tx, interchange_id, &file_name, &state.crypto.encrypt(&text)).await?;
    Ok(())
}

/// Makes this month's verify file of every carrier that held applications when the month began and has none yet:
/// what it held then (the month's new applications are in the month's files, and in the next verify).
async fn verify_monthly(state: &AppState, run: &mut Run) -> anyhow::Result<()> {
    let today = crate::domain::enrollment::today();
    let month = today.format("%Y-%m").to_string();
    let began = today.with_day(1).unwrap_or(today).and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    let began = began.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    for carrier_id in store::edi::carriers_holding(&state.db, &began).await? {
        if !store::edi::verify_made(&state.db, carrier_id, &month).await? {
            run.verified += verify(state, carrier_id, &month, &began).await?;
        }
    }
    Ok(())
}

/// Makes the carrier's verify file of `month` (YYYY-MM): every application it held at `as_of` (RFC 3339: sent, not
/// cancelled), one transaction set per sponsor (each employer group, and the individual market), every member as an
/// audit (030). Answers how many applications it holds (none when it holds none, or another server made the month's
/// file first).
pub async fn verify(state: &AppState, carrier_id: i64, month: &str, as_of: &str) -> anyhow::Result<usize> {
    let version = state.workflows.current();
    let Some(codes) = &version.workflows.x12 else { return Ok(0) };
    let Some(carrier) = state.catalogue.carriers.get(&carrier_id) else { return Ok(0) };
    let (edi, payer) = (carrier.edi(), payer_of(carrier));
    let mut by_sponsor: std::collections::BTreeMap<Option<i64>, Vec<engine::x12::Enrollment>> = Default::default();
    let mut held = 0;
    for enrollment_id in store::edi::held_by(&state.db, carrier_id, as_of).await? {
        match application::application(state, enrollment_id, carrier_id, Maintenance::Audit).await {
            Ok((application, group_id)) => {
                by_sponsor.entry(group_id).or_default().push(application);
                held += 1;
            }
            Err(error) => {
                tracing::warn!(enrollment_id, carrier_id, %error, "an application is left out of a verify file")
            }
        }
    }
    if held == 0 {
        return Ok(0);
    }
    let created = chrono::Utc::now().naive_utc();
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    let interchange_id = store::edi::new_interchange(&mut tx, carrier_id, by_sponsor.len()).await?;
    if !store::edi::record_verify(&mut tx, carrier_id, month, interchange_id).await? {
        tx.rollback().await?;
        return Ok(0);
    }
    let mut sets = Vec::with_capacity(by_sponsor.len());
    for (n, (group_id, applications)) in by_sponsor.iter().enumerate() {
        let number = n as u32 + 1;
        // Each set its own reference (BGN02): a verify file holds a set per sponsor.
        let reference = format!("{interchange_id}-VERIFY-{month}-{number}");
        let header = set_header(state, number, reference, created, true, *group_id, &payer);
        let set = engine::x12::transaction(codes, &edi.guide, &header, applications).map_err(anyhow::Error::msg)?;
        sets.push(set.to_string());
    }
    seal_file(state, &mut tx, interchange_id, &edi, created, &sets).await?;
    tx.commit().await?;
    tracing::info!(carrier_id, interchange_id, applications = held, "a verify 834 file was made");
    Ok(held)
}

async fn deliver(state: &AppState, run: &mut Run) -> anyhow::Result<()> {
    let token = crate::services::crypto::random_token();
    // Kept claimed until this run ends, so that it does not try them again; then given back for the next run.
    let mut undelivered = Vec::new();
    loop {
        let claimed = store::edi::claim_undelivered(&state.db, &token, &lease_until(), MOST_DELIVERED).await?;
        let full = claimed.len() as i64 == MOST_DELIVERED;
        for file in claimed {
            let receiver = receiver_of(state, file.carrier_id);
            let content = state
                .crypto
                .decrypt(&file.sealed_content)
                .with_context(|| format!("interchange {} does not open with this key", file.interchange_id))?;
            let edi = state.catalogue.carriers.get(&file.carrier_id).map(|c| c.edi());
            let content = match encrypted_if_named(edi.as_ref(), &file.file_name, content) {
                Ok(content) => content,
                // The carrier's key was taken out of its settings: the file waits for it.
                Err(error) => {
                    tracing::warn!(interchange_id = file.interchange_id, %error, "an 834 file was not delivered");
                    undelivered.push(file.interchange_id);
                    continue;
                }
            };
            let delivered = match edi.and_then(|edi| edi.sftp) {
                Some(target) => {
                    let (key, name) = (state.edi.sftp_key.clone(), file.file_name.clone());
                    let put = tokio::task::spawn_blocking(move || {
                        crate::services::edi::put_sftp(&target, &key, &name, &content).map(|()| {
                            PathBuf::from(format!("sftp://{}:{}{}/{name}", target.host, target.port, target.dir))
                        })
                    })
                    .await?;
                    match put {
                        Ok(at) => at,
                        // The server is away (or is not the one pinned): the next run puts the same file again.
                        Err(error) => {
                            tracing::warn!(interchange_id = file.interchange_id, %error, "an 834 file was not delivered");
                            undelivered.push(file.interchange_id);
                            continue;
                        }
                    }
                }
                None => {
                    let path = crate::services::edi::outbound(&state.edi, &receiver).join(&file.file_name);
                    let written = path.clone();
                    tokio::task::spawn_blocking(move || crate::services::edi::write_private(&written, &content))
                        .await??;
                    path
                }
            };
            store::edi::delivered(&state.db, file.interchange_id, &token).await?;
            crate::services::metrics::count(crate::services::metrics::FILES_SENT);
            run.files.push(delivered);
        }
        if !full {
            break;
        }
    }
    for interchange_id in undelivered {
        store::edi::release(&state.db, interchange_id, &token).await?;
        run.undelivered += 1;
    }
    Ok(())
}

/// What is delivered of a file: its text, or, for a `.pgp` name, the text encrypted to the carrier's key; an error
/// when that key is no longer in the carrier's settings or does not read.
fn encrypted_if_named(edi: Option<&CarrierEdi>, file_name: &str, text: String) -> anyhow::Result<Vec<u8>> {
    if !file_name.ends_with(".pgp") {
        return Ok(text.into_bytes());
    }
    let armored = edi.and_then(|edi| edi.pgp_key.as_deref()).ok_or_else(|| {
        anyhow::anyhow!("the file is named to be encrypted, and the carrier has no key in its settings")
    })?;
    let key = crate::services::edi::carrier_key(armored)?;
    crate::services::edi::encrypt_for(&key, file_name.trim_end_matches(".pgp"), text.as_bytes())
}
