//! Documents a member sends as proof of a life event (a birth certificate, a marriage certificate): which files are
//! taken, how large, and where a proof stands once the store's reviewers have read it.
//!
//! A file's type is what its first bytes say it is, never its name or the browser's word: a PDF begins `%PDF-`, a
//! JPEG `FF D8 FF`, a PNG with its eight-byte signature. What reviewers decide, and when a member must send a proof
//! by, follow the practice of the marketplaces (healthcare.gov gives 30 days to send a document, then asks again with
//! a new deadline when the first one does not prove the event).

use chrono::{Duration, NaiveDate};

use crate::life_events::{Change, LifeEvent};

/// The largest file taken: a phone's photo of a page, or a scanned PDF of a few pages.
pub const MOST_BYTES: usize = 4 * 1024 * 1024;

/// How many days a member has to send another document when a reviewer asks again (at least; never less than the
/// time left before the first deadline).
pub const ASK_AGAIN_DAYS: i64 = 14;

/// How many days before a proof is due the member is reminded, when none has been approved.
pub const REMIND_DAYS_BEFORE: i64 = 7;

/// The most characters of a reviewer's reason, which the member reads.
pub const MOST_REASON_CHARS: usize = 500;

/// The kinds of file taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    Pdf,
    Jpeg,
    Png,
}

impl FileType {
    /// What the first bytes of `content` say it is; none for anything else.
    pub fn of(content: &[u8]) -> Option<FileType> {
        if content.starts_with(b"%PDF-") {
            Some(FileType::Pdf)
        } else if content.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(FileType::Jpeg)
        } else if content.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
            Some(FileType::Png)
        } else {
            None
        }
    }

    /// Its media type, as the file is served back to a reviewer.
    pub fn media_type(self) -> &'static str {
        match self {
            FileType::Pdf => "application/pdf",
            FileType::Jpeg => "image/jpeg",
            FileType::Png => "image/png",
        }
    }

    /// The type a stored media type names.
    pub fn from_media_type(media_type: &str) -> Option<FileType> {
        [FileType::Pdf, FileType::Jpeg, FileType::Png].into_iter().find(|t| t.media_type() == media_type)
    }
}

/// What a reviewer decides of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// It proves the event: the changes waiting for it reach the carriers.
    Approve,
    /// It does not (unreadable, another person's, the wrong kind): the member sends another, by a new deadline.
    AskAgain,
    /// The event is not proven and will not be: the changes waiting for it are refused.
    Deny,
}

impl Decision {
    /// The decision named `word` (`approve`, `ask_again`, `deny`).
    pub fn named(word: &str) -> Option<Decision> {
        match word {
            "approve" => Some(Decision::Approve),
            "ask_again" => Some(Decision::AskAgain),
            "deny" => Some(Decision::Deny),
            _ => None,
        }
    }

    /// The state a document is left in.
    pub fn status(self) -> &'static str {
        match self {
            Decision::Approve => APPROVED,
            Decision::AskAgain => ASKED_AGAIN,
            Decision::Deny => DENIED,
        }
    }

    /// Whether the member must be told why (asking again and denying; an approval needs no reason).
    pub fn needs_reason(self) -> bool {
        self != Decision::Approve
    }
}

/// A document sent and not yet read.
pub const AWAITING_REVIEW: &str = "awaiting_review";
pub const APPROVED: &str = "approved";
pub const ASKED_AGAIN: &str = "asked_again";
pub const DENIED: &str = "denied";

/// Where the proof of a reported event stands, from its documents' states (newest last) and its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Its member's word is enough.
    NotNeeded,
    /// Nothing sent yet (or everything sent was asked again), and the deadline has not passed.
    Due,
    /// A document waits for a reviewer.
    InReview,
    Approved,
    Denied,
    /// The deadline passed with nothing approved.
    Overdue,
}

impl Standing {
    /// The standing of a proof due on `due` (none when it is not needed) with documents in `states`, on `today`.
    pub fn of(due: Option<NaiveDate>, states: &[&str], today: NaiveDate) -> Standing {
        let Some(due) = due else { return Standing::NotNeeded };
        if states.contains(&APPROVED) {
            Standing::Approved
        } else if states.contains(&DENIED) {
            Standing::Denied
        } else if states.contains(&AWAITING_REVIEW) {
            Standing::InReview
        } else if today > due {
            Standing::Overdue
        } else {
            Standing::Due
        }
    }

