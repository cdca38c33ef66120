//! The OpenAPI generator: the aggregated OpenAPI v2 document
//! (`api/openapi-spec/swagger.json`) and one OpenAPI v3 document per
//! group/version (`api/openapi-spec/v3/apis__<group>__<version>_openapi.json`),
//! as kube-apiserver publishes them (`hack/update-openapi-spec.sh`).
//!
//! Definitions come from the model: names as upstream's
//! (`io.k8s.api.core.v1.ConfigMap`, `io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`,
//! reversed domain for other groups), descriptions from doc comments,
//! `required` from fields that are neither `Option` nor `+optional`, types
//! and formats from the Rust types, validation keywords and `default` from
//! markers, and every `x-kubernetes-*` extension. Paths cover each
//! resource's verbs and subresources with their query parameters, response
//! codes and the PATCH media types the server accepts.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::{Map, Value, json};

use super::{Crate, GeneratedFile};
use crate::model::{Field, FieldType, IntKind, Model, Package, TypeDef, TypeShape, WellKnown};
use crate::resource::{ResourceMeta, resource_meta};

mod paths;
mod v3;

use paths::resource_paths;
use v3::{collect_refs, v3_document};

/// Where the documents go, relative to the workspace root.
pub const SPEC_DIR: &str = "api/openapi-spec";

/// The v3 document file of a group/version: `api__v1_openapi.json`,
/// `apis__example.dev__v1_openapi.json`.
pub fn v3_file_name(group: &str, version: &str) -> String {
    if group.is_empty() {
        format!("api__{version}_openapi.json")
    } else {
        format!("apis__{group}__{version}_openapi.json")
    }
}

/// The v3 index path of a group/version: `api/v1`, `apis/example.dev/v1`.
pub fn v3_index_path(group: &str, version: &str) -> String {
    if group.is_empty() {
        format!("api/{version}")
    } else {
        format!("apis/{group}/{version}")
    }
}

/// The upstream definition name of a type in `pkg`.
pub fn definition_name(pkg: &Package, name: &str) -> String {
    let group = pkg.group_name();
    let version = &pkg.version;
    match group {
        "meta.k8s.io" => format!("io.k8s.apimachinery.pkg.apis.meta.{version}.{name}"),
        "" => format!("io.k8s.api.core.{version}.{name}"),
        g if !g.contains('.') => format!("io.k8s.api.{g}.{version}.{name}"),
        g if g.ends_with(".k8s.io") => {
            format!(
                "io.k8s.api.{}.{version}.{name}",
                g.split('.').next().unwrap_or(g)
            )
        }
        g => format!(
            "{}.{version}.{name}",
            g.split('.').rev().collect::<Vec<_>>().join(".")
        ),
    }
}

/// A served resource, for paths.
struct Resource<'m> {
    pkg: &'m Package,
    def: &'m TypeDef,
    meta: ResourceMeta,
}

/// All packages of all crates, for lookups across them.
struct Index<'m> {
    crates: &'m [Crate],
}

impl<'m> Index<'m> {
    fn packages(&self) -> impl Iterator<Item = (&'m Model, &'m Package)> {
        self.crates
            .iter()
            .flat_map(|c| c.model.packages.iter().map(move |p| (&c.model, p)))
    }

    fn resources(&self) -> Vec<Resource<'m>> {
        let mut out = Vec::new();
        for c in self.crates.iter().filter(|c| c.serves) {
            for pkg in &c.model.packages {
                for def in pkg.types.iter().filter(|t| t.is_resource()) {
                    if let Ok(meta) = resource_meta(def) {
                        out.push(Resource { pkg, def, meta });
                    }
                }
            }
        }
        out
    }
}

