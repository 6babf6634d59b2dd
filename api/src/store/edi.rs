//! Carriers' 834 files: the transactions waiting for a file, the interchanges (files) made of them, and what carriers
//! acknowledged (see the migration `0018_edi.sql` and `services::edi`).

use sqlx::Row;

use super::{now, Db};

/// An application's event for a carrier, waiting for its file.
pub const PENDING: &str = "pending";
/// In an interchange (its file is delivered, or will be by the next delivery).
pub const SENT: &str = "sent";
/// Could not be written (the reason says why): it waits for a person.
pub const FAILED: &str = "failed";
/// The carrier's acknowledgement (999) accepted it.
pub const ACCEPTED: &str = "accepted";
/// The carrier's acknowledgement (999 or TA1) rejected it (the reason says why).
pub const REJECTED: &str = "rejected";
/// An addition the applicant cancelled before any file held it: it is never sent.
pub const WITHDRAWN: &str = "withdrawn";

/// Queues an application's event for a carrier; call it inside the transaction that makes it true. An event already
/// queued for the same application and carrier is not queued again.
pub async fn queue<'c, E>(
    executor: E,
    enrollment_id: i64,
    carrier_id: i64,
    event: EdiEvent,
    last_day: Option<&str>,
) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query(
        "insert into edi_transaction (enrollment_id, carrier_id, event, last_day, created_at, status) \
         values ($1, $2, $3, $4, $5, $6) on conflict (enrollment_id, carrier_id, event) do nothing",
    )
    .bind(enrollment_id)
    .bind(carrier_id)
    .bind(event.column())
    .bind(last_day)
    .bind(now())
    .bind(PENDING)
    .execute(executor)
    .await?;
    Ok(())
}

/// The carriers with transactions waiting for a file.
pub async fn carriers_waiting(db: &Db) -> Result<Vec<i64>, sqlx::Error> {
    let rows = sqlx::query("select distinct carrier_id from edi_transaction where status = $1 order by carrier_id")
        .bind(PENDING)
        .fetch_all(db)
        .await?;
    rows.iter().map(|r| r.try_get("carrier_id")).collect()
}

/// What an application's transaction tells its carrier: its coverage begins, or ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdiEvent {
    Addition,
    Cancellation,
    /// A change after the sale (`coverage_change`), by its id.
    Change(i64),
}

impl EdiEvent {
    /// As the `event` column keeps it: each change is an event of its own, so each reaches a carrier once.
    pub fn column(self) -> String {
        match self {
            EdiEvent::Addition => "addition".into(),
            EdiEvent::Cancellation => "cancellation".into(),
            EdiEvent::Change(id) => format!("change-{id}"),
        }
    }

    fn of_column(row: &sqlx::any::AnyRow) -> Result<EdiEvent, sqlx::Error> {
        let text: String = row.try_get("event")?;
        match text.as_str() {
            "addition" => Ok(EdiEvent::Addition),
            "cancellation" => Ok(EdiEvent::Cancellation),
            other => other
                .strip_prefix("change-")
                .and_then(|id| id.parse().ok())
                .map(EdiEvent::Change)
                .ok_or_else(|| sqlx::Error::Decode(format!("an EDI transaction's event is {text:?}").into())),
        }
    }
}

impl std::fmt::Display for EdiEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EdiEvent::Change(_) => f.write_str("change"),
            other => f.write_str(&other.column()),
        }
    }
}

/// A transaction claimed for a file.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub edi_transaction_id: i64,
    pub enrollment_id: i64,
    pub event: EdiEvent,
    pub last_day: Option<String>,
}

