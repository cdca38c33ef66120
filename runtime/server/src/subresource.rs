//! Subresources a kind's REST storage adds beside `status` and `scale`,
//! whose create (`POST .../<resource>/<name>/<subresource>`) does
//! something other than write the object: upstream's `pods/eviction`
//! (`pkg/registry/core/pod/storage/eviction.go`). They are implemented
//! where the kinds' Rust types are known (the `apiserver` crate's
//! eviction) and registered in [`crate::Config::subresources`]; the server
//! routes their creates, lists them in discovery, and gives them reads
//! and writes of its objects ([`SubresourceRequest`]).

use std::sync::Arc;

use runtime::meta::DeleteOptions;
use runtime::registry::{Entry, Object};
use runtime::resource::ResourceInfo;

use crate::ApiServer;
use crate::request::{RequestInfo, Verb};
use crate::status::ApiError;

/// A subresource answering creates (`rest.NamedCreater` of a kind's
/// storage), as `pods/eviction`.
pub trait CreateSubresource: Send + Sync {
    /// The resource it belongs to: group and plural (`""`, `pods`).
    fn resource(&self) -> (&'static str, &'static str);

    /// Its name in the path (`eviction`).
    fn name(&self) -> &'static str;

    /// The group, version and kind of the body it takes, as discovery
    /// lists them (`policy`, `v1`, `Eviction`).
    fn kind(&self) -> (&'static str, &'static str, &'static str);

    /// Answers a create of the subresource of the object `request.name`:
    /// `Ok` is upstream's success Status (201); errors are answered as
    /// their Status.
    fn create(&self, request: &SubresourceRequest<'_>, body: &[u8]) -> Result<(), ApiError>;
}

/// The subresources a server serves ([`crate::Config::subresources`]).
#[derive(Clone, Default)]
pub struct Subresources(Vec<Arc<dyn CreateSubresource>>);

impl std::fmt::Debug for Subresources {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.0.iter().map(|s| {
                let (group, plural) = s.resource();
                format!("{plural}.{group}/{}", s.name())
            }))
            .finish()
    }
}

impl Subresources {
    /// No subresources beside `status` and `scale`.
    pub fn new() -> Subresources {
        Subresources::default()
    }

    /// Adds `subresource`.
    pub fn with(mut self, subresource: impl CreateSubresource + 'static) -> Subresources {
        self.0.push(Arc::new(subresource));
        self
    }

    /// The subresource `name` of `resource`, if served.
    pub(crate) fn find(
        &self,
        resource: &ResourceInfo,
        name: &str,
    ) -> Option<&dyn CreateSubresource> {
        self.0
            .iter()
            .map(|s| s.as_ref())
            .find(|s| s.resource() == (resource.group, resource.plural) && s.name() == name)
    }

    /// The subresources of `resource`, in registration order.
    pub(crate) fn of<'a>(
        &'a self,
        resource: &'a ResourceInfo,
    ) -> impl Iterator<Item = &'a dyn CreateSubresource> + 'a {
        self.0
            .iter()
            .map(|s| s.as_ref())
            .filter(move |s| s.resource() == (resource.group, resource.plural))
    }
}

/// A create of a subresource, and the reads and writes of the server's
/// objects its handler makes (upstream's eviction reads the pod and its
/// budgets, updates a budget's status and the pod's, and deletes the pod).
/// Writes go through the server's update and delete paths, as a client's
/// would: admission, validation, preconditions and the watch all apply,
/// and the managed fields record the field manager `kube-apiserver`.
/// That is what upstream's loopback client does (the eviction's budget
/// update); upstream writes the pod itself through its storage, with
/// neither admission nor a managed fields entry. The create of the
/// subresource runs no admission of its own.
pub struct SubresourceRequest<'a> {
    /// The namespace of the request's path.
    pub namespace: Option<&'a str>,
    /// The object's name.
    pub name: &'a str,
    /// The body's content type (`application/json`,
    /// `application/vnd.kubernetes.protobuf`...).
    pub content_type: Option<&'a str>,
    /// Whether the request's query asks for a dry run (`dryRun=All`).
    pub dry_run: bool,
    pub(crate) server: &'a Arc<ApiServer>,
    /// Runs the handler's requests (the REST handlers, which route the
    /// subresource's create here).
    pub(crate) runner: &'a dyn InternalRequests,
}

