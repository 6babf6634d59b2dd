//! The data of each tab (and of the filter form) as Rust types, from which the JSON Schemas are derived.
//!
//! Every field is optional in the type: whether a field is required is the workflow's decision (see
//! [`crate::schema`]), never the type's. What the type does own is the shape of a valid value and the spec's message
//! when it is not, carried in the schema as extension keywords that [`crate::validation`] and the renderer read:
//!
//! - `x-messages`: JSON Schema keyword (`pattern`, `minimum`, ...) -> the spec's message for this field;
//! - `x-checks`: rules JSON Schema cannot express, run by the engine (`date`, `not_future`, `adult`, `ssn`,
//!   `at_least_one` of an object's flags, `after:<field>`);
//! - `x-normalize`: how the server cleans a value before validating it (`digits`, `upper`, `ssn`, `state_case`);
//! - `x-widget`: the renderer widget registered under that name (`dateMDY`, `ssn`, `phone`, `zip`, `textarea`, `radio`);
//! - `x-lookup`: a list of choices the engine fills in (`states`);
//! - `x-refuse`: a value -> the message refusing it (a choice that is offered but blocks saving);
//! - `x-sensitive`: stored encrypted and answered masked (`ssn`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dates::DATE_PATTERN;
use crate::tabs::TabName;

