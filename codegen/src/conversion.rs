//! Conversions between a versioned package and its internal (hub)
//! package (`+k8s:conversion-gen=<module path>`), as upstream's
//! conversion-gen pairs `k8s.io/api/<group>/<version>` with
//! `pkg/apis/<group>`: which types pair up, how each field of a pair
//! converts, and where a pair needs a hand-written function.
//!
//! Types pair by name. A struct pair converts field by field, fields
//! matched by Rust name: the same type moves, a pair converts through its
//! own conversion (`.into()`), and `Option`s, lists and maps of those
//! convert item by item. An enum pair converts variant by variant, by name.
//! Any difference (a field or variant on one side only, a field of another
//! shape) makes the pair need a hand-written function in the versioned
//! package, named `convert_<type in snake case>_to_hub` and
//! `convert_<type in snake case>_from_hub` (upstream:
//! `Convert_v1_Widget_To_example_Widget`): no field is dropped silently.
//! `+k8s:conversion-gen=false` on a type leaves its conversions to the
//! package (`From` implementations written by hand, which fields of its
//! type convert through); on a field, the other side gets its type's
//! default.

use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::diagnostics::Diagnostic;
use crate::model::{Field, FieldType, Model, Package, TypeDef, TypeShape};

/// Which way a conversion goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From the versioned type to the hub's.
    ToHub,
    /// From the hub's type to the versioned one.
    FromHub,
}

impl Direction {
    /// Both directions, to the hub first.
    pub const BOTH: [Direction; 2] = [Direction::ToHub, Direction::FromHub];
}

/// The name of the hand-written function that converts `def` (a type of
/// the versioned package) in `direction`: `convert_widget_spec_to_hub`,
/// `convert_widget_spec_from_hub`.
pub fn function_name(def: &TypeDef, direction: Direction) -> String {
    let way = match direction {
        Direction::ToHub => "to_hub",
        Direction::FromHub => "from_hub",
    };
    format!("convert_{}_{way}", def.name.to_snake_case())
}

/// Whether `+k8s:conversion-gen=false` opts the type or field out.
fn opted_out(markers: &[crate::markers::Marker]) -> bool {
    markers.iter().any(|m| {
        m.name == crate::tags::conversion_gen::NAME
            && m.payload_string().as_deref() == Some("false")
    })
}

/// The type pairs of `pkg` and its hub `hub`: each type of the package
/// the hub has a type of the same name for, unless either opts out.
pub fn pairs<'m>(pkg: &'m Package, hub: &'m Package) -> Vec<(&'m TypeDef, &'m TypeDef)> {
    pkg.types
        .iter()
        .filter(|t| !opted_out(&t.markers))
        .filter_map(|t| {
            let h = hub.type_named(&t.name)?;
            (!opted_out(&h.markers)).then_some((t, h))
        })
        .collect()
}

/// Why a pair cannot be converted without a hand-written function.
#[derive(Debug, Clone)]
pub struct Mismatch<'m> {
    /// The field (of either side) where it shows, if a field.
    pub field: Option<&'m Field>,
    /// What differs.
    pub message: String,
}

/// How a pair converts in one direction.
pub enum Body {
    /// A struct: each target field and the expression of its value
    /// (reading the source struct `input`).
    Struct(Vec<(String, TokenStream)>),
    /// An enum: source variant, target variant.
    Enum(Vec<String>),
    /// A newtype: the expression of the inner value (reading `input.0`).
    Newtype(TokenStream),
}

/// The package and its hub, as conversions between them see them.
pub struct Sides<'m> {
    /// The model (the versioned packages and the hubs).
    pub model: &'m Model,
    /// The versioned package.
    pub pkg: &'m Package,
    /// Its hub.
    pub hub: &'m Package,
}

