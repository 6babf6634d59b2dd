//! `enroll`: the benefit-enrollment server and its maintenance commands.
//!
//! ```text
//! enroll [serve]          migrate, seed fixtures if they changed, serve the API and the renderer (default)
//! enroll migrate          apply database migrations
//! enroll seed             load fixtures/ into the database (idempotent)
//! enroll check-workflows  check every file of workflows/ against the engine's format and each other
//! enroll workflows load [--in-flight stay|move] [--by NAME]
//!                         check workflows/ and make it the current version of a running deployment (every server
//!                         reads it within WORKFLOWS_REFRESH_SECS); enrollments in flight stay on theirs by default
//! enroll workflows list   the loads, newest first: version, when, by whom, what enrollments in flight did
//! enroll member-link ID [TIER]  print the member link (sealed) that opens the store for member ID
//! enroll group-admin-link ID     print the group administrator's link (sealed) that opens group ID's home
//! enroll rep-link AGENT_ID [--count N]
//!                         print a rep's hand-off link (sealed, single use, 10 minutes) that signs the rep in; N links
//! enroll keys reseal        seal every sealed value again under the current data key (submitted applications too),
//!                           print the counts, and forget the other keys (docs/SECURITY.md, rotating the data key)
//! enroll generate-catalogue N [--seed S] [--first-id ID]
//!                         print N synthetic plans (YAML, the fixtures' format) from the fixtures' carriers
//! enroll reopen-health-questions ENROLLMENT PLAN --by NAME --reason TEXT
//!                         a licensed agent's or underwriter's reopening of a plan's declined health questions
//!                         (recorded with who and why)
//! ```

use anyhow::Context;

use api::config::Config;

fn main() {
    // Errors are for a person at a terminal: the chain of causes, no backtrace.
    let outcome = api::runtime().map_err(anyhow::Error::from).and_then(|runtime| runtime.block_on(run()));
    if let Err(error) = outcome {
        eprintln!("enroll: {error:#}");
        std::process::exit(1);
    }
}

