//! The catalogue as people shop it: the categories, featured plans, the priced listing, a plan's page, comparison,
//! the menus and the plans related to one, and who a quote is for.

mod listings;
mod menus;

use aide::axum::routing::get;
use aide::axum::ApiRouter;

use crate::state::Live;

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/get-plan-category", get(listings::get_plan_category))
        .api_route("/get-featured-plans", get(listings::get_featured_plans))
        .api_route("/get-filtered-plans", get(listings::get_filtered_plans))
        .api_route("/get-plan-detail", get(listings::get_plan_detail_by_query))
        .api_route("/get-plan-detail/{id}", get(listings::get_plan_detail))
        .api_route("/compare-plans", get(listings::compare_plans))
        .api_route("/get-common-menu", get(menus::common_menu))
        .api_route("/get-group-menu", get(menus::group_menu))
        .api_route("/get-left-side-filter-fields", get(menus::left_side_filter_fields))
        .api_route("/get-menu-filtered-plans", get(menus::menu_filtered_plans))
        .api_route("/get-related-plans", get(menus::related_plans))
        .api_route("/get-group-agent-member-info", get(menus::group_agent_member_info))
}
