//! The registry generator: for each package, `zz_generated.register.rs`
//! (the package's group and version, a `register` function adding its
//! resources to a `runtime::registry::Registry`, and each resource's
//! `runtime::registry::ServedKind`: which of the generated defaulting,
//! validation and protobuf codec it has); for the crate,
//! `src/zz_generated.registry.rs` with `registry()` calling every package.
//!
//! A resource is a struct with an `ObjectMeta` field named `metadata`, as
//! upstream's top-level kinds are.

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::model::{FieldType, IntKind, Model, TypeDef, WellKnown};
use crate::resource::{ResolvedPath, resolve_path, resource_meta};

/// `ServedKind::Storage` of the resource `t` of `pkg` and its conversions
/// to and from it ([`crate::conversion::stored_as`]): through the hub for
/// a version stored in another of its group, by the hand-written `From`
/// for a kind cohabiting with another group's, the object itself
/// otherwise.
fn storage(model: &Model, pkg: &crate::model::Package, t: &TypeDef) -> TokenStream {
    let ident = format_ident!("{}", t.name);
    let path = |p: &crate::model::Package| {
        let segments = p.module_path.iter().map(|s| format_ident!("{}", s));
        quote! { crate #(:: #segments)* :: #ident }
    };
    let stored = crate::conversion::stored_as(model, pkg, t);
    if let Ok(crate::conversion::StoredAs::Cohabiting { storage }) = stored {
        let storage = path(storage);
        return quote! {
            type Storage = #storage;
            fn into_storage(self) -> Self::Storage {
                #storage::from(self)
            }
            fn from_storage(stored: Self::Storage) -> Self {
                Self::from(stored)
            }
        };
    }
    let Ok(crate::conversion::StoredAs::Version { storage, hub }) = stored else {
        return quote! {
            type Storage = Self;
            fn into_storage(self) -> Self {
                self
            }
            fn from_storage(stored: Self) -> Self {
                stored
            }
        };
    };
    let (storage, hub) = (path(storage), path(hub));
    quote! {
        type Storage = #storage;
        fn into_storage(self) -> Self::Storage {
            #storage::from(#hub::from(self))
        }
        fn from_storage(stored: Self::Storage) -> Self {
            Self::from(#hub::from(stored))
        }
    }
}

/// `ServedKind::LIFECYCLE` of the resource `t` of `pkg`, from its
/// `+k8s:prerelease-lifecycle-gen` markers with the version's defaults;
/// nothing without markers.
fn lifecycle(pkg: &crate::model::Package, t: &TypeDef) -> Option<TokenStream> {
    let meta = resource_meta(t).ok()?;
    if meta.lifecycle.is_empty() {
        return None;
    }
    let l = meta.lifecycle.with_defaults(&pkg.version);
    let release = |r: Option<(u32, u32)>| match r {
        Some((major, minor)) => quote! { Some((#major, #minor)) },
        None => quote! { None },
    };
    let (introduced, deprecated, removed) = (
        release(l.introduced),
        release(l.deprecated),
        release(l.removed),
    );
    let replacement = match &l.replacement {
        Some((group, version, kind)) => quote! { Some((#group, #version, #kind)) },
        None => quote! { None },
    };
    Some(quote! {
        const LIFECYCLE: Option<::runtime::registry::Lifecycle> = Some(::runtime::registry::Lifecycle {
            introduced: #introduced,
            deprecated: #deprecated,
            removed: #removed,
            replacement: #replacement,
        });
    })
}

/// Generates the registry files of the crate at `crate_dir`.
pub fn generate(model: &Model, crate_dir: &Path, spec_dir: &Path) -> Vec<GeneratedFile> {
    let mut files = Vec::new();
    let mut calls = Vec::new();
    let validated = super::validation::validated(model);
    let defaulted = super::defaults::defaulted(model);
    for (index, pkg) in model.packages.iter().enumerate() {
        let group = pkg.group_name();
        let version = &pkg.version;
        let mut kinds = Vec::new();
        let adds: Vec<_> = pkg
            .types
            .iter()
            .filter(|t| t.is_resource())
            .map(|t| {
                let ident = format_ident!("{}", t.name);
                let protobuf = super::protobuf::has_protobuf(t).then(|| {
                    quote! {
                        fn protobuf() -> Option<&'static ::runtime::codec::protobuf::Message> {
                            Some(<Self as ::runtime::codec::protobuf::ProtoSchema>::message())
                        }
                        fn decode_protobuf(message: &[u8]) -> Option<Result<Self, ::runtime::codec::protobuf::ProtoError>> {
                            Some(::runtime::codec::wire::message_from_bytes(message))
                        }
                        fn encode_protobuf(&self) -> Option<Vec<u8>> {
                            Some(::runtime::codec::wire::encode_message(self))
                        }
                        fn encode_protobuf_envelope(&self) -> Option<Vec<u8>> {
                            Some(::runtime::codec::wire::encode_object(
                                <Self as ::runtime::resource::Resource>::INFO.api_version,
                                <Self as ::runtime::resource::Resource>::INFO.kind,
                                self,
                            ))
                        }
                    }
                });
                let defaults = defaulted.contains(&(index, t.name.clone())).then(|| {
                    quote! {
                        const DEFAULTED: bool = true;
                        fn set_defaults(&mut self) {
                            ::runtime::defaulting::SetDefaults::set_defaults(self);
                        }
                    }
                });
                let validation = validated.contains(&(index, t.name.clone())).then(|| {
                    quote! {
                        const VALIDATED: bool = true;
                        fn validate(&self, old: Option<&Self>, ctx: &::runtime::validate::Context) -> ::runtime::field::ErrorList {
                            ::runtime::registry::validate_kind(self, old, ctx)
                        }
                    }
                });
                let storage = storage(model, pkg, t);
                let lifecycle = lifecycle(pkg, t);
                let scale = scale(model, t);
                let field_values = field_values(model, t);
                kinds.push(quote! {
                    impl ::runtime::registry::ServedKind for #ident {
                        #storage
                        #lifecycle
                        #defaults
                        #validation
                        #protobuf
                        #scale
                        #field_values
                    }
                });
                quote! { registry.add::<#ident>(); }
            })
            .collect();
        let doc = format!(
            " Adds every resource of `{}` to `registry`.",
            pkg.api_version()
        );
        let registry = if adds.is_empty() {
            format_ident!("_registry")
        } else {
            format_ident!("registry")
        };
        let tokens = quote! {
            /// The API group of this package (empty for the core group).
            pub const GROUP_NAME: &str = #group;
            /// The version of this package.
            pub const VERSION: &str = #version;

            #[doc = #doc]
            pub fn register(#registry: &mut ::runtime::registry::Registry) {
                #( #adds )*
            }

            #( #kinds )*
        };
        let rel: PathBuf = pkg.module_path.iter().collect();
        files.push(GeneratedFile {
            path: crate_dir
                .join("src")
                .join(rel)
                .join("zz_generated.register.rs"),
            contents: rust_file(tokens),
        });
        let segments = pkg.module_path.iter().map(|s| format_ident!("{}", s));
        calls.push(quote! { crate #(:: #segments)* ::register(&mut registry); });
    }
    // The OpenAPI documents, from the crate's src/ up to the root the
    // paths are relative to, then down to the spec directory.
    let up = "../".repeat(crate_dir.components().count() + 1);
    let spec = spec_dir.display();
    let v2 = format!("{up}{spec}/swagger.json");
    let mut group_versions: Vec<(String, String)> = Vec::new();
    for pkg in model
        .packages
        .iter()
        .filter(|p| p.types.iter().any(|t| t.is_resource()))
    {
        let gv = (pkg.group_name().to_string(), pkg.version.clone());
        if !group_versions.contains(&gv) {
            group_versions.push(gv);
        }
    }
    let v3 = group_versions.iter().map(|(g, v)| {
        let index = super::openapi::v3_index_path(g, v);
        let file = format!("{up}{spec}/v3/{}", super::openapi::v3_file_name(g, v));
        quote! { (#index, include_str!(#file)) }
    });
    let tokens = quote! {
        /// Every resource this crate serves, package by package, with the
        /// OpenAPI documents that describe them.
        pub fn registry() -> ::runtime::registry::Registry {
            let mut registry = ::runtime::registry::Registry::new();
            #( #calls )*
            registry.set_openapi(include_str!(#v2), &[#(#v3),*]);
            registry
        }
    };
    files.push(GeneratedFile {
        path: crate_dir.join("src").join("zz_generated.registry.rs"),
        contents: rust_file(tokens),
    });
    files
}

/// `ServedKind::scale` and `set_scale_replicas` for a kind with a scale
/// marker: its paths read and written through the Rust fields they name
/// (`check` reports a path that does not resolve; such a kind gets none).
fn scale(model: &Model, def: &TypeDef) -> Option<TokenStream> {
    let scale = resource_meta(def).ok()?.scale?;
    let spec = resolve_path(model, def, &scale.spec_replicas_path).ok()?;
    let status = resolve_path(model, def, &scale.status_replicas_path).ok()?;
    let selector = if scale.label_selector_path.is_empty() {
        quote! { None }
    } else {
        let path = resolve_path(model, def, &scale.label_selector_path).ok()?;
        let get = getter(&path);
        match path.leaf {
            FieldType::WellKnown(WellKnown::LabelSelector) => {
                quote! { #get.map(::runtime::selector::format_selector) }
            }
            FieldType::Map(value) if matches!(*value, FieldType::String) => {
                quote! { #get.map(::runtime::selector::format_label_set) }
            }
            FieldType::String => quote! { #get.cloned() },
            _ => return None,
        }
    };
    let (spec_get, status_get) = (getter(&spec), getter(&status));
    let set = setter(&spec)?;
    Some(quote! {
        fn scale(&self) -> Option<::runtime::registry::ScaleFields> {
            Some(::runtime::registry::ScaleFields {
                spec_replicas: ::runtime::registry::scale_replicas(#spec_get),
                status_replicas: ::runtime::registry::scale_replicas(#status_get),
                selector: #selector,
            })
        }
        fn set_scale_replicas(&mut self, replicas: i32) {
            #set
        }
    })
}

/// An `Option<&T>` of the value at `path`, from `self`: `None` where serde
/// would leave a field on the way out of the JSON (`None`, or its
/// `skip_serializing_if` holds), as a JSON path finds nothing there.
fn getter(path: &ResolvedPath) -> TokenStream {
    steps_getter(path, false)
}

/// [`getter`], but a value field at the end of the path is read even where
/// serde leaves it out, as upstream's field label conversions format the
/// Go value (`strconv.FormatBool(pod.Spec.HostNetwork)` is `false` for a
/// pod that does not set it): what a field selector compares.
fn selectable_getter(path: &ResolvedPath) -> TokenStream {
    steps_getter(path, true)
}

fn steps_getter(path: &ResolvedPath, leaf_value: bool) -> TokenStream {
    let last = path.steps.len().saturating_sub(1);
    let steps = path.steps.iter().enumerate().map(|(i, step)| {
        let field = format_ident!("{}", crate::tags::raw(&step.rust_name));
        let skip = step
            .skip_serializing_if
            .as_deref()
            .and_then(super::schema::skip_path)
            .filter(|_| !(leaf_value && i == last));
        match (step.optional, skip) {
            (true, _) => quote! { .and_then(|v| v.#field.as_ref()) },
            (false, Some(skip)) => quote! { .map(|v| &v.#field).filter(|v| !#skip(*v)) },
            (false, None) => quote! { .map(|v| &v.#field) },
        }
    });
    quote! { Some(self)#(#steps)* }
}

/// `ServedKind::field_value` for a resource: `metadata.<field>` (through
/// `runtime::registry::metadata_field`), and each
/// `+kubebuilder:selectablefield` and `+kubebuilder:printcolumn` path
/// outside `metadata`, read through the Rust fields (`check` reports a
/// path that does not resolve; it then has no value).
fn field_values(model: &Model, def: &TypeDef) -> TokenStream {
    let meta = resource_meta(def).ok();
    // Each path once, with whether it is a selectable field (read as a
    // field selector compares it, which a print column sharing it gets).
    let mut paths: Vec<(String, bool)> = Vec::new();
    if let Some(meta) = &meta {
        let selectable = meta.selectable_fields.iter().map(|p| (p, true));
        let columns = meta.printer_columns.iter().map(|c| (&c.json_path, false));
        for (path, selectable) in selectable.chain(columns) {
            let path = path.trim_start_matches('.');
            if !path.starts_with("metadata.") && !paths.iter().any(|(p, _)| p == path) {
                paths.push((path.to_string(), selectable));
            }
        }
    }
    // A field label named otherwise reads the path it names.
    let read_from = |label: &str| -> String {
        meta.as_ref()
            .and_then(|m| m.field_label_paths.iter().find(|(l, _)| l == label))
            .map_or_else(|| label.to_string(), |(_, path)| path.clone())
    };
    let arms: Vec<TokenStream> = paths
        .iter()
        .filter_map(|(path, selectable)| {
            let resolved = resolve_path(model, def, &read_from(path)).ok()?;
            let get = if *selectable {
                selectable_getter(&resolved)
            } else {
                getter(&resolved)
            };
            Some(quote! { #path => #get.and_then(|v| ::serde_json::to_value(v).ok()), })
        })
        .collect();
    let metadata = quote! {
        ::runtime::registry::metadata_field(&self.metadata, path.strip_prefix("metadata.")?)
    };
    let body = if arms.is_empty() {
        metadata
    } else {
        quote! {
            match path {
                #(#arms)*
                _ => #metadata,
            }
        }
    };
    quote! {
        fn field_value(&self, path: &str) -> Option<::serde_json::Value> {
            #body
        }
    }
}

/// Statements setting the integer at `path` to `replicas`, making the
/// `Option` structs on the way; `None` when the path does not end at an
/// `i32` or `i64`.
fn setter(path: &ResolvedPath) -> Option<TokenStream> {
    let value = match path.leaf {
        FieldType::Int(IntKind::I32) => quote! { replicas },
        FieldType::Int(IntKind::I64) => quote! { i64::from(replicas) },
        _ => return None,
    };
    let (last, through) = path.steps.split_last()?;
    let steps = through.iter().map(|step| {
        let field = format_ident!("{}", crate::tags::raw(&step.rust_name));
        if step.optional {
            quote! { let v = v.#field.get_or_insert_with(::core::default::Default::default); }
        } else {
            quote! { let v = &mut v.#field; }
        }
    });
    let field = format_ident!("{}", crate::tags::raw(&last.rust_name));
    let value = if last.optional {
        quote! { Some(#value) }
    } else {
        value
    };
    Some(quote! {
        let v = self;
        #(#steps)*
        v.#field = #value;
    })
}
