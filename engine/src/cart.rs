//! Cart totals and the effective dates a cart may start on.
//!
//! Totals: the first month cost is what is due at enrollment (the monthly premiums plus any one-time fee; the
//! catalogue has none yet, so it equals the recurring cost), the recurring cost is the monthly premium, and the total
//! cost is what is due today, the first month cost.
//!
//! Effective dates: coverage starts on the first of a month; the offered dates are the first of each of the next
//! [`EFFECTIVE_DATE_CHOICES`] months after today (on 11/22/2026: 12/01/2026, 01/01/2027, 02/01/2027).

use chrono::{Datelike, NaiveDate};
use serde::Serialize;

use crate::rating::Cents;

pub const EFFECTIVE_DATE_CHOICES: u32 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CartTotals {
    pub initial_month_cost: Cents,
    pub recurring_month_cost: Cents,
    pub total_cost: Cents,
}

/// Totals of the monthly prices of the cart's lines.
pub fn totals(prices: &[Cents]) -> CartTotals {
    let monthly: Cents = prices.iter().copied().sum();
    CartTotals { initial_month_cost: monthly, recurring_month_cost: monthly, total_cost: monthly }
}

pub fn effective_dates(today: NaiveDate) -> Vec<NaiveDate> {
    let mut dates = Vec::new();
    let (mut year, mut month) = (today.year(), today.month());
    for _ in 0..EFFECTIVE_DATE_CHOICES {
        if month == 12 {
            year += 1;
            month = 1;
        } else {
            month += 1;
        }
        dates.extend(NaiveDate::from_ymd_opt(year, month, 1));
    }
    dates
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_effective_dates_are_the_first_of_the_next_three_months_across_a_year_end() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let shown: Vec<String> = effective_dates(today).into_iter().map(crate::dates::format_mdy).collect();
        assert_eq!(shown, ["12/01/2026", "01/01/2027", "02/01/2027"]);
    }

    #[test]
    fn on_the_first_of_a_month_that_month_is_no_longer_offered() {
        let today = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
        assert_eq!(crate::dates::format_mdy(effective_dates(today)[0]), "01/01/2027");
    }

    #[test]
    fn the_first_month_recurring_and_total_costs_add_the_lines_to_the_cent() {
        let t = totals(&[Cents(41250), Cents(3317), Cents(999)]);
        assert_eq!(t.initial_month_cost, Cents(45566));
        assert_eq!(t.recurring_month_cost, Cents(45566));
        assert_eq!(t.total_cost, Cents(45566));
    }
}
