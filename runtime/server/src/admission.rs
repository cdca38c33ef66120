//! Admission plugins: code of the server's user that sees each write
//! before it is stored, as kube-apiserver's admission chain
//! (`k8s.io/apiserver/pkg/admission`, `admission.MutationInterface` and
//! `ValidationInterface`) does.
//!
//! Order, as upstream's handlers and generic store run them: mutating
//! plugins first, in registration order, on the object as decoded (a
//! create's generated name is not set yet; an update's old object is the
//! stored one); then the kind's strategy prepares and validates the
//! object; then validating plugins, in registration order, judge the
//! result; then it is stored. The first refusal ends the request with its
//! Status (a plugin's `Forbidden` is upstream's `admission.NewForbidden`:
//! 403, `<resource> "<name>" is forbidden: <reason>`). Dry-run requests run
//! the plugins too, with [`Attributes::dry_run`] set: a plugin with side
//! effects must skip them then, as upstream's in-process plugins read
//! `IsDryRun()`. A plugin may answer the client with warnings
//! ([`Attributes::warn`]), as admission webhooks do. It reads other
//! objects through [`Attributes::list`] and [`Attributes::get`], and may
//! write another object's status ([`Attributes::update_status`], as the
//! `ResourceQuota` plugin charges a quota) as the server's own request.
//!
//! Reinvocation, as upstream's `admission.reinvoker`: when a mutating
//! plugin asks for it ([`Reinvocation::set_should_reinvoke`], as the
//! mutating webhooks do after a webhook changed the object), the mutating
//! plugins run once more, all of them, in order, with
//! [`Reinvocation::is_reinvoke`] set.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;

use runtime::registry::Object;
use runtime::resource::ResourceInfo;

use super::ApiServer;
use super::status::ApiError;
use crate::subresource::InternalRequests;

/// What a request does (`admission.Operation`; `CONNECT` is not served).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// A create, including server-side apply and an update that creates.
    Create,
    /// An update, patch or server-side apply of an existing object.
    Update,
    /// A delete.
    Delete,
}

impl Operation {
    /// Upstream's name: `CREATE`, `UPDATE`, `DELETE`.
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Create => "CREATE",
            Operation::Update => "UPDATE",
            Operation::Delete => "DELETE",
        }
    }
}

/// Who sends a request (`user.Info`). The server serves plain HTTP
/// without authentication, so every request is the user kube-apiserver
/// gave its insecure port ([`UserInfo::unsecured`]).
pub use runtime::auth::UserInfo;

/// What a plugin knows of a request (`admission.Attributes`), and reads of
/// the server's other objects (what upstream's plugins get from informers).
pub struct Attributes<'a> {
    /// What the request does.
    pub operation: Operation,
    /// The resource written: group, version, kind, plural.
    pub resource: &'a ResourceInfo,
    /// The subresource written (`status`), if any.
    pub subresource: Option<&'a str>,
    /// The namespace of the request's path, for a namespaced resource.
    pub namespace: Option<&'a str>,
    /// The object's name; empty for a create that asks for a generated
    /// name (`generateName`), as upstream's attributes are.
    pub name: &'a str,
    /// Whether the request is a dry run: nothing it does is stored.
    pub dry_run: bool,
    /// Who sends it.
    pub user: &'a UserInfo,
    server: &'a ApiServer,
    runner: &'a dyn InternalRequests,
    warnings: RefCell<Vec<String>>,
    reinvocation: Reinvocation,
}

/// A request's reinvocation of the mutating plugins
/// (`admission.ReinvocationContext`): whether this is the second run of
/// the plugins, whether a plugin asks for one, and what plugins keep
/// between the two runs.
#[derive(Default)]
pub struct Reinvocation {
    is_reinvoke: Cell<bool>,
    should_reinvoke: Cell<bool>,
    values: RefCell<HashMap<ValueKey, Box<dyn Any>>>,
}

/// A plugin's key for a value kept between the runs, with the value's
/// type.
type ValueKey = (&'static str, std::any::TypeId);

impl Reinvocation {
    /// Whether the mutating plugins are running for the second time
    /// (`IsReinvoke`).
    pub fn is_reinvoke(&self) -> bool {
        self.is_reinvoke.get()
    }

    /// Asks for the mutating plugins to run once more after this run
    /// (`SetShouldReinvoke`); on the second run it has no effect.
    pub fn set_should_reinvoke(&self) {
        self.should_reinvoke.set(true);
    }

    /// Calls `f` with the value of type `T` a plugin keeps under `key`
    /// for this request (`Value`/`SetValue`), made by `Default` at its
    /// first use (values of other types under the same key are others).
    ///
    /// Panics: when called again from inside `f` (a plugin's own mistake).
    pub fn with_value<T: Default + 'static, R>(
        &self,
        key: &'static str,
        f: impl FnOnce(&mut T) -> R,
    ) -> R {
        let mut values = self.values.borrow_mut();
        let value = values
            .entry((key, std::any::TypeId::of::<T>()))
            .or_insert_with(|| Box::new(T::default()));
        match value.downcast_mut::<T>() {
            Some(value) => f(value),
            // Unreachable: the entry is keyed by `T`'s type id.
            None => f(&mut T::default()),
        }
    }
}

