//! `+k8s:minLength=<n>`: a string of at least n characters (validation-gen's
//! `validators/limits.go`).

use super::{Limit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:minLength`.
pub const NAME: &str = "k8s:minLength";

/// The definition of `+k8s:minLength`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::NonNegativeInt,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Sets the shortest length a string may have, as a non-negative \
          integer. A shorter string is reported as \"Invalid value\".",
    example: "+k8s:minLength=1",
};

/// The validator of `+k8s:minLength`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit: |e| super::limit(e, "min_length", Limit::Length),
};
