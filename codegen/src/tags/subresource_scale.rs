//! `+kubebuilder:subresource:scale:<key>=<value>,...`: the `/scale`
//! subresource; read into [`crate::resource::ResourceMeta::scale`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:subresource:scale`.
pub const NAME: &str = "kubebuilder:subresource:scale";

/// The definition of `+kubebuilder:subresource:scale`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::KeyValueList(&["specpath", "statuspath", "selectorpath"]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Enables the `/scale` subresource for the CRD, giving the JSON \
          paths of the desired replicas, the observed replicas and, \
          optionally, the label selector.",
    example: "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector",
};
