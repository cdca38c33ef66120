//! Watch: a chunked stream of `{"type": ..., "object": ...}` lines, one per
//! change, flushed per event.
//!
//! Start semantics follow the API concepts page ([`super::versions::watch`]):
//! without a resourceVersion (or with `"0"`) the stream starts with
//! synthetic ADDED events for the current state, then follows changes; with
//! a resourceVersion it replays every change after it; a compacted one gets
//! an ERROR event carrying a 410 Status. `sendInitialEvents=true` ends the
//! initial state with a BOOKMARK annotated `k8s.io/initial-events-end`,
//! carrying the empty list a client builds the list from
//! (`kubernetes.io/initial-events-list-blueprint`).
//! Selectors apply to both the old and new object, so an object that starts
//! matching arrives as ADDED and one that stops as DELETED. Events come from
//! the resource's [`super::cache::WatchCache`]; a start older than its
//! window uses a storage watch of its own.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use serde_json::{Map, Value, json};
use tokio::sync::{broadcast, mpsc};

use super::ApiServer;
use super::cache::{CachedEvent, WatchCache, object_line};
use super::filter::{field_selector, selected_object};
use super::negotiate::Representation;
use super::request::Query;
use super::status::ApiError;
use super::store::{is_builtin_group, read_object, resource_prefix};
use super::table::{self, IncludeObject};
use super::versions::{self, WatchPlan};
use crate::storage::{Event, KeyValue, RangeRequest, StorageError};
use runtime::registry::{Entry, KindOps, Object};
use runtime::resource::ResourceInfo;
use runtime::selector::{FieldSelector, LabelSelector};

/// Marks a streaming response, so that compression leaves it alone.
#[derive(Debug, Clone, Copy)]
pub struct WatchStream;

/// The annotation on the bookmark that ends a streaming list's initial events.
pub const INITIAL_EVENTS_END: &str = "k8s.io/initial-events-end";

/// The annotation on that bookmark holding the empty list of the watched
/// kind, as the watch's encoder writes it, base64 encoded (upstream's
/// `metav1.InitialEventsListBlueprintAnnotationKey`, set by the watch
/// handler's `watchListTransformer`). client-go's streaming list
/// (`Request.WatchList`) decodes it into the list it returns, and fails
/// with `annotation is missing content` without it.
pub const INITIAL_EVENTS_LIST_BLUEPRINT: &str = "kubernetes.io/initial-events-list-blueprint";

/// Where a watcher's events come from.
enum Source {
    /// The shared cache.
    Cache(Arc<WatchCache>, broadcast::Receiver<Arc<CachedEvent>>),
    /// A storage watch of its own (a start older than the cache's window),
    /// with the kind its objects are read through.
    Store(mpsc::Receiver<Event>, &'static dyn KindOps),
}

impl Source {
    /// The next event; `None` when the source ended or the watcher lagged
    /// behind (it is then closed and re-watches).
    async fn next(&mut self) -> Option<Arc<CachedEvent>> {
        match self {
            Source::Cache(_, rx) => rx.recv().await.ok(),
            Source::Store(rx, kind) => loop {
                let event = rx.recv().await?;
                if let Ok(e) = CachedEvent::from_storage(&event, *kind, None) {
                    return Some(Arc::new(e));
                }
            },
        }
    }

