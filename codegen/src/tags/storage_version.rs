//! `+kubebuilder:storageversion`: the version objects are stored in; read
//! into [`crate::resource::ResourceMeta::storage_version`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:storageversion`.
pub const NAME: &str = "kubebuilder:storageversion";

/// The definition of `+kubebuilder:storageversion`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Picks this version as the one whose form the API server writes \
          to storage: every version of the kind in the group converts to \
          it through their common hub (`+k8s:conversion-gen`) on write and \
          from it on read. Exactly one version of a kind served at several \
          carries it (a located error otherwise).",
    example: "+kubebuilder:storageversion",
};
