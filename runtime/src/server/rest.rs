//! The verbs on resources: get, list, watch, create, update, patch, delete,
//! deletecollection, and the `status` and `scale` subresources, with
//! kube-apiserver's semantics (the generic registry store,
//! `k8s.io/apiserver/pkg/registry/generic/registry/store.go`, and the
//! endpoint handlers, `k8s.io/apiserver/pkg/endpoints/handlers`).
//!
//! Objects are held as JSON values. Request bodies are decoded through the
//! kind's Rust type (the registry's `decode`), which catches type errors and
//! unknown fields; the stored bytes are the JSON the type serializes to,
//! without `metadata.resourceVersion`, which is the storage revision.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::ApiServer;
use super::deletion::DeleteOptions;
use super::negotiate::{self, Representation};
use super::object::{get_path, meta, meta_mut, meta_str, set_path, string_map};
use super::request::{FieldValidation, Query, RequestInfo, Verb};
use super::status::{ApiError, Cause};
use super::table::{self, IncludeObject};
use crate::meta::{ManagedFieldsEntry, Time};
use crate::patch::apply;
use crate::registry::Entry;
use crate::resource::ResourceInfo;
use crate::schema::TypeSchema;
use crate::selector::{FieldSelector, LabelSelector};
use crate::storage::{Event, KeyValue, RangeRequest, StorageError, Store};
use crate::validate::Context;

/// Largest request body accepted (kube-apiserver's 3 MiB limit).
pub const MAX_BODY_BYTES: usize = 3 * 1024 * 1024;

/// A response body plus the warnings to send as `Warning` headers.
pub(crate) struct Answer {
    status: StatusCode,
    body: Value,
    warnings: Vec<String>,
}

impl Answer {
    fn ok(body: Value) -> Self {
        Answer {
            status: StatusCode::OK,
            body,
            warnings: Vec::new(),
        }
    }
}

/// Handles one resource request. `entry` is the served resource the path
/// names.
pub(crate) async fn handle(
    server: &Arc<ApiServer>,
    entry: &Entry,
    info: &RequestInfo,
    verb: Verb,
    query: &Query,
    headers: &HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let ri = &entry.info;
    if ri.namespaced
        && info.namespace.is_none()
        && !matches!(verb, Verb::List | Verb::Watch | Verb::DeleteCollection)
    {
        return Err(ApiError::path_not_found());
    }
    if !ri.namespaced && info.namespace.is_some() {
        return Err(ApiError::path_not_found());
    }
    match info.subresource.as_deref() {
        None => {}
        Some("status")
            if ri.status_subresource && matches!(verb, Verb::Get | Verb::Update | Verb::Patch) => {}
        Some("scale")
            if ri.scale_subresource.is_some()
                && matches!(verb, Verb::Get | Verb::Update | Verb::Patch) => {}
        Some(_) => return Err(ApiError::path_not_found()),
    }
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok());
    let representation = negotiate::representation_for(
        accept,
        entry.protobuf.is_some() && info.subresource.as_deref() != Some("scale"),
    )?;
    if let Representation::PartialObjectMetadata(_, list) = representation {
        // Upstream names the Go type it holds: unstructured for custom
        // resources, the internal type for built-in kinds.
        let go_type = |list: bool| match (is_builtin_group(ri.group), list) {
            (false, false) => "*unstructured.Unstructured".to_string(),
            (false, true) => "*unstructured.UnstructuredList".to_string(),
            (true, l) => {
                let package = ri
                    .group
                    .split('.')
                    .next()
                    .filter(|g| !g.is_empty())
                    .unwrap_or("core");
                format!("*{package}.{}{}", ri.kind, if l { "List" } else { "" })
            }
        };
        match (verb, list) {
            (Verb::List, false) => {
                return Err(ApiError::new(
                    406,
                    "NotAcceptable",
                    format!(
                        "you requested PartialObjectMetadata, but the requested object is a list ({})",
                        go_type(true)
                    ),
                ));
            }
            (Verb::Get, true) => {
                return Err(ApiError::new(
                    406,
                    "NotAcceptable",
                    format!(
                        "you requested PartialObjectMetadataList, but the requested object is not a list ({})",
                        go_type(false)
                    ),
                ));
            }
            _ => {}
        }
    }
    if verb == Verb::Watch {
        return super::watch::watch(
            server.clone(),
            *entry,
            info.namespace.clone(),
            info.name.clone(),
            query,
            representation,
        )
        .await;
    }
    let bytes = match verb {
        Verb::Create | Verb::Update | Verb::Patch | Verb::Delete | Verb::DeleteCollection => {
            read_body(body, server.request_timeout).await?
        }
        _ => Default::default(),
    };
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    if matches!(verb, Verb::Create | Verb::Update | Verb::Patch) {
        validate_field_manager(verb, query)?;
    }
    let ctx = Ctx {
        server,
        verb,
        entry,
        info,
        query,
        manager: field_manager(query, headers),
        unsupported: Default::default(),
    };
    if verb == Verb::List {
        // Lists are encoded as they are read; only YAML and `pretty` JSON
        // lists are built whole first.
        match representation {
            Representation::Json if !query.flag("pretty") => {
                if query.int("limit")?.unwrap_or(0) <= 0 {
                    return ctx.stream_list();
                }
                return ctx.list_json_page();
            }
            Representation::Table(version) => {
                let answer = ctx.list_table(version)?;
                return Ok(json_response(
                    answer.status,
                    &answer.body,
                    answer.warnings,
                    query,
                ));
            }
            Representation::PartialObjectMetadata(version, _) => {
                let answer = ctx.list_partial_object_metadata(version)?;
                return Ok(json_response(
                    answer.status,
                    &answer.body,
                    answer.warnings,
                    query,
                ));
            }
            Representation::Protobuf => {
                if let Some(message) = entry.protobuf {
                    let bytes = ctx.list_protobuf(message())?;
                    return Ok(protobuf_response(StatusCode::OK, bytes, Vec::new()));
                }
            }
            Representation::Json | Representation::Yaml => {}
        }
    }
    if verb == Verb::Get
        && info.subresource.is_none()
        && representation == Representation::Json
        && !query.flag("pretty")
    {
        return ctx.get_json();
    }
    let writes = matches!(
        verb,
        Verb::Create | Verb::Update | Verb::Patch | Verb::Delete | Verb::DeleteCollection
    );
    if !(writes && server.store.writes_block()) {
        let answer = ctx.answer(&bytes, content_type)?;
        return Ok(render(answer, entry, representation, query, verb));
    }
    // A write that commits to disk waits on the blocking pool, so the
    // async workers go on serving reads and watches meanwhile.
    let manager = ctx.manager;
    let (server, entry, info, query) = (server.clone(), *entry, info.clone(), query.clone());
    let content_type = content_type.map(str::to_string);
    tokio::task::spawn_blocking(move || {
        let ctx = Ctx {
            server: &server,
            verb,
            entry: &entry,
            info: &info,
            query: &query,
            manager,
            unsupported: Default::default(),
        };
        let answer = ctx.answer(&bytes, content_type.as_deref())?;
        Ok(render(answer, &entry, representation, &query, verb))
    })
    .await
    .unwrap_or_else(|e| match e.try_into_panic() {
        Ok(panic) => Err(super::panicked(panic)),
        Err(_) => Err(ApiError::internal(
            "the write was cancelled: the server is stopping",
        )),
    })
}

/// Reads a request body of at most [`MAX_BODY_BYTES`] within `timeout`.
///
/// Errors: a larger body is 413 `RequestEntityTooLarge`; a body not read
/// in time is 504 `Timeout`, as upstream's request timeout filter answers;
/// a body that cannot be read (a bad chunk size, a connection closed
/// before Content-Length bytes came) is 400 `BadRequest`. Upstream passes
/// that read error through as a reasonless 500; the fault is the client's,
/// so it is answered as one.
async fn read_body(
    body: Body,
    timeout: std::time::Duration,
) -> Result<axum::body::Bytes, ApiError> {
    let read = axum::body::to_bytes(body, MAX_BODY_BYTES);
    match tokio::time::timeout(timeout, read).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Err(_) => Err(ApiError::timeout(
            "request did not complete within requested timeout - context deadline exceeded",
            0,
        )),
        Ok(Err(e)) => {
            let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&e);
            while let Some(s) = source {
                if s.is::<http_body_util::LengthLimitError>() {
                    return Err(ApiError::too_large(MAX_BODY_BYTES));
                }
                source = s.source();
            }
            Err(ApiError::bad_request(format!(
                "error reading the request body: {e}"
            )))
        }
    }
}

/// Longest `fieldManager` accepted (upstream's `FieldManagerMaxLength`).
const FIELD_MANAGER_MAX_LENGTH: usize = 128;

/// Upstream's `ValidateFieldManager` on the verb's options: at most 128
/// bytes, printable characters only; a 422 against `CreateOptions`,
/// `UpdateOptions` or `PatchOptions`.
fn validate_field_manager(verb: Verb, query: &Query) -> Result<(), ApiError> {
    let Some(manager) = query.get("fieldManager") else {
        return Ok(());
    };
    let mut causes = Vec::new();
    if manager.len() > FIELD_MANAGER_MAX_LENGTH {
        causes.push(Cause {
            reason: "FieldValueTooLong".into(),
            message: format!("Too long: may not be more than {FIELD_MANAGER_MAX_LENGTH} bytes"),
            field: "fieldManager".into(),
        });
    }
    for (i, c) in manager.char_indices() {
        if !is_print(c) {
            causes.push(Cause {
                reason: "FieldValueInvalid".into(),
                message: format!(
                    "Invalid value: {}: invalid character U+{:04X} (at position {i})",
                    crate::field::quote(manager),
                    u32::from(c)
                ),
                field: "fieldManager".into(),
            });
        }
    }
    if causes.is_empty() {
        return Ok(());
    }
    Err(ApiError::invalid_kind(
        "meta.k8s.io",
        super::request::options_kind(verb),
        "",
        causes,
    ))
}

/// Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols
/// and the ASCII space; not control, format (zero-width, bidi marks, BOM),
/// private-use characters or other spaces.
fn is_print(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    let format = matches!(
        u32::from(c),
        0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x180E | 0x200B..=0x200F
            | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F | 0xFEFF
            | 0xFFF9..=0xFFFB | 0xE000..=0xF8FF
    );
    !(c.is_control() || c.is_whitespace() || format)
}

