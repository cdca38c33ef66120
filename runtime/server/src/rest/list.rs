//! List: the cursor over one snapshot (selectors, the resourceVersion
//! tables, continue tokens) and the list answers in each representation
//! (streamed JSON, Table, PartialObjectMetadata, protobuf).

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::decode::without_position;
use super::{Answer, Ctx};
use crate::filter::{field_selector, selected_object};
use crate::status::ApiError;
use crate::storage::{KeyValue, RangeRequest, StorageError, Store};
use crate::store::{resource_prefix, storage_error, stored_json};
use crate::table::{self, IncludeObject};
use runtime::registry::KindOps;
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use runtime::selector::{FieldSelector, LabelSelector};

impl Ctx<'_> {
    /// Starts a list: the selectors, the snapshot to read and where to
    /// resume, per the resourceVersion tables and the continue token.
    fn list_cursor(&self) -> Result<ListCursor, ApiError> {
        let ri = self.ri();
        let labels = LabelSelector::parse(self.query.get("labelSelector").unwrap_or(""))
            .map_err(ApiError::bad_request)?;
        let fields = self.field_selector()?;
        let prefix = match &self.info.namespace {
            Some(ns) if ri.namespaced => format!("{}{ns}/", resource_prefix(ri)),
            _ => resource_prefix(ri),
        };
        let (revision, start_after, continued) =
            match crate::versions::list(self.query, || self.store().current_revision())? {
                crate::versions::ListPlan::Continue(token) => {
                    let token = ContinueToken::decode(&token)?;
                    // A token of another resource, or of another namespace
                    // for a namespaced list, reads nothing of this list.
                    if !token.last_key.starts_with(&prefix) {
                        return Err(ApiError::bad_request(format!(
                            "invalid continue token: continue key is not valid: {}",
                            token.last_key
                        )));
                    }
                    let revision = (token.revision != LATEST).then_some(token.revision);
                    (revision, Some(token.last_key), true)
                }
                crate::versions::ListPlan::Fresh(crate::versions::ReadAt::Exact(rev)) => {
                    (Some(rev), None, false)
                }
                crate::versions::ListPlan::Fresh(crate::versions::ReadAt::Latest) => {
                    (None, None, false)
                }
            };
        Ok(ListCursor {
            store: self.server.store.clone(),
            info: *ri,
            kind: self.entry.kind,
            prefix,
            labels,
            fields,
            revision,
            start_after,
            continued,
            more: true,
            skip_count: false,
        })
    }

    /// A whole list (no `limit`), written item by item as it is read, page
    /// by page at one snapshot, so a large list never sits in memory whole
    /// (the API concepts page: "custom encoders that write item by item").
    pub(super) fn stream_list(&self) -> Result<Response, ApiError> {
        let ri = *self.ri();
        let mut cursor = self.list_cursor()?;
        cursor.skip_count = true;
        // The first page fixes the snapshot and surfaces errors as a Status.
        let page_size = self.store().list_page();
        let first = cursor.next_stored(page_size)?;
        let snapshot = cursor.revision.unwrap_or_default();
        let server = self.server.clone();
        let (tx, rx) = tokio::sync::mpsc::channel::<Result<axum::body::Bytes, std::io::Error>>(2);
        tokio::spawn(async move {
            let head = format!(
                "{{\"kind\":\"{}List\",\"apiVersion\":\"{}\",\"metadata\":{{\"resourceVersion\":\"{snapshot}\"}},\"items\":[",
                ri.kind, ri.api_version
            );
            if tx.send(Ok(head.into())).await.is_err() {
                return;
            }
            // Items are encoded one at a time into a buffer sent whenever it
            // passes LIST_CHUNK_BYTES: memory stays bounded by one chunk (or
            // one item, if larger), and the socket sees few large writes
            // rather than one small write per item.
            let mut first_item = true;
            let mut page = first;
            let mut chunk = Vec::with_capacity(LIST_CHUNK_BYTES);
            loop {
                // By value: each stored item is freed once written.
                for kv in page {
                    match cursor.write_item(&kv, &server.read_cache, first_item, &mut chunk) {
                        Ok(written) => first_item &= !written,
                        Err(e) => {
                            // Headers are gone: end the body early, as upstream does.
                            let _ = tx.send(Err(std::io::Error::other(e.message.clone()))).await;
                            return;
                        }
                    }
                    if chunk.len() >= LIST_CHUNK_BYTES {
                        let full =
                            std::mem::replace(&mut chunk, Vec::with_capacity(LIST_CHUNK_BYTES));
                        if tx.send(Ok(full.into())).await.is_err() {
                            return;
                        }
                    }
                }
                if !cursor.more {
                    break;
                }
                page = match cursor.next_stored(page_size) {
                    Ok(p) => p,
                    Err(e) => {
                        // Headers are gone: end the body early, as upstream does.
                        let _ = tx.send(Err(std::io::Error::other(e.message.clone()))).await;
                        return;
                    }
                };
            }
            // As upstream's streamed list ends.
            chunk.extend_from_slice(b"]}\n");
            let _ = tx.send(Ok(chunk.into())).await;
        });
        let mut response = Response::new(Body::from_stream(
            tokio_stream::wrappers::ReceiverStream::new(rx),
        ));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        Ok(response)
    }

    pub(super) fn list(&self) -> Result<Answer, ApiError> {
        let (items, list_meta) =
            self.list_mapped(|obj| obj.to_value().map_err(ApiError::internal))?;
        let mut list = self.list_head(list_meta);
        list["items"] = Value::Array(items);
        Ok(Answer::ok(list))
    }

    /// `{"kind": "<Kind>List", "apiVersion": ..., "metadata": list_meta}`:
    /// a list of this kind before its items.
    fn list_head(&self, list_meta: Map<String, Value>) -> Value {
        let ri = self.ri();
        json!({
            "kind": format!("{}List", ri.kind),
            "apiVersion": ri.api_version,
            "metadata": list_meta,
        })
    }

    /// A list (`limit` and `continue` honoured) whose items are turned into
    /// `T` by `map` as they are read, a few stored objects at a time at one
    /// snapshot, so that only one page of decoded objects is alive at once
    /// besides what `map` keeps (a Table row, an object's metadata, its
    /// protobuf encoding). Returns the items and the `ListMeta`
    /// (`resourceVersion`, `continue`, `remainingItemCount`).
    ///
    /// Errors: bad selectors or tokens (400), compacted snapshots (410),
    /// storage failures, and `map`'s.
    fn list_mapped<T>(
        &self,
        mut map: impl FnMut(Box<dyn Object>) -> Result<T, ApiError>,
    ) -> Result<(Vec<T>, Map<String, Value>), ApiError> {
        let limit = self.query.int("limit")?.unwrap_or(0).max(0) as usize;
        let mut cursor = self.list_cursor()?;
        // remainingItemCount is counted apart, once, below.
        cursor.skip_count = true;
        let page = self.store().list_page();
        let mut items = Vec::new();
        // Filter page by page until the page is full or the range ends, as
        // the cacher does for selector-filtered chunked lists. No read asks
        // for more than the page still needs, so the continue token sits
        // right after the last item returned.
        while cursor.more && (limit == 0 || items.len() < limit) {
            let want = match limit {
                0 => page,
                _ => (limit - items.len()).min(page),
            };
            for obj in cursor.next_page(want)? {
                items.push(map(obj)?);
            }
        }
        let snapshot = cursor
            .revision
            .unwrap_or_else(|| self.store().current_revision());
        let mut list_meta = Map::new();
        list_meta.insert("resourceVersion".into(), json!(snapshot.to_string()));
        if cursor.more
            && let Some(last) = cursor.start_after.clone()
        {
            let token = ContinueToken {
                revision: snapshot,
                last_key: last.clone(),
            }
            .encode();
            list_meta.insert("continue".into(), json!(token));
            if cursor.labels.is_empty() && cursor.fields.is_empty() {
                let remaining = self
                    .store()
                    .range(RangeRequest {
                        prefix: &cursor.prefix,
                        start_after: Some(&last),
                        limit: 1,
                        revision: Some(snapshot),
                        skip_count: false,
                    })
                    .map(|r| r.count)
                    .unwrap_or(0);
                list_meta.insert("remainingItemCount".into(), json!(remaining));
            }
        }
        Ok((items, list_meta))
    }

    /// A page of a list (`limit`) in JSON, each object encoded as it is
    /// read: the page holds encoded items, never the decoded list. The
    /// bytes are those `serde_json` writes for the whole list.
    pub(super) fn list_json_page(&self) -> Result<Response, ApiError> {
        let (items, list_meta) =
            self.list_mapped(|obj| obj.to_json(false).map_err(ApiError::internal))?;
        let mut body =
            runtime::go::encoder::to_vec(&self.list_head(list_meta)).map_err(ApiError::internal)?;
        // `{"kind":..,"metadata":{..}}` becomes `{..,"items":[...]}`.
        body.pop();
        let size = items.iter().map(|i| i.len() + 1).sum::<usize>();
        body.reserve(size + 12);
        body.extend_from_slice(b",\"items\":[");
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                body.push(b',');
            }
            body.extend_from_slice(item);
        }
        body.extend_from_slice(b"]}\n");
        let mut response = (StatusCode::OK, body).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        Ok(response)
    }

    /// A list as a Table, each object turned into its row as it is read.
    pub(super) fn list_table(&self, version: &'static str) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let include = IncludeObject::for_row(self.query.get("includeObject"));
        let now = chrono::Utc::now();
        let (rows, list_meta) = self.list_mapped(|obj| {
            let include = include.clone().map_err(ApiError::bad_request)?;
            table::row(ri, obj.as_ref(), version, include, now).map_err(ApiError::internal)
        })?;
        Ok(Answer::ok(table::assemble(ri, rows, version, list_meta)))
    }

    /// A `PartialObjectMetadataList`, each object cut to its metadata as it
    /// is read (what metadata informers, such as the garbage collector's,
    /// list).
    pub(super) fn list_partial_object_metadata(
        &self,
        version: &'static str,
    ) -> Result<Answer, ApiError> {
        let (items, list_meta) = self.list_mapped(|obj| {
            table::partial_object_metadata(obj.metadata(), version).map_err(ApiError::internal)
        })?;
        Ok(Answer::ok(json!({
            "kind": "PartialObjectMetadataList",
            "apiVersion": format!("meta.k8s.io/{version}"),
            "metadata": list_meta,
            "items": items,
        })))
    }

    /// A list in protobuf (for a kind with protobuf numbers), each object
    /// encoded by its generated `prost::Message` as it is read: the
    /// response is built from the encoded items, never from the decoded
    /// list.
    ///
    /// Errors: 500 for an object of a kind without protobuf numbers.
    pub(super) fn list_protobuf(&self) -> Result<Vec<u8>, ApiError> {
        let (items, list_meta) = self.list_mapped(|obj| {
            obj.to_protobuf_message().ok_or_else(|| {
                ApiError::internal("a protobuf list of a kind without protobuf numbers")
            })
        })?;
        Ok(runtime::codec::protobuf::wrap_list(
            &self.list_head(list_meta),
            &items,
        ))
    }

    fn field_selector(&self) -> Result<FieldSelector, ApiError> {
        field_selector(self.ri(), self.query)
    }
}

