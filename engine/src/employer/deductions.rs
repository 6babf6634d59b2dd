//! Payroll deductions: for each pay period, what each enrolled employee's paycheck gives toward each plan (their part
//! of the premium, after the employer's), before or after tax, and what changed since the last period's file. A
//! payroll system imports it as CSV; its columns are [`HEADER`].
//!
//! Pay periods run from the plan year's start: every 7 or 14 days (weekly, every two weeks), the 1st to the 15th and
//! the 16th to the month's end (twice a month), or the calendar month. Health coverage is deducted before tax, as a
//! cafeteria plan allows (26 U.S.C. 125; [`PRE_TAX`]); life, disability and the cash-benefit plans after tax.

use chrono::{Datelike, Days, Months, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::catalogue::PayrollFrequency;
use crate::money::Cents;

/// The kinds of coverage whose premiums an employee pays before tax: accident and health coverage under a cafeteria
/// plan (26 U.S.C. 125, 106). Life insurance and disability income are paid after tax, so that their benefits are not
/// taxed; so are the cash-benefit plans, which pay whatever the costs.
pub const PRE_TAX: [&str; 5] = ["medical", "dental", "vision", "limitedmed", "rx"];

/// Whether `category`'s premiums are deducted before tax.
pub fn pre_tax(category: &str) -> bool {
    PRE_TAX.contains(&category)
}

/// The file's columns.
pub const HEADER: [&str; 13] = [
    "Period start",
    "Period end",
    "Employee ID",
    "Last name",
    "First name",
    "E-mail",
    "Plan ID",
    "Plan",
    "Kind of coverage",
    "Tax",
    "Deduction per paycheck",
    "Change",
    "Previous deduction",
];

/// One employee's deduction toward one plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deduction {
    pub employee_id: i64,
    pub last_name: String,
    pub first_name: String,
    pub email: String,
    pub plan_id: i64,
    pub plan_name: String,
    pub category: String,
    pub pre_tax: bool,
    /// What each paycheck gives toward the plan.
    pub amount: Cents,
}

/// How a deduction differs from the last period's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    New,
    Changed {
        was: Cents,
    },
    Unchanged,
    /// In the last file, not in this one: the deduction stops (its amount is 0).
    Stopped {
        was: Cents,
    },
}

impl Change {
    /// How the file says it: `new`, `changed`, `unchanged` or `stopped`.
    pub fn word(self) -> &'static str {
        match self {
            Change::New => "new",
            Change::Changed { .. } => "changed",
            Change::Unchanged => "unchanged",
            Change::Stopped { .. } => "stopped",
        }
    }

    fn was(self) -> Option<Cents> {
        match self {
            Change::Changed { was } | Change::Stopped { was } => Some(was),
            Change::New | Change::Unchanged => None,
        }
    }
}

/// The pay period that holds `day`, for an employer paying `frequency` whose plan year starts `start`: its first and
/// last day.
pub fn period_of(frequency: PayrollFrequency, start: NaiveDate, day: NaiveDate) -> (NaiveDate, NaiveDate) {
    let step = |days: i64| {
        let from = start + chrono::Duration::days((day - start).num_days().div_euclid(days) * days);
        (from, from + chrono::Duration::days(days - 1))
    };
    let month_start = day.with_day(1).expect("every month has a first day");
    let month_end = month_start.checked_add_months(Months::new(1)).and_then(|d| d.pred_opt()).unwrap_or(day);
    match frequency {
        PayrollFrequency::Weekly => step(7),
        PayrollFrequency::Biweekly => step(14),
        PayrollFrequency::Semimonthly if day.day() <= 15 => {
            (month_start, month_start.checked_add_days(Days::new(14)).unwrap_or(day))
        }
        PayrollFrequency::Semimonthly => (month_start.checked_add_days(Days::new(15)).unwrap_or(day), month_end),
        PayrollFrequency::Monthly => (month_start, month_end),
    }
}

/// This period's deductions against the last file's, in this period's order, then those that stopped.
pub fn compare(last: &[Deduction], now: &[Deduction]) -> Vec<(Deduction, Change)> {
    let key = |d: &Deduction| (d.employee_id, d.plan_id);
    let mut lines: Vec<(Deduction, Change)> = now
        .iter()
        .map(|d| {
            let change = match last.iter().find(|l| key(l) == key(d)) {
                None => Change::New,
                Some(l) if l.amount != d.amount => Change::Changed { was: l.amount },
                Some(_) => Change::Unchanged,
            };
            (d.clone(), change)
        })
        .collect();
    for l in last.iter().filter(|l| !now.iter().any(|d| key(d) == key(l))) {
        lines.push((Deduction { amount: Cents(0), ..l.clone() }, Change::Stopped { was: l.amount }));
    }
    lines
}

/// A cell a spreadsheet opens as the text it is: quoted, and a formula's first character escaped by an apostrophe.
pub fn cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_string() };
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// An amount as a payroll system reads it: dollars, two decimals, no sign or separator.
fn amount(c: Cents) -> String {
    format!("{}.{:02}", c.0 / 100, c.0 % 100)
}

