//! `+patchMergeKey=<json name>`: the key strategic merge patch matches list
//! items by; read into [`crate::attr::FieldAttrs::patch_merge_key`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+patchMergeKey`.
pub const NAME: &str = "patchMergeKey";

/// The definition of `+patchMergeKey`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::List,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Names, by JSON name, the item field that strategic merge patch \
          uses to match list items; it is emitted as \
          `x-kubernetes-patch-merge-key`.",
    example: "+patchMergeKey=name",
};
