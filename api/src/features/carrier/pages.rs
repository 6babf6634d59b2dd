//! The carrier's sign-in link, a page the server answers itself (outside the API): the token must never reach the
//! page's script or the browser's history.

use axum::extract::State;

use crate::domain::carrier_console;
use crate::http::session::{Renewed, WithSession};
use crate::state::AppState;

/// `GET /carrier-sign-in/{token}`: signs the carrier's staff in on a session of their own (a new id) and redirects to
/// the console. The token works once, for minutes; the access log names the route, never the token. A link that does
/// not work leads to the console, which says so.
pub async fn carrier_link_sign_in(
    State(state): State<AppState>,
    axum::extract::Path(token): axum::extract::Path<String>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let redirect = crate::http::redirect_from_token_page;
    let Some((staff, spend)) = carrier_console::open_carrier_link(&state.crypto, &token) else {
        return redirect(LINK_FAILED);
    };
    if !state.catalogue.carriers.contains_key(&staff.carrier_id) {
        return redirect(LINK_FAILED);
    }
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    match carrier_console::sign_in(&state, &renewed.session, &staff, &spend).await {
        Ok(true) => WithSession(renewed, redirect("/carrier")).into_response(),
        Ok(false) => redirect(LINK_FAILED),
        Err(error) => error.into_response(),
    }
}

/// Where a link that does not work (forged, expired, used) leads.
const LINK_FAILED: &str = "/carrier?sign-in=link-failed";

pub fn routes() -> axum::Router<crate::state::Live> {
    axum::Router::new().route("/carrier-sign-in/{token}", axum::routing::get(carrier_link_sign_in))
}
