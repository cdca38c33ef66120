//! `+k8s:unionMember`: a member of a union, exactly one of which is set
//! (validation-gen's `validators/union.go`); the generator checks unions per
//! struct.

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:unionMember`.
pub const NAME: &str = "k8s:unionMember";

/// The definition of `+k8s:unionMember`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::Named(&["union", "memberName"]),
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Adds this field to a union, of which exactly one member must be \
          set. Optional arguments: `union` (which union) and `memberName` \
          (the discriminator value, by default the field name). Setting none \
          or several members is reported as \"Invalid value\".",
    example: "+k8s:unionMember(union: \"u1\", memberName: \"M1\")",
};
