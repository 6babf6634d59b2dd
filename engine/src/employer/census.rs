//! An employer's census: the employees it offers coverage to, read from the spreadsheet its administrator uploads.
//!
//! A census is a CSV file (UTF-8, with or without a byte-order mark; or Windows-1252, which Excel writes when it
//! saves "CSV" on Windows, so that José stays José) or an Excel workbook (`.xlsx`, its first sheet). Its first row
//! names the columns, in any order, as the template writes them or close to it ("DOB", "Zip code", "email");
//! columns the census does not use are left alone. Every row is checked, and a census with any bad row is refused
//! whole, each bad field named by its row (as the spreadsheet numbers it: the names are row 1) and its column, so
//! that nothing is half-imported.

use chrono::NaiveDate;
use serde::Serialize;

use crate::money::Cents;

/// The columns of a census: its key (what answers call it), the title the template writes, whether a row must fill
/// it, and the other ways administrators write its title (compared without case, spaces or punctuation).
pub const COLUMNS: [(&str, &str, bool, &[&str]); 9] = [
    ("first_name", "First name", true, &["firstname", "first", "givenname"]),
    ("last_name", "Last name", true, &["lastname", "last", "surname", "familyname"]),
    ("date_of_birth", "Date of birth", true, &["dateofbirth", "dob", "birthdate", "birthday"]),
    ("zip", "ZIP code", true, &["zipcode", "zip", "postalcode", "homezip"]),
    ("email", "E-mail", true, &["email", "emailaddress", "workemail"]),
    ("hire_date", "Hire date", true, &["hiredate", "dateofhire", "hired", "startdate"]),
    ("hours", "Hours a week", true, &["hoursaweek", "hours", "hoursperweek", "weeklyhours"]),
    ("class", "Class", false, &["class", "employeeclass", "benefitclass"]),
    ("salary", "Yearly salary", false, &["yearlysalary", "salary", "annualsalary"]),
];

/// The most rows a census holds (a group larger than this uploads it in parts).
pub const MAX_ROWS: usize = 20_000;
/// The most bad fields listed; the rest are counted.
pub const MAX_LISTED: usize = 100;

pub const NOT_A_SPREADSHEET: &str = "Please upload the census as a CSV file or an Excel workbook (.xlsx)";
pub const UNREADABLE_WORKBOOK: &str = "This workbook cannot be read. Please save it again as .xlsx or as CSV";
pub const NO_EMPLOYEES: &str =
    "The census has no employees: the first row names the columns, each row after it is one employee";
pub const TOO_MANY_ROWS: &str = "A census holds at most {max} employees. Please upload it in parts";
pub const MISSING_COLUMN: &str = "This column is missing";
pub const REQUIRED: &str = "Please fill in this field";
pub const INVALID_NAME: &str =
    "Please enter a name in letters (spaces, hyphens, periods and apostrophes may join them)";
pub const TOO_LONG: &str = "Please enter at most {max} characters";
pub const INVALID_DATE: &str = "Please enter a date such as 04/15/1985 or 1985-04-15";
pub const BIRTH_IN_FUTURE: &str = "The date of birth cannot be in the future";
pub const BIRTH_TOO_EARLY: &str = "Please check the date of birth: it is more than 120 years ago";
pub const HIRED_TOO_YOUNG: &str = "The hire date must be at least 14 years after the date of birth";
pub const HIRED_TOO_LATE: &str = "The hire date can be at most a year from today";
pub const INVALID_ZIP: &str = "Please enter a five-digit ZIP code";
pub const INVALID_EMAIL: &str = "Please enter an e-mail address such as name@example.com";
pub const DUPLICATE_EMAIL: &str = "This e-mail address is already on row {row}: each employee needs their own";
pub const INVALID_HOURS: &str = "Please enter the hours worked each week, from 0 to 168";
pub const INVALID_SALARY: &str = "Please enter the yearly salary in dollars, such as 52000 or $52,000.00";
pub const INVALID_TEXT: &str = "Please remove hidden control or text-direction characters";

