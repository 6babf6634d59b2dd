//! The storefront: the quote filter that starts an enrollment, entry by access code, the catalogue's listings and
//! the menus.

mod access;
mod catalogue;
mod filter;
mod menus;

use axum::routing::{get, post, put};
use axum::Router;

use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/filter-form", get(filter::filter_form))
        .route("/validate-zip-code", get(filter::validate_zip_code))
        .route("/add-filter-for-new-user", post(filter::add_filter_for_new_user))
        .route("/change-filter-info/{temp_id}", put(filter::change_filter_info))
        .route("/get-enrollment-temp-info", get(filter::get_enrollment_temp_info))
        .route("/validate-agent", get(access::validate_agent))
        .route("/validate-group", get(access::validate_group))
        .route("/get-agent-groups", get(access::agent_groups))
        .route("/get-plan-category", get(catalogue::get_plan_category))
        .route("/get-featured-plans", get(catalogue::get_featured_plans))
        .route("/get-filtered-plans", get(catalogue::get_filtered_plans))
        .route("/get-plan-detail/{id}", get(catalogue::get_plan_detail))
        .route("/get-common-menu", get(menus::common_menu))
        .route("/get-group-menu", get(menus::group_menu))
        .route("/get-left-side-filter-fields", get(menus::left_side_filter_fields))
        .route("/get-menu-filtered-plans", get(menus::menu_filtered_plans))
        .route("/get-related-plans", get(menus::related_plans))
        .route("/get-enrollment-platforms", get(menus::enrollment_platforms))
        .route("/get-group-agent-member-info", get(menus::group_agent_member_info))
}