/// Claims up to `limit` of a carrier's waiting transactions for `token` until `lease_until`, oldest first: one
/// statement, as the outbox's claim (PostgreSQL skips rows another batcher locked; SQLite has one writer).
pub async fn claim_pending(
    db: &Db,
    carrier_id: i64,
    token: &str,
    lease_until: &str,
    limit: i64,
) -> Result<Vec<Claimed>, sqlx::Error> {
    let mut conn = db.acquire().await?;
    let lock = if conn.backend_name().eq_ignore_ascii_case("postgresql") { " for update skip locked" } else { "" };
    let sql = format!(
        "update edi_transaction set claim_token = $1, claimed_until = $2 where edi_transaction_id in (\
         select edi_transaction_id from edi_transaction where status = $3 and carrier_id = $4 \
         and (claimed_until is null or claimed_until < $5) order by edi_transaction_id limit $6{lock}) \
         and (claimed_until is null or claimed_until < $5) \
         returning edi_transaction_id, enrollment_id, event, last_day"
    );
    let rows = sqlx::query(&sql)
        .bind(token)
        .bind(lease_until)
        .bind(PENDING)
        .bind(carrier_id)
        .bind(now())
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
    let mut claimed: Vec<Claimed> = rows
        .iter()
        .map(|r| {
            Ok(Claimed {
                edi_transaction_id: r.try_get("edi_transaction_id")?,
                enrollment_id: r.try_get("enrollment_id")?,
                event: EdiEvent::of_column(r)?,
                last_day: r.try_get("last_day")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    claimed.sort_by_key(|c| c.edi_transaction_id);
    Ok(claimed)
}

/// Sets aside a claimed transaction that cannot be written, with the reason (never the application's content).
pub async fn fail(db: &Db, edi_transaction_id: i64, token: &str, reason: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update edi_transaction set status = $1, reason = $2, claim_token = null, claimed_until = null \
         where edi_transaction_id = $3 and claim_token = $4",
    )
    .bind(FAILED)
    .bind(reason)
    .bind(edi_transaction_id)
    .bind(token)
    .execute(db)
    .await?;
    Ok(())
}

/// A new interchange of a carrier, in the caller's transaction: its control number (never given before).
pub async fn new_interchange(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    carrier_id: i64,
    transactions: usize,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "insert into edi_interchange (carrier_id, file_name, transactions, created_at) values ($1, '', $2, $3) \
         returning interchange_id",
    )
    .bind(carrier_id)
    .bind(transactions as i64)
    .bind(now())
    .fetch_one(&mut **tx)
    .await
}

/// Gives the interchange its file (name and sealed content), in the caller's transaction.
pub async fn set_file(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    interchange_id: i64,
    file_name: &str,
    sealed_content: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("update edi_interchange set file_name = $1, content = $2 where interchange_id = $3")
        .bind(file_name)
        .bind(sealed_content)
        .bind(interchange_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Puts a claimed transaction in the interchange as its set `set_control`, in the caller's transaction; false when
/// the claim was lost (its lease ran out and another batcher took it).
pub async fn put_in_interchange(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    edi_transaction_id: i64,
    token: &str,
    interchange_id: i64,
    set_control: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update edi_transaction set status = $1, interchange_id = $2, set_control = $3, claim_token = null, \
         claimed_until = null where edi_transaction_id = $4 and claim_token = $5 and status = $6",
    )
    .bind(SENT)
    .bind(interchange_id)
    .bind(set_control)
    .bind(edi_transaction_id)
    .bind(token)
    .bind(PENDING)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An interchange whose file is to be delivered.
pub struct Undelivered {
    pub interchange_id: i64,
    pub carrier_id: i64,
    pub file_name: String,
    pub sealed_content: String,
}

/// Claims the interchanges not yet delivered (for `token` until `lease_until`), oldest first.
pub async fn claim_undelivered(
    db: &Db,
    token: &str,
    lease_until: &str,
    limit: i64,
) -> Result<Vec<Undelivered>, sqlx::Error> {
    let mut conn = db.acquire().await?;
    let lock = if conn.backend_name().eq_ignore_ascii_case("postgresql") { " for update skip locked" } else { "" };
    let sql = format!(
        "update edi_interchange set claim_token = $1, claimed_until = $2 where interchange_id in (\
         select interchange_id from edi_interchange where delivered_at is null and content is not null \
         and (claimed_until is null or claimed_until < $3) order by interchange_id limit $4{lock}) \
         and (claimed_until is null or claimed_until < $3) \
         returning interchange_id, carrier_id, file_name, content"
    );
    let rows = sqlx::query(&sql).bind(token).bind(lease_until).bind(now()).bind(limit).fetch_all(&mut *conn).await?;
    let mut claimed: Vec<Undelivered> = rows
        .iter()
        .map(|r| {
            Ok(Undelivered {
                interchange_id: r.try_get("interchange_id")?,
                carrier_id: r.try_get("carrier_id")?,
                file_name: r.try_get("file_name")?,
                sealed_content: r.try_get("content")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    claimed.sort_by_key(|c| c.interchange_id);
    Ok(claimed)
}

/// Gives back the claim of an interchange that could not be delivered: the next run tries again.
pub async fn release(db: &Db, interchange_id: i64, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update edi_interchange set claim_token = null, claimed_until = null where interchange_id = $1 and claim_token = $2",
    )
    .bind(interchange_id)
    .bind(token)
    .execute(db)
    .await?;
    Ok(())
}

/// Records that the interchange's file was delivered.
pub async fn delivered(db: &Db, interchange_id: i64, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update edi_interchange set delivered_at = $1, claim_token = null, claimed_until = null \
         where interchange_id = $2 and claim_token = $3",
    )
    .bind(now())
    .bind(interchange_id)
    .bind(token)
    .execute(db)
    .await?;
    Ok(())
}

/// A transaction as the reconciliation and the audit view list it.
#[derive(Debug, Clone)]
pub struct Listed {
    pub edi_transaction_id: i64,
    pub enrollment_id: i64,
    pub policy_id: Option<String>,
    pub carrier_id: i64,
    pub event: EdiEvent,
    pub status: String,
    pub reason: Option<String>,
    pub interchange_id: Option<i64>,
    /// Its ST02 in that interchange.
    pub set_control: Option<String>,
    pub created_at: String,
}

/// A carrier's transactions made before `before` that no acknowledgement accepted, oldest first.
pub async fn unacknowledged(db: &Db, carrier_id: i64, before: &str) -> Result<Vec<Listed>, sqlx::Error> {
    let rows = sqlx::query(
        "select t.edi_transaction_id, t.enrollment_id, e.policy_id, t.carrier_id, t.event, t.status, t.reason, \
         t.interchange_id, t.set_control, t.created_at from edi_transaction t \
         join enrollment e on e.enrollment_id = t.enrollment_id \
         where t.carrier_id = $1 and t.created_at < $2 and t.status not in ('accepted', 'withdrawn') \
         order by t.edi_transaction_id",
    )
    .bind(carrier_id)
    .bind(before)
    .fetch_all(db)
    .await?;
    rows.iter().map(listed).collect()
}

/// What became of one answer of a carrier's acknowledgement (kept in `edi_acknowledgement.outcome`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It decided the state of what it names.
    Applied,
    /// What it names had this answer already.
    Repeated,
    /// What it names had a different answer already, which stands.
    Conflicting,
    /// It came from a sender the file was not sent to, or is addressed to another store.
    Foreign,
    /// No such file or set was sent.
    Unknown,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Repeated => "repeated",
            Outcome::Conflicting => "conflicting",
            Outcome::Foreign => "foreign",
            Outcome::Unknown => "unknown",
        }
    }
}

/// A transaction's status for a carrier's verdict: accepted with errors noted is accepted (the carrier took the
/// application; its reason keeps the carrier's notes).
fn status_of(verdict: engine::x12::Verdict) -> &'static str {
    if verdict.accepted() {
        ACCEPTED
    } else {
        REJECTED
    }
}

/// The carrier an interchange was sent to, when this store made it.
pub async fn carrier_of_interchange(db: &Db, interchange_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select carrier_id from edi_interchange where interchange_id = $1")
        .bind(interchange_id)
        .fetch_optional(db)
        .await
}

/// Records a 999's answer about a set of an interchange, when it is the first: a set answered already keeps its
/// first answer (the update only takes a set still `sent`, so two servers reading the same file apply it once).
pub async fn acknowledge_set(
    db: &Db,
    interchange_id: i64,
    set_control: &str,
    verdict: engine::x12::Verdict,
    reason: Option<&str>,
) -> Result<Outcome, sqlx::Error> {
    let status = status_of(verdict);
    let done = sqlx::query(
        "update edi_transaction set status = $1, reason = $2, acknowledged_at = $3 \
         where interchange_id = $4 and set_control = $5 and status = $6",
    )
    .bind(status)
    .bind(reason)
    .bind(now())
    .bind(interchange_id)
    .bind(set_control)
    .bind(SENT)
    .execute(db)
    .await?;
    if done.rows_affected() > 0 {
        return Ok(Outcome::Applied);
    }
    let had: Option<(String, Option<String>)> =
        sqlx::query_as("select status, reason from edi_transaction where interchange_id = $1 and set_control = $2")
            .bind(interchange_id)
            .bind(set_control)
            .fetch_optional(db)
            .await?;
    Ok(match had {
        None => Outcome::Unknown,
        Some((had, had_reason)) if had == status && had_reason.as_deref() == reason => Outcome::Repeated,
        Some(_) => Outcome::Conflicting,
    })
}

/// Records a TA1, or a 999 answering a whole functional group, about an interchange this store made: a rejection
/// rejects every set of it not yet answered; an acceptance decides nothing by itself (each set waits for its 999).
pub async fn acknowledge_interchange(
    db: &Db,
    interchange_id: i64,
    verdict: engine::x12::Verdict,
    reason: Option<&str>,
) -> Result<Outcome, sqlx::Error> {
    if verdict.accepted() {
        return Ok(Outcome::Applied);
    }
    let done = sqlx::query(
        "update edi_transaction set status = $1, reason = $2, acknowledged_at = $3 \
         where interchange_id = $4 and status = $5",
    )
    .bind(REJECTED)
    .bind(reason)
    .bind(now())
    .bind(interchange_id)
    .bind(SENT)
    .execute(db)
    .await?;
    Ok(if done.rows_affected() > 0 { Outcome::Applied } else { Outcome::Conflicting })
}

/// One answer of an acknowledgement, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// `TA1` or `999`.
    pub kind: &'static str,
    pub sender: String,
    pub group_sender: Option<String>,
    pub interchange_id: i64,
    pub set_control: Option<String>,
    pub verdict: engine::x12::Verdict,
    pub reason: Option<String>,
    pub outcome: Outcome,
    pub source: Option<String>,
}

/// Keeps an answer in the history (`edi_acknowledgement`), whatever became of it.
pub async fn record_answer(db: &Db, answer: &Answer) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into edi_acknowledgement (received_at, kind, sender, group_sender, interchange_id, set_control, \
         verdict, reason, outcome, source) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(now())
    .bind(answer.kind)
    .bind(&answer.sender)
    .bind(&answer.group_sender)
    .bind(answer.interchange_id)
    .bind(&answer.set_control)
    .bind(answer.verdict.as_str())
    .bind(&answer.reason)
    .bind(answer.outcome.as_str())
    .bind(&answer.source)
    .execute(db)
    .await?;
    Ok(())
}

