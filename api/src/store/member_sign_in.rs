//! Members signing in after the sale (see the migration `0033_member_sign_in.sql`).

use sqlx::Row;

use super::{now, Db};

/// Records who may sign in to submitted application `enrollment_id`, in the caller's transaction: the address given
/// last (a member who changes their e-mail signs in with the new one, and no longer with the old).
pub async fn put_holder(
    tx: &mut sqlx::AnyConnection,
    enrollment_id: i64,
    email_sha256: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into policy_holder (enrollment_id, email_sha256) values ($1, $2) \
         on conflict (enrollment_id) do update set email_sha256 = excluded.email_sha256",
    )
    .bind(enrollment_id)
    .bind(email_sha256)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Up to `most` submitted applications no one may sign in to yet: submitted before sign-in was recorded at
/// submission (the migration `0033_member_sign_in.sql`), oldest first.
pub async fn without_holder(db: &Db, most: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "select e.enrollment_id from enrollment e where e.policy_id is not null and not exists \
         (select 1 from policy_holder h where h.enrollment_id = e.enrollment_id) order by e.enrollment_id limit $1",
    )
    .bind(most)
    .fetch_all(db)
    .await
}

/// The submitted applications whose e-mail address on file has the digest `email_sha256`.
pub async fn held_by<'c, E>(executor: E, email_sha256: &str) -> Result<Vec<i64>, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query_scalar("select enrollment_id from policy_holder where email_sha256 = $1 order by enrollment_id")
        .bind(email_sha256)
        .fetch_all(executor)
        .await
}

/// Keeps a session's member sign-in code (its SHA-256), replacing one asked for before.
pub async fn put_code(
    tx: &mut sqlx::AnyConnection,
    session_id: &str,
    email_sha256: &str,
    code_sha256: &str,
    expires_at: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into member_sign_in_code (session_id, email_sha256, code_sha256, expires_at, misses) \
         values ($1, $2, $3, $4, 0) on conflict (session_id) do update set email_sha256 = excluded.email_sha256, \
         code_sha256 = excluded.code_sha256, expires_at = excluded.expires_at, misses = 0",
    )
    .bind(session_id)
    .bind(email_sha256)
    .bind(code_sha256)
    .bind(expires_at)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A guess at the session's member sign-in code, counted before it is compared: the code's digest and the address's,
/// while fewer than `most` guesses were counted and it has not expired; none otherwise (one statement, as a rep's).
pub async fn count_guess(db: &Db, session_id: &str, most: i64) -> Result<Option<(String, String)>, sqlx::Error> {
    let rows = sqlx::query(
        "update member_sign_in_code set misses = misses + 1 where session_id = $1 and misses < $2 \
         and expires_at > $3 returning code_sha256, email_sha256",
    )
    .bind(session_id)
    .bind(most)
    .bind(now())
    .fetch_all(db)
    .await?;
    rows.first().map(|row| Ok((row.try_get("code_sha256")?, row.try_get("email_sha256")?))).transpose()
}

/// Spends the session's member sign-in code if it is still `code_sha256`: true once, for the first to spend it.
pub async fn spend_code(
    tx: &mut sqlx::AnyConnection,
    session_id: &str,
    code_sha256: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from member_sign_in_code where session_id = $1 and code_sha256 = $2")
        .bind(session_id)
        .bind(code_sha256)
        .execute(&mut *tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Lets session `session_id` read and act on the submitted applications `enrollments`.
pub async fn grant(tx: &mut sqlx::AnyConnection, session_id: &str, enrollments: &[i64]) -> Result<(), sqlx::Error> {
    let at = now();
    for enrollment_id in enrollments {
        sqlx::query(
            "insert into policy_reader (session_id, enrollment_id, granted_at) values ($1, $2, $3) \
             on conflict do nothing",
        )
        .bind(session_id)
        .bind(enrollment_id)
        .bind(&at)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// A submitted application a session may read: its id, confirmation number and first day (as the checkout gave it).
#[derive(Debug, Clone, PartialEq)]
pub struct Readable {
    pub enrollment_id: i64,
    pub policy_id: String,
    pub effective_date: Option<String>,
}

/// The submitted applications session `session_id` may read: its own, and those of the member who signed in on it,
/// newest first.
pub async fn readable(db: &Db, session_id: &str) -> Result<Vec<Readable>, sqlx::Error> {
    let rows = sqlx::query(
        "select enrollment_id, policy_id, effective_date from enrollment where policy_id is not null and \
         (session_id = $1 or enrollment_id in (select enrollment_id from policy_reader where session_id = $1)) \
         order by enrollment_id desc",
    )
    .bind(session_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Readable {
                enrollment_id: r.try_get("enrollment_id")?,
                policy_id: r.try_get("policy_id")?,
                effective_date: r.try_get("effective_date")?,
            })
        })
        .collect()
}
