//! Configuration from the environment, with development defaults that need no set-up.

use std::path::PathBuf;

use anyhow::Context;
use base64::Engine;
use rand::RngCore;

/// Connections one client address may hold at once unless `MAX_CONNECTIONS_PER_CLIENT` says otherwise: enough for a
/// household or an office behind one address, a small share of `MAX_CONNECTIONS`.
pub const DEFAULT_CONNECTIONS_PER_CLIENT: usize = 64;

/// The longest address (path and query) the server reads (414 beyond it): no call or page needs more, and each
/// unique long path would otherwise cost memory and log space.
pub const MOST_URI_BYTES: usize = 2048;

/// The largest request body the API accepts. The largest legitimate one is a step's screenshot (a PNG data URL of at
/// most 2 MB); anything much larger is refused before it is read.
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;
// A proof document of the largest size taken must fit in a body.
const _: () = assert!(BODY_LIMIT >= engine::documents::MOST_BYTES);

/// Who may read `/metrics`: a caller on this machine (loopback, not relayed by a proxy), the addresses named in
/// `METRICS_ALLOW` (comma-separated), and a caller with the credentials of `METRICS_AUTH` (`user:password`, sent as
/// Basic authorization).
#[derive(Clone, Debug, Default)]
pub struct MetricsAccess {
    pub allow: Vec<std::net::IpAddr>,
    /// The `Authorization` header value that reads it; none: no credentials do.
    pub authorization: Option<String>,
}

impl MetricsAccess {
    fn from_env() -> anyhow::Result<MetricsAccess> {
        let allow = std::env::var("METRICS_ALLOW")
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(|a| a.parse().with_context(|| format!("METRICS_ALLOW: {a} is not an IP address")))
            .collect::<anyhow::Result<_>>()?;
        let authorization = std::env::var("METRICS_AUTH")
            .ok()
            .filter(|a| !a.is_empty())
            .map(|a| format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(a.as_bytes())));
        Ok(MetricsAccess { allow, authorization })
    }
}

/// How a replica stops: see [`crate::services::lifecycle`].
#[derive(Clone, Debug)]
pub struct StopSettings {
    /// How long `/readyz` answers 503 while the replica still takes connections, so the balancer notices first
    /// (`DRAIN_NOTICE_MS`, 3000: HAProxy checking every second and taking two failures needs two).
    pub drain_notice: std::time::Duration,
    /// How long the requests in flight, then the background workers, have to finish (`SHUTDOWN_GRACE_SECS`, 20).
    pub grace: std::time::Duration,
}

impl Default for StopSettings {
    fn default() -> Self {
        StopSettings { drain_notice: std::time::Duration::from_millis(3000), grace: std::time::Duration::from_secs(20) }
    }
}

