//! The type model: the one representation every generator reads.
//!
//! [`crate::parse`] builds it from annotated Rust sources, with each
//! type's and field's markers also read into typed attributes
//! ([`crate::attr`]); [`crate::check`] validates it; the generators in
//! [`crate::generators`] read it and never re-parse source. The shapes mirror what gengo gives Kubernetes' generators:
//! packages (a group/version), named types, fields with JSON names and
//! comment tags.

use std::path::{Path, PathBuf};

use crate::markers::Marker;

/// A position in a source file: 1-based line and column (in characters), and
/// the span of the syntax it came from (used by derive macros to point
/// compiler errors at the right token).
#[derive(Debug, Clone)]
pub struct Location {
    /// The file, as given to the parser (relative paths stay relative).
    pub file: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// The token span this location was read from.
    pub span: proc_macro2::Span,
}

impl Location {
    /// A location in `file` at `line:column` (1-based).
    pub fn new(file: impl Into<PathBuf>, line: usize, column: usize) -> Self {
        Location {
            file: file.into(),
            line,
            column,
            span: proc_macro2::Span::call_site(),
        }
    }

    /// A placeholder for markers parsed without a source file.
    pub fn unknown() -> Self {
        Location::new("<unknown>", 1, 1)
    }

    /// The same line, `n` characters to the right.
    pub fn offset_columns(&self, n: usize) -> Location {
        Location {
            column: self.column + n,
            ..self.clone()
        }
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

/// Everything parsed from one crate's source tree.
#[derive(Debug, Clone, Default)]
pub struct Model {
    /// Packages in path order (`core/v1` before `example/v1`).
    pub packages: Vec<Package>,
    /// The internal (hub) packages versioned packages convert to and from
    /// (`+k8s:conversion-gen=<module path>`), as upstream's
    /// `pkg/apis/<group>`: read for the conversion generator only, not
    /// served. A hub type's references to its own package's types resolve
    /// by name within it ([`Model::hub_type`]).
    pub hubs: Vec<Package>,
}

/// One API package: a `<group>/<version>` module directory, such as
/// `apis/src/example/v1/`, the Rust twin of a Go `k8s.io/api/<group>/<version>`
/// package.
#[derive(Debug, Clone)]
pub struct Package {
    /// The API group from `//! +groupName=...`; empty for the core group;
    /// `None` when the package carries no `+groupName` marker.
    pub group: Option<String>,
    /// The version: the directory name (`v1`, `v1beta1`).
    pub version: String,
    /// The Rust module path from the crate root: `["example", "v1"]`.
    pub module_path: Vec<String>,
    /// The package directory.
    pub dir: PathBuf,
    /// Package-scope markers (inner doc comments of any file in the package).
    pub markers: Vec<Marker>,
    /// Package description: the inner doc comments minus marker lines.
    pub description: String,
    /// The types declared in the package, in file then declaration order.
    pub types: Vec<TypeDef>,
    /// Where the package is declared (its `mod.rs`, or first file).
    pub location: Location,
    /// The free functions its files define, by name: hand-written
    /// conversions are found by their names.
    pub functions: Vec<String>,
}

impl Package {
    /// The group, or `""` when unset.
    pub fn group_name(&self) -> &str {
        self.group.as_deref().unwrap_or("")
    }

    /// Whether the group is one of Kubernetes' own (the core group, a group
    /// without dots such as `apps`, or one under `.k8s.io`), as opposed to
    /// a group served the way custom resources are (`example.dev`).
    pub fn is_builtin_group(&self) -> bool {
        let g = self.group_name();
        !g.contains('.') || g.ends_with(".k8s.io")
    }

    /// The `apiVersion` string: `v1` for the core group, `example.dev/v1` otherwise.
    pub fn api_version(&self) -> String {
        match self.group_name() {
            "" => self.version.clone(),
            g => format!("{g}/{}", self.version),
        }
    }

    /// The type named `name`, if declared here.
    pub fn type_named(&self, name: &str) -> Option<&TypeDef> {
        self.types.iter().find(|t| t.name == name)
    }

    /// The module path of the internal (hub) package this versioned
    /// package converts to and from: the payload of its
    /// `+k8s:conversion-gen=<module path>` marker (`example`, or
    /// `crate::example`), as segments; `None` without one (or with
    /// `false`).
    pub fn conversion_hub(&self) -> Option<Vec<String>> {
        let marker = self
            .markers
            .iter()
            .find(|m| m.name == crate::tags::conversion_gen::NAME)?;
        let path = marker.payload_string()?;
        if path.is_empty() || path == "false" {
            return None;
        }
        Some(
            path.split(['/', ':'])
                .filter(|s| !s.is_empty() && *s != "crate")
                .map(str::to_string)
                .collect(),
        )
    }
}

/// A named type: a struct, a string enum, or a newtype.
#[derive(Debug, Clone)]
pub struct TypeDef {
    /// The Rust (and Kubernetes) type name: `Widget`.
    pub name: String,
    /// The description: doc lines minus marker lines, joined with `\n`.
    pub description: String,
    /// Type-scope markers.
    pub markers: Vec<Marker>,
    /// What the type is.
    pub shape: TypeShape,
    /// Where the type's name is declared.
    pub location: Location,
    /// Rust attribute facts that matter to the model.
    pub serde: ContainerSerde,
    /// Whether the type derives `Resource` (a served kind, as opposed to an
    /// embedded object such as `PodTemplateSpec` that also carries
    /// `ObjectMeta`).
    pub derives_resource: bool,
    /// What the type's markers say, typed ([`crate::attr`]).
    pub attrs: crate::attr::TypeAttrs,
}

impl TypeDef {
    /// The markers named `name` (without `+`), in order.
    pub fn markers_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Marker> + 'a {
        self.markers.iter().filter(move |m| m.name == name)
    }

    /// Whether a marker named `name` is present.
    pub fn has_marker(&self, name: &str) -> bool {
        self.markers.iter().any(|m| m.name == name)
    }

    /// The struct's fields, or an empty slice for other shapes.
    pub fn fields(&self) -> &[Field] {
        match &self.shape {
            TypeShape::Struct(fields) => fields,
            _ => &[],
        }
    }

    /// Whether this is a top-level API object: a struct with an
    /// `ObjectMeta` field named `metadata`.
    pub fn is_object(&self) -> bool {
        self.fields().iter().any(|f| {
            f.json_name == "metadata"
                && f.ty.unwrap_optional() == &FieldType::WellKnown(WellKnown::ObjectMeta)
        })
    }

    /// Whether this is a served kind: an object that derives `Resource`.
    /// Embedded objects with metadata (`PodTemplateSpec`,
    /// `PersistentVolumeClaimTemplate`) are objects but not resources.
    pub fn is_resource(&self) -> bool {
        self.derives_resource && self.is_object()
    }
}

/// Container-level serde attributes that decide JSON names.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContainerSerde {
    /// `#[serde(rename_all = "...")]`, if present.
    pub rename_all: Option<String>,
}

