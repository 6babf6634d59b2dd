//! Life events: what lets a member change their coverage after the sale, as data (`workflows/life_events.yaml`,
//! `kind: life_events`), so that an operator changes a window or a document without code.
//!
//! Each kind of event (a birth, a marriage, the loss of other coverage, ...) says, per market (the individual market,
//! and employees of an employer group):
//! - its **window**: how many days before and after the event it may be reported, both ends included;
//! - its **effective date** rule: when the change it allows starts, from the event's date and the day the member
//!   chooses ([`Effective`]);
//! - when a person it removes stops being covered ([`Ends`]), for the events that remove someone;
//! - the **changes** it allows ([`Change`]); changes of address, phone, e-mail, name or payment need no event;
//! - whether the member's word is enough (**self-attested**) or a **proof** is asked, one of a list of documents, by
//!   a number of days after the report;
//! - its **834 reason code** (INS04, the guide's code list 1203), which the carrier reads with the change.
//!
//! Two rules are not events a member reports: a child reaching the age limit is noticed ahead and ends at the end of
//! the month of the birthday ([`AgeOff`]), and the yearly open enrollment of the individual market lets anyone change
//! plans within fixed dates ([`OpenEnrollment`]). An employer group's own open enrollment follows its plan year.
//!
//! This module only computes with dates: who reports what, and what is kept, is the api's.

use chrono::{Datelike, Duration, NaiveDate};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::text::Text;

/// Maintenance reason codes an 834 may carry in INS04 (element 1203 of 005010X220A1).
pub const REASON_CODES: [&str; 48] = [
    "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "14", "15", "16", "17", "18", "20", "21", "22",
    "25", "26", "27", "28", "29", "31", "32", "33", "37", "38", "39", "40", "41", "43", "59", "AA", "AB", "AC", "AD",
    "AE", "AF", "AG", "AH", "AI", "AJ", "AL", "EC", "XN", "XT",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LifeEventsKind {
    /// The life events a member may report after the sale.
    LifeEvents,
}

/// The life events of an installation (`kind: life_events`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Life events file")]
pub struct LifeEvents {
    pub kind: LifeEventsKind,
    /// The rules these follow, for whoever checks them.
    pub source: String,
    /// The kinds of event a member may report, in the order they are offered.
    #[schemars(length(min = 1))]
    pub events: Vec<LifeEvent>,
    /// A child reaching the age limit of a parent's coverage.
    pub age_off: AgeOff,
    /// The yearly open enrollment of the individual market; none when the store offers none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_enrollment: Option<OpenEnrollment>,
}

/// Where a policy was sold: to a person, or to an employee of an employer group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Market {
    Individual,
    Employer,
}

/// One value for each market.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ByMarket<T> {
    pub individual: T,
    pub employer: T,
}

impl<T: Copy> ByMarket<T> {
    pub fn of(&self, market: Market) -> T {
        match market {
            Market::Individual => self.individual,
            Market::Employer => self.employer,
        }
    }
}

/// How many days before and after the event it may be reported; the event's own day is always in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Window {
    #[schemars(range(max = 366))]
    pub before: u32,
    #[schemars(range(max = 366))]
    pub after: u32,
}

/// When the change an event allows starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Effective {
    /// On the day of the event (a birth: the baby is covered from the day it was born).
    EventDate,
    /// On the first day of the month after the event.
    FirstOfMonthAfterEvent,
    /// On the first day of the month after the member chooses.
    FirstOfMonthAfterChoice,
    /// On the first day of the month after the event or after the member chooses, whichever is later (the loss of
    /// other coverage: chosen ahead, the new coverage starts when the old one has ended).
    FirstOfMonthAfterEventOrChoice,
}

/// When a person an event removes stops being covered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Ends {
    /// On the day of the event (a death).
    EventDate,
    /// On the last day of the month of the event.
    EndOfMonthOfEvent,
}

