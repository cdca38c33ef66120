//! Create and update, as the generic store's `Create` and `Update` do
//! them: metadata set by the server, generation, validation, managed
//! fields, create-on-update, and deletion completed when the last
//! finalizer goes.

use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::Value;

use super::decode::{check_type_meta, unrecognized_body};
use super::{Answer, Ctx};
use crate::admission::{self, Operation};
use crate::negotiate::{self};
use crate::patch::apply;
use crate::rendered::Rendering;
use crate::status::{ApiError, Cause};
use crate::storage::KeyValue;
use crate::store::{is_builtin_group, storage_error};
use runtime::codec::protobuf::ProtoError;
use runtime::meta::{CauseType, ManagedFieldsEntry, ObjectMeta, StatusReason, Time};
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use runtime::validate::Context;

impl Ctx<'_> {
    /// Decodes a create or update body into the kind's type (defaulted)
    /// and applies field validation; returns the object and the warnings.
    pub(super) fn decode(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<(Box<dyn Object>, Vec<String>), ApiError> {
        let json_bytes = match negotiate::body_format(content_type)? {
            negotiate::BodyFormat::Json => {
                return self.decode_json(bytes, self.field_validation()?);
            }
            negotiate::BodyFormat::Protobuf => {
                let kind = self.entry.kind;
                let message = kind.protobuf().ok_or_else(|| {
                    ApiError::unsupported_media_type(&["application/json", "application/yaml"])
                })?;
                let unrecognized = |e: ProtoError| unrecognized_body(self.ri(), &e.0, bytes);
                let (api_version, type_kind, _) =
                    runtime::codec::protobuf::unwrap(bytes).map_err(unrecognized)?;
                check_type_meta(self.ri(), Some(&type_kind), Some(&api_version))?;
                // Straight into the Rust type (its generated protobuf
                // codec), defaulted there; protobuf has no unknown or
                // duplicate fields to report.
                if let Some(Ok(object)) = kind.decode_protobuf(bytes) {
                    return Ok((object, Vec::new()));
                }
                // A message the type cannot hold (a value outside a Rust
                // enum): through JSON, whose decoding names the value (or
                // the message does not decode at all).
                let obj = runtime::codec::protobuf::decode_object(bytes, message)
                    .map_err(unrecognized)?;
                serde_json::to_vec(&obj).map_err(ApiError::internal)?
            }
            negotiate::BodyFormat::Yaml => runtime::codec::yaml::yaml_to_json(bytes)
                .map_err(|e| unrecognized_body(self.ri(), &format!("yaml: {e}"), bytes))?,
        };
        self.decode_json(&json_bytes, self.field_validation()?)
    }

    fn field_validation(&self) -> Result<crate::request::FieldValidation, ApiError> {
        self.query.field_validation(self.verb)
    }

    pub(super) fn create(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        if let Some(subresource) = self.server.subresources.answering(self.ri()) {
            return self.create_through(subresource, true, bytes, content_type);
        }
        let (mut obj, mut warnings) = self.decode(bytes, content_type)?;
        warnings.extend(dedup_owner_references(obj.metadata_mut(), false));
        if let Some(answer) = self.ri().strategy.answer_create {
            return self.answer_unstored(obj, warnings, answer);
        }
        self.create_object(obj, warnings, None)
    }

    /// Creates a decoded object, as the generic store's `Create`: metadata
    /// set by the server on the typed `ObjectMeta`, validation of the typed
    /// object, `PrepareForCreate`, managed fields, one encoding for
    /// storage. `managed` is the final managedFields when the caller
    /// computed them (server-side apply); otherwise this write is recorded
    /// as an Update by the request's field manager.
    pub(super) fn create_object(
        &self,
        mut obj: Box<dyn Object>,
        warnings: Vec<String>,
        managed: Option<Vec<ManagedFieldsEntry>>,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let path_ns = self.info.namespace.clone();
        check_namespace(ri, path_ns.as_deref(), obj.metadata())?;
        obj.metadata_mut().namespace.clone_from(&path_ns);
        // Mutating admission sees the object as decoded, before the store
        // names it (upstream's create handler admits before `Create`).
        let dry_run = self.query.dry_run(self.verb)?;
        let requested_name = obj.metadata().name.clone().unwrap_or_default();
        // The field manager records the request's object before admission
        // and the strategy, as upstream's create handler updates the
        // managed fields before it admits: what a mutating plugin or
        // `PrepareForCreate` sets is no manager's.
        let managed = match managed {
            Some(m) => m,
            None => self.request_managed(obj.as_mut())?,
        };
        // The namespace lifecycle is upstream's first admission plugin: a
        // create in a namespace that is missing or terminating goes no
        // further. Its refusal names the object as admission does (the
        // name asked for, else the prefix of the one to be generated).
        if let Some(ns) = &path_ns {
            let shown = match (&requested_name, &obj.metadata().generate_name) {
                (name, Some(prefix)) if name.is_empty() => prefix.clone(),
                (name, _) => name.clone(),
            };
            self.server.check_namespace_accepts(ri, &shown, ns)?;
        }
        let request = self.admission_request(Operation::Create, &requested_name, dry_run);
        let mut warnings = warnings;
        warnings.extend(self.server.admit(&request, Some(obj.as_mut()), None)?);
        warnings.extend(dedup_owner_references(obj.metadata_mut(), true));
        // `BeforeCreate`: the object a mutating plugin left must still be
        // in the request's namespace.
        check_namespace(ri, path_ns.as_deref(), obj.metadata())?;
        obj.metadata_mut().namespace.clone_from(&path_ns);
        {
            let m = obj.metadata_mut();
            if m.name.is_none()
                && let Some(prefix) = &m.generate_name
            {
                m.name = Some(generated_name(prefix));
            }
        }
        let name = obj.metadata().name.clone().unwrap_or_default();
        // The generic store's order: system fields, then `BeforeCreate`:
        // `PrepareForCreate` (the status of a kind with a status
        // subresource reset), validation, warnings.
        crate::strategy::fill_create_system_fields(obj.metadata_mut(), ri, Time::now());
        // `BeginCreate`: the service allocators, before `BeforeCreate`.
        let _reservation = self.allocate(&name, obj.as_mut(), None)?;
        if ri.status_subresource && !ri.strategy.status_on_create {
            obj.reset_status();
        }
        self.server.prepare_for_create(ri, obj.as_mut());
        // `PrepareForCreate` may name the object (LimitRange's UUID).
        let name = obj.metadata().name.clone().unwrap_or_default();
        let mut causes = crate::validation::object_meta(ri, obj.metadata(), true);
        causes.extend(self.type_validation(obj.as_ref(), None));
        if !causes.is_empty() {
            return Err(ApiError::invalid(ri, &name, causes));
        }
        let request = self.admission_request(Operation::Create, &name, dry_run);
        // Upstream's order: the strategy's warnings come from
        // `BeforeCreate`, before validating admission.
        warnings.extend(self.server.strategy_warnings(ri, obj.as_ref(), None));
        warnings.extend(
            self.server
                .validate_admission(&request, Some(obj.as_ref()), None)?,
        );
        obj.metadata_mut().managed_fields = managed;
        let generated = obj
            .metadata()
            .generate_name
            .as_deref()
            .is_some_and(|g| !g.is_empty());
        if dry_run {
            // The dry-run storage only checks that the key is free (its
            // `Create` never reaches etcd's resourceVersion check).
            if self
                .store()
                .get(&self.key(&name))
                .map_err(|e| storage_error(e, ri, &name))?
                .is_some()
            {
                return Err(self.name_taken(&name, generated));
            }
            return Ok(
                Answer::object(StatusCode::CREATED, self.as_stored(obj)).with_warnings(warnings)
            );
        }
        if obj.metadata().resource_version.is_some() {
            // storage.ErrResourceVersionSetOnCreate, a plain error upstream: 500, no reason.
            return Err(ApiError::new(
                500,
                StatusReason::Unknown,
                "resourceVersion should not be set on objects to be created",
            ));
        }
        let (kv, json) = self
            .store_object(&self.key(&name), &name, obj.as_mut(), None)
            .map_err(|e| {
                if e.reason == StatusReason::AlreadyExists {
                    self.name_taken(&name, generated)
                } else {
                    e
                }
            })?;
        obj.metadata_mut().resource_version = Some(kv.mod_revision.to_string());
        Ok(Answer::object(StatusCode::CREATED, self.as_stored(obj))
            .with_warnings(warnings)
            .with_json(json))
    }

    /// The generic store's answer to a create whose `name` is taken: the
    /// generate-name conflict when the object has a `generateName`
    /// (`CheckGeneratedNameError`: the server may have picked the name; a
    /// client retries after a second), else AlreadyExists; either message
    /// prefixed `object is being deleted: ` when the object holding the
    /// name is terminating (`Store.Create`), as a namespace re-created
    /// while the old one terminates finds.
    fn name_taken(&self, name: &str, generated: bool) -> ApiError {
        let ri = self.ri();
        let mut e = if generated {
            ApiError::generate_name_conflict(ri, name)
        } else {
            ApiError::already_exists(ri, name)
        };
        let terminating = self
            .store()
            .get(&self.key(name))
            .ok()
            .flatten()
            .and_then(|kv| self.stored_object(&kv).ok())
            .is_some_and(|obj| obj.metadata().deletion_timestamp.is_some());
        if terminating {
            e.message = format!("object is being deleted: {}", e.message);
        }
        e
    }

    /// Takes out of a field manager's tree what the strategy of the
    /// resource written resets (upstream's `GetResetFields`), which the
    /// field manager neither owns nor conflicts on: `status` on the main
    /// resource of a kind with a status subresource, `spec` on `/status`.
    pub(super) fn drop_reset_fields(&self, tree: &mut Value) {
        let reset = match self.info.subresource.as_deref() {
            None if self.ri().status_subresource => "status",
            Some("status") => "spec",
            _ => return,
        };
        if let Some(object) = tree.as_object_mut() {
            object.remove(reset);
        }
    }

    /// The managed fields of a create recorded as an Update by the
    /// request's field manager, from the object as the request sent it
    /// (decoded and defaulted): from the entries the request carries, or,
    /// starting from none, owning what the object sets ([`apply::created`],
    /// read from the Rust object). `status` is not tracked on the main
    /// resource of a kind with a status subresource, whose strategy
    /// resets it.
    ///
    /// Errors: 500 when the object cannot be written as a JSON tree.
    fn request_managed(&self, obj: &mut dyn Object) -> Result<Vec<ManagedFieldsEntry>, ApiError> {
        let ri = self.ri();
        let start = apply::managed_for_update(&[], requested_managed(obj), None);
        if start.is_empty() {
            // The request's own entries (reset ones, `[]` or `[{}]`) are
            // replaced by the result, not walked.
            obj.metadata_mut().managed_fields.clear();
            return Ok(apply::created(
                obj.field_paths(),
                &self.manager,
                ri.api_version,
                Time::now(),
                self.entry.kind.schema(),
                ri.status_subresource,
            ));
        }
        let mut value = field_manager_tree(obj)?;
        self.drop_reset_fields(&mut value);
        Ok(apply::update_converting(
            None,
            &value,
            &self.manager,
            ri.api_version,
            None,
            start,
            Time::now(),
            self.entry.kind.schema(),
            &self.versions(),
        ))
    }

    pub(super) fn update(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        let (mut obj, mut warnings) = self.decode(bytes, content_type)?;
        warnings.extend(dedup_owner_references(obj.metadata_mut(), false));
        let kv = match self.current_kv() {
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
                if let Some(body_name) = &obj.metadata().name
                    && *body_name != name
                {
                    return Err(ApiError::bad_request(format!(
                        "the name of the object ({body_name}) does not match the name on the URL ({name})"
                    )));
                }
                let m = obj.metadata_mut();
                m.name = Some(name);
                m.resource_version = None;
                return self.create_object(obj, warnings, None);
            }
            Err(e) => return Err(e),
        };
        // The update handler's storage precondition
        // (`defaultUpdatedObjectInfo.Preconditions`): the body's uid, if
        // it names one, must be the stored object's, checked before its
        // resourceVersion. A patch has none: a uid it changes is an
        // immutable field's change.
        let old = self.stored_object(&kv)?;
        let preconditions = runtime::meta::Preconditions {
            uid: obj.metadata().uid.clone(),
            resource_version: None,
        };
        crate::subresource::check_preconditions(old.metadata(), &preconditions, &kv.key)
            .map_err(|why| ApiError::conflict_because(self.ri(), self.name(), &why))?;
        let mut answer = self.write_update(kv, Stored::Object(old), obj, None)?;
        answer.warnings.splice(0..0, warnings);
        Ok(answer)
    }

    /// Applies an update of the object stored at `kv` to `new`, as the
    /// generic store's Update does: name check, resourceVersion
    /// precondition, server-managed fields kept, status or main resource
    /// kept per subresource, generation bumped on spec change, no-op writes
    /// skipped, metadata an update may not change refused, and deletion
    /// completed when the last finalizer goes. `stored` is what the caller
    /// already holds of the object at `kv`; the rest is read from the
    /// stored bytes.
    pub(super) fn write_update(
        &self,
        kv: KeyValue,
        stored: Stored,
        mut new: Box<dyn Object>,
        managed: Option<Vec<ManagedFieldsEntry>>,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let name = self.name().to_string();
        check_namespace(ri, self.info.namespace.as_deref(), new.metadata())?;
        check_name(&name, new.metadata())?;
        let revision = kv.mod_revision.to_string();
        match new.metadata().resource_version.as_deref() {
            Some(rv) if rv != revision => {
                return Err(ApiError::conflict(ri, &name));
            }
            // Custom resources, and built-in kinds whose strategy says
            // so, do not allow unconditional updates.
            None if !ri.allow_unconditional_update || !is_builtin_group(ri.group) => {
                // The store names the resource, not the kind, here.
                return Err(ApiError::invalid_kind(
                    ri.group,
                    ri.plural,
                    &name,
                    vec![Cause {
                        reason: Some(CauseType::FieldValueInvalid),
                        message: "Invalid value: 0x0: must be specified for an update".into(),
                        field: "metadata.resourceVersion".into(),
                    }],
                ));
            }
            _ => {}
        }
        let (mut old, old_value) = match stored {
            Stored::Object(old) => (old, None),
            Stored::Tree(value) => (self.stored_object(&kv)?, Some(value)),
        };
        old.metadata_mut().resource_version = Some(revision.clone());
        // Mutating admission sees the new object and the stored one before
        // the store carries the server's fields over (upstream admits in
        // `UpdatedObject`, before `BeforeUpdate`).
        let dry_run = self.query.dry_run(self.verb)?;
        let request = self.admission_request(Operation::Update, &name, dry_run);
        let mut warnings = self
            .server
            .admit(&request, Some(new.as_mut()), Some(old.as_ref()))?;
        warnings.extend(dedup_owner_references(new.metadata_mut(), true));
        // `BeforeUpdate`: the object a mutating plugin left must still be
        // in the request's namespace.
        check_namespace(ri, self.info.namespace.as_deref(), new.metadata())?;
        // Checked on the metadata as the request left it, before the
        // store's fields are carried over it.
        let meta_update_causes =
            crate::validation::object_meta_update(new.metadata(), old.metadata());
        if self.info.subresource.as_deref() == Some("status") {
            // Only status changes through /status: a custom resource's
            // status strategy keeps everything else of the old object; a
            // built-in kind's keeps the spec and takes the request's
            // metadata, but what the kind's status strategy resets (the
            // store's fields are carried over below).
            if is_builtin_group(ri.group) {
                let requested = std::mem::take(new.metadata_mut());
                new.keep_all_but_status(old.as_ref());
                *new.metadata_mut() = requested;
                self.server
                    .prepare_for_status_update(ri, new.as_mut(), old.as_ref());
            } else {
                new.keep_all_but_status(old.as_ref());
            }
        } else if ri.status_subresource {
            new.keep_status(old.as_ref());
        }
        {
            let old_meta = old.metadata();
            let m = new.metadata_mut();
            m.name = Some(name.clone());
            m.namespace.clone_from(&old_meta.namespace);
            m.uid.clone_from(&old_meta.uid);
            m.creation_timestamp
                .clone_from(&old_meta.creation_timestamp);
            m.deletion_timestamp
                .clone_from(&old_meta.deletion_timestamp);
            m.deletion_grace_period_seconds = old_meta.deletion_grace_period_seconds;
            m.generation = old_meta.generation;
            m.resource_version = Some(revision);
        }
        // `BeginUpdate` (the service allocators), then `BeforeUpdate`.
        let mut _reservation = None;
        if self.info.subresource.is_none() {
            _reservation = self.allocate(&name, new.as_mut(), Some(old.as_ref()))?;
            self.server
                .prepare_for_update(ri, new.as_mut(), old.as_ref());
        }
        // Upstream's status strategies never bump the generation.
        if self.info.subresource.as_deref() != Some("status") {
            bump_generation(ri, old.as_mut(), new.as_mut());
        }
        let mut causes = crate::validation::object_meta(ri, new.metadata(), false);
        causes.extend(meta_update_causes);
        causes.extend(self.type_validation(new.as_ref(), Some(old.as_ref())));
        if !causes.is_empty() {
            return Err(ApiError::invalid(ri, &name, causes));
        }
        // The strategy's warnings are the main resource's: upstream's status
        // strategies warn about nothing. They come from `BeforeUpdate`,
        // before validating admission.
        if self.info.subresource.as_deref() != Some("status") {
            warnings.extend(
                self.server
                    .strategy_warnings(ri, new.as_ref(), Some(old.as_ref())),
            );
        }
        warnings.extend(self.server.validate_admission(
            &request,
            Some(new.as_ref()),
            Some(old.as_ref()),
        )?);
        let managed = match managed {
            Some(m) => m,
            None => self.update_managed(old.as_mut(), new.as_mut(), old_value)?,
        };
        new.metadata_mut().managed_fields = managed;
        if dry_run || new.equals(old.as_ref()) {
            return Ok(Answer::object(StatusCode::OK, self.as_stored(new)).with_warnings(warnings));
        }
        if should_delete_during_update(ri, old.as_ref(), new.as_ref()) {
            self.store()
                .delete(&kv.key, Some(kv.mod_revision))
                .map_err(|e| storage_error(e, ri, &name))?;
            self.server
                .note_delete(self.entry, &kv.key, kv.mod_revision);
            return Ok(Answer::object(StatusCode::OK, self.as_stored(new)).with_warnings(warnings));
        }
        let (written, json) =
            self.store_object(&kv.key, &name, new.as_mut(), Some(kv.mod_revision))?;
        new.metadata_mut().resource_version = Some(written.mod_revision.to_string());
        Ok(Answer::object(StatusCode::OK, self.as_stored(new))
            .with_warnings(warnings)
            .with_json(json))
    }

    /// The managed fields after this update by the request's field
    /// manager turned `old` into `new` (`old_value`: `old`'s tree when the
    /// caller holds it): read from the Rust objects for an update by the
    /// object's sole manager ([`apply::sole_manager_update`]), else from
    /// the comparison of the objects' trees.
    ///
    /// Errors: 500 when an object cannot be written as a JSON tree.
    fn update_managed(
        &self,
        old: &mut dyn Object,
        new: &mut dyn Object,
        old_value: Option<Value>,
    ) -> Result<Vec<ManagedFieldsEntry>, ApiError> {
        let ri = self.ri();
        if self.info.subresource.is_none()
            && let Some(managed) = apply::sole_manager_update(
                old,
                new,
                &self.manager,
                ri.api_version,
                self.entry.kind.schema(),
                ri.status_subresource,
                Time::now(),
            )
        {
            return Ok(managed);
        }
        let sub = self.info.subresource.as_deref();
        let start =
            apply::managed_for_update(&old.metadata().managed_fields, requested_managed(new), sub);
        // Equal parts compare as unchanged: when only the metadata
        // differs, the comparison needs no more of either object;
        // when the metadata is equal (a status write, a ConfigMap's
        // data), none of it. Their managed fields are never
        // compared. A manager at another version compares the
        // objects converted, which needs the whole objects.
        let (old_value, value) = if new.equals_outside_metadata(old) {
            (metadata_tree(old)?, metadata_tree(new)?)
        } else if start.all_at(ri.api_version) && metadata_equal(old, new) {
            (tree_outside_metadata(old)?, tree_outside_metadata(new)?)
        } else {
            let old_value = match old_value {
                Some(v) => v,
                None => field_manager_tree(old)?,
            };
            (old_value, field_manager_tree(new)?)
        };
        Ok(apply::update_converting(
            Some(&old_value),
            &value,
            &self.manager,
            ri.api_version,
            sub,
            start,
            Time::now(),
            self.entry.kind.schema(),
            &self.versions(),
        ))
    }

    /// The admission attributes of this request's `operation` on the
    /// object `name`.
    pub(super) fn admission_request<'a>(
        &'a self,
        operation: Operation,
        name: &'a str,
        dry_run: bool,
    ) -> admission::Request<'a> {
        admission::Request {
            operation,
            resource: &self.entry.info,
            subresource: self.info.subresource.as_deref(),
            namespace: self.info.namespace.as_deref(),
            name,
            dry_run,
            runner: self,
        }
    }

    /// The object stored at `kv` as a GET reads it
    /// ([`crate::store::read_object`]).
    ///
    /// Errors: 500 when the stored bytes do not decode.
    pub(super) fn stored_object(&self, kv: &KeyValue) -> Result<Box<dyn Object>, ApiError> {
        crate::store::read_object(self.entry.kind, kv)
    }

    /// `obj` as storage gives it back: for a version other than the
    /// storage version, converted to that version and back, as upstream
    /// answers a write with the object its storage returned (an
    /// autoscaling/v1 autoscaler sent without a CPU target comes back with
    /// the 80% one the stored v2 object holds); the object itself
    /// otherwise.
    fn as_stored(&self, obj: Box<dyn Object>) -> Box<dyn Object> {
        let kind = self.entry.kind;
        if kind.is_storage_version() {
            return obj;
        }
        match kind
            .convert_to_storage(obj.as_ref())
            .and_then(|stored| kind.convert_from_storage(stored.as_ref()))
        {
            Some(read_back) => read_back,
            None => obj,
        }
    }

    /// Stores `obj` (named `name`) at `key`: created when
    /// `expected_mod_revision` is `None`, else updated if the key is still
    /// at that revision. Returns the written version and, when the write
    /// rendered it (see [`Self::storage_bytes`]), the object's JSON at
    /// that revision, for the answer.
    ///
    /// Errors: 500 for an object that cannot be encoded; the store's
    /// refusal as its `Status` ([`storage_error`]), after which the
    /// write's offer to the watch cache is withdrawn (no event will take
    /// it).
    pub(super) fn store_object(
        &self,
        key: &str,
        name: &str,
        obj: &mut dyn Object,
        expected_mod_revision: Option<i64>,
    ) -> Result<(KeyValue, Option<axum::body::Bytes>), ApiError> {
        let (bytes, rendering) = self.storage_bytes(key, obj)?;
        let written = match expected_mod_revision {
            None => self.store().create(key, bytes),
            Some(revision) => self.store().update(key, bytes, revision),
        };
        match written {
            Ok(kv) => {
                self.server.note_write(self.entry, kv.mod_revision);
                let json = rendering.map(|r| r.at(kv.mod_revision));
                Ok((kv, json))
            }
            Err(e) => {
                if let Some(rendering) = &rendering {
                    self.server.renderings.withdraw(key, rendering);
                }
                Err(storage_error(e, self.ri(), name))
            }
        }
    }

    /// The bytes storage holds for `obj` (see [`Object::to_storage`]),
    /// about to be written at `key`. While a watch cache consumes the
    /// resource's events, the object's JSON is rendered as well and
    /// offered to it (see `crate::rendered`), and returned for the write's
    /// answer: one JSON encoding serves the answer, the watchers and the
    /// read cache.
    ///
    /// Errors: 500 for an object serde cannot encode.
    fn storage_bytes(
        &self,
        key: &str,
        obj: &mut dyn Object,
    ) -> Result<(Vec<u8>, Option<Arc<Rendering>>), ApiError> {
        let bytes = obj.to_storage().map_err(ApiError::internal)?;
        let kind = self.entry.kind;
        if !(kind.is_storage_version()
            && kind.reads_stored_through_type(&bytes)
            && self.server.watched(self.ri()))
        {
            return Ok((bytes, None));
        }
        let rendering = Rendering::render(obj, &bytes).map(Arc::new);
        if let Some(rendering) = &rendering {
            self.server.renderings.offer(key, rendering.clone());
        }
        Ok((bytes, rendering))
    }

    /// The kind's generated validation of `new` (against `old` on update),
    /// for the subresource addressed, as causes of a 422, after the
    /// `Unsupported value` causes decoding found.
    pub(super) fn type_validation(&self, new: &dyn Object, old: Option<&dyn Object>) -> Vec<Cause> {
        let mut causes = self.unsupported.borrow().clone();
        if !self.entry.kind.validates() {
            return causes;
        }
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
        causes.extend(runtime::field::to_causes(&new.validate(old, &ctx)));
        causes
    }
}

