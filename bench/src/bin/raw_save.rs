//! The database's ceiling for a step save: `CONCURRENCY` tasks each insert-and-commit the same document a save stores
//! (one row per statement, its own transaction, through the server's own pool and settings) for `SECONDS`; prints
//! `saves_per_second p50_ms p99_ms`. The benchmark compares save-personal-info with this figure.

use std::time::{Duration, Instant};

fn main() -> anyhow::Result<()> {
    api::runtime()?.block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let url = std::env::var("DATABASE_URL")?;
    let seconds: u64 = std::env::var("SECONDS").unwrap_or_else(|_| "10".into()).parse()?;
    let concurrency: usize = std::env::var("CONCURRENCY").unwrap_or_else(|_| "64".into()).parse()?;
    let db = api::store::connect(&url).await?;
    sqlx::query(
        "create table if not exists bench_raw_save (id integer not null, version integer not null, data text not null)",
    )
    .execute(&db)
    .await?;
    // The size of a saved Personal Information document with its sealed SSN.
    let document = serde_json::json!({
        "first_name": "Dana", "middle_name": "R", "last_name": "Okafor", "gender": "1", "marital_status": "M",
        "ssn": format!("enc:k1:{}", "A".repeat(60)), "birthdate": "05/01/1986", "weight": 150, "height_feet": 5,
        "height_inch": 6, "prior_coverage": "0", "ethnic_category": "12", "ethnic_other": "Prefer to describe",
    })
    .to_string();
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for worker in 0..concurrency {
        let (db, document) = (db.clone(), document.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut version = 0i64;
            while Instant::now() < until {
                let started = Instant::now();
                let mut tx = db.begin().await?;
                sqlx::query("insert into bench_raw_save (id, version, data) values ($1, $2, $3)")
                    .bind(worker as i64)
                    .bind(version)
                    .bind(&document)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                latencies.push(started.elapsed());
                version += 1;
            }
            Ok::<_, anyhow::Error>(latencies)
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await??);
    }
    all.sort();
    let at = |q: f64| all.get(((all.len() as f64 - 1.0) * q) as usize).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0);
    println!("{:.0} {:.2} {:.2}", all.len() as f64 / seconds as f64, at(0.5), at(0.99));
    sqlx::query("drop table bench_raw_save").execute(&db).await?;
    Ok(())
}
