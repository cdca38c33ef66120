//! `+k8s:immutable`: the field may not change once set (validation-gen's
//! `validators/immutable.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:immutable`.
pub const NAME: &str = "k8s:immutable";

/// The definition of `+k8s:immutable`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Alpha,
    doc: "Once the object exists, this value can no longer change. An \
          update that alters it is reported as \
          \"Invalid value: field is immutable\".",
    example: "+k8s:immutable",
};

/// Emits the comparison with the old value (on update only).
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let value = &e.value;
    Some(quote! {
        if let Some(old) = old {
            field_errs.append(&mut v::immutable(&p, old != #value));
        }
    })
}

/// The validator of `+k8s:immutable`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: true,
    emit,
};
