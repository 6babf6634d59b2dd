//! Changes of a submitted application's coverage after the sale (see the migration `0028_coverage_change.sql`).

use sqlx::Row;

use super::Db;

/// A plan's end at the end of a month.
pub const END_PLAN: &str = "end_plan";
/// A child's end of coverage at the age limit.
pub const AGE_OFF: &str = "age_off";
/// An ended plan brought back by an agent.
pub const REINSTATE: &str = "reinstate";
/// A person added to the coverage for a life event (a newborn, a new spouse).
pub const ADD_DEPENDENT: &str = "add_dependent";
/// A person taken off the coverage for a life event (a former spouse, a person who died).
pub const REMOVE_DEPENDENT: &str = "remove_dependent";
/// The subscriber's address, phone or e-mail changed (the new Contact Information in `person`).
pub const CHANGE_CONTACT: &str = "change_contact";
/// How the policy is paid changed (Billing Information before and after, masked, in `person`).
pub const CHANGE_PAYMENT: &str = "change_payment";
/// A member's name changed (`member_index`; the new name and the one it replaced in `person`).
pub const CHANGE_NAME: &str = "change_name";
/// A plan chosen for a life event (`plan_id`, its level `plan_pricing_id`), replacing `replaces_plan_id` when it does.
pub const CHOOSE_PLAN: &str = "choose_plan";

/// A change as it is kept.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeRow {
    pub change_id: i64,
    pub enrollment_id: i64,
    pub kind: String,
    pub plan_id: Option<i64>,
    /// The person it is about, by their place in the application (1 for the first dependent).
    pub member_index: Option<i64>,
    pub reason_code: String,
    /// YYYY-MM-DD.
    pub effective: String,
    pub last_day: Option<String>,
    pub requested_by: String,
    pub reason: String,
    pub requested_at: String,
    /// The later change that undid it (a plan's end, by a reinstatement).
    pub undone_by: Option<i64>,
    /// The person it adds, sealed (see the migration `0032_added_person.sql`).
    pub person: Option<String>,
    /// The reported life event that allowed it.
    pub life_event_id: Option<i64>,
    /// Where it stands with its event's proof, when it waits for one (see the migration `0034_proof_document.sql`):
    /// [`AWAITING_PROOF`], [`PROVEN`] or [`REFUSED`]; none for a change that needs none.
    pub proof: Option<String>,
    /// The level chosen of the plan a change adds (see the migration `0035_plan_chosen.sql`).
    pub plan_pricing_id: Option<i64>,
    /// The plan that the plan a change adds replaces; none when it is of a kind the policy did not hold.
    pub replaces_plan_id: Option<i64>,
}

/// A change waiting for its event's proof: it reaches no carrier yet.
pub const AWAITING_PROOF: &str = "awaiting";
/// A change whose event's proof a reviewer approved.
pub const PROVEN: &str = "approved";
/// A change refused: its event's proof was denied, or not sent in time.
pub const REFUSED: &str = "refused";

impl ChangeRow {
    /// A change of `kind` of application `enrollment_id`, asked now by `requested_by`, taking effect on `effective`
    /// (YYYY-MM-DD), about no one and no plan in particular until the caller says whom and which.
    pub fn new(enrollment_id: i64, kind: &str, requested_by: String, effective: String) -> ChangeRow {
        ChangeRow {
            change_id: 0,
            enrollment_id,
            kind: kind.into(),
            plan_id: None,
            member_index: None,
            reason_code: String::new(),
            effective,
            last_day: None,
            requested_by,
            reason: String::new(),
            requested_at: super::now(),
            undone_by: None,
            person: None,
            life_event_id: None,
            proof: None,
            plan_pricing_id: None,
            replaces_plan_id: None,
        }
    }

    /// Whether it ends `plan` and stands: the plan's end that no reinstatement undid, or a plan chosen to replace it
    /// (once its event's proof, if it needs one, is approved).
    pub fn ends_plan(&self, plan: i64) -> bool {
        self.plan_ended() == Some(plan) && self.stands()
    }

    /// The plan it ends on its `last_day`, standing or not: a plan's end's plan, or the plan a chosen plan replaces.
    pub fn plan_ended(&self) -> Option<i64> {
        match self.kind.as_str() {
            END_PLAN => self.plan_id,
            CHOOSE_PLAN => self.replaces_plan_id,
            _ => None,
        }
    }

    /// Whether it stands for the carriers: not undone, and not waiting for or refused for its proof.
    pub fn stands(&self) -> bool {
        self.undone_by.is_none() && matches!(self.proof.as_deref(), None | Some(PROVEN))
    }
}

