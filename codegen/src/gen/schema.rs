//! The schema generator: for each package, `zz_generated.schema.rs` with a
//! `runtime::schema::Schema` table for every struct: JSON names, value
//! types, list semantics (`+listType`, `+listMapKey`), patch strategy and
//! merge key (`+patchStrategy`, `+patchMergeKey`), `+mapType` and
//! `+structType`. Strategic merge patch and server-side apply read these
//! tables; the generated code holds no logic.

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::attr::{ListType, MapType, PatchStrategy};
use crate::model::{FieldType, Model, Package, TypeDef, TypeRef, TypeShape, WellKnown};

/// Generates the schema tables of every package of the crate at `crate_dir`.
pub fn generate(model: &Model, crate_dir: &Path) -> Vec<GeneratedFile> {
    model
        .packages
        .iter()
        .map(|pkg| {
            let tables: Vec<TokenStream> = pkg
                .types
                .iter()
                .filter(|t| matches!(t.shape, TypeShape::Struct(_)))
                .map(|t| table(model, pkg, t))
                .collect();
            let rel: PathBuf = pkg.module_path.iter().collect();
            let contents = if tables.is_empty() {
                rust_file(quote! {})
            } else {
                rust_file(quote! {
                    const _: () = {
                        use ::runtime::schema::{FieldSchema, ListSemantics, PatchStrategy, Schema, Type, TypeSchema};
                        #(#tables)*
                    };
                })
            };
            GeneratedFile { path: crate_dir.join("src").join(rel).join("zz_generated.schema.rs"), contents }
        })
        .collect()
}

fn table(model: &Model, pkg: &Package, def: &TypeDef) -> TokenStream {
    let ident = format_ident!("{}", def.name);
    let name = &def.name;
    let type_attrs = &def.attrs;
    let atomic = type_attrs.atomic;
    let fields = model.flat_fields(def).into_iter().map(|f| {
        let json = &f.json_name;
        let ty = value_type(model, pkg, &f.ty);
        let attrs = &f.attrs;
        let keys = &attrs.list_map_keys;
        let list = match attrs.list_type {
            Some(ListType::Atomic) => quote! { ListSemantics::Atomic },
            Some(ListType::Set) => quote! { ListSemantics::Set },
            Some(ListType::Map) => quote! { ListSemantics::Map(&[#(#keys),*]) },
            None => quote! { ListSemantics::Unspecified },
        };
        let strategy = match attrs.patch_strategy {
            Some(PatchStrategy::Merge) => quote! { PatchStrategy::Merge },
            Some(PatchStrategy::Replace) => quote! { PatchStrategy::Replace },
            Some(PatchStrategy::RetainKeys) => quote! { PatchStrategy::RetainKeys },
            Some(PatchStrategy::MergeRetainKeys) => quote! { PatchStrategy::MergeRetainKeys },
            None => quote! { PatchStrategy::Default },
        };
        let merge_key = match &attrs.patch_merge_key {
            Some(k) => quote! { Some(#k) },
            None => quote! { None },
        };
        let atomic_map = attrs.map_type == Some(MapType::Atomic);
        // Normalised JSON, so formatting in the marker does not matter;
        // server-side apply keys list-map items by it.
        let default = match &attrs.default {
            Some(v) => {
                let text = v.to_string();
                quote! { Some(#text) }
            }
            None => quote! { None },
        };
        quote! {
            FieldSchema {
                json: #json,
                ty: #ty,
                list: #list,
                patch_strategy: #strategy,
                patch_merge_key: #merge_key,
                atomic_map: #atomic_map,
                default: #default,
            }
        }
    });
    quote! {
        impl Schema for #ident {
            fn schema() -> &'static TypeSchema {
                static SCHEMA: TypeSchema = TypeSchema { name: #name, atomic: #atomic, fields: &[#(#fields),*] };
                &SCHEMA
            }
        }
    }
}

fn value_type(model: &Model, pkg: &Package, ty: &FieldType) -> TokenStream {
    match ty {
        FieldType::Optional(inner) => value_type(model, pkg, inner),
        FieldType::List(inner) => {
            let inner = value_type(model, pkg, inner);
            quote! { Type::List(&#inner) }
        }
        FieldType::Map(inner) => {
            let inner = value_type(model, pkg, inner);
            quote! { Type::Map(&#inner) }
        }
        FieldType::WellKnown(
            w @ (WellKnown::ObjectMeta
            | WellKnown::ListMeta
            | WellKnown::Condition
            | WellKnown::LabelSelector),
        ) => {
            let ident = format_ident!("{}", w.rust_name());
            quote! { Type::Struct(<::runtime::meta::#ident as Schema>::schema) }
        }
        FieldType::WellKnown(w) if w.is_string_like() || *w == WellKnown::IntOrString => {
            quote! { Type::Scalar }
        }
        // Meta structs without tables yet, and embedded objects, are atomic.
        FieldType::WellKnown(_) => quote! { Type::Untyped },
        FieldType::Named(r) => match model.resolve(r) {
            Some(def) => match &def.shape {
                TypeShape::Enum(variants) => {
                    let values = variants.iter().map(|v| &v.value);
                    quote! { Type::Enum(&[#(#values),*]) }
                }
                TypeShape::Newtype(inner) => value_type(model, pkg, inner),
                TypeShape::Struct(_) => {
                    let path = type_path(model, pkg, r);
                    quote! { Type::Struct(<#path as Schema>::schema) }
                }
            },
            None => quote! { Type::Untyped },
        },
        _ => quote! { Type::Scalar },
    }
}

/// The path of a referenced type from inside `pkg`'s module.
pub(crate) fn type_path(model: &Model, pkg: &Package, r: &TypeRef) -> TokenStream {
    let ident = format_ident!("{}", r.name());
    match &r.target {
        Some((target, _)) if model.packages[*target].module_path != pkg.module_path => {
            let segments = model.packages[*target]
                .module_path
                .iter()
                .map(|s| format_ident!("{}", s));
            quote! { crate #(:: #segments)* :: #ident }
        }
        _ => quote! { #ident },
    }
}
