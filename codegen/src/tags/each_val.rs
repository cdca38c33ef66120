//! `+k8s:eachVal=<tag>`: a tag applied to every item of a list or value of
//! a map (validation-gen's `validators/each.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::Payload;
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::FieldType;

/// The name of `+k8s:eachVal`.
pub const NAME: &str = "k8s:eachVal";

/// The definition of `+k8s:eachVal`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::Tag,
    applies_to: AppliesTo::ListOrMap,
    repeatable: true,
    stability: Stability::Alpha,
    doc: "Runs the validation tag given as payload against every element \
          of a list or every value of a map. Errors are those of the nested \
          tag, reported at the offending index or key.",
    example: "+k8s:eachVal=+k8s:minimum=1",
};

/// Emits a loop applying the payload tag to every item or value.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let Payload::Tag(inner) = &e.marker.payload else {
        return None;
    };
    let value = &e.value;
    Some(match e.resolved() {
        FieldType::List(item) => {
            let body = e.nested(e.field, inner, item, quote! { x })?;
            quote! {
                for (i, x) in #value.iter().enumerate() {
                    let p = p.index(i);
                    #body
                }
            }
        }
        FieldType::Map(item) => {
            let body = e.nested(e.field, inner, item, quote! { x })?;
            quote! {
                for (k, x) in #value.iter() {
                    let p = p.key(k);
                    #body
                }
            }
        }
        _ => return None,
    })
}

/// The validator of `+k8s:eachVal`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
