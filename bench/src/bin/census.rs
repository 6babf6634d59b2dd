//! Employers' censuses at scale, through the console's own calls (`domain::employer`), as group 2556's administrator:
//! a census of `IMPORT_ROWS` employees (5,000 by default) is read, checked, sealed and imported whole; then a census
//! of `QUOTE_ROWS` (1,000) is quoted for 10 offered plans under the group's contribution and one what-if. Each is
//! timed, and the peak of resident memory is reset before each, so that each measures itself alone. Prints one line
//! each: `import rows seconds peak_mb` and `quote rows plans seconds peak_mb`. Reads the server's settings from the
//! environment (`DATA_DIR`, `DATABASE_URL`, `FIXTURES_DIR`, `WORKFLOWS_DIR`).

use std::time::Instant;

fn main() -> anyhow::Result<()> {
    api::runtime()?.block_on(run())
}

fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// Resets the peak of resident memory to what is resident now (Linux: writing 5 to clear_refs).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// A census of `rows` employees as an administrator exports it: names in several alphabets and with accents, real
/// ZIP codes of several states, dates in both ways administrators write them.
fn census(rows: usize, tag: &str) -> String {
    let first = ["José", "Zoë", "Ana", "Nguyễn", "Siobhán", "Mohammed", "Ólafur", "Chloé", "Đặng", "Kwame"];
    let last =
        ["Álvarez", "O’Brien", "Silva", "Müller", "Kowalczyk", "Nakamura", "Okafor", "Dubois", "Ivanova", "Smith"];
    let zips = ["30318", "02134", "78701", "94110", "10001", "60614", "98101", "33101", "80202", "27601"];
    let mut text =
        String::from("First name,Last name,Date of birth,ZIP code,E-mail,Hire date,Hours a week,Class,Yearly salary\n");
    for i in 0..rows {
        let birth = if i % 2 == 0 {
            format!("{:02}/{:02}/{}", 1 + i % 12, 1 + i % 28, 1960 + i % 40)
        } else {
            format!("{}-{:02}-{:02}", 1960 + i % 40, 1 + i % 12, 1 + i % 28)
        };
        text.push_str(&format!(
            "{},{},{birth},{},employee{i}.{tag}@example.com,2020-03-01,{},{},\"${},000\"\n",
            first[i % first.len()],
            last[(i / 10) % last.len()],
            zips[(i / 3) % zips.len()],
            30 + i % 11,
            if i % 3 == 0 { "Drivers" } else { "Office" },
            30 + i % 90,
        ));
    }
    text
}

async fn run() -> anyhow::Result<()> {
    let import_rows: usize = std::env::var("IMPORT_ROWS").unwrap_or_else(|_| "5000".into()).parse()?;
    let quote_rows: usize = std::env::var("QUOTE_ROWS").unwrap_or_else(|_| "1000".into()).parse()?;
    let config = api::config::Config::from_env()?;
    config.ensure_data_dir()?;
    let state = api::state::AppState::prepare(&config, &config.keys()?).await?;
    use api::domain::access::{grant, Grant, Spend};
    use api::domain::session::Session;

    // Ten plans of the catalogue an employer may offer, at most four of a kind, under 50% and 33%.
    let mut offers: Vec<(String, Vec<i64>)> = Vec::new();
    let mut plans = 0;
    for plan in &state.catalogue.plans {
        if plans == 10 || !plan.listed || plan.replaced_by.is_some() {
            continue;
        }
        match offers.iter_mut().find(|(c, _)| *c == plan.category) {
            Some((_, ids)) if ids.len() < 4 => ids.push(plan.plan_id),
            Some(_) => continue,
            None => offers.push((plan.category.clone(), vec![plan.plan_id])),
        }
        plans += 1;
    }
    let today = chrono::Local::now().date_naive();
    let start = chrono::NaiveDate::from_ymd_opt(today.format("%Y").to_string().parse::<i32>()? + 1, 1, 1).unwrap();
    let settings = serde_json::json!({
        "plan_year": {
            "start": start.to_string(), "open_from": today.to_string(), "open_until": (start - chrono::Days::new(1)).to_string(),
            "waiting": "days30", "min_hours": 30, "classes": []
        },
        "offers": offers.iter().map(|(category, ids)| serde_json::json!({
            "category": category, "plan_ids": ids,
            "contribution": { "kind": "percent", "employee_percent": 50, "dependents_percent": 33 }
        })).collect::<Vec<_>>()
    });

    let admin = |name: &str| Session(format!("bench-census-{name}"));
    for name in ["import", "quote"] {
        grant(&state.db, None, &admin(name), Grant::GroupAdmin(2556), &Spend::Nothing)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }

    let bytes = census(import_rows, "import").into_bytes();
    reset_peak();
    let clock = Instant::now();
    let imported =
        api::domain::employer::import(&state, &admin("import"), &bytes).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let seconds = clock.elapsed().as_secs_f64();
    anyhow::ensure!(imported.added as usize == import_rows, "imported {} of {import_rows}", imported.added);
    println!("import {import_rows} {seconds:.3} {:.1}", peak_mb());

    // The quote is of another group's census: group 2556's is now the 5,000 above, so the quote's census replaces it
    // under a second group of the fixtures whose administrator is signed in the same way.
    let quote_group = 3101;
    let quote_admin = Session("bench-census-quote-3101".into());
    grant(&state.db, None, &quote_admin, Grant::GroupAdmin(quote_group), &Spend::Nothing)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    api::domain::employer::save_settings(&state, &quote_admin, settings).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let bytes = census(quote_rows, "quote").into_bytes();
    api::domain::employer::import(&state, &quote_admin, &bytes).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let ask: api::domain::employer::QuoteAsk = serde_json::from_value(serde_json::json!({
        "what_if": [offers.iter().map(|(c, _)| (c.clone(), serde_json::json!({ "kind": "flat", "amount": 250 }))).collect::<serde_json::Map<_, _>>()]
    }))?;
    reset_peak();
    let clock = Instant::now();
    let quote =
        api::domain::employer::census_quote(&state, &quote_admin, &ask).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let seconds = clock.elapsed().as_secs_f64();
    anyhow::ensure!(quote.employees.len() == quote_rows, "quoted {} of {quote_rows}", quote.employees.len());
    println!("quote {quote_rows} {} {seconds:.3} {:.1}", quote.plans.len(), peak_mb());
    Ok(())
}
