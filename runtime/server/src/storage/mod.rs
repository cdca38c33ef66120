//! Revisioned key-value storage with etcd v3 semantics.
//!
//! The API server stores every object as one key (for example
//! `/registry/configmaps/default/foo`) whose value is the serialized object.
//! This module provides the [`Store`] trait the server is written against and
//! two backends:
//!
//! - [`MemoryStore`]: everything in memory, lost when dropped (tests, dev).
//! - [`RedbStore`]: an embedded, durable on-disk store built on `redb`.
//! - `EtcdStore` (feature `etcd`): an etcd v3 cluster, with
//!   kube-apiserver's keys and values.
//!
//! # Model (mirrors etcd's MVCC store)
//!
//! - One global, monotonically increasing [`Revision`] counter. An empty store
//!   is at revision 1 and the first write gets revision 2, exactly like a
//!   fresh etcd cluster. Every successful create, update or delete bumps the
//!   counter by exactly one; failed writes and reads never change it.
//! - Every key remembers the revision that created it (`create_revision`,
//!   reset when the key is deleted and created again) and the revision of its
//!   last modification (`mod_revision`, the Kubernetes `resourceVersion`).
//! - Old states stay readable: [`Store::range`] at a past revision sees the
//!   keys (and values) as they were at that revision, including keys deleted
//!   since.
//! - [`Store::compact`] discards history at or below a revision; reads and
//!   watches that need discarded history fail with [`StorageError::Compacted`].
//! - [`Store::watch`] streams the changes under a key prefix, first replayed
//!   from history and then live, in revision order.
//!
//! Both backends share the MVCC logic (see the private `engine` module); a
//! backend only supplies the storage of the version tables.

mod engine;
#[cfg(feature = "etcd")]
mod etcd;
mod memory;
mod redb_store;
#[cfg(test)]
mod tests;
mod watchers;

use bytes::Bytes;

#[cfg(feature = "etcd")]
pub use etcd::{EtcdConfig, EtcdProcess, EtcdServerTls, EtcdStore, EtcdTls};
pub use memory::MemoryStore;
pub use redb_store::RedbStore;

/// Live events a watch of a store in this process may hold undelivered,
/// beyond the history it replays, before it is closed ([`Store::watch`]).
/// Ten thousand writes to one prefix is seconds of the heaviest write load
/// this server takes, far more than the watch cache's own feed falls behind;
/// a client's watch of its own (a start older than the watch cache's
/// window) holds at most this many events, a few megabytes, while its
/// client does not read.
pub const WATCH_BUFFER: usize = 10_000;

/// A position in the store's history: the value of the global write counter.
///
/// Revisions start at 1 for an empty store; the first write is revision 2
/// (as in etcd). Each successful write increments the counter by one.
pub type Revision = i64;

/// One version of a key, as returned by reads and carried by watch events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyValue {
    /// The full key, for example `/registry/configmaps/default/foo`.
    pub key: String,
    /// The stored bytes (a serialized object), shared by the reads and
    /// events that carry this version rather than copied for each.
    pub value: Bytes,
    /// Revision at which the key was (last) created; reset by delete + create.
    pub create_revision: Revision,
    /// Revision of the last write of this version (etcd `mod_revision`).
    pub mod_revision: Revision,
}

/// A change to one key, delivered by [`Store::watch`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// key created or updated at kv.mod_revision; prev is the value before (None on create)
    Put {
        /// The new version of the key.
        kv: KeyValue,
        /// The version it replaced, `None` if the key was created.
        prev: Option<KeyValue>,
    },
    /// key deleted at `revision`; prev is the last value
    Delete {
        /// The last version of the key before the delete.
        prev: KeyValue,
        /// The revision of the delete.
        revision: Revision,
    },
}

impl Event {
    /// The revision at which this change happened.
    pub fn revision(&self) -> Revision {
        match self {
            Event::Put { kv, .. } => kv.mod_revision,
            Event::Delete { revision, .. } => *revision,
        }
    }

