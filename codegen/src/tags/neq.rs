//! `+k8s:neq=<value>`: the value must differ from a literal (validation-gen's
//! `validators/equality.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator, as_i64, int_literal};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::FieldType;

/// The name of `+k8s:neq`.
pub const NAME: &str = "k8s:neq";

/// The definition of `+k8s:neq`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::Literal,
    applies_to: AppliesTo::Scalar,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Rejects one specific value, given as a string, integer or bool \
          literal matching the field's type. Using that value is reported \
          as \"Invalid value\".",
    example: "+k8s:neq=\"disallowed\"",
};

/// Emits the comparison, for strings, integers and booleans.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let value = &e.value;
    Some(match e.resolved() {
        FieldType::String => {
            let s = e.marker.payload_string()?;
            quote! { field_errs.append(&mut v::neq_str(&p, #value, #s)); }
        }
        FieldType::Int(kind) => {
            let n = int_literal(e.number()?);
            let x = as_i64(*kind, value.clone());
            quote! { field_errs.append(&mut v::neq_int(&p, #x, #n)); }
        }
        FieldType::Bool => {
            let b = e.marker.payload_text()? == "true";
            quote! { field_errs.append(&mut v::neq_bool(&p, *#value, #b)); }
        }
        _ => return None,
    })
}

/// The validator of `+k8s:neq`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
