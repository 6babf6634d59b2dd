//! Carriers' 834 files on their way: written whole to a carrier's drop folder, for the owner alone, or put on the
//! carrier's SFTP server. What goes in the files, and when, is `domain::carrier_files`'.
//!
//! SFTP goes through OpenSSH's own client (`sftp`, in batch mode), the reference implementation every carrier's
//! server is tested against, rather than an SSH library in the server: the Rust SFTP clients either bind C libraries
//! or carry a cryptography stack of their own to audit. The server's host key is pinned (a known-hosts file of that
//! key alone, `StrictHostKeyChecking=yes`), the store signs in with its key, and a file is put beside its name, made
//! the owner's alone and renamed into place, so that a carrier's pickup never reads half a file; putting it again
//! replaces it.

use std::path::{Path, PathBuf};

use crate::config::EdiSettings;

/// The folder a carrier's files are written to: `EDI_DIR/outbound/{receiver id}`.
pub fn outbound(settings: &EdiSettings, receiver_id: &str) -> PathBuf {
    settings.dir.join("outbound").join(engine::x12::element(receiver_id, 15).replace(['/', '\\', ' '], "_"))
}

/// Writes `bytes` at `path` as the owner's alone (0600, in a folder of the owner's alone): beside it first, synced,
/// then renamed into place, so that a carrier's pickup never reads half a file.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    let dir = path.parent().expect("a file in a folder");
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    let beside = dir.join(format!(".{}.part", path.file_name().and_then(|n| n.to_str()).unwrap_or("file")));
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&beside)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&beside, path)?;
    std::fs::File::open(dir)?.sync_all()
}

/// Puts `bytes` on the carrier's SFTP server as `dir/name`, signed in with `key`; the error says what the client said
/// (never the file's content).
pub fn put_sftp(target: &engine::catalogue::SftpTarget, key: &Path, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context;
    use std::io::Write;
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    // A folder of this put's own, the owner's alone: the file, the pinned host key and the client's commands.
    let work = std::env::temp_dir().join(format!("enroll-sftp-{}", crate::services::crypto::random_token()));
    std::fs::DirBuilder::new().mode(0o700).create(&work)?;
    let result = (|| {
        let private = |path: &Path, text: &[u8]| -> std::io::Result<()> {
            let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
            file.write_all(text)
        };
        let local = work.join(name);
        private(&local, bytes)?;
        let host = if target.port == 22 { target.host.clone() } else { format!("[{}]:{}", target.host, target.port) };
        private(&work.join("known_hosts"), format!("{host} {}\n", target.host_key.trim()).as_bytes())?;
        let dir = target.dir.trim_end_matches('/');
        let (part, whole) = (format!("{dir}/.{name}.part"), format!("{dir}/{name}"));
        // `-` lets a command fail without ending the batch: the old file is gone on a first put.
        let commands =
            format!("put {} {part}\nchmod 600 {part}\n-rm {whole}\nrename {part} {whole}\n", local.display());
        private(&work.join("batch"), commands.as_bytes())?;
        let out = std::process::Command::new("sftp")
            .arg("-b")
            .arg(work.join("batch"))
            .arg("-i")
            .arg(key)
            .arg("-o")
            .arg(format!("UserKnownHostsFile={}", work.join("known_hosts").display()))
            .args(["-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15"])
            .args(["-o", "IdentitiesOnly=yes", "-P", &target.port.to_string()])
            .arg(format!("{}@{}", target.user, target.host))
            .output()
            .context("the sftp client (OpenSSH) could not be run")?;
        if !out.status.success() {
            anyhow::bail!(
                "sftp to {}:{} failed: {}",
                target.host,
                target.port,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&work);
    result
}

/// A carrier's OpenPGP public key, read and checked: the key its files are encrypted to.
pub struct CarrierKey {
    key: pgp::composed::SignedPublicKey,
    /// Which of the key's parts encrypts: a subkey's index, or none for the primary key.
    subkey: Option<usize>,
}

/// Reads a carrier's armored public key (`pgp_key` in its settings) and finds the part of it files are encrypted to:
/// a subkey bound to the key for encryption, neither revoked nor expired, or else the primary key when it may
/// encrypt. The error says, in words, why none will do.
pub fn carrier_key(armored: &str) -> anyhow::Result<CarrierKey> {
    use anyhow::Context;
    use pgp::composed::{Deserializable, SignedPublicKey};
    use pgp::packet::SignatureType;
    use pgp::types::KeyDetails;
    let (key, _) = SignedPublicKey::from_reader_single(armored.trim().as_bytes())
        .context("the carrier's key is not an OpenPGP public key")?;
    key.verify_bindings().context("the carrier's key does not carry valid signatures of its own")?;
    let now = u64::from(pgp::types::Timestamp::now().as_secs());
    // An expiration time of 0 means none.
    let expired = |created: pgp::types::Timestamp, signature: &pgp::packet::Signature| {
        signature
            .key_expiration_time()
            .map(|lasts| lasts.as_secs())
            .is_some_and(|lasts| lasts != 0 && u64::from(created.as_secs()) + u64::from(lasts) <= now)
    };
    let subkey = key.public_subkeys.iter().position(|subkey| {
        let revoked = subkey.signatures.iter().any(|s| s.typ() == Some(SignatureType::SubkeyRevocation));
        // The latest binding says what the subkey is for now.
        let binding = subkey
            .signatures
            .iter()
            .filter(|s| s.typ() == Some(SignatureType::SubkeyBinding))
            .max_by_key(|s| s.created().map(|t| t.as_secs()));
        !revoked
            && subkey.key.algorithm().can_encrypt()
            && binding.is_some_and(|b| {
                let flags = b.key_flags();
                (flags.encrypt_comms() || flags.encrypt_storage()) && !expired(subkey.key.created_at(), b)
            })
    });
    if subkey.is_none() {
        let primary_may = key.primary_key.algorithm().can_encrypt()
            && key.details.users.iter().flat_map(|u| &u.signatures).any(|s| {
                let flags = s.key_flags();
                (flags.encrypt_comms() || flags.encrypt_storage()) && !expired(key.primary_key.created_at(), s)
            });
        anyhow::ensure!(
            primary_may,
            "the carrier's key has no part that may encrypt files (no encryption subkey that is neither revoked nor expired)"
        );
    }
    Ok(CarrierKey { key, subkey })
}

/// `bytes` encrypted to the carrier's key alone (AES-256), as a binary OpenPGP message carrying the file's `name`.
pub fn encrypt_for(key: &CarrierKey, name: &str, bytes: &[u8]) -> anyhow::Result<Vec<u8>> {
    use pgp::composed::MessageBuilder;
    use pgp::crypto::sym::SymmetricKeyAlgorithm;
    let rng = rand::rngs::OsRng;
    let mut builder =
        MessageBuilder::from_bytes(name.to_string(), bytes.to_vec()).seipd_v1(rng, SymmetricKeyAlgorithm::AES256);
    match key.subkey {
        Some(i) => builder.encrypt_to_key(rng, &key.key.public_subkeys[i])?,
        None => builder.encrypt_to_key(rng, &key.key)?,
    };
    Ok(builder.to_vec(rng)?)
}
