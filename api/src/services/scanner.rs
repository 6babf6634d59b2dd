//! The virus scanner every uploaded document goes through before it is kept: ClamAV's daemon, `clamd`, spoken to with
//! its INSTREAM command (the file in chunks, each with its length as four big-endian bytes, then an empty chunk; the
//! daemon answers `stream: OK` or `stream: NAME FOUND`). `CLAMD_ADDRESS` says where it listens: `tcp:HOST:PORT`, or
//! the path of its Unix socket. With none, documents are refused (never kept unscanned), and the member is told to
//! try again later.

use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// How long a scan may take before the document is refused for now: clamd reads a few megabytes in well under a
/// second.
const SCAN_TIMEOUT: Duration = Duration::from_secs(30);

/// The size of each chunk sent (clamd's own default StreamMaxLength is 25 MB; a chunk is well under it).
const CHUNK: usize = 64 * 1024;

/// Where clamd listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scanner {
    Tcp(String),
    Unix(std::path::PathBuf),
    /// None is configured: every document is refused.
    None,
}

/// What a scan found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Clean,
    /// A threat, by the scanner's name for it.
    Infected(String),
    /// The scanner could not be reached or did not answer: the file is not kept.
    Unavailable(String),
}

impl Scanner {
    /// The scanner at `address` (`tcp:HOST:PORT`, or a socket's path); none when it is empty.
    pub fn at(address: Option<&str>) -> Scanner {
        match address.map(str::trim).filter(|a| !a.is_empty()) {
            None => Scanner::None,
            Some(a) => match a.strip_prefix("tcp:") {
                Some(host_port) => Scanner::Tcp(host_port.to_string()),
                None => Scanner::Unix(a.into()),
            },
        }
    }

    /// Scans `content`.
    pub async fn scan(&self, content: &[u8]) -> Verdict {
        let answer = match self {
            Scanner::None => return Verdict::Unavailable("no scanner is configured (CLAMD_ADDRESS)".into()),
            Scanner::Tcp(address) => match tokio::net::TcpStream::connect(address).await {
                Ok(stream) => tokio::time::timeout(SCAN_TIMEOUT, instream(stream, content)).await,
                Err(e) => return Verdict::Unavailable(format!("clamd at {address}: {e}")),
            },
            Scanner::Unix(path) => match tokio::net::UnixStream::connect(path).await {
                Ok(stream) => tokio::time::timeout(SCAN_TIMEOUT, instream(stream, content)).await,
                Err(e) => return Verdict::Unavailable(format!("clamd at {}: {e}", path.display())),
            },
        };
        match answer {
            Err(_) => Verdict::Unavailable("clamd did not answer in time".into()),
            Ok(Err(e)) => Verdict::Unavailable(format!("clamd: {e}")),
            Ok(Ok(reply)) => verdict(&reply),
        }
    }
}

/// clamd's reply read: `stream: OK`, `stream: NAME FOUND`, or an error (`INSTREAM size limit exceeded. ERROR`).
fn verdict(reply: &str) -> Verdict {
    let reply = reply.trim_end_matches(['\0', '\n']).trim();
    let said = reply.strip_prefix("stream:").map(str::trim).unwrap_or(reply);
    if said == "OK" {
        Verdict::Clean
    } else if let Some(name) = said.strip_suffix("FOUND") {
        Verdict::Infected(name.trim().to_string())
    } else {
        Verdict::Unavailable(format!("clamd answered {reply:?}"))
    }
}

async fn instream<S: AsyncRead + AsyncWrite + Unpin>(mut stream: S, content: &[u8]) -> std::io::Result<String> {
    stream.write_all(b"zINSTREAM\0").await?;
    for chunk in content.chunks(CHUNK) {
        stream.write_all(&(chunk.len() as u32).to_be_bytes()).await?;
        stream.write_all(chunk).await?;
    }
    stream.write_all(&0u32.to_be_bytes()).await?;
    stream.flush().await?;
    let mut reply = Vec::new();
    stream.take(4096).read_to_end(&mut reply).await?;
    Ok(String::from_utf8_lossy(&reply).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamds_replies_read_as_clean_infected_or_unavailable() {
        assert_eq!(verdict("stream: OK\0"), Verdict::Clean);
        assert_eq!(verdict("stream: Eicar-Signature FOUND\0"), Verdict::Infected("Eicar-Signature".into()));
        assert!(matches!(verdict("INSTREAM size limit exceeded. ERROR\0"), Verdict::Unavailable(_)));
        assert_eq!(Scanner::at(Some("tcp:127.0.0.1:3310")), Scanner::Tcp("127.0.0.1:3310".into()));
        assert_eq!(Scanner::at(Some("/run/clamav/clamd.ctl")), Scanner::Unix("/run/clamav/clamd.ctl".into()));
        assert_eq!(Scanner::at(Some(" ")), Scanner::None);
    }
}
