//! Proofs of life events: the documents members send, the reviewers who read them, and the deadlines (see the
//! migration `0034_proof_document.sql`).

use sqlx::Row;

use super::{now, Db};

/// A document as it is kept; `file_name` and `content` sealed.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentRow {
    pub document_id: i64,
    pub enrollment_id: i64,
    pub life_event_id: i64,
    pub proof_kind: String,
    pub media_type: String,
    pub size_bytes: i64,
    pub file_name: String,
    pub sent_by: String,
    pub sent_at: String,
    pub status: String,
    pub decided_by: Option<String>,
    pub decided_at: Option<String>,
    pub decision_reason: Option<String>,
}

/// Every column but the content, which only [`content`] reads.
const COLUMNS: &str = "document_id, enrollment_id, life_event_id, proof_kind, media_type, size_bytes, file_name, \
                       sent_by, sent_at, status, decided_by, decided_at, decision_reason";

fn of_row(r: &sqlx::any::AnyRow) -> Result<DocumentRow, sqlx::Error> {
    Ok(DocumentRow {
        document_id: r.try_get("document_id")?,
        enrollment_id: r.try_get("enrollment_id")?,
        life_event_id: r.try_get("life_event_id")?,
        proof_kind: r.try_get("proof_kind")?,
        media_type: r.try_get("media_type")?,
        size_bytes: r.try_get("size_bytes")?,
        file_name: r.try_get("file_name")?,
        sent_by: r.try_get("sent_by")?,
        sent_at: r.try_get("sent_at")?,
        status: r.try_get("status")?,
        decided_by: r.try_get("decided_by")?,
        decided_at: r.try_get("decided_at")?,
        decision_reason: r.try_get("decision_reason")?,
    })
}

/// Keeps a document (`row`'s id aside) with its sealed `content`, in the caller's transaction; its id.
pub async fn put(tx: &mut sqlx::AnyConnection, row: &DocumentRow, content: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "insert into proof_document (enrollment_id, life_event_id, proof_kind, media_type, size_bytes, file_name, \
         content, sent_by, sent_at, status) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning document_id",
    )
    .bind(row.enrollment_id)
    .bind(row.life_event_id)
    .bind(&row.proof_kind)
    .bind(&row.media_type)
    .bind(row.size_bytes)
    .bind(&row.file_name)
    .bind(content)
    .bind(&row.sent_by)
    .bind(&row.sent_at)
    .bind(&row.status)
    .fetch_one(&mut *tx)
    .await
}

/// The application's documents, in the order they were sent.
pub async fn of_enrollment(db: &Db, enrollment_id: i64) -> Result<Vec<DocumentRow>, sqlx::Error> {
    let sql = format!("select {COLUMNS} from proof_document where enrollment_id = $1 order by document_id");
    sqlx::query(&sql).bind(enrollment_id).fetch_all(db).await?.iter().map(of_row).collect()
}

/// One document, by its id.
pub async fn find(db: &Db, document_id: i64) -> Result<Option<DocumentRow>, sqlx::Error> {
    let sql = format!("select {COLUMNS} from proof_document where document_id = $1");
    sqlx::query(&sql).bind(document_id).fetch_optional(db).await?.as_ref().map(of_row).transpose()
}

/// A document's sealed content.
pub async fn content(db: &Db, document_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select content from proof_document where document_id = $1")
        .bind(document_id)
        .fetch_optional(db)
        .await
}

/// A document waiting for a reviewer, with the policy and the event it proves.
pub struct QueuedRow {
    pub document: DocumentRow,
    pub policy_id: String,
    pub event_kind: String,
    /// YYYY-MM-DD, as the deadline.
    pub event_date: String,
    pub proof_due: Option<String>,
}

/// The documents of submitted applications waiting for a reviewer, oldest first, at most `most`, each with its policy
/// and event: one read.
pub async fn queue(db: &Db, most: i64) -> Result<Vec<QueuedRow>, sqlx::Error> {
    let columns = COLUMNS.split(',').map(|c| format!("d.{}", c.trim())).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "select {columns}, e.policy_id, l.kind as event_kind, l.event_date, l.proof_due from proof_document d \
         join enrollment e on e.enrollment_id = d.enrollment_id join life_event l on l.life_event_id = d.life_event_id \
         where d.status = 'awaiting_review' and e.policy_id is not null order by d.document_id limit $1"
    );
    let rows = sqlx::query(&sql).bind(most).fetch_all(db).await?;
    rows.iter()
        .map(|r| {
            Ok(QueuedRow {
                document: of_row(r)?,
                policy_id: r.try_get("policy_id")?,
                event_kind: r.try_get("event_kind")?,
                event_date: r.try_get("event_date")?,
                proof_due: r.try_get("proof_due")?,
            })
        })
        .collect()
}