/// Settles the proof of a change waiting for it, in the caller's transaction: [`PROVEN`] with the person's place
/// among the members, or [`REFUSED`]; false when it was settled already.
pub async fn settle_proof(
    tx: &mut sqlx::AnyConnection,
    change_id: i64,
    proof: &str,
    member_index: Option<i64>,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "update coverage_change set proof = $1, member_index = coalesce($2, member_index) \
         where change_id = $3 and proof = 'awaiting'",
    )
    .bind(proof)
    .bind(member_index)
    .bind(change_id)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1)
}

/// Marks change `change_id` undone by `by`, in the caller's transaction; false when it was undone already.
pub async fn undo(tx: &mut sqlx::Transaction<'_, sqlx::Any>, change_id: i64, by: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("update coverage_change set undone_by = $1 where change_id = $2 and undone_by is null")
        .bind(by)
        .bind(change_id)
        .execute(&mut **tx)
        .await?
        .rows_affected()
        == 1)
}

/// Records a change in the caller's transaction; its id, or none when the same plan's end was recorded already.
pub async fn record(tx: &mut sqlx::Transaction<'_, sqlx::Any>, row: &ChangeRow) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "insert into coverage_change (enrollment_id, kind, plan_id, member_index, reason_code, effective, last_day, \
         requested_by, reason, requested_at, person, life_event_id, proof, plan_pricing_id, replaces_plan_id) values \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) on conflict do nothing returning change_id",
    )
    .bind(row.enrollment_id)
    .bind(&row.kind)
    .bind(row.plan_id)
    .bind(row.member_index)
    .bind(&row.reason_code)
    .bind(&row.effective)
    .bind(&row.last_day)
    .bind(&row.requested_by)
    .bind(&row.reason)
    .bind(&row.requested_at)
    .bind(&row.person)
    .bind(row.life_event_id)
    .bind(&row.proof)
    .bind(row.plan_pricing_id)
    .bind(row.replaces_plan_id)
    .fetch_optional(&mut **tx)
    .await
}

const COLUMNS: &str = "change_id, enrollment_id, kind, plan_id, member_index, reason_code, effective, last_day, \
                       requested_by, reason, requested_at, undone_by, person, life_event_id, proof, plan_pricing_id, \
                       replaces_plan_id";

fn of_row(r: &sqlx::any::AnyRow) -> Result<ChangeRow, sqlx::Error> {
    Ok(ChangeRow {
        change_id: r.try_get("change_id")?,
        enrollment_id: r.try_get("enrollment_id")?,
        kind: r.try_get("kind")?,
        plan_id: r.try_get("plan_id")?,
        member_index: r.try_get("member_index")?,
        reason_code: r.try_get("reason_code")?,
        effective: r.try_get("effective")?,
        last_day: r.try_get("last_day")?,
        requested_by: r.try_get("requested_by")?,
        reason: r.try_get("reason")?,
        requested_at: r.try_get("requested_at")?,
        undone_by: r.try_get("undone_by")?,
        person: r.try_get("person")?,
        life_event_id: r.try_get("life_event_id")?,
        proof: r.try_get("proof")?,
        plan_pricing_id: r.try_get("plan_pricing_id")?,
        replaces_plan_id: r.try_get("replaces_plan_id")?,
    })
}

/// The application's changes, in the order they were asked.
pub async fn of_enrollment(db: &Db, enrollment_id: i64) -> Result<Vec<ChangeRow>, sqlx::Error> {
    let rows =
        sqlx::query(&format!("select {COLUMNS} from coverage_change where enrollment_id = $1 order by change_id"))
            .bind(enrollment_id)
            .fetch_all(db)
            .await?;
    rows.iter().map(of_row).collect()
}

/// The changes a reported life event allowed, in the order they were asked.
pub async fn of_life_event(db: &Db, life_event_id: i64) -> Result<Vec<ChangeRow>, sqlx::Error> {
    let rows =
        sqlx::query(&format!("select {COLUMNS} from coverage_change where life_event_id = $1 order by change_id"))
            .bind(life_event_id)
            .fetch_all(db)
            .await?;
    rows.iter().map(of_row).collect()
}

