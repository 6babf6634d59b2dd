//! An employer group's settings and census (see the migrations `0037_employer.sql` and `0038_invitation_reminders.sql`).

use sqlx::Row;

use super::{now, Db};

/// A group's settings as kept: `data` is the JSON of `engine::employer::settings::GroupSettings`.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsRow {
    pub data: String,
    pub updated_at: String,
    pub updated_by: String,
}

pub async fn settings(db: &Db, group_id: i64) -> Result<Option<SettingsRow>, sqlx::Error> {
    let row = sqlx::query("select data, updated_at, updated_by from group_setting where group_id = $1")
        .bind(group_id)
        .fetch_optional(db)
        .await?;
    row.map(|r| {
        Ok(SettingsRow {
            data: r.try_get("data")?,
            updated_at: r.try_get("updated_at")?,
            updated_by: r.try_get("updated_by")?,
        })
    })
    .transpose()
}

pub async fn put_settings(db: &Db, group_id: i64, data: &str, updated_by: &str) -> Result<(), sqlx::Error> {
    let _turn = super::write_turn(db).await;
    sqlx::query(
        "insert into group_setting (group_id, data, updated_at, updated_by) values ($1, $2, $3, $4) \
         on conflict (group_id) do update set data = excluded.data, updated_at = excluded.updated_at, \
         updated_by = excluded.updated_by",
    )
    .bind(group_id)
    .bind(data)
    .bind(now())
    .bind(updated_by)
    .execute(db)
    .await?;
    Ok(())
}

/// An employee of a census, as kept: `data` sealed.
#[derive(Debug, Clone, PartialEq)]
pub struct EmployeeRow {
    pub employee_id: i64,
    pub email: String,
    pub data: String,
    pub terminated_on: Option<String>,
    pub waived: Option<String>,
    pub waived_at: Option<String>,
    pub invited_at: Option<String>,
    /// Reminders sent since the invitation.
    pub reminders_sent: i64,
    pub added_at: String,
    pub updated_at: String,
}

const COLUMNS: &str =
    "employee_id, email, data, terminated_on, waived, waived_at, invited_at, reminders_sent, added_at, updated_at";

