//! What a carrier receives of a submitted application: the ASC X12 834 benefit enrollment and maintenance transaction
//! (the HIPAA implementation guide 005010X220A1), one per carrier per file, in an interchange envelope.
//!
//! The segments are x12-types' (`x12_types::v005010`), rendered by it; this module decides their values. Our words
//! (categories, tiers, relationships, genders) become X12 codes through [`Codes`], which are data
//! (`workflows/x12.yaml`, `kind: x12`): an installation changes a carrier's codes there, not here. What stays in code
//! is the guide's own grammar: maintenance types (021 addition, 024 cancellation or termination, 030 audit, 001 change,
//! 025 reinstatement), qualifiers and the envelope's counts.
//!
//! A transaction says, in this order: who sponsors the coverage (`N1*P5`: the employer group, or the store for the
//! individual market) and who insures it (`N1*IN`: the carrier); then a member loop per person covered, the
//! subscriber first (`INS`, `REF*0F` the subscriber's number, `NM1*IL` name and SSN, `N3`/`N4` the subscriber's
//! address, `DMG` birth date and gender) with a health coverage loop per plan covering that person (`HD` with the
//! insurance line and coverage level, `DTP*348` the first day of coverage, `DTP*349` the last on a cancellation or a
//! termination, `DTP*303` the day a change takes effect). A change after the sale ([`Change`]) sends the subscriber
//! and the dependents it is about, each with what happens to them ([`MemberChange`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use chrono::{NaiveDate, NaiveDateTime};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use x12_types::util::X12Element;
use x12_types::v005010::{
    _834Loop1000, _834Loop2000, _834Loop2100, _834Loop2300, _834Loop2700, _834Loop2750, _834, AMT, BGN, DMG, DTP, GE,
    GS, HD, IEA, INS, ISA, LE, LS, LUI, LX, N1, N3, N4, NM1, PER, REF, SE, ST,
};

use crate::context::Tier;
use crate::money::Cents;

/// One 834 transaction set (ST to SE), as x12-types has it.
pub type Transaction = _834;

/// The implementation guide the transactions follow (ST03, GS08).
pub const GUIDE: &str = "005010X220A1";

/// How our words are said in an 834: the codes file of an installation (`kind: x12`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Codes {
    /// Always `x12`.
    pub kind: String,
    /// Where the codes come from, for whoever checks them.
    pub source: String,
    /// The insurance line code (HD03, element 1205) of each category of plan.
    pub insurance_lines: BTreeMap<String, String>,
    /// The coverage level code (HD05, element 1207) of each tier.
    pub coverage_levels: BTreeMap<Tier, String>,
    /// The individual relationship code (INS02, element 1069) of the subscriber and of each relationship a
    /// dependent can have.
    pub relationships: BTreeMap<Relationship, String>,
    /// The gender code (DMG03, element 1068) of each gender the forms offer (their stored values).
    pub genders: BTreeMap<String, String>,
}

/// Who a member is to the subscriber.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relationship {
    /// The applicant, who holds the coverage.
    Subscriber,
    Spouse,
    Child,
}

/// The codes each element may take in 005010X220A1 (from the guide's code lists).
const INSURANCE_LINES: [&str; 22] = [
    "AG", "AH", "AJ", "AK", "DCP", "DEN", "EPO", "FAC", "HE", "HLT", "HMO", "LTC", "LTD", "MM", "MOD", "PDG", "POS",
    "PPO", "PRA", "STD", "UR", "VIS",
];
const COVERAGE_LEVELS: [&str; 18] = [
    "CHD", "DEP", "E1D", "E2D", "E3D", "E5D", "E6D", "E7D", "E8D", "E9D", "ECH", "EMP", "ESP", "FAM", "IND", "SPC",
    "SPO", "TWO",
];
const RELATIONSHIPS: [&str; 25] = [
    "01", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "23",
    "24", "25", "26", "31", "38", "53",
];
const GENDERS: [&str; 3] = ["F", "M", "U"];

impl Codes {
    /// What the format cannot say: every code is one the guide allows, every tier and relationship has one, and the
    /// subscriber is `18` (self), as the guide requires.
    pub fn check(&self) -> Result<(), (String, String)> {
        if self.kind != "x12" {
            return Err(("/kind".into(), "must be x12".into()));
        }
        let allowed = |list: &str, key: &str, code: &str, codes: &[&str], element: &str| {
            if codes.contains(&code) {
                Ok(())
            } else {
                Err((
                    format!("/{list}/{key}"),
                    format!("{code} is not a code of element {element} in {GUIDE}: use one of {}", codes.join(", ")),
                ))
            }
        };
        for (category, code) in &self.insurance_lines {
            allowed("insurance_lines", category, code, &INSURANCE_LINES, "1205 (HD03)")?;
        }
        for tier in Tier::ALL {
            let code = self.coverage_levels.get(&tier).ok_or_else(|| {
                ("/coverage_levels".to_string(), format!("tier {} has no coverage level", tier.code()))
            })?;
            allowed("coverage_levels", tier.code(), code, &COVERAGE_LEVELS, "1207 (HD05)")?;
        }
        for relationship in [Relationship::Subscriber, Relationship::Spouse, Relationship::Child] {
            let name = serde_json::to_value(relationship).expect("a name").as_str().unwrap_or_default().to_string();
            let code = self
                .relationships
                .get(&relationship)
                .ok_or_else(|| ("/relationships".to_string(), format!("{name} has no relationship code")))?;
            allowed("relationships", &name, code, &RELATIONSHIPS, "1069 (INS02)")?;
        }
        if self.relationships.get(&Relationship::Subscriber).map(String::as_str) != Some("18") {
            return Err(("/relationships/subscriber".into(), "the subscriber is 18 (self) in every 834".into()));
        }
        for (gender, code) in &self.genders {
            allowed("genders", gender, code, &GENDERS, "1068 (DMG03)")?;
        }
        Ok(())
    }

    /// The categories of `categories` that have no insurance line code: their plans could not be sent.
    pub fn missing_lines<'a>(&self, categories: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
        categories.into_iter().filter(|c| !self.insurance_lines.contains_key(*c)).collect()
    }
}

/// A carrier's companion guide, as data: what its EDI team takes in an 834 beyond the implementation guide's own
/// rules. A carrier without one takes the installation's codes (`workflows/x12.yaml`) in the extended character set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Guide {
    /// The X12 character set its systems read: `extended` (letters of both cases, digits, and the extended set's
    /// punctuation; the default) or `basic` (upper case letters, digits, a space and the basic set's punctuation).
    #[serde(default)]
    pub character_set: CharacterSet,
    /// Whether names, addresses and plans are written `as_written` (the default) or in `upper` case.
    #[serde(default)]
    pub case: LetterCase,
    /// Its insurance line code (HD03) of a category, where it is not the installation's: above all for the lines
    /// the implementation guide has no code for (life, critical illness, accident, hospital indemnity, supplemental,
    /// pet: life is not supported by the 834 TR3 at all, X12's RFI 2479), where the carrier's guide designates one.
    #[serde(default)]
    pub insurance_lines: BTreeMap<String, String>,
    /// What its guide says a code it designates means for it (`AH: term life, read with HD04`): needed for each
    /// code it designates for a category the implementation guide has no line for, and for each code of its own
    /// beyond the implementation guide's list (a file with one is no longer TR3-conformant, and is said to be).
    #[serde(default)]
    pub line_meanings: BTreeMap<String, String>,
    /// INS08 of a subscriber who enrolls on their own, not through an employer: the implementation guide's `AC`
    /// (active) unless the carrier's guide names another of its employment status codes, or none (`null`: INS08 left
    /// out, for a carrier whose list lacks `AC`).
    #[serde(default = "active")]
    pub individual_employment_status: Option<String>,
    /// The situational data it takes, each sent only where the application has it.
    #[serde(default = "Extra::standard")]
    pub takes: std::collections::BTreeSet<Extra>,
    /// Its master policy number for the store's business (REF*38), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master_policy: Option<String>,
}

