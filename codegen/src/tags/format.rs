//! `+k8s:format=<format>`: a string in one of Kubernetes' formats
//! (validation-gen's `validators/format.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::FieldType;

/// The name of `+k8s:format`.
pub const NAME: &str = "k8s:format";

/// The definition of `+k8s:format`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&[
        "k8s-ip",
        "k8s-long-name",
        "k8s-short-name",
        "k8s-label-key",
        "k8s-label-value",
        "k8s-long-name-caseless",
        "k8s-path-segment-name",
        "k8s-resource-pool-name",
        "k8s-uuid",
        "k8s-extended-resource-name",
        "k8s-resource-fully-qualified-name",
    ]),
    applies_to: AppliesTo::String,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Requires a string to follow one of the named Kubernetes formats, \
          such as `k8s-ip` (an IPv4 or IPv6 address), `k8s-long-name` (a \
          DNS subdomain) or `k8s-short-name` (a DNS label). A value that \
          does not match is reported as \"Invalid value\".",
    example: "+k8s:format=k8s-short-name",
};

/// Emits the format check, for strings.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let FieldType::String = e.resolved() else {
        return None;
    };
    let (value, format) = (&e.value, e.marker.payload_string()?);
    Some(quote! { field_errs.append(&mut v::format(&p, #value, #format)); })
}

/// The validator of `+k8s:format`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