async fn run() -> anyhow::Result<()> {
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    use tracing_subscriber::Layer as _;
    let shown = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into());
    let logs = tracing_subscriber::registry().with(tracing_subscriber::fmt::layer().with_filter(shown));
    // Traces over OTLP only when a collector is named (OTEL_EXPORTER_OTLP_ENDPOINT); kept until the end, when what is
    // left is sent.
    let (_traces, sent) = match api::services::traces::TracesSettings::from_env()? {
        Some(settings) => {
            let (traces, layer) = api::services::traces::Traces::start(&settings)?;
            (Some(traces), Some(layer))
        }
        None => (None, None),
    };
    logs.with(sent).init();
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".into());
    let config = Config::from_env()?;
    if command != "check-workflows" {
        config.ensure_data_dir()?;
    }
    match command.as_str() {
        "serve" => api::serve(config).await,
        "migrate" => {
            let db = api::store::connect(&config.database_url).await?;
            api::store::migrate(&db).await?;
            println!("migrations applied to {}", config.database_label());
            Ok(())
        }
        "seed" => {
            let db = api::store::connect(&config.database_url).await?;
            api::store::migrate(&db).await?;
            let applied = api::store::seed::seed(&db, &config.fixtures_dir).await?;
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            let members = api::domain::members::seed(&db, &config.fixtures_dir, &crypto).await?;
            println!("{}", if applied { "fixtures loaded" } else { "fixtures unchanged; nothing to do" });
            println!("{members} members loaded");
            let catalogue = api::services::catalogue::Catalogue::load(&db).await?;
            for language in engine::i18n::other_languages() {
                let missing = catalogue.untranslated(language);
                match missing.first() {
                    None => println!("every catalogue text is written in {language}"),
                    Some(first) => println!(
                        "{} catalogue texts are not written in {language}; English is shown in their place (first: {first})",
                        missing.len()
                    ),
                }
            }
            Ok(())
        }
        "check-workflows" => {
            let workflows = engine::workflow::load_dir(&config.workflows_dir)
                .with_context(|| "workflows are not valid".to_string())?;
            engine::schema::every_check_parses(&workflows)
                .with_context(|| "a form's checks are not valid".to_string())?;
            println!(
                "{}: workflow {} is valid ({} tabs)",
                config.workflows_dir.display(),
                workflows.wizard.id,
                workflows.wizard.tabs.len()
            );
            let shop = &workflows.shop;
            println!(
                "{}: shop workflow {} is valid (popups: {}, offers after adding a plan: {}, checkout upsells: {})",
                config.workflows_dir.display(),
                shop.id,
                shop.plan_popups.len(),
                shop.after_add.len(),
                shop.checkout_upsells.len()
            );
            if !shop.plans_own.is_empty() {
                println!(
                    "{}: plans' own questionnaires are valid (plans {})",
                    config.workflows_dir.display(),
                    shop.plans_own.keys().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
                );
            }
            for language in engine::i18n::other_languages() {
                let missing = workflows.untranslated(language);
                if !missing.is_empty() {
                    println!(
                        "{}: {} carrier texts are not written in {language}; English is shown in their place (first: {})",
                        config.workflows_dir.display(),
                        missing.len(),
                        missing[0]
                    );
                }
            }
            match &workflows.x12 {
                Some(codes) => {
                    // Every plan of the fixtures reaches its carrier: its line is the installation's, its carrier's
                    // guide's, or its own, and each is a code the implementation guide or the carrier's guide has.
                    let fixtures = api::store::seed::read_fixtures(&config.fixtures_dir)?;
                    let unsendable = engine::catalogue::unsendable(codes, &fixtures.carriers, &fixtures.plans);
                    anyhow::ensure!(
                        unsendable.is_empty(),
                        "plans that no 834 file could carry:\n{}",
                        unsendable.join("\n")
                    );
                    println!(
                        "{}: X12 codes of carriers' 834 files are valid ({} standard insurance lines, {} tiers, {} \
                         relationships; every plan of {} carriers has its line)",
                        config.workflows_dir.display(),
                        codes.insurance_lines.len(),
                        codes.coverage_levels.len(),
                        codes.relationships.len(),
                        fixtures.carriers.len()
                    )
                }
                None => println!("{}: no X12 codes (kind: x12): no 834 files are made", config.workflows_dir.display()),
            }
            Ok(())
        }
        "member-link" => {
            let user_id: i64 =
                std::env::args().nth(2).context("enroll member-link ID [TIER]")?.parse().context("ID is a number")?;
            let tier = std::env::args().nth(3).unwrap_or_else(|| "IO".into());
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            println!(
                "{}/member-benefit-store/{}/{tier}",
                config.public_url,
                api::domain::members::link_token(&crypto, user_id)
            );
            Ok(())
        }
        "group-admin-link" => {
            let group_id: i64 =
                std::env::args().nth(2).context("enroll group-admin-link ID")?.parse().context("ID is a number")?;
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            println!(
                "{}/websites?group={}",
                config.public_url,
                api::domain::access::group_admin_link(&crypto, group_id)
            );
            Ok(())
        }
        "rep-link" => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let usage = "enroll rep-link AGENT_ID [--count N]";
            let agent_id: i64 = args.first().context(usage)?.parse().context("AGENT_ID is a number")?;
            // Several links at once (each its own, single use) for a rep's several browsers, or the load's reps.
            let count: usize = match args.iter().position(|a| a == "--count") {
                Some(i) => args.get(i + 1).context(usage)?.parse().context("N is a number")?,
                None => 1,
            };
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            for _ in 0..count {
                println!("{}/rep-sign-in/{}", config.public_url, api::domain::access::rep_link(&crypto, agent_id));
            }
            Ok(())
        }
        "carrier-link" => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let usage = "enroll carrier-link CARRIER_ID [--name NAME]";
            let carrier_id: i64 = args.first().context(usage)?.parse().context("CARRIER_ID is a number")?;
            let name = match args.iter().position(|a| a == "--name") {
                Some(i) => args.get(i + 1).context(usage)?.clone(),
                None => format!("carrier {carrier_id} staff"),
            };
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            let link = api::domain::carrier_console::carrier_link(&crypto, carrier_id, &name);
            println!("{}/carrier-sign-in/{link}", config.public_url);
            Ok(())
        }
        "generate-catalogue" => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let usage = "enroll generate-catalogue N [--seed S] [--first-id ID]";
            let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
            let spec = engine::market::MarketSpec {
                plans: args.first().context(usage)?.parse().context("N is a number of plans")?,
                seed: option("--seed").map(|s| s.parse()).transpose().context("--seed is a number")?.unwrap_or(1),
                first_id: option("--first-id")
                    .map(|s| s.parse())
                    .transpose()
                    .context("--first-id is a number")?
                    .unwrap_or(100_000),
            };
            let fixtures = api::store::seed::read_fixtures(&config.fixtures_dir)?;
            // Named apart from the catalogue's other plans (not from an earlier draw of the same ids).
            let drawn = spec.first_id..spec.first_id + spec.plans as i64;
            let taken =
                fixtures.plans.iter().filter(|p| !drawn.contains(&p.plan_id)).map(|p| p.plan_name.clone()).collect();
            let plans = engine::market::generate(&spec, &fixtures.carriers, &taken);
            #[derive(serde::Serialize)]
            struct Plans {
                plans: Vec<engine::catalogue::Plan>,
            }
            print!("{}", serde_yaml::to_string(&Plans { plans })?);
            Ok(())
        }
        "reopen-health-questions" => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            let usage = "enroll reopen-health-questions ENROLLMENT PLAN --by NAME --reason TEXT";
            let number = |i: usize| -> anyhow::Result<i64> {
                args.get(i).context(usage)?.parse().with_context(|| format!("{} is not a number", args[i]))
            };
            let (enrollment_id, plan_id) = (number(0)?, number(1)?);
            let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
            let (by, reason) = (option("--by").context(usage)?, option("--reason").context(usage)?);
            let state = api::state::AppState::prepare(&config, &config.keys()?).await?;
            api::domain::shop::popups::reopen_health_questions(&state, enrollment_id, plan_id, &by, &reason)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("the health questions of plan {plan_id} are reopened for enrollment {enrollment_id}; recorded");
            Ok(())
        }
        "workflows" => workflows_command(&config, std::env::args().skip(2).collect()).await,
        "edi" => edi_command(&config, std::env::args().skip(2).collect()).await,
        "keys" => {
            if std::env::args().nth(2).as_deref() != Some("reseal") {
                anyhow::bail!("enroll keys reseal");
            }
            // Not `prepare`: a server would refuse to start while a retired key is still needed, which is when this
            // runs. The current and retired keys of the environment open and seal.
            let db = api::store::connect(&config.database_url).await?;
            api::store::migrate(&db).await.context("migrations failed")?;
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            let report = api::services::keys::reseal(&db, &crypto).await?;
            let mut unopened = false;
            for column in &report {
                println!(
                    "{}.{}: {} values sealed again under key {} in {} rows; {} already under it",
                    column.table,
                    column.column,
                    column.resealed,
                    crypto.current_key_id(),
                    column.rows,
                    column.current
                );
                if !column.unopened.is_empty() {
                    unopened = true;
                    let mut ids = column.unopened.clone();
                    ids.sort_unstable();
                    ids.dedup();
                    println!("  {} values did not open: sealed under key(s) {ids:?}, not given", column.unopened.len());
                }
            }
            if unopened {
                anyhow::bail!("some values did not open and were left as they were; give their keys and run it again");
            }
            println!("every sealed value is under key {}; the other keys can be dropped", crypto.current_key_id());
            Ok(())
        }
        other => {
            anyhow::bail!(
                "unknown command {other}; use serve, migrate, seed, check-workflows, workflows, edi, member-link, \
                 group-admin-link, rep-link, carrier-link, keys or reopen-health-questions"
            )
        }
    }
}