impl<'m> Sides<'m> {
    /// The generated body converting `version` (the versioned type) and
    /// `hub` (the hub's) in `direction`.
    ///
    /// Errors: the first difference that needs a hand-written function.
    pub fn body(
        &self,
        version: &'m TypeDef,
        hub: &'m TypeDef,
        direction: Direction,
    ) -> Result<Body, Mismatch<'m>> {
        let (from, to) = match direction {
            Direction::ToHub => (version, hub),
            Direction::FromHub => (hub, version),
        };
        let side = |def: &TypeDef| {
            if std::ptr::eq(def, version) {
                self.pkg.version.clone()
            } else {
                "the hub".to_string()
            }
        };
        let fail = |field: Option<&'m Field>, message: String| Err(Mismatch { field, message });
        match (&from.shape, &to.shape) {
            (TypeShape::Struct(from_fields), TypeShape::Struct(to_fields)) => {
                for f in from_fields {
                    if !opted_out(&f.markers)
                        && !to_fields.iter().any(|t| t.rust_name == f.rust_name)
                    {
                        return fail(
                            Some(f),
                            format!(
                                "field `{}` of `{}` in {} has no field of that name in {}",
                                f.rust_name,
                                from.name,
                                side(from),
                                side(to)
                            ),
                        );
                    }
                }
                let mut fields = Vec::new();
                for t in to_fields {
                    let name = format_ident!("{}", crate::tags::raw(&t.rust_name));
                    let source = from_fields.iter().find(|f| f.rust_name == t.rust_name);
                    let value = match source {
                        _ if opted_out(&t.markers) => {
                            quote! { ::core::default::Default::default() }
                        }
                        Some(f) if opted_out(&f.markers) => {
                            quote! { ::core::default::Default::default() }
                        }
                        Some(f) => {
                            match self.convert(quote! { input.#name }, &f.ty, &t.ty, direction) {
                                Some(value) => value,
                                None => {
                                    return fail(
                                        Some(f),
                                        format!(
                                            "field `{}` of `{}` is `{}` in {} and `{}` in {}",
                                            f.rust_name,
                                            from.name,
                                            f.ty.describe(),
                                            side(from),
                                            t.ty.describe(),
                                            side(to)
                                        ),
                                    );
                                }
                            }
                        }
                        None => {
                            return fail(
                                Some(t),
                                format!(
                                    "field `{}` of `{}` in {} has no field of that name in {}",
                                    t.rust_name,
                                    to.name,
                                    side(to),
                                    side(from)
                                ),
                            );
                        }
                    };
                    fields.push((t.rust_name.clone(), value));
                }
                Ok(Body::Struct(fields))
            }
            (TypeShape::Enum(from_variants), TypeShape::Enum(to_variants)) => {
                let mut variants = Vec::new();
                for v in from_variants {
                    if !to_variants.iter().any(|t| t.name == v.name) {
                        return fail(
                            None,
                            format!(
                                "variant `{}` of `{}` in {} has no variant of that name in {}",
                                v.name,
                                from.name,
                                side(from),
                                side(to)
                            ),
                        );
                    }
                    variants.push(v.name.clone());
                }
                Ok(Body::Enum(variants))
            }
            (TypeShape::Newtype(a), TypeShape::Newtype(b)) => {
                match self.convert(quote! { input.0 }, a, b, direction) {
                    Some(value) => Ok(Body::Newtype(value)),
                    None => fail(
                        None,
                        format!(
                            "`{}` wraps `{}` in {} and `{}` in {}",
                            from.name,
                            a.describe(),
                            side(from),
                            b.describe(),
                            side(to)
                        ),
                    ),
                }
            }
            _ => fail(
                None,
                format!(
                    "`{}` is a {} in {} and a {} in {}",
                    from.name,
                    shape_name(&from.shape),
                    side(from),
                    shape_name(&to.shape),
                    side(to)
                ),
            ),
        }
    }

    /// The expression converting `value` of type `from` into `to` in
    /// `direction`, or `None` when the two do not convert.
    fn convert(
        &self,
        value: TokenStream,
        from: &FieldType,
        to: &FieldType,
        direction: Direction,
    ) -> Option<TokenStream> {
        Some(self.conversion(from, to, direction)?.apply(value))
    }

