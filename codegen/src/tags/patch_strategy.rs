//! `+patchStrategy=<strategy>`: how strategic merge patch treats the field;
//! read into [`crate::attr::FieldAttrs::patch_strategy`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+patchStrategy`.
pub const NAME: &str = "patchStrategy";

/// The definition of `+patchStrategy`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["merge", "replace", "retainKeys", "merge,retainKeys"]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Chooses how strategic merge patch combines this field: `merge`, \
          `replace`, `retainKeys` or `merge,retainKeys`. It is emitted as \
          `x-kubernetes-patch-strategy`.",
    example: "+patchStrategy=merge",
};
