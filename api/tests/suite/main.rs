//! The api's tests, one module per subject, built as one test program.
//!
//! One program rather than one per file: each test program links the whole server with its dependencies (some
//! 290 MB with full debug information), and 22 of them, built once for the SQLite run and once more when a feature
//! set differed, filled 20 GB of a CI machine's disk and took most of the build's time linking.
//! `cargo test -p api --test suite <module>::` runs one subject.

mod common;

mod access;
mod after_sale;
mod agreement;
mod architecture;
mod beneficiaries;
mod benefit;
mod billing;
mod carrier_console;
mod carrier_files;
mod carriers_words;
mod completeness;
mod confirmations;
mod dependents;
mod employer;
mod employer_console;
mod enroller_code;
mod hardening;
mod health;
mod journey;
mod keys;
mod logs;
mod members;
mod middleware;
mod names;
mod openapi;
mod operations;
mod outbox;
mod proof;
mod remote_signature;
mod save_for_later;
mod saved_changes;
mod shop;
mod shopping;
mod sign_in;
mod smtp;
mod spanish;
mod spec_answers;
mod storefront;
mod throttles;
mod traces;
mod words;
mod workflow_versions;