impl<'a> Attributes<'a> {
    /// The other versions (of this group or another) that serve the
    /// written resource's objects, kept under the same storage, in
    /// registry order (upstream's `EquivalentResourcesFor`, which a
    /// webhook's `matchPolicy: Equivalent` reads).
    pub fn equivalent_resources(&self) -> Vec<&'a ResourceInfo> {
        let prefix = crate::store::resource_prefix(self.resource);
        self.server
            .registry
            .entries()
            .iter()
            .filter(|e| {
                (e.info.group, e.info.version) != (self.resource.group, self.resource.version)
                    && e.info.plural == self.resource.plural
                    && crate::store::resource_prefix(&e.info) == prefix
            })
            .map(|e| &e.info)
            .collect()
    }
}

impl Attributes<'_> {
    /// The request's reinvocation of the mutating plugins.
    pub fn reinvocation(&self) -> &Reinvocation {
        &self.reinvocation
    }

    /// Adds a warning to the request's answer (a `Warning: 299 - "..."`
    /// header), as upstream's admission webhooks' warnings are.
    pub fn warn(&self, warning: impl Into<String>) {
        self.warnings.borrow_mut().push(warning.into());
    }

    /// An object of `resource` (the written one, or one of its
    /// [`Attributes::equivalent_resources`]) read from its JSON `value`
    /// through its kind, defaulted, as upstream decodes what a mutating
    /// webhook's patch made (fields the type does not know are dropped).
    ///
    /// Errors: 500 when the value is not an object of the kind.
    pub fn read_object(
        &self,
        value: &serde_json::Value,
        resource: &ResourceInfo,
    ) -> Result<Box<dyn Object>, ApiError> {
        self.entry(resource)?
            .kind
            .read_value(value)
            .map_err(ApiError::internal)
    }

    /// `object` (of the kind its [`Object::info`] names) converted to the
    /// version of `resource`, through the storage version, as upstream
    /// converts what it sends a webhook matched by an equivalent rule.
    ///
    /// Errors: 500 when either kind is not served or cannot convert.
    pub fn convert(
        &self,
        object: &dyn Object,
        resource: &ResourceInfo,
    ) -> Result<Box<dyn Object>, ApiError> {
        let from = self.entry(object.info())?;
        let to = self.entry(resource)?;
        from.kind
            .convert_to_storage(object)
            .and_then(|stored| to.kind.convert_from_storage(stored.as_ref()))
            .ok_or_else(|| {
                ApiError::internal(format!(
                    "unable to convert to {}, Resource={}",
                    resource.api_version, resource.plural
                ))
            })
    }

    /// The served entry of `resource`.
    ///
    /// Errors: 404 for a resource the server does not serve.
    fn entry(&self, resource: &ResourceInfo) -> Result<&runtime::registry::Entry, ApiError> {
        self.server
            .registry
            .find(resource.group, resource.version, resource.plural)
            .ok_or_else(ApiError::path_not_found)
    }

    /// The stored objects of the resource `plural` in `group`/`version`
    /// (in `namespace`, or in every namespace), read through their kind as
    /// a GET reads them, in key order. A resource some plugin lists on
    /// each write ([`AdmissionPlugin::listed_resources`]) is read from
    /// the server's cache of it when that has seen every write through
    /// this server (see `crate::lister`).
    ///
    /// Errors: 404 for a resource the server does not serve; 500 when the
    /// store fails or an object does not decode.
    pub fn list(
        &self,
        group: &str,
        version: &str,
        plural: &str,
        namespace: Option<&str>,
    ) -> Result<Vec<Box<dyn Object>>, ApiError> {
        let entry = self
            .server
            .registry
            .find(group, version, plural)
            .ok_or_else(ApiError::path_not_found)?;
        let mut prefix = crate::store::resource_prefix(&entry.info);
        if let Some((listed, lister)) = self.server.listers.get(&prefix)
            && listed.info.api_version == entry.info.api_version
        {
            if let Some(namespace) = namespace.filter(|_| entry.info.namespaced) {
                prefix.push_str(namespace);
                prefix.push('/');
            }
            if let Some(objects) = lister.objects(&prefix) {
                return Ok(objects.iter().map(|o| o.clone_object()).collect());
            }
        }
        crate::store::list_objects(self.server, entry, namespace)
    }

    /// The stored object `name` of the resource `plural` in
    /// `group`/`version` (in `namespace`, for a namespaced resource), read
    /// through its kind as a GET reads it; `None` when there is none.
    ///
    /// Errors: 404 for a resource the server does not serve; 500 when the
    /// store fails or the object does not decode.
    pub fn get(
        &self,
        (group, version, plural): (&str, &str, &str),
        namespace: Option<&str>,
        name: &str,
    ) -> Result<Option<Box<dyn Object>>, ApiError> {
        crate::store::get_by_resource(self.server, (group, version, plural), namespace, name)
    }

    /// Replaces the status of the stored `object` of the resource
    /// (group, version, plural) through its `/status`, as the server's
    /// own request (field manager `kube-apiserver`; run as a client's is,
    /// admission included), on the condition that the object is still at
    /// its `resourceVersion`: what upstream's plugins do with their
    /// loopback client's `UpdateStatus`.
    ///
    /// Errors: 409 when the object changed since it was read; 404, 422 as
    /// the update's.
    pub fn update_status(
        &self,
        resource: (&str, &str, &str),
        object: &dyn Object,
    ) -> Result<Box<dyn Object>, ApiError> {
        crate::subresource::update_status(self.server, self.runner, resource, object)
    }
}