/// The shape of a [`TypeDef`].
#[derive(Debug, Clone)]
pub enum TypeShape {
    /// A struct with named fields.
    Struct(Vec<Field>),
    /// An enum of unit variants serialized as strings (Go's `type X string`
    /// with constants).
    Enum(Vec<Variant>),
    /// A tuple struct with one field (Go's `type Items []Item`).
    Newtype(FieldType),
}

/// One variant of a string enum.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The Rust variant name.
    pub name: String,
    /// The string it serializes as (serde rename honoured; otherwise the name).
    pub value: String,
    /// Doc lines minus marker lines.
    pub description: String,
    /// Variant markers.
    pub markers: Vec<Marker>,
    /// Where the variant is declared.
    pub location: Location,
}

/// One struct field.
#[derive(Debug, Clone)]
pub struct Field {
    /// The Rust field name (raw identifiers without `r#`).
    pub rust_name: String,
    /// The JSON name: `#[serde(rename)]` if given, else lowerCamelCase of the
    /// Rust name, as Go's `json:"..."` tags conventionally are.
    pub json_name: String,
    /// Whether the JSON name came from an explicit `#[serde(rename)]`.
    pub renamed: bool,
    /// The field type.
    pub ty: FieldType,
    /// Doc lines minus marker lines.
    pub description: String,
    /// Field markers.
    pub markers: Vec<Marker>,
    /// Whether the field is `#[serde(flatten)]` (Go's `json:",inline"`).
    pub inline: bool,
    /// `#[serde(skip_serializing_if = "...")]`: the path of the function
    /// that says when serde leaves the field out (Go's `omitempty`).
    pub skip_serializing_if: Option<String>,
    /// `#[serde(deserialize_with = "...")]`: the path of the function
    /// that reads the field.
    pub deserialize_with: Option<String>,
    /// Where the field name is declared.
    pub location: Location,
    /// What the field's markers say, typed ([`crate::attr`]).
    pub attrs: crate::attr::FieldAttrs,
}

