//! Carriers' 834 files at scale: `APPLICATIONS` submitted applications (10,000 by default), each holding a plan of two
//! of the catalogue's carriers, are written as 834 files by the batcher a server runs every EDI_BATCH_SECS
//! (`domain::carrier_files::run_once`). The applications are stored as a submission stores them (the SSN sealed), in
//! one transaction, before the clock starts; the peak of resident memory is reset then too, so that it measures the
//! export alone (the resident memory it starts from goes to standard error). Prints
//! `applications files seconds peak_mb bytes`. Reads the server's settings from the environment
//! (`DATA_DIR`, `DATABASE_URL`, `FIXTURES_DIR`, `WORKFLOWS_DIR`).

use std::time::Instant;

fn main() -> anyhow::Result<()> {
    api::runtime()?.block_on(run())
}

fn peak_mb() -> f64 {
    rss_mb("VmHWM:")
}

fn rss_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

async fn run() -> anyhow::Result<()> {
    let applications: usize = std::env::var("APPLICATIONS").unwrap_or_else(|_| "10000".into()).parse()?;
    let config = api::config::Config::from_env()?;
    config.ensure_data_dir()?;
    let state = api::state::AppState::prepare(&config, &config.keys()?).await?;
    // A plan each carrier sells to one person alone, with its first level.
    let mut plans: Vec<(i64, i64, i64)> = Vec::new();
    for plan in &state.catalogue.plans {
        let Some(option) = plan.options.first() else { continue };
        if plan.tiers.contains(&engine::context::Tier::IO) && !plans.iter().any(|(c, _, _)| *c == plan.carrier_id) {
            plans.push((plan.carrier_id, plan.plan_id, option.plan_pricing_id));
        }
    }
    anyhow::ensure!(plans.len() >= 2, "the catalogue has fewer than two carriers");
    let now = api::store::now();
    let filter = serde_json::json!({ "zip": "30301", "dob": "05/01/1986", "gender": "1", "tier": "IO", "state": "GA" })
        .to_string();
    let contact = serde_json::json!({
        "email_address": "dana.okafor@example.com", "phone_number": "4045550134", "address1": "12 Peachtree St NE",
        "city": "Atlanta", "state": "GA", "zip": "30301"
    })
    .to_string();
    let mut tx = state.db.begin().await?;
    for i in 0..applications {
        let id: i64 = sqlx::query_scalar(
            "insert into enrollment (session_id, filter, eprocess, enrollment_type, lifecycle, effective_date, \
             policy_id, created_at, updated_at) values ('bench', $1, 'applicant', 'new-member', '{}', '01/01/2027', \
             $2, $3, $3) returning enrollment_id",
        )
        .bind(&filter)
        .bind(format!("B{i:09}"))
        .bind(&now)
        .fetch_one(&mut *tx)
        .await?;
        let personal = serde_json::json!({
            "first_name": "Dana", "last_name": format!("Okafor{}", i % 1000), "gender": "1",
            "birthdate": "05/01/1986", "ssn": state.crypto.encrypt(&format!("{:09}", 100_000_000 + i)),
            "marital_status": "1", "prior_coverage_flag": "0"
        })
        .to_string();
        for (tab, data) in [("primary_info", personal.as_str()), ("contact_info", &contact), ("dependent_info", "{}")] {
            sqlx::query(
                "insert into enrollment_tab (enrollment_id, tab_name, version, data, updated_at) values ($1, $2, 1, $3, $4)",
            )
            .bind(id)
            .bind(tab)
            .bind(data)
            .bind(&now)
            .execute(&mut *tx)
            .await?;
        }
        for (carrier_id, plan_id, pricing_id) in [plans[i % plans.len()], plans[(i + 3) % plans.len()]] {
            sqlx::query(
                "insert into cart_line (enrollment_id, plan_id, plan_pricing_id, removable, added_at) \
                 values ($1, $2, $3, 1, $4)",
            )
            .bind(id)
            .bind(plan_id)
            .bind(pricing_id)
            .bind(&now)
            .execute(&mut *tx)
            .await?;
            api::store::edi::queue(&mut *tx, id, carrier_id, api::store::edi::EdiEvent::Addition, None).await?;
        }
    }
    tx.commit().await?;

    // The peak from here on: the export's own.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    eprintln!("rss at the start of the export: {:.1} MB", rss_mb("VmRSS:"));
    let started = Instant::now();
    let (mut files, mut sent, mut bytes) = (0usize, 0usize, 0u64);
    loop {
        let run = api::domain::carrier_files::run_once(&state).await?;
        anyhow::ensure!(run.failed == 0, "{} applications could not be written", run.failed);
        files += run.files.len();
        bytes += run.files.iter().filter_map(|f| std::fs::metadata(f).ok()).map(|m| m.len()).sum::<u64>();
        if run.sent == 0 {
            break;
        }
        sent += run.sent;
    }
    let seconds = started.elapsed().as_secs_f64();
    anyhow::ensure!(sent == 2 * applications, "{sent} of {} transactions were sent", 2 * applications);
    println!("{applications} {files} {seconds:.2} {:.1} {bytes}", peak_mb());
    Ok(())
}
