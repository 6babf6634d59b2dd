//! What several features share, above the store and the services: the rules of the api that are not pure enough
//! for the engine (they read and write), written once.

pub mod access;
pub mod after_sale;
pub mod benefit;
pub mod billing;
pub mod carrier_console;
pub mod carrier_files;
pub mod employer;
pub mod enrollment;
pub mod filter;
pub mod members;
pub mod payroll;
pub mod portals;
pub mod quote;
pub mod readiness;
pub mod resume;
pub mod session;
pub mod shop;
pub mod site;
pub mod workflows;