fn active() -> Option<String> {
    Some("AC".into())
}

impl Default for Guide {
    fn default() -> Guide {
        Guide {
            character_set: CharacterSet::default(),
            case: LetterCase::default(),
            insurance_lines: BTreeMap::new(),
            line_meanings: BTreeMap::new(),
            individual_employment_status: active(),
            takes: Extra::standard(),
            master_policy: None,
        }
    }
}

/// The X12 character sets (X12.6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CharacterSet {
    /// Upper and lower case letters, digits, a space and `! " & ' ( ) + , - . / ; ? = % @ [ ] _ { } \ | < > # $`.
    #[default]
    Extended,
    /// Upper case letters, digits, a space and `! " & ' ( ) + , - . / ; ? =`.
    Basic,
}

/// How the letters of a file's names and addresses are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LetterCase {
    #[default]
    AsWritten,
    Upper,
}

/// Situational data a carrier's guide says it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Extra {
    /// The broker loop (`N1*BO`): the rep who enrolled the applicant, by name and national producer number.
    Broker,
    /// The subscriber's phone and e-mail (`PER*IP`).
    Contact,
    /// The language the applicant applied in, when it is not English (`LUI`).
    Language,
    /// Each plan's monthly premium for the household, on the subscriber's coverage (`AMT*P3`).
    Premium,
    /// A life plan's coverage amount, as a reporting category of the subscriber (loop 2750, `COVERAGE AMOUNT`).
    CoverageAmount,
    /// The beneficiaries of a life or accident plan, as reporting categories of the subscriber (loop 2750,
    /// `BENEFICIARY`), which the implementation guide leaves to the trading partners.
    Beneficiaries,
    /// What the employer pays a month toward each plan's premium, as a reporting category of the subscriber (loop
    /// 2750, `EMPLOYER CONTRIBUTION`, "amount plan"): the implementation guide has no element for it.
    EmployerShare,
}

impl Extra {
    /// What the implementation guide's own situational segments carry: taken unless a guide says otherwise.
    pub fn standard() -> std::collections::BTreeSet<Extra> {
        [Extra::Broker, Extra::Contact, Extra::Language, Extra::Premium].into_iter().collect()
    }
}

impl Guide {
    /// What the guide cannot say: a code of its own beyond the implementation guide's list without its meaning, a
    /// code designated for a line the implementation guide has none for (`codes`, the installation's, has none)
    /// without what the carrier means by it, a meaning that says nothing.
    pub fn check(&self, codes: &Codes) -> Result<(), (String, String)> {
        for (code, meaning) in &self.line_meanings {
            if code.is_empty() || code.len() > 3 || !code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            {
                return Err((
                    format!("/line_meanings/{code}"),
                    "an insurance line code is one to three capital letters or digits".into(),
                ));
            }
            if meaning.trim().is_empty() {
                return Err((format!("/line_meanings/{code}"), "say what the carrier's guide means by it".into()));
            }
        }
        for (category, code) in &self.insurance_lines {
            let at = || format!("/insurance_lines/{category}");
            self.line_allowed(code).map_err(|why| (at(), why))?;
            if !codes.insurance_lines.contains_key(category) && !self.line_meanings.contains_key(code) {
                return Err((
                    at(),
                    format!(
                        "{GUIDE} has no insurance line for {category}: say under line_meanings what the carrier's guide \
                         means by {code}"
                    ),
                ));
            }
        }
        const EMPLOYMENT: [&str; 8] = ["AC", "AO", "AU", "FT", "L1", "PT", "RT", "TE"];
        if let Some(status) = self.individual_employment_status.as_deref().filter(|s| !EMPLOYMENT.contains(s)) {
            return Err((
                "/individual_employment_status".into(),
                format!(
                    "{status} is not a code of element 584 (INS08) in {GUIDE}: use one of {}",
                    EMPLOYMENT.join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// Whether `code` may be sent as an insurance line to this carrier: one of the implementation guide's, or one of
    /// the carrier's own its guide gives the meaning of.
    fn line_allowed(&self, code: &str) -> Result<(), String> {
        if INSURANCE_LINES.contains(&code) || self.line_meanings.contains_key(code) {
            Ok(())
        } else {
            Err(format!(
                "{code} is not a code of element 1205 (HD03) in {GUIDE}, nor one the carrier's guide gives the meaning \
                 of: use one of {} or say under line_meanings what the carrier's guide means by it",
                INSURANCE_LINES.join(", ")
            ))
        }
    }

    /// Its own codes beyond the implementation guide's list: its files holding one are outside the TR3.
    pub fn beyond_the_implementation_guide(&self) -> Vec<&str> {
        self.line_meanings.keys().map(String::as_str).filter(|c| !INSURANCE_LINES.contains(c)).collect()
    }

    /// The insurance line of a plan of `category` for this carrier: the plan's own (`plan_line`), the guide's for the
    /// category, or the installation's; an error naming the category when there is none, or when it is not allowed.
    pub fn line(&self, codes: &Codes, category: &str, plan_line: Option<&str>) -> Result<String, String> {
        let line = plan_line
            .or_else(|| self.insurance_lines.get(category).map(String::as_str))
            .or_else(|| codes.insurance_lines.get(category).map(String::as_str))
            .ok_or_else(|| format!("no insurance line code for the category {category}: the implementation guide has none, and the carrier's guide names none"))?;
        self.line_allowed(line)?;
        Ok(line.to_string())
    }

    /// How this carrier's file writes `text` in at most `most` characters (see [`element`]): in its character set
    /// and case.
    pub fn text(&self, text: &str, most: usize) -> String {
        let upper = self.case == LetterCase::Upper || self.character_set == CharacterSet::Basic;
        let mut written = x12_characters(text);
        if upper {
            written = written.to_uppercase();
        }
        if self.character_set == CharacterSet::Basic {
            written = written.chars().map(|c| if in_basic_set(c) { c } else { ' ' }).collect();
        }
        cut(&written, most)
    }

    /// `text` as [`Guide::text`] writes it, with trailing spaces to the element's least length where it is shorter:
    /// X12 pads an element so (a city of one letter, as Y, Alaska; a name of which the file could carry nothing).
    pub fn text_at_least(&self, text: &str, least: usize, most: usize) -> String {
        let mut written = self.text(text, most);
        let short = least.saturating_sub(written.chars().count());
        written.extend(std::iter::repeat_n(' ', short));
        written
    }

    /// Whether `text` can be written whole in this carrier's character set (an e-mail address needs `@`, which the
    /// basic set lacks).
    fn carries(&self, text: &str) -> bool {
        self.character_set == CharacterSet::Extended || x12_characters(text).to_uppercase().chars().all(in_basic_set)
    }
}

/// The X12 basic character set, besides the separators this store's files use (`*`, `~`, `:`, `^`).
fn in_basic_set(c: char) -> bool {
    c.is_ascii_uppercase() || c.is_ascii_digit() || " !\"&'()+,-./;?=".contains(c)
}

/// A party named in a transaction: the sponsor or the payer, by name and the identifier agreed with the carrier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    pub name: String,
    /// `FI` (a federal tax id) or `94` (a code the carrier assigned or agreed).
    pub id_qualifier: String,
    pub id: String,
}

/// A postal address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Address {
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    /// The two-letter state code.
    pub state: String,
    pub zip: String,
}

/// A person covered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub relationship: Relationship,
    pub first_name: String,
    /// As the applicant gave it (NM105), when they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub middle_name: Option<String>,
    pub last_name: String,
    /// Nine digits, when the application gave one.
    pub ssn: Option<String>,
    pub birth_date: NaiveDate,
    /// As the forms store it (a key of [`Codes::genders`]).
    pub gender: String,
    /// The marital status code (DMG04, element 1067: `M` married, `I` single, `D` divorced, `W` widowed), when
    /// known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marital_status: Option<String>,
    /// The subscriber's (an 834 gives the subscriber's residence).
    pub address: Option<Address>,
    /// The last day this person is covered, when their coverage ends before the plans' (a child turning 26): what a
    /// carrier's confirmation is compared with; a file says an end by its [`Maintenance`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_day: Option<NaiveDate>,
}

/// A plan the application holds with the carrier, and who it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    pub category: String,
    /// The plan and its level as the carrier knows them (HD04, at most 50 characters).
    pub plan: String,
    pub tier: Tier,
    /// The first day of coverage.
    pub effective: NaiveDate,
    /// The members it covers, by their place in [`Enrollment::members`] (the subscriber is always covered).
    pub covers: Vec<usize>,
    /// The plan's own insurance line code (a disability plan's STD or LTD), over its category's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// The monthly premium for the household's tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub premium: Option<Cents>,
    /// A life plan's coverage amount, in whole dollars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// What the employer pays a month toward the premium, for an employee of a group that contributes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub employer_share: Option<Cents>,
    /// Its last day, once its end is recorded: what a carrier's confirmation is compared with; a file says an end by
    /// its [`Maintenance`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_day: Option<NaiveDate>,
}

/// How the subscriber works for the employer that sponsors the coverage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Employment {
    pub status: EmploymentStatus,
    /// The first day of employment (DTP*336), when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<NaiveDate>,
}

