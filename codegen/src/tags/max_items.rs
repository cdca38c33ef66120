//! `+k8s:maxItems=<n>`: at most n items (validation-gen's
//! `validators/limits.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator, count_literal};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:maxItems`.
pub const NAME: &str = "k8s:maxItems";

/// The definition of `+k8s:maxItems`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::NonNegativeInt,
    applies_to: AppliesTo::List,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Caps the number of items in a list at the non-negative integer \
          given as payload. A longer list is reported as \"Too many\".",
    example: "+k8s:maxItems=5",
};

/// Emits the item count check.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let (value, n) = (&e.value, count_literal(e.number()?));
    Some(quote! { field_errs.extend(v::max_items(&p, #value.len(), #n)); })
}

/// The validator of `+k8s:maxItems`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
