//! `+k8s:conversion-gen=<package>`: conversion-gen's package tag; accepted for
//! ported packages.

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:conversion-gen`.
pub const NAME: &str = "k8s:conversion-gen";

/// The definition of `+k8s:conversion-gen`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Package, Scope::Type, Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Controls conversion generation: on a package the payload is the \
          path of the internal package to convert to and from; `false` on \
          a type or field opts it out of generated conversions.",
    example: "+k8s:conversion-gen=false",
};
