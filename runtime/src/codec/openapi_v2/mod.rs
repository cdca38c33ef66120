//! The OpenAPI v2 (Swagger 2.0) document in protobuf, as kube-apiserver
//! serves it for `Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf`:
//! the `openapi.v2.Document` message of gnostic (`github.com/google/gnostic`,
//! `openapiv2/OpenAPIv2.proto`), filled the way gnostic's compiler reads a
//! JSON document (`openapi_v2.ParseDocument`, which kube-openapi's handler
//! calls before `proto.Marshal`).
//!
//! The messages below carry gnostic's field numbers; only the messages a
//! Swagger 2.0 document can reach are declared, and `google.protobuf.Any`
//! (never set by the compiler) is left out of [`Any`]. The reading rules:
//! - maps become ordered `Named*` pairs in document order;
//! - keys starting with `x-` become `vendor_extension` entries whose value
//!   is an [`Any`] holding the value as YAML text;
//! - `default`, `example` and `enum` values are [`Any`]s too;
//! - a schema's `type` is a [`TypeItem`] (one or more names), `items` an
//!   [`ItemsItem`] (one or more schemas), `additionalProperties` a schema or
//!   a boolean;
//! - a parameter with `$ref` is a [`JsonReference`]; `in: body` is a
//!   [`BodyParameter`]; `header`, `formData`, `query` and `path` are the
//!   matching sub-schemas of a [`NonBodyParameter`];
//! - a response with `$ref` is a [`JsonReference`]; a response schema of
//!   `type: file` is a [`FileSchema`].
//!
//! Consumers (kubectl's `proto` models, client generators) read the YAML
//! of each [`Any`] back into a value, so it is written in the YAML style of
//! [`super::yaml::to_yaml`].

use prost::Message as _;
use serde_json::{Map, Value};

/// The media type a client asks for (kubectl's `openAPIV2mimePb`).
pub const MEDIA_TYPE_REQUESTED: &str = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

/// The media type kube-apiserver answers with, and also accepts.
pub const MEDIA_TYPE: &str = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";

/// The protobuf bytes of a Swagger 2.0 JSON document.
///
/// Errors: the document is not JSON or not an object.
pub fn encode(swagger_json: &str) -> Result<Vec<u8>, String> {
    let doc: Value = serde_json::from_str(swagger_json).map_err(|e| e.to_string())?;
    let doc = doc
        .as_object()
        .ok_or("the OpenAPI v2 document is not a JSON object")?;
    Ok(document(doc).encode_to_vec())
}

/// Decodes the protobuf bytes of a document.
///
/// Errors: the bytes are not an `openapi.v2.Document`.
pub fn decode(bytes: &[u8]) -> Result<Document, prost::DecodeError> {
    Document::decode(bytes)
}

mod messages;
pub use messages::*;

// ----------------------------------------------------------------- reading

fn string(m: &Map<String, Value>, key: &str) -> String {
    m.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn strings(m: &Map<String, Value>, key: &str) -> Vec<String> {
    match m.get(key) {
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        Some(Value::String(s)) => vec![s.clone()],
        _ => Vec::new(),
    }
}

fn boolean(m: &Map<String, Value>, key: &str) -> bool {
    m.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn float(m: &Map<String, Value>, key: &str) -> f64 {
    m.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

fn int(m: &Map<String, Value>, key: &str) -> i64 {
    m.get(key).and_then(Value::as_i64).unwrap_or(0)
}

fn object<'a>(m: &'a Map<String, Value>, key: &str) -> Option<&'a Map<String, Value>> {
    m.get(key).and_then(Value::as_object)
}

fn objects<'a>(
    m: &'a Map<String, Value>,
    key: &str,
) -> impl Iterator<Item = &'a Map<String, Value>> {
    m.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
}

/// A value as gnostic keeps it: YAML text.
fn any(value: &Value) -> Any {
    Any {
        yaml: super::yaml::to_yaml(value),
    }
}

fn optional_any(m: &Map<String, Value>, key: &str) -> Option<Any> {
    m.get(key).map(any)
}

fn anys(m: &Map<String, Value>, key: &str) -> Vec<Any> {
    m.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(any)
        .collect()
}

/// The `x-` keys of `m`, in order.
fn extensions(m: &Map<String, Value>) -> Vec<NamedAny> {
    m.iter()
        .filter(|(k, _)| k.starts_with("x-"))
        .map(|(k, v)| NamedAny {
            name: k.clone(),
            value: Some(any(v)),
        })
        .collect()
}