/// Bytes of encoded items gathered before a streamed list sends a chunk.
const LIST_CHUNK_BYTES: usize = 64 * 1024;

/// Upstream's message for a continue token whose snapshot was compacted.
const CONTINUE_EXPIRED: &str = "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.";

/// A list in progress: reads the store page by page at one snapshot,
/// filtering by selectors. The first page fixes the snapshot revision.
pub(crate) struct ListCursor {
    store: Arc<dyn Store>,
    info: ResourceInfo,
    /// The objects' kind, which reads (and defaults) them.
    kind: &'static dyn KindOps,
    prefix: String,
    labels: LabelSelector,
    fields: FieldSelector,
    /// The snapshot; `None` until the first page reads the latest.
    revision: Option<i64>,
    /// The last key read.
    start_after: Option<String>,
    /// Whether this list resumes a continue token.
    continued: bool,
    /// Whether keys remain after `start_after`.
    more: bool,
    /// Pages need not count the keys after them (no remainingItemCount is
    /// asked for): reads stop one key past each page.
    skip_count: bool,
}

impl ListCursor {
    /// The next page: up to `limit` stored objects read (0: all) through
    /// the kind, with their resourceVersion, of which the selected ones are
    /// returned.
    fn next_page(&mut self, limit: usize) -> Result<Vec<Box<dyn Object>>, ApiError> {
        let mut items = Vec::new();
        for kv in &self.next_stored(limit)? {
            if let Some(obj) = self.selected_item(kv)? {
                items.push(obj);
            }
        }
        Ok(items)
    }

