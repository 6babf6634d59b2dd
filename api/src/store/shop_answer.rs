//! The shop's answers per enrollment: about a plan (eligibility, membership, group code, health answers) or the cart
//! (offers answered), each a JSON document under (subject, kind).

use sqlx::Row;

use super::local::{read_rows, Columns, FromColumns, LocalReads, Param};
use super::{now, Db};

pub async fn find(db: &Db, enrollment_id: i64, subject: &str, kind: &str) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("select data from shop_answer where enrollment_id = $1 and subject = $2 and kind = $3")
        .bind(enrollment_id)
        .bind(subject)
        .bind(kind)
        .fetch_optional(db)
        .await?;
    row.map(|r| r.try_get("data")).transpose()
}

/// What the enrollment's shop answers are at now: raised by every change of them, in the change's transaction.
const RAISE_REVISION: &str = "update enrollment set answers_revision = answers_revision + 1 where enrollment_id = $1";

pub async fn upsert(db: &Db, enrollment_id: i64, subject: &str, kind: &str, data: &str) -> Result<(), sqlx::Error> {
    // A write transaction of two statements: it takes its turn with SQLite's other writers (`store::write_turn`).
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    sqlx::query(
        "insert into shop_answer (enrollment_id, subject, kind, data, updated_at) values ($1, $2, $3, $4, $5) \
         on conflict (enrollment_id, subject, kind) do update set data = excluded.data, updated_at = excluded.updated_at",
    )
    .bind(enrollment_id)
    .bind(subject)
    .bind(kind)
    .bind(data)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    sqlx::query(RAISE_REVISION).bind(enrollment_id).execute(&mut *tx).await?;
    tx.commit().await
}

pub async fn delete(db: &Db, enrollment_id: i64, subject: &str, kind: &str) -> Result<(), sqlx::Error> {
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    let deleted = sqlx::query("delete from shop_answer where enrollment_id = $1 and subject = $2 and kind = $3")
        .bind(enrollment_id)
        .bind(subject)
        .bind(kind)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() > 0 {
        sqlx::query(RAISE_REVISION).bind(enrollment_id).execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// The enrollment's answers of one kind: each subject and its stored document.
pub async fn of_kind(
    db: &Db,
    local: &LocalReads,
    enrollment_id: i64,
    kind: &str,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    const SQL: &str = "select subject, data from shop_answer where enrollment_id = $1 and kind = $2";
    let rows = read_rows::<SubjectAndData>(db, local, SQL, &[Param::Int(enrollment_id), Param::Text(kind)]).await?;
    Ok(rows.into_iter().map(|r| (r.0, r.1)).collect())
}

struct SubjectAndData(String, String);

impl FromColumns for SubjectAndData {
    fn from_columns(row: &impl Columns) -> Result<Self, sqlx::Error> {
        Ok(SubjectAndData(row.column("subject")?, row.column("data")?))
    }
}

/// Sets a declined answer aside and records who reopened it and why (`underwriting_reopening`), in the caller's
/// transaction: the declined answers stay in the record, only no longer as the plan's answer.
pub async fn reopen_declined(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    enrollment_id: i64,
    subject: &str,
    kind: &str,
    by: &str,
    reason: &str,
) -> Result<(), sqlx::Error> {
    let declined: String =
        sqlx::query_scalar("select data from shop_answer where enrollment_id = $1 and subject = $2 and kind = $3")
            .bind(enrollment_id)
            .bind(subject)
            .bind(kind)
            .fetch_one(&mut **tx)
            .await?;
    sqlx::query(
        "insert into underwriting_reopening (enrollment_id, subject, declined_answers, reopened_by, reason, reopened_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(enrollment_id)
    .bind(subject)
    .bind(declined)
    .bind(by)
    .bind(reason)
    .bind(now())
    .execute(&mut **tx)
    .await?;
    sqlx::query("delete from shop_answer where enrollment_id = $1 and subject = $2 and kind = $3")
        .bind(enrollment_id)
        .bind(subject)
        .bind(kind)
        .execute(&mut **tx)
        .await?;
    sqlx::query(RAISE_REVISION).bind(enrollment_id).execute(&mut **tx).await?;
    Ok(())
}