/// An answer kept in the history, as the audit view shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub received_at: String,
    pub kind: String,
    pub sender: String,
    pub interchange_id: i64,
    pub set_control: Option<String>,
    pub verdict: String,
    pub reason: Option<String>,
    pub outcome: String,
}

/// The answers about an application's current files (its sets, and the interchanges and groups that hold them), oldest
/// first; what an earlier attempt was told is in its attempt (`edi_attempt`).
pub async fn answers_of(db: &Db, enrollment_id: i64) -> Result<Vec<Kept>, sqlx::Error> {
    let rows = sqlx::query(
        "select a.received_at, a.kind, a.sender, a.interchange_id, a.set_control, a.verdict, a.reason, a.outcome \
         from edi_acknowledgement a where exists (select 1 from edi_transaction t where t.enrollment_id = $1 \
         and t.interchange_id = a.interchange_id and (a.set_control is null or a.set_control = t.set_control)) \
         order by a.edi_acknowledgement_id",
    )
    .bind(enrollment_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Kept {
                received_at: r.try_get("received_at")?,
                kind: r.try_get("kind")?,
                sender: r.try_get("sender")?,
                interchange_id: r.try_get("interchange_id")?,
                set_control: r.try_get("set_control")?,
                verdict: r.try_get("verdict")?,
                reason: r.try_get("reason")?,
                outcome: r.try_get("outcome")?,
            })
        })
        .collect()
}

