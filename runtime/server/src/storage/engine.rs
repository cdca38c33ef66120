//! The MVCC logic shared by every backend.
//!
//! A backend stores three tables, exposed through [`Tables`] / [`TablesMut`]:
//!
//! - **versions**: `(key, revision) -> Version`, every retained version of
//!   every key, where a version is a value (with the key's create revision)
//!   or a tombstone left by a delete. This is etcd's key index plus its
//!   revision-keyed bucket in one table; the state at revision `r` is, for
//!   each key, its latest version at or below `r` unless that is a tombstone.
//! - **log**: `revision -> key`, which key each retained revision wrote; it
//!   drives watch replay and compaction.
//! - **meta**: the current and compacted revisions.
//!
//! [`Engine`] implements the [`Store`](super::Store) operations on top of a
//! [`Backend`] that hands out read snapshots and write transactions over those
//! tables, and fans events out to watchers.

use std::collections::BTreeSet;
use std::ops::Bound;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Mutex, MutexGuard, PoisonError};

use bytes::Bytes;
use tokio::sync::mpsc::Receiver;

use super::watchers::Watchers;
use super::{Event, KeyValue, RangeRequest, RangeResult, Revision, StorageError};

/// The revision of an empty store (as in etcd); the first write is 2.
pub(crate) const INITIAL_REVISION: Revision = 1;

/// The store-wide revisions, persisted by the backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Meta {
    /// Revision of the last write.
    pub current: Revision,
    /// Revision of the last compaction, 0 if never compacted.
    pub compacted: Revision,
}

impl Meta {
    /// The meta of an empty store.
    pub(crate) const EMPTY: Meta = Meta {
        current: INITIAL_REVISION,
        compacted: 0,
    };

    /// Resolves the revision a read asks for (etcd: `r <= 0` means current)
    /// and checks that its snapshot is still available.
    fn read_revision(self, requested: Option<Revision>) -> Result<Revision, StorageError> {
        match requested {
            None => Ok(self.current),
            Some(r) if r <= 0 => Ok(self.current),
            Some(r) if r > self.current => Err(StorageError::FutureRevision {
                requested: r,
                current: self.current,
            }),
            Some(r) if r < self.compacted => Err(StorageError::Compacted {
                requested: r,
                compacted: self.compacted,
            }),
            Some(r) => Ok(r),
        }
    }
}

/// One stored version of a key (owned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Version {
    /// The key holds `value`; it was created at `create_revision`.
    Live {
        create_revision: Revision,
        /// Shared, not copied, by the reads and events that carry it.
        value: Bytes,
    },
    /// The key was deleted.
    Tombstone,
}

/// One stored version of a key (borrowed from the backend).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VersionRef<'a> {
    /// See [`Version::Live`].
    Live {
        create_revision: Revision,
        value: &'a [u8],
    },
    /// See [`Version::Tombstone`].
    Tombstone,
}

impl Version {
    pub(crate) fn as_ref(&self) -> VersionRef<'_> {
        match self {
            Version::Live {
                create_revision,
                value,
            } => VersionRef::Live {
                create_revision: *create_revision,
                value,
            },
            Version::Tombstone => VersionRef::Tombstone,
        }
    }

    /// The key-value this version represents, `None` for a tombstone.
    fn into_key_value(self, key: &str, mod_revision: Revision) -> Option<KeyValue> {
        match self {
            Version::Live {
                create_revision,
                value,
            } => Some(KeyValue {
                key: key.to_owned(),
                value,
                create_revision,
                mod_revision,
            }),
            Version::Tombstone => None,
        }
    }
}

impl VersionRef<'_> {
    pub(crate) fn to_owned(self) -> Version {
        match self {
            VersionRef::Live {
                create_revision,
                value,
            } => Version::Live {
                create_revision,
                value: Bytes::copy_from_slice(value),
            },
            VersionRef::Tombstone => Version::Tombstone,
        }
    }

    pub(crate) fn is_tombstone(self) -> bool {
        self == VersionRef::Tombstone
    }
}

/// A set of keys in key order: those starting with `prefix`, from `start` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeySpan<'a> {
    /// Keys outside the prefix are not in the span.
    pub prefix: &'a str,
    /// Lower bound; iteration may stop at the first key not starting with
    /// `prefix` since all further keys are outside the prefix too.
    pub start: Bound<&'a str>,
}

