//! The shop's rules around a plan and the cart, shared by the shop and cart features: the answers kept per plan,
//! pricing with those answers, the popups on a plan, adding and removing cart lines, the offers and upsells.
//!
//! The engine decides (which popup is next, its schema, the messages, which offer applies); these modules read and
//! write the enrollment's answers and the cart.

pub mod answers;
pub mod cart;
pub mod compare;
pub mod listing;
pub mod offers;
pub mod popups;
pub mod pricing;
pub mod questions;
pub mod shopper;
pub mod views;
