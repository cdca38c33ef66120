//! The watch cache: one storage watch per resource, fanned out to every
//! watcher of that resource, with a bounded ring of recent events so that
//! watches can start from a recent resourceVersion without touching storage
//! (kube-apiserver's cacher, reduced to what watches need).
//!
//! - An event of a write this server made (in the storage version) takes
//!   the JSON text the write rendered for it (see `rendered`); any other
//!   event's object is read through its kind (decoded, defaulted) once
//!   and written as JSON text straight from the Rust value. Its JSON
//!   watch line (`{"type":...,"object":...}`) is that text with the type
//!   around it, made once and shared by all watchers. The Rust object, and
//!   the object before a change, are read again (once per event) only for
//!   a watcher with selectors or asking for a Table; no JSON tree of
//!   either is built.
//! - The ring holds the last [`RING_CAPACITY`] events; a watch from an older
//!   revision falls back to its own storage watch (or 410 when compacted).
//! - Watchers receive events through a bounded broadcast channel: one that
//!   cannot keep up is closed (it lags) and re-watches from its last
//!   resourceVersion, instead of growing memory without bound.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};

use axum::body::Bytes;
use tokio::sync::broadcast;

use super::read_cache::ReadCache;
use super::rendered::Renderings;
use super::status::ApiError;
use super::store::read_stored_json;
use crate::storage::{Event, KeyValue, StorageError, Store, WatchItem};
use runtime::registry::{KindOps, Object};

/// Events kept for watches that start from a recent revision.
pub const RING_CAPACITY: usize = 512;

/// Events a watcher may fall behind before it is closed.
pub const WATCHER_BUFFER: usize = 1024;

/// A watcher's feed of live events from the cache.
pub type Subscription = broadcast::Receiver<Arc<CachedEvent>>;

