//! Enrollments (quotes): their rows, filter and lifecycle, and what is kept about them for audit (the cart at
//! checkout, screenshots, agreements). Every read filters on the owning session.

use sqlx::Row;

use super::local::{read_rows, Columns, FromColumns, LocalReads, Param, Recent};
use super::{now, Db};

/// An enrollment row as the api uses it.
#[derive(Debug, Clone)]
pub struct EnrollmentRow {
    pub enrollment_id: i64,
    pub filter: String,
    pub eprocess: String,
    pub enrollment_type: String,
    pub open_type: Option<String>,
    pub group_id: Option<i64>,
    /// The rep who enrolls on the member's behalf.
    pub agent_id: Option<i64>,
    /// The existing member or user the enrollment is for.
    pub member_id: Option<i64>,
    pub lifecycle: String,
    pub lifecycle_version: i64,
    pub effective_date: Option<String>,
    pub policy_id: Option<String>,
    /// The referral link the enrollment came by.
    pub referral_id: Option<String>,
    /// The digest of the workflow version it answers (none only before versions existed, until the next start).
    pub workflow_version: Option<String>,
}

impl FromColumns for EnrollmentRow {
    fn from_columns(row: &impl Columns) -> Result<Self, sqlx::Error> {
        Ok(EnrollmentRow {
            enrollment_id: row.column("enrollment_id")?,
            filter: row.column("filter")?,
            eprocess: row.column("eprocess")?,
            enrollment_type: row.column("enrollment_type")?,
            open_type: row.column("open_type")?,
            group_id: row.column("group_id")?,
            agent_id: row.column("agent_id")?,
            member_id: row.column("member_id")?,
            lifecycle: row.column("lifecycle")?,
            lifecycle_version: row.column("lifecycle_version")?,
            effective_date: row.column("effective_date")?,
            policy_id: row.column("policy_id")?,
            referral_id: row.column("referral_id")?,
            workflow_version: row.column("workflow_version")?,
        })
    }
}

pub struct NewEnrollment<'a> {
    pub session_id: &'a str,
    pub filter: String,
    pub eprocess: &'a str,
    pub enrollment_type: &'a str,
    pub open_type: Option<&'a str>,
    pub group_id: Option<i64>,
    pub agent_id: Option<i64>,
    pub lifecycle: String,
    /// The referral link the enrollment came by.
    pub referral_id: Option<&'a str>,
    /// The partner site the enrollment came from (`track-elevate-traffic` also records it).
    pub from_site: Option<&'a str>,
    /// The workflow version it will answer: the newest when it starts.
    pub workflow_version: &'a str,
}

pub async fn insert_enrollment(db: &Db, new: NewEnrollment<'_>) -> Result<i64, sqlx::Error> {
    let now = now();
    // Every row is read (`fetch_all`): on SQLite the statement's own commit happens when it runs to its end, and an
    // error there (a full disk) is reported only to a caller that reads to the end; `fetch_one` would stop at the
    // returned row and answer an id that was never committed.
    let rows = sqlx::query(
        "insert into enrollment (session_id, filter, eprocess, enrollment_type, open_type, lifecycle, created_at, updated_at, \
         group_id, agent_id, referral_id, from_site, workflow_version) \
         values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12) \
         returning enrollment_id",
    )
    .bind(new.session_id)
    .bind(new.filter)
    .bind(new.eprocess)
    .bind(new.enrollment_type)
    .bind(new.open_type)
    .bind(new.lifecycle)
    .bind(now)
    .bind(new.group_id)
    .bind(new.agent_id)
    .bind(new.referral_id)
    .bind(new.from_site)
    .bind(new.workflow_version)
    .fetch_all(db)
    .await?;
    rows.first().ok_or(sqlx::Error::RowNotFound)?.try_get("enrollment_id")
}

