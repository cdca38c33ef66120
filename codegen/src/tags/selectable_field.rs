//! `+kubebuilder:selectablefield:JSONPath=<path>`: a field selector the
//! kind serves; read into
//! [`crate::resource::ResourceMeta::selectable_fields`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:selectablefield`.
pub const NAME: &str = "kubebuilder:selectablefield";

/// The definition of `+kubebuilder:selectablefield`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::KeyValueList(&["JSONPath"]),
    applies_to: AppliesTo::Any,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Lets clients filter the CRD with field selectors on the field at \
          the given JSONPath; repeat the marker for each selectable field.",
    example: "+kubebuilder:selectablefield:JSONPath=\".spec.color\"",
};
