//! A member signs in after the sale, on any browser, with a code e-mailed to the address on their applications'
//! Contact Information (as reps sign in): the session then reads and acts on every policy that address holds, those
//! submitted in the member's own browser and those a rep enrolled them in (`policy_reader`). Nothing tells whether an
//! address holds a policy: the answer is the same, and a code is sent only where one is held.

use schemars::JsonSchema;
use serde::Serialize;

use crate::domain::access::{digest, holder_digest, CODE_SPENT, CODE_WRONG, SIGN_IN_GUESSES, SIGN_IN_MINUTES};
use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

/// The outbox kind of a member's sign-in code (and the per-address limit it counts against).
pub const MEMBER_SIGN_IN_MAIL: &str = "member_sign_in_code";

pub use crate::domain::access::CodeSent;

/// How many applications submitted before sign-in was recorded are made signable in one round.
const HOLDERS_A_ROUND: i64 = 500;

/// Lets members sign in to applications submitted before sign-in was recorded at submission: each is held by the
/// e-mail address its contact details give now (one without an address by no one, until a change gives it one).
/// Run when the server starts, a round at a time until none is left; answers how many a round recorded.
pub async fn hold_unheld(state: &AppState) -> ApiResult<usize> {
    let unheld = store::member_sign_in::without_holder(&state.db, HOLDERS_A_ROUND).await?;
    for &enrollment_id in &unheld {
        // No address holds it (none given, or its details do not open): a digest of nothing matches no address, and
        // it is not looked at again.
        let contact = match crate::domain::enrollment::covered::contact(state, enrollment_id).await {
            Ok(contact) => contact,
            Err(error) => {
                tracing::warn!(enrollment_id, %error, "an application's contact details could not be read");
                serde_json::Value::Null
            }
        };
        let held = contact["email_address"].as_str().and_then(holder_digest).unwrap_or_default();
        let _turn = store::write_turn(&state.db).await;
        let mut tx = state.db.begin().await?;
        store::member_sign_in::put_holder(&mut tx, enrollment_id, &held).await?;
        tx.commit().await?;
    }
    if !unheld.is_empty() {
        tracing::info!(count = unheld.len(), "applications submitted before member sign-in can now be signed in to");
    }
    Ok(unheld.len())
}

/// Sends a sign-in code to `email` when it holds a policy here; answers the same either way.
pub async fn send_code(state: &AppState, session: &Session, email: &str) -> ApiResult<CodeSent> {
    let address = engine::validation::normalized_email(email)
        .ok_or_else(|| ApiError::field("email", crate::domain::quote::INVALID_EMAIL))?;
    let held = holder_digest(&address).ok_or_else(|| ApiError::field("email", crate::domain::quote::INVALID_EMAIL))?;
    crate::services::mail::session_may_send(&session.0).map_err(|retry_after| ApiError::Throttled { retry_after })?;
    if let Err(retry_after) = crate::services::mail::take_send_to(&state.db, MEMBER_SIGN_IN_MAIL, &address).await? {
        return Err(ApiError::Throttled { retry_after });
    }
    let sent = CodeSent { sent_to: crate::domain::access::mask_email(&address), minutes: SIGN_IN_MINUTES };
    if store::member_sign_in::held_by(&state.db, &held).await?.is_empty() {
        tracing::info!("a member sign-in code was asked for an address that holds no policy; none was sent");
        return Ok(sent);
    }
    let code = {
        use rand::Rng;
        format!("{:06}", rand::thread_rng().gen_range(0..1_000_000))
    };
    let expires = chrono::Utc::now() + chrono::Duration::minutes(SIGN_IN_MINUTES);
    let expires_at = expires.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    use crate::language::{say, say_with};
    let body = format!(
        "{}\n\n{}\n{}\n",
        say_with("Your code to see your policies at the Benefit Store is: {code}", &[("code", &code)]),
        say_with(
            "It works once, for {minutes} minutes, in the browser that asked for it.",
            &[("minutes", &SIGN_IN_MINUTES)]
        ),
        say("If you did not ask for it, someone entered your e-mail address; nothing was shown to them, and you may ignore this e-mail."),
    );
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    store::member_sign_in::put_code(&mut tx, &session.0, &held, &digest(&code), &expires_at).await?;
    crate::services::mail::enqueue(
        &state.crypto,
        &mut *tx,
        MEMBER_SIGN_IN_MAIL,
        &address,
        say("Your code to see your policies"),
        &body,
    )
    .await?;
    tx.commit().await?;
    Ok(sent)
}