/// The interchange's file, when every set of it has been answered and the file was delivered: (carrier, file name).
pub async fn answered_file(db: &Db, interchange_id: i64) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query(
        "select i.carrier_id, i.file_name from edi_interchange i where i.interchange_id = $1 \
         and i.delivered_at is not null and not exists (select 1 from edi_transaction t \
         where t.interchange_id = i.interchange_id and t.status = $2)",
    )
    .bind(interchange_id)
    .bind(SENT)
    .fetch_optional(db)
    .await?;
    row.map(|r| Ok((r.try_get("carrier_id")?, r.try_get("file_name")?))).transpose()
}

/// Marks the interchange answered in full (every set acknowledged) from now.
pub async fn answered(db: &Db, interchange_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update edi_interchange set acknowledged_at = coalesce(acknowledged_at, $1) where interchange_id = $2")
        .bind(now())
        .bind(interchange_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Empties the sealed content of the interchanges acknowledged before `before` (what the retention keeps no longer):
/// how many.
pub async fn forget_contents(db: &Db, before: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(
        "update edi_interchange set content = null, content_deleted_at = $1 \
         where content is not null and acknowledged_at is not null and acknowledged_at < $2",
    )
    .bind(now())
    .bind(before)
    .execute(db)
    .await?
    .rows_affected())
}

/// An application's transactions with its carriers (the audit view), oldest first.
pub async fn of_enrollment(db: &Db, enrollment_id: i64) -> Result<Vec<Listed>, sqlx::Error> {
    let rows = sqlx::query(
        "select t.edi_transaction_id, t.enrollment_id, e.policy_id, t.carrier_id, t.event, t.status, t.reason, \
         t.interchange_id, t.set_control, t.created_at from edi_transaction t \
         join enrollment e on e.enrollment_id = t.enrollment_id \
         where t.enrollment_id = $1 order by t.edi_transaction_id",
    )
    .bind(enrollment_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(listed).collect()
}

fn listed(r: &sqlx::any::AnyRow) -> Result<Listed, sqlx::Error> {
    Ok(Listed {
        edi_transaction_id: r.try_get("edi_transaction_id")?,
        enrollment_id: r.try_get("enrollment_id")?,
        policy_id: r.try_get("policy_id")?,
        carrier_id: r.try_get("carrier_id")?,
        event: EdiEvent::of_column(r)?,
        status: r.try_get("status")?,
        reason: r.try_get("reason")?,
        interchange_id: r.try_get("interchange_id")?,
        set_control: r.try_get("set_control")?,
        created_at: r.try_get("created_at")?,
    })
}

/// Sends an application's rejected or unwritten transactions again: each goes back to waiting for the next file, and
/// what the carrier said of it before is kept (`edi_attempt`) for the audit view. Answers how many wait again.
pub async fn resend(db: &Db, enrollment_id: i64, resent_by: &str) -> Result<u64, sqlx::Error> {
    let mut tx = db.begin().await?;
    let at = now();
    sqlx::query(
        "insert into edi_attempt (edi_transaction_id, interchange_id, status, reason, acknowledged_at, resent_at, \
         resent_by) select edi_transaction_id, interchange_id, status, reason, acknowledged_at, $1, $2 \
         from edi_transaction where enrollment_id = $3 and status in ($4, $5)",
    )
    .bind(&at)
    .bind(resent_by)
    .bind(enrollment_id)
    .bind(REJECTED)
    .bind(FAILED)
    .execute(&mut *tx)
    .await?;
    let waiting = sqlx::query(
        "update edi_transaction set status = $1, reason = null, interchange_id = null, set_control = null, \
         acknowledged_at = null, claim_token = null, claimed_until = null, created_at = $2 \
         where enrollment_id = $3 and status in ($4, $5)",
    )
    .bind(PENDING)
    .bind(&at)
    .bind(enrollment_id)
    .bind(REJECTED)
    .bind(FAILED)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(waiting)
}

/// A carrier's earlier answer to an application sent again.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub edi_transaction_id: i64,
    pub interchange_id: Option<i64>,
    pub status: String,
    pub reason: Option<String>,
    pub resent_at: String,
    pub resent_by: String,
}

/// An application's earlier answers (see [`resend`]), oldest first.
pub async fn attempts_of(db: &Db, enrollment_id: i64) -> Result<Vec<Attempt>, sqlx::Error> {
    let rows = sqlx::query(
        "select a.edi_transaction_id, a.interchange_id, a.status, a.reason, a.resent_at, a.resent_by \
         from edi_attempt a join edi_transaction t on t.edi_transaction_id = a.edi_transaction_id \
         where t.enrollment_id = $1 order by a.resent_at, a.edi_transaction_id",
    )
    .bind(enrollment_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Attempt {
                edi_transaction_id: r.try_get("edi_transaction_id")?,
                interchange_id: r.try_get("interchange_id")?,
                status: r.try_get("status")?,
                reason: r.try_get("reason")?,
                resent_at: r.try_get("resent_at")?,
                resent_by: r.try_get("resent_by")?,
            })
        })
        .collect()
}

