//! Namespace lifecycle, as kube-apiserver's NamespaceLifecycle admission
//! and the namespace controller give it: the system namespaces exist from
//! the start; new namespaces are `Active` with the `kubernetes` finalizer;
//! objects cannot be created in a missing namespace (404) or a terminating
//! one (403); deleting a namespace marks it `Terminating`, deletes
//! everything in it, then removes it.

use std::sync::Arc;
use std::time::Duration;

use super::ApiServer;
use super::status::ApiError;
use super::store::{object_key, read_object, resource_prefix};
use crate::storage::{RangeRequest, StorageError};
use runtime::meta::{CauseType, Time};
use runtime::registry::Entry;
use runtime::resource::ResourceInfo;

mod lister;

pub(crate) use lister::NamespaceLister;

/// Namespaces the lifecycle admission refuses to delete.
const IMMORTAL_NAMESPACES: [&str; 3] = ["default", "kube-system", "kube-public"];

/// Whether namespaces were terminating, by name, at the mod revision they
/// were read at: a create that looks its namespace up live (see
/// [`NamespaceLister`]) decodes the stored namespace only when that
/// revision is new.
#[derive(Default)]
pub(crate) struct NamespaceStates(std::sync::Mutex<std::collections::HashMap<String, (i64, bool)>>);

impl NamespaceStates {
    /// Whether `name` was terminating at `revision`, if known.
    fn get(&self, name: &str, revision: i64) -> Option<bool> {
        let states = self.0.lock().ok()?;
        states
            .get(name)
            .filter(|(r, _)| *r == revision)
            .map(|(_, terminating)| *terminating)
    }

    /// Records `name`'s state at `revision` (at most a few thousand names
    /// are kept; past that the record starts over).
    fn insert(&self, name: &str, revision: i64, terminating: bool) {
        const MAX_NAMESPACES: usize = 4096;
        if let Ok(mut states) = self.0.lock() {
            if states.len() >= MAX_NAMESPACES && !states.contains_key(name) {
                states.clear();
            }
            states.insert(name.to_string(), (revision, terminating));
        }
    }
}

/// Whether the kind's strategy makes it the namespaces of the namespace
/// lifecycle (`Strategy::NAMESPACE_LIFECYCLE`).
fn is_namespace(ri: &ResourceInfo) -> bool {
    ri.strategy.namespace_lifecycle
}

impl ApiServer {
    /// The registry entry of the namespaces.
    pub(crate) fn namespace_entry(&self) -> Option<Entry> {
        self.registry
            .storage_entries()
            .find(|e| is_namespace(&e.info))
            .copied()
    }

    /// 404 when `namespace` does not exist; 403 when it is terminating.
    /// The namespace lister answers when it can; otherwise the namespace
    /// is read from storage (upstream's live lookup).
    pub(super) fn check_namespace_accepts(
        &self,
        ri: &ResourceInfo,
        name: &str,
        namespace: &str,
    ) -> Result<(), ApiError> {
        let Some(ns_entry) = self.namespace_entry() else {
            return Ok(());
        };
        let terminating = match self.namespace_lister.terminating(namespace) {
            Some(terminating) => terminating,
            None => self.namespace_terminating_live(&ns_entry, namespace)?,
        };
        if terminating {
            let mut e = ApiError::forbidden(
                ri,
                name,
                &format!(
                    "unable to create new content in namespace {namespace} because it is being terminated"
                ),
            );
            e.causes.push(super::status::Cause {
                reason: Some(CauseType::NamespaceTerminating),
                message: format!("namespace {namespace} is being terminated"),
                field: "metadata.namespace".into(),
            });
            return Err(e);
        }
        Ok(())
    }

    /// Whether `namespace` is terminating, read from storage; 404 when it
    /// does not exist.
    fn namespace_terminating_live(&self, entry: &Entry, namespace: &str) -> Result<bool, ApiError> {
        let kv = self
            .store
            .get(&object_key(&entry.info, None, namespace))
            .map_err(ApiError::internal)?
            .ok_or_else(|| ApiError::namespace_not_found(namespace))?;
        if let Some(terminating) = self.namespace_states.get(namespace, kv.mod_revision) {
            return Ok(terminating);
        }
        let terminating = lister::is_terminating(read_object(entry.kind, &kv)?.as_ref());
        self.namespace_states
            .insert(namespace, kv.mod_revision, terminating);
        Ok(terminating)
    }