/// The subscriber's standing with the sponsoring employer (INS05, INS07 and INS08).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EmploymentStatus {
    /// Active, 30 hours a week or more (INS08 `FT`).
    FullTime,
    /// Active, under 30 hours a week (INS08 `PT`).
    PartTime,
    /// Retired (INS08 `RT`).
    Retired,
    /// Covered under COBRA after the qualifying event (element 1219's code, INS07): INS05 `C`, INS08 `TE`.
    Cobra { qualifying_event: String },
}

/// The rep who enrolled the applicant (the broker loop, `N1*BO`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Broker {
    pub name: String,
    /// The rep's national producer number.
    pub npn: String,
}

/// A person the applicant names to receive a life or accident plan's benefit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Beneficiary {
    pub name: String,
    /// Who they are to the applicant, in words ("Spouse", "Estate").
    pub relationship: String,
    /// Their share of the benefit, in percent.
    pub percent: u8,
}

/// How to reach the subscriber.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    /// Ten digits.
    pub phone: Option<String>,
    pub email: Option<String>,
}

/// What happens to the coverage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Maintenance {
    /// A new enrollment (021, initial enrollment).
    Addition,
    /// The application was cancelled (024, voluntary withdrawal); coverage ends on that day.
    Cancellation { last_day: NaiveDate },
    /// What the carrier should hold, for reconciling (030, audit).
    Audit,
    /// A change after the sale: a life event's, a member's own, or an agent's.
    Change(Change),
}

/// A change after the sale. The subscriber's loop is always sent (001 when the change is not about them); of the
/// dependents, only those it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Why (INS04, element 1203: a life event's reason code, `25` for corrected details, `AI` for none given).
    pub reason: String,
    /// The day the change takes effect: a member added is covered from it, and it is each changed coverage's
    /// maintenance effective date (DTP*303).
    pub effective: NaiveDate,
    /// What happens to each member it is about, by their place in [`Enrollment::members`].
    pub members: Vec<(usize, MemberChange)>,
    /// What happens to each plan it is about, by its place in [`Enrollment::coverages`]: a plan chosen for a life
    /// event, and the plan it replaces. When any is, every member those plans cover is sent (001), with those plans
    /// alone; the carrier keeps the others as they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coverages: Vec<(usize, CoverageChange)>,
}

/// What happens to one plan in a change, for every member it covers (the coverage-level maintenance, HD01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CoverageChange {
    /// It covers from the change's effective day (021, DTP*348).
    Added,
    /// It ends on `last_day` (024, DTP*349): the plan another replaces.
    Ended { last_day: NaiveDate },
}

/// What happens to one member in a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MemberChange {
    /// Added to the coverage from the change's effective day (021): a newborn, a new spouse.
    Added,
    /// Their coverage ends on `last_day` (024, DTP*349).
    Ended { last_day: NaiveDate },
    /// Their ended coverage is brought back as it was (025).
    Reinstated,
    /// Their details changed (001): an address, a phone, an e-mail; with the name they had, when it is their name
    /// (the corrected name NM1*74, the one it replaces NM1*70).
    Changed {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        prior_name: Option<PriorName>,
    },
}

/// The name a member had before a change of name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriorName {
    pub first_name: String,
    pub last_name: String,
}

impl Change {
    /// Whether it changes anyone's coverage (an addition, an end, a reinstatement): the plans are then sent with
    /// the subscriber's loop too, at their levels after the change.
    fn touches_coverage(&self) -> bool {
        !self.coverages.is_empty() || self.members.iter().any(|(_, m)| !matches!(m, MemberChange::Changed { .. }))
    }
}

/// How one member's loop says what happens to them.
struct Said<'a> {
    /// INS03, and each of their plans' HD01.
    type_code: &'static str,
    /// INS04.
    reason: &'a str,
    /// The first day of their coverage, when it is not the plans' (a member added by a change).
    starts: Option<NaiveDate>,
    /// The last day of their coverage, on an end.
    last_day: Option<NaiveDate>,
    /// Whether their plans are sent (a change of an address alone sends none).
    plans: bool,
    /// The change's effective day, for each plan sent with a change (DTP*303).
    maintained: Option<NaiveDate>,
    /// The name a change of name replaces.
    prior_name: Option<&'a PriorName>,
    /// The plans a change is about, each with what happens to it: when any is, only they are sent.
    coverages: &'a [(usize, CoverageChange)],
}

impl Maintenance {
    /// What member `index`'s loop says; none for a dependent a change is not about.
    fn said(&self, index: usize, subscriber: bool) -> Option<Said<'_>> {
        let plain = |type_code, reason| Said {
            type_code,
            reason,
            starts: None,
            last_day: None,
            plans: true,
            maintained: None,
            prior_name: None,
            coverages: &[],
        };
        Some(match self {
            Maintenance::Addition => plain("021", "28"),
            Maintenance::Cancellation { last_day } => Said { last_day: Some(*last_day), ..plain("024", "14") },
            Maintenance::Audit => plain("030", "XN"),
            Maintenance::Change(change) => {
                let reason = change.reason.as_str();
                let maintained = Some(change.effective);
                let plain = |type_code, reason| Said { coverages: &change.coverages, ..plain(type_code, reason) };
                match change.members.iter().find(|(i, _)| *i == index).map(|(_, m)| m) {
                    Some(MemberChange::Added) => {
                        Said { starts: Some(change.effective), maintained, ..plain("021", reason) }
                    }
                    Some(MemberChange::Ended { last_day }) => {
                        Said { last_day: Some(*last_day), maintained, ..plain("024", reason) }
                    }
                    Some(MemberChange::Reinstated) => Said { maintained, ..plain("025", reason) },
                    Some(MemberChange::Changed { prior_name }) => Said {
                        plans: change.touches_coverage(),
                        maintained,
                        prior_name: prior_name.as_ref(),
                        ..plain("001", reason)
                    },
                    // A change of plans is every covered member's (each has their own coverage loops).
                    None if subscriber || !change.coverages.is_empty() => {
                        Said { plans: change.touches_coverage(), maintained, ..plain("001", reason) }
                    }
                    None => return None,
                }
            }
        })
    }
}

