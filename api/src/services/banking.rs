//! Reference data and services billing needs: the routing-number directory (FedACH format) and the payment gateway.
//!
//! No package ships the Federal Reserve's directory and the real file is licensed, so the file is named by
//! configuration (`ROUTING_DIRECTORY`); fixtures ship a small fictional one whose numbers pass the ABA checksum.
//! A card is never stored: the gateway turns it into a token, and only the token, the brand and the last four digits
//! are kept. The sandbox gateway stands in for a real processor here (none is reachable from this machine) and
//! behaves like one in its test mode: every valid card is tokenized except the decline test number.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use engine::validation::title_case;

/// A bank of the routing directory.
#[derive(Debug, Clone, PartialEq)]
pub struct Bank {
    pub name: String,
    pub city: String,
    pub state: String,
}

/// Routing number -> bank, read from a FedACH directory file.
#[derive(Debug, Default)]
pub struct RoutingDirectory {
    banks: HashMap<String, Bank>,
}

impl RoutingDirectory {
    /// Reads a FedACH file: fixed-width lines, routing number in columns 1-9, name 36-71, city 108-127, state 128-129.
    pub fn load(file: &Path) -> anyhow::Result<RoutingDirectory> {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read the routing directory {}", file.display()))?;
        Ok(RoutingDirectory::parse(&text))
    }

    pub fn parse(text: &str) -> RoutingDirectory {
        let column = |line: &str, from: usize, to: usize| {
            line.get(from - 1..to.min(line.len())).unwrap_or("").trim().to_string()
        };
        let banks = text
            .lines()
            .filter(|line| line.len() >= 71 && line[..9].bytes().all(|b| b.is_ascii_digit()))
            .map(|line| {
                let bank = Bank {
                    name: title_case(&column(line, 36, 71)),
                    city: title_case(&column(line, 108, 127)),
                    state: column(line, 128, 129),
                };
                (line[..9].to_string(), bank)
            })
            .collect();
        RoutingDirectory { banks }
    }

    pub fn lookup(&self, routing: &str) -> Option<&Bank> {
        self.banks.get(routing)
    }

    pub fn len(&self) -> usize {
        self.banks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.banks.is_empty()
    }
}

/// What a gateway needs to tokenize a card.
pub struct CardDetails<'a> {
    pub number: &'a str,
    pub security_code: &'a str,
    pub expiration_month: &'a str,
    pub expiration_year: &'a str,
    pub name: &'a str,
}

/// What is kept of a card.
#[derive(Debug, Clone, PartialEq)]
pub struct CardToken {
    pub token: String,
    pub brand: String,
    pub last4: String,
}

/// A payment processor's card vault.
pub trait PaymentGateway: Send + Sync {
    /// Exchanges a card for a token, or answers why it was declined (shown under the card number).
    fn tokenize(&self, card: &CardDetails<'_>) -> Result<CardToken, String>;
    /// Whether a token this gateway issued can still be charged (submission checks it before the application goes
    /// to the carriers).
    fn is_live(&self, token: &str) -> bool;
}

/// The local gateway of development and tests.
pub struct SandboxGateway;

/// What every token the sandbox issues starts with (the fixtures' members' cards on file too).
const SANDBOX_TOKEN_PREFIX: &str = "tok_sandbox_";

/// The sandbox's decline test number, as processors' test modes have one.
pub const SANDBOX_DECLINED_CARD: &str = "4000000000000002";

impl PaymentGateway for SandboxGateway {
    fn tokenize(&self, card: &CardDetails<'_>) -> Result<CardToken, String> {
        use rand::Rng;
        if card.number == SANDBOX_DECLINED_CARD {
            return Err("Your card was declined. Please use another card.".into());
        }
        let brand = engine::payment::card_brand(card.number).ok_or("This card cannot be charged")?;
        let token: String = (0..24).map(|_| format!("{:x}", rand::thread_rng().gen_range(0..16))).collect();
        debug_assert!(
            !card.security_code.is_empty()
                && !card.expiration_month.is_empty()
                && !card.expiration_year.is_empty()
                && !card.name.is_empty()
        );
        Ok(CardToken {
            token: format!("{SANDBOX_TOKEN_PREFIX}{token}"),
            brand: brand.name().to_string(),
            last4: card.number[card.number.len() - 4..].to_string(),
        })
    }

    /// The sandbox keeps no vault: a token is live when it has the shape the sandbox issues.
    fn is_live(&self, token: &str) -> bool {
        token
            .strip_prefix(SANDBOX_TOKEN_PREFIX)
            .is_some_and(|rest| rest.len() >= 8 && rest.bytes().all(|b| b.is_ascii_alphanumeric()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_directory_reads_every_bank_and_every_number_passes_the_checksum() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/banking/fedach-directory.txt");
        let directory = RoutingDirectory::load(&file).unwrap();
        assert_eq!(directory.len(), 12);
        let bank = directory.lookup("061271001").unwrap();
        assert_eq!(bank, &Bank { name: "Peachtree Community Bank".into(), city: "Atlanta".into(), state: "GA".into() });
        for routing in directory.banks.keys() {
            assert!(engine::payment::aba_checksum_ok(routing), "{routing}");
        }
    }
}
