//! The benefit service, under its own root (`/benefit/v1`) and with its own document so that it can move to a host
//! of its own: recommendations mined from carts and enrollments, the sealed ids of recommendation links, the location
//! banner's leads, and the help chat.

mod assist;
mod leads;
mod links;
mod recommend;

use aide::axum::routing::{get, post};
use aide::axum::ApiRouter;
use axum::middleware::from_fn_with_state;

use crate::http::throttle::{self, Throttle};
use crate::state::Live;

/// Writes a client may make a minute: a chat answer, feedback, a location answer.
const WRITES_PER_MINUTE: u32 = 30;

pub fn routes() -> ApiRouter<Live> {
    let writes = ApiRouter::new()
        .api_route("/get-lead-information", get(leads::get_lead_information))
        .api_route("/assist/add", post(assist::add))
        .api_route("/assist/feedback", post(assist::leave_feedback).get(assist::feedback))
        .layer(from_fn_with_state(Throttle::per_minute(WRITES_PER_MINUTE), throttle::check));
    ApiRouter::new()
        .merge(writes)
        .api_route("/recommendation/popularity", get(recommend::popularity))
        .api_route("/recommendation/filter", get(recommend::filter))
        .api_route("/recommendation/association", get(recommend::association))
        .api_route("/recommendation/plan-details", get(recommend::plan_details))
        .api_route("/decrypt-detail", post(links::decrypt_detail))
        .api_route("/check-lead-information", get(leads::check_lead_information))
        .api_route("/leads", get(leads::leads))
        .api_route("/assist/get", get(assist::get))
}
