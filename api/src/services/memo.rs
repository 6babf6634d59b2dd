//! Answers kept between requests: a priced listing depends only on the catalogue (immutable until the next start) and
//! on what the shopper's filter and answers say, so the same question gets the same serialized answer without pricing
//! and serializing hundreds of plans again. Bounded by size; when full it starts afresh (simpler than an LRU, and a
//! listing is cheap to compute once).
//!
//! An answer is kept with its compressed forms, each made the first time a client asks for it: compressing the same
//! bytes again for every browser cost far more than answering them (a listing's page took the compression layer
//! about 0.3 ms of CPU, five times the rest of the call).

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use axum::body::Bytes;
use axum::http::HeaderValue;

/// Brotli's quality and window (log2 of its size) for kept answers. The whole catalogue's listing (670 KB) compresses
/// to 33 KB in about 25 ms with these and nothing more stays resident; quality 7 with a 4 MB window took some 40 MB of
/// encoder tables while it ran (several listings compressed at once would take that several times), and 11 takes about
/// a second.
const BROTLI_QUALITY: u32 = 5;
const BROTLI_WINDOW: u32 = 20;

/// The forms a kept answer is kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    /// Its `Content-Encoding`; none for the answer as it is.
    pub fn header(self) -> Option<HeaderValue> {
        match self {
            Coding::Brotli => Some(HeaderValue::from_static("br")),
            Coding::Gzip => Some(HeaderValue::from_static("gzip")),
            Coding::Identity => None,
        }
    }

    /// The coding to answer with, from the request's `Accept-Encoding` values: brotli or gzip, whichever the client
    /// weighs more (brotli on a tie: it is smaller), or none. A coding weighed `q=0` is refused; `*` names every
    /// coding not named otherwise.
    pub fn preferred<'a>(accepted: impl IntoIterator<Item = &'a str>) -> Coding {
        let (mut br, mut gzip, mut any) = (None, None, None);
        for item in accepted.into_iter().flat_map(|value| value.split(',')) {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let weight = parts
                .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if name.eq_ignore_ascii_case("br") {
                br = Some(weight);
            } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                gzip = Some(weight);
            } else if name == "*" {
                any = Some(weight);
            }
        }
        let (br, gzip) = (br.or(any).unwrap_or(0.0), gzip.or(any).unwrap_or(0.0));
        match (br > 0.0, gzip > 0.0) {
            (true, _) if br >= gzip => Coding::Brotli,
            (_, true) => Coding::Gzip,
            _ => Coding::Identity,
        }
    }
}

/// A kept answer: its bytes as they are, and compressed when first asked for.
pub struct Kept {
    plain: Bytes,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Kept {
    pub fn new(plain: impl Into<Bytes>) -> Kept {
        Kept { plain: plain.into(), brotli: OnceLock::new(), gzip: OnceLock::new() }
    }

    /// `data` serialized once in the success envelope (`{ status: "success", data }`), to answer now and to keep.
    pub fn answering<T: serde::Serialize>(data: &T) -> Result<Kept, crate::error::ApiError> {
        #[derive(serde::Serialize)]
        struct Envelope<'a, T> {
            status: &'static str,
            data: &'a T,
        }
        let body = serde_json::to_vec(&Envelope { status: "success", data })
            .map_err(|e| crate::error::ApiError::Internal(e.into()))?;
        Ok(Kept::new(body))
    }

    /// The answer in `coding`, compressed now if it was never asked for in it.
    pub fn encoded(&self, coding: Coding) -> Bytes {
        match coding {
            Coding::Identity => self.plain.clone(),
            Coding::Brotli => self.brotli.get_or_init(|| compressed(&self.plain, coding)).clone(),
            Coding::Gzip => self.gzip.get_or_init(|| compressed(&self.plain, coding)).clone(),
        }
    }

    /// What it may take in memory with every form made (a compressed form of JSON is a fraction of its size).
    fn budgeted(&self) -> usize {
        2 * self.plain.len()
    }
}

fn compressed(plain: &[u8], coding: Coding) -> Bytes {
    let mut out = Vec::with_capacity(plain.len() / 4);
    // Writing into a Vec cannot fail.
    match coding {
        Coding::Brotli => {
            let mut writer = brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
            writer.write_all(plain).expect("writes to memory");
        }
        Coding::Gzip => {
            let mut writer = flate2::write::GzEncoder::new(&mut out, flate2::Compression::default());
            writer.write_all(plain).expect("writes to memory");
            writer.finish().expect("writes to memory");
        }
        Coding::Identity => out.extend_from_slice(plain),
    }
    out.into()
}

/// What a key is counted as, beyond its own size: the text it holds (a filter's state and ZIP code, categories, a
/// version's digest).
const KEY_TEXT: usize = 256;

pub struct Memo<K> {
    answers: Mutex<(HashMap<K, Arc<Kept>>, usize)>,
    /// The most bytes kept.
    budget: usize,
}

