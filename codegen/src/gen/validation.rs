//! The validation generator: for each package, `zz_generated.validations.rs`
//! with an implementation of `runtime::validate::Validate` for every struct,
//! from the declarative validation tags (`+k8s:*`, `+required`, `+listType`
//! and friends), as Kubernetes' validation-gen writes
//! `zz_generated.validations.go`.
//!
//! The generated code is thin: per field it computes the path, skips values
//! equal to the old value (ratcheting), and calls the `runtime::validate`
//! helpers; nested structs, list items (matched with old items by their map
//! keys) and map values recurse through their own `Validate`.

use std::collections::HashSet;
use std::path::{Path as FsPath, PathBuf};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::markers::{Marker, Value as ArgValue};
use crate::model::{Field, FieldType, Model, Package, TypeDef, TypeShape};
use crate::tags::{self, Emit, item_field, ordered_key, raw};

/// Generates the validation of every package of the crate at `crate_dir`.
///
/// Only the structs in [`validated`] get an implementation: the others'
/// would be empty, and nothing calls them (recursion stops at them, and
/// their kinds are registered without validation).
pub fn generate(model: &Model, crate_dir: &FsPath) -> Vec<GeneratedFile> {
    let work = structs_with_work(model);
    let validated = validated(model);
    model
        .packages
        .iter()
        .enumerate()
        .map(|(index, pkg)| {
            let impls: Vec<TokenStream> = pkg
                .types
                .iter()
                .filter(|t| matches!(t.shape, TypeShape::Struct(_)))
                .filter(|t| validated.contains(&(index, t.name.clone())))
                .map(|t| validate_impl(model, pkg, &work, t))
                .collect();
            let rel: PathBuf = pkg.module_path.iter().collect();
            // The helpers module is imported only where a tag calls it.
            let uses_helpers = impls.iter().any(|t| t.to_string().contains("v ::"));
            let validate_use = if uses_helpers {
                quote! { use ::runtime::validate::{self as v, Context, Validate}; }
            } else {
                quote! { use ::runtime::validate::{Context, Validate}; }
            };
            let contents = if impls.is_empty() {
                rust_file(quote! {})
            } else {
                rust_file(quote! {
                    // Generated per tag; nesting mirrors the tags, not style.
                    #[allow(clippy::collapsible_if)]
                    const _: () = {
                        use ::runtime::field::{ErrorList, Path};
                        #validate_use
                        #(#impls)*
                    };
                })
            };
            GeneratedFile {
                path: crate_dir
                    .join("src")
                    .join(rel)
                    .join("zz_generated.validations.rs"),
                contents,
            }
        })
        .collect()
}

/// The structs whose validation does something, themselves or through the
/// structs they hold, as `(package index, type name)`; the generated code
/// does not recurse into any other (no path is built, no call is made).
type Work = HashSet<(usize, String)>;

/// The structs that implement `Validate`, as `(package index, type name)`:
/// those with work, and the kinds of packages with subresource tags
/// (`+k8s:supportsSubresource`, `+k8s:isSubresource`), whose validation
/// refuses the paths they do not serve. The registry generator registers
/// exactly these kinds with validation.
pub fn validated(model: &Model) -> HashSet<(usize, String)> {
    let mut validated = structs_with_work(model);
    for (index, pkg) in model.packages.iter().enumerate() {
        let subresource_tags = pkg.markers.iter().any(|m| {
            m.name == tags::supports_subresource::NAME || m.name == tags::is_subresource::NAME
        });
        if subresource_tags {
            validated.extend(
                pkg.types
                    .iter()
                    .filter(|t| t.is_resource())
                    .map(|t| (index, t.name.clone())),
            );
        }
    }
    validated
}

