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
//!
//! This module reads the request and dispatches it; one module per verb
//! family does the rest: [`list`], [`write`] (create and update), [`patch`]
//! (with server-side apply), [`delete`], [`scale`]; [`decode`] reads bodies
//! and [`render`] encodes answers. Keys, stored bytes and storage errors are
//! `server::store`'s, selectors `server::filter`'s.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::ApiServer;
use super::negotiate::{self, Representation};
use super::request::{FieldValidation, Query, RequestInfo, ResourceRequest, Verb};
use super::status::{ApiError, Cause};
use super::store::{is_builtin_group, object_key, read_stored, storage_error, stored_json};
use crate::storage::{KeyValue, Store};
use runtime::registry::{Entry, Object};
use runtime::resource::ResourceInfo;

mod allocate;
mod decode;
mod delete;
mod list;
mod patch;
mod render;

mod scale;
mod unstored;
mod write;

use decode::decode_object;
use render::{json_response, protobuf_response, render};
use runtime::meta::{CauseType, StatusReason};

/// Largest request body accepted (kube-apiserver's 3 MiB limit).
pub const MAX_BODY_BYTES: usize = 3 * 1024 * 1024;

/// A response body plus the warnings to send as `Warning` headers.
pub(crate) struct Answer {
    status: StatusCode,
    body: Reply,
    warnings: Vec<String>,
    /// A write's object as compact JSON, rendered for the watch cache
    /// before the write (see `rendered`): a JSON answer sends these bytes
    /// instead of encoding the object again.
    json: Option<axum::body::Bytes>,
}

/// What an answer carries: a JSON tree, or the typed object a write
/// produced, encoded straight from its Rust value when the client asked
/// for JSON or protobuf.
pub(crate) enum Reply {
    Tree(Value),
    Object(Box<dyn Object>),
}

impl Reply {
    /// The answer as a JSON tree (a typed object written into one).
    fn into_tree(self) -> Value {
        match self {
            Reply::Tree(value) => value,
            Reply::Object(object) => object.to_value().unwrap_or(Value::Null),
        }
    }
}

impl Answer {
    fn ok(body: Value) -> Self {
        Answer {
            status: StatusCode::OK,
            body: Reply::Tree(body),
            warnings: Vec::new(),
            json: None,
        }
    }

    /// An answer carrying the typed object a write produced.
    fn object(status: StatusCode, object: Box<dyn Object>) -> Self {
        Answer {
            status,
            body: Reply::Object(object),
            warnings: Vec::new(),
            json: None,
        }
    }

    /// A write's answer with its object's JSON already rendered, when
    /// the write rendered it (see `rendered`).
    fn with_json(mut self, json: Option<axum::body::Bytes>) -> Self {
        self.json = json;
        self
    }

    fn with_warnings(mut self, warnings: Vec<String>) -> Self {
        self.warnings = warnings;
        self
    }
}

