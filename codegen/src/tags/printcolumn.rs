//! `+kubebuilder:printcolumn:<key>=<value>,...`: a Table column; read into
//! [`crate::resource::ResourceMeta::printer_columns`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+kubebuilder:printcolumn`.
pub const NAME: &str = "kubebuilder:printcolumn";

/// The definition of `+kubebuilder:printcolumn`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::KeyValueList(&[
        "name",
        "type",
        "JSONPath",
        "description",
        "format",
        "priority",
    ]),
    applies_to: AppliesTo::Any,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Adds one extra column to `kubectl get` output for the CRD, taken \
          from the JSONPath given; repeat the marker for more columns. The \
          path names a field (`.spec.replicas`, or a field of metadata such as \
          `.metadata.creationTimestamp`), which the server reads from the Rust \
          object; map keys, list indexes and filters are not followed.",
    example: "+kubebuilder:printcolumn:name=\"Replicas\",type=integer,JSONPath=\".spec.replicas\"",
};