fn field_manager(query: &Query, headers: &HeaderMap) -> String {
    if let Some(m) = query.get("fieldManager") {
        return m.to_string();
    }
    // Upstream defaults the manager to the user agent's program name.
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .and_then(|ua| ua.split('/').next())
        .filter(|s| !s.is_empty())
        .unwrap_or("unknown")
        .to_string()
}

/// Encodes an answer in the negotiated representation.
fn render(
    answer: Answer,
    entry: &Entry,
    representation: Representation,
    query: &Query,
    verb: Verb,
) -> Response {
    let body = match representation {
        // Lists took their own path (`list_table`,
        // `list_partial_object_metadata`): here is one object.
        Representation::Table(version) if verb == Verb::Get => {
            let mut list_meta = Map::new();
            if let Some(rv) = meta_str(&answer.body, "resourceVersion") {
                list_meta.insert("resourceVersion".into(), json!(rv));
            }
            let include = IncludeObject::parse(query.get("includeObject"));
            table::table(
                &entry.info,
                std::slice::from_ref(&answer.body),
                version,
                include,
                list_meta,
                chrono::Utc::now(),
                true,
            )
        }
        Representation::PartialObjectMetadata(version, _) if verb == Verb::Get => {
            table::partial_object_metadata(&answer.body, version)
        }
        _ => answer.body,
    };
    let yaml = representation == Representation::Yaml;
    if representation == Representation::Protobuf
        && let Some(message) = entry.protobuf
    {
        // Lists took their own path (`list_protobuf`).
        let bytes = if body.get("kind").and_then(Value::as_str) == Some(entry.info.kind) {
            crate::codec::protobuf::wrap(&body, message())
        } else {
            // Not an object of this kind (a Status): JSON.
            return json_response(answer.status, &body, answer.warnings, query);
        };
        return protobuf_response(answer.status, bytes, answer.warnings);
    }
    if yaml {
        let mut response = (answer.status, crate::codec::yaml::to_yaml(&body)).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/yaml"),
        );
        add_warnings(response.headers_mut(), answer.warnings);
        return response;
    }
    json_response(answer.status, &body, answer.warnings, query)
}

fn protobuf_response(status: StatusCode, bytes: Vec<u8>, warnings: Vec<String>) -> Response {
    let mut response = (status, bytes).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(crate::codec::protobuf::MEDIA_TYPE),
    );
    add_warnings(response.headers_mut(), warnings);
    response
}

fn json_response(
    status: StatusCode,
    body: &Value,
    warnings: Vec<String>,
    query: &Query,
) -> Response {
    let bytes = if query.flag("pretty") {
        serde_json::to_vec_pretty(body).unwrap_or_default()
    } else {
        serde_json::to_vec(body).unwrap_or_default()
    };
    let mut response = (status, bytes).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    add_warnings(response.headers_mut(), warnings);
    response
}

/// Total characters of warning text a response carries in full
/// (upstream's `truncateAtTotalRunes`).
const WARNINGS_TOTAL_RUNES: usize = 4 * 1024;
/// Characters each warning keeps once the total is passed
/// (upstream's `truncateItemRunes`).
const WARNING_ITEM_RUNES: usize = 256;

/// One `Warning: 299 - "<text>"` header per distinct warning, capped as
/// upstream's warning recorder (`endpoints/filters/warning.go`) caps them:
/// warnings are kept whole while their text totals at most 4,096
/// characters; the first warning past that cuts every warning to 256
/// characters, and once the cut warnings reach 4,096 characters the rest
/// are dropped. 200,000 unknown fields give a few dozen headers, not
/// 200,000.
fn add_warnings(headers: &mut HeaderMap, warnings: Vec<String>) {
    for w in cap_warnings(warnings) {
        if let Ok(v) = HeaderValue::from_str(&format!("299 - {}", crate::field::quote(&w))) {
            headers.append("Warning", v);
        }
    }
}

/// The warnings a response sends, per [`add_warnings`].
fn cap_warnings(warnings: Vec<String>) -> Vec<String> {
    let cut = |w: &str| w.chars().take(WARNING_ITEM_RUNES).collect::<String>();
    let mut seen = std::collections::HashSet::new();
    let mut kept: Vec<String> = Vec::new();
    let mut written = 0usize;
    let mut truncating = false;
    for w in warnings {
        if w.is_empty() || !seen.insert(w.clone()) {
            continue;
        }
        if truncating && written >= WARNINGS_TOTAL_RUNES {
            break;
        }
        let runes = w.chars().count();
        if !truncating && written + runes > WARNINGS_TOTAL_RUNES {
            truncating = true;
            kept = kept.iter().map(|k| cut(k)).collect();
            written = kept.iter().map(|k| k.chars().count()).sum();
        }
        let w = if truncating { cut(&w) } else { w };
        written += w.chars().count();
        kept.push(w);
    }
    kept
}

/// The storage key prefix of a resource: `/registry/configmaps/` for
/// built-in groups, `/registry/example.dev/widgets/` for others (as
/// kube-apiserver stores custom resources).
/// Whether a group is one of Kubernetes' own (the core group, `apps`,
/// `*.k8s.io`), served by built-in strategies; other groups follow the
/// custom-resource rules of apiextensions-apiserver.
pub(crate) fn is_builtin_group(group: &str) -> bool {
    group.is_empty() || !group.contains('.') || group.ends_with(".k8s.io")
}

pub(crate) fn resource_prefix(info: &ResourceInfo) -> String {
    if is_builtin_group(info.group) {
        format!("/registry/{}/", info.plural)
    } else {
        format!("/registry/{}/{}/", info.group, info.plural)
    }
}

/// The storage key of one object.
pub(crate) fn object_key(info: &ResourceInfo, namespace: Option<&str>, name: &str) -> String {
    match namespace {
        Some(ns) if info.namespaced => format!("{}{ns}/{name}", resource_prefix(info)),
        _ => format!("{}{name}", resource_prefix(info)),
    }
}

/// Decodes a stored value and sets its resourceVersion.
pub(crate) fn from_storage(kv: &KeyValue) -> Result<Value, ApiError> {
    let mut obj: Value = serde_json::from_slice(&kv.value)
        .map_err(|e| ApiError::internal(format!("decoding {}: {e}", kv.key)))?;
    meta_mut(&mut obj).insert("resourceVersion".into(), json!(kv.mod_revision.to_string()));
    Ok(obj)
}

/// A stored object as clients read it: decoded, with its resourceVersion,
/// and defaulted by `schema`, as kube-apiserver's storage codec defaults
/// what it decodes, so an object stored before a default existed reads
/// back with it.
///
/// Errors: the stored value is not JSON (500).
pub(crate) fn read_stored(kv: &KeyValue, schema: &'static TypeSchema) -> Result<Value, ApiError> {
    let mut obj = from_storage(kv)?;
    crate::schema::apply_defaults(&mut obj, schema);
    Ok(obj)
}

/// The JSON of a stored object as GET and lists answer it: from the read
/// cache when it holds `kv` at its revision, else encoded from `decoded`
/// (or from `kv`, read as [`read_stored`] does) and cached.
///
/// Errors: the stored value is not JSON (500).
fn stored_json(
    kv: &KeyValue,
    schema: &'static TypeSchema,
    cache: &super::read_cache::ReadCache,
    decoded: Option<&Value>,
) -> Result<axum::body::Bytes, ApiError> {
    if let Some(json) = cache.get(&kv.key, kv.mod_revision) {
        return Ok(json);
    }
    let json = match decoded {
        Some(obj) => serde_json::to_vec(obj),
        None => serde_json::to_vec(&read_stored(kv, schema)?),
    }
    .map_err(ApiError::internal)?;
    let json = axum::body::Bytes::from(json);
    cache.insert(&kv.key, kv.mod_revision, json.clone());
    Ok(json)
}

/// The bytes stored for `obj`: its JSON without `metadata.resourceVersion`
/// (the store's revision is the object's resourceVersion), written straight
/// from `obj` without a copy.
///
/// Errors: 500 if the object cannot be encoded (not reachable for a JSON
/// value, whose keys are strings).
fn to_storage(obj: &Value) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(&WithoutResourceVersion(obj)).map_err(ApiError::internal)
}

/// Serializes an object as it is, except `metadata.resourceVersion`.
struct WithoutResourceVersion<'a>(&'a Value);

impl serde::Serialize for WithoutResourceVersion<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Value::Object(root) = self.0 else {
            return self.0.serialize(serializer);
        };
        serializer.collect_map(root.iter().map(|(key, value)| match value {
            Value::Object(meta) if key == "metadata" => (key, Field::Metadata(meta)),
            _ => (key, Field::Other(value)),
        }))
    }
}

/// A top-level field of [`WithoutResourceVersion`].
enum Field<'a> {
    Metadata(&'a Map<String, Value>),
    Other(&'a Value),
}

impl serde::Serialize for Field<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Field::Metadata(meta) => {
                serializer.collect_map(meta.iter().filter(|(k, _)| *k != "resourceVersion"))
            }
            Field::Other(value) => value.serialize(serializer),
        }
    }
}

pub(crate) fn storage_error(e: StorageError, info: &ResourceInfo, name: &str) -> ApiError {
    match e {
        StorageError::AlreadyExists(_) => ApiError::already_exists(info, name),
        StorageError::NotFound(_) => ApiError::not_found(info, name),
        StorageError::Conflict { .. } => ApiError::conflict(info, name),
        StorageError::Compacted {
            requested,
            compacted,
        } => ApiError::gone(format!(
            "The resourceVersion for the provided list is too old. requested {requested}, compacted {compacted}"
        )),
        StorageError::FutureRevision { requested, current } => {
            ApiError::too_large_resource_version(requested, current)
        }
        StorageError::Backend(e) => ApiError::internal(e),
        // storeerr.Interpret*Error: an unreachable or timed-out backend.
        StorageError::Unavailable { operation, .. } => ApiError::server_timeout(info, operation, 2),
    }
}

/// Request-scoped context of a verb.
struct Ctx<'a> {
    server: &'a Arc<ApiServer>,
    verb: Verb,
    entry: &'a Entry,
    info: &'a RequestInfo,
    query: &'a Query,
    manager: String,
    /// `Unsupported value` causes found while decoding (an enum value the
    /// Rust type cannot hold, replaced so decoding could go on); they lead
    /// the causes of validation, so the write is refused with every error.
    unsupported: std::cell::RefCell<Vec<Cause>>,
}

