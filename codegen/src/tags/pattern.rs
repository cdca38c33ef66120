//! `+kubebuilder:validation:Pattern=<regex>`: a string matching a regular
//! expression, with kube-apiserver's message for custom resources.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::FieldType;

/// The name of `+kubebuilder:validation:Pattern`.
pub const NAME: &str = "kubebuilder:validation:Pattern";

/// The definition of `+kubebuilder:validation:Pattern`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::String,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Requires the string to match a regular expression (unanchored, \
          as JSON Schema's `pattern`; anchor it with `^...$`). It is \
          emitted as the schema's `pattern` and enforced by the generated \
          validation with kube-apiserver's message for custom resources: \
          `<path> in body should match '<pattern>'`.",
    example: "+kubebuilder:validation:Pattern=`^v[0-9]+$`",
};

/// Emits the match, for strings.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let FieldType::String = e.resolved() else {
        return None;
    };
    let (value, re) = (&e.value, e.marker.payload_string()?);
    Some(quote! { field_errs.append(&mut v::pattern(&p, #value, #re)); })
}

/// The validator of `+kubebuilder:validation:Pattern`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