/// One change, decoded once: the object after it is read through its kind
/// and written as JSON text once; the Rust objects after and before it
/// are read again only for a watcher that needs them (selectors, Tables).
pub struct CachedEvent {
    /// The storage revision of the change.
    pub revision: i64,
    /// The storage key (for namespace filtering).
    pub key: String,
    /// `ADDED`, `MODIFIED` or `DELETED`, before selectors adjust it.
    pub kind: &'static str,
    /// The object after the change (the last state for DELETED) as JSON
    /// text, `kind` and `apiVersion` first, with its resourceVersion: the
    /// bytes a GET answers for it at this revision.
    object_json: Bytes,
    /// The stored object after the change (the last state for DELETED).
    stored: KeyValue,
    /// `stored` read as clients read it, on first use.
    object: OnceLock<Option<Box<dyn Object>>>,
    /// The stored object before the change, for MODIFIED.
    prev_stored: Option<KeyValue>,
    /// `prev_stored` read as clients read it, on first use.
    prev: OnceLock<Option<Box<dyn Object>>>,
    /// The kind the objects are read through.
    object_kind: &'static dyn KindOps,
    json_line: OnceLock<Bytes>,
    /// Other encodings of this event's line (Table, per version and
    /// includeObject), made once and shared by the watchers that ask.
    encodings: Mutex<Vec<(String, Bytes)>>,
    /// The event in other versions of the resource than the one it is
    /// read in, converted once and shared by the watchers of each.
    versions: Mutex<Vec<(&'static str, Arc<CachedEvent>)>>,
}

impl std::fmt::Debug for CachedEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachedEvent")
            .field("revision", &self.revision)
            .field("key", &self.key)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl CachedEvent {
    /// Reads a storage event's object through `kind` (decoded and
    /// defaulted, see `store::read_stored_json`) into its JSON text, or
    /// takes `rendered`, the text the write rendered for it (see
    /// `rendered`), and reads nothing; the object before a MODIFIED change
    /// is kept as stored until a watcher asks for it.
    ///
    /// Errors: a stored value that is not an object of the kind.
    pub fn from_storage(
        event: &Event,
        kind: &'static dyn KindOps,
        rendered: Option<Bytes>,
    ) -> Result<CachedEvent, ApiError> {
        let (change, current, revision, prev_stored) = match event {
            Event::Put { kv, prev } => (
                if prev.is_some() { "MODIFIED" } else { "ADDED" },
                kv,
                kv.mod_revision,
                prev.clone(),
            ),
            Event::Delete { prev, revision } => ("DELETED", prev, *revision, None),
        };
        let key = event.key().to_string();
        match rendered {
            Some(json) => Ok(CachedEvent::with_json(
                revision,
                key,
                change,
                json,
                current.clone(),
                prev_stored,
                kind,
            )),
            None => CachedEvent::reading(revision, key, change, current.clone(), prev_stored, kind),
        }
    }

    /// The change `change` at `revision` of `key`, its object `stored`
    /// (and `prev_stored` before it) read through `kind` into its JSON
    /// text at once, the Rust objects on first use.
    fn reading(
        revision: i64,
        key: String,
        change: &'static str,
        stored: KeyValue,
        prev_stored: Option<KeyValue>,
        kind: &'static dyn KindOps,
    ) -> Result<CachedEvent, ApiError> {
        let object_json = Bytes::from(read_stored_json(&stored, revision, Some(kind))?);
        Ok(CachedEvent::with_json(
            revision,
            key,
            change,
            object_json,
            stored,
            prev_stored,
            kind,
        ))
    }

    /// The event with `object_json` as its object's JSON text.
    fn with_json(
        revision: i64,
        key: String,
        change: &'static str,
        object_json: Bytes,
        stored: KeyValue,
        prev_stored: Option<KeyValue>,
        kind: &'static dyn KindOps,
    ) -> CachedEvent {
        CachedEvent {
            revision,
            key,
            kind: change,
            object_json,
            stored,
            object: OnceLock::new(),
            prev_stored,
            prev: OnceLock::new(),
            object_kind: kind,
            json_line: OnceLock::new(),
            encodings: Mutex::new(Vec::new()),
            versions: Mutex::new(Vec::new()),
        }
    }

    /// This event as watchers of `kind`'s version see it: the same change
    /// with its objects read through `kind` (converted from the storage
    /// version), made on first use and shared by every watcher of that
    /// version. `None` when the stored object does not read (logged).
    pub fn in_version(&self, kind: &'static dyn KindOps) -> Option<Arc<CachedEvent>> {
        // By `apiVersion`: a resource's versions may be of two groups
        // (`events.k8s.io/v1` events are stored as core `v1` ones).
        let version = kind.info().api_version;
        let mut versions = self.versions.lock().ok()?;
        if let Some((_, event)) = versions.iter().find(|(v, _)| *v == version) {
            return Some(event.clone());
        }
        let event = CachedEvent::reading(
            self.revision,
            self.key.clone(),
            self.kind,
            self.stored.clone(),
            self.prev_stored.clone(),
            kind,
        )
        .inspect_err(|e| {
            tracing::warn!(key = self.key, error = %e.message, "undecodable stored object read as absent")
        })
        .ok()
        .map(Arc::new)?;
        versions.push((version, event.clone()));
        Some(event)
    }

    /// The object after the change (the last state for DELETED, with the
    /// deletion's revision) as its Rust type, read on first use; `None`
    /// when the stored value does not decode (logged).
    pub fn object(&self) -> Option<&dyn Object> {
        self.object
            .get_or_init(|| self.read(&self.stored, self.revision))
            .as_deref()
    }

    /// The object's JSON text, as [`Self::json_line`] carries it.
    pub fn object_json(&self) -> &Bytes {
        &self.object_json
    }

    /// Whether the change replaced an object (MODIFIED).
    pub fn has_prev(&self) -> bool {
        self.prev_stored.is_some()
    }

    /// The object before a MODIFIED change, read as clients read it, on
    /// first use; `None` for other changes, or when the stored value does
    /// not decode (logged).
    pub fn prev(&self) -> Option<&dyn Object> {
        self.prev
            .get_or_init(|| {
                let kv = self.prev_stored.as_ref()?;
                self.read(kv, kv.mod_revision)
            })
            .as_deref()
    }

    /// `kv` read through the event's kind, with `resource_version`.
    fn read(&self, kv: &KeyValue, resource_version: i64) -> Option<Box<dyn Object>> {
        let mut object = super::store::read_object(self.object_kind, kv)
            .inspect_err(|e| {
                tracing::warn!(key = kv.key, error = %e.message, "undecodable stored object read as absent")
            })
            .ok()?;
        object.metadata_mut().resource_version = Some(resource_version.to_string());
        Some(object)
    }

    /// The line in another encoding named `format`, made by `encode` on
    /// first use and shared afterwards.
    pub fn encoded(&self, format: &str, encode: impl FnOnce() -> Bytes) -> Bytes {
        let Ok(mut cache) = self.encodings.lock() else {
            return encode();
        };
        if let Some((_, line)) = cache.iter().find(|(f, _)| f == format) {
            return line.clone();
        }
        let line = encode();
        cache.push((format.to_string(), line.clone()));
        line
    }

    /// The JSON watch line of this event as it is (`{"type":..,"object":..}\n`),
    /// encoded on first use and shared afterwards.
    pub fn json_line(&self) -> Bytes {
        self.json_line
            .get_or_init(|| object_line(self.kind, &self.object_json))
            .clone()
    }
}

/// A watch line around an object's JSON text, as serde_json would write
/// `{"type": kind, "object": object}`: `{"type":"<kind>","object":<json>}`
/// and a newline.
pub(crate) fn object_line(kind: &str, json: &[u8]) -> Bytes {
    let mut line = Vec::with_capacity(json.len() + 32);
    line.extend_from_slice(b"{\"type\":\"");
    line.extend_from_slice(kind.as_bytes());
    line.extend_from_slice(b"\",\"object\":");
    line.extend_from_slice(json);
    line.extend_from_slice(b"}\n");
    Bytes::from(line)
}

/// The storage watch feeding a cache: changes alone, or changes and
/// progress reports.
enum Feed {
    Events(tokio::sync::mpsc::Receiver<Event>),
    Items(tokio::sync::mpsc::Receiver<WatchItem>),
}

impl Feed {
    async fn next(&mut self) -> Option<WatchItem> {
        match self {
            Feed::Events(rx) => rx.recv().await.map(WatchItem::Event),
            Feed::Items(rx) => rx.recv().await,
        }
    }
}

struct State {
    ring: VecDeque<Arc<CachedEvent>>,
    /// Every event with a revision above this is in the ring (or still to come).
    window_start: i64,
    /// The revision of the last event processed, or of the store's last
    /// progress report if later.
    last: i64,
    tx: broadcast::Sender<Arc<CachedEvent>>,
    /// Whether the storage watch feeding the cache ended (an etcd watch
    /// whose history was compacted while its connection was down).
    ended: bool,
}

/// The cache of one resource prefix.
pub struct WatchCache {
    state: Mutex<State>,
}

impl WatchCache {
    /// Starts caching `prefix`: one storage watch from the current revision,
    /// consumed by a background task for as long as the cache lives.
    /// Objects are read through `kind`, their kind (see
    /// `store::read_stored_json`). The JSON of each created or updated object
    /// also goes to `read_cache`, at its revision: a GET after a write to a
    /// watched resource answers those bytes without reading the object
    /// again. An event whose write offered its object's JSON in
    /// `renderings` (see `rendered`) takes that JSON and reads nothing.
    ///
    /// Errors: the storage watch cannot start.
    pub(crate) fn start(
        store: &Arc<dyn Store>,
        prefix: &str,
        kind: &'static dyn KindOps,
        read_cache: Option<Arc<ReadCache>>,
        renderings: Option<Arc<Renderings>>,
    ) -> Result<Arc<WatchCache>, StorageError> {
        let start = store.current_revision();
        let mut feed = match store.watch_with_progress(prefix, start) {
            Some(items) => Feed::Items(items?),
            None => Feed::Events(store.watch(prefix, start)?),
        };
        let (tx, _) = broadcast::channel(WATCHER_BUFFER);
        let prefix = prefix.to_string();
        let cache = Arc::new(WatchCache {
            state: Mutex::new(State {
                ring: VecDeque::with_capacity(RING_CAPACITY),
                window_start: start,
                last: start,
                tx,
                ended: false,
            }),
        });
        let weak = Arc::downgrade(&cache);
        tokio::spawn(async move {
            while let Some(item) = feed.next().await {
                let Some(cache) = weak.upgrade() else { return };
                let event = match item {
                    WatchItem::Event(event) => event,
                    WatchItem::Progress(revision) => {
                        cache.progressed(revision);
                        continue;
                    }
                };
                let rendered = match (&event, &renderings) {
                    (Event::Put { kv, .. }, Some(renderings)) => renderings.take(kv),
                    _ => None,
                };
                match CachedEvent::from_storage(&event, kind, rendered) {
                    Ok(e) => {
                        if let Some(read_cache) = &read_cache
                            && e.kind != "DELETED"
                        {
                            read_cache.insert(&e.key, e.revision, e.object_json.clone());
                        }
                        cache.push(Arc::new(e))
                    }
                    Err(e) => {
                        tracing::warn!(key = event.key(), error = %e, "undecodable stored object skipped")
                    }
                }
            }
            if let Some(cache) = weak.upgrade() {
                tracing::warn!(
                    "the storage watch ended; the watch cache starts again on the next watch"
                );
                cache.end();
            }
            // After `end`: writes from now on offer nothing to this cache.
            if let Some(renderings) = &renderings {
                renderings.forget(&prefix);
            }
        });
        Ok(cache)
    }

