//! `+k8s:supportsSubresource=<path>`: the package's validation also serves
//! writes through a subresource (validation-gen's
//! `validators/subresource.go`); the generator writes the paths into the
//! kind's `Validate::SUBRESOURCES`.

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:supportsSubresource`.
pub const NAME: &str = "k8s:supportsSubresource";

/// The definition of `+k8s:supportsSubresource`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Package],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Registers the subresource path given as payload (for example \
          \"/status\") as a valid validation target for the types of this \
          package; repeat it for each subresource. Without any, only the \
          root resource is validated and subresource requests fail with \
          \"no validation found\".",
    example: "+k8s:supportsSubresource=\"/status\"",
};
