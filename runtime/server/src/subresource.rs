//! Subresources a kind's REST storage adds beside `status` and `scale`,
//! whose create (`POST .../<resource>/<name>/<subresource>`) does
//! something other than write the object: upstream's `pods/eviction`
//! (`pkg/registry/core/pod/storage/eviction.go`) and `pods/binding`
//! (`storage.go`'s `BindingREST`, with the legacy `bindings` resource).
//! They are implemented where the kinds' Rust types are known (the
//! `apiserver` crate's eviction and binding) and registered in
//! [`crate::Config::subresources`]; the server routes their creates,
//! decodes their bodies where it serves their kind ([`Body`]), lists them
//! in discovery, and gives them reads and writes of its objects
//! ([`SubresourceRequest`]).

use std::sync::Arc;

use runtime::meta::{DeleteOptions, ObjectMeta, Preconditions};
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

    /// Answers a create of the subresource of the object `request.name`
    /// (201, with what [`Created`] says); errors are answered as their
    /// Status.
    fn create(&self, request: &SubresourceRequest<'_>, body: Body<'_>)
    -> Result<Created, ApiError>;

    /// A resource of the same group whose creates (`POST
    /// .../<namespace>/<resource>`, the object's name in its body) this
    /// subresource answers too, as upstream's `LegacyBindingREST` answers
    /// the creates of `bindings` with the pod's `binding`. The resource is
    /// a kind of the registry that is never stored
    /// (`Strategy::UNSTORED`), which gives it its discovery entry. `None`
    /// by default.
    fn legacy_resource(&self) -> Option<&'static str> {
        None
    }
}

/// What a subresource's create answers, with 201 Created.
pub enum Created {
    /// Upstream's success Status (`pods/eviction`, `pods/binding`).
    Status,
    /// An object, as JSON with its `kind` and `apiVersion` (the
    /// TokenRequest `serviceaccounts/token` answers with its token).
    Object(serde_json::Value),
}

