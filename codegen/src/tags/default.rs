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
          leaves it unset (`None`, or the zero value of a field that is not \
          an `Option`, as defaulter-gen compares). It is written to the \
          OpenAPI schema's `default` and, as a Rust value, into the \
          generated defaulting (`zz_generated.defaults.rs`): a boolean, a \
          number, a string, an enum's value, or `{}`/`[]` for a struct, \
          map or list.",
    example: "+default=\"Always\"",
};