    /// How a value of type `from` becomes one of type `to` in `direction`,
    /// or `None` when the two do not convert.
    fn conversion(
        &self,
        from: &FieldType,
        to: &FieldType,
        direction: Direction,
    ) -> Option<Conversion> {
        match (from, to) {
            (FieldType::Named(a), FieldType::Named(b)) => {
                let (version_ref, hub_ref) = match direction {
                    Direction::ToHub => (a, b),
                    Direction::FromHub => (b, a),
                };
                let hub_def = self.model.hub_type(self.hub, hub_ref);
                let version_def = self.model.resolve(version_ref);
                match (version_def, hub_def) {
                    // A type of the package and its hub twin: converted by
                    // their own conversion (generated, or written by hand
                    // for a type that opts out).
                    (Some(v), Some(h)) if v.name == h.name && self.is_own(v) => {
                        Some(Conversion::Into)
                    }
                    // Both sides name one type outside the pair (a served
                    // type both use): moved.
                    (Some(_), None) if a.target == b.target && a.target.is_some() => {
                        Some(Conversion::Move)
                    }
                    _ => None,
                }
            }
            (FieldType::Optional(a), FieldType::Optional(b)) => Some(Conversion::Option(Box::new(
                self.conversion(a, b, direction)?,
            ))),
            (FieldType::List(a), FieldType::List(b)) => Some(Conversion::List(Box::new(
                self.conversion(a, b, direction)?,
            ))),
            (FieldType::Map(a), FieldType::Map(b)) => {
                Some(Conversion::Map(Box::new(self.conversion(a, b, direction)?)))
            }
            (FieldType::Named(_), _) | (_, FieldType::Named(_)) => None,
            _ if from == to => Some(Conversion::Move),
            _ => None,
        }
    }

    /// Whether `def` is a type of the versioned package.
    fn is_own(&self, def: &TypeDef) -> bool {
        self.pkg.types.iter().any(|t| std::ptr::eq(t, def))
    }
}

/// How one value converts: moved as it is, through its pair's `From`, or
/// item by item.
enum Conversion {
    Move,
    Into,
    Option(Box<Conversion>),
    List(Box<Conversion>),
    Map(Box<Conversion>),
}

impl Conversion {
    /// Whether the value moves unchanged (a container of moved items does).
    fn moves(&self) -> bool {
        match self {
            Conversion::Move => true,
            Conversion::Into => false,
            Conversion::Option(c) | Conversion::List(c) | Conversion::Map(c) => c.moves(),
        }
    }

