//! `zz_generated.conversion.rs`: for a versioned package with an internal
//! (hub) package (`+k8s:conversion-gen=<module path>`), `From` conversions
//! both ways for each type pair, field by field (see
//! [`crate::conversion`]); a pair with a hand-written function for a
//! direction calls it. Nested pairs convert through their own `From`.
//! The file ends with the package's generated round-trip tests
//! (`roundtrip.rs`).

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::conversion::{Body, Direction, Sides, function_name, pairs};
use crate::model::Model;

/// The conversion file of every versioned package of the crate at
/// `crate_dir` that names a hub. Pairs the checks reject are left out
/// (generation stops at the check first).
pub fn generate(model: &Model, crate_dir: &Path) -> Vec<GeneratedFile> {
    let mut files = Vec::new();
    for pkg in &model.packages {
        let Some(hub) = pkg.conversion_hub().and_then(|path| model.hub(&path)) else {
            continue;
        };
        let sides = Sides { model, pkg, hub };
        let hub_path = hub.module_path.iter().map(|s| format_ident!("{}", s));
        let hub_path = quote! { crate #(:: #hub_path)* };
        let mut impls = Vec::new();
        for (version, hub_def) in pairs(pkg, hub) {
            let name = format_ident!("{}", version.name);
            for direction in Direction::BOTH {
                let (from, to) = match direction {
                    Direction::ToHub => (quote! { #name }, quote! { #hub_path::#name }),
                    Direction::FromHub => (quote! { #hub_path::#name }, quote! { #name }),
                };
                let function = function_name(version, direction);
                let body = if pkg.functions.contains(&function) {
                    let function = format_ident!("{}", function);
                    quote! { #function(input) }
                } else {
                    match sides.body(version, hub_def, direction) {
                        Ok(body) => body_tokens(body, &from, &to),
                        Err(_) => continue,
                    }
                };
                impls.push(quote! {
                    impl ::core::convert::From<#from> for #to {
                        fn from(input: #from) -> Self {
                            #body
                        }
                    }
                });
            }
        }
        let rel: PathBuf = pkg.module_path.iter().collect();
        files.push(GeneratedFile {
            path: crate_dir
                .join("src")
                .join(rel)
                .join("zz_generated.conversion.rs"),
            contents: rust_file({
                let tests = super::roundtrip::tests(model, pkg, hub);
                quote! { #(#impls)* #tests }
            }),
        });
    }
    files
}

/// The body of `from` for a generated conversion.
fn body_tokens(body: Body, from: &TokenStream, to: &TokenStream) -> TokenStream {
    match body {
        Body::Struct(fields) if fields.is_empty() => quote! {
            let _ = input;
            #to {}
        },
        Body::Struct(fields) => {
            let fields = fields.iter().map(|(name, value)| {
                let name = format_ident!("{}", crate::tags::raw(name));
                quote! { #name: #value, }
            });
            quote! { #to { #(#fields)* } }
        }
        Body::Enum(variants) => {
            let arms = variants.iter().map(|v| {
                let v = format_ident!("{}", v);
                quote! { #from::#v => #to::#v, }
            });
            quote! { match input { #(#arms)* } }
        }
        Body::Newtype(value) => quote! { #to(#value) },
    }
}
