//! An employer's plan year: when its coverage starts, when its employees may enroll, and who may.
//!
//! - The open enrollment window runs from its first to its last day, both included, and ends before the plan year
//!   starts; an administrator may extend it by moving its last day.
//! - A new hire may enroll for 30 days from the hire date (the common employer practice; bswift and Employee Navigator
//!   keep the same window). Their coverage begins on the first of the month after their waiting period: the first day
//!   of a month on or after the day the waiting period ends, never before the plan year starts. Federal law caps a
//!   waiting period at 90 days (29 CFR 2590.715-2708); an employer here chooses none, 30 or 60 days.
//! - An employee is eligible who works at least the plan year's weekly hours (30 is the federal full-time line, 26
//!   CFR 54.4980H-1) and belongs to one of its classes (every class when it names none), and has not left.

use chrono::{Datelike, Days, Months, NaiveDate};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Days from the hire date during which a new hire may enroll.
pub const NEW_HIRE_DAYS: u64 = 30;

/// How long a new hire waits before their coverage begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WaitingPeriod {
    /// Coverage begins the first of the month after the hire date.
    #[schemars(title = "First of the month after the hire date")]
    None,
    /// Coverage begins the first of the month after 30 days.
    #[schemars(title = "First of the month after 30 days")]
    Days30,
    /// Coverage begins the first of the month after 60 days.
    #[schemars(title = "First of the month after 60 days")]
    Days60,
}

impl WaitingPeriod {
    pub fn days(self) -> u64 {
        match self {
            WaitingPeriod::None => 0,
            WaitingPeriod::Days30 => 30,
            WaitingPeriod::Days60 => 60,
        }
    }
}

/// An employer's plan year and who may enroll in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanYear {
    /// The day coverage starts for everyone who enrolls in open enrollment: the first of a month.
    #[schemars(title = "Plan year starts", with = "String", extend("format" = "date"))]
    pub start: NaiveDate,
    /// The first day employees may enroll.
    #[schemars(title = "Open enrollment opens", with = "String", extend("format" = "date"))]
    pub open_from: NaiveDate,
    /// The last day employees may enroll, before the plan year starts.
    #[schemars(title = "Open enrollment closes", with = "String", extend("format" = "date"))]
    pub open_until: NaiveDate,
    #[schemars(title = "New hires' waiting period")]
    pub waiting: WaitingPeriod,
    /// The least hours a week an employee works to be eligible.
    #[schemars(title = "Hours a week, at least", range(min = 0, max = 168))]
    pub min_hours: u32,
    /// The classes of employees who are eligible (as the census names them); every class when empty.
    #[serde(default)]
    #[schemars(title = "Eligible classes")]
    pub classes: Vec<String>,
}

/// Why a plan year cannot be set as given: the field, and what to change.
pub type Refusal = (&'static str, &'static str);

pub const START_NOT_FIRST: &str = "The plan year starts on the first day of a month";
pub const WINDOW_BACKWARDS: &str = "Open enrollment must close on or after the day it opens";
pub const WINDOW_AFTER_START: &str = "Open enrollment must close before the plan year starts";

/// Why an employee may not enroll, as they read it.
pub const NOT_ENOUGH_HOURS: &str =
    "You are not eligible: the plan covers employees who work at least {hours} hours a week";
pub const NOT_IN_CLASS: &str = "You are not eligible: your employer's plan does not cover your class of employees";
pub const LEFT: &str = "You are not eligible: your employment has ended";
pub const WINDOW_NOT_OPEN: &str = "Open enrollment opens on {date}";
pub const WINDOW_CLOSED: &str =
    "Open enrollment closed on {date}. You can change your coverage when you have a life event";

/// What the census says of an employee that decides whether they may enroll.
#[derive(Debug, Clone, Copy)]
pub struct Employment<'a> {
    pub hire_date: NaiveDate,
    /// Hours worked each week.
    pub hours: f64,
    pub class: &'a str,
    /// The day they left, if they have.
    pub terminated_on: Option<NaiveDate>,
}

/// When an employee may enroll, and when their coverage would begin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enrollable {
    /// In open enrollment, for coverage from the plan year's start.
    OpenEnrollment { until: NaiveDate, coverage_from: NaiveDate },
    /// As a new hire, until `until`, for coverage from the end of their waiting period.
    NewHire { until: NaiveDate, coverage_from: NaiveDate },
    /// Not yet: open enrollment opens on `opens`.
    NotYet { opens: NaiveDate },
    /// No longer: open enrollment closed on `closed` (a life event may open a window of its own).
    Closed { closed: NaiveDate },
}

