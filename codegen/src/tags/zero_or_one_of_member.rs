//! `+k8s:zeroOrOneOfMember`: a member of a union of which at most one is
//! set (validation-gen's `validators/zeroorone.go`); the generator checks
//! unions per struct.

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:zeroOrOneOfMember`.
pub const NAME: &str = "k8s:zeroOrOneOfMember";

/// The definition of `+k8s:zeroOrOneOfMember`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::Named(&["union", "memberName"]),
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Adds this field to a group of which at most one member may be \
          set; setting none is fine. Takes the same optional `union` and \
          `memberName` arguments as `+k8s:unionMember`; setting several \
          members is reported as \"Invalid value\".",
    example: "+k8s:zeroOrOneOfMember",
};