/// A change an event allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// Add a person to the coverage (a newborn, a spouse).
    AddDependent,
    /// Take a person off the coverage (a former spouse, a person who died).
    RemoveDependent,
    /// Choose another plan of the same kind.
    ChangePlan,
    /// Start coverage of a kind the member does not have.
    AddPlan,
}

/// What proves an event: any one of its documents, sent within `due_days` of the report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Proof {
    #[schemars(range(min = 1, max = 366))]
    pub due_days: u32,
    #[schemars(length(min = 1))]
    pub any_of: Vec<Document>,
}

/// A kind of document a member may send.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// Its name in the store's records (lower case letters, digits and underscores).
    pub id: String,
    pub title: Text,
}

/// A kind of life event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LifeEvent {
    /// Its name in the store's records (lower case letters, digits and underscores).
    pub id: String,
    /// What the member chooses ("We had a baby").
    pub title: Text,
    /// A sentence that tells the member whether it is theirs.
    pub help: Text,
    /// The label of its date ("Date of birth").
    pub date_title: Text,
    /// The rules it follows, for whoever checks it.
    pub rule: String,
    pub window: ByMarket<Window>,
    pub effective: ByMarket<Effective>,
    /// When a person it removes stops being covered; needed when it allows removing one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<Ends>,
    #[schemars(length(min = 1))]
    pub allows: Vec<Change>,
    /// Who a person it adds is to the member; needed when it allows adding one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adds: Option<Adds>,
    /// Who a person it takes off the coverage may be to the member; needed when it allows removing one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removes: Vec<AddedRelationship>,
    /// Whether the member's word is enough; otherwise its proof is asked with the report.
    pub self_attested: bool,
    /// The documents that prove it: asked with the report unless it is self-attested (then a reviewer may still ask).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<Proof>,
    /// The maintenance reason code the carrier's 834 carries with its changes (INS04).
    pub reason_code: String,
}

/// Who an event adds: a child (a birth, an adoption) or a spouse (a marriage).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Adds {
    /// Who a person it adds may be.
    #[schemars(length(min = 1))]
    pub relationships: Vec<AddedRelationship>,
    /// Whether the person added was born on the event's day (a birth).
    #[serde(default)]
    pub born_on_event_date: bool,
}

/// Who a person an event adds (or removes) is to the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AddedRelationship {
    Child,
    Spouse,
}

impl Adds {
    /// Whether a person of `relationship` born on `birth` is one the event of `event_date` adds: the field and the
    /// words of what is not, in English, to be said in the member's language.
    pub fn check(
        &self,
        event_date: NaiveDate,
        relationship: AddedRelationship,
        birth: NaiveDate,
    ) -> Result<(), (&'static str, &'static str)> {
        if !self.relationships.contains(&relationship) {
            return Err(match self.relationships.first() {
                Some(AddedRelationship::Spouse) => ("relationship", "Please add the spouse this event is about"),
                _ => ("relationship", "Please add the child this event is about"),
            });
        }
        if self.born_on_event_date && birth != event_date {
            return Err(("birthdate", "The date of birth is the day of the birth you reported ({date})"));
        }
        Ok(())
    }
}

/// A child reaching the age limit of a parent's coverage: noticed `notice_days` before the end of the month of the
/// birthday, when their coverage ends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AgeOff {
    #[schemars(range(min = 18, max = 30))]
    pub age: u32,
    #[schemars(range(min = 1, max = 366))]
    pub notice_days: u32,
    /// The maintenance reason code of the termination (INS04).
    pub reason_code: String,
    pub rule: String,
}

/// A day of the year, `MM-DD`.
pub type MonthDay = String;