/// The enrollment if it exists and belongs to the session (read in place when it can be: see `store::local`).
pub async fn find_enrollment(
    db: &Db,
    local: &LocalReads,
    session_id: &str,
    enrollment_id: i64,
) -> Result<Option<EnrollmentRow>, sqlx::Error> {
    const SQL: &str = "select enrollment_id, filter, eprocess, enrollment_type, open_type, group_id, agent_id, \
         member_id, referral_id, lifecycle, lifecycle_version, effective_date, policy_id, workflow_version \
         from enrollment where enrollment_id = $1 and (session_id = $2 or enrollment_id in \
         (select enrollment_id from policy_reader where session_id = $2))";
    let rows = read_rows(db, local, SQL, &[Param::Int(enrollment_id), Param::Text(session_id)]).await?;
    Ok(rows.into_iter().next())
}

/// What a priced listing needs of an enrollment: its filter, the workflow version it answers (and what moving it to a
/// newer version needs), and the revision of its shop answers.
#[derive(Debug, Clone)]
pub struct ShopperRow {
    pub enrollment_id: i64,
    pub filter: String,
    pub group_id: Option<i64>,
    pub policy_id: Option<String>,
    pub workflow_version: Option<String>,
    /// Raised by every change of its shop answers (`store::shop_answer`).
    pub answers_revision: i64,
}

impl FromColumns for ShopperRow {
    fn from_columns(row: &impl Columns) -> Result<Self, sqlx::Error> {
        Ok(ShopperRow {
            enrollment_id: row.column("enrollment_id")?,
            filter: row.column("filter")?,
            group_id: row.column("group_id")?,
            policy_id: row.column("policy_id")?,
            workflow_version: row.column("workflow_version")?,
            answers_revision: row.column("answers_revision")?,
        })
    }
}

/// A shopper read in place and kept until the database changes (`store::local::Recent`), by enrollment: whose session
/// read it, and the row.
type KeptShopper = (String, ShopperRow);

/// The shoppers read in place lately.
#[derive(Default)]
pub struct KeptShoppers(Recent<i64, std::sync::Arc<KeptShopper>>);

/// What a listing needs of an enrollment, if the session owns it, with nothing else: a listing is the busiest call
/// there is (read in place when it can be, and then kept until the database changes: see `store::local`).
pub async fn find_shopper(
    db: &Db,
    local: &LocalReads,
    kept: &KeptShoppers,
    session_id: &str,
    enrollment_id: i64,
) -> Result<Option<ShopperRow>, sqlx::Error> {
    const SQL: &str = "select enrollment_id, filter, group_id, policy_id, workflow_version, answers_revision \
         from enrollment where enrollment_id = $1 and session_id = $2";
    // Taken before the read: a commit after it, even one the read sees, makes what is kept stale, never the reverse.
    let commit = local.last_commit();
    if let Some(shopper) = commit.and_then(|commit| kept.0.get(&enrollment_id, commit)) {
        // Another session's enrollment is not found, as the statement's `session_id` would not find it.
        if shopper.0 == session_id {
            return Ok(Some(shopper.1.clone()));
        }
    }
    let params = [Param::Int(enrollment_id), Param::Text(session_id)];
    let Some(row) = read_rows::<ShopperRow>(db, local, SQL, &params).await?.into_iter().next() else {
        return Ok(None);
    };
    if let Some(commit) = commit {
        kept.0.put(enrollment_id, commit, std::sync::Arc::new((session_id.to_string(), row.clone())));
    }
    Ok(Some(row))
}

/// A submitted application by its id, whoever's session owns it: for the server's own jobs (carriers' files), never
/// for a call a browser makes.
pub async fn find_submitted(db: &Db, enrollment_id: i64) -> Result<Option<EnrollmentRow>, sqlx::Error> {
    let row = sqlx::query(
        "select enrollment_id, filter, eprocess, enrollment_type, open_type, group_id, agent_id, member_id, \
         referral_id, lifecycle, lifecycle_version, effective_date, policy_id, workflow_version from enrollment \
         where enrollment_id = $1 and policy_id is not null",
    )
    .bind(enrollment_id)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(EnrollmentRow::from_columns).transpose()
}

