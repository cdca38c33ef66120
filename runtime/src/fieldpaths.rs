//! The paths a value sets, reported from the Rust value itself: what
//! server-side apply's field manager records for a created object (its
//! `managedFields` entry), read without serializing the object.
//!
//! Upstream's field manager reads the Go struct through reflection
//! (structured-merge-diff's `value.NewValueReflect`); here the schema
//! generator implements [`FieldPaths`] on every API struct
//! (`zz_generated.schema.rs`), visiting the fields serde would write (a
//! field whose `skip_serializing_if` holds is not visited) in the order
//! FieldsV1 sorts them (by JSON name), and the field manager's
//! [`PathSink`] decides from the schema tables ([`crate::schema`]) which
//! values are walked and how list items are keyed.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use crate::schema::TypeSchema;

/// Receives the fields, map entries and list items of a value, depth
/// first. Struct fields and map entries come in ascending JSON-name order;
/// list items in list order.
///
/// Each call answers whether the value just named should be walked: when
/// it answers `true`, the caller reports the value's own contents and then
/// calls [`PathSink::end`]; when `false`, it reports nothing for it.
pub trait PathSink {
    /// Field `index` of `schema` (the fields as JSON writes them, inline
    /// structs flattened) is written by serde.
    fn field(&mut self, schema: &'static TypeSchema, index: usize) -> bool;

    /// A map entry with key `key`.
    fn entry(&mut self, key: &str) -> bool;

    /// A list item.
    fn item(&mut self, item: &dyn ListItem) -> bool;

    /// Ends the value the last `true` answer opened.
    fn end(&mut self);
}

/// What a list's item tells the sink to key it: the values of its key
/// fields (`+listMapKey`) and, for a set, its whole JSON.
pub trait ListItem {
    /// The JSON of field `name` of a struct item when serde writes it;
    /// `None` when it is skipped or the item is not a struct.
    fn key_field(&self, name: &str) -> Option<Value>;

    /// The item as JSON (`None` when serde refuses it).
    fn to_json(&self) -> Option<Value>;
}

/// A value whose paths a [`PathSink`] can be told, generated for API
/// structs (fields), newtypes (their value) and enums (leaves); the
/// runtime implements it for scalars (leaves), `Option`, `Vec` (items)
/// and `BTreeMap<String, _>` (entries).
pub trait FieldPaths {
    /// Reports the fields, entries or items of this value to `sink`;
    /// nothing for a leaf.
    fn walk_paths(&self, sink: &mut dyn PathSink) {
        let _ = sink;
    }

    /// [`ListItem::key_field`] for this value as a list item.
    fn key_field(&self, name: &str) -> Option<Value> {
        let _ = name;
        None
    }
}

/// Reports `value` under a `true` answer and closes it: what generated
/// code calls for each field the sink wants walked.
pub fn walk_then_end<T: FieldPaths + ?Sized>(value: &T, sink: &mut dyn PathSink) {
    value.walk_paths(sink);
    sink.end();
}

/// The JSON of a key field, for [`FieldPaths::key_field`] in generated
/// code.
pub fn key_json<T: Serialize + ?Sized>(value: &T) -> Option<Value> {
    serde_json::to_value(value).ok()
}

macro_rules! leaves {
    ($($t:ty),* $(,)?) => {
        $(impl FieldPaths for $t {})*
    };
}

leaves!(
    bool,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    f32,
    f64,
    String,
    Value,
    crate::meta::Quantity,
    crate::meta::Time,
    crate::meta::MicroTime,
    crate::meta::IntOrString,
    crate::meta::RawExtension,
    crate::meta::FieldsV1,
);

impl<T: FieldPaths> FieldPaths for Option<T> {
    fn walk_paths(&self, sink: &mut dyn PathSink) {
        if let Some(value) = self {
            value.walk_paths(sink);
        }
    }

    fn key_field(&self, name: &str) -> Option<Value> {
        self.as_ref()?.key_field(name)
    }
}

impl<T: FieldPaths + ?Sized> FieldPaths for Box<T> {
    fn walk_paths(&self, sink: &mut dyn PathSink) {
        (**self).walk_paths(sink);
    }

    fn key_field(&self, name: &str) -> Option<Value> {
        (**self).key_field(name)
    }
}

/// One item of a `Vec` as a [`ListItem`].
struct Item<'a, T>(&'a T);

impl<T: FieldPaths + Serialize> ListItem for Item<'_, T> {
    fn key_field(&self, name: &str) -> Option<Value> {
        self.0.key_field(name)
    }

    fn to_json(&self) -> Option<Value> {
        serde_json::to_value(self.0).ok()
    }
}

impl<T: FieldPaths + Serialize> FieldPaths for Vec<T> {
    fn walk_paths(&self, sink: &mut dyn PathSink) {
        for item in self {
            if sink.item(&Item(item)) {
                walk_then_end(item, sink);
            }
        }
    }
}

impl<T: FieldPaths> FieldPaths for BTreeMap<String, T> {
    fn walk_paths(&self, sink: &mut dyn PathSink) {
        for (key, value) in self {
            if sink.entry(key) {
                walk_then_end(value, sink);
            }
        }
    }
}