/// Generates the v2 document and the v3 documents.
pub fn generate(crates: &[Crate], spec_dir: &Path) -> Vec<GeneratedFile> {
    let index = Index { crates };
    let resources = index.resources();
    let mut definitions = BTreeMap::new();
    for (model, pkg) in index.packages() {
        for def in pkg
            .types
            .iter()
            .filter(|t| matches!(t.shape, TypeShape::Struct(_)))
        {
            let gvk = resources
                .iter()
                .find(|r| std::ptr::eq(r.def, def))
                .map(|r| gvk(r.pkg, &r.meta.kind));
            definitions.insert(definition_name(pkg, &def.name), definition(model, def, gvk));
        }
    }
    // A kind served without `list` has no list kind (upstream's reviews).
    for r in resources
        .iter()
        .filter(|r| r.meta.verbs.iter().any(|v| v == "list"))
    {
        definitions.insert(
            definition_name(r.pkg, &format!("{}List", r.def.name)),
            list_definition(r),
        );
    }
    add_meta_kinds(&mut definitions, &resources);
    for (name, schema) in well_known_definitions() {
        definitions.insert(name.to_string(), schema);
    }
    let mut paths = BTreeMap::new();
    for r in &resources {
        for (path, item) in resource_paths(r) {
            paths.insert(path, item);
        }
    }
    keep_reachable(&mut definitions, &paths, &resources);
    let v2 = json!({
        "swagger": "2.0",
        "info": {"title": "Kubernetes", "version": "unversioned"},
        "paths": paths,
        "definitions": definitions,
        "security": [{"BearerToken": []}],
        "securityDefinitions": {"BearerToken": {"description": "Bearer Token authentication", "in": "header", "name": "authorization", "type": "apiKey"}},
    });
    let mut files = vec![GeneratedFile {
        path: spec_dir.join("swagger.json"),
        contents: pretty(&without_builtin_defaults(&v2)),
    }];
    let mut group_versions: BTreeSet<(String, String)> = BTreeSet::new();
    for r in &resources {
        group_versions.insert((r.pkg.group_name().to_string(), r.pkg.version.clone()));
    }
    for (group, version) in group_versions {
        let doc = v3_document(&v2, &group, &version);
        files.push(GeneratedFile {
            path: spec_dir.join("v3").join(v3_file_name(&group, &version)),
            contents: pretty(&doc),
        });
    }
    files
}

/// The meta kinds registered in the core group's v1 only (their GVK is
/// `{"group": "", "version": "v1"}`), published whether or not a path
/// names them.
const CORE_V1_META_KINDS: &[&str] = &[
    "Status",
    "APIGroup",
    "APIGroupList",
    "APIResourceList",
    "APIVersions",
];

