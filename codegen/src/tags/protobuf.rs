//! `+protobuf=<number>`: a field's protobuf field number; read by the
//! protobuf generators. `+protobuf.reserved=<n>,<m>`: numbers of a type's
//! removed fields, which no field may take again (`reserved` in the `.proto`).
//! `+protobuf.options.marshal=false`: the type's message is in the `.proto`,
//! but its Rust wire code is hand-written (upstream: `Time`, `Quantity`).
//! `+protobuf.nullable=true` on a list newtype: a message of its own whose
//! field 1 repeats the items (upstream: `metav1.Verbs`).
//! `+protobuf.name=<Name>`: the field's name in the `.proto` where upstream's
//! differs from its JSON name (upstream: a webhook configuration's
//! `Webhooks`).

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+protobuf`.
pub const NAME: &str = "protobuf";

/// The definition of `+protobuf`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::NonNegativeInt,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Gives the field number this field carries in the generated \
          `.proto` message. Upstream Go records it in the struct tag \
          (`protobuf:\"bytes,1,opt,name=...\"`); here it is a marker.",
    example: "+protobuf=1",
};

/// The name of `+protobuf.reserved`.
pub const RESERVED: &str = "protobuf.reserved";

/// The definition of `+protobuf.reserved`.
pub const RESERVED_DEF: TagDef = TagDef {
    name: RESERVED,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Lists field numbers, comma-separated, that fields removed from this \
          type carried. They are written as `reserved` in the generated \
          `.proto`, a field that takes one again is an error, and `cargo xtask \
          generate` refuses to drop a number from a message unless it is \
          listed here: clients built from an older `.proto` would read a new \
          field as the old one.",
    example: "+protobuf.reserved=4,7",
};

/// The name of `+protobuf.options.marshal`.
pub const MARSHAL: &str = "protobuf.options.marshal";

/// The definition of `+protobuf.options.marshal`.
pub const MARSHAL_DEF: TagDef = TagDef {
    name: MARSHAL,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["false"]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Keeps the type's message in the generated `.proto` but generates no \
          Rust wire code for it: the crate writes its protobuf table and \
          `prost::Message` by hand, as upstream writes `Marshal` by hand for \
          types marked so (`metav1.Time`, `resource.Quantity`).",
    example: "+protobuf.options.marshal=false",
};

/// Whether the type's Rust wire code is hand-written
/// (`+protobuf.options.marshal=false`).
pub fn hand_marshalled(def: &crate::model::TypeDef) -> bool {
    def.markers_named(MARSHAL).next().is_some()
}

/// The name of `+protobuf.nullable`.
pub const NULLABLE: &str = "protobuf.nullable";

/// The definition of `+protobuf.nullable`.
pub const NULLABLE_DEF: TagDef = TagDef {
    name: NULLABLE,
    scopes: &[Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["true"]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "On a newtype over a list (`pub struct Verbs(pub Vec<String>)`): \
          fields of this type are a message of their own on the wire, \
          `message Verbs { repeated string items = 1; }`, so that an empty \
          list and an absent one differ, as go-to-protobuf writes named \
          slice types marked so (`metav1.Verbs`). In JSON it stays a list.",
    example: "+protobuf.nullable=true",
};

/// The element type of a list newtype marked `+protobuf.nullable=true`:
/// a wrapper message `{ repeated T items = 1; }` on the wire.
pub fn wrapped_items(def: &crate::model::TypeDef) -> Option<&crate::model::FieldType> {
    match &def.shape {
        crate::model::TypeShape::Newtype(crate::model::FieldType::List(item))
            if def.markers_named(NULLABLE).next().is_some() =>
        {
            Some(item)
        }
        _ => None,
    }
}

/// The name of `+protobuf.name`.
pub const FIELD_NAME: &str = "protobuf.name";

/// The definition of `+protobuf.name`.
pub const FIELD_NAME_DEF: TagDef = TagDef {
    name: FIELD_NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Names the field in the generated `.proto` where upstream's name \
          differs from the JSON name (`name=Webhooks` in the struct tag of \
          a webhook configuration's `webhooks`). Only the `.proto` text \
          changes: the wire carries numbers, not names.",
    example: "+protobuf.name=Webhooks",
};
