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
use std::path::PathBuf;

use serde_json::{Map, Value, json};

use super::{Crate, GeneratedFile};
use crate::markers::Marker;
use crate::model::{Field, FieldType, IntKind, Model, Package, TypeDef, TypeShape, WellKnown};
use crate::resource::{ResourceMeta, resource_meta};

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
pub fn generate(crates: &[Crate]) -> Vec<GeneratedFile> {
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
    for r in &resources {
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
        path: PathBuf::from(SPEC_DIR).join("swagger.json"),
        contents: pretty(&without_builtin_defaults(&v2)),
    }];
    let mut group_versions: BTreeSet<(String, String)> = BTreeSet::new();
    for r in &resources {
        group_versions.insert((r.pkg.group_name().to_string(), r.pkg.version.clone()));
    }
    for (group, version) in group_versions {
        let doc = v3_document(&v2, &group, &version);
        files.push(GeneratedFile {
            path: PathBuf::from(SPEC_DIR)
                .join("v3")
                .join(v3_file_name(&group, &version)),
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

fn marker<'a>(field: &'a Field, names: &[&str]) -> Option<&'a Marker> {
    field
        .markers
        .iter()
        .find(|m| names.contains(&m.name.as_str()))
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
    if def
        .markers
        .iter()
        .any(|m| m.name == "structType" && m.payload_string().as_deref() == Some("atomic"))
    {
        schema.insert("x-kubernetes-map-type".into(), json!("atomic"));
    }
    if def.has_marker("union") {
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
        if f.marker("unionDiscriminator").is_some() {
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
    rust_name
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|first| first.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

fn property(model: &Model, field: &Field) -> Value {
    let mut schema = type_schema(model, &field.ty);
    // The kubebuilder markers publish a RawExtension or IntOrString field
    // as a custom resource's schema does, inline instead of by reference.
    let preserve = field
        .marker("kubebuilder:pruning:PreserveUnknownFields")
        .is_some();
    let embedded = field
        .marker("kubebuilder:validation:EmbeddedResource")
        .is_some();
    if preserve || embedded {
        schema = json!({"type": "object"});
        if embedded {
            schema["x-kubernetes-embedded-resource"] = json!(true);
        }
        if preserve {
            schema["x-kubernetes-preserve-unknown-fields"] = json!(true);
        }
    }
    if field
        .marker("kubebuilder:validation:XIntOrString")
        .is_some()
    {
        schema = json!({"x-kubernetes-int-or-string": true});
    }
    let Some(obj) = schema.as_object_mut() else {
        return schema;
    };
    if !field.description.is_empty() {
        obj.insert("description".into(), json!(field.description));
    }
    let payload = |names: &[&str]| marker(field, names).and_then(Marker::payload_string);
    if let Some(t) = payload(&["listType", "k8s:listType"]) {
        obj.insert("x-kubernetes-list-type".into(), json!(t));
    }
    let keys: Vec<String> = field
        .markers
        .iter()
        .filter(|m| m.name == "listMapKey" || m.name == "k8s:listMapKey")
        .filter_map(Marker::payload_string)
        .collect();
    if !keys.is_empty() {
        obj.insert("x-kubernetes-list-map-keys".into(), json!(keys));
    }
    if let Some(re) = payload(&["kubebuilder:validation:Pattern"]) {
        obj.insert("pattern".into(), json!(re));
    }
    if let Some(f) = payload(&["k8s:format"]) {
        obj.insert("format".into(), json!(f));
    }
    if let Some(k) = payload(&["patchMergeKey"]) {
        obj.insert("x-kubernetes-patch-merge-key".into(), json!(k));
    }
    if let Some(s) = payload(&["patchStrategy"]) {
        obj.insert("x-kubernetes-patch-strategy".into(), json!(s));
    }
    if let Some(t) = payload(&["mapType"]) {
        obj.insert("x-kubernetes-map-type".into(), json!(t));
    }
    if let Some(d) = marker(field, &["default"])
        .and_then(Marker::payload_text)
        .and_then(|t| serde_json::from_str::<Value>(t).ok())
    {
        obj.insert("default".into(), d);
    }
    let number = |names: &[&str]| payload(names).and_then(|t| crate::markers::parse_go_int(&t));
    for (keyword, names) in [
        ("maxLength", &["k8s:maxLength"][..]),
        ("minLength", &["k8s:minLength"]),
        ("maxItems", &["k8s:maxItems"]),
        ("minimum", &["k8s:minimum"]),
        ("maximum", &["k8s:maximum"]),
    ] {
        if let Some(n) = number(names) {
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

/// The operation verbs of one path.
struct Op {
    method: &'static str,
    action: &'static str,
    id_verb: &'static str,
    response: String,
    params: Vec<Value>,
    consumes: Vec<&'static str>,
    codes: &'static [(&'static str, &'static str)],
}

fn query(name: &str, description: &str, ty: &str) -> Value {
    json!({"name": name, "in": "query", "description": description, "type": ty, "uniqueItems": true})
}

fn list_params() -> Vec<Value> {
    vec![
        query(
            "allowWatchBookmarks",
            "allowWatchBookmarks requests watch events with type \"BOOKMARK\".",
            "boolean",
        ),
        query(
            "continue",
            "The continue option should be set when retrieving more results from the server.",
            "string",
        ),
        query(
            "fieldSelector",
            "A selector to restrict the list of returned objects by their fields.",
            "string",
        ),
        query(
            "labelSelector",
            "A selector to restrict the list of returned objects by their labels.",
            "string",
        ),
        query(
            "limit",
            "limit is a maximum number of responses to return for a list call.",
            "integer",
        ),
        query(
            "resourceVersion",
            "resourceVersion sets a constraint on what resource versions a request may be served from.",
            "string",
        ),
        query(
            "resourceVersionMatch",
            "resourceVersionMatch determines how resourceVersion is applied to list calls.",
            "string",
        ),
        query(
            "sendInitialEvents",
            "`sendInitialEvents=true` may be set together with `watch=true`.",
            "boolean",
        ),
        query(
            "timeoutSeconds",
            "Timeout for the list/watch call.",
            "integer",
        ),
        query(
            "watch",
            "Watch for changes to the described resources and return them as a stream of add, update, and remove notifications.",
            "boolean",
        ),
    ]
}

fn write_params() -> Vec<Value> {
    vec![
        query(
            "dryRun",
            "When present, indicates that modifications should not be persisted. Valid values are: - All: all dry run stages will be processed",
            "string",
        ),
        query(
            "fieldManager",
            "fieldManager is a name associated with the actor or entity that is making these changes.",
            "string",
        ),
        query(
            "fieldValidation",
            "fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: - Ignore - Warn - Strict",
            "string",
        ),
    ]
}

fn body(schema: &str) -> Value {
    json!({"name": "body", "in": "body", "required": true, "schema": {"$ref": format!("#/definitions/{schema}")}})
}

/// The media types the server accepts for PATCH.
pub const PATCH_TYPES: [&str; 4] = [
    "application/json-patch+json",
    "application/merge-patch+json",
    "application/strategic-merge-patch+json",
    "application/apply-patch+yaml",
];

fn resource_paths(r: &Resource<'_>) -> Vec<(String, Value)> {
    let group = r.pkg.group_name();
    let version = &r.pkg.version;
    let kind = &r.meta.kind;
    let def = definition_name(r.pkg, kind);
    let list_def = definition_name(r.pkg, &format!("{kind}List"));
    let status = "io.k8s.apimachinery.pkg.apis.meta.v1.Status".to_string();
    let prefix = if group.is_empty() {
        format!("/api/{version}")
    } else {
        format!("/apis/{group}/{version}")
    };
    let collection = if r.meta.namespaced {
        format!("{prefix}/namespaces/{{namespace}}/{}", r.meta.plural)
    } else {
        format!("{prefix}/{}", r.meta.plural)
    };
    let id_group: String = {
        let g = if group.is_empty() {
            "core".to_string()
        } else {
            group.split('.').next().unwrap_or(group).to_string()
        };
        let mut c = g.chars();
        c.next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    };
    let scope = if r.meta.namespaced { "Namespaced" } else { "" };
    let tag = format!(
        "{}_{version}",
        if group.is_empty() {
            "core"
        } else {
            group.split('.').next().unwrap_or(group)
        }
    );
    let gvk = json!({"group": group, "kind": kind, "version": version});
    let mut ns_params = vec![
        json!({"name": "namespace", "in": "path", "required": true, "type": "string", "uniqueItems": true, "description": "object name and auth scope, such as for teams and projects"}),
    ];
    if !r.meta.namespaced {
        ns_params.clear();
    }
    let pretty = query(
        "pretty",
        "If 'true', then the output is pretty printed.",
        "string",
    );
    let item = |ops: Vec<Op>, extra_params: Vec<Value>, kind_suffix: &str| -> Value {
        let mut obj = Map::new();
        for op in ops {
            let responses: Map<String, Value> = op
                .codes
                .iter()
                .map(|(code, description)| {
                    let v = if *code == "401" {
                        json!({"description": description})
                    } else {
                        json!({"description": description, "schema": {"$ref": format!("#/definitions/{}", op.response)}})
                    };
                    (code.to_string(), v)
                })
                .collect();
            obj.insert(
                op.method.into(),
                json!({
                    "operationId": format!("{}{id_group}{}{scope}{kind}{kind_suffix}", op.id_verb, capitalize(version)),
                    "consumes": op.consumes,
                    "produces": ["application/json", "application/yaml", "application/vnd.kubernetes.protobuf"],
                    "schemes": ["https"],
                    "tags": [tag],
                    "parameters": op.params,
                    "responses": responses,
                    "x-kubernetes-action": op.action,
                    "x-kubernetes-group-version-kind": gvk,
                }),
            );
        }
        let mut params = extra_params;
        params.push(pretty.clone());
        obj.insert("parameters".into(), Value::Array(params));
        Value::Object(obj)
    };
    let ok: &'static [(&str, &str)] = &[("200", "OK"), ("401", "Unauthorized")];
    let created: &'static [(&str, &str)] = &[
        ("200", "OK"),
        ("201", "Created"),
        ("202", "Accepted"),
        ("401", "Unauthorized"),
    ];
    let updated: &'static [(&str, &str)] =
        &[("200", "OK"), ("201", "Created"), ("401", "Unauthorized")];
    let deleted: &'static [(&str, &str)] =
        &[("200", "OK"), ("202", "Accepted"), ("401", "Unauthorized")];
    let name_param = json!({"name": "name", "in": "path", "required": true, "type": "string", "uniqueItems": true, "description": format!("name of the {kind}")});
    let mut patch_params = vec![
        json!({"name": "body", "in": "body", "required": true, "schema": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch"}}),
    ];
    patch_params.extend(write_params());
    patch_params.push(query(
        "force",
        "Force is going to \"force\" Apply requests.",
        "boolean",
    ));
    let mut write = vec![body(&def)];
    write.extend(write_params());
    let mut paths = vec![(
        collection.clone(),
        item(
            vec![
                Op {
                    method: "get",
                    action: "list",
                    id_verb: "list",
                    response: list_def,
                    params: list_params(),
                    consumes: vec!["*/*"],
                    codes: ok,
                },
                Op {
                    method: "post",
                    action: "post",
                    id_verb: "create",
                    response: def.clone(),
                    params: write.clone(),
                    consumes: vec!["*/*"],
                    codes: created,
                },
                Op {
                    method: "delete",
                    action: "deletecollection",
                    id_verb: "deleteCollection",
                    response: status.clone(),
                    params: list_params(),
                    consumes: vec!["*/*"],
                    codes: ok,
                },
            ],
            ns_params.clone(),
            "",
        ),
    )];
    let mut named = ns_params.clone();
    named.insert(0, name_param.clone());
    paths.push((
        format!("{collection}/{{name}}"),
        item(
            vec![
                Op {
                    method: "get",
                    action: "get",
                    id_verb: "read",
                    response: def.clone(),
                    params: vec![],
                    consumes: vec!["*/*"],
                    codes: ok,
                },
                Op {
                    method: "put",
                    action: "put",
                    id_verb: "replace",
                    response: def.clone(),
                    params: write.clone(),
                    consumes: vec!["*/*"],
                    codes: updated,
                },
                Op {
                    method: "patch",
                    action: "patch",
                    id_verb: "patch",
                    response: def.clone(),
                    params: patch_params.clone(),
                    consumes: PATCH_TYPES.to_vec(),
                    codes: updated,
                },
                Op {
                    method: "delete",
                    action: "delete",
                    id_verb: "delete",
                    response: status.clone(),
                    params: vec![
                        body("io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions"),
                        query("dryRun", "", "string"),
                        query("gracePeriodSeconds", "", "integer"),
                        query("propagationPolicy", "", "string"),
                    ],
                    consumes: vec!["*/*"],
                    codes: deleted,
                },
            ],
            named.clone(),
            "",
        ),
    ));
    let mut subresources: Vec<(&str, String)> = Vec::new();
    if r.meta.status {
        subresources.push(("Status", def.clone()));
    }
    if r.meta.scale.is_some() {
        subresources.push(("Scale", "io.k8s.api.autoscaling.v1.Scale".to_string()));
    }
    for (suffix, schema) in subresources {
        let mut write = vec![body(&schema)];
        write.extend(write_params());
        paths.push((
            format!("{collection}/{{name}}/{}", suffix.to_lowercase()),
            item(
                vec![
                    Op {
                        method: "get",
                        action: "get",
                        id_verb: "read",
                        response: schema.clone(),
                        params: vec![],
                        consumes: vec!["*/*"],
                        codes: ok,
                    },
                    Op {
                        method: "put",
                        action: "put",
                        id_verb: "replace",
                        response: schema.clone(),
                        params: write,
                        consumes: vec!["*/*"],
                        codes: updated,
                    },
                    Op {
                        method: "patch",
                        action: "patch",
                        id_verb: "patch",
                        response: schema.clone(),
                        params: patch_params.clone(),
                        consumes: PATCH_TYPES.to_vec(),
                        codes: updated,
                    },
                ],
                named.clone(),
                suffix,
            ),
        ));
    }
    if r.meta.namespaced {
        paths.push((
            format!("{prefix}/{}", r.meta.plural),
            item(
                vec![Op {
                    method: "get",
                    action: "list",
                    id_verb: "list",
                    response: definition_name(r.pkg, &format!("{kind}List")),
                    params: list_params(),
                    consumes: vec!["*/*"],
                    codes: ok,
                }],
                vec![],
                "ForAllNamespaces",
            ),
        ));
    }
    paths
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The v3 document of one group/version, derived from the v2 document:
/// its paths, `requestBody`/`content` forms, and the schemas they reach
/// under `components.schemas`.
fn v3_document(v2: &Value, group: &str, version: &str) -> Value {
    let prefix = if group.is_empty() {
        format!("/api/{version}/")
    } else {
        format!("/apis/{group}/{version}/")
    };
    let mut paths = Map::new();
    let mut wanted: BTreeSet<String> = BTreeSet::new();
    for (path, item) in v2["paths"].as_object().into_iter().flatten() {
        if !path.starts_with(&prefix) {
            continue;
        }
        collect_refs(item, &mut wanted);
        paths.insert(path.clone(), v3_path_item(item));
    }
    // Close over references between definitions.
    let definitions = v2["definitions"].as_object().cloned().unwrap_or_default();
    let mut schemas = Map::new();
    let mut queue: Vec<String> = wanted.into_iter().collect();
    while let Some(name) = queue.pop() {
        if schemas.contains_key(&name) {
            continue;
        }
        let Some(def) = definitions.get(&name) else {
            continue;
        };
        let mut refs = BTreeSet::new();
        collect_refs(def, &mut refs);
        queue.extend(refs);
        schemas.insert(name, v3_schema(def));
    }
    json!({
        "openapi": "3.0.0",
        "info": {"title": "Kubernetes", "version": "unversioned"},
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {"BearerToken": {"description": "Bearer Token authentication", "in": "header", "name": "authorization", "type": "apiKey"}},
        },
        "security": [{"BearerToken": []}],
    })
}

fn collect_refs(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(Value::as_str)
                && let Some(name) = r.strip_prefix("#/definitions/")
            {
                out.insert(name.to_string());
            }
            for child in m.values() {
                collect_refs(child, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| collect_refs(c, out)),
        _ => {}
    }
}

/// A v2 schema as v3 writes it: refs to `#/components/schemas/`, and a ref
/// with siblings wrapped in `allOf` (as kube-apiserver's v3 does).
fn v3_schema(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut out = Map::new();
            for (k, child) in m {
                if k == "$ref" {
                    let r = child
                        .as_str()
                        .unwrap_or("")
                        .replace("#/definitions/", "#/components/schemas/");
                    out.insert(k.clone(), json!(r));
                } else {
                    out.insert(k.clone(), v3_schema(child));
                }
            }
            if out.len() > 1
                && let Some(r) = out.remove("$ref")
            {
                out.insert("allOf".into(), json!([{"$ref": r}]));
            }
            // v3 can say what v2 cannot: an int-or-string is either.
            if out.get("x-kubernetes-int-or-string") == Some(&json!(true))
                && !out.contains_key("type")
            {
                out.insert(
                    "anyOf".into(),
                    json!([{"type": "integer"}, {"type": "string"}]),
                );
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(v3_schema).collect()),
        other => other.clone(),
    }
}

fn v3_path_item(item: &Value) -> Value {
    let mut out = Map::new();
    for (key, op) in item.as_object().into_iter().flatten() {
        if key == "parameters" {
            out.insert(
                key.clone(),
                Value::Array(
                    op.as_array()
                        .into_iter()
                        .flatten()
                        .map(v3_parameter)
                        .collect(),
                ),
            );
            continue;
        }
        let mut o = Map::new();
        let consumes: Vec<String> = op["consumes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c.as_str().map(str::to_string))
            .collect();
        let produces = [
            "application/json",
            "application/yaml",
            "application/vnd.kubernetes.protobuf",
        ];
        let mut params = Vec::new();
        for p in op["parameters"].as_array().into_iter().flatten() {
            if p["in"] == "body" {
                let schema = v3_schema(&p["schema"]);
                let media: Vec<String> = if consumes.iter().any(|c| c == "*/*") {
                    vec!["*/*".into()]
                } else {
                    consumes.clone()
                };
                let content: Map<String, Value> = media
                    .into_iter()
                    .map(|m| (m, json!({"schema": schema})))
                    .collect();
                o.insert(
                    "requestBody".into(),
                    json!({"content": content, "required": true}),
                );
            } else {
                params.push(v3_parameter(p));
            }
        }
        if !params.is_empty() {
            o.insert("parameters".into(), Value::Array(params));
        }
        let mut responses = Map::new();
        for (code, resp) in op["responses"].as_object().into_iter().flatten() {
            let mut r = json!({"description": resp["description"]});
            if let Some(schema) = resp.get("schema") {
                let schema = v3_schema(schema);
                let content: Map<String, Value> = produces
                    .iter()
                    .map(|m| (m.to_string(), json!({"schema": schema})))
                    .collect();
                r["content"] = Value::Object(content);
            }
            responses.insert(code.clone(), r);
        }
        o.insert("responses".into(), Value::Object(responses));
        for k in [
            "operationId",
            "tags",
            "x-kubernetes-action",
            "x-kubernetes-group-version-kind",
            "description",
        ] {
            if let Some(v) = op.get(k) {
                o.insert(k.into(), v.clone());
            }
        }
        out.insert(key.clone(), Value::Object(o));
    }
    Value::Object(out)
}

fn v3_parameter(p: &Value) -> Value {
    let mut out = Map::new();
    for k in ["name", "in", "description", "required"] {
        if let Some(v) = p.get(k) {
            out.insert(k.into(), v.clone());
        }
    }
    out.insert(
        "schema".into(),
        json!({"type": p["type"], "uniqueItems": true}),
    );
    Value::Object(out)
}
