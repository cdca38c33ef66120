//! `+k8s:minLength=<n>`: a string of at least n characters (validation-gen's
//! `validators/limits.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator, count_literal};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:minLength`.
pub const NAME: &str = "k8s:minLength";

/// The definition of `+k8s:minLength`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::Type],
    args: ArgsKind::None,
    payload: PayloadKind::NonNegativeInt,
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Sets the shortest length a string may have, as a non-negative \
          integer. A shorter string is reported as \"Invalid value\".",
    example: "+k8s:minLength=1",
};

/// Emits the length check.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let (value, n) = (&e.value, count_literal(e.number()?));
    Some(quote! { field_errs.extend(v::min_length(&p, #value, #n)); })
}

/// The validator of `+k8s:minLength`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
