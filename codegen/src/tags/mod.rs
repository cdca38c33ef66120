//! One module per tag: its name and definition (where it may be written,
//! what it takes, its documentation and example, which `cargo xtask
//! markers` and `docs/markers.md` print), the checks it adds to the
//! generic ones of [`crate::check`], and, for a validation tag, the code it
//! emits into `zz_generated.validations.rs`, as validation-gen keeps one
//! validator per tag (`cmd/validation-gen/validators/`). The other
//! generators read the tags through typed attributes ([`crate::attr`],
//! [`crate::resource::ResourceMeta`]), which match on each module's
//! `NAME`.
//!
//! Adding a validation tag takes one module here with its `DEF` (and
//! `emit`, if it validates), its line in [`crate::markers::registry::TAGS`]
//! and in [`VALIDATORS`], and a golden case in `codegen/tests/golden.rs`;
//! `docs/markers.md` explains the steps.

use proc_macro2::TokenStream;
use quote::quote;

use crate::diagnostics::Diagnostic;
use crate::markers::Marker;
use crate::markers::tags::TagDef;
use crate::model::{Field, FieldType, IntKind, Model, Package, TypeDef};

pub mod allow_create_on_update;
pub mod allow_unconditional_update;
pub mod annotations_bump_generation;
pub mod cohabitating;
pub mod conversion_gen;
pub mod custom_unique;
pub mod declarative_validation_native;
pub mod default;
pub mod defaulting_hook;
pub mod each_key;
pub mod each_val;
pub mod embedded_resource;
pub mod enumeration;
pub mod forbidden;
pub mod format;
pub mod genclient;
pub mod genclient_non_namespaced;
pub mod genclient_only_verbs;
pub mod generation;
pub mod group_name;
pub mod if_disabled;
pub mod if_enabled;
pub mod immutable;
pub mod int_or_string;
pub mod is_subresource;
pub mod item;
pub mod kubebuilder_resource;
pub mod list_map_key;
pub mod list_type;
pub mod map_type;
pub mod max_items;
pub mod max_length;
pub mod maximum;
pub mod min_length;
pub mod minimum;
pub mod name_format;
pub mod neq;
pub mod opaque_type;
pub mod optional;
pub mod patch_merge_key;
pub mod patch_strategy;
pub mod pattern;
pub mod prerelease_lifecycle_deprecated;
pub mod prerelease_lifecycle_introduced;
pub mod prerelease_lifecycle_removed;
pub mod prerelease_lifecycle_replacement;
pub mod preserve_unknown_fields;
pub mod printcolumn;
pub mod printer_hook;
pub mod protobuf;
pub mod required;
pub mod return_deleted_object;
pub mod selectable_field;
pub mod storage_version;
pub mod strategy;
pub mod struct_type;
pub mod subfield;
pub mod subresource_scale;
pub mod subresource_status;
pub mod supports_subresource;
pub mod union;
pub mod union_discriminator;
pub mod union_member;
pub mod validation_extra;
pub mod zero_or_one_of_member;

/// A tag that emits validation code at a field (or, through `eachVal`,
/// `eachKey`, `item` and `subfield`, at a value inside it).
#[derive(Debug, Clone, Copy)]
pub struct Validator {
    /// The tag it implements.
    pub def: &'static TagDef,
    /// A presence tag (`required`, `forbidden`): when its check fails, the
    /// field's other tags are not evaluated, as in validation-gen.
    pub presence: bool,
    /// Whether it sees an optional field's `Option` itself (presence tags,
    /// `immutable`) rather than the value inside it.
    pub sees_option: bool,
    /// The code checking [`Emit::value`], pushing into `field_errs`; `None`
    /// when the tag generates nothing at this site.
    pub emit: fn(&Emit<'_>) -> Option<TokenStream>,
}

/// Every validating tag; the generator finds a marker's emitter here.
pub static VALIDATORS: &[Validator] = &[
    required::VALIDATOR,
    required::LEGACY_VALIDATOR,
    forbidden::VALIDATOR,
    immutable::VALIDATOR,
    max_length::VALIDATOR,
    min_length::VALIDATOR,
    max_items::VALIDATOR,
    minimum::VALIDATOR,
    maximum::VALIDATOR,
    neq::VALIDATOR,
    pattern::VALIDATOR,
    embedded_resource::VALIDATOR,
    format::VALIDATOR,
    list_type::VALIDATOR,
    list_type::LEGACY_VALIDATOR,
    each_val::VALIDATOR,
    each_key::VALIDATOR,
    subfield::VALIDATOR,
    if_enabled::VALIDATOR,
    if_disabled::VALIDATOR,
    item::VALIDATOR,
];

/// The validator of the tag `name`, if it validates.
pub fn validator(name: &str) -> Option<&'static Validator> {
    VALIDATORS.iter().find(|v| v.def.name == name)
}

