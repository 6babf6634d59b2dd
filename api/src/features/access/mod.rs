//! Entry by code and signing in: a rep's access code and a group's enrollment code looked up and confirmed, a rep's
//! sign-in (a code by e-mail, the dashboard's hand-off link), a group administrator's link, and what the role homes
//! ask (the rep's groups and portals, the portal and group chosen, the rep's and group's details).

mod pages;
mod roles;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::middleware::from_fn_with_state;

use crate::http::throttle::{self, Throttle};
use crate::state::Live;

/// Calls a client may get wrong this often a minute: each guesses a code.
const CODE_GUESSES_PER_MINUTE: u32 = 10;

/// Pages the server answers itself, outside the API (the rep's hand-off link).
pub fn pages() -> axum::Router<Live> {
    pages::routes()
}

pub fn routes() -> ApiRouter<Live> {
    let guesses = ApiRouter::new()
        .api_route("/validate-agent", get(roles::validate_agent))
        .api_route("/validate-group", get(roles::validate_group))
        .api_route("/confirm-access", post(roles::confirm_access))
        .api_route("/rep-sign-in", post(roles::rep_sign_in))
        .layer(from_fn_with_state(Throttle::misses_per_minute(CODE_GUESSES_PER_MINUTE), throttle::check));
    ApiRouter::new()
        .merge(guesses)
        .api_route("/send-rep-sign-in-code", post(roles::send_rep_sign_in_code))
        .api_route("/get-agent-groups", get(roles::agent_groups))
        .api_route("/get-enrollment-platforms", get(roles::enrollment_platforms))
        .api_route("/update-filter-portal", post(roles::update_filter_portal))
        .api_route("/get-agent-info-enroll", get(roles::agent_info_enroll))
        .api_route("/get-group-info-enroll", get(roles::group_info_enroll))
        .api_route("/get-group-info", get(roles::group_info_admin))
}