/// An application not yet submitted by its id, with the session that owns it: for a link the store sent its
/// applicant (a signature request), which is authorized by the link, never for a call naming an id.
pub async fn find_open_by_id(db: &Db, enrollment_id: i64) -> Result<Option<(String, EnrollmentRow)>, sqlx::Error> {
    let row = sqlx::query(
        "select session_id, enrollment_id, filter, eprocess, enrollment_type, open_type, group_id, agent_id, member_id, \
         referral_id, lifecycle, lifecycle_version, effective_date, policy_id, workflow_version from enrollment \
         where enrollment_id = $1 and policy_id is null",
    )
    .bind(enrollment_id)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(|r| Ok((r.try_get("session_id")?, EnrollmentRow::from_columns(r)?))).transpose()
}

/// A submitted application by its confirmation number, with the session that owns it.
pub async fn find_by_policy(db: &Db, policy_id: &str) -> Result<Option<(String, EnrollmentRow)>, sqlx::Error> {
    let row = sqlx::query(
        "select session_id, enrollment_id, filter, eprocess, enrollment_type, open_type, group_id, agent_id, member_id, \
         referral_id, lifecycle, lifecycle_version, effective_date, policy_id, workflow_version from enrollment \
         where policy_id = $1",
    )
    .bind(policy_id)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(|r| Ok((r.try_get("session_id")?, EnrollmentRow::from_columns(r)?))).transpose()
}

pub async fn update_filter(db: &Db, enrollment_id: i64, filter: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update enrollment set filter = $1, updated_at = $2 where enrollment_id = $3")
        .bind(filter)
        .bind(now())
        .bind(enrollment_id)
        .execute(db)
        .await?;
    Ok(())
}

/// What else changes with the lifecycle in the same statement.
#[derive(Default)]
pub struct LifecycleExtras<'a> {
    pub effective_date: Option<&'a str>,
    pub checkout_type: Option<&'a str>,
    pub policy_id: Option<&'a str>,
    /// The language the application is submitted in (with its policy id).
    pub submitted_language: Option<&'a str>,
}

/// Stores a new lifecycle if nobody changed it since `expected_version` was read; false when somebody did.
pub async fn update_lifecycle<'c, E>(
    executor: E,
    enrollment_id: i64,
    lifecycle: &str,
    expected_version: i64,
    extras: LifecycleExtras<'_>,
) -> Result<bool, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let done = sqlx::query(
        "update enrollment set lifecycle = $1, lifecycle_version = lifecycle_version + 1, updated_at = $2, \
         effective_date = coalesce($3, effective_date), checkout_type = coalesce($4, checkout_type), \
         policy_id = coalesce($5, policy_id), submitted_language = coalesce($8, submitted_language) \
         where enrollment_id = $6 and lifecycle_version = $7",
    )
    .bind(lifecycle)
    .bind(now())
    .bind(extras.effective_date)
    .bind(extras.checkout_type)
    .bind(extras.policy_id)
    .bind(enrollment_id)
    .bind(expected_version)
    .bind(extras.submitted_language)
    .execute(executor)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The language an application was submitted in; none for one submitted before it was kept.
pub async fn submitted_language(db: &Db, enrollment_id: i64) -> Result<Option<String>, sqlx::Error> {
    let language: Option<Option<String>> =
        sqlx::query_scalar("select submitted_language from enrollment where enrollment_id = $1")
            .bind(enrollment_id)
            .fetch_optional(db)
            .await?;
    Ok(language.flatten())
}

/// Puts an enrollment under an employer group (a group code given on a plan): it becomes a group member's.
pub async fn set_enrollment_group(db: &Db, enrollment_id: i64, group_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update enrollment set group_id = $1, enrollment_type = 'new-group-member', updated_at = $2 where enrollment_id = $3",
    )
    .bind(group_id)
    .bind(now())
    .bind(enrollment_id)
    .execute(db)
    .await?;
    Ok(())
}

