//! `enroll`: the benefit-enrollment server and its maintenance commands (`enroll --help` lists them, and
//! `enroll COMMAND --help` says what each takes).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};

use api::config::Config;

/// The benefit-enrollment server and its maintenance commands. Settings come from the environment (README.md).
#[derive(Parser)]
#[command(name = "enroll", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, load the fixtures if they changed, and serve the API and the renderer (the default)
    Serve,
    /// Apply the database migrations
    Migrate,
    /// Load fixtures/ into the database (idempotent)
    Seed,
    /// Check every file of workflows/ against the engine's format and each other
    CheckWorkflows,
    /// Make workflows/ the current version of a running deployment, or list the versions loaded
    Workflows {
        #[command(subcommand)]
        command: WorkflowsCommand,
    },
    /// Carriers' 834 files: make and deliver them now, read acknowledgements, verify, reconcile, send again
    Edi {
        #[command(subcommand)]
        command: EdiCommand,
    },
    /// Print the member link (sealed) that opens the store for a member
    MemberLink {
        /// The member's user id
        id: i64,
        /// The tier the quote starts on (IO, IS, IC or IF)
        #[arg(default_value = "IO")]
        tier: String,
    },
    /// Print the group administrator's link (sealed) that opens the group's home
    GroupAdminLink {
        /// The group's id
        id: i64,
    },
    /// Print a rep's hand-off link (sealed, single use, 10 minutes) that signs the rep in
    RepLink {
        /// The rep's agent id
        agent_id: i64,
        /// How many links (each its own, single use)
        #[arg(long, default_value_t = 1)]
        count: usize,
    },
    /// Print a sign-in link for one of the store's reviewers, who read the documents members send as proof of a life
    /// event
    ReviewerLink {
        /// The reviewer's name, recorded with each decision
        #[arg(long)]
        name: String,
    },
    /// Print a sign-in link to the carriers' console for a carrier's staff member
    CarrierLink {
        /// The carrier's id
        carrier_id: i64,
        /// The staff member's name, kept with what they change (default: "carrier ID staff")
        #[arg(long)]
        name: Option<String>,
    },
    /// The data key: seal every sealed value again under the current key (docs/SECURITY.md)
    Keys {
        #[command(subcommand)]
        command: KeysCommand,
    },
    /// Print synthetic plans (YAML, the fixtures' format) drawn from the fixtures' carriers
    GenerateCatalogue {
        /// How many plans
        plans: usize,
        /// The draw's seed: the same seed draws the same plans
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The first plan id
        #[arg(long, default_value_t = 100_000)]
        first_id: i64,
    },
    /// Reopen a plan's declined health questions for one enrollment (a licensed agent's or underwriter's decision,
    /// recorded with who and why)
    ReopenHealthQuestions {
        enrollment: i64,
        plan: i64,
        /// Who reopens them
        #[arg(long)]
        by: String,
        /// Why
        #[arg(long)]
        reason: String,
    },
    /// Bring back a plan its member ended (an agent's decision, recorded with who and why); its carrier is told (025)
    ReinstatePlan {
        /// The application's confirmation number
        policy: String,
        plan: i64,
        /// Who brings it back
        #[arg(long)]
        by: String,
        /// Why
        #[arg(long)]
        reason: String,
    },
}

#[derive(Subcommand)]
enum WorkflowsCommand {
    /// Check workflows/ and make it the current version (every server reads it within WORKFLOWS_REFRESH_SECS)
    Load {
        /// What enrollments in flight do: stay on their version, or move to this one at their next step
        #[arg(long, value_parser = ["stay", "move"], default_value = "stay")]
        in_flight: String,
        /// Who loads it, as the history says (default: the user running the command)
        #[arg(long)]
        by: Option<String>,
    },
    /// The loads, newest first: version, when, what enrollments in flight did, by whom
    List,
}