/// The documents already decided for any of the events `life_event_ids`, oldest first.
pub async fn decided_for(db: &Db, life_event_ids: &[i64]) -> Result<Vec<DocumentRow>, sqlx::Error> {
    if life_event_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "select {COLUMNS} from proof_document where status <> 'awaiting_review' and life_event_id in ({}) \
         order by document_id",
        super::placeholders(life_event_ids.len())
    );
    let mut query = sqlx::query(&sql);
    for id in life_event_ids {
        query = query.bind(*id);
    }
    query.fetch_all(db).await?.iter().map(of_row).collect()
}

/// Records a reviewer's decision on a document still waiting for one, in the caller's transaction; false when
/// another reviewer decided first.
pub async fn decide(
    tx: &mut sqlx::AnyConnection,
    document_id: i64,
    status: &str,
    by: &str,
    reason: Option<&str>,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "update proof_document set status = $1, decided_by = $2, decided_at = $3, decision_reason = $4 \
         where document_id = $5 and status = 'awaiting_review'",
    )
    .bind(status)
    .bind(by)
    .bind(now())
    .bind(reason)
    .bind(document_id)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1)
}

/// Moves a reported event's proof deadline (YYYY-MM-DD), in the caller's transaction.
pub async fn set_due(tx: &mut sqlx::AnyConnection, life_event_id: i64, due: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update life_event set proof_due = $1 where life_event_id = $2")
        .bind(due)
        .bind(life_event_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// A reported event whose proof is due by `proof_due`.
#[derive(Debug, Clone, PartialEq)]
pub struct DueRow {
    pub life_event_id: i64,
    pub enrollment_id: i64,
    pub kind: String,
    pub proof_due: String,
}

/// The reported events whose proof is due on or before `by` (YYYY-MM-DD) and whose deadline was not reminded of,
/// oldest deadline first, at most `most`.
pub async fn due_by(db: &Db, by: &str, most: i64) -> Result<Vec<DueRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select life_event_id, enrollment_id, kind, proof_due from life_event where proof_due is not null \
         and proof_due <= $1 and (proof_reminded_for is null or proof_reminded_for <> proof_due) \
         order by proof_due, life_event_id limit $2",
    )
    .bind(by)
    .bind(most)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(DueRow {
                life_event_id: r.try_get("life_event_id")?,
                enrollment_id: r.try_get("enrollment_id")?,
                kind: r.try_get("kind")?,
                proof_due: r.try_get("proof_due")?,
            })
        })
        .collect()
}

/// Marks a deadline reminded of, in the caller's transaction; false when another server did first, or the deadline
/// moved meanwhile.
pub async fn mark_reminded(tx: &mut sqlx::AnyConnection, life_event_id: i64, due: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "update life_event set proof_reminded_for = $1 where life_event_id = $2 and proof_due = $1 \
         and (proof_reminded_for is null or proof_reminded_for <> $1)",
    )
    .bind(due)
    .bind(life_event_id)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1)
}

/// The life events with changes waiting for a proof whose deadline passed before `today` (YYYY-MM-DD), at most
/// `most`. An event with a document still in review is not among them: it was sent in time, and the reviewer's
/// decision settles it.
pub async fn overdue(db: &Db, today: &str, most: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "select distinct l.life_event_id from life_event l join coverage_change c on c.life_event_id = l.life_event_id \
         where c.proof = 'awaiting' and l.proof_due < $1 and not exists (select 1 from proof_document d \
         where d.status = 'awaiting_review' and d.life_event_id = l.life_event_id) \
         order by l.life_event_id limit $2",
    )
    .bind(today)
    .bind(most)
    .fetch_all(db)
    .await
}

/// The reviewer signed in on a session.
pub async fn reviewer_of(db: &Db, session_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select reviewer_name from reviewer_session where session_id = $1")
        .bind(session_id)
        .fetch_optional(db)
        .await
}

/// Records that the session (a new id) is the reviewer `name`'s, in the caller's transaction.
pub async fn sign_in(tx: &mut sqlx::AnyConnection, session_id: &str, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into reviewer_session (session_id, reviewer_name, signed_in_at) values ($1, $2, $3) \
         on conflict (session_id) do update set reviewer_name = excluded.reviewer_name, \
         signed_in_at = excluded.signed_in_at",
    )
    .bind(session_id)
    .bind(name)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Ends a reviewer's sign-in on a session.
pub async fn sign_out(db: &Db, session_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from reviewer_session where session_id = $1").bind(session_id).execute(db).await?;
    Ok(())
}
