//! The round-trip tests of a versioned package with a hub, appended to its
//! `zz_generated.conversion.rs` under `#[cfg(test)]`: random objects of
//! each of its kinds ([`runtime::arbitrary`], implemented here for the
//! package's own types), defaulted as the server stores them, converted to
//! the hub and back, and through every other version of the group that
//! converts through the same hub, come back equal
//! (`runtime::arbitrary::assert_round_trips`, which skips the objects the
//! kind's validation rejects). Values follow the fields' validation
//! markers (a `Pattern`, a minimum and maximum, a name format), so most
//! objects are valid; a field whose type is of another package keeps its
//! default. Where markers cannot say what a valid value is, the package
//! writes `#[cfg(test)] fn arbitrary_<type>(g: &mut Gen) -> Type`, which the
//! type's implementation calls.
//!
//! The crate needs `runtime` with its `arbitrary` feature among its
//! dev-dependencies.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::conversion::pairs;
use crate::model::{FieldType, IntKind, Model, Package, TypeDef, TypeShape, WellKnown};

/// The `#[cfg(test)] mod round_trip` of `pkg`, converting through `hub`.
pub fn tests(model: &Model, pkg: &Package, hub: &Package) -> TokenStream {
    let index = model.packages.iter().position(|p| std::ptr::eq(p, pkg));
    let arbitrary = pkg.types.iter().map(|t| arbitrary_impl(t, pkg, index));
    let hub_path = path_of(hub);
    let kinds = pairs(pkg, hub)
        .into_iter()
        .filter(|(t, _)| t.is_resource())
        .map(|(t, _)| {
            let name = format_ident!("{}", t.name);
            let test = format_ident!("{}_round_trips_through_the_hub_and_every_version", snake(&t.name));
            let others = model
                .packages
                .iter()
                .filter(|p| !std::ptr::eq(*p, pkg) && p.group_name() == pkg.group_name())
                .filter(|p| p.conversion_hub().is_some_and(|h| h == hub.module_path))
                .filter(|p| pairs(p, hub).iter().any(|(o, _)| o.name == t.name && o.is_resource()))
                .map(|p| {
                    let path = path_of(p);
                    let version = &p.version;
                    quote! {
                        (#version, |o| super::#name::from(#hub_path::#name::from(#path::#name::from(#hub_path::#name::from(o))))),
                    }
                });
            quote! {
                #[test]
                fn #test() {
                    ::runtime::arbitrary::assert_round_trips::<super::#name>(&[
                        ("the hub", |o| super::#name::from(#hub_path::#name::from(o))),
                        #(#others)*
                    ]);
                }
            }
        });
    quote! {
        #[cfg(test)]
        #[allow(clippy::needless_update, clippy::redundant_closure, unused_variables)]
        mod round_trip {
            #(#arbitrary)*
            #(#kinds)*
        }
    }
}