#[derive(Clone)]
pub struct Config {
    pub port: u16,
    /// The address the server listens on: loopback unless a deployment says otherwise.
    pub listen_addr: std::net::IpAddr,
    /// How many connections the server holds open at once; a further client waits until one closes.
    pub max_connections: usize,
    /// Connections one client address may hold at once (0: no bound per client; the default behind a proxy, whose
    /// address every connection has).
    pub max_connections_per_client: usize,
    /// Connections taken past `max_connections` only to be answered at once: a visitor's request with 503 and
    /// Retry-After (the store is busy), a probe (`/healthz`, `/readyz`) as always; beyond these, a client waits in the
    /// kernel's queue. 0: none.
    pub max_busy_connections: usize,
    /// A port of its own for `/healthz`, `/readyz` and `/metrics` (`OPS_PORT`; unset: none), so the balancer's checks
    /// never wait in the accept queue with visitors past the connection limit. They are answered on `PORT` too.
    pub ops_port: Option<u16>,
    /// How a replica stops (SIGTERM): how long it keeps taking connections while saying it is not ready, and how long
    /// it then gives the requests in flight and its workers to finish.
    pub stopping: StopSettings,
    /// Who may read `/metrics`.
    pub metrics: MetricsAccess,
    /// Behind a proxy: the client is the first address of X-Forwarded-For, not the peer.
    pub trust_proxy: bool,
    pub database_url: String,
    pub data_dir: PathBuf,
    pub renderer_dir: PathBuf,
    pub fixtures_dir: PathBuf,
    pub workflows_dir: PathBuf,
    /// Mark the session cookie Secure (set behind HTTPS).
    pub cookie_secure: bool,
    /// The address people reach the store at, for links in e-mails.
    pub public_url: String,
    /// Sender of the store's e-mails.
    pub mail_from: String,
    /// `smtp://host:port` of a relay; unset, e-mails are written as files under DATA_DIR/outbox.
    pub smtp_url: Option<String>,
    /// The routing-number directory, a file in the Federal Reserve's FedACH format.
    pub routing_directory: PathBuf,
    /// `http://host:port/path` of the admin service's invoice auto-generation call; unset, no invoice call is made.
    pub invoice_url: Option<String>,
    /// `http://host:port/path` of a text-message gateway, which takes `{"to": "+1…", "body": "…"}` as JSON; unset,
    /// texts are written as files under DATA_DIR/texts and not delivered (the rep is told so).
    pub text_url: Option<String>,
    /// Where ClamAV's daemon listens, which scans every document a member uploads: `tcp:HOST:PORT` or a Unix
    /// socket's path. Unset, documents are refused (`services::scanner`).
    pub clamd_address: Option<String>,
    /// The host of the single-portal white-label deployment (one of the sites' domains): no Home link, no quotes.
    pub single_portal_host: Option<String>,
    /// `user:password` the renderer sends (basic authorization) to read a domain's site settings. It tells the
    /// store's own renderer from other callers; it guards nothing secret (the settings are the site's pictures).
    pub site_settings_auth: String,
    /// Where the renderer calls the benefit service (recommendations, leads, the help chat): this server's
    /// `/benefit/v1` unless the service moves to a host of its own.
    pub benefit_root: String,
    /// How often the recommendations are rebuilt from the carts and enrollments, in the background.
    pub recommend_refresh: std::time::Duration,
    /// How often a server reads workflow versions loaded since (`WORKFLOWS_REFRESH_SECS`, 5 s by default).
    pub workflows_refresh: std::time::Duration,
    /// How often employer groups' invitations, reminders and deduction files are looked at (`EMPLOYER_SCHEDULE_SECS`,
    /// 3600 by default).
    pub employer_schedule: std::time::Duration,
    /// `user:password` a carrier or an auditor gives (HTTP basic) to read submitted applications (`AUDIT_AUTH`);
    /// unset, no one can.
    pub audit_auth: Option<String>,
    /// Carriers' 834 files: how often they are batched, where they are written and who sends them.
    pub edi: EdiSettings,
}

/// How carriers' 834 files are made and where they go.
#[derive(Debug, Clone)]
pub struct EdiSettings {
    /// How often waiting transactions are batched into files (`EDI_BATCH_SECS`, 300 by default).
    pub batch: std::time::Duration,
    /// Where the files are written (`EDI_DIR`, `DATA_DIR/edi` by default): `outbound/{carrier}` under it.
    pub dir: PathBuf,
    /// Who sends the files (ISA06, GS02; `EDI_SENDER_ID`, BENEFITSTORE by default).
    pub sender_id: String,
    /// The sponsor of individual-market applications (N1*P5; `EDI_SENDER_NAME`, Benefit Store by default).
    pub sender_name: String,
    /// The store's federal tax id (EIN, nine digits; `EDI_SENDER_TAX_ID`), by which the sponsor of individual-market
    /// applications is named (`N1*P5*...*FI`); unset, by the sender id, a code agreed with the carriers (`94`).
    pub sender_tax_id: Option<String>,
    /// Files are production data (ISA15 `P`) rather than test data (`T`; `EDI_PRODUCTION=1`).
    pub production: bool,
    /// How many days the sealed copy of a file is kept in the database after the carrier acknowledged it
    /// (`EDI_RETENTION_DAYS`, 30 by default); the delivered file itself is deleted on acknowledgement.
    pub retention_days: u32,
    /// The store's private key for carriers' SFTP servers (`EDI_SFTP_KEY`, `DATA_DIR/edi/sftp_key` by default).
    pub sftp_key: PathBuf,
}

/// The renderer's basic authorization for site settings unless SITE_SETTINGS_AUTH says otherwise.
pub const DEFAULT_SITE_SETTINGS_AUTH: &str = "storefront:site-settings";

/// Where this server serves the benefit service.
pub const BENEFIT_ROOT: &str = "/benefit/v1";

