//! The filter plans are priced for: its form in all its variants (the tier alone among them), a new enrollment from
//! a filter, a changed filter (the cart repriced), and the enrollment's saved answers as the spec's calls read them.

mod form;

use aide::axum::routing::{get, post, put};
use aide::axum::ApiRouter;

use crate::state::Live;

pub fn routes() -> ApiRouter<Live> {
    ApiRouter::new()
        .api_route("/filter-form", get(form::filter_form))
        .api_route("/validate-zip-code", get(form::validate_zip_code))
        .api_route("/add-filter-for-new-user", post(form::add_filter_for_new_user))
        .api_route("/change-filter-info/{temp_id}", put(form::change_filter_info))
        .api_route("/get-enrollment-temp-info", get(form::get_enrollment_temp_info))
}
