//! Answers kept between requests: a priced listing depends only on the catalogue (immutable until the next start) and
//! on what the shopper's filter and answers say, so the same question gets the same serialized answer without pricing
//! and serializing hundreds of plans again. Bounded by size; when full it starts afresh (simpler than an LRU, and a
//! listing is cheap to compute once).

use std::collections::HashMap;
use std::sync::Mutex;

use axum::body::Bytes;

pub struct Memo {
    answers: Mutex<(HashMap<String, Bytes>, usize)>,
    /// The most bytes kept.
    budget: usize,
}

impl Memo {
    pub fn with_budget(budget: usize) -> Memo {
        Memo { answers: Mutex::new((HashMap::new(), 0)), budget }
    }

    /// An empty memo with the same budget (what was kept depended on something that changed).
    pub fn emptied(&self) -> Memo {
        Memo::with_budget(self.budget)
    }

    pub fn get(&self, key: &str) -> Option<Bytes> {
        self.answers.lock().unwrap_or_else(|e| e.into_inner()).0.get(key).cloned()
    }

    pub fn put(&self, key: String, answer: Bytes) {
        let mut kept = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        let size = key.len() + answer.len();
        if size > self.budget {
            return;
        }
        if kept.1 + size > self.budget {
            kept.0.clear();
            kept.1 = 0;
        }
        kept.1 += size;
        kept.0.insert(key, answer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_kept_within_the_budget() {
        let memo = Memo::with_budget(20);
        memo.put("a".into(), Bytes::from_static(b"0123456789"));
        assert_eq!(memo.get("a").as_deref(), Some(&b"0123456789"[..]));
        memo.put("b".into(), Bytes::from_static(b"0123456789"));
        assert_eq!(memo.get("a"), None, "over the budget, the memo starts afresh");
        assert_eq!(memo.get("b").as_deref(), Some(&b"0123456789"[..]));
        memo.put("huge".into(), Bytes::from("x".repeat(100)));
        assert_eq!(memo.get("huge"), None, "an answer larger than the budget is not kept");
    }
}