/// Letters, spaces, apostrophes, periods and hyphens, starting with a letter.
pub const NAME_PATTERN: &str = r"^[A-Za-z][A-Za-z .'\-]*$";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum FilterGender {
    #[serde(rename = "0")]
    #[schemars(title = "Male")]
    Male,
    #[serde(rename = "1")]
    #[schemars(title = "Female")]
    Female,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TierChoice {
    #[serde(rename = "IO")]
    #[schemars(title = "Member Only")]
    Io,
    #[serde(rename = "IS")]
    #[schemars(title = "Member + Spouse")]
    Is,
    #[serde(rename = "IC")]
    #[schemars(title = "Member + Children")]
    Ic,
    #[serde(rename = "IF")]
    #[schemars(title = "Family")]
    If,
}

/// The search filter of the landing page and the quote form (zip, gender, tier, date of birth).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Find plans for you")]
pub struct FilterForm {
    #[schemars(title = "Zip Code", extend("x-messages" = { "pattern": "Invalid Zip code" }, "x-widget" = "zip"))]
    #[schemars(regex(pattern = r"^[0-9]{5}$"))]
    pub zip: Option<String>,
    #[schemars(title = "Gender")]
    pub gender: Option<FilterGender>,
    #[schemars(title = "Choose Tier")]
    pub tier: Option<TierChoice>,
    #[schemars(title = "DOB", description = "MM/DD/YYYY")]
    #[schemars(regex(pattern = DATE_PATTERN))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "adult"], "x-widget" = "dateMDY"))]
    pub dob: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Gender {
    #[serde(rename = "0")]
    #[schemars(title = "Male")]
    Male,
    #[serde(rename = "1")]
    #[schemars(title = "Female")]
    Female,
    #[serde(rename = "2")]
    #[schemars(title = "Others")]
    Others,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum MaritalStatus {
    #[serde(rename = "0")]
    #[schemars(title = "Single")]
    Single,
    #[serde(rename = "1")]
    #[schemars(title = "Married")]
    Married,
    #[serde(rename = "2")]
    #[schemars(title = "Divorced")]
    Divorced,
    #[serde(rename = "3")]
    #[schemars(title = "Widowed")]
    Widowed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum PriorCoverage {
    #[serde(rename = "0")]
    #[schemars(title = "No prior Health Coverage")]
    None,
    #[serde(rename = "1")]
    #[schemars(title = "Have had Insurance Carrier")]
    HadCarrier,
}

/// Ethnic groups offered on Personal Information; the spec fixes only that Other is 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum EthnicCategory {
    #[serde(rename = "1")]
    #[schemars(title = "American Indian or Alaska Native")]
    AmericanIndian,
    #[serde(rename = "2")]
    #[schemars(title = "Asian")]
    Asian,
    #[serde(rename = "3")]
    #[schemars(title = "Black or African American")]
    Black,
    #[serde(rename = "4")]
    #[schemars(title = "Hispanic or Latino")]
    Hispanic,
    #[serde(rename = "5")]
    #[schemars(title = "Middle Eastern or North African")]
    MiddleEastern,
    #[serde(rename = "6")]
    #[schemars(title = "Native Hawaiian or Other Pacific Islander")]
    PacificIslander,
    #[serde(rename = "7")]
    #[schemars(title = "White")]
    White,
    #[serde(rename = "8")]
    #[schemars(title = "Two or more races")]
    Multiple,
    #[serde(rename = "11")]
    #[schemars(title = "Prefer not to say")]
    NotSaying,
    #[serde(rename = "12")]
    #[schemars(title = "Other")]
    Other,
}

/// A person's name as every form asks it (the applicant, a beneficiary, a dependent), with the spec's messages.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct PersonName {
    #[schemars(title = "First Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid first name", "maxLength": "Please enter valid first name" }))]
    pub first_name: Option<String>,
    #[schemars(title = "Middle Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid middle name", "maxLength": "Please enter valid middle name" }))]
    pub middle_name: Option<String>,
    #[schemars(title = "Last Name", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z .'\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid last name", "maxLength": "Please enter valid last name" }))]
    pub last_name: Option<String>,
}

/// Weight and height, as the applicant and each dependent give them, with the spec's messages.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct Measures {
    #[schemars(title = "Weight (lbs)", range(min = 1, max = 999))]
    #[schemars(extend("x-messages" = { "minimum": "Weight cannot be zero or less", "maximum": "Weight cannot be more than 3 digits", "type": "Weight must be a whole number" }))]
    pub weight: Option<i64>,
    #[schemars(title = "Height (feet)", range(min = 1, max = 9))]
    #[schemars(extend("x-messages" = { "minimum": "Height cannot be zero", "maximum": "Height cannot be more than 1 digit", "type": "Height cannot be zero" }))]
    pub height_feet: Option<i64>,
    #[schemars(title = "Height (inches)", range(min = 0, max = 11))]
    #[schemars(extend("x-messages" = { "minimum": "Inch is invalid", "maximum": "Inch is invalid", "type": "Inch is invalid" }))]
    pub height_inch: Option<i64>,
}

/// A street address (Contact Information, and a card's billing address).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct PostalAddress {
    #[schemars(title = "Address 1", length(max = 100))]
    pub address1: Option<String>,
    #[schemars(title = "Address 2", length(max = 100))]
    pub address2: Option<String>,
    #[schemars(title = "City", length(max = 60))]
    pub city: Option<String>,
    #[schemars(title = "State", extend("x-lookup" = "states", "x-normalize" = "upper"))]
    pub state: Option<String>,
    #[schemars(title = "Zip", regex(pattern = r"^[0-9]{5}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid Zip code" }, "x-widget" = "zip"))]
    pub zip: Option<String>,
}

/// An SSN: nine digits (or the mask a stored one is shown as), plausible as issued, stored encrypted, shown masked.
fn ssn_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string", "title": "Social Security Number", "pattern": r"^([0-9]{9}|[*]{3}-[*]{2}-[0-9]{4})$",
        "x-messages": { "pattern": "Invalid Social Security Number" }, "x-checks": ["ssn"], "x-normalize": "ssn",
        "x-widget": "ssn", "x-sensitive": "ssn"
    })
}

/// A person's birth date: MM/DD/YYYY, a real date, before today.
fn birthdate_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string", "title": "Birth Date", "pattern": DATE_PATTERN,
        "x-messages": { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks": ["date", "not_future"],
        "x-widget": "dateMDY"
    })
}

