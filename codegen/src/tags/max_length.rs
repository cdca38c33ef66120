//! `+k8s:maxLength=<n>`: a string of at most n characters (validation-gen's
//! `validators/limits.go`).

use super::{Limit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:maxLength`.
pub const NAME: &str = "k8s:maxLength";

/// The definition of `+k8s:maxLength`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::NonNegativeInt,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Caps the length of a string at the non-negative integer given as \
          payload. A longer string is reported as \"Too long\".",
    example: "+k8s:maxLength=10",
};

/// The validator of `+k8s:maxLength`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit: |e| super::limit(e, "max_length", Limit::Length),
};
