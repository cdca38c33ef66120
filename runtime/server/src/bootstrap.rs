//! The objects kube-apiserver's bootstrap controllers create at start
//! (`pkg/controlplane/controller`: `systemnamespaces`, `kubernetesservice`),
//! which each kind's strategy names ([`Strategy::bootstrap_objects`]): an
//! object missing from the store is created as a create through the API
//! would create it, by the field manager `kube-apiserver`; one already
//! stored stays as it is.
//!
//! [`Strategy::bootstrap_objects`]: runtime::resource::Strategy::bootstrap_objects

use runtime::meta::Time;
use runtime::registry::Entry;
use runtime::resource::Bootstrap;

use crate::status::ApiError;
use crate::storage::StorageError;
use crate::store::object_key;

/// The field manager of what the server creates itself (the user agent
/// upstream's loopback client sends).
const MANAGER: &str = "kube-apiserver";

impl crate::ApiServer {
    /// Creates the bootstrap objects of every kind whose strategy has them,
    /// namespaces first (the others may live in them), `port` being the
    /// port the server serves on.
    ///
    /// Errors: the store fails, or a kind's objects do not read back
    /// through its type (a strategy that gives objects its own kind does
    /// not decode).
    pub(crate) fn create_bootstrap_objects(&self, port: u16) -> Result<(), ApiError> {
        let server = Bootstrap {
            first_service_ip: self.ranges.indexed_ip(1),
            port,
        };
        let mut entries: Vec<Entry> = self
            .registry
            .storage_entries()
            .filter(|e| e.info.strategy.bootstrap_objects.is_some())
            .copied()
            .collect();
        entries.sort_by_key(|e| !e.info.strategy.namespace_lifecycle);
        for entry in entries {
            self.create_bootstrap_objects_of(&entry, &server)?;
        }
        Ok(())
    }

    fn create_bootstrap_objects_of(
        &self,
        entry: &Entry,
        server: &Bootstrap,
    ) -> Result<(), ApiError> {
        let ri = entry.info;
        let Some(objects) = ri.strategy.bootstrap_objects else {
            return Ok(());
        };
        for value in objects(server).map_err(ApiError::internal)? {
            let mut obj = entry.kind.read_value(&value).map_err(ApiError::internal)?;
            let meta = obj.metadata();
            let name = meta.name.clone().unwrap_or_default();
            let key = object_key(&ri, meta.namespace.as_deref(), &name);
            if self.store.get(&key).map_err(ApiError::internal)?.is_some() {
                continue;
            }
            let now = Time::now();
            // Recorded before the strategy prepares the object, as a
            // create request's are.
            let managed = crate::patch::apply::created(
                obj.field_paths(),
                MANAGER,
                ri.api_version,
                now,
                entry.kind.schema(),
                ri.status_subresource,
            );
            crate::strategy::fill_create_system_fields(obj.metadata_mut(), &ri, now);
            self.prepare_for_create(&ri, obj.as_mut());
            obj.metadata_mut().managed_fields = managed;
            let bytes = obj.to_storage().map_err(ApiError::internal)?;
            match self.store.create(&key, bytes) {
                Ok(_) | Err(StorageError::AlreadyExists(_)) => {}
                Err(e) => return Err(ApiError::internal(e)),
            }
        }
        Ok(())
    }
}