impl<'a> KeySpan<'a> {
    /// The keys starting with `prefix` and greater than `start_after`.
    fn new(prefix: &'a str, start_after: Option<&'a str>) -> Self {
        let start = match start_after {
            // Every key with the prefix is >= prefix, so a `start_after`
            // below the prefix does not restrict anything.
            Some(after) if after >= prefix => Bound::Excluded(after),
            _ => Bound::Included(prefix),
        };
        KeySpan { prefix, start }
    }
}

/// Read access to the tables of one consistent snapshot.
pub(crate) trait Tables {
    /// The store-wide revisions ([`Meta::EMPTY`] for a new store).
    fn meta(&self) -> Result<Meta, StorageError>;

    /// The latest version of `key` at or below revision `at`, with its revision.
    fn version_at(
        &self,
        key: &str,
        at: Revision,
    ) -> Result<Option<(Revision, Version)>, StorageError>;

    /// The revisions of all versions of `key` at or below `at`, ascending,
    /// each with whether it is a tombstone.
    fn history(&self, key: &str, at: Revision) -> Result<Vec<(Revision, bool)>, StorageError>;

    /// Calls `visit(key, revision, version)` for every key in `span`, in key
    /// order, with the key's latest version at or below `at` (which may be a
    /// tombstone), until `visit` returns false. Keys without a version at
    /// or below `at` are skipped.
    fn scan(
        &self,
        span: KeySpan<'_>,
        at: Revision,
        visit: &mut dyn FnMut(&str, Revision, VersionRef<'_>) -> bool,
    ) -> Result<(), StorageError>;

    /// The log entries `(revision, key)` with `after < revision <= upto`,
    /// ascending; empty if `after >= upto`.
    fn log(&self, after: Revision, upto: Revision)
    -> Result<Vec<(Revision, String)>, StorageError>;
}

/// Write access to the tables, inside one backend transaction.
///
/// The engine checks every precondition before its first mutation, so a
/// backend without rollback (memory) is never left half-written by a failed
/// operation; backend errors abort the transaction.
pub(crate) trait TablesMut: Tables {
    /// Replaces the store-wide revisions.
    fn set_meta(&mut self, meta: Meta) -> Result<(), StorageError>;
    /// Stores the version of `key` written at `revision` (a backend that
    /// keeps it in memory shares its bytes).
    fn put_version(
        &mut self,
        key: &str,
        revision: Revision,
        version: &Version,
    ) -> Result<(), StorageError>;
    /// Forgets the version of `key` written at `revision`.
    fn remove_version(&mut self, key: &str, revision: Revision) -> Result<(), StorageError>;
    /// Records that `revision` wrote `key`.
    fn append_log(&mut self, revision: Revision, key: &str) -> Result<(), StorageError>;
    /// Forgets the log entries at or below `upto`.
    fn truncate_log(&mut self, upto: Revision) -> Result<(), StorageError>;
}

/// Storage of the tables with transactions.
pub(crate) trait Backend: Send + Sync + 'static {
    /// Whether a committed write waits on the disk (a durable commit).
    const DURABLE: bool;

    /// Runs `f` against a consistent snapshot of the latest committed state.
    fn read<T>(
        &self,
        f: impl FnOnce(&dyn Tables) -> Result<T, StorageError>,
    ) -> Result<T, StorageError>;

    /// Runs `f` in a write transaction, committed (durably, for on-disk
    /// backends) before returning if `f` succeeds, discarded if it fails.
    /// The engine never runs two writes at once.
    fn write<T>(
        &self,
        f: impl FnOnce(&mut dyn TablesMut) -> Result<T, StorageError>,
    ) -> Result<T, StorageError>;
}

/// A write operation, before it is checked against the current state.
#[derive(Debug)]
pub(crate) enum Mutation {
    /// [`Store::create`](super::Store::create).
    Create { value: Bytes },
    /// [`Store::update`](super::Store::update).
    Update {
        value: Bytes,
        expected_mod_revision: Revision,
    },
    /// [`Store::delete`](super::Store::delete).
    Delete {
        expected_mod_revision: Option<Revision>,
    },
}

