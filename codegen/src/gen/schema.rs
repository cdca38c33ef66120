//! The schema generator: for each package, `zz_generated.schema.rs` with a
//! `runtime::schema::Schema` table for every struct: JSON names, value
//! types, list semantics (`+listType`, `+listMapKey`), patch strategy and
//! merge key (`+patchStrategy`, `+patchMergeKey`), `+mapType` and
//! `+structType`. Strategic merge patch and server-side apply read these
//! tables. Beside each table, `runtime::fieldpaths::FieldPaths` for the
//! type: its written fields (a field serde skips is skipped) offered to the
//! field manager's sink in FieldsV1's order, under their index in the
//! table, and the JSON of the fields lists key items by; the sink holds
//! the semantics (`server::patch::apply`), the generated code only the
//! order and the access paths.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::attr::{ListType, MapType, PatchStrategy};
use crate::model::{Field, FieldType, Model, Package, TypeDef, TypeRef, TypeShape, WellKnown};

/// Generates the schema tables of every package of the crate at `crate_dir`.
/// `key_names`: [`key_names`] of every crate generated together (a list
/// of one crate may key items of another's type).
pub fn generate(
    model: &Model,
    crate_dir: &Path,
    key_names: &BTreeSet<String>,
) -> Vec<GeneratedFile> {
    model
        .packages
        .iter()
        .map(|pkg| {
            let tables: Vec<TokenStream> = pkg
                .types
                .iter()
                .map(|t| match &t.shape {
                    TypeShape::Struct(_) => table(model, pkg, t, key_names),
                    TypeShape::Enum(_) => {
                        let ident = format_ident!("{}", t.name);
                        quote! { impl ::runtime::fieldpaths::FieldPaths for #ident {} }
                    }
                    TypeShape::Newtype(_) => {
                        let ident = format_ident!("{}", t.name);
                        quote! {
                            impl ::runtime::fieldpaths::FieldPaths for #ident {
                                fn walk_paths(&self, sink: &mut dyn ::runtime::fieldpaths::PathSink) {
                                    ::runtime::fieldpaths::FieldPaths::walk_paths(&self.0, sink)
                                }
                                fn key_field(&self, name: &str) -> Option<::serde_json::Value> {
                                    ::runtime::fieldpaths::FieldPaths::key_field(&self.0, name)
                                }
                            }
                        }
                    }
                })
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

fn table(model: &Model, pkg: &Package, def: &TypeDef, key_names: &BTreeSet<String>) -> TokenStream {
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
        // A Rust `Option` is a Go pointer: absent from the zero value.
        let pointer = matches!(f.ty, FieldType::Optional(_));
        // Optional fields are `omitempty` in Go; required ones are not.
        let omit_empty = f.is_optional();
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
                pointer: #pointer,
                omit_empty: #omit_empty,
            }
        }
    });
    let paths = field_paths(model, def, key_names);
    quote! {
        impl Schema for #ident {
            fn schema() -> &'static TypeSchema {
                static SCHEMA: TypeSchema = TypeSchema { name: #name, atomic: #atomic, fields: &[#(#fields),*] };
                &SCHEMA
            }
        }
        #paths
    }
}

/// A field as JSON writes it, with the Rust expression that reaches it
/// from `self` through the inline structs it is flattened out of.
struct FlatField<'m> {
    field: &'m Field,
    access: TokenStream,
}

