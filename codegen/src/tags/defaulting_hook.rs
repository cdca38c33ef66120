//! `+defaulting:hook`: hand-written defaulting runs after the declarative
//! defaults; read into [`crate::attr::TypeAttrs::defaulting_hook`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+defaulting:hook`.
pub const NAME: &str = "defaulting:hook";

/// The definition of `+defaulting:hook`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The type has hand-written defaulting for what `+default` cannot \
          say (conditional or computed defaults): implement \
          `runtime::defaulting::DefaultHook` (on the Rust struct) beside \
          the type. The generated defaulting runs it wherever the type \
          appears, before its fields' `+default`s, as upstream's \
          `SetDefaults_<Type>`. This project's tag.",
    example: "+defaulting:hook",
};
