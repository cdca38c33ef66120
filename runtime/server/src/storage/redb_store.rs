//! The durable on-disk backend, built on `redb`.
//!
//! # File layout
//!
//! One redb database file with three tables (see the `engine` module for
//! their meaning):
//!
//! - `versions`: `(key: &str, revision: i64) -> record: &[u8]`, where the
//!   record is encoded as
//!   - tombstone: the single byte `0x00`;
//!   - live value: the byte `0x01`, then the create revision as 8 bytes
//!     little-endian `i64`, then the value bytes (to the end of the record).
//! - `log`: `revision: i64 -> key: &str`.
//! - `meta`: `name: &str -> revision: i64`, with the entries
//!   `current_revision` (1 if absent) and `compacted_revision` (0 if absent).

use std::ops::Bound;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{RwLock, RwLockReadGuard};

use redb::{AccessGuard, Database, ReadableTable, Table, TableDefinition};

use super::engine::{Backend, Engine, KeySpan, Meta, Tables, TablesMut, Version, VersionRef};
use super::{Revision, StorageError, delegate_store_to_engine};

const VERSIONS: TableDefinition<(&str, i64), &[u8]> = TableDefinition::new("versions");
const LOG: TableDefinition<i64, &str> = TableDefinition::new("log");
const META: TableDefinition<&str, i64> = TableDefinition::new("meta");

const META_CURRENT: &str = "current_revision";
const META_COMPACTED: &str = "compacted_revision";

const RECORD_TOMBSTONE: u8 = 0;
const RECORD_LIVE: u8 = 1;

/// A [`Store`](super::Store) persisted in a `redb` database file.
///
/// Every write is committed with redb's default (immediate) durability before
/// it returns, so an acknowledged write survives a crash or `kill -9`.
/// Writes from concurrent threads that queue while a commit waits on the
/// disk share the next commit (the engine's group commit). The
/// full MVCC history (until compaction) lives in the file, so reopening the
/// file restores every key with its revisions, and the current and compacted
/// revisions. Watches are in-process: they end when the store is dropped.
///
/// An I/O error (a full disk) fails the operation it happens in; redb then
/// refuses every later one until the file is opened again, so the store
/// opens it again (redb's recovery) before its next use, and the store
/// serves again once the disk does. A commit whose error came after it
/// reached the disk is found in the file by that reopening and reported
/// as made.
///
/// Only one `RedbStore` may have a given file open at a time.
pub struct RedbStore {
    engine: Engine<RedbBackend>,
}

/// Opens the database file, again after an I/O error.
type Opener = Box<dyn Fn() -> Result<Database, redb::DatabaseError> + Send + Sync>;

impl RedbStore {
    /// Opens the store in the database file at `path`, creating the file if
    /// it does not exist (a new store is at revision 1).
    ///
    /// Errors: [`StorageError::Backend`] if the file cannot be opened or
    /// created (I/O error, not a redb database, already open elsewhere, ...).
    pub fn open(path: &Path) -> Result<Self, StorageError> {
        let path = path.to_path_buf();
        RedbStore::open_with(Box::new(move || Database::create(&path)))
    }

    /// [`RedbStore::open`] of the database `open` opens (each time the
    /// store needs it opened).
    fn open_with(open: Opener) -> Result<Self, StorageError> {
        let backend = RedbBackend {
            db: RwLock::new(Some(open().map_err(backend_error)?)),
            open,
            failed: AtomicBool::new(false),
        };
        // A write transaction also creates missing tables, so that later
        // read transactions can open them.
        let meta = backend.write(|tables| tables.meta())?;
        Ok(RedbStore {
            engine: Engine::new(backend, meta),
        })
    }
}

delegate_store_to_engine!(RedbStore);

struct RedbBackend {
    /// The open database; `None` while it could not be opened again.
    db: RwLock<Option<Database>>,
    open: Opener,
    /// Whether an operation met an I/O error, after which redb answers
    /// `PreviousIo` until the file is opened again.
    failed: AtomicBool,
}

impl RedbBackend {
    /// The error of a redb operation; an I/O error marks the database for
    /// opening again.
    fn error(&self, error: impl Into<redb::Error>) -> StorageError {
        let error = error.into();
        if matches!(error, redb::Error::Io(_) | redb::Error::PreviousIo) {
            self.failed.store(true, Ordering::Release);
        }
        backend_error(error)
    }

