//! `+resource:nameFormat=<format>`: the rule `metadata.name` follows; read
//! into [`crate::resource::ResourceMeta::name_format`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+resource:nameFormat`.
pub const NAME: &str = "resource:nameFormat";

/// The definition of `+resource:nameFormat`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&[
        "dns1123-subdomain",
        "dns1123-label",
        "dns1035-label",
        "path-segment",
    ]),
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The rule the kind's `metadata.name` and `generateName` follow, as \
          the name function a built-in kind passes to upstream's \
          `ValidateObjectMeta`: `dns1123-subdomain` (the default; most \
          kinds), `dns1123-label` (Namespace), `dns1035-label` (Service) or \
          `path-segment`. This project's tag.",
    example: "+resource:nameFormat=dns1123-label",
};