/// The yearly open enrollment of the individual market: from `starts` to `ends` (both included; `ends` may be in the
/// next year), and the coverage a choice starts by the day it is made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenEnrollment {
    #[schemars(regex(pattern = r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"))]
    pub starts: MonthDay,
    #[schemars(regex(pattern = r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"))]
    pub ends: MonthDay,
    /// In order: a choice made by `chosen_by` starts coverage on `effective` (the next such day after the window
    /// opens).
    #[schemars(length(min = 1))]
    pub effective: Vec<ChosenBy>,
    pub reason_code: String,
    pub rule: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChosenBy {
    #[schemars(regex(pattern = r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"))]
    pub chosen_by: MonthDay,
    #[schemars(regex(pattern = r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"))]
    pub effective: MonthDay,
}

/// Why an event cannot be reported today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outside {
    /// Its window opens on this day.
    TooEarly { opens: NaiveDate },
    /// Its window closed on this day.
    TooLate { closed: NaiveDate },
}

impl LifeEvents {
    /// The kind of event named `id`.
    pub fn event(&self, id: &str) -> Option<&LifeEvent> {
        self.events.iter().find(|e| e.id == id)
    }

    /// Problems the file's JSON Schema cannot say: (path, reason).
    pub fn check(&self) -> Result<(), (String, String)> {
        reason_code("/age_off/reason_code", &self.age_off.reason_code)?;
        for (i, event) in self.events.iter().enumerate() {
            let at = |field: &str| format!("/events/{i}/{field}");
            name(&at("id"), &event.id)?;
            if self.events[..i].iter().any(|e| e.id == event.id) {
                return Err((at("id"), format!("event {} is listed twice", event.id)));
            }
            for (field, text) in [("title", &event.title), ("help", &event.help), ("date_title", &event.date_title)] {
                if text.en.trim().is_empty() {
                    return Err((at(field), "say it in words a member reads".into()));
                }
            }
            reason_code(&at("reason_code"), &event.reason_code)?;
            if event.allows.contains(&Change::RemoveDependent) && event.ends.is_none() {
                return Err((at("ends"), "say when the coverage of a person it removes ends".into()));
            }
            if event.allows.contains(&Change::RemoveDependent) && event.removes.is_empty() {
                return Err((
                    at("removes"),
                    "say who a person it removes may be to the member (child or spouse)".into(),
                ));
            }
            if event.allows.contains(&Change::AddDependent) && event.adds.is_none() {
                return Err((at("adds"), "say who a person it adds is to the member (child or spouse)".into()));
            }
            match &event.proof {
                None if !event.self_attested => {
                    return Err((
                        at("proof"),
                        "an event that is not self-attested needs the documents that prove it".into(),
                    ));
                }
                Some(proof) => {
                    for (j, document) in proof.any_of.iter().enumerate() {
                        name(&at(&format!("proof/any_of/{j}/id")), &document.id)?;
                        if document.title.en.trim().is_empty() {
                            return Err((
                                at(&format!("proof/any_of/{j}/title")),
                                "say it in words a member reads".into(),
                            ));
                        }
                    }
                }
                None => {}
            }
        }
        if let Some(open) = &self.open_enrollment {
            reason_code("/open_enrollment/reason_code", &open.reason_code)?;
            for (field, day) in [("starts", &open.starts), ("ends", &open.ends)] {
                month_day(day)
                    .ok_or_else(|| (format!("/open_enrollment/{field}"), format!("{day} is no day of the year")))?;
            }
            for (i, row) in open.effective.iter().enumerate() {
                for (field, day) in [("chosen_by", &row.chosen_by), ("effective", &row.effective)] {
                    month_day(day).ok_or_else(|| {
                        (format!("/open_enrollment/effective/{i}/{field}"), format!("{day} is no day of the year"))
                    })?;
                }
            }
            // Each row's day of choice is inside the window, and later than the row before.
            let start = NaiveDate::from_ymd_opt(2027, 1, 1).expect("a day");
            let window = open.window_from(start).expect("checked days");
            let mut last = window.0.pred_opt().expect("a day");
            for (i, row) in open.effective.iter().enumerate() {
                let by = open.on_or_after(&row.chosen_by, window.0).expect("checked days");
                if by > window.1 || by <= last {
                    return Err((
                        format!("/open_enrollment/effective/{i}/chosen_by"),
                        "each day of choice is inside the window, and later than the one before".into(),
                    ));
                }
                last = by;
            }
            if last != window.1 {
                return Err((
                    "/open_enrollment/effective".into(),
                    "the last day of choice is the window's last day: a choice on it must start coverage too".into(),
                ));
            }
        }
        Ok(())
    }
}

