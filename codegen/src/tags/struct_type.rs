//! `+structType=atomic`: the struct is replaced whole; read into
//! [`crate::attr::TypeAttrs::atomic`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+structType`.
pub const NAME: &str = "structType";

/// The definition of `+structType`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["atomic", "granular"]),
    applies_to: AppliesTo::Struct,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Emits `x-kubernetes-map-type` for a struct: `granular` (the \
          default) merges field by field under server-side apply, `atomic` \
          treats the struct as one value.",
    example: "+structType=atomic",
};