impl Mutation {
    /// Checks the preconditions against the key's current value and returns
    /// the event the write produces at `revision`.
    fn resolve(
        self,
        key: &str,
        current: Option<KeyValue>,
        revision: Revision,
    ) -> Result<Event, StorageError> {
        match (self, current) {
            (Mutation::Create { .. }, Some(_)) => Err(StorageError::AlreadyExists(key.to_owned())),
            (Mutation::Create { value }, None) => Ok(Event::Put {
                kv: KeyValue {
                    key: key.to_owned(),
                    value,
                    create_revision: revision,
                    mod_revision: revision,
                },
                prev: None,
            }),
            (Mutation::Update { .. } | Mutation::Delete { .. }, None) => {
                Err(StorageError::NotFound(key.to_owned()))
            }
            (
                Mutation::Update {
                    value,
                    expected_mod_revision,
                },
                Some(prev),
            ) => {
                check_mod_revision(&prev, expected_mod_revision)?;
                Ok(Event::Put {
                    kv: KeyValue {
                        key: key.to_owned(),
                        value,
                        create_revision: prev.create_revision,
                        mod_revision: revision,
                    },
                    prev: Some(prev),
                })
            }
            (
                Mutation::Delete {
                    expected_mod_revision,
                },
                Some(prev),
            ) => {
                if let Some(expected) = expected_mod_revision {
                    check_mod_revision(&prev, expected)?;
                }
                Ok(Event::Delete { prev, revision })
            }
        }
    }
}

fn check_mod_revision(current: &KeyValue, expected: Revision) -> Result<(), StorageError> {
    if current.mod_revision == expected {
        Ok(())
    } else {
        Err(StorageError::Conflict {
            key: current.key.clone(),
            expected,
            actual: current.mod_revision,
        })
    }
}

/// The value of `key` at revision `at`, `None` if absent or deleted then.
fn live_at<T: Tables + ?Sized>(
    tables: &T,
    key: &str,
    at: Revision,
) -> Result<Option<KeyValue>, StorageError> {
    Ok(tables
        .version_at(key, at)?
        .and_then(|(revision, version)| version.into_key_value(key, revision)))
}

fn range<T: Tables + ?Sized>(
    tables: &T,
    req: RangeRequest<'_>,
) -> Result<RangeResult, StorageError> {
    let revision = tables.meta()?.read_revision(req.revision)?;
    let mut kvs = Vec::new();
    let mut total: usize = 0;
    tables.scan(
        KeySpan::new(req.prefix, req.start_after),
        revision,
        &mut |key, mod_revision, version| {
            if let VersionRef::Live {
                create_revision,
                value,
            } = version
            {
                total += 1;
                if req.limit == 0 || kvs.len() < req.limit {
                    kvs.push(KeyValue {
                        key: key.to_owned(),
                        value: Bytes::copy_from_slice(value),
                        create_revision,
                        mod_revision,
                    });
                } else if req.skip_count {
                    // One key past the page answers `more`; stop there.
                    return false;
                }
            }
            true
        },
    )?;
    Ok(RangeResult {
        more: total > kvs.len(),
        kvs,
        count: i64::try_from(total).unwrap_or(i64::MAX),
        revision,
    })
}

/// Applies `mutation` to `key` at the next revision and returns its event.
fn apply<T: TablesMut + ?Sized>(
    tables: &mut T,
    key: &str,
    mutation: Mutation,
) -> Result<Event, StorageError> {
    let meta = tables.meta()?;
    let revision = meta.current + 1;
    let current = live_at(tables, key, meta.current)?;
    let event = mutation.resolve(key, current, revision)?;
    let version = match &event {
        Event::Put { kv, .. } => Version::Live {
            create_revision: kv.create_revision,
            value: kv.value.clone(),
        },
        Event::Delete { .. } => Version::Tombstone,
    };
    tables.put_version(key, revision, &version)?;
    tables.append_log(revision, key)?;
    tables.set_meta(Meta {
        current: revision,
        ..meta
    })?;
    Ok(event)
}

