//! The defaults generator: for each package, `zz_generated.defaults.rs`
//! with an implementation of `runtime::defaulting::SetDefaults` for every
//! struct whose defaulting does something, as Kubernetes' defaulter-gen
//! writes `SetObjectDefaults_<Type>` in `zz_generated.defaults.go`.
//!
//! Per struct, in upstream's order: the type's hand-written
//! `SetDefaults_<Type>` (`+defaulting:hook`, the `runtime::defaulting::DefaultHook`
//! beside the type), then field by field its `+default` (written here as a
//! Rust value, parsed once at generate time) and the defaulting of the
//! structs the field holds (through options, list items and map values).
//! A `+default` applies where the field is unset as Go sees it: `None` for
//! an `Option` (Go's nil pointer), the zero value otherwise (`""`, `0`,
//! `false`, empty), as defaulter-gen's generated comparisons do.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;

use super::schema::type_path;
use super::{GeneratedFile, rust_file};
use crate::model::{FieldType, Model, Package, TypeRef, TypeShape, WellKnown};
use crate::tags::raw;

/// Structs whose defaulting does something, themselves or through the
/// structs they hold, as `(package index, type name)`. Only these
/// implement `SetDefaults`; the registry generator registers exactly these
/// kinds with defaulting.
pub type Defaulted = HashSet<(usize, String)>;

/// Generates the defaulting of every package of the crate at `crate_dir`.
pub fn generate(model: &Model, crate_dir: &Path) -> Vec<GeneratedFile> {
    let work = defaulted(model);
    model
        .packages
        .iter()
        .enumerate()
        .map(|(index, pkg)| {
            let impls: Vec<TokenStream> = pkg
                .types
                .iter()
                .filter(|t| matches!(t.shape, TypeShape::Struct(_)))
                .filter(|t| work.contains(&(index, t.name.clone())))
                .map(|t| set_defaults_impl(model, pkg, &work, t))
                .collect();
            let rel: PathBuf = pkg.module_path.iter().collect();
            let contents = if impls.is_empty() {
                rust_file(quote! {})
            } else {
                rust_file(quote! {
                    const _: () = {
                        use ::runtime::defaulting::SetDefaults;
                        #(#impls)*
                    };
                })
            };
            GeneratedFile {
                path: crate_dir
                    .join("src")
                    .join(rel)
                    .join("zz_generated.defaults.rs"),
                contents,
            }
        })
        .collect()
}

/// The structs with defaulting work: a `+defaulting:hook`, a field with a
/// `+default`, or a field holding such a struct.
pub fn defaulted(model: &Model) -> Defaulted {
    let mut work = Defaulted::new();
    loop {
        let mut changed = false;
        for (i, pkg) in model.packages.iter().enumerate() {
            for def in pkg
                .types
                .iter()
                .filter(|t| matches!(t.shape, TypeShape::Struct(_)))
            {
                if work.contains(&(i, def.name.clone())) {
                    continue;
                }
                let own = def.attrs.defaulting_hook
                    || def
                        .fields()
                        .iter()
                        .any(|f| sets_something(&f.ty, f.attrs.default.as_ref()));
                if own || def.fields().iter().any(|f| reaches(&work, &f.ty)) {
                    work.insert((i, def.name.clone()));
                    changed = true;
                }
            }
        }
        if !changed {
            return work;
        }
    }
}

/// Whether a `+default` can change a field of type `ty`: not when it is
/// the zero value of a field that is not an `Option` (upstream's
/// `+default=""` on `LocalObjectReference.name`), which Go's comparison
/// with the zero value would set to itself.
fn sets_something(ty: &FieldType, default: Option<&Value>) -> bool {
    let Some(value) = default else {
        return false;
    };
    let zero = match value {
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.is_empty(),
        Value::Null => true,
    };
    matches!(ty, FieldType::Optional(_)) || !zero
}

/// Whether a value of `ty` holds a struct with defaulting work.
fn reaches(work: &Defaulted, ty: &FieldType) -> bool {
    match ty {
        FieldType::Optional(t) | FieldType::List(t) | FieldType::Map(t) => reaches(work, t),
        FieldType::Named(r) => r
            .target
            .as_ref()
            .is_some_and(|(pkg, name)| work.contains(&(*pkg, name.clone()))),
        _ => false,
    }
}