/// The tier of the household of `members` (the subscriber first) without the member `leaving`: who is covered
/// decides the plans' level after a change (a child added or aging off, a spouse taken off).
pub fn household_tier(members: &[Member], leaving: Option<usize>) -> Tier {
    let others = members.iter().enumerate().skip(1).filter(|(i, _)| Some(*i) != leaving);
    let (spouse, children) = others.fold((false, false), |(s, c), (_, m)| {
        (s || m.relationship == Relationship::Spouse, c || m.relationship == Relationship::Child)
    });
    Tier::of_household(spouse, children)
}

/// A submitted application, as much of it as a carrier's file says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Enrollment {
    /// The confirmation number: the subscriber's number (REF*0F) until the carrier gives its own.
    pub policy_id: String,
    /// How the subscriber works for the sponsoring employer; none for one who enrolls on their own.
    pub employment: Option<Employment>,
    /// The employer's group policy number with this carrier (REF*1L), for an employee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_policy: Option<String>,
    /// The applicant first.
    pub members: Vec<Member>,
    /// The plans held with this carrier.
    pub coverages: Vec<Coverage>,
    pub maintenance: Maintenance,
    /// How to reach the subscriber.
    #[serde(default)]
    pub contact: Contact,
    /// The language the applicant applied in (ISO 639-2, `spa`), when it is not English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The rep who enrolled the applicant, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub broker: Option<Broker>,
    /// The beneficiaries the applicant named, for a life or accident plan.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beneficiaries: Vec<Beneficiary>,
}

/// What a file says of itself: why it is sent (BGN), and the transaction's number within its interchange.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// ST02: unique within the interchange.
    pub control_number: u32,
    /// BGN02: our reference for the file.
    pub reference: String,
    pub created: NaiveDateTime,
    /// A full file of what the carrier should hold (BGN08 `4`, verify), or changes (`2`).
    pub verify: bool,
    pub sponsor: Party,
    pub payer: Party,
}

/// A value as an 834 can carry it: in the X12 extended character set ([`x12_characters`]), the separators (`*`, `~`,
/// `:`, `^`) and line breaks become spaces, runs of spaces one, and the text is cut at `most` characters ([`cut`]).
/// A carrier's own set and case are [`Guide::text`]'s.
pub fn element(text: &str, most: usize) -> String {
    cut(&x12_characters(text), most)
}

/// `text` with the separators and line breaks as spaces, runs of spaces one, in at most `most` characters: cut at the
/// last space that leaves at least half of them (a name or an address loses its last words whole rather than a word
/// in the middle), or else at `most`.
fn cut(text: &str, most: usize) -> String {
    let plain: String =
        text.chars().map(|c| if matches!(c, '*' | '~' | ':' | '^' | '\n' | '\r') { ' ' } else { c }).collect();
    let joined = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    if joined.chars().count() <= most {
        return joined;
    }
    let head: String = joined.chars().take(most + 1).collect();
    match head.rfind(' ').filter(|at| head[..*at].chars().count() * 2 >= most) {
        Some(at) => head[..at].to_string(),
        None => head.chars().take(most).collect(),
    }
}

/// `text` in the X12 basic and extended character sets, which carriers' systems (and validators such as pyx12) read
/// as ASCII: the store takes names and addresses in any script, a carrier's file holds printable ASCII only.
///
/// - Letters lose their accents: the compatibility decomposition (NFKD) with its combining marks dropped
///   ("José Muñoz-Peña" -> "Jose Munoz-Pena", "Zoë" -> "Zoe", "Nguyễn" -> "Nguyen"; a full-width "Ａ" -> "A").
/// - Latin letters that do not decompose are spelled as carriers' systems usually spell them (ß -> ss, Æ -> AE,
///   Ø -> O, Œ -> OE, Ł -> L, Đ -> D, Þ -> TH, ı -> i), and typographic apostrophes, quotes and dashes are ASCII's.
/// - Spaces of every kind are a space; control characters and invisible formatting (bidirectional marks, joiners)
///   are dropped.
/// - What has no ASCII form (a name in Hangul, Han, Cyrillic, Greek, Arabic ...) becomes `?`, one per character:
///   the carrier reads that the name holds letters the file cannot carry, rather than a shorter name, or an empty
///   name element that would make the file invalid. Spelling those scripts in Latin letters (transliteration) is the
///   carriers' own treatment, left to a later change.
pub fn x12_characters(text: &str) -> String {
    use unicode_normalization::char::is_combining_mark;
    use unicode_normalization::UnicodeNormalization;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            ' '..='~' => out.push(c),
            _ if c.is_whitespace() => out.push(' '),
            // A mark typed after its letter (a decomposed name), a control character, invisible formatting.
            _ if is_combining_mark(c) || c.is_control() || is_invisible(c) => {}
            _ => {
                // The character's compatibility decomposition without its marks, each part ASCII or spelled in it;
                // one `?` for the character when a part is neither (a Hangul syllable is one `?`, not its jamo).
                let parts: Option<String> = c
                    .nfkd()
                    .filter(|d| !is_combining_mark(*d))
                    .map(|d| if matches!(d, ' '..='~') { Some(d.to_string()) } else { spelled(d).map(str::to_string) })
                    .collect();
                out.push_str(parts.as_deref().filter(|p| !p.is_empty()).unwrap_or("?"));
            }
        }
    }
    out
}

/// Formatting that is not seen: the bidirectional marks, embeddings, overrides and isolates, joiners, the byte order
/// mark, the soft hyphen.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// The ASCII of a letter or a mark that no decomposition gives.
fn spelled(c: char) -> Option<&'static str> {
    Some(match c {
        'ß' => "ss",
        'ẞ' => "SS",
        'Æ' => "AE",
        'æ' => "ae",
        'Œ' => "OE",
        'œ' => "oe",
        'Ø' => "O",
        'ø' => "o",
        'Ł' => "L",
        'ł' => "l",
        'Đ' | 'Ð' => "D",
        'đ' | 'ð' => "d",
        'Þ' => "TH",
        'þ' => "th",
        'ı' => "i",
        'ħ' => "h",
        'Ħ' => "H",
        '‘' | '’' | 'ʼ' | '′' => "'",
        '“' | '”' => "\"",
        '‐' | '‑' | '‒' | '–' | '—' | '−' => "-",
        _ => return None,
    })
}

/// An amount as X12 writes a decimal (type R): dollars, without a sign for a positive amount, a thousands separator or
/// trailing zeros after the point (`412.5`, `30`).
fn decimal(amount: Cents) -> String {
    let (dollars, cents) = (amount.0 / 100, (amount.0 % 100).abs());
    match (cents, cents % 10) {
        (0, _) => dollars.to_string(),
        (_, 0) => format!("{dollars}.{}", cents / 10),
        _ => format!("{dollars}.{cents:02}"),
    }
}

fn date(day: NaiveDate) -> String {
    day.format("%Y%m%d").to_string()
}

fn code<T: X12Element>(text: &str) -> T {
    T::from_x12(text)
}

fn dtp(qualifier: &str, day: NaiveDate) -> DTP {
    DTP { _01: code(qualifier), _02: code("D8"), _03: date(day) }
}

