//! The objects of a resource as admission plugins read them on every
//! write, from a cache instead of storage: one list, then the resource's
//! watch cache, as upstream's plugins read an informer's lister (the
//! webhook plugins read the webhook configurations so on each write).
//!
//! The cache answers only what this server has seen: before its first
//! list, while its watch is being restarted, and after a write through
//! this server to the resource until the cache has seen that write's
//! revision (for a delete: the key gone), the admission plugins'
//! `Attributes::list` reads storage instead. So a configuration written through this server governs the
//! very next request; one written through another server sharing the
//! etcd is seen when its event arrives, as with upstream's informers.
//!
//! Plugins name the resources they list so
//! (`AdmissionPlugin::listed_resources`); the server starts a lister for
//! each when it is made. The namespace lifecycle's lister
//! (`namespaces::NamespaceLister`) is fed the same way.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use runtime::registry::{Entry, Object};

use crate::ApiServer;
use crate::cache::{CachedEvent, Subscription};
use crate::status::ApiError;
use crate::storage::RangeRequest;
use crate::store::{read_object, resource_prefix};

/// The longest wait before listing again after the watch ended or a list
/// failed (the wait doubles from 100 ms).
const MAX_RELIST_BACKOFF: Duration = Duration::from_secs(5);

/// See the module docs.
#[derive(Default)]
pub(crate) struct Lister {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Listed, and following the watch since: `objects` is complete as of
    /// `revision`.
    synced: bool,
    /// The objects by storage key.
    objects: BTreeMap<String, Arc<dyn Object>>,
    /// The revision of the list or of the last event applied.
    revision: i64,
    /// The newest revision a write through this server made to the
    /// resource: the cache answers once it has seen it.
    written: i64,
    /// The keys deleted through this server whose delete the cache has
    /// not seen, with the revision each was last written at (the store
    /// does not give a delete's own): the cache answers once it has.
    deleting: HashMap<String, i64>,
}

impl Lister {
    /// The objects whose storage keys start with `prefix`, in key order,
    /// when the cache can answer (see the module docs).
    pub(crate) fn objects(&self, prefix: &str) -> Option<Vec<Arc<dyn Object>>> {
        let state = self.state.lock().ok()?;
        if !state.synced || state.revision < state.written || !state.deleting.is_empty() {
            return None;
        }
        Some(
            state
                .objects
                .range(prefix.to_string()..)
                .take_while(|(key, _)| key.starts_with(prefix))
                .map(|(_, object)| object.clone())
                .collect(),
        )
    }

    /// Records a write through this server at `revision`: the cache does
    /// not answer until it has seen it.
    pub(crate) fn written(&self, revision: i64) {
        if let Ok(mut state) = self.state.lock() {
            state.written = state.written.max(revision);
        }
    }

    /// Records a delete through this server of `key`, last written at
    /// `revision`: the cache answers once it has seen the key go (or
    /// change since).
    pub(crate) fn deleted(&self, key: &str, revision: i64) {
        if let Ok(mut state) = self.state.lock() {
            state.deleting.insert(key.to_string(), revision);
        }
    }
}

/// What a cache fed by one list and then a resource's watch cache is told
/// (an informer's handlers); [`ApiServer::start_lister`] tells it.
pub(crate) trait Informed: Send + Sync + 'static {
    /// The objects as listed at `revision`, by storage key, read in the
    /// lister's version; the cache is synced from now on.
    fn listed(&self, objects: Vec<(String, Box<dyn Object>)>, revision: i64);

    /// A watched change after the list: the object after it, read in the
    /// lister's version, or `None` for a delete (or an object that does
    /// not read).
    fn observe(&self, event: &CachedEvent, object: Option<&dyn Object>);

    /// The watch ended: nothing is answered from the cache until the next
    /// list.
    fn unsynced(&self);
}

impl Informed for Lister {
    fn listed(&self, objects: Vec<(String, Box<dyn Object>)>, revision: i64) {
        if let Ok(mut state) = self.state.lock() {
            state.objects = objects
                .into_iter()
                .map(|(key, object)| (key, Arc::from(object)))
                .collect();
            // A delete the list does not show as the object last written
            // is seen (gone, or written again since).
            let State {
                objects, deleting, ..
            } = &mut *state;
            deleting.retain(|key, last| {
                objects.get(key).is_some_and(|o| {
                    o.metadata().resource_version.as_deref() == Some(&last.to_string())
                })
            });
            state.revision = revision;
            state.synced = true;
        }
    }

    fn observe(&self, event: &CachedEvent, object: Option<&dyn Object>) {
        let object = object.map(|o| Arc::<dyn Object>::from(o.clone_object()));
        if let Ok(mut state) = self.state.lock() {
            if state
                .deleting
                .get(&event.key)
                .is_some_and(|last| object.is_none() || event.revision > *last)
            {
                state.deleting.remove(&event.key);
            }
            match object {
                Some(object) => state.objects.insert(event.key.clone(), object),
                None => state.objects.remove(&event.key),
            };
            state.revision = state.revision.max(event.revision);
        }
    }

    fn unsynced(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.synced = false;
            state.objects.clear();
        }
    }
}