/// Secrets, kept apart from the rest of the configuration so that commands which need none never create any.
#[derive(Clone)]
pub struct Keys {
    /// AES-256-GCM key for sensitive fields: the current one, which seals.
    pub data_key: [u8; 32],
    /// The current data key's id, written into every value it seals (`ENROLL_DATA_KEY_ID`, 1 by default).
    pub data_key_id: u32,
    /// Retired data keys by id, kept only to open values sealed before a rotation (`ENROLL_RETIRED_DATA_KEYS`).
    pub retired_data_keys: Vec<(u32, [u8; 32])>,
    /// Key that signs the session cookie.
    pub session_key: [u8; 64],
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("port", &self.port)
            .field("database", &self.database_label())
            .field("data_dir", &self.data_dir)
            .finish_non_exhaustive()
    }
}

/// A positive number of seconds from the environment variable `name`, or `default` when it is not set.
fn seconds_from_env(name: &str, default: u64) -> anyhow::Result<u64> {
    match std::env::var(name) {
        Ok(n) => n.parse().ok().filter(|n| *n > 0).with_context(|| format!("{name}={n} is not a number of seconds")),
        Err(_) => Ok(default),
    }
}

fn env_path(name: &str, default: &str) -> PathBuf {
    std::env::var_os(name).map(PathBuf::from).unwrap_or_else(|| PathBuf::from(default))
}

