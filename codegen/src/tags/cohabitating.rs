//! `+resource:cohabitating=<package>`: the kind is stored as the kind of
//! the same name in another group's package (kube-apiserver's cohabitating
//! resources); read by [`crate::conversion::stored_as`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:cohabitating`.
pub const NAME: &str = "resource:cohabitating";

/// The definition of `+resource:cohabitating`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Stores the kind as the kind of the same name and resource in \
          another group's package (the payload: its module path from the \
          crate root), under that resource's keys, as kube-apiserver's \
          storage factory stores cohabitating resources (`events.k8s.io` \
          Events are stored as core `v1` Events): objects written through \
          either group are read through both, and watches of either see \
          both. The type converts to and from that type with hand-written \
          `From` implementations both ways. The package named must serve \
          the resource in its own storage version, both groups must be \
          Kubernetes' own (the core group, `apps`, `*.k8s.io`: keyed \
          `/registry/<resource>/`), and the kind must be served at one \
          version of its group; generation stops with a located \
          diagnostic otherwise. This project's tag; Kubernetes \
          configures cohabitation in the storage factory.",
    example: "+resource:cohabitating=crate::core::v1",
};
