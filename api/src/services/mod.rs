//! Services the features and the domain use: e-mail and the outbox sender, sealing sensitive values, the bank
//! routing directory and the payment gateway, the ZIP code directory, the catalogue held in memory, and the recommendations rebuilt in the background.

pub mod banking;
pub mod catalogue;
pub mod crypto;
pub mod mail;
pub mod memo;
pub mod recommender;
pub mod workflows;
pub mod zip;
