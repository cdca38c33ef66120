//! `/openapi/v2` and `/openapi/v3`: the documents `cargo xtask generate`
//! wrote from the type model (checked in under `api/openapi-spec/`), served
//! as kube-apiserver serves them: the v3 index lists each group/version
//! document with a content hash; documents carry an ETag, answer 304 to a
//! matching `If-None-Match`, and are `public, immutable` when fetched by
//! hash (KUBECTL.md section E). `/openapi/v2` is also served in protobuf
//! ([`runtime::codec::openapi_v2`]).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, json};

use super::ApiServer;
use super::status::ApiError;

fn hash(doc: &[u8]) -> String {
    format!("{:016X}", super::fnv1a(doc))
}

/// `GET /openapi/v3`: `{"paths": {"api/v1": {"serverRelativeURL": "/openapi/v3/api/v1?hash=H"}}}`,
/// with an ETag that a client's `If-None-Match` gets a 304 for (kube-openapi's
/// `HandleDiscovery` serves it through `http.ServeContent`).
pub(super) async fn index(State(server): State<Arc<ApiServer>>, headers: HeaderMap) -> Response {
    let mut paths = Map::new();
    for (path, doc) in server.registry.openapi_v3() {
        paths.insert(
            path.to_string(),
            json!({"serverRelativeURL": by_hash_url(path, doc)}),
        );
    }
    match serde_json::to_vec(&json!({"paths": paths})) {
        Ok(bytes) => serve(Bytes::from(bytes), "application/json", false, &headers),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// The URL a group/version document is fetched by: its path and hash.
fn by_hash_url(path: &str, doc: &str) -> String {
    format!("/openapi/v3/{path}?hash={}", hash(doc.as_bytes()))
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
        Some((_, doc)) => {
            let wanted = crate::request::Query::parse(query.as_deref())
                .get("hash")
                .map(str::to_string);
            match wanted {
                // A hash the document no longer has: moved to its current
                // URL (kube-openapi's `HandleGroupVersion`), so that a
                // client never caches this document as immutable under a
                // stale hash.
                Some(wanted) if wanted != hash(doc.as_bytes()) => {
                    let location = by_hash_url(path.as_str(), doc);
                    let mut response = (
                        StatusCode::MOVED_PERMANENTLY,
                        format!("<a href=\"{location}\">Moved Permanently</a>.\n\n"),
                    )
                        .into_response();
                    if let Ok(v) = HeaderValue::from_str(&location) {
                        response.headers_mut().insert(header::LOCATION, v);
                    }
                    response.headers_mut().insert(
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("text/html; charset=utf-8"),
                    );
                    response
                }
                by_hash => serve(
                    Bytes::from_static(doc.as_bytes()),
                    "application/json",
                    by_hash.is_some(),
                    &headers,
                ),
            }
        }
        None => ApiError::path_not_found().into_response(),
    }
}

/// `GET /openapi/v2`: JSON, or gnostic's `openapi.v2.Document` in protobuf
/// when the client asks for `application/com.github.proto-openapi.spec.v2@v1.0+protobuf`
/// (or its `.v1.0` spelling), as kube-openapi's handler serves it; the
/// answer's type is then `application/com.github.proto-openapi.spec.v2.v1.0+protobuf`.
/// The first media type in the client's Accept that the server can produce
/// wins; none is 406.
pub(super) async fn v2(State(server): State<Arc<ApiServer>>, headers: HeaderMap) -> Response {
    use runtime::codec::openapi_v2;
    let Some(doc) = server.openapi_v2_json.clone() else {
        return ApiError::path_not_found().into_response();
    };
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let choice = if accept.trim().is_empty() {
        Some(false)
    } else {
        accept.split(',').find_map(|r| {
            let mut parts = r.split(';');
            let media = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            match media {
                _ if refused => None,
                "application/json" | "*/*" | "application/*" => Some(false),
                openapi_v2::MEDIA_TYPE_REQUESTED | openapi_v2::MEDIA_TYPE => Some(true),
                _ => None,
            }
        })
    };
    match choice {
        Some(false) => serve(doc, "application/json", false, &headers),
        Some(true) => match server.openapi_v2_proto.get_or_init(|| {
            std::str::from_utf8(&doc)
                .map_err(|e| e.to_string())
                .and_then(openapi_v2::encode)
                .map(Bytes::from)
        }) {
            Ok(bytes) => serve(bytes.clone(), openapi_v2::MEDIA_TYPE, false, &headers),
            Err(e) => ApiError::internal(e).into_response(),
        },
        None => {
            ApiError::not_acceptable(&["application/json", openapi_v2::MEDIA_TYPE]).into_response()
        }
    }
}

fn serve(doc: Bytes, content_type: &'static str, by_hash: bool, headers: &HeaderMap) -> Response {
    let etag = format!("\"{}\"", hash(&doc));
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
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
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
