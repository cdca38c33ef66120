//! The OpenAPI v2 paths of each resource: its verbs and subresources with
//! their query parameters, bodies, response codes and PATCH media types.

use super::*;

/// The operation verbs of one path.
pub(super) struct Op {
    method: &'static str,
    action: &'static str,
    id_verb: &'static str,
    response: String,
    params: Vec<Value>,
    consumes: Vec<&'static str>,
    codes: &'static [(&'static str, &'static str)],
}

pub(super) fn query(name: &str, description: &str, ty: &str) -> Value {
    json!({"name": name, "in": "query", "description": description, "type": ty, "uniqueItems": true})
}

pub(super) fn list_params() -> Vec<Value> {
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

pub(super) fn write_params() -> Vec<Value> {
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

pub(super) fn body(schema: &str) -> Value {
    json!({"name": "body", "in": "body", "required": true, "schema": {"$ref": format!("#/definitions/{schema}")}})
}

/// The media types the server accepts for PATCH.
pub const PATCH_TYPES: [&str; 4] = [
    "application/json-patch+json",
    "application/merge-patch+json",
    "application/strategic-merge-patch+json",
    "application/apply-patch+yaml",
];

pub(super) fn resource_paths(r: &Resource<'_>) -> Vec<(String, Value)> {
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
    // The main resource's operations are those of the verbs served
    // (`+genclient:onlyVerbs`); a path left without any is not published.
    let served = |action: &str| {
        let verb = match action {
            "post" => "create",
            "put" => "update",
            other => other,
        };
        r.meta.verbs.iter().any(|v| v == verb)
    };
    let item = |ops: Vec<Op>, extra_params: Vec<Value>, kind_suffix: &str| -> Option<Value> {
        let main = matches!(kind_suffix, "" | "ForAllNamespaces");
        let ops: Vec<Op> = ops
            .into_iter()
            .filter(|op| !main || served(op.action))
            .collect();
        if ops.is_empty() {
            return None;
        }
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
        Some(Value::Object(obj))
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
        .into_iter()
        .filter_map(|(path, item)| Some((path, item?)))
        .collect()
}

pub(super) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