    /// Marks the cache ended and closes every subscription: their watches
    /// end, and clients watch again (from a resourceVersion the next cache
    /// may answer with 410 Gone, after which they list again).
    fn end(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.ended = true;
            // Dropping the sender closes every receiver.
            state.tx = broadcast::channel(1).0;
        }
    }

    /// Whether the storage watch feeding the cache ended; the server then
    /// starts a new cache.
    pub fn ended(&self) -> bool {
        self.state.lock().map_or(true, |s| s.ended)
    }

    /// The store reports every change up to `revision` delivered: a
    /// watcher that has received every event has seen the resource as of
    /// `revision`, which its next bookmark says.
    fn progressed(&self, revision: i64) {
        if let Ok(mut state) = self.state.lock() {
            state.last = state.last.max(revision);
        }
    }

    fn push(&self, event: Arc<CachedEvent>) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        if state.ring.len() == RING_CAPACITY
            && let Some(old) = state.ring.pop_front()
        {
            state.window_start = old.revision;
        }
        state.last = event.revision;
        state.ring.push_back(event.clone());
        // No receivers is fine: nobody is watching right now.
        let _ = state.tx.send(event);
    }

    /// The events after `after` still in the ring, and a receiver for the
    /// ones to come (subscribed atomically, so none is missed or doubled).
    /// `None` when `after` is older than the ring's window.
    pub fn subscribe(&self, after: i64) -> Option<(Vec<Arc<CachedEvent>>, Subscription)> {
        let state = self.state.lock().ok()?;
        if after < state.window_start {
            return None;
        }
        let replay = state
            .ring
            .iter()
            .filter(|e| e.revision > after)
            .cloned()
            .collect();
        Some((replay, state.tx.subscribe()))
    }

    /// The revision up to which `rx` has received everything, if it has
    /// drained its queue: safe to send as a bookmark.
    pub fn progress(&self, rx: &Subscription) -> Option<i64> {
        let state = self.state.lock().ok()?;
        rx.is_empty().then_some(state.last)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::storage::MemoryStore;
    use serde_json::json;

    fn write(store: &Arc<dyn Store>, name: &str) {
        let key = format!("/things/{name}");
        let value = serde_json::to_vec(&json!({"apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": name}}))
        .unwrap();
        store.create(&key, value).unwrap();
    }

    fn configmaps() -> &'static dyn KindOps {
        apis::registry()
            .find("", "v1", "configmaps")
            .expect("configmaps served")
            .kind
    }

    /// Waits (up to 30 s, for a loaded machine) until the cache has
    /// processed `revision`; panics past that.
    pub(super) async fn until_processed(cache: &WatchCache, revision: i64) {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while cache.state.lock().unwrap().last < revision {
            assert!(
                std::time::Instant::now() < deadline,
                "the cache did not reach revision {revision}"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// When the storage watch ends (etcd's, compacted while disconnected),
    /// the cache says so and every subscription closes, so that watchers
    /// watch again (and the server starts a new cache).
    #[tokio::test]
    async fn a_cache_whose_storage_watch_ends_closes_its_subscriptions() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let cache = WatchCache::start(&store, "/things/", configmaps(), None, None).unwrap();
        let (_, mut rx) = cache.subscribe(store.current_revision()).unwrap();
        assert!(!cache.ended());
        // A memory store's watch ends when the store goes.
        drop(store);
        let closed = tokio::time::timeout(Duration::from_secs(5), rx.recv()).await;
        assert!(
            matches!(closed, Ok(Err(broadcast::error::RecvError::Closed))),
            "{closed:?}"
        );
        assert!(cache.ended());
    }

    /// Every watcher gets the same decoded event, and its JSON line is
    /// encoded once: the bytes are shared, not copied per watcher.
    #[tokio::test]
    async fn watchers_share_each_event_and_its_encoding() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let cache = WatchCache::start(&store, "/things/", configmaps(), None, None).unwrap();
        let start = store.current_revision();
        let (_, mut a) = cache.subscribe(start).unwrap();
        let (_, mut b) = cache.subscribe(start).unwrap();
        write(&store, "one");
        let (ea, eb) = (a.recv().await.unwrap(), b.recv().await.unwrap());
        assert!(Arc::ptr_eq(&ea, &eb), "one decoded event for all watchers");
        assert_eq!(ea.kind, "ADDED");
        let (la, lb) = (ea.json_line(), eb.json_line());
        assert_eq!(la.as_ptr(), lb.as_ptr(), "one encoding for all watchers");
        let table = |n: u8| ea.encoded("table/v1", || Bytes::from(vec![n]));
        assert_eq!(table(1), table(2), "other encodings are made once too");
    }

    /// A watch from a recent revision replays from the ring; one older
    /// than the ring's window is refused (it falls back to storage).
    #[tokio::test]
    async fn the_ring_replays_recent_events_and_keeps_a_bounded_window() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let start = store.current_revision();
        let cache = WatchCache::start(&store, "/things/", configmaps(), None, None).unwrap();
        for i in 0..(RING_CAPACITY + 10) {
            write(&store, &format!("t{i}"));
        }
        let last = store.current_revision();
        until_processed(&cache, last).await;
        assert_eq!(cache.state.lock().unwrap().ring.len(), RING_CAPACITY);
        assert!(cache.subscribe(start).is_none(), "older than the window");
        let (replay, _) = cache.subscribe(last - 3).unwrap();
        let revisions: Vec<i64> = replay.iter().map(|e| e.revision).collect();
        assert_eq!(revisions, [last - 2, last - 1, last]);
    }

    /// A watcher that does not read is not buffered without bound: past
    /// [`WATCHER_BUFFER`] events it lags, and the server closes its watch.
    #[tokio::test]
    async fn a_watcher_that_cannot_keep_up_is_cut_off() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let cache = WatchCache::start(&store, "/things/", configmaps(), None, None).unwrap();
        let (_, mut slow) = cache.subscribe(store.current_revision()).unwrap();
        for i in 0..(WATCHER_BUFFER + 5) {
            write(&store, &format!("t{i}"));
        }
        until_processed(&cache, store.current_revision()).await;
        assert!(matches!(
            slow.recv().await,
            Err(broadcast::error::RecvError::Lagged(_))
        ));
    }
}