impl Config {
    /// `LISTEN_ADDR` (127.0.0.1; 0.0.0.0 to be reached from other machines), `MAX_CONNECTIONS` (1024),
    /// `MAX_CONNECTIONS_PER_CLIENT` (64; 0 behind a proxy, `TRUST_PROXY`, unless set), `MAX_BUSY_CONNECTIONS` (256),
    /// `OPS_PORT` (none), `DRAIN_NOTICE_MS` (3000), `SHUTDOWN_GRACE_SECS` (20), `METRICS_ALLOW`, `METRICS_AUTH`,
    /// `TRUST_PROXY`,
    /// `PORT` (8080), `DATA_DIR` (./data), `PUBLIC_URL` (http://localhost:PORT), `MAIL_FROM`, `SMTP_URL`, `TEXT_URL`, `CLAMD_ADDRESS`, `DATABASE_URL` (a SQLite file in DATA_DIR), `RENDERER_DIR`
    /// (./renderer/dist), `FIXTURES_DIR` (./fixtures), `WORKFLOWS_DIR` (./workflows), `ENROLL_DATA_KEY` and
    /// `ENROLL_SESSION_KEY` (base64; generated into DATA_DIR/keys on first run when unset), `COOKIE_SECURE`,
    /// `SINGLE_PORTAL_HOST`, `SITE_SETTINGS_AUTH`, `BENEFIT_ROOT` (/benefit/v1), `RECOMMEND_REFRESH_SECS` (60).
    pub fn from_env() -> anyhow::Result<Config> {
        let port = match std::env::var("PORT") {
            Ok(p) => p.parse().with_context(|| format!("PORT={p} is not a port number"))?,
            Err(_) => 8080,
        };
        let listen_addr = match std::env::var("LISTEN_ADDR") {
            Ok(a) => a.parse().with_context(|| format!("LISTEN_ADDR={a} is not an IP address"))?,
            Err(_) => std::net::IpAddr::from([127, 0, 0, 1]),
        };
        let max_connections = match std::env::var("MAX_CONNECTIONS") {
            Ok(n) => {
                n.parse().ok().filter(|n| *n > 0).with_context(|| format!("MAX_CONNECTIONS={n} is not a count"))?
            }
            Err(_) => 1024,
        };
        let ops_port = match std::env::var("OPS_PORT") {
            Ok(p) if !p.trim().is_empty() => {
                Some(p.trim().parse().with_context(|| format!("OPS_PORT={p} is not a port number"))?)
            }
            _ => None,
        };
        let max_busy_connections = match std::env::var("MAX_BUSY_CONNECTIONS") {
            Ok(n) => n.parse().with_context(|| format!("MAX_BUSY_CONNECTIONS={n} is not a count"))?,
            Err(_) => 256,
        };
        let drain_notice = match std::env::var("DRAIN_NOTICE_MS") {
            Ok(n) => n.parse().with_context(|| format!("DRAIN_NOTICE_MS={n} is not a number of milliseconds"))?,
            Err(_) => 3000,
        };
        let stopping = StopSettings {
            drain_notice: std::time::Duration::from_millis(drain_notice),
            grace: std::time::Duration::from_secs(seconds_from_env("SHUTDOWN_GRACE_SECS", 20)?),
        };
        let trust_proxy = std::env::var("TRUST_PROXY").is_ok_and(|v| v == "1" || v == "true");
        let max_connections_per_client = match std::env::var("MAX_CONNECTIONS_PER_CLIENT") {
            Ok(n) => n.parse().with_context(|| format!("MAX_CONNECTIONS_PER_CLIENT={n} is not a count"))?,
            Err(_) if trust_proxy => 0,
            Err(_) => DEFAULT_CONNECTIONS_PER_CLIENT,
        };
        let recommend_refresh = seconds_from_env("RECOMMEND_REFRESH_SECS", 60)?;
        let workflows_refresh = seconds_from_env("WORKFLOWS_REFRESH_SECS", 5)?;
        let employer_schedule = seconds_from_env("EMPLOYER_SCHEDULE_SECS", 3600)?;
        let edi_batch = seconds_from_env("EDI_BATCH_SECS", 300)?;
        let data_dir = env_path("DATA_DIR", "./data");
        let edi_dir = std::env::var_os("EDI_DIR").map(PathBuf::from).unwrap_or_else(|| data_dir.join("edi"));
        let edi_sftp_key =
            std::env::var_os("EDI_SFTP_KEY").map(PathBuf::from).unwrap_or_else(|| edi_dir.join("sftp_key"));
        let database_url = std::env::var("DATABASE_URL")
            .unwrap_or_else(|_| format!("sqlite://{}?mode=rwc", data_dir.join("enroll.db").display()));
        Ok(Config {
            port,
            listen_addr,
            max_connections,
            max_connections_per_client,
            max_busy_connections,
            ops_port,
            stopping,
            metrics: MetricsAccess::from_env()?,
            trust_proxy,
            database_url,
            renderer_dir: env_path("RENDERER_DIR", "./renderer/dist"),
            fixtures_dir: env_path("FIXTURES_DIR", "./fixtures"),
            workflows_dir: env_path("WORKFLOWS_DIR", "./workflows"),
            routing_directory: std::env::var_os("ROUTING_DIRECTORY")
                .map(PathBuf::from)
                .unwrap_or_else(|| env_path("FIXTURES_DIR", "./fixtures").join("banking/fedach-directory.txt")),
            invoice_url: std::env::var("INVOICE_URL").ok().filter(|u| !u.is_empty()),
            text_url: std::env::var("TEXT_URL").ok().filter(|u| !u.is_empty()),
            clamd_address: std::env::var("CLAMD_ADDRESS").ok().filter(|u| !u.is_empty()),
            data_dir,
            cookie_secure: std::env::var("COOKIE_SECURE").is_ok_and(|v| v == "1" || v == "true"),
            public_url: std::env::var("PUBLIC_URL").unwrap_or_else(|_| format!("http://localhost:{port}")),
            mail_from: std::env::var("MAIL_FROM")
                .unwrap_or_else(|_| "Benefit Store <no-reply@benefitstore.example>".into()),
            smtp_url: std::env::var("SMTP_URL").ok().filter(|u| !u.is_empty()),
            single_portal_host: std::env::var("SINGLE_PORTAL_HOST")
                .ok()
                .map(|h| engine::storefront::host_name(&h))
                .filter(|h| !h.is_empty()),
            site_settings_auth: std::env::var("SITE_SETTINGS_AUTH")
                .unwrap_or_else(|_| DEFAULT_SITE_SETTINGS_AUTH.into()),
            benefit_root: std::env::var("BENEFIT_ROOT")
                .ok()
                .map(|r| r.trim_end_matches('/').to_string())
                .filter(|r| !r.is_empty())
                .unwrap_or_else(|| BENEFIT_ROOT.into()),
            recommend_refresh: std::time::Duration::from_secs(recommend_refresh),
            workflows_refresh: std::time::Duration::from_secs(workflows_refresh),
            employer_schedule: std::time::Duration::from_secs(employer_schedule),
            audit_auth: std::env::var("AUDIT_AUTH").ok().filter(|a| !a.is_empty()),
            edi: EdiSettings {
                batch: std::time::Duration::from_secs(edi_batch),
                dir: edi_dir,
                sender_id: std::env::var("EDI_SENDER_ID")
                    .ok()
                    .filter(|s| !s.is_empty())
                    .unwrap_or_else(|| "BENEFITSTORE".into()),
                sender_name: std::env::var("EDI_SENDER_NAME")
                    .ok()
                    .filter(|s| !s.is_empty())
                    .unwrap_or_else(|| "Benefit Store".into()),
                sender_tax_id: match std::env::var("EDI_SENDER_TAX_ID") {
                    Ok(id) if id.trim().is_empty() => None,
                    Ok(id) => {
                        let digits: String = id.chars().filter(char::is_ascii_digit).collect();
                        anyhow::ensure!(
                            digits.len() == 9 && id.chars().all(|c| c.is_ascii_digit() || c == '-'),
                            "EDI_SENDER_TAX_ID={id} is not a federal tax id (nine digits, as 12-3456789)"
                        );
                        Some(digits)
                    }
                    Err(_) => None,
                },
                production: std::env::var("EDI_PRODUCTION").is_ok_and(|v| v == "1" || v.eq_ignore_ascii_case("true")),
                retention_days: match std::env::var("EDI_RETENTION_DAYS") {
                    Ok(days) => {
                        days.parse().with_context(|| format!("EDI_RETENTION_DAYS={days} is not a number of days"))?
                    }
                    Err(_) => 30,
                },
                sftp_key: edi_sftp_key,
            },
        })
    }

