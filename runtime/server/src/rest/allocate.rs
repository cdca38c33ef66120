//! A write's part of the server's shared ranges (see `crate::allocation`):
//! for a kind whose strategy allocates (Service: cluster IPs and node
//! ports), what the object about to be written takes, as upstream's
//! service storage takes it in `beginCreate`/`beginUpdate`.

use runtime::allocation::Allocation;
use runtime::registry::Object;
use runtime::resource::AllocationFailure;

use super::Ctx;
use crate::allocation::Reservation;
use crate::status::ApiError;
use crate::storage::RangeRequest;
use crate::store::{read_object, resource_prefix, storage_error};

impl Ctx<'_> {
    /// Takes what `obj` (named `name`, replacing `old` on update) needs of
    /// the server's ranges, when its kind allocates; what it takes is held
    /// for it until the returned reservation drops (after the store
    /// write). Every other stored object of the kind holds what it holds;
    /// the object's own stored version does not count against it.
    ///
    /// Errors: 422 with the strategy's causes (an address asked for that
    /// is taken or outside the range), 500 for a full range or a store
    /// that cannot be read.
    pub(super) fn allocate(
        &self,
        name: &str,
        obj: &mut dyn Object,
        old: Option<&dyn Object>,
    ) -> Result<Option<Reservation>, ApiError> {
        let Some(hooks) = self.ri().strategy.allocation else {
            return Ok(None);
        };
        let own = self.key(name);
        let stored = || -> Result<Vec<Allocation>, ApiError> {
            let storage = self.server.registry.storage_entry(self.entry);
            let Some(read) = storage.info.strategy.allocation else {
                return Ok(Vec::new());
            };
            let prefix = resource_prefix(&storage.info);
            let listed = self
                .store()
                .range(RangeRequest {
                    prefix: &prefix,
                    start_after: None,
                    limit: 0,
                    revision: None,
                    skip_count: true,
                })
                .map_err(|e| storage_error(e, self.ri(), name))?;
            let mut held = Vec::new();
            for kv in listed.kvs.iter().filter(|kv| kv.key != own) {
                let object = read_object(storage.kind, kv)?;
                held.extend((read.allocated)(object.as_any()));
            }
            Ok(held)
        };
        let reservation = self.server.ranges.allocate(stored, |allocator| {
            (hooks.allocate)(obj.as_any_mut(), old.map(Object::as_any), allocator).map_err(
                |failure| match failure {
                    AllocationFailure::Invalid(errors) => {
                        ApiError::invalid(self.ri(), name, runtime::field::to_causes(&errors))
                    }
                    AllocationFailure::Internal(message) => ApiError::internal(message),
                },
            )
        })?;
        Ok(Some(reservation))
    }
}
