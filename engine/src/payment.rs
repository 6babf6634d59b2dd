//! Billing rules: which payment types an enrollment is offered, bill dates, card and routing number checks, and the
//! texts shown with EFT, written into the Billing Information schema.
//!
//! The server's payment type (the spec's `get-payment-method`) is the employer group's billing arrangement, or `cc`
//! for a person paying for themselves:
//!
//! | server type | offered | selected at first |
//! |---|---|---|
//! | cc | EFT, Credit Card | EFT |
//! | eft | EFT | EFT |
//! | elist | EFT, EFT LIST | EFT LIST |
//! | list | EFT, LIST | LIST |
//! | stmt | EFT, STMT | STMT |

use chrono::{Datelike, NaiveDate};
use serde_json::{json, Value};

use crate::i18n::say;

/// The default bill date (spec: 28).
pub const DEFAULT_BILL_DATE: u32 = 28;
/// Days of the month a premium can be drawn on.
pub const BILL_DATES: [u32; 6] = [1, 5, 10, 15, 20, 28];
/// Expiration years offered: this year through 20 years ahead.
pub const EXPIRATION_YEARS_AHEAD: i32 = 20;
/// EFT constants of the spec.
pub const EFT_INITIAL_DAYS: u32 = 5;
pub const NSF_FEE_DOLLARS: u32 = 30;
pub const STOP_PAYMENT_BUSINESS_DAYS: u32 = 3;
/// How the charge appears on a bank or card statement.
pub const STATEMENT_DESCRIPTOR: &str = "BENEFITSTORE*ENROLL";

/// The EFT authorization text, with the spec's constants.
pub fn eft_text() -> String {
    format!(
        "By choosing EFT you authorize us to draw your first premium from this account between today and \
         {EFT_INITIAL_DAYS} days after your enrollment, and each later premium on your bill date. There is no monthly \
         charge for EFT. A payment returned for insufficient funds is charged a ${NSF_FEE_DOLLARS} fee. To stop a \
         payment, tell us at least {STOP_PAYMENT_BUSINESS_DAYS} business days before it is due."
    )
}

/// The card authorization text, with the spec's constants.
pub fn card_text() -> String {
    format!(
        "By choosing Credit Card you authorize us to charge your first premium to this card when you submit your \
         application, and each later premium on your bill date. There is no charge for paying by card. To stop a \
         payment, tell us at least {STOP_PAYMENT_BUSINESS_DAYS} business days before it is due."
    )
}

/// The EFT authorization after the sale: the first premium was taken at the sale, so it speaks of the later ones.
pub fn eft_text_after_the_sale() -> String {
    format!(
        "By choosing EFT you authorize us to draw each premium from this account on your bill date. There is no \
         monthly charge for EFT. A payment returned for insufficient funds is charged a ${NSF_FEE_DOLLARS} fee. To stop \
         a payment, tell us at least {STOP_PAYMENT_BUSINESS_DAYS} business days before it is due."
    )
}

/// The card authorization after the sale.
pub fn card_text_after_the_sale() -> String {
    format!(
        "By choosing Credit Card you authorize us to charge each premium to this card on your bill date. There is no \
         charge for paying by card. To stop a payment, tell us at least {STOP_PAYMENT_BUSINESS_DAYS} business days \
         before it is due."
    )
}

/// What a way of paying will take: at checkout, the cart's first payment and each month's after it; after the sale,
/// the later premiums alone (the first was taken at the sale, and the plans may have changed since).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Premiums {
    AtCheckout { first: crate::money::Cents, monthly: crate::money::Cents },
    AfterTheSale,
}

/// The terms of paying by `method`, and what it will take and when (`premiums`, from `today`), in `language`.
pub fn terms(method: &str, language: &str, today: NaiveDate, premiums: Option<Premiums>) -> String {
    use crate::i18n::say_with;
    let after_the_sale = premiums == Some(Premiums::AfterTheSale);
    let authorization = match method {
        "eft" if after_the_sale => {
            say(language, &format!("{} {}", eft_text_after_the_sale(), descriptor_text())).to_string()
        }
        "cc" if after_the_sale => {
            say(language, &format!("{} {}", card_text_after_the_sale(), descriptor_text())).to_string()
        }
        "eft" => say(language, &format!("{} {}", eft_text(), descriptor_text())).to_string(),
        "cc" => say(language, &format!("{} {}", card_text(), descriptor_text())).to_string(),
        _ => say(language, "Your employer bills your premium and takes it from your pay.").to_string(),
    };
    let (first, monthly) = match premiums {
        None => return authorization,
        Some(Premiums::AfterTheSale) if matches!(method, "eft" | "cc") => {
            let when = say(language, "From now on, each premium is taken this way on your bill date.");
            return format!("{when} {authorization}");
        }
        Some(Premiums::AfterTheSale) => return authorization,
        Some(Premiums::AtCheckout { first, monthly }) => (first, monthly),
    };
    let last_day = crate::dates::format_mdy(today + chrono::Days::new(u64::from(EFT_INITIAL_DAYS)));
    let when = match method {
        "eft" => say_with(
            language,
            "Your first payment, {first}, is drawn from this account by {date}; then {monthly} on your bill date each month.",
            &[("first", &first), ("date", &last_day), ("monthly", &monthly)],
        ),
        "cc" => say_with(
            language,
            "Your first payment, {first}, is charged to this card when you submit your application; then {monthly} on your bill date each month.",
            &[("first", &first), ("monthly", &monthly)],
        ),
        _ => say_with(language, "Your premium is {monthly} a month.", &[("monthly", &monthly)]),
    };
    format!("{when} {authorization}")
}