    /// Creates the data directory; the commands that store anything call it first.
    pub fn ensure_data_dir(&self) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.data_dir)
            .with_context(|| format!("cannot create DATA_DIR {}", self.data_dir.display()))?;
        // The database, its WAL, the keys and the outbox hold personal data: the directory is the owner's alone.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&self.data_dir, std::fs::Permissions::from_mode(0o700))
            .with_context(|| format!("cannot restrict DATA_DIR {}", self.data_dir.display()))
    }

    /// The keys, from the environment or (development) from files in the data directory, made on first use.
    pub fn keys(&self) -> anyhow::Result<Keys> {
        let data_key_id = match std::env::var("ENROLL_DATA_KEY_ID") {
            Ok(id) => {
                id.trim().parse().ok().filter(|id| *id > 0).with_context(|| format!("ENROLL_DATA_KEY_ID={id}"))?
            }
            Err(_) => 1,
        };
        Ok(Keys {
            data_key: key::<32>("ENROLL_DATA_KEY", &self.data_dir.join("keys/data.key"))?,
            data_key_id,
            retired_data_keys: retired_keys(&std::env::var("ENROLL_RETIRED_DATA_KEYS").unwrap_or_default())?,
            session_key: key::<64>("ENROLL_SESSION_KEY", &self.data_dir.join("keys/session.key"))?,
        })
    }

    /// The database without its credentials, for messages.
    pub fn database_label(&self) -> String {
        match self.database_url.split_once('@') {
            Some((scheme_user, host)) => {
                format!("{}://…@{}", scheme_user.split("://").next().unwrap_or("db"), host)
            }
            None => self.database_url.clone(),
        }
    }
}

/// `ENROLL_RETIRED_DATA_KEYS`: `id:base64` pairs separated by commas.
fn retired_keys(text: &str) -> anyhow::Result<Vec<(u32, [u8; 32])>> {
    let b64 = base64::engine::general_purpose::STANDARD;
    text.split(',')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (id, key) = pair.split_once(':').context("ENROLL_RETIRED_DATA_KEYS holds id:base64 pairs")?;
            let id: u32 = id.trim().parse().with_context(|| format!("retired data key id {id}"))?;
            let bytes = b64.decode(key.trim()).with_context(|| format!("retired data key {id} is not base64"))?;
            let key: [u8; 32] =
                bytes.try_into().map_err(|_| anyhow::anyhow!("retired data key {id} must be 32 bytes"))?;
            Ok((id, key))
        })
        .collect()
}

/// A key from the environment, or from a file in the data directory, created on first use. Development only gets
/// the file; a deployment sets the variable so every replica shares the key.
fn key<const N: usize>(variable: &str, file: &std::path::Path) -> anyhow::Result<[u8; N]> {
    let b64 = base64::engine::general_purpose::STANDARD;
    let text = match std::env::var(variable) {
        Ok(text) => text,
        Err(_) if file.exists() => {
            std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?
        }
        Err(_) => {
            let mut bytes = [0u8; N];
            rand::thread_rng().fill_bytes(&mut bytes);
            let text = b64.encode(bytes);
            std::fs::create_dir_all(file.parent().expect("a key file has a folder"))?;
            std::fs::write(file, &text).with_context(|| format!("cannot write {}", file.display()))?;
            restrict(file);
            tracing::info!(file = %file.display(), "generated a development key; set {variable} in production");
            text
        }
    };
    let bytes = b64.decode(text.trim()).with_context(|| format!("{variable} is not base64"))?;
    bytes.try_into().map_err(|_| anyhow::anyhow!("{variable} must be {N} bytes"))
}

#[cfg(unix)]
fn restrict(file: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600));
}

#[cfg(not(unix))]
fn restrict(_: &std::path::Path) {}