    /// 403 for the namespaces that may never be deleted. A namespace that
    /// may is looked up live by the creates that follow for a while (see
    /// [`NamespaceLister`]).
    pub(super) fn check_deletable(&self, ri: &ResourceInfo, name: &str) -> Result<(), ApiError> {
        if !is_namespace(ri) {
            return Ok(());
        }
        if IMMORTAL_NAMESPACES.contains(&name) {
            return Err(ApiError::forbidden(
                ri,
                name,
                "this namespace may not be deleted",
            ));
        }
        self.namespace_lister.deleting(name);
        Ok(())
    }

    /// Whether deleting an object of this kind only marks it (namespaces
    /// always are, until the namespace controller has emptied them).
    pub(super) fn needs_graceful_deletion(&self, ri: &ResourceInfo) -> bool {
        is_namespace(ri)
    }

    /// Starts the namespace controller's work for the terminating
    /// namespace `name`.
    pub(super) fn after_deletion_requested(self: &Arc<Self>, ri: &ResourceInfo, name: &str) {
        if !is_namespace(ri) {
            return;
        }
        let name = name.to_string();
        let Some(ns_entry) = self.namespace_entry() else {
            return;
        };
        let server = self.clone();
        tokio::spawn(async move {
            // Delete namespaced objects until none is left, then finalize.
            for _ in 0..600 {
                match server.empty_namespace(&name) {
                    Ok(true) => break,
                    Ok(false) => tokio::time::sleep(Duration::from_millis(100)).await,
                    Err(e) => {
                        tracing::warn!(namespace = %name, error = %e, "namespace cleanup failed");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
            }
            if let Err(e) = server.finalize_namespace(&ns_entry, &name) {
                tracing::warn!(namespace = %name, error = %e, "namespace finalization failed");
            }
        });
    }

    /// Deletes what is left in `namespace`; true when nothing is.
    fn empty_namespace(&self, namespace: &str) -> Result<bool, ApiError> {
        let mut empty = true;
        for entry in self
            .registry
            .storage_entries()
            .filter(|e| e.info.namespaced)
        {
            let prefix = format!("{}{namespace}/", resource_prefix(&entry.info));
            let result = self
                .store
                .range(RangeRequest {
                    prefix: &prefix,
                    ..Default::default()
                })
                .map_err(ApiError::internal)?;
            for kv in result.kvs {
                empty = false;
                let mut obj = read_object(entry.kind, &kv)?;
                if !obj.metadata().finalizers.is_empty() {
                    if obj.metadata().deletion_timestamp.is_none() {
                        obj.metadata_mut().deletion_timestamp = Some(Time::now());
                        // A conflict means another writer got there first;
                        // the namespace controller's next pass sees it.
                        let _ = self.store.update(
                            &kv.key,
                            obj.to_storage().map_err(ApiError::internal)?,
                            kv.mod_revision,
                        );
                    }
                } else {
                    match self.store.delete(&kv.key, Some(kv.mod_revision)) {
                        Ok(_)
                        | Err(StorageError::NotFound(_))
                        | Err(StorageError::Conflict { .. }) => {}
                        Err(e) => return Err(ApiError::internal(e)),
                    }
                }
            }
        }
        Ok(empty)
    }

    /// Drops the `kubernetes` finalizer and removes the namespace.
    fn finalize_namespace(&self, entry: &Entry, name: &str) -> Result<(), ApiError> {
        let key = object_key(&entry.info, None, name);
        let Some(kv) = self.store.get(&key).map_err(ApiError::internal)? else {
            return Ok(());
        };
        let mut obj = read_object(entry.kind, &kv)?;
        if !obj.metadata().finalizers.is_empty() {
            if let Some(finalize) = entry.info.strategy.finalize_namespace {
                finalize(obj.as_any_mut());
            }
            self.store
                .update(
                    &key,
                    obj.to_storage().map_err(ApiError::internal)?,
                    kv.mod_revision,
                )
                .map_err(ApiError::internal)?;
            return Ok(());
        }
        match self.store.delete(&key, Some(kv.mod_revision)) {
            Ok(_) | Err(StorageError::NotFound(_)) => Ok(()),
            Err(e) => Err(ApiError::internal(e)),
        }
    }
}
