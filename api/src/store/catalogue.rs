//! The catalogue's tables as the seed wrote them: each row a JSON document, read whole at start.

use sqlx::Row;

use super::Db;

/// A catalogue table whose rows are JSON documents.
#[derive(Debug, Clone, Copy)]
pub enum Table {
    Category,
    Carrier,
    Plan,
    Group,
    Rep,
    Portal,
}

impl Table {
    fn query(self) -> &'static str {
        match self {
            Table::Category => "select document from plan_category order by position",
            Table::Carrier => "select document from carrier",
            Table::Plan => "select document from plan",
            Table::Group => "select document from employer_group",
            Table::Rep => "select document from rep",
            Table::Portal => "select document from portal",
        }
    }
}

/// Every document of a table (categories in their order).
pub async fn documents(db: &Db, table: Table) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query(table.query()).fetch_all(db).await?;
    rows.iter().map(|r| r.try_get::<String, _>("document")).collect()
}

/// A rating curve's (age, factor) rows, by age.
pub async fn rating_curve(db: &Db, name: &str) -> Result<Vec<(i64, f64)>, sqlx::Error> {
    let rows = sqlx::query("select age, factor from rating_curve where name = $1 order by age")
        .bind(name)
        .fetch_all(db)
        .await?;
    rows.iter().map(|r| Ok((r.try_get("age")?, r.try_get("factor")?))).collect()
}
