//! Cart lines: a plan and option per line; prices are never stored (they follow the filter).

use super::local::{read_rows, Columns, FromColumns, LocalReads, Param};
use super::{now, Db};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartRow {
    pub plan_id: i64,
    pub plan_pricing_id: i64,
    pub removable: bool,
}

/// The cart's lines in the order they were added (read in place when it can be: see `store::local`).
pub async fn cart(db: &Db, local: &LocalReads, enrollment_id: i64) -> Result<Vec<CartRow>, sqlx::Error> {
    const SQL: &str =
        "select plan_id, plan_pricing_id, removable from cart_line where enrollment_id = $1 order by added_at, plan_id";
    read_rows(db, local, SQL, &[Param::Int(enrollment_id)]).await
}

impl FromColumns for CartRow {
    fn from_columns(row: &impl Columns) -> Result<Self, sqlx::Error> {
        Ok(CartRow {
            plan_id: row.column("plan_id")?,
            plan_pricing_id: row.column("plan_pricing_id")?,
            removable: row.column::<i64>("removable")? != 0,
        })
    }
}

/// Puts a plan in the cart; another option of the same plan is replaced. A line that is not `removable` (a
/// membership association) leaves with the plan it belongs to.
pub async fn put_in_cart(
    db: &Db,
    enrollment_id: i64,
    plan_id: i64,
    plan_pricing_id: i64,
    removable: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into cart_line (enrollment_id, plan_id, plan_pricing_id, removable, added_at) values ($1, $2, $3, $4, $5) \
         on conflict (enrollment_id, plan_id) do update set plan_pricing_id = excluded.plan_pricing_id, removable = excluded.removable",
    )
    .bind(enrollment_id)
    .bind(plan_id)
    .bind(plan_pricing_id)
    .bind(i64::from(removable))
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

/// Removes a removable line; false when there was none.
pub async fn remove_from_cart(
    db: &Db,
    enrollment_id: i64,
    plan_id: i64,
    plan_pricing_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "delete from cart_line where enrollment_id = $1 and plan_id = $2 and plan_pricing_id = $3 and removable = 1",
    )
    .bind(enrollment_id)
    .bind(plan_id)
    .bind(plan_pricing_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Drops a line whatever its removable flag (a rider or membership left without its plan).
pub async fn drop_cart_line(db: &Db, enrollment_id: i64, plan_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("delete from cart_line where enrollment_id = $1 and plan_id = $2")
        .bind(enrollment_id)
        .bind(plan_id)
        .execute(db)
        .await?;
    Ok(())
}