/// The file of the period from `from` to `to`: its header and one row a line, CRLF-ended.
pub fn csv(from: NaiveDate, to: NaiveDate, lines: &[(Deduction, Change)]) -> String {
    let mut out = HEADER.iter().map(|h| cell(h)).collect::<Vec<_>>().join(",");
    out.push_str("\r\n");
    let (from, to) = (crate::dates::format_iso(from), crate::dates::format_iso(to));
    for (d, change) in lines {
        let row = [
            from.clone(),
            to.clone(),
            d.employee_id.to_string(),
            d.last_name.clone(),
            d.first_name.clone(),
            d.email.clone(),
            d.plan_id.to_string(),
            d.plan_name.clone(),
            d.category.clone(),
            (if d.pre_tax { "pre-tax" } else { "post-tax" }).to_string(),
            amount(d.amount),
            change.word().to_string(),
            change.was().map(amount).unwrap_or_default(),
        ];
        out.push_str(&row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        crate::dates::parse_iso(text).unwrap()
    }

    fn deduction(employee_id: i64, plan_id: i64, cents: i64) -> Deduction {
        Deduction {
            employee_id,
            last_name: "Álvarez".into(),
            first_name: "José".into(),
            email: "jose@example.com".into(),
            plan_id,
            plan_name: "Brightbite Dental Preferred PPO".into(),
            category: "dental".into(),
            pre_tax: true,
            amount: Cents(cents),
        }
    }

    #[test]
    fn pay_periods_run_from_the_plan_years_start_at_the_employers_frequency() {
        let start = day("2027-01-01");
        assert_eq!(
            period_of(PayrollFrequency::Biweekly, start, day("2027-01-01")),
            (day("2027-01-01"), day("2027-01-14"))
        );
        assert_eq!(
            period_of(PayrollFrequency::Biweekly, start, day("2027-01-15")),
            (day("2027-01-15"), day("2027-01-28"))
        );
        // Before the plan year starts, periods count back from it.
        assert_eq!(
            period_of(PayrollFrequency::Biweekly, start, day("2026-12-31")),
            (day("2026-12-18"), day("2026-12-31"))
        );
        assert_eq!(
            period_of(PayrollFrequency::Weekly, start, day("2027-01-09")),
            (day("2027-01-08"), day("2027-01-14"))
        );
        assert_eq!(
            period_of(PayrollFrequency::Semimonthly, start, day("2027-02-15")),
            (day("2027-02-01"), day("2027-02-15"))
        );
        assert_eq!(
            period_of(PayrollFrequency::Semimonthly, start, day("2027-02-16")),
            (day("2027-02-16"), day("2027-02-28"))
        );
        assert_eq!(
            period_of(PayrollFrequency::Monthly, start, day("2028-02-10")),
            (day("2028-02-01"), day("2028-02-29"))
        );
    }

    #[test]
    fn each_deduction_is_new_changed_unchanged_or_stopped_against_the_last_file() {
        let last = vec![deduction(1, 1101, 825), deduction(2, 1101, 750), deduction(3, 1101, 900)];
        let now = vec![deduction(1, 1101, 825), deduction(2, 1101, 700), deduction(4, 1101, 612)];
        let lines = compare(&last, &now);
        let changes: Vec<(i64, Change, Cents)> = lines.iter().map(|(d, c)| (d.employee_id, *c, d.amount)).collect();
        assert_eq!(
            changes,
            vec![
                (1, Change::Unchanged, Cents(825)),
                (2, Change::Changed { was: Cents(750) }, Cents(700)),
                (4, Change::New, Cents(612)),
                (3, Change::Stopped { was: Cents(900) }, Cents(0)),
            ]
        );
    }

    #[test]
    fn the_file_is_the_documented_csv() {
        let lines = compare(&[deduction(1, 1101, 900)], &[deduction(1, 1101, 825), deduction(2, 1402, 1250)]);
        let text = csv(day("2027-01-01"), day("2027-01-14"), &lines);
        let golden = "\"Period start\",\"Period end\",\"Employee ID\",\"Last name\",\"First name\",\"E-mail\",\"Plan ID\",\"Plan\",\
                      \"Kind of coverage\",\"Tax\",\"Deduction per paycheck\",\"Change\",\"Previous deduction\"\r\n\
                      \"2027-01-01\",\"2027-01-14\",\"1\",\"Álvarez\",\"José\",\"jose@example.com\",\"1101\",\
                      \"Brightbite Dental Preferred PPO\",\"dental\",\"pre-tax\",\"8.25\",\"changed\",\"9.00\"\r\n\
                      \"2027-01-01\",\"2027-01-14\",\"2\",\"Álvarez\",\"José\",\"jose@example.com\",\"1402\",\
                      \"Brightbite Dental Preferred PPO\",\"dental\",\"pre-tax\",\"12.50\",\"new\",\"\"\r\n";
        assert_eq!(text, golden);
    }

    #[test]
    fn health_coverage_is_deducted_before_tax_and_life_and_disability_after() {
        assert!(pre_tax("dental") && pre_tax("medical"));
        assert!(!pre_tax("term_life") && !pre_tax("di") && !pre_tax("accident"));
    }

    #[test]
    fn a_name_a_spreadsheet_would_run_as_a_formula_reads_as_text() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("José"), "\"José\"");
    }
}
