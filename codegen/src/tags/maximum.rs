//! `+k8s:maximum=<n>`: an integer of at most n (validation-gen's
//! `validators/limits.go`).

use super::{Limit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:maximum`.
pub const NAME: &str = "k8s:maximum";

/// The definition of `+k8s:maximum`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::Int,
    applies_to: AppliesTo::Integer,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Sets the largest value an integer may take (inclusive); the \
          payload may be negative. A larger value is reported as \
          \"Invalid value\".",
    example: "+k8s:maximum=100",
};

/// The validator of `+k8s:maximum`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit: |e| super::limit(e, "maximum", Limit::Int),
};