impl LifeEvent {
    /// The first and last day the event of `event_date` may be reported, in `market`.
    pub fn window_of(&self, market: Market, event_date: NaiveDate) -> (NaiveDate, NaiveDate) {
        let window = self.window.of(market);
        (event_date - Duration::days(i64::from(window.before)), event_date + Duration::days(i64::from(window.after)))
    }

    /// Whether the event of `event_date` may be reported on `today`, in `market`.
    pub fn reportable(&self, market: Market, event_date: NaiveDate, today: NaiveDate) -> Result<(), Outside> {
        let (opens, closes) = self.window_of(market, event_date);
        if today < opens {
            Err(Outside::TooEarly { opens })
        } else if today > closes {
            Err(Outside::TooLate { closed: closes })
        } else {
            Ok(())
        }
    }

    /// The first day of the change the event of `event_date` allows, chosen on `chosen_on`, in `market`.
    pub fn effective_date(&self, market: Market, event_date: NaiveDate, chosen_on: NaiveDate) -> NaiveDate {
        match self.effective.of(market) {
            Effective::EventDate => event_date,
            Effective::FirstOfMonthAfterEvent => first_of_next_month(event_date),
            Effective::FirstOfMonthAfterChoice => first_of_next_month(chosen_on),
            Effective::FirstOfMonthAfterEventOrChoice => first_of_next_month(event_date.max(chosen_on)),
        }
    }

    /// The last day a person the event of `event_date` removes is covered; none for an event that removes no one.
    pub fn last_covered_day(&self, event_date: NaiveDate) -> Option<NaiveDate> {
        Some(match self.ends? {
            Ends::EventDate => event_date,
            Ends::EndOfMonthOfEvent => end_of_month(event_date),
        })
    }

    /// The day a proof of an event reported on `reported_on` is due by; none when the member's word is enough.
    pub fn proof_due(&self, reported_on: NaiveDate) -> Option<NaiveDate> {
        let proof = self.proof.as_ref().filter(|_| !self.self_attested)?;
        Some(reported_on + Duration::days(i64::from(proof.due_days)))
    }
}

/// When a child's coverage ends for their age, and from when the store says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgingOff {
    /// The birthday they reach the age limit on.
    pub birthday: NaiveDate,
    /// The last day they are covered: the last day of the birthday's month.
    pub last_covered_day: NaiveDate,
    /// The first day the store tells the family.
    pub noticed_from: NaiveDate,
}

impl AgeOff {
    /// When the child born on `birth` ages off (a birthday of February 29 is March 1 in a year without one).
    pub fn of(&self, birth: NaiveDate) -> AgingOff {
        let year = birth.year() + self.age as i32;
        let birthday = NaiveDate::from_ymd_opt(year, birth.month(), birth.day())
            .unwrap_or_else(|| NaiveDate::from_ymd_opt(year, 3, 1).expect("March 1"));
        let last_covered_day = end_of_month(birthday);
        AgingOff {
            birthday,
            last_covered_day,
            noticed_from: last_covered_day - Duration::days(i64::from(self.notice_days)),
        }
    }
}

impl OpenEnrollment {
    /// The open enrollment window that contains `today`, or none.
    pub fn window_containing(&self, today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
        // The window that opened last, this year or the year before, holds today if any does.
        for year in [today.year(), today.year() - 1] {
            let opens = self.on_or_after(&self.starts, NaiveDate::from_ymd_opt(year, 1, 1)?)?;
            let window = self.window_from(opens)?;
            if window.0 <= today && today <= window.1 {
                return Some(window);
            }
        }
        None
    }

