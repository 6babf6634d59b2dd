//! The carriers' console: carrier staff's sessions, each plan's draft questionnaire, and what was published from it
//! (a publish is also a workflow load: `store::workflow`).

use sqlx::Row;

use super::{now, Db};

/// Carrier staff signed in on a session: which carrier, and who (as the link named them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Staff {
    pub carrier_id: i64,
    pub name: String,
}

/// Records that the session (a new id) is `staff`'s, in the caller's transaction.
pub async fn sign_in(tx: &mut sqlx::AnyConnection, session_id: &str, staff: &Staff) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into carrier_session (session_id, carrier_id, staff_name, signed_in_at) values ($1, $2, $3, $4) \
         on conflict (session_id) do update set carrier_id = excluded.carrier_id, staff_name = excluded.staff_name, \
         signed_in_at = excluded.signed_in_at",
    )
    .bind(session_id)
    .bind(staff.carrier_id)
    .bind(&staff.name)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// The carrier staff signed in on a session.
pub async fn staff_of(db: &Db, session_id: &str) -> Result<Option<Staff>, sqlx::Error> {
    let row = sqlx::query("select carrier_id, staff_name from carrier_session where session_id = $1")
        .bind(session_id)
        .fetch_optional(db)
        .await?;
    row.map(|r| Ok(Staff { carrier_id: r.try_get("carrier_id")?, name: r.try_get("staff_name")? })).transpose()
}

/// Ends the carrier staff's sign-in on a session (nothing when it had none).
pub async fn sign_out(db: &Db, session_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from carrier_session where session_id = $1").bind(session_id).execute(db).await?;
    Ok(())
}

/// A plan's draft.
#[derive(Debug, Clone)]
pub struct Draft {
    pub plan_id: i64,
    /// The questionnaire, JSON of the workflow format.
    pub document: String,
    pub revision: i64,
    pub updated_by: String,
    pub updated_at: String,
}

fn draft_of(r: &sqlx::any::AnyRow) -> Result<Draft, sqlx::Error> {
    Ok(Draft {
        plan_id: r.try_get("plan_id")?,
        document: r.try_get("document")?,
        revision: r.try_get("revision")?,
        updated_by: r.try_get("updated_by")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// The drafts of a carrier's plans.
pub async fn drafts(db: &Db, carrier_id: i64) -> Result<Vec<Draft>, sqlx::Error> {
    let rows = sqlx::query(
        "select plan_id, document, revision, updated_by, updated_at from questionnaire_draft where carrier_id = $1 \
         order by plan_id",
    )
    .bind(carrier_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(draft_of).collect()
}

/// A plan's draft, if it has one.
pub async fn draft(db: &Db, plan_id: i64) -> Result<Option<Draft>, sqlx::Error> {
    let row = sqlx::query(
        "select plan_id, document, revision, updated_by, updated_at from questionnaire_draft where plan_id = $1",
    )
    .bind(plan_id)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(draft_of).transpose()
}

/// Saves a plan's draft (its next revision): answers the revision saved.
pub async fn save_draft(db: &Db, plan_id: i64, carrier_id: i64, document: &str, by: &str) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "insert into questionnaire_draft (plan_id, carrier_id, document, revision, updated_by, updated_at) \
         values ($1, $2, $3, 1, $4, $5) on conflict (plan_id) do update set document = excluded.document, \
         revision = questionnaire_draft.revision + 1, updated_by = excluded.updated_by, \
         updated_at = excluded.updated_at returning revision",
    )
    .bind(plan_id)
    .bind(carrier_id)
    .bind(document)
    .bind(by)
    .bind(now())
    .fetch_one(db)
    .await?;
    row.try_get("revision")
}

/// Discards a plan's draft: whether there was one.
pub async fn discard_draft(db: &Db, plan_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from questionnaire_draft where plan_id = $1").bind(plan_id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

/// One publish of a plan's questionnaire.
#[derive(Debug, Clone)]
pub struct Published {
    pub publish_id: i64,
    pub plan_id: i64,
    pub document: String,
    pub note: String,
    pub published_by: String,
    pub published_at: String,
    pub workflow_seq: i64,
    pub workflow_hash: String,
    pub restores: Option<i64>,
}

const PUBLISHED: &str = "select publish_id, plan_id, document, note, published_by, published_at, workflow_seq, \
                         workflow_hash, restores from questionnaire_publish";

fn published_of(r: &sqlx::any::AnyRow) -> Result<Published, sqlx::Error> {
    Ok(Published {
        publish_id: r.try_get("publish_id")?,
        plan_id: r.try_get("plan_id")?,
        document: r.try_get("document")?,
        note: r.try_get("note")?,
        published_by: r.try_get("published_by")?,
        published_at: r.try_get("published_at")?,
        workflow_seq: r.try_get("workflow_seq")?,
        workflow_hash: r.try_get("workflow_hash")?,
        restores: r.try_get("restores")?,
    })
}

/// A plan's publishes, newest first.
pub async fn history(db: &Db, plan_id: i64) -> Result<Vec<Published>, sqlx::Error> {
    let rows = sqlx::query(&format!("{PUBLISHED} where plan_id = $1 order by publish_id desc"))
        .bind(plan_id)
        .fetch_all(db)
        .await?;
    rows.iter().map(published_of).collect()
}

/// What a publish records: the plan's questionnaire and note, and the workflow version made with it.
pub struct Publish<'a> {
    pub plan_id: i64,
    pub carrier_id: i64,
    /// The draft's revision it publishes (the draft is then gone); none for an earlier publish brought back.
    pub draft_revision: Option<i64>,
    pub document: &'a str,
    pub note: &'a str,
    pub by: &'a str,
    /// The loaded_by of the workflow load.
    pub loaded_by: &'a str,
    /// The version: its digest and its files' text (JSON by name).
    pub hash: &'a str,
    pub files: &'a str,
    /// The load the version was made on.
    pub follows: Option<i64>,
    pub restores: Option<i64>,
    /// The plan's questions before its first publish (what the workflow files said), kept as a publish of its own
    /// so that they too can be brought back; none after the first.
    pub original: Option<Original<'a>>,
}

/// A plan's questions as the workflow files said them before the console first changed them.
pub struct Original<'a> {
    pub document: &'a str,
    /// The version (and its load) they were read from.
    pub hash: &'a str,
    pub seq: i64,
}

/// How the questions a plan had before the console are named in its history.
pub const ORIGINAL_NOTE: &str = "As the workflow files said before the console's first change";
pub const ORIGINAL_BY: &str = "the workflow files";

/// How a publish ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PublishOutcome {
    Published {
        publish_id: i64,
        seq: i64,
    },
    /// The draft was published or changed meanwhile.
    DraftChanged,
    /// Another load was made on the same one meanwhile: the version must be made again on the newest.
    Overtaken,
}

