//! The JSON of recently read objects, as GET answers it, keyed by storage
//! key and mod revision: a GET of an object already read at its current
//! revision sends these bytes instead of decoding, defaulting and encoding
//! the stored value again. The watch cache adds the JSON it writes for
//! each created or updated object of a watched resource, so a GET after
//! such a write needs no read either.
//!
//! An entry can never be stale: a write gives the key a new mod revision,
//! and a lookup only hits on the revision the store returned for this
//! request. Memory is bounded by a byte budget: when an insert would pass
//! it, the cache starts over empty (a cheap bound; the next reads refill it).

use std::collections::HashMap;
use std::sync::Mutex;

use axum::body::Bytes;

/// Objects larger than this are not cached (one of them would crowd out
/// thousands of ordinary ones).
pub(crate) const MAX_ENTRY_BYTES: usize = 256 * 1024;

/// See the module docs.
pub(crate) struct ReadCache {
    budget: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<String, (i64, Bytes)>,
    bytes: usize,
}

impl ReadCache {
    /// An empty cache holding at most `budget` bytes of JSON.
    pub(crate) fn new(budget: usize) -> ReadCache {
        ReadCache {
            budget,
            inner: Mutex::new(Inner::default()),
        }
    }

    /// The JSON of `key` at exactly `revision`, if cached.
    pub(crate) fn get(&self, key: &str, revision: i64) -> Option<Bytes> {
        let inner = self.inner.lock().ok()?;
        match inner.entries.get(key) {
            Some((r, json)) if *r == revision => Some(json.clone()),
            _ => None,
        }
    }

    /// Remembers the JSON of `key` at `revision`, replacing an older one.
    pub(crate) fn insert(&self, key: &str, revision: i64, json: Bytes) {
        if json.len() > MAX_ENTRY_BYTES || json.len() > self.budget {
            return;
        }
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        if let Some((_, old)) = inner.entries.remove(key) {
            inner.bytes -= old.len();
        }
        if inner.bytes + json.len() > self.budget {
            inner.entries.clear();
            inner.bytes = 0;
        }
        inner.bytes += json.len();
        inner.entries.insert(key.to_string(), (revision, json));
    }

    #[cfg(test)]
    fn held_bytes(&self) -> usize {
        self.inner.lock().unwrap().bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_only_at_the_cached_revision() {
        let cache = ReadCache::new(1024);
        cache.insert("/cm/a", 5, Bytes::from_static(b"{\"v\":1}"));
        assert_eq!(cache.get("/cm/a", 5).as_deref(), Some(&b"{\"v\":1}"[..]));
        assert_eq!(cache.get("/cm/a", 6), None, "a newer revision misses");
        assert_eq!(cache.get("/cm/b", 5), None);
        cache.insert("/cm/a", 6, Bytes::from_static(b"{\"v\":22}"));
        assert_eq!(cache.get("/cm/a", 5), None, "replaced");
        assert_eq!(cache.held_bytes(), 8);
    }

    #[test]
    fn stays_within_its_budget() {
        let cache = ReadCache::new(100);
        for i in 0..50 {
            cache.insert(&format!("/cm/{i}"), 1, Bytes::from(vec![b'x'; 30]));
            assert!(cache.held_bytes() <= 100);
        }
        assert!(cache.get("/cm/49", 1).is_some(), "the latest is kept");
        cache.insert("/cm/big", 1, Bytes::from(vec![b'x'; 101]));
        assert_eq!(cache.get("/cm/big", 1), None, "larger than the budget");
    }
}