/// The statement descriptor text.
pub fn descriptor_text() -> String {
    format!("Your premium appears on your bank or card statement as {STATEMENT_DESCRIPTOR}.")
}

/// The payment types offered for a server type, and the one selected at first.
pub fn offered(server_type: &str) -> (Vec<&'static str>, &'static str) {
    match server_type {
        "eft" => (vec!["eft"], "eft"),
        "elist" => (vec!["eft", "elist"], "elist"),
        "list" => (vec!["eft", "list"], "list"),
        "stmt" => (vec!["eft", "stmt"], "stmt"),
        _ => (vec!["eft", "cc"], "eft"),
    }
}

fn label(method: &str) -> &'static str {
    match method {
        "cc" => "Credit Card",
        "eft" => "EFT",
        "elist" => "EFT LIST",
        "list" => "LIST",
        _ => "STMT",
    }
}

/// "28th of month".
pub fn ordinal_of_month(day: u32) -> String {
    let suffix = match (day % 10, day % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{day}{suffix} of month")
}

/// The ABA checksum: 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.
pub fn aba_checksum_ok(routing: &str) -> bool {
    let digits: Vec<u32> = routing.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != 9 || routing.len() != 9 {
        return false;
    }
    let sum = 3 * (digits[0] + digits[3] + digits[6])
        + 7 * (digits[1] + digits[4] + digits[7])
        + (digits[2] + digits[5] + digits[8]);
    sum.is_multiple_of(10)
}

/// Card brands the store accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brand {
    Visa,
    Mastercard,
    Amex,
    Discover,
}

impl Brand {
    pub fn name(self) -> &'static str {
        match self {
            Brand::Visa => "Visa",
            Brand::Mastercard => "Mastercard",
            Brand::Amex => "American Express",
            Brand::Discover => "Discover",
        }
    }
}

/// The brand of a card number by its leading digits and length.
pub fn card_brand(number: &str) -> Option<Brand> {
    let n = number.len();
    let prefix = |len: usize| number.get(..len).and_then(|p| p.parse::<u32>().ok()).unwrap_or(0);
    if number.starts_with('4') && matches!(n, 13 | 16 | 19) {
        Some(Brand::Visa)
    } else if ((51..=55).contains(&prefix(2)) || (2221..=2720).contains(&prefix(4))) && n == 16 {
        Some(Brand::Mastercard)
    } else if matches!(prefix(2), 34 | 37) && n == 15 {
        Some(Brand::Amex)
    } else if (number.starts_with("6011") || prefix(2) == 65 || (644..=649).contains(&prefix(3)))
        && (16..=19).contains(&n)
    {
        Some(Brand::Discover)
    } else {
        None
    }
}

