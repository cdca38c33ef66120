//! The `scale` subresource: an `autoscaling/v1` `Scale` read from and
//! written to the paths the kind's `+k8s:scale` markers name.

use serde_json::{Value, json};

use super::write::managed_fields_of;
use super::{Answer, Ctx};
use crate::object::{get_path, meta, meta_mut, set_meta, set_path};
use crate::patch::apply;
use crate::status::{ApiError, Cause};
use crate::storage::KeyValue;
use crate::store::{read_stored, storage_error, to_storage};
use runtime::meta::{CauseType, Time};
use runtime::resource::ResourceInfo;

impl Ctx<'_> {
    /// The `autoscaling/v1` Scale view of an object.
    pub(super) fn scale_of(&self, obj: &Value, kv: &KeyValue) -> Result<Value, ApiError> {
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
                status_obj["selector"] = json!(runtime::selector::format_label_selector(sel))
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

    pub(super) fn get_scale(&self) -> Result<Answer, ApiError> {
        let (kv, obj) = self.current()?;
        Ok(Answer::ok(self.scale_of(&obj, &kv)?))
    }

    pub(super) fn update_scale(&self, bytes: &[u8]) -> Result<Answer, ApiError> {
        let scale: Value = serde_json::from_slice(bytes)
            .map_err(|e| ApiError::bad_request(format!("error decoding Scale: {e}")))?;
        let (kv, _) = self.current()?;
        self.write_scale(kv, scale)
    }

    /// Writes `spec.replicas` of a Scale back into the object.
    pub(super) fn write_scale(&self, kv: KeyValue, scale: Value) -> Result<Answer, ApiError> {
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
                        reason: Some(CauseType::FieldValueInvalid),
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
        let mut obj = read_stored(&kv, Some(self.entry.kind))?;
        let old = obj.clone();
        set_path(&mut obj, paths.spec_replicas_path, json!(replicas));
        // Only the replicas changed: they bump the generation of a kind
        // that keeps one when they differ.
        if ri.generation
            && get_path(&old, paths.spec_replicas_path) != get_path(&obj, paths.spec_replicas_path)
        {
            let generation = meta(&old)
                .and_then(|m| m.get("generation"))
                .and_then(Value::as_i64)
                .unwrap_or(0)
                + 1;
            set_meta(meta_mut(&mut obj), "generation", json!(generation));
        }
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
            self.entry.kind.schema(),
        );
        apply::set_managed_fields(&mut obj, managed);
        let written = if self.query.dry_run(self.verb)? || obj == old {
            kv
        } else {
            self.store()
                .update(
                    &kv.key,
                    to_storage(&obj, self.entry.kind.protobuf())?,
                    kv.mod_revision,
                )
                .map_err(|e| storage_error(e, ri, &name))?
        };
        Ok(Answer::ok(self.scale_of(&obj, &written)?))
    }
}

/// The schema of an autoscaling/v1 Scale: plain fields, no list strategies.
pub(super) fn scale_schema() -> &'static runtime::schema::TypeSchema {
    use runtime::schema::{Type, TypeSchema, field};
    static SCALE: TypeSchema = TypeSchema {
        name: "Scale",
        atomic: false,
        fields: &[
            field("metadata", Type::Untyped),
            field("spec", Type::Untyped),
            field("status", Type::Untyped),
        ],
    };
    &SCALE
}

pub(super) fn scale_info() -> ResourceInfo {
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
        name_format: runtime::resource::NameFormat::Dns1123Subdomain,
        printer: None,
        strategy: runtime::resource::KindStrategy::DEFAULT,
    }
}
