//! Pages the server answers itself, outside the API and its document: the rep dashboard's hand-off link, which must
//! never reach the page's script or the browser's history.

use axum::extract::State;

use crate::domain::access::{self, Grant};
use crate::domain::site::{self, Arrived};
use crate::error::ApiError;
use crate::http::session::{Renewed, WithSession};
use crate::state::AppState;

/// `GET /rep-sign-in/{token}`: the rep dashboard's hand-off link, a page the server answers itself (outside the
/// API): it signs the rep in, continues the browser's session under a new id, and redirects to the rep home, so the
/// token never reaches the page's script or the browser's history. The token works once, for minutes; the access
/// log names the route, never the token. A link that does not work leads to the rep's members page, which says so.
pub async fn rep_link_sign_in(
    State(state): State<AppState>,
    axum::extract::Path(token): axum::extract::Path<String>,
    request: axum::extract::Request,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let redirect = crate::http::redirect_from_token_page;
    let Some((agent, spend)) = access::open_rep_link(&state.crypto, &token) else {
        return redirect(REP_LINK_FAILED);
    };
    let Some(rep) = state.catalogue.reps.get(&agent) else { return redirect(REP_LINK_FAILED) };
    // The browser's session, if it has one, continues (its quotes move along); otherwise one starts here.
    let old = crate::http::session::session_sent(&state.cookie_key, &request);
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    let signed_in = async {
        if !access::grant(&state.db, old.as_ref(), &renewed.session, Grant::RepSignedIn(agent), &spend).await? {
            return Ok::<bool, ApiError>(false);
        }
        site::remember(&state, &renewed.session, &Arrived::rep_site(rep)).await?;
        Ok(true)
    };
    match signed_in.await {
        Ok(true) => WithSession(renewed, redirect("/agent-home")).into_response(),
        Ok(false) => redirect(REP_LINK_FAILED),
        Err(error) => error.into_response(),
    }
}

/// Where a hand-off link that does not work (forged, expired, used) leads: the rep's Current Members page, which says
/// so and offers a code by e-mail.
const REP_LINK_FAILED: &str = "/agent-select-member?sign-in=link-failed";

/// Pages the server answers itself, outside the API: the rep's hand-off link.
pub fn routes() -> axum::Router<crate::state::Live> {
    axum::Router::new().route("/rep-sign-in/{token}", axum::routing::get(rep_link_sign_in))
}