    /// The database, opened again first if an I/O error marked it.
    ///
    /// Errors: the file cannot be opened again (the disk still fails).
    fn database(&self) -> Result<RwLockReadGuard<'_, Option<Database>>, StorageError> {
        if self.failed.load(Ordering::Acquire) {
            self.reopen()?;
        }
        let db = self.db.read().unwrap_or_else(|e| e.into_inner());
        if db.is_none() {
            return Err(StorageError::Backend(
                "the embedded store could not be opened again after an I/O error".into(),
            ));
        }
        Ok(db)
    }

    /// Closes the database and opens it again (redb repairs it), once no
    /// operation uses it; a no-op if another thread did already.
    fn reopen(&self) -> Result<(), StorageError> {
        let mut db = self.db.write().unwrap_or_else(|e| e.into_inner());
        if !self.failed.load(Ordering::Acquire) && db.is_some() {
            return Ok(());
        }
        tracing::warn!("opening the embedded store again after an I/O error");
        // The old database must be closed (its file lock released) first.
        *db = None;
        *db = Some((self.open)().map_err(backend_error)?);
        self.failed.store(false, Ordering::Release);
        Ok(())
    }

    /// The committed meta, read from the database opened again.
    fn meta_after_reopen(&self) -> Result<Meta, StorageError> {
        self.read(|tables| tables.meta())
    }
}

impl Backend for RedbBackend {
    const DURABLE: bool = true;

    fn read<T>(
        &self,
        f: impl FnOnce(&dyn Tables) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        let guard = self.database()?;
        let Some(db) = guard.as_ref() else {
            return Err(StorageError::Backend("the embedded store is closed".into()));
        };
        let txn = db.begin_read().map_err(|e| self.error(e))?;
        let tables = RedbTables {
            versions: txn.open_table(VERSIONS).map_err(|e| self.error(e))?,
            log: txn.open_table(LOG).map_err(|e| self.error(e))?,
            meta: txn.open_table(META).map_err(|e| self.error(e))?,
        };
        f(&tables)
    }

    fn write<T>(
        &self,
        f: impl FnOnce(&mut dyn TablesMut) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        let guard = self.database()?;
        let Some(db) = guard.as_ref() else {
            return Err(StorageError::Backend("the embedded store is closed".into()));
        };
        let txn = db.begin_write().map_err(|e| self.error(e))?;
        let (before, result) = {
            let mut tables = RedbTables {
                versions: txn.open_table(VERSIONS).map_err(|e| self.error(e))?,
                log: txn.open_table(LOG).map_err(|e| self.error(e))?,
                meta: txn.open_table(META).map_err(|e| self.error(e))?,
            };
            (tables.meta(), f(&mut tables))
        };
        match result {
            Ok(value) => match txn.commit() {
                Ok(()) => Ok(value),
                Err(commit_error) => {
                    let error = self.error(commit_error);
                    drop(guard);
                    // Opened again, the file tells whether the commit
                    // reached the disk before the error: every write
                    // changes the meta.
                    if self.failed.load(Ordering::Acquire)
                        && let (Ok(before), Ok(after)) = (before, self.meta_after_reopen())
                        && before != after
                    {
                        return Ok(value);
                    }
                    Err(error)
                }
            },
            Err(error) => {
                if let Err(abort_error) = txn.abort() {
                    tracing::warn!(%abort_error, "aborting redb transaction failed");
                }
                Err(error)
            }
        }
    }
}

/// The engine's tables, opened in a read (`ReadOnlyTable`) or write
/// (`Table`) transaction.
struct RedbTables<V, L, M> {
    versions: V,
    log: L,
    meta: M,
}