/// Handles one resource request, resolved by the `resolve` layer.
pub(crate) async fn handle(
    server: &Arc<ApiServer>,
    resource: &ResourceRequest,
    headers: &HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let ResourceRequest {
        entry,
        info,
        verb,
        query,
    } = resource;
    let verb = *verb;
    let ri = &entry.info;
    if !ri.verbs.contains(&verb.name()) {
        // Upstream registers a route per verb served: a path with routes
        // for other methods is 405, a path with none (an object's, when
        // no verb names one) is 404.
        let named = matches!(verb, Verb::Get | Verb::Update | Verb::Patch | Verb::Delete);
        let named_served = ["get", "update", "patch", "delete"]
            .iter()
            .any(|v| ri.verbs.contains(v));
        return Err(if named && !named_served {
            ApiError::path_not_found()
        } else {
            ApiError::method_not_allowed()
        });
    }
    if ri.namespaced && info.namespace.is_none() {
        // Across namespaces upstream registers LIST and WATCHLIST only
        // (`registerResourceHandlers`, "list or post across namespace"):
        // another method on the collection's path (a DELETE that would
        // empty every namespace, a POST) is 405 where that GET route
        // exists, and a named path has no route at all.
        let collection = info.name.is_none() && info.subresource.is_none();
        if !(collection && matches!(verb, Verb::List | Verb::Watch)) {
            return Err(if collection && ri.verbs.contains(&"list") {
                ApiError::method_not_allowed()
            } else {
                ApiError::path_not_found()
            });
        }
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
        Some(name) if server.subresources.find(ri, name).is_some() && verb == Verb::Create => {}
        // A served subresource's only route is a POST.
        Some(name) if server.subresources.find(ri, name).is_some() => {
            return Err(ApiError::method_not_allowed());
        }
        // A served status or scale has no POST route.
        Some("status") if ri.status_subresource => return Err(ApiError::method_not_allowed()),
        Some("scale") if ri.scale_subresource.is_some() => {
            return Err(ApiError::method_not_allowed());
        }
        Some(_) => return Err(ApiError::path_not_found()),
    }
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok());
    let representation = negotiate::representation_for(accept, entry.kind.protobuf().is_some())?;
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
                    StatusReason::NotAcceptable,
                    format!(
                        "you requested PartialObjectMetadata, but the requested object is a list ({})",
                        go_type(true)
                    ),
                ));
            }
            (Verb::Get, true) => {
                return Err(ApiError::new(
                    406,
                    StatusReason::NotAcceptable,
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
            Representation::Json if !query.pretty() => {
                if query.int("limit")?.unwrap_or(0) <= 0 {
                    return ctx.stream_list();
                }
                return ctx.list_json_page();
            }
            Representation::Table(version) => {
                let answer = ctx.list_table(version)?;
                return Ok(json_response(
                    answer.status,
                    &answer.body.into_tree(),
                    answer.warnings,
                    query,
                ));
            }
            Representation::PartialObjectMetadata(version, _) => {
                let answer = ctx.list_partial_object_metadata(version)?;
                return Ok(json_response(
                    answer.status,
                    &answer.body.into_tree(),
                    answer.warnings,
                    query,
                ));
            }
            Representation::Protobuf => {
                if entry.kind.protobuf().is_some() {
                    let bytes = ctx.list_protobuf()?;
                    return Ok(protobuf_response(StatusCode::OK, bytes, Vec::new()));
                }
            }
            Representation::Json | Representation::Yaml => {}
        }
    }
    if verb == Verb::Get
        && info.subresource.is_none()
        && representation == Representation::Json
        && !query.pretty()
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
        Ok(panic) => Err(super::layers::panicked(panic)),
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
    let too_long = manager.len() > FIELD_MANAGER_MAX_LENGTH;
    if too_long {
        causes.push(Cause {
            reason: Some(CauseType::FieldValueTooLong),
            message: format!("Too long: may not be more than {FIELD_MANAGER_MAX_LENGTH} bytes"),
            field: "fieldManager".into(),
        });
    }
    // Each cause quotes the whole value: past the length limit (a URL of
    // 64 KiB of control characters made gigabytes of causes), only the
    // first character is reported.
    let reported = if too_long { 1 } else { usize::MAX };
    for (i, c) in manager
        .char_indices()
        .filter(|&(_, c)| !runtime::go::is_print(c))
        .take(reported)
    {
        causes.push(Cause {
            reason: Some(CauseType::FieldValueInvalid),
            message: format!(
                "Invalid value: {}: invalid character U+{:04X} (at position {i})",
                runtime::field::quote(manager),
                u32::from(c)
            ),
            field: "fieldManager".into(),
        });
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

/// The versions of a request's resource, for the field manager: an object
/// of the request's version converts to another served version through
/// the storage version, as upstream's field manager converts through the
/// internal version.
struct ResourceVersions<'a> {
    registry: &'a runtime::registry::Registry,
    entry: &'a Entry,
}

impl super::patch::apply::VersionConverter for ResourceVersions<'_> {
    fn convert(
        &self,
        object: &Value,
        api_version: &str,
    ) -> Option<(Value, &'static runtime::schema::TypeSchema)> {
        let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        let info = &self.entry.info;
        let target = self.registry.find(group, version, info.plural)?;
        // Another version of the resource: of its group, or of a group
        // whose resource it is stored with (`events.k8s.io` events).
        let kind = self.entry.kind;
        if (target.kind.storage_group(), target.kind.storage_version())
            != (kind.storage_group(), kind.storage_version())
        {
            return None;
        }
        let bytes = serde_json::to_vec(object).ok()?;
        let decoded = self.entry.kind.decode(&bytes).ok()?.object;
        let stored = self.entry.kind.convert_to_storage(decoded.as_ref())?;
        let converted = target.kind.convert_from_storage(stored.as_ref())?;
        Some((converted.to_value().ok()?, target.kind.schema()))
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

/// The requests a subresource's handler makes
/// ([`crate::subresource::SubresourceRequest`]), run as a client's are,
/// with no query parameters.
struct ServerRequests<'a>(&'a Arc<ApiServer>);

impl crate::subresource::InternalRequests for ServerRequests<'_> {
    fn run(
        &self,
        entry: &Entry,
        verb: Verb,
        info: &RequestInfo,
        manager: &str,
        body: &[u8],
    ) -> Result<Option<Box<dyn Object>>, ApiError> {
        let query = Query::default();
        let ctx = Ctx {
            server: self.0,
            verb,
            entry,
            info,
            query: &query,
            manager: manager.to_string(),
            unsupported: Default::default(),
        };
        let answer = ctx.answer(body, Some("application/json"))?;
        Ok(match answer.body {
            Reply::Object(object) => Some(object),
            Reply::Tree(_) => None,
        })
    }
}