/// Why a plugin refuses a request.
#[derive(Debug)]
pub enum Rejection {
    /// 403 Forbidden, with upstream's message `<resource> "<name>" is
    /// forbidden: <reason>` (`admission.NewForbidden`).
    Forbidden(String),
    /// Any other Status (a 422 with causes, a 409...).
    Status(ApiError),
}

/// What every admission plugin says of itself (`admission.Interface`).
pub trait AdmissionPlugin: Send + Sync {
    /// The plugin's name (for logs and `Debug`), as upstream registers it
    /// (`BanFlunder`).
    fn name(&self) -> &str;

    /// Whether the plugin looks at `operation` on `resource`
    /// (`Handles`); the server does not call it otherwise.
    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool;

    /// The resources (group, version, plural) the plugin reads through
    /// [`Attributes::list`] on most writes, which the server then keeps
    /// in a cache fed by their watch, as upstream's plugins read
    /// informers; none by default.
    fn listed_resources(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &[]
    }
}

/// A plugin that may change the object of a write
/// (`admission.MutationInterface`).
pub trait MutatingAdmission: AdmissionPlugin {
    /// Changes `object` (the object written; `None` for a delete) as the
    /// plugin wants, or refuses the request (`Admit`). `old` is the stored
    /// object for an update or a delete.
    ///
    /// Errors: the refusal, answered as its Status.
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection>;
}

