//! `/openapi/v3`: the index of group/version documents and each document,
//! built from the registry: paths for every resource and verb with
//! `x-kubernetes-group-version-kind` and `x-kubernetes-action`, the PATCH
//! media types this server accepts, the `fieldValidation` parameter (which
//! kubectl looks for before relying on server-side field validation), and
//! one schema per kind carrying its GVK.
//!
//! The schemas here are placeholders that accept any object
//! (`x-kubernetes-preserve-unknown-fields`); full schemas generated from the
//! type model replace them with the OpenAPI generator.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::ApiServer;
use super::status::ApiError;
use crate::resource::ResourceInfo;

/// `group/version` documents served, as index paths (`api/v1`, `apis/G/V`).
fn document_paths(server: &ApiServer) -> Vec<(String, &'static str, &'static str)> {
    let mut out = Vec::new();
    for group in server.registry.groups() {
        for version in server.registry.versions(group) {
            let path = if group.is_empty() {
                format!("api/{version}")
            } else {
                format!("apis/{group}/{version}")
            };
            out.push((path, group, version));
        }
    }
    out
}

/// `GET /openapi/v3`.
pub(super) async fn index(State(server): State<Arc<ApiServer>>) -> Response {
    let mut paths = Map::new();
    for (path, group, version) in document_paths(&server) {
        let doc = document_for(&server, group, version);
        let hash = format!("{:016X}", super::fnv1a(doc.to_string().as_bytes()));
        paths.insert(
            path.clone(),
            json!({"serverRelativeURL": format!("/openapi/v3/{path}?hash={hash}")}),
        );
    }
    super::json(StatusCode::OK, &json!({"paths": paths}))
}

/// `GET /openapi/v3/<path>[?hash=...]`, with ETag and 304 on `If-None-Match`.
pub(super) async fn document(
    State(server): State<Arc<ApiServer>>,
    Path(path): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some((_, group, version)) = document_paths(&server)
        .into_iter()
        .find(|(p, _, _)| *p == path)
    else {
        return ApiError::path_not_found().into_response();
    };
    let body = serde_json::to_vec(&document_for(&server, group, version)).unwrap_or_default();
    let etag = format!("\"{:016X}\"", super::fnv1a(&body));
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (StatusCode::OK, body).into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    let cache = if query.is_some_and(|q| q.contains("hash=")) {
        "public, immutable"
    } else {
        "no-cache, private"
    };
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// The definition name upstream uses for a kind: `io.k8s.api.core.v1.ConfigMap`
/// for built-in groups, reversed domain for others (`dev.example.v1.Widget`).
pub fn definition_name(info: &ResourceInfo) -> String {
    let group = match info.group {
        "" => "core".to_string(),
        g if !g.contains('.') => g.to_string(),
        g if g.ends_with(".k8s.io") => g.trim_end_matches(".k8s.io").to_string(),
        g => {
            return format!(
                "{}.{}.{}",
                g.split('.').rev().collect::<Vec<_>>().join("."),
                info.version,
                info.kind
            );
        }
    };
    format!("io.k8s.api.{group}.{}.{}", info.version, info.kind)
}

fn param(name: &str, location: &str, description: &str) -> Value {
    json!({"name": name, "in": location, "description": description, "schema": {"type": "string", "uniqueItems": true}})
}

fn document_for(server: &ApiServer, group: &str, version: &str) -> Value {
    let mut paths = Map::new();
    let mut schemas = Map::new();
    for entry in server
        .registry
        .entries()
        .iter()
        .filter(|e| e.info.group == group && e.info.version == version)
    {
        let i = &entry.info;
        let gvk = json!({"group": i.group, "version": i.version, "kind": i.kind});
        let def = definition_name(i);
        let schema_ref = json!({"$ref": format!("#/components/schemas/{def}")});
        schemas.insert(
            def.clone(),
            json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "x-kubernetes-group-version-kind": [gvk]}),
        );
        let base = if group.is_empty() {
            format!("/api/{version}")
        } else {
            format!("/apis/{group}/{version}")
        };
        let collection = if i.namespaced {
            format!("{base}/namespaces/{{namespace}}/{}", i.plural)
        } else {
            format!("{base}/{}", i.plural)
        };
        let ok = |s: &Value| json!({"200": {"description": "OK", "content": {"application/json": {"schema": s}}}});
        let op = |action: &str, extra: Value| {
            let mut o = json!({"x-kubernetes-action": action, "x-kubernetes-group-version-kind": gvk, "responses": ok(&schema_ref)});
            if let (Some(o), Value::Object(extra)) = (o.as_object_mut(), extra) {
                o.extend(extra);
            }
            o
        };
        let field_validation = param(
            "fieldValidation",
            "query",
            "How the server treats unknown and duplicate fields: Ignore, Warn or Strict.",
        );
        let body = |types: &[&str]| {
            let content: Map<String, Value> = types
                .iter()
                .map(|t| (t.to_string(), json!({"schema": schema_ref})))
                .collect();
            json!({"required": true, "content": content})
        };
        paths.insert(
            collection.clone(),
            json!({
                "get": op("list", json!({"parameters": [param("labelSelector", "query", ""), param("fieldSelector", "query", ""), param("limit", "query", ""), param("continue", "query", ""), param("resourceVersion", "query", ""), param("watch", "query", "")]})),
                "post": op("post", json!({"parameters": [param("dryRun", "query", ""), param("fieldManager", "query", ""), field_validation.clone()], "requestBody": body(&["application/json", "application/yaml"])})),
                "delete": op("deletecollection", json!({})),
            }),
        );
        paths.insert(
            format!("{collection}/{{name}}"),
            json!({
                "get": op("get", json!({})),
                "put": op("put", json!({"parameters": [param("dryRun", "query", ""), param("fieldManager", "query", ""), field_validation.clone()], "requestBody": body(&["application/json", "application/yaml"])})),
                "patch": op("patch", json!({"parameters": [param("dryRun", "query", ""), param("fieldManager", "query", ""), field_validation.clone(), param("force", "query", "")], "requestBody": body(&["application/json-patch+json", "application/merge-patch+json"])})),
                "delete": op("delete", json!({})),
            }),
        );
    }
    json!({
        "openapi": "3.0.0",
        "info": {"title": "Kubernetes", "version": "v1.36.0"},
        "paths": paths,
        "components": {"schemas": schemas},
    })
}