/// The additions waiting for the proof of any of the events `life_event_ids`, in the order they were asked.
pub async fn awaiting_proof_of(db: &Db, life_event_ids: &[i64]) -> Result<Vec<ChangeRow>, sqlx::Error> {
    if life_event_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "select {COLUMNS} from coverage_change where life_event_id in ({}) and proof = ${} order by change_id",
        super::placeholders(life_event_ids.len()),
        life_event_ids.len() + 1
    );
    let mut query = sqlx::query(&sql);
    for id in life_event_ids {
        query = query.bind(*id);
    }
    query.bind(AWAITING_PROOF).fetch_all(db).await?.iter().map(of_row).collect()
}

/// One change, by its id.
pub async fn find(db: &Db, change_id: i64) -> Result<Option<ChangeRow>, sqlx::Error> {
    let row = sqlx::query(&format!("select {COLUMNS} from coverage_change where change_id = $1"))
        .bind(change_id)
        .fetch_optional(db)
        .await?;
    row.as_ref().map(of_row).transpose()
}

/// A child's coming age-off, as the submission writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct AgeOffRow {
    pub enrollment_id: i64,
    pub member_index: i64,
    /// YYYY-MM-DD.
    pub noticed_from: String,
    pub last_day: String,
}

/// Writes the application's coming age-offs, in the transaction that submits it.
pub async fn put_age_off<'c, E>(executor: E, row: &AgeOffRow) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query(
        "insert into age_off (enrollment_id, member_index, noticed_from, last_day) values ($1, $2, $3, $4) \
         on conflict (enrollment_id, member_index) do nothing",
    )
    .bind(row.enrollment_id)
    .bind(row.member_index)
    .bind(&row.noticed_from)
    .bind(&row.last_day)
    .execute(executor)
    .await?;
    Ok(())
}

/// The age-offs to tell of on `today` (YYYY-MM-DD) and not yet told, oldest first, at most `most`.
pub async fn age_offs_due(db: &Db, today: &str, most: i64) -> Result<Vec<AgeOffRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select enrollment_id, member_index, noticed_from, last_day from age_off \
         where noticed_at is null and noticed_from <= $1 order by noticed_from, enrollment_id, member_index limit $2",
    )
    .bind(today)
    .bind(most)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(AgeOffRow {
                enrollment_id: r.try_get("enrollment_id")?,
                member_index: r.try_get("member_index")?,
                noticed_from: r.try_get("noticed_from")?,
                last_day: r.try_get("last_day")?,
            })
        })
        .collect()
}

/// Marks an age-off told, in the caller's transaction; false when another server told it first.
pub async fn mark_age_off_noticed(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    row: &AgeOffRow,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "update age_off set noticed_at = $1 where enrollment_id = $2 and member_index = $3 and noticed_at is null",
    )
    .bind(super::now())
    .bind(row.enrollment_id)
    .bind(row.member_index)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1)
}

/// A life event as it is kept (see the migration `0030_life_event.sql`).
#[derive(Debug, Clone, PartialEq)]
pub struct LifeEventRow {
    /// None until it is recorded.
    pub life_event_id: Option<i64>,
    pub enrollment_id: i64,
    pub kind: String,
    /// YYYY-MM-DD, as the next three.
    pub event_date: String,
    pub window_closes: String,
    pub effective: String,
    pub proof_due: Option<String>,
    pub reported_by: String,
    pub reported_at: String,
}

/// Records a reported life event.
pub async fn record_life_event(db: &Db, row: &LifeEventRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into life_event (enrollment_id, kind, event_date, window_closes, effective, proof_due, reported_by, \
         reported_at) values ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(row.enrollment_id)
    .bind(&row.kind)
    .bind(&row.event_date)
    .bind(&row.window_closes)
    .bind(&row.effective)
    .bind(&row.proof_due)
    .bind(&row.reported_by)
    .bind(&row.reported_at)
    .execute(db)
    .await?;
    Ok(())
}

/// The application's reported life events, in the order they were reported.
pub async fn life_events(db: &Db, enrollment_id: i64) -> Result<Vec<LifeEventRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select life_event_id, enrollment_id, kind, event_date, window_closes, effective, proof_due, reported_by, \
         reported_at from life_event where enrollment_id = $1 order by life_event_id",
    )
    .bind(enrollment_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(LifeEventRow {
                life_event_id: r.try_get("life_event_id")?,
                enrollment_id: r.try_get("enrollment_id")?,
                kind: r.try_get("kind")?,
                event_date: r.try_get("event_date")?,
                window_closes: r.try_get("window_closes")?,
                effective: r.try_get("effective")?,
                proof_due: r.try_get("proof_due")?,
                reported_by: r.try_get("reported_by")?,
                reported_at: r.try_get("reported_at")?,
            })
        })
        .collect()
}
