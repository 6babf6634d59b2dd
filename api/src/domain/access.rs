//! Entry by access code, and signing in.
//!
//! A rep access code and a group enrollment code are public (the rep's landing page and the group's menu answer
//! them): they brand a session, and an enrollment started in it takes its process (eprocess), rep and group from
//! here; the ids a browser sends (agent_id, group_id) are only a choice among what the session may do, never a
//! grant. A code changes the session only when the person confirms it (`grant`); looking a code up changes nothing.
//!
//! Seeing a rep's members and their records, sending the rep's quotes and enrolling an existing member take a
//! signed-in rep: a hand-off link from the rep dashboard (`rep_link`, single use, minutes) or a one-time code sent to
//! the rep's e-mail on file (`send_sign_in_code`, `sign_in_with_code`). A group's administrator comes in by a sealed
//! link. Every gain of a role continues the session under a new id, so an id seen before is worth nothing after.

use sha2::Digest;

use crate::domain::session::Session;
use crate::error::{ApiError, ApiResult};
use crate::services::crypto::Crypto;
use crate::state::AppState;
use crate::store;
use crate::store::session_role;
/// Whose sign-in codes: a rep's or a group administrator's.
pub use crate::store::session_role::Codes;
use crate::store::Db;

pub const INVALID_REP_CODE: &str = "Invalid Rep Access Code";
pub const CHOOSE_GROUP: &str = "Please choose a group";
pub const CHOOSE_PLATFORM: &str = "Please choose a platform";
/// What a page for reps says to anyone else.
pub const ENTER_REP_CODE: &str = "Please enter your Rep Access Code first.";
/// How long a group administrator's link opens the store.
pub const GROUP_LINK_DAYS: i64 = 14;
/// How long a rep's hand-off link and a sign-in code work.
pub const SIGN_IN_MINUTES: i64 = 10;
/// Guesses at one sign-in code before it stops working.
pub const SIGN_IN_GUESSES: i64 = 5;

/// What a session's member-facing calls answer to anyone but a signed-in rep or the group's administrator (401).
pub const SIGN_IN_FIRST: &str = "Please sign in to see your members: open the sign-in link from your rep dashboard, \
                                 or ask for a sign-in code by e-mail on your rep home page.";
pub const CODE_WRONG: &str = "This code is not right. Please check the e-mail we sent and try again.";
pub const CODE_SPENT: &str = "This code has expired or was tried too many times. Please ask for a new code.";
pub const LINK_SPENT: &str = "This sign-in link has expired or was already used. Please open a new one from your rep \
                              dashboard.";

/// What a session has unlocked.
#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    /// A visitor: enrollments are the applicant's own.
    Applicant,
    /// A rep's session: by the rep's access code, or signed in (see [`signed_in_rep`]).
    Rep(i64),
    /// An employee who gave the group's enrollment code.
    Employee(i64),
    /// A group's administrator, by the link from the group's dashboard.
    GroupAdmin(i64),
}

/// What a page for a group's administrator says to anyone else.
pub const GROUP_ADMINS_ONLY: &str =
    "This page is for your group's administrator. Please use the link from your group dashboard, or sign in with a code \
     sent to your group's e-mail address.";

pub async fn role_of(db: &Db, session: &Session) -> Result<Role, sqlx::Error> {
    Ok(session_role::find(db, &session.0).await?.map(|row| role_from(&row)).unwrap_or(Role::Applicant))
}

fn role_from(row: &session_role::RoleRow) -> Role {
    match (row.role.as_str(), row.agent_id, row.group_id) {
        ("rep", Some(agent), _) => Role::Rep(agent),
        ("employee", _, Some(group)) => Role::Employee(group),
        ("group", _, Some(group)) => Role::GroupAdmin(group),
        _ => Role::Applicant,
    }
}

/// The rep who signed in on this session, none when the session only gave a rep's access code (or none at all).
pub async fn signed_in_rep(db: &Db, session: &Session) -> Result<Option<i64>, sqlx::Error> {
    Ok(session_role::find(db, &session.0).await?.filter(|row| row.signed_in).and_then(|row| match role_from(&row) {
        Role::Rep(agent) => Some(agent),
        _ => None,
    }))
}

