//! `+k8s:unionDiscriminator`: the field naming which member of a union is
//! set (validation-gen's `validators/union.go`); the generator checks unions
//! per struct.

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:unionDiscriminator`.
pub const NAME: &str = "k8s:unionDiscriminator";

/// The definition of `+k8s:unionDiscriminator`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::Named(&["union"]),
    payload: PayloadKind::None,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Makes this string field the discriminator of a union: its value \
          names the one member that must be set. The optional `union` \
          argument picks the union when a struct has several; a mismatch \
          between discriminator and members is reported as \
          \"Invalid value\".",
    example: "+k8s:unionDiscriminator",
};

/// The name of gengo's `+unionDiscriminator`.
pub const LEGACY_NAME: &str = "unionDiscriminator";

/// The definition of gengo's `+unionDiscriminator`.
pub const LEGACY: TagDef = TagDef {
    name: LEGACY_NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Names the string field of a `+union` struct whose value says \
          which member is set; it is written as the union's \
          `discriminator` in `x-kubernetes-unions`.",
    example: "+unionDiscriminator",
};
