//! The reviewer's sign-in link, a page the server answers itself (outside the API): the token must never reach the
//! page's script or the browser's history.

use axum::extract::{Path, State};

use crate::domain::after_sale::proof;
use crate::http::session::{Renewed, WithSession};
use crate::state::AppState;

/// `GET /reviewer-sign-in/{token}`: signs the reviewer in on a session of their own (a new id) and redirects to the
/// queue. The token works once, for minutes; a link that does not work leads to the queue, which says so.
async fn reviewer_link_sign_in(State(state): State<AppState>, Path(token): Path<String>) -> axum::response::Response {
    use axum::response::IntoResponse;
    let redirect = crate::http::redirect_from_token_page;
    let Some((name, spend)) = proof::open_reviewer_link(&state.crypto, &token) else {
        return redirect(LINK_FAILED);
    };
    let renewed = Renewed::new(&state.cookie_key, state.cookie_secure);
    match proof::sign_in(&state, &renewed.session, &name, &spend).await {
        Ok(true) => WithSession(renewed, redirect("/reviews")).into_response(),
        Ok(false) => redirect(LINK_FAILED),
        Err(error) => error.into_response(),
    }
}

/// Where a link that does not work (forged, expired, used) leads.
const LINK_FAILED: &str = "/reviews?sign-in=link-failed";

pub fn routes() -> axum::Router<crate::state::Live> {
    axum::Router::new().route("/reviewer-sign-in/{token}", axum::routing::get(reviewer_link_sign_in))
}