    /// The key that changed.
    pub fn key(&self) -> &str {
        match self {
            Event::Put { kv, .. } => &kv.key,
            Event::Delete { prev, .. } => &prev.key,
        }
    }

    /// The key-value a write operation reports: the new version for a put,
    /// the deleted (last) version for a delete.
    fn into_written(self) -> KeyValue {
        match self {
            Event::Put { kv, .. } => kv,
            Event::Delete { prev, .. } => prev,
        }
    }
}

/// What a watch with progress ([`Store::watch_with_progress`]) delivers,
/// in order: the changes, and the store's word that every change under
/// the prefix up to a revision has been delivered (etcd's progress
/// notification), which lets a watch cache's bookmarks carry a revision
/// newer than its resource's last change, as kube-apiserver's do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WatchItem {
    /// A change, as [`Store::watch`] delivers it.
    Event(Event),
    /// Every change up to this revision has been delivered.
    Progress(Revision),
}

/// Errors returned by [`Store`] operations.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// [`Store::create`] on a key that currently exists.
    #[error("key {0:?} already exists")]
    AlreadyExists(String),
    /// [`Store::update`] or [`Store::delete`] on a key that does not exist.
    #[error("key {0:?} not found")]
    NotFound(String),
    /// A compare-and-swap precondition failed: the key's current
    /// `mod_revision` (`actual`) is not the `expected` one.
    #[error("conflict on key {key:?}: expected mod revision {expected}, found {actual}")]
    Conflict {
        /// The key written.
        key: String,
        /// The mod revision the caller expected.
        expected: Revision,
        /// The key's current mod revision.
        actual: Revision,
    },
    /// The requested revision's history was discarded by [`Store::compact`]
    /// (etcd `ErrCompacted`).
    #[error("required revision {requested} has been compacted (compacted revision {compacted})")]
    Compacted {
        /// The revision asked for.
        requested: Revision,
        /// The store's compacted revision.
        compacted: Revision,
    },
    /// The requested revision is newer than the store's current revision
    /// (etcd `ErrFutureRev`).
    #[error("required revision {requested} is a future revision (current revision {current})")]
    FutureRevision {
        /// The revision asked for.
        requested: Revision,
        /// The store's current revision.
        current: Revision,
    },
    /// The storage backend failed (I/O error, corrupt data, ...). The
    /// operation had no effect.
    #[error("storage backend: {0}")]
    Backend(String),
    /// The backend could not be reached or did not answer in time (etcd's
    /// `Unavailable` and `DeadlineExceeded`); the operation may or may not
    /// have taken effect, and a retry is expected to succeed later. The
    /// server answers it as upstream's `storage.IsUnreachable` /
    /// `IsRequestTimeout` errors: a 500 `ServerTimeout`.
    #[error("storage backend unavailable during {operation}: {reason}")]
    Unavailable {
        /// What was attempted: `get`, `list`, `create`, `update` or `delete`.
        operation: &'static str,
        /// The backend's own words.
        reason: String,
    },
}

/// The answer to a [`Store::range`] request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeResult {
    /// The matching key-values, sorted by key, at most `limit` of them.
    pub kvs: Vec<KeyValue>,
    /// Whether more matching keys exist after the last one in `kvs`.
    pub more: bool,
    /// Number of all keys matching the request (prefix and `start_after`,
    /// ignoring `limit`) at `revision`; see [`RangeRequest::skip_count`].
    pub count: i64,
    /// The revision of the snapshot that was read.
    pub revision: Revision,
}

/// Parameters of a [`Store::range`] read.
///
/// `RangeRequest { prefix: "/registry/pods/", ..Default::default() }` lists
/// every key under the prefix at the current revision.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RangeRequest<'a> {
    /// Only keys starting with this string match; `""` matches every key.
    pub prefix: &'a str,
    /// Only keys strictly greater than this one match (exclusive start, used
    /// for continue tokens: pass the last key of the previous page).
    pub start_after: Option<&'a str>,
    /// Maximum number of key-values returned; 0 means no limit.
    pub limit: usize,
    /// The revision to read: `None` for the current revision, `Some(r)` for
    /// the snapshot as of `r`. As in etcd, `Some(r)` with `r <= 0` also reads
    /// the current revision.
    pub revision: Option<Revision>,
    /// Stop reading one key past the page instead of counting every
    /// matching key: [`RangeResult::more`] stays exact, but
    /// [`RangeResult::count`] is then only `kvs.len()` plus one when more
    /// keys follow. For reading a long range page by page, where counting
    /// each time would make the whole read quadratic.
    pub skip_count: bool,
}

