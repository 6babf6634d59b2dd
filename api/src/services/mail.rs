//! E-mail: an outbox table and a background sender with retries.
//!
//! A message is written to the outbox in the same transaction as what it announces (a continue code, later a
//! receipt), so it is never lost and never sent for something that was rolled back; its body is sealed with the data
//! key (it carries codes, links and personal data) and emptied once delivered. The sender claims due messages with a
//! lease before sending them, so any number of replicas send each message once (a replica that dies mid-send leaves a
//! lease that runs out, and the message goes out later: at least once, never lost). It sends [`PARALLEL`] at a time,
//! and on failure retries with a growing delay, up to [`MAX_ATTEMPTS`]. Every message carries a key the receiver can
//! deduplicate by: a Message-ID per outbox row for mail, an `Idempotency-Key` header for the invoice call.
//!
//! Delivery is by SMTP when `SMTP_URL` names a
//! relay (`smtp://host:port`, plain SMTP to a relay that handles onward TLS), and otherwise to `.eml` files under
//! `DATA_DIR/outbox` (lettre's file transport), which a person or a local relay can pick up.

use std::path::PathBuf;
use std::time::Duration;

use crate::services::crypto::Crypto;
use crate::services::lifecycle::Stopping;
use crate::store::outbox::{self, OutboxMessage};
use crate::store::Db;
use anyhow::Context;
use lettre::message::Mailbox;
use lettre::{FileTransport, Message, SmtpTransport, Transport};

pub const MAX_ATTEMPTS: i64 = 8;
/// How many messages the sender has in flight at once.
pub const PARALLEL: usize = 16;
/// How many messages one claim takes.
const BATCH: i64 = 64;
/// How long a claim holds a message for one sender: longer than an SMTP conversation's timeout.
const LEASE_SECONDS: i64 = 120;

/// The outbox kind of the invoice auto-generation call: its recipient is the admin service's URL and its body the
/// JSON to POST there. It rides the outbox so that it, too, is made exactly when a submission holds and retried.
pub const INVOICE: &str = "invoice";

#[derive(Clone)]
enum Delivery {
    Files(PathBuf),
    Smtp(SmtpTransport),
}

/// The outbox kind of a text message: its recipient is a phone number (ten digits) and its body the text.
pub const TEXT: &str = "text";

/// Where text messages go: a text-message gateway's HTTP endpoint, or (no gateway connected) files a person can read,
/// which are not delivered to anyone's phone.
#[derive(Clone, Debug)]
pub enum Texts {
    Gateway(String),
    Files(PathBuf),
}

#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    delivery: Delivery,
    texts: Option<Texts>,
    /// Opens the outbox's sealed bodies.
    crypto: Crypto,
}

impl Mailer {
    /// Delivers into `.eml` files in `dir`.
    pub fn to_files(from: &str, dir: PathBuf, crypto: Crypto) -> anyhow::Result<Mailer> {
        private_dir(&dir)?;
        Ok(Mailer { from: sender(from)?, delivery: Delivery::Files(dir), texts: None, crypto })
    }

    /// Delivers to an SMTP relay named `smtp://host:port`.
    pub fn to_smtp(from: &str, url: &str, crypto: Crypto) -> anyhow::Result<Mailer> {
        let rest = url.strip_prefix("smtp://").with_context(|| format!("SMTP_URL {url} must start with smtp://"))?;
        let rest = rest.trim_end_matches('/');
        let (host, port) = match rest.rsplit_once(':') {
            Some((host, port)) => (host, port.parse().with_context(|| format!("SMTP_URL {url}: bad port"))?),
            None => (rest, 25),
        };
        let transport =
            SmtpTransport::builder_dangerous(host).port(port).timeout(Some(Duration::from_secs(20))).build();
        Ok(Mailer { from: sender(from)?, delivery: Delivery::Smtp(transport), texts: None, crypto })
    }

    /// Sends text messages by `texts`.
    pub fn with_texts(mut self, texts: Texts) -> anyhow::Result<Mailer> {
        if let Texts::Files(dir) = &texts {
            private_dir(dir)?;
        }
        self.texts = Some(texts);
        Ok(self)
    }

    /// Whether text messages reach phones (a gateway is connected), rather than files on the server.
    pub fn texts_delivered(&self) -> bool {
        matches!(self.texts, Some(Texts::Gateway(_)))
    }

    /// The folder texts are written to, when no gateway is connected.
    pub fn texts_dir(&self) -> Option<&PathBuf> {
        match &self.texts {
            Some(Texts::Files(dir)) => Some(dir),
            _ => None,
        }
    }

