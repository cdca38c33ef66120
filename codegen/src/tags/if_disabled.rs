//! `+k8s:ifDisabled(<option>)=<tag>`: a tag applied while an option (a
//! feature gate) is off (validation-gen's `validators/options.go`).

use super::Validator;
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:ifDisabled`.
pub const NAME: &str = "k8s:ifDisabled";

/// The definition of `+k8s:ifDisabled`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::OneString,
    payload: PayloadKind::Tag,
    applies_to: AppliesTo::Any,
    repeatable: true,
    stability: Stability::Alpha,
    doc: "Applies the validation tag given as payload only while the \
          validation option named in the single string argument is turned \
          off. Errors are those of the nested tag.",
    example: "+k8s:ifDisabled(\"my-feature\")=+k8s:required",
};

/// The validator of `+k8s:ifDisabled`: `+k8s:ifEnabled`'s, negated.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit: |e| super::if_enabled::emit_when(e, false),
};