/// What a caller of [`Ctx::write_update`] already holds of the stored
/// object.
pub(super) enum Stored {
    /// The object as clients read it (a patch's JSON tree), which the
    /// field manager compares against.
    Tree(Value),
    /// The decoded object (an update or server-side apply read it).
    Object(Box<dyn Object>),
}

/// The JSON tree the field manager compares: the object without its
/// managed fields, as upstream's field manager removes them from both
/// objects before comparing (they are never owned; leaving them out spares
/// reading each FieldsV1 text into a tree).
///
/// Errors: 500 for an object serde cannot write as JSON.
pub(super) fn field_manager_tree(obj: &mut dyn Object) -> Result<Value, ApiError> {
    let managed = std::mem::take(&mut obj.metadata_mut().managed_fields);
    let tree = obj.to_value();
    obj.metadata_mut().managed_fields = managed;
    tree.map_err(ApiError::internal)
}

/// The field manager's tree of `obj`'s metadata alone,
/// `{"metadata": {...}}` without managed fields: what it compares of two
/// objects equal outside their metadata (the parts left out are equal on
/// both sides, where the comparison would find nothing).
///
/// Errors: 500 for metadata serde cannot write as JSON.
fn metadata_tree(obj: &mut dyn Object) -> Result<Value, ApiError> {
    let managed = std::mem::take(&mut obj.metadata_mut().managed_fields);
    let tree = serde_json::to_value(obj.metadata());
    obj.metadata_mut().managed_fields = managed;
    let mut object = serde_json::Map::new();
    object.insert("metadata".into(), tree.map_err(ApiError::internal)?);
    Ok(Value::Object(object))
}