/// Who may see members' data on this session: a signed-in rep, or a group's administrator (by the group's link); a
/// session that only gave a rep's public access code is asked to sign in (401).
pub async fn member_viewer(db: &Db, session: &Session) -> ApiResult<Role> {
    let row = session_role::find(db, &session.0).await?;
    match row.as_ref().map(|r| (role_from(r), r.signed_in)) {
        Some((Role::Rep(agent), true)) => Ok(Role::Rep(agent)),
        Some((Role::GroupAdmin(group), _)) => Ok(Role::GroupAdmin(group)),
        Some((Role::Rep(_), false)) => Err(ApiError::SignInRequired(SIGN_IN_FIRST.into())),
        _ => Err(ApiError::Forbidden(NOT_YOUR_MEMBERS.into())),
    }
}

/// Whether this session may be told `group`'s enrollment code: it gave the code itself (an employee of the group), or
/// it is the group's administrator, or the group's signed-in rep. A visitor of the group's public site is not.
pub async fn may_know_group_code(state: &AppState, session: &Session, group: i64) -> Result<bool, sqlx::Error> {
    let Some(row) = session_role::find(&state.db, &session.0).await? else { return Ok(false) };
    Ok(match role_from(&row) {
        Role::Employee(own) | Role::GroupAdmin(own) => own == group,
        Role::Rep(agent) if row.signed_in => state.catalogue.groups.get(&group).is_some_and(|g| {
            g.agent_id == Some(agent) || state.catalogue.reps.get(&agent).is_some_and(|r| r.groups.contains(&group))
        }),
        _ => false,
    })
}

/// The session continues under a new id (it gained a standing that is not a role: a member's link), everything it
/// held moved there.
pub async fn renew(db: &Db, old: &Session, renewed: &Session) -> ApiResult<()> {
    let _turn = store::write_turn(db).await;
    let mut tx = db.begin().await?;
    session_role::move_session(&mut tx, &old.0, &renewed.0).await?;
    tx.commit().await?;
    Ok(())
}

/// What anyone who is not a rep's or group's (signed in) is told about members.
pub const NOT_YOUR_MEMBERS: &str = "You can only see and enroll your own members.";

/// What a session gains.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Grant {
    /// A rep's access code, confirmed: the rep's brand, new members enrolled under the rep.
    Rep(i64),
    /// A rep signed in.
    RepSignedIn(i64),
    /// A group's enrollment code, confirmed: an employee of the group.
    Employee(i64),
    /// A group's administrator, by the group's link.
    GroupAdmin(i64),
}

/// What a grant spends, in the same transaction: a sign-in code (its digest) or a single-use token.
#[derive(Debug, Clone)]
pub enum Spend {
    Nothing,
    Code(Codes, String),
    Token { digest: String, expires_at: String },
}

/// The session gains `grant` and continues as `renewed`: everything it held (`old`, when the browser had a session)
/// moves to the new id and its role is recorded, in one transaction, together with spending what the grant spends.
/// False (nothing changed) when that was already spent.
pub async fn grant(db: &Db, old: Option<&Session>, renewed: &Session, grant: Grant, spend: &Spend) -> ApiResult<bool> {
    let _turn = store::write_turn(db).await;
    let mut tx = db.begin().await?;
    let spent = match spend {
        Spend::Nothing => true,
        Spend::Code(codes, digest) => match old {
            Some(old) => session_role::spend_sign_in_code(&mut tx, *codes, &old.0, digest).await?,
            None => false,
        },
        Spend::Token { digest, expires_at } => session_role::spend_token(&mut tx, digest, expires_at).await?,
    };
    if !spent {
        return Ok(false);
    }
    if let Some(old) = old {
        session_role::move_session(&mut tx, &old.0, &renewed.0).await?;
    }
    let (role, agent, group, signed_in) = match grant {
        Grant::Rep(agent) => ("rep", Some(agent), None, false),
        Grant::RepSignedIn(agent) => ("rep", Some(agent), None, true),
        Grant::Employee(group) => ("employee", None, Some(group), false),
        Grant::GroupAdmin(group) => ("group", None, Some(group), true),
    };
    session_role::upsert(&mut *tx, &renewed.0, role, agent, group, signed_in).await?;
    tx.commit().await?;
    Ok(true)
}

