//! `+k8s:prerelease-lifecycle-gen:removed=<value>`: see [`DEF`]; read into
//! [`crate::resource::ResourceMeta::lifecycle`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:prerelease-lifecycle-gen:removed`.
pub const NAME: &str = "k8s:prerelease-lifecycle-gen:removed";

/// The definition of `+k8s:prerelease-lifecycle-gen:removed`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Records the Kubernetes release (such as \"1.37\") from which this version of the kind is no longer served. Defaults, for alpha and beta versions, to three releases after `deprecated`.",
    example: "+k8s:prerelease-lifecycle-gen:removed=1.37",
};
