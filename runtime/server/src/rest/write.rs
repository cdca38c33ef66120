//! Create and update, as the generic store's `Create` and `Update` do
//! them: metadata set by the server, generation, validation, managed
//! fields, create-on-update, and deletion completed when the last
//! finalizer goes.

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::decode::{check_type_meta, unrecognized_body};
use super::{Answer, Ctx};
use crate::negotiate::{self};
use crate::object::{meta, meta_mut, meta_str, set_meta, set_path};
use crate::patch::apply;
use crate::status::{ApiError, Cause};
use crate::storage::KeyValue;
use crate::store::{is_builtin_group, storage_error, to_storage};
use runtime::codec::protobuf::ProtoError;
use runtime::meta::{CauseType, ManagedFieldsEntry, StatusReason, Time};
use runtime::resource::ResourceInfo;
use runtime::validate::Context;

impl Ctx<'_> {
    /// Decodes a create or update body through the kind's type and applies
    /// field validation; returns the object and the warnings.
    pub(super) fn decode(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<(Value, Vec<String>), ApiError> {
        let json_bytes = match negotiate::body_format(content_type)? {
            negotiate::BodyFormat::Json => bytes.to_vec(),
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
        self.decode_json(&json_bytes, self.query.field_validation(self.verb)?)
    }

    pub(super) fn create(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        let (obj, warnings) = self.decode(bytes, content_type)?;
        self.create_object(obj, warnings, None)
    }

    /// Creates a decoded object. `managed` is the final managedFields when
    /// the caller computed them (server-side apply); otherwise this write
    /// is recorded as an Update by the request's field manager.
    pub(super) fn create_object(
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
                set_meta(m, "namespace", json!(ns));
            } else {
                m.remove("namespace");
            }
        }
        if meta_str(&obj, "name").is_none()
            && let Some(prefix) = meta_str(&obj, "generateName").map(str::to_string)
        {
            let name = format!("{prefix}{}", random_suffix());
            set_meta(meta_mut(&mut obj), "name", json!(name));
        }
        let name = meta_str(&obj, "name").unwrap_or("").to_string();
        let mut causes = crate::validation::object_meta(ri, &obj, true);
        causes.sort_by(|a, b| a.field.cmp(&b.field));
        causes.extend(self.type_validation(&obj, None)?);
        if !causes.is_empty() {
            return Err(ApiError::invalid(ri, &name, causes));
        }
        {
            let m = meta_mut(&mut obj);
            set_meta(m, "uid", json!(uuid::Uuid::new_v4().to_string()));
            set_meta(m, "creationTimestamp", json!(Time::now().to_rfc3339()));
            if ri.generation {
                set_meta(m, "generation", json!(1));
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
        self.server.prepare_for_create(ri, &mut obj)?;
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
                    self.entry.kind.schema(),
                )
            }
        };
        apply::set_managed_fields(&mut obj, managed);
        if meta_str(&obj, "resourceVersion").is_some() {
            // storage.ErrResourceVersionSetOnCreate, a plain error upstream: 500, no reason.
            return Err(ApiError::new(
                500,
                StatusReason::Unknown,
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
            .create(
                &self.key(&name),
                to_storage(&obj, self.entry.kind.protobuf())?,
            )
            .map_err(|e| storage_error(e, ri, &name))?;
        set_meta(
            meta_mut(&mut obj),
            "resourceVersion",
            json!(kv.mod_revision.to_string()),
        );
        Ok(Answer {
            status: StatusCode::CREATED,
            body: obj,
            warnings,
        })
    }

    pub(super) fn update(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
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
                set_meta(m, "name", json!(name));
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
    pub(super) fn write_update(
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
                        reason: Some(CauseType::FieldValueInvalid),
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
            let old_meta = meta(&old);
            let m = meta_mut(&mut new);
            set_meta(m, "name", json!(name));
            for k in [
                "namespace",
                "uid",
                "creationTimestamp",
                "deletionTimestamp",
                "deletionGracePeriodSeconds",
                "generation",
            ] {
                match old_meta.and_then(|o| o.get(k)) {
                    Some(v) => set_meta(m, k, v.clone()),
                    None => {
                        m.remove(k);
                    }
                }
            }
            set_meta(m, "resourceVersion", json!(kv.mod_revision.to_string()));
        }
        bump_generation(ri, &old, &mut new);
        let mut causes = crate::validation::object_meta(ri, &new, false);
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
                    self.entry.kind.schema(),
                )
            }
        };
        apply::set_managed_fields(&mut new, managed);
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
            .update(
                &kv.key,
                to_storage(&new, self.entry.kind.protobuf())?,
                kv.mod_revision,
            )
            .map_err(|e| storage_error(e, ri, &name))?;
        meta_mut(&mut new).insert(
            "resourceVersion".into(),
            json!(written.mod_revision.to_string()),
        );
        Ok(Answer::ok(new))
    }

    /// The kind's generated validation of `new` (against `old` on update),
    /// for the subresource addressed, as causes of a 422.
    fn type_validation(&self, new: &Value, old: Option<&Value>) -> Result<Vec<Cause>, ApiError> {
        let kind = self.entry.kind;
        if !kind.validates() {
            return Ok(self.unsupported.borrow().clone());
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
        let errors = kind.validate(new, old, &ctx).map_err(ApiError::internal)?;
        let mut causes = self.unsupported.borrow().clone();
        causes.extend(runtime::field::to_causes(&errors));
        Ok(causes)
    }
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

/// The `metadata.managedFields` of an object, when present and well-formed.
pub(super) fn managed_fields_of(obj: &Value) -> Option<Vec<ManagedFieldsEntry>> {
    let value = meta(obj)?.get("managedFields")?;
    Vec::<ManagedFieldsEntry>::deserialize(value).ok()
}

/// Sets `new`'s `metadata.generation` to `old`'s plus one when the kind
/// keeps generation and the update changed what bumps it: anything outside
/// `metadata` and `status` (the CRD rule, and upstream's strategies for
/// spec changes), or the annotations where the kind says so (upstream's
/// Deployment strategy).
pub(super) fn bump_generation(ri: &ResourceInfo, old: &Value, new: &mut Value) {
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
        set_meta(meta_mut(new), "generation", json!(generation));
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

fn random_suffix() -> String {
    use rand::Rng;
    // utilrand.String's alphabet: no vowels, no confusable characters.
    const ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    let mut rng = rand::rng();
    (0..5)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}