#[cfg(test)]
mod typed_tests {
    use serde_json::json;

    use super::*;
    use crate::rendered::Rendering;
    use crate::storage::MemoryStore;
    use crate::store::read_stored;

    /// A stored Deployment (the protobuf envelope, as it is stored) at
    /// `revision`, with `replicas` set and `revisionHistoryLimit` left to
    /// its default.
    fn stored_deployment(replicas: i64, revision: i64) -> KeyValue {
        let mut object = deployment(replicas);
        KeyValue {
            key: "/registry/deployments/default/web".into(),
            value: object.to_storage().expect("encodes").into(),
            create_revision: 2,
            mod_revision: revision,
        }
    }

    /// The Deployment `stored_deployment` stores, as its Rust type.
    fn deployment(replicas: i64) -> Box<dyn Object> {
        let body = json!({
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
            "spec": {
                "replicas": replicas,
                "selector": {"matchLabels": {"app": "web"}},
                "template": {
                    "metadata": {"labels": {"app": "web"}},
                    "spec": {"containers": [{"name": "web", "image": "nginx"}]}
                }
            }
        });
        deployments()
            .decode(&serde_json::to_vec(&body).expect("JSON"))
            .expect("decodes")
            .object
    }

    /// An event whose write offered its object's JSON carries that JSON,
    /// its revision spliced in: the stored bytes are not read again. The
    /// offer here renders another object (5 replicas) than the bytes hold
    /// (3), so the event shows which was used. A write that offered
    /// nothing is read from its bytes.
    #[tokio::test]
    async fn a_write_that_offered_its_json_is_not_read_again() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let renderings = Arc::new(Renderings::default());
        let prefix = "/registry/deployments/";
        let cache = WatchCache::start(
            &store,
            prefix,
            deployments(),
            None,
            Some(renderings.clone()),
        )
        .unwrap();
        let (_, mut rx) = cache
            .subscribe(store.current_revision())
            .expect("subscribes");
        let stored = stored_deployment(3, 0);
        let rendering = Rendering::render(deployment(5).as_mut(), &stored.value).expect("renders");
        renderings.offer(&stored.key, Arc::new(rendering));
        let created = store.create(&stored.key, stored.value.to_vec()).unwrap();
        let event = rx.recv().await.expect("an event");
        let object: serde_json::Value = serde_json::from_slice(event.object_json()).unwrap();
        assert_eq!(object["spec"]["replicas"], 5, "the offered JSON");
        assert_eq!(
            object["metadata"]["resourceVersion"],
            created.mod_revision.to_string()
        );
        assert_eq!(event.kind, "ADDED");
        assert_eq!(renderings.len(), 0, "the offer is taken");

