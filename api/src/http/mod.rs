//! The HTTP layer every feature uses: the session, extractors that parse a request once at the edge (the enrollment
//! the session owns, JSON bodies answered in the error envelope when malformed), and the middleware stack.

pub mod encoding;
pub mod extract;
pub mod listener;
pub mod middleware;
pub mod openapi;
pub mod routes;
pub mod session;
pub mod step;
pub mod throttle;
