//! `+default=<JSON>`: the field's declarative default; read into
//! [`crate::attr::FieldAttrs::default`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+default`.
pub const NAME: &str = "default";

/// The definition of `+default`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::Json,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Gives, as a JSON value, what the field becomes when a client \
          leaves it unset. It is written to the OpenAPI schema's `default` \
          and applied by defaulting.",
    example: "+default=\"Always\"",
};