impl Enrollable {
    /// The last day of the window open now, if one is.
    pub fn until(self) -> Option<NaiveDate> {
        match self {
            Enrollable::OpenEnrollment { until, .. } | Enrollable::NewHire { until, .. } => Some(until),
            Enrollable::NotYet { .. } | Enrollable::Closed { .. } => None,
        }
    }
}

/// Why an employee is not eligible at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ineligible {
    Hours { least: u32 },
    Class,
    Left,
}

impl Ineligible {
    /// The message id ([`crate::i18n::say_with`] fills `{hours}`).
    pub fn message(self) -> &'static str {
        match self {
            Ineligible::Hours { .. } => NOT_ENOUGH_HOURS,
            Ineligible::Class => NOT_IN_CLASS,
            Ineligible::Left => LEFT,
        }
    }
}

/// The first of the month on or after `day`.
fn first_of_month_from(day: NaiveDate) -> NaiveDate {
    if day.day() == 1 {
        return day;
    }
    let first = day.with_day(1).expect("every month has a first day");
    first.checked_add_months(Months::new(1)).expect("a date far from the end of the calendar")
}

impl PlanYear {
    /// Each field that cannot stand as given, with why.
    pub fn refusals(&self) -> Vec<Refusal> {
        let mut refusals = Vec::new();
        if self.start.day() != 1 {
            refusals.push(("start", START_NOT_FIRST));
        }
        if self.open_until < self.open_from {
            refusals.push(("open_until", WINDOW_BACKWARDS));
        } else if self.open_until >= self.start {
            refusals.push(("open_until", WINDOW_AFTER_START));
        }
        refusals
    }

    /// Whether the employee may enroll at all under this plan year.
    pub fn eligibility(&self, employment: &Employment<'_>, today: NaiveDate) -> Result<(), Ineligible> {
        if employment.terminated_on.is_some_and(|left| left <= today) {
            return Err(Ineligible::Left);
        }
        if employment.hours < f64::from(self.min_hours) {
            return Err(Ineligible::Hours { least: self.min_hours });
        }
        if !self.classes.is_empty()
            && !self.classes.iter().any(|c| c.trim().eq_ignore_ascii_case(employment.class.trim()))
        {
            return Err(Ineligible::Class);
        }
        Ok(())
    }

    /// The day a new hire's coverage begins: the first of the month after their waiting period, never before the
    /// plan year starts.
    pub fn new_hire_coverage_from(&self, hire_date: NaiveDate) -> NaiveDate {
        let waited = hire_date.checked_add_days(Days::new(self.waiting.days())).unwrap_or(hire_date);
        // With no waiting period coverage still begins after the hire date: the first of the next month.
        let from = if self.waiting == WaitingPeriod::None {
            first_of_month_from(waited.succ_opt().unwrap_or(waited))
        } else {
            first_of_month_from(waited)
        };
        from.max(self.start)
    }

