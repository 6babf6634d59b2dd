//! A small deterministic random source for generated data (seeded histories, synthetic catalogues): the same seed
//! gives the same data on every machine and every version, which a library generator does not promise.

/// A small deterministic generator (SplitMix64): the same seed gives the same history on every machine and version.
pub struct Draw(pub u64);

impl Draw {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index drawn by weight; `None` when every weight is zero.
    pub fn weighted(&mut self, weights: &[f64]) -> Option<usize> {
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return None;
        }
        let mut point = self.unit() * total;
        for (i, w) in weights.iter().enumerate() {
            if point < *w {
                return Some(i);
            }
            point -= w;
        }
        weights.iter().rposition(|w| *w > 0.0)
    }
}

impl Draw {
    /// One of the items, at random.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// A whole number from `low` to `high`, both included.
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        low + self.below(u64::from(high.saturating_sub(low)) + 1) as u32
    }

    /// True with the given chance (0 to 1).
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}
