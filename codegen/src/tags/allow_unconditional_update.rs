//! `+resource:allowUnconditionalUpdate=false`: an update (PUT) must name
//! the `resourceVersion` it replaces; read into
//! [`crate::resource::ResourceMeta::allow_unconditional_update`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:allowUnconditionalUpdate`.
pub const NAME: &str = "resource:allowUnconditionalUpdate";

/// The definition of `+resource:allowUnconditionalUpdate`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["true", "false"]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Whether an update (PUT) without `metadata.resourceVersion` \
          replaces whatever is stored. The default is true for built-in \
          groups; with false such an update is 422 (`metadata.resourceVersion: \
          Invalid value: 0x0: must be specified for an update`), as upstream's \
          registry strategies that return false from \
          `AllowUnconditionalUpdate()` (Lease, the admission webhook \
          configurations) answer. Kinds outside the built-in groups always \
          require it, as custom resources do. This project's tag; Kubernetes \
          has no marker for it.",
    example: "+resource:allowUnconditionalUpdate=false",
};
