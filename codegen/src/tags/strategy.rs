//! `+resource:strategy`: the kind implements `runtime::resource::Strategy`;
//! read into [`crate::resource::ResourceMeta::strategy`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:strategy`.
pub const NAME: &str = "resource:strategy";

/// The definition of `+resource:strategy`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The kind has a registry strategy written by hand: implement \
          `runtime::resource::Strategy` beside the type, as upstream \
          writes `pkg/registry/<group>/<kind>/strategy.go`, for the \
          behaviour no marker expresses: `PrepareForCreate` and \
          `PrepareForUpdate` (Namespace's finalizers), \
          `WarningsOnCreate`/`WarningsOnUpdate` (Pod's and Deployment's \
          deprecation warnings), graceful deletion (Pod), the namespace \
          lifecycle, and the exemption from the garbage collector's \
          finalizers (Namespace). This project's tag.",
    example: "+resource:strategy",
};
