//! Whose site a visitor is on and how they came: the store's own, a rep's or a group's (by landing name, white-label
//! domain, referral or partner link), what it looks like (branding), and where each role starts. Pure rules; the api
//! keeps the session's site and the catalogue's sites and asks these functions what follows.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dates::parse_mdy;

/// How a site looks: its owner's name, contact details, words, pictures and colours. An empty field takes the
/// store's own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Branding {
    /// The name the site goes by.
    pub display_name: String,
    /// Where to write with questions.
    pub display_email: String,
    /// Where to call with questions (ten digits).
    pub display_phone: String,
    /// The line under the logo.
    pub tagline: String,
    /// The logo's address.
    pub logo: String,
    /// The landing banner's picture.
    pub image: String,
    /// Where the banner's picture leads, if anywhere.
    pub image_link: String,
    /// The title of the About window.
    pub display_about_name: String,
    /// The About window's text: a rep's biography or a group's description, paragraphs split by a blank line.
    pub about: String,
    /// The picture on the thank-you page after enrolling.
    pub thank_you_image: String,
    /// The site's colours.
    pub colors: Colors,
    /// Its words in other languages (`es: { tagline: ..., display_about_name: ..., about: ... }`), written beside the
    /// English by the site's owner; resolved before the branding is answered ([`Branding::in_language`]).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[schemars(skip)]
    pub translations: crate::text::Translations,
}

/// A site's colours, as CSS hex colours (`#1f5f8b`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Colors {
    /// Buttons, links and the header's band.
    pub primary: String,
    /// Highlights: prices, badges and the focus ring.
    pub accent: String,
}

impl Branding {
    /// Its texts people read, by field name.
    pub const TEXTS: [&'static str; 4] = ["display_name", "tagline", "display_about_name", "about"];

    /// This branding with its texts in `language`: its owner's words in it where written, else the English; the
    /// translations themselves are not carried on.
    pub fn in_language(&self, language: &str) -> Branding {
        let mut said = Branding { translations: Default::default(), ..self.clone() };
        if let Some(words) = self.translations.get(language) {
            for (field, text) in [
                ("display_name", &mut said.display_name),
                ("tagline", &mut said.tagline),
                ("display_about_name", &mut said.display_about_name),
                ("about", &mut said.about),
            ] {
                if let Some(written) = words.get(field).filter(|w| !w.trim().is_empty()) {
                    *text = written.clone();
                }
            }
        }
        said
    }

    /// This branding with every empty field taken from `fallback`.
    pub fn over(&self, fallback: &Branding) -> Branding {
        let pick = |own: &String, other: &String| if own.trim().is_empty() { other.clone() } else { own.clone() };
        Branding {
            display_name: pick(&self.display_name, &fallback.display_name),
            display_email: pick(&self.display_email, &fallback.display_email),
            display_phone: pick(&self.display_phone, &fallback.display_phone),
            tagline: pick(&self.tagline, &fallback.tagline),
            logo: pick(&self.logo, &fallback.logo),
            image: pick(&self.image, &fallback.image),
            image_link: pick(&self.image_link, &fallback.image_link),
            display_about_name: pick(&self.display_about_name, &fallback.display_about_name),
            about: pick(&self.about, &fallback.about),
            thank_you_image: pick(&self.thank_you_image, &fallback.thank_you_image),
            colors: Colors {
                primary: pick(&self.colors.primary, &fallback.colors.primary),
                accent: pick(&self.colors.accent, &fallback.colors.accent),
            },
            translations: Default::default(),
        }
    }

    /// Whether every colour is a CSS hex colour (`#rgb` or `#rrggbb`): colours reach the page as CSS custom
    /// properties, so nothing else may pass.
    pub fn colors_are_hex(&self) -> bool {
        [&self.colors.primary, &self.colors.accent].iter().all(|c| c.is_empty() || is_hex_colour(c))
    }
}

pub fn is_hex_colour(text: &str) -> bool {
    let Some(hex) = text.strip_prefix('#') else { return false };
    (hex.len() == 3 || hex.len() == 6) && hex.chars().all(|c| c.is_ascii_hexdigit())
}

/// The outbound links of the header and footer: the separate sites for reps, members and groups.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Links {
    pub rep_registration: String,
    pub rep_dashboard: String,
    pub member_login: String,
    pub member_dashboard: String,
    pub group_application: String,
    pub group_login: String,
    /// Where to open a support ticket.
    pub ticket: String,
    pub app_store: String,
    pub play_store: String,
    /// The how-to video, embedded in a window.
    pub how_to_video: String,
    /// The administrative sites, listed in the header when `admin_links` is on.
    pub admin: Vec<NamedLink>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct NamedLink {
    pub name: String,
    pub url: String,
}

/// A white-label domain: the site its owner (a group or a rep) is reached at, and its pictures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DomainSite {
    /// The host name, lower case, without a port.
    pub domain: String,
    #[serde(default)]
    pub group_id: Option<i64>,
    #[serde(default)]
    pub agent_id: Option<i64>,
    /// The enrollment portal the domain sells on.
    #[serde(default)]
    pub portal_id: Option<i64>,
    /// The site's pictures by key: cart_logo, footer_logo, ios_icon, android_icon, banner_image,
    /// landing_banner_image, thank_you_image.
    #[serde(default)]
    pub settings: Vec<SiteSetting>,
}

