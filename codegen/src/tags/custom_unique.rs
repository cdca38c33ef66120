//! `+k8s:customUnique`: the uniqueness of a `set` or `map` list's items is
//! checked by hand-written validation, so the generated check is left out
//! (upstream's tag, used where the generated check would reject what the
//! hand-written one tolerates, as CertificateSigningRequest's conditions).
//! The tag emits nothing itself: `+k8s:listType`'s emission consults
//! [`is_set`].

use crate::attr::ListType;
use crate::diagnostics::Diagnostic;
use crate::markers::Marker;
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::Field;

/// The name of `+k8s:customUnique`.
pub const NAME: &str = "k8s:customUnique";

/// The definition of `+k8s:customUnique`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::List,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Leaves the uniqueness of a list's items to hand-written \
          validation: the check `+k8s:listType=set` or `=map` generates is \
          not emitted, while the list keeps its type for merging and the \
          schema. Requires `+k8s:listType=set` or `=map` on the same field.",
    example: "+k8s:customUnique",
};

/// Whether `field` carries the tag.
pub fn is_set(field: &Field) -> bool {
    field.markers.iter().any(|m| m.name == NAME)
}

/// The tag needs a list type whose items are unique (`set` or `map`).
pub fn check(field: &Field, marker: &Marker) -> Vec<Diagnostic> {
    let attrs = &field.attrs;
    if matches!(attrs.list_type, Some(ListType::Set | ListType::Map)) {
        return Vec::new();
    }
    vec![
        Diagnostic::new(
            "`+k8s:customUnique` without `+k8s:listType=set` or `+k8s:listType=map`",
            &marker.location,
            marker.text.chars().count(),
        )
        .label("only a set or map list has a uniqueness check to leave out")
        .help("add `+k8s:listType=set` or `+k8s:listType=map` to the field, or drop the tag"),
    ]
}
