//! The `scale` subresource: an `autoscaling/v1` `Scale` read from and
//! written to the fields the kind's `+kubebuilder:subresource:scale` marker
//! names, through the Rust object (the registry generator's
//! `ServedKind::scale` and `set_scale_replicas`).

use serde_json::{Value, json};

use super::write::field_manager_tree;
use super::{Answer, Ctx};
use crate::object::get_path;
use crate::patch::apply;
use crate::status::{ApiError, Cause};
use crate::storage::KeyValue;
use runtime::codec::protobuf::{Field, Kind, Message, Presence, ProtoSchema};
use runtime::meta::{CauseType, ObjectMeta, Time};
use runtime::registry::Object;
use runtime::resource::ResourceInfo;

/// autoscaling/v1 `Scale` on the wire (`k8s.io/api/autoscaling/v1/generated.proto`):
/// `metadata` 1, `spec` 2 (`replicas` 1), `status` 3 (`replicas` 1,
/// `selector` 2), each written as gogo writes value fields.
pub(super) static SCALE: Message = Message {
    name: "Scale",
    fields: &[
        scale_field(
            1,
            "metadata",
            Kind::Message(ObjectMeta::message),
            Presence::Value,
        ),
        scale_field(2, "spec", Kind::Message(|| &SCALE_SPEC), Presence::Value),
        scale_field(
            3,
            "status",
            Kind::Message(|| &SCALE_STATUS),
            Presence::Value,
        ),
    ],
};

static SCALE_SPEC: Message = Message {
    name: "ScaleSpec",
    fields: &[scale_field(1, "replicas", Kind::Int32, Presence::Value)],
};

static SCALE_STATUS: Message = Message {
    name: "ScaleStatus",
    fields: &[
        scale_field(1, "replicas", Kind::Int32, Presence::Required),
        scale_field(2, "selector", Kind::String, Presence::Value),
    ],
};

const fn scale_field(number: u32, json: &'static str, kind: Kind, presence: Presence) -> Field {
    Field {
        number,
        json,
        kind,
        presence,
    }
}

impl Ctx<'_> {
    /// The `autoscaling/v1` Scale view of an object stored at `revision`,
    /// read through its kind's scale paths ([`Object::scale`]).
    pub(super) fn scale_of(&self, obj: &dyn Object, revision: i64) -> Result<Value, ApiError> {
        let fields = obj.scale().ok_or_else(ApiError::path_not_found)?;
        // autoscaling/v1's `spec.replicas` and `status.selector` are
        // `omitempty`: 0 replicas is `"spec":{}`, an empty selector absent.
        let mut status = json!({"replicas": fields.status_replicas});
        if let Some(selector) = fields.selector.filter(|s| !s.is_empty()) {
            status["selector"] = json!(selector);
        }
        let mut spec = json!({});
        if fields.spec_replicas != 0 {
            spec["replicas"] = json!(fields.spec_replicas);
        }
        let m = obj.metadata();
        Ok(json!({
            "kind": "Scale",
            "apiVersion": "autoscaling/v1",
            "metadata": {
                "name": m.name,
                "namespace": m.namespace,
                "uid": m.uid,
                "resourceVersion": revision.to_string(),
                "creationTimestamp": m.creation_timestamp,
            },
            "spec": spec,
            "status": status,
        }))
    }

    pub(super) fn get_scale(&self) -> Result<Answer, ApiError> {
        let (kv, obj) = self.current_object()?;
        Ok(Answer::ok(self.scale_of(obj.as_ref(), kv.mod_revision)?))
    }

    /// A PUT of a Scale, in JSON, YAML or (a built-in kind's, as client-go
    /// sends it when it speaks protobuf) protobuf.
    pub(super) fn update_scale(
        &self,
        bytes: &[u8],
        content_type: Option<&str>,
    ) -> Result<Answer, ApiError> {
        let decoding = |e: String| ApiError::bad_request(format!("error decoding Scale: {e}"));
        let scale: Value = match crate::negotiate::body_format(content_type)? {
            crate::negotiate::BodyFormat::Json => {
                serde_json::from_slice(bytes).map_err(|e| decoding(e.to_string()))?
            }
            crate::negotiate::BodyFormat::Yaml => {
                let json = runtime::codec::yaml::yaml_to_json(bytes)
                    .map_err(|e| decoding(format!("yaml: {e}")))?;
                serde_json::from_slice(&json).map_err(|e| decoding(e.to_string()))?
            }
            crate::negotiate::BodyFormat::Protobuf if self.entry.kind.protobuf().is_some() => {
                runtime::codec::protobuf::decode_object(bytes, &SCALE).map_err(|e| decoding(e.0))?
            }
            crate::negotiate::BodyFormat::Protobuf => {
                return Err(ApiError::unsupported_media_type(&[
                    "application/json",
                    "application/yaml",
                ]));
            }
        };
        let (kv, obj) = self.current_object()?;
        self.write_scale(kv, obj, scale)
    }

    /// Writes `spec.replicas` of a Scale back into `obj`, the object
    /// stored at `kv`.
    pub(super) fn write_scale(
        &self,
        kv: KeyValue,
        mut obj: Box<dyn Object>,
        scale: Value,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let name = self.name().to_string();
        let before = obj.scale().ok_or_else(ApiError::path_not_found)?;
        let replicas = match get_path(&scale, ".spec.replicas") {
            // `omitempty`: a Scale of 0 replicas says nothing of them.
            None | Some(Value::Null) => 0,
            Some(Value::Number(n)) if n.as_i64().is_some_and(|r| r >= 0) => {
                i32::try_from(n.as_i64().unwrap_or(0))
                    .map_err(|_| ApiError::bad_request("spec.replicas must be a 32-bit integer"))?
            }
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
        let mut old = obj.clone_object();
        obj.set_scale_replicas(replicas);
        // Only the replicas changed: they bump the generation of a kind
        // that keeps one when they differ.
        if ri.generation && before.spec_replicas != replicas {
            let m = obj.metadata_mut();
            m.generation = Some(m.generation.unwrap_or(0).saturating_add(1));
        }
        // As upstream's scale handler: the writer takes `spec.replicas` of
        // the parent in an Update entry with subresource `scale`.
        let live = old.metadata().managed_fields.clone();
        let managed = apply::update_converting(
            Some(&field_manager_tree(old.as_mut())?),
            &field_manager_tree(obj.as_mut())?,
            &self.manager,
            ri.api_version,
            Some("scale"),
            apply::managed_for_update(&live, None, Some("scale")),
            Time::now(),
            self.entry.kind.schema(),
            &self.versions(),
        );
        obj.metadata_mut().managed_fields = managed;
        let written = if self.query.dry_run(self.verb)? || obj.equals(old.as_ref()) {
            kv
        } else {
            self.store_object(&kv.key, &name, obj.as_mut(), Some(kv.mod_revision))?
                .0
        };
        Ok(Answer::ok(
            self.scale_of(obj.as_ref(), written.mod_revision)?,
        ))
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
        verbs: runtime::resource::RESOURCE_VERBS,
        name_format: runtime::resource::NameFormat::Dns1123Subdomain,
        printer: None,
        strategy: runtime::resource::KindStrategy::DEFAULT,
    }
}
