//! `+kubebuilder:selectablefield:JSONPath=<path>[,fieldLabel=<label>]`: a
//! field selector the kind serves; read into
//! [`crate::resource::ResourceMeta::selectable_fields`] (and
//! [`crate::resource::ResourceMeta::field_label_paths`] for a label of its
//! own).

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:selectablefield`.
pub const NAME: &str = "kubebuilder:selectablefield";

/// The definition of `+kubebuilder:selectablefield`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::KeyValueList(&["JSONPath", "fieldLabel"]),
    applies_to: AppliesTo::Any,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Lets clients filter the CRD with field selectors on the field at \
          the given JSONPath; repeat the marker for each selectable field. \
          `fieldLabel` (this project's key) names the selector otherwise \
          than its path, as a built-in kind's field label conversion does \
          (a Job's `status.successful` reads `.status.succeeded`; Go's zero \
          value when unset).",
    example: "+kubebuilder:selectablefield:JSONPath=\".spec.color\"",
};
