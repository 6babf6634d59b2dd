//! The axum server: the spec's `/api/v1` calls, sessions, persistence and the built renderer, on one port.
//!
//! The crate is a house of layers; imports only go down (a test in `tests/suite/architecture.rs` keeps it so):
//!
//! ```text
//! app                       assembles the features' routers, the middleware and the server
//!  └ features/<feature>     one folder per feature: its routes() and thin handlers (parse, ask, answer)
//!     └ http                extractors (session, the enrollment the session owns), middleware, the OpenAPI document
//!        └ domain           what several features share: an enrollment loaded for a session, its cart priced,
//!                           a step's form composed and saved, the shop's answers and offers, members, resume codes
//!           └ state         the application state handed to every handler
//!              └ services   mail and outbox, crypto, banking directory and payment gateway, zip data, catalogue
//!                 └ store   every SQL query, one module per table family
//!                    └ error, config, input (ids as sent), language (the request's, and the store's messages said
//!                      in it), engine
//! ```
//!
//! A feature never imports another feature; what two features share moves down into `domain` (or below).

pub mod app;
pub mod config;
pub mod domain;
pub mod error;
pub mod features;
pub mod http;
pub mod input;
pub mod language;
pub mod services;
pub mod state;
pub mod store;

pub use app::serve;

/// The runtime every program of this workspace serves on (the server, and the benchmark's own programs, so that they
/// compare like with like): the allocator set first, while this is the only thread, then tokio's multi-threaded
/// runtime.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    allocator::configure();
    tokio::runtime::Builder::new_multi_thread().max_blocking_threads(blocking_threads()).enable_all().build()
}

/// The runtime's threads for blocking work: reading the renderer's files (from the page cache: work for a core, not a
/// wait), the outbox's SMTP conversation, the recommender's rebuild. tokio's default, 512, let 64 downloads of the
/// main script start 64 threads, each keeping its own stack and allocator pages: 37 MB more resident at the peak.
fn blocking_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).saturating_mul(4).max(8)
}