    /// A revision safe to bookmark, if every event up to it was delivered.
    fn progress(&self, last_sent: i64) -> i64 {
        match self {
            Source::Cache(cache, rx) => cache.progress(rx).map_or(last_sent, |p| p.max(last_sent)),
            Source::Store(..) => last_sent,
        }
    }
}

/// What one watcher wants.
struct Watcher {
    info: ResourceInfo,
    /// The kind of the watched version when it is not the storage version
    /// (events are converted to it), else `None`.
    converted_to: Option<&'static dyn KindOps>,
    namespace_prefix: Option<String>,
    labels: LabelSelector,
    fields: FieldSelector,
    representation: Representation,
    include: IncludeObject,
    /// Whether a Table with column definitions was sent: upstream sends
    /// them with the first object only (`TableOptions.NoHeaders` after it).
    headers_sent: bool,
}

impl Watcher {
    /// The watch line for `event` after selectors, or `None` when this
    /// watcher does not see it.
    fn line(&mut self, event: &CachedEvent) -> Option<Bytes> {
        if let Some(prefix) = &self.namespace_prefix
            && !event.key.starts_with(prefix.as_str())
        {
            return None;
        }
        let converted;
        let event = match self.converted_to {
            Some(kind) => {
                converted = event.in_version(kind)?;
                converted.as_ref()
            }
            None => event,
        };
        // Without selectors every object is selected: none is read.
        let (now, before) = if self.labels.is_empty() && self.fields.is_empty() {
            (true, event.has_prev())
        } else {
            let selects = |o: &dyn Object| selected_object(o, &self.labels, &self.fields);
            (
                event.object().is_some_and(selects),
                event.prev().is_some_and(selects),
            )
        };
        let kind = match (event.kind, before, now) {
            ("MODIFIED", true, true) => "MODIFIED",
            ("MODIFIED", false, true) => "ADDED",
            ("MODIFIED", true, false) => "DELETED",
            ("ADDED", _, true) => "ADDED",
            ("DELETED", _, true) => "DELETED",
            _ => return None,
        };
        if kind == event.kind {
            match self.representation {
                Representation::Json => return Some(event.json_line()),
                // Headerless Tables are shared; the first one is this
                // watcher's own.
                Representation::Table(version) if self.headers_sent => {
                    let format = format!("table/{version}/{:?}", self.include);
                    return Some(event.encoded(&format, || {
                        self.encode_table(kind, event.object(), version, false)
                    }));
                }
                // Shared by every watcher of the same version.
                Representation::PartialObjectMetadata(version, _) => {
                    let format = format!("PartialObjectMetadata/{version}");
                    return Some(
                        event.encoded(&format, || partial_line(kind, event.object(), version)),
                    );
                }
                _ => {}
            }
        }
        Some(match self.representation {
            Representation::Table(version) => self.encode_row(kind, event.object(), version),
            Representation::PartialObjectMetadata(version, _) => {
                partial_line(kind, event.object(), version)
            }
            _ => object_line(kind, event.object_json()),
        })
    }

    /// The watch line of `object` as a `kind` event: its JSON, or a
    /// one-row Table of it.
    fn encode(&mut self, kind: &str, object: &dyn Object) -> Bytes {
        match self.representation {
            Representation::Table(version) => self.encode_row(kind, Some(object), version),
            Representation::PartialObjectMetadata(version, _) => {
                partial_line(kind, Some(object), version)
            }
            _ => match object.to_json(false) {
                Ok(json) => object_line(kind, &json),
                Err(e) => error_line(e),
            },
        }
    }

    /// A Table watch line of `object`, with the column definitions the
    /// first time (`None`: the object did not decode; an ERROR line).
    fn encode_row(&mut self, kind: &str, object: Option<&dyn Object>, version: &str) -> Bytes {
        let headers = !self.headers_sent;
        self.headers_sent = true;
        self.encode_table(kind, object, version, headers)
    }

    /// A watch line whose object is a one-row Table of `object` (an ERROR
    /// line for an object that did not decode or cannot be written).
    fn encode_table(
        &self,
        kind: &str,
        object: Option<&dyn Object>,
        version: &str,
        headers: bool,
    ) -> Bytes {
        let Some(object) = object else {
            return error_line("the stored object does not decode".into());
        };
        let table = table::table(
            &self.info,
            object,
            version,
            self.include,
            Map::new(),
            chrono::Utc::now(),
            headers,
        );
        match table {
            Ok(table) => event_line(kind, &table),
            Err(e) => error_line(e),
        }
    }

