//! The managed fields of an update by an object's sole manager, read from
//! the Rust objects: no JSON tree of either object, no comparison of trees,
//! no field set decoded.
//!
//! A manager that owns every field an object sets (one Update entry, the
//! one [`super::created`] writes for a create by it) and updates values
//! without adding or removing fields ends owning every field of the new
//! object, stamped with the write's time. That is what [`super::update`]
//! records for it from the compared trees (the comparison's modified
//! paths, all of them already the manager's, join its entry and change its
//! time), found here by writing the set of fields each object sets
//! ([`super::created`], the Go zero value compared with the object) and
//! comparing the two texts with the entry's. Leases renewed by their
//! holder, ConfigMaps and Secrets rewritten by the controller that made
//! them are updates of this kind.
//!
//! Anything else goes to the tree comparison: other entries, a change of
//! which fields are set, a write through a subresource, objects equal
//! outside their metadata (the comparison of their metadata alone is
//! cheap), and kinds with associative lists outside `metadata`, where
//! objects that differ as Rust values may differ only in the order of a
//! list's items, which changes no field and keeps the entry's time (see
//! [`needs_tree_comparison`] for the one other case).

use std::collections::{HashMap, HashSet};
use std::sync::{LazyLock, RwLock};

use runtime::meta::{FieldsV1, ManagedFieldsEntry, Time};
use runtime::registry::Object;
use runtime::schema::TypeSchema;

use super::managers::{FIELDS_V1, UPDATE, Writer};
use super::shape::{Shape, ZeroValue};

/// The managed fields after `manager`'s update of `old` into `new` at
/// `api_version` through the main resource (`status_reset`: the kind has a
/// status subresource, whose status the main resource neither writes nor
/// tracks), when `manager` is the object's sole manager and the update
/// changes values only (see the module's documentation): `old`'s entry,
/// stamped `now`. `None` when the update is not of that kind; the caller
/// then records it by comparing the objects' trees ([`super::update`]),
/// which gives the same entries where this gives any.
///
/// `new` carries the managed fields the request sent (none, or `old`'s
/// unchanged for this path to apply). Both objects' managed fields are
/// taken out while their fields are read, and put back.
pub fn sole_manager_update(
    old: &mut dyn Object,
    new: &mut dyn Object,
    manager: &str,
    api_version: &str,
    schema: &'static TypeSchema,
    status_reset: bool,
    now: Time,
) -> Option<Vec<ManagedFieldsEntry>> {
    if needs_tree_comparison(schema) {
        return None;
    }
    let [entry] = old.metadata().managed_fields.as_slice() else {
        return None;
    };
    let writer = Writer::new(manager, api_version, None);
    let sole = entry.manager.as_deref() == Some(writer.manager.as_str())
        && entry.operation.as_deref() == Some(UPDATE)
        && entry.api_version.as_deref() == Some(writer.api_version.as_str())
        && entry.subresource.is_none()
        && entry.fields_type.as_deref() == Some(FIELDS_V1)
        && entry.fields_v1.is_some();
    let requested = &new.metadata().managed_fields;
    if !sole || !(requested.is_empty() || requested == &old.metadata().managed_fields) {
        return None;
    }
    if new.equals_outside_metadata(old) {
        return None;
    }
    let old_fields = fields_set(old, schema, status_reset)?;
    if old.metadata().managed_fields[0].fields_v1.as_ref() != Some(&old_fields) {
        return None;
    }
    if fields_set(new, schema, status_reset)? != old_fields {
        return None;
    }
    let mut entry = old.metadata().managed_fields[0].clone();
    entry.time = Some(now);
    Some(vec![entry])
}

/// The FieldsV1 of the fields `object` sets (its managed fields aside), as
/// a create by one manager records them; `None` when it sets none.
fn fields_set(
    object: &mut dyn Object,
    schema: &'static TypeSchema,
    status_reset: bool,
) -> Option<FieldsV1> {
    let managed = std::mem::take(&mut object.metadata_mut().managed_fields);
    let fields = super::created::created_fields_v1(object.field_paths(), schema, status_reset);
    object.metadata_mut().managed_fields = managed;
    fields
}

/// Whether updates of objects of type `schema` are left to the tree
/// comparison whatever they change: the type holds an associative list (a
/// `+listType=map` or `+listType=set` list, or one whose patch strategy
/// merges) anywhere outside its `metadata`, or a field that its Go zero
/// value holds as `null` (a pointer without `omitempty`) and that has
/// fields of its own, on the way down from the root through structs held
/// by value. Set from nothing to `{}`, such a field changes no set a
/// create records (the zero value already holds it) but is a field the
/// comparison of two objects finds added. Found once per type by walking
/// its schema tables.
pub(crate) fn needs_tree_comparison(schema: &'static TypeSchema) -> bool {
    static KNOWN: LazyLock<RwLock<HashMap<usize, bool>>> = LazyLock::new(Default::default);
    let key = std::ptr::from_ref(schema) as usize;
    if let Some(&known) = KNOWN.read().ok().as_ref().and_then(|k| k.get(&key)) {
        return known;
    }
    let found = finds(Shape::root(schema), true, &mut HashSet::new());
    if let Ok(mut known) = KNOWN.write() {
        known.insert(key, found);
    }
    found
}

/// Whether a value of `shape` (`zero`: held by value in a Go zero value)
/// holds what [`needs_tree_comparison`] looks for; structs already in
/// `seen` (recursive types) are not walked again.
fn finds(shape: Shape, zero: bool, seen: &mut HashSet<usize>) -> bool {
    match shape {
        Shape::List { .. } => true,
        Shape::Map { .. } => finds(shape.field("").0, false, seen),
        Shape::Struct { schema, root } => {
            if !seen.insert(std::ptr::from_ref(schema) as usize) {
                return false;
            }
            schema
                .fields
                .iter()
                .filter(|field| !(root && field.json == "metadata"))
                .any(|field| {
                    let shape = Shape::of_declared(field);
                    let in_zero = ZeroValue::of(field);
                    (zero && in_zero == ZeroValue::Null && !matches!(shape, Shape::Leaf))
                        || finds(shape, zero && in_zero == ZeroValue::Empty, seen)
                })
        }
        Shape::Leaf | Shape::Deduced => false,
    }
}
