//! `+k8s:maximum=<n>`: an integer of at most n (validation-gen's
//! `validators/limits.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator, as_i64, int_literal};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::FieldType;

/// The name of `+k8s:maximum`.
pub const NAME: &str = "k8s:maximum";

/// The definition of `+k8s:maximum`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::Int,
    applies_to: AppliesTo::Integer,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Sets the largest value an integer may take (inclusive); the \
          payload may be negative. A larger value is reported as \
          \"Invalid value\".",
    example: "+k8s:maximum=100",
};

/// Emits the bound check, for integers.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let FieldType::Int(kind) = e.resolved() else {
        return None;
    };
    let (x, n) = (as_i64(*kind, e.value.clone()), int_literal(e.number()?));
    Some(quote! { field_errs.extend(v::maximum(&p, #x, #n)); })
}

/// The validator of `+k8s:maximum`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