    /// The first day of coverage chosen on `chosen_on` in an open enrollment; none outside the window.
    pub fn effective_date(&self, chosen_on: NaiveDate) -> Option<NaiveDate> {
        let (opens, _) = self.window_containing(chosen_on)?;
        for row in &self.effective {
            if chosen_on <= self.on_or_after(&row.chosen_by, opens)? {
                return self.on_or_after(&row.effective, chosen_on);
            }
        }
        None
    }

    /// The window that opens on the first `starts` on or after `from`.
    fn window_from(&self, from: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
        let opens = self.on_or_after(&self.starts, from)?;
        Some((opens, self.on_or_after(&self.ends, opens)?))
    }

    /// The first `day` (`MM-DD`) on or after `from`.
    fn on_or_after(&self, day: &str, from: NaiveDate) -> Option<NaiveDate> {
        let (month, day) = month_day(day)?;
        let this_year = NaiveDate::from_ymd_opt(from.year(), month, day)?;
        if this_year >= from {
            Some(this_year)
        } else {
            NaiveDate::from_ymd_opt(from.year() + 1, month, day)
        }
    }
}

/// The first day of the month after `date`'s.
pub fn first_of_next_month(date: NaiveDate) -> NaiveDate {
    let (year, month) = if date.month() == 12 { (date.year() + 1, 1) } else { (date.year(), date.month() + 1) };
    NaiveDate::from_ymd_opt(year, month, 1).expect("the first of a month")
}

/// The last day of `date`'s month.
pub fn end_of_month(date: NaiveDate) -> NaiveDate {
    first_of_next_month(date).pred_opt().expect("a day before the first of a month")
}

/// `MM-DD` as a month and day that every year has (February 29 is refused).
fn month_day(text: &str) -> Option<(u32, u32)> {
    let (month, day) = text.split_once('-')?;
    let (month, day) = (month.parse().ok()?, day.parse().ok()?);
    NaiveDate::from_ymd_opt(2027, month, day)?;
    Some((month, day))
}

fn name(at: &str, id: &str) -> Result<(), (String, String)> {
    let ok = id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        Ok(())
    } else {
        Err((at.to_string(), "a name is lower case letters, digits and underscores, starting with a letter".into()))
    }
}

fn reason_code(at: &str, code: &str) -> Result<(), (String, String)> {
    if REASON_CODES.contains(&code) {
        Ok(())
    } else {
        Err((
            at.to_string(),
            format!("{code} is not a maintenance reason code of element 1203 (INS04) in {}", crate::x12::GUIDE),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_last_day_of_a_month_is_found_across_leap_years_and_the_years_end() {
        assert_eq!(end_of_month(day("2028-02-10")), day("2028-02-29"));
        assert_eq!(end_of_month(day("2027-02-28")), day("2027-02-28"));
        assert_eq!(end_of_month(day("2027-12-31")), day("2027-12-31"));
        assert_eq!(first_of_next_month(day("2027-12-31")), day("2028-01-01"));
    }

    #[test]
    fn a_child_born_on_february_29_ages_off_at_the_end_of_march_in_a_year_without_one() {
        let rule = AgeOff { age: 26, notice_days: 60, reason_code: "07".into(), rule: String::new() };
        let leap = rule.of(day("2001-02-28"));
        assert_eq!((leap.birthday, leap.last_covered_day), (day("2027-02-28"), day("2027-02-28")));
        let born_29 = rule.of(day("2000-02-29"));
        assert_eq!((born_29.birthday, born_29.last_covered_day), (day("2026-03-01"), day("2026-03-31")));
        assert_eq!(born_29.noticed_from, day("2026-01-30"), "60 days before the coverage ends");
    }

    #[test]
    fn a_month_day_that_not_every_year_has_is_refused() {
        assert_eq!(month_day("11-01"), Some((11, 1)));
        assert_eq!(month_day("02-29"), None);
        assert_eq!(month_day("13-01"), None);
    }
}
