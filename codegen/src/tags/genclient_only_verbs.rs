//! `+genclient:onlyVerbs=<verb>,...`: the kind is served with these verbs
//! only; read into [`crate::resource::ResourceMeta::verbs`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+genclient:onlyVerbs`.
pub const NAME: &str = "genclient:onlyVerbs";

/// The verbs a kind can be served with, in the order discovery lists them.
pub const VERBS: [&str; 8] = [
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "update",
    "watch",
];

/// The definition of `+genclient:onlyVerbs`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The only verbs the kind is served with, comma-separated (`create`, \
          `delete`, `deletecollection`, `get`, `list`, `patch`, `update`, \
          `watch`): discovery lists them, OpenAPI publishes their operations, \
          and the server answers any other verb 405 (404 for a named path \
          when no verb names one). Upstream's access and token reviews are \
          `+genclient:onlyVerbs=create`. Used together with `+genclient`.",
    example: "+genclient:onlyVerbs=create",
};
