//! Dates on the wire are the spec's `MM/DD/YYYY`; the days the store keeps are ISO `YYYY-MM-DD`, which sort as text;
//! ages are whole years from the date of birth.

use chrono::{Datelike, NaiveDate};

pub const MDY: &str = "%m/%d/%Y";

/// Parses `MM/DD/YYYY` (exactly ten characters, a real calendar date).
pub fn parse_mdy(text: &str) -> Option<NaiveDate> {
    if text.len() != 10 {
        return None;
    }
    NaiveDate::parse_from_str(text, MDY).ok()
}

pub fn format_mdy(date: NaiveDate) -> String {
    date.format(MDY).to_string()
}

/// A day as the store keeps it.
pub const ISO: &str = "%Y-%m-%d";

pub fn format_iso(date: NaiveDate) -> String {
    date.format(ISO).to_string()
}

/// A day the store kept.
pub fn parse_iso(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, ISO).ok()
}

/// A kept day as people read it (`MM/DD/YYYY`); a text that is not one is given back as it is.
pub fn iso_to_mdy(text: &str) -> String {
    parse_iso(text).map_or_else(|| text.to_string(), format_mdy)
}

/// Age in completed years on `on`; negative for a date of birth in the future.
pub fn age_on(birth: NaiveDate, on: NaiveDate) -> i32 {
    let mut age = on.year() - birth.year();
    if (on.month(), on.day()) < (birth.month(), birth.day()) {
        age -= 1;
    }
    age
}

/// `MM/DD/YYYY`, month 01-12 and day 01-31; the calendar is checked by the `date` check.
pub const DATE_PATTERN: &str = r"^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$";

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn a_person_turns_eighteen_on_their_birthday_not_the_day_before() {
        assert_eq!(age_on(d(2008, 11, 22), d(2026, 11, 22)), 18);
        assert_eq!(age_on(d(2008, 11, 23), d(2026, 11, 22)), 17);
    }

    #[test]
    fn only_real_ten_character_dates_parse() {
        assert_eq!(parse_mdy("02/29/2024"), Some(d(2024, 2, 29)));
        assert_eq!(parse_mdy("02/30/2024"), None);
        assert_eq!(parse_mdy("2/3/2024"), None);
        assert_eq!(parse_mdy("13/01/2024"), None);
    }

    #[test]
    fn a_kept_day_reads_as_month_day_year_and_anything_else_is_left_as_written() {
        assert_eq!(parse_iso(&format_iso(d(2026, 12, 3))), Some(d(2026, 12, 3)));
        assert_eq!(iso_to_mdy("2026-12-03"), "12/03/2026");
        assert_eq!(iso_to_mdy("soon"), "soon");
    }
}