/// A member's loop: who, and each plan with this carrier that covers them. `None` when no plan covers them.
fn member_loop(
    codes: &Codes,
    guide: &Guide,
    enrollment: &Enrollment,
    index: usize,
) -> Result<Option<_834Loop2000>, String> {
    let member = &enrollment.members[index];
    let subscriber = member.relationship == Relationship::Subscriber;
    let Some(said) = enrollment.maintenance.said(index, subscriber) else { return Ok(None) };
    let covering: Vec<(usize, &Coverage)> = enrollment
        .coverages
        .iter()
        .enumerate()
        .filter(|(_, c)| member.relationship == Relationship::Subscriber || c.covers.contains(&index))
        .collect();
    let coverages: Vec<&Coverage> = covering.iter().map(|(_, c)| *c).collect();
    // A change of plans is said to a member whom one of those plans covers.
    let changed = |at: usize| said.coverages.iter().find(|(i, _)| *i == at).map(|(_, c)| c);
    let sent: Vec<(&Coverage, Option<&CoverageChange>)> = covering
        .iter()
        .filter(|(at, _)| said.coverages.is_empty() || changed(*at).is_some())
        .map(|(at, c)| (*c, changed(*at)))
        .collect();
    if coverages.is_empty() || (said.plans && sent.is_empty()) {
        return Ok(None);
    }
    let relationship = codes
        .relationships
        .get(&member.relationship)
        .ok_or_else(|| format!("no relationship code for {:?}", member.relationship))?;
    // Each element within the standard's least and most lengths.
    let text = |text: &str, least: usize, most: usize| guide.text_at_least(text, least, most);
    // Benefit status (INS05), the COBRA qualifying event (INS07) and the subscriber's employment status (INS08): a
    // dependent of a COBRA subscriber is covered under COBRA too.
    let (benefit_status, cobra_event, employment_status) = match enrollment.employment.as_ref().map(|e| &e.status) {
        None => ("A", None, guide.individual_employment_status.as_deref()),
        Some(EmploymentStatus::FullTime) => ("A", None, Some("FT")),
        Some(EmploymentStatus::PartTime) => ("A", None, Some("PT")),
        Some(EmploymentStatus::Retired) => ("A", None, Some("RT")),
        Some(EmploymentStatus::Cobra { qualifying_event }) => ("C", Some(qualifying_event.clone()), Some("TE")),
    };
    let ins = INS {
        _01: if subscriber { "Y" } else { "N" }.into(),
        _02: relationship.clone(),
        _03: Some(said.type_code.into()),
        _04: Some(said.reason.into()),
        _05: Some(benefit_status.into()),
        _07: cobra_event,
        _08: employment_status.filter(|_| subscriber).map(str::to_string),
        ..Default::default()
    };
    let mut refs = vec![REF { _01: code("0F"), _02: Some(text(&enrollment.policy_id, 1, 50)), ..Default::default() }];
    if let Some(policy) = &enrollment.group_policy {
        refs.push(REF { _01: code("1L"), _02: Some(text(policy, 1, 50)), ..Default::default() });
    }
    // The member is eligible from the first day any of their plans with this carrier covers them; the subscriber's
    // employment began on the day the application says.
    let mut member_dates = Vec::new();
    if let Some(first) = said.starts.or_else(|| coverages.iter().map(|c| c.effective).min()) {
        member_dates.push(dtp("356", first));
    }
    if let (true, Some(started)) = (subscriber, enrollment.employment.as_ref().and_then(|e| e.started)) {
        member_dates.push(dtp("336", started));
    }
    // A corrected name is the insured's as corrected (NM1*74), and the one it replaces follows (NM1*70).
    let name = NM1 {
        _01: code(if said.prior_name.is_some() { "74" } else { "IL" }),
        _02: code("1"),
        _03: Some(text(&member.last_name, 1, 60)),
        _04: Some(text(&member.first_name, 1, 35)),
        _05: member.middle_name.as_deref().map(|m| text(m, 0, 25)).filter(|m| !m.is_empty()),
        _08: member.ssn.as_ref().map(|_| code("34")),
        _09: member.ssn.clone(),
        ..Default::default()
    };
    let contact =
        (subscriber && guide.takes.contains(&Extra::Contact)).then(|| contact_of(guide, &enrollment.contact)).flatten();
    let (street, place) = match (&member.address, subscriber) {
        (Some(a), true) => (
            Some(N3 {
                _01: text(&a.line1, 1, 55),
                _02: a.line2.as_deref().map(|l| text(l, 0, 55)).filter(|l| !l.is_empty()),
            }),
            Some(N4 {
                _01: Some(text(&a.city, 2, 30)),
                _02: Some(code(&a.state)),
                _03: Some(element(&a.zip, 15)),
                ..Default::default()
            }),
        ),
        _ => (None, None),
    };
    let gender = codes.genders.get(&member.gender).cloned().unwrap_or_else(|| "U".into());
    let demographics = DMG {
        _01: Some("D8".into()),
        _02: Some(date(member.birth_date)),
        _03: Some(gender),
        _04: member.marital_status.clone(),
        ..Default::default()
    };
    let language = match (&enrollment.language, subscriber && guide.takes.contains(&Extra::Language)) {
        (Some(language), true) => vec![LUI {
            _01: Some("LD".into()),
            _02: Some(element(language, 3)),
            _04: Some("7".into()),
            ..Default::default()
        }],
        _ => Vec::new(),
    };
    let mut plans = Vec::new();
    for (coverage, change) in sent.iter().filter(|_| said.plans) {
        let line = guide.line(codes, &coverage.category, coverage.line.as_deref())?;
        let level = codes
            .coverage_levels
            .get(&coverage.tier)
            .ok_or_else(|| format!("no coverage level for the tier {}", coverage.tier.code()))?;
        // A plan a change is about says what happens to it; the others, what happens to the member.
        let (type_code, starts, last_day) = match change {
            Some(CoverageChange::Added) => ("021", said.maintained.unwrap_or(coverage.effective), None),
            // A plan replaced before it began ends on its first day (covering none): the 349 is never before the 348.
            Some(CoverageChange::Ended { last_day }) => ("024", coverage.effective, Some(*last_day)),
            // A person added from before a plan chosen later is covered by it from its own first day.
            None => {
                (said.type_code, said.starts.map_or(coverage.effective, |s| s.max(coverage.effective)), said.last_day)
            }
        };
        let mut dates = vec![dtp("348", starts)];
        if let Some(last_day) = last_day {
            dates.push(dtp("349", last_day.max(starts)));
        }
        if let Some(maintained) = said.maintained {
            dates.push(dtp("303", maintained));
        }
        // The household's premium is the subscriber's to pay: said once, on the subscriber's coverage.
        let premium = match (coverage.premium, subscriber && guide.takes.contains(&Extra::Premium)) {
            (Some(premium), true) => vec![AMT { _01: code("P3"), _02: decimal(premium), ..Default::default() }],
            _ => Vec::new(),
        };
        plans.push(_834Loop2300 {
            hd: Some(HD {
                _01: type_code.into(),
                _03: Some(line),
                _04: Some(text(&coverage.plan, 1, 50)),
                _05: Some(level.clone()),
                ..Default::default()
            }),
            dtp: dates,
            amt: premium,
            ..Default::default()
        });
    }
    let categories = if subscriber { reporting_categories(guide, enrollment, &coverages) } else { Vec::new() };
    let (ls, le) = if categories.is_empty() {
        (None, None)
    } else {
        (Some(LS { _01: "2700".into() }), Some(LE { _01: "2700".into() }))
    };
    let demographics_again = demographics.clone();
    let mut names = vec![_834Loop2100 {
        nm1: Some(name),
        per: contact,
        n3: street,
        n4: place,
        dmg: Some(demographics),
        lui: language,
        ..Default::default()
    }];
    if let Some(prior) = said.prior_name {
        names.push(_834Loop2100 {
            nm1: Some(NM1 {
                _01: code("70"),
                _02: code("1"),
                _03: Some(text(&prior.last_name, 1, 60)),
                _04: Some(text(&prior.first_name, 1, 35)),
                ..Default::default()
            }),
            // The person the prior name was theirs: the same birth date and gender.
            dmg: Some(DMG { _04: None, ..demographics_again }),
            ..Default::default()
        });
    }
    Ok(Some(_834Loop2000 {
        ins: Some(ins),
        r#ref: refs,
        dtp: member_dates,
        loop_2100: names,
        loop_2300: plans,
        ls,
        loop_2700: categories,
        le,
        ..Default::default()
    }))
}

