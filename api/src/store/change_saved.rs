//! Changes to a policy saved to finish later (see the migration `0036_change_saved.sql`).

use sqlx::Row;

use super::{now, Db};

/// A change saved to finish later, as it is kept: `data` sealed whole.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedRow {
    pub form: String,
    pub subject_id: Option<i64>,
    pub data: String,
    pub saved_at: String,
    pub saved_by: String,
}

/// Keeps what was typed of `form` on policy `enrollment_id`, in place of what was saved of it before, and removes
/// every saved change older than `older_than` (of any policy: none is offered any more).
pub async fn put(
    db: &Db,
    enrollment_id: i64,
    form: &str,
    subject_id: Option<i64>,
    data: &str,
    saved_by: &str,
    older_than: &str,
) -> Result<String, sqlx::Error> {
    let saved_at = now();
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    sqlx::query(
        "insert into change_saved (enrollment_id, form, subject_id, data, saved_at, saved_by) \
         values ($1, $2, $3, $4, $5, $6) on conflict (enrollment_id, form) do update set \
         subject_id = excluded.subject_id, data = excluded.data, saved_at = excluded.saved_at, \
         saved_by = excluded.saved_by",
    )
    .bind(enrollment_id)
    .bind(form)
    .bind(subject_id)
    .bind(data)
    .bind(&saved_at)
    .bind(saved_by)
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from change_saved where saved_at < $1").bind(older_than).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(saved_at)
}

/// The changes of policy `enrollment_id` saved since `since`, by form.
pub async fn of_enrollment(db: &Db, enrollment_id: i64, since: &str) -> Result<Vec<SavedRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select form, subject_id, data, saved_at, saved_by from change_saved \
         where enrollment_id = $1 and saved_at >= $2 order by form",
    )
    .bind(enrollment_id)
    .bind(since)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(SavedRow {
                form: r.try_get("form")?,
                subject_id: r.try_get("subject_id")?,
                data: r.try_get("data")?,
                saved_at: r.try_get("saved_at")?,
                saved_by: r.try_get("saved_by")?,
            })
        })
        .collect()
}

/// Forgets what was saved of `form` on policy `enrollment_id` (finished, or thrown away); false when nothing was.
pub async fn remove(db: &Db, enrollment_id: i64, form: &str) -> Result<bool, sqlx::Error> {
    let _turn = super::write_turn(db).await;
    let done = sqlx::query("delete from change_saved where enrollment_id = $1 and form = $2")
        .bind(enrollment_id)
        .bind(form)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}
