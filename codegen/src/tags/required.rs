//! `+k8s:required` (and gengo's `+required`): the field must be set
//! (validation-gen's `validators/required.go`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emit, Validator};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};

/// The name of `+k8s:required`.
pub const NAME: &str = "k8s:required";

/// The definition of `+k8s:required`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Clients must set this field on create and update. Leaving it \
          unset is reported as \"Required value\".",
    example: "+k8s:required",
};

/// The name of gengo's `+required`.
pub const LEGACY_NAME: &str = "required";

/// The definition of gengo's `+required`.
pub const LEGACY: TagDef = TagDef {
    name: LEGACY_NAME,
    scopes: &[Scope::Field],
    args: ArgsKind::None,
    payload: PayloadKind::None,
    applies_to: AppliesTo::Any,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Puts the field in the `required` list of the generated OpenAPI \
          schema; where the schema is enforced (as for CRDs), omitting it \
          is reported as \"Required value\".",
    example: "+required",
};

/// Emits the presence check.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let value = &e.value;
    Some(
        quote! { field_errs.append(&mut v::required_value(&p, !::runtime::codec::is_default(#value))); },
    )
}

/// The validator of `+k8s:required`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: true,
    sees_option: true,
    emit,
};

/// The validator of `+required`.
pub const LEGACY_VALIDATOR: Validator = Validator {
    def: &LEGACY,
    ..VALIDATOR
};