/// `enroll workflows load|list`.
async fn workflows_command(config: &Config, args: Vec<String>) -> anyhow::Result<()> {
    use api::services::workflows::{load, short, InFlight, LoadError};
    let db = api::store::connect(&config.database_url).await?;
    api::store::migrate(&db).await?;
    match args.first().map(String::as_str) {
        Some("load") => {
            let mut in_flight = InFlight::Stay;
            let mut by =
                format!("enroll workflows load ({})", std::env::var("USER").unwrap_or_else(|_| "operator".into()));
            let mut rest = args[1..].iter();
            while let Some(arg) = rest.next() {
                match arg.as_str() {
                    "--in-flight" => {
                        let value = rest.next().map(String::as_str).unwrap_or_default();
                        in_flight = InFlight::parse(value)
                            .with_context(|| format!("--in-flight is stay or move, not {value:?}"))?;
                    }
                    "--by" => by = rest.next().cloned().context("--by needs a name")?,
                    other => anyhow::bail!("unknown option {other}; use --in-flight stay|move and --by NAME"),
                }
            }
            let dir = &config.workflows_dir;
            let bundle = engine::workflow::Bundle::read_dir(dir)?;
            match load(&db, &bundle, &dir.display().to_string(), &by, in_flight).await {
                Ok(loaded) => {
                    println!(
                        "version {} is current (load {}); enrollments in flight {}",
                        short(&loaded.hash),
                        loaded.seq,
                        match in_flight {
                            InFlight::Stay => "stay on their versions",
                            InFlight::Move => "move to it at their next step",
                        }
                    );
                    Ok(())
                }
                Err(LoadError::Invalid(error)) => {
                    anyhow::bail!("{error}\nnothing was loaded: the current version stays")
                }
                Err(LoadError::Overtaken) => anyhow::bail!("{}", LoadError::Overtaken),
                Err(LoadError::Database(error)) => Err(error.into()),
            }
        }
        Some("list") => {
            for (i, row) in api::store::workflow::history(&db).await?.iter().enumerate() {
                println!(
                    "{:>4}  {}  {}  {:<5}  {}{}",
                    row.seq,
                    short(&row.hash),
                    row.loaded_at,
                    row.in_flight,
                    row.loaded_by,
                    if i == 0 { "  (current)" } else { "" }
                );
            }
            Ok(())
        }
        _ => anyhow::bail!("use enroll workflows load [--in-flight stay|move] [--by NAME], or enroll workflows list"),
    }
}