impl Field {
    /// The markers named `name`, in order.
    pub fn markers_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Marker> + 'a {
        self.markers.iter().filter(move |m| m.name == name)
    }

    /// The first marker named `name`.
    pub fn marker(&self, name: &str) -> Option<&Marker> {
        self.markers.iter().find(|m| m.name == name)
    }

    /// Whether the field is optional: `Option<T>`, or marked `+optional` /
    /// `+k8s:optional`, and not marked `+required` (which wins over the
    /// `Option` of a value Go writes as `null` when unset, such as
    /// `metav1.Condition.lastTransitionTime`).
    pub fn is_optional(&self) -> bool {
        self.attrs.required.is_none()
            && (matches!(self.ty, FieldType::Optional(_)) || self.attrs.optional.is_some())
    }
}

/// Integer widths, named as Go names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntKind {
    /// `i32` (Go `int32`, OpenAPI `integer`/`int32`).
    I32,
    /// `i64` (Go `int64`, OpenAPI `integer`/`int64`).
    I64,
    /// `u8`, `u16`, `u32`, `i8`, `i16`: small integers (Go's `byte`, `uint16`...).
    Small,
    /// `u64`.
    U64,
}

/// Types Kubernetes gives a fixed wire form, which generators special-case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WellKnown {
    /// `metav1.Time`: RFC 3339 seconds, `date-time`.
    Time,
    /// `metav1.MicroTime`: RFC 3339 with microseconds.
    MicroTime,
    /// `metav1.Duration`: Go duration string (`1h2m3s`).
    Duration,
    /// `resource.Quantity`: `"100m"`, `"1Gi"`.
    Quantity,
    /// `intstr.IntOrString`: an int32 or a string.
    IntOrString,
    /// `runtime.RawExtension`: an embedded object.
    RawExtension,
    /// `metav1.ObjectMeta`.
    ObjectMeta,
    /// `metav1.ListMeta`.
    ListMeta,
    /// `metav1.TypeMeta` (flattened `apiVersion` and `kind`).
    TypeMeta,
    /// `metav1.LabelSelector`.
    LabelSelector,
    /// `metav1.LabelSelectorRequirement`.
    LabelSelectorRequirement,
    /// `metav1.FieldSelectorRequirement`.
    FieldSelectorRequirement,
    /// `metav1.Condition`.
    Condition,
    /// `metav1.FieldsV1`: a raw field set.
    FieldsV1,
    /// `metav1.DeleteOptions` (an Eviction's options).
    DeleteOptions,
}

