//! `+k8s:opaqueType`: validation does not descend into the field's type;
//! read into [`crate::attr::FieldAttrs::opaque_type`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:opaqueType`.
pub const NAME: &str = "k8s:opaqueType";

/// The definition of `+k8s:opaqueType`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Struct,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Tells the generator to skip any validations declared on the \
          field's type. It is required when that type comes from a package \
          the generator was not asked to process, so the omission is never \
          silent. On a list or a map, `+k8s:eachVal=+k8s:opaqueType` skips \
          its items' or values' validations.",
    example: "+k8s:opaqueType",
};