/// Runs a request the server makes itself, as the REST handlers run a
/// client's: `verb` on the object `info` names, with a JSON body, recorded
/// under the field manager `manager`; the object answered, `None` for an
/// answer that is no object (a delete's Status).
pub(crate) trait InternalRequests {
    fn run(
        &self,
        entry: &Entry,
        verb: Verb,
        info: &RequestInfo,
        manager: &str,
        body: &[u8],
    ) -> Result<Option<Box<dyn Object>>, ApiError>;
}

/// The field manager of the server's own writes.
const SERVER_MANAGER: &str = "kube-apiserver";

impl SubresourceRequest<'_> {
    fn entry(&self, group: &str, version: &str, plural: &str) -> Result<&Entry, ApiError> {
        self.server
            .registry
            .find(group, version, plural)
            .ok_or_else(ApiError::path_not_found)
    }

    /// Runs `verb` on the object `name` of `entry` (its `subresource`) as
    /// the server's own request.
    fn run(
        &self,
        entry: &Entry,
        verb: Verb,
        namespace: Option<&str>,
        name: &str,
        subresource: Option<&str>,
        body: &[u8],
    ) -> Result<Option<Box<dyn Object>>, ApiError> {
        let info = RequestInfo {
            group: entry.info.group.to_string(),
            version: entry.info.version.to_string(),
            namespace: namespace
                .filter(|_| entry.info.namespaced)
                .map(str::to_string),
            resource: entry.info.plural.to_string(),
            name: Some(name.to_string()),
            subresource: subresource.map(str::to_string),
            watch_path: false,
        };
        self.runner.run(entry, verb, &info, SERVER_MANAGER, body)
    }

    /// The stored object `name` of the resource `plural` in
    /// `group`/`version` (in `namespace`), as a GET reads it.
    ///
    /// Errors: 404 when it does not exist or the resource is not served.
    pub fn get(
        &self,
        (group, version, plural): (&str, &str, &str),
        namespace: Option<&str>,
        name: &str,
    ) -> Result<Box<dyn Object>, ApiError> {
        let entry = self.entry(group, version, plural)?;
        self.run(entry, Verb::Get, namespace, name, None, &[])?
            .ok_or_else(|| ApiError::internal("a GET answered no object"))
    }

    /// The stored objects of the resource (in `namespace`, or in every
    /// namespace), in key order.
    ///
    /// Errors: 404 for a resource the server does not serve; 500 when the
    /// store fails.
    pub fn list(
        &self,
        (group, version, plural): (&str, &str, &str),
        namespace: Option<&str>,
    ) -> Result<Vec<Box<dyn Object>>, ApiError> {
        let entry = self.entry(group, version, plural)?;
        crate::store::list_objects(self.server, entry, namespace)
    }

    /// Replaces the status of `object` through the resource's `/status`,
    /// on the condition that it is still at the object's
    /// `resourceVersion` (`UpdateStatus`); the stored result.
    ///
    /// Errors: 409 when the object changed since it was read; the update's
    /// other errors (422, 404).
    pub fn update_status(
        &self,
        (group, version, plural): (&str, &str, &str),
        object: &dyn Object,
    ) -> Result<Box<dyn Object>, ApiError> {
        let entry = self.entry(group, version, plural)?;
        let body = object.to_json(false).map_err(ApiError::internal)?;
        let meta = object.metadata();
        let name = meta.name.clone().unwrap_or_default();
        self.run(
            entry,
            Verb::Update,
            meta.namespace.as_deref(),
            &name,
            Some("status"),
            &body,
        )?
        .ok_or_else(|| ApiError::internal("an update answered no object"))
    }

    /// Deletes the object `name` with `options` (grace period,
    /// preconditions, dry run), as a DELETE with that body does.
    ///
    /// Errors: the delete's (404, 409 for a failed precondition).
    pub fn delete(
        &self,
        (group, version, plural): (&str, &str, &str),
        namespace: Option<&str>,
        name: &str,
        options: &DeleteOptions,
    ) -> Result<(), ApiError> {
        let entry = self.entry(group, version, plural)?;
        let body = serde_json::to_vec(options).map_err(ApiError::internal)?;
        self.run(entry, Verb::Delete, namespace, name, None, &body)
            .map(|_| ())
    }
}