impl WellKnown {
    /// The fields of a well-known struct a list map may be keyed by, as
    /// (JSON name, Rust name, type under any `Option`):
    /// `metav1.Condition`'s (`runtime::meta::Condition`); none for the
    /// others.
    pub fn key_fields(self) -> &'static [(&'static str, &'static str, FieldType)] {
        static CONDITION: [(&str, &str, FieldType); 6] = [
            ("type", "type", FieldType::String),
            ("status", "status", FieldType::String),
            (
                "observedGeneration",
                "observed_generation",
                FieldType::Int(IntKind::I64),
            ),
            (
                "lastTransitionTime",
                "last_transition_time",
                FieldType::WellKnown(WellKnown::Time),
            ),
            ("reason", "reason", FieldType::String),
            ("message", "message", FieldType::String),
        ];
        match self {
            WellKnown::Condition => &CONDITION,
            _ => &[],
        }
    }

    /// Every well-known type, for lookups by Rust name.
    pub const ALL: [WellKnown; 15] = [
        WellKnown::Time,
        WellKnown::MicroTime,
        WellKnown::Duration,
        WellKnown::Quantity,
        WellKnown::IntOrString,
        WellKnown::RawExtension,
        WellKnown::ObjectMeta,
        WellKnown::ListMeta,
        WellKnown::TypeMeta,
        WellKnown::LabelSelector,
        WellKnown::LabelSelectorRequirement,
        WellKnown::FieldSelectorRequirement,
        WellKnown::Condition,
        WellKnown::FieldsV1,
        WellKnown::DeleteOptions,
    ];

    /// The Rust type name as written in API types (`Time`, `Quantity`...).
    pub fn rust_name(self) -> &'static str {
        match self {
            WellKnown::Time => "Time",
            WellKnown::MicroTime => "MicroTime",
            WellKnown::Duration => "Duration",
            WellKnown::Quantity => "Quantity",
            WellKnown::IntOrString => "IntOrString",
            WellKnown::RawExtension => "RawExtension",
            WellKnown::ObjectMeta => "ObjectMeta",
            WellKnown::ListMeta => "ListMeta",
            WellKnown::TypeMeta => "TypeMeta",
            WellKnown::LabelSelector => "LabelSelector",
            WellKnown::LabelSelectorRequirement => "LabelSelectorRequirement",
            WellKnown::FieldSelectorRequirement => "FieldSelectorRequirement",
            WellKnown::Condition => "Condition",
            WellKnown::FieldsV1 => "FieldsV1",
            WellKnown::DeleteOptions => "DeleteOptions",
        }
    }

    /// The upstream OpenAPI definition name
    /// (`io.k8s.apimachinery.pkg.apis.meta.v1.Time`).
    pub fn definition_name(self) -> &'static str {
        match self {
            WellKnown::Time => "io.k8s.apimachinery.pkg.apis.meta.v1.Time",
            WellKnown::MicroTime => "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime",
            WellKnown::Duration => "io.k8s.apimachinery.pkg.apis.meta.v1.Duration",
            WellKnown::Quantity => "io.k8s.apimachinery.pkg.api.resource.Quantity",
            WellKnown::IntOrString => "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
            WellKnown::RawExtension => "io.k8s.apimachinery.pkg.runtime.RawExtension",
            WellKnown::ObjectMeta => "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
            WellKnown::ListMeta => "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta",
            WellKnown::TypeMeta => "io.k8s.apimachinery.pkg.apis.meta.v1.TypeMeta",
            WellKnown::LabelSelector => "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector",
            WellKnown::LabelSelectorRequirement => {
                "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement"
            }
            WellKnown::FieldSelectorRequirement => {
                "io.k8s.apimachinery.pkg.apis.meta.v1.FieldSelectorRequirement"
            }
            WellKnown::Condition => "io.k8s.apimachinery.pkg.apis.meta.v1.Condition",
            WellKnown::FieldsV1 => "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1",
            WellKnown::DeleteOptions => "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
        }
    }

    /// Looks a well-known type up by its Rust name.
    pub fn from_rust_name(name: &str) -> Option<WellKnown> {
        WellKnown::ALL.into_iter().find(|w| w.rust_name() == name)
    }

    /// Whether the type serializes as a JSON string.
    pub fn is_string_like(self) -> bool {
        matches!(
            self,
            WellKnown::Time | WellKnown::MicroTime | WellKnown::Duration | WellKnown::Quantity
        )
    }
}

/// A reference to another model type, as written in source and as resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeRef {
    /// The path as written (`["WidgetSpec"]`, `["crate", "core", "v1", "PodSpec"]`).
    pub written: Vec<String>,
    /// The resolved target: (package index, type name), filled by the parser
    /// after all packages are read; `None` when nothing matched.
    pub target: Option<(usize, String)>,
}

impl TypeRef {
    /// The referenced type's name (the last path segment).
    pub fn name(&self) -> &str {
        self.written.last().map(String::as_str).unwrap_or("")
    }
}

