//! The catalogue as the engine sees it: carriers, categories and plans with their rating data. The api loads it from
//! `fixtures/` into the database and hands it back here to price and filter.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::context::Tier;
pub use crate::facts::PlanFacts;
use crate::storefront::Branding;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Category {
    pub category: String,
    pub display_name: String,
    pub image: String,
    /// The heading of the category's section on the plans page ("Limited Medical" for "Limited Med Plans"); the
    /// display name when not given.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub section_name: String,
    /// The days after an application is sent during which the applicant may cancel it (the free-look period).
    #[serde(default = "default_free_look_days")]
    pub free_look_days: u32,
    /// Its names in other languages (`es: { display_name: ..., section_name: ... }`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(skip)]
    pub translations: Translations,
}

pub use crate::text::Translations;

/// Why `translations` cannot be used, if they cannot: a language the store does not speak (or English), a field that
/// is no text of the thing (`english` answers none for it), a blank.
fn check_translations<'a>(
    translations: &'a Translations,
    english: &dyn Fn(&str) -> Option<&'a str>,
) -> Result<(), String> {
    for (language, fields) in translations {
        crate::i18n::spoken(language)
            .filter(|l| *l == language && *l != crate::i18n::SOURCE)
            .ok_or_else(|| format!("translations: the store does not speak {language}"))?;
        for (field, words) in fields {
            english(field).ok_or_else(|| format!("translations.{language}.{field}: no text of that name"))?;
            if words.trim().is_empty() {
                return Err(format!("translations.{language}.{field}: blank"));
            }
        }
    }
    Ok(())
}

/// The text `field` (its English `english`) in `language`: its author's words in that language, or the English.
fn in_language<'a>(translations: &'a Translations, field: &str, english: &'a str, language: &str) -> &'a str {
    translations.get(language).and_then(|fields| fields.get(field)).map_or(english, String::as_str)
}

impl Category {
    /// Why its translations cannot be used, if they cannot.
    pub fn check_translations(&self) -> Result<(), String> {
        check_translations(&self.translations, &|field| match field {
            "display_name" => Some(self.display_name.as_str()),
            "section_name" => Some(self.section_name.as_str()),
            _ => None,
        })
        .map_err(|e| format!("category {}: {e}", self.category))
    }

    /// Its name in `language` (its own words in it, or the English).
    pub fn display_name_in(&self, language: &str) -> &str {
        in_language(&self.translations, "display_name", &self.display_name, language)
    }

    /// The heading of its section on the plans page in `language`.
    pub fn section_in(&self, language: &str) -> &str {
        if self.section_name.is_empty() {
            self.display_name_in(language)
        } else {
            in_language(&self.translations, "section_name", &self.section_name, language)
        }
    }
}

fn default_free_look_days() -> u32 {
    10
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Carrier {
    pub carrier_id: i64,
    pub name: String,
    pub logo: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub website: String,
    /// The categories the carrier sells (a dental carrier does not sell term life); every category when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    /// How the carrier takes its 834 enrollment files; without it, the store's defaults ([`Carrier::edi`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edi: Option<CarrierEdi>,
    /// What the carrier asks of an employer group's plan: its least contribution and participation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_minimums: Option<crate::employer::contribution::Minimums>,
}

/// How a carrier takes its 834 enrollment files, as agreed with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarrierEdi {
    /// Its interchange receiver id (ISA08, GS03).
    pub receiver_id: String,
    /// Its id as the payer (N1*IN): a federal tax id unless `payer_id_qualifier` says otherwise.
    pub payer_id: String,
    /// `FI` (a federal tax id, the default), `94` (a code the carrier gave) or `XV` (a CMS plan id).
    #[serde(default = "federal_tax_id")]
    pub payer_id_qualifier: String,
    /// The carrier's SFTP server, when it takes its files there rather than from the store's drop folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sftp: Option<SftpTarget>,
    /// The carrier's OpenPGP public key, armored ("-----BEGIN PGP PUBLIC KEY BLOCK-----..."), when it takes its files
    /// encrypted: each file is then encrypted to that key alone and named `.pgp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pgp_key: Option<String>,
    /// What its companion guide says its files take: character set and case, its insurance line codes, the
    /// situational data it takes, its master policy.
    #[serde(default)]
    pub guide: crate::x12::Guide,
}

