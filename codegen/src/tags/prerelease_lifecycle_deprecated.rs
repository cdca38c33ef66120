//! `+k8s:prerelease-lifecycle-gen:deprecated=<value>`: see [`DEF`]; read into
//! [`crate::resource::ResourceMeta::lifecycle`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:prerelease-lifecycle-gen:deprecated`.
pub const NAME: &str = "k8s:prerelease-lifecycle-gen:deprecated";

/// The definition of `+k8s:prerelease-lifecycle-gen:deprecated`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Records the Kubernetes release (such as \"1.34\") from which this version of the kind is deprecated: every response for it carries upstream's deprecation warning. Defaults, for alpha and beta versions, to three releases after `introduced`.",
    example: "+k8s:prerelease-lifecycle-gen:deprecated=1.34",
};