/// One employee of a census, as checked.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Employee {
    pub first_name: String,
    pub last_name: String,
    pub date_of_birth: NaiveDate,
    pub zip: String,
    /// Lower-cased: how an employee is known within their group.
    pub email: String,
    pub hire_date: NaiveDate,
    /// Hours worked each week (37.5 is written as it is).
    pub hours: f64,
    /// The employee's class, as the employer names it; empty when it names none.
    pub class: String,
    /// The yearly salary, when given.
    pub salary: Option<Cents>,
}

/// A field of a census that cannot be taken as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BadField {
    /// The row, as the spreadsheet numbers it (the column names are row 1); 0 for the file as a whole.
    pub row: usize,
    /// The column's title, as the census writes it (or the template's, for a missing column); empty for the file.
    pub column: String,
    /// The message id ([`BadField::reason`] says it in a language).
    pub message: &'static str,
    /// The other row the message speaks of (the first with the same e-mail address), or the limit it names.
    pub other: Option<usize>,
}

impl BadField {
    fn file(message: &'static str) -> BadField {
        BadField { row: 0, column: String::new(), message, other: None }
    }

    /// Why, in `language`.
    pub fn reason(&self, language: &str) -> String {
        let other = self.other.unwrap_or_default();
        crate::i18n::say_with(language, self.message, &[("row", &other), ("max", &other)])
    }
}

/// Why a census was refused: the bad fields (at most [`MAX_LISTED`]) and how many more there were.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refused {
    pub bad: Vec<BadField>,
    pub more: usize,
}

impl From<BadField> for Refused {
    fn from(bad: BadField) -> Refused {
        Refused { bad: vec![bad], more: 0 }
    }
}

/// A cell as read: its text, and whether the spreadsheet held it as a number (a ZIP code typed into Excel loses its
/// leading zero: 02134 becomes 2134).
#[derive(Debug, Clone, Default, PartialEq)]
struct Cell {
    text: String,
    number: bool,
}

/// The template an administrator fills: the column names, as CSV.
pub fn template_csv() -> String {
    let titles: Vec<&str> = COLUMNS.iter().map(|(_, title, _, _)| *title).collect();
    format!("{}\r\n", titles.join(","))
}

/// Whether a five-digit code is a ZIP code that exists (the api's directory of US ZIP codes).
pub type KnownZip<'a> = &'a dyn Fn(&str) -> bool;

/// Reads and checks a census uploaded as `bytes` on `today`.
pub fn read(bytes: &[u8], today: NaiveDate, known_zip: KnownZip<'_>) -> Result<Vec<Employee>, Refused> {
    let rows = if bytes.starts_with(b"PK\x03\x04") {
        xlsx_rows(bytes)?
    } else if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) || bytes.starts_with(b"%PDF") || bytes.contains(&0) {
        // An old Excel workbook (.xls), a PDF, or anything else that is not text.
        return Err(BadField::file(NOT_A_SPREADSHEET).into());
    } else {
        csv_rows(&text_of(bytes))?
    };
    check(rows, today, known_zip)
}

/// Checks one employee given field by field (by the columns' keys, [`COLUMNS`]), as an administrator adds or
/// corrects one: the same rules as a census row, each refusal under its field's key.
pub fn employee(
    values: &[(&str, String)],
    today: NaiveDate,
    known_zip: KnownZip<'_>,
) -> Result<Employee, Vec<(&'static str, BadField)>> {
    let header: Vec<Cell> =
        COLUMNS.iter().map(|(_, title, _, _)| Cell { text: (*title).to_string(), number: false }).collect();
    // A row of nothing at all is still one employee, with every field missing (`number` keeps it from being
    // skipped as a blank row).
    let row: Vec<Cell> = COLUMNS
        .iter()
        .map(|(key, _, _, _)| {
            let text = values.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_default();
            Cell { number: text.trim().is_empty(), text }
        })
        .collect();
    let rows = vec![header, row];
    let key_of = |title: &str| COLUMNS.iter().find(|(_, t, _, _)| *t == title).map_or("", |(key, _, _, _)| *key);
    match check(rows, today, known_zip) {
        Ok(mut one) => Ok(one.remove(0)),
        Err(refused) => Err(refused.bad.into_iter().map(|bad| (key_of(&bad.column), bad)).collect()),
    }
}

/// The text of a CSV file: UTF-8 (its byte-order mark dropped), or else Windows-1252.
fn text_of(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| windows_1252(b)).collect(),
    }
}