/// A carrier's SFTP server: files are put in `dir` as `user`, signed in with the store's key (`EDI_SFTP_KEY`), on a
/// server that proves it holds `host_key`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SftpTarget {
    pub host: String,
    #[serde(default = "ssh_port")]
    pub port: u16,
    pub user: String,
    /// The folder files are put in ("/inbound").
    pub dir: String,
    /// The server's public host key, as `ssh-keyscan` prints it after the host name ("ssh-ed25519 AAAA...").
    pub host_key: String,
}

fn ssh_port() -> u16 {
    22
}

fn federal_tax_id() -> String {
    "FI".into()
}

impl Carrier {
    /// How the carrier takes its 834 files: as agreed, or the store's defaults (the receiver `CARRIER{id}`, and the
    /// same as a code of ours for the payer).
    pub fn edi(&self) -> CarrierEdi {
        self.edi.clone().unwrap_or_else(|| CarrierEdi {
            receiver_id: format!("CARRIER{}", self.carrier_id),
            payer_id: format!("CARRIER{}", self.carrier_id),
            payer_id_qualifier: "94".into(),
            sftp: None,
            pgp_key: None,
            guide: crate::x12::Guide::default(),
        })
    }
}

/// Where a plan is sold: `all`, or a list of two-letter state codes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum States {
    All(AllStates),
    Only(Vec<String>),
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AllStates {
    All,
}

impl States {
    pub fn includes(&self, state: &str) -> bool {
        match self {
            States::All(_) => true,
            States::Only(list) => list.iter().any(|s| s.eq_ignore_ascii_case(state)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgeBand {
    pub min_age: i32,
    pub max_age: i32,
    pub factor: f64,
}

/// How age moves a plan's price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum RatingMethod {
    /// The federal default age curve; the base rate is the age-21 rate.
    AgeCurve,
    /// Multipliers by age band.
    AgeBands { bands: Vec<AgeBand> },
    /// No age effect.
    Flat,
}

/// A coverage level of a plan, priced on its own line (the spec's plan_pricing_id).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanOption {
    pub plan_pricing_id: i64,
    pub name: String,
    /// Monthly dollars for tier IO before age rating.
    pub base_rate: f64,
    /// The facts this level changes (a higher annual maximum, a larger benefit amount).
    #[serde(default, skip_serializing_if = "PlanFacts::is_empty")]
    pub facts: PlanFacts,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct PlanDescription {
    pub header_text: String,
    #[serde(rename = "blueBarText")]
    pub blue_bar_text: String,
    pub body_text: String,
    pub association_text: String,
    pub exclusions_text_name: String,
    pub exclusions_text: String,
    pub example_text_name: String,
    pub example_text: String,
    pub faq_text_name: String,
    pub faq_text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    pub plan_id: i64,
    pub carrier_id: i64,
    pub category: String,
    pub plan_name: String,
    /// `MM` marks a premier plan.
    pub plan_type: String,
    pub short_text: String,
    pub logo: String,
    #[serde(default)]
    pub featured: bool,
    pub states: States,
    pub min_age: i32,
    pub max_age: i32,
    pub tiers: Vec<Tier>,
    pub rating: RatingMethod,
    pub tier_factors: BTreeMap<Tier, f64>,
    pub options: Vec<PlanOption>,
    #[serde(default)]
    pub description: PlanDescription,
    /// Who may buy the plan beyond state, tier and age, and the tobacco rule.
    #[serde(default, skip_serializing_if = "Eligibility::is_unset")]
    pub eligibility: Eligibility,
    /// Whether the plan appears in listings and menus; membership associations and riders are sold only with the
    /// plans they belong to.
    #[serde(default = "listed")]
    pub listed: bool,
    /// Membership-association plans one of which must be bought with this plan (premier plans).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub membership: Vec<i64>,
    /// A rider: the plans it can be added to in the cart.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rider_of: Vec<i64>,
    /// A retired plan: pricing sends the person to this one instead (changePid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<i64>,
    /// The insurance line code (HD03) its carrier knows this product by, when it is not its category's (a
    /// short-term disability plan's `STD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub insurance_line: Option<String>,
    /// A window in which the plan cannot be added to a cart, with the carrier's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blackout: Option<Blackout>,
    /// What people compare the plan by (deductible, annual maximum, benefit amount, ...), with units.
    #[serde(default, skip_serializing_if = "PlanFacts::is_empty")]
    pub facts: PlanFacts,
    /// The plan's documents (its summary of benefits, provider directory, drug list), served from the catalogue's
    /// assets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub documents: Vec<PlanDocument>,
    /// Its texts in other languages (`es: { short_text: ..., body_text: ... }`), by the names of the fields they
    /// translate: `short_text` and the description's (`header_text`, `blueBarText`, `body_text`, ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: Translations,
}

impl Plan {
    /// The names of its texts people read (see [`Plan::text`]).
    pub const TEXTS: [&'static str; 11] = crate::i18n::PLAN_TEXTS;

    /// Its texts people read, by field name, in English.
    pub fn text(&self, field: &str) -> Option<&str> {
        let d = &self.description;
        Some(match field {
            "short_text" => &self.short_text,
            "header_text" => &d.header_text,
            "blueBarText" => &d.blue_bar_text,
            "body_text" => &d.body_text,
            "association_text" => &d.association_text,
            "exclusions_text_name" => &d.exclusions_text_name,
            "exclusions_text" => &d.exclusions_text,
            "example_text_name" => &d.example_text_name,
            "example_text" => &d.example_text,
            "faq_text_name" => &d.faq_text_name,
            "faq_text" => &d.faq_text,
            _ => return None,
        })
    }

    /// Its text `field` in `language`: the words written for it in that language, or the English.
    pub fn text_in(&self, field: &str, language: &str) -> Option<&str> {
        Some(in_language(&self.translations, field, self.text(field)?, language))
    }

    /// Its description with each text in `language`.
    pub fn description_in(&self, language: &str) -> PlanDescription {
        let say = |field: &str| self.text_in(field, language).unwrap_or_default().to_string();
        PlanDescription {
            header_text: say("header_text"),
            blue_bar_text: say("blueBarText"),
            body_text: say("body_text"),
            association_text: say("association_text"),
            exclusions_text_name: say("exclusions_text_name"),
            exclusions_text: say("exclusions_text"),
            example_text_name: say("example_text_name"),
            example_text: say("example_text"),
            faq_text_name: say("faq_text_name"),
            faq_text: say("faq_text"),
        }
    }

    /// Why its translations cannot be used, if they cannot.
    pub fn check_translations(&self) -> Result<(), String> {
        check_translations(&self.translations, &|field| self.text(field))
            .map_err(|e| format!("plan {}: {e}", self.plan_id))
    }
}

/// A document of a plan, as a PDF under `/assets/documents/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanDocument {
    pub kind: DocumentKind,
    /// Where it is served: `/assets/documents/....pdf`.
    pub url: String,
}

/// What a plan document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentKind {
    /// The summary of benefits and coverage.
    SummaryOfBenefits,
    /// The doctors and hospitals in the plan's network.
    ProviderDirectory,
    /// The drugs the plan covers (its formulary).
    DrugList,
}

impl DocumentKind {
    /// The document's name as a person reads it.
    pub fn title(self) -> &'static str {
        match self {
            DocumentKind::SummaryOfBenefits => "Summary of Benefits and Coverage",
            DocumentKind::ProviderDirectory => "Provider Directory",
            DocumentKind::DrugList => "Drug List",
        }
    }
}

fn listed() -> bool {
    true
}

/// A period (MM/DD/YYYY, both days included) in which a plan takes no new enrollments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blackout {
    pub from: String,
    pub to: String,
    /// The carrier's words, in each language it wrote them in.
    pub message: crate::text::Text,
}

