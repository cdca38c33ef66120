//! gengo's `+union`: the struct is a union; read into
//! [`crate::attr::TypeAttrs::union`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+union`.
pub const NAME: &str = "union";

/// The definition of `+union`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Marks a struct whose optional fields are alternatives, at most one \
          of them set (openapi-gen's unions). The schema gets \
          `x-kubernetes-unions` naming the member fields and, when a field \
          carries `+unionDiscriminator`, the discriminator.",
    example: "+union",
};
