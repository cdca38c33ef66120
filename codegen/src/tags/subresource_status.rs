//! `+kubebuilder:subresource:status`: the `/status` subresource is served;
//! read into [`crate::resource::ResourceMeta::status`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:subresource:status`.
pub const NAME: &str = "kubebuilder:subresource:status";

/// The definition of `+kubebuilder:subresource:status`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Enables the `/status` subresource for the CRD, so `.status` is \
          written only through it and ignored on the main resource.",
    example: "+kubebuilder:subresource:status",
};