/// Drops the definitions nothing reaches, as kube-apiserver's document holds
/// only what its routes reference: the roots are the paths, every resource
/// and its list, the meta kinds every group/version registers, and the
/// discovery kinds of `/api` and `/apis`. The option kinds, `Table` and
/// `PartialObjectMetadata` are typed in `meta/v1` but not published.
fn keep_reachable(
    definitions: &mut BTreeMap<String, Value>,
    paths: &BTreeMap<String, Value>,
    resources: &[Resource<'_>],
) {
    let mut reached: BTreeSet<String> = BTreeSet::new();
    let mut pending: BTreeSet<String> = BTreeSet::new();
    for item in paths.values() {
        collect_refs(item, &mut pending);
    }
    for r in resources {
        pending.insert(definition_name(r.pkg, &r.def.name));
        pending.insert(definition_name(r.pkg, &format!("{}List", r.def.name)));
    }
    for kind in CORE_V1_META_KINDS
        .iter()
        .chain(&["DeleteOptions", "WatchEvent"])
    {
        pending.insert(format!("io.k8s.apimachinery.pkg.apis.meta.v1.{kind}"));
    }
    while let Some(name) = pending.pop_first() {
        if reached.insert(name.clone())
            && let Some(schema) = definitions.get(&name)
        {
            let mut refs = BTreeSet::new();
            collect_refs(schema, &mut refs);
            pending.extend(refs.into_iter().filter(|r| !reached.contains(r)));
        }
    }
    definitions.retain(|name, _| reached.contains(name));
}

/// The v2 document as published: kube-apiserver's v2 document carries no
/// field defaults for the built-in (`io.k8s.*`) types, which keep them in
/// v3 only; defaults of other groups stay in both.
fn without_builtin_defaults(v2: &Value) -> Value {
    let mut v2 = v2.clone();
    for (name, def) in v2["definitions"].as_object_mut().into_iter().flatten() {
        if !name.starts_with("io.k8s.") {
            continue;
        }
        for property in def
            .get_mut("properties")
            .and_then(Value::as_object_mut)
            .into_iter()
            .flat_map(|p| p.values_mut())
        {
            if let Some(property) = property.as_object_mut() {
                property.remove("default");
            }
        }
    }
    v2
}

fn gvk(pkg: &Package, kind: &str) -> Value {
    json!({"group": pkg.group_name(), "kind": kind, "version": pkg.version})
}

/// JSON with sorted keys and two-space indent, as upstream writes the spec.
fn pretty(v: &Value) -> String {
    fn sorted(v: &Value) -> Value {
        match v {
            Value::Object(m) => {
                let b: BTreeMap<&String, Value> = m.iter().map(|(k, v)| (k, sorted(v))).collect();
                Value::Object(b.into_iter().map(|(k, v)| (k.clone(), v)).collect())
            }
            Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    let mut text = serde_json::to_string_pretty(&sorted(v)).unwrap_or_default();
    text.push('\n');
    text
}

fn definition(model: &Model, def: &TypeDef, gvk: Option<Value>) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    if gvk.is_some() {
        properties.insert("apiVersion".into(), json!({"description": "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources", "type": "string"}));
        properties.insert("kind".into(), json!({"description": "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds", "type": "string"}));
    }
    for field in model.flat_fields(def) {
        properties.insert(field.json_name.clone(), property(model, field));
        if !field.is_optional() {
            required.push(Value::String(field.json_name.clone()));
        }
    }
    let mut schema = Map::new();
    if !def.description.is_empty() {
        schema.insert("description".into(), json!(def.description));
    }
    schema.insert("type".into(), json!("object"));
    schema.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), Value::Array(required));
    }
    if let Some(gvk) = gvk {
        schema.insert("x-kubernetes-group-version-kind".into(), json!([gvk]));
    }
    let attrs = &def.attrs;
    if attrs.atomic {
        schema.insert("x-kubernetes-map-type".into(), json!("atomic"));
    }
    if attrs.union {
        schema.insert("x-kubernetes-unions".into(), json!([union(def)]));
    }
    Value::Object(schema)
}

/// The `x-kubernetes-unions` entry of a `+union` struct, as openapi-gen
/// writes it: the discriminator's JSON name (when a field is marked
/// `+unionDiscriminator`) and every other field, JSON name to Go field name.
fn union(def: &TypeDef) -> Value {
    let mut entry = Map::new();
    let mut members = Map::new();
    for f in def.fields().iter().filter(|f| !f.inline) {
        if f.attrs.union_discriminator {
            entry.insert("discriminator".into(), json!(f.json_name));
        } else {
            members.insert(f.json_name.clone(), json!(go_field_name(&f.rust_name)));
        }
    }
    entry.insert("fields-to-discriminateBy".into(), Value::Object(members));
    Value::Object(entry)
}

/// The Go spelling of a field name: `localhost_profile` -> `LocalhostProfile`.
fn go_field_name(rust_name: &str) -> String {
    use heck::ToUpperCamelCase;
    rust_name.trim_start_matches("r#").to_upper_camel_case()
}

