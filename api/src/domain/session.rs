//! The caller's identity: the id of the server-issued session (see `http::session` for how it is issued).

/// The caller's session id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session(pub String);