/// Personal Information (`primary_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Personal Information")]
#[schemars(extend("allOf" = [
    { "if": { "properties": { "prior_coverage_flag": { "const": "1" } }, "required": ["prior_coverage_flag"] },
      "then": { "required": ["prior_carrier_name", "prior_effective_date"] } },
    { "if": { "properties": { "ethnic_category": { "const": "12" } }, "required": ["ethnic_category"] },
      "then": { "required": ["ethnic_category_other_type"] } }
]))]
pub struct PersonalInfo {
    #[serde(flatten)]
    pub name: PersonName,
    #[serde(flatten)]
    pub measures: Measures,
    #[schemars(title = "Gender")]
    pub gender: Option<Gender>,
    #[schemars(title = "Marital Status")]
    pub marital_status: Option<MaritalStatus>,
    #[schemars(schema_with = "ssn_schema")]
    pub ssn: Option<String>,
    #[schemars(schema_with = "birthdate_schema")]
    pub birthdate: Option<String>,
    #[schemars(title = "Ethnic Group")]
    pub ethnic_category: Option<EthnicCategory>,
    #[schemars(title = "Please specify your ethnic group", length(max = 100))]
    pub ethnic_category_other_type: Option<String>,
    #[schemars(title = "Prior Coverage", extend("x-widget" = "radio"))]
    pub prior_coverage_flag: Option<PriorCoverage>,
    #[schemars(title = "Prior Carrier Name", length(max = 100))]
    pub prior_carrier_name: Option<String>,
    #[schemars(
        title = "Prior Coverage Effective Date",
        regex(pattern = DATE_PATTERN)
    )]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "not_future"], "x-widget" = "dateMDY"))]
    pub prior_effective_date: Option<String>,
    #[schemars(
        title = "Prior Coverage Term Date",
        regex(pattern = DATE_PATTERN)
    )]
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "after:prior_effective_date"], "x-widget" = "dateMDY"))]
    pub prior_term_date: Option<String>,
    #[schemars(title = "Enroller Code", length(max = 40), regex(pattern = r"^[A-Za-z0-9-]+$"))]
    #[schemars(extend("x-messages" = { "required": "Enter Enroller Code", "pattern": "Enter a valid Enroller Code" }, "x-widget" = "modalField"))]
    pub enroller_code: Option<String>,
}

/// Contact Information (`contact_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Contact Information")]
pub struct ContactInfo {
    #[schemars(title = "Email", email, length(max = 254))]
    #[schemars(extend("x-messages" = { "format": "Email is not in correct format", "maxLength": "Email is not in correct format" }))]
    pub email_address: Option<String>,
    #[schemars(title = "Phone", regex(pattern = r"^[0-9]{10}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid phone number" }, "x-normalize" = "digits", "x-widget" = "phone"))]
    pub phone_number: Option<String>,
    #[serde(flatten)]
    pub address: PostalAddress,
    #[schemars(title = "Zip+4", regex(pattern = r"^[0-9]{4}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid Zip+4 code" }))]
    pub zip4: Option<String>,
    #[schemars(title = "Birth State", extend("x-lookup" = "states", "x-normalize" = "upper"))]
    pub birth_state: Option<String>,
    #[schemars(title = "Birth City", length(max = 60))]
    pub birth_city: Option<String>,
    #[schemars(title = "USPS Address Validation")]
    pub with_validation: Option<bool>,
}

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

/// Compensation type codes of the spec.
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