/// A Windows-1252 byte as the character it stands for (Latin-1, but for 0x80-0x9F).
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}', '\u{90}', '‘',
        '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

fn csv_rows(text: &str) -> Result<Vec<Vec<Cell>>, Refused> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut rows = Vec::new();
    let (mut filled, mut next_line, mut scanned, mut line) = (0, 1, 0, 1);
    for record in reader.records() {
        let record = record.map_err(|_| BadField::file(NOT_A_SPREADSHEET))?;
        // The reader skips blank lines (and does not count them), which a spreadsheet shows as rows: they are put
        // back so that rows are numbered as the administrator sees them. A line is found by the record's offset.
        // The offset is where the reader began, before the blank lines it skipped.
        let mut at = record.position().map_or(scanned, |p| usize::try_from(p.byte()).unwrap_or(scanned)).max(scanned);
        while matches!(text.as_bytes().get(at), Some(b'\r' | b'\n')) {
            at += 1;
        }
        line += text.as_bytes()[scanned..at].iter().filter(|c| **c == b'\n').count();
        scanned = at;
        while next_line < line {
            rows.push(Vec::new());
            next_line += 1;
        }
        next_line = line + 1 + record.iter().map(|f| f.matches('\n').count()).sum::<usize>();
        rows.push(record.iter().map(|t| Cell { text: t.to_string(), number: false }).collect());
        filled += 1;
        // Past the header and the limit, the census is refused whatever follows.
        if filled > MAX_ROWS + 1 {
            break;
        }
    }
    Ok(rows)
}

fn xlsx_rows(bytes: &[u8]) -> Result<Vec<Vec<Cell>>, Refused> {
    use calamine::{Data, Reader};
    let mut workbook: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes))
        .map_err(|_| BadField::file(UNREADABLE_WORKBOOK))?;
    let range = match workbook.worksheet_range_at(0) {
        Some(Ok(range)) => range,
        Some(Err(_)) => return Err(BadField::file(UNREADABLE_WORKBOOK).into()),
        None => return Err(BadField::file(NO_EMPLOYEES).into()),
    };
    // Rows are numbered as the spreadsheet numbers them, even when the sheet's first rows are empty.
    let first_row = range.start().map_or(0, |(row, _)| row as usize);
    let mut rows: Vec<Vec<Cell>> = vec![Vec::new(); first_row];
    let mut filled = 0;
    for row in range.rows() {
        if row.iter().any(|c| *c != Data::Empty) {
            filled += 1;
            // Past the header and the limit, the census is refused whatever follows.
            if filled > MAX_ROWS + 2 {
                break;
            }
        }
        rows.push(
            row.iter()
                .map(|cell| match cell {
                    Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => {
                        Cell { text: s.clone(), number: false }
                    }
                    Data::Int(i) => Cell { text: i.to_string(), number: true },
                    Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => {
                        Cell { text: format!("{}", *f as i64), number: true }
                    }
                    Data::Float(f) => Cell { text: f.to_string(), number: true },
                    Data::Bool(b) => Cell { text: b.to_string(), number: false },
                    Data::DateTime(d) if d.is_datetime() => {
                        let (y, m, day, ..) = d.to_ymd_hms_milli();
                        Cell { text: format!("{y:04}-{m:02}-{day:02}"), number: false }
                    }
                    Data::DateTime(d) => Cell { text: d.as_f64().to_string(), number: true },
                    // A formula's error (#VALUE!, #REF!) is no value.
                    Data::Error(_) => Cell { text: "#ERROR".into(), number: false },
                    Data::Empty => Cell::default(),
                })
                .collect(),
        );
    }
    Ok(rows)
}

