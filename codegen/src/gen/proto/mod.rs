//! The `.proto` generator: `generated.proto` beside every package with
//! protobuf numbers, as go-to-protobuf writes one per Go package (source:
//! `k8s.io/code-generator/cmd/go-to-protobuf/protobuf/generator.go`).
//!
//! - proto2; `package` is the package's import path with `/` turned into
//!   `.` (`k8s.io/api/apps/v1` -> `k8s.io.api.apps.v1`), the import path
//!   being the crate's root ([`Crate::proto_root`]) joined with the
//!   package's module path; `option go_package` is the import path itself.
//! - One message per struct with protobuf numbers, sorted by name in byte
//!   order as upstream sorts them; fields in source order; `optional` for
//!   values and pointers, `repeated` for lists, `map<string, V>` for maps;
//!   references into the same package unqualified, into others fully
//!   qualified with a leading dot; string enums and newtypes as what they
//!   wrap.
//! - A list newtype marked `+protobuf.nullable=true` is a message of its
//!   own, `{ repeated T items = 1; }`, as upstream writes `metav1.Verbs`.
//! - Doc comments carried over with the markers beside them, but for
//!   `+protobuf=N` (go-to-protobuf reads the number from the struct tag).
//! - The apimachinery packages whose types the runtime crate writes by hand
//!   (`runtime`, `runtime/schema`, `util/intstr`, `api/resource`, and the
//!   hand-written messages of `apis/meta/v1`) come from [`apimachinery`],
//!   which follows upstream's Go declarations of them.
//!
//! The text is rendered from `templates/generated.proto` with askama.

mod apimachinery;

use std::collections::BTreeSet;
use std::path::PathBuf;

use askama::Template;

use super::{Crate, GeneratedFile};
use crate::diagnostics::Diagnostic;
use crate::generators::protobuf::{field_number, has_protobuf};
use crate::model::{Field, FieldType, IntKind, Package, TypeDef, TypeShape};
use crate::tags;

pub use apimachinery::{INTSTR, META_V1, RESOURCE, RUNTIME, SCHEMA};

/// The file name go-to-protobuf writes in every package.
pub const FILE_NAME: &str = "generated.proto";

/// One `generated.proto`, before rendering.
#[derive(Debug, Clone, Template)]
#[template(path = "generated.proto", escape = "none")]
pub struct ProtoFile {
    /// The proto package: `k8s.io.api.apps.v1`.
    pub package: String,
    /// The import path: `k8s.io/api/apps/v1`.
    pub go_package: String,
    /// Imported files (`k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto`), sorted.
    pub imports: Vec<String>,
    /// Messages sorted by name.
    pub messages: Vec<ProtoMessage>,
}

/// One message.
#[derive(Debug, Clone)]
pub struct ProtoMessage {
    /// The message name (the Rust type name, as the Go one).
    pub name: String,
    /// Comment lines, each starting with `//`.
    pub comment: Vec<String>,
    /// Fields in source order.
    pub fields: Vec<ProtoField>,
    /// Numbers no field may take (`reserved`), ascending.
    pub reserved: Vec<u32>,
}

impl ProtoMessage {
    /// `1, 4, 7`: the `reserved` statement's list.
    pub fn reserved_list(&self) -> String {
        let numbers: Vec<String> = self.reserved.iter().map(u32::to_string).collect();
        numbers.join(", ")
    }
}

/// One field.
#[derive(Debug, Clone)]
pub struct ProtoField {
    /// Comment lines, each starting with `//`.
    pub comment: Vec<String>,
    /// `optional `, `repeated ` or empty (maps).
    pub label: &'static str,
    /// The field type as written: `string`, `ObjectMeta`,
    /// `.k8s.io.api.core.v1.PodSpec`, `map<string, string>`.
    pub ty: String,
    /// The field name: the JSON name, or for an embedded struct its
    /// lowerCamelCase Rust name (upstream's `name=` in the protobuf tag).
    pub name: String,
    /// The field number.
    pub number: u32,
}

impl ProtoFile {
    /// The import name other files use for this one:
    /// `k8s.io/api/apps/v1/generated.proto`.
    pub fn import_name(&self) -> String {
        format!("{}/{FILE_NAME}", self.go_package)
    }

    /// The rendered text.
    pub fn text(&self) -> String {
        // Rendering only reads the fields above; it cannot fail.
        self.render().unwrap_or_default()
    }
}

/// The import path of a package: its crate's root and module path.
pub fn go_package(c: &Crate, pkg: &Package) -> String {
    let mut path = c.proto_root.clone();
    for segment in &pkg.module_path {
        path.push('/');
        path.push_str(segment);
    }
    path
}

/// The proto package of an import path, as go-to-protobuf names it:
/// `/` becomes `.` and `-`, which a proto package cannot hold, `_`
/// (`k8s.io/sample-apiserver/pkg/apis/wardle/v1alpha1` is
/// `k8s.io.sample_apiserver.pkg.apis.wardle.v1alpha1`).
pub fn proto_package(go_package: &str) -> String {
    go_package.replace('/', ".").replace('-', "_")
}