/// Employment status codes: A Active and C COBRA from the spec; R Retired is offered so that it can be refused with
/// the spec's message.
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum YesNo {
    #[serde(rename = "1")]
    #[schemars(title = "Yes")]
    Yes,
    #[serde(rename = "0")]
    #[schemars(title = "No")]
    No,
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

/// Employer Information (`employer_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Employer Information")]
pub struct EmployerInfo {
    #[schemars(title = "Employer Name", length(max = 100), regex(pattern = r"^[A-Za-z0-9][A-Za-z0-9 &.,'()/\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid employer information", "maxLength": "Invalid employer information" }))]
    pub name: Option<String>,
    #[schemars(title = "Employer Phone", regex(pattern = r"^[0-9]{10}$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid phone number" }, "x-normalize" = "digits", "x-widget" = "phone"))]
    pub phone: Option<String>,
    #[schemars(title = "Address 1", length(max = 100))]
    pub address1: Option<String>,
    #[schemars(title = "Address 2", length(max = 100))]
    pub address2: Option<String>,
    #[schemars(title = "City", length(max = 60))]
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
    #[schemars(extend("x-messages" = { "pattern": "Please enter a valid date (MM/DD/YYYY)" }, "x-checks" = ["date", "not_future"], "x-widget" = "dateMDY"))]
    pub employment_start_date: Option<String>,
    #[schemars(title = "Occupation", length(max = 100))]
    pub occupation: Option<String>,
    #[schemars(title = "Compensation Type")]
    pub compensation_type: Option<CompensationType>,
    #[schemars(title = "Employment Status", extend("x-refuse" = { "R": "You cannot proceed with retired employer" }))]
    pub employment_status: Option<EmploymentStatus>,
    #[schemars(title = "Industry", length(max = 100))]
    pub emp_industry: Option<String>,
    #[schemars(title = "Number of Employees", range(min = 1, max = 1000000))]
    #[schemars(extend("x-messages" = { "minimum": "Please enter the number of employees", "type": "Please enter the number of employees" }))]
    pub emp_num_employed: Option<i64>,
    #[schemars(title = "Vacation Policy")]
    pub emp_vac_policy: Option<VacationPolicy>,
    #[schemars(title = "Member of a Bargaining Unit")]
    pub emp_barg_unit: Option<YesNo>,
    #[schemars(title = "Holiday Policy", extend("x-checks" = ["at_least_one"], "x-messages" = { "at_least_one": "Select at least one holiday policy" }))]
    pub holiday_policy: Option<HolidayPolicy>,
    #[schemars(title = "USPS Address Validation")]
    pub with_validation: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Relationship {
    #[serde(rename = "spouse")]
    #[schemars(title = "Spouse")]
    Spouse,
    #[serde(rename = "child")]
    #[schemars(title = "Child")]
    Child,
    #[serde(rename = "parent")]
    #[schemars(title = "Parent")]
    Parent,
    #[serde(rename = "sibling")]
    #[schemars(title = "Sibling")]
    Sibling,
    #[serde(rename = "domestic_partner")]
    #[schemars(title = "Domestic partner")]
    DomesticPartner,
    #[serde(rename = "estate")]
    #[schemars(title = "Estate")]
    Estate,
    #[serde(rename = "other")]
    #[schemars(title = "Other")]
    Other,
}

// One beneficiary: who receives a share of a life benefit.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Beneficiary")]
#[schemars(extend("required" = ["first_name", "last_name", "relationship", "beneficiary_percentage"]))]
pub struct Beneficiary {
    #[serde(flatten)]
    pub name: PersonName,
    #[schemars(schema_with = "birthdate_schema")]
    pub birthdate: Option<String>,
    #[schemars(schema_with = "ssn_schema")]
    pub ssn: Option<String>,
    #[schemars(title = "Relationship")]
    pub relationship: Option<Relationship>,
    #[schemars(title = "Percentage", range(min = 1, max = 100))]
    #[schemars(extend("x-messages" = {
        "minimum": "Beneficiary percentage should not be 0 or more than 100",
        "maximum": "Beneficiary percentage should not be 0 or more than 100",
        "type": "Beneficiary percentage should not be 0 or more than 100"
    }))]
    pub beneficiary_percentage: Option<i64>,
}

