//! `+k8s:listMapKey=<json name>` (and gengo's `+listMapKey`): a key of a
//! list of type map; read into [`crate::attr::FieldAttrs::list_map_keys`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:listMapKey`.
pub const NAME: &str = "k8s:listMapKey";

/// The definition of `+k8s:listMapKey`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::List,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Names, by its JSON name, an item field that forms part of the key \
          of a `listType=map` list; repeat the tag for a compound key. Two \
          items with the same key are reported as \"Duplicate value\".",
    example: "+k8s:listMapKey=type",
};

/// The name of gengo's `+listMapKey`.
pub const LEGACY_NAME: &str = "listMapKey";

/// The definition of gengo's `+listMapKey`.
pub const LEGACY: TagDef = TagDef {
    name: LEGACY_NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::List,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Names, by JSON name, an item field that keys a `listType=map` \
          list; it is emitted as `x-kubernetes-list-map-keys`. Repeat the \
          tag for a compound key.",
    example: "+listMapKey=name",
};