/// An application's cancellation, as recorded.
#[derive(Debug, Clone)]
pub struct Cancellation {
    pub cancelled_by: String,
    pub reason: String,
    /// The last day of coverage (YYYY-MM-DD).
    pub last_day: String,
    pub cancelled_at: String,
}

/// Records the cancellation of an application and queues it for each of its carriers, in the caller's transaction;
/// false when it was already cancelled.
pub async fn cancel(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    enrollment_id: i64,
    carriers: &[i64],
    cancellation: &Cancellation,
) -> Result<bool, sqlx::Error> {
    let recorded = sqlx::query(
        "insert into application_cancellation (enrollment_id, cancelled_by, reason, last_day, cancelled_at) \
         values ($1, $2, $3, $4, $5) on conflict (enrollment_id) do nothing",
    )
    .bind(enrollment_id)
    .bind(&cancellation.cancelled_by)
    .bind(&cancellation.reason)
    .bind(&cancellation.last_day)
    .bind(&cancellation.cancelled_at)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1;
    if recorded {
        for carrier_id in carriers {
            // An addition no file holds yet, and no batcher is writing, is withdrawn: the carrier never hears of the
            // application, and no file carries both its addition and its cancellation. One a batcher has claimed goes
            // in that batcher's file, and the cancellation follows in a later one.
            let withdrawn = sqlx::query(
                "update edi_transaction set status = $1, reason = $2 where enrollment_id = $3 and carrier_id = $4 \
                 and event = 'addition' and status = $5 and (claimed_until is null or claimed_until < $6)",
            )
            .bind(WITHDRAWN)
            .bind("the application was cancelled before it was sent")
            .bind(enrollment_id)
            .bind(carrier_id)
            .bind(PENDING)
            .bind(now())
            .execute(&mut **tx)
            .await?
            .rows_affected();
            if withdrawn == 0 {
                queue(&mut **tx, enrollment_id, *carrier_id, EdiEvent::Cancellation, Some(&cancellation.last_day))
                    .await?;
            }
        }
    }
    Ok(recorded)
}

