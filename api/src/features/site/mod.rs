//! Whose site it is: how a session arrives on the store's own site, a rep's or a group's (a landing name, a
//! white-label domain, a partner link, a referral link), what the renderer reads of it, and the rep's and group's own
//! pages.

mod arrival;
mod info;
mod owners;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;

use crate::state::Live;

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/get-default-info", get(info::default_info))
        .api_route("/clear-site", post(info::clear_site))
        .api_route("/get-ticket-link", get(info::ticket_link))
        .api_route("/get-homepage-plan", get(info::homepage_plan))
        .api_route("/validate-landing-page", get(arrival::validate_landing_page))
        .api_route("/get-domainSite-infromation", get(arrival::domain_site_information))
        .api_route("/get-external-site-dynamic-information", get(arrival::external_site_dynamic_information))
        .api_route("/get-external-site-infromation", get(arrival::external_site_information))
        .api_route("/get-elevate-info", get(arrival::elevate_info))
        .api_route("/track-elevate-traffic", post(arrival::track_elevate_traffic))
        .api_route("/get-enrollment-info-referral", get(arrival::enrollment_info_referral))
        .api_route("/get-agent-landing-page-info", get(owners::agent_landing_page_info))
        .api_route("/get-agent-about-page-info", get(owners::agent_about_page_info))
        .api_route("/get-group-landing-page-info", get(owners::group_landing_page_info))
        .api_route("/get-group-about-page-info", get(owners::group_about_page_info))
}
