//! The OpenAPI v3 document of one group/version, derived from the v2
//! document as kube-openapi derives it: the schemas the paths reach,
//! `components`, request bodies and responses with their media types.

use super::*;

/// The v3 document of one group/version, derived from the v2 document:
/// its paths, `requestBody`/`content` forms, and the schemas they reach
/// under `components.schemas`.
pub(super) fn v3_document(v2: &Value, group: &str, version: &str) -> Value {
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

pub(super) fn collect_refs(v: &Value, out: &mut BTreeSet<String>) {
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
pub(super) fn v3_schema(v: &Value) -> Value {
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

pub(super) fn v3_path_item(item: &Value) -> Value {
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

pub(super) fn v3_parameter(p: &Value) -> Value {
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
