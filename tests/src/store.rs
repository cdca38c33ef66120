//! A store that watches what the server does with it: an in-memory store
//! that counts the storage watches opened and the reads of each key, can
//! say its writes block (as a store committing to disk does), and can hold
//! a create until the test lets it go.

use std::collections::HashMap;
use std::sync::Mutex;

use server::storage::{
    Event, KeyValue, MemoryStore, RangeRequest, RangeResult, StorageError, Store,
};

/// An instrumented [`MemoryStore`].
#[derive(Default)]
pub struct InstrumentedStore {
    inner: MemoryStore,
    /// The prefix of each storage watch opened, in order.
    watches: Mutex<Vec<String>>,
    /// How many times each key was read with [`Store::get`].
    gets: Mutex<HashMap<String, usize>>,
    writes_block: bool,
    gate: Mutex<Option<std::sync::mpsc::Receiver<()>>>,
}

impl InstrumentedStore {
    /// A store whose [`Store::writes_block`] is `writes_block`.
    pub fn new(writes_block: bool) -> InstrumentedStore {
        InstrumentedStore {
            writes_block,
            ..InstrumentedStore::default()
        }
    }

    /// How many storage watches were opened on `prefix`
    /// (`/registry/configmaps/`).
    pub fn watches(&self, prefix: &str) -> usize {
        let watches = self.watches.lock().expect("watches");
        watches.iter().filter(|p| *p == prefix).count()
    }

    /// How many times `key` (`/registry/namespaces/default`) was read
    /// with [`Store::get`].
    pub fn gets(&self, key: &str) -> usize {
        let gets = self.gets.lock().expect("gets");
        gets.get(key).copied().unwrap_or(0)
    }

    /// The store underneath, for writes that bypass the server (as
    /// another API server on the same storage makes them).
    pub fn inner(&self) -> &MemoryStore {
        &self.inner
    }

    /// The next create waits, on whatever thread runs it, until the
    /// returned sender sends (or is dropped).
    pub fn hold_next_create(&self) -> std::sync::mpsc::Sender<()> {
        let (tx, rx) = std::sync::mpsc::channel();
        *self.gate.lock().expect("gate") = Some(rx);
        tx
    }
}

impl Store for InstrumentedStore {
    fn current_revision(&self) -> i64 {
        self.inner.current_revision()
    }
    fn compacted_revision(&self) -> i64 {
        self.inner.compacted_revision()
    }
    fn get(&self, key: &str) -> Result<Option<KeyValue>, StorageError> {
        *self
            .gets
            .lock()
            .expect("gets")
            .entry(key.to_string())
            .or_default() += 1;
        self.inner.get(key)
    }
    fn range(&self, req: RangeRequest<'_>) -> Result<RangeResult, StorageError> {
        self.inner.range(req)
    }
    fn create(&self, key: &str, value: Vec<u8>) -> Result<KeyValue, StorageError> {
        let gate = self.gate.lock().expect("gate").take();
        if let Some(gate) = gate {
            let _ = gate.recv();
        }
        self.inner.create(key, value)
    }
    fn update(&self, key: &str, value: Vec<u8>, expected: i64) -> Result<KeyValue, StorageError> {
        self.inner.update(key, value, expected)
    }
    fn delete(&self, key: &str, expected: Option<i64>) -> Result<KeyValue, StorageError> {
        self.inner.delete(key, expected)
    }
    fn watch(
        &self,
        prefix: &str,
        after: i64,
    ) -> Result<tokio::sync::mpsc::Receiver<Event>, StorageError> {
        self.watches
            .lock()
            .expect("watches")
            .push(prefix.to_string());
        self.inner.watch(prefix, after)
    }
    fn compact(&self, revision: i64) -> Result<(), StorageError> {
        self.inner.compact(revision)
    }
    fn writes_block(&self) -> bool {
        self.writes_block
    }
}