type VersionsKey = (&'static str, i64);

impl<V, L, M> Tables for RedbTables<V, L, M>
where
    V: ReadableTable<VersionsKey, &'static [u8]>,
    L: ReadableTable<i64, &'static str>,
    M: ReadableTable<&'static str, i64>,
{
    fn meta(&self) -> Result<Meta, StorageError> {
        let read = |name: &str, default: Revision| -> Result<Revision, StorageError> {
            let value = self.meta.get(name).map_err(backend_error)?;
            Ok(value.map_or(default, |guard| guard.value()))
        };
        Ok(Meta {
            current: read(META_CURRENT, Meta::EMPTY.current)?,
            compacted: read(META_COMPACTED, Meta::EMPTY.compacted)?,
        })
    }

    fn version_at(
        &self,
        key: &str,
        at: Revision,
    ) -> Result<Option<(Revision, Version)>, StorageError> {
        let last = self
            .versions
            .range((key, i64::MIN)..=(key, at))
            .map_err(backend_error)?
            .next_back()
            .transpose()
            .map_err(backend_error)?;
        last.map(|(k, record)| Ok((k.value().1, decode(record.value())?.to_owned())))
            .transpose()
    }

    fn history(&self, key: &str, at: Revision) -> Result<Vec<(Revision, bool)>, StorageError> {
        self.versions
            .range((key, i64::MIN)..=(key, at))
            .map_err(backend_error)?
            .map(|entry| {
                let (k, record) = entry.map_err(backend_error)?;
                Ok((k.value().1, decode(record.value())?.is_tombstone()))
            })
            .collect()
    }

    fn scan(
        &self,
        span: KeySpan<'_>,
        at: Revision,
        visit: &mut dyn FnMut(&str, Revision, VersionRef<'_>) -> bool,
    ) -> Result<(), StorageError> {
        let start = match span.start {
            Bound::Included(key) => Bound::Included((key, i64::MIN)),
            Bound::Excluded(key) => Bound::Excluded((key, i64::MAX)),
            Bound::Unbounded => Bound::Unbounded,
        };
        // Versions come sorted by (key, revision): remember the latest one at
        // or below `at` of the current key and emit it when the key changes.
        let mut pending: Option<VersionsEntry<'_>> = None;
        for entry in self
            .versions
            .range((start, Bound::Unbounded))
            .map_err(backend_error)?
        {
            let entry = entry.map_err(backend_error)?;
            let (key, revision) = entry.0.value();
            if !key.starts_with(span.prefix) {
                break;
            }
            if let Some(done) = pending.take_if(|(pending_key, _)| pending_key.value().0 != key)
                && !emit(visit, done)?
            {
                return Ok(());
            }
            if revision <= at {
                pending = Some(entry);
            }
        }
        if let Some(entry) = pending {
            emit(visit, entry)?;
        }
        Ok(())
    }

    fn log(
        &self,
        after: Revision,
        upto: Revision,
    ) -> Result<Vec<(Revision, String)>, StorageError> {
        if after >= upto {
            return Ok(Vec::new());
        }
        self.log
            .range((Bound::Excluded(after), Bound::Included(upto)))
            .map_err(backend_error)?
            .map(|entry| {
                let (revision, key) = entry.map_err(backend_error)?;
                Ok((revision.value(), key.value().to_owned()))
            })
            .collect()
    }
}

impl TablesMut
    for RedbTables<
        Table<'_, VersionsKey, &'static [u8]>,
        Table<'_, i64, &'static str>,
        Table<'_, &'static str, i64>,
    >
{
    fn set_meta(&mut self, meta: Meta) -> Result<(), StorageError> {
        self.meta
            .insert(META_CURRENT, meta.current)
            .map_err(backend_error)?;
        self.meta
            .insert(META_COMPACTED, meta.compacted)
            .map_err(backend_error)?;
        Ok(())
    }

    fn put_version(
        &mut self,
        key: &str,
        revision: Revision,
        version: &Version,
    ) -> Result<(), StorageError> {
        self.versions
            .insert((key, revision), encode(version.as_ref()).as_slice())
            .map_err(backend_error)?;
        Ok(())
    }

    fn remove_version(&mut self, key: &str, revision: Revision) -> Result<(), StorageError> {
        self.versions
            .remove((key, revision))
            .map_err(backend_error)?;
        Ok(())
    }

    fn append_log(&mut self, revision: Revision, key: &str) -> Result<(), StorageError> {
        self.log.insert(revision, key).map_err(backend_error)?;
        Ok(())
    }

    fn truncate_log(&mut self, upto: Revision) -> Result<(), StorageError> {
        self.log
            .retain_in(..=upto, |_, _| false)
            .map_err(backend_error)
    }
}

/// A `versions` table entry read from redb.
type VersionsEntry<'a> = (AccessGuard<'a, VersionsKey>, AccessGuard<'a, &'static [u8]>);

/// Passes one `versions` entry to a [`Tables::scan`] visitor.
/// Visits one key's version; `false` when the visitor wants no more.
fn emit(
    visit: &mut dyn FnMut(&str, Revision, VersionRef<'_>) -> bool,
    (key, record): VersionsEntry<'_>,
) -> Result<bool, StorageError> {
    let (key, revision) = key.value();
    Ok(visit(key, revision, decode(record.value())?))
}

/// Encodes a version record (format in the module docs).
fn encode(version: VersionRef<'_>) -> Vec<u8> {
    match version {
        VersionRef::Tombstone => vec![RECORD_TOMBSTONE],
        VersionRef::Live {
            create_revision,
            value,
        } => {
            let mut record = Vec::with_capacity(1 + 8 + value.len());
            record.push(RECORD_LIVE);
            record.extend_from_slice(&create_revision.to_le_bytes());
            record.extend_from_slice(value);
            record
        }
    }
}

/// Decodes a version record (format in the module docs).
fn decode(record: &[u8]) -> Result<VersionRef<'_>, StorageError> {
    match record.split_first() {
        Some((&RECORD_TOMBSTONE, [])) => Ok(VersionRef::Tombstone),
        Some((&RECORD_LIVE, rest)) => match rest.split_first_chunk::<8>() {
            Some((create_revision, value)) => Ok(VersionRef::Live {
                create_revision: i64::from_le_bytes(*create_revision),
                value,
            }),
            None => Err(corrupt_record(record)),
        },
        _ => Err(corrupt_record(record)),
    }
}

fn corrupt_record(record: &[u8]) -> StorageError {
    StorageError::Backend(format!(
        "corrupt version record ({} bytes, tag {:?})",
        record.len(),
        record.first()
    ))
}

fn backend_error(error: impl Into<redb::Error>) -> StorageError {
    StorageError::Backend(error.into().to_string())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use redb::StorageBackend;
    use redb::backends::FileBackend;

    use super::*;
    use crate::storage::Store;

    /// A database file on a disk that refuses writes while `full` is set
    /// (`ENOSPC`), as a full disk does.
    #[derive(Debug)]
    struct FullDisk {
        file: FileBackend,
        full: Arc<AtomicBool>,
    }

    impl FullDisk {
        fn check(&self) -> std::io::Result<()> {
            if self.full.load(Ordering::Acquire) {
                return Err(std::io::Error::from_raw_os_error(28));
            }
            Ok(())
        }
    }

    impl StorageBackend for FullDisk {
        fn len(&self) -> std::io::Result<u64> {
            self.file.len()
        }
        fn read(&self, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
            self.file.read(offset, len)
        }
        fn set_len(&self, len: u64) -> std::io::Result<()> {
            self.check()?;
            self.file.set_len(len)
        }
        fn sync_data(&self, eventual: bool) -> std::io::Result<()> {
            self.check()?;
            self.file.sync_data(eventual)
        }
        fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
            self.check()?;
            self.file.write(offset, data)
        }
    }

    /// A full disk fails the writes made meanwhile, and only them: once
    /// it has room again the store writes again without a restart (redb
    /// alone would answer `PreviousIo` until reopened), at the next
    /// revision, and what was acknowledged is in the file.
    #[test]
    fn a_full_disk_fails_writes_until_it_has_room() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("store.redb");
        let full = Arc::new(AtomicBool::new(false));
        let open: Opener = {
            let (path, full) = (path.clone(), full.clone());
            Box::new(move || {
                let file = std::fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .create(true)
                    .truncate(false)
                    .open(&path)
                    .map_err(|e| redb::DatabaseError::Storage(redb::StorageError::Io(e)))?;
                let full = full.clone();
                Database::builder().create_with_backend(FullDisk {
                    file: FileBackend::new(file)?,
                    full,
                })
            })
        };
        let store = RedbStore::open_with(open).unwrap();
        let a = store.create("/a", b"1".to_vec()).unwrap();
        full.store(true, Ordering::Release);
        for key in ["/b", "/c"] {
            let error = store.create(key, b"2".to_vec()).unwrap_err();
            assert!(error.to_string().contains("os error 28"), "{error}");
        }
        assert!(store.create("/c", b"2".to_vec()).is_err());
        full.store(false, Ordering::Release);
        let d = store.create("/d", b"3".to_vec()).unwrap();
        assert_eq!(d.mod_revision, a.mod_revision + 1);
        assert_eq!(store.get("/a").unwrap(), Some(a.clone()));
        assert_eq!(store.get("/b").unwrap(), None);
        drop(store);
        let store = RedbStore::open(&path).unwrap();
        assert_eq!(store.get("/a").unwrap(), Some(a));
        assert_eq!(store.get("/d").unwrap(), Some(d));
        assert_eq!(store.get("/c").unwrap(), None);
    }

    #[test]
    fn record_encoding_round_trips() {
        let live = VersionRef::Live {
            create_revision: 42,
            value: b"abc",
        };
        assert_eq!(encode(live), [1, 42, 0, 0, 0, 0, 0, 0, 0, b'a', b'b', b'c']);
        assert_eq!(decode(&encode(live)).unwrap(), live);
        let empty = VersionRef::Live {
            create_revision: 7,
            value: b"",
        };
        assert_eq!(decode(&encode(empty)).unwrap(), empty);
        assert_eq!(
            decode(&encode(VersionRef::Tombstone)).unwrap(),
            VersionRef::Tombstone
        );
        for corrupt in [&[][..], &[0, 1], &[1, 2, 3], &[9]] {
            assert!(matches!(decode(corrupt), Err(StorageError::Backend(_))));
        }
    }
}
