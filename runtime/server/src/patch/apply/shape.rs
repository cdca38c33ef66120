//! How server-side apply sees a value, read from the structural schema
//! tables ([`runtime::schema`]) the way kube-openapi's `schemaconv` turns
//! OpenAPI into a structured-merge-diff schema:
//!
//! - `+listType=map` lists are associative by their `+listMapKey`s,
//!   `+listType=set` lists by value, `+listType=atomic` lists are leaves;
//! - a list without `+listType` is associative when its patch strategy
//!   merges: by its `+patchMergeKey`, or as a set without one; otherwise it
//!   is atomic (`schemaconv`'s `getListElementRelationship`);
//! - `+mapType=atomic` maps and `+structType=atomic` structs are leaves;
//! - scalars and untyped values (`RawExtension`, `FieldsV1`) are leaves;
//! - a field the schema does not declare is read as upstream's deduced
//!   type (`typed/deduced.go`): objects are granular maps, lists atomic.

use runtime::schema::{FieldSchema, ListSemantics, Type, TypeSchema};

/// The merge semantics of one position in an object.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Shape {
    /// Replaced whole, owned as one path.
    Leaf,
    /// A granular struct; `root` adds the implicit `apiVersion` and `kind`
    /// of the top-level object (`TypeMeta` is inlined, so the tables omit
    /// it).
    Struct {
        schema: &'static TypeSchema,
        root: bool,
    },
    /// A granular map whose values have type `elem`.
    Map { elem: &'static Type },
    /// An associative list whose items have type `elem`.
    List { elem: &'static Type, kind: ListKind },
    /// An undeclared field: objects granular, lists atomic.
    Deduced,
}

/// How items of an associative list are identified.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ListKind {
    /// By value (`listType=set`).
    Set,
    /// By these key fields (`listType=map`); `item` is the items' struct,
    /// whose `+default`s fill missing key fields.
    Keyed {
        keys: &'static [&'static str],
        item: Option<&'static TypeSchema>,
    },
}

/// How a declared struct field is in the Go zero value of its struct,
/// which a create is compared with (structured-merge-diff reading the Go
/// struct by reflection).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ZeroValue {
    /// Left out (`omitempty`, [`FieldSchema::omit_empty`]): a set value is
    /// added, the field's own path with it.
    Absent,
    /// There as `null` (a required list, map or pointer): what a set value
    /// holds is added, not the field's own path.
    Null,
    /// There as `{}` (a struct held by value, not a
    /// [`FieldSchema::pointer`]): only what differs from it is recorded.
    Empty,
}

impl ZeroValue {
    /// How `field` is in the zero value of its struct.
    pub(crate) fn of(field: &'static FieldSchema) -> ZeroValue {
        if !field.pointer && of_field(field).is_struct() {
            ZeroValue::Empty
        } else if field.omit_empty {
            ZeroValue::Absent
        } else {
            ZeroValue::Null
        }
    }
}

impl Shape {
    /// The shape of a whole object of type `schema`.
    pub(crate) fn root(schema: &'static TypeSchema) -> Shape {
        Shape::Struct { schema, root: true }
    }

    /// The shape of the value under `name` in a value of this shape, and
    /// whether `name` is a declared struct field (declared fields are not
    /// owned as paths of their own; map entries are).
    pub(crate) fn field(self, name: &str) -> (Shape, bool) {
        match self {
            Shape::Struct { schema, root } => match schema.field(name) {
                Some(field) => (of_field(field), true),
                None if root && (name == "apiVersion" || name == "kind") => (Shape::Leaf, true),
                None => (Shape::Deduced, false),
            },
            Shape::Map { elem } => (of_type(elem), false),
            Shape::Deduced => (Shape::Deduced, false),
            Shape::Leaf | Shape::List { .. } => (Shape::Leaf, false),
        }
    }

    /// How the field `name` of this shape is in the Go zero value of its
    /// struct ([`ZeroValue::of`]); anything but a declared struct field is
    /// [`ZeroValue::Absent`].
    pub(crate) fn field_zero_value(self, name: &str) -> ZeroValue {
        match self {
            Shape::Struct { schema, .. } => {
                schema.field(name).map_or(ZeroValue::Absent, ZeroValue::of)
            }
            _ => ZeroValue::Absent,
        }
    }

    /// The shape of the declared struct field `field`, found by the caller
    /// (a struct's field at a known index) instead of by name.
    pub(crate) fn of_declared(field: &'static FieldSchema) -> Shape {
        of_field(field)
    }

    /// The shape of the items of a list of this shape.
    pub(crate) fn item(self) -> Shape {
        match self {
            Shape::List { elem, .. } => of_type(elem),
            _ => Shape::Leaf,
        }
    }

    /// Whether a struct field of this shape, absent from a Go zero value,
    /// would be present as `{}` there: non-atomic structs (used to mimic
    /// comparing against an empty typed object on create).
    pub(crate) fn is_struct(self) -> bool {
        matches!(self, Shape::Struct { .. })
    }
}

/// The shape of a declared field, from its type and markers.
fn of_field(field: &'static FieldSchema) -> Shape {
    match &field.ty {
        Type::List(elem) => of_list(field, elem),
        Type::Map(_) | Type::Struct(_) if field.atomic_map => Shape::Leaf,
        ty => of_type(ty),
    }
}

/// The shape of a list field: its `+listType`, else its patch strategy.
fn of_list(field: &'static FieldSchema, elem: &'static Type) -> Shape {
    let item = match elem {
        Type::Struct(schema) => Some(schema()),
        _ => None,
    };
    let kind = match field.list {
        ListSemantics::Map(keys) => ListKind::Keyed { keys, item },
        ListSemantics::Set => ListKind::Set,
        ListSemantics::Atomic => return Shape::Leaf,
        ListSemantics::Unspecified if field.patch_strategy.merges() => {
            match field.patch_merge_key.as_ref() {
                Some(key) => ListKind::Keyed {
                    keys: std::slice::from_ref(key),
                    item,
                },
                None => ListKind::Set,
            }
        }
        ListSemantics::Unspecified => return Shape::Leaf,
    };
    Shape::List { elem, kind }
}

/// The shape of a value of type `ty` with no field markers (list items, map
/// values): nested lists are atomic.
fn of_type(ty: &'static Type) -> Shape {
    match ty {
        Type::Scalar | Type::Enum(_) | Type::Untyped | Type::List(_) => Shape::Leaf,
        Type::Map(elem) => Shape::Map { elem },
        Type::Struct(schema) => {
            let schema = schema();
            if schema.atomic {
                Shape::Leaf
            } else {
                Shape::Struct {
                    schema,
                    root: false,
                }
            }
        }
    }
}
