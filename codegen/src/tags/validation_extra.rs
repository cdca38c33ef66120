//! `+validation:extra`: hand-written validation runs before and after the
//! generated;
//! read into [`crate::attr::TypeAttrs::validation_extra`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+validation:extra`.
pub const NAME: &str = "validation:extra";

/// The definition of `+validation:extra`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The type has hand-written validation beside the generated one: \
          implement `runtime::validate::ValidateExtra` for it next to the \
          type, and its errors join the generated ones in the same list \
          (as `validation.go` sits beside `zz_generated.validations.go` \
          upstream): `validate_extra_first`'s before the fields' own, \
          `validate_extra`'s after them. This project's tag.",
    example: "+validation:extra",
};