impl Blackout {
    pub fn covers(&self, day: chrono::NaiveDate) -> bool {
        let (from, to) = (crate::dates::parse_mdy(&self.from), crate::dates::parse_mdy(&self.to));
        from.is_some_and(|f| f <= day) && to.is_some_and(|t| day <= t)
    }
}

/// A plan's further conditions of sale; each unset one does not apply.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Eligibility {
    /// Least yearly income, in dollars (income-replacement plans).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_annual_income: Option<i64>,
    /// Least working hours a week.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_working_hours: Option<i64>,
    /// The areas the plan is sold in, as ZIP code prefixes (a network's service area).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zip_prefixes: Option<Vec<String>>,
    /// The enrollment platforms (portals) that offer the plan.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portals: Option<Vec<i64>>,
    /// The employer groups whose employees may buy the plan (an employer-sponsored plan); the Group Code popup asks
    /// for the group's enrollment code when the enrollment is under none of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<i64>>,
    /// Tobacco users pay `tobacco_factor` times the rate (at most 1.5, the federal limit); when set, the plan
    /// cannot be priced until the person says whether they use tobacco.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tobacco_factor: Option<f64>,
    /// Children are covered until this age (a disabled child at any age); the workflow's limit when unset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub child_age_limit: Option<i32>,
}

impl Eligibility {
    pub fn is_unset(&self) -> bool {
        self == &Eligibility::default()
    }
}

