//! `/openapi/v2` and `/openapi/v3`: the documents `cargo xtask generate`
//! wrote from the type model (checked in under `api/openapi-spec/`), served
//! as kube-apiserver serves them: the v3 index lists each group/version
//! document with a content hash; documents carry an ETag, answer 304 to a
//! matching `If-None-Match`, and are `public, immutable` when fetched by
//! hash (KUBECTL.md section E).

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, json};

use super::ApiServer;
use super::status::ApiError;

fn hash(doc: &str) -> String {
    format!("{:016X}", super::fnv1a(doc.as_bytes()))
}

/// `GET /openapi/v3`: `{"paths": {"api/v1": {"serverRelativeURL": "/openapi/v3/api/v1?hash=H"}}}`.
pub(super) async fn index(State(server): State<Arc<ApiServer>>) -> Response {
    let mut paths = Map::new();
    for (path, doc) in server.registry.openapi_v3() {
        paths.insert(
            path.to_string(),
            json!({"serverRelativeURL": format!("/openapi/v3/{path}?hash={}", hash(doc))}),
        );
    }
    super::json(StatusCode::OK, &json!({"paths": paths}))
}

/// `GET /openapi/v3/<path>[?hash=...]`.
pub(super) async fn document(
    State(server): State<Arc<ApiServer>>,
    Path(path): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    match server
        .registry
        .openapi_v3()
        .iter()
        .find(|(p, _)| *p == path)
    {
        Some((_, doc)) => serve(doc, query.is_some_and(|q| q.contains("hash=")), &headers),
        None => ApiError::path_not_found().into_response(),
    }
}

/// `GET /openapi/v2`, as JSON. The protobuf form is not produced, so a
/// client that accepts only protobuf gets 406 (kubectl reads v3).
pub(super) async fn v2(State(server): State<Arc<ApiServer>>, headers: HeaderMap) -> Response {
    let Some(doc) = server.registry.openapi_v2() else {
        return ApiError::path_not_found().into_response();
    };
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let json_ok = accept.is_empty()
        || accept.split(',').any(|r| {
            let media = r.split(';').next().unwrap_or("").trim();
            matches!(media, "application/json" | "*/*" | "application/*")
        });
    if !json_ok {
        return ApiError::not_acceptable(&["application/json"]).into_response();
    }
    serve(doc, false, &headers)
}

fn serve(doc: &'static str, by_hash: bool, headers: &HeaderMap) -> Response {
    let etag = format!("\"{}\"", hash(doc));
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (StatusCode::OK, doc).into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if by_hash {
            "public, immutable"
        } else {
            "no-cache, private"
        }),
    );
    response
}
