//! `+printer:hook`: hand-written Table columns; read into
//! [`crate::resource::ResourceMeta::printer_hook`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+printer:hook`.
pub const NAME: &str = "printer:hook";

/// The definition of `+printer:hook`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The kind's Table columns are computed by hand-written code, for \
          cells no JSONPath can express (`READY` as `1/2`, a pod's \
          `STATUS` and `RESTARTS`): implement `runtime::resource::Printer` \
          beside the type, as upstream's `pkg/printers/internalversion` \
          does for built-in kinds. Its columns replace the \
          `+kubebuilder:printcolumn` ones. This project's tag.",
    example: "+printer:hook",
};