/// A column title as compared: lower case, letters and digits only.
fn folded(title: &str) -> String {
    title.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// Checks `rows` (the first names the columns) into employees, or refuses them whole.
fn check(rows: Vec<Vec<Cell>>, today: NaiveDate, known_zip: KnownZip<'_>) -> Result<Vec<Employee>, Refused> {
    // The column names' row: the first of the first rows naming three columns (a title may stand above it), or else
    // the first row with anything in it, whose missing columns are then named.
    let known = |row: &Vec<Cell>| {
        row.iter().filter(|c| COLUMNS.iter().any(|(_, _, _, names)| names.contains(&folded(&c.text).as_str()))).count()
    };
    let Some(header_at) = rows
        .iter()
        .take(20)
        .position(|r| known(r) >= 3)
        .or_else(|| rows.iter().position(|r| r.iter().any(|c| !c.text.trim().is_empty())))
    else {
        return Err(BadField::file(NO_EMPLOYEES).into());
    };
    let header = &rows[header_at];
    // Where each column is, and its title as written.
    let mut at: [Option<(usize, String)>; COLUMNS.len()] = Default::default();
    for (index, cell) in header.iter().enumerate() {
        let title = folded(&cell.text);
        if let Some(column) = COLUMNS.iter().position(|(_, _, _, names)| names.contains(&title.as_str())) {
            at[column].get_or_insert((index, cell.text.trim().to_string()));
        }
    }
    let header_row = header_at + 1;
    let mut bad: Vec<BadField> = COLUMNS
        .iter()
        .zip(&at)
        .filter(|((_, _, required, _), found)| *required && found.is_none())
        .map(|((_, title, _, _), _)| BadField {
            row: header_row,
            column: (*title).to_string(),
            message: MISSING_COLUMN,
            other: None,
        })
        .collect();
    if !bad.is_empty() {
        return Err(Refused { bad, more: 0 });
    }
    let data: Vec<(usize, &Vec<Cell>)> = rows
        .iter()
        .enumerate()
        .skip(header_at + 1)
        // A row of one employee's fields given one by one is kept even when every field is empty (`number` marks it).
        .filter(|(_, r)| r.iter().any(|c| !c.text.trim().is_empty() || c.number))
        .map(|(i, r)| (i + 1, r))
        .collect();
    if data.is_empty() {
        return Err(BadField::file(NO_EMPLOYEES).into());
    }
    if data.len() > MAX_ROWS {
        return Err(BadField { other: Some(MAX_ROWS), ..BadField::file(TOO_MANY_ROWS) }.into());
    }
    let mut first_of_email = std::collections::HashMap::<String, usize>::new();
    let mut employees = Vec::with_capacity(data.len());
    for (row, cells) in data {
        let field = |column: usize| -> (Cell, &str) {
            let (index, title) = at[column].as_ref().map_or((usize::MAX, ""), |(i, t)| (*i, t.as_str()));
            (cells.get(index).cloned().unwrap_or_default(), title)
        };
        let refuse = |bad: &mut Vec<BadField>, title: &str, message: &'static str, other: Option<usize>| {
            bad.push(BadField { row, column: title.to_string(), message, other });
        };
        let before = bad.len();
        let name = |column: usize, bad: &mut Vec<BadField>| -> String {
            let (cell, title) = field(column);
            let text = crate::forms::common::normalized_name(cell.text.trim());
            if text.is_empty() {
                refuse(bad, title, REQUIRED, None);
            } else if text.chars().count() > 50 {
                refuse(bad, title, TOO_LONG, Some(50));
            } else if !crate::forms::common::is_valid_name(&text) {
                refuse(bad, title, INVALID_NAME, None);
            }
            text
        };
        let first_name = name(0, &mut bad);
        let last_name = name(1, &mut bad);

        let (cell, title) = field(2);
        let date_of_birth = match date(&cell.text) {
            Err(message) => {
                refuse(&mut bad, title, message, None);
                None
            }
            Ok(birth) if birth > today => {
                refuse(&mut bad, title, BIRTH_IN_FUTURE, None);
                None
            }
            Ok(birth) if crate::dates::age_on(birth, today) > 120 => {
                refuse(&mut bad, title, BIRTH_TOO_EARLY, None);
                None
            }
            Ok(birth) => Some(birth),
        };

        let (cell, title) = field(3);
        let zip = zip(&cell).filter(|z| known_zip(z));
        if zip.is_none() {
            refuse(&mut bad, title, if cell.text.trim().is_empty() { REQUIRED } else { INVALID_ZIP }, None);
        }

        let (cell, title) = field(4);
        let email = crate::validation::normalized_email(cell.text.trim()).filter(|e| crate::validation::is_email(e));
        match &email {
            None => refuse(&mut bad, title, if cell.text.trim().is_empty() { REQUIRED } else { INVALID_EMAIL }, None),
            Some(email) => {
                if let Some(first) = first_of_email.get(email) {
                    refuse(&mut bad, title, DUPLICATE_EMAIL, Some(*first));
                } else {
                    first_of_email.insert(email.clone(), row);
                }
            }
        }

        let (cell, title) = field(5);
        let hire_date = match date(&cell.text) {
            Err(message) => {
                refuse(&mut bad, title, message, None);
                None
            }
            Ok(hired) if date_of_birth.is_some_and(|birth| crate::dates::age_on(birth, hired) < 14) => {
                refuse(&mut bad, title, HIRED_TOO_YOUNG, None);
                None
            }
            Ok(hired) if hired > today.checked_add_days(chrono::Days::new(366)).unwrap_or(today) => {
                refuse(&mut bad, title, HIRED_TOO_LATE, None);
                None
            }
            Ok(hired) => Some(hired),
        };

        let (cell, title) = field(6);
        let hours = cell.text.trim().parse::<f64>().ok().filter(|h| h.is_finite() && (0.0..=168.0).contains(h));
        if hours.is_none() {
            refuse(&mut bad, title, if cell.text.trim().is_empty() { REQUIRED } else { INVALID_HOURS }, None);
        }

        let (cell, title) = field(7);
        let class = crate::forms::common::normalized_name(cell.text.trim());
        if class.chars().count() > 50 {
            refuse(&mut bad, title, TOO_LONG, Some(50));
        } else if class.chars().any(hidden) {
            refuse(&mut bad, title, INVALID_TEXT, None);
        }

        let (cell, title) = field(8);
        let salary = match dollars(&cell.text) {
            Ok(salary) => salary,
            Err(()) => {
                refuse(&mut bad, title, INVALID_SALARY, None);
                None
            }
        };

        if bad.len() == before {
            employees.push(Employee {
                first_name,
                last_name,
                date_of_birth: date_of_birth.expect("checked"),
                zip: zip.expect("checked"),
                email: email.expect("checked"),
                hire_date: hire_date.expect("checked"),
                hours: hours.expect("checked"),
                class,
                salary,
            });
        }
    }
    if bad.is_empty() {
        Ok(employees)
    } else {
        let more = bad.len().saturating_sub(MAX_LISTED);
        bad.truncate(MAX_LISTED);
        Err(Refused { bad, more })
    }
}

