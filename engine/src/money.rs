//! Money, in cents so sums are exact; written in dollars wherever it is read or sent.
//!
//! Its own module because the carriers' files and the rating both speak of it, and neither should depend on the other.

use serde::Serialize;

/// Money in cents, so sums are exact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cents(pub i64);

impl Cents {
    pub fn dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    pub fn from_dollars(dollars: f64) -> Cents {
        Cents((dollars * 100.0).round() as i64)
    }
}

/// As a person reads an amount: `$2,064.68`, `-$5.00`.
impl std::fmt::Display for Cents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let cents = self.0.unsigned_abs();
        write!(f, "{sign}${}.{:02}", crate::facts::grouped(cents / 100), cents % 100)
    }
}

impl Serialize for Cents {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.dollars())
    }
}

/// Dollars, as [`Cents`] are written.
impl<'de> serde::Deserialize<'de> for Cents {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cents, D::Error> {
        f64::deserialize(d).map(Cents::from_dollars)
    }
}
