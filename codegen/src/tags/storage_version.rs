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
          to storage; exactly one version of a multi-version CRD carries it.",
    example: "+kubebuilder:storageversion",
};