#[derive(Subcommand)]
enum EdiCommand {
    /// Make and deliver the carriers' 834 files now and read the acknowledgements waiting (what the server does every
    /// EDI_BATCH_SECS)
    Run,
    /// Read carriers' acknowledgements (999, TA1)
    Ingest {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Read carriers' confirmations of what they set up: their effectuation 834, or their CSV (docs/API.md, Carriers'
    /// confirmations), which needs --carrier
    Confirm {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The carrier who wrote them (its id, receiver id or name): required for a CSV, checked against an 834's
        /// envelope
        #[arg(long)]
        carrier: Option<String>,
    },
    /// Make this month's verify file of a carrier now, if it was not made
    Verify {
        /// The carrier's id, receiver id or name
        carrier: String,
    },
    /// The carrier's applications no acknowledgement accepted some hours after they were submitted, and every field
    /// where the carrier's confirmed record differs from ours
    Reconcile {
        /// The carrier's id, receiver id or name
        carrier: String,
        #[arg(long, default_value_t = 48)]
        hours: u64,
    },
    /// Send an application again to each carrier that rejected it or waits for it
    Resend {
        /// The application's confirmation number
        policy_id: String,
    },
}

#[derive(Subcommand)]
enum KeysCommand {
    /// Seal every sealed value again under the current data key (submitted applications too), print the counts, and
    /// forget the other keys
    Reseal,
}

fn main() {
    // Arguments first: --help, --version and a mistyped command answer without starting anything.
    let cli = Cli::parse();
    // Errors are for a person at a terminal: the chain of causes, no backtrace.
    let outcome = api::runtime().map_err(anyhow::Error::from).and_then(|runtime| runtime.block_on(run(cli)));
    if let Err(error) = outcome {
        eprintln!("enroll: {error:#}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
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
    let command = cli.command.unwrap_or(Command::Serve);
    let config = Config::from_env()?;
    if !matches!(command, Command::CheckWorkflows) {
        config.ensure_data_dir()?;
    }
    match command {
        Command::Serve => api::serve(config).await,
        Command::Migrate => {
            let db = api::store::connect(&config.database_url).await?;
            api::store::migrate(&db).await?;
            println!("migrations applied to {}", config.database_label());
            Ok(())
        }
        Command::Seed => {
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
        Command::CheckWorkflows => {
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
            match &workflows.life_events {
                Some(events) => println!(
                    "{}: life events are valid ({} kinds: {}; age limit {}{})",
                    config.workflows_dir.display(),
                    events.events.len(),
                    events.events.iter().map(|e| e.id.as_str()).collect::<Vec<_>>().join(", "),
                    events.age_off.age,
                    if events.open_enrollment.is_some() { "; a yearly open enrollment" } else { "" }
                ),
                None => println!(
                    "{}: no life events (kind: life_events): members cannot report one",
                    config.workflows_dir.display()
                ),
            }
            Ok(())
        }
        Command::MemberLink { id, tier } => {
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            println!(
                "{}/member-benefit-store/{}/{tier}",
                config.public_url,
                api::domain::members::link_token(&crypto, id)
            );
            Ok(())
        }
        Command::GroupAdminLink { id } => {
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            println!("{}/websites?group={}", config.public_url, api::domain::access::group_admin_link(&crypto, id));
            Ok(())
        }
        Command::RepLink { agent_id, count } => {
            // Several links at once (each its own, single use) for a rep's several browsers, or the load's reps.
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            for _ in 0..count {
                println!("{}/rep-sign-in/{}", config.public_url, api::domain::access::rep_link(&crypto, agent_id));
            }
            Ok(())
        }
        Command::ReviewerLink { name } => {
            anyhow::ensure!(!name.trim().is_empty(), "say the reviewer's name (--name)");
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            let link = api::domain::after_sale::proof::reviewer_link(&crypto, &name);
            println!("{}/reviewer-sign-in/{link}", config.public_url);
            Ok(())
        }
        Command::CarrierLink { carrier_id, name } => {
            let name = name.unwrap_or_else(|| format!("carrier {carrier_id} staff"));
            let crypto = api::services::crypto::Crypto::from_keys(&config.keys()?);
            let link = api::domain::carrier_console::carrier_link(&crypto, carrier_id, &name);
            println!("{}/carrier-sign-in/{link}", config.public_url);
            Ok(())
        }
        Command::GenerateCatalogue { plans, seed, first_id } => {
            let spec = engine::market::MarketSpec { plans, seed, first_id };
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
        Command::ReopenHealthQuestions { enrollment: enrollment_id, plan: plan_id, by, reason } => {
            let state = api::state::AppState::prepare(&config, &config.keys()?).await?;
            api::domain::shop::popups::reopen_health_questions(&state, enrollment_id, plan_id, &by, &reason)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("the health questions of plan {plan_id} are reopened for enrollment {enrollment_id}; recorded");
            Ok(())
        }
        Command::ReinstatePlan { policy, plan, by, reason } => {
            let state = api::state::AppState::prepare(&config, &config.keys()?).await?;
            api::domain::after_sale::reinstate_plan(&state, &policy, plan, &by, &reason)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("plan {plan} of {policy} is brought back; recorded, and its carrier is told in its next file");
            Ok(())
        }
        Command::Workflows { command } => workflows_command(&config, command).await,
        Command::Edi { command } => edi_command(&config, command).await,
        Command::Keys { command: KeysCommand::Reseal } => {
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
    }
}

/// `enroll workflows load|list`.
async fn workflows_command(config: &Config, command: WorkflowsCommand) -> anyhow::Result<()> {
    use api::services::workflows::{load, short, InFlight, LoadError};
    let db = api::store::connect(&config.database_url).await?;
    api::store::migrate(&db).await?;
    match command {
        WorkflowsCommand::Load { in_flight, by } => {
            let in_flight = InFlight::parse(&in_flight).context("--in-flight is stay or move")?;
            let by = by.unwrap_or_else(|| {
                format!("enroll workflows load ({})", std::env::var("USER").unwrap_or_else(|_| "operator".into()))
            });
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
        WorkflowsCommand::List => {
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
    }
}

/// `enroll edi ...`: see [`EdiCommand`].
async fn edi_command(config: &api::config::Config, command: EdiCommand) -> anyhow::Result<()> {
    use api::domain::carrier_files;
    let state = api::state::AppState::prepare(config, &config.keys()?).await?;
    match command {
        EdiCommand::Run => {
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
        EdiCommand::Ingest { files } => {
            for path in &files {
                let file = path.display().to_string();
                let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {file}"))?;
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
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
        EdiCommand::Confirm { files, carrier } => {
            let carrier = match carrier {
                Some(name) => Some(
                    carrier_files::carrier_named(&state, &name)
                        .with_context(|| format!("no carrier {name} (give its id, receiver id or name)"))?,
                ),
                None => None,
            };
            for path in &files {
                let file = path.display().to_string();
                let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {file}"))?;
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                let said = carrier_files::confirmations::confirm(&state, &text, name.as_deref(), carrier)
                    .await
                    .with_context(|| file.clone())?;
                println!(
                    "{file}: {} policies confirmed, {} about applications this store did not send that carrier, {} \
                     from a sender none of our files went to (not applied)",
                    said.applied, said.unknown, said.foreign
                );
            }
            Ok(())
        }
        EdiCommand::Verify { carrier } => {
            let carrier = carrier_files::carrier_named(&state, &carrier)
                .with_context(|| format!("no carrier {carrier} (give its id, receiver id or name)"))?;
            let month = chrono::Local::now().format("%Y-%m").to_string();
            let as_of = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
            match carrier_files::verify(&state, carrier, &month, &as_of).await? {
                0 => println!("no verify file made: the carrier holds no application, or this month's was made"),
                held => println!("this month's verify file holds {held} applications; it is delivered by the next run"),
            }
            Ok(())
        }
        EdiCommand::Reconcile { carrier, hours } => {
            let carrier = carrier_files::carrier_named(&state, &carrier)
                .with_context(|| format!("no carrier {carrier} (give its id, receiver id or name)"))?;
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
            let differing = carrier_files::confirmations::differences(&state, carrier).await?;
            for (policy_id, d) in &differing {
                println!("{policy_id}\t{}\t{}\tours: {}\tthe carrier's: {}", d.member, d.field, d.ours, d.theirs);
            }
            println!("{} fields where the carrier's confirmed record differs from ours", differing.len());
            Ok(())
        }
        EdiCommand::Resend { policy_id } => {
            let operator = std::env::var("USER").unwrap_or_else(|_| "an operator".into());
            match carrier_files::resend(&state, &policy_id, &format!("{operator} (enroll edi resend)")).await? {
                0 => println!("{policy_id}: no carrier rejected it or waits for it; nothing to send again"),
                n => println!("{policy_id}: sent again to {n} carriers by the next run"),
            }
            Ok(())
        }
    }
}