/// The session becomes an employee's of `group` (a group code given on a plan, the employer confirmed).
pub async fn become_employee(db: &Db, session: &Session, group: i64) -> Result<(), sqlx::Error> {
    session_role::upsert(db, &session.0, "employee", None, Some(group), false).await
}

/// The sealed token of a group administrator's link (the group dashboard's way in), valid for
/// [`GROUP_LINK_DAYS`]; `enroll group-admin-link` prints links with it.
pub fn group_admin_link(crypto: &Crypto, group_id: i64) -> String {
    let expires = chrono::Utc::now() + chrono::Duration::days(GROUP_LINK_DAYS);
    crypto.seal_token(&format!("group-admin:{group_id}:{}", expires.timestamp()))
}

/// The group an administrator's link opens the store for, while it has not expired.
pub fn open_group_admin_link(crypto: &Crypto, token: &str) -> Option<i64> {
    let text = crypto.open_token(token)?;
    let (group_id, expires) = text.strip_prefix("group-admin:")?.split_once(':')?;
    (expires.parse::<i64>().ok()? > chrono::Utc::now().timestamp()).then_some(())?;
    group_id.parse().ok()
}

/// The sealed token of a rep's hand-off link (the rep dashboard's way in): single use, valid [`SIGN_IN_MINUTES`];
/// `enroll rep-link` prints links with it.
pub fn rep_link(crypto: &Crypto, agent_id: i64) -> String {
    use rand::Rng;
    let expires = chrono::Utc::now() + chrono::Duration::minutes(SIGN_IN_MINUTES);
    let nonce: u64 = rand::thread_rng().gen();
    crypto.seal_token(&format!("rep-link:{agent_id}:{nonce:016x}:{}", expires.timestamp()))
}

/// A rep's hand-off link opened: the rep, and what spending it records (its digest, kept until it expires); none
/// when it is forged or expired.
pub fn open_rep_link(crypto: &Crypto, token: &str) -> Option<(i64, Spend)> {
    let text = crypto.open_token(token)?;
    let mut parts = text.strip_prefix("rep-link:")?.split(':');
    let (agent, _nonce, expires) = (parts.next()?, parts.next()?, parts.next()?);
    let expires: i64 = expires.parse().ok()?;
    if expires <= chrono::Utc::now().timestamp() {
        return None;
    }
    let expires_at = chrono::DateTime::from_timestamp(expires, 0)?.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    Some((agent.parse().ok()?, Spend::Token { digest: digest(&text), expires_at }))
}

/// The digest a member's e-mail address is looked up by when they sign in after the sale (`policy_holder`): trimmed,
/// in lower case.
pub fn holder_digest(email: &str) -> Option<String> {
    let email = engine::validation::normalized_email(email)?;
    Some(digest(&email.to_lowercase()))
}

pub(crate) fn digest(text: &str) -> String {
    sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Sends a one-time sign-in code to the e-mail on file of the rep whose access code this session gave, through the
/// outbox; answers where it went, masked. Asking again replaces the code.
pub async fn send_sign_in_code(state: &AppState, session: &Session) -> ApiResult<String> {
    let Role::Rep(agent) = role_of(&state.db, session).await? else {
        return Err(ApiError::Forbidden("Please enter your Rep Access Code first.".into()));
    };
    let rep = state.catalogue.reps.get(&agent).ok_or_else(|| ApiError::Forbidden(NOT_YOUR_MEMBERS.into()))?;
    let to = engine::validation::normalized_email(&rep.email).unwrap_or_else(|| rep.email.to_lowercase());
    use crate::language::{say, say_with};
    let words = CodeWords {
        code: |code| say_with("Your sign-in code for the Benefit Store is: {code}", &[("code", &code)]),
        subject: say("Your sign-in code"),
        not_asked: say(
            "If you did not ask for it, someone entered your rep access code; nothing was shown to them, and you may ignore this e-mail."
        ),
    };
    may_send(state, session, SIGN_IN_MAIL, &to).await?;
    send_code(state, session, Codes::Rep, agent, SIGN_IN_MAIL, &to, &words).await?;
    Ok(mask_email(&rep.email))
}

/// Where a member's or an administrator's code went, as the page says it.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct CodeSent {
    /// The address, masked (`d••••@example.com`).
    pub sent_to: String,
    /// How long the code works.
    pub minutes: i64,
}