// Beneficiary Information (`beneficiary_info`): up to three beneficiaries whose shares total exactly 100%.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Beneficiary Information")]
pub struct BeneficiaryInfo {
    #[schemars(title = "Beneficiaries", length(min = 1, max = 3))]
    #[schemars(extend(
        "x-checks" = ["total_100:beneficiary_percentage"],
        "x-messages" = {
            "minItems": "Please add a beneficiary",
            "maxItems": "You can add at most 3 beneficiaries",
            "total_over": "The beneficiary percentages add up to {total}%, over 100%. Please lower them to a total of 100%.",
            "total_under": "The beneficiary percentages add up to {total}%, under 100%. Please raise them to a total of 100%."
        },
        "x-item-title" = "Beneficiary #{n}",
        "x-field" = "listEditor"
    ))]
    pub beneficiaries: Option<Vec<Beneficiary>>,
}

// Agreement & Signature (`agreement_info`). The agreement checkboxes are composed from the workflow's texts; the
// verification question is the label the workflow gives `answer`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Agreement, Application and Authorization")]
pub struct AgreementInfo {
    #[schemars(title = "Agreements")]
    pub agreements: Option<std::collections::BTreeMap<String, bool>>,
    #[schemars(title = "Verify Answer", length(max = 200))]
    pub answer: Option<String>,
    #[schemars(title = "Date", regex(pattern = DATE_PATTERN))]
    pub date: Option<String>,
    #[schemars(title = "Broker Name", length(max = 100))]
    pub agent_name: Option<String>,
    #[schemars(title = "Broker Code", length(max = 40))]
    pub agent_code: Option<String>,
    #[schemars(title = "Group Name", length(max = 100))]
    pub group_name: Option<String>,
    #[schemars(title = "Group Code", length(max = 40))]
    pub group_code: Option<String>,
    #[schemars(
        title = "Electronic Signature",
        length(max = 400000),
        regex(pattern = r"^data:image/png;base64,[A-Za-z0-9+/=]+$")
    )]
    #[schemars(extend(
        "x-messages" = { "required": "Signature is required", "pattern": "Signature is required", "maxLength": "Please sign again: the signature is too large" },
        "x-widget" = "signature",
        "x-display" = "signed"
    ))]
    pub signature: Option<String>,
}

/// Health Questions (`primary_health_info`). The questions and their detail fields are the workflow's questionnaire
/// (see [`crate::questionnaire`]); composition replaces the two placeholders below with them. The whole document is
/// health information: stored encrypted (`x-sensitive: document`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Health Questions", extend("x-sensitive" = "document"))]
pub struct HealthInfo {
    #[schemars(title = "Health Questions")]
    pub condition_questions: Option<std::collections::BTreeMap<String, Value>>,
    #[schemars(title = "Medication")]
    pub medication_question: Option<std::collections::BTreeMap<String, Value>>,
    #[schemars(title = "Additional Notes", length(max = 2000), extend("x-widget" = "textarea"))]
    #[schemars(extend("x-messages" = { "maxLength": "Please keep the notes under 2000 characters" }))]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum DependentRelationship {
    #[serde(rename = "spouse")]
    #[schemars(title = "Spouse")]
    Spouse,
    #[serde(rename = "child")]
    #[schemars(title = "Child")]
    Child,
}

/// One dependent (the spec's dependent `primary_info`; `health_info` is added by composition when the enrollment asks
/// health questions). Which relationships, how many and which fields are required follow the tier: see
/// [`crate::dependents`].
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("required" = ["first_name", "last_name", "gender", "ssn", "birthdate", "relationship"]))]
pub struct Dependent {
    #[serde(flatten)]
    pub name: PersonName,
    #[schemars(title = "Relationship")]
    pub relationship: Option<DependentRelationship>,
    #[schemars(title = "Gender")]
    pub gender: Option<FilterGender>,
    #[schemars(schema_with = "birthdate_schema")]
    pub birthdate: Option<String>,
    #[schemars(schema_with = "ssn_schema")]
    pub ssn: Option<String>,
    #[serde(flatten)]
    pub measures: Measures,
    // The spec fixes it to "0": dependents are not asked about employment, so it is not shown.
    #[schemars(title = "Employed", extend("readOnly" = true, "default" = "0", "const" = "0", "x-widget" = "hidden"))]
    pub employed: Option<String>,
}

