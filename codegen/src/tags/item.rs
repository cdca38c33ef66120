//! `+k8s:item(<key>: <value>, ...)=<tag>`: a tag applied to the items of a
//! map list whose keys have the given values (validation-gen's
//! `validators/item.go`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Emit, Validator, item_field, raw};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::markers::{Payload, Value};
use crate::model::FieldType;

/// The name of `+k8s:item`.
pub const NAME: &str = "k8s:item";

/// The definition of `+k8s:item`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::ListMapKeys,
    payload: PayloadKind::Tag,
    applies_to: AppliesTo::List,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Runs the validation tag given as payload against the one element \
          of a `listType=map` list picked out by the named arguments, which \
          must give a string, integer or bool value for every list-map key \
          field (by JSON name). Errors are those of the nested tag.",
    example: "+k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember",
};

/// Emits a loop over the items whose key fields have the arguments'
/// values, applying the payload tag to each; an item equal to the old item
/// with the same list map keys is not re-validated (ratcheting per item).
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let Payload::Tag(inner) = &e.marker.payload else {
        return None;
    };
    let conditions: Vec<TokenStream> = e
        .marker
        .args
        .iter()
        .filter_map(|a| {
            let key = a.name.as_ref()?;
            let path: Vec<_> = item_field(e.model, e.ty, key)?
                .iter()
                .map(|f| format_ident!("{}", raw(f)))
                .collect();
            let literal = match &a.value {
                Value::String(s) => quote! { #s },
                // Unsuffixed, so that it compares with a key of any
                // integer type (`80i64` does not with an `i32`).
                Value::Int(i) => {
                    let i = proc_macro2::Literal::i64_unsuffixed(*i);
                    quote! { #i }
                }
                Value::Bool(b) => quote! { #b },
            };
            Some(quote! { x #(.#path)* == #literal })
        })
        .collect();
    let FieldType::List(item_ty) = e.resolved() else {
        return None;
    };
    // Union membership on items is checked with the struct's unions.
    if inner.name == super::zero_or_one_of_member::NAME || inner.name == super::union_member::NAME {
        return None;
    }
    let body = e.nested(e.field, inner, item_ty, quote! { x })?;
    let same_keys: Vec<TokenStream> = e
        .field
        .attrs
        .list_map_keys
        .iter()
        .filter_map(|k| item_field(e.model, e.ty, k))
        .map(|path| {
            let path: Vec<_> = path.iter().map(|f| format_ident!("{}", raw(f))).collect();
            quote! { y #(.#path)* == x #(.#path)* }
        })
        .collect();
    let unchanged = if matches!(e.field.ty, FieldType::List(_)) && !same_keys.is_empty() {
        quote! { old.and_then(|o| o.iter().find(|y| #(#same_keys)&&*)) == Some(x) }
    } else {
        quote! { false }
    };
    let value = &e.value;
    Some(quote! {
        for (i, x) in #value.iter().enumerate() {
            if #(#conditions)&&* && !(#unchanged) {
                let p = p.index(i);
                #body
            }
        }
    })
}

/// The validator of `+k8s:item`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
