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
use std::sync::Mutex;
use std::time::{Duration, Instant};

use runtime::registry::Object;
use serde_json::Value;

use crate::cache::CachedEvent;

/// How long a namespace deleted through this server is looked up live
/// (upstream's `forceLiveLookupTTL`).
pub(crate) const FORCE_LIVE_LOOKUP_TTL: Duration = Duration::from_secs(30);

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
}

impl NamespaceLister {
    /// Whether each namespace is terminating, as listed; the cache is
    /// synced from now on.
    fn listed_states(&self, namespaces: HashMap<String, bool>) {
        if let Ok(mut state) = self.state.lock() {
            state.namespaces = namespaces;
            state.synced = true;
        }
    }
}

/// Fed as `crate::lister` feeds a lister: one list, then the namespaces'
/// watch cache.
impl crate::lister::Informed for NamespaceLister {
    fn listed(&self, objects: Vec<(String, Box<dyn Object>)>, _revision: i64) {
        self.listed_states(
            objects
                .iter()
                .map(|(_, namespace)| {
                    let name = namespace.metadata().name.clone().unwrap_or_default();
                    (name, is_terminating(namespace.as_ref()))
                })
                .collect(),
        );
    }

    fn observe(&self, event: &CachedEvent, namespace: Option<&dyn Object>) {
        let Some(name) = event.key.rsplit('/').next() else {
            return;
        };
        if let Ok(mut state) = self.state.lock() {
            match namespace {
                Some(namespace) => {
                    state
                        .namespaces
                        .insert(name.to_string(), is_terminating(namespace));
                }
                None => {
                    state.namespaces.remove(name);
                }
            }
        }
    }

    fn unsynced(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.synced = false;
            state.namespaces.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lister::Informed;

    #[test]
    fn an_unsynced_lister_answers_nothing() {
        let lister = NamespaceLister::default();
        assert_eq!(lister.terminating("default"), None);
        lister.listed_states(HashMap::from([("default".to_string(), false)]));
        assert_eq!(lister.terminating("default"), Some(false));
        lister.unsynced();
        assert_eq!(lister.terminating("default"), None);
    }

    #[test]
    fn a_namespace_deleted_here_is_looked_up_live() {
        let lister = NamespaceLister::default();
        lister.listed_states(HashMap::from([
            ("doomed".to_string(), false),
            ("other".to_string(), true),
        ]));
        lister.deleting("doomed");
        assert_eq!(lister.terminating("doomed"), None);
        assert_eq!(lister.terminating("other"), Some(true));
        assert_eq!(lister.terminating("missing"), None);
    }
}
