//! `+k8s:isSubresource=<path>`: the package validates one subresource's
//! writes only (validation-gen's `validators/subresource.go`); the generator
//! writes the path into the kind's `Validate::SUBRESOURCES`.

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:isSubresource`.
pub const NAME: &str = "k8s:isSubresource";

/// The definition of `+k8s:isSubresource`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Package],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Restricts the validations of this package to requests for the \
          subresource path given as payload (for example \"/scale\"). The \
          package that defines the resource must also declare that path \
          with `+k8s:supportsSubresource`, or these rules are never reached.",
    example: "+k8s:isSubresource=\"/scale\"",
};