/// A request's own writes (an admission plugin's) run as the server's.
impl crate::subresource::InternalRequests for Ctx<'_> {
    fn run(
        &self,
        entry: &Entry,
        verb: Verb,
        info: &RequestInfo,
        manager: &str,
        body: &[u8],
    ) -> Result<Option<Box<dyn Object>>, ApiError> {
        ServerRequests(self.server).run(entry, verb, info, manager, body)
    }
}

impl Ctx<'_> {
    /// Runs the verb (not a watch, nor the streamed lists and plain GETs
    /// [`handle`] answers itself) on a request body.
    fn answer(&self, bytes: &[u8], content_type: Option<&str>) -> Result<Answer, ApiError> {
        Ok(match (self.verb, self.info.subresource.as_deref()) {
            (Verb::Create, Some(name)) => self.create_subresource(name, bytes, content_type)?,
            (Verb::Get, Some("scale")) => self.get_scale()?,
            (Verb::Get, _) => self.get()?,
            (Verb::List, _) => self.list()?,
            (Verb::Create, _) => self.create(bytes, content_type)?,
            (Verb::Update, Some("scale")) => self.update_scale(bytes, content_type)?,
            (Verb::Update, _) => self.update(bytes, content_type)?,
            (Verb::Patch, _) => self.patch(bytes, content_type)?,
            (Verb::Delete, _) => self.delete(bytes, content_type)?,
            (Verb::DeleteCollection, _) => self.delete_collection(bytes, content_type)?,
            (Verb::Watch, _) => return Err(ApiError::method_not_allowed()),
        })
    }

    /// Decodes through [`decode_object`], keeping its `Unsupported value`
    /// causes for [`Ctx::type_validation`].
    fn decode_json(
        &self,
        bytes: &[u8],
        validation: FieldValidation,
    ) -> Result<(Box<dyn Object>, Vec<String>), ApiError> {
        let decoded = decode_object(self.entry, bytes, validation)?;
        let mut pending = self.unsupported.borrow_mut();
        for cause in decoded.unsupported {
            if !pending.contains(&cause) {
                pending.push(cause);
            }
        }
        Ok((decoded.object, decoded.warnings))
    }

    fn ri(&self) -> &ResourceInfo {
        &self.entry.info
    }

    /// How the field manager reaches the resource's other versions.
    fn versions(&self) -> ResourceVersions<'_> {
        ResourceVersions {
            registry: &self.server.registry,
            entry: self.entry,
        }
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

    /// The stored object the request names. Errors: 404 when there is
    /// none; storage errors.
    fn current_kv(&self) -> Result<KeyValue, ApiError> {
        self.store()
            .get(&self.key(self.name()))
            .map_err(|e| storage_error(e, self.ri(), self.name()))?
            .ok_or_else(|| ApiError::not_found(self.ri(), self.name()))
    }

    /// The stored object the request names, as clients read it.
    fn current(&self) -> Result<(KeyValue, Value), ApiError> {
        let kv = self.current_kv()?;
        let obj = read_stored(&kv, Some(self.entry.kind))?;
        Ok((kv, obj))
    }

    /// The stored object the request names, read through its kind, with
    /// its resourceVersion, and the key-value it is stored in.
    fn current_object(&self) -> Result<(KeyValue, Box<dyn Object>), ApiError> {
        let kv = self.current_kv()?;
        let obj = self.stored_object(&kv)?;
        Ok((kv, obj))
    }

    /// A create of a registered subresource ([`crate::subresource`]):
    /// 201 with upstream's success Status, or the object its handler
    /// answers, when the handler succeeds.
    fn create_subresource(
        &self,
        name: &str,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        let subresource = self
            .server
            .subresources
            .find(self.ri(), name)
            .ok_or_else(ApiError::path_not_found)?;
        self.create_through(subresource, false, bytes, content_type)
    }

    /// Answers a create with `subresource`: of its own path, or (`legacy`)
    /// of the resource it answers (see
    /// [`crate::subresource::CreateSubresource::legacy_resource`]). The
    /// body is decoded here when the registry serves its kind; then the
    /// namespace must accept it (upstream's `NamespaceLifecycle`, which
    /// admits every namespaced create: 404 for a namespace that does not
    /// exist, 403 for one being terminated).
    fn create_through(
        &self,
        subresource: &dyn crate::subresource::CreateSubresource,
        legacy: bool,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        use crate::subresource::Body;
        let (group, version, kind) = subresource.kind();
        let kind_entry = self
            .server
            .registry
            .entries()
            .iter()
            .find(|e| (e.info.group, e.info.version, e.info.kind) == (group, version, kind));
        let (body, warnings) = match kind_entry {
            Some(entry) => {
                let ctx = Ctx {
                    server: self.server,
                    verb: self.verb,
                    entry,
                    info: self.info,
                    query: self.query,
                    manager: self.manager.clone(),
                    unsupported: Default::default(),
                };
                let (object, warnings) = ctx.decode(bytes, content_type)?;
                if let Some(namespace) = self.info.namespace.as_deref() {
                    crate::request::check_namespace_of(namespace, object.metadata())?;
                }
                (Body::Decoded(object), warnings)
            }
            None => {
                self.query.field_validation(self.verb)?;
                (Body::Raw(bytes), Vec::new())
            }
        };
        let name = match (&body, legacy) {
            (Body::Decoded(object), true) => object.metadata().name.clone().unwrap_or_default(),
            _ => self.name().to_string(),
        };
        if let Some(namespace) = self.info.namespace.as_deref() {
            self.server
                .check_namespace_accepts(self.ri(), &name, namespace)?;
        }
        let request = crate::subresource::SubresourceRequest {
            namespace: self.info.namespace.as_deref(),
            name: self.name(),
            legacy,
            content_type,
            dry_run: self.query.dry_run(self.verb)?,
            server: self.server,
            runner: &ServerRequests(self.server),
        };
        let created = match subresource.create(&request, body)? {
            crate::subresource::Created::Status => serde_json::json!({
                "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": 201,
            }),
            crate::subresource::Created::Object(object) => object,
        };
        Ok(Answer {
            status: StatusCode::CREATED,
            ..Answer::ok(created)
        }
        .with_warnings(warnings))
    }

    /// The GET handler's options: `export` is refused (upstream's
    /// `GetResource`: deprecated since v1.14, removed), then the
    /// resourceVersion rules ([`super::versions::get`]).
    ///
    /// Errors: 400 for `export` set true, as `Convert_Slice_string_To_bool`
    /// reads it; the resourceVersion errors.
    fn get_options(&self) -> Result<(), ApiError> {
        if self.query.opt_flag("export") == Some(true) {
            return Err(ApiError::bad_request(
                "the export parameter, deprecated since v1.14, is no longer supported",
            ));
        }
        super::versions::get(self.query, || self.store().current_revision())?;
        Ok(())
    }

    fn get(&self) -> Result<Answer, ApiError> {
        self.get_options()?;
        Ok(Answer::object(StatusCode::OK, self.current_object()?.1))
    }

    /// A plain JSON GET: the object's bytes from the read cache when it was
    /// read before at its current revision, else read, encoded and cached.
    fn get_json(&self) -> Result<Response, ApiError> {
        self.get_options()?;
        let kv = self
            .store()
            .get(&self.key(self.name()))
            .map_err(|e| storage_error(e, self.ri(), self.name()))?
            .ok_or_else(|| ApiError::not_found(self.ri(), self.name()))?;
        let json = stored_json(&kv, Some(self.entry.kind), &self.server.read_cache)?;
        // As `json.Encoder` ends it.
        let mut response = (StatusCode::OK, runtime::go::encoder::line(&json)).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        Ok(response)
    }
}