/// Dependent Information (`dependent_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Dependent Information")]
pub struct DependentInfo {
    /// Asked with a premier plan on the Family tier (see [`crate::dependents`]).
    #[schemars(title = "Do you have a spouse to cover?", extend("x-widget" = "radio"))]
    #[schemars(extend("x-messages" = { "required": "Please select spouse status", "enum": "Please select spouse status" }))]
    pub spouse_status: Option<YesNo>,
    #[schemars(title = "Dependents", length(max = 9))]
    #[schemars(extend("x-item-title" = "Dependent #{n}", "x-messages" = { "maxItems": "You can add at most 9 dependents" }))]
    #[schemars(extend("x-field" = "listEditor", "x-item-validate" = "validate-single-dependent"))]
    pub dependents: Option<Vec<Dependent>>,
}

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
    /// A bank account on file (an existing member's), or 0 for a new one; offered only when there is one.
    #[schemars(title = "Bank Account", extend("x-widget" = "radio"))]
    pub bank_id: Option<i64>,
    #[schemars(title = "Routing Number", regex(pattern = r"^[0-9]{9}$"))]
    #[schemars(extend(
        "x-messages" = { "pattern": "Routing number must be of 9 digits", "routing": "Invalid routing number" },
        "x-normalize" = "digits", "x-checks" = ["routing"],
        "x-fills" = { "call": "routing-number-bank-lookup", "param": "q", "value": "response.name", "into": "bank_name" }
    ))]
    pub routing_number: Option<String>,
    #[schemars(title = "Account Holder Name", length(max = 60), regex(pattern = r"^[A-Za-z0-9 ]+$"))]
    #[schemars(extend("x-messages" = { "pattern": "Invalid account holder name", "maxLength": "Invalid account holder name" }))]
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
    /// A card on file (an existing member's), or 0 for a new one; offered only when there is one.
    #[schemars(title = "Card", extend("x-widget" = "radio"))]
    pub card_id: Option<i64>,
    #[schemars(title = "First Name on Card", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z '\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid first name", "maxLength": "Please enter valid first name" }))]
    pub first_name_on_cc: Option<String>,
    #[schemars(title = "Last Name on Card", length(max = 50), regex(pattern = r"^[A-Za-z][A-Za-z '\-]*$"))]
    #[schemars(extend("x-messages" = { "pattern": "Please enter valid last name", "maxLength": "Please enter valid last name" }))]
    pub last_name_on_cc: Option<String>,
    #[schemars(title = "Card Number", regex(pattern = r"^([0-9]{13,25}|[*]{4}[0-9]{4})$"))]
    #[schemars(extend("x-messages" = { "pattern": "Card number must be Min-13 and Max-25" }, "x-normalize" = "number", "x-checks" = ["card"], "x-never-stored" = true))]
    pub card_number: Option<String>,
    #[schemars(title = "Expiration Month")]
    pub expiration_month: Option<Month>,
    #[schemars(title = "Expiration Year", extend("x-checks" = ["not_expired:expiration_month"]))]
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

/// Review & Confirmation (`review_info`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Review & Confirmation")]
pub struct ReviewInfo {
    #[schemars(title = "Additional Notes", length(max = 2000), extend("x-widget" = "textarea"))]
    pub additional_notes: Option<String>,
}

fn generate<T: JsonSchema>() -> Value {
    let generator =
        schemars::generate::SchemaSettings::draft2020_12().with(|s| s.inline_subschemas = true).into_generator();
    let schema = generator.into_root_schema_for::<T>();
    crate::json::strip_nulls(serde_json::to_value(schema).expect("a schema is JSON"))
}

