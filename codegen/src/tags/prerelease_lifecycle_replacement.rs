//! `+k8s:prerelease-lifecycle-gen:replacement=<value>`: see [`DEF`]; read into
//! [`crate::resource::ResourceMeta::lifecycle`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:prerelease-lifecycle-gen:replacement`.
pub const NAME: &str = "k8s:prerelease-lifecycle-gen:replacement";

/// The definition of `+k8s:prerelease-lifecycle-gen:replacement`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Names the kind that replaces this deprecated one, as `<group>,<version>,<kind>`; the deprecation warning ends with `; use <group>/<version> <kind>`.",
    example: "+k8s:prerelease-lifecycle-gen:replacement=example.dev,v1,Widget",
};
