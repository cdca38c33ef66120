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

use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::model::Model;

/// Generates the registry files of the crate at `crate_dir`.
pub fn generate(model: &Model, crate_dir: &Path) -> Vec<GeneratedFile> {
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
                            Some(::prost::Message::encode_to_vec(self))
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
                kinds.push(quote! {
                    impl ::runtime::registry::ServedKind for #ident {
                        #defaults
                        #validation
                        #protobuf
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
    // The OpenAPI documents, from the crate's src/ up to the workspace root.
    let up = "../".repeat(crate_dir.components().count() + 1);
    let v2 = format!("{up}{}/swagger.json", super::openapi::SPEC_DIR);
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
        let file = format!(
            "{up}{}/v3/{}",
            super::openapi::SPEC_DIR,
            super::openapi::v3_file_name(g, v)
        );
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
