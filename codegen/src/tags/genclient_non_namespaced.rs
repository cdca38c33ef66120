//! `+genclient:nonNamespaced`: the kind is cluster-scoped; read into
//! [`crate::resource::ResourceMeta::namespaced`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+genclient:nonNamespaced`.
pub const NAME: &str = "genclient:nonNamespaced";

/// The definition of `+genclient:nonNamespaced`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Says the kind is cluster-scoped, so its generated client takes \
          no namespace. Used together with `+genclient`.",
    example: "+genclient:nonNamespaced",
};