fn structs_with_work(model: &Model) -> Work {
    let mut work = Work::new();
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
                let recurses = def
                    .fields()
                    .iter()
                    .any(|f| !f.attrs.opaque_type && reaches(&work, &f.ty));
                if recurses || own_work(model, pkg, def) {
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

/// Whether a value of `ty` holds a struct with work.
fn reaches(work: &Work, ty: &FieldType) -> bool {
    match ty {
        FieldType::Optional(t) | FieldType::List(t) | FieldType::Map(t) => reaches(work, t),
        FieldType::Named(r) => r
            .target
            .as_ref()
            .is_some_and(|(pkg, name)| work.contains(&(*pkg, name.clone()))),
        _ => false,
    }
}

/// Whether the struct's own tags generate any code.
fn own_work(model: &Model, pkg: &Package, def: &TypeDef) -> bool {
    def.attrs.validation_extra
        || !union_code(def).is_empty()
        || def.fields().iter().any(|f| {
            f.markers
                .iter()
                .any(|m| tag_code(model, pkg, f, m, &f.ty, quote! { new }).is_some())
        })
}

fn validate_impl(model: &Model, pkg: &Package, work: &Work, def: &TypeDef) -> TokenStream {
    let ident = format_ident!("{}", def.name);
    let fields: Vec<TokenStream> = def
        .fields()
        .iter()
        .filter(|f| !f.inline)
        .map(|f| field_code(model, pkg, work, f))
        .filter(|t| !t.is_empty())
        .collect();
    // An inline (embedded) struct's fields sit in this object, at its path.
    let inline: Vec<TokenStream> = def
        .fields()
        .iter()
        .filter(|f| f.inline && reaches(work, &f.ty))
        .map(|f| {
            let rust = format_ident!("{}", raw(&f.rust_name));
            quote! { errs.append(&mut self.#rust.validate_update(old.map(|o| &o.#rust), path, ctx)); }
        })
        .collect();
    let unions = union_code(def);
    let (extra_first, extra) = if def.attrs.validation_extra {
        (
            quote! { errs.append(&mut ::runtime::validate::ValidateExtra::validate_extra_first(self, old, path, ctx)); },
            quote! { errs.append(&mut ::runtime::validate::ValidateExtra::validate_extra(self, old, path, ctx)); },
        )
    } else {
        (quote! {}, quote! {})
    };
    // Parameters the body does not use are bound as `_name`.
    let body = quote! { #extra_first #(#fields)* #(#inline)* #unions #extra }.to_string();
    let binding = |name: &str| {
        let used = body
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|w| w == name);
        if used {
            format_ident!("{}", name)
        } else {
            format_ident!("_{}", name)
        }
    };
    let (old_binding, path_binding, ctx_binding) =
        (binding("old"), binding("path"), binding("ctx"));
    // The package's subresource tags pick the request paths it serves.
    let paths = |tag: &str| -> Vec<String> {
        pkg.markers
            .iter()
            .filter(|m| m.name == tag)
            .filter_map(Marker::payload_string)
            .collect()
    };
    let (supports, is) = (
        paths(tags::supports_subresource::NAME),
        paths(tags::is_subresource::NAME),
    );
    let subresources = if !is.is_empty() {
        quote! { const SUBRESOURCES: Option<&'static [&'static str]> = Some(&[#(#is),*]); }
    } else if !supports.is_empty() {
        quote! { const SUBRESOURCES: Option<&'static [&'static str]> = Some(&["/", #(#supports),*]); }
    } else {
        quote! {}
    };
    quote! {
        impl Validate for #ident {
            #subresources
            fn validate_update(&self, #old_binding: Option<&Self>, #path_binding: &Path, #ctx_binding: &Context) -> ErrorList {
                #[allow(unused_mut)]
                let mut errs = ErrorList::new();
                #extra_first
                #(#fields)*
                #(#inline)*
                #unions
                #extra
                errs
            }
        }
    }
}

/// The validation of one field: its tags (ratcheted), then recursion.
fn field_code(model: &Model, pkg: &Package, work: &Work, field: &Field) -> TokenStream {
    let rust = format_ident!("{}", raw(&field.rust_name));
    let json = &field.json_name;
    // Presence tags (required, forbidden) short-circuit: when one fails,
    // the field's other tags are not evaluated, as in validation-gen.
    let is_presence = |m: &&Marker| tags::validator(&m.name).is_some_and(|v| v.presence);
    let presence: Vec<TokenStream> = field
        .markers
        .iter()
        .filter(is_presence)
        .filter_map(|m| tag_code(model, pkg, field, m, &field.ty, quote! { new }))
        .collect();
    let others: Vec<TokenStream> = field
        .markers
        .iter()
        .filter(|m| !is_presence(m))
        .filter_map(|m| tag_code(model, pkg, field, m, &field.ty, quote! { new }))
        .collect();
    let tags: Vec<TokenStream> = match (presence.is_empty(), others.is_empty()) {
        (_, true) => presence,
        (true, false) => others,
        (false, false) => vec![quote! {
            #(#presence)*
            if field_errs.is_empty() {
                #(#others)*
            }
        }],
    };
    let native = field
        .markers
        .iter()
        .any(|m| m.name == tags::declarative_validation_native::NAME);
    let recurse = recurse_code(model, work, field);
    if tags.is_empty() && recurse.is_empty() {
        return quote! {};
    }
    let ratcheted = if tags.is_empty() {
        quote! {}
    } else {
        quote! {
            // Ratcheting: a value equal to the old one is not re-validated.
            if old != Some(new) {
                #(#tags)*
            }
        }
    };
    let mark_native = if native {
        quote! { for e in &mut field_errs { e.declarative_native = true; } }
    } else {
        quote! {}
    };
    quote! {
        {
            let p = path.field(#json);
            let new = &self.#rust;
            let old = old.map(|o| &o.#rust);
            #[allow(unused_mut)]
            let mut field_errs = ErrorList::new();
            #ratcheted
            #recurse
            #mark_native
            errs.append(&mut field_errs);
        }
    }
}

/// Recursion into the field's own types' validation.
fn recurse_code(model: &Model, work: &Work, field: &Field) -> TokenStream {
    let attrs = &field.attrs;
    if attrs.opaque_type || !reaches(work, &field.ty) {
        return quote! {};
    }
    let list_keys = &attrs.list_map_keys;
    match field.ty.unwrap_optional() {
        FieldType::List(_) if !list_keys.is_empty() => {
            let paths: Vec<Vec<proc_macro2::Ident>> = list_keys
                .iter()
                .filter_map(|k| item_field(model, &field.ty, k))
                .map(|path| path.iter().map(|f| format_ident!("{}", raw(f))).collect())
                .collect();
            let item_keys: Vec<TokenStream> = paths
                .iter()
                .map(|path| quote! { x #(.#path)* == item #(.#path)* })
                .collect();
            let ordered = list_keys.iter().all(|k| ordered_key(model, &field.ty, k));
            let access = if matches!(field.ty, FieldType::Optional(_)) {
                quote! { new.iter().flatten() }
            } else {
                quote! { new.iter() }
            };
            let old_access = if matches!(field.ty, FieldType::Optional(_)) {
                quote! { old.and_then(|o| o.as_ref()) }
            } else {
                quote! { old }
            };
            if ordered && !paths.is_empty() {
                let old_keys = paths.iter().map(|path| quote! { &x #(.#path)* });
                let new_keys = paths.iter().map(|path| quote! { &item #(.#path)* });
                return quote! {
                    // List-map items are matched with old items by their
                    // keys, indexed once.
                    let old_items = v::OldItems::new(#old_access.map(|o| o.as_slice()), |x| (#(#old_keys,)*));
                    for (i, item) in #access.enumerate() {
                        let old_item = old_items.get(&(#(#new_keys,)*));
                        field_errs.append(&mut item.validate_update(old_item, &p.index(i), ctx));
                    }
                };
            }
            quote! {
                // List-map items are matched with old items by their keys.
                for (i, item) in #access.enumerate() {
                    let old_item = #old_access.and_then(|o| o.iter().find(|x| #(#item_keys)&&*));
                    field_errs.append(&mut item.validate_update(old_item, &p.index(i), ctx));
                }
            }
        }
        _ => quote! { field_errs.append(&mut new.validate_update(old, &p, ctx)); },
    }
}

/// Code applying one tag to the value `value` (an expression of type `&T`
/// for `ty`), pushing into `field_errs`; `None` for tags that generate
/// nothing at this site. The tag's own module (`crate::tags`) writes the
/// code; a tag that does not see an `Option` is applied to the value
/// inside it.
pub(crate) fn tag_code(
    model: &Model,
    pkg: &Package,
    field: &Field,
    m: &Marker,
    ty: &FieldType,
    value: TokenStream,
) -> Option<TokenStream> {
    let validator = tags::validator(&m.name)?;
    if !validator.sees_option
        && let FieldType::Optional(inner) = ty
    {
        let body = tag_code(model, pkg, field, m, inner, quote! { x })?;
        return Some(quote! { if let Some(x) = #value { #body } });
    }
    // A newtype's tags apply to the value inside it, as the check reads
    // them (through `FieldType::resolved`): `new.len()` on a newtype over
    // a list did not compile.
    if let FieldType::Named(r) = ty
        && let Some(def) = model.resolve(r)
        && let crate::model::TypeShape::Newtype(inner) = &def.shape
    {
        return tag_code(model, pkg, field, m, inner, quote! { (&#value.0) });
    }
    (validator.emit)(&Emit {
        model,
        pkg,
        field,
        marker: m,
        ty,
        value,
    })
}

/// Union checks over the struct's members: `+k8s:zeroOrOneOfMember`,
/// `+k8s:unionMember` (with `+k8s:unionDiscriminator`), grouped by their
/// `union` argument.
/// One union of a struct: (union name, zero-or-one-of, members as
/// (Rust field, member name), discriminator Rust field).
type UnionGroup = (String, bool, Vec<(String, String)>, Option<String>);

fn union_code(def: &TypeDef) -> TokenStream {
    let mut groups: Vec<UnionGroup> = Vec::new();
    for f in def.fields() {
        for m in &f.markers {
            let name = m.name.as_str();
            let (zero_or_one, member) = if name == tags::zero_or_one_of_member::NAME {
                (true, true)
            } else if name == tags::union_member::NAME {
                (false, true)
            } else if name == tags::union_discriminator::NAME {
                (false, false)
            } else {
                continue;
            };
            let union = match m.arg("union") {
                Some(ArgValue::String(s)) => s.clone(),
                _ => String::new(),
            };
            let idx = match groups.iter().position(|g| g.0 == union) {
                Some(i) => i,
                None => {
                    groups.push((union.clone(), zero_or_one, Vec::new(), None));
                    groups.len() - 1
                }
            };
            if member {
                let member_name = match m.arg("memberName") {
                    Some(ArgValue::String(s)) => s.clone(),
                    _ => capitalize(&f.json_name),
                };
                groups[idx].2.push((f.rust_name.clone(), member_name));
                groups[idx].1 = zero_or_one;
            } else {
                groups[idx].3 = Some(f.rust_name.clone());
            }
        }
    }
    let checks = groups.iter().map(|(_, zero_or_one, members, discriminator)| {
        let json_names: Vec<String> = members
            .iter()
            .map(|(rust, _)| def.fields().iter().find(|f| &f.rust_name == rust).map(|f| f.json_name.clone()).unwrap_or_default())
            .collect();
        let present: Vec<TokenStream> = members
            .iter()
            .zip(&json_names)
            .map(|((rust, _), json)| {
                let r = format_ident!("{}", raw(rust));
                quote! { (#json, !::runtime::codec::is_default(&self.#r)) }
            })
            .collect();
        match (zero_or_one, discriminator) {
            (true, _) => quote! { errs.append(&mut v::zero_or_one_of(path, &[#(#present),*])); },
            (false, Some(d)) => {
                let d_ident = format_ident!("{}", raw(d));
                let d_json = def.fields().iter().find(|f| &f.rust_name == d).map(|f| f.json_name.clone()).unwrap_or_default();
                let triples = members.iter().zip(&json_names).map(|((rust, member), json)| {
                    let r = format_ident!("{}", raw(rust));
                    quote! { (#json, #member, !::runtime::codec::is_default(&self.#r)) }
                });
                quote! {
                    let discriminator = ::serde_json::to_value(&self.#d_ident).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
                    errs.append(&mut v::discriminated_union(path, #d_json, &discriminator, &[#(#triples),*]));
                }
            }
            (false, None) => quote! { errs.append(&mut v::union(path, &[#(#present),*])); },
        }
    });
    quote! { #(#checks)* }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