/// Generates `generated.proto` for every package with protobuf messages,
/// and the apimachinery files beside the crate holding `meta/v1`.
pub fn generate(crates: &[Crate]) -> Vec<GeneratedFile> {
    files(crates)
        .into_iter()
        .map(|(path, file)| GeneratedFile {
            path,
            contents: file.text(),
        })
        .collect()
}

/// Every `.proto` file of the crates, with the path it is written to
/// (relative to the workspace root).
pub fn files(crates: &[Crate]) -> Vec<(PathBuf, ProtoFile)> {
    let mut files = Vec::new();
    for c in crates {
        for pkg in &c.model.packages {
            let Some(file) = package_file(c, pkg) else {
                continue;
            };
            let rel: PathBuf = pkg.module_path.iter().collect();
            let is_meta = file.go_package == META_V1;
            files.push((c.dir.join("src").join(&rel).join(FILE_NAME), file));
            if is_meta {
                for extra in apimachinery::files() {
                    let dir = c
                        .dir
                        .join("src/meta")
                        .join(apimachinery::dir(&extra.go_package));
                    files.push((dir.join(FILE_NAME), extra));
                }
            }
        }
    }
    files
}

/// The file of one package, when it has any protobuf message.
pub fn package_file(c: &Crate, pkg: &Package) -> Option<ProtoFile> {
    let go_package = go_package(c, pkg);
    let package = proto_package(&go_package);
    let mut imports = BTreeSet::new();
    let mut messages: Vec<ProtoMessage> = pkg
        .types
        .iter()
        .filter(|t| has_protobuf(t))
        .map(|t| message(c, &package, t, &mut imports))
        .collect();
    for def in &pkg.types {
        if let Some(item) = tags::protobuf::wrapped_items(def) {
            messages.push(ProtoMessage {
                name: def.name.clone(),
                comment: comment(&def.description, &def.markers),
                fields: vec![ProtoField {
                    comment: Vec::new(),
                    label: "repeated ",
                    ty: value_type(c, &package, item, &mut imports),
                    name: "items".to_string(),
                    number: 1,
                }],
                reserved: Vec::new(),
            });
        }
    }
    if messages.is_empty() {
        return None;
    }
    if go_package == META_V1 {
        messages.extend(apimachinery::meta_v1_messages());
    }
    messages.sort_by(|a, b| a.name.cmp(&b.name));
    // Upstream imports every apimachinery package its Go files import;
    // `register.go` imports `runtime` and `runtime/schema` in each.
    for always in [RUNTIME, SCHEMA] {
        imports.insert(always.to_string());
    }
    imports.remove(&go_package);
    Some(ProtoFile {
        package,
        imports: imports
            .into_iter()
            .map(|p| format!("{p}/{FILE_NAME}"))
            .collect(),
        go_package,
        messages,
    })
}

fn message(
    c: &Crate,
    package: &str,
    def: &TypeDef,
    imports: &mut BTreeSet<String>,
) -> ProtoMessage {
    let fields = def
        .fields()
        .iter()
        .filter_map(|f| {
            let number = field_number(f)?;
            let (label, ty) = field_type(c, package, &f.ty, imports);
            Some(ProtoField {
                comment: comment(&f.description, &f.markers),
                label,
                ty,
                name: field_name(f),
                number,
            })
        })
        .collect();
    ProtoMessage {
        name: def.name.clone(),
        comment: comment(&def.description, &def.markers),
        fields,
        reserved: reserved(def),
    }
}

/// The numbers `+protobuf.reserved=N,M` keeps from reuse.
pub fn reserved(def: &TypeDef) -> Vec<u32> {
    let mut numbers: Vec<u32> = def
        .markers_named(tags::protobuf::RESERVED)
        .filter_map(|m| m.payload_text())
        .flat_map(|t| {
            t.split(',')
                .filter_map(|n| n.trim().parse().ok())
                .collect::<Vec<_>>()
        })
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    numbers
}

/// The field's name in the `.proto`: its `+protobuf.name`, the JSON name,
/// or the lowerCamelCase Rust name of an embedded (inline) struct.
fn field_name(f: &Field) -> String {
    if let Some(name) = f
        .marker(tags::protobuf::FIELD_NAME)
        .and_then(|m| m.payload_text())
    {
        name.to_string()
    } else if f.inline {
        crate::model::lower_camel(&f.rust_name)
    } else {
        f.json_name.clone()
    }
}

/// Comment lines: the description, then the markers but the protobuf ones.
fn comment(description: &str, markers: &[crate::markers::Marker]) -> Vec<String> {
    let text = description.lines().map(str::trim_end);
    let markers = markers
        .iter()
        .filter(|m| !m.name.starts_with("protobuf"))
        .map(|m| m.text.as_str());
    comment_lines(text.chain(markers))
}

