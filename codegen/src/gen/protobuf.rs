//! The protobuf generator: for each package, `zz_generated.protobuf.rs`
//! with, for every struct whose fields carry `+protobuf=N` numbers:
//! - a `runtime::codec::protobuf::ProtoSchema` table, with which the
//!   runtime transcodes objects held as JSON values;
//! - a `prost::Message` implementation on the struct itself, as
//!   go-to-protobuf generates `Marshal`, `Size` and `Unmarshal` on the Go
//!   structs: encoding, encoded length and decoding straight between the
//!   Rust value and the wire, one call per field into
//!   `runtime::codec::wire` (the same bytes as the table).
//!
//! Presence follows the Go type upstream would have: `Option<T>` is a
//! pointer (on the wire only when set), `Vec` repeated, `BTreeMap` a map,
//! and a bare type a value field (always on the wire), written to JSON only
//! when non-zero if the field is optional (`omitempty`). A value
//! `metav1.Time` or `MicroTime` upstream, an `Option` of one that serde
//! writes as `null` when `None` (no `skip_serializing_if`), is always on
//! the wire too: an empty message when unset, as Go writes its zero time
//! (`runtime::meta::wire::value_time`). The tables live in an anonymous
//! `const _: () = { ... };` block so their `use` stays local.

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{GeneratedFile, rust_file};
use crate::model::{FieldType, IntKind, Model, Package, TypeDef, TypeShape, WellKnown};
use crate::tags;

/// The protobuf number of a field, from its `+protobuf=N` marker: `N`
/// in decimal digits without a leading zero (Go reads `010` as octal), a
/// number protobuf allows ([`is_field_number`]); `None` otherwise, which
/// the check reports at the marker.
pub fn field_number(field: &crate::model::Field) -> Option<u32> {
    field
        .marker(tags::protobuf::NAME)
        .and_then(|m| m.payload_text())
        .and_then(parse_field_number)
}

/// `text` read as a protobuf field number: decimal digits without a
/// leading zero, a number [`is_field_number`] allows.
pub fn parse_field_number(text: &str) -> Option<u32> {
    Some(text)
        .filter(|t| !t.starts_with('0') && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse().ok())
        .filter(|&n| is_field_number(n))
}

/// Whether protobuf allows `n` as a field number: 1 to 2^29 - 1, outside
/// 19000 to 19999, which protobuf keeps for its own implementation.
pub fn is_field_number(n: u32) -> bool {
    (1..=(1 << 29) - 1).contains(&n) && !(19000..=19999).contains(&n)
}

