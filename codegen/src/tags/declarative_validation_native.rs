//! `+k8s:declarativeValidationNative`: the field's validation exists only in
//! declarative form; its errors are marked so (the generator sets
//! `declarative_native` on them).

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:declarativeValidationNative`.
pub const NAME: &str = "k8s:declarativeValidationNative";

/// The definition of `+k8s:declarativeValidationNative`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Declares that every validation of this field, including those \
          inherited from the field's type, exists only in declarative form \
          with no hand-written counterpart. Only Stable validations may be \
          made native; their errors are flagged as coming from \
          declarative-only validation.",
    example: "+k8s:declarativeValidationNative",
};