/// The field manager's tree of `obj` with an empty `metadata`: what it
/// compares of two objects with equal metadata (see [`metadata_tree`]).
///
/// Errors: 500 for an object serde cannot write as JSON.
fn tree_outside_metadata(obj: &mut dyn Object) -> Result<Value, ApiError> {
    let meta = std::mem::take(obj.metadata_mut());
    let tree = obj.to_value();
    *obj.metadata_mut() = meta;
    tree.map_err(ApiError::internal)
}

/// Whether `a` and `b` have equal metadata, their managed fields aside.
fn metadata_equal(a: &mut dyn Object, b: &mut dyn Object) -> bool {
    let a_managed = std::mem::take(&mut a.metadata_mut().managed_fields);
    let b_managed = std::mem::take(&mut b.metadata_mut().managed_fields);
    let equal = a.metadata() == b.metadata();
    a.metadata_mut().managed_fields = a_managed;
    b.metadata_mut().managed_fields = b_managed;
    equal
}

/// The managedFields a write's object carries, as the field manager reads
/// a request's: `None` when it carries none (the live ones are kept).
fn requested_managed(obj: &dyn Object) -> Option<&[ManagedFieldsEntry]> {
    let managed = &obj.metadata().managed_fields;
    (!managed.is_empty()).then_some(managed.as_slice())
}

