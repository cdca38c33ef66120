//! A store that watches what the server does with it: an in-memory store
//! that counts the storage watches opened, can say its writes block (as a
//! store committing to disk does), and can hold a create until the test
//! lets it go.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use server::storage::{
    Event, KeyValue, MemoryStore, RangeRequest, RangeResult, StorageError, Store,
};

/// An instrumented [`MemoryStore`].
#[derive(Default)]
pub struct InstrumentedStore {
    inner: MemoryStore,
    watches: AtomicUsize,
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

    /// How many storage watches were opened.
    pub fn watches(&self) -> usize {
        self.watches.load(Ordering::SeqCst)
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
    ) -> Result<tokio::sync::mpsc::UnboundedReceiver<Event>, StorageError> {
        self.watches.fetch_add(1, Ordering::SeqCst);
        self.inner.watch(prefix, after)
    }
    fn compact(&self, revision: i64) -> Result<(), StorageError> {
        self.inner.compact(revision)
    }
    fn writes_block(&self) -> bool {
        self.writes_block
    }
}