    /// Sends a text message: to the gateway, with the outbox row as its idempotency key, or into a file.
    async fn text(&self, outbox_id: i64, to: &str, body: &str) -> anyhow::Result<()> {
        match &self.texts {
            Some(Texts::Gateway(url)) => {
                let message = serde_json::json!({ "to": format!("+1{to}"), "body": body }).to_string();
                post_json(url, &message, &format!("outbox-{outbox_id}")).await
            }
            Some(Texts::Files(dir)) => {
                use std::io::Write;
                use std::os::unix::fs::OpenOptionsExt;
                let file = dir.join(format!("outbox-{outbox_id}.txt"));
                let mut out =
                    std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&file)?;
                out.write_all(format!("To: {to}\n\n{body}\n").as_bytes())?;
                Ok(())
            }
            None => anyhow::bail!("no way to send text messages is set up"),
        }
    }

    /// The folder `.eml` files are written to, when delivering to files.
    pub fn dir(&self) -> Option<&PathBuf> {
        match &self.delivery {
            Delivery::Files(dir) => Some(dir),
            Delivery::Smtp(_) => None,
        }
    }

    /// The Message-ID of an outbox row: the same on every attempt, so a relay or mailbox can drop a repeat.
    fn message_id(&self, outbox_id: i64) -> String {
        format!("<outbox-{outbox_id}@{}>", self.from.email.domain())
    }

    fn send(&self, outbox_id: i64, to: &str, subject: &str, body: &str) -> anyhow::Result<()> {
        let message = Message::builder()
            .message_id(Some(self.message_id(outbox_id)))
            .from(self.from.clone())
            .to(to.parse().with_context(|| format!("{to} is not an address"))?)
            .subject(subject)
            .body(body.to_string())?;
        match &self.delivery {
            Delivery::Files(dir) => {
                let id = FileTransport::new(dir).send(&message)?;
                // The message carries a code or personal data: the owner's alone, like the folder.
                use std::os::unix::fs::PermissionsExt;
                let file = dir.join(format!("{id}.eml"));
                std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))
                    .with_context(|| format!("cannot restrict {}", file.display()))?;
            }
            Delivery::Smtp(transport) => transport.send(&message).map(|_| ())?,
        }
        Ok(())
    }
}

/// Creates `dir` for messages: they carry codes, links and personal data, so it is the owner's alone.
fn private_dir(dir: &PathBuf) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
        .with_context(|| format!("cannot restrict {}", dir.display()))
}

fn sender(from: &str) -> anyhow::Result<Mailbox> {
    from.parse().with_context(|| format!("MAIL_FROM {from} is not an address"))
}

/// How many e-mails of one kind one address receives in an hour at most: the store does not become a way to flood
/// someone's mailbox with codes or quotes.
pub const PER_ADDRESS_PER_HOUR: i64 = 5;

/// How many e-mails (continue codes and quotes together) one session may have the store send in an hour.
pub const PER_SESSION_PER_HOUR: u32 = 10;

static SESSION_MAIL: std::sync::LazyLock<governor::DefaultKeyedRateLimiter<String>> = std::sync::LazyLock::new(|| {
    let per_hour = std::num::NonZeroU32::new(PER_SESSION_PER_HOUR).expect("not zero");
    governor::RateLimiter::keyed(governor::Quota::per_hour(per_hour))
});

/// Whether the session may have another e-mail sent now; when not, how many seconds until it may. Per replica: a
/// session's requests mostly reach one replica, and the per-address limit below holds across all of them.
pub fn session_may_send(session_id: &str) -> Result<(), u64> {
    use governor::clock::{Clock, DefaultClock};
    SESSION_MAIL
        .check_key(&session_id.to_string())
        .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()).as_secs().max(1))
}

/// Counts another e-mail of `kind` to `to` (a normalised address, `engine::validation::normalized_email`), or answers
/// how many seconds until one may go. Atomic across replicas: e-mails asked for at the same moment are each counted,
/// and at most [`PER_ADDRESS_PER_HOUR`] go in any hour. The address is counted by its SHA-256, never kept.
pub async fn take_send_to(db: &Db, kind: &str, to: &str) -> Result<Result<(), u64>, sqlx::Error> {
    use sha2::Digest;
    let digest: String = sha2::Sha256::digest(to.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    crate::store::quota::take(
        db,
        &format!("mail:{kind}:{digest}"),
        PER_ADDRESS_PER_HOUR as usize,
        chrono::Duration::hours(1),
    )
    .await
}

/// Adds a message to the outbox, its body sealed; call it inside the transaction that makes the message true. An
/// e-mail is composed in the language of the request that sends it, while that request is answered (the store's
/// messages said in it: [`crate::language::say`]); the writer runs transactions on a task of its own,
/// where the request's language is not known. A call to another service (the invoice) is data and goes as it is.
pub async fn enqueue<'c, E>(
    crypto: &Crypto,
    executor: E,
    kind: &str,
    to: &str,
    subject: &str,
    body: &str,
) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    outbox::enqueue(executor, kind, to, subject, &crypto.encrypt(body)).await
}

