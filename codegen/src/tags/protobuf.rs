//! `+protobuf=<number>`: a field's protobuf field number; read by the
//! protobuf generator.

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