/// One of a domain's site settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SiteSetting {
    pub key: String,
    pub value: String,
}

/// A partner site that sends visitors to a group's store (the `elevate` partner).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExternalSite {
    pub site_name: String,
    pub group_id: i64,
    /// The enrollment portal the partner's visitors enroll on.
    pub portal_id: i64,
    /// The categories the partner offers (its menu); the group's when unset.
    #[serde(default)]
    pub categories: Option<Vec<String>>,
}

/// A referral link a rep hands out: visitors who follow it shop on the rep's site (and the group's, if any).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Referral {
    pub referral_id: String,
    pub agent_id: i64,
    #[serde(default)]
    pub group_id: Option<i64>,
    #[serde(default)]
    pub portal_id: Option<i64>,
    /// The last day the link is honoured (MM/DD/YYYY).
    pub valid_until: String,
}

impl Referral {
    /// Whether the link is still honoured on `today`.
    pub fn valid_on(&self, today: NaiveDate) -> bool {
        parse_mdy(&self.valid_until).is_some_and(|last| today <= last)
    }
}

/// The storefront's own site and the sites it serves for others (fixtures' `catalogue/sites.yaml`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sites {
    /// The store's own branding: every site's fallback.
    pub store: Branding,
    pub links: Links,
    /// Whether the header lists the administrative sites.
    pub admin_links: bool,
    pub domains: Vec<DomainSite>,
    pub external_sites: Vec<ExternalSite>,
    pub referrals: Vec<Referral>,
}

impl Sites {
    /// The white-label site at `host` (case and port ignored).
    pub fn domain(&self, host: &str) -> Option<&DomainSite> {
        let host = host_name(host);
        self.domains.iter().find(|d| d.domain.eq_ignore_ascii_case(&host))
    }

    pub fn external(&self, site_name: &str) -> Option<&ExternalSite> {
        self.external_sites.iter().find(|s| s.site_name.eq_ignore_ascii_case(site_name.trim()))
    }

    pub fn referral(&self, referral_id: &str) -> Option<&Referral> {
        self.referrals.iter().find(|r| r.referral_id == referral_id.trim())
    }
}

/// A Host header's name: lower case, without a port.
pub fn host_name(host: &str) -> String {
    let host = host.trim();
    let name = if host.starts_with('[') { host } else { host.rsplit_once(':').map_or(host, |(name, _)| name) };
    name.to_ascii_lowercase()
}

/// How a person came to the store: the spec's eprocess (who is enrolling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Eprocess {
    /// A person enrolling themselves (or an employee with a group code).
    Applicant,
    /// A rep enrolling someone.
    Rep,
    /// A group administrator enrolling an employee.
    Group,
}

/// Whose open site a visitor is on: the spec's open_type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum OpenType {
    /// A rep's site (landing name, referral or domain).
    Agent,
    /// A group's site (landing name, domain or partner link).
    Group,
    /// The store's own site.
    User,
}

/// What the store's front page (`/`) draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FrontPage {
    /// The store's own landing: the quote form, featured plans and categories.
    Open,
    /// A rep's landing: the same, in the rep's branding.
    AgentOpen,
    /// A group's landing: Start Enrollment, then the enrollment portal.
    GroupOpen,
    /// A rep's home: new or current member.
    AgentHome,
    /// A group administrator's home.
    GroupHome,
    /// A member's home: choose a tier.
    MemberHome,
}

/// What decides the front page and the Home link.
#[derive(Debug, Clone, Copy, Default)]
pub struct Arrival {
    pub eprocess: Option<Eprocess>,
    pub open_type: Option<OpenType>,
    /// A member link opened in this session.
    pub member: bool,
    /// A referral link followed in this session, still valid.
    pub referral: bool,
    /// The site is the single-portal white-label host.
    pub special_host: bool,
}

