//! `+kubebuilder:pruning:PreserveUnknownFields`: the field keeps unknown
//! fields; read into
//! [`crate::attr::FieldAttrs::preserve_unknown_fields`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:pruning:PreserveUnknownFields`.
pub const NAME: &str = "kubebuilder:pruning:PreserveUnknownFields";

/// The definition of `+kubebuilder:pruning:PreserveUnknownFields`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::RawExtension,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The RawExtension keeps every field a client sends (nothing is \
          pruned or reported unknown inside it); the schema says \
          `x-kubernetes-preserve-unknown-fields: true`.",
    example: "+kubebuilder:pruning:PreserveUnknownFields",
};
