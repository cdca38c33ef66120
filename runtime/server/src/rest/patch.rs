//! Patch: JSON patch, merge patch, strategic merge patch and server-side
//! apply (`k8s.io/apiserver/pkg/endpoints/handlers/patch.go`).

use serde_json::{Value, json};

use super::decode::without_position;
use super::scale::scale_schema;
use super::write::{Stored, field_manager_tree};
use super::{Answer, Ctx};
use crate::object::meta_str;
use crate::patch::apply;
use crate::request::FieldValidation;
use crate::status::{ApiError, Cause};
use crate::store::storage_error;
use runtime::meta::{CauseType, StatusReason, Time};

impl Ctx<'_> {
    pub(super) fn patch(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
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
                    reason: Some(CauseType::FieldValueForbidden),
                    message: "Forbidden: may not be specified for non-apply patch".into(),
                    field: "force".into(),
                }],
            ));
        }
        let patch: Value = runtime::codec::from_json_slice(bytes).map_err(|e| {
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
                    runtime::go::json_type_name(other)
                )));
            }
        }
        if let Value::Array(ops) = &patch
            && ops.len() > MAX_JSON_PATCH_OPERATIONS
        {
            return Err(ApiError::new(
                413,
                StatusReason::RequestEntityTooLarge,
                format!(
                    "Request entity too large: The allowed maximum operations in a JSON patch is {MAX_JSON_PATCH_OPERATIONS}, got {}",
                    ops.len()
                ),
            ));
        }
        // Retry on conflict, as the patch handler does for unconditional patches.
        for _ in 0..5 {
            let (kv, scaled, old) = if self.info.subresource.as_deref() == Some("scale") {
                let (kv, obj) = self.current_object()?;
                let scale = self.scale_of(obj.as_ref(), kv.mod_revision)?;
                (kv, Some(obj), scale)
            } else {
                let (kv, old) = self.current()?;
                (kv, None, old)
            };
            let mut patched = old.clone();
            if media == "application/merge-patch+json" {
                json_patch::merge(&mut patched, &patch);
            } else if media == "application/strategic-merge-patch+json" {
                let schema = if self.info.subresource.as_deref() == Some("scale") {
                    scale_schema()
                } else {
                    self.entry.kind.schema()
                };
                patched = crate::patch::strategic::apply(&old, &patch, schema)
                    .map_err(strategic_error)?;
            } else {
                // Upstream decodes any array of objects
                // (`jsonpatch.DecodePatch`) and meets a bad operation (an
                // unknown `op`, no `path`, a failed `test`) in `Apply`,
                // whose error it answers with the generic 422.
                if let Some(why) = undecodable_json_patch(&patch) {
                    return Err(ApiError::bad_request(why));
                }
                if !patch.is_null() {
                    let ops: json_patch::Patch =
                        serde_json::from_value(patch.clone()).map_err(|_| ApiError::rejected())?;
                    crate::patch::json::apply(&mut patched, &ops)
                        .map_err(|_| ApiError::rejected())?;
                }
            }
            if !patched.is_object() {
                return Err(not_an_object(&patched));
            }
            if let Some(obj) = scaled {
                return self.write_scale(kv, obj, patched);
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
            // The patched object's resourceVersion is the precondition, as
            // the generic store's Update reads it: the current one unless
            // the patch changed it (a merge patch naming one, a JSON patch
            // replacing it). A patch that kept it is retried on conflict,
            // applied again to the object that won the race.
            let kept = decoded.metadata().resource_version.as_deref()
                == Some(kv.mod_revision.to_string().as_str());
            match self.write_update(kv, Stored::Tree(old), decoded, None) {
                Err(e) if e.reason == StatusReason::Conflict && kept => {
                    continue;
                }
                Err(e) => return Err(e),
                Ok(mut answer) => {
                    answer.warnings.splice(0..0, warnings);
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
                    reason: Some(CauseType::FieldValueRequired),
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
            .then(|| crate::duplicates::parse_noting_repeats(bytes).ok())
            .flatten();
        let (json, (applied, repeated)) = match json_body {
            Some(applied) => (std::borrow::Cow::Borrowed(bytes), applied),
            None => {
                let json = runtime::codec::yaml::yaml_to_json(bytes).map_err(|e| {
                    ApiError::bad_request(format!(
                        "error decoding YAML: error converting YAML to JSON: yaml: {e}"
                    ))
                })?;
                let applied = crate::duplicates::parse_noting_repeats(&json)
                    .map_err(|e| ApiError::bad_request(format!("error decoding YAML: {e}")))?;
                (std::borrow::Cow::Owned(json), applied)
            }
        };
        // A Scale applies the replicas alone (see `apply_scale`).
        if self.info.subresource.as_deref() == Some("scale") {
            return self.apply_scale(&applied, manager, self.query.flag("force"));
        }
        // Unknown and duplicate fields are reported per fieldValidation,
        // and a value the type cannot hold fails the apply, as the body's
        // typed decode finds them; the merge itself uses the configuration
        // as applied (no defaults). The tree shows whether the body has a
        // field its type does not declare or a repeated key: only then is
        // it decoded for field validation up front. Otherwise it is decoded
        // only if the merge fails or its result cannot be read through the
        // type (which a value the type cannot hold makes happen), so that
        // such a body is reported as before any conflict.
        let validation = self.query.field_validation(self.verb)?;
        let mut checked = false;
        let mut warnings = Vec::new();
        if validation != FieldValidation::Ignore
            && (repeated
                || super::decode::has_undeclared_fields(&applied, self.entry.kind.schema()))
        {
            warnings = self.decode_json(&json, validation)?.1;
            checked = true;
        }
        let check_body = || -> Result<(), ApiError> {
            if !checked {
                self.decode_json(&json, validation)?;
            }
            Ok(())
        };
        if let Some(applied_name) = meta_str(&applied, "name")
            && applied_name != name
        {
            check_body()?;
            return Err(ApiError::bad_request(format!(
                "the name of the object ({applied_name}) does not match the name on the URL ({name})"
            )));
        }
        let force = self.query.flag("force");
        let schema = self.entry.kind.schema();
        // The applied status of a main resource is neither merged nor
        // owned.
        let mut applied = applied;
        self.drop_reset_fields(&mut applied);
        for _ in 0..5 {
            let live = self
                .store()
                .get(&self.key(&name))
                .map_err(|e| storage_error(e, ri, &name))?;
            // The live object decoded once: its managed fields as stored,
            // the rest as the tree the merge works on.
            let mut live_obj = live.as_ref().map(|kv| self.stored_object(kv)).transpose()?;
            let (managed, live_tree) = match (&live, &mut live_obj) {
                (Some(kv), Some(obj)) => {
                    obj.metadata_mut().resource_version = Some(kv.mod_revision.to_string());
                    let managed = obj.metadata().managed_fields.clone();
                    (managed, Some(field_manager_tree(obj.as_mut())?))
                }
                _ => (Vec::new(), None),
            };
            let outcome = apply::apply_converting(
                live_tree.as_ref(),
                &applied,
                manager,
                ri.api_version,
                self.info.subresource.as_deref(),
                &managed,
                force,
                Time::now(),
                schema,
                &self.versions(),
            )
            .map_err(|e| {
                check_body()
                    .err()
                    .unwrap_or_else(|| self.apply_error(&name, e))
            })?;
            // The merge result through the type, defaulted, as upstream
            // decodes it; a value the type cannot hold goes through the
            // JSON path, which reports it as a field error.
            let mut obj = match self.entry.kind.read_value(&outcome.object) {
                Ok(obj) => obj,
                Err(_) => {
                    check_body()?;
                    let merged = serde_json::to_vec(&outcome.object).map_err(ApiError::internal)?;
                    self.decode_json(&merged, FieldValidation::Ignore)?.0
                }
            };
            // A resourceVersion in the applied configuration stays in the
            // merged object and is a precondition, as the generic store's
            // Update reads the object the field manager merged: a stale one
            // is a conflict, not retried.
            let mut conditional = false;
            let result = match (live, live_obj) {
                (Some(kv), Some(old)) => {
                    let current = kv.mod_revision.to_string();
                    let m = obj.metadata_mut();
                    match m.resource_version.as_deref() {
                        None | Some("") => m.resource_version = Some(current),
                        Some(rv) => conditional = rv != current,
                    }
                    self.write_update(kv, Stored::Object(old), obj, Some(outcome.managed_fields))
                }
                // A subresource never creates (`StatusREST.Update` turns
                // create-on-update off).
                _ if self.info.subresource.is_some() => {
                    return Err(ApiError::not_found(ri, &name));
                }
                _ => {
                    // The patch handler's `applyPatch` on the object the
                    // configuration alone makes: it must name itself
                    // (`checkName`), and an object it names by uid must
                    // exist.
                    if obj.metadata().name.as_deref().is_none_or(str::is_empty) {
                        return Err(ApiError::bad_request(format!(
                            "the name of the object ({name} based on URL) was undeterminable: name must be provided"
                        )));
                    }
                    if let Some(uid) = obj.metadata().uid.as_deref().filter(|u| !u.is_empty()) {
                        return Err(ApiError::conflict_because(
                            ri,
                            &name,
                            &format!(
                                "uid mismatch: the provided object specified uid {uid}, and no existing object was found"
                            ),
                        ));
                    }
                    let m = obj.metadata_mut();
                    m.name = Some(name.clone());
                    m.resource_version = None;
                    self.create_object(obj, Vec::new(), Some(outcome.managed_fields))
                }
            };
            match result {
                // A write raced this apply: merge again from the new live state.
                Err(e)
                    if (e.reason == StatusReason::Conflict && !conditional)
                        || e.reason == StatusReason::AlreadyExists =>
                {
                    continue;
                }
                Err(e) => return Err(e),
                Ok(mut answer) => {
                    answer.warnings.splice(0..0, warnings);
                    return Ok(answer);
                }
            }
        }
        Err(ApiError::conflict(ri, &name))
    }

    pub(super) fn apply_error(&self, name: &str, error: apply::ApplyError) -> ApiError {
        match error {
            apply::ApplyError::Conflicts(conflicts) => {
                let ri = self.ri();
                let mut e = ApiError::new(
                    409,
                    StatusReason::Conflict,
                    apply::conflict_message(&conflicts),
                );
                e.name = Some(name.to_string());
                e.group = Some(ri.group.to_string());
                e.kind = Some(ri.plural.to_string());
                e.causes = conflicts
                    .iter()
                    .map(|c| Cause {
                        reason: Some(CauseType::FieldManagerConflict),
                        message: c.cause_message(),
                        field: c.path.clone(),
                    })
                    .collect();
                e
            }
            apply::ApplyError::Invalid(message) => ApiError::bad_request(message),
        }
    }
}

/// Most operations a JSON patch may hold (upstream's
/// `maxJSONPatchOperations`); more is 413.
const MAX_JSON_PATCH_OPERATIONS: usize = 10_000;

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
            reason: Some(CauseType::FieldValueInvalid),
            message: format!(
                "Invalid value: {}: couldn't get version/kind; json parse error: json: cannot unmarshal {} into Go value of type struct {{ APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }}",
                runtime::field::quote(&patched.to_string()),
                runtime::go::json_type_name(patched)
            ),
            field: "patch".into(),
        }],
    )
}

