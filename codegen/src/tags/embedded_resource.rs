//! `+kubebuilder:validation:EmbeddedResource`: a RawExtension holding a whole
//! object, which needs its `apiVersion` and `kind`.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::{FieldType, WellKnown};

/// The name of `+kubebuilder:validation:EmbeddedResource`.
pub const NAME: &str = "kubebuilder:validation:EmbeddedResource";

/// The definition of `+kubebuilder:validation:EmbeddedResource`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::RawExtension,
    repeatable: false,
    stability: Stability::Stable,
    doc: "The RawExtension holds a whole object of some kind: the schema \
          says `x-kubernetes-embedded-resource: true`, and validation \
          requires its `apiVersion` and `kind`.",
    example: "+kubebuilder:validation:EmbeddedResource",
};

/// Emits the check of the embedded object's type fields.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let FieldType::WellKnown(WellKnown::RawExtension) = e.resolved() else {
        return None;
    };
    let value = &e.value;
    Some(quote! { field_errs.append(&mut v::embedded_resource(&p, &#value.0)); })
}

/// The validator of `+kubebuilder:validation:EmbeddedResource`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};
