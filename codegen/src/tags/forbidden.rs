//! `+k8s:forbidden`: the field must be unset (validation-gen's
//! `validators/required.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:forbidden`.
pub const NAME: &str = "k8s:forbidden";

/// The definition of `+k8s:forbidden`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "The field must be left unset on create and update. Setting it \
          is reported as \"Forbidden\".",
    example: "+k8s:forbidden",
};

/// Emits the absence check.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let value = &e.value;
    Some(
        quote! { field_errs.append(&mut v::forbidden_value(&p, !::runtime::codec::is_default(#value))); },
    )
}

/// The validator of `+k8s:forbidden`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: true,
    sees_option: true,
    emit,
};