impl Plan {
    /// The facts of one of its options: the plan's, with the option's over them.
    pub fn facts_of(&self, option: &PlanOption) -> PlanFacts {
        option.facts.over(&self.facts)
    }

    pub fn is_premier(&self) -> bool {
        self.plan_type == PREMIER
    }

    /// A disability income plan: its price is not shown while shopping (the spec's check-disability-plan).
    pub fn hides_price(&self) -> bool {
        self.category == "di"
    }

    pub fn option(&self, plan_pricing_id: i64) -> Option<&PlanOption> {
        self.options.iter().find(|o| o.plan_pricing_id == plan_pricing_id)
    }
}

/// An employer group: who employees enroll under with a group enrollment code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Group {
    pub group_id: i64,
    pub name: String,
    /// The group enrollment code employees type.
    pub code: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub address_information: Address,
    /// How the group's employees pay (the spec's payment type: cc, eft, elist, list, stmt); `cc` when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_method: Option<String>,
    /// The group administrator's address (receives a copy of each Enrollment Receipt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// The categories the group offers its employees (its menu); every category when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub categories: Option<Vec<String>>,
    /// The group's rep, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<i64>,
    /// The group's landing name (its site at `/{landing_url}`); empty when not configured yet.
    #[serde(default)]
    pub landing_url: String,
    /// The enrollment portals the group's employees enroll on; every portal when empty.
    #[serde(default)]
    pub portals: Vec<i64>,
    /// How the group's site looks.
    #[serde(default)]
    pub branding: Branding,
    /// How often the group pays its employees: under the group every price also shows what it takes per paycheck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payroll_frequency: Option<PayrollFrequency>,
    /// The employer's federal tax id (EIN, nine digits), by which carriers' files name the sponsor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tax_id: Option<String>,
    /// The group's policy number with each carrier it holds a group policy with, by carrier id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub policy_numbers: BTreeMap<i64, String>,
}

/// How often an employer pays its employees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PayrollFrequency {
    Weekly,
    Biweekly,
    Semimonthly,
    Monthly,
}

impl PayrollFrequency {
    /// Paychecks in a year.
    pub fn periods(self) -> i64 {
        match self {
            PayrollFrequency::Weekly => 52,
            PayrollFrequency::Biweekly => 26,
            PayrollFrequency::Semimonthly => 24,
            PayrollFrequency::Monthly => 12,
        }
    }

    /// How a person says it ("every two weeks").
    pub fn label(self) -> &'static str {
        match self {
            PayrollFrequency::Weekly => "every week",
            PayrollFrequency::Biweekly => "every two weeks",
            PayrollFrequency::Semimonthly => "twice a month",
            PayrollFrequency::Monthly => "every month",
        }
    }
}

/// An enrollment portal (a platform a quote can be for).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Portal {
    pub platform_group_id: i64,
    pub platform_name: String,
    pub platform_code: String,
}

/// What an existing member has on file that the wizard can prefill.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MemberProfile {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub address: Address,
}

/// A representative, who enrolls people directly or for the groups listed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rep {
    pub agent_id: i64,
    /// The rep access code.
    pub agent_code: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub landing_url: String,
    /// Employer groups the rep may enroll employees of.
    #[serde(default)]
    pub groups: Vec<i64>,
    /// The enrollment portals the rep sells on; every portal when empty.
    #[serde(default)]
    pub portals: Vec<i64>,
    /// How the rep's site looks.
    #[serde(default)]
    pub branding: Branding,
    /// The rep's national producer number (NPN), by which carriers know the rep who enrolled an application.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub npn: Option<String>,
}

impl Rep {
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

/// A postal address.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Address {
    pub address1: String,
    pub address2: String,
    pub city: String,
    pub state: String,
    pub zip: String,
}

/// Plan type code of a premier plan (the spec's "prudential" plans).
pub const PREMIER: &str = "MM";

/// Each plan that could not be written in its carrier's 834 files under `codes` (the installation's) and its carrier's
/// companion guide: a carrier whose guide does not check, or a plan whose category has no insurance line for it (the
/// implementation guide has none for life, and the carrier's guide names none); each as `where: why`. The store
/// refuses to start with any (an application of such a plan could not reach its carrier).
pub fn unsendable(codes: &crate::x12::Codes, carriers: &[Carrier], plans: &[Plan]) -> Vec<String> {
    let mut found = Vec::new();
    for carrier in carriers {
        if let Err((path, why)) = carrier.edi().guide.check(codes) {
            found.push(format!("carrier {} ({}) edi.guide{path}: {why}", carrier.carrier_id, carrier.name));
        }
    }
    for plan in plans {
        let Some(carrier) = carriers.iter().find(|c| c.carrier_id == plan.carrier_id) else { continue };
        if let Err(why) = carrier.edi().guide.line(codes, &plan.category, plan.insurance_line.as_deref()) {
            found.push(format!("plan {} of {}: {why}", plan.plan_id, carrier.name));
        }
    }
    found
}