/// A tag's own check of one of its markers on a field: the problems of
/// `marker` on `field`, beyond the generic checks of the tag's definition.
pub type FieldCheck = fn(&Field, &Marker) -> Vec<Diagnostic>;

/// The tags with a check of their own, `(tag name, check)`;
/// [`crate::check`] runs them on every field marker of that name.
pub static FIELD_CHECKS: &[(&str, FieldCheck)] = &[(custom_unique::NAME, custom_unique::check)];

/// What a validator sees where it emits.
pub struct Emit<'a> {
    /// The whole model, to resolve named types.
    pub model: &'a Model,
    /// The package being generated.
    pub pkg: &'a Package,
    /// The field the tag is written on (or, under `subfield`, the subfield).
    pub field: &'a Field,
    /// The marker being emitted.
    pub marker: &'a Marker,
    /// The type of [`Emit::value`].
    pub ty: &'a FieldType,
    /// An expression of type `&T` for [`Emit::ty`]: the value checked.
    pub value: TokenStream,
}

impl Emit<'_> {
    /// [`Emit::ty`] with aliases resolved.
    pub fn resolved(&self) -> &FieldType {
        self.ty.resolved(self.model)
    }

    /// The payload read as a Go integer (`+k8s:maxLength=10`).
    pub fn number(&self) -> Option<i64> {
        self.marker
            .payload_text()
            .and_then(crate::markers::parse_go_int)
    }

    /// The code of `inner` (a chained tag's payload) applied to `value` of
    /// type `ty`, on `field`.
    pub fn nested(
        &self,
        field: &Field,
        inner: &Marker,
        ty: &FieldType,
        value: TokenStream,
    ) -> Option<TokenStream> {
        crate::generators::validation::tag_code(self.model, self.pkg, field, inner, ty, value)
    }
}

/// What a limit tag compares with its payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// An integer, widened to `i64` (`minimum`, `maximum`).
    Int,
    /// The value as it is, a string (`maxLength`, `minLength`).
    Length,
    /// A list's number of items (`maxItems`).
    Items,
}

