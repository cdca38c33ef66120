//! `+k8s:prerelease-lifecycle-gen:introduced=<version>`: the release a
//! kind was introduced in; read into
//! [`crate::resource::ResourceMeta::lifecycle`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:prerelease-lifecycle-gen:introduced`.
pub const NAME: &str = "k8s:prerelease-lifecycle-gen:introduced";

/// The definition of `+k8s:prerelease-lifecycle-gen:introduced`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Records the Kubernetes release (such as \"1.20\") in which this \
          kind first appeared, from which the generated lifecycle methods \
          derive when a pre-release version is deprecated and removed.",
    example: "+k8s:prerelease-lifecycle-gen:introduced=1.20",
};