/// A revisioned key-value store with etcd v3 semantics (see the module docs).
///
/// All operations are atomic and linearizable within one store instance;
/// writes are applied in revision order.
pub trait Store: Send + Sync + 'static {
    /// The revision of the last write (1 for an empty store).
    fn current_revision(&self) -> Revision;

    /// The revision of the last [`Store::compact`], 0 if never compacted.
    fn compacted_revision(&self) -> Revision;

    /// The current version of `key`, or `None` if it does not exist.
    fn get(&self, key: &str) -> Result<Option<KeyValue>, StorageError>;

    /// Reads the keys under `req.prefix` (see [`RangeRequest`]), sorted by key.
    ///
    /// Errors: [`StorageError::FutureRevision`] if `req.revision` is greater
    /// than the current revision, [`StorageError::Compacted`] if it is below
    /// the compacted revision (reading exactly at the compacted revision works).
    fn range(&self, req: RangeRequest<'_>) -> Result<RangeResult, StorageError>;

    /// Creates `key` at a new revision (`create_revision == mod_revision`).
    ///
    /// fails AlreadyExists if key is live
    fn create(&self, key: &str, value: Vec<u8>) -> Result<KeyValue, StorageError>;

    /// Replaces the value of `key` at a new revision, keeping its
    /// `create_revision`.
    ///
    /// compare-and-swap on mod revision; NotFound if absent, Conflict if mod_revision differs
    fn update(
        &self,
        key: &str,
        value: Vec<u8>,
        expected_mod_revision: Revision,
    ) -> Result<KeyValue, StorageError>;

    /// Deletes `key` at a new revision.
    ///
    /// expected_mod_revision None = unconditional; returns the deleted kv (its last value).
    /// Errors: [`StorageError::NotFound`] if the key does not exist (unlike
    /// etcd, which treats that as a no-op), [`StorageError::Conflict`] if
    /// `expected_mod_revision` is `Some` and differs from the key's.
    fn delete(
        &self,
        key: &str,
        expected_mod_revision: Option<Revision>,
    ) -> Result<KeyValue, StorageError>;

    /// Streams the events for keys starting with `prefix` with revision
    /// greater than `after_revision`, in revision order: first replayed from
    /// history, then live as writes happen. The stream ends (the receiver
    /// yields `None`) when the store is dropped, or, in a store of this
    /// process, when the receiver holds more than [`WATCH_BUFFER`] events
    /// beyond the replay (a watcher that does not keep up is closed, as
    /// kube-apiserver's cacher closes one whose buffer fills, instead of
    /// queueing every later write for it); dropping the receiver cancels
    /// the watch. etcd's watch waits for the receiver instead (etcd keeps
    /// what a slow watcher has still to get).
    ///
    /// `after_revision` may be at or beyond the current revision (the watch
    /// then only sees future writes, as in etcd).
    ///
    /// Errors: [`StorageError::Compacted`] if `after_revision` is below the
    /// compacted revision (etcd: a watch whose start revision was compacted
    /// fails).
    fn watch(
        &self,
        prefix: &str,
        after_revision: Revision,
    ) -> Result<tokio::sync::mpsc::Receiver<Event>, StorageError>;

    /// [`Store::watch`] with progress reports between the changes, for a
    /// store that has them (etcd); `None` for one that has none (a store in
    /// this process, whose watch delivers each write as it commits).
    ///
    /// Errors: as [`Store::watch`].
    fn watch_with_progress(
        &self,
        _prefix: &str,
        _after_revision: Revision,
    ) -> Option<Result<tokio::sync::mpsc::Receiver<WatchItem>, StorageError>> {
        None
    }

    /// Discards history at or below `revision`, keeping each key's latest
    /// version at that revision if the key is live then (like etcd's compact).
    /// Afterwards, reads at revisions below `revision` and watches from
    /// before it fail with [`StorageError::Compacted`].
    ///
    /// Errors (as in etcd): [`StorageError::Compacted`] if `revision` is not
    /// greater than the current compacted revision,
    /// [`StorageError::FutureRevision`] if it is greater than the current
    /// revision.
    fn compact(&self, revision: Revision) -> Result<(), StorageError>;

    /// Whether a write blocks its thread on I/O (a durable commit to disk,
    /// a network round trip): the server then runs writes on tokio's
    /// blocking pool, so the async workers keep serving reads and watches
    /// while commits wait. False by default (an in-memory store).
    fn writes_block(&self) -> bool {
        false
    }

    /// How many keys a list reads from the store per request: a few for a
    /// store in this process (each read is cheap, and small pages keep a
    /// streamed list's memory low), more for one across the network, where
    /// each read is a round trip.
    fn list_page(&self) -> usize {
        4
    }

    /// The health of a store reached over the network, for `/livez` and
    /// `/readyz` (their `etcd` check): `Err` with the reason when it does
    /// not answer. `None` (no such check) for a store in this process.
    fn health(&self) -> Option<Result<(), String>> {
        None
    }

    /// Whether [`Store::health`] checks something (the `etcd` check
    /// exists), known without running it.
    fn has_health_check(&self) -> bool {
        false
    }
}

