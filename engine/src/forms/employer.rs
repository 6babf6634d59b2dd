//! Employer Information.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dates::DATE_PATTERN;
use crate::errors::messages::INVALID_PHONE;
use crate::forms::common::{YesNo, ADDRESS_PATTERN, INVALID_ADDRESS, INVALID_CITY, ORGANIZATION_PATTERN};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AverageWorkWeek {
    #[serde(rename = "LT20")]
    #[schemars(title = "Less than 20 hours")]
    LessThan20,
    #[serde(rename = "20-29")]
    #[schemars(title = "20 to 29 hours")]
    From20To29,
    #[serde(rename = "30-39")]
    #[schemars(title = "30 to 39 hours")]
    From30To39,
    #[serde(rename = "40+")]
    #[schemars(title = "40 hours or more")]
    FortyOrMore,
}

// Compensation type codes of the spec.
/// How you are paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum CompensationType {
    #[serde(rename = "MW")]
    #[schemars(title = "Minimum wage")]
    MinimumWage,
    #[serde(rename = "GMWL10")]
    #[schemars(title = "Hourly, above minimum wage and under $10")]
    AboveMinimumUnder10,
    #[serde(rename = "G10L20")]
    #[schemars(title = "Hourly, $10 to under $20")]
    From10To20,
    #[serde(rename = "G20")]
    #[schemars(title = "Hourly, $20 or more")]
    Over20,
    #[serde(rename = "Salary")]
    #[schemars(title = "Salary")]
    Salary,
}

// Employment status codes: A Active and C COBRA from the spec; R Retired is offered so that it can be refused with
// the spec's message.
/// Your employment status with this employer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum EmploymentStatus {
    #[serde(rename = "A")]
    #[schemars(title = "Active")]
    Active,
    #[serde(rename = "C")]
    #[schemars(title = "COBRA")]
    Cobra,
    #[serde(rename = "R")]
    #[schemars(title = "Retired")]
    Retired,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum VacationPolicy {
    #[serde(rename = "none")]
    #[schemars(title = "No paid vacation")]
    NoVacation,
    #[serde(rename = "1w")]
    #[schemars(title = "1 week")]
    OneWeek,
    #[serde(rename = "2w")]
    #[schemars(title = "2 weeks")]
    TwoWeeks,
    #[serde(rename = "3w+")]
    #[schemars(title = "3 weeks or more")]
    ThreeWeeksOrMore,
}

// Holidays the employer grants (the spec's keys, `Presendents_Day` included).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[allow(non_snake_case)]
pub struct HolidayPolicy {
    #[schemars(title = "Standard 6 holidays")]
    pub Standard_6: Option<bool>,
    #[schemars(title = "Presidents' Day")]
    pub Presendents_Day: Option<bool>,
    #[schemars(title = "Columbus Day")]
    pub Columbus_Day: Option<bool>,
    #[schemars(title = "Religious days")]
    pub Religious_Days: Option<bool>,
    #[schemars(title = "Birthday")]
    pub Birthday: Option<bool>,
    #[schemars(title = "Floating day")]
    pub Floating_Day: Option<bool>,
}

/// Employer Information (`employer_info`). An employee on COBRA is asked what ended their coverage as an active
/// employee (the carriers' files say it: INS07), and only they are: the question lives under the condition.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Employer Information")]
#[schemars(extend("allOf" = [
    { "if": { "properties": { "employment_status": { "const": "C" } }, "required": ["employment_status"] },
      "then": {
        "properties": { "cobra_event": {
            "type": "string", "title": "What led to your COBRA coverage",
            "oneOf": [
                { "const": "1", "title": "My employment ended" },
                { "const": "2", "title": "My working hours were reduced" },
                { "const": "9", "title": "I was laid off" },
                { "const": "10", "title": "I am on a leave of absence" },
                { "const": "8", "title": "My former employer went bankrupt (I am retired)" }
            ],
            "x-messages": { "required": "Please choose what led to your COBRA coverage", "enum": "Please choose what led to your COBRA coverage" }
        } },
        "required": ["cobra_event"]
      } }
]))]
pub struct EmployerInfo {
    #[schemars(title = "Employer Name", length(max = 100), regex(pattern = ORGANIZATION_PATTERN))]
    #[schemars(extend(
        "x-messages" = { "pattern": "Invalid employer information", "maxLength": "Invalid employer information" },
        "x-normalize" = "text"
    ))]
    pub name: Option<String>,
    #[schemars(title = "Employer Phone", regex(pattern = r"^[0-9]{10}$"))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_PHONE }, "x-normalize" = "digits", "x-widget" = "phone"))]
    pub phone: Option<String>,
    #[schemars(title = "Address 1", length(max = 100), regex(pattern = ADDRESS_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_ADDRESS }, "x-normalize" = "text"))]
    pub address1: Option<String>,
    #[schemars(title = "Address 2", length(max = 100), regex(pattern = ADDRESS_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_ADDRESS }, "x-normalize" = "text"))]
    pub address2: Option<String>,
    #[schemars(title = "City", length(max = 60), regex(pattern = ADDRESS_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": INVALID_CITY }, "x-normalize" = "text"))]
    pub city: Option<String>,
    #[schemars(title = "State", length(max = 40), regex(pattern = r"^[A-Za-z][A-Za-z .]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid state" }, "x-normalize" = "state_case"))]
    pub state: Option<String>,
    #[schemars(title = "Zip", regex(pattern = r"^[0-9]{5}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid zip code" }, "x-widget" = "zip"))]
    pub zip: Option<String>,
    #[schemars(title = "Average Work Week")]
    pub average_work_week: Option<AverageWorkWeek>,
    #[schemars(
        title = "Employment Start Date",
        regex(pattern = DATE_PATTERN)
    )]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = [{ "check": "date" }, { "check": "not_future" }], "x-widget" = "dateMDY"))]
    pub employment_start_date: Option<String>,
    #[schemars(title = "Occupation", length(max = 100))]
    pub occupation: Option<String>,
    #[schemars(title = "Compensation Type")]
    pub compensation_type: Option<CompensationType>,
    #[schemars(title = "Employment Status", extend("x-refuse" = { "R": "You cannot proceed with retired employer" }))]
    pub employment_status: Option<EmploymentStatus>,
    /// The COBRA qualifying event (element 1219's code), asked only of an employee on COBRA (see the struct).
    #[schemars(skip)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cobra_event: Option<String>,
    #[schemars(title = "Industry", length(max = 100))]
    pub emp_industry: Option<String>,
    #[schemars(title = "Number of Employees", range(min = 1, max = 1000000))]
    #[schemars(extend("x-messages" = { "minimum": "Please enter the number of employees", "type": "Please enter the number of employees" }))]
    pub emp_num_employed: Option<i64>,
    #[schemars(title = "Vacation Policy")]
    pub emp_vac_policy: Option<VacationPolicy>,
    #[schemars(title = "Member of a Bargaining Unit")]
    pub emp_barg_unit: Option<YesNo>,
    #[schemars(title = "Holiday Policy", extend("x-checks" = [{ "check": "at_least_one" }], "x-messages" = { "at_least_one": "Select at least one holiday policy" }))]
    pub holiday_policy: Option<HolidayPolicy>,
    #[schemars(title = "USPS Address Validation")]
    pub with_validation: Option<bool>,
}
