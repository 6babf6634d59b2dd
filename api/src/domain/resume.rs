//! Save & Continue Later: continue codes sent by e-mail, and resuming an enrollment with code and e-mail.
//!
//! A code is eight characters from an alphabet without look-alikes, stored only as its SHA-256 hash, valid for
//! [`CODE_DAYS`] days, and opens the enrollment only together with the address it was sent to. Redeeming it moves
//! the enrollment to the caller's session: the person may resume on another device.

use base64::Engine;
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::services::crypto::Crypto;
use crate::store;
use crate::store::continue_code::{self, ContinueCode};
use crate::store::{now, Db};

pub const CODE_DAYS: i64 = 30;
const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
pub const INVALID: &str = "Invalid enrollment code or e-mail address";
pub const LINK_INVALID: &str = "This link is not valid or has expired. Please continue with your enrollment code.";

/// The token of a direct-continue link: the enrollment, the saved tab and an expiry, sealed with the data key, so the
/// link cannot be forged, altered or used after it expires (the spec's plain base64 id would open anything).
pub fn direct_token(
    crypto: &Crypto,
    enrollment_id: i64,
    saved_tab: &str,
    expires: chrono::DateTime<chrono::Utc>,
) -> String {
    crypto.seal_token(&format!("direct-continue:{enrollment_id}:{saved_tab}:{}", expires.timestamp()))
}

/// Opens a direct-continue link for the caller's session; answers the enrollment id and saved tab.
pub async fn redeem_link(db: &Db, crypto: &Crypto, session: &Session, token: &str) -> ApiResult<(i64, String)> {
    let text = crypto.open_token(token).ok_or_else(|| ApiError::NotFound(LINK_INVALID.into()))?;
    let mut parts = text.split(':');
    let (Some("direct-continue"), Some(id), Some(tab), Some(expires), None) =
        (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    };
    let (Ok(id), Ok(expires)) = (id.parse::<i64>(), expires.parse::<i64>()) else {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    };
    if expires < chrono::Utc::now().timestamp() {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    }
    if !store::enrollment::move_enrollment(db, id, &session.0).await? {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    }
    Ok((id, tab.to_string()))
}

pub fn new_code() -> String {
    let mut rng = rand::thread_rng();
    (0..8).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}

pub fn hash(code: &str) -> String {
    let digest = Sha256::digest(code.trim().to_uppercase().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Stores a new code for the enrollment and queues the e-mail that carries it; answers the code.
pub async fn issue(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    enrollment_id: i64,
    email: &str,
    saved_tab: &str,
    public_url: &str,
    crypto: &Crypto,
) -> Result<String, sqlx::Error> {
    let code = new_code();
    let expires = chrono::Utc::now() + chrono::Duration::days(CODE_DAYS);
    let stored = ContinueCode {
        enrollment_id,
        email: email.to_lowercase(),
        saved_tab: saved_tab.to_string(),
        expires_at: expires.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    };
    continue_code::insert(tx, &hash(&code), &stored).await?;
    let body = format!(
        "Your enrollment has been saved.\n\n\
         Your enrollment code is: {code}\n\n\
         To continue, open {public_url}/continue-enrollment and enter this code with this e-mail address,\n\
         or open this link: {public_url}/direct-continue/{token}/{tab_b64}\n\
         The code is valid until {}.\n\n\
         If you did not ask for this code, you can ignore this message.\n",
        expires.format("%m/%d/%Y"),
        token = direct_token(crypto, enrollment_id, saved_tab, expires),
        tab_b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(saved_tab),
    );
    crate::store::outbox::enqueue(&mut **tx, "continue_code", email, "Your enrollment code", &body).await?;
    Ok(code)
}

/// Checks a code and e-mail and gives the enrollment to the caller's session; answers the id and saved tab.
pub async fn redeem(db: &Db, session: &Session, code: &str, email: &str) -> ApiResult<(i64, String)> {
    let stored = continue_code::find(db, &hash(code)).await?.ok_or_else(|| ApiError::field("code", INVALID))?;
    if !stored.email.eq_ignore_ascii_case(email.trim()) || stored.expires_at < now() {
        return Err(ApiError::field("code", INVALID));
    }
    store::enrollment::move_enrollment(db, stored.enrollment_id, &session.0).await?;
    Ok((stored.enrollment_id, stored.saved_tab))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_avoid_look_alike_characters_and_hash_the_same_whatever_the_case() {
        let code = new_code();
        assert_eq!(code.len(), 8);
        assert!(!code.contains(['0', 'O', '1', 'I']));
        assert_eq!(hash(&code), hash(&format!(" {} ", code.to_lowercase())));
        assert_ne!(hash(&code), code);
    }
}