/// The code from the e-mail: the session, continued as `renewed`, may then read and act on every policy of the
/// address. Each guess is counted before it is compared, at most [`SIGN_IN_GUESSES`] for a code.
pub async fn sign_in(state: &AppState, session: &Session, renewed: &Session, code: &str) -> ApiResult<usize> {
    let code: String = code.chars().filter(char::is_ascii_digit).collect();
    let Some((expected, held)) = store::member_sign_in::count_guess(&state.db, &session.0, SIGN_IN_GUESSES).await?
    else {
        return Err(ApiError::field("code", CODE_SPENT));
    };
    let given = digest(&code);
    // Compared in constant time, as a rep's code is.
    let same =
        given.len() == expected.len() && given.bytes().zip(expected.bytes()).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0;
    if !same {
        return Err(ApiError::field("code", CODE_WRONG));
    }
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    if !store::member_sign_in::spend_code(&mut tx, &session.0, &expected).await? {
        return Err(ApiError::field("code", CODE_SPENT));
    }
    store::session_role::move_session(&mut tx, &session.0, &renewed.0).await?;
    let policies = store::member_sign_in::held_by(&mut *tx, &held).await?;
    store::member_sign_in::grant(&mut tx, &renewed.0, &policies).await?;
    tx.commit().await?;
    tracing::info!(policies = policies.len(), "a member signed in");
    Ok(policies.len())
}

/// A policy as the member's list shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PolicySummary {
    /// The application, to open its receipt with.
    pub enrollment_id: i64,
    /// The confirmation number.
    pub policy_id: String,
    /// Its first day of coverage, MM/DD/YYYY.
    pub effective: String,
    /// Its plans' names, and whom they cover.
    pub plans: Vec<String>,
    pub covered: Vec<String>,
}

/// The policies the session may read, newest first.
pub async fn policies(state: &AppState, session: &Session) -> ApiResult<Vec<PolicySummary>> {
    let mut listed = Vec::new();
    for row in store::member_sign_in::readable(&state.db, &session.0).await? {
        let plans = super::super::enrollment::covered::plans(state, row.enrollment_id)
            .await?
            .iter()
            .filter_map(|l| state.catalogue.plan(l.plan_id))
            .map(|p| p.plan_name.clone())
            .collect();
        let applicant = super::super::enrollment::covered::personal(state, row.enrollment_id).await?;
        let name = |v: &serde_json::Value| {
            [v["first_name"].as_str(), v["last_name"].as_str()].into_iter().flatten().collect::<Vec<_>>().join(" ")
        };
        let mut covered = vec![name(&applicant)];
        covered.extend(super::super::enrollment::covered::dependents(state, row.enrollment_id).await?.iter().map(
            |d| {
                [d.name.first_name.as_deref(), d.name.last_name.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" ")
            },
        ));
        let effective = row
            .effective_date
            .as_deref()
            .and_then(engine::dates::parse_mdy)
            .or_else(|| row.effective_date.as_deref().and_then(engine::dates::parse_iso));
        listed.push(PolicySummary {
            enrollment_id: row.enrollment_id,
            policy_id: row.policy_id,
            effective: effective.map(engine::dates::format_mdy).unwrap_or_default(),
            plans,
            covered,
        });
    }
    Ok(listed)
}