/// The body of a subresource's create.
pub enum Body<'a> {
    /// Decoded by the server into the subresource's kind, which its
    /// registry serves (core v1 Binding), as a create of that kind decodes
    /// it: JSON, YAML or protobuf, its apiVersion and kind checked, unknown
    /// and duplicate fields as the request's `fieldValidation` asks (their
    /// warnings go with the answer). The object's namespace, if any, is
    /// already known to be the path's.
    Decoded(Box<dyn Object>),
    /// As sent, for a kind the registry does not serve (policy/v1
    /// Eviction): the handler decodes it by
    /// [`SubresourceRequest::content_type`]. The request's
    /// `fieldValidation` was checked, but nothing reports unknown fields.
    Raw(&'a [u8]),
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

    /// The subresource answering the creates of `resource` as its
    /// [`CreateSubresource::legacy_resource`], if any.
    pub(crate) fn answering(&self, resource: &ResourceInfo) -> Option<&dyn CreateSubresource> {
        self.0.iter().map(|s| s.as_ref()).find(|s| {
            s.resource().0 == resource.group && s.legacy_resource() == Some(resource.plural)
        })
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
/// budgets, updates a budget's status and the pod's, and deletes the pod;
/// its binding changes the pod in storage).
/// [`Self::update_status`] and [`Self::delete`] go through the server's
/// update and delete paths, as a client's would: admission, validation,
/// preconditions and the watch all apply, and the managed fields record
/// the field manager `kube-apiserver`. That is what upstream's loopback
/// client does (the eviction's budget update). [`Self::guaranteed_update`]
/// changes an object in storage as upstream's registries do themselves,
/// with neither admission nor managed fields. The create of the
/// subresource runs no admission plugin of its own; the namespace must
/// exist and not be terminating (upstream's `NamespaceLifecycle`).
pub struct SubresourceRequest<'a> {
    /// The namespace of the request's path.
    pub namespace: Option<&'a str>,
    /// The object's name; empty for a create of the
    /// [`CreateSubresource::legacy_resource`], whose body names it.
    pub name: &'a str,
    /// Whether the create came through the
    /// [`CreateSubresource::legacy_resource`] (`POST .../bindings`) rather
    /// than the subresource's path.
    pub legacy: bool,
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
        run_as_server(
            self.runner,
            entry,
            verb,
            (namespace, name),
            subresource,
            body,
        )
    }

    /// `EnsureObjectNamespaceMatchesRequestNamespace` of upstream's create
    /// handler: the body's object names no namespace, or the path's.
    ///
    /// Errors: 400 otherwise.
    pub fn check_namespace(&self, meta: &ObjectMeta) -> Result<(), ApiError> {
        match self.namespace {
            Some(namespace) => crate::request::check_namespace_of(namespace, meta),
            None => Ok(()),
        }
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
        resource: (&str, &str, &str),
        object: &dyn Object,
    ) -> Result<Box<dyn Object>, ApiError> {
        update_status(self.server, self.runner, resource, object)
    }

    /// Changes the stored object `name` of the resource with `change`, as
    /// upstream's `GuaranteedUpdate` of a kind's storage does: the object
    /// is read, held to `preconditions` (its UID and resourceVersion, where
    /// given and not empty), changed, and written on the condition that
    /// nothing was written in between; otherwise read and changed again.
    /// Nothing else runs: no admission, strategy, validation, generation
    /// or managed fields, as upstream's binding writes a pod. On a dry run
    /// ([`Self::dry_run`]) nothing is written. Returns the object as
    /// written (or as it would be).
    ///
    /// Errors: 404 when the object does not exist or the resource is not
    /// served; 409 when a precondition fails, with upstream's storage
    /// error (`Operation cannot be fulfilled on pods "p": StorageError:
    /// invalid object, Code: 4, Key: ...`); `change`'s errors, as they
    /// are; 500 for a resource read at a version other than its storage
    /// version, or an object that does not encode; the store's.
    pub fn guaranteed_update(
        &self,
        (group, version, plural): (&str, &str, &str),
        namespace: Option<&str>,
        name: &str,
        preconditions: &Preconditions,
        change: &mut dyn FnMut(&mut dyn Object) -> Result<(), ApiError>,
    ) -> Result<Box<dyn Object>, ApiError> {
        let entry = self.entry(group, version, plural)?;
        let info = &entry.info;
        if !entry.kind.is_storage_version() {
            return Err(ApiError::internal(format!(
                "{}/{version} is not the storage version of {}",
                group,
                info.group_resource()
            )));
        }
        let store = self.server.store.as_ref();
        loop {
            let (kv, mut object) = crate::store::get_object(self.server, entry, namespace, name)?
                .ok_or_else(|| ApiError::not_found(info, name))?;
            check_preconditions(object.metadata(), preconditions, &kv.key)
                .map_err(|why| ApiError::conflict_because(info, name, &why))?;
            change(object.as_mut())?;
            if self.dry_run {
                return Ok(object);
            }
            let bytes = object.to_storage().map_err(ApiError::internal)?;
            // An unchanged object is not written (no new revision, no
            // event), as the storage's GuaranteedUpdate skips it.
            if bytes[..] == kv.value[..] {
                return Ok(object);
            }
            match store.update(&kv.key, bytes, kv.mod_revision) {
                Ok(written) => {
                    object.metadata_mut().resource_version = Some(written.mod_revision.to_string());
                    return Ok(object);
                }
                Err(crate::storage::StorageError::Conflict { .. }) => continue,
                Err(e) => return Err(crate::store::storage_error(e, info, name)),
            }
        }
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

/// Runs `verb` on the object `name` (in `namespace`) of `entry` (its
/// `subresource`) as the server's own request, under the field manager
/// `kube-apiserver`.
fn run_as_server(
    runner: &dyn InternalRequests,
    entry: &Entry,
    verb: Verb,
    (namespace, name): (Option<&str>, &str),
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
    runner.run(entry, verb, &info, SERVER_MANAGER, body)
}

/// `UpdateStatus` as the server's own request: the status of `object`
/// through the `/status` of the resource (group, version, plural), on the
/// condition that the object is still at its `resourceVersion`; the
/// stored result.
///
/// Errors: 404 for a resource the server does not serve, or an object it
/// does not hold; 409 when the object changed since it was read; 422.
pub(crate) fn update_status(
    server: &ApiServer,
    runner: &dyn InternalRequests,
    (group, version, plural): (&str, &str, &str),
    object: &dyn Object,
) -> Result<Box<dyn Object>, ApiError> {
    let entry = server
        .registry
        .find(group, version, plural)
        .ok_or_else(ApiError::path_not_found)?;
    let body = object.to_json(false).map_err(ApiError::internal)?;
    let meta = object.metadata();
    let name = meta.name.clone().unwrap_or_default();
    run_as_server(
        runner,
        entry,
        Verb::Update,
        (meta.namespace.as_deref(), &name),
        Some("status"),
        &body,
    )?
    .ok_or_else(|| ApiError::internal("an update answered no object"))
}

/// The storage's preconditions of a guaranteed update against the stored
/// object's `meta`, failing with the text of upstream's storage error
/// (`storage.NewInvalidObjError`), as its conflict carries it.
pub(crate) fn check_preconditions(
    meta: &ObjectMeta,
    preconditions: &Preconditions,
    key: &str,
) -> Result<(), String> {
    let failed = |what: &str, wanted: &str, actual: Option<&str>| {
        format!(
            "StorageError: invalid object, Code: 4, Key: {key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: {what} in precondition: {wanted}, {what} in object meta: {}",
            actual.unwrap_or_default()
        )
    };
    if let Some(uid) = preconditions.uid.as_deref().filter(|u| !u.is_empty())
        && meta.uid.as_deref() != Some(uid)
    {
        return Err(failed("UID", uid, meta.uid.as_deref()));
    }
    if let Some(version) = preconditions
        .resource_version
        .as_deref()
        .filter(|v| !v.is_empty())
        && meta.resource_version.as_deref() != Some(version)
    {
        return Err(failed(
            "ResourceVersion",
            version,
            meta.resource_version.as_deref(),
        ));
    }
    Ok(())
}