impl Ctx<'_> {
    /// Runs the verb (not a watch, nor the streamed lists and plain GETs
    /// [`handle`] answers itself) on a request body.
    fn answer(&self, bytes: &[u8], content_type: Option<&str>) -> Result<Answer, ApiError> {
        Ok(match (self.verb, self.info.subresource.as_deref()) {
            (Verb::Get, Some("scale")) => self.get_scale()?,
            (Verb::Get, _) => self.get()?,
            (Verb::List, _) => self.list()?,
            (Verb::Create, _) => self.create(bytes, content_type)?,
            (Verb::Update, Some("scale")) => self.update_scale(bytes)?,
            (Verb::Update, _) => self.update(bytes, content_type)?,
            (Verb::Patch, _) => self.patch(bytes, content_type)?,
            (Verb::Delete, _) => self.delete(bytes)?,
            (Verb::DeleteCollection, _) => self.delete_collection(bytes)?,
            (Verb::Watch, _) => return Err(ApiError::method_not_allowed()),
        })
    }

    /// Decodes through [`decode_object`], keeping its `Unsupported value`
    /// causes for [`Ctx::type_validation`].
    fn decode_json(
        &self,
        bytes: &[u8],
        validation: FieldValidation,
    ) -> Result<(Value, Vec<String>), ApiError> {
        let (obj, warnings, unsupported) = decode_object(self.entry, bytes, validation)?;
        let mut pending = self.unsupported.borrow_mut();
        for cause in unsupported {
            if !pending.contains(&cause) {
                pending.push(cause);
            }
        }
        Ok((obj, warnings))
    }

    fn ri(&self) -> &ResourceInfo {
        &self.entry.info
    }

    fn store(&self) -> &dyn Store {
        self.server.store.as_ref()
    }

    fn name(&self) -> &str {
        self.info.name.as_deref().unwrap_or("")
    }

    fn key(&self, name: &str) -> String {
        object_key(self.ri(), self.info.namespace.as_deref(), name)
    }

    fn current(&self) -> Result<(KeyValue, Value), ApiError> {
        let kv = self
            .store()
            .get(&self.key(self.name()))
            .map_err(|e| storage_error(e, self.ri(), self.name()))?
            .ok_or_else(|| ApiError::not_found(self.ri(), self.name()))?;
        let obj = read_stored(&kv, (self.entry.schema)())?;
        Ok((kv, obj))
    }

    fn get(&self) -> Result<Answer, ApiError> {
        super::versions::get(self.query, self.store().current_revision())?;
        Ok(Answer::ok(self.current()?.1))
    }

    /// A plain JSON GET: the object's bytes from the read cache when it was
    /// read before at its current revision, else read, encoded and cached.
    fn get_json(&self) -> Result<Response, ApiError> {
        super::versions::get(self.query, self.store().current_revision())?;
        let kv = self
            .store()
            .get(&self.key(self.name()))
            .map_err(|e| storage_error(e, self.ri(), self.name()))?
            .ok_or_else(|| ApiError::not_found(self.ri(), self.name()))?;
        let json = stored_json(&kv, (self.entry.schema)(), &self.server.read_cache, None)?;
        let mut response = (StatusCode::OK, json).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        Ok(response)
    }

    /// The kind's generated validation of `new` (against `old` on update),
    /// for the subresource addressed, as causes of a 422.
    fn type_validation(&self, new: &Value, old: Option<&Value>) -> Result<Vec<Cause>, ApiError> {
        let mut ctx = if old.is_some() {
            Context::update()
        } else {
            Context::create()
        };
        if let Some(sub) = &self.info.subresource {
            ctx = ctx.with_subresource(&format!("/{sub}"));
        }
        for option in &self.server.validation_options {
            ctx = ctx.with_option(option);
        }
        let errors = (self.entry.validate)(new, old, &ctx).map_err(ApiError::internal)?;
        let mut causes = self.unsupported.borrow().clone();
        causes.extend(crate::field::to_causes(&errors));
        Ok(causes)
    }

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
            match super::versions::list(self.query, self.store().current_revision())? {
                super::versions::ListPlan::Continue(token) => {
                    let token = ContinueToken::decode(&token)?;
                    // A token of another resource, or of another namespace
                    // for a namespaced list, reads nothing of this list.
                    if !token.last_key.starts_with(&prefix) {
                        return Err(ApiError::bad_request(format!(
                            "continue key is not valid: {}",
                            token.last_key
                        )));
                    }
                    let revision = (token.revision != LATEST).then_some(token.revision);
                    (revision, Some(token.last_key), true)
                }
                super::versions::ListPlan::Fresh(super::versions::ReadAt::Exact(rev)) => {
                    (Some(rev), None, false)
                }
                super::versions::ListPlan::Fresh(super::versions::ReadAt::Latest) => {
                    (None, None, false)
                }
            };
        Ok(ListCursor {
            store: self.server.store.clone(),
            info: *ri,
            schema: (self.entry.schema)(),
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
    fn stream_list(&self) -> Result<Response, ApiError> {
        let ri = *self.ri();
        let mut cursor = self.list_cursor()?;
        cursor.skip_count = true;
        // The first page fixes the snapshot and surfaces errors as a Status.
        let first = cursor.next_stored(LIST_PAGE)?;
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
                page = match cursor.next_stored(LIST_PAGE) {
                    Ok(p) => p,
                    Err(e) => {
                        // Headers are gone: end the body early, as upstream does.
                        let _ = tx.send(Err(std::io::Error::other(e.message.clone()))).await;
                        return;
                    }
                };
            }
            chunk.extend_from_slice(b"]}");
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

    fn list(&self) -> Result<Answer, ApiError> {
        let (items, list_meta) = self.list_mapped(Ok)?;
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
        mut map: impl FnMut(Value) -> Result<T, ApiError>,
    ) -> Result<(Vec<T>, Map<String, Value>), ApiError> {
        let limit = self.query.int("limit")?.unwrap_or(0).max(0) as usize;
        let mut cursor = self.list_cursor()?;
        // remainingItemCount is counted apart, once, below.
        cursor.skip_count = true;
        let mut items = Vec::new();
        // Filter page by page until the page is full or the range ends, as
        // the cacher does for selector-filtered chunked lists. No read asks
        // for more than the page still needs, so the continue token sits
        // right after the last item returned.
        while cursor.more && (limit == 0 || items.len() < limit) {
            let want = match limit {
                0 => LIST_PAGE,
                _ => (limit - items.len()).min(LIST_PAGE),
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
    fn list_json_page(&self) -> Result<Response, ApiError> {
        let (items, list_meta) =
            self.list_mapped(|obj| serde_json::to_vec(&obj).map_err(ApiError::internal))?;
        let mut body =
            serde_json::to_vec(&self.list_head(list_meta)).map_err(ApiError::internal)?;
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
        body.extend_from_slice(b"]}");
        let mut response = (StatusCode::OK, body).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        Ok(response)
    }

    /// A list as a Table, each object turned into its row as it is read.
    fn list_table(&self, version: &'static str) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let include = IncludeObject::parse(self.query.get("includeObject"));
        let now = chrono::Utc::now();
        let (rows, list_meta) =
            self.list_mapped(|obj| Ok(table::row(ri, &obj, version, include, now)))?;
        Ok(Answer::ok(table::assemble(ri, rows, version, list_meta)))
    }

    /// A `PartialObjectMetadataList`, each object cut to its metadata as it
    /// is read (what metadata informers, such as the garbage collector's,
    /// list).
    fn list_partial_object_metadata(&self, version: &'static str) -> Result<Answer, ApiError> {
        let (items, list_meta) =
            self.list_mapped(|obj| Ok(table::partial_object_metadata(&obj, version)))?;
        Ok(Answer::ok(json!({
            "kind": "PartialObjectMetadataList",
            "apiVersion": format!("meta.k8s.io/{version}"),
            "metadata": list_meta,
            "items": items,
        })))
    }

    /// A list in protobuf, each object encoded as it is read: the response
    /// is built from the encoded items, never from the decoded list.
    fn list_protobuf(
        &self,
        message: &'static crate::codec::protobuf::Message,
    ) -> Result<Vec<u8>, ApiError> {
        let (items, list_meta) =
            self.list_mapped(|obj| Ok(crate::codec::protobuf::encode(&obj, message)))?;
        Ok(crate::codec::protobuf::wrap_list(
            &self.list_head(list_meta),
            &items,
        ))
    }

    fn field_selector(&self) -> Result<FieldSelector, ApiError> {
        field_selector(self.ri(), self.query)
    }

    /// Decodes a create or update body through the kind's type and applies
    /// field validation; returns the object and the warnings.
    fn decode(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<(Value, Vec<String>), ApiError> {
        let json_bytes = match negotiate::body_format(content_type)? {
            negotiate::BodyFormat::Json => bytes.to_vec(),
            negotiate::BodyFormat::Protobuf => {
                let message = self.entry.protobuf.ok_or_else(|| {
                    ApiError::unsupported_media_type(&["application/json", "application/yaml"])
                })?;
                let obj = crate::codec::protobuf::decode_object(bytes, message())
                    .map_err(|e| unrecognized_body(self.ri(), &e.to_string(), bytes))?;
                serde_json::to_vec(&obj).map_err(ApiError::internal)?
            }
            negotiate::BodyFormat::Yaml => crate::codec::yaml::yaml_to_json(bytes)
                .map_err(|e| unrecognized_body(self.ri(), &format!("yaml: {e}"), bytes))?,
        };
        self.decode_json(&json_bytes, self.query.field_validation(self.verb)?)
    }

    fn create(&self, bytes: &[u8], content_type: Option<&str>) -> Result<Answer, ApiError> {
        let (obj, warnings) = self.decode(bytes, content_type)?;
        self.create_object(obj, warnings, None)
    }

    /// Creates a decoded object. `managed` is the final managedFields when
    /// the caller computed them (server-side apply); otherwise this write
    /// is recorded as an Update by the request's field manager.
    fn create_object(
        &self,
        mut obj: Value,
        warnings: Vec<String>,
        managed: Option<Vec<ManagedFieldsEntry>>,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let path_ns = self.info.namespace.clone();
        check_namespace(ri, path_ns.as_deref(), &obj)?;
        {
            let m = meta_mut(&mut obj);
            if let Some(ns) = &path_ns {
                m.insert("namespace".into(), json!(ns));
            } else {
                m.remove("namespace");
            }
        }
        if meta_str(&obj, "name").is_none()
            && let Some(prefix) = meta_str(&obj, "generateName").map(str::to_string)
        {
            let name = format!("{prefix}{}", random_suffix());
            meta_mut(&mut obj).insert("name".into(), json!(name));
        }
        let name = meta_str(&obj, "name").unwrap_or("").to_string();
        let mut causes = super::validation::object_meta(ri, &obj, true);
        causes.sort_by(|a, b| a.field.cmp(&b.field));
        causes.extend(self.type_validation(&obj, None)?);
        if !causes.is_empty() {
            return Err(ApiError::invalid(ri, &name, causes));
        }
        {
            let m = meta_mut(&mut obj);
            m.insert("uid".into(), json!(uuid::Uuid::new_v4().to_string()));
            m.insert("creationTimestamp".into(), json!(Time::now().to_rfc3339()));
            if ri.generation {
                m.insert("generation".into(), json!(1));
            } else {
                m.remove("generation");
            }
            for k in [
                "selfLink",
                "deletionTimestamp",
                "deletionGracePeriodSeconds",
            ] {
                m.remove(k);
            }
        }
        if ri.status_subresource
            && let Some(o) = obj.as_object_mut()
        {
            o.remove("status");
        }
        self.server.prepare_for_create(ri, &mut obj);
        if let Some(ns) = &path_ns {
            self.server.check_namespace_accepts(ri, &name, ns)?;
        }
        let managed = match managed {
            Some(m) => m,
            None => {
                let start =
                    apply::managed_for_update(&[], managed_fields_of(&obj).as_deref(), None);
                apply::update(
                    None,
                    &obj,
                    &self.manager,
                    ri.api_version,
                    None,
                    start,
                    Time::now(),
                    (self.entry.schema)(),
                )
            }
        };
        set_managed_fields(&mut obj, &managed)?;
        if meta_str(&obj, "resourceVersion").is_some() {
            // storage.ErrResourceVersionSetOnCreate, a plain error upstream: 500, no reason.
            return Err(ApiError::new(
                500,
                "",
                "resourceVersion should not be set on objects to be created",
            ));
        }
        if self.query.dry_run(self.verb)? {
            if self
                .store()
                .get(&self.key(&name))
                .map_err(|e| storage_error(e, ri, &name))?
                .is_some()
            {
                return Err(ApiError::already_exists(ri, &name));
            }
            return Ok(Answer {
                status: StatusCode::CREATED,
                body: obj,
                warnings,
            });
        }
        let kv = self
            .store()
            .create(&self.key(&name), to_storage(&obj)?)
            .map_err(|e| storage_error(e, ri, &name))?;
        meta_mut(&mut obj).insert("resourceVersion".into(), json!(kv.mod_revision.to_string()));
        Ok(Answer {
            status: StatusCode::CREATED,
            body: obj,
            warnings,
        })
    }

    fn update(&self, bytes: &[u8], content_type: Option<&str>) -> Result<Answer, ApiError> {
        let (mut obj, warnings) = self.decode(bytes, content_type)?;
        let (kv, old) = match self.current() {
            Ok(current) => current,
            // The generic store's Update: a kind whose strategy allows
            // create-on-update creates the missing object (201); the
            // body's resourceVersion plays no part in a create.
            Err(e)
                if e.code == 404
                    && self.ri().allow_create_on_update
                    && self.info.subresource.is_none() =>
            {
                let name = self.name().to_string();
                if let Some(body_name) = meta_str(&obj, "name")
                    && body_name != name
                {
                    return Err(ApiError::bad_request(format!(
                        "the name of the object ({body_name}) does not match the name on the URL ({name})"
                    )));
                }
                let m = meta_mut(&mut obj);
                m.insert("name".into(), json!(name));
                m.remove("resourceVersion");
                return self.create_object(obj, warnings, None);
            }
            Err(e) => return Err(e),
        };
        let mut answer = self.write_update(kv, old, obj, None)?;
        answer.warnings = warnings;
        Ok(answer)
    }

    /// Applies an update of `old` (stored at `kv`) to `new`, as the generic
    /// store's Update does: name check, resourceVersion precondition,
    /// server-managed fields kept, status or main resource kept per
    /// subresource, generation bumped on spec change, no-op writes skipped,
    /// and deletion completed when the last finalizer goes.
    fn write_update(
        &self,
        kv: KeyValue,
        old: Value,
        mut new: Value,
        managed: Option<Vec<ManagedFieldsEntry>>,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let name = self.name().to_string();
        check_namespace(ri, self.info.namespace.as_deref(), &new)?;
        check_name(&name, &new)?;
        match meta_str(&new, "resourceVersion") {
            Some(rv) if rv != kv.mod_revision.to_string() => {
                return Err(ApiError::conflict(ri, &name));
            }
            // Custom resources do not allow unconditional updates.
            None if !is_builtin_group(ri.group) => {
                // The store names the resource, not the kind, here.
                return Err(ApiError::invalid_kind(
                    ri.group,
                    ri.plural,
                    &name,
                    vec![Cause {
                        reason: "FieldValueInvalid".into(),
                        message: "Invalid value: 0x0: must be specified for an update".into(),
                        field: "metadata.resourceVersion".into(),
                    }],
                ));
            }
            _ => {}
        }
        let status_write = self.info.subresource.as_deref() == Some("status");
        if status_write {
            // Only status changes through /status.
            let status = new.get("status").cloned();
            new = old.clone();
            match status {
                Some(s) => set_path(&mut new, ".status", s),
                None => {
                    if let Some(o) = new.as_object_mut() {
                        o.remove("status");
                    }
                }
            }
        } else if ri.status_subresource {
            match old.get("status").cloned() {
                Some(s) => set_path(&mut new, ".status", s),
                None => {
                    if let Some(o) = new.as_object_mut() {
                        o.remove("status");
                    }
                }
            }
        }
        {
            let old_meta = meta(&old).cloned().unwrap_or_default();
            let m = meta_mut(&mut new);
            m.insert("name".into(), json!(name));
            for k in [
                "namespace",
                "uid",
                "creationTimestamp",
                "deletionTimestamp",
                "deletionGracePeriodSeconds",
                "generation",
            ] {
                match old_meta.get(k) {
                    Some(v) => m.insert(k.into(), v.clone()),
                    None => m.remove(k),
                };
            }
            m.insert("resourceVersion".into(), json!(kv.mod_revision.to_string()));
        }
        bump_generation(ri, &old, &mut new);
        let mut causes = super::validation::object_meta(ri, &new, false);
        causes.extend(self.type_validation(&new, Some(&old))?);
        if !causes.is_empty() {
            return Err(ApiError::invalid(ri, &name, causes));
        }
        let managed = match managed {
            Some(m) => m,
            None => {
                let live = managed_fields_of(&old).unwrap_or_default();
                let sub = self.info.subresource.as_deref();
                let start =
                    apply::managed_for_update(&live, managed_fields_of(&new).as_deref(), sub);
                apply::update(
                    Some(&old),
                    &new,
                    &self.manager,
                    ri.api_version,
                    sub,
                    start,
                    Time::now(),
                    (self.entry.schema)(),
                )
            }
        };
        set_managed_fields(&mut new, &managed)?;
        if self.query.dry_run(self.verb)? || new == old {
            return Ok(Answer::ok(new));
        }
        let deleting = meta_str(&new, "deletionTimestamp").is_some();
        let finalizers_left = meta(&new)
            .and_then(|m| m.get("finalizers"))
            .and_then(Value::as_array)
            .is_some_and(|f| !f.is_empty());
        if deleting && !finalizers_left {
            self.store()
                .delete(&kv.key, Some(kv.mod_revision))
                .map_err(|e| storage_error(e, ri, &name))?;
            return Ok(Answer::ok(new));
        }
        let written = self
            .store()
            .update(&kv.key, to_storage(&new)?, kv.mod_revision)
            .map_err(|e| storage_error(e, ri, &name))?;
        meta_mut(&mut new).insert(
            "resourceVersion".into(),
            json!(written.mod_revision.to_string()),
        );
        Ok(Answer::ok(new))
    }

    fn patch(&self, bytes: &[u8], content_type: Option<&str>) -> Result<Answer, ApiError> {
        let media = content_type
            .unwrap_or("")
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let accepted = [
            "application/json-patch+json",
            "application/merge-patch+json",
            "application/strategic-merge-patch+json",
            "application/apply-patch+yaml",
        ];
        if !accepted.contains(&media.as_str()) {
            return Err(ApiError::unsupported_media_type(&accepted));
        }
        if media == "application/apply-patch+yaml" {
            return self.server_side_apply(bytes);
        }
        // ValidatePatchOptions: `force` is for apply only (any value).
        if self.query.0.contains_key("force") {
            return Err(ApiError::invalid_kind(
                "meta.k8s.io",
                "PatchOptions",
                "",
                vec![Cause {
                    reason: "FieldValueForbidden".into(),
                    message: "Forbidden: may not be specified for non-apply patch".into(),
                    field: "force".into(),
                }],
            ));
        }
        let patch: Value = serde_json::from_slice(bytes).map_err(|e| {
            ApiError::bad_request(format!(
                "error decoding patch: {}",
                without_position(&e.to_string())
            ))
        })?;
        let validation = self.query.field_validation(self.verb)?;
        match (&patch, media.as_str()) {
            // The patch handler decodes a merge patch into a map first
            // (unless fieldValidation=Ignore): `[]` is refused there.
            (Value::Object(_), _) | (_, "application/json-patch+json") => {}
            (other, "application/merge-patch+json") if validation == FieldValidation::Ignore => {
                // json-patch's MergePatch turns the document into the patch.
                return Err(not_an_object(other));
            }
            (other, _) => {
                // strategicpatch's own json.Unmarshal error carries no prefix.
                let prefix = if media == "application/merge-patch+json" {
                    "error decoding patch: "
                } else {
                    ""
                };
                return Err(ApiError::bad_request(format!(
                    "{prefix}json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
                    go_json_type(other)
                )));
            }
        }
        if let Value::Array(ops) = &patch
            && ops.len() > MAX_JSON_PATCH_OPERATIONS
        {
            return Err(ApiError::new(
                413,
                "RequestEntityTooLarge",
                format!(
                    "Request entity too large: The allowed maximum operations in a JSON patch is {MAX_JSON_PATCH_OPERATIONS}, got {}",
                    ops.len()
                ),
            ));
        }
        // Retry on conflict, as the patch handler does for unconditional patches.
        for _ in 0..5 {
            let (kv, old) = if self.info.subresource.as_deref() == Some("scale") {
                let (kv, obj) = self.current()?;
                let scale = self.scale_of(&obj, &kv)?;
                (kv, scale)
            } else {
                self.current()?
            };
            let mut patched = old.clone();
            if media == "application/merge-patch+json" {
                json_patch::merge(&mut patched, &patch);
            } else if media == "application/strategic-merge-patch+json" {
                let schema = if self.info.subresource.as_deref() == Some("scale") {
                    scale_schema()
                } else {
                    (self.entry.schema)()
                };
                patched = crate::patch::strategic::apply(&old, &patch, schema)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?;
            } else {
                let ops: json_patch::Patch =
                    serde_json::from_value(patch.clone()).map_err(|e| {
                        ApiError::bad_request(format!("error decoding json patch: {e}"))
                    })?;
                json_patch::patch(&mut patched, &ops).map_err(|e| {
                    ApiError::new(
                        422,
                        "Invalid",
                        format!(
                            "the server rejected our request due to an error in our request: {e}"
                        ),
                    )
                })?;
            }
            if !patched.is_object() {
                return Err(not_an_object(&patched));
            }
            if self.info.subresource.as_deref() == Some("scale") {
                return self.write_scale(kv, patched);
            }
            // Upstream's decoder fills an absent kind and apiVersion from
            // the object patched (`gvkWithDefaults`): nulling them is a no-op.
            if let Some(o) = patched.as_object_mut() {
                for (key, value) in [
                    ("kind", self.ri().kind),
                    ("apiVersion", self.ri().api_version),
                ] {
                    if o.get(key).is_none_or(Value::is_null) {
                        o.insert(key.into(), json!(value));
                    }
                }
            }
            let bytes = serde_json::to_vec(&patched).map_err(ApiError::internal)?;
            let (decoded, warnings) = self.decode_json(&bytes, validation)?;
            let precondition_from_patch = get_path(&patch, ".metadata.resourceVersion").is_some();
            let mut decoded = decoded;
            if !precondition_from_patch {
                meta_mut(&mut decoded)
                    .insert("resourceVersion".into(), json!(kv.mod_revision.to_string()));
            }
            match self.write_update(kv, old, decoded, None) {
                Err(e) if e.reason == "Conflict" && !precondition_from_patch => continue,
                Err(e) => return Err(e),
                Ok(mut answer) => {
                    answer.warnings = warnings;
                    return Ok(answer);
                }
            }
        }
        Err(ApiError::conflict(self.ri(), self.name()))
    }

    /// Server-side apply (`application/apply-patch+yaml`, YAML or JSON):
    /// merges the applied configuration into the live object (or creates
    /// it) by the kind's schema, tracking field ownership per manager in
    /// `metadata.managedFields`; conflicts are 409 with one
    /// `FieldManagerConflict` cause per field unless `force=true`.
    fn server_side_apply(&self, bytes: &[u8]) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let name = self.name().to_string();
        let Some(manager) = self.query.get("fieldManager") else {
            return Err(ApiError::invalid_kind(
                "meta.k8s.io",
                "PatchOptions",
                "",
                vec![Cause {
                    reason: "FieldValueRequired".into(),
                    message: "Required value: is required for apply patch".into(),
                    field: "fieldManager".into(),
                }],
            ));
        };
        // kubectl sends JSON (a subset of YAML): read it as JSON directly,
        // and only fall back to the YAML reader when that fails.
        let json_body = bytes
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|b| *b == b'{')
            .then(|| serde_json::from_slice::<Value>(bytes).ok())
            .flatten();
        let (json, applied) = match json_body {
            Some(applied) => (std::borrow::Cow::Borrowed(bytes), applied),
            None => {
                let json = crate::codec::yaml::yaml_to_json(bytes).map_err(|e| {
                    ApiError::bad_request(format!(
                        "error decoding YAML: error converting YAML to JSON: yaml: {e}"
                    ))
                })?;
                let applied: Value = serde_json::from_slice(&json)
                    .map_err(|e| ApiError::bad_request(format!("error decoding YAML: {e}")))?;
                (std::borrow::Cow::Owned(json), applied)
            }
        };
        // Unknown and duplicate fields are reported per fieldValidation; the
        // merge itself uses the configuration as applied (no defaults).
        let (_, warnings) = self.decode_json(&json, self.query.field_validation(self.verb)?)?;
        if let Some(applied_name) = meta_str(&applied, "name")
            && applied_name != name
        {
            return Err(ApiError::bad_request(format!(
                "the name of the object ({applied_name}) does not match the name on the URL ({name})"
            )));
        }
        let force = self.query.flag("force");
        let schema = (self.entry.schema)();
        for _ in 0..5 {
            let live = self
                .store()
                .get(&self.key(&name))
                .map_err(|e| storage_error(e, ri, &name))?;
            let live_obj = live
                .as_ref()
                .map(|kv| read_stored(kv, schema))
                .transpose()?;
            let managed = live_obj
                .as_ref()
                .and_then(managed_fields_of)
                .unwrap_or_default();
            let outcome = apply::apply(
                live_obj.as_ref(),
                &applied,
                manager,
                ri.api_version,
                &managed,
                force,
                Time::now(),
                schema,
            )
            .map_err(|e| self.apply_error(&name, e))?;
            let merged = serde_json::to_vec(&outcome.object).map_err(ApiError::internal)?;
            let (mut obj, _) = self.decode_json(&merged, FieldValidation::Ignore)?;
            let result = match (live, live_obj) {
                (Some(kv), Some(old)) => {
                    meta_mut(&mut obj)
                        .insert("resourceVersion".into(), json!(kv.mod_revision.to_string()));
                    self.write_update(kv, old, obj, Some(outcome.managed_fields))
                }
                _ => {
                    let m = meta_mut(&mut obj);
                    m.insert("name".into(), json!(name));
                    m.remove("resourceVersion");
                    self.create_object(obj, Vec::new(), Some(outcome.managed_fields))
                }
            };
            match result {
                // A write raced this apply: merge again from the new live state.
                Err(e) if e.reason == "Conflict" || e.reason == "AlreadyExists" => continue,
                Err(e) => return Err(e),
                Ok(mut answer) => {
                    answer.warnings = warnings;
                    return Ok(answer);
                }
            }
        }
        Err(ApiError::conflict(ri, &name))
    }

    fn apply_error(&self, name: &str, error: apply::ApplyError) -> ApiError {
        match error {
            apply::ApplyError::Conflicts(conflicts) => {
                let ri = self.ri();
                let mut e = ApiError::new(409, "Conflict", apply::conflict_message(&conflicts));
                e.name = Some(name.to_string());
                e.group = Some(ri.group.to_string());
                e.kind = Some(ri.plural.to_string());
                e.causes = conflicts
                    .iter()
                    .map(|c| Cause {
                        reason: "FieldManagerConflict".into(),
                        message: c.cause_message(),
                        field: c.path.clone(),
                    })
                    .collect();
                e
            }
            apply::ApplyError::Invalid(message) => ApiError::bad_request(message),
        }
    }

    /// The `autoscaling/v1` Scale view of an object.
    fn scale_of(&self, obj: &Value, kv: &KeyValue) -> Result<Value, ApiError> {
        let ri = self.ri();
        let scale = ri.scale_subresource.ok_or_else(ApiError::path_not_found)?;
        let spec = get_path(obj, scale.spec_replicas_path)
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let status = get_path(obj, scale.status_replicas_path)
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let mut status_obj = json!({"replicas": status});
        // The selector is a string at the path (custom resources), or a
        // LabelSelector formatted as upstream's Deployment scale does.
        match get_path(obj, scale.label_selector_path)
            .filter(|_| !scale.label_selector_path.is_empty())
        {
            Some(Value::String(sel)) => status_obj["selector"] = json!(sel),
            Some(sel @ Value::Object(_)) => {
                status_obj["selector"] = json!(crate::selector::format_label_selector(sel))
            }
            _ => {}
        }
        let m = meta(obj).cloned().unwrap_or_default();
        Ok(json!({
            "kind": "Scale",
            "apiVersion": "autoscaling/v1",
            "metadata": {
                "name": m.get("name").cloned().unwrap_or(Value::Null),
                "namespace": m.get("namespace").cloned().unwrap_or(Value::Null),
                "uid": m.get("uid").cloned().unwrap_or(Value::Null),
                "resourceVersion": kv.mod_revision.to_string(),
                "creationTimestamp": m.get("creationTimestamp").cloned().unwrap_or(Value::Null),
            },
            "spec": {"replicas": spec},
            "status": status_obj,
        }))
    }

    fn get_scale(&self) -> Result<Answer, ApiError> {
        let (kv, obj) = self.current()?;
        Ok(Answer::ok(self.scale_of(&obj, &kv)?))
    }

    fn update_scale(&self, bytes: &[u8]) -> Result<Answer, ApiError> {
        let scale: Value = serde_json::from_slice(bytes)
            .map_err(|e| ApiError::bad_request(format!("error decoding Scale: {e}")))?;
        let (kv, _) = self.current()?;
        self.write_scale(kv, scale)
    }

    /// Writes `spec.replicas` of a Scale back into the object.
    fn write_scale(&self, kv: KeyValue, scale: Value) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let name = self.name().to_string();
        let paths = ri.scale_subresource.ok_or_else(ApiError::path_not_found)?;
        let replicas = match get_path(&scale, ".spec.replicas") {
            Some(Value::Number(n)) if n.as_i64().is_some_and(|r| r >= 0) => n.as_i64().unwrap_or(0),
            Some(v) if v.as_i64().is_some() => {
                return Err(ApiError::invalid(
                    &scale_info(),
                    &name,
                    vec![Cause {
                        reason: "FieldValueInvalid".into(),
                        message: format!("Invalid value: {v}: must be greater than or equal to 0"),
                        field: "spec.replicas".into(),
                    }],
                ));
            }
            _ => return Err(ApiError::bad_request("spec.replicas must be an integer")),
        };
        if let Some(rv) = get_path(&scale, ".metadata.resourceVersion").and_then(Value::as_str)
            && !rv.is_empty()
            && rv != kv.mod_revision.to_string()
        {
            return Err(ApiError::conflict(ri, &name));
        }
        let mut obj = read_stored(&kv, (self.entry.schema)())?;
        let old = obj.clone();
        set_path(&mut obj, paths.spec_replicas_path, json!(replicas));
        bump_generation(ri, &old, &mut obj);
        // As upstream's scale handler: the writer takes `spec.replicas` of
        // the parent in an Update entry with subresource `scale`.
        let live = managed_fields_of(&old).unwrap_or_default();
        let managed = apply::update(
            Some(&old),
            &obj,
            &self.manager,
            ri.api_version,
            Some("scale"),
            apply::managed_for_update(&live, None, Some("scale")),
            Time::now(),
            (self.entry.schema)(),
        );
        set_managed_fields(&mut obj, &managed)?;
        let written = if self.query.dry_run(self.verb)? || obj == old {
            kv
        } else {
            self.store()
                .update(&kv.key, to_storage(&obj)?, kv.mod_revision)
                .map_err(|e| storage_error(e, ri, &name))?
        };
        Ok(Answer::ok(self.scale_of(&obj, &written)?))
    }

    /// The generic store's Delete: preconditions, then graceful deletion
    /// (pods), the garbage collector's finalizers per `propagationPolicy`,
    /// and finalizers holding the object with its `deletionTimestamp` set;
    /// otherwise the object goes now. The answer is the object while it
    /// stays; once removed, the object for kinds that return it, else a
    /// Success Status carrying `details.uid`.
    fn delete(&self, bytes: &[u8]) -> Result<Answer, ApiError> {
        use super::deletion::{self, Grace};
        let ri = self.ri();
        let name = self.name().to_string();
        let options = delete_options(bytes, self.query)?;
        let (kv, obj) = self.current()?;
        check_preconditions(ri, &name, options.preconditions.as_ref(), &obj)?;
        self.server.check_deletable(ri, &name)?;
        let dry_run = self.query.dry_run(self.verb)? || options.dry_run();
        let deleted_answer = |obj: &Value| {
            Answer::ok(if ri.return_deleted_object {
                obj.clone()
            } else {
                super::status::success_status(ri, &name, meta_str(obj, "uid"))
            })
        };
        let now = Time::now().0;
        let mut updated = obj.clone();
        let grace = deletion::before_delete(ri, &mut updated, &options, now);
        if grace == Grace::Pending {
            return Ok(deleted_answer(&obj));
        }
        let gc_finalizers = deletion::gc_finalizers(ri, &obj, &options);
        let graceful_kind = self.server.needs_graceful_deletion(ri, &obj);
        let mut stays = graceful_kind;
        if grace != Grace::None || deletion::has_finalizers(&obj) || gc_finalizers.is_some() {
            if let Some(finalizers) = gc_finalizers {
                deletion::set_finalizers(&mut updated, finalizers);
            }
            let pending_finalizers = deletion::has_finalizers(&updated);
            if grace == Grace::None && pending_finalizers {
                deletion::mark_as_deleting(&mut updated, now);
            }
            stays = stays || pending_finalizers || matches!(grace, Grace::Period(p) if p > 0);
        }
        if graceful_kind {
            deletion::mark_as_deleting(&mut updated, now);
            self.server.prepare_for_deletion(ri, &mut updated);
        }
        if stays {
            let mut answer = Answer::ok(updated.clone());
            if options.orphan_dependents == Some(false) {
                answer.status = StatusCode::ACCEPTED;
            }
            if dry_run || updated == obj {
                return Ok(answer);
            }
            let written = self
                .store()
                .update(&kv.key, to_storage(&updated)?, kv.mod_revision)
                .map_err(|e| storage_error(e, ri, &name))?;
            meta_mut(&mut answer.body).insert(
                "resourceVersion".into(),
                json!(written.mod_revision.to_string()),
            );
            self.server.after_deletion_requested(ri, &answer.body);
            return Ok(answer);
        }
        if dry_run {
            return Ok(deleted_answer(&updated));
        }
        // A graceful kind deleted with no grace period is first marked (a
        // MODIFIED event with its deletionTimestamp), then removed, as the
        // generic store's updateForGracefulDeletionAndFinalizers does.
        let mut revision = kv.mod_revision;
        if matches!(grace, Grace::Period(_)) && updated != obj {
            revision = self
                .store()
                .update(&kv.key, to_storage(&updated)?, kv.mod_revision)
                .map_err(|e| storage_error(e, ri, &name))?
                .mod_revision;
            meta_mut(&mut updated).insert("resourceVersion".into(), json!(revision.to_string()));
        }
        self.store()
            .delete(&kv.key, Some(revision))
            .map_err(|e| storage_error(e, ri, &name))?;
        Ok(deleted_answer(&updated))
    }

    fn delete_collection(&self, bytes: &[u8]) -> Result<Answer, ApiError> {
        // Options are checked once, before anything is listed or deleted.
        delete_options(bytes, self.query)?;
        let listed = self.list()?;
        let items = listed
            .body
            .get("items")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut deleted = Vec::new();
        for item in items {
            let Some(name) = meta_str(&item, "name").map(str::to_string) else {
                continue;
            };
            let info = RequestInfo {
                namespace: meta_str(&item, "namespace").map(str::to_string),
                name: Some(name),
                ..self.info.clone()
            };
            let ctx = Ctx {
                server: self.server,
                verb: Verb::Delete,
                entry: self.entry,
                info: &info,
                query: self.query,
                manager: self.manager.clone(),
                unsupported: Default::default(),
            };
            match ctx.delete(bytes) {
                Ok(_) => deleted.push(item),
                Err(e) if e.code == 404 => {}
                Err(e) => return Err(e),
            }
        }
        let mut body = listed.body;
        body["items"] = Value::Array(deleted);
        Ok(Answer::ok(body))
    }
}

/// Decodes a JSON body through the kind's type, checks `apiVersion`/`kind`,
/// and applies field validation to unknown fields.
pub(crate) fn decode_object(
    entry: &Entry,
    bytes: &[u8],
    validation: FieldValidation,
) -> Result<(Value, Vec<String>, Vec<Cause>), ApiError> {
    let ri = &entry.info;
    let cannot = |why: String| {
        ApiError::bad_request(format!(
            "{} in version \"{}\" cannot be handled as a {}: {}",
            ri.kind,
            ri.version,
            ri.kind,
            without_position(&why)
        ))
    };
    // Before anything parses it; upstream's decoder cannot read a kind
    // from a body nested past its limit either.
    crate::codec::check_json_depth(bytes).map_err(|e| {
        unrecognized_body(
            ri,
            &format!("couldn't get version/kind; json parse error: {e}"),
            bytes,
        )
    })?;
    let type_meta: crate::meta::TypeMeta =
        serde_json::from_slice(bytes).map_err(|e| cannot(e.to_string()))?;
    if let Some(kind) = type_meta.kind.as_deref().filter(|k| !k.is_empty())
        && kind != ri.kind
    {
        return Err(ApiError::bad_request(format!(
            "{kind} in version \"{}\" cannot be handled as a {}: no kind \"{kind}\" is registered for version \"{}\"",
            ri.version, ri.kind, ri.api_version
        )));
    }
    if let Some(v) = type_meta.api_version.as_deref().filter(|v| !v.is_empty())
        && v != ri.api_version
    {
        return Err(ApiError::bad_request(format!(
            "the API version in the data ({v}) does not match the expected API version ({})",
            ri.api_version
        )));
    }
    // Duplicate keys: reported per field validation, and dropped (the last
    // value wins, as Go's encoding/json keeps it) before the typed decode.
    let duplicates = super::duplicates::find(bytes);
    let deduplicated;
    let bytes = if duplicates.is_empty() {
        bytes
    } else {
        let value: Value = serde_json::from_slice(bytes).map_err(|e| cannot(e.to_string()))?;
        deduplicated = serde_json::to_vec(&value).map_err(ApiError::internal)?;
        &deduplicated[..]
    };
    // An enum value the Rust type cannot hold is an `Unsupported value`
    // cause; it is replaced by a supported one so decoding can go on and
    // validation can report the object's other errors with it.
    let mut unsupported = Vec::new();
    let mut current = std::borrow::Cow::Borrowed(bytes);
    let mut decoded = loop {
        let error = match (entry.decode)(&current) {
            Ok(d) => break d,
            Err(e) => e,
        };
        let repair = (unsupported.len() < 32)
            .then(|| unsupported_enum(entry, &current, &error))
            .flatten()
            .and_then(|(cause, variant)| {
                let mut value: Value = serde_json::from_slice(&current).ok()?;
                set_at_field_path(&mut value, &cause.field, Value::String(variant)).then_some(())?;
                Some((cause, serde_json::to_vec(&value).ok()?))
            });
        match repair {
            Some((cause, repaired)) => {
                unsupported.push(cause);
                current = std::borrow::Cow::Owned(repaired);
            }
            None if unsupported.is_empty() => return Err(cannot(error)),
            // Another problem after an unsupported value: report what was
            // found, as the 422 of the values found so far.
            None => {
                let name = serde_json::from_slice::<Value>(bytes)
                    .ok()
                    .and_then(|v| meta_str(&v, "name").map(str::to_string))
                    .unwrap_or_default();
                return Err(ApiError::invalid(ri, &name, unsupported));
            }
        }
    };
    // Defaults apply on decode, as defaulter-gen's functions run upstream.
    crate::schema::apply_defaults(&mut decoded.object, (entry.schema)());
    let mut problems: Vec<String> = duplicates
        .iter()
        .map(|f| format!("duplicate field {}", crate::field::quote(f)))
        .collect();
    problems.extend(
        decoded
            .unknown_fields
            .iter()
            .map(|f| format!("unknown field {}", crate::field::quote(f))),
    );
    match validation {
        FieldValidation::Strict if !problems.is_empty() => Err(cannot(format!(
            "strict decoding error: {}",
            problems.join(", ")
        ))),
        FieldValidation::Warn => Ok((decoded.object, problems, unsupported)),
        _ => Ok((decoded.object, Vec::new(), unsupported)),
    }
}

/// Most operations a JSON patch may hold (upstream's
/// `maxJSONPatchOperations`); more is 413.
const MAX_JSON_PATCH_OPERATIONS: usize = 10_000;

/// Go's name for the JSON type of a value, as `encoding/json` prints it in
/// `cannot unmarshal <type> into Go value of type ...`.
fn go_json_type(value: &Value) -> &'static str {
    match value {
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "bool",
        Value::Object(_) => "object",
        Value::Null => "null",
    }
}

/// A patch whose result is not an object (`replace` of the whole document
/// with `[]`): upstream's decoder cannot read a kind from it, and the patch
/// handler answers `errors.NewInvalid(schema.GroupKind{}, "", ...)` on
/// the field `patch`.
fn not_an_object(patched: &Value) -> ApiError {
    ApiError::invalid_kind(
        "",
        "",
        "",
        vec![Cause {
            reason: "FieldValueInvalid".into(),
            message: format!(
                "Invalid value: {}: couldn't get version/kind; json parse error: json: cannot unmarshal {} into Go value of type struct {{ APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }}",
                crate::field::quote(&patched.to_string()),
                go_json_type(patched)
            ),
            field: "patch".into(),
        }],
    )
}

/// A body no kind can be read from (protobuf that does not decode, YAML
/// the parser refuses, JSON nested too deeply): upstream's
/// `transformDecodeError` for a body with no readable kind, `the object
/// provided is unrecognized (must be of type ConfigMap): <error> (<data>)`,
/// the data summarized as `summarizeData` does (hex, or the text of a body
/// that starts with `{`; at most 30 bytes).
pub(crate) fn unrecognized_body(ri: &ResourceInfo, error: &str, bytes: &[u8]) -> ApiError {
    const MAX: usize = 30;
    let summary = match bytes {
        [] => "<empty>".to_string(),
        [b'{', ..] if bytes.len() > MAX => {
            format!("{} ...", String::from_utf8_lossy(&bytes[..MAX]))
        }
        [b'{', ..] => String::from_utf8_lossy(bytes).into_owned(),
        _ if bytes.len() > MAX => format!("{} ...", hex(&bytes[..MAX])),
        _ => hex(bytes),
    };
    ApiError::bad_request(format!(
        "the object provided is unrecognized (must be of type {}): {error} ({summary})",
        ri.kind
    ))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `rest.EnsureObjectNamespaceMatchesRequestNamespace`: a namespaced
/// object's `metadata.namespace`, when set, must be the URL's.
///
/// Errors: 400 `the namespace of the provided object does not match the
/// namespace sent on the request`.
fn check_namespace(ri: &ResourceInfo, url: Option<&str>, obj: &Value) -> Result<(), ApiError> {
    match (url, meta_str(obj, "namespace")) {
        (Some(url), Some(body)) if ri.namespaced && !body.is_empty() && body != url => {
            Err(ApiError::bad_request(
                "the namespace of the provided object does not match the namespace sent on the request",
            ))
        }
        _ => Ok(()),
    }
}

/// The update handler's `checkName`: the object written must carry a name
/// (a patch that removed `metadata` leaves none), and it must be the URL's.
///
/// Errors: 400, with upstream's messages.
fn check_name(url: &str, obj: &Value) -> Result<(), ApiError> {
    match meta_str(obj, "name").filter(|n| !n.is_empty()) {
        None => Err(ApiError::bad_request(format!(
            "the name of the object ({url} based on URL) was undeterminable: name must be provided"
        ))),
        Some(body) if body != url => Err(ApiError::bad_request(format!(
            "the name of the object ({body}) does not match the name on the URL ({url})"
        ))),
        Some(_) => Ok(()),
    }
}

/// serde_json's message without its ` at line L column C` tail: Go's
/// decoders name no position (`unable to parse quantity's suffix`).
fn without_position(message: &str) -> &str {
    match message.rsplit_once(" at line ") {
        Some((head, tail))
            if tail
                .split_once(" column ")
                .is_some_and(|(l, c)| is_digits(l) && is_digits(c)) =>
        {
            head
        }
        _ => message,
    }
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The `metadata.managedFields` of an object, when present and well-formed.
fn managed_fields_of(obj: &Value) -> Option<Vec<ManagedFieldsEntry>> {
    let value = meta(obj)?.get("managedFields")?;
    Vec::<ManagedFieldsEntry>::deserialize(value).ok()
}

/// Sets `metadata.managedFields` (removes it when there are no entries).
///
/// Errors: 500 if the entries cannot be encoded (not reachable: their
/// types serialize infallibly to JSON).
fn set_managed_fields(obj: &mut Value, managed: &[ManagedFieldsEntry]) -> Result<(), ApiError> {
    let m = meta_mut(obj);
    if managed.is_empty() {
        m.remove("managedFields");
    } else {
        let entries = serde_json::to_value(managed).map_err(ApiError::internal)?;
        m.insert("managedFields".into(), entries);
    }
    Ok(())
}

/// A body the Rust type cannot hold because of a string enum value outside
/// the enum (which Go would decode and then reject in validation): the
/// 422 cause upstream gives, `Unsupported value: "x": supported values:
/// "a", "b"` at the value's path, and a supported variant to put in its
/// place. `None` for any other decode error (serde's "unknown variant"
/// message is the only signal the type gives).
fn unsupported_enum(entry: &Entry, bytes: &[u8], error: &str) -> Option<(Cause, String)> {
    let rest = error.strip_prefix("unknown variant `")?;
    let (value, rest) = rest.split_once("`, expected one of ")?;
    let declared: Vec<String> = rest
        .split(" at line")
        .next()
        .unwrap_or("")
        .split(", ")
        .map(|v| v.trim_matches('`').to_string())
        .collect();
    let first = declared.first()?.clone();
    let mut supported = declared;
    supported.sort();
    let field = (entry.decode_error_path)(bytes)?;
    let list: Vec<String> = supported.iter().map(|s| crate::field::quote(s)).collect();
    Some((
        Cause {
            reason: "FieldValueNotSupported".into(),
            message: format!(
                "Unsupported value: {}: supported values: {}",
                crate::field::quote(value),
                list.join(", ")
            ),
            field,
        },
        first,
    ))
}

/// Sets the value at a field path as [`crate::field::Path`] prints it
/// (`spec.ports[0].protocol`, `metadata.labels[app]`). Returns whether the
/// path led to a value.
fn set_at_field_path(root: &mut Value, path: &str, value: Value) -> bool {
    let mut steps: Vec<String> = Vec::new();
    for part in path.split('.') {
        let (name, mut subscripts) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            steps.push(name.to_string());
        }
        while let Some(rest) = subscripts.strip_prefix('[') {
            let Some(end) = rest.find(']') else {
                return false;
            };
            steps.push(rest[..end].to_string());
            subscripts = &rest[end + 1..];
        }
    }
    let mut at = root;
    for step in &steps {
        at = match at {
            Value::Object(m) => match m.get_mut(step) {
                Some(v) => v,
                None => return false,
            },
            Value::Array(a) => match step.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    *at = value;
    true
}

/// Sets `new`'s `metadata.generation` to `old`'s plus one when the kind
/// keeps generation and the update changed what bumps it: anything outside
/// `metadata` and `status` (the CRD rule, and upstream's strategies for
/// spec changes), or the annotations where the kind says so (upstream's
/// Deployment strategy).
fn bump_generation(ri: &ResourceInfo, old: &Value, new: &mut Value) {
    if !ri.generation {
        return;
    }
    fn annotations(v: &Value) -> Option<&Value> {
        meta(v).and_then(|m| m.get("annotations"))
    }
    let bump = spec_changed(old, new)
        || (ri.annotations_bump_generation && annotations(old) != annotations(new));
    if bump {
        let generation = meta(old)
            .and_then(|m| m.get("generation"))
            .and_then(Value::as_i64)
            .unwrap_or(0)
            + 1;
        meta_mut(new).insert("generation".into(), json!(generation));
    }
}

/// Whether anything outside `metadata` and `status` differs (the CRD rule
/// for bumping `metadata.generation`).
fn spec_changed(old: &Value, new: &Value) -> bool {
    let (Some(old), Some(new)) = (old.as_object(), new.as_object()) else {
        return old != new;
    };
    let outside = |m: &'_ Map<String, Value>| {
        m.iter()
            .filter(|(k, _)| *k != "metadata" && *k != "status")
            .count()
    };
    // As map equality: the same keys with equal values, in any order.
    outside(old) != outside(new)
        || old
            .iter()
            .filter(|(k, _)| *k != "metadata" && *k != "status")
            .any(|(k, v)| new.get(k) != Some(v))
}

/// The options of a delete, as upstream's `DeleteResource` handler reads
/// them: the body when there is one (it must be a `DeleteOptions`), else
/// the query parameters (`gracePeriodSeconds`, `orphanDependents`,
/// `propagationPolicy`, `dryRun`); then `ValidateDeleteOptions`. A negative
/// grace period becomes 1, as `BeforeDelete` makes it.
///
/// Errors: 400 for a body of another kind, a value of the wrong type, or a
/// `gracePeriodSeconds` query parameter that is not an int64 (Go's
/// `strconv.ParseInt` message); 422 against `DeleteOptions.meta.k8s.io`
/// for an unsupported `propagationPolicy` or `dryRun`, or for both
/// `orphanDependents` and `propagationPolicy`.
fn delete_options(bytes: &[u8], query: &Query) -> Result<DeleteOptions, ApiError> {
    let options = if bytes.iter().all(u8::is_ascii_whitespace) {
        delete_options_from_query(query)?
    } else {
        let options: DeleteOptions = serde_json::from_slice(bytes).map_err(|e| {
            ApiError::bad_request(format!(
                "error decoding DeleteOptions: {}",
                without_position(&e.to_string())
            ))
        })?;
        if let Some(kind) = options.kind.as_deref().filter(|k| !k.is_empty())
            && kind != "DeleteOptions"
        {
            // The handler decodes with the meta internal scheme, where only
            // the option kinds are registered.
            return Err(ApiError::bad_request(format!(
                "no kind {} is registered for version {} in scheme \"k8s.io/apimachinery/pkg/apis/meta/internalversion/scheme/register.go\"",
                crate::field::quote(kind),
                crate::field::quote(options.api_version.as_deref().unwrap_or(""))
            )));
        }
        options
    };
    let mut causes = Vec::new();
    if let (Some(_), Some(policy)) = (options.orphan_dependents, &options.propagation_policy) {
        causes.push(Cause {
            reason: "FieldValueInvalid".into(),
            message: format!(
                "Invalid value: {}: orphanDependents and deletionPropagation cannot be both set",
                crate::field::quote(policy)
            ),
            field: "propagationPolicy".into(),
        });
    }
    if let Some(policy) = &options.propagation_policy
        && !matches!(policy.as_str(), "Orphan" | "Background" | "Foreground")
    {
        causes.push(Cause {
            reason: "FieldValueNotSupported".into(),
            message: format!(
                "Unsupported value: {}: supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\"",
                crate::field::quote(policy)
            ),
            field: "propagationPolicy".into(),
        });
    }
    if let Some(dry_run) = &options.dry_run
        && dry_run.iter().any(|d| d != "All")
    {
        let list: Vec<String> = dry_run.iter().map(|d| crate::field::quote(d)).collect();
        causes.push(Cause {
            reason: "FieldValueNotSupported".into(),
            message: format!(
                "Unsupported value: [{}]: supported values: \"All\"",
                list.join(",")
            ),
            field: "dryRun".into(),
        });
    }
    if !causes.is_empty() {
        return Err(ApiError::invalid(&delete_options_info(), "", causes));
    }
    Ok(DeleteOptions {
        grace_period_seconds: options
            .grace_period_seconds
            .map(|g| if g < 0 { 1 } else { g }),
        ..options
    })
}

/// The DeleteOptions of a bodiless delete, from its query parameters as
/// upstream's parameter codec converts them: `orphanDependents` is false
/// only for `false` (any case) or `0`, true for anything else.
fn delete_options_from_query(query: &Query) -> Result<DeleteOptions, ApiError> {
    let grace_period_seconds = match query.get("gracePeriodSeconds") {
        None => None,
        Some(text) => Some(text.parse::<i64>().map_err(|e| {
            let why = match e.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                    "value out of range"
                }
                _ => "invalid syntax",
            };
            ApiError::bad_request(format!(
                "strconv.ParseInt: parsing {}: {why}",
                crate::field::quote(text)
            ))
        })?),
    };
    Ok(DeleteOptions {
        grace_period_seconds,
        orphan_dependents: query
            .get("orphanDependents")
            .map(|v| !(v == "0" || v.eq_ignore_ascii_case("false"))),
        propagation_policy: query.get("propagationPolicy").map(str::to_string),
        dry_run: query.get("dryRun").map(|d| vec![d.to_string()]),
        ..DeleteOptions::default()
    })
}

fn check_preconditions(
    ri: &ResourceInfo,
    name: &str,
    preconditions: Option<&super::deletion::Preconditions>,
    obj: &Value,
) -> Result<(), ApiError> {
    let Some(preconditions) = preconditions else {
        return Ok(());
    };
    // rest.BeforeDelete names the kind, not the resource, in these conflicts.
    let conflict = |why: String| {
        let group_kind = if ri.group.is_empty() {
            ri.kind.to_string()
        } else {
            format!("{}.{}", ri.kind, ri.group)
        };
        let mut e = ApiError::new(
            409,
            "Conflict",
            format!("Operation cannot be fulfilled on {group_kind} \"{name}\": {why}"),
        );
        e.name = Some(name.into());
        e.group = Some(ri.group.into());
        e.kind = Some(ri.kind.into());
        e
    };
    if let Some(uid) = &preconditions.uid {
        let actual = meta_str(obj, "uid").unwrap_or("");
        if uid != actual {
            return Err(conflict(format!(
                "the UID in the precondition ({uid}) does not match the UID in record ({actual}). The object might have been deleted and then recreated"
            )));
        }
    }
    if let Some(rv) = &preconditions.resource_version {
        let actual = meta_str(obj, "resourceVersion").unwrap_or("");
        if rv != actual {
            return Err(conflict(format!(
                "the ResourceVersion in the precondition ({rv}) does not match the ResourceVersion in record ({actual}). The object might have been modified"
            )));
        }
    }
    Ok(())
}

/// The schema of an autoscaling/v1 Scale: plain fields, no list strategies.
fn scale_schema() -> &'static crate::schema::TypeSchema {
    use crate::schema::{Type, TypeSchema, field};
    static SCALE: TypeSchema = TypeSchema {
        name: "Scale",
        atomic: false,
        hook: None,
        fields: &[
            field("metadata", Type::Untyped),
            field("spec", Type::Untyped),
            field("status", Type::Untyped),
        ],
    };
    &SCALE
}