fn set_defaults_impl(
    model: &Model,
    pkg: &Package,
    work: &Defaulted,
    def: &crate::model::TypeDef,
) -> TokenStream {
    let ident = format_ident!("{}", def.name);
    let hook = def.attrs.defaulting_hook.then(|| {
        quote! { ::runtime::defaulting::DefaultHook::default_hook(self); }
    });
    let fields = def.fields().iter().map(|f| {
        let rust = format_ident!("{}", raw(&f.rust_name));
        let default = f
            .attrs
            .default
            .as_ref()
            .filter(|v| sets_something(&f.ty, Some(v)))
            .and_then(|v| {
                let value = field_default(model, &f.ty, v, &|r| type_path(model, pkg, r))?;
                Some(match &f.ty {
                    FieldType::Optional(_) => quote! {
                        if self.#rust.is_none() {
                            self.#rust = #value;
                        }
                    },
                    _ => quote! {
                        if ::runtime::codec::is_default(&self.#rust) {
                            self.#rust = #value;
                        }
                    },
                })
            });
        let recurse = recurse(work, quote! { self.#rust }, &f.ty);
        quote! { #default #recurse }
    });
    quote! {
        impl SetDefaults for #ident {
            fn set_defaults(&mut self) {
                #hook
                #(#fields)*
            }
        }
    }
}

/// Defaulting of the structs a value of `ty` at place `place` holds.
fn recurse(work: &Defaulted, place: TokenStream, ty: &FieldType) -> Option<TokenStream> {
    if !reaches(work, ty) {
        return None;
    }
    Some(match ty {
        FieldType::Optional(inner) => {
            let body = recurse(work, quote! { x }, inner)?;
            quote! { if let Some(x) = #place.as_mut() { #body } }
        }
        FieldType::List(inner) => {
            let body = recurse(work, quote! { x }, inner)?;
            quote! { for x in #place.iter_mut() { #body } }
        }
        FieldType::Map(inner) => {
            let body = recurse(work, quote! { x }, inner)?;
            quote! { for x in #place.values_mut() { #body } }
        }
        _ => quote! { #place.set_defaults(); },
    })
}

/// The Rust expression of the `+default` JSON `value` for a field of type
/// `ty`, or `None` where this generator cannot write one (the checker
/// reports those at the marker): booleans, numbers, strings, an enum's
/// values, an `IntOrString`'s number or string, and `{}` or `[]` for a
/// struct, map or list (its empty value). A Rust enum has no unset value
/// to compare with, so an enum field with a default must be an `Option`.
/// `path` writes a referenced type's path (for an enum's variants).
pub fn field_default(
    model: &Model,
    ty: &FieldType,
    value: &Value,
    path: &dyn Fn(&TypeRef) -> TokenStream,
) -> Option<TokenStream> {
    if let FieldType::Named(r) = ty
        && model
            .resolve(r)
            .is_some_and(|d| matches!(d.shape, TypeShape::Enum(_)))
    {
        return None;
    }
    rust_value(model, ty, value, path)
}

fn rust_value(
    model: &Model,
    ty: &FieldType,
    value: &Value,
    path: &dyn Fn(&TypeRef) -> TokenStream,
) -> Option<TokenStream> {
    Some(match (ty, value) {
        (FieldType::Optional(inner), _) => {
            let inner = rust_value(model, inner, value, path)?;
            quote! { Some(#inner) }
        }
        (FieldType::Bool, Value::Bool(b)) => quote! { #b },
        (FieldType::Int(_), Value::Number(n)) => {
            let literal = match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => Literal::i64_unsuffixed(i),
                (None, Some(u)) => Literal::u64_unsuffixed(u),
                _ => return None,
            };
            quote! { #literal }
        }
        (FieldType::Float64, Value::Number(n)) => {
            let literal = Literal::f64_unsuffixed(n.as_f64()?);
            quote! { #literal }
        }
        (FieldType::String, Value::String(s)) => quote! { ::std::string::String::from(#s) },
        (FieldType::WellKnown(WellKnown::IntOrString), Value::Number(n)) => {
            let literal = Literal::i32_unsuffixed(i32::try_from(n.as_i64()?).ok()?);
            quote! { ::runtime::meta::IntOrString::Int(#literal) }
        }
        (FieldType::WellKnown(WellKnown::IntOrString), Value::String(s)) => {
            quote! { ::runtime::meta::IntOrString::String(::std::string::String::from(#s)) }
        }
        (FieldType::List(_), Value::Array(a)) if a.is_empty() => {
            quote! { ::std::default::Default::default() }
        }
        (FieldType::Map(_), Value::Object(m)) if m.is_empty() => {
            quote! { ::std::default::Default::default() }
        }
        (FieldType::Named(r), _) => {
            let def = model.resolve(r)?;
            match (&def.shape, value) {
                (TypeShape::Enum(variants), Value::String(s)) => {
                    let variant = variants.iter().find(|v| &v.value == s)?;
                    let path = path(r);
                    let name = format_ident!("{}", variant.name);
                    quote! { #path::#name }
                }
                (TypeShape::Struct(_), Value::Object(m)) if m.is_empty() => {
                    quote! { ::std::default::Default::default() }
                }
                _ => return None,
            }
        }
        _ => return None,
    })
}
