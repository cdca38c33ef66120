//! `+k8s:subfield(<json name>)=<tag>`: a tag applied to one field of a
//! struct-typed field (validation-gen's `validators/subfield.go`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Emit, Validator, raw};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::markers::{Payload, Value};
use crate::model::FieldType;

/// The name of `+k8s:subfield`.
pub const NAME: &str = "k8s:subfield";

/// The definition of `+k8s:subfield`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::OneString,
    payload: PayloadKind::Tag,
    applies_to: AppliesTo::Struct,
    repeatable: true,
    stability: Stability::Stable,
    doc: "Runs the validation tag given as payload against one field of a \
          struct, named by its JSON name in the single string argument. \
          Errors are those of the nested tag, reported at that subfield.",
    example: "+k8s:subfield(\"mySubfield\")=+k8s:required",
};

/// Emits the payload tag applied to the named field of the struct.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let Payload::Tag(inner) = &e.marker.payload else {
        return None;
    };
    let FieldType::Named(r) = e.resolved() else {
        return None;
    };
    let json = match e.marker.positional_arg() {
        Some(Value::String(s)) => s.clone(),
        _ => return None,
    };
    let sub = e
        .model
        .resolve(r)?
        .fields()
        .iter()
        .find(|f| f.json_name == json)?
        .clone();
    let rust = format_ident!("{}", raw(&sub.rust_name));
    let value = &e.value;
    let body = e.nested(&sub, inner, &sub.ty, quote! { x })?;
    Some(quote! {
        {
            let p = p.field(#json);
            let x = &#value.#rust;
            #body
        }
    })
}

/// The validator of `+k8s:subfield`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