fn scale_info() -> ResourceInfo {
    ResourceInfo {
        group: "autoscaling",
        version: "v1",
        api_version: "autoscaling/v1",
        kind: "Scale",
        plural: "scales",
        singular: "scale",
        namespaced: true,
        short_names: &[],
        categories: &[],
        status_subresource: false,
        scale_subresource: None,
        printer_columns: &[],
        selectable_fields: &[],
        generation: false,
        annotations_bump_generation: false,
        allow_create_on_update: false,
        return_deleted_object: false,
        name_format: crate::resource::NameFormat::Dns1123Subdomain,
        printer: None,
    }
}

fn delete_options_info() -> ResourceInfo {
    ResourceInfo {
        kind: "DeleteOptions",
        plural: "deleteoptions",
        singular: "deleteoptions",
        group: "meta.k8s.io",
        ..scale_info()
    }
}

/// The field selector of a request, allowing `metadata.name`,
/// `metadata.namespace` and the kind's selectable fields.
/// Custom resources accept `metadata.namespace` only when namespaced, and
/// reject others with apiextensions' `field label not supported: <label>`.
pub(crate) fn field_selector(ri: &ResourceInfo, query: &Query) -> Result<FieldSelector, ApiError> {
    let builtin = is_builtin_group(ri.group);
    let mut allowed = vec!["metadata.name"];
    if builtin || ri.namespaced {
        allowed.push("metadata.namespace");
    }
    allowed.extend(ri.selectable_fields.iter().copied());
    let text = query.get("fieldSelector").unwrap_or("");
    FieldSelector::parse(text, &allowed).map_err(|e| {
        match (builtin, e.split_once("\" is not a known field selector")) {
            (false, Some((label, _))) => ApiError::bad_request(format!(
                "field label not supported: {}",
                label.trim_start_matches('"')
            )),
            _ => ApiError::bad_request(e),
        }
    })
}

