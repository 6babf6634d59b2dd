//! Encryption at rest of sensitive fields (AES-256-GCM, a fresh nonce per value), with key ids for rotation.

use aes_gcm::aead::{Aead, KeyInit, OsRng};
use aes_gcm::{AeadCore, Aes256Gcm, Key, Nonce};
use base64::Engine;

/// A value sealed before key ids: sealed with the first data key (id 1).
const LEGACY_PREFIX: &str = "enc:v1:";

/// Seals and opens with the data keys: the current one seals, and every key still known (the current one and the
/// retired ones) opens what it sealed. A sealed value names its key, `enc:k{id}:` + base64 of nonce and ciphertext, so
/// a new key can be introduced without rewriting old rows; a row is sealed again with the current key when it is
/// next saved.
#[derive(Clone)]
pub struct Crypto {
    current: (u32, Aes256Gcm),
    retired: Vec<(u32, Aes256Gcm)>,
}

fn cipher(key: &[u8; 32]) -> Aes256Gcm {
    Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(key))
}

impl Crypto {
    /// One data key, id 1.
    pub fn new(key: &[u8; 32]) -> Crypto {
        Crypto::with_keys(1, key, &[])
    }

    /// The data keys of the configuration.
    pub fn from_keys(keys: &crate::config::Keys) -> Crypto {
        Crypto::with_keys(keys.data_key_id, &keys.data_key, &keys.retired_data_keys)
    }

    /// The current key with its id, and the retired keys still needed to open older values.
    pub fn with_keys(current_id: u32, current: &[u8; 32], retired: &[(u32, [u8; 32])]) -> Crypto {
        Crypto {
            current: (current_id, cipher(current)),
            retired: retired.iter().filter(|(id, _)| *id != current_id).map(|(id, key)| (*id, cipher(key))).collect(),
        }
    }

    fn keys(&self) -> impl Iterator<Item = &(u32, Aes256Gcm)> {
        std::iter::once(&self.current).chain(self.retired.iter())
    }

    fn key(&self, id: u32) -> Option<&Aes256Gcm> {
        self.keys().find(|(k, _)| *k == id).map(|(_, cipher)| cipher)
    }

    fn seal_bytes(&self, plain: &str) -> Vec<u8> {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self.current.1.encrypt(&nonce, plain.as_bytes()).expect("AES-GCM encryption cannot fail");
        let mut bytes = nonce.to_vec();
        bytes.extend(sealed);
        bytes
    }

    pub fn encrypt(&self, plain: &str) -> String {
        let bytes = self.seal_bytes(plain);
        format!("enc:k{}:{}", self.current.0, base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    /// A URL-safe token carrying `plain`, unreadable and tamper-evident without the key.
    pub fn seal_token(&self, plain: &str) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(self.seal_bytes(plain))
    }

    /// The text of a token from [`Crypto::seal_token`]; `None` when it was altered or sealed with no key known here.
    /// (Tokens are short-lived and carry no key id: each known key is tried.)
    pub fn open_token(&self, token: &str) -> Option<String> {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token).ok()?;
        self.keys().find_map(|(_, cipher)| open(cipher, &bytes))
    }

    /// `None` for a value that is not ours or was sealed with a key not known here.
    pub fn decrypt(&self, sealed: &str) -> Option<String> {
        let b64 = base64::engine::general_purpose::STANDARD;
        if let Some(rest) = sealed.strip_prefix("enc:k") {
            let (id, body) = rest.split_once(':')?;
            let cipher = self.key(id.parse().ok()?)?;
            return open(cipher, &b64.decode(body).ok()?);
        }
        let bytes = b64.decode(sealed.strip_prefix(LEGACY_PREFIX)?).ok()?;
        open(self.key(1)?, &bytes)
    }

    /// The ids of every key known here: the current one first, then the retired ones.
    pub fn key_ids(&self) -> Vec<u32> {
        self.keys().map(|(id, _)| *id).collect()
    }

    /// The id of the key that seals new values.
    pub fn current_key_id(&self) -> u32 {
        self.current.0
    }
}

fn open(cipher: &Aes256Gcm, bytes: &[u8]) -> Option<String> {
    if bytes.len() < 12 {
        return None;
    }
    let (nonce, body) = bytes.split_at(12);
    let plain = cipher.decrypt(Nonce::from_slice(nonce), body).ok()?;
    String::from_utf8(plain).ok()
}

/// A random 128-bit token, hex (a claim's owner, a nonce).
pub fn random_token() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether two texts are equal, in a time that does not depend on where they first differ (for credentials).
pub fn same_text(given: &str, expected: &str) -> bool {
    let (a, b) = (given.as_bytes(), expected.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether a request's `Authorization` header is exactly `expected` (compared with [`same_text`]).
pub fn authorization_is(headers: &axum::http::HeaderMap, expected: &str) -> bool {
    let given = headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or_default();
    same_text(given, expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_with_its_key_only_and_never_shows_the_plain_text() {
        let crypto = Crypto::new(&[7u8; 32]);
        let sealed = crypto.encrypt("123456789");
        assert!(!sealed.contains("123456789"));
        assert_ne!(sealed, crypto.encrypt("123456789"), "a fresh nonce per value");
        assert_eq!(crypto.decrypt(&sealed).as_deref(), Some("123456789"));
        assert_eq!(Crypto::new(&[8u8; 32]).decrypt(&sealed), None);
    }

    #[test]
    fn a_new_data_key_seals_new_values_while_the_retired_one_still_opens_old_ones() {
        let before = Crypto::new(&[7u8; 32]);
        let old = before.encrypt("219091234");
        assert!(old.starts_with("enc:k1:"), "{old}");
        let old_token = before.seal_token("member:5001:9999999999");
        let after = Crypto::with_keys(2, &[9u8; 32], &[(1, [7u8; 32])]);
        assert_eq!(after.decrypt(&old).as_deref(), Some("219091234"));
        assert_eq!(after.open_token(&old_token).as_deref(), Some("member:5001:9999999999"));
        let new = after.encrypt("219091234");
        assert!(new.starts_with("enc:k2:"), "{new}");
        assert_eq!(before.decrypt(&new), None, "the old key alone does not open what the new one sealed");
        let forgotten = Crypto::with_keys(2, &[9u8; 32], &[]);
        assert_eq!(forgotten.decrypt(&old), None, "once retired keys are dropped, their values no longer open");
    }

    #[test]
    fn a_value_sealed_before_key_ids_opens_with_key_one() {
        let crypto = Crypto::new(&[7u8; 32]);
        let bytes = crypto.seal_bytes("123456789");
        let legacy = format!("enc:v1:{}", base64::engine::general_purpose::STANDARD.encode(bytes));
        assert_eq!(crypto.decrypt(&legacy).as_deref(), Some("123456789"));
    }
}