    /// The stored object `kv` read through the kind, with its
    /// resourceVersion, when the selectors keep it.
    ///
    /// Errors: the stored value does not decode into the kind (500).
    fn selected_item(&self, kv: &KeyValue) -> Result<Option<Box<dyn Object>>, ApiError> {
        let obj = crate::store::read_object(self.kind, kv)?;
        Ok(selected_object(obj.as_ref(), &self.labels, &self.fields).then_some(obj))
    }

    /// The next page as stored, before decoding and selectors.
    fn next_stored(&mut self, limit: usize) -> Result<Vec<KeyValue>, ApiError> {
        let result = self
            .store
            .range(RangeRequest {
                prefix: &self.prefix,
                start_after: self.start_after.as_deref(),
                limit,
                revision: self.revision,
                skip_count: self.skip_count,
            })
            .map_err(|e| match e {
                StorageError::Compacted { .. } if self.continued => {
                    // Upstream's handleCompactedErrorForPaging: the 410
                    // carries a token for the rest of the list at the
                    // latest revision.
                    let mut gone = ApiError::gone(CONTINUE_EXPIRED);
                    gone.continue_token = self.start_after.as_ref().map(|key| {
                        ContinueToken {
                            revision: LATEST,
                            last_key: key.clone(),
                        }
                        .encode()
                    });
                    gone
                }
                StorageError::Compacted { .. } => {
                    ApiError::gone("The resourceVersion for the provided list is too old.")
                }
                other => storage_error(other, &self.info, ""),
            })?;
        self.revision = Some(result.revision);
        self.more = result.more;
        if let Some(last) = result.kvs.last() {
            self.start_after = Some(last.key.clone());
        }
        Ok(result.kvs)
    }