/// The subscriber's phone and e-mail as the carrier's character set can carry them (`PER*IP`); none when neither.
fn contact_of(guide: &Guide, contact: &Contact) -> Option<PER> {
    let mut numbers: Vec<(&str, String)> = Vec::new();
    if let Some(phone) = contact.phone.as_deref().map(|p| p.chars().filter(char::is_ascii_digit).collect::<String>()) {
        if phone.len() == 10 {
            numbers.push(("TE", phone));
        }
    }
    if let Some(email) = contact.email.as_deref().filter(|e| guide.carries(e)) {
        numbers.push(("EM", guide.text(email, 80)));
    }
    let mut numbers = numbers.into_iter();
    let first = numbers.next()?;
    let second = numbers.next();
    Some(PER {
        _01: code("IP"),
        _03: Some(code(first.0)),
        _04: Some(first.1),
        _05: second.as_ref().map(|(q, _)| code(q)),
        _06: second.map(|(_, n)| n),
        ..Default::default()
    })
}

/// The subscriber's reporting categories (loop 2750) a carrier's guide takes: each life plan's coverage amount, the
/// employer's share of each plan's premium, and each beneficiary (name, relationship and share, as one reference a
/// carrier's guide reads). The implementation guide gives this loop for what it leaves to the trading partners; the
/// names are this store's (docs/ARCHITECTURE.md, Carriers' files).
fn reporting_categories(guide: &Guide, enrollment: &Enrollment, coverages: &[&Coverage]) -> Vec<_834Loop2700> {
    let mut categories: Vec<(String, String)> = Vec::new();
    if guide.takes.contains(&Extra::CoverageAmount) {
        for coverage in coverages {
            if let Some(amount) = coverage.amount {
                categories.push(("COVERAGE AMOUNT".into(), amount.to_string()));
            }
        }
    }
    if guide.takes.contains(&Extra::EmployerShare) {
        // The amount first: a plan's long name is what a cut at REF02's 50 characters shortens.
        for coverage in coverages {
            if let Some(share) = coverage.employer_share.filter(|s| s.0 > 0) {
                categories.push(("EMPLOYER CONTRIBUTION".into(), format!("{} {}", decimal(share), coverage.plan)));
            }
        }
    }
    if guide.takes.contains(&Extra::Beneficiaries) {
        for beneficiary in &enrollment.beneficiaries {
            let said = format!("{}, {}, {}%", beneficiary.name, beneficiary.relationship, beneficiary.percent);
            categories.push(("BENEFICIARY".into(), said));
        }
    }
    categories
        .into_iter()
        .enumerate()
        .map(|(i, (name, value))| _834Loop2700 {
            lx: Some(LX { _01: (i + 1).to_string() }),
            loop_2750: vec![_834Loop2750 {
                n1: N1 { _01: code("75"), _02: Some(guide.text_at_least(&name, 1, 60)), ..Default::default() },
                r#ref: REF { _01: code("ZZ"), _02: Some(guide.text_at_least(&value, 1, 50)), ..Default::default() },
                dtp: None,
            }],
        })
        .collect()
}

/// One 834 transaction (ST to SE) for a carrier, written as its guide says: the member loops of every enrollment
/// given, in order.
pub fn transaction(codes: &Codes, guide: &Guide, header: &Header, enrollments: &[Enrollment]) -> Result<_834, String> {
    let number = format!("{:04}", header.control_number);
    let mut loop_2000 = Vec::new();
    for enrollment in enrollments {
        for index in 0..enrollment.members.len() {
            loop_2000.extend(member_loop(codes, guide, enrollment, index)?);
        }
    }
    let party = |role: &str, p: &Party| _834Loop1000 {
        n1: N1 {
            _01: code(role),
            _02: Some(guide.text_at_least(&p.name, 1, 60)),
            _03: Some(code(&p.id_qualifier)),
            _04: Some(element(&p.id, 80)),
            ..Default::default()
        },
        ..Default::default()
    };
    let mut parties = vec![party("P5", &header.sponsor), party("IN", &header.payer)];
    // The broker loop names the rep of a set whose applications one rep enrolled (a set holds one sponsor's
    // applications; a rep's name is the set's when every application in it was theirs).
    if guide.takes.contains(&Extra::Broker) {
        let brokers: Vec<&Broker> = enrollments.iter().filter_map(|e| e.broker.as_ref()).collect();
        if let Some(first) =
            brokers.first().filter(|b| brokers.len() == enrollments.len() && brokers.iter().all(|o| o == *b))
        {
            parties.push(party(
                "BO",
                &Party { name: first.name.clone(), id_qualifier: "94".into(), id: first.npn.clone() },
            ));
        }
    }
    let master = guide.master_policy.as_ref().map(|policy| REF {
        _01: code("38"),
        _02: Some(guide.text_at_least(policy, 1, 50)),
        ..Default::default()
    });
    let mut set = _834 {
        st: ST { _01: "834".into(), _02: number.clone(), _03: Some(GUIDE.into()) },
        bgn: BGN {
            _01: code("00"),
            _02: element(&header.reference, 50),
            _03: code(&date(header.created.date())),
            _04: Some(code(&header.created.format("%H%M").to_string())),
            _08: Some(code(if header.verify { "4" } else { "2" })),
            ..Default::default()
        },
        r#ref: master.into_iter().collect(),
        loop_1000: parties,
        loop_2000,
        se: SE { _01: String::new(), _02: number },
        ..Default::default()
    };
    // SE01 counts the segments from ST to SE, both included.
    set.se._01 = segments(&set.to_string()).to_string();
    Ok(set)
}

fn segments(text: &str) -> usize {
    text.matches('~').count()
}

/// The sender and receiver of an interchange, and its number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// ISA06 and GS02: who sends (padded to 15 in ISA).
    pub sender: String,
    /// ISA08 and GS03: the carrier's receiver id.
    pub receiver: String,
    /// ISA13 and GS06: never repeated (nine digits at most).
    pub control_number: u64,
    pub created: NaiveDateTime,
    /// ISA15: test data (`T`) or production (`P`).
    pub production: bool,
}

/// An interchange (ISA to IEA) holding one functional group (GS to GE) of the given transactions, each rendered
/// (`transaction(...).to_string()`: a batch keeps the text, a small part of the segments' size), as the carrier
/// receives it: one segment a line.
pub fn interchange(envelope: &Envelope, transactions: &[String]) -> String {
    let control = format!("{:09}", envelope.control_number);
    let pad = |id: &str| format!("{:<15}", element(id, 15));
    let isa = ISA {
        _01: code("00"),
        _02: " ".repeat(10),
        _03: code("00"),
        _04: " ".repeat(10),
        _05: code("ZZ"),
        _06: pad(&envelope.sender),
        _07: code("ZZ"),
        _08: pad(&envelope.receiver),
        _09: code(&envelope.created.format("%y%m%d").to_string()),
        _10: code(&envelope.created.format("%H%M").to_string()),
        _11: code("^"),
        _12: code("00501"),
        _13: code(&control),
        _14: code("1"),
        _15: code(if envelope.production { "P" } else { "T" }),
        _16: ":".into(),
    };
    let gs = GS {
        _01: "BE".into(),
        _02: element(&envelope.sender, 15),
        _03: element(&envelope.receiver, 15),
        _04: envelope.created.format("%Y%m%d").to_string(),
        _05: envelope.created.format("%H%M").to_string(),
        _06: envelope.control_number.to_string(),
        _07: "X".into(),
        _08: GUIDE.into(),
    };
    let ge = GE { _01: transactions.len().to_string(), _02: envelope.control_number.to_string() };
    let iea = IEA { _01: code("1"), _02: code(&control) };
    let mut out = String::new();
    for segment in std::iter::once(isa.to_string())
        .chain(std::iter::once(gs.to_string()))
        .chain(transactions.iter().cloned())
        .chain([ge.to_string(), iea.to_string()])
    {
        // x12-types ends every segment with `~`; a carrier's file has one segment a line.
        for part in segment.split_inclusive('~') {
            let part = part.trim_start_matches(['\n', '\r']);
            if !part.is_empty() {
                let _ = writeln!(out, "{part}");
            }
        }
    }
    out
}