/// The events under `prefix` after `after_revision` up to `upto`, rebuilt
/// from history.
fn replay<T: Tables + ?Sized>(
    tables: &T,
    prefix: &str,
    after_revision: Revision,
    upto: Revision,
) -> Result<Vec<Event>, StorageError> {
    let meta = tables.meta()?;
    if after_revision < meta.compacted {
        return Err(StorageError::Compacted {
            requested: after_revision,
            compacted: meta.compacted,
        });
    }
    tables
        .log(after_revision, upto)?
        .into_iter()
        .filter(|(_, key)| key.starts_with(prefix))
        .map(|(revision, key)| event_at(tables, key, revision))
        .collect()
}

/// The event that `revision` (which wrote `key`) produced. Its previous value
/// is retained: the replayed revisions are above the compacted revision, and
/// compaction keeps every key's live version at the compacted revision.
fn event_at<T: Tables + ?Sized>(
    tables: &T,
    key: String,
    revision: Revision,
) -> Result<Event, StorageError> {
    let prev = live_at(tables, &key, revision - 1)?;
    match (tables.version_at(&key, revision)?, prev) {
        (
            Some((
                at,
                Version::Live {
                    create_revision,
                    value,
                },
            )),
            prev,
        ) if at == revision => Ok(Event::Put {
            kv: KeyValue {
                key,
                value,
                create_revision,
                mod_revision: revision,
            },
            prev,
        }),
        (Some((at, Version::Tombstone)), Some(prev)) if at == revision => {
            Ok(Event::Delete { prev, revision })
        }
        _ => Err(StorageError::Backend(format!(
            "corrupt history: no valid version of {key:?} at revision {revision}"
        ))),
    }
}

/// Drops the history at or below `revision` (see [`Store::compact`](super::Store::compact)).
fn compact<T: TablesMut + ?Sized>(tables: &mut T, revision: Revision) -> Result<(), StorageError> {
    let meta = tables.meta()?;
    if revision <= meta.compacted {
        return Err(StorageError::Compacted {
            requested: revision,
            compacted: meta.compacted,
        });
    }
    if revision > meta.current {
        return Err(StorageError::FutureRevision {
            requested: revision,
            current: meta.current,
        });
    }
    // Only keys written since the last compaction can have more than one
    // version at or below `revision`, or a tombstone there.
    let keys: BTreeSet<String> = tables
        .log(meta.compacted, revision)?
        .into_iter()
        .map(|(_, key)| key)
        .collect();
    for key in &keys {
        let history = tables.history(key, revision)?;
        if let Some((&(last, last_is_tombstone), older)) = history.split_last() {
            for &(old, _) in older {
                tables.remove_version(key, old)?;
            }
            if last_is_tombstone {
                tables.remove_version(key, last)?;
            }
        }
    }
    tables.truncate_log(revision)?;
    tables.set_meta(Meta {
        compacted: revision,
        ..meta
    })
}

/// A write waiting in [`Engine::queue`] for the next durable commit.
struct Queued {
    key: String,
    mutation: Mutation,
    /// How the writer hears from the others (capacity 1: a queued writer
    /// gets one message, `Lead` or `Done`, before it leaves the queue).
    inbox: SyncSender<Message>,
}

/// What a queued writer is told.
enum Message {
    /// Its write is committed (durable) or refused.
    Done(Result<KeyValue, StorageError>),
    /// The writer that committed last found this one first in the queue:
    /// it commits next.
    Lead,
}

/// The writes to a durable backend that wait for a commit, and whether a
/// writer is committing (the leader).
#[derive(Default)]
struct Queue {
    waiting: Vec<Queued>,
    leading: bool,
}

/// A [`Store`](super::Store) implementation over any [`Backend`].
pub(crate) struct Engine<B> {
    backend: B,
    /// The registered watchers. This lock also serializes writes: it is held
    /// from the start of a write transaction until its event has been sent,
    /// and while a new watcher replays history, so every watcher gets each
    /// event exactly once and in revision order.
    watchers: Mutex<Watchers>,
    /// The writes to a durable backend that wait for a commit (group
    /// commit): a writer queues its write; if no writer is leading, it
    /// leads, committing every queued write in one backend transaction
    /// (one wait on the disk for all of them). The others wait on their
    /// inbox, without contending for a lock. Done, the leader hands the
    /// lead to the first writer queued meanwhile, so that no writer
    /// commits for others past its own write's batch. Unused for a
    /// backend that is not durable.
    queue: Mutex<Queue>,
    /// Cache of the committed [`Meta::current`] for lock-free reads.
    current: AtomicI64,
    /// Cache of the committed [`Meta::compacted`].
    compacted: AtomicI64,
}

