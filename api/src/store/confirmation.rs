//! Carriers' confirmations of the applications we sent them (see the migration `0031_carrier_confirmation.sql`).

use sqlx::Row;

use super::Db;

/// A confirmation as it is kept: its record sealed.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfirmationRow {
    pub enrollment_id: i64,
    pub carrier_id: i64,
    /// Sealed JSON of an `engine::confirmation::HeldPolicy`.
    pub record: String,
    pub source: Option<String>,
    pub received_at: String,
}

/// Whether application `enrollment_id` was put in a file for carrier `carrier_id`: a carrier confirms only what it was
/// sent.
pub async fn was_sent(db: &Db, enrollment_id: i64, carrier_id: i64) -> Result<bool, sqlx::Error> {
    let sent: i64 = sqlx::query_scalar(
        "select count(*) from edi_transaction where enrollment_id = $1 and carrier_id = $2 \
         and interchange_id is not null",
    )
    .bind(enrollment_id)
    .bind(carrier_id)
    .fetch_one(db)
    .await?;
    Ok(sent > 0)
}

pub async fn record(db: &Db, row: &ConfirmationRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into carrier_confirmation (enrollment_id, carrier_id, record, source, received_at) \
         values ($1, $2, $3, $4, $5)",
    )
    .bind(row.enrollment_id)
    .bind(row.carrier_id)
    .bind(&row.record)
    .bind(&row.source)
    .bind(&row.received_at)
    .execute(db)
    .await?;
    Ok(())
}

fn row_of(r: &sqlx::any::AnyRow) -> Result<ConfirmationRow, sqlx::Error> {
    Ok(ConfirmationRow {
        enrollment_id: r.try_get("enrollment_id")?,
        carrier_id: r.try_get("carrier_id")?,
        record: r.try_get("record")?,
        source: r.try_get("source")?,
        received_at: r.try_get("received_at")?,
    })
}

/// The newest confirmation of each carrier of application `enrollment_id`.
pub async fn newest_of(db: &Db, enrollment_id: i64) -> Result<Vec<ConfirmationRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select enrollment_id, carrier_id, record, source, received_at from carrier_confirmation c \
         where enrollment_id = $1 and confirmation_id = (select max(confirmation_id) from carrier_confirmation n \
         where n.enrollment_id = c.enrollment_id and n.carrier_id = c.carrier_id) order by carrier_id",
    )
    .bind(enrollment_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(row_of).collect()
}

/// The newest confirmation of carrier `carrier_id` of each application it confirmed, in the order they were
/// submitted.
pub async fn newest_of_carrier(db: &Db, carrier_id: i64) -> Result<Vec<ConfirmationRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select enrollment_id, carrier_id, record, source, received_at from carrier_confirmation c \
         where carrier_id = $1 and confirmation_id = (select max(confirmation_id) from carrier_confirmation n \
         where n.enrollment_id = c.enrollment_id and n.carrier_id = c.carrier_id) order by enrollment_id",
    )
    .bind(carrier_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(row_of).collect()
}