/// Who an acknowledgement comes from and is addressed to, as its envelope says: the interchange's sender and receiver
/// (ISA06, ISA08) and, for a 999, its functional group's (GS02, GS03). A TA1 is outside any group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sender {
    pub interchange_sender: String,
    pub interchange_receiver: String,
    pub group_sender: Option<String>,
    pub group_receiver: Option<String>,
}

impl Sender {
    /// Whether the answer comes from the carrier whose identifier is `carrier` (the receiver id our file was sent to)
    /// and is addressed to `us` (our sender id), in the interchange and in the group alike: an answer another sender
    /// wrote, or one meant for another store, is never applied to our files.
    pub fn is(&self, carrier: &str, us: &str) -> bool {
        let (carrier, us) = (element(carrier, 15), element(us, 15));
        self.interchange_sender == carrier
            && self.interchange_receiver == us
            && self.group_sender.as_deref().is_none_or(|g| g == carrier)
            && self.group_receiver.as_deref().is_none_or(|g| g == us)
    }
}

/// What a carrier decided of a file, a functional group or a transaction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// Accepted, with errors the carrier noted (TA1 `E`, IK5 or AK9 `E`): the carrier took it.
    AcceptedWithErrors,
    Rejected,
}

impl Verdict {
    /// A TA104, IK5/AK501 or AK901 code: `A` accepted, `E` accepted with errors noted, anything else (`R`, `M`, `W`,
    /// `X`, `P` partly) rejected.
    fn of(code: &str) -> Verdict {
        match code {
            "A" => Verdict::Accepted,
            "E" => Verdict::AcceptedWithErrors,
            _ => Verdict::Rejected,
        }
    }

    /// Whether the carrier took it (with or without errors noted).
    pub fn accepted(self) -> bool {
        self != Verdict::Rejected
    }

    /// As it is kept and shown: `accepted`, `accepted_with_errors` or `rejected`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::AcceptedWithErrors => "accepted_with_errors",
            Verdict::Rejected => "rejected",
        }
    }

    /// In the words of a reason.
    fn words(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::AcceptedWithErrors => "accepted with errors",
            Verdict::Rejected => "rejected",
        }
    }
}

/// What a carrier said of a file we sent: of the whole interchange (TA1), of a whole functional group (a 999 that
/// names no set), or of each transaction set of a functional group (999, or the older 997).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Acknowledgement {
    /// TA1: the interchange `control_number` (our ISA13).
    Interchange { from: Sender, control_number: u64, verdict: Verdict, reason: Option<String> },
    /// A 999 whose AK9 answers the functional group `group_control` (our GS06) without naming any set: the verdict is
    /// every set's.
    Group { from: Sender, group_control: u64, verdict: Verdict, reason: Option<String> },
    /// A 999's answers about the sets of the functional group `group_control` (our GS06).
    Sets { from: Sender, group_control: u64, sets: Vec<SetAcknowledgement> },
}

impl Acknowledgement {
    pub fn from(&self) -> &Sender {
        match self {
            Acknowledgement::Interchange { from, .. }
            | Acknowledgement::Group { from, .. }
            | Acknowledgement::Sets { from, .. } => from,
        }
    }
}

/// A 999's answer about one transaction set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAcknowledgement {
    /// Its ST02.
    pub set_control: String,
    pub verdict: Verdict,
    /// What the carrier found wrong, in words (its error codes named).
    pub reason: Option<String>,
}

fn segment_error(code: &str) -> &'static str {
    match code {
        "1" => "unrecognized segment",
        "2" => "unexpected segment",
        "3" => "required segment missing",
        "4" => "loop occurs over maximum times",
        "5" => "segment exceeds maximum use",
        "6" => "segment not in the transaction set",
        "7" => "segment not in proper sequence",
        "8" => "segment has data element errors",
        "I4" => "segment the guide does not use",
        "I6" => "segment the guide requires here is missing",
        "I7" => "loop occurs under minimum times",
        "I8" => "segment below minimum use",
        "I9" => "segment the guide does not use in this case",
        _ => "an error",
    }
}

fn element_error(code: &str) -> &'static str {
    match code {
        "1" => "required element missing",
        "2" => "conditional required element missing",
        "3" => "too many elements",
        "4" => "element too short",
        "5" => "element too long",
        "6" => "invalid character",
        "7" => "invalid code value",
        "8" => "invalid date",
        "9" => "invalid time",
        "10" => "exclusion condition violated",
        "12" => "too many repetitions",
        "13" => "too many components",
        "I6" => "code value the guide does not use",
        "I9" => "element the guide requires here is missing",
        "I10" => "element the guide does not use",
        "I11" => "too few repetitions",
        "I12" => "pattern match failure",
        "I13" => "element the guide does not use in this case",
        _ => "an error",
    }
}

fn set_error(code: &str) -> &'static str {
    match code {
        "1" => "transaction set not supported",
        "2" => "trailer missing",
        "3" => "control numbers of header and trailer differ",
        "4" => "segment count wrong",
        "5" => "segments in error",
        "6" => "missing or invalid transaction set identifier",
        "7" => "missing or invalid control number",
        "23" => "control number not unique within the group",
        "I5" => "implementation one or more segments in error",
        "I6" => "implementation convention not supported",
        _ => "an error",
    }
}

/// A TA1's note code (TA105, element I18), in words.
fn interchange_note(code: &str) -> &'static str {
    match code {
        "000" => "no error",
        "001" => "the control numbers of the header and the trailer differ",
        "002" => "the control standard is not supported",
        "003" => "this version of the controls is not supported",
        "004" => "the segment terminator is not valid",
        "005" => "the sender's id qualifier is not valid",
        "006" => "the sender's id is not valid",
        "007" => "the receiver's id qualifier is not valid",
        "008" => "the receiver's id is not valid",
        "009" => "the receiver's id is unknown",
        "010" => "the authorization information qualifier is not valid",
        "011" => "the authorization information is not valid",
        "012" => "the security information qualifier is not valid",
        "013" => "the security information is not valid",
        "014" => "the interchange date is not valid",
        "015" => "the interchange time is not valid",
        "016" => "the interchange standards identifier is not valid",
        "017" => "the interchange version is not valid",
        "018" => "the interchange control number is not valid",
        "019" => "the acknowledgment requested value is not valid",
        "020" => "the test indicator is not valid",
        "021" => "the number of included groups is not valid",
        "022" => "the control structure is not valid",
        "023" => "the file ended early",
        "024" => "the interchange content is not valid",
        "025" => "the interchange control number was used before",
        "026" => "the data element separator is not valid",
        "027" => "the component element separator is not valid",
        "028" => "the delivery date of a deferred delivery is not valid",
        "029" => "the delivery time of a deferred delivery is not valid",
        "030" => "the delivery time code of a deferred delivery is not valid",
        "031" => "the grade of service is not valid",
        _ => "an error",
    }
}

/// A 999's AK9 functional group error code (element 716), in words.
fn group_error(code: &str) -> &'static str {
    match code {
        "1" => "functional group not supported",
        "2" => "functional group version not supported",
        "3" => "functional group trailer missing",
        "4" => "group control numbers of header and trailer differ",
        "5" => "number of included sets does not match the count",
        "6" => "group control number violates the syntax",
        "10" => "authentication key name unknown",
        "11" => "encryption key name unknown",
        "12" => "requested service not available",
        "13" => "unknown security recipient",
        "14" => "unknown security originator",
        "15" => "syntax error in decrypted text",
        "16" => "security not supported",
        "17" => "incorrect message length",
        "18" => "message authentication code failed",
        "19" => "functional group control number not unique within the interchange",
        "23" => "S3E security end segment missing for S3S",
        "24" => "S3S security start segment missing for S3E",
        "25" => "S4E security end segment missing for S4S",
        "26" => "S4S security start segment missing for S4E",
        _ => "an error",
    }
}

