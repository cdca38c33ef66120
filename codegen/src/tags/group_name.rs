//! `+groupName=<group>`: a package's API group (empty for the core group);
//! read by the parser into [`crate::model::Package`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+groupName`.
pub const NAME: &str = "groupName";

/// The definition of `+groupName`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Package],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Sets the API group served by this version module; an empty \
          payload means the core (legacy) group.",
    example: "+groupName=example.dev",
};