fn document(m: &Map<String, Value>) -> Document {
    Document {
        swagger: string(m, "swagger"),
        info: object(m, "info").map(info),
        host: string(m, "host"),
        base_path: string(m, "basePath"),
        schemes: strings(m, "schemes"),
        consumes: strings(m, "consumes"),
        produces: strings(m, "produces"),
        paths: object(m, "paths").map(|p| Paths {
            vendor_extension: extensions(p),
            path: p
                .iter()
                .filter(|(k, _)| k.starts_with('/'))
                .filter_map(|(k, v)| {
                    Some(NamedPathItem {
                        name: k.clone(),
                        value: Some(path_item(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        definitions: object(m, "definitions").map(|d| Definitions {
            additional_properties: named_schemas(d),
        }),
        parameters: object(m, "parameters").map(|p| ParameterDefinitions {
            additional_properties: p
                .iter()
                .filter_map(|(k, v)| {
                    Some(NamedParameter {
                        name: k.clone(),
                        value: Some(parameter(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        responses: object(m, "responses").map(|r| ResponseDefinitions {
            additional_properties: r
                .iter()
                .filter_map(|(k, v)| {
                    Some(NamedResponse {
                        name: k.clone(),
                        value: Some(response(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        security: objects(m, "security").map(security_requirement).collect(),
        security_definitions: object(m, "securityDefinitions").map(|s| SecurityDefinitions {
            additional_properties: s
                .iter()
                .filter_map(|(k, v)| {
                    Some(NamedSecurityDefinitionsItem {
                        name: k.clone(),
                        value: Some(security_definition(v.as_object()?)),
                    })
                })
                .collect(),
        }),
        tags: objects(m, "tags")
            .map(|t| Tag {
                name: string(t, "name"),
                description: string(t, "description"),
                external_docs: object(t, "externalDocs").map(external_docs),
                vendor_extension: extensions(t),
            })
            .collect(),
        external_docs: object(m, "externalDocs").map(external_docs),
        vendor_extension: extensions(m),
    }
}

fn info(m: &Map<String, Value>) -> Info {
    Info {
        title: string(m, "title"),
        version: string(m, "version"),
        description: string(m, "description"),
        terms_of_service: string(m, "termsOfService"),
        contact: object(m, "contact").map(|c| Contact {
            name: string(c, "name"),
            url: string(c, "url"),
            email: string(c, "email"),
            vendor_extension: extensions(c),
        }),
        license: object(m, "license").map(|l| License {
            name: string(l, "name"),
            url: string(l, "url"),
            vendor_extension: extensions(l),
        }),
        vendor_extension: extensions(m),
    }
}

fn external_docs(m: &Map<String, Value>) -> ExternalDocs {
    ExternalDocs {
        description: string(m, "description"),
        url: string(m, "url"),
        vendor_extension: extensions(m),
    }
}

fn security_requirement(m: &Map<String, Value>) -> SecurityRequirement {
    SecurityRequirement {
        additional_properties: m
            .iter()
            .map(|(k, v)| NamedStringArray {
                name: k.clone(),
                value: Some(StringArray {
                    value: v
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|s| s.as_str().map(str::to_string))
                        .collect(),
                }),
            })
            .collect(),
    }
}

fn security_definition(m: &Map<String, Value>) -> SecurityDefinitionsItem {
    let oneof = match m.get("type").and_then(Value::as_str) {
        Some("basic") => Some(SecurityDefinitionsOneof::BasicAuthenticationSecurity(
            BasicAuthenticationSecurity {
                r#type: string(m, "type"),
                description: string(m, "description"),
                vendor_extension: extensions(m),
            },
        )),
        Some("apiKey") => Some(SecurityDefinitionsOneof::ApiKeySecurity(ApiKeySecurity {
            r#type: string(m, "type"),
            name: string(m, "name"),
            r#in: string(m, "in"),
            description: string(m, "description"),
            vendor_extension: extensions(m),
        })),
        _ => None,
    };
    SecurityDefinitionsItem { oneof }
}

fn path_item(m: &Map<String, Value>) -> PathItem {
    let op = |verb: &str| object(m, verb).map(operation);
    PathItem {
        _ref: string(m, "$ref"),
        get: op("get"),
        put: op("put"),
        post: op("post"),
        delete: op("delete"),
        options: op("options"),
        head: op("head"),
        patch: op("patch"),
        parameters: objects(m, "parameters").map(parameters_item).collect(),
        vendor_extension: extensions(m),
    }
}

fn operation(m: &Map<String, Value>) -> Operation {
    Operation {
        tags: strings(m, "tags"),
        summary: string(m, "summary"),
        description: string(m, "description"),
        external_docs: object(m, "externalDocs").map(external_docs),
        operation_id: string(m, "operationId"),
        produces: strings(m, "produces"),
        consumes: strings(m, "consumes"),
        parameters: objects(m, "parameters").map(parameters_item).collect(),
        responses: object(m, "responses").map(|r| Responses {
            response_code: r
                .iter()
                .filter(|(k, _)| {
                    *k == "default" || (k.len() == 3 && k.bytes().all(|b| b.is_ascii_digit()))
                })
                .filter_map(|(k, v)| {
                    let v = v.as_object()?;
                    let oneof = if v.contains_key("$ref") {
                        ResponseValueOneof::JsonReference(json_reference(v))
                    } else {
                        ResponseValueOneof::Response(response(v))
                    };
                    Some(NamedResponseValue {
                        name: k.clone(),
                        value: Some(ResponseValue { oneof: Some(oneof) }),
                    })
                })
                .collect(),
            vendor_extension: extensions(r),
        }),
        schemes: strings(m, "schemes"),
        deprecated: boolean(m, "deprecated"),
        security: objects(m, "security").map(security_requirement).collect(),
        vendor_extension: extensions(m),
    }
}

fn json_reference(m: &Map<String, Value>) -> JsonReference {
    JsonReference {
        _ref: string(m, "$ref"),
        description: string(m, "description"),
    }
}

fn parameters_item(m: &Map<String, Value>) -> ParametersItem {
    let oneof = if m.contains_key("$ref") {
        ParametersItemOneof::JsonReference(json_reference(m))
    } else {
        ParametersItemOneof::Parameter(parameter(m))
    };
    ParametersItem { oneof: Some(oneof) }
}

fn parameter(m: &Map<String, Value>) -> Parameter {
    let oneof = match m.get("in").and_then(Value::as_str) {
        Some("body") => ParameterOneof::BodyParameter(BodyParameter {
            description: string(m, "description"),
            name: string(m, "name"),
            r#in: string(m, "in"),
            required: boolean(m, "required"),
            schema: object(m, "schema").map(schema),
            vendor_extension: extensions(m),
        }),
        Some(place @ ("query" | "formData")) => {
            let sub = QueryParameterSubSchema {
                required: boolean(m, "required"),
                r#in: string(m, "in"),
                description: string(m, "description"),
                name: string(m, "name"),
                allow_empty_value: boolean(m, "allowEmptyValue"),
                r#type: string(m, "type"),
                format: string(m, "format"),
                items: object(m, "items").map(primitives_items),
                collection_format: string(m, "collectionFormat"),
                default: optional_any(m, "default"),
                maximum: float(m, "maximum"),
                exclusive_maximum: boolean(m, "exclusiveMaximum"),
                minimum: float(m, "minimum"),
                exclusive_minimum: boolean(m, "exclusiveMinimum"),
                max_length: int(m, "maxLength"),
                min_length: int(m, "minLength"),
                pattern: string(m, "pattern"),
                max_items: int(m, "maxItems"),
                min_items: int(m, "minItems"),
                unique_items: boolean(m, "uniqueItems"),
                r#enum: anys(m, "enum"),
                multiple_of: float(m, "multipleOf"),
                vendor_extension: extensions(m),
            };
            ParameterOneof::NonBodyParameter(NonBodyParameter {
                oneof: Some(if place == "query" {
                    NonBodyParameterOneof::QueryParameterSubSchema(sub)
                } else {
                    NonBodyParameterOneof::FormDataParameterSubSchema(sub)
                }),
            })
        }
        place => {
            let sub = HeaderParameterSubSchema {
                required: boolean(m, "required"),
                r#in: string(m, "in"),
                description: string(m, "description"),
                name: string(m, "name"),
                r#type: string(m, "type"),
                format: string(m, "format"),
                items: object(m, "items").map(primitives_items),
                collection_format: string(m, "collectionFormat"),
                default: optional_any(m, "default"),
                maximum: float(m, "maximum"),
                exclusive_maximum: boolean(m, "exclusiveMaximum"),
                minimum: float(m, "minimum"),
                exclusive_minimum: boolean(m, "exclusiveMinimum"),
                max_length: int(m, "maxLength"),
                min_length: int(m, "minLength"),
                pattern: string(m, "pattern"),
                max_items: int(m, "maxItems"),
                min_items: int(m, "minItems"),
                unique_items: boolean(m, "uniqueItems"),
                r#enum: anys(m, "enum"),
                multiple_of: float(m, "multipleOf"),
                vendor_extension: extensions(m),
            };
            ParameterOneof::NonBodyParameter(NonBodyParameter {
                oneof: Some(if place == Some("header") {
                    NonBodyParameterOneof::HeaderParameterSubSchema(sub)
                } else {
                    NonBodyParameterOneof::PathParameterSubSchema(sub)
                }),
            })
        }
    };
    Parameter { oneof: Some(oneof) }
}

fn primitives_items(m: &Map<String, Value>) -> PrimitivesItems {
    PrimitivesItems {
        r#type: string(m, "type"),
        format: string(m, "format"),
        items: object(m, "items").map(|i| Box::new(primitives_items(i))),
        collection_format: string(m, "collectionFormat"),
        default: optional_any(m, "default"),
        maximum: float(m, "maximum"),
        exclusive_maximum: boolean(m, "exclusiveMaximum"),
        minimum: float(m, "minimum"),
        exclusive_minimum: boolean(m, "exclusiveMinimum"),
        max_length: int(m, "maxLength"),
        min_length: int(m, "minLength"),
        pattern: string(m, "pattern"),
        max_items: int(m, "maxItems"),
        min_items: int(m, "minItems"),
        unique_items: boolean(m, "uniqueItems"),
        r#enum: anys(m, "enum"),
        multiple_of: float(m, "multipleOf"),
        vendor_extension: extensions(m),
    }
}

fn response(m: &Map<String, Value>) -> Response {
    Response {
        description: string(m, "description"),
        schema: object(m, "schema").map(|s| SchemaItem {
            oneof: Some(if s.get("type").and_then(Value::as_str) == Some("file") {
                SchemaItemOneof::FileSchema(FileSchema {
                    format: string(s, "format"),
                    title: string(s, "title"),
                    description: string(s, "description"),
                    default: optional_any(s, "default"),
                    required: strings(s, "required"),
                    r#type: string(s, "type"),
                    read_only: boolean(s, "readOnly"),
                    external_docs: object(s, "externalDocs").map(external_docs),
                    example: optional_any(s, "example"),
                    vendor_extension: extensions(s),
                })
            } else {
                SchemaItemOneof::Schema(schema(s))
            }),
        }),
        headers: object(m, "headers").map(|h| Headers {
            additional_properties: h
                .iter()
                .filter_map(|(k, v)| {
                    let v = v.as_object()?;
                    Some(NamedHeader {
                        name: k.clone(),
                        value: Some(Header {
                            r#type: string(v, "type"),
                            format: string(v, "format"),
                            description: string(v, "description"),
                            vendor_extension: extensions(v),
                        }),
                    })
                })
                .collect(),
        }),
        examples: object(m, "examples").map(|e| Examples {
            additional_properties: e
                .iter()
                .map(|(k, v)| NamedAny {
                    name: k.clone(),
                    value: Some(any(v)),
                })
                .collect(),
        }),
        vendor_extension: extensions(m),
    }
}

fn named_schemas(m: &Map<String, Value>) -> Vec<NamedSchema> {
    m.iter()
        .filter_map(|(k, v)| {
            Some(NamedSchema {
                name: k.clone(),
                value: Some(schema(v.as_object()?)),
            })
        })
        .collect()
}

fn schema(m: &Map<String, Value>) -> Schema {
    Schema {
        _ref: string(m, "$ref"),
        format: string(m, "format"),
        title: string(m, "title"),
        description: string(m, "description"),
        default: optional_any(m, "default"),
        multiple_of: float(m, "multipleOf"),
        maximum: float(m, "maximum"),
        exclusive_maximum: boolean(m, "exclusiveMaximum"),
        minimum: float(m, "minimum"),
        exclusive_minimum: boolean(m, "exclusiveMinimum"),
        max_length: int(m, "maxLength"),
        min_length: int(m, "minLength"),
        pattern: string(m, "pattern"),
        max_items: int(m, "maxItems"),
        min_items: int(m, "minItems"),
        unique_items: boolean(m, "uniqueItems"),
        max_properties: int(m, "maxProperties"),
        min_properties: int(m, "minProperties"),
        required: strings(m, "required"),
        r#enum: anys(m, "enum"),
        additional_properties: m.get("additionalProperties").and_then(|v| {
            let oneof = match v {
                Value::Bool(b) => AdditionalPropertiesOneof::Boolean(*b),
                Value::Object(s) => AdditionalPropertiesOneof::Schema(Box::new(schema(s))),
                _ => return None,
            };
            Some(AdditionalPropertiesItem { oneof: Some(oneof) })
        }),
        r#type: m.contains_key("type").then(|| TypeItem {
            value: strings(m, "type"),
        }),
        items: m.get("items").and_then(|v| match v {
            Value::Object(s) => Some(ItemsItem {
                schema: vec![schema(s)],
            }),
            Value::Array(a) => Some(ItemsItem {
                schema: a.iter().filter_map(Value::as_object).map(schema).collect(),
            }),
            _ => None,
        }),
        all_of: objects(m, "allOf").map(schema).collect(),
        properties: object(m, "properties").map(|p| Properties {
            additional_properties: named_schemas(p),
        }),
        discriminator: string(m, "discriminator"),
        read_only: boolean(m, "readOnly"),
        external_docs: object(m, "externalDocs").map(external_docs),
        example: optional_any(m, "example"),
        vendor_extension: extensions(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn yaml_value(any: &Option<Any>) -> Value {
        let yaml = &any.as_ref().expect("a value").yaml;
        serde_json::from_slice(&super::super::yaml::yaml_to_json(yaml.as_bytes()).unwrap()).unwrap()
    }

    #[test]
    fn a_document_reads_as_gnostic_reads_it() {
        let doc = json!({
            "swagger": "2.0",
            "info": {"title": "Kubernetes", "version": "unversioned"},
            "paths": {
                "/api/v1/namespaces/{namespace}/configmaps/{name}": {
                    "get": {
                        "operationId": "readCoreV1NamespacedConfigMap",
                        "produces": ["application/json"],
                        "responses": {
                            "200": {"description": "OK", "schema": {"$ref": "#/definitions/io.k8s.api.core.v1.ConfigMap"}},
                            "401": {"description": "Unauthorized"}
                        },
                        "x-kubernetes-action": "get",
                        "x-kubernetes-group-version-kind": {"group": "", "kind": "ConfigMap", "version": "v1"}
                    },
                    "parameters": [
                        {"description": "name of the ConfigMap", "in": "path", "name": "name", "required": true, "type": "string", "uniqueItems": true},
                        {"in": "query", "name": "pretty", "type": "string", "uniqueItems": true},
                        {"in": "body", "name": "body", "required": true, "schema": {"$ref": "#/definitions/x"}},
                        {"$ref": "#/parameters/shared"}
                    ]
                }
            },
            "definitions": {
                "io.k8s.api.core.v1.ConfigMap": {
                    "type": "object",
                    "required": ["data"],
                    "properties": {
                        "data": {"type": "object", "additionalProperties": {"type": "string"}},
                        "ports": {"type": "array", "items": {"type": "integer", "format": "int32", "minimum": 1}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["port", "protocol"]},
                        "mode": {"type": "string", "enum": ["A", "B"], "default": "A", "maxLength": 3},
                        "raw": {"x-kubernetes-preserve-unknown-fields": true, "additionalProperties": true}
                    },
                    "x-kubernetes-group-version-kind": [{"group": "", "kind": "ConfigMap", "version": "v1"}]
                }
            },
            "security": [{"BearerToken": []}],
            "securityDefinitions": {"BearerToken": {"description": "Bearer Token authentication", "in": "header", "name": "authorization", "type": "apiKey"}}
        });
        let bytes = encode(&doc.to_string()).unwrap();
        let back = decode(&bytes).unwrap();
        assert_eq!(back.swagger, "2.0");
        assert_eq!(back.info.as_ref().unwrap().title, "Kubernetes");

        let paths = back.paths.unwrap().path;
        assert_eq!(paths.len(), 1);
        let item = paths[0].value.as_ref().unwrap();
        let get = item.get.as_ref().unwrap();
        assert_eq!(get.operation_id, "readCoreV1NamespacedConfigMap");
        let codes: Vec<&str> = get
            .responses
            .as_ref()
            .unwrap()
            .response_code
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(codes, ["200", "401"]);
        let Some(ResponseValueOneof::Response(ok)) = &get.responses.as_ref().unwrap().response_code
            [0]
        .value
        .as_ref()
        .unwrap()
        .oneof
        else {
            panic!("a response")
        };
        let Some(SchemaItemOneof::Schema(s)) = &ok.schema.as_ref().unwrap().oneof else {
            panic!("a schema")
        };
        assert_eq!(s._ref, "#/definitions/io.k8s.api.core.v1.ConfigMap");
        let names: Vec<&str> = get
            .vendor_extension
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(
            names,
            ["x-kubernetes-action", "x-kubernetes-group-version-kind"]
        );
        assert_eq!(
            yaml_value(&get.vendor_extension[1].value),
            json!({"group": "", "kind": "ConfigMap", "version": "v1"})
        );

        let kinds: Vec<&str> = item
            .parameters
            .iter()
            .map(|p| match p.oneof.as_ref().unwrap() {
                ParametersItemOneof::JsonReference(_) => "ref",
                ParametersItemOneof::Parameter(Parameter {
                    oneof: Some(ParameterOneof::BodyParameter(_)),
                }) => "body",
                ParametersItemOneof::Parameter(Parameter {
                    oneof:
                        Some(ParameterOneof::NonBodyParameter(NonBodyParameter {
                            oneof: Some(NonBodyParameterOneof::PathParameterSubSchema(p)),
                        })),
                }) if p.required && p.unique_items => "path",
                ParametersItemOneof::Parameter(Parameter {
                    oneof:
                        Some(ParameterOneof::NonBodyParameter(NonBodyParameter {
                            oneof: Some(NonBodyParameterOneof::QueryParameterSubSchema(_)),
                        })),
                }) => "query",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["path", "query", "body", "ref"]);

        let defs = back.definitions.unwrap().additional_properties;
        let cm = defs[0].value.as_ref().unwrap();
        assert_eq!(cm.r#type.as_ref().unwrap().value, ["object"]);
        assert_eq!(cm.required, ["data"]);
        assert_eq!(
            yaml_value(&cm.vendor_extension[0].value),
            json!([{"group": "", "kind": "ConfigMap", "version": "v1"}])
        );
        let props = &cm.properties.as_ref().unwrap().additional_properties;
        let prop = |name: &str| {
            props
                .iter()
                .find(|p| p.name == name)
                .and_then(|p| p.value.as_ref())
                .unwrap()
        };
        let Some(AdditionalPropertiesOneof::Schema(values)) =
            &prop("data").additional_properties.as_ref().unwrap().oneof
        else {
            panic!("a schema")
        };
        assert_eq!(values.r#type.as_ref().unwrap().value, ["string"]);
        let ports = prop("ports");
        let item = &ports.items.as_ref().unwrap().schema[0];
        assert_eq!((item.format.as_str(), item.minimum), ("int32", 1.0));
        assert_eq!(
            yaml_value(&ports.vendor_extension[1].value),
            json!(["port", "protocol"])
        );
        let mode = prop("mode");
        assert_eq!(mode.r#enum.len(), 2);
        assert_eq!(yaml_value(&mode.default), json!("A"));
        assert_eq!(mode.max_length, 3);
        assert_eq!(
            prop("raw").additional_properties.as_ref().unwrap().oneof,
            Some(AdditionalPropertiesOneof::Boolean(true))
        );

        let sec = &back.security_definitions.unwrap().additional_properties[0];
        assert_eq!(sec.name, "BearerToken");
        let Some(SecurityDefinitionsOneof::ApiKeySecurity(key)) =
            &sec.value.as_ref().unwrap().oneof
        else {
            panic!("an API key")
        };
        assert_eq!(
            (key.name.as_str(), key.r#in.as_str()),
            ("authorization", "header")
        );
        assert_eq!(
            back.security[0].additional_properties[0].name,
            "BearerToken"
        );
    }

    #[test]
    fn a_document_that_is_not_an_object_is_an_error() {
        assert!(encode("[]").is_err());
        assert!(encode("{").is_err());
    }
}