/// A field's type, mapped from its Rust type.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldType {
    /// `bool`.
    Bool,
    /// An integer.
    Int(IntKind),
    /// `f64` (Go `float64`, OpenAPI `number`/`double`).
    Float64,
    /// `String`.
    String,
    /// `Vec<u8>`, serialized as base64 (OpenAPI `string`/`byte`).
    Bytes,
    /// `Option<T>`: an optional field.
    Optional(Box<FieldType>),
    /// `Vec<T>`: a list.
    List(Box<FieldType>),
    /// `BTreeMap<String, T>`: a map with string keys.
    Map(Box<FieldType>),
    /// A well-known type.
    WellKnown(WellKnown),
    /// Another type of the model.
    Named(TypeRef),
    /// A Rust type the model cannot represent; `check` reports it.
    Unsupported(String),
}

impl FieldType {
    /// The type under any `Option`.
    pub fn unwrap_optional(&self) -> &FieldType {
        match self {
            FieldType::Optional(inner) => inner.unwrap_optional(),
            other => other,
        }
    }

    /// The type under any `Option` or `Box` wrapper, resolved through
    /// newtypes to the underlying shape (a `Named` newtype over `Vec<T>` is
    /// treated as a list).
    ///
    /// A newtype that wraps itself, directly or through others (which
    /// `check` reports, see [`Model::newtype_cycle`]), resolves to the
    /// reference at which the cycle closes.
    pub fn resolved<'m>(&'m self, model: &'m Model) -> &'m FieldType {
        let mut inner = self.unwrap_optional();
        let mut seen: Vec<*const TypeDef> = Vec::new();
        while let FieldType::Named(r) = inner
            && let Some(def) = model.resolve(r)
            && let TypeShape::Newtype(t) = &def.shape
            && !seen.contains(&std::ptr::from_ref(def))
        {
            seen.push(def);
            inner = t.unwrap_optional();
        }
        inner
    }

    /// A short human name for diagnostics: `i32`, `String`, `Vec<...>`.
    pub fn describe(&self) -> String {
        match self {
            FieldType::Bool => "bool".into(),
            FieldType::Int(IntKind::I32) => "i32".into(),
            FieldType::Int(IntKind::I64) => "i64".into(),
            FieldType::Int(IntKind::U64) => "u64".into(),
            FieldType::Int(IntKind::Small) => "a small integer".into(),
            FieldType::Float64 => "f64".into(),
            FieldType::String => "String".into(),
            FieldType::Bytes => "Vec<u8>".into(),
            FieldType::Optional(t) => format!("Option<{}>", t.describe()),
            FieldType::List(t) => format!("Vec<{}>", t.describe()),
            FieldType::Map(t) => format!("BTreeMap<String, {}>", t.describe()),
            FieldType::WellKnown(w) => w.rust_name().into(),
            FieldType::Named(r) => r.name().into(),
            FieldType::Unsupported(s) => s.clone(),
        }
    }
}

impl Model {
    /// The type a reference points to, if resolved.
    pub fn resolve(&self, r: &TypeRef) -> Option<&TypeDef> {
        let (pkg, name) = r.target.as_ref()?;
        self.packages.get(*pkg)?.type_named(name)
    }

    /// The hub package at `module_path`, if read.
    pub fn hub(&self, module_path: &[String]) -> Option<&Package> {
        self.hubs.iter().find(|h| h.module_path == module_path)
    }

    /// The hub type `r` names from within `hub`: a type of the hub's own
    /// package (hub references are resolved by name, not by index).
    pub fn hub_type<'m>(&'m self, hub: &'m Package, r: &TypeRef) -> Option<&'m TypeDef> {
        let own = r
            .written
            .iter()
            .filter(|s| !matches!(s.as_str(), "self" | "super"))
            .count()
            == 1;
        own.then(|| hub.type_named(r.name())).flatten()
    }

    /// The package whose directory is `dir`.
    pub fn package_at(&self, dir: &Path) -> Option<&Package> {
        self.packages.iter().find(|p| p.dir == dir)
    }

