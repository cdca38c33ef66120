//! `+resource:allowCreateOnUpdate`: an update of a missing object creates
//! it; read into [`crate::resource::ResourceMeta::allow_create_on_update`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:allowCreateOnUpdate`.
pub const NAME: &str = "resource:allowCreateOnUpdate";

/// The definition of `+resource:allowCreateOnUpdate`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "An update (PUT) of an object that does not exist creates it and \
          answers 201, as upstream's registry strategies that return true \
          from `AllowCreateOnUpdate()` (Lease, Event, Endpoints, LimitRange) \
          do; without it such a PUT is 404. This project's tag; Kubernetes \
          has no marker for it.",
    example: "+resource:allowCreateOnUpdate",
};