fn property(model: &Model, field: &Field) -> Value {
    let attrs = &field.attrs;
    let mut schema = type_schema(model, &field.ty);
    // The kubebuilder markers publish a RawExtension or IntOrString field
    // as a custom resource's schema does, inline instead of by reference.
    if attrs.preserve_unknown_fields || attrs.embedded_resource {
        schema = json!({"type": "object"});
        if attrs.embedded_resource {
            schema["x-kubernetes-embedded-resource"] = json!(true);
        }
        if attrs.preserve_unknown_fields {
            schema["x-kubernetes-preserve-unknown-fields"] = json!(true);
        }
    }
    if attrs.int_or_string {
        schema = json!({"x-kubernetes-int-or-string": true});
    }
    let Some(obj) = schema.as_object_mut() else {
        return schema;
    };
    if !field.description.is_empty() {
        obj.insert("description".into(), json!(field.description));
    }
    if let Some(t) = attrs.list_type {
        obj.insert("x-kubernetes-list-type".into(), json!(t.as_str()));
    }
    if !attrs.list_map_keys.is_empty() {
        obj.insert(
            "x-kubernetes-list-map-keys".into(),
            json!(attrs.list_map_keys),
        );
    }
    if let Some(re) = &attrs.pattern {
        obj.insert("pattern".into(), json!(re));
    }
    if let Some(f) = &attrs.format {
        obj.insert("format".into(), json!(f));
    }
    if let Some(k) = &attrs.patch_merge_key {
        obj.insert("x-kubernetes-patch-merge-key".into(), json!(k));
    }
    if let Some(s) = attrs.patch_strategy {
        obj.insert("x-kubernetes-patch-strategy".into(), json!(s.as_str()));
    }
    if let Some(t) = attrs.map_type {
        obj.insert("x-kubernetes-map-type".into(), json!(t.as_str()));
    }
    if let Some(d) = &attrs.default {
        obj.insert("default".into(), d.clone());
    }
    for (keyword, value) in [
        ("maxLength", attrs.max_length),
        ("minLength", attrs.min_length),
        ("maxItems", attrs.max_items),
        ("minimum", attrs.minimum),
        ("maximum", attrs.maximum),
    ] {
        if let Some(n) = value {
            obj.insert(keyword.into(), json!(n));
        }
    }
    schema
}

/// The schema of a value of type `ty` (without field-level extensions).
fn type_schema(model: &Model, ty: &FieldType) -> Value {
    match ty {
        FieldType::Optional(inner) => type_schema(model, inner),
        FieldType::Bool => json!({"type": "boolean"}),
        FieldType::Int(IntKind::I64 | IntKind::U64) => {
            json!({"type": "integer", "format": "int64"})
        }
        FieldType::Int(_) => json!({"type": "integer", "format": "int32"}),
        FieldType::Float64 => json!({"type": "number", "format": "double"}),
        FieldType::String => json!({"type": "string"}),
        FieldType::Bytes => json!({"type": "string", "format": "byte"}),
        FieldType::List(inner) => json!({"type": "array", "items": type_schema(model, inner)}),
        FieldType::Map(inner) => {
            json!({"type": "object", "additionalProperties": type_schema(model, inner)})
        }
        FieldType::WellKnown(w) => {
            json!({"$ref": format!("#/definitions/{}", w.definition_name())})
        }
        FieldType::Named(r) => match (model.resolve(r), &r.target) {
            (Some(def), Some((target, _))) => match &def.shape {
                TypeShape::Struct(_) => {
                    json!({"$ref": format!("#/definitions/{}", definition_name(&model.packages[*target], &def.name))})
                }
                TypeShape::Newtype(inner) => type_schema(model, inner),
                TypeShape::Enum(variants) => {
                    let mut values: Vec<&str> = variants.iter().map(|v| v.value.as_str()).collect();
                    values.sort();
                    json!({"type": "string", "enum": values})
                }
            },
            _ => json!({"type": "object"}),
        },
        FieldType::Unsupported(_) => json!({"type": "object"}),
    }
}

fn list_definition(r: &Resource<'_>) -> Value {
    let item = definition_name(r.pkg, &r.def.name);
    json!({
        "description": format!("{}List is a list of {}.", r.def.name, r.def.name),
        "type": "object",
        "properties": {
            "apiVersion": {"description": "APIVersion defines the versioned schema of this representation of an object.", "type": "string"},
            "items": {"description": format!("List of {}.", r.meta.plural), "type": "array", "items": {"$ref": format!("#/definitions/{item}")}},
            "kind": {"description": "Kind is a string value representing the REST resource this object represents.", "type": "string"},
            "metadata": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta", "description": "Standard list metadata."},
        },
        "required": ["items"],
        "x-kubernetes-group-version-kind": [gvk(r.pkg, &format!("{}List", r.def.name))],
    })
}