    /// The fields of `def` as they appear in JSON: inline (`#[serde(flatten)]`)
    /// fields of a struct type are replaced by that struct's own fields,
    /// recursively, as Go's `json:",inline"` embedding flattens them.
    ///
    /// A struct inlined into itself, directly or through others (which
    /// `check` reports, see [`Model::inline_cycle`]), is not inlined again.
    pub fn flat_fields<'m>(&'m self, def: &'m TypeDef) -> Vec<&'m Field> {
        let mut out = Vec::new();
        self.flatten_into(def, &mut vec![std::ptr::from_ref(def)], &mut out);
        out
    }

    fn flatten_into<'m>(
        &'m self,
        def: &'m TypeDef,
        inlining: &mut Vec<*const TypeDef>,
        out: &mut Vec<&'m Field>,
    ) {
        for f in def.fields() {
            if !f.inline {
                out.push(f);
                continue;
            }
            if let Some(inner) = self.inlined(f)
                && !inlining.contains(&std::ptr::from_ref(inner))
            {
                inlining.push(inner);
                self.flatten_into(inner, inlining, out);
                inlining.pop();
            }
        }
    }

    /// The struct an inline (`#[serde(flatten)]`) field embeds.
    fn inlined(&self, field: &Field) -> Option<&TypeDef> {
        let FieldType::Named(r) = field.ty.unwrap_optional() else {
            return None;
        };
        self.resolve(r)
            .filter(|inner| matches!(inner.shape, TypeShape::Struct(_)))
    }

    /// The newtypes from `def` on, when `def` is a newtype that wraps
    /// itself (through `Option`, `Box` or other newtypes): serde would
    /// write it as `null` or not at all, and resolving it never ends.
    pub fn newtype_cycle<'m>(&'m self, def: &'m TypeDef) -> Option<Vec<&'m str>> {
        let mut path = vec![def.name.as_str()];
        let mut current = def;
        while let TypeShape::Newtype(t) = &current.shape
            && let FieldType::Named(r) = t.unwrap_optional()
            && let Some(next) = self.resolve(r)
        {
            if std::ptr::eq(next, def) {
                path.push(def.name.as_str());
                return Some(path);
            }
            if path.len() > self.packages.iter().map(|p| p.types.len()).sum::<usize>() {
                return None;
            }
            path.push(next.name.as_str());
            current = next;
        }
        None
    }

    /// The structs from `def` on, when `def` inlines itself
    /// (`#[serde(flatten)]`, directly or through other inline fields):
    /// its JSON would have no end.
    pub fn inline_cycle<'m>(&'m self, def: &'m TypeDef) -> Option<Vec<&'m str>> {
        let mut path = vec![def.name.as_str()];
        self.inlines(def, def, &mut path).then_some(path)
    }

    fn inlines<'m>(
        &'m self,
        target: &'m TypeDef,
        def: &'m TypeDef,
        path: &mut Vec<&'m str>,
    ) -> bool {
        for inner in def
            .fields()
            .iter()
            .filter(|f| f.inline)
            .filter_map(|f| self.inlined(f))
        {
            if std::ptr::eq(inner, target) {
                path.push(target.name.as_str());
                return true;
            }
            if path.contains(&inner.name.as_str()) {
                continue;
            }
            path.push(inner.name.as_str());
            if self.inlines(target, inner, path) {
                return true;
            }
            path.pop();
        }
        false
    }

    /// Every (package, type) pair in order.
    pub fn types(&self) -> impl Iterator<Item = (&Package, &TypeDef)> {
        self.packages
            .iter()
            .flat_map(|p| p.types.iter().map(move |t| (p, t)))
    }
}

/// lowerCamelCase of a snake_case Rust name, as Go JSON tags spell field
/// names: `pod_ip` -> `podIp`, `api_version` -> `apiVersion`.
pub fn lower_camel(name: &str) -> String {
    use heck::ToLowerCamelCase;
    name.trim_start_matches("r#").to_lower_camel_case()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_camel_follows_go_json_names() {
        assert_eq!(lower_camel("replicas"), "replicas");
        assert_eq!(lower_camel("api_version"), "apiVersion");
        assert_eq!(lower_camel("min_ready_seconds"), "minReadySeconds");
        assert_eq!(lower_camel("r#type"), "type");
    }
}