/// The cancellation of an application, if it was cancelled.
pub async fn cancellation(db: &Db, enrollment_id: i64) -> Result<Option<Cancellation>, sqlx::Error> {
    let row = sqlx::query(
        "select cancelled_by, reason, last_day, cancelled_at from application_cancellation where enrollment_id = $1",
    )
    .bind(enrollment_id)
    .fetch_optional(db)
    .await?;
    row.map(|r| {
        Ok(Cancellation {
            cancelled_by: r.try_get("cancelled_by")?,
            reason: r.try_get("reason")?,
            last_day: r.try_get("last_day")?,
            cancelled_at: r.try_get("cancelled_at")?,
        })
    })
    .transpose()
}

/// The carriers that hold applications sent to them, queued before `before`.
pub async fn carriers_holding(db: &Db, before: &str) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "select distinct carrier_id from edi_transaction where event = 'addition' and status in ('sent', 'accepted') \
         and created_at < $1 order by carrier_id",
    )
    .bind(before)
    .fetch_all(db)
    .await
}

/// The applications a carrier holds, queued before `before`: their additions were sent (or accepted) and they were
/// not cancelled.
pub async fn held_by(db: &Db, carrier_id: i64, before: &str) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "select t.enrollment_id from edi_transaction t where t.carrier_id = $1 and t.event = 'addition' \
         and t.status in ('sent', 'accepted') and t.created_at < $2 and not exists \
         (select 1 from application_cancellation c where c.enrollment_id = t.enrollment_id) order by t.enrollment_id",
    )
    .bind(carrier_id)
    .bind(before)
    .fetch_all(db)
    .await
}

/// Whether the carrier's verify file of `month` (YYYY-MM) was made.
pub async fn verify_made(db: &Db, carrier_id: i64, month: &str) -> Result<bool, sqlx::Error> {
    let made: Option<i64> =
        sqlx::query_scalar("select interchange_id from edi_verify where carrier_id = $1 and month = $2")
            .bind(carrier_id)
            .bind(month)
            .fetch_optional(db)
            .await?;
    Ok(made.is_some())
}

/// Records the carrier's verify file of `month`, in the caller's transaction; false when another server made it.
pub async fn record_verify(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    carrier_id: i64,
    month: &str,
    interchange_id: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "insert into edi_verify (carrier_id, month, interchange_id) values ($1, $2, $3) \
         on conflict (carrier_id, month) do nothing",
    )
    .bind(carrier_id)
    .bind(month)
    .bind(interchange_id)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1)
}