/// The code of a limit tag, as validation-gen's `validators/limits.go`
/// writes them all: `v::<helper>(&p, <value>, <payload>)`, with the value
/// taken as `limit` says and the payload a Go integer; `None` for an
/// integer limit on a value that is not an integer.
pub fn limit(e: &Emit<'_>, helper: &str, limit: Limit) -> Option<TokenStream> {
    let helper = quote::format_ident!("{}", helper);
    let n = e.number()?;
    let value = &e.value;
    Some(match limit {
        Limit::Int => {
            let FieldType::Int(kind) = e.resolved() else {
                return None;
            };
            let (x, n) = (as_i64(*kind, value.clone()), int_literal(n));
            quote! { field_errs.append(&mut v::#helper(&p, #x, #n)); }
        }
        Limit::Length => {
            let n = count_literal(n);
            quote! { field_errs.append(&mut v::#helper(&p, #value, #n)); }
        }
        Limit::Items => {
            let n = count_literal(n);
            quote! { field_errs.append(&mut v::#helper(&p, #value.len(), #n)); }
        }
    })
}

/// A count as an unsuffixed `usize` literal (negative counts read as 0).
fn count_literal(n: i64) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(n.max(0) as usize)
}

/// An unsuffixed integer literal.
pub fn int_literal(n: i64) -> proc_macro2::Literal {
    proc_macro2::Literal::i64_unsuffixed(n)
}

/// `value` (an expression of type `&int`) widened to `i64` (a `u64` above
/// `i64::MAX` saturates).
pub fn as_i64(kind: IntKind, value: TokenStream) -> TokenStream {
    match kind {
        IntKind::U64 => quote! { (*#value).min(i64::MAX as u64) as i64 },
        IntKind::I64 => quote! { *#value },
        _ => quote! { i64::from(*#value) },
    }
}

/// A Rust field name as an identifier's text (`r#type` for keywords).
pub fn raw(name: &str) -> String {
    if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_string()
    }
}

/// Rust's keywords, strict and reserved, of every edition up to 2024
/// (`gen`), that a raw identifier may spell (not `self`, `Self`, `super`
/// or `crate`, which no field can be named).
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn",
    "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let",
    "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return",
    "static", "struct", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use",
    "virtual", "where", "while", "yield",
];

/// The Rust field path to the item field with JSON name `json`, for a list
/// of structs `ty` (through inline fields).
pub fn item_field(model: &Model, ty: &FieldType, json: &str) -> Option<Vec<String>> {
    let FieldType::List(item) = ty.resolved(model) else {
        return None;
    };
    match item.unwrap_optional() {
        FieldType::Named(r) => field_path(model, model.resolve(r)?, json),
        FieldType::WellKnown(known) => known
            .key_fields()
            .iter()
            .find(|(name, ..)| *name == json)
            .map(|(_, rust, _)| vec![rust.to_string()]),
        _ => None,
    }
}

/// Whether the items of the list `ty` have a total order in Rust as
/// written (`Ord`): strings, integers or bools, optionally in an
/// `Option`, so generated code can sort them or index them by value.
pub fn ordered_items(model: &Model, ty: &FieldType) -> bool {
    matches!(ty.resolved(model), FieldType::List(item) if is_ordered(item))
}

/// Whether the list-map key field `json` of the items of the list `ty`
/// has a total order in Rust as written ([`ordered_items`]): a string,
/// integer or bool field, such as a Condition's `type`.
pub fn ordered_key(model: &Model, ty: &FieldType, json: &str) -> bool {
    let FieldType::List(item) = ty.resolved(model) else {
        return false;
    };
    match item.unwrap_optional() {
        FieldType::WellKnown(known) => known
            .key_fields()
            .iter()
            .any(|(name, _, ty)| *name == json && is_ordered(ty)),
        FieldType::Named(r) => model.resolve(r).is_some_and(|def| {
            model
                .flat_fields(def)
                .into_iter()
                .find(|f| f.json_name == json)
                .is_some_and(|f| is_ordered(&f.ty))
        }),
        _ => false,
    }
}

/// Strings, integers and bools, optionally in an `Option`; newtypes and
/// enums are left out (their derives are the API developer's).
fn is_ordered(ty: &FieldType) -> bool {
    matches!(
        ty.unwrap_optional(),
        FieldType::String | FieldType::Int(_) | FieldType::Bool
    )
}

fn field_path(model: &Model, def: &TypeDef, json: &str) -> Option<Vec<String>> {
    if let Some(f) = def
        .fields()
        .iter()
        .find(|f| !f.inline && f.json_name == json)
    {
        return Some(vec![f.rust_name.clone()]);
    }
    def.fields().iter().filter(|f| f.inline).find_map(|f| {
        let FieldType::Named(r) = f.ty.unwrap_optional() else {
            return None;
        };
        let mut path = field_path(model, model.resolve(r)?, json)?;
        path.insert(0, f.rust_name.clone());
        Some(path)
    })
}

#[cfg(test)]
mod tests {
    /// Every keyword a field may be named is written raw (only ten were:
    /// a field `r#in` broke the package's generated schema).
    #[test]
    fn keywords_are_written_raw() {
        for keyword in [
            "type", "in", "static", "as", "for", "gen", "async", "override",
        ] {
            assert_eq!(super::raw(keyword), format!("r#{keyword}"));
            let ident: syn::Ident = syn::parse_str(&super::raw(keyword)).expect(keyword);
            assert_eq!(ident.to_string(), format!("r#{keyword}"));
        }
        assert_eq!(super::raw("name"), "name");
        assert_eq!(super::raw("types"), "types");
    }
}
