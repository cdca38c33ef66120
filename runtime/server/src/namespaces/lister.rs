//! The namespaces as NamespaceLifecycle admission reads them: a cache fed
//! by one list and then the namespaces' watch cache, as upstream's
//! admission reads a namespace informer's lister
//! (`plugin/pkg/admission/namespace/lifecycle/admission.go`), so that a
//! create checks its namespace without a storage read.
//!
//! A create looks its namespace up live (a storage read) when the cache
//! cannot answer: before the first list, while the watch is being
//! restarted, when the namespace is not in the cache (it may have just
//! been created), and for [`FORCE_LIVE_LOOKUP_TTL`] after a delete of the
//! namespace through this server (upstream's `forceLiveLookupCache`).
//! Upstream forces that lookup only while its cache still shows the
//! namespace active; here it is forced whatever the cache shows, so that a
//! namespace deleted, removed and created again through this server is
//! never judged on a stale state.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use runtime::registry::{Entry, Object};
use serde_json::Value;

use crate::ApiServer;
use crate::cache::{CachedEvent, Subscription};
use crate::status::ApiError;
use crate::storage::RangeRequest;
use crate::store::{read_object, resource_prefix};

/// How long a namespace deleted through this server is looked up live
/// (upstream's `forceLiveLookupTTL`).
pub(crate) const FORCE_LIVE_LOOKUP_TTL: Duration = Duration::from_secs(30);

/// The longest wait before listing again after the watch ended or a list
/// failed (the wait doubles from 100 ms).
const MAX_RELIST_BACKOFF: Duration = Duration::from_secs(5);

/// Whether a namespace object is terminating: being deleted, or in phase
/// `Terminating` (its printer column, which the kind's generated
/// `field_value` reads).
pub(crate) fn is_terminating(namespace: &dyn Object) -> bool {
    namespace.metadata().deletion_timestamp.is_some()
        || namespace
            .field_value("status.phase")
            .as_ref()
            .and_then(Value::as_str)
            == Some("Terminating")
}

/// See the module docs.
#[derive(Default)]
pub(crate) struct NamespaceLister {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Listed, and following the watch since: `namespaces` is complete.
    synced: bool,
    /// Whether each namespace is terminating, as of the list and the
    /// events after it.
    namespaces: HashMap<String, bool>,
    /// The namespaces deleted through this server, and when.
    deleted: HashMap<String, Instant>,
}

impl NamespaceLister {
    /// Whether `name` is terminating, when the cache can say: `None` when
    /// it must be looked up live (see the module docs).
    pub(crate) fn terminating(&self, name: &str) -> Option<bool> {
        let mut state = self.state.lock().ok()?;
        if !state.synced {
            return None;
        }
        if let Some(deleted) = state.deleted.get(name) {
            if deleted.elapsed() < FORCE_LIVE_LOOKUP_TTL {
                return None;
            }
            state.deleted.remove(name);
        }
        state.namespaces.get(name).copied()
    }

    /// Records that `name` is being deleted through this server: it is
    /// looked up live for [`FORCE_LIVE_LOOKUP_TTL`].
    pub(crate) fn deleting(&self, name: &str) {
        if let Ok(mut state) = self.state.lock() {
            state
                .deleted
                .retain(|_, at| at.elapsed() < FORCE_LIVE_LOOKUP_TTL);
            state.deleted.insert(name.to_string(), Instant::now());
        }
    }

    /// The namespaces as listed, the cache synced from now on.
    fn listed(&self, namespaces: HashMap<String, bool>) {
        if let Ok(mut state) = self.state.lock() {
            state.namespaces = namespaces;
            state.synced = true;
        }
    }

    /// The watch ended: nothing is answered from the cache until the next
    /// list.
    fn unsynced(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.synced = false;
            state.namespaces.clear();
        }
    }

    /// Applies a watched change of a namespace.
    fn observe(&self, event: &CachedEvent) {
        let Some(name) = event.key.rsplit('/').next() else {
            return;
        };
        let terminating = match (event.kind, event.object()) {
            ("DELETED", _) | (_, None) => None,
            (_, Some(namespace)) => Some(is_terminating(namespace)),
        };
        if let Ok(mut state) = self.state.lock() {
            match terminating {
                Some(terminating) => state.namespaces.insert(name.to_string(), terminating),
                None => state.namespaces.remove(name),
            };
        }
    }
}

impl ApiServer {
    /// Starts filling the namespace lister: lists the namespaces, follows
    /// their watch cache, and lists again (after a backoff) whenever that
    /// watch ends or falls behind. The task ends with the server. Needs a
    /// tokio runtime; without one the lister stays empty and every create
    /// looks its namespace up live.
    pub(crate) fn start_namespace_lister(self: &Arc<Self>, entry: Entry) {
        if tokio::runtime::Handle::try_current().is_err() {
            return;
        }
        let lister = self.namespace_lister.clone();
        let server = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut backoff = Duration::from_millis(100);
            loop {
                match list_and_subscribe(&server, entry).await {
                    None => return,
                    Some(Ok((namespaces, replay, mut rx))) => {
                        backoff = Duration::from_millis(100);
                        lister.listed(namespaces);
                        for event in replay {
                            lister.observe(&event);
                        }
                        while let Ok(event) = rx.recv().await {
                            lister.observe(&event);
                        }
                        lister.unsynced();
                    }
                    Some(Err(e)) => {
                        tracing::debug!(error = %e, "listing namespaces failed; retrying");
                    }
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_RELIST_BACKOFF);
            }
        });
    }
}

/// What one list gives the lister: each namespace and whether it is
/// terminating, the watched changes after the list, and the subscription
/// to the ones to come.
type Listed = (HashMap<String, bool>, Vec<Arc<CachedEvent>>, Subscription);

/// Lists the namespaces (off the async workers: storage reads block) and
/// subscribes to their watch cache after the list's revision. `None` once
/// the server is gone.
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
        let mut namespaces = HashMap::with_capacity(result.kvs.len());
        for kv in &result.kvs {
            let namespace = read_object(entry.kind, kv)?;
            let name = namespace.metadata().name.clone().unwrap_or_default();
            namespaces.insert(name, is_terminating(namespace.as_ref()));
        }
        let (replay, rx) = cache.subscribe(result.revision).ok_or_else(|| {
            ApiError::internal("the namespace watch cache starts after the list's revision")
        })?;
        Ok((namespaces, replay, rx))
    })
    .await;
    Some(listed.unwrap_or_else(|e| Err(ApiError::internal(e))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsynced_lister_answers_nothing() {
        let lister = NamespaceLister::default();
        assert_eq!(lister.terminating("default"), None);
        lister.listed(HashMap::from([("default".to_string(), false)]));
        assert_eq!(lister.terminating("default"), Some(false));
        lister.unsynced();
        assert_eq!(lister.terminating("default"), None);
    }

    #[test]
    fn a_namespace_deleted_here_is_looked_up_live() {
        let lister = NamespaceLister::default();
        lister.listed(HashMap::from([
            ("doomed".to_string(), false),
            ("other".to_string(), true),
        ]));
        lister.deleting("doomed");
        assert_eq!(lister.terminating("doomed"), None);
        assert_eq!(lister.terminating("other"), Some(true));
        assert_eq!(lister.terminating("missing"), None);
    }
}