impl Arrival {
    /// The front page: a rep or group administrator who unlocked the store starts at their home; a member at theirs;
    /// a visitor on someone's site at that site's landing.
    pub fn front_page(&self) -> FrontPage {
        match (self.eprocess, self.open_type) {
            (Some(Eprocess::Rep), _) => FrontPage::AgentHome,
            (Some(Eprocess::Group), _) => FrontPage::GroupHome,
            _ if self.member => FrontPage::MemberHome,
            (_, Some(OpenType::Agent)) => FrontPage::AgentOpen,
            (_, Some(OpenType::Group)) => FrontPage::GroupOpen,
            _ => FrontPage::Open,
        }
    }

    /// Where the Home link leads, `None` where it is hidden (the single-portal host). A referral's page first; a
    /// visitor of an open site its front; a rep, group administrator or member their home.
    pub fn home_link(&self, referral_id: Option<&str>) -> Option<String> {
        if self.special_host {
            return None;
        }
        if let (true, Some(rid)) = (self.referral, referral_id) {
            return Some(format!("/referrals?rid={rid}"));
        }
        Some(
            match self.front_page() {
                FrontPage::AgentHome => "/agent-home",
                FrontPage::GroupHome => "/group-home",
                FrontPage::MemberHome => "/member-home",
                _ => "/",
            }
            .to_string(),
        )
    }
}

/// A landing name as typed in a path: letters, digits and dashes, at most 64.
pub fn is_landing_name(text: &str) -> bool {
    !text.is_empty() && text.len() <= 64 && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_field_takes_the_stores_own_and_a_filled_one_stays() {
        let store = Branding {
            display_name: "Benefit Store".into(),
            display_phone: "8005550100".into(),
            colors: Colors { primary: "#1f5f8b".into(), accent: "#e07a1f".into() },
            ..Default::default()
        };
        let rep = Branding { display_name: "Whitfield Benefits".into(), ..Default::default() };
        let merged = rep.over(&store);
        assert_eq!(merged.display_name, "Whitfield Benefits");
        assert_eq!(merged.display_phone, "8005550100");
        assert_eq!(merged.colors.primary, "#1f5f8b");
    }

    #[test]
    fn only_hex_colours_reach_the_page() {
        assert!(is_hex_colour("#1f5f8b"));
        assert!(is_hex_colour("#fff"));
        assert!(!is_hex_colour("red;background:url(x)"));
        assert!(!is_hex_colour("#12345"));
    }

    #[test]
    fn a_referral_is_honoured_through_its_last_day_and_not_after() {
        let r = Referral {
            referral_id: "R".into(),
            agent_id: 1,
            group_id: None,
            portal_id: None,
            valid_until: "12/31/2026".into(),
        };
        assert!(r.valid_on(NaiveDate::from_ymd_opt(2026, 12, 31).unwrap()));
        assert!(!r.valid_on(NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()));
    }

    #[test]
    fn a_host_is_matched_without_its_port_or_case() {
        assert_eq!(host_name("Peachtree-Benefits.example:8080"), "peachtree-benefits.example");
        assert_eq!(host_name("[::1]"), "[::1]");
    }

    #[test]
    fn each_role_starts_at_its_home_and_a_visitor_at_the_sites_landing() {
        let rep = Arrival { eprocess: Some(Eprocess::Rep), open_type: Some(OpenType::Agent), ..Default::default() };
        assert_eq!(rep.front_page(), FrontPage::AgentHome);
        assert_eq!(rep.home_link(None).as_deref(), Some("/agent-home"));
        let group = Arrival { eprocess: Some(Eprocess::Group), ..Default::default() };
        assert_eq!(group.home_link(None).as_deref(), Some("/group-home"));
        let member = Arrival { eprocess: Some(Eprocess::Applicant), member: true, ..Default::default() };
        assert_eq!(member.home_link(None).as_deref(), Some("/member-home"));
        let visitor = Arrival { open_type: Some(OpenType::Group), ..Default::default() };
        assert_eq!(visitor.front_page(), FrontPage::GroupOpen);
        assert_eq!(visitor.home_link(None).as_deref(), Some("/"));
    }

    #[test]
    fn a_referral_leads_home_to_its_page_and_the_single_portal_host_hides_home() {
        let referred = Arrival { open_type: Some(OpenType::Agent), referral: true, ..Default::default() };
        assert_eq!(referred.home_link(Some("RF1")).as_deref(), Some("/referrals?rid=RF1"));
        let special = Arrival { open_type: Some(OpenType::Group), special_host: true, ..Default::default() };
        assert_eq!(special.home_link(None), None);
    }
}
