//! `+k8s:minimum=<n>`: an integer of at least n (validation-gen's
//! `validators/limits.go`).

use super::{Limit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:minimum`.
pub const NAME: &str = "k8s:minimum";

/// The definition of `+k8s:minimum`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::Int,
    applies_to: AppliesTo::Integer,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Sets the smallest value an integer may take (inclusive); the \
          payload may be negative. A smaller value is reported as \
          \"Invalid value\".",
    example: "+k8s:minimum=0",
};

/// The validator of `+k8s:minimum`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit: |e| super::limit(e, "minimum", Limit::Int),
};