/// `rest.EnsureObjectNamespaceMatchesRequestNamespace`: a namespaced
/// object's `metadata.namespace`, when set, must be the URL's.
///
/// Errors: 400 `the namespace of the provided object does not match the
/// namespace sent on the request`.
pub(super) fn check_namespace(
    ri: &ResourceInfo,
    url: Option<&str>,
    meta: &ObjectMeta,
) -> Result<(), ApiError> {
    match url {
        Some(url) if ri.namespaced => crate::request::check_namespace_of(url, meta),
        _ => Ok(()),
    }
}

/// The update handler's `checkName`: the object written must carry a name
/// (a patch that removed `metadata` leaves none), and it must be the URL's.
///
/// Errors: 400, with upstream's messages.
fn check_name(url: &str, meta: &ObjectMeta) -> Result<(), ApiError> {
    match meta.name.as_deref().filter(|n| !n.is_empty()) {
        None => Err(ApiError::bad_request(format!(
            "the name of the object ({url} based on URL) was undeterminable: name must be provided"
        ))),
        Some(body) if body != url => Err(ApiError::bad_request(format!(
            "the name of the object ({body}) does not match the name on the URL ({url})"
        ))),
        Some(_) => Ok(()),
    }
}

/// The generic store's `ShouldDeleteDuringUpdate`: an update completes the
/// deletion of `old` when its deletion has started with no grace period
/// left (none, or 0: finalizers held it) and `new` keeps no finalizer;
/// a namespace also needs its `spec.finalizers` gone
/// (`ShouldDeleteNamespaceDuringUpdate`). A gracefully terminating pod
/// stays, whatever an update does to it.
fn should_delete_during_update(ri: &ResourceInfo, old: &dyn Object, new: &dyn Object) -> bool {
    let old_meta = old.metadata();
    new.metadata().finalizers.is_empty()
        && old_meta.deletion_timestamp.is_some()
        && old_meta.deletion_grace_period_seconds.unwrap_or(0) == 0
        && !ri
            .strategy
            .namespace_finalizers_pending
            .is_some_and(|pending| pending(new.as_any()))
}

