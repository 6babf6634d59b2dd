//! The storefront: whose site it is and how the session arrived, entry by access code and the role homes' calls,
//! the quote filter that starts an enrollment, the catalogue's listings and the menus.

mod access;
mod catalogue;
mod filter;
mod menus;
mod pages;
mod site;

use aide::axum::routing::{get, post, put};
use aide::axum::ApiRouter;
use axum::middleware::from_fn_with_state;

use crate::http::throttle::{self, Throttle};
use crate::state::Live;

/// Calls a client may make this often a minute: each guesses a code.
const CODE_GUESSES_PER_MINUTE: u32 = 10;

/// Pages the server answers itself, outside the API (the rep's hand-off link).
pub fn pages() -> axum::Router<Live> {
    pages::routes()
}

pub fn routes() -> ApiRouter<Live> {
    let guesses = ApiRouter::new()
        .api_route("/validate-agent", get(access::validate_agent))
        .api_route("/validate-group", get(access::validate_group))
        .api_route("/confirm-access", post(access::confirm_access))
        .api_route("/rep-sign-in", post(access::rep_sign_in))
        .layer(from_fn_with_state(Throttle::misses_per_minute(CODE_GUESSES_PER_MINUTE), throttle::check));
    ApiRouter::new()
        .merge(guesses)
        .api_route("/filter-form", get(filter::filter_form))
        .api_route("/tiers", get(filter::tiers))
        .api_route("/validate-zip-code", get(filter::validate_zip_code))
        .api_route("/add-filter-for-new-user", post(filter::add_filter_for_new_user))
        .api_route("/change-filter-info/{temp_id}", put(filter::change_filter_info))
        .api_route("/get-enrollment-temp-info", get(filter::get_enrollment_temp_info))
        .api_route("/send-rep-sign-in-code", post(access::send_rep_sign_in_code))
        .api_route("/get-agent-groups", get(access::agent_groups))
        .api_route("/get-enrollment-platforms", get(access::enrollment_platforms))
        .api_route("/update-filter-portal", post(access::update_filter_portal))
        .api_route("/get-agent-info-enroll", get(access::agent_info_enroll))
        .api_route("/get-group-info-enroll", get(access::group_info_enroll))
        .api_route("/get-group-info", get(access::group_info_admin))
        .api_route("/get-default-info", get(site::default_info))
        .api_route("/clear-site", post(site::clear_site))
        .api_route("/validate-landing-page", get(site::validate_landing_page))
        .api_route("/get-domainSite-infromation", get(site::domain_site_information))
        .api_route("/get-external-site-dynamic-information", get(site::external_site_dynamic_information))
        .api_route("/get-external-site-infromation", get(site::external_site_information))
        .api_route("/get-elevate-info", get(site::elevate_info))
        .api_route("/track-elevate-traffic", post(site::track_elevate_traffic))
        .api_route("/get-enrollment-info-referral", get(site::enrollment_info_referral))
        .api_route("/get-agent-landing-page-info", get(site::agent_landing_page_info))
        .api_route("/get-agent-about-page-info", get(site::agent_about_page_info))
        .api_route("/get-group-landing-page-info", get(site::group_landing_page_info))
        .api_route("/get-group-about-page-info", get(site::group_about_page_info))
        .api_route("/get-ticket-link", get(site::ticket_link))
        .api_route("/get-homepage-plan", get(site::homepage_plan))
        .api_route("/get-plan-category", get(catalogue::get_plan_category))
        .api_route("/get-featured-plans", get(catalogue::get_featured_plans))
        .api_route("/get-filtered-plans", get(catalogue::get_filtered_plans))
        .api_route("/get-plan-detail/{id}", get(catalogue::get_plan_detail))
        .api_route("/compare-plans", get(catalogue::compare_plans))
        .api_route("/get-common-menu", get(menus::common_menu))
        .api_route("/get-group-menu", get(menus::group_menu))
        .api_route("/get-left-side-filter-fields", get(menus::left_side_filter_fields))
        .api_route("/get-menu-filtered-plans", get(menus::menu_filtered_plans))
        .api_route("/get-related-plans", get(menus::related_plans))
        .api_route("/get-group-agent-member-info", get(menus::group_agent_member_info))
}
