//! `+k8s:listType=<atomic|set|map>` (and gengo's `+listType`): a list's
//! semantics; `set` and `map` lists must hold unique items (validation-gen's
//! `validators/list.go`), unless `+k8s:customUnique` defers that to
//! hand-written code.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Emit, Validator, custom_unique, item_field, ordered_items, ordered_key, raw};
use crate::markers::tags::{AppliesTo, ArgsKind, PayloadKind, Scope, Stability, TagDef};
use crate::model::FieldType;

/// The name of `+k8s:listType`.
pub const NAME: &str = "k8s:listType";

/// The definition of `+k8s:listType`.
pub const DEF: TagDef = TagDef {
    name: NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["atomic", "set", "map"]),
    applies_to: AppliesTo::List,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Says how a list behaves: `atomic` (replaced as a whole), `set` \
          (items must be distinct) or `map` (items keyed by their \
          `listMapKey` fields). Repeated items in a set, or repeated keys \
          in a map, are reported as \"Duplicate value\".",
    example: "+k8s:listType=map",
};

/// The name of gengo's `+listType`.
pub const LEGACY_NAME: &str = "listType";

/// The definition of gengo's `+listType`.
pub const LEGACY: TagDef = TagDef {
    name: LEGACY_NAME,
    scopes: &[Scope::Field, Scope::ListType],
    args: ArgsKind::None,
    payload: PayloadKind::OneOf(&["atomic", "set", "map"]),
    applies_to: AppliesTo::List,
    repeatable: false,
    stability: Stability::Stable,
    doc: "Emits `x-kubernetes-list-type` in the OpenAPI schema, telling \
          server-side apply whether the list is replaced whole (`atomic`), \
          merged as a set of distinct values (`set`) or merged per key \
          (`map`). Where enforced, repeats are reported as \
          \"Duplicate value\".",
    example: "+listType=atomic",
};

/// Emits the uniqueness check of a `set` or `map` list: items compared as
/// Rust values (by their key fields for a map); only a duplicate is turned
/// into JSON, for its message. Nothing under `+k8s:customUnique`.
fn emit(e: &Emit<'_>) -> Option<TokenStream> {
    let FieldType::List(_) = e.resolved() else {
        return None;
    };
    if custom_unique::is_set(e.field) {
        return None;
    }
    let value = &e.value;
    match e.marker.payload_string()?.as_str() {
        // Items with a total order are sorted once; others (structs,
        // floats, quantities) compared pair by pair, as upstream's
        // `Unique` compares them.
        "set" if ordered_items(e.model, e.ty) => Some(quote! {
            field_errs.append(&mut v::unique_by_key(&p, #value, |a| a, ::runtime::field::BadValue::value_of));
        }),
        "set" => Some(quote! {
            field_errs.append(&mut v::unique(&p, #value, |a, b| a == b, ::runtime::field::BadValue::value_of));
        }),
        "map" => {
            let keys: Vec<(Vec<proc_macro2::Ident>, bool)> = e
                .field
                .attrs
                .list_map_keys
                .iter()
                .filter_map(|k| {
                    let path = item_field(e.model, e.ty, k)?;
                    let ordered = ordered_key(e.model, e.ty, k);
                    Some((
                        path.iter().map(|f| format_ident!("{}", raw(f))).collect(),
                        ordered,
                    ))
                })
                .collect();
            if keys.is_empty() {
                return None;
            }
            if keys.iter().all(|(_, ordered)| *ordered) {
                let fields = keys.iter().map(|(path, _)| quote! { &a #(.#path)* });
                return Some(quote! {
                    field_errs.append(&mut v::unique_by_key(&p, #value, |a| (#(#fields,)*), ::runtime::field::BadValue::json_of));
                });
            }
            let compared = keys
                .iter()
                .map(|(path, _)| quote! { a #(.#path)* == b #(.#path)* });
            Some(quote! {
                field_errs.append(&mut v::unique(&p, #value, |a, b| #(#compared)&&*, ::runtime::field::BadValue::json_of));
            })
        }
        _ => None,
    }
}

/// The validator of `+k8s:listType`.
pub const VALIDATOR: Validator = Validator {
    def: &DEF,
    presence: false,
    sees_option: false,
    emit,
};

/// The validator of gengo's `+listType`: the merge strategy marker checks
/// uniqueness only in groups served as custom resources are, as
/// kube-apiserver validates `x-kubernetes-list-type` of a custom resource;
/// in Kubernetes' own groups only `+k8s:listType` does, as in
/// validation-gen.
pub const LEGACY_VALIDATOR: Validator = Validator {
    def: &LEGACY,
    emit: |e| {
        if e.pkg.is_builtin_group() {
            None
        } else {
            emit(e)
        }
    },
    ..VALIDATOR
};