/// The Luhn check digit holds.
pub fn luhn_ok(number: &str) -> bool {
    let digits: Option<Vec<u32>> = number.chars().map(|c| c.to_digit(10)).collect();
    let Some(digits) = digits.filter(|d| !d.is_empty()) else { return false };
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            if i % 2 == 1 {
                if d * 2 > 9 {
                    d * 2 - 9
                } else {
                    d * 2
                }
            } else {
                *d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// A card number's problem, in the words shown under the field; `None` for a number the store can charge.
pub fn card_number_problem(number: &str) -> Option<&'static str> {
    if !luhn_ok(number) {
        return Some("Please enter a valid card number");
    }
    if card_brand(number).is_none() {
        return Some("We accept Visa, Mastercard, American Express and Discover cards");
    }
    None
}

/// `****1234`: how a card or account number is shown once stored.
pub fn mask_number(number: &str) -> String {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    let last4 = &digits[digits.len().saturating_sub(4)..];
    format!("****{last4}")
}

pub fn is_masked_number(text: &str) -> bool {
    text.len() == 8 && text.starts_with("****") && text[4..].bytes().all(|b| b.is_ascii_digit())
}

/// Shapes the Billing Information base schema: the payment types offered and the first selected, what each type
/// requires, bill dates, expiration years from `today`, the EFT and descriptor texts, the contact address that
/// 'Choose physical address' copies, and the bank accounts and cards on file (`on_file`: `{ banks: [ { bank_id,
/// label, values } ], cards: [ { card_id, label, values } ] }`), each a choice whose values fill the fields, shown
/// read-only, in place of new ones.
pub fn shape(
    schema: &mut Value,
    language: &str,
    server_type: &str,
    today: NaiveDate,
    contact_address: Option<Value>,
    on_file: Option<&Value>,
    premiums: Option<Premiums>,
) {
    let (methods, selected) = offered(server_type);
    let props = &mut schema["properties"];
    // The store's words, said in the reader's language (the EFT text and the bill dates are fixed texts, each said
    // whole as it reads).
    props["payment_method"]["oneOf"] =
        Value::Array(methods.iter().map(|m| json!({ "const": m, "title": say(language, label(m)) })).collect());
    props["payment_method"]["default"] = json!(selected);
    props["bill_date"]["oneOf"] = Value::Array(
        BILL_DATES.iter().map(|d| json!({ "const": d, "title": say(language, &ordinal_of_month(*d)) })).collect(),
    );
    props["bill_date"]["default"] = json!(DEFAULT_BILL_DATE);
    let year = today.year();
    props["expiration_year"]["oneOf"] = Value::Array(
        (year..=year + EXPIRATION_YEARS_AHEAD)
            .map(|y| json!({ "const": y.to_string(), "title": y.to_string() }))
            .collect(),
    );
    match contact_address {
        Some(address) => props["is_physical_address"]["x-copy"] = address,
        None => {
            if let Some(p) = props.as_object_mut() {
                p.remove("is_physical_address");
            }
        }
    }
    on_file_choices(props, "bank_id", on_file.and_then(|f| f.get("banks")), say(language, "A new bank account"));
    on_file_choices(props, "card_id", on_file.and_then(|f| f.get("cards")), say(language, "A new card"));
    // A new bank account asks every bank field but the choice of one on file.
    let bank = &BANK_FIELDS[1..];
    let card = [
        "first_name_on_cc",
        "last_name_on_cc",
        "card_number",
        "expiration_month",
        "expiration_year",
        "address1",
        "city",
        "state",
        "zip",
    ];
    let when = |methods: &[&str]| json!({ "properties": { "payment_method": { "enum": methods } }, "required": ["payment_method"] });
    let chosen = |field: &str| json!({ "properties": { field: { "minimum": 1 } }, "required": [field] });
    let read_only = |fields: &[&str]| -> serde_json::Map<String, Value> {
        fields.iter().map(|f| (f.to_string(), json!({ "readOnly": true }))).collect()
    };
    // Each way of paying says its own terms, and what it will take and when, while it is chosen.
    let said_terms: Vec<Value> = methods
        .iter()
        .map(|m| {
            json!({ "if": when(&[m]), "then": { "properties": { "payment_method": { "description": terms(m, language, today, premiums) } } } })
        })
        .collect();
    // Indexes 1 and 2 are where `group_by_method` puts each type's fields; the rest only require or lock them.
    schema["allOf"] = json!([
        { "required": ["payment_method", "bill_date"] },
        { "if": when(&["eft", "elist"]), "then": { "required": [] } },
        { "if": when(&["cc"]), "then": { "required": [] } },
        // A new card (any card number but the mask of the one on file, typed or not yet) needs its security code,
        // which is never stored: required from the start, so it is drawn so.
        { "if": { "allOf": [ when(&["cc"]), { "not": { "properties": { "card_number": { "pattern": "^[*]{4}[0-9]{4}$" } }, "required": ["card_number"] } } ] },
          "then": { "required": ["security_code"] } },
        { "if": { "properties": { "is_physical_address": { "const": true } }, "required": ["is_physical_address"] },
          "then": { "properties": read_only(&["address1", "address2", "city", "state", "zip"]) } },
        { "if": { "allOf": [ when(&["eft", "elist"]), { "not": chosen("bank_id") } ] }, "then": { "required": bank } },
        { "if": { "allOf": [ when(&["cc"]), { "not": chosen("card_id") } ] }, "then": { "required": card } },
        { "if": chosen("bank_id"), "then": { "properties": read_only(bank) } },
        { "if": chosen("card_id"), "then": { "properties": read_only(&["first_name_on_cc", "last_name_on_cc", "card_number", "expiration_month", "expiration_year"]) } },
    ]);
    if let Some(rules) = schema["allOf"].as_array_mut() {
        rules.extend(said_terms);
    }
}

/// Offers the records on file as the choices of `field` (and 0 for a new one), the first selected; removes the field
/// when there are none.
fn on_file_choices(props: &mut Value, field: &str, records: Option<&Value>, new_one: &str) {
    let records = records.and_then(Value::as_array).cloned().unwrap_or_default();
    if records.is_empty() {
        if let Some(p) = props.as_object_mut() {
            p.remove(field);
        }
        return;
    }
    let mut choices: Vec<Value> = records.iter().map(|r| json!({ "const": r[field], "title": r["label"] })).collect();
    choices.push(json!({ "const": 0, "title": new_one }));
    let copies: serde_json::Map<String, Value> =
        records.iter().map(|r| (r[field].to_string(), r["values"].clone())).collect();
    props[field]["oneOf"] = Value::Array(choices);
    props[field]["default"] = records[0][field].clone();
    props[field]["x-copy-choices"] = Value::Object(copies);
}

/// The fields of a bank account (EFT and EFT LIST).
pub const BANK_FIELDS: [&str; 7] =
    ["bank_id", "routing_number", "account_name", "bank_name", "account_number", "account_type", "account_holder_type"];
/// The fields of a card and its billing address.
pub const CARD_FIELDS: [&str; 13] = [
    "card_id",
    "first_name_on_cc",
    "last_name_on_cc",
    "card_number",
    "expiration_month",
    "expiration_year",
    "security_code",
    "is_physical_address",
    "address1",
    "address2",
    "city",
    "state",
    "zip",
];

/// After composition: the bank fields move under the EFT condition and the card fields under the card condition,
/// so a person sees only the fields of the payment type chosen (rjsf draws a condition's fields while it holds) and
/// the server keeps only those. The order puts the payment type first and the bill date last.
pub fn group_by_method(schema: &mut Value, ui_schema: &mut Value) {
    for (rule, names) in [(1, &BANK_FIELDS[..]), (2, &CARD_FIELDS[..])] {
        for name in names {
            let Some(prop) = schema["properties"].as_object_mut().and_then(|p| p.remove(*name)) else { continue };
            let was_required = schema["required"].as_array().is_some_and(|r| r.iter().any(|f| f == *name));
            if let Some(required) = schema["required"].as_array_mut() {
                required.retain(|f| f != *name);
            }
            let then = &mut schema["allOf"][rule]["then"];
            then["properties"][*name] = prop;
            if was_required {
                if let Some(required) = then["required"].as_array_mut() {
                    required.push(json!(name));
                }
            }
        }
    }
    ui_schema["ui:order"] = json!(["payment_method", "*", "bill_date"]);
}

/// The card's expiry is this month or later.
pub fn card_expired(month: &str, year: &str, today: NaiveDate) -> bool {
    match (month.parse::<u32>(), year.parse::<i32>()) {
        (Ok(m), Ok(y)) => (y, m) < (today.year(), today.month()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routing_numbers_pass_the_aba_checksum_or_not() {
        assert!(aba_checksum_ok("011000015"), "a published Federal Reserve routing number");
        assert!(aba_checksum_ok("061000052"));
        assert!(!aba_checksum_ok("061000053"));
        assert!(!aba_checksum_ok("12345678"));
        assert!(!aba_checksum_ok("12345678a"));
    }

    #[test]
    fn card_numbers_are_checked_by_luhn_and_brand() {
        assert_eq!(card_brand("4111111111111111"), Some(Brand::Visa));
        assert_eq!(card_brand("5555555555554444"), Some(Brand::Mastercard));
        assert_eq!(card_brand("2223003122003222"), Some(Brand::Mastercard));
        assert_eq!(card_brand("378282246310005"), Some(Brand::Amex));
        assert_eq!(card_brand("6011111111111117"), Some(Brand::Discover));
        assert_eq!(card_number_problem("4111111111111111"), None);
        assert_eq!(card_number_problem("4111111111111112"), Some("Please enter a valid card number"));
        assert_eq!(
            card_number_problem("3530111333300000"),
            Some("We accept Visa, Mastercard, American Express and Discover cards"),
            "a JCB number passes Luhn but is not accepted"
        );
    }

    #[test]
    fn bill_dates_read_as_the_nth_of_the_month() {
        assert_eq!(ordinal_of_month(1), "1st of month");
        assert_eq!(ordinal_of_month(22), "22nd of month");
        assert_eq!(ordinal_of_month(13), "13th of month");
        assert_eq!(ordinal_of_month(28), "28th of month");
    }

    #[test]
    fn a_card_expires_after_its_month() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert!(!card_expired("11", "2026", today));
        assert!(card_expired("10", "2026", today));
        assert!(!card_expired("01", "2027", today));
    }

    #[test]
    fn each_server_type_offers_eft_and_selects_its_own() {
        assert_eq!(offered("cc"), (vec!["eft", "cc"], "eft"));
        assert_eq!(offered("elist"), (vec!["eft", "elist"], "elist"));
        assert_eq!(offered("stmt"), (vec!["eft", "stmt"], "stmt"));
    }
}