fn employee_row(r: &sqlx::any::AnyRow) -> Result<EmployeeRow, sqlx::Error> {
    Ok(EmployeeRow {
        employee_id: r.try_get("employee_id")?,
        email: r.try_get("email")?,
        data: r.try_get("data")?,
        terminated_on: r.try_get("terminated_on")?,
        waived: r.try_get("waived")?,
        waived_at: r.try_get("waived_at")?,
        invited_at: r.try_get("invited_at")?,
        reminders_sent: r.try_get("reminders_sent")?,
        added_at: r.try_get("added_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// The census of group `group_id`, in the order employees were added.
pub async fn census(db: &Db, group_id: i64) -> Result<Vec<EmployeeRow>, sqlx::Error> {
    let sql = format!("select {COLUMNS} from census_employee where group_id = $1 order by employee_id");
    sqlx::query(&sql).bind(group_id).fetch_all(db).await?.iter().map(employee_row).collect()
}

pub async fn employee(db: &Db, group_id: i64, employee_id: i64) -> Result<Option<EmployeeRow>, sqlx::Error> {
    let sql = format!("select {COLUMNS} from census_employee where group_id = $1 and employee_id = $2");
    sqlx::query(&sql).bind(group_id).bind(employee_id).fetch_optional(db).await?.as_ref().map(employee_row).transpose()
}

/// What an import did: employees added, and employees already in the census (by e-mail address) brought up to date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Imported {
    pub added: u32,
    pub updated: u32,
}

/// Adds each of `employees` (e-mail address, sealed data) to group `group_id`'s census, or brings up to date the
/// employee with that address: all in one transaction, so that a census is imported whole or not at all. An employee
/// who had left and is in the census again is employed again.
pub async fn import(db: &Db, group_id: i64, employees: &[(String, String)]) -> Result<Imported, sqlx::Error> {
    let at = now();
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    let mut done = Imported::default();
    for (email, data) in employees {
        let updated = sqlx::query(
            "update census_employee set data = $1, terminated_on = null, updated_at = $2 \
             where group_id = $3 and email = $4",
        )
        .bind(data)
        .bind(&at)
        .bind(group_id)
        .bind(email)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() > 0 {
            done.updated += 1;
            continue;
        }
        sqlx::query(
            "insert into census_employee (group_id, email, data, added_at, updated_at) values ($1, $2, $3, $4, $4)",
        )
        .bind(group_id)
        .bind(email)
        .bind(data)
        .bind(&at)
        .execute(&mut *tx)
        .await?;
        done.added += 1;
    }
    tx.commit().await?;
    Ok(done)
}

/// Why an employee could not be changed.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// No such employee in this group.
    Unknown,
    /// Another employee of the group has this e-mail address.
    EmailTaken,
}

/// Adds one employee; `Err(EmailTaken)` when the group has one with the address.
pub async fn add(db: &Db, group_id: i64, email: &str, data: &str) -> Result<Result<i64, Refused>, sqlx::Error> {
    let at = now();
    let _turn = super::write_turn(db).await;
    let row = sqlx::query(
        "insert into census_employee (group_id, email, data, added_at, updated_at) values ($1, $2, $3, $4, $4) \
         on conflict (group_id, email) do nothing returning employee_id",
    )
    .bind(group_id)
    .bind(email)
    .bind(data)
    .bind(&at)
    .fetch_optional(db)
    .await?;
    Ok(match row {
        Some(row) => Ok(row.try_get("employee_id")?),
        None => Err(Refused::EmailTaken),
    })
}

/// Replaces what the census says of employee `employee_id`.
pub async fn update(
    db: &Db,
    group_id: i64,
    employee_id: i64,
    email: &str,
    data: &str,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let _turn = super::write_turn(db).await;
    let known = sqlx::query("select employee_id from census_employee where group_id = $1 and employee_id = $2")
        .bind(group_id)
        .bind(employee_id)
        .fetch_optional(db)
        .await?;
    if known.is_none() {
        return Ok(Err(Refused::Unknown));
    }
    let taken =
        sqlx::query("select employee_id from census_employee where group_id = $1 and email = $2 and employee_id <> $3")
            .bind(group_id)
            .bind(email)
            .bind(employee_id)
            .fetch_optional(db)
            .await?;
    if taken.is_some() {
        return Ok(Err(Refused::EmailTaken));
    }
    let done = sqlx::query(
        "update census_employee set email = $1, data = $2, updated_at = $3 where group_id = $4 and employee_id = $5",
    )
    .bind(email)
    .bind(data)
    .bind(now())
    .bind(group_id)
    .bind(employee_id)
    .execute(db)
    .await?;
    Ok(if done.rows_affected() > 0 { Ok(()) } else { Err(Refused::Unknown) })
}

/// Records that employee `employee_id` left on `last_day` (YYYY-MM-DD), or, with `None`, that they did not.
pub async fn terminate(
    db: &Db,
    group_id: i64,
    employee_id: i64,
    last_day: Option<&str>,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let _turn = super::write_turn(db).await;
    let done = sqlx::query(
        "update census_employee set terminated_on = $1, updated_at = $2 where group_id = $3 and employee_id = $4",
    )
    .bind(last_day)
    .bind(now())
    .bind(group_id)
    .bind(employee_id)
    .execute(db)
    .await?;
    Ok(if done.rows_affected() > 0 { Ok(()) } else { Err(Refused::Unknown) })
}

/// Records that employee `employee_id` waived the group's coverage for `reason`, or, with `None`, took it back.
pub async fn waive(
    db: &Db,
    group_id: i64,
    employee_id: i64,
    reason: Option<&str>,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let at = now();
    let _turn = super::write_turn(db).await;
    let done = sqlx::query(
        "update census_employee set waived = $1, waived_at = $2, updated_at = $3 where group_id = $4 and employee_id = $5",
    )
    .bind(reason)
    .bind(reason.map(|_| at.clone()))
    .bind(&at)
    .bind(group_id)
    .bind(employee_id)
    .execute(db)
    .await?;
    Ok(if done.rows_affected() > 0 { Ok(()) } else { Err(Refused::Unknown) })
}

/// Records that employee `employee_id`'s invitation (its outbox kind, address, subject and body already sealed) is on
/// its way: the outbox row and the mark are written together, so that an invitation is sent once. `reminders` are
/// counted as sent with it (those already due when it goes: the invitation says as much).
pub async fn invite(
    db: &Db,
    group_id: i64,
    employee_id: i64,
    reminders: i64,
    mail: (&str, &str, &str, &str),
) -> Result<bool, sqlx::Error> {
    let (kind, to, subject, body) = mail;
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    let marked = sqlx::query(
        "update census_employee set invited_at = $1, reminders_sent = $2 \
         where group_id = $3 and employee_id = $4 and invited_at is null",
    )
    .bind(now())
    .bind(reminders)
    .bind(group_id)
    .bind(employee_id)
    .execute(&mut *tx)
    .await?;
    if marked.rows_affected() == 0 {
        return Ok(false);
    }
    super::outbox::enqueue(&mut *tx, kind, to, subject, body).await?;
    tx.commit().await?;
    Ok(true)
}

/// Records that employee `employee_id`'s reminder number `reminder` is on its way, with its mail (as `invite`):
/// false when it was sent already.
pub async fn remind(
    db: &Db,
    group_id: i64,
    employee_id: i64,
    reminder: i64,
    mail: (&str, &str, &str, &str),
) -> Result<bool, sqlx::Error> {
    let (kind, to, subject, body) = mail;
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    let marked = sqlx::query(
        "update census_employee set reminders_sent = $1 \
         where group_id = $2 and employee_id = $3 and invited_at is not null and reminders_sent < $1",
    )
    .bind(reminder)
    .bind(group_id)
    .bind(employee_id)
    .execute(&mut *tx)
    .await?;
    if marked.rows_affected() == 0 {
        return Ok(false);
    }
    super::outbox::enqueue(&mut *tx, kind, to, subject, body).await?;
    tx.commit().await?;
    Ok(true)
}

/// The groups with settings, by id.
pub async fn groups_with_settings(db: &Db) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select group_id from group_setting order by group_id").fetch_all(db).await
}

/// The session `session_id` is employee `employee_id` of group `group_id` from now on.
pub async fn remember_session(db: &Db, session_id: &str, group_id: i64, employee_id: i64) -> Result<(), sqlx::Error> {
    let _turn = super::write_turn(db).await;
    sqlx::query(
        "insert into employee_session (session_id, group_id, employee_id, opened_at) values ($1, $2, $3, $4) \
         on conflict (session_id) do update set group_id = excluded.group_id, employee_id = excluded.employee_id, \
         opened_at = excluded.opened_at",
    )
    .bind(session_id)
    .bind(group_id)
    .bind(employee_id)
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

/// The group and census employee session `session_id` is, if it opened an invitation.
pub async fn employee_of_session(db: &Db, session_id: &str) -> Result<Option<(i64, i64)>, sqlx::Error> {
    let row = sqlx::query("select group_id, employee_id from employee_session where session_id = $1")
        .bind(session_id)
        .fetch_optional(db)
        .await?;
    row.map(|r| Ok((r.try_get("group_id")?, r.try_get("employee_id")?))).transpose()
}

/// A submitted application of an employer group, with what tells whose it is.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupApplication {
    pub policy_id: String,
    /// The digest of the address that holds it (`domain::access::holder_digest`), when it has a holder.
    pub holder_digest: Option<String>,
    /// The census employee whose invitation opened the session that made it, when one did.
    pub employee_id: Option<i64>,
}

/// The submitted applications of group `group_id` still standing (one cancelled in its free-look period no longer
/// counts), oldest first.
pub async fn enrolled_applications(db: &Db, group_id: i64) -> Result<Vec<GroupApplication>, sqlx::Error> {
    let rows = sqlx::query(
        "select e.policy_id, h.email_sha256, s.employee_id from enrollment e \
         left join policy_holder h on h.enrollment_id = e.enrollment_id \
         left join employee_session s on s.session_id = e.session_id and s.group_id = e.group_id \
         where e.group_id = $1 and e.policy_id is not null \
         and not exists (select 1 from application_cancellation c where c.enrollment_id = e.enrollment_id) \
         order by e.enrollment_id",
    )
    .bind(group_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(GroupApplication {
                policy_id: r.try_get("policy_id")?,
                holder_digest: r.try_get("email_sha256")?,
                employee_id: r.try_get("employee_id")?,
            })
        })
        .collect()
}