/// Records a publish in one transaction: the draft's revision spent, the version stored, its load (which must be the
/// first made on `follows`), and the publish itself.
pub async fn publish(db: &Db, p: &Publish<'_>) -> Result<PublishOutcome, sqlx::Error> {
    let mut tx = db.begin().await?;
    if let Some(revision) = p.draft_revision {
        let spent = sqlx::query("delete from questionnaire_draft where plan_id = $1 and revision = $2")
            .bind(p.plan_id)
            .bind(revision)
            .execute(&mut *tx)
            .await?;
        if spent.rows_affected() != 1 {
            return Ok(PublishOutcome::DraftChanged);
        }
    }
    if let Some(original) = &p.original {
        sqlx::query(
            // Dated when the files said them: the load they were read from (now, were it not to be found).
            "insert into questionnaire_publish (plan_id, carrier_id, document, note, published_by, published_at, \
             workflow_seq, workflow_hash) values ($1, $2, $3, $4, $5, \
             coalesce((select loaded_at from workflow_load where seq = $7), $6), $7, $8)",
        )
        .bind(p.plan_id)
        .bind(p.carrier_id)
        .bind(original.document)
        .bind(ORIGINAL_NOTE)
        .bind(ORIGINAL_BY)
        .bind(now())
        .bind(original.seq)
        .bind(original.hash)
        .execute(&mut *tx)
        .await?;
    }
    let seq = match super::workflow::record_load_in(&mut tx, p.hash, p.files, p.loaded_by, "stay", p.follows).await {
        Ok(seq) => seq,
        Err(error) if super::workflow::is_overtaken(&error) => return Ok(PublishOutcome::Overtaken),
        Err(error) => return Err(error),
    };
    let row = sqlx::query(
        "insert into questionnaire_publish (plan_id, carrier_id, document, note, published_by, published_at, \
         workflow_seq, workflow_hash, restores) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning publish_id",
    )
    .bind(p.plan_id)
    .bind(p.carrier_id)
    .bind(p.document)
    .bind(p.note)
    .bind(p.by)
    .bind(now())
    .bind(seq)
    .bind(p.hash)
    .bind(p.restores)
    .fetch_one(&mut *tx)
    .await?;
    let publish_id = row.try_get("publish_id")?;
    tx.commit().await?;
    Ok(PublishOutcome::Published { publish_id, seq })
}
