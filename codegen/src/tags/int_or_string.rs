//! `+kubebuilder:validation:XIntOrString`: the field holds an integer or a
//! string; read into [`crate::attr::FieldAttrs::int_or_string`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:validation:XIntOrString`.
pub const NAME: &str = "kubebuilder:validation:XIntOrString";

/// The definition of `+kubebuilder:validation:XIntOrString`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::IntOrString,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Publishes the IntOrString field as custom resources do: \
          `x-kubernetes-int-or-string: true` (with `anyOf` integer or \
          string in OpenAPI v3) instead of a reference to \
          `io.k8s.apimachinery.pkg.util.intstr.IntOrString`.",
    example: "+kubebuilder:validation:XIntOrString",
};