impl ApiServer {
    /// Starts filling `lister` with the objects of `entry`: lists them,
    /// follows their watch cache, and lists again (after a backoff)
    /// whenever that watch ends or falls behind. The task ends with the
    /// server. Needs a tokio runtime; without one the lister stays
    /// unsynced (and its readers read storage).
    pub(crate) fn start_lister(self: &Arc<Self>, entry: Entry, lister: Arc<impl Informed>) {
        if tokio::runtime::Handle::try_current().is_err() {
            return;
        }
        let server = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut backoff = Duration::from_millis(100);
            loop {
                match list_and_subscribe(&server, entry).await {
                    None => return,
                    Some(Ok((objects, revision, replay, mut rx))) => {
                        backoff = Duration::from_millis(100);
                        lister.listed(objects, revision);
                        for event in replay {
                            observe(lister.as_ref(), &event, entry);
                        }
                        while let Ok(event) = rx.recv().await {
                            observe(lister.as_ref(), &event, entry);
                        }
                        lister.unsynced();
                    }
                    Some(Err(e)) => {
                        tracing::debug!(error = %e, resource = entry.info.plural, "listing failed; retrying");
                    }
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_RELIST_BACKOFF);
            }
        });
    }

    /// Records a write through this server to the resource of `entry` at
    /// `revision` in its lister, if it has one.
    pub(crate) fn note_write(&self, entry: &Entry, revision: i64) {
        if let Some(lister) = self.lister_of(entry) {
            lister.written(revision);
        }
    }

    /// Records a delete through this server of `key` (of the resource of
    /// `entry`), last written at `revision`, in its lister, if it has one.
    pub(crate) fn note_delete(&self, entry: &Entry, key: &str, revision: i64) {
        if let Some(lister) = self.lister_of(entry) {
            lister.deleted(key, revision);
        }
    }

    /// The lister of the objects `entry` writes, if there is one. Every
    /// write asks, so the storage prefix (a new string) is made only for
    /// a listed resource's plural.
    fn lister_of(&self, entry: &Entry) -> Option<&Lister> {
        self.listers
            .values()
            .find(|(listed, _)| {
                listed.info.plural == entry.info.plural
                    && resource_prefix(&listed.info) == resource_prefix(&entry.info)
            })
            .map(|(_, lister)| lister.as_ref())
    }
}

/// Tells `lister` of a watched change, its object read in the version of
/// `entry`.
fn observe(lister: &impl Informed, event: &CachedEvent, entry: Entry) {
    if event.kind == "DELETED" {
        return lister.observe(event, None);
    }
    let read = event.in_version(entry.kind);
    lister.observe(event, read.as_ref().and_then(|e| e.object()));
}

/// What one list gives a lister: the objects by key, the list's revision,
/// the watched changes after it, and the subscription to the ones to come.
type Listed = (
    Vec<(String, Box<dyn Object>)>,
    i64,
    Vec<Arc<CachedEvent>>,
    Subscription,
);

/// Lists the objects of `entry` (off the async workers: storage reads
/// block) and subscribes to their watch cache after the list's revision.
/// `None` once the server is gone.
async fn list_and_subscribe(
    server: &Weak<ApiServer>,
    entry: Entry,
) -> Option<Result<Listed, ApiError>> {
    let server = server.upgrade()?;
    let listed = tokio::task::spawn_blocking(move || {
        let cache = server.watch_cache(&entry)?;
        let result = server
            .store
            .range(RangeRequest {
                prefix: &resource_prefix(&entry.info),
                ..Default::default()
            })
            .map_err(ApiError::internal)?;
        let mut objects = Vec::with_capacity(result.kvs.len());
        for kv in &result.kvs {
            objects.push((kv.key.clone(), read_object(entry.kind, kv)?));
        }
        let (replay, rx) = cache.subscribe(result.revision).ok_or_else(|| {
            ApiError::internal("the watch cache starts after the list's revision")
        })?;
        Ok((objects, result.revision, replay, rx))
    })
    .await;
    Some(listed.unwrap_or_else(|e| Err(ApiError::internal(e))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(name: &str) -> Box<dyn Object> {
        let registry = apis::registry();
        let entry = registry.find("", "v1", "configmaps").expect("served");
        let body =
            format!(r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"{name}"}}}}"#);
        entry
            .kind
            .decode_defaulted(body.as_bytes())
            .expect("decodes")
            .object
    }

    /// The cache answers once listed, by key prefix, and not while a write
    /// through this server is newer than what it has seen.
    #[test]
    fn the_cache_answers_only_what_it_has_seen() {
        let lister = Lister::default();
        assert!(lister.objects("/r/").is_none(), "unsynced");
        lister.listed(
            vec![
                ("/r/a/x".to_string(), object("x")),
                ("/r/b/y".to_string(), object("y")),
            ],
            7,
        );
        let names = |objects: Vec<Arc<dyn Object>>| -> Vec<String> {
            objects
                .iter()
                .map(|o| o.metadata().name.clone().unwrap_or_default())
                .collect()
        };
        assert_eq!(names(lister.objects("/r/").unwrap()), ["x", "y"]);
        assert_eq!(names(lister.objects("/r/b/").unwrap()), ["y"]);
        lister.written(9);
        assert!(lister.objects("/r/").is_none(), "a newer write");
        lister.state.lock().unwrap().revision = 9;
        assert!(lister.objects("/r/").is_some());
        // A delete here: not answered until the cache sees the key go; a
        // list still holding it as last written does not count.
        lister.deleted("/r/a/x", 9);
        assert!(lister.objects("/r/").is_none(), "a delete not seen");
        let mut x = object("x");
        x.metadata_mut().resource_version = Some("9".into());
        lister.listed(
            vec![
                ("/r/a/x".to_string(), x),
                ("/r/b/y".to_string(), object("y")),
            ],
            10,
        );
        assert!(lister.objects("/r/").is_none(), "listed before the delete");
        lister.listed(vec![("/r/b/y".to_string(), object("y"))], 11);
        assert_eq!(names(lister.objects("/r/").unwrap()), ["y"]);
        lister.unsynced();
        assert!(lister.objects("/r/").is_none());
    }
}