/// What must hold of a catalogue before it is loaded: ids used once, the carriers, categories and plans it names
/// exist, ages and age bands that leave no age of the plan unpriced, a tier factor for every tier sold, options with
/// a price, dates that read, a text that agrees with the plan's facts. The fixtures and a generated catalogue pass the same checks.
pub fn check_plans(plans: &[Plan], carriers: &[Carrier], categories: &[Category]) -> Result<(), String> {
    let mut plan_ids = std::collections::BTreeSet::new();
    let mut pricing_ids = std::collections::BTreeSet::new();
    let exists = |id: i64| plans.iter().any(|p| p.plan_id == id);
    for p in plans {
        let at = format!("plan {}", p.plan_id);
        if !plan_ids.insert(p.plan_id) {
            return Err(format!("{at}: the id is used twice"));
        }
        if !carriers.iter().any(|c| c.carrier_id == p.carrier_id) {
            return Err(format!("{at}: no carrier {}", p.carrier_id));
        }
        p.check_translations()?;
        if !categories.iter().any(|c| c.category == p.category) {
            return Err(format!("{at}: no category {}", p.category));
        }
        if p.plan_name.trim().is_empty() || !p.logo.starts_with("/assets/") {
            return Err(format!("{at}: a name and a logo under /assets/ are needed"));
        }
        if p.listed && p.short_text.trim().is_empty() {
            return Err(format!("{at}: a listed plan needs its short text"));
        }
        // The card puts the plan's text above its facts: the two must not disagree.
        let levels: Vec<_> = p.options.iter().map(|o| p.facts_of(o)).collect();
        for text in [&p.short_text, &p.description.blue_bar_text] {
            if let Some(problem) = crate::facts::text_contradicts(text, &levels) {
                return Err(format!("{at}: {problem} (\"{}\")", text.trim()));
            }
        }
        if !(0..=120).contains(&p.min_age) || p.min_age > p.max_age || p.max_age > 120 {
            return Err(format!("{at}: ages {} to {} do not read", p.min_age, p.max_age));
        }
        if p.tiers.is_empty() || p.tiers.iter().any(|t| !p.tier_factors.contains_key(t)) {
            return Err(format!("{at}: every tier sold needs a tier factor"));
        }
        if let States::Only(states) = &p.states {
            if states.is_empty() || states.iter().any(|s| s.len() != 2 || !s.bytes().all(|b| b.is_ascii_uppercase())) {
                return Err(format!("{at}: states are two-letter codes"));
            }
        }
        if let RatingMethod::AgeBands { bands } = &p.rating {
            for age in p.min_age..=p.max_age {
                if !bands.iter().any(|b| (b.min_age..=b.max_age).contains(&age)) {
                    return Err(format!("{at}: no age band prices age {age}"));
                }
            }
        }
        if p.options.is_empty() {
            return Err(format!("{at}: a plan needs an option"));
        }
        for o in &p.options {
            if !pricing_ids.insert(o.plan_pricing_id) {
                return Err(format!("{at}: option {} is used twice", o.plan_pricing_id));
            }
            if !(o.base_rate.is_finite() && o.base_rate >= 0.0) {
                return Err(format!("{at}: option {} has no price", o.plan_pricing_id));
            }
        }
        let named = p.membership.iter().chain(&p.rider_of).chain(p.replaced_by.iter());
        if let Some(missing) = named.copied().find(|id| !exists(*id)) {
            return Err(format!("{at}: names plan {missing}, which does not exist"));
        }
        for d in &p.documents {
            if !(d.url.starts_with("/assets/documents/") && d.url.ends_with(".pdf")) || d.url.contains("..") {
                return Err(format!("{at}: a document is a PDF under /assets/documents/, not {}", d.url));
            }
        }
        if let Some(b) = &p.blackout {
            if crate::dates::parse_mdy(&b.from).is_none() || crate::dates::parse_mdy(&b.to).is_none() {
                return Err(format!("{at}: the blackout's dates are MM/DD/YYYY"));
            }
        }
    }
    Ok(())
}