/// `// line`, or `//` for an empty line.
pub(crate) fn comment_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    lines
        .into_iter()
        .map(|l| {
            if l.is_empty() {
                "//".to_string()
            } else {
                format!("// {l}")
            }
        })
        .collect()
}

/// The label and type of a field.
fn field_type(
    c: &Crate,
    package: &str,
    ty: &FieldType,
    imports: &mut BTreeSet<String>,
) -> (&'static str, String) {
    match ty {
        FieldType::Optional(inner) => field_type(c, package, inner, imports),
        FieldType::List(inner) => ("repeated ", value_type(c, package, inner, imports)),
        FieldType::Map(inner) => (
            "",
            format!("map<string, {}>", value_type(c, package, inner, imports)),
        ),
        FieldType::Named(r) => match c.model.resolve(r) {
            // A wrapped list is a message of its own (the last arm).
            Some(
                def @ TypeDef {
                    shape: TypeShape::Newtype(inner),
                    ..
                },
            ) if tags::protobuf::wrapped_items(def).is_none() => {
                field_type(c, package, inner, imports)
            }
            _ => ("optional ", value_type(c, package, ty, imports)),
        },
        other => ("optional ", value_type(c, package, other, imports)),
    }
}

/// A type as a message field or map value names it.
fn value_type(c: &Crate, package: &str, ty: &FieldType, imports: &mut BTreeSet<String>) -> String {
    match ty {
        FieldType::Bool => "bool".into(),
        FieldType::Int(IntKind::I32 | IntKind::Small) => "int32".into(),
        FieldType::Int(IntKind::I64) => "int64".into(),
        FieldType::Int(IntKind::U64) => "uint64".into(),
        FieldType::Float64 => "double".into(),
        FieldType::String | FieldType::Unsupported(_) => "string".into(),
        FieldType::Bytes => "bytes".into(),
        FieldType::Optional(inner) | FieldType::List(inner) | FieldType::Map(inner) => {
            value_type(c, package, inner, imports)
        }
        FieldType::WellKnown(w) => {
            let (go_package, name) = apimachinery::well_known(*w);
            qualified(package, go_package, name, imports)
        }
        FieldType::Named(r) => match (c.model.resolve(r), &r.target) {
            (Some(def), Some((target, _))) => match &def.shape {
                TypeShape::Enum(_) => "string".into(),
                TypeShape::Newtype(inner) if tags::protobuf::wrapped_items(def).is_none() => {
                    value_type(c, package, inner, imports)
                }
                TypeShape::Newtype(_) | TypeShape::Struct(_) => {
                    let go_package = go_package(c, &c.model.packages[*target]);
                    qualified(package, &go_package, &def.name, imports)
                }
            },
            // `check` reports unresolved references before generation.
            _ => r.name().to_string(),
        },
    }
}

/// `Name` in the same package, `.k8s.io.api.core.v1.Name` elsewhere (and
/// that package imported).
fn qualified(
    package: &str,
    go_package: &str,
    name: &str,
    imports: &mut BTreeSet<String>,
) -> String {
    let target = proto_package(go_package);
    if target == package {
        name.to_string()
    } else {
        imports.insert(go_package.to_string());
        format!(".{target}.{name}")
    }
}

/// Field numbers that a regeneration would drop silently: for every
/// message of a package's previous `generated.proto` (`previous` reads a
/// generated file's current text by its path) whose type is still in the
/// model, each number no field carries any more and `+protobuf.reserved`
/// does not list. A client compiled from the old file would read a later
/// field with that number as the removed one, so generation stops with a
/// diagnostic at the type, naming the marker to add.
pub fn dropped_numbers(
    crates: &[Crate],
    previous: impl Fn(&std::path::Path) -> Option<String>,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for c in crates {
        for pkg in &c.model.packages {
            let rel: PathBuf = pkg.module_path.iter().collect();
            let path = c.dir.join("src").join(&rel).join(FILE_NAME);
            let Some(old) = previous(&path) else { continue };
            // A previous file that no longer parses has nothing to keep.
            let Ok(old) = protox_parse::parse(FILE_NAME, &old) else {
                continue;
            };
            for message in &old.message_type {
                let Some(def) = pkg.type_named(message.name()).filter(|d| has_protobuf(d)) else {
                    continue;
                };
                let kept: BTreeSet<u32> = def
                    .fields()
                    .iter()
                    .filter_map(field_number)
                    .chain(reserved(def))
                    .collect();
                for field in &message.field {
                    let Ok(number) = u32::try_from(field.number()) else {
                        continue;
                    };
                    if kept.contains(&number) {
                        continue;
                    }
                    problems.push(
                        Diagnostic::new(
                            format!(
                                "protobuf field {number} (`{}`) of `{}` would disappear from {}",
                                field.name(),
                                def.name,
                                path.display()
                            ),
                            &def.location,
                            def.name.len(),
                        )
                        .label("no field of this type has the number any more")
                        .help(format!(
                            "add `+protobuf.reserved={number}` to `{}` so no later field takes it",
                            def.name
                        )),
                    );
                }
            }
        }
    }
    problems
}