    fn bookmark(&self, revision: i64, initial_events_end: bool) -> Bytes {
        let mut metadata = json!({"resourceVersion": revision.to_string()});
        if initial_events_end {
            metadata["annotations"] = json!({
                INITIAL_EVENTS_END: "true",
                INITIAL_EVENTS_LIST_BLUEPRINT: self.list_blueprint(),
            });
        }
        // A metadata watch's bookmark is cut to its metadata too, as
        // upstream's watch encoder transforms every event's object.
        let object = match self.representation {
            Representation::PartialObjectMetadata(version, _) => json!({
                "kind": "PartialObjectMetadata",
                "apiVersion": format!("meta.k8s.io/{version}"),
                "metadata": metadata,
            }),
            _ => json!({
                "kind": self.info.kind,
                "apiVersion": self.info.api_version,
                "metadata": metadata,
            }),
        };
        event_line("BOOKMARK", &object)
    }

    /// The value of [`INITIAL_EVENTS_LIST_BLUEPRINT`]: the empty list of
    /// the watched version, encoded as upstream's JSON encoder writes it
    /// (`json.Encoder`, a newline at its end) and base64 encoded with
    /// padding (Go's `base64.StdEncoding`). A built-in kind's versioned
    /// list keeps its empty `metadata` and nil `items`; a custom
    /// resource's is an `UnstructuredList`, its keys sorted and its items
    /// `[]`; a metadata watch's is a `PartialObjectMetadataList`, as
    /// upstream's `asPartialObjectMetadataList` turns the list.
    fn list_blueprint(&self) -> String {
        use base64::Engine;
        let ri = &self.info;
        let list = match self.representation {
            Representation::PartialObjectMetadata(version, _) => format!(
                "{{\"kind\":\"PartialObjectMetadataList\",\"apiVersion\":\"meta.k8s.io/{version}\",\"metadata\":{{}},\"items\":null}}\n"
            ),
            _ if is_builtin_group(ri.group) => format!(
                "{{\"kind\":\"{}List\",\"apiVersion\":\"{}\",\"metadata\":{{}},\"items\":null}}\n",
                ri.kind, ri.api_version
            ),
            _ => format!(
                "{{\"apiVersion\":\"{}\",\"items\":[],\"kind\":\"{}List\"}}\n",
                ri.api_version, ri.kind
            ),
        };
        base64::engine::general_purpose::STANDARD.encode(list)
    }
}

/// A watch line whose object is the `PartialObjectMetadata` of `object`
/// (upstream's `asPartialObjectMetadata`, which the watch handler applies to
/// each event of a watch asking `as=PartialObjectMetadata`, as client-go's
/// metadata informers do); an ERROR line for an object that did not decode.
fn partial_line(kind: &str, object: Option<&dyn Object>, version: &str) -> Bytes {
    let Some(object) = object else {
        return error_line("the stored object does not decode".into());
    };
    match table::partial_object_metadata(object.metadata(), version) {
        Ok(partial) => event_line(kind, &partial),
        Err(e) => error_line(e),
    }
}

/// An ERROR watch line carrying a 500 Status with `message`.
fn error_line(message: String) -> Bytes {
    event_line("ERROR", &ApiError::internal(message).to_status())
}

/// One line of a watch stream: `{"type": kind, "object": object}` and a
/// newline.
fn event_line(kind: &str, object: &Value) -> Bytes {
    let line = runtime::go::encoder::to_vec_line(&json!({"type": kind, "object": object}))
        .unwrap_or_default();
    Bytes::from(line)
}

/// Starts a watch on `entry` (optionally in one namespace, optionally of
/// one named object: a watch request on the object's path).
pub(crate) async fn watch(
    server: Arc<ApiServer>,
    entry: Entry,
    namespace: Option<String>,
    name: Option<String>,
    query: &Query,
    representation: Representation,
) -> Result<Response, ApiError> {
    let ri = entry.info;
    let plan = versions::watch(query)?;
    let mut fields = field_selector(&ri, query)?;
    // A watch on an object's path (`.../configmaps/x?watch=true`) is a
    // watch of the collection narrowed to that name, as upstream's
    // ListResource handler makes it.
    if let Some(name) = name {
        if fields.is_empty() {
            fields.0.push(("metadata.name".into(), name, true));
        } else if fields.required("metadata.name") != Some(name.as_str()) {
            return Err(ApiError::bad_request(
                "fieldSelector metadata.name doesn't match requested name",
            ));
        }
    }
    let storage_kind = server.registry.storage_entry(&entry).kind;
    let watcher = Watcher {
        info: ri,
        converted_to: (!entry.is_storage_version()).then_some(entry.kind),
        namespace_prefix: namespace
            .filter(|_| ri.namespaced)
            .map(|ns| format!("{}{ns}/", resource_prefix(&ri))),
        labels: LabelSelector::parse(query.get("labelSelector").unwrap_or(""))
            .map_err(ApiError::bad_request)?,
        fields,
        representation,
        include: IncludeObject::parse(query.get("includeObject")),
        headers_sent: false,
    };
    // `request.GetTimeoutForWatch`: `timeoutSeconds`, or (absent or 0) a
    // random time between one and two `--min-request-timeout`s (1800 s),
    // so that watches do not all end together.
    let timeout = match query.int("timeoutSeconds")?.filter(|t| *t > 0) {
        Some(seconds) => Duration::from_secs(seconds.clamp(1, 24 * 3600) as u64),
        None => {
            use rand::Rng;
            Duration::from_secs_f64(1800.0 * (1.0 + rand::rng().random::<f64>()))
        }
    };
    let bookmarks = query.flag("allowWatchBookmarks");
    let cache = server.watch_cache(&entry)?;

    let (tx, rx) = mpsc::channel::<Result<Bytes, std::io::Error>>(64);
    let respond = |rx| {
        let mut response = Response::new(Body::from_stream(
            tokio_stream::wrappers::ReceiverStream::new(rx),
        ));
        *response.status_mut() = StatusCode::OK;
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response.extensions_mut().insert(WatchStream);
        response
    };

    // "Not older than": wait briefly for the store to reach the revision,
    // as the watch cache's waitUntilFreshAndBlock does (3 s), then fail
    // the watch with an ERROR event, as upstream's errWatcher does.
    if let WatchPlan::GetStateAndStart {
        not_older_than: Some(wanted),
        ..
    } = plan
    {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
        while server.store.current_revision() < wanted && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let current = server.store.current_revision();
        if current < wanted {
            let status = ApiError::too_large_resource_version(wanted, current).to_status();
            let _ = tx.try_send(Ok(event_line("ERROR", &status)));
            return Ok(respond(rx));
        }
    }

    // The initial state, for "Get State and Start": the stored versions
    // (their bytes shared with the store where it keeps them in memory),
    // each read and selected as it is sent, so that a watch whose client
    // reads slowly holds no decoded copy of the resource.
    let mut initial = Vec::new();
    let (after, initial_events_end) = match plan {
        WatchPlan::GetStateAndStart {
            initial_events_end, ..
        } => {
            let prefix = watcher
                .namespace_prefix
                .clone()
                .unwrap_or_else(|| resource_prefix(&ri));
            let result = server
                .store
                .range(RangeRequest {
                    prefix: &prefix,
                    ..Default::default()
                })
                .map_err(ApiError::internal)?;
            initial = result.kvs;
            (result.revision, initial_events_end && bookmarks)
        }
        WatchPlan::StartAfter(-1) => (server.store.current_revision(), false),
        WatchPlan::StartAfter(rev) => (rev, false),
    };

    let source = match cache.subscribe(after) {
        Some((replay, rx)) => Some((replay, Source::Cache(cache.clone(), rx))),
        None => match server.store.watch(&resource_prefix(&ri), after) {
            Ok(events) => Some((Vec::new(), Source::Store(events, storage_kind))),
            Err(StorageError::Compacted {
                requested,
                compacted,
            }) => {
                let status = ApiError::gone(format!(
                    "too old resource version: {requested} ({compacted})"
                ))
                .to_status();
                let _ = tx.try_send(Ok(event_line("ERROR", &status)));
                None
            }
            Err(e) => return Err(ApiError::internal(e)),
        },
    };
    if let Some((replay, source)) = source {
        let interval = server.bookmark_interval;
        let stopped = server.stopped();
        tokio::spawn(stream(
            watcher,
            Initial {
                kvs: initial,
                kind: entry.kind,
                events_end: initial_events_end,
            },
            after,
            replay,
            source,
            tx,
            timeout,
            bookmarks,
            interval,
            stopped,
        ));
    }
    Ok(respond(rx))
}

/// The initial state of a "Get State and Start" watch, sent before its
/// events.
struct Initial {
    /// The stored objects at the watch's start, in key order.
    kvs: Vec<KeyValue>,
    /// The kind they are read through (the watched version's).
    kind: &'static dyn KindOps,
    /// Whether a bookmark annotated [`INITIAL_EVENTS_END`] follows them.
    events_end: bool,
}

/// How long before a watch's timeout its last bookmark is sent.
const PRE_TIMEOUT_BOOKMARK: Duration = Duration::from_secs(2);

/// Writes a watcher's events until the client goes, the timeout passes,
/// the server shuts down, or the source ends (or lags).
#[allow(clippy::too_many_arguments)]
async fn stream(
    mut watcher: Watcher,
    initial: Initial,
    after: i64,
    replay: Vec<Arc<CachedEvent>>,
    mut source: Source,
    tx: mpsc::Sender<Result<Bytes, std::io::Error>>,
    timeout: Duration,
    bookmarks: bool,
    bookmark_interval: Duration,
    stopped: impl std::future::Future<Output = ()>,
) {
    let send = |line: Bytes| {
        let tx = tx.clone();
        async move { tx.send(Ok(line)).await.is_ok() }
    };
    for kv in &initial.kvs {
        let line = match read_object(initial.kind, kv) {
            Ok(obj) if selected_object(obj.as_ref(), &watcher.labels, &watcher.fields) => {
                watcher.encode("ADDED", obj.as_ref())
            }
            Ok(_) => continue,
            // Too late for a 500: the watch ends with the error, as an
            // initial list that fails ends upstream's.
            Err(e) => {
                let _ = send(event_line("ERROR", &e.to_status())).await;
                return;
            }
        };
        if !send(line).await {
            return;
        }
    }
    if initial.events_end && !send(watcher.bookmark(after, true)).await {
        return;
    }
    let mut last_sent = after;
    for event in replay {
        last_sent = event.revision;
        if let Some(line) = watcher.line(&event)
            && !send(line).await
        {
            return;
        }
    }
    let deadline = tokio::time::sleep(timeout);
    // The cacher's `nextBookmarkTime`: a bookmark 2 s before the watch
    // times out, so the client re-watches from as recent a revision as it
    // can (none when the watch is shorter than that).
    let pre_deadline = tokio::time::sleep(timeout.saturating_sub(PRE_TIMEOUT_BOOKMARK));
    let mut pre_deadline_pending = bookmarks && timeout > PRE_TIMEOUT_BOOKMARK;
    tokio::pin!(deadline);
    tokio::pin!(pre_deadline);
    tokio::pin!(stopped);
    let mut ticker = tokio::time::interval(bookmark_interval);
    ticker.tick().await;
    loop {
        tokio::select! {
            _ = &mut deadline => return,
            _ = &mut stopped => return,
            _ = tx.closed() => return,
            _ = &mut pre_deadline, if pre_deadline_pending => {
                pre_deadline_pending = false;
                last_sent = source.progress(last_sent);
                if !send(watcher.bookmark(last_sent, false)).await {
                    return;
                }
            }
            _ = ticker.tick(), if bookmarks => {
                last_sent = source.progress(last_sent);
                if !send(watcher.bookmark(last_sent, false)).await {
                    return;
                }
            }
            event = source.next() => {
                let Some(event) = event else { return };
                if event.revision <= last_sent {
                    continue;
                }
                last_sent = event.revision;
                if let Some(line) = watcher.line(&event)
                    && !send(line).await
                {
                    return;
                }
            }
        }
    }
}
