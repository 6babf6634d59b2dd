//! Encryption at rest of sensitive fields (AES-256-GCM, a fresh nonce per value).

use aes_gcm::aead::{Aead, KeyInit, OsRng};
use aes_gcm::{AeadCore, Aes256Gcm, Key, Nonce};
use base64::Engine;

const PREFIX: &str = "enc:v1:";

#[derive(Clone)]
pub struct Crypto {
    cipher: Aes256Gcm,
}

impl Crypto {
    pub fn new(key: &[u8; 32]) -> Crypto {
        Crypto { cipher: Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(key)) }
    }

    pub fn encrypt(&self, plain: &str) -> String {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self.cipher.encrypt(&nonce, plain.as_bytes()).expect("AES-GCM encryption cannot fail");
        let mut bytes = nonce.to_vec();
        bytes.extend(sealed);
        format!("{PREFIX}{}", base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    /// A URL-safe token carrying `plain`, unreadable and tamper-evident without the key.
    pub fn seal_token(&self, plain: &str) -> String {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self.cipher.encrypt(&nonce, plain.as_bytes()).expect("AES-GCM encryption cannot fail");
        let mut bytes = nonce.to_vec();
        bytes.extend(sealed);
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The text of a token from [`Crypto::seal_token`]; `None` when it was altered or sealed with another key.
    pub fn open_token(&self, token: &str) -> Option<String> {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token).ok()?;
        self.open(&bytes)
    }

    fn open(&self, bytes: &[u8]) -> Option<String> {
        if bytes.len() < 12 {
            return None;
        }
        let (nonce, body) = bytes.split_at(12);
        let plain = self.cipher.decrypt(Nonce::from_slice(nonce), body).ok()?;
        String::from_utf8(plain).ok()
    }

    /// `None` for a value that is not ours or was sealed with another key.
    pub fn decrypt(&self, sealed: &str) -> Option<String> {
        let bytes = base64::engine::general_purpose::STANDARD.decode(sealed.strip_prefix(PREFIX)?).ok()?;
        self.open(&bytes)
    }
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
}