impl<B: Backend> Engine<B> {
    /// Wraps `backend`, whose committed state has the given `meta`.
    pub(crate) fn new(backend: B, meta: Meta) -> Self {
        Engine {
            backend,
            watchers: Mutex::default(),
            queue: Mutex::default(),
            current: AtomicI64::new(meta.current),
            compacted: AtomicI64::new(meta.compacted),
        }
    }

    /// See [`crate::storage::Store::writes_block`].
    pub(crate) fn writes_block(&self) -> bool {
        B::DURABLE
    }

    pub(crate) fn current_revision(&self) -> Revision {
        self.current.load(Ordering::Acquire)
    }

    pub(crate) fn compacted_revision(&self) -> Revision {
        self.compacted.load(Ordering::Acquire)
    }

    pub(crate) fn get(&self, key: &str) -> Result<Option<KeyValue>, StorageError> {
        self.backend
            .read(|tables| live_at(tables, key, tables.meta()?.current))
    }

    pub(crate) fn range(&self, req: RangeRequest<'_>) -> Result<RangeResult, StorageError> {
        self.backend.read(|tables| range(tables, req))
    }

    /// Applies one create/update/delete and returns the written key-value
    /// (the deleted one for a delete), once it is committed (durably, for
    /// a durable backend).
    ///
    /// On a durable backend, writes that arrive while another commits wait
    /// in [`Engine::queue`] and are committed together, each at its own
    /// revision in the order they were queued; a write whose precondition
    /// fails is refused alone, the others of its commit go on. A backend
    /// error fails every write of that commit (none took effect).
    pub(crate) fn write(&self, key: &str, mutation: Mutation) -> Result<KeyValue, StorageError> {
        if !B::DURABLE {
            let mut watchers = self.lock_watchers();
            let event = self.backend.write(|tables| apply(tables, key, mutation))?;
            self.current.store(event.revision(), Ordering::Release);
            watchers.notify(&event);
            return Ok(event.into_written());
        }
        let operation = match mutation {
            Mutation::Create { .. } => "create",
            Mutation::Update { .. } => "update",
            Mutation::Delete { .. } => "delete",
        };
        let (inbox, messages) = std::sync::mpsc::sync_channel(1);
        let lead = {
            let mut queue = self.lock_queue();
            queue.waiting.push(Queued {
                key: key.to_owned(),
                mutation,
                inbox,
            });
            !std::mem::replace(&mut queue.leading, true)
        };
        if lead {
            self.lead();
        }
        loop {
            match messages.recv() {
                Ok(Message::Done(outcome)) => return outcome,
                Ok(Message::Lead) => self.lead(),
                // The leader panicked: its commit may have been made.
                Err(_) => {
                    return Err(StorageError::Unavailable {
                        operation,
                        reason: "the commit of this write stopped before it answered".to_owned(),
                    });
                }
            }
        }
    }