/// Reads a carrier's acknowledgements from the text of a file: every TA1, and every 999 (or 997) of every functional
/// group of every interchange in it, each with the envelope it came in ([`Sender`]). The separators are the ones the
/// file's ISA declares. An error says what could not be read (never the file's content); a file is read whole or not
/// at all.
pub fn read_acknowledgements(text: &str) -> Result<Vec<Acknowledgement>, String> {
    let (component, segments) = read_segments(text)?;
    let mut reader = Reader { component, ..Reader::default() };
    for segment in &segments {
        reader.segment(segment)?;
    }
    if reader.set.is_some() || reader.group.is_some() {
        return Err("a 999 that ends before its AK9 and SE".into());
    }
    if reader.found.is_empty() {
        return Err("no TA1 or 999 acknowledgement in it".into());
    }
    Ok(reader.found)
}

/// The segments of an interchange a carrier wrote, each as its elements (trimmed), with the separator of a composite
/// element's parts (ISA16). The separators are the ones its ISA declares: a carrier may end its segments with a new
/// line or use `|` between elements.
pub(crate) fn read_segments(text: &str) -> Result<(char, Vec<Vec<&str>>), String> {
    let text = text.trim_start_matches(['\u{feff}', ' ', '\r', '\n', '\t']);
    if !text.starts_with("ISA") {
        return Err("not an X12 interchange (it does not start with ISA)".into());
    }
    // ISA is fixed-width: its fourth character separates elements, its 106th ends the segment.
    let separator = text.chars().nth(3).ok_or("an ISA segment cut short")?;
    let terminator = text.chars().nth(105).ok_or("an ISA segment cut short")?;
    if separator.is_alphanumeric() || terminator.is_alphanumeric() || separator == terminator {
        return Err("an ISA segment whose separators cannot be read".into());
    }
    let component = text.chars().nth(104).ok_or("an ISA segment cut short")?;
    let segments = text
        .split(terminator)
        .map(|segment| segment.trim_matches(['\r', '\n', ' ', '\t']))
        .filter(|segment| !segment.is_empty())
        .map(|segment| segment.split(separator).map(str::trim).collect())
        .collect();
    Ok((component, segments))
}

/// Where [`read_acknowledgements`] is in a file.
#[derive(Default)]
struct Reader {
    /// ISA16: what separates the parts of a composite element.
    component: char,
    found: Vec<Acknowledgement>,
    interchange: Option<(String, String)>,
    group: Option<(String, String)>,
    /// Within an ST*999 (or 997): the group it answers (AK1) and its sets so far.
    answer: Option<(Option<u64>, Vec<SetAcknowledgement>)>,
    /// The set being answered (AK2 .. IK5): its ST02 and what was said so far.
    set: Option<(String, Vec<String>)>,
}

impl Reader {
    fn from(&self) -> Result<Sender, String> {
        let (interchange_sender, interchange_receiver) = self.interchange.clone().ok_or("a segment before any ISA")?;
        Ok(Sender {
            interchange_sender,
            interchange_receiver,
            group_sender: self.group.as_ref().map(|g| g.0.clone()),
            group_receiver: self.group.as_ref().map(|g| g.1.clone()),
        })
    }

    fn segment(&mut self, elements: &[&str]) -> Result<(), String> {
        let at = |i: usize| elements.get(i).copied().unwrap_or_default();
        match elements[0] {
            "ISA" => {
                if elements.len() < 17 {
                    return Err("an ISA segment without its 16 elements".into());
                }
                self.interchange = Some((at(6).to_string(), at(8).to_string()));
                self.group = None;
            }
            "IEA" => self.interchange = None,
            "GS" => self.group = Some((at(2).to_string(), at(3).to_string())),
            "GE" => self.group = None,
            "TA1" => {
                let control_number = at(1).parse().map_err(|_| "a TA1 without a control number")?;
                let verdict = Verdict::of(at(4));
                let note = at(5);
                let reason = (verdict != Verdict::Accepted || !note.is_empty() && note != "000").then(|| {
                    format!(
                        "the interchange was {}: {} (TA1 note code {note})",
                        verdict.words(),
                        interchange_note(note)
                    )
                });
                self.found.push(Acknowledgement::Interchange { from: self.from()?, control_number, verdict, reason });
            }
            "ST" if matches!(at(1), "999" | "997") => self.answer = Some((None, Vec::new())),
            "AK1" => {
                let answer = self.answer.as_mut().ok_or("an AK1 outside a 999")?;
                answer.0 = Some(at(2).parse().map_err(|_| "a 999 whose AK1 names no group control number")?);
            }
            "AK2" => {
                self.end_set()?;
                if at(2).is_empty() {
                    return Err("a 999 whose AK2 names no transaction set".into());
                }
                self.set = Some((at(2).to_string(), Vec::new()));
            }
            "IK3" | "AK3" => {
                let (_, said) = self.set.as_mut().ok_or("an IK3 outside an AK2")?;
                said.push(format!("segment {} at {}: {}", at(1), at(2), segment_error(at(4))));
            }
            "IK4" | "AK4" => {
                let (_, said) = self.set.as_mut().ok_or("an IK4 outside an AK2")?;
                // IK4's element position is a composite (position:component:repeat); IK404, a copy of the bad
                // data, is never read: it may hold what the applicant typed.
                let words = format!(
                    "element {}: {}",
                    at(1).split(self.component).next().unwrap_or_default(),
                    element_error(at(3))
                );
                match said.last_mut() {
                    Some(last) if last.starts_with("segment ") => {
                        let _ = write!(last, "; {words}");
                    }
                    _ => said.push(words),
                }
            }
            "IK5" | "AK5" => {
                let (set_control, mut said) = self.set.take().ok_or("an IK5 outside an AK2")?;
                said.extend(elements.iter().skip(2).filter(|c| !c.is_empty()).map(|c| set_error(c).to_string()));
                let reason = (!said.is_empty()).then(|| said.join("; "));
                let answer = self.answer.as_mut().ok_or("an IK5 outside a 999")?;
                answer.1.push(SetAcknowledgement { set_control, verdict: Verdict::of(at(1)), reason });
            }
            "AK9" => {
                self.end_set()?;
                let (group_control, sets) = self.answer.take().ok_or("an AK9 outside a 999")?;
                let group_control = group_control.ok_or("a 999 without an AK1")?;
                if sets.is_empty() {
                    let verdict = Verdict::of(at(1));
                    let said: Vec<&str> =
                        elements.iter().skip(5).filter(|c| !c.is_empty()).map(|c| group_error(c)).collect();
                    let reason = (verdict != Verdict::Accepted || !said.is_empty()).then(|| {
                        let mut words = format!("the functional group was {}", verdict.words());
                        if !said.is_empty() {
                            let _ = write!(words, ": {}", said.join("; "));
                        }
                        words
                    });
                    self.found.push(Acknowledgement::Group { from: self.from()?, group_control, verdict, reason });
                } else {
                    self.found.push(Acknowledgement::Sets { from: self.from()?, group_control, sets });
                }
                // The ST .. SE of this 999 ends with its SE; another AK1 needs another ST.
            }
            "SE" if self.answer.is_some() => return Err("a 999 that ends before its AK9".into()),
            _ => {}
        }
        Ok(())
    }

    /// An AK2 whose IK5 never came.
    fn end_set(&mut self) -> Result<(), String> {
        match self.set {
            Some(_) => Err("a 999 set answer without its IK5".into()),
            None => Ok(()),
        }
    }
}
