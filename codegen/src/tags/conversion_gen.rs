//! `+k8s:conversion-gen=<package>`: the internal package a versioned package
//! converts to and from (read by [`crate::model::Package::conversion_hub`]
//! for [`crate::conversion`]), or `false` to opt a type or field out.

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
    doc: "Controls conversion generation. On a versioned package the payload \
          is the module path (from the crate root) of the group's internal \
          (hub) package, as upstream names `pkg/apis/<group>`: \
          `zz_generated.conversion.rs` then holds `From` conversions both ways \
          for each type the hub has a type of the same name for, field by \
          field; a pair that differs needs the hand-written functions \
          `convert_<type in snake case>_to_hub` and `..._from_hub` in the \
          package (generation stops with a diagnostic naming the field \
          otherwise). `false` on a type leaves its conversions to hand-written \
          `From` implementations; on a field, the other side gets its type's \
          default.",
    example: "+k8s:conversion-gen=wardle",
};