    /// Commits every queued write (the leader's own among them), then
    /// hands the lead on, also when the commit panics: a write queued
    /// meanwhile is never left without a leader.
    fn lead(&self) {
        struct HandOff<'a, B: Backend>(&'a Engine<B>);
        impl<B: Backend> Drop for HandOff<'_, B> {
            fn drop(&mut self) {
                let mut queue = self.0.lock_queue();
                // A writer that is gone (it cannot be, while its write is
                // queued, but a leader must not hang on it) is skipped.
                while let Some(next) = queue.waiting.first() {
                    match next.inbox.try_send(Message::Lead) {
                        Err(std::sync::mpsc::TrySendError::Disconnected(_)) => {
                            queue.waiting.remove(0);
                        }
                        _ => return,
                    }
                }
                queue.leading = false;
            }
        }
        let _hand_off = HandOff(self);
        let batch = std::mem::take(&mut self.lock_queue().waiting);
        let mut watchers = self.lock_watchers();
        self.commit(&mut watchers, batch);
    }

    /// Commits `batch` in one backend transaction, then sends each write's
    /// event to the watchers, in revision order, and its outcome to its
    /// writer. Called by the leader, with the watchers' lock held.
    fn commit(&self, watchers: &mut Watchers, batch: Vec<Queued>) {
        let (writes, answers): (Vec<_>, Vec<_>) = batch
            .into_iter()
            .map(|queued| ((queued.key, queued.mutation), queued.inbox))
            .unzip();
        let committed = self.backend.write(|tables| {
            let mut outcomes = Vec::with_capacity(writes.len());
            for (key, mutation) in writes {
                match apply(tables, &key, mutation) {
                    // Preconditions are checked before anything is
                    // written: a refused write leaves the others alone.
                    Err(
                        refused @ (StorageError::AlreadyExists(_)
                        | StorageError::NotFound(_)
                        | StorageError::Conflict { .. }),
                    ) => outcomes.push(Err(refused)),
                    Err(failed) => return Err(failed),
                    Ok(event) => outcomes.push(Ok(event)),
                }
            }
            Ok(outcomes)
        });
        match committed {
            Ok(outcomes) => {
                for (outcome, answer) in outcomes.into_iter().zip(answers) {
                    let outcome = outcome.map(|event| {
                        self.current.store(event.revision(), Ordering::Release);
                        watchers.notify(&event);
                        event.into_written()
                    });
                    // A writer that is gone has nobody to tell.
                    let _ = answer.try_send(Message::Done(outcome));
                }
            }
            Err(error) => {
                let reason = match error {
                    StorageError::Backend(reason) => reason,
                    other => other.to_string(),
                };
                for answer in answers {
                    let _ =
                        answer.try_send(Message::Done(Err(StorageError::Backend(reason.clone()))));
                }
            }
        }
    }

    /// The backend, for tests that look inside it.
    #[cfg(test)]
    pub(crate) fn backend(&self) -> &B {
        &self.backend
    }

    /// The number of writes waiting for a commit.
    #[cfg(test)]
    pub(crate) fn queued(&self) -> usize {
        self.lock_queue().waiting.len()
    }

    /// A watch of the keys under `prefix` from after `after_revision`:
    /// the history since then, then each write as it commits.
    ///
    /// The history is read without the watchers' lock, which every commit
    /// takes (replaying minutes of history held every write up), then
    /// what committed meanwhile is read under it before subscribing, so no
    /// revision is missed or sent twice.
    ///
    /// Errors: [`StorageError::Compacted`] for a revision compacted away,
    /// before or during the read.
    pub(crate) fn watch(
        &self,
        prefix: &str,
        after_revision: Revision,
    ) -> Result<Receiver<Event>, StorageError> {
        let (mut backlog, read_to) = self.backend.read(|tables| {
            let current = tables.meta()?.current;
            Ok((replay(tables, prefix, after_revision, current)?, current))
        })?;
        let mut watchers = self.lock_watchers();
        let since = self
            .backend
            .read(|tables| {
                let current = tables.meta()?.current;
                replay(tables, prefix, read_to.max(after_revision), current)
            })
            .map_err(|e| match e {
                // Compacted past the history just read: the watch's own
                // revision is the one gone.
                StorageError::Compacted { compacted, .. } => StorageError::Compacted {
                    requested: after_revision,
                    compacted,
                },
                other => other,
            })?;
        backlog.extend(since);
        Ok(watchers.subscribe(prefix, after_revision, backlog))
    }

    pub(crate) fn compact(&self, revision: Revision) -> Result<(), StorageError> {
        let _writer = self.lock_watchers();
        self.backend.write(|tables| compact(tables, revision))?;
        self.compacted.store(revision, Ordering::Release);
        Ok(())
    }

    fn lock_queue(&self) -> MutexGuard<'_, Queue> {
        // A push or a take is one step: the queue is never half-changed.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn lock_watchers(&self) -> MutexGuard<'_, Watchers> {
        // Watchers stay consistent even if a holder panicked: each
        // notification is a single `retain` pass.
        self.watchers.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