/// Implements [`Store`] for a type with an `engine: engine::Engine<_>` field
/// by delegating every method to the engine.
macro_rules! delegate_store_to_engine {
    ($store:ty) => {
        impl $crate::storage::Store for $store {
            fn current_revision(&self) -> $crate::storage::Revision {
                self.engine.current_revision()
            }
            fn compacted_revision(&self) -> $crate::storage::Revision {
                self.engine.compacted_revision()
            }
            fn get(
                &self,
                key: &str,
            ) -> Result<Option<$crate::storage::KeyValue>, $crate::storage::StorageError> {
                self.engine.get(key)
            }
            fn range(
                &self,
                req: $crate::storage::RangeRequest<'_>,
            ) -> Result<$crate::storage::RangeResult, $crate::storage::StorageError> {
                self.engine.range(req)
            }
            fn create(
                &self,
                key: &str,
                value: Vec<u8>,
            ) -> Result<$crate::storage::KeyValue, $crate::storage::StorageError> {
                self.engine.write(
                    key,
                    $crate::storage::engine::Mutation::Create {
                        value: value.into(),
                    },
                )
            }
            fn update(
                &self,
                key: &str,
                value: Vec<u8>,
                expected_mod_revision: $crate::storage::Revision,
            ) -> Result<$crate::storage::KeyValue, $crate::storage::StorageError> {
                self.engine.write(
                    key,
                    $crate::storage::engine::Mutation::Update {
                        value: value.into(),
                        expected_mod_revision,
                    },
                )
            }
            fn delete(
                &self,
                key: &str,
                expected_mod_revision: Option<$crate::storage::Revision>,
            ) -> Result<$crate::storage::KeyValue, $crate::storage::StorageError> {
                self.engine.write(
                    key,
                    $crate::storage::engine::Mutation::Delete {
                        expected_mod_revision,
                    },
                )
            }
            fn watch(
                &self,
                prefix: &str,
                after_revision: $crate::storage::Revision,
            ) -> Result<
                tokio::sync::mpsc::Receiver<$crate::storage::Event>,
                $crate::storage::StorageError,
            > {
                self.engine.watch(prefix, after_revision)
            }
            fn compact(
                &self,
                revision: $crate::storage::Revision,
            ) -> Result<(), $crate::storage::StorageError> {
                self.engine.compact(revision)
            }
            fn writes_block(&self) -> bool {
                self.engine.writes_block()
            }
        }
    };
}
use delegate_store_to_engine;