impl<K: std::hash::Hash + Eq> Memo<K> {
    pub fn with_budget(budget: usize) -> Memo<K> {
        Memo { answers: Mutex::new((HashMap::new(), 0)), budget }
    }

    /// An empty memo with the same budget (what was kept depended on something that changed).
    pub fn emptied(&self) -> Memo<K> {
        Memo::with_budget(self.budget)
    }

    pub fn get(&self, key: &K) -> Option<Arc<Kept>> {
        self.answers.lock().unwrap_or_else(|e| e.into_inner()).0.get(key).cloned()
    }

    pub fn put(&self, key: K, answer: Arc<Kept>) {
        let mut kept = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        let size = std::mem::size_of::<K>() + KEY_TEXT + answer.budgeted();
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

/// A few small values kept by key, at most [`Bounded::MOST`], and when full started afresh: for values whose key says
/// everything they depend on (so that nothing kept is ever stale), such as which plans' health questions an
/// enrollment had accepted at one revision of its answers.
pub struct Bounded<K, V> {
    kept: Mutex<HashMap<K, V>>,
}

impl<K: std::hash::Hash + Eq, V: Clone> Bounded<K, V> {
    /// The most values kept.
    pub const MOST: usize = 10_000;

    pub fn get(&self, key: &K) -> Option<V> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }

    pub fn put(&self, key: K, value: V) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= Self::MOST {
            kept.clear();
        }
        kept.insert(key, value);
    }
}

impl<K, V> Default for Bounded<K, V> {
    fn default() -> Self {
        Bounded { kept: Mutex::new(HashMap::new()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(memo: &Memo<String>, key: &str) -> Option<Bytes> {
        memo.get(&key.to_string()).map(|kept| kept.encoded(Coding::Identity))
    }

    #[test]
    fn answers_are_kept_within_the_budget() {
        let key = std::mem::size_of::<String>() + KEY_TEXT;
        // Room for one answer of 10 bytes (counted twice: with its compressed forms) and its key, not two.
        let memo = Memo::with_budget(2 * (key + 20) - 1);
        memo.put("a".into(), Arc::new(Kept::new(&b"0123456789"[..])));
        assert_eq!(plain(&memo, "a").as_deref(), Some(&b"0123456789"[..]));
        memo.put("b".into(), Arc::new(Kept::new(&b"0123456789"[..])));
        assert_eq!(plain(&memo, "a"), None, "over the budget, the memo starts afresh");
        assert_eq!(plain(&memo, "b").as_deref(), Some(&b"0123456789"[..]));
        memo.put("huge".into(), Arc::new(Kept::new("x".repeat(1000))));
        assert_eq!(plain(&memo, "huge"), None, "an answer larger than the budget is not kept");
    }

    #[test]
    fn a_kept_answer_is_compressed_once_and_decompresses_to_itself() {
        use std::io::Read;
        let text = r#"{"status":"success","data":{"result":[{"plan_name":"Silver"},{"plan_name":"Gold"}]}}"#.repeat(50);
        let kept = Kept::new(text.clone());
        let brotli = kept.encoded(Coding::Brotli);
        assert!(brotli.len() < text.len() / 5, "compressed to {} of {} bytes", brotli.len(), text.len());
        assert_eq!(brotli.as_ptr(), kept.encoded(Coding::Brotli).as_ptr(), "the second ask takes the kept bytes");
        let mut unpacked = String::new();
        brotli::Decompressor::new(&brotli[..], 4096).read_to_string(&mut unpacked).unwrap();
        assert_eq!(unpacked, text);
        let mut unpacked = String::new();
        flate2::read::GzDecoder::new(&kept.encoded(Coding::Gzip)[..]).read_to_string(&mut unpacked).unwrap();
        assert_eq!(unpacked, text);
    }

    #[test]
    fn a_browser_gets_brotli_and_an_older_client_gzip() {
        assert_eq!(Coding::preferred(["gzip, deflate, br, zstd"]), Coding::Brotli);
        assert_eq!(Coding::preferred(["gzip, deflate"]), Coding::Gzip);
        assert_eq!(Coding::preferred(["x-gzip"]), Coding::Gzip);
        assert_eq!(Coding::preferred(["deflate", "identity"]), Coding::Identity);
        assert_eq!(Coding::preferred([]), Coding::Identity);
    }

    #[test]
    fn weights_choose_and_a_zero_weight_refuses() {
        assert_eq!(Coding::preferred(["br;q=0.5, gzip;q=0.8"]), Coding::Gzip);
        assert_eq!(Coding::preferred(["br;q=0, gzip"]), Coding::Gzip);
        assert_eq!(Coding::preferred(["br;q=0, gzip;q=0"]), Coding::Identity);
        assert_eq!(Coding::preferred(["*"]), Coding::Brotli);
        assert_eq!(Coding::preferred(["*;q=0.1, br;q=0"]), Coding::Gzip);
        assert_eq!(Coding::preferred(["GZIP ; Q=1"]), Coding::Gzip);
    }
}
