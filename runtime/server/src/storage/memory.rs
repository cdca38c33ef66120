//! The in-memory backend.

use std::collections::BTreeMap;
use std::ops::Bound;
use std::sync::{PoisonError, RwLock};

use super::engine::{Backend, Engine, KeySpan, Meta, Tables, TablesMut, Version, VersionRef};
use super::{Revision, StorageError, delegate_store_to_engine};

/// A [`Store`](super::Store) kept entirely in memory; its contents are lost
/// when it is dropped.
///
/// Full etcd-style MVCC: history is kept until [`Store::compact`](super::Store::compact)
/// so memory grows with every write until then. Reads run concurrently;
/// writes are serialized. Backend errors never occur.
pub struct MemoryStore {
    engine: Engine<MemoryBackend>,
}

impl MemoryStore {
    /// An empty store at revision 1 (the first write gets revision 2).
    pub fn new() -> Self {
        MemoryStore {
            engine: Engine::new(MemoryBackend::default(), Meta::EMPTY),
        }
    }
}

impl Default for MemoryStore {
    fn default() -> Self {
        Self::new()
    }
}

delegate_store_to_engine!(MemoryStore);

/// The tables behind a read-write lock.
#[derive(Debug, Default)]
pub(super) struct MemoryBackend {
    tables: RwLock<MemoryTables>,
}

impl Backend for MemoryBackend {
    const DURABLE: bool = false;

    fn read<T>(
        &self,
        f: impl FnOnce(&dyn Tables) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        // The engine validates before mutating and memory writes cannot
        // fail, so the tables are consistent even after a panic.
        f(&*self.tables.read().unwrap_or_else(PoisonError::into_inner))
    }

    fn write<T>(
        &self,
        f: impl FnOnce(&mut dyn TablesMut) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        f(&mut *self.tables.write().unwrap_or_else(PoisonError::into_inner))
    }
}

/// The engine's tables as ordered maps.
#[derive(Debug)]
struct MemoryTables {
    meta: Meta,
    /// key -> revision -> version; keys without versions are removed.
    versions: BTreeMap<String, BTreeMap<Revision, Version>>,
    /// revision -> key written.
    log: BTreeMap<Revision, String>,
}

impl Default for MemoryTables {
    fn default() -> Self {
        MemoryTables {
            meta: Meta::EMPTY,
            versions: BTreeMap::new(),
            log: BTreeMap::new(),
        }
    }
}

impl MemoryTables {
    /// The versions of `key` at or below `at`, ascending.
    fn versions_of(
        &self,
        key: &str,
        at: Revision,
    ) -> impl DoubleEndedIterator<Item = (&Revision, &Version)> {
        self.versions
            .get(key)
            .into_iter()
            .flat_map(move |versions| versions.range(..=at))
    }
}

impl Tables for MemoryTables {
    fn meta(&self) -> Result<Meta, StorageError> {
        Ok(self.meta)
    }

    fn version_at(
        &self,
        key: &str,
        at: Revision,
    ) -> Result<Option<(Revision, Version)>, StorageError> {
        Ok(self
            .versions_of(key, at)
            .next_back()
            .map(|(revision, version)| (*revision, version.clone())))
    }

    fn history(&self, key: &str, at: Revision) -> Result<Vec<(Revision, bool)>, StorageError> {
        Ok(self
            .versions_of(key, at)
            .map(|(revision, version)| (*revision, version.as_ref().is_tombstone()))
            .collect())
    }

    fn scan(
        &self,
        span: KeySpan<'_>,
        at: Revision,
        visit: &mut dyn FnMut(&str, Revision, VersionRef<'_>) -> bool,
    ) -> Result<(), StorageError> {
        let keys = self
            .versions
            .range::<str, _>((span.start, Bound::Unbounded))
            .take_while(|(key, _)| key.starts_with(span.prefix));
        for (key, versions) in keys {
            if let Some((revision, version)) = versions.range(..=at).next_back()
                && !visit(key, *revision, version.as_ref())
            {
                break;
            }
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
        Ok(self
            .log
            .range((Bound::Excluded(after), Bound::Included(upto)))
            .map(|(revision, key)| (*revision, key.clone()))
            .collect())
    }
}

impl TablesMut for MemoryTables {
    fn set_meta(&mut self, meta: Meta) -> Result<(), StorageError> {
        self.meta = meta;
        Ok(())
    }

    fn put_version(
        &mut self,
        key: &str,
        revision: Revision,
        version: &Version,
    ) -> Result<(), StorageError> {
        let version = version.clone();
        match self.versions.get_mut(key) {
            Some(versions) => {
                versions.insert(revision, version);
            }
            None => {
                self.versions
                    .insert(key.to_owned(), BTreeMap::from([(revision, version)]));
            }
        }
        Ok(())
    }

    fn remove_version(&mut self, key: &str, revision: Revision) -> Result<(), StorageError> {
        if let Some(versions) = self.versions.get_mut(key) {
            versions.remove(&revision);
            if versions.is_empty() {
                self.versions.remove(key);
            }
        }
        Ok(())
    }

    fn append_log(&mut self, revision: Revision, key: &str) -> Result<(), StorageError> {
        self.log.insert(revision, key.to_owned());
        Ok(())
    }

    fn truncate_log(&mut self, upto: Revision) -> Result<(), StorageError> {
        self.log = self.log.split_off(&upto.saturating_add(1));
        Ok(())
    }
}