    /// When the employee, eligible, may enroll on `today`. A hire on or after the day open enrollment opens is a new
    /// hire: their own window runs 30 days from the hire date, and may end after open enrollment closes.
    pub fn enrollable(&self, hire_date: NaiveDate, today: NaiveDate) -> Enrollable {
        if hire_date >= self.open_from {
            let until = hire_date.checked_add_days(Days::new(NEW_HIRE_DAYS)).unwrap_or(hire_date);
            if today >= hire_date && today <= until && today > self.open_until {
                return Enrollable::NewHire { until, coverage_from: self.new_hire_coverage_from(hire_date) };
            }
        }
        if today < self.open_from {
            Enrollable::NotYet { opens: self.open_from }
        } else if today <= self.open_until {
            Enrollable::OpenEnrollment { until: self.open_until, coverage_from: self.start }
        } else {
            Enrollable::Closed { closed: self.open_until }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        crate::dates::parse_iso(text).unwrap()
    }

    fn year() -> PlanYear {
        PlanYear {
            start: day("2027-01-01"),
            open_from: day("2026-11-01"),
            open_until: day("2026-11-30"),
            waiting: WaitingPeriod::Days30,
            min_hours: 30,
            classes: vec![],
        }
    }

    fn hired<'a>(hire_date: &str, hours: f64, class: &'a str) -> Employment<'a> {
        Employment { hire_date: day(hire_date), hours, class, terminated_on: None }
    }

    #[test]
    fn open_enrollment_takes_employees_on_its_first_and_its_last_day_and_not_a_day_outside() {
        let y = year();
        let hire = day("2020-03-15");
        assert_eq!(y.enrollable(hire, day("2026-10-31")), Enrollable::NotYet { opens: day("2026-11-01") });
        let open = Enrollable::OpenEnrollment { until: day("2026-11-30"), coverage_from: day("2027-01-01") };
        assert_eq!(y.enrollable(hire, day("2026-11-01")), open);
        assert_eq!(y.enrollable(hire, day("2026-11-30")), open);
        assert_eq!(y.enrollable(hire, day("2026-12-01")), Enrollable::Closed { closed: day("2026-11-30") });
    }

    #[test]
    fn a_new_hire_is_covered_from_the_first_of_the_month_after_the_waiting_period() {
        let mut y = year();
        y.start = day("2026-01-01");
        // Hired on March 2nd: 30 days later is April 1st, which is a first: covered from April 1st.
        assert_eq!(y.new_hire_coverage_from(day("2026-03-02")), day("2026-04-01"));
        // Hired on March 3rd: 30 days later is April 2nd: covered from May 1st.
        assert_eq!(y.new_hire_coverage_from(day("2026-03-03")), day("2026-05-01"));
        y.waiting = WaitingPeriod::Days60;
        // Hired on January 15th: 60 days later is March 16th: covered from April 1st.
        assert_eq!(y.new_hire_coverage_from(day("2026-01-15")), day("2026-04-01"));
        y.waiting = WaitingPeriod::None;
        // Without a waiting period, the first of the month after the hire date, even when hired on a first.
        assert_eq!(y.new_hire_coverage_from(day("2026-06-01")), day("2026-07-01"));
        assert_eq!(y.new_hire_coverage_from(day("2026-06-30")), day("2026-07-01"));
    }

    #[test]
    fn a_new_hire_is_never_covered_before_the_plan_year_starts() {
        assert_eq!(year().new_hire_coverage_from(day("2026-11-10")), day("2027-01-01"));
    }

    #[test]
    fn a_new_hire_may_enroll_for_thirty_days_from_the_hire_date_after_open_enrollment_closed() {
        let mut y = year();
        y.start = day("2026-01-01");
        y.open_from = day("2025-11-01");
        y.open_until = day("2025-11-30");
        let hire = day("2026-03-03");
        let new_hire = Enrollable::NewHire { until: day("2026-04-02"), coverage_from: day("2026-05-01") };
        assert_eq!(y.enrollable(hire, day("2026-03-03")), new_hire);
        assert_eq!(y.enrollable(hire, day("2026-04-02")), new_hire);
        assert_eq!(y.enrollable(hire, day("2026-04-03")), Enrollable::Closed { closed: day("2025-11-30") });
        // An employee hired years ago has no window of their own.
        assert_eq!(
            y.enrollable(day("2019-05-01"), day("2026-03-03")),
            Enrollable::Closed { closed: day("2025-11-30") }
        );
    }

    #[test]
    fn an_employee_working_fewer_hours_than_the_plan_asks_is_not_eligible() {
        let y = year();
        let today = day("2026-11-05");
        assert_eq!(y.eligibility(&hired("2020-01-01", 29.0, ""), today), Err(Ineligible::Hours { least: 30 }));
        assert_eq!(y.eligibility(&hired("2020-01-01", 30.0, ""), today), Ok(()));
    }

    #[test]
    fn only_the_plans_classes_are_eligible_when_it_names_them() {
        let mut y = year();
        y.classes = vec!["Salaried".into(), "Drivers".into()];
        let today = day("2026-11-05");
        assert_eq!(y.eligibility(&hired("2020-01-01", 40.0, "drivers "), today), Ok(()));
        assert_eq!(y.eligibility(&hired("2020-01-01", 40.0, "Seasonal"), today), Err(Ineligible::Class));
    }

    #[test]
    fn an_employee_who_has_left_is_not_eligible_from_the_day_they_left() {
        let y = year();
        let mut left = hired("2020-01-01", 40.0, "");
        left.terminated_on = Some(day("2026-11-10"));
        assert_eq!(y.eligibility(&left, day("2026-11-09")), Ok(()));
        assert_eq!(y.eligibility(&left, day("2026-11-10")), Err(Ineligible::Left));
    }

    #[test]
    fn a_plan_year_that_starts_mid_month_or_whose_window_ends_after_it_starts_is_refused() {
        let mut y = year();
        assert!(y.refusals().is_empty());
        y.start = day("2027-01-15");
        y.open_until = day("2027-01-20");
        assert_eq!(y.refusals(), vec![("start", START_NOT_FIRST), ("open_until", WINDOW_AFTER_START)]);
        let mut y = year();
        y.open_until = day("2026-10-15");
        assert_eq!(y.refusals(), vec![("open_until", WINDOW_BACKWARDS)]);
    }
}
