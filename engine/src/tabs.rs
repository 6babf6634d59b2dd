//! The nine wizard tabs of the spec: names, routes, titles, and which are required in which order.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TabName {
    PrimaryInfo,
    ContactInfo,
    EmployerInfo,
    BeneficiaryInfo,
    PrimaryHealthInfo,
    DependentInfo,
    ReviewInfo,
    AgreementInfo,
    BillingInfo,
}

impl TabName {
    pub const ALL: [TabName; 9] = [
        TabName::PrimaryInfo,
        TabName::ContactInfo,
        TabName::EmployerInfo,
        TabName::BeneficiaryInfo,
        TabName::PrimaryHealthInfo,
        TabName::DependentInfo,
        TabName::ReviewInfo,
        TabName::AgreementInfo,
        TabName::BillingInfo,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TabName::PrimaryInfo => "primary_info",
            TabName::ContactInfo => "contact_info",
            TabName::EmployerInfo => "employer_info",
            TabName::BeneficiaryInfo => "beneficiary_info",
            TabName::PrimaryHealthInfo => "primary_health_info",
            TabName::DependentInfo => "dependent_info",
            TabName::ReviewInfo => "review_info",
            TabName::AgreementInfo => "agreement_info",
            TabName::BillingInfo => "billing_info",
        }
    }

    /// The route of the spec's tab mapping (`/enrollment/{route}`).
    pub fn route(self) -> &'static str {
        match self {
            TabName::PrimaryInfo => "personal-information",
            TabName::ContactInfo => "contact-information",
            TabName::EmployerInfo => "employer-information",
            TabName::BeneficiaryInfo => "beneficiary-information",
            TabName::PrimaryHealthInfo => "health-questions",
            TabName::DependentInfo => "dependent-information",
            TabName::ReviewInfo => "review-confirm",
            TabName::AgreementInfo => "agreement-signature",
            TabName::BillingInfo => "billing-information",
        }
    }

    /// The short form of the spec's routing table, which must lead to the same page.
    pub fn short_route(self) -> &'static str {
        match self {
            TabName::PrimaryInfo => "personal-info",
            TabName::ContactInfo => "contact-info",
            TabName::EmployerInfo => "employer-info",
            TabName::BeneficiaryInfo => "beneficiary-info",
            other => other.route(),
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            TabName::PrimaryInfo => "Personal Information",
            TabName::ContactInfo => "Contact Information",
            TabName::EmployerInfo => "Employer Information",
            TabName::BeneficiaryInfo => "Beneficiary Information",
            TabName::PrimaryHealthInfo => "Health Questions",
            TabName::DependentInfo => "Dependent Information",
            TabName::ReviewInfo => "Review & Confirmation",
            TabName::AgreementInfo => "Agreement & Signature",
            TabName::BillingInfo => "Billing Information",
        }
    }

    /// The step's heading on its page: the title, but for the agreement, whose page names everything it holds.
    pub fn heading(self) -> &'static str {
        match self {
            TabName::AgreementInfo => "Agreement, Application and Authorization",
            other => other.title(),
        }
    }

    /// The name the spec's save-enrollment and continue-enrollment calls use for the tab (`benificiary_info`,
    /// `health_info`, `aggrement_info`, `payment_info`: spelled so in the contract).
    pub fn saved_tab_name(self) -> &'static str {
        match self {
            TabName::BeneficiaryInfo => "benificiary_info",
            TabName::PrimaryHealthInfo => "health_info",
            TabName::AgreementInfo => "aggrement_info",
            TabName::BillingInfo => "payment_info",
            other => other.as_str(),
        }
    }

    /// Accepts a tab name, either of its routes, or its saved-tab name.
    pub fn parse_saved(text: &str) -> Option<TabName> {
        TabName::parse(text).or_else(|| TabName::ALL.into_iter().find(|t| t.saved_tab_name() == text))
    }

    /// Accepts a tab name or either of its routes.
    pub fn parse(text: &str) -> Option<TabName> {
        TabName::ALL.into_iter().find(|t| t.as_str() == text || t.route() == text || t.short_route() == text)
    }
}

impl std::fmt::Display for TabName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tab_is_found_by_its_name_its_long_route_and_its_short_route() {
        for tab in TabName::ALL {
            assert_eq!(TabName::parse(tab.as_str()), Some(tab));
            assert_eq!(TabName::parse(tab.route()), Some(tab));
            assert_eq!(TabName::parse(tab.short_route()), Some(tab));
        }
        assert_eq!(TabName::parse("personal-info"), Some(TabName::PrimaryInfo));
        assert_eq!(TabName::parse("receipt"), None);
        for tab in TabName::ALL {
            assert_eq!(TabName::parse_saved(tab.saved_tab_name()), Some(tab));
        }
        assert_eq!(TabName::parse_saved("aggrement_info"), Some(TabName::AgreementInfo));
    }
}