/// Control and text-direction characters, which change how a text reads without being seen.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A date as administrators write it: `MM/DD/YYYY` (or `M/D/YYYY`) or ISO `YYYY-MM-DD`; years in four digits.
fn date(text: &str) -> Result<NaiveDate, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Err(REQUIRED);
    }
    let parsed = if let Some((m, rest)) = text.split_once('/') {
        rest.split_once('/').and_then(|(d, y)| {
            let (m, d, y) = (m.parse::<u32>().ok()?, d.parse::<u32>().ok()?, y);
            (y.len() == 4).then_some(())?;
            NaiveDate::from_ymd_opt(y.parse().ok()?, m, d)
        })
    } else {
        // A workbook's date and time ("1985-04-15T00:00:00") is its date.
        crate::dates::parse_iso(text.get(..10).unwrap_or(text))
            .filter(|_| text.len() == 10 || text.as_bytes()[10] == b'T')
    };
    parsed.ok_or(INVALID_DATE)
}

/// A ZIP code: five digits, or ZIP+4 (`30318-1234`) taken as its five; a number a workbook kept without its leading
/// zeros gets them back.
fn zip(cell: &Cell) -> Option<String> {
    let text = cell.text.trim();
    let five = match text.split_once('-') {
        Some((five, four)) if four.len() == 4 && four.bytes().all(|b| b.is_ascii_digit()) => five,
        Some(_) => return None,
        None => text,
    };
    if !five.bytes().all(|b| b.is_ascii_digit()) || five.is_empty() {
        return None;
    }
    match five.len() {
        5 => Some(five.to_string()),
        3 | 4 if cell.number => Some(format!("{five:0>5}")),
        _ => None,
    }
}

