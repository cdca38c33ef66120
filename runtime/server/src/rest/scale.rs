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
        mut old: Box<dyn Object>,
        scale: Value,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let name = self.name().to_string();
        let replicas = desired_replicas(&scale, &name)?;
        check_scale_version(ri, &name, &scale, &kv)?;
        let mut obj = scaled(ri, old.as_ref(), replicas)?;
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
        self.store_scale(kv, obj, old.as_ref())
    }

    /// Server-side apply of a Scale (client-go's `ApplyScale`): `manager`
    /// applies the Scale's `spec.replicas` to the object's replicas path
    /// through the `scale` subresource (its entry marked so), with the
    /// field manager's conflicts against the other owners of the replicas
    /// (`force` takes them), as upstream's scale handler carries a Scale's
    /// managed fields over to its parent; answered as a Scale.
    ///
    /// Errors: 404 for a missing object (a subresource never creates);
    /// the replicas and resourceVersion errors of a Scale PUT; 409 for
    /// conflicts.
    pub(super) fn apply_scale(
        &self,
        applied: &Value,
        manager: &str,
        force: bool,
    ) -> Result<Answer, ApiError> {
        let ri = self.ri();
        let name = self.name().to_string();
        let (kv, obj) = self.current_object()?;
        let path = ri
            .scale_subresource
            .map(|s| s.spec_replicas_path)
            .ok_or_else(ApiError::path_not_found)?;
        check_scale_version(ri, &name, applied, &kv)?;
        let mut config = json!({
            "apiVersion": ri.api_version,
            "kind": ri.kind,
            "metadata": {"name": name},
        });
        // A configuration without replicas applies none (and gives up
        // those this manager applied before).
        if get_path(applied, ".spec.replicas").is_some() {
            let replicas = desired_replicas(applied, &name)?;
            crate::object::set_path(&mut config, path, json!(replicas));
        }
        let mut old = obj.clone_object();
        let live = field_manager_tree(old.as_mut())?;
        let outcome = apply::apply_converting(
            Some(&live),
            &config,
            manager,
            ri.api_version,
            Some("scale"),
            &old.metadata().managed_fields,
            force,
            Time::now(),
            self.entry.kind.schema(),
            &self.versions(),
        )
        .map_err(|e| self.apply_error(&name, e))?;
        // Only the replicas change through the scale: the stored object
        // with the merged replicas, and the managed fields the apply made.
        let replicas = match get_path(&outcome.object, path) {
            Some(merged) => desired_replicas(&json!({"spec": {"replicas": merged}}), &name)?,
            None => 0,
        };
        let mut next = scaled(ri, old.as_ref(), replicas)?;
        next.metadata_mut().managed_fields = outcome.managed_fields;
        self.store_scale(kv, next, old.as_ref())
    }

    /// Stores `obj`, the object at `kv` with its scale written (unless a
    /// dry run, or nothing changed from `old`), and answers its Scale.
    fn store_scale(
        &self,
        kv: KeyValue,
        mut obj: Box<dyn Object>,
        old: &dyn Object,
    ) -> Result<Answer, ApiError> {
        let name = self.name().to_string();
        let written = if self.query.dry_run(self.verb)? || obj.equals(old) {
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

/// A copy of `old` with `replicas` written to its scale's replicas path:
/// they bump the generation of a kind that keeps one when they differ.
///
/// Errors: 404 for a kind without a scale subresource.
fn scaled(ri: &ResourceInfo, old: &dyn Object, replicas: i32) -> Result<Box<dyn Object>, ApiError> {
    let before = old.scale().ok_or_else(ApiError::path_not_found)?;
    let mut obj = old.clone_object();
    obj.set_scale_replicas(replicas);
    if ri.generation && before.spec_replicas != replicas {
        let m = obj.metadata_mut();
        m.generation = Some(m.generation.unwrap_or(0).saturating_add(1));
    }
    Ok(obj)
}

/// The replicas a Scale asks for: its `spec.replicas` (0 when absent, as
/// autoscaling/v1 omits 0).
///
/// Errors: 422 for a negative count, 400 for one that is no 32-bit
/// integer.
fn desired_replicas(scale: &Value, name: &str) -> Result<i32, ApiError> {
    Ok(match get_path(scale, ".spec.replicas") {
        // `omitempty`: a Scale of 0 replicas says nothing of them.
        None | Some(Value::Null) => 0,
        Some(Value::Number(n)) if n.as_i64().is_some_and(|r| r >= 0) => {
            i32::try_from(n.as_i64().unwrap_or(0))
                .map_err(|_| ApiError::bad_request("spec.replicas must be a 32-bit integer"))?
        }
        Some(v) if v.as_i64().is_some() => {
            return Err(ApiError::invalid(
                &scale_info(),
                name,
                vec![Cause {
                    reason: Some(CauseType::FieldValueInvalid),
                    message: format!("Invalid value: {v}: must be greater than or equal to 0"),
                    field: "spec.replicas".into(),
                }],
            ));
        }
        _ => return Err(ApiError::bad_request("spec.replicas must be an integer")),
    })
}

/// A Scale's resourceVersion, when it names one, is a precondition on the
/// object stored at `kv`.
///
/// Errors: 409 when it is another.
fn check_scale_version(
    ri: &ResourceInfo,
    name: &str,
    scale: &Value,
    kv: &KeyValue,
) -> Result<(), ApiError> {
    match get_path(scale, ".metadata.resourceVersion").and_then(Value::as_str) {
        Some(rv) if !rv.is_empty() && rv != kv.mod_revision.to_string() => {
            Err(ApiError::conflict(ri, name))
        }
        _ => Ok(()),
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
        allow_unconditional_update: true,
        return_deleted_object: false,
        verbs: runtime::resource::RESOURCE_VERBS,
        name_format: runtime::resource::NameFormat::Dns1123Subdomain,
        printer: None,
        strategy: runtime::resource::KindStrategy::DEFAULT,
    }
}
