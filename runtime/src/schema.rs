//! Structural schemas of API types: what strategic merge patch and
//! server-side apply need to know about each field (its JSON name and type,
//! list type and map keys, patch strategy and merge key, map and struct
//! types).
//!
//! The tables are generated per type from the model
//! (`zz_generated.schema.rs`, from `+listType`, `+listMapKey`,
//! `+patchStrategy`, `+patchMergeKey`, `+mapType`, `+structType`), or written
//! by hand for the meta types, like the protobuf tables. Source of the
//! semantics: the API conventions ("Strategic Merge Patch") and
//! structured-merge-diff's schema (`x-kubernetes-list-type` and friends).

/// A struct type.
#[derive(Debug)]
pub struct TypeSchema {
    /// The type name, for errors.
    pub name: &'static str,
    /// Fields in JSON order.
    pub fields: &'static [FieldSchema],
    /// `+structType=atomic`: the struct is replaced whole.
    pub atomic: bool,
}

impl TypeSchema {
    /// The field with JSON name `json`.
    pub fn field(&self, json: &str) -> Option<&FieldSchema> {
        self.fields.iter().find(|f| f.json == json)
    }
}

/// The type of the value at a field path below `schema`, the path given as
/// its steps (`["spec", "ports", "0", "protocol"]`: field names, list
/// indexes, map keys); `None` when the schema has no such field.
pub fn type_at<S: AsRef<str>>(schema: &'static TypeSchema, steps: &[S]) -> Option<&'static Type> {
    let (first, rest) = steps.split_first()?;
    let mut ty = &schema.field(first.as_ref())?.ty;
    for step in rest {
        ty = match ty {
            Type::Struct(s) => &s().field(step.as_ref())?.ty,
            Type::List(element) | Type::Map(element) => element,
            Type::Scalar | Type::Enum(_) | Type::Untyped => return None,
        };
    }
    Some(ty)
}

/// One field of a struct.
#[derive(Debug)]
pub struct FieldSchema {
    /// The JSON name.
    pub json: &'static str,
    /// The value type.
    pub ty: Type,
    /// For lists: the list semantics.
    pub list: ListSemantics,
    /// `+patchStrategy`: how strategic merge patch merges this field.
    pub patch_strategy: PatchStrategy,
    /// `+patchMergeKey`: the key strategic merge patch matches list items by.
    pub patch_merge_key: Option<&'static str>,
    /// `+mapType=atomic`: the map is replaced whole.
    pub atomic_map: bool,
    /// `+default`, as JSON: what server-side apply keys a list-map item by
    /// when the item leaves this key field out (structured-merge-diff's
    /// `getAssociativeKeyDefault`). Objects themselves are defaulted on
    /// their Rust types ([`crate::defaulting`]).
    pub default: Option<&'static str>,
    /// The field is a Go pointer (`*T`; a Rust `Option`): absent from the
    /// zero value of its struct, where a non-pointer struct field is
    /// present as `{}`. Server-side apply compares a create with that zero
    /// value (structured-merge-diff reading the Go struct by reflection),
    /// so a pointer struct set to `{}` is recorded and a value one is not.
    pub pointer: bool,
    /// The Go field has `omitempty` (an optional field: `+optional` or a
    /// Rust `Option`, without `+required`): left out of the zero value
    /// when empty. A required slice, map or pointer is there as `null`
    /// instead, so a create that sets it adds what it holds but not the
    /// field's own path (no `.` in FieldsV1, as upstream's `f:containers`).
    pub omit_empty: bool,
}

/// A value type.
#[derive(Debug, Clone, Copy)]
pub enum Type {
    /// A string, number or bool (also Time, Quantity, IntOrString...).
    Scalar,
    /// A string enum (`+k8s:enum`, a Rust enum): its values, in declaration
    /// order. Merges and defaults as a scalar; decoding names the values
    /// when a body holds another.
    Enum(&'static [&'static str]),
    /// A struct.
    Struct(fn() -> &'static TypeSchema),
    /// A list of elements.
    List(&'static Type),
    /// A map with string keys.
    Map(&'static Type),
    /// Arbitrary JSON (`RawExtension`, `FieldsV1`): atomic.
    Untyped,
}

/// `+listType` with its keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListSemantics {
    /// Not a list, or a list without `+listType` (atomic for apply).
    Unspecified,
    /// `+listType=atomic`.
    Atomic,
    /// `+listType=set`: unique scalar items.
    Set,
    /// `+listType=map` with `+listMapKey`s.
    Map(&'static [&'static str]),
}

/// `+patchStrategy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchStrategy {
    /// No strategy: the field is replaced (lists) or merged (maps, structs).
    Default,
    /// `merge`: lists merged by `patchMergeKey` (or as sets of scalars).
    Merge,
    /// `replace`.
    Replace,
    /// `retainKeys`: fields not in the patch are cleared (union types).
    RetainKeys,
    /// `merge,retainKeys`.
    MergeRetainKeys,
}

impl PatchStrategy {
    /// Whether lists merge.
    pub fn merges(self) -> bool {
        matches!(self, PatchStrategy::Merge | PatchStrategy::MergeRetainKeys)
    }

    /// Whether `$retainKeys` applies.
    pub fn retains_keys(self) -> bool {
        matches!(
            self,
            PatchStrategy::RetainKeys | PatchStrategy::MergeRetainKeys
        )
    }
}

/// A type with a structural schema table.
pub trait Schema {
    /// The table.
    fn schema() -> &'static TypeSchema;
}

/// A field with no list semantics or patch strategy.
pub const fn field(json: &'static str, ty: Type) -> FieldSchema {
    FieldSchema {
        json,
        ty,
        list: ListSemantics::Unspecified,
        patch_strategy: PatchStrategy::Default,
        patch_merge_key: None,
        atomic_map: false,
        default: None,
        pointer: false,
        omit_empty: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_type_at_a_field_path() {
        static SPEC: TypeSchema = TypeSchema {
            name: "Spec",
            atomic: false,
            fields: &[
                field("ports", Type::List(&Type::Struct(port))),
                field("labels", Type::Map(&Type::Scalar)),
                field("color", Type::Enum(&["Red", "Blue"])),
            ],
        };
        let at = |path: &[&str]| type_at(&SPEC, path);
        assert!(matches!(
            at(&["ports", "0", "protocol"]),
            Some(Type::Scalar)
        ));
        assert!(matches!(at(&["labels", "app"]), Some(Type::Scalar)));
        assert!(matches!(at(&["color"]), Some(Type::Enum(["Red", "Blue"]))));
        assert!(at(&["ports", "0", "nope"]).is_none());
        assert!(at(&["color", "x"]).is_none());
        assert!(at(&[]).is_none());
    }

    fn port() -> &'static TypeSchema {
        static PORT: TypeSchema = TypeSchema {
            name: "Port",
            atomic: false,
            fields: &[field("name", Type::Scalar), field("protocol", Type::Scalar)],
        };
        &PORT
    }
}
