//! The shop's answers per enrollment: about a plan (eligibility, membership, group code, health answers) or the cart
//! (offers answered), each a JSON document under (subject, kind).

use sqlx::Row;

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

pub async fn upsert(db: &Db, enrollment_id: i64, subject: &str, kind: &str, data: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into shop_answer (enrollment_id, subject, kind, data, updated_at) values ($1, $2, $3, $4, $5) \
         on conflict (enrollment_id, subject, kind) do update set data = excluded.data, updated_at = excluded.updated_at",
    )
    .bind(enrollment_id)
    .bind(subject)
    .bind(kind)
    .bind(data)
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

pub async fn delete(db: &Db, enrollment_id: i64, subject: &str, kind: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from shop_answer where enrollment_id = $1 and subject = $2 and kind = $3")
        .bind(enrollment_id)
        .bind(subject)
        .bind(kind)
        .execute(db)
        .await?;
    Ok(())
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
    Ok(())
}