    /// The expression converting `value`.
    fn apply(&self, value: TokenStream) -> TokenStream {
        if self.moves() {
            return value;
        }
        match self {
            Conversion::Move => value,
            Conversion::Into => quote! { #value.into() },
            Conversion::Option(item) => {
                let item = item.function();
                quote! { #value.map(#item) }
            }
            Conversion::List(item) => {
                let item = item.function();
                quote! { #value.into_iter().map(#item).collect() }
            }
            Conversion::Map(item) => {
                let item = item.apply(quote! { v });
                quote! { #value.into_iter().map(|(k, v)| (k, #item)).collect() }
            }
        }
    }

    /// The conversion as a function of one item: `Into::into` itself
    /// where that is all it is (clippy's `redundant_closure`, which
    /// generated code passes), else a closure.
    fn function(&self) -> TokenStream {
        match self {
            Conversion::Into => quote! { ::core::convert::Into::into },
            other => {
                let body = other.apply(quote! { v });
                quote! { |v| #body }
            }
        }
    }
}

fn shape_name(shape: &TypeShape) -> &'static str {
    match shape {
        TypeShape::Struct(_) => "struct",
        TypeShape::Enum(_) => "enum",
        TypeShape::Newtype(_) => "newtype",
    }
}

/// The problems of `pkg`'s conversions: each type pair of the package and
/// its hub converts field by field in both directions, or the package has
/// the hand-written function for that direction; no field is left behind
/// silently. [`crate::check::check`] reports them with the rest.
pub fn check(model: &Model, pkg: &Package) -> Vec<Diagnostic> {
    let mut errors: Vec<Diagnostic> = pkg
        .types
        .iter()
        .filter(|t| t.is_resource())
        .filter_map(|t| stored_as(model, pkg, t).err().map(|e| *e))
        .collect();
    let Some(hub) = pkg.conversion_hub().and_then(|path| model.hub(&path)) else {
        return errors;
    };
    let sides = Sides { model, pkg, hub };
    for (version, hub_def) in pairs(pkg, hub) {
        for direction in Direction::BOTH {
            let function = function_name(version, direction);
            if pkg.functions.contains(&function) {
                continue;
            }
            let Err(mismatch) = sides.body(version, hub_def, direction) else {
                continue;
            };
            let (way, signature) = match direction {
                Direction::ToHub => (
                    "to",
                    format!(
                        "pub fn {function}(input: {name}) -> crate::{hub}::{name}",
                        name = version.name,
                        hub = hub.module_path.join("::")
                    ),
                ),
                Direction::FromHub => (
                    "from",
                    format!(
                        "pub fn {function}(input: crate::{hub}::{name}) -> {name}",
                        name = version.name,
                        hub = hub.module_path.join("::")
                    ),
                ),
            };
            let (location, width) = match mismatch.field {
                Some(f) => (&f.location, f.rust_name.chars().count()),
                None => (&version.location, version.name.chars().count()),
            };
            errors.push(
                Diagnostic::new(
                    format!(
                        "`{}` of {} does not convert {way} the hub `{}` field by field: {}",
                        version.name,
                        pkg.module_path.join("/"),
                        hub.module_path.join("::"),
                        mismatch.message
                    ),
                    location,
                    width,
                )
                .label("no generated conversion can keep this")
                .help(format!(
                    "write `{signature}` in the package, or opt the type out with `+k8s:conversion-gen=false`"
                )),
            );
        }
    }
    errors
}

/// Where objects of a served kind are stored.
pub enum StoredAs<'m> {
    /// In the kind's own version: the only one serving the kind in its
    /// group, or the one marked `+kubebuilder:storageversion`.
    Itself,
    /// In another version of the group, reached through the hub both
    /// convert to and from.
    Version {
        /// The storage version's package.
        storage: &'m Package,
        /// The hub package.
        hub: &'m Package,
    },
    /// As the kind of the same name in another group's package
    /// (`+resource:cohabitating`), converted to and from it by hand-written
    /// `From` implementations.
    Cohabiting {
        /// The package whose kind stores the objects.
        storage: &'m Package,
    },
}

/// Where the resource `t` of `pkg` is stored: every package of the group
/// with a resource of the same name serves the kind; when there are
/// several, exactly one marks its type `+kubebuilder:storageversion`, and
/// the others reach it through their common hub.
///
/// A kind marked `+resource:cohabitating` is stored as the kind of the
/// same name in the package the marker names.
///
/// Errors: several versions and not exactly one marked; or a version
/// without a hub holding the kind, or with another hub than the storage
/// version's. Reported once per kind (at the first version) for the
/// marking, at the version for its hub. For a cohabitating kind: see
/// [`cohabiting`].
pub fn stored_as<'m>(
    model: &'m Model,
    pkg: &'m Package,
    t: &TypeDef,
) -> Result<StoredAs<'m>, Box<Diagnostic>> {
    let versions: Vec<&Package> = model
        .packages
        .iter()
        .filter(|p| p.group_name() == pkg.group_name())
        .filter(|p| p.type_named(&t.name).is_some_and(|d| d.is_resource()))
        .collect();
    if let Some(marker) = t.markers_named(crate::tags::cohabitating::NAME).next() {
        return cohabiting(model, pkg, t, marker, versions.len());
    }
    if versions.len() < 2 {
        return Ok(StoredAs::Itself);
    }
    let marked: Vec<&Package> = versions
        .iter()
        .copied()
        .filter(|p| {
            p.type_named(&t.name)
                .is_some_and(|d| d.has_marker(crate::tags::storage_version::NAME))
        })
        .collect();
    let names = versions
        .iter()
        .map(|p| p.version.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let [storage] = marked[..] else {
        if !std::ptr::eq(versions[0], pkg) {
            // Reported at the first version; generation stops there.
            return Ok(StoredAs::Itself);
        }
        let problem = if marked.is_empty() {
            "none is marked as the storage version"
        } else {
            "more than one is marked as the storage version"
        };
        return Err(Box::new(
            Diagnostic::new(
                format!(
                    "`{}` is served at {names} of {}: {problem}",
                    t.name,
                    pkg.group_name()
                ),
                &t.location,
                t.name.chars().count(),
            )
            .label("objects of every version are stored in one")
            .help("mark the stored version's type `+kubebuilder:storageversion`"),
        ));
    };
    if std::ptr::eq(storage, pkg) {
        return Ok(StoredAs::Itself);
    }
    let hub_of = |p: &Package| p.conversion_hub().and_then(|path| model.hub(&path));
    match (hub_of(pkg), hub_of(storage)) {
        (Some(hub), Some(storage_hub))
            if std::ptr::eq(hub, storage_hub) && hub.type_named(&t.name).is_some() =>
        {
            Ok(StoredAs::Version { storage, hub })
        }
        _ => Err(Box::new(Diagnostic::new(
            format!(
                "`{}` of {} is stored at {}, but the two have no hub `{}` in common",
                t.name,
                pkg.api_version(),
                storage.api_version(),
                t.name
            ),
            &t.location,
            t.name.chars().count(),
        )
        .label("objects of this version cannot be converted to the storage version")
        .help(
            "name the same internal package with `+k8s:conversion-gen=<module path>` in both packages, and give it the type",
        ))),
    }
}

/// Where a kind marked `+resource:cohabitating=<package>` is stored: the
/// package named must hold a resource of the same name and plural, served
/// in its own storage version by another group, both groups Kubernetes'
/// own (keyed `/registry/<resource>/`, the keys the two share), and the
/// kind must be served at one version of its group.
///
/// Errors: a located diagnostic at the kind for a package that is not
/// there, holds no such resource, is of the kind's own group, stores its
/// resource elsewhere, or cohabits itself; for a custom resource group on
/// either side; or for a kind served at several versions.
fn cohabiting<'m>(
    model: &'m Model,
    pkg: &'m Package,
    t: &TypeDef,
    marker: &crate::markers::Marker,
    versions: usize,
) -> Result<StoredAs<'m>, Box<Diagnostic>> {
    let written = marker.payload_string().unwrap_or_default();
    let path: Vec<String> = written
        .split(['/', ':'])
        .filter(|s| !s.is_empty() && *s != "crate")
        .map(str::to_string)
        .collect();
    let problem = |message: String, help: &str| {
        Err(Box::new(
            Diagnostic::new(message, &t.location, t.name.chars().count())
                .label("its objects are stored as another group's")
                .help(help),
        ))
    };
    if versions > 1 {
        return problem(
            format!(
                "`{}` is served at several versions of {} and marked `+{}`",
                t.name,
                pkg.group_name(),
                crate::tags::cohabitating::NAME
            ),
            "mark only a kind served at one version of its group",
        );
    }
    let Some(storage) = model.packages.iter().find(|p| p.module_path == path) else {
        return problem(
            format!(
                "`+{}={written}` on `{}` names no package",
                crate::tags::cohabitating::NAME,
                t.name
            ),
            "name the package by its module path from the crate root, as `crate::core::v1`",
        );
    };
    let plural = |d: &TypeDef| crate::resource::resource_meta(d).ok().map(|m| m.plural);
    let stored = storage
        .type_named(&t.name)
        .filter(|d| d.is_resource() && plural(d) == plural(t));
    let Some(stored) = stored else {
        return problem(
            format!(
                "`{}` of {} cohabits with {}, which serves no resource `{}` of the same name",
                t.name,
                pkg.api_version(),
                storage.api_version(),
                t.name
            ),
            "name the package that serves the resource this kind's objects are stored as",
        );
    };
    if !(pkg.is_builtin_group() && storage.is_builtin_group()) {
        let custom = if pkg.is_builtin_group() { storage } else { pkg };
        return problem(
            format!(
                "`{}` of {} cohabits with {}, but {} is keyed as a custom resource group",
                t.name,
                pkg.api_version(),
                storage.api_version(),
                custom.group_name()
            ),
            "only Kubernetes' own groups (the core group, `apps`, `*.k8s.io`) keep a resource under `/registry/<resource>/`, the keys cohabiting resources share",
        );
    }
    if storage.group_name() == pkg.group_name() {
        return problem(
            format!(
                "`{}` of {} cohabits with {} of its own group",
                t.name,
                pkg.api_version(),
                storage.api_version()
            ),
            "versions of one group are stored through their hub: mark the stored one `+kubebuilder:storageversion`",
        );
    }
    if stored.has_marker(crate::tags::cohabitating::NAME)
        || !matches!(stored_as(model, storage, stored), Ok(StoredAs::Itself))
    {
        return problem(
            format!(
                "`{}` of {} cohabits with {}, which does not store it itself",
                t.name,
                pkg.api_version(),
                storage.api_version()
            ),
            "name the package of the resource's storage version",
        );
    }
    Ok(StoredAs::Cohabiting { storage })
}
