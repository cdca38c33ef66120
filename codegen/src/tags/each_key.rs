//! `+k8s:eachKey=<tag>`: a tag applied to every key of a map
//! (validation-gen's `validators/each.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::Payload;
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::FieldType;

/// The name of `+k8s:eachKey`.
pub const NAME: &str = "k8s:eachKey";

/// The definition of `+k8s:eachKey`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::Tag,
    applies_to: AppliesTo::Map,
    repeatable: true,
    stability: Stability::Alpha,
    doc: "Runs the validation tag given as payload against every key of a \
          map. Errors are those of the nested tag, reported at the \
          offending key.",
    example: "+k8s:eachKey=+k8s:maxLength=63",
};

/// Emits a loop applying the payload tag to every key.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let Payload::Tag(inner) = &e.marker.payload else {
        return None;
    };
    let FieldType::Map(_) = e.resolved() else {
        return None;
    };
    let value = &e.value;
    let body = e.nested(e.field, inner, &FieldType::String, quote! { x })?;
    Some(quote! {
        for x in #value.keys() {
            let p = p.key(x);
            #body
        }
    })
}

/// The validator of `+k8s:eachKey`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
