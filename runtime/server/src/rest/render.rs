//! Answers encoded in the negotiated representation, with their warnings
//! capped as upstream's warning recorder caps them.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::{Answer, Reply};
use crate::negotiate::Representation;
use crate::request::{Query, Verb};
use crate::status::ApiError;
use crate::table::{self, IncludeObject};
use crate::warnings::add_warnings;
use runtime::registry::{Entry, Object};

/// The object a GET answered, as its Rust type (a tree is read through
/// the kind).
///
/// Errors: 500 for a tree that is not an object of the kind.
fn typed(body: Reply, entry: &Entry) -> Result<Box<dyn Object>, ApiError> {
    match body {
        Reply::Object(object) => Ok(object),
        Reply::Tree(tree) => entry.kind.read_value(&tree).map_err(ApiError::internal),
    }
}

/// Encodes an answer in the negotiated representation.
pub(super) fn render(
    answer: Answer,
    entry: &Entry,
    representation: Representation,
    query: &Query,
    verb: Verb,
) -> Response {
    let Answer {
        status,
        body,
        warnings,
        json,
    } = answer;
    if let (Some(json), Reply::Object(_), Representation::Json) = (json, &body, representation)
        && !query.pretty()
    {
        // A write's object, rendered before the write.
        return json_bytes_response(status, runtime::go::encoder::line(&json), warnings);
    }
    let body = match (body, representation) {
        // A write's typed object, in the representations it writes itself.
        (Reply::Object(object), Representation::Json) => {
            let pretty = query.pretty();
            return match object.to_json(pretty) {
                Ok(mut bytes) => {
                    if !pretty {
                        // As `json.Encoder` ends it.
                        bytes.push(b'\n');
                    }
                    json_bytes_response(status, bytes, warnings)
                }
                Err(e) => crate::status::ApiError::internal(e).into_response(),
            };
        }
        (Reply::Object(object), Representation::Protobuf) if entry.kind.protobuf().is_some() => {
            if let Some(bytes) = object.to_protobuf() {
                return protobuf_response(status, bytes, warnings);
            }
            Reply::Object(object).into_tree()
        }
        // A Scale (`GET .../scale`): upstream's scale columns.
        (Reply::Tree(scale), Representation::Table(version))
            if verb == Verb::Get && scale["kind"] == "Scale" =>
        {
            let include = match IncludeObject::for_row(query.get("includeObject")) {
                Ok(include) => include,
                Err(e) => return ApiError::bad_request(e).into_response(),
            };
            match table::scale_table(&scale, version, include, chrono::Utc::now()) {
                Ok(table) => table,
                Err(e) => return ApiError::internal(e).into_response(),
            }
        }
        // Lists took their own path (`list_table`,
        // `list_partial_object_metadata`): here is one object.
        (body, Representation::Table(version)) if verb == Verb::Get => {
            let object = match typed(body, entry) {
                Ok(object) => object,
                Err(e) => return e.into_response(),
            };
            let mut list_meta = Map::new();
            if let Some(rv) = &object.metadata().resource_version {
                list_meta.insert("resourceVersion".into(), json!(rv));
            }
            let include = match IncludeObject::for_row(query.get("includeObject")) {
                Ok(include) => include,
                Err(e) => return ApiError::bad_request(e).into_response(),
            };
            let table = table::table(
                &entry.info,
                object.as_ref(),
                version,
                include,
                list_meta,
                chrono::Utc::now(),
                true,
            );
            match table {
                Ok(table) => table,
                Err(e) => return ApiError::internal(e).into_response(),
            }
        }
        (body, Representation::PartialObjectMetadata(version, _)) if verb == Verb::Get => {
            let partial = typed(body, entry).and_then(|o| {
                table::partial_object_metadata(o.metadata(), version).map_err(ApiError::internal)
            });
            match partial {
                Ok(partial) => partial,
                Err(e) => return e.into_response(),
            }
        }
        (body, _) => body.into_tree(),
    };
    let yaml = representation == Representation::Yaml;
    if representation == Representation::Protobuf
        && let Some(message) = entry.kind.protobuf()
    {
        // Lists took their own path (`list_protobuf`).
        let kind = body.get("kind").and_then(Value::as_str);
        let bytes = if kind == Some(entry.info.kind) {
            runtime::codec::protobuf::wrap(&body, message)
        } else if kind == Some("Scale")
            && body.get("apiVersion").and_then(Value::as_str) == Some("autoscaling/v1")
        {
            // The `scale` subresource's view of the object.
            runtime::codec::protobuf::wrap(&body, &super::scale::SCALE)
        } else {
            // Not an object of this kind (a Status): JSON.
            return json_response(status, &body, warnings, query);
        };
        return protobuf_response(status, bytes, warnings);
    }
    if yaml {
        let mut response = (status, runtime::codec::yaml::to_yaml(&body)).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/yaml"),
        );
        add_warnings(response.headers_mut(), warnings);
        return response;
    }
    json_response(status, &body, warnings, query)
}

pub(super) fn protobuf_response(
    status: StatusCode,
    bytes: Vec<u8>,
    warnings: Vec<String>,
) -> Response {
    let mut response = (status, bytes).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(runtime::codec::protobuf::MEDIA_TYPE),
    );
    add_warnings(response.headers_mut(), warnings);
    response
}

pub(super) fn json_response(
    status: StatusCode,
    body: &Value,
    warnings: Vec<String>,
    query: &Query,
) -> Response {
    // As kube-apiserver's JSON serializer writes it: `json.MarshalIndent`
    // when pretty, else `json.Encoder` (a newline after the text).
    let bytes = if query.pretty() {
        runtime::go::encoder::to_vec_pretty(body)
    } else {
        runtime::go::encoder::to_vec_line(body)
    };
    match bytes {
        Ok(bytes) => json_bytes_response(status, bytes, warnings),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// A JSON response of `bytes`.
fn json_bytes_response(
    status: StatusCode,
    bytes: impl IntoResponse,
    warnings: Vec<String>,
) -> Response {
    let mut response = (status, bytes).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    add_warnings(response.headers_mut(), warnings);
    response
}