/// Sends one claimed message.
async fn deliver(mailer: &Mailer, message: OutboxMessage) -> (i64, i64, anyhow::Result<()>) {
    let OutboxMessage { outbox_id: id, kind, recipient: to, subject, body, attempts } = message;
    let Some(body) = mailer.crypto.decrypt(&body) else {
        return (id, attempts, Err(anyhow::anyhow!("the message does not open with this data key")));
    };
    let outcome = if kind == INVOICE {
        post_json(&to, &body, &format!("outbox-{id}")).await
    } else if kind == TEXT {
        mailer.text(id, &to, &body).await
    } else {
        let mailer = mailer.clone();
        match tokio::task::spawn_blocking(move || mailer.send(id, &to, &subject, &body)).await {
            Ok(outcome) => outcome,
            Err(error) => Err(error.into()),
        }
    };
    (id, attempts, outcome)
}

/// Claims and sends every message that is due, [`PARALLEL`] at a time; answers how many were sent.
pub async fn deliver_due(db: &Db, mailer: &Mailer) -> anyhow::Result<usize> {
    deliver_due_until(db, mailer, &Stopping::never()).await
}

/// [`deliver_due`], until the sender is told to stop: from then on it takes no new message, finishes those in flight,
/// and gives back the rest of its claim, so another replica's sender takes them at once rather than when the lease
/// runs out.
pub async fn deliver_due_until(db: &Db, mailer: &Mailer, stopping: &Stopping) -> anyhow::Result<usize> {
    let token = crate::services::crypto::random_token();
    let mut sent = 0;
    loop {
        let lease_until = (chrono::Utc::now() + chrono::Duration::seconds(LEASE_SECONDS))
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let claimed = outbox::claim(db, &token, &lease_until, MAX_ATTEMPTS, BATCH).await?;
        let full = claimed.len() as i64 == BATCH;
        let mut in_flight = tokio::task::JoinSet::new();
        let mut queue = claimed.into_iter();
        loop {
            while in_flight.len() < PARALLEL && !stopping.is_stopped() {
                let Some(message) = queue.next() else { break };
                let mailer = mailer.clone();
                in_flight.spawn(async move { deliver(&mailer, message).await });
            }
            let Some(done) = in_flight.join_next().await else { break };
            let (id, attempts, outcome) = done?;
            match outcome {
                Ok(()) => {
                    outbox::mark_sent(db, id, &token).await?;
                    sent += 1;
                }
                Err(error) => {
                    let delay = chrono::Duration::seconds(30 * (1 << attempts.min(10)));
                    let next = (chrono::Utc::now() + delay).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
                    tracing::warn!(outbox_id = id, attempts = attempts + 1, error = %error, "delivery failed; will retry");
                    outbox::mark_failed(db, id, &token, &error.to_string(), &next).await?;
                }
            }
        }
        if stopping.is_stopped() {
            outbox::release(db, &token).await?;
            return Ok(sent);
        }
        if !full {
            return Ok(sent);
        }
    }
}

/// POSTs `body` as JSON to an `http://host[:port]/path` URL and expects a 2xx answer. Plain HTTP only: the admin
/// service and a text gateway are reached inside the deployment (no TLS client is built into the server).
pub async fn post_json(url: &str, body: &str, idempotency_key: &str) -> anyhow::Result<()> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").with_context(|| format!("{url} must start with http://"))?;
    let (authority, path) = rest.split_once('/').map_or((rest, "/".to_string()), |(a, p)| (a, format!("/{p}")));
    let address = if authority.contains(':') { authority.to_string() } else { format!("{authority}:80") };
    let mut stream = tokio::time::timeout(Duration::from_secs(10), tokio::net::TcpStream::connect(&address))
        .await
        .with_context(|| format!("{url} did not answer in time"))??;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Idempotency-Key: {idempotency_key}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .with_context(|| format!("{url} did not answer in time"))??;
    let status_line = String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_string();
    match status_line.split_whitespace().nth(1) {
        Some(code) if code.starts_with('2') => Ok(()),
        _ => anyhow::bail!("{url} answered {status_line:?}"),
    }
}

/// Runs the sender for the life of the server.
pub fn spawn_sender(db: Db, mailer: Mailer, mut stopping: Stopping) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(error) = deliver_due_until(&db, &mailer, &stopping).await {
                tracing::error!(error = ?error, "outbox sender");
            }
            if stopping.sleep(Duration::from_secs(2)).await {
                tracing::info!("the outbox sender finished what it held");
                return;
            }
        }
    })
}