/// A payroll deduction file, as kept: `content` and `lines` sealed.
#[derive(Debug, Clone, PartialEq)]
pub struct PayrollFileRow {
    pub period_start: String,
    pub period_end: String,
    pub content: Option<String>,
    pub lines: String,
    pub made_at: String,
}

fn payroll_row(r: &sqlx::any::AnyRow) -> Result<PayrollFileRow, sqlx::Error> {
    Ok(PayrollFileRow {
        period_start: r.try_get("period_start")?,
        period_end: r.try_get("period_end")?,
        content: r.try_get("content")?,
        lines: r.try_get("lines")?,
        made_at: r.try_get("made_at")?,
    })
}

/// Group `group_id`'s payroll files, newest period first.
pub async fn payroll_files(db: &Db, group_id: i64) -> Result<Vec<PayrollFileRow>, sqlx::Error> {
    sqlx::query(
        "select period_start, period_end, content, lines, made_at from payroll_file where group_id = $1 \
         order by period_start desc",
    )
    .bind(group_id)
    .fetch_all(db)
    .await?
    .iter()
    .map(payroll_row)
    .collect()
}

/// Keeps the file of the period starting `period_start`, unless one was made for it already (false then): a period
/// has one file, whoever asks at the same moment. Contents made before `forget_before` are emptied meanwhile.
pub async fn put_payroll_file(
    db: &Db,
    group_id: i64,
    period: (&str, &str),
    content: &str,
    lines: &str,
    forget_before: &str,
) -> Result<bool, sqlx::Error> {
    let _turn = super::write_turn(db).await;
    let mut tx = db.begin().await?;
    let made = sqlx::query(
        "insert into payroll_file (group_id, period_start, period_end, content, lines, made_at) \
         values ($1, $2, $3, $4, $5, $6) on conflict (group_id, period_start) do nothing",
    )
    .bind(group_id)
    .bind(period.0)
    .bind(period.1)
    .bind(content)
    .bind(lines)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    sqlx::query("update payroll_file set content = null where made_at < $1")
        .bind(forget_before)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(made.rows_affected() > 0)
}
