//! Billing Information.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::errors::messages::INVALID_ROUTING;
use crate::forms::common::{PostalAddress, NAME_PATTERN, ORGANIZATION_PATTERN};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AccountType {
    #[serde(rename = "checking")]
    #[schemars(title = "Checking")]
    Checking,
    #[serde(rename = "savings")]
    #[schemars(title = "Savings")]
    Savings,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AccountHolderType {
    #[serde(rename = "individual")]
    #[schemars(title = "Individual")]
    Individual,
    #[serde(rename = "company")]
    #[schemars(title = "Company")]
    Company,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Month {
    #[serde(rename = "01")]
    #[schemars(title = "01")]
    Jan,
    #[serde(rename = "02")]
    #[schemars(title = "02")]
    Feb,
    #[serde(rename = "03")]
    #[schemars(title = "03")]
    Mar,
    #[serde(rename = "04")]
    #[schemars(title = "04")]
    Apr,
    #[serde(rename = "05")]
    #[schemars(title = "05")]
    May,
    #[serde(rename = "06")]
    #[schemars(title = "06")]
    Jun,
    #[serde(rename = "07")]
    #[schemars(title = "07")]
    Jul,
    #[serde(rename = "08")]
    #[schemars(title = "08")]
    Aug,
    #[serde(rename = "09")]
    #[schemars(title = "09")]
    Sep,
    #[serde(rename = "10")]
    #[schemars(title = "10")]
    Oct,
    #[serde(rename = "11")]
    #[schemars(title = "11")]
    Nov,
    #[serde(rename = "12")]
    #[schemars(title = "12")]
    Dec,
}

/// Billing Information (`billing_info`). Which payment types are offered, what each requires, bill dates and
/// expiration years are composed per enrollment (see [`crate::payment`]). A card number and security code are never
/// stored: the api hands them to the payment gateway and keeps its token and the last four digits.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Billing Information")]
pub struct BillingInfo {
    #[schemars(title = "Payment Type", extend("x-widget" = "radio"))]
    #[schemars(extend("x-messages" = { "required": "Please choose a payment type", "enum": "Please choose a payment type" }))]
    pub payment_method: Option<String>,
    // An existing member's bank account on file, or 0 for a new one; offered only when there is one.
    /// Use an account we have on file for you, or enter a new one.
    #[schemars(title = "Bank Account", extend("x-widget" = "radio"))]
    pub bank_id: Option<i64>,
    #[schemars(title = "Routing Number", regex(pattern = r"^[0-9]{9}$"))]
    #[schemars(extend(
        "x-messages" = { "pattern": "Routing number must be of 9 digits", "routing": INVALID_ROUTING },
        "x-normalize" = "digits", "x-checks" = [{ "check": "routing" }],
        "x-fills" = { "call": "routing-number-bank-lookup", "param": "q", "value": "response.name", "into": "bank_name" }
    ))]
    pub routing_number: Option<String>,
    #[schemars(title = "Account Holder Name", length(max = 60), regex(pattern = ORGANIZATION_PATTERN))]
    #[schemars(extend(
        "x-messages" = { "pattern": "Invalid account holder name", "maxLength": "Invalid account holder name" },
        "x-normalize" = "text"
    ))]
    pub account_name: Option<String>,
    #[schemars(title = "Bank Name", length(max = 100))]
    pub bank_name: Option<String>,
    #[schemars(title = "Account Number", regex(pattern = r"^([0-9]{4,17}|[*]{4}[0-9]{4})$"))]
    #[schemars(extend("x-messages" = { "pattern": "Account Number must be of 4 to 17 digits." }, "x-normalize" = "number", "x-sensitive" = "account"))]
    pub account_number: Option<String>,
    #[schemars(title = "Account Type")]
    pub account_type: Option<AccountType>,
    #[schemars(title = "Account Holder Type")]
    pub account_holder_type: Option<AccountHolderType>,
    // An existing member's card on file, or 0 for a new one; offered only when there is one.
    /// Use a card we have on file for you, or enter a new one.
    #[schemars(title = "Card", extend("x-widget" = "radio"))]
    pub card_id: Option<i64>,
    #[schemars(title = "First Name on Card", length(max = 50), regex(pattern = NAME_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid first name", "maxLength": "Please enter valid first name" }, "x-normalize" = "name"))]
    pub first_name_on_cc: Option<String>,
    #[schemars(title = "Last Name on Card", length(max = 50), regex(pattern = NAME_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid last name", "maxLength": "Please enter valid last name" }, "x-normalize" = "name"))]
    pub last_name_on_cc: Option<String>,
    #[schemars(title = "Card Number", regex(pattern = r"^([0-9]{13,25}|[*]{4}[0-9]{4})$"))]
    #[schemars(extend("x-messages" = { "pattern": "Card number must be Min-13 and Max-25" }, "x-normalize" = "number", "x-checks" = [{ "check": "card" }], "x-never-stored" = true))]
    pub card_number: Option<String>,
    #[schemars(title = "Expiration Month")]
    pub expiration_month: Option<Month>,
    #[schemars(title = "Expiration Year", extend("x-checks" = [{ "check": "not_expired", "month_field": "expiration_month" }]))]
    pub expiration_year: Option<String>,
    #[schemars(title = "Security Code", regex(pattern = r"^[0-9]{3,4}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Security code must of 3 or 4 digits" }, "x-widget" = "password", "x-never-stored" = true))]
    pub security_code: Option<String>,
    #[schemars(title = "Choose physical address")]
    pub is_physical_address: Option<bool>,
    #[serde(flatten)]
    pub address: PostalAddress,
    #[schemars(title = "Bill Date")]
    pub bill_date: Option<i64>,
}
