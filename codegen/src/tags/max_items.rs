//! `+k8s:maxItems=<n>`: at most n items (validation-gen's
//! `validators/limits.go`).

use super::{Limit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:maxItems`.
pub const NAME: &str = "k8s:maxItems";

/// The definition of `+k8s:maxItems`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::NonNegativeInt,
    applies_to: AppliesTo::List,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Caps the number of items in a list at the non-negative integer \
          given as payload. A longer list is reported as \"Too many\".",
    example: "+k8s:maxItems=5",
};

/// The validator of `+k8s:maxItems`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit: |e| super::limit(e, "max_items", Limit::Items),
};