/// The base schema of a tab's data.
pub fn form_schema(tab: TabName) -> Value {
    match tab {
        TabName::PrimaryInfo => generate::<PersonalInfo>(),
        TabName::ContactInfo => generate::<ContactInfo>(),
        TabName::EmployerInfo => generate::<EmployerInfo>(),
        TabName::BeneficiaryInfo => generate::<BeneficiaryInfo>(),
        TabName::AgreementInfo => generate::<AgreementInfo>(),
        TabName::PrimaryHealthInfo => generate::<HealthInfo>(),
        TabName::DependentInfo => generate::<DependentInfo>(),
        TabName::BillingInfo => generate::<BillingInfo>(),
        TabName::ReviewInfo => generate::<ReviewInfo>(),
    }
}

/// The choices a field of a tab offers, as (value, label): a coded field's options, or a set of flags' names.
/// The spec's lookup calls (get-employment-status, get-holiday-policy, ...) answer these, so the lists live in one
/// place, the tab's type.
pub fn choices(tab: TabName, field: &str) -> Vec<(String, String)> {
    let schema = form_schema(tab);
    let prop = &schema["properties"][field];
    if let Some(options) = prop.get("oneOf").and_then(Value::as_array) {
        return options
            .iter()
            .filter_map(|o| Some((o.get("const")?.as_str()?.to_string(), o.get("title")?.as_str()?.to_string())))
            .collect();
    }
    if prop.get("x-lookup").and_then(Value::as_str) == Some("states") {
        return US_STATES.iter().map(|(code, name)| (code.to_string(), name.to_string())).collect();
    }
    prop.get("properties")
        .and_then(Value::as_object)
        .map(|flags| {
            flags.iter().map(|(key, flag)| (key.clone(), flag["title"].as_str().unwrap_or(key).to_string())).collect()
        })
        .unwrap_or_default()
}

/// The base schema of the filter form.
pub fn filter_schema() -> Value {
    generate::<FilterForm>()
}

/// US states and DC, with territories served by the ZIP directory.
pub const US_STATES: [(&str, &str); 56] = [
    ("AL", "Alabama"),
    ("AK", "Alaska"),
    ("AZ", "Arizona"),
    ("AR", "Arkansas"),
    ("CA", "California"),
    ("CO", "Colorado"),
    ("CT", "Connecticut"),
    ("DE", "Delaware"),
    ("DC", "District of Columbia"),
    ("FL", "Florida"),
    ("GA", "Georgia"),
    ("HI", "Hawaii"),
    ("ID", "Idaho"),
    ("IL", "Illinois"),
    ("IN", "Indiana"),
    ("IA", "Iowa"),
    ("KS", "Kansas"),
    ("KY", "Kentucky"),
    ("LA", "Louisiana"),
    ("ME", "Maine"),
    ("MD", "Maryland"),
    ("MA", "Massachusetts"),
    ("MI", "Michigan"),
    ("MN", "Minnesota"),
    ("MS", "Mississippi"),
    ("MO", "Missouri"),
    ("MT", "Montana"),
    ("NE", "Nebraska"),
    ("NV", "Nevada"),
    ("NH", "New Hampshire"),
    ("NJ", "New Jersey"),
    ("NM", "New Mexico"),
    ("NY", "New York"),
    ("NC", "North Carolina"),
    ("ND", "North Dakota"),
    ("OH", "Ohio"),
    ("OK", "Oklahoma"),
    ("OR", "Oregon"),
    ("PA", "Pennsylvania"),
    ("RI", "Rhode Island"),
    ("SC", "South Carolina"),
    ("SD", "South Dakota"),
    ("TN", "Tennessee"),
    ("TX", "Texas"),
    ("UT", "Utah"),
    ("VT", "Vermont"),
    ("VA", "Virginia"),
    ("WA", "Washington"),
    ("WV", "West Virginia"),
    ("WI", "Wisconsin"),
    ("WY", "Wyoming"),
    ("PR", "Puerto Rico"),
    ("GU", "Guam"),
    ("VI", "U.S. Virgin Islands"),
    ("AS", "American Samoa"),
    ("MP", "Northern Mariana Islands"),
];
