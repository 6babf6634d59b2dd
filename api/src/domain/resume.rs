//! Save & Continue Later: continue codes sent by e-mail, and resuming an enrollment with code and e-mail.
//!
//! A code is eight characters from an alphabet without look-alikes, stored only as its SHA-256 hash, valid for
//! [`CODE_DAYS`] days, and opens the enrollment only together with the address it was sent to. Redeeming it moves
//! the enrollment to the caller's session: the person may resume on another device.
//!
//! A code and the direct link sent with it work once: the link's sealed token names the code, and using either takes
//! the code out of use. Saving for later again replaces the enrollment's earlier code (and link); submitting the
//! application revokes them. A link opened again in the browser that used it opens the application again (that
//! browser holds it already, so nothing is given away); anywhere else a spent link says so, and where to look.

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
/// A link whose code was used, or replaced by a newer save, opened in a browser that does not hold the application.
pub const LINK_USED: &str = "This link was already used, or a newer e-mail replaced it: each code and link works once. Open the newest e-mail we sent you, or continue in the browser where you used it.";

/// The token of a direct-continue link: the enrollment, the saved tab, an expiry and the code it goes with, sealed
/// with the data key, so the link cannot be forged, altered, used after it expires or after its code was used,
/// replaced or revoked (the spec's plain base64 id would open anything, forever).
pub fn direct_token(
    crypto: &Crypto,
    enrollment_id: i64,
    saved_tab: &str,
    expires: chrono::DateTime<chrono::Utc>,
    code_hash: &str,
) -> String {
    crypto.seal_token(&format!("direct-continue:{enrollment_id}:{saved_tab}:{}:{code_hash}", expires.timestamp()))
}

/// Opens a direct-continue link for the caller's session; answers the enrollment id and saved tab.
pub async fn redeem_link(
    db: &Db,
    local: &store::local::LocalReads,
    crypto: &Crypto,
    session: &Session,
    token: &str,
) -> ApiResult<(i64, String)> {
    let text = crypto.open_token(token).ok_or_else(|| ApiError::NotFound(LINK_INVALID.into()))?;
    let mut parts = text.split(':');
    let (Some("direct-continue"), Some(id), Some(tab), Some(expires), Some(code_hash), None) =
        (parts.next(), parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    };
    let (Ok(id), Ok(expires)) = (id.parse::<i64>(), expires.parse::<i64>()) else {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    };
    if expires < chrono::Utc::now().timestamp() {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    }
    let code = continue_code::find(db, code_hash).await?;
    if code.is_none_or(|c| c.enrollment_id != id) || !continue_code::delete(db, code_hash).await? {
        // Opened again in the browser that used it (which holds the application now): it opens the application
        // again, until it is submitted. Anywhere else it is spent.
        let held = store::enrollment::find_enrollment(db, local, &session.0, id).await?;
        if held.is_some_and(|row| row.policy_id.is_none()) {
            return Ok((id, tab.to_string()));
        }
        return Err(ApiError::NotFound(LINK_USED.into()));
    }
    if !store::enrollment::move_enrollment(db, id, &session.0).await? {
        return Err(ApiError::NotFound(LINK_INVALID.into()));
    }
    crate::services::metrics::count(crate::services::metrics::RESUMED);
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

/// Stores a new code for the enrollment and queues the e-mail that carries it, in `language`; answers the code.
pub async fn issue(
    tx: &mut sqlx::AnyConnection,
    enrollment_id: i64,
    email: &str,
    saved_tab: &str,
    public_url: &str,
    crypto: &Crypto,
    language: &str,
) -> Result<String, sqlx::Error> {
    let code = new_code();
    let expires = chrono::Utc::now() + chrono::Duration::days(CODE_DAYS);
    let stored = ContinueCode {
        enrollment_id,
        email: email.to_lowercase(),
        saved_tab: saved_tab.to_string(),
        expires_at: expires.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    };
    // The earlier code and link of this enrollment stop working: only the newest e-mail opens it.
    continue_code::delete_for_enrollment(&mut *tx, enrollment_id).await?;
    let code_hash = hash(&code);
    continue_code::insert(&mut *tx, &code_hash, &stored).await?;
    let (say, say_with) = (|id| engine::i18n::say(language, id), |t, v| engine::i18n::say_with(language, t, v));
    let link = format!(
        "{public_url}/direct-continue/{}/{}",
        direct_token(crypto, enrollment_id, saved_tab, expires, &code_hash),
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(saved_tab),
    );
    let body = format!(
        "{}\n\n{}\n\n{}\n{}\n{}\n\n{}\n",
        say("Your enrollment has been saved."),
        say_with("Your enrollment code is: {code}", &[("code", &code)]),
        say_with(
            "To continue, open {url}/continue-enrollment and enter this code with this e-mail address,",
            &[("url", &public_url)]
        ),
        say_with("or open this link: {link}", &[("link", &link)]),
        say_with(
            "The code, or this link, works once, until {date}. Each time you choose Save & Continue Later, we send a new one.",
            &[("date", &expires.format("%m/%d/%Y"))]
        ),
        say("If you did not ask for this code, you can ignore this message."),
    );
    crate::services::mail::enqueue(crypto, tx, "continue_code", email, say("Your enrollment code"), &body).await?;
    Ok(code)
}

/// Wrong guesses at one e-mail address's codes allowed in [`GUESS_WINDOW_MINUTES`], whoever makes them: the per
/// client throttle alone would let many clients share the work against one enrollment.
pub const GUESSES_PER_ADDRESS: i64 = 5;
pub const GUESS_WINDOW_MINUTES: i64 = 15;

/// Checks a code and e-mail and gives the enrollment to the caller's session; answers the id and saved tab. Each try
/// for an address is counted before the code is compared, so tries sent at once are each counted: after
/// [`GUESSES_PER_ADDRESS`] in [`GUESS_WINDOW_MINUTES`], even the right code waits (429). The right one forgets them.
pub async fn redeem(db: &Db, session: &Session, code: &str, email: &str) -> ApiResult<(i64, String)> {
    let address = engine::validation::normalized_email(email).unwrap_or_else(|| email.trim().to_lowercase());
    let tries = format!("continue-guess:{}", hash(&address));
    let window = chrono::Duration::minutes(GUESS_WINDOW_MINUTES);
    if let Err(retry_after) = store::quota::take(db, &tries, GUESSES_PER_ADDRESS as usize, window).await? {
        return Err(ApiError::Throttled { retry_after });
    }
    let code_hash = hash(code);
    let stored = match continue_code::find(db, &code_hash).await? {
        Some(stored) if stored.email.eq_ignore_ascii_case(&address) && stored.expires_at >= now() => stored,
        _ => return Err(ApiError::field("code", INVALID)),
    };
    store::quota::clear(db, &tries).await?;
    // Once: a second use, or a use racing this one, finds the code gone.
    if !continue_code::delete(db, &code_hash).await? {
        return Err(ApiError::field("code", INVALID));
    }
    store::enrollment::move_enrollment(db, stored.enrollment_id, &session.0).await?;
    crate::services::metrics::count(crate::services::metrics::RESUMED);
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
