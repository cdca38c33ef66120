//! The protobuf generator: for each package, `zz_generated.protobuf.rs`
//! with a `runtime::codec::protobuf::ProtoSchema` table for every struct
//! whose fields carry `+protobuf=N` numbers. The runtime transcodes objects
//! with these tables (the generated code holds no logic).
//!
//! Presence follows the Go type upstream would have: `Option<T>` is a
//! pointer (on the wire only when set), `Vec` repeated, `BTreeMap` a map,
//! and a bare type a value field (always on the wire), written to JSON only
//! when non-zero if the field is optional (`omitempty`). The tables live in
//! an anonymous `const _: () = { ... };` block so their `use` stays local.

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::model::{FieldType, IntKind, Model, Package, TypeDef, TypeShape, WellKnown};
use crate::tags;

/// The protobuf number of a field, from its `+protobuf=N` marker.
pub fn field_number(field: &crate::model::Field) -> Option<u32> {
    field
        .marker(tags::protobuf::NAME)
        .and_then(|m| m.payload_text())
        .and_then(|t| t.parse().ok())
}

/// Whether a type has a protobuf table: a struct whose fields all carry
/// numbers, but for its type meta.
pub fn has_protobuf(def: &TypeDef) -> bool {
    matches!(&def.shape, TypeShape::Struct(fields) if fields.iter().any(|f| field_number(f).is_some()) && fields.iter().all(|f| f.inline || field_number(f).is_some() || is_type_meta(f)))
}

/// An unnumbered `kind` or `apiVersion`: `metav1.TypeMeta`'s fields, which
/// the `runtime.Unknown` envelope carries, never the message itself.
pub fn is_type_meta(field: &crate::model::Field) -> bool {
    matches!(field.json_name.as_str(), "kind" | "apiVersion") && field_number(field).is_none()
}

/// Generates the protobuf tables of every package of the crate at `crate_dir`.
pub fn generate(model: &Model, crate_dir: &Path) -> Vec<GeneratedFile> {
    model
        .packages
        .iter()
        .map(|pkg| {
            let impls: Vec<TokenStream> = pkg.types.iter().filter(|t| has_protobuf(t)).map(|t| table(model, pkg, t)).collect();
            let rel: PathBuf = pkg.module_path.iter().collect();
            GeneratedFile {
                path: crate_dir.join("src").join(rel).join("zz_generated.protobuf.rs"),
                contents: rust_file(if impls.is_empty() {
                    quote! {}
                } else {
                    quote! {
                    const _: () = {
                        use ::runtime::codec::protobuf::{Field, Kind, Message, Presence, ProtoSchema};
                        #(#impls)*
                    };
                    }
                }),
            }
        })
        .collect()
}

fn table(model: &Model, pkg: &Package, def: &TypeDef) -> TokenStream {
    let ident = format_ident!("{}", def.name);
    let name = &def.name;
    let fields = def.fields().iter().filter_map(|f| {
        let number = proc_macro2::Literal::u32_unsuffixed(field_number(f)?);
        // An inline (embedded) struct is its own message on the wire but
        // flattened into its parent in JSON: the empty name says so.
        let json = if f.inline { "" } else { f.json_name.as_str() };
        let (kind, presence) = kind_and_presence(model, pkg, &f.ty, f.is_optional());
        Some(quote! {
            Field {
                number: #number,
                json: #json,
                kind: #kind,
                presence: Presence::#presence,
            }
        })
    });
    quote! {
        impl ProtoSchema for #ident {
            fn message() -> &'static Message {
                static MESSAGE: Message = Message {
                    name: #name,
                    fields: &[#(#fields),*],
                };
                &MESSAGE
            }
        }
    }
}

fn kind_and_presence(
    model: &Model,
    pkg: &Package,
    ty: &FieldType,
    optional: bool,
) -> (TokenStream, proc_macro2::Ident) {
    let value = if optional {
        format_ident!("Value")
    } else {
        format_ident!("Required")
    };
    match ty {
        FieldType::Optional(inner) => (kind(model, pkg, inner), format_ident!("Pointer")),
        FieldType::List(inner) => (kind(model, pkg, inner), format_ident!("Repeated")),
        FieldType::Map(inner) => {
            let k = kind(model, pkg, inner);
            (quote! { Kind::MapOf(&#k) }, format_ident!("Map"))
        }
        other => (kind(model, pkg, other), value),
    }
}

fn kind(model: &Model, pkg: &Package, ty: &FieldType) -> TokenStream {
    let k = |name: &str| {
        let ident = format_ident!("{}", name);
        quote! { Kind::#ident }
    };
    match ty {
        FieldType::Bool => k("Bool"),
        FieldType::Int(IntKind::I64 | IntKind::U64) => k("Int64"),
        FieldType::Int(_) => k("Int32"),
        FieldType::Float64 => k("Double"),
        FieldType::String => k("String"),
        FieldType::Bytes => k("Bytes"),
        FieldType::Optional(inner) | FieldType::List(inner) => kind(model, pkg, inner),
        FieldType::Map(inner) => {
            let inner = kind(model, pkg, inner);
            quote! { Kind::MapOf(&#inner) }
        }
        FieldType::WellKnown(w) => match w {
            WellKnown::Time => k("Time"),
            WellKnown::MicroTime => k("MicroTime"),
            WellKnown::Quantity => k("Quantity"),
            WellKnown::IntOrString => k("IntOrString"),
            WellKnown::RawExtension => k("RawJson"),
            WellKnown::Duration => k("String"),
            other => {
                let ident = format_ident!("{}", other.rust_name());
                quote! { Kind::Message(<::runtime::meta::#ident as ProtoSchema>::message) }
            }
        },
        FieldType::Named(r) => match model.resolve(r) {
            Some(def) => match &def.shape {
                TypeShape::Enum(_) => k("String"),
                TypeShape::Newtype(inner) => kind(model, pkg, inner),
                TypeShape::Struct(_) => {
                    let path = super::schema::type_path(model, pkg, r);
                    quote! { Kind::Message(<#path as ProtoSchema>::message) }
                }
            },
            None => k("String"),
        },
        FieldType::Unsupported(_) => k("String"),
    }
}
