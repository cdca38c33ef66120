//! `+genclient`: client-gen generates a client for the kind; accepted for
//! ported types, with no effect here.

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+genclient`.
pub const NAME: &str = "genclient";

/// The definition of `+genclient`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Asks client-gen for a typed client (get, list, watch, create, \
          update, delete, patch) for this top-level kind.",
    example: "+genclient",
};