/// `enroll edi run`: makes and delivers the carriers' 834 files now and reads the acknowledgements waiting (what the
/// server does every EDI_BATCH_SECS). `enroll edi ingest FILE...`: reads carriers' acknowledgements (999, TA1).
/// `enroll edi verify CARRIER`: makes this month's verify file of the carrier now, if it was not made.
/// `enroll edi reconcile CARRIER [--hours N]`: the carrier's applications no acknowledgement accepted N hours (48)
/// after they were submitted.
async fn edi_command(config: &api::config::Config, args: Vec<String>) -> anyhow::Result<()> {
    use api::domain::carrier_files;
    let usage = "use enroll edi run, enroll edi ingest FILE..., enroll edi verify CARRIER, enroll edi reconcile \
                 CARRIER [--hours N], or enroll edi resend POLICY_ID";
    let state = api::state::AppState::prepare(config, &config.keys()?).await?;
    match args.first().map(String::as_str) {
        Some("run") => {
            let run = carrier_files::run_once(&state).await?;
            for file in &run.files {
                println!("written: {}", file.display());
            }
            println!(
                "{} applications sent in {} files; {} could not be written",
                run.sent,
                run.files.len(),
                run.failed
            );
            Ok(())
        }
        Some("ingest") if args.len() > 1 => {
            for file in &args[1..] {
                let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
                let name = std::path::Path::new(file).file_name().map(|n| n.to_string_lossy().into_owned());
                let said = carrier_files::ingest(&state, &text, name.as_deref()).await.with_context(|| file.clone())?;
                println!(
                    "{file}: {} accepted ({} with errors noted), {} rejected, {} about files this store did not send, \
                     {} from a sender the file was not sent to (not applied), {} contradicting an earlier answer \
                     (not applied)",
                    said.accepted, said.with_errors, said.rejected, said.unknown, said.foreign, said.conflicting
                );
            }
            Ok(())
        }
        Some("verify") if args.len() > 1 => {
            let carrier = carrier_files::carrier_named(&state, &args[1])
                .with_context(|| format!("no carrier {} (give its id, receiver id or name)", args[1]))?;
            let month = chrono::Local::now().format("%Y-%m").to_string();
            let as_of = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
            match carrier_files::verify(&state, carrier, &month, &as_of).await? {
                0 => println!("no verify file made: the carrier holds no application, or this month's was made"),
                held => println!("this month's verify file holds {held} applications; it is delivered by the next run"),
            }
            Ok(())
        }
        Some("reconcile") if args.len() > 1 => {
            let carrier = carrier_files::carrier_named(&state, &args[1])
                .with_context(|| format!("no carrier {} (give its id, receiver id or name)", args[1]))?;
            let hours: u64 = match args.iter().position(|a| a == "--hours") {
                Some(i) => args.get(i + 1).context(usage)?.parse().context("--hours is a number")?,
                None => 48,
            };
            let open = carrier_files::reconcile(&state, carrier, std::time::Duration::from_secs(hours * 3600)).await?;
            for t in &open {
                println!(
                    "{}\t{}\t{}\t{}\tinterchange {}\t{}",
                    t.policy_id.as_deref().unwrap_or("-"),
                    t.event,
                    t.status,
                    t.created_at,
                    t.interchange_id.map(|i| i.to_string()).unwrap_or_else(|| "-".into()),
                    t.reason.as_deref().unwrap_or("")
                );
            }
            println!("{} applications with no accepted acknowledgement after {hours} hours", open.len());
            Ok(())
        }
        Some("resend") if args.len() == 2 => {
            let operator = std::env::var("USER").unwrap_or_else(|_| "an operator".into());
            match carrier_files::resend(&state, &args[1], &format!("{operator} (enroll edi resend)")).await? {
                0 => println!("{}: no carrier rejected it or waits for it; nothing to send again", args[1]),
                n => println!("{}: sent again to {n} carriers by the next run", args[1]),
            }
            Ok(())
        }
        _ => anyhow::bail!(usage),
    }
}