/// GVKs of the meta kinds every served group/version registers (Status in
/// the core group only, as upstream; DeleteOptions and WatchEvent per
/// served group/version), and the autoscaling/v1 Scale of `/scale`.
fn add_meta_kinds(definitions: &mut BTreeMap<String, Value>, resources: &[Resource<'_>]) {
    let mut gvs: BTreeSet<(String, String)> = BTreeSet::new();
    for r in resources {
        gvs.insert((r.pkg.group_name().to_string(), r.pkg.version.clone()));
    }
    let per_gv = |kind: &str| -> Value {
        Value::Array(
            gvs.iter()
                .map(|(g, v)| json!({"group": g, "kind": kind, "version": v}))
                .collect(),
        )
    };
    let meta = |name: &str| format!("io.k8s.apimachinery.pkg.apis.meta.v1.{name}");
    for kind in CORE_V1_META_KINDS {
        if let Some(Value::Object(d)) = definitions.get_mut(&meta(kind)) {
            d.insert(
                "x-kubernetes-group-version-kind".into(),
                json!([{"group": "", "kind": kind, "version": "v1"}]),
            );
        }
    }
    if let Some(Value::Object(d)) = definitions.get_mut(&meta("DeleteOptions")) {
        d.insert(
            "x-kubernetes-group-version-kind".into(),
            per_gv("DeleteOptions"),
        );
    }
    definitions.insert(
        meta("WatchEvent"),
        json!({
            "description": "Event represents a single event to a watched resource.",
            "type": "object",
            "properties": {
                "object": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.runtime.RawExtension", "description": "Object is the object of the event: the object itself for ADDED, MODIFIED and DELETED; a Status for ERROR; an object with only metadata.resourceVersion for BOOKMARK."},
                "type": {"type": "string"},
            },
            "required": ["type", "object"],
            "x-kubernetes-group-version-kind": per_gv("WatchEvent"),
        }),
    );
    if resources.iter().any(|r| r.meta.scale.is_some()) {
        definitions.insert(
            "io.k8s.api.autoscaling.v1.Scale".into(),
            json!({
                "description": "Scale represents a scaling request for a resource.",
                "type": "object",
                "properties": {
                    "apiVersion": {"type": "string"},
                    "kind": {"type": "string"},
                    "metadata": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"},
                    "spec": {"$ref": "#/definitions/io.k8s.api.autoscaling.v1.ScaleSpec"},
                    "status": {"$ref": "#/definitions/io.k8s.api.autoscaling.v1.ScaleStatus"},
                },
                "x-kubernetes-group-version-kind": [{"group": "autoscaling", "kind": "Scale", "version": "v1"}],
            }),
        );
        definitions.insert(
            "io.k8s.api.autoscaling.v1.ScaleSpec".into(),
            json!({"type": "object", "properties": {"replicas": {"type": "integer", "format": "int32"}}}),
        );
        definitions.insert(
            "io.k8s.api.autoscaling.v1.ScaleStatus".into(),
            json!({"type": "object", "properties": {"replicas": {"type": "integer", "format": "int32"}, "selector": {"type": "string"}}, "required": ["replicas"]}),
        );
    }
}

fn well_known_definitions() -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    for w in WellKnown::ALL {
        let schema = match w {
            WellKnown::Time | WellKnown::MicroTime => {
                json!({"type": "string", "format": "date-time"})
            }
            WellKnown::Quantity => json!({"type": "string"}),
            WellKnown::IntOrString => json!({"type": "string", "format": "int-or-string"}),
            WellKnown::RawExtension | WellKnown::FieldsV1 => json!({"type": "object"}),
            WellKnown::Duration => json!({"type": "string"}),
            // Structs: defined from the meta package.
            _ => continue,
        };
        out.push((w.definition_name(), schema));
    }
    out
}