/// Whether a type has a protobuf table: a struct whose fields all carry
/// numbers, but for its type meta.
pub fn has_protobuf(def: &TypeDef) -> bool {
    // A struct without fields is an empty message (upstream's empty status
    // types, such as the sample-apiserver's `FlunderStatus`).
    matches!(&def.shape, TypeShape::Struct(fields) if fields.is_empty() || (fields.iter().any(|f| field_number(f).is_some()) && fields.iter().all(|f| f.inline || field_number(f).is_some() || is_type_meta(f))))
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
            let generated = |t: &&TypeDef| has_protobuf(t) && !tags::protobuf::hand_marshalled(t);
            let impls: Vec<TokenStream> = pkg.types.iter().filter(generated).map(|t| table(model, pkg, t)).collect();
            let messages: Vec<TokenStream> = pkg
                .types
                .iter()
                .filter(generated)
                .map(|t| message_impl(model, pkg, t))
                .chain(pkg.types.iter().filter_map(|t| wrapper_impl(model, pkg, t)))
                .collect();
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
                    // Generated per field kind: a map value's decoder is
                    // written as `Ok(decode()?)` whatever its kind.
                    #[allow(clippy::needless_question_mark)]
                    const _: () = {
                        use ::prost::bytes::{Buf, BufMut};
                        use ::prost::encoding::{DecodeContext, WireType};
                        use ::runtime::meta::wire as w;
                        #(#messages)*
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
        let (kind, mut presence) = kind_and_presence(model, pkg, &f.ty, f.is_optional());
        if value_time(f).is_some() {
            presence = format_ident!("Required");
        }
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

/// For a value `metav1.Time` or `metav1.MicroTime` upstream, the
/// `runtime::meta::wire` helper that writes it (`value_time`,
/// `value_micro_time`); `None` for every other field. Such a field is an
/// `Option` of a time that serde writes even when `None` (Go writes a
/// value time's zero as JSON `null`; a pointer time is `omitempty`); Go's
/// codec writes it even when unset, as an empty message: the generated
/// `Marshal` writes every non-nullable field, and
/// `Time.MarshalToSizedBuffer` writes nothing for the zero time.
fn value_time(field: &crate::model::Field) -> Option<proc_macro2::Ident> {
    if field.skip_serializing_if.is_some() {
        return None;
    }
    let FieldType::Optional(inner) = &field.ty else {
        return None;
    };
    match **inner {
        FieldType::WellKnown(WellKnown::Time) => Some(format_ident!("value_time")),
        FieldType::WellKnown(WellKnown::MicroTime) => Some(format_ident!("value_micro_time")),
        _ => None,
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
                TypeShape::Newtype(inner) => match tags::protobuf::wrapped_items(def) {
                    Some(item) => {
                        let item = kind(model, pkg, item);
                        quote! { Kind::Items(&#item) }
                    }
                    None => kind(model, pkg, inner),
                },
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

// ------------------------------------------------------------ typed codec

/// `prost::Message` for the struct: fields in number order on encode, a
/// match on the number on decode (unknown numbers skipped).
fn message_impl(model: &Model, pkg: &Package, def: &TypeDef) -> TokenStream {
    let mut fields: Vec<WireField> = def
        .fields()
        .iter()
        .filter_map(|f| {
            let rust = format_ident!("{}", crate::tags::raw(&f.rust_name));
            Some(WireField {
                number: field_number(f)?,
                ty: &f.ty,
                place: quote! { self.#rust },
                value_time: value_time(f),
            })
        })
        .collect();
    fields.sort_by_key(|f| f.number);
    prost_message(model, pkg, &def.name, &fields)
}

/// `prost::Message` for a list newtype marked `+protobuf.nullable=true`:
/// a message whose field 1 repeats the items.
fn wrapper_impl(model: &Model, pkg: &Package, def: &TypeDef) -> Option<TokenStream> {
    let list = FieldType::List(Box::new(tags::protobuf::wrapped_items(def)?.clone()));
    Some(prost_message(
        model,
        pkg,
        &def.name,
        &[WireField {
            number: 1,
            ty: &list,
            place: quote! { self.0 },
            value_time: None,
        }],
    ))
}

/// One field of a message, as its codec reads and writes it.
struct WireField<'a> {
    number: u32,
    ty: &'a FieldType,
    /// Where the value is, e.g. `self.spec`.
    place: TokenStream,
    /// For a value time upstream (see [`value_time`]), the runtime
    /// helper that writes it, an empty message when `None`.
    value_time: Option<proc_macro2::Ident>,
}

/// `prost::Message` for the type `name` whose fields are `fields`, in
/// number order.
fn prost_message(model: &Model, pkg: &Package, name: &str, fields: &[WireField]) -> TokenStream {
    let ident = format_ident!("{}", name);
    let mut encode = Vec::new();
    let mut len = Vec::new();
    let mut merge = Vec::new();
    for field in fields {
        let tag = proc_macro2::Literal::u32_unsuffixed(field.number);
        let (e, l, m) = field_code(model, pkg, field, &tag);
        encode.push(e);
        len.push(l);
        merge.push(quote! { #tag => { #m } });
    }
    let encoded_len = if len.is_empty() {
        quote! { 0 }
    } else {
        quote! {
            let mut len = 0;
            #(len += #len;)*
            len
        }
    };
    // An empty message writes nothing and skips every field it reads.
    let (encode, merge) = if fields.is_empty() {
        (
            quote! { let _ = buf; },
            quote! { w::skip(tag, wire_type, buf, ctx)?; },
        )
    } else {
        (
            quote! { #(#encode)* },
            quote! {
                match tag {
                    #(#merge)*
                    _ => w::skip(tag, wire_type, buf, ctx)?,
                }
            },
        )
    };
    quote! {
        impl ::prost::Message for #ident {
            fn encode_raw(&self, buf: &mut impl BufMut) {
                #encode
            }

            fn merge_field(&mut self, tag: u32, wire_type: WireType, buf: &mut impl Buf, ctx: DecodeContext) -> Result<(), ::prost::DecodeError> {
                #merge
                Ok(())
            }

            fn encoded_len(&self) -> usize {
                #encoded_len
            }

            fn clear(&mut self) {
                *self = Self::default();
            }
        }
    }
}

/// One field's encode, encoded-length and merge code, by its shape
/// (`Option` a pointer, `Vec` repeated, map entries, else a value field).
fn field_code(
    model: &Model,
    pkg: &Package,
    field: &WireField,
    tag: &proc_macro2::Literal,
) -> (TokenStream, TokenStream, TokenStream) {
    let v = quote! { v };
    let place = &field.place;
    match field.ty {
        FieldType::Optional(inner) => {
            let (e, l, d) = value_code(model, pkg, inner, &quote! { #tag }, &v);
            let assign = match d {
                Decoded::Plain(d) => quote! { #place = Some(#d); },
                Decoded::Optional(d) => quote! { #place = #d; },
            };
            if let Some(helper) = &field.value_time {
                let len = format_ident!("{}_len", helper);
                return (
                    quote! { w::#helper(#tag, #place.as_ref(), buf); },
                    quote! { w::#len(#tag, #place.as_ref()) },
                    assign,
                );
            }
            (
                quote! { if let Some(v) = &#place { #e } },
                quote! { #place.as_ref().map_or(0, |v| #l) },
                assign,
            )
        }
        FieldType::List(inner) => {
            let (e, l, d) = value_code(model, pkg, inner, &quote! { #tag }, &v);
            let d = d.value();
            (
                quote! { for v in &#place { #e } },
                quote! { #place.iter().map(|v| #l).sum::<usize>() },
                quote! { #place.push(#d); },
            )
        }
        FieldType::Map(inner) => {
            let (e, l, d) = value_code(model, pkg, inner, &quote! { 2 }, &v);
            let d = d.value();
            (
                quote! {
                    for (k, v) in &#place {
                        w::map_entry(#tag, k, #l, buf);
                        #e
                    }
                },
                quote! { #place.iter().map(|(k, v)| w::map_entry_len(#tag, k, #l)).sum::<usize>() },
                quote! {
                    let (k, v) = w::decode_map_entry(wire_type, buf, ctx, |wire_type, buf, ctx| Ok(#d))?;
                    #place.insert(k, v);
                },
            )
        }
        _ => {
            let (e, l, d) = value_code(model, pkg, field.ty, &quote! { #tag }, &v);
            let d = d.value();
            (
                quote! { { let v = &#place; #e } },
                quote! { { let v = &#place; #l } },
                quote! { #place = #d; },
            )
        }
    }
}

/// What decoding one value gives: the value, or (for times) an `Option`
/// that is `None` for Go's zero time.
enum Decoded {
    Plain(TokenStream),
    Optional(TokenStream),
}

impl Decoded {
    /// The value, a zero time as the type's default.
    fn value(self) -> TokenStream {
        match self {
            Decoded::Plain(d) => d,
            Decoded::Optional(d) => quote! { #d.unwrap_or_default() },
        }
    }
}

/// Encode, encoded length and decode of one value `v` (an expression of
/// type `&T`) of element type `ty` as field `tag`.
fn value_code(
    model: &Model,
    pkg: &Package,
    ty: &FieldType,
    tag: &TokenStream,
    v: &TokenStream,
) -> (TokenStream, TokenStream, Decoded) {
    let helper = |name: &str, arg: TokenStream| {
        let encode = format_ident!("{}", name);
        let len = format_ident!("{}_len", name);
        (
            quote! { w::#encode(#tag, #arg, buf); },
            quote! { w::#len(#tag, #arg) },
        )
    };
    let decode = |name: &str| {
        let decode = format_ident!("decode_{}", name);
        quote! { w::#decode(wire_type, buf, ctx.clone())? }
    };
    let plain = |(e, l): (TokenStream, TokenStream), d: TokenStream| (e, l, Decoded::Plain(d));
    match ty {
        FieldType::Bool => plain(
            helper("bool", quote! { *#v }),
            quote! { w::decode_bool(wire_type, buf)? },
        ),
        FieldType::Int(IntKind::I64) => plain(
            helper("int", quote! { *#v }),
            quote! { w::decode_int(wire_type, buf)? },
        ),
        FieldType::Int(_) => plain(
            helper("int", quote! { (*#v) as i64 }),
            quote! { w::decode_int(wire_type, buf)? as _ },
        ),
        FieldType::Float64 => (
            quote! { w::double(#tag, *#v, buf); },
            quote! { w::double_len(#tag) },
            Decoded::Plain(quote! { w::decode_double(wire_type, buf)? }),
        ),
        FieldType::String => plain(helper("string", quote! { #v }), decode("string")),
        FieldType::Bytes => plain(helper("bytes", quote! { #v }), decode("bytes")),
        FieldType::WellKnown(wk) => match wk {
            WellKnown::Time => {
                let (e, l) = helper("time", quote! { #v });
                (e, l, Decoded::Optional(decode("time")))
            }
            WellKnown::MicroTime => {
                let (e, l) = helper("micro_time", quote! { #v });
                (e, l, Decoded::Optional(decode("micro_time")))
            }
            WellKnown::Quantity => plain(helper("quantity", quote! { #v }), decode("quantity")),
            WellKnown::IntOrString => plain(
                helper("int_or_string", quote! { #v }),
                decode("int_or_string"),
            ),
            WellKnown::RawExtension => plain(
                helper("raw_extension", quote! { #v }),
                decode("raw_extension"),
            ),
            WellKnown::FieldsV1 => plain(helper("fields_v1", quote! { #v }), decode("fields_v1")),
            WellKnown::Duration => plain(helper("string", quote! { #v }), decode("string")),
            _ => plain(helper("message", quote! { #v }), decode("message")),
        },
        FieldType::Named(r) => match model.resolve(r) {
            Some(TypeDef {
                shape: TypeShape::Enum(variants),
                ..
            }) => {
                let path = super::schema::type_path(model, pkg, r);
                let names: Vec<_> = variants
                    .iter()
                    .map(|x| format_ident!("{}", x.name))
                    .collect();
                let values: Vec<_> = variants.iter().map(|x| x.value.as_str()).collect();
                let text = quote! { match #v { #(#path::#names => #values),* } };
                let type_name = r.name();
                plain(
                    helper("string", text),
                    quote! {
                        match w::decode_string(wire_type, buf, ctx.clone())?.as_str() {
                            #(#values => #path::#names,)*
                            other => return Err(w::decode_error(format!("{other:?} is not a value of {}", #type_name))),
                        }
                    },
                )
            }
            // A wrapped list is a message of its own (`wrapper_impl`),
            // encoded as the structs are (the last arm).
            Some(
                def @ TypeDef {
                    shape: TypeShape::Newtype(inner),
                    ..
                },
            ) if tags::protobuf::wrapped_items(def).is_none() => {
                let path = super::schema::type_path(model, pkg, r);
                let inner_value = quote! { (&#v.0) };
                let (e, l, d) = value_code(model, pkg, inner, tag, &inner_value);
                let d = d.value();
                (e, l, Decoded::Plain(quote! { #path(#d) }))
            }
            _ => plain(helper("message", quote! { #v }), decode("message")),
        },
        FieldType::Optional(inner) | FieldType::List(inner) | FieldType::Map(inner) => {
            value_code(model, pkg, inner, tag, v)
        }
        FieldType::Unsupported(_) => plain(helper("string", quote! { #v }), decode("string")),
    }
}