/// The enrollment is an existing member's (opened from the member's link).
pub async fn set_enrollment_member(db: &Db, enrollment_id: i64, member_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update enrollment set member_id = $1 where enrollment_id = $2")
        .bind(member_id)
        .bind(enrollment_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Gives the enrollment to another session (a resumed enrollment moves to the browser that resumed it).
pub async fn move_enrollment(db: &Db, enrollment_id: i64, session_id: &str) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query("update enrollment set session_id = $1, updated_at = $2 where enrollment_id = $3")
        .bind(session_id)
        .bind(now())
        .bind(enrollment_id)
        .execute(db)
        .await?;
    Ok(moved.rows_affected() == 1)
}

/// The cart as the person saw it when checking out, kept for audit.
pub async fn insert_cart_snapshot(db: &Db, enrollment_id: i64, data: &str) -> Result<(), sqlx::Error> {
    sqlx::query("insert into cart_snapshot (enrollment_id, taken_at, data) values ($1, $2, $3)")
        .bind(enrollment_id)
        .bind(now())
        .bind(data)
        .execute(db)
        .await?;
    Ok(())
}

/// The last cart kept at checkout.
pub async fn latest_cart_snapshot(db: &Db, enrollment_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select data from cart_snapshot where enrollment_id = $1 order by taken_at desc limit 1")
        .bind(enrollment_id)
        .fetch_optional(db)
        .await
}

/// A step as the person saw it, kept for audit.
pub async fn insert_screenshot(db: &Db, enrollment_id: i64, name: &str, image: &str) -> Result<(), sqlx::Error> {
    sqlx::query("insert into screenshot (enrollment_id, name, image, created_at) values ($1, $2, $3, $4)")
        .bind(enrollment_id)
        .bind(name)
        .bind(image)
        .bind(now())
        .execute(db)
        .await?;
    Ok(())
}

/// The audit record of an agreement, in the transaction that stores its answers.
pub async fn insert_agreement_audit(
    tx: &mut sqlx::AnyConnection,
    enrollment_id: i64,
    texts_sha256: &str,
    texts: &str,
    verification_type: &str,
    session_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into agreement_audit (enrollment_id, texts_sha256, texts, verification_type, session_id, agreed_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(enrollment_id)
    .bind(texts_sha256)
    .bind(texts)
    .bind(verification_type)
    .bind(session_id)
    .bind(now())
    .execute(tx)
    .await?;
    Ok(())
}

/// How many screenshots an enrollment keeps, and their size in all.
pub async fn screenshot_usage(db: &Db, enrollment_id: i64) -> Result<(i64, i64), sqlx::Error> {
    let row = sqlx::query(
        "select count(*) as kept, coalesce(sum(length(image)), 0) as bytes from screenshot where enrollment_id = $1",
    )
    .bind(enrollment_id)
    .fetch_one(db)
    .await?;
    Ok((row.try_get("kept")?, row.try_get("bytes")?))
}

/// Records the partner site an enrollment came from.
pub async fn set_from_site(db: &Db, enrollment_id: i64, from_site: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update enrollment set from_site = $1, updated_at = $2 where enrollment_id = $3")
        .bind(from_site)
        .bind(now())
        .bind(enrollment_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Moves a quote to another portal and group (a rep's or group administrator's choice).
pub async fn set_group(
    db: &Db,
    enrollment_id: i64,
    group_id: Option<i64>,
    enrollment_type: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("update enrollment set group_id = $1, enrollment_type = $2, updated_at = $3 where enrollment_id = $4")
        .bind(group_id)
        .bind(enrollment_type)
        .bind(now())
        .bind(enrollment_id)
        .execute(db)
        .await?;
    Ok(())
}
