//! `+mapType=<atomic|granular>`: how a map merges; read into
//! [`crate::attr::FieldAttrs::map_type`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+mapType`.
pub const NAME: &str = "mapType";

/// The definition of `+mapType`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["atomic", "granular"]),
    applies_to: AppliesTo::Map,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Emits `x-kubernetes-map-type` for a map: `granular` lets \
          server-side apply merge and own entries one by one, `atomic` \
          replaces the whole map.",
    example: "+mapType=granular",
};