/// Sets `new`'s `metadata.generation` to `old`'s plus one when the kind
/// keeps generation and the update changed what bumps it: anything outside
/// `metadata` and `status` (the CRD rule, and upstream's strategies for
/// spec changes), or the annotations where the kind says so (upstream's
/// Deployment strategy).
fn bump_generation(ri: &ResourceInfo, old: &mut dyn Object, new: &mut dyn Object) {
    if !ri.generation {
        return;
    }
    let bump = !new.spec_equals(old)
        || (ri.annotations_bump_generation
            && old.metadata().annotations != new.metadata().annotations);
    if bump {
        new.metadata_mut().generation = Some(old.metadata().generation.unwrap_or(0) + 1);
    }
}

/// Drops the owner references that repeat an earlier one exactly, as
/// upstream's create and update handlers do before mutating admission and
/// every write handler after it (`dedupOwnerReferencesAndAddWarning`);
/// the warning for the client, which names the repeated UIDs, when there
/// were some.
fn dedup_owner_references(meta: &mut ObjectMeta, after_admission: bool) -> Option<String> {
    if meta.owner_references.len() < 2 {
        return None;
    }
    let mut kept: Vec<runtime::meta::OwnerReference> =
        Vec::with_capacity(meta.owner_references.len());
    let mut duplicates = Vec::new();
    for reference in std::mem::take(&mut meta.owner_references) {
        if kept.contains(&reference) {
            duplicates.push(reference.uid);
        } else {
            kept.push(reference);
        }
    }
    meta.owner_references = kept;
    if duplicates.is_empty() {
        return None;
    }
    let when = if after_admission {
        " after mutating admission happens"
    } else {
        ""
    };
    Some(format!(
        ".metadata.ownerReferences contains duplicate entries{when}; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: {}",
        duplicates.join(", ")
    ))
}

/// A name for an object created with `generateName`, as upstream's
/// `simpleNameGenerator`: the prefix cut to 58 bytes (a name of at most
/// 63 then), and five random characters.
fn generated_name(prefix: &str) -> String {
    const MAX_GENERATED_NAME_LENGTH: usize = 63 - 5;
    let mut cut = prefix.len().min(MAX_GENERATED_NAME_LENGTH);
    // Go cuts bytes; a prefix with other than ASCII fails validation
    // either way: cut it where a character ends.
    while !prefix.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}{}", &prefix[..cut], random_suffix())
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