/// The outbox kind of sign-in codes (and the per-address limit they count against).
pub const SIGN_IN_MAIL: &str = "sign_in_code";

/// What a sign-in code's e-mail says, in the reader's language: the line with the code, the subject, and why someone
/// may get one unasked.
pub struct CodeWords {
    pub code: fn(&str) -> String,
    pub subject: &'static str,
    pub not_asked: &'static str,
}

/// Refused (429) while the session, or the address `to` for mail of `kind`, has asked for codes too often; counted
/// whether or not a code is then sent, so the answer says nothing of whether one was.
pub async fn may_send(state: &AppState, session: &Session, kind: &'static str, to: &str) -> ApiResult<()> {
    crate::services::mail::session_may_send(&session.0).map_err(|retry_after| ApiError::Throttled { retry_after })?;
    if let Err(retry_after) = crate::services::mail::take_send_to(&state.db, kind, to).await? {
        return Err(ApiError::Throttled { retry_after });
    }
    Ok(())
}

/// A new six-digit code that signs the session in as `whom` (of `codes`), kept as its digest for [`SIGN_IN_MINUTES`]
/// and e-mailed to `to` through the outbox (as `kind`) in the same transaction. Asking again replaces the code. The
/// caller asks [`may_send`] first.
pub async fn send_code(
    state: &AppState,
    session: &Session,
    codes: Codes,
    whom: i64,
    kind: &'static str,
    to: &str,
    words: &CodeWords,
) -> ApiResult<()> {
    let code = {
        use rand::Rng;
        format!("{:06}", rand::thread_rng().gen_range(0..1_000_000))
    };
    let expires = chrono::Utc::now() + chrono::Duration::minutes(SIGN_IN_MINUTES);
    let expires_at = expires.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    use crate::language::say_with;
    let body = format!(
        "{}\n\n{}\n{}\n",
        (words.code)(&code),
        say_with(
            "It works once, for {minutes} minutes, in the browser that asked for it.",
            &[("minutes", &SIGN_IN_MINUTES)]
        ),
        words.not_asked,
    );
    let _turn = store::write_turn(&state.db).await;
    let mut tx = state.db.begin().await?;
    session_role::put_sign_in_code(&mut tx, codes, &session.0, whom, &digest(&code), &expires_at).await?;
    crate::services::mail::enqueue(&state.crypto, &mut *tx, kind, to, words.subject, &body).await?;
    tx.commit().await?;
    Ok(())
}

/// A guess at this session's sign-in code of `codes`: whom it signs in and what spending the code records when it is
/// right. Each guess is counted before it is compared, at most [`SIGN_IN_GUESSES`] for a code.
pub async fn check_sign_in_code(db: &Db, codes: Codes, session: &Session, code: &str) -> ApiResult<(i64, Spend)> {
    let code: String = code.chars().filter(char::is_ascii_digit).collect();
    let Some((expected, whom)) = session_role::count_guess(db, codes, &session.0, SIGN_IN_GUESSES).await? else {
        return Err(ApiError::field("code", CODE_SPENT));
    };
    let given = digest(&code);
    // Compared in constant time: the digest of a wrong guess says nothing about the right one either way.
    let same =
        given.len() == expected.len() && given.bytes().zip(expected.bytes()).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0;
    if !same {
        return Err(ApiError::field("code", CODE_WRONG));
    }
    Ok((whom, Spend::Code(codes, expected)))
}

/// `jordan.whitfield@example.com` -> `j••••@example.com`: enough to know which inbox to look in.
pub fn mask_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}••••@{domain}")
        }
        None => "your e-mail on file".into(),
    }
}
