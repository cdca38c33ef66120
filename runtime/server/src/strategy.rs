//! The kinds' registry strategies as the generic store calls them: the
//! per-kind behaviour of `pkg/registry/<group>/<kind>/strategy.go` that a
//! kind declares on its Rust type (`runtime::resource::Strategy`, marker
//! `+resource:strategy`) and the derive records in its `ResourceInfo`.

use super::ApiServer;
use runtime::meta::{ObjectMeta, Time};
use runtime::registry::Object;
use runtime::resource::ResourceInfo;

/// The system fields of an object about to be created, as upstream's
/// `rest.FillObjectMetaSystemFields` and the generic store set them: a new
/// uid, `now` as the creation time, generation 1 for a kind that keeps
/// one; no selfLink and no deletion fields.
pub(crate) fn fill_create_system_fields(m: &mut ObjectMeta, ri: &ResourceInfo, now: Time) {
    m.uid = Some(uuid::Uuid::new_v4().to_string());
    m.creation_timestamp = Some(now);
    m.generation = ri.generation.then_some(1);
    m.self_link = None;
    m.deletion_timestamp = None;
    m.deletion_grace_period_seconds = None;
}

impl ApiServer {
    /// The kind strategy's `PrepareForCreate`, where it has one, on the
    /// typed object.
    pub(super) fn prepare_for_create(&self, ri: &ResourceInfo, obj: &mut dyn Object) {
        if let Some(prepare) = ri.strategy.prepare_for_create {
            prepare(obj.as_any_mut());
        }
    }

    /// The kind strategy's `PrepareForUpdate`, where it has one, on the
    /// typed object and the one it replaces.
    pub(super) fn prepare_for_update(
        &self,
        ri: &ResourceInfo,
        obj: &mut dyn Object,
        old: &dyn Object,
    ) {
        if let Some(prepare) = ri.strategy.prepare_for_update {
            prepare(obj.as_any_mut(), old.as_any());
        }
    }

    /// The kind's status strategy's `PrepareForUpdate`, where it resets
    /// metadata, on the typed object and the one it replaces.
    pub(super) fn prepare_for_status_update(
        &self,
        ri: &ResourceInfo,
        obj: &mut dyn Object,
        old: &dyn Object,
    ) {
        if let Some(prepare) = ri.strategy.prepare_for_status_update {
            prepare(obj.as_any_mut(), old.as_any());
        }
    }

    /// The kind strategy's `WarningsOnCreate` (no `old`) or
    /// `WarningsOnUpdate`, where it has them.
    pub(super) fn strategy_warnings(
        &self,
        ri: &ResourceInfo,
        obj: &dyn Object,
        old: Option<&dyn Object>,
    ) -> Vec<String> {
        match ri.strategy.warnings {
            Some(warnings) => warnings(obj.as_any(), old.map(Object::as_any)),
            None => Vec::new(),
        }
    }
}
