//! Counted limits every replica shares (see migrations' `quota`): a sliding window of instants per key, changed only
//! by the writer that read its version, so that calls made at the same moment are each counted.

use sqlx::Row;

use super::Db;

/// How often a taking is tried again when another writer changed the row first.
const ATTEMPTS: usize = 64;

/// Takes one of `limit` places in the `window` ending now for `key`: Ok when taken (and counted), or how long until a
/// place frees. A key that cannot be counted after many tries (a storm of writers) is refused, never let through.
pub async fn take(db: &Db, key: &str, limit: usize, window: chrono::Duration) -> Result<Result<(), u64>, sqlx::Error> {
    for _ in 0..ATTEMPTS {
        let now = chrono::Utc::now();
        let row = sqlx::query("select times, version from quota where key = $1").bind(key).fetch_optional(db).await?;
        let (times, version): (Vec<chrono::DateTime<chrono::Utc>>, Option<i64>) = match row {
            Some(row) => {
                let text: String = row.try_get("times")?;
                (parse(&text).into_iter().filter(|t| now - *t < window).collect(), Some(row.try_get("version")?))
            }
            None => (Vec::new(), None),
        };
        if times.len() >= limit {
            let oldest = times.iter().min().copied().unwrap_or(now);
            return Ok(Err((window - (now - oldest)).num_seconds().max(1) as u64));
        }
        let mut kept = times;
        kept.push(now);
        let text =
            kept.iter().map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)).collect::<Vec<_>>().join(",");
        let written = match version {
            Some(version) => {
                sqlx::query("update quota set times = $1, version = version + 1 where key = $2 and version = $3")
                    .bind(&text)
                    .bind(key)
                    .bind(version)
                    .execute(db)
                    .await?
                    .rows_affected()
            }
            None => {
                sqlx::query("insert into quota (key, times, version) values ($1, $2, 1) on conflict (key) do nothing")
                    .bind(key)
                    .bind(&text)
                    .execute(db)
                    .await?
                    .rows_affected()
            }
        };
        if written == 1 {
            return Ok(Ok(()));
        }
    }
    Ok(Err(1))
}

/// Gives back one place taken for `key` (the newest: the places are counted, not told apart), for what was taken
/// and then not done.
pub async fn give_back(db: &Db, key: &str) -> Result<(), sqlx::Error> {
    for _ in 0..ATTEMPTS {
        let row = sqlx::query("select times, version from quota where key = $1").bind(key).fetch_optional(db).await?;
        let Some(row) = row else { return Ok(()) };
        let text: String = row.try_get("times")?;
        let version: i64 = row.try_get("version")?;
        let mut times = parse(&text);
        let Some(newest) = times.iter().enumerate().max_by_key(|(_, t)| **t).map(|(i, _)| i) else { return Ok(()) };
        times.remove(newest);
        let text =
            times.iter().map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)).collect::<Vec<_>>().join(",");
        let written = sqlx::query("update quota set times = $1, version = version + 1 where key = $2 and version = $3")
            .bind(&text)
            .bind(key)
            .bind(version)
            .execute(db)
            .await?
            .rows_affected();
        if written == 1 {
            return Ok(());
        }
    }
    Ok(())
}

/// Forgets what was counted for `key` (its owner got in).
pub async fn clear(db: &Db, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from quota where key = $1").bind(key).execute(db).await?;
    Ok(())
}

fn parse(text: &str) -> Vec<chrono::DateTime<chrono::Utc>> {
    text.split(',')
        .filter_map(|t| chrono::DateTime::parse_from_rfc3339(t.trim()).ok())
        .map(|t| t.with_timezone(&chrono::Utc))
        .collect()
}