        let updated = stored_deployment(4, 0);
        store
            .update(&stored.key, updated.value.to_vec(), created.mod_revision)
            .unwrap();
        let event = rx.recv().await.expect("an event");
        let object: serde_json::Value = serde_json::from_slice(event.object_json()).unwrap();
        assert_eq!(object["spec"]["replicas"], 4, "read from the stored bytes");
        assert_eq!(event.kind, "MODIFIED");
    }

    fn deployments() -> &'static dyn KindOps {
        apis::registry()
            .find("apps", "v1", "deployments")
            .expect("deployments served")
            .kind
    }

    /// The watch line of a stored object is the JSON a GET answers for it
    /// (read through its type, defaulted, its revision set), written
    /// around the object's text; an unfiltered watcher's line needs no
    /// JSON tree of the object nor any reading of the object before it.
    #[test]
    fn an_event_line_is_the_objects_json_without_trees() {
        let (prev, now) = (stored_deployment(1, 5), stored_deployment(3, 6));
        let event = Event::Put {
            kv: now.clone(),
            prev: Some(prev.clone()),
        };
        let cached = CachedEvent::from_storage(&event, deployments(), None).expect("reads");
        assert_eq!(cached.kind, "MODIFIED");
        let line = cached.json_line();
        assert!(cached.object.get().is_none(), "no tree of the object");
        assert!(cached.prev.get().is_none(), "the old object is not read");

        let as_read = read_stored(&now, Some(deployments())).expect("reads");
        assert_eq!(as_read["spec"]["revisionHistoryLimit"], 10, "defaulted");
        assert_eq!(as_read["metadata"]["resourceVersion"], "6");
        let expected =
            serde_json::to_vec(&json!({"type": "MODIFIED", "object": as_read})).expect("JSON");
        assert_eq!(&line[..line.len() - 1], &expected[..]);
        assert_eq!(line.last(), Some(&b'\n'));

        // Selectors read both objects, once.
        let after = cached.object().expect("the object").to_value().unwrap();
        assert_eq!(after, as_read);
        assert!(std::ptr::addr_eq(
            cached.object().unwrap(),
            cached.object().unwrap()
        ));
        let before = cached.prev().expect("the old object").to_value().unwrap();
        assert_eq!(before["spec"]["replicas"], 1);
        assert_eq!(before["metadata"]["resourceVersion"], "5");
    }

    /// A deleted object is its last state at the deletion's revision.
    #[test]
    fn a_deleted_object_carries_the_deletions_revision() {
        let event = Event::Delete {
            prev: stored_deployment(2, 5),
            revision: 9,
        };
        let cached = CachedEvent::from_storage(&event, deployments(), None).expect("reads");
        assert_eq!(cached.kind, "DELETED");
        assert!(!cached.has_prev());
        let object = cached.object().expect("the object").to_value().unwrap();
        assert_eq!(object["metadata"]["resourceVersion"], "9");
        assert_eq!(object["spec"]["replicas"], 2);
    }
}

