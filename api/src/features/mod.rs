//! One folder per feature, each with its `routes()` and its handlers. A feature never imports another feature.

pub mod access;
pub mod benefit;
pub mod billing;
pub mod carrier;
pub mod cart;
pub mod catalogue;
pub mod dependents;
pub mod employer;
pub mod filter;
pub mod health_questions;
pub mod members;
pub mod policies;
pub mod probes;
pub mod receipt;
pub mod resume;
pub mod reviews;
pub mod shop;
pub mod signature;
pub mod site;
pub mod wizard;
pub mod workflows;
