//! The enrollment engine: pure domain logic, no I/O.
//!
//! The engine decides and the api does the I/O. Everything here is a function of its inputs: workflow
//! definitions (data from `workflows/`), an enrollment's context, stored tab documents and the catalogue. That keeps
//! every rule testable with a table and lets the same rule answer the spec's adapter calls and the step protocol.
//!
//! Map of the crate:
//! - [`workflow`]: the workflow file format (published as JSON Schema), loading and checking.
//! - [`context`]: an enrollment's context and the condition language used by workflow rules.
//! - [`tabs`]: the nine wizard tabs, their routes and titles; [`selection`]: which are required, in which order.
//! - [`forms`]: the Rust type of each tab's data (schemars-derived) and of the filter form.
//! - [`schema`]: composition of a tab's JSON Schema and uiSchema from its type plus the workflow's field settings.
//! - [`validation`]: JSON Schema validation with the spec's messages plus cross-field rules; [`checks`]: the typed
//!   rules of `x-checks` those rules are written in.
//! - [`lifecycle`]: the enrollment lifecycle state machine (statig) and wizard navigation.
//! - [`dependents`]: the tier rules of Dependent Information, written into its schema.
//! - [`signature`]: an electronic signature must be ink (a blank or near-blank image is refused).
//! - [`words`]: what a person reads where the spec's own words are not written for them (its calls keep them).
//! - [`payment`]: billing rules (payment types, bill dates, card and routing checks) for Billing Information.
//! - [`questionnaire`]: health questionnaires (data from `workflows/`) turned into the Health Questions schema.
//! - [`step`]: the step protocol's view of a tab.
//! - [`shop`]: the popups on a plan and the offers around the cart (data from `workflows/shop.yaml`).
//! - [`assistant`]: the help chat's questions (data from `workflows/assistant.yaml`); [`recommend`]: recommendations
//!   mined from carts and enrollments.
//! - [`catalogue`], [`rating`], [`cart`]: plans, prices and cart totals; [`facts`]: what plans are compared by;
//!   [`market`]: a synthetic catalogue of any size.
//! - [`x12`]: the 834 files sent to carriers, written to each carrier's companion guide.
//! - [`life_events`]: what lets a member change their coverage after the sale: windows, effective dates, proofs
//!   (data from `workflows/life_events.yaml`).
//! - [`employer`]: an employer group's census, plan year and windows, contributions and participation.
//! - [`money`], [`dates`], [`json`], [`errors`]: the small shared pieces at the bottom.
//!
//! Data (workflow definitions, the catalogue) is at the bottom, rules above it, composition on top; no module is
//! part of an import circle (api/tests/suite/architecture.rs checks it).

pub mod assistant;
pub mod cart;
pub mod catalogue;
pub mod checks;
pub mod confirmation;
pub mod context;
pub mod dates;
pub mod dependents;
pub mod documents;
pub mod draw;
pub mod employer;
pub mod errors;
pub mod facts;
pub mod forms;
pub mod i18n;
pub mod json;
pub mod life_events;
pub mod lifecycle;
pub mod market;
pub mod money;
pub mod payment;
pub mod questionnaire;
pub mod rating;
pub mod recommend;
pub mod refine;
pub mod schema;
pub mod selection;
pub mod sensitive;
pub mod shop;
pub mod signature;
pub mod step;
pub mod storefront;
pub mod tabs;
pub mod text;
pub mod validation;
pub mod words;
pub mod workflow;
pub mod x12;
pub mod yearly;

pub use errors::FieldError;