#[cfg(test)]
mod read_cache_tests {
    use super::*;
    use crate::storage::MemoryStore;

    /// What a watched write stores in the read cache is what a GET of the
    /// object reads at that revision; a deletion stores nothing.
    #[tokio::test]
    async fn watched_writes_feed_the_read_cache() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let read_cache = Arc::new(ReadCache::new(1 << 20));
        let kind = apis::registry()
            .find("", "v1", "configmaps")
            .expect("configmaps served")
            .kind;
        let cache =
            WatchCache::start(&store, "/cm/", kind, Some(read_cache.clone()), None).unwrap();
        let key = "/cm/default/a";
        let body = br#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"default"},"data":{"k":"v"}}"#;
        let mut object = kind.decode(body).expect("decodes").object;
        let kv = store
            .create(key, object.to_storage().expect("encodes"))
            .unwrap();
        store.delete(key, None).unwrap();
        let last = store.current_revision();
        super::tests::until_processed(&cache, last).await;
        let expected = read_stored_json(&kv, kv.mod_revision, Some(kind)).unwrap();
        let cached = read_cache
            .get(key, kv.mod_revision)
            .expect("cached at the write");
        assert_eq!(&cached[..], &expected[..]);
        assert!(
            read_cache.get(key, last).is_none(),
            "nothing at the deletion"
        );
    }
}