/// A plugin that judges the object of a write after the kind's validation
/// (`admission.ValidationInterface`).
pub trait ValidatingAdmission: AdmissionPlugin {
    /// Accepts or refuses the write of `object` (`None` for a delete);
    /// `old` is the stored object for an update or a delete.
    ///
    /// Errors: the refusal, answered as its Status.
    fn validate(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection>;
}

/// The admission plugins a server runs ([`crate::Config::admission`]), in
/// registration order.
#[derive(Clone, Default)]
pub struct Admission {
    mutating: Vec<Arc<dyn MutatingAdmission>>,
    validating: Vec<Arc<dyn ValidatingAdmission>>,
}

impl std::fmt::Debug for Admission {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Admission")
            .field(
                "mutating",
                &self.mutating.iter().map(|p| p.name()).collect::<Vec<_>>(),
            )
            .field(
                "validating",
                &self.validating.iter().map(|p| p.name()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Admission {
    /// No plugins.
    pub fn new() -> Admission {
        Admission::default()
    }

    /// These plugins and `plugin`, run after the mutating plugins before it.
    pub fn with_mutating(mut self, plugin: impl MutatingAdmission + 'static) -> Admission {
        self.mutating.push(Arc::new(plugin));
        self
    }

    /// These plugins and `plugin`, run after the validating plugins before it.
    pub fn with_validating(mut self, plugin: impl ValidatingAdmission + 'static) -> Admission {
        self.validating.push(Arc::new(plugin));
        self
    }

    /// Whether no plugin is registered.
    pub fn is_empty(&self) -> bool {
        self.mutating.is_empty() && self.validating.is_empty()
    }

    /// What the plugins list on their writes
    /// ([`AdmissionPlugin::listed_resources`]).
    pub(crate) fn listed_resources(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        let mutating = self.mutating.iter().flat_map(|p| p.listed_resources());
        let validating = self.validating.iter().flat_map(|p| p.listed_resources());
        mutating.chain(validating).copied()
    }
}

/// One write's view of the chain: its attributes, minus the server.
pub(crate) struct Request<'a> {
    pub operation: Operation,
    pub resource: &'a ResourceInfo,
    pub subresource: Option<&'a str>,
    pub namespace: Option<&'a str>,
    pub name: &'a str,
    pub dry_run: bool,
    /// Runs the writes a plugin makes ([`Attributes::update_status`]).
    pub runner: &'a dyn InternalRequests,
}

impl ApiServer {
    fn attributes<'a>(&'a self, request: &Request<'a>) -> Attributes<'a> {
        Attributes {
            operation: request.operation,
            resource: request.resource,
            subresource: request.subresource,
            namespace: request.namespace,
            name: request.name,
            dry_run: request.dry_run,
            user: &self.user,
            server: self,
            runner: request.runner,
            warnings: RefCell::new(Vec::new()),
            reinvocation: Reinvocation::default(),
        }
    }

    /// Runs the mutating plugins that handle the request on `object`,
    /// and once more when one of them asks for it (see the module docs);
    /// returns their warnings.
    ///
    /// Errors: the first refusal, as its Status.
    pub(crate) fn admit(
        &self,
        request: &Request<'_>,
        mut object: Option<&mut dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<Vec<String>, ApiError> {
        let mut attributes = None;
        let mut admit = |p: &(dyn MutatingAdmission + 'static), attributes: &Attributes<'_>| {
            p.admit(attributes, object.as_deref_mut(), old)
        };
        let mut outcome = self.run_chain(
            request,
            &self.admission.mutating,
            &mut attributes,
            &mut admit,
        );
        if let (Ok(()), Some(asked)) = (&outcome, &attributes)
            && asked.reinvocation.should_reinvoke.get()
        {
            asked.reinvocation.is_reinvoke.set(true);
            outcome = self.run_chain(
                request,
                &self.admission.mutating,
                &mut attributes,
                &mut admit,
            );
        }
        let warnings = take_warnings(attributes);
        match outcome {
            Ok(()) => Ok(warnings),
            Err(r) => Err(rejected(r, request, object.as_deref(), warnings)),
        }
    }

    /// Runs the validating plugins that handle the request on `object`;
    /// returns their warnings.
    ///
    /// Errors: the first refusal, as its Status.
    pub(crate) fn validate_admission(
        &self,
        request: &Request<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<Vec<String>, ApiError> {
        let mut attributes = None;
        let outcome = self.run_chain(
            request,
            &self.admission.validating,
            &mut attributes,
            &mut |p: &(dyn ValidatingAdmission + 'static), attributes: &Attributes<'_>| {
                p.validate(attributes, object, old)
            },
        );
        let warnings = take_warnings(attributes);
        match outcome {
            Ok(()) => Ok(warnings),
            Err(r) => Err(rejected(r, request, object, warnings)),
        }
    }

    /// Calls `call` on each of `plugins` that handles the request, in
    /// order, with `attributes` (made when the first does).
    ///
    /// Errors: the first refusal.
    fn run_chain<'a, P: AdmissionPlugin + ?Sized>(
        &'a self,
        request: &Request<'a>,
        plugins: &[Arc<P>],
        attributes: &mut Option<Attributes<'a>>,
        call: &mut impl FnMut(&P, &Attributes<'_>) -> Result<(), Rejection>,
    ) -> Result<(), Rejection> {
        for plugin in plugins {
            if !plugin.handles(request.operation, request.resource) {
                continue;
            }
            let attributes = attributes.get_or_insert_with(|| self.attributes(request));
            call(plugin, attributes)?;
        }
        Ok(())
    }
}

/// The warnings the plugins made, none when no plugin ran.
fn take_warnings(attributes: Option<Attributes<'_>>) -> Vec<String> {
    attributes
        .map(|a| a.warnings.into_inner())
        .unwrap_or_default()
}

/// A refusal as the Status the request is answered with. A `Forbidden`
/// names the object as upstream's `admission.NewForbidden`
/// (`extractResourceName`) does: the request's name; else, for a create
/// whose name is not generated yet, the object's `generateName`; else
/// `Unknown`. The warnings made before the refusal go with it.
fn rejected(
    rejection: Rejection,
    request: &Request<'_>,
    object: Option<&dyn Object>,
    warnings: Vec<String>,
) -> ApiError {
    let mut error = match rejection {
        Rejection::Forbidden(reason) => {
            let meta = object.map(|o| o.metadata());
            let name = [
                Some(request.name),
                meta.and_then(|m| m.name.as_deref()),
                meta.and_then(|m| m.generate_name.as_deref()),
            ]
            .into_iter()
            .flatten()
            .find(|n| !n.is_empty())
            .unwrap_or("Unknown");
            ApiError::forbidden(request.resource, name, &reason)
        }
        Rejection::Status(status) => status,
    };
    error.warnings = warnings;
    error
}