    /// Appends one stored item to a list body being written (after a
    /// comma unless it is the first), as GETs answer it, and says whether
    /// the selectors kept it. Without selectors, items of a size the read
    /// cache holds come from it (with no decoding at all) or are read and
    /// cached; any other item is read through the kind, selected on the
    /// Rust object and written from it (cached when of a cacheable size).
    ///
    /// Errors: the stored value does not decode (500).
    fn write_item(
        &self,
        kv: &KeyValue,
        cache: &crate::read_cache::ReadCache,
        first: bool,
        out: &mut Vec<u8>,
    ) -> Result<bool, ApiError> {
        let unfiltered = self.labels.is_empty() && self.fields.is_empty();
        let cacheable = kv.value.len() <= crate::read_cache::MAX_ENTRY_BYTES;
        let json = if unfiltered && cacheable {
            stored_json(kv, Some(self.kind), cache)?
        } else {
            // Selected on the Rust object; its JSON from the cache when
            // there, else written from it.
            let Some(obj) = self.selected_item(kv)? else {
                return Ok(false);
            };
            // Keyed by the version it is in (`read_cache_key`): a
            // selected item of a version other than the storage one is
            // not the storage version's JSON.
            let key = crate::store::read_cache_key(kv, Some(self.kind));
            match cache.get(&key, kv.mod_revision) {
                Some(json) => json,
                None => {
                    let json =
                        axum::body::Bytes::from(obj.to_json(false).map_err(ApiError::internal)?);
                    if cacheable {
                        cache.insert(&key, kv.mod_revision, json.clone());
                    }
                    json
                }
            }
        };
        if !first {
            out.push(b',');
        }
        out.extend_from_slice(&json);
        Ok(true)
    }
}

