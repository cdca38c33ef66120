//! `+k8s:ifEnabled(<option>)=<tag>`: a tag applied while an option (a
//! feature gate) is on (validation-gen's `validators/options.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::markers::{Payload, Value};

/// The name of `+k8s:ifEnabled`.
pub const NAME: &str = "k8s:ifEnabled";

/// The definition of `+k8s:ifEnabled`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::OneString,
    payload: PayloadKind::Tag,
    applies_to: AppliesTo::Any,
    repeatable: true,
    stability: Stability::Alpha,
    doc: "Applies the validation tag given as payload only while the \
          validation option named in the single string argument is turned \
          on. Errors are those of the nested tag.",
    example: "+k8s:ifEnabled(\"my-feature\")=+k8s:required",
};

/// Emits the payload tag under `ctx.option_enabled(<option>)`, or, for
/// `+k8s:ifDisabled`, under its negation.
pub(super) fn emit_when(e: &Emit<'_>, enabled: bool) -> Option<TokenStream> {
    let Payload::Tag(inner) = &e.marker.payload else {
        return None;
    };
    let option = match e.marker.positional_arg() {
        Some(Value::String(s)) => s.clone(),
        _ => return None,
    };
    let body = e.nested(e.field, inner, e.ty, e.value.clone())?;
    Some(if enabled {
        quote! { if ctx.option_enabled(#option) { #body } }
    } else {
        quote! { if !ctx.option_enabled(#option) { #body } }
    })
}

/// The validator of `+k8s:ifEnabled`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit: |e| emit_when(e, true),
};
