//! Watch: a chunked stream of `{"type": ..., "object": ...}` lines, one per
//! change, flushed per event.
//!
//! Start semantics follow the API concepts page: without a resourceVersion
//! (or with `"0"`) the stream starts with synthetic ADDED events for the
//! current state, then follows changes; with a resourceVersion it replays
//! every change after it; a compacted one gets an ERROR event carrying a
//! 410 Status. Selectors apply to both the old and new object, so an object
//! that starts matching arrives as ADDED and one that stops as DELETED.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use serde_json::{Map, Value, json};

use super::ApiServer;
use super::negotiate::Representation;
use super::request::Query;
use super::rest::{event_object, field_selector, from_storage, resource_prefix, selected};
use super::status::ApiError;
use super::table::{self, IncludeObject};
use crate::registry::Entry;
use crate::selector::LabelSelector;
use crate::storage::{RangeRequest, StorageError};

/// Marks a streaming response, so that compression leaves it alone.
#[derive(Debug, Clone, Copy)]
pub struct WatchStream;

/// Default bookmark interval for `allowWatchBookmarks=true`.
const BOOKMARK_INTERVAL: Duration = Duration::from_secs(60);

/// Starts a watch on `entry` (optionally in one namespace).
pub(crate) async fn watch(
    server: Arc<ApiServer>,
    entry: Entry,
    namespace: Option<String>,
    query: &Query,
    representation: Representation,
) -> Result<Response, ApiError> {
    let ri = entry.info;
    let labels = LabelSelector::parse(query.get("labelSelector").unwrap_or(""))
        .map_err(ApiError::bad_request)?;
    let fields = field_selector(&ri, query)?;
    let timeout = Duration::from_secs(
        query
            .int("timeoutSeconds")?
            .unwrap_or(1800)
            .clamp(0, 24 * 3600) as u64,
    );
    let bookmarks = query.flag("allowWatchBookmarks");
    let include = IncludeObject::parse(query.get("includeObject"));
    let prefix = match &namespace {
        Some(ns) if ri.namespaced => format!("{}{ns}/", resource_prefix(&ri)),
        _ => resource_prefix(&ri),
    };
    let mut initial = Vec::new();
    let start = match query.get("resourceVersion") {
        None | Some("0") => {
            let result = server
                .store
                .range(RangeRequest {
                    prefix: &prefix,
                    ..Default::default()
                })
                .map_err(ApiError::internal)?;
            for kv in &result.kvs {
                let obj = from_storage(kv)?;
                if selected(&obj, &labels, &fields) {
                    initial.push(obj);
                }
            }
            result.revision
        }
        Some(rv) => rv
            .parse::<i64>()
            .map_err(|_| ApiError::bad_request(format!("invalid resource version {rv:?}")))?,
    };
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Vec<u8>, std::io::Error>>(64);
    let encode = move |kind: &str, obj: &Value| -> Vec<u8> {
        let object = match representation {
            Representation::Table(version) if kind != "BOOKMARK" && kind != "ERROR" => {
                table::table(
                    &ri,
                    std::slice::from_ref(obj),
                    version,
                    include,
                    Map::new(),
                    chrono::Utc::now(),
                )
            }
            _ => obj.clone(),
        };
        let mut line =
            serde_json::to_vec(&json!({"type": kind, "object": object})).unwrap_or_default();
        line.push(b'\n');
        line
    };
    match server.store.watch(&prefix, start) {
        Err(StorageError::Compacted {
            requested,
            compacted,
        }) => {
            let status = ApiError::gone(format!(
                "too old resource version: {requested} ({compacted})"
            ))
            .to_status();
            let _ = tx.try_send(Ok(encode("ERROR", &status)));
        }
        Err(e) => return Err(ApiError::internal(e)),
        Ok(mut events) => {
            tokio::spawn(async move {
                for obj in &initial {
                    if tx.send(Ok(encode("ADDED", obj))).await.is_err() {
                        return;
                    }
                }
                let deadline = tokio::time::sleep(timeout);
                tokio::pin!(deadline);
                let mut last_revision = start;
                let mut ticker = tokio::time::interval(BOOKMARK_INTERVAL);
                ticker.tick().await;
                loop {
                    tokio::select! {
                        _ = &mut deadline => return,
                        _ = ticker.tick(), if bookmarks => {
                            let bookmark = json!({"kind": ri.kind, "apiVersion": ri.api_version, "metadata": {"resourceVersion": last_revision.to_string()}});
                            if tx.send(Ok(encode("BOOKMARK", &bookmark))).await.is_err() {
                                return;
                            }
                        }
                        _ = tx.closed() => return,
                        event = events.recv() => {
                            let Some(event) = event else { return };
                            last_revision = event.revision();
                            let Ok((kind, obj, prev)) = event_object(&event) else { continue };
                            let now = selected(&obj, &labels, &fields);
                            let before = prev.as_ref().is_some_and(|p| selected(p, &labels, &fields));
                            let kind = match (kind, before, now) {
                                ("MODIFIED", true, true) => "MODIFIED",
                                ("MODIFIED", false, true) => "ADDED",
                                ("MODIFIED", true, false) => "DELETED",
                                ("ADDED", _, true) => "ADDED",
                                ("DELETED", _, true) => "DELETED",
                                _ => continue,
                            };
                            if tx.send(Ok(encode(kind, &obj))).await.is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        }
    }
    let stream = tokio_stream::wrappers::ReceiverStream::new(rx);
    let mut response = Response::new(Body::from_stream(stream));
    *response.status_mut() = StatusCode::OK;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response.extensions_mut().insert(WatchStream);
    Ok(response)
}