/// `crate::<module path>`.
fn path_of(pkg: &Package) -> TokenStream {
    let segments = pkg.module_path.iter().map(|s| format_ident!("{}", s));
    quote! { crate #(:: #segments)* }
}

fn snake(name: &str) -> String {
    heck::ToSnakeCase::to_snake_case(name)
}

/// `impl Arbitrary` for one type of the package: the package's own
/// `arbitrary_<type in snake case>(g)` where it writes one (for values the
/// markers cannot describe, such as a union whose member must match its
/// discriminator), else field by field.
fn arbitrary_impl(t: &TypeDef, pkg: &Package, package: Option<usize>) -> TokenStream {
    let name = format_ident!("{}", t.name);
    let hand_written = format!("arbitrary_{}", snake(&t.name));
    let body = match &t.shape {
        _ if pkg.functions.contains(&hand_written) => {
            let function = format_ident!("{}", hand_written);
            quote! { super::#function(g) }
        }
        TypeShape::Struct(fields) => {
            let fields = fields.iter().map(|f| {
                let field = format_ident!("{}", crate::tags::raw(&f.rust_name));
                let value = value(&f.ty, &Bounds::of(f), package);
                quote! { #field: #value, }
            });
            quote! {
                super::#name { #(#fields)* ..::core::default::Default::default() }
            }
        }
        TypeShape::Enum(variants) => {
            let count = variants.len();
            let arms = variants.iter().enumerate().map(|(i, v)| {
                let variant = format_ident!("{}", v.name);
                if i + 1 == count {
                    quote! { _ => super::#name::#variant, }
                } else {
                    quote! { #i => super::#name::#variant, }
                }
            });
            quote! { match g.sample(0usize..#count) { #(#arms)* } }
        }
        TypeShape::Newtype(inner) => {
            let value = value(inner, &Bounds::default(), package);
            quote! { super::#name(#value) }
        }
    };
    quote! {
        impl ::runtime::arbitrary::Arbitrary for super::#name {
            fn arbitrary(g: &mut ::runtime::arbitrary::Gen) -> Self {
                #body
            }
        }
    }
}

/// What a field's validation markers say its values look like, so that
/// most random objects are valid: `+kubebuilder:validation:Pattern`,
/// `+k8s:minimum`/`+k8s:maximum` and the name formats of `+k8s:format`.
#[derive(Default)]
struct Bounds {
    pattern: Option<String>,
    minimum: Option<i64>,
    maximum: Option<i64>,
    name_format: bool,
}

impl Bounds {
    fn of(field: &crate::model::Field) -> Bounds {
        let payload = |name: &str| field.marker(name).and_then(|m| m.payload_string());
        let number = |name: &str| payload(name).and_then(|p| p.parse::<i64>().ok());
        Bounds {
            pattern: payload(crate::tags::pattern::NAME),
            minimum: number(crate::tags::minimum::NAME),
            maximum: number(crate::tags::maximum::NAME),
            name_format: payload(crate::tags::format::NAME).is_some_and(|f| {
                matches!(
                    f.as_str(),
                    "k8s-short-name" | "k8s-long-name" | "dns-label" | "k8s-label-key"
                )
            }),
        }
    }
}

/// A random value of `ty` within `bounds` (which apply to the value
/// itself, under `Option`s), the default for a type of another package or
/// one without random values.
fn value(ty: &FieldType, bounds: &Bounds, package: Option<usize>) -> TokenStream {
    let arbitrary = quote! { ::runtime::arbitrary::Arbitrary::arbitrary(g) };
    let default = quote! { ::core::default::Default::default() };
    let unbounded = Bounds::default();
    match ty {
        FieldType::Optional(inner) => {
            let inner = value(inner, bounds, package);
            quote! { g.option(|g| #inner) }
        }
        FieldType::List(inner) => {
            let inner = value(inner, &unbounded, package);
            quote! { g.list(|g| #inner) }
        }
        FieldType::Map(inner) => {
            let inner = value(inner, &unbounded, package);
            quote! { g.map(|g| #inner) }
        }
        FieldType::String => match &bounds.pattern {
            Some(pattern) => quote! { g.matching(#pattern) },
            None if bounds.name_format => quote! { g.word() },
            None => arbitrary,
        },
        FieldType::Int(kind @ (IntKind::I32 | IntKind::I64))
            if bounds.minimum.is_some() || bounds.maximum.is_some() =>
        {
            let low = bounds
                .minimum
                .unwrap_or_else(|| bounds.maximum.unwrap_or(0).saturating_sub(1000));
            let high = bounds.maximum.unwrap_or_else(|| low.saturating_add(1000));
            let literal = |n: i64| match kind {
                IntKind::I32 => proc_macro2::Literal::i32_suffixed(
                    n.clamp(i32::MIN.into(), i32::MAX.into()) as i32,
                ),
                _ => proc_macro2::Literal::i64_suffixed(n),
            };
            let (low, high) = (literal(low), literal(high));
            quote! { g.sample(#low..=#high) }
        }
        FieldType::Bool | FieldType::Int(_) | FieldType::Float64 | FieldType::Bytes => arbitrary,
        FieldType::WellKnown(
            WellKnown::Time
            | WellKnown::Quantity
            | WellKnown::IntOrString
            | WellKnown::RawExtension
            | WellKnown::ObjectMeta
            | WellKnown::LabelSelector
            | WellKnown::LabelSelectorRequirement
            | WellKnown::FieldSelectorRequirement
            | WellKnown::Condition,
        ) => arbitrary,
        FieldType::Named(r) if r.target.as_ref().map(|(p, _)| Some(*p)) == Some(package) => {
            arbitrary
        }
        FieldType::WellKnown(_) | FieldType::Named(_) | FieldType::Unsupported(_) => default,
    }
}
