//! The catalogue as the engine sees it: carriers, categories and plans with their rating data. The api loads it from
//! `fixtures/` into the database and hands it back here to price and filter.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::context::Tier;
use crate::storefront::Branding;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Category {
    pub category: String,
    pub display_name: String,
    pub image: String,
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
    #[serde(default)]
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
    /// A window in which the plan cannot be added to a cart, with the carrier's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blackout: Option<Blackout>,
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
    pub message: String,
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
    pub min_annual_income: Option<i64>,
    /// Least working hours a week.
    pub min_working_hours: Option<i64>,
    /// The areas the plan is sold in, as ZIP code prefixes (a network's service area).
    pub zip_prefixes: Option<Vec<String>>,
    /// The enrollment platforms (portals) that offer the plan.
    pub portals: Option<Vec<i64>>,
    /// The employer groups whose employees may buy the plan (an employer-sponsored plan); the Group Code popup asks
    /// for the group's enrollment code when the enrollment is under none of them.
    pub groups: Option<Vec<i64>>,
    /// Tobacco users pay `tobacco_factor` times the rate (at most 1.5, the federal limit); when set, the plan
    /// cannot be priced until the person says whether they use tobacco.
    pub tobacco_factor: Option<f64>,
    /// Children are covered until this age (a disabled child at any age); the workflow's limit when unset.
    pub child_age_limit: Option<i32>,
}

impl Plan {
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