/// A yearly amount in dollars (`52000`, `$52,000.00`), or nothing when the cell is empty.
fn dollars(text: &str) -> Result<Option<Cents>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let plain: String = text.strip_prefix('$').unwrap_or(text).chars().filter(|c| *c != ',').collect();
    let valid = !plain.is_empty()
        && plain.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && plain.bytes().filter(|b| *b == b'.').count() <= 1
        && plain.split_once('.').is_none_or(|(_, cents)| cents.len() <= 2);
    let amount = valid.then(|| plain.parse::<f64>().ok()).flatten().filter(|d| *d < 100_000_000.0).ok_or(())?;
    Ok(Some(Cents::from_dollars(amount)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        crate::dates::parse_iso("2026-12-04").unwrap()
    }

    /// The ZIP codes of these tests that exist; 99999 does not.
    fn real_zip(zip: &str) -> bool {
        zip != "99999"
    }

    const HEADER: &str =
        "First name,Last name,Date of birth,ZIP code,E-mail,Hire date,Hours a week,Class,Yearly salary\n";

    fn read_csv(rows: &str) -> Result<Vec<Employee>, Refused> {
        read(format!("{HEADER}{rows}").as_bytes(), today(), &real_zip)
    }

    fn reasons(refused: Refused) -> Vec<(usize, String, &'static str)> {
        refused.bad.into_iter().map(|b| (b.row, b.column, b.message)).collect()
    }

    #[test]
    fn a_census_in_the_templates_columns_is_read_an_employee_a_row() {
        let employees = read_csv(
            "José,Álvarez-Núñez,04/15/1985,30318,Jose.Alvarez@Example.com,2019-03-01,40,Salaried,\"$52,000.00\"\n\
             Zoë,O’Brien,1/7/1992,02134-5678,zoe@example.com,11/30/2026,37.5,,\n",
        )
        .unwrap();
        assert_eq!(employees.len(), 2);
        let jose = &employees[0];
        assert_eq!((jose.first_name.as_str(), jose.last_name.as_str()), ("José", "Álvarez-Núñez"));
        assert_eq!(jose.date_of_birth, crate::dates::parse_iso("1985-04-15").unwrap());
        assert_eq!(jose.email, "jose.alvarez@example.com");
        assert_eq!((jose.hours, jose.class.as_str(), jose.salary), (40.0, "Salaried", Some(Cents(5_200_000))));
        let zoe = &employees[1];
        assert_eq!((zoe.zip.as_str(), zoe.hours, zoe.salary), ("02134", 37.5, None));
        assert_eq!(zoe.date_of_birth, crate::dates::parse_iso("1992-01-07").unwrap());
    }

    #[test]
    fn the_template_is_the_columns_titles_and_reads_back_as_an_empty_census() {
        let template = template_csv();
        assert!(template.starts_with("First name,Last name,Date of birth,ZIP code,E-mail,Hire date,Hours a week"));
        assert_eq!(read(template.as_bytes(), today(), &real_zip), Err(BadField::file(NO_EMPLOYEES).into()));
    }

    #[test]
    fn columns_are_found_by_their_titles_in_any_order_and_any_spelling_close_to_the_templates() {
        let text = "EMAIL,Zip Code,DOB,first_name,LAST NAME,Hours,Hire Date,Notes\n\
                    ana@example.com,94110,1990-02-03,Ana,Silva,32,2024-05-06,likes dental\n";
        let employees = read(text.as_bytes(), today(), &real_zip).unwrap();
        assert_eq!((employees[0].first_name.as_str(), employees[0].zip.as_str()), ("Ana", "94110"));
    }

    #[test]
    fn a_missing_column_is_named_and_nothing_is_read() {
        let text =
            "First name,Last name,Date of birth,E-mail,Hire date\nAna,Silva,1990-02-03,ana@example.com,2024-05-06\n";
        let refused = read(text.as_bytes(), today(), &real_zip).unwrap_err();
        assert_eq!(
            reasons(refused),
            vec![(1, "ZIP code".into(), MISSING_COLUMN), (1, "Hours a week".into(), MISSING_COLUMN)]
        );
    }

    #[test]
    fn each_bad_field_is_refused_with_its_row_and_column_and_no_row_is_read() {
        let refused = read_csv(
            "Ana,Silva,1990-02-03,94110,ana@example.com,2024-05-06,32,,\n\
             B0b,Smith,13/45/1980,9411,not-an-email,2024-05-06,200,,lots\n\
             Carla,,2030-01-01,94110,ANA@example.com,yesterday,,,\n",
        )
        .unwrap_err();
        assert_eq!(
            reasons(refused),
            vec![
                (3, "First name".into(), INVALID_NAME),
                (3, "Date of birth".into(), INVALID_DATE),
                (3, "ZIP code".into(), INVALID_ZIP),
                (3, "E-mail".into(), INVALID_EMAIL),
                (3, "Hours a week".into(), INVALID_HOURS),
                (3, "Yearly salary".into(), INVALID_SALARY),
                (4, "Last name".into(), REQUIRED),
                (4, "Date of birth".into(), BIRTH_IN_FUTURE),
                (4, "E-mail".into(), DUPLICATE_EMAIL),
                (4, "Hire date".into(), INVALID_DATE),
                (4, "Hours a week".into(), REQUIRED),
            ]
        );
    }

    #[test]
    fn a_repeated_e_mail_address_names_the_row_that_has_it_first() {
        let refused = read_csv(
            "Ana,Silva,1990-02-03,94110,ana@example.com,2024-05-06,32,,\n\n\
             Ann,Silva,1991-02-03,94110,Ana@Example.com,2024-05-06,32,,\n",
        )
        .unwrap_err();
        // The blank row 3 is skipped but counted, as the spreadsheet counts it.
        assert_eq!(refused.bad[0].row, 4);
        assert_eq!(
            refused.bad[0].reason("en"),
            "This e-mail address is already on row 2: each employee needs their own"
        );
    }

    #[test]
    fn a_census_saved_by_excel_on_windows_keeps_its_accents() {
        // "José" in Windows-1252: é is the byte 0xE9; a curly apostrophe is 0x92.
        let mut bytes = HEADER.as_bytes().to_vec();
        bytes.extend_from_slice(b"Jos\xE9,O\x92Neil,1985-04-15,30318,jose@example.com,2019-03-01,40,,\r\n");
        let employees = read(&bytes, today(), &real_zip).unwrap();
        assert_eq!((employees[0].first_name.as_str(), employees[0].last_name.as_str()), ("José", "O’Neil"));
        // And with UTF-8's byte-order mark, as Excel writes "CSV UTF-8".
        let bom = [
            b"\xEF\xBB\xBF".as_slice(),
            HEADER.as_bytes(),
            "Zoë,Li,1990-01-01,10001,z@example.com,2020-01-01,30,,\n".as_bytes(),
        ]
        .concat();
        assert_eq!(read(&bom, today(), &real_zip).unwrap()[0].first_name, "Zoë");
    }

    #[test]
    fn hidden_text_direction_characters_and_markup_in_a_name_are_refused() {
        let refused =
            read_csv("Ana\u{202E},<b>Silva</b>,1990-02-03,94110,ana@example.com,2024-05-06,32,Sales\u{200F},\n")
                .unwrap_err();
        assert_eq!(
            reasons(refused),
            vec![
                (2, "First name".into(), INVALID_NAME),
                (2, "Last name".into(), INVALID_NAME),
                (2, "Class".into(), INVALID_TEXT)
            ]
        );
    }

    #[test]
    fn a_hire_before_the_age_of_fourteen_or_over_a_year_ahead_is_refused() {
        let refused = read_csv(
            "Ana,Silva,2010-02-03,94110,ana@example.com,2020-05-06,32,,\n\
             Bea,Silva,1990-02-03,94110,bea@example.com,2028-05-06,32,,\n",
        )
        .unwrap_err();
        assert_eq!(
            reasons(refused),
            vec![(2, "Hire date".into(), HIRED_TOO_YOUNG), (3, "Hire date".into(), HIRED_TOO_LATE)]
        );
    }

    #[test]
    fn a_zip_code_that_does_not_exist_is_refused() {
        let refused = read_csv("Ana,Silva,1990-02-03,99999,ana@example.com,2024-05-06,32,,\n").unwrap_err();
        assert_eq!(reasons(refused), vec![(2, "ZIP code".into(), INVALID_ZIP)]);
    }

    #[test]
    fn one_employee_given_field_by_field_is_checked_as_a_row_is_with_each_refusal_under_its_field() {
        let given = |pairs: &[(&'static str, &str)]| pairs.iter().map(|(k, v)| (*k, v.to_string())).collect::<Vec<_>>();
        let ana = employee(
            &given(&[
                ("first_name", "Ana"),
                ("last_name", "Silva"),
                ("date_of_birth", "02/03/1990"),
                ("zip", "94110"),
                ("email", "ana@example.com"),
                ("hire_date", "05/06/2024"),
                ("hours", "32"),
            ]),
            today(),
            &real_zip,
        )
        .unwrap();
        assert_eq!((ana.first_name.as_str(), ana.hours), ("Ana", 32.0));
        let refused = employee(&given(&[("first_name", "Ana"), ("email", "nope")]), today(), &real_zip).unwrap_err();
        let keys: Vec<&str> = refused.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, vec!["last_name", "date_of_birth", "zip", "email", "hire_date", "hours"]);
        let nothing = employee(&[], today(), &real_zip).unwrap_err();
        assert_eq!(nothing.len(), 7, "every required field is asked for: {nothing:?}");
    }

    #[test]
    fn a_file_that_is_not_a_spreadsheet_is_refused_as_a_whole() {
        for bytes in [b"%PDF-1.7 ...".as_slice(), &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1], b"PK\x03\x04garbage"] {
            let refused = read(bytes, today(), &real_zip).unwrap_err();
            assert_eq!(refused.bad.len(), 1);
            assert_eq!(refused.bad[0].row, 0);
            assert!([NOT_A_SPREADSHEET, UNREADABLE_WORKBOOK].contains(&refused.bad[0].message));
        }
        assert_eq!(read(b"", today(), &real_zip).unwrap_err().bad[0].message, NO_EMPLOYEES);
    }

    #[test]
    fn a_census_of_many_bad_rows_lists_the_first_hundred_and_counts_the_rest() {
        let rows: String =
            (0..150).map(|i| format!("Ana,Silva,1990-02-03,94110,ana{i}@example.com,2024-05-06,999,,\n")).collect();
        let refused = read_csv(&rows).unwrap_err();
        assert_eq!((refused.bad.len(), refused.more), (MAX_LISTED, 50));
    }

    #[test]
    fn a_census_over_the_row_limit_is_refused_with_the_limit() {
        let rows: String = (0..=MAX_ROWS)
            .map(|i| format!("Ana,Silva,1990-02-03,94110,ana{i}@example.com,2024-05-06,40,,\n"))
            .collect();
        let refused = read_csv(&rows).unwrap_err();
        assert_eq!(refused.bad[0].reason("en"), "A census holds at most 20000 employees. Please upload it in parts");
    }

    #[test]
    fn an_excel_workbook_is_read_from_its_first_sheet_with_its_dates_and_lost_leading_zeros() {
        // fixtures/census/census.xlsx: José with a date cell and ZIP 30318; Zoë with the number 2134 as ZIP (typed
        // 02134 in Excel), a birth date as text, 37.5 hours; the header on row 1.
        let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/census/census.xlsx")).unwrap();
        let employees = read(&bytes, today(), &real_zip).unwrap();
        assert_eq!(employees.len(), 2);
        assert_eq!(employees[0].first_name, "José");
        assert_eq!(employees[0].date_of_birth, crate::dates::parse_iso("1985-04-15").unwrap());
        assert_eq!(employees[0].salary, Some(Cents(5_200_000)));
        assert_eq!((employees[1].first_name.as_str(), employees[1].zip.as_str()), ("Zoë", "02134"));
        assert_eq!(employees[1].hours, 37.5);
    }

    #[test]
    fn a_bad_row_in_a_workbook_is_named_by_the_row_excel_shows() {
        // fixtures/census/census-bad.xlsx: the header on row 3 (two title rows above it), a bad e-mail on row 5.
        let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/census/census-bad.xlsx")).unwrap();
        let refused = read(&bytes, today(), &real_zip).unwrap_err();
        assert_eq!(reasons(refused), vec![(5, "Email".into(), INVALID_EMAIL)]);
    }
}