/// A continue token's revision meaning "the latest" (upstream's `rv: -1`,
/// handed out with a 410 for an expired token; 0 stays invalid).
const LATEST: i64 = -1;

/// The opaque `continue` token: the snapshot revision and the last key
/// returned, base64 of a small JSON document as kube-apiserver's is.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ContinueToken {
    revision: i64,
    last_key: String,
}

impl ContinueToken {
    /// The version tokens are written with and read at.
    const VERSION: &'static str = "meta.k8s.io/v1";

    /// URL-safe base64 without padding, as upstream's `EncodeContinue`.
    fn encode(&self) -> String {
        use base64::Engine;
        let doc = json!({"v": Self::VERSION, "rv": self.revision, "start": self.last_key});
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(doc.to_string())
    }

    /// Reads a token as upstream's `DecodeContinue` does: base64 (padded
    /// or not), the version `meta.k8s.io/v1`, a non-zero revision, and a
    /// clean start key (no `..`, `.` or empty segments).
    ///
    /// Errors: 400 with upstream's `invalid continue token: continue key is
    /// not valid: ...` (`storage.ValidateListOptions` wrapping
    /// `DecodeContinue`'s error).
    pub(super) fn decode(token: &str) -> Result<ContinueToken, ApiError> {
        use base64::Engine;
        let invalid = |why: String| {
            ApiError::bad_request(format!(
                "invalid continue token: continue key is not valid: {why}"
            ))
        };
        let engine = base64::engine::GeneralPurpose::new(
            &base64::alphabet::URL_SAFE,
            base64::engine::GeneralPurposeConfig::new()
                .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
        );
        let bytes = engine.decode(token).map_err(|e| match e {
            base64::DecodeError::InvalidByte(at, _) => {
                invalid(format!("illegal base64 data at input byte {at}"))
            }
            other => invalid(format!("illegal base64 data: {other}")),
        })?;
        let doc: Value = serde_json::from_slice(&bytes)
            .map_err(|e| invalid(without_position(&e.to_string()).to_string()))?;
        let version = doc.get("v").and_then(Value::as_str).unwrap_or("");
        if version != Self::VERSION {
            return Err(invalid(format!(
                "server does not recognize this encoded version {version}"
            )));
        }
        let revision = doc
            .get("rv")
            .and_then(Value::as_i64)
            .filter(|rv| *rv > 0 || *rv == LATEST)
            .ok_or_else(|| {
                invalid(format!(
                    "incorrect encoded start resourceVersion (version {})",
                    Self::VERSION
                ))
            })?;
        let start = doc.get("start").and_then(Value::as_str).unwrap_or("");
        if start.is_empty() {
            return Err(invalid(format!(
                "encoded start key empty (version {})",
                Self::VERSION
            )));
        }
        let clean = start.starts_with('/')
            && !start[1..]
                .split('/')
                .any(|segment| matches!(segment, "" | "." | ".."));
        if !clean {
            return Err(invalid(start.to_string()));
        }
        Ok(ContinueToken {
            revision,
            last_key: start.to_string(),
        })
    }
}
