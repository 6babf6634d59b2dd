//! A group's administrator signs in on any browser with a code e-mailed to the group's e-mail on file, as reps do,
//! besides the group's sealed link. Nothing tells whether an address administers a group: the answer is the same,
//! and a code is sent only where one does.

use engine::catalogue::Group;

use crate::domain::access::{self, CodeSent, CodeWords, Codes, Grant, CODE_SPENT, SIGN_IN_MINUTES};
use crate::domain::session::Session;
use crate::domain::site::{self, Arrived};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The outbox kind of an administrator's sign-in code (and the per-address limit it counts against).
pub const ADMIN_SIGN_IN_MAIL: &str = "group_admin_sign_in_code";

/// The group `address` administers: the one whose e-mail on file it is. An address on file for several groups signs
/// in to the first of them by group number (one console at a time; a link opens any other).
fn administered_by<'s>(state: &'s AppState, address: &str) -> Option<&'s Group> {
    let mut groups: Vec<&Group> = state
        .catalogue
        .groups
        .values()
        .filter(|g| {
            g.email
                .as_deref()
                .and_then(engine::validation::normalized_email)
                .is_some_and(|e| e.eq_ignore_ascii_case(address))
        })
        .collect();
    groups.sort_by_key(|g| g.group_id);
    groups.first().copied()
}

/// Sends a sign-in code to `email` when it is a group's e-mail on file; answers where it went, masked, either way.
pub async fn send_code(state: &AppState, session: &Session, email: &str) -> ApiResult<CodeSent> {
    let address = engine::validation::normalized_email(email)
        .ok_or_else(|| ApiError::field("email", crate::domain::quote::INVALID_EMAIL))?
        .to_lowercase();
    access::may_send(state, session, ADMIN_SIGN_IN_MAIL, &address).await?;
    let sent = CodeSent { sent_to: access::mask_email(&address), minutes: SIGN_IN_MINUTES };
    let Some(group) = administered_by(state, &address) else {
        tracing::info!("an administrator's sign-in code was asked for an address that is no group's; none was sent");
        return Ok(sent);
    };
    use crate::language::{say, say_with};
    let words = CodeWords {
        code: |code| say_with("Your code to open your employer console at the Benefit Store is: {code}", &[("code", &code)]),
        subject: say("Your code to open your employer console"),
        not_asked: say(
            "If you did not ask for it, someone entered your group's e-mail address; nothing was shown to them, and you may ignore this e-mail."
        ),
    };
    access::send_code(state, session, Codes::GroupAdmin, group.group_id, ADMIN_SIGN_IN_MAIL, &address, &words).await?;
    Ok(sent)
}

/// The code from the e-mail: the session, continued as `renewed`, administers the group, on the group's site. Each
/// guess is counted before it is compared.
pub async fn sign_in<'s>(
    state: &'s AppState,
    session: &Session,
    renewed: &Session,
    code: &str,
) -> ApiResult<&'s Group> {
    let (group_id, spend) = access::check_sign_in_code(&state.db, Codes::GroupAdmin, session, code).await?;
    let group = state.catalogue.groups.get(&group_id).ok_or_else(|| ApiError::field("code", CODE_SPENT))?;
    if !access::grant(&state.db, Some(session), renewed, Grant::GroupAdmin(group_id), &spend).await? {
        return Err(ApiError::field("code", CODE_SPENT));
    }
    site::remember(state, renewed, &Arrived::group_site(group)).await?;
    tracing::info!(group_id, "a group administrator signed in by code");
    Ok(group)
}