/// [`Model::flat_fields`] with each field's access path (`check` refuses
/// an inline `Option`, which would have none).
fn flat_fields_with_access<'m>(
    model: &'m Model,
    def: &'m TypeDef,
    from: &TokenStream,
    out: &mut Vec<FlatField<'m>>,
) {
    for f in def.fields() {
        let ident = format_ident!("{}", crate::tags::raw(&f.rust_name));
        let access = quote! { #from.#ident };
        if !f.inline {
            out.push(FlatField { field: f, access });
            continue;
        }
        if let FieldType::Named(r) = &f.ty
            && let Some(inner) = model.resolve(r)
            && matches!(inner.shape, TypeShape::Struct(_))
        {
            flat_fields_with_access(model, inner, &access, out);
        }
    }
}

/// `FieldPaths` for a struct: its written fields in FieldsV1's order (by
/// JSON name), each offered to the sink under its index in the schema
/// table, and the JSON of the fields some list keys items by.
fn field_paths(model: &Model, def: &TypeDef, key_names: &BTreeSet<String>) -> TokenStream {
    let ident = format_ident!("{}", def.name);
    let mut flat = Vec::new();
    flat_fields_with_access(model, def, &quote! { self }, &mut flat);
    let mut order: Vec<(usize, &FlatField)> = flat.iter().enumerate().collect();
    order.sort_by(|a, b| a.1.field.json_name.cmp(&b.1.field.json_name));
    let visits = order.iter().map(|(index, f)| {
        let access = &f.access;
        let written = match skip_predicate(f.field) {
            Some(skip) => quote! { !#skip(&#access) && },
            None => quote! {},
        };
        quote! {
            if #written sink.field(schema, #index) {
                ::runtime::fieldpaths::walk_then_end(&#access, sink);
            }
        }
    });
    let visits: Vec<TokenStream> = visits.collect();
    let keys = flat
        .iter()
        .filter(|f| key_names.contains(&f.field.json_name))
        .map(|f| {
            let json = &f.field.json_name;
            let access = &f.access;
            match skip_predicate(f.field) {
                Some(skip) => quote! {
                    #json if !#skip(&#access) => ::runtime::fieldpaths::key_json(&#access),
                },
                None => quote! { #json => ::runtime::fieldpaths::key_json(&#access), },
            }
        })
        .collect::<Vec<_>>();
    let key_field = if keys.is_empty() {
        quote! {}
    } else {
        quote! {
            fn key_field(&self, name: &str) -> Option<::serde_json::Value> {
                match name {
                    #(#keys)*
                    _ => None,
                }
            }
        }
    };
    // A struct without fields (upstream's empty status types) offers no
    // path.
    let body = if visits.is_empty() {
        quote! { let _ = sink; }
    } else {
        quote! {
            let schema = <Self as Schema>::schema();
            #(#visits)*
        }
    };
    quote! {
        impl ::runtime::fieldpaths::FieldPaths for #ident {
            fn walk_paths(&self, sink: &mut dyn ::runtime::fieldpaths::PathSink) {
                #body
            }
            #key_field
        }
    }
}

/// The field's `skip_serializing_if` function as a path usable from the
/// package's module (`BTreeMap::is_empty` is spelled out: the types'
/// imports are not in scope there).
fn skip_predicate(field: &Field) -> Option<syn::Path> {
    skip_path(field.skip_serializing_if.as_deref()?)
}

/// A `skip_serializing_if` function's path as [`skip_predicate`] writes it.
pub(crate) fn skip_path(written: &str) -> Option<syn::Path> {
    let path = match written.strip_prefix("BTreeMap::") {
        Some(function) => format!("::std::collections::BTreeMap::{function}"),
        None => written.to_string(),
    };
    syn::parse_str(&path).ok()
}

/// The JSON names any list of these models keys its items by
/// (`+listMapKey`, `+patchMergeKey`): the fields whose
/// `FieldPaths::key_field` is generated.
pub fn key_names<'m>(models: impl IntoIterator<Item = &'m Model>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (_, def) in models.into_iter().flat_map(Model::types) {
        for f in def.fields() {
            names.extend(f.attrs.list_map_keys.iter().cloned());
            names.extend(f.attrs.patch_merge_key.iter().cloned());
        }
    }
    names
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
            | WellKnown::LabelSelector
            | WellKnown::LabelSelectorRequirement
            | WellKnown::FieldSelectorRequirement
            | WellKnown::DeleteOptions),
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
