//! `+resource:generation=false`: the kind keeps no `metadata.generation`;
//! read into [`crate::resource::ResourceMeta::generation`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:generation`.
pub const NAME: &str = "resource:generation";

/// The definition of `+resource:generation`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["true", "false"]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Whether the server keeps `metadata.generation` for this kind: 1 on \
          create, bumped by any change outside metadata and status. The \
          default is true, the CRD rule. Upstream decides this in each \
          built-in kind's registry strategy, so ported kinds whose strategy \
          never sets generation (ConfigMap, Secret, Namespace, Event, Service, \
          Lease) say false. This project's tag; Kubernetes has no marker for it.",
    example: "+resource:generation=false",
};