    /// Whether a member may still send a document.
    pub fn takes_documents(self) -> bool {
        matches!(self, Standing::Due | Standing::InReview)
    }

    pub fn word(self) -> &'static str {
        match self {
            Standing::NotNeeded => "not_needed",
            Standing::Due => "due",
            Standing::InReview => "in_review",
            Standing::Approved => "approved",
            Standing::Denied => "denied",
            Standing::Overdue => "overdue",
        }
    }
}

/// The new deadline when a reviewer asks again on `today` for a proof due on `due`: [`ASK_AGAIN_DAYS`] from today,
/// never earlier than the first.
pub fn asked_again_due(due: NaiveDate, today: NaiveDate) -> NaiveDate {
    due.max(today + Duration::days(ASK_AGAIN_DAYS))
}

/// The day a member is reminded of a proof due on `due`.
pub fn reminder_day(due: NaiveDate) -> NaiveDate {
    due - Duration::days(REMIND_DAYS_BEFORE)
}

impl LifeEvent {
    /// Whether a change of `change` for this event waits for its proof before it reaches a carrier: adding a person,
    /// or choosing a plan outside open enrollment (coverage given on the member's word alone is what the proof is
    /// for). A person taken off leaves on the member's word: a carrier must not go on covering someone who died
    /// while a certificate is found.
    pub fn holds_for_proof(&self, change: Change) -> bool {
        !self.self_attested && self.proof.is_some() && change != Change::RemoveDependent
    }

    /// Whether `document` (an id) is one of the documents that prove this event.
    pub fn proven_by(&self, document: &str) -> bool {
        self.proof.as_ref().is_some_and(|p| p.any_of.iter().any(|d| d.id == document))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_file_is_what_its_first_bytes_say_whatever_its_name() {
        assert_eq!(FileType::of(b"%PDF-1.7\n..."), Some(FileType::Pdf));
        assert_eq!(FileType::of(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), Some(FileType::Jpeg));
        assert_eq!(FileType::of(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(FileType::Png));
        assert_eq!(FileType::of(b"<html>%PDF-</html>"), None);
        assert_eq!(FileType::of(b"MZ\x90\0"), None);
        assert_eq!(FileType::of(b""), None);
        assert_eq!(FileType::from_media_type("image/png"), Some(FileType::Png));
    }

    #[test]
    fn a_proof_stands_by_its_best_document_then_by_its_deadline() {
        let (due, before, after) = (day(2026, 3, 31), day(2026, 3, 31), day(2026, 4, 1));
        assert_eq!(Standing::of(None, &[], before), Standing::NotNeeded);
        assert_eq!(Standing::of(Some(due), &[], before), Standing::Due);
        assert_eq!(Standing::of(Some(due), &[], after), Standing::Overdue);
        assert_eq!(Standing::of(Some(due), &[ASKED_AGAIN], before), Standing::Due);
        assert_eq!(Standing::of(Some(due), &[ASKED_AGAIN, AWAITING_REVIEW], after), Standing::InReview);
        assert_eq!(Standing::of(Some(due), &[ASKED_AGAIN, APPROVED], after), Standing::Approved);
        assert_eq!(Standing::of(Some(due), &[DENIED], before), Standing::Denied);
        assert!(!Standing::Approved.takes_documents() && Standing::Due.takes_documents());
    }

    #[test]
    fn asking_again_gives_two_weeks_and_never_shortens_the_first_deadline() {
        assert_eq!(asked_again_due(day(2026, 3, 31), day(2026, 3, 25)), day(2026, 4, 8));
        assert_eq!(asked_again_due(day(2026, 3, 31), day(2026, 3, 1)), day(2026, 3, 31));
        assert_eq!(reminder_day(day(2026, 3, 31)), day(2026, 3, 24));
    }

    #[test]
    fn a_reviewer_decides_by_name_and_says_why_unless_approving() {
        assert_eq!(Decision::named("ask_again"), Some(Decision::AskAgain));
        assert_eq!(Decision::named("Approve"), None);
        assert!(Decision::Deny.needs_reason() && !Decision::Approve.needs_reason());
    }
}
