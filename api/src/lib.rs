//! The axum server: the spec's `/api/v1` calls, sessions, persistence and the built renderer, on one port.
//!
//! Thin by design: a handler parses, asks the engine, stores and answers. See docs/ARCHITECTURE.md.

pub mod access;
pub mod app;
pub mod banking;
pub mod billing;
pub mod catalogue;
pub mod config;
pub mod crypto;
pub mod db;
pub mod dependents;
pub mod enrollment;
pub mod error;
pub mod health;
pub mod mail;
pub mod members;
pub mod menus;
pub mod premier;
pub mod quote;
pub mod resume;
pub mod routes;
pub mod seed;
pub mod session;
pub mod shop;
pub mod zip;

pub use app::serve;
