//! Services the features and the domain use: e-mail and the outbox sender, sealing sensitive values, the bank
//! routing directory and the payment gateway, the ZIP code directory, and the catalogue held in memory.

pub mod banking;
pub mod catalogue;
pub mod crypto;
pub mod mail;
pub mod zip;
