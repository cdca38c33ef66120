//! `+k8s:enum`: a string type whose values are its constants (a Rust enum's
//! variants, which serde already holds to; validation-gen's
//! `validators/enum.go`).

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:enum`.
pub const NAME: &str = "k8s:enum";

/// The definition of `+k8s:enum`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Beta,
    doc: "Marks a string type as an enumeration whose allowed values are \
          its declared constants (the variants of a Rust enum). A value \
          outside that set is rejected with \"Unsupported value\".",
    example: "+k8s:enum",
};

/// The name of gengo's `+enum`.
pub const LEGACY_NAME: &str = "enum";

/// The definition of gengo's `+enum`.
pub const LEGACY: TagDef = TagDef {
    name: LEGACY_NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Marks a string type as an enumeration so openapi-gen lists its \
          constants (the variants of a Rust enum) in the schema's `enum`. \
          Where enforced, other values are reported as \
          \"Unsupported value\".",
    example: "+enum",
};