/// Whether an object passes label and field selectors.
pub(crate) fn selected(obj: &Value, labels: &LabelSelector, fields: &FieldSelector) -> bool {
    labels.matches(&string_map(obj, "labels"))
        && fields.matches(|f| {
            get_path(obj, f).map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
        })
}

/// Objects read from storage per page of a streamed list.
const LIST_PAGE: usize = 4;

/// Bytes of encoded items gathered before a streamed list sends a chunk.
const LIST_CHUNK_BYTES: usize = 64 * 1024;

/// Upstream's message for a continue token whose snapshot was compacted.
const CONTINUE_EXPIRED: &str = "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.";

/// A list in progress: reads the store page by page at one snapshot,
/// filtering by selectors. The first page fixes the snapshot revision.
pub(crate) struct ListCursor {
    store: Arc<dyn Store>,
    info: ResourceInfo,
    /// Defaults the objects read.
    schema: &'static TypeSchema,
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
    /// The next page: up to `limit` stored objects read (0: all), of which
    /// the selected ones are returned.
    fn next_page(&mut self, limit: usize) -> Result<Vec<Value>, ApiError> {
        let mut items = Vec::new();
        for kv in &self.next_stored(limit)? {
            let obj = read_stored(kv, self.schema)?;
            if selected(&obj, &self.labels, &self.fields) {
                items.push(obj);
            }
        }
        Ok(items)
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
    /// the selectors kept it. Items of a size the read cache holds come from
    /// it when it has them at this revision (without selectors, with no
    /// decoding at all); larger ones are encoded straight into `out`.
    ///
    /// Errors: the stored value is not JSON (500).
    fn write_item(
        &self,
        kv: &KeyValue,
        cache: &super::read_cache::ReadCache,
        first: bool,
        out: &mut Vec<u8>,
    ) -> Result<bool, ApiError> {
        let unfiltered = self.labels.is_empty() && self.fields.is_empty();
        let cacheable = kv.value.len() <= super::read_cache::MAX_ENTRY_BYTES;
        let json = if unfiltered && cacheable {
            stored_json(kv, self.schema, cache, None)?
        } else {
            let obj = read_stored(kv, self.schema)?;
            if !selected(&obj, &self.labels, &self.fields) {
                return Ok(false);
            }
            if !cacheable {
                if !first {
                    out.push(b',');
                }
                serde_json::to_writer(&mut *out, &obj).map_err(ApiError::internal)?;
                return Ok(true);
            }
            stored_json(kv, self.schema, cache, Some(&obj))?
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
    /// Errors: 400 with upstream's `continue key is not valid: ...`.
    fn decode(token: &str) -> Result<ContinueToken, ApiError> {
        use base64::Engine;
        let invalid =
            |why: String| ApiError::bad_request(format!("continue key is not valid: {why}"));
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

fn random_suffix() -> String {
    use rand::Rng;
    // utilrand.String's alphabet: no vowels, no confusable characters.
    const ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    let mut rng = rand::rng();
    (0..5)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Converts a storage event into a watch event type and object.
pub(crate) fn event_object(
    event: &Event,
    schema: &'static TypeSchema,
) -> Result<(&'static str, Value, Option<Value>), ApiError> {
    Ok(match event {
        Event::Put { kv, prev } => {
            let obj = read_stored(kv, schema)?;
            let prev = prev.as_ref().map(|p| read_stored(p, schema)).transpose()?;
            (if prev.is_some() { "MODIFIED" } else { "ADDED" }, obj, prev)
        }
        Event::Delete { prev, revision } => {
            let mut obj = read_stored(prev, schema)?;
            meta_mut(&mut obj).insert("resourceVersion".into(), json!(revision.to_string()));
            ("DELETED", obj, None)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// upstream's `TestTruncation` shape: whole while under 4,096
    /// characters, then every warning cut to 256, then none.
    #[test]
    fn warnings_are_capped_as_upstream_caps_them() {
        let few: Vec<String> = (0..3).map(|i| format!("unknown field \"f{i}\"")).collect();
        assert_eq!(cap_warnings(few.clone()), few);
        let duplicated = vec!["a".to_string(), "a".to_string(), String::new()];
        assert_eq!(cap_warnings(duplicated), vec!["a".to_string()]);
        let long: Vec<String> = (0..20)
            .map(|i| format!("{i:03}{}", "x".repeat(997)))
            .collect();
        let kept = cap_warnings(long);
        // 4 whole warnings fit (4,000); the 5th cuts all to 256; 16 cut
        // warnings reach 4,096.
        assert_eq!(kept.len(), 16);
        assert!(kept.iter().all(|w| w.chars().count() == 256));
        assert!(kept[0].starts_with("000") && kept[15].starts_with("015"));
        let many: Vec<String> = (0..200_000)
            .map(|i| format!("unknown field \"f{i}\""))
            .collect();
        let kept = cap_warnings(many);
        assert!(kept.len() < 300, "{}", kept.len());
    }

    /// An unreachable backend is upstream's `NewServerTimeout(gr, op, 2)`
    /// (storeerr.Interpret*Error), with the operation as `details.name`.
    #[test]
    fn an_unavailable_backend_is_a_server_timeout() {
        let ri = ResourceInfo::core_for_tests("ConfigMap", "configmaps");
        let e = storage_error(
            StorageError::Unavailable {
                operation: "list",
                reason: "connection refused".into(),
            },
            &ri,
            "settings",
        );
        let status = e.to_status();
        assert_eq!(status["code"], 500);
        assert_eq!(status["reason"], "ServerTimeout");
        assert_eq!(
            status["message"],
            "The list operation against configmaps could not be completed at this time, please try again."
        );
        assert_eq!(
            status["details"],
            json!({"name": "list", "kind": "configmaps", "retryAfterSeconds": 2})
        );
        let response = e.into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
    }
}
