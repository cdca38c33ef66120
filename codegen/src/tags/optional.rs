//! `+k8s:optional` (and gengo's `+optional`): the field may be unset; read
//! into [`crate::attr::FieldAttrs::optional`].

use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:optional`.
pub const NAME: &str = "k8s:optional";

/// The definition of `+k8s:optional`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Clients may leave this field unset on create and update; \
          the field's other validations then apply only when it is set.",
    example: "+k8s:optional",
};

/// The name of gengo's `+optional`.
pub const LEGACY_NAME: &str = "optional";

/// The definition of gengo's `+optional`.
pub const LEGACY: TagDef = TagDef {
    name: LEGACY_NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Leaves the field out of the `required` list of the generated \
          OpenAPI schema, so clients may omit it. This is the openapi-gen \
          spelling found throughout k8s.io/api.",
    example: "+optional",
};