/// Why evanphx/json-patch v4's `DecodePatch` (Go's `json.Unmarshal` into
/// `[]map[string]*json.RawMessage`) refuses `patch`, in Go's words: it
/// takes an array of objects (a `null` item or a `null` patch decode too);
/// `None` when it decodes.
fn undecodable_json_patch(patch: &Value) -> Option<String> {
    let (value, go_type) = match patch {
        Value::Null => return None,
        Value::Array(items) => (
            items
                .iter()
                .find(|item| !matches!(item, Value::Object(_) | Value::Null))?,
            "jsonpatch.Operation",
        ),
        other => (other, "jsonpatch.Patch"),
    };
    Some(format!(
        "json: cannot unmarshal {} into Go value of type {go_type}",
        runtime::go::json_type_name(value)
    ))
}

/// A strategic merge patch error as upstream's patch handler answers it
/// (`interpretStrategicMergePatchError`): a malformed patch 400, a list of
/// lists the generic 422, anything else returned as it is, which the
/// handler's error writer makes a 500 with no reason (kubectl prints
/// `Error from server: map: map[image:nginx] does not contain declared
/// merge key: name`).
fn strategic_error(e: crate::patch::strategic::StrategicPatchError) -> ApiError {
    use crate::patch::strategic::ErrorClass;
    match e.class {
        ErrorClass::BadRequest => ApiError::bad_request(e.message),
        ErrorClass::Unprocessable => ApiError::rejected(),
        ErrorClass::Other => ApiError::new(500, StatusReason::Unknown, e.message),
    }
}
