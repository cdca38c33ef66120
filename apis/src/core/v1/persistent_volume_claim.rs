//! PersistentVolumeClaim, ported from `k8s.io/api/core/v1`; its spec type
//! is shared with ephemeral volumes (`pod.rs`).

use std::collections::BTreeMap;

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{ObjectMeta, Quantity, Time};
use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::PrinterColumn;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{PersistentVolumeClaimSpec, TypedLocalObjectReference, TypedObjectReference};

/// PersistentVolumeClaim is a user's request for storage: a volume of a
/// class, size and access modes, bound by a controller to a
/// PersistentVolume.
///
/// +genclient
/// +kubebuilder:resource:shortName=pvc
/// +kubebuilder:subresource:status
/// +printer:hook
/// +validation:extra
/// +defaulting:hook
/// +resource:strategy
/// +resource:generation=false
/// +resource:returnDeletedObject
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct PersistentVolumeClaim {
    /// The kind, as a claim embedded in another object (a StatefulSet's
    /// claim template) may carry it; read, never written from here (the
    /// object's own `kind` is written with it).
    /// +optional
    #[serde(default, skip_serializing)]
    pub kind: String,
    /// The API version, as an embedded claim may carry it; read, never
    /// written from here.
    /// +optional
    #[serde(default, skip_serializing, rename = "apiVersion")]
    pub api_version: String,
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The storage asked for.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: PersistentVolumeClaimSpec,
    /// What the claim got, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: PersistentVolumeClaimStatus,
}

/// PersistentVolumeClaimStatus is the observed state of a claim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaimStatus {
    /// `Pending`, `Bound` or `Lost`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub phase: String,
    /// The access modes of the bound volume.
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    /// The bound volume's resources (`storage`).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: BTreeMap<String, Quantity>,
    /// The latest observations of the claim's state (a resize, a
    /// modification of its volume).
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<PersistentVolumeClaimCondition>,
    /// The resources allocated to the claim, its capacity included.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allocated_resources: BTreeMap<String, Quantity>,
    /// The state of each resource being resized.
    /// +optional
    /// +mapType=granular
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allocated_resource_statuses: BTreeMap<String, String>,
    /// The VolumeAttributesClass the claim's volume has now.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_volume_attributes_class_name: Option<String>,
    /// The state of a change of the volume's attributes class.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modify_volume_status: Option<ModifyVolumeStatus>,
}

/// PersistentVolumeClaimCondition is one observation of a claim's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaimCondition {
    /// The condition type (`Resizing`, `FileSystemResizePending`...).
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the condition was last probed.
    /// +optional
    /// +protobuf=3
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_probe_time: Option<Time>,
    /// When the status last changed.
    /// +optional
    /// +protobuf=4
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Human-readable details of the last change.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// ModifyVolumeStatus is the state of a change of a volume's attributes
/// class.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ModifyVolumeStatus {
    /// The class being applied.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub target_volume_attributes_class_name: String,
    /// `Pending`, `InProgress` or `Infeasible`.
    /// +protobuf=2
    pub status: String,
}

/// `SetDefaults_PersistentVolumeClaim`: a claim (or claim template) starts
/// `Pending`; its status's capacity and allocated amounts are rounded up
/// to thousandths (`SetDefaults_ResourceList`). The type meta an embedded
/// claim carried is dropped: it is written from the kind's identity, and
/// two claims that differ only by it are the same claim.
impl runtime::defaulting::DefaultHook for PersistentVolumeClaim {
    fn default_hook(&mut self) {
        self.kind.clear();
        self.api_version.clear();
        if self.status.phase.is_empty() {
            self.status.phase = "Pending".into();
        }
        super::set_defaults_resource_list(&mut self.status.capacity);
        super::set_defaults_resource_list(&mut self.status.allocated_resources);
    }
}

/// The access modes a claim may ask for
/// (`supportedAccessModes`, sorted as `sets.List` sorts them).
const ACCESS_MODES: [&str; 4] = [
    "ReadOnlyMany",
    "ReadWriteMany",
    "ReadWriteOnce",
    "ReadWriteOncePod",
];

impl runtime::validate::ValidateExtra for PersistentVolumeClaim {
    /// `ValidatePersistentVolumeClaimSpec` (access modes, a positive
    /// storage request, the volume mode, a DNS subdomain as class), then,
    /// on update, `ValidatePersistentVolumeClaimUpdate`: the spec is
    /// immutable but for a first `volumeName`, a bound claim's storage
    /// request and the attributes class, and the request never shrinks.
    fn validate_extra(
        &self,
        old: Option<&Self>,
        path: &runtime::field::Path,
        _ctx: &runtime::validate::Context,
    ) -> runtime::field::ErrorList {
        let mut errs = claim_spec_errors(&self.spec, &path.child("spec"));
        if let Some(old) = old {
            errs.extend(update_errors(self, old, path));
        }
        errs
    }
}

/// `ValidatePersistentVolumeClaimSpec`, for a claim and a claim template
/// (a StatefulSet's, `validateVolumeClaimTemplates`): access modes, a
/// positive storage request, a DNS subdomain as class, a known volume
/// mode. The data sources are not checked.
pub(crate) fn claim_spec_errors(spec: &PersistentVolumeClaimSpec, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let modes = path.child("accessModes");
    if spec.access_modes.is_empty() {
        errs.push(Error::required(
            &modes,
            "at least 1 access mode is required",
        ));
    }
    for mode in &spec.access_modes {
        if !ACCESS_MODES.contains(&mode.as_str()) {
            errs.push(Error::not_supported(
                &modes,
                BadValue::Str(mode.clone()),
                &ACCESS_MODES,
            ));
        }
    }
    if spec.access_modes.len() > 1 && spec.access_modes.iter().any(|m| m == "ReadWriteOncePod") {
        errs.push(Error::forbidden(
            &modes,
            "may not use ReadWriteOncePod with other access modes",
        ));
    }
    let resources = path.child("resources");
    let storage = resources.key("storage");
    match spec.resources.requests.get("storage") {
        None => errs.push(Error::required(&storage, "")),
        Some(q) if q.is_negative() || q.is_zero() => {
            errs.push(Error::invalid(
                &storage,
                BadValue::Str(q.as_str().to_string()),
                "must be greater than zero",
            ));
        }
        Some(_) => {}
    }
    if let Some(class) = spec.storage_class_name.as_deref().filter(|c| !c.is_empty()) {
        for msg in runtime::validate::names::dns1123_subdomain(class) {
            errs.push(Error::invalid(
                &path.child("storageClassName"),
                BadValue::Str(class.to_string()),
                &msg,
            ));
        }
    }
    if let Some(mode) = &spec.volume_mode
        && mode != "Block"
        && mode != "Filesystem"
    {
        errs.push(Error::not_supported(
            &path.child("volumeMode"),
            BadValue::Str(mode.clone()),
            &["Block", "Filesystem"],
        ));
    }
    errs
}

fn update_errors(
    new: &PersistentVolumeClaim,
    old: &PersistentVolumeClaim,
    path: &Path,
) -> ErrorList {
    let mut errs = Vec::new();
    let mut new_spec = new.spec.clone();
    let mut old_spec = old.spec.clone();
    if old_spec.volume_name.is_empty() {
        // The binder sets `volumeName` once.
        old_spec.volume_name = new_spec.volume_name.clone();
    }
    // A bound claim's storage request may change (it may only grow; below).
    if new.status.phase == "Bound"
        && let Some(storage) = old_spec.resources.requests.get("storage")
    {
        new_spec
            .resources
            .requests
            .insert("storage".into(), storage.clone());
    }
    new_spec.volume_attributes_class_name = old_spec.volume_attributes_class_name.clone();
    if new_spec != old_spec {
        // Upstream appends a `cmp.Diff` of the two specs, which is not
        // reproduced.
        errs.push(Error::forbidden(
            &path.child("spec"),
            "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims",
        ));
    }
    let zero = Quantity::default();
    let size = |c: &PersistentVolumeClaim| c.spec.resources.requests.get("storage").cloned();
    if size(new)
        .unwrap_or_else(|| zero.clone())
        .cmp_amount(&size(old).unwrap_or(zero))
        == std::cmp::Ordering::Less
    {
        errs.push(Error::forbidden(
            &path
                .child("spec")
                .child("resources")
                .child("requests")
                .child("storage"),
            "field can not be less than previous value",
        ));
    }
    errs
}

/// `pkg/registry/core/persistentvolumeclaim/strategy.go`: a created claim
/// starts `Pending` (upstream resets the status and its decoding defaults
/// the phase; this server does not default what it reads back). Creates
/// and updates keep `dataSource` and `dataSourceRef` in step
/// ([`normalize_data_sources`]).
impl runtime::resource::Strategy for PersistentVolumeClaim {
    const PREPARE_FOR_CREATE: bool = true;
    const PREPARE_FOR_UPDATE: bool = true;
    const WARNINGS: bool = true;

    /// `pvcStrategy.WarningsOnCreate`: [`claim_warnings`].
    fn warnings_on_create(&self) -> Vec<String> {
        claim_warnings(self)
    }

    /// `pvcStrategy.WarningsOnUpdate`: [`claim_warnings`] of the new claim.
    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        claim_warnings(self)
    }

    fn prepare_for_create(&mut self) {
        self.status = PersistentVolumeClaimStatus {
            phase: "Pending".into(),
            ..Default::default()
        };
        normalize_data_sources(&mut self.spec, None);
    }

    fn prepare_for_update(&mut self, old: &Self) {
        normalize_data_sources(&mut self.spec, Some(&old.spec));
    }
}

/// `pvcutil.EnforceDataSourceBackwardsCompatibility` then
/// `NormalizeDataSources` (`AnyVolumeDataSource`, GA), as the claim
/// strategy runs them (pkg/api/persistentvolumeclaim/util.go):
///
/// - a `dataSource` other than a PersistentVolumeClaim or a
///   `snapshot.storage.k8s.io` VolumeSnapshot, given without
///   `dataSourceRef` on a claim that had no data source, is dropped (such
///   sources are only set through `dataSourceRef`);
/// - then whichever of the two is set alone is copied into the other (a
///   `dataSourceRef` into another namespace is not).
fn normalize_data_sources(
    spec: &mut PersistentVolumeClaimSpec,
    old: Option<&PersistentVolumeClaimSpec>,
) {
    let old_in_use = old.is_some_and(|o| o.data_source.is_some() || o.data_source_ref.is_some());
    if !old_in_use && spec.data_source_ref.is_none() {
        let pvc_or_snapshot = spec.data_source.as_ref().is_some_and(|source| {
            let group = source.api_group.as_deref().unwrap_or("");
            (source.kind == "PersistentVolumeClaim" && group.is_empty())
                || (source.kind == "VolumeSnapshot" && group == "snapshot.storage.k8s.io")
        });
        if !pvc_or_snapshot {
            spec.data_source = None;
        }
    }
    match (&spec.data_source, &spec.data_source_ref) {
        (Some(source), None) => {
            spec.data_source_ref = Some(TypedObjectReference {
                api_group: source.api_group.clone(),
                kind: source.kind.clone(),
                name: source.name.clone(),
                namespace: None,
            });
        }
        (None, Some(reference)) if reference.namespace.as_deref().is_none_or(str::is_empty) => {
            spec.data_source = Some(TypedLocalObjectReference {
                api_group: reference.api_group.clone(),
                kind: reference.kind.clone(),
                name: reference.name.clone(),
            });
        }
        _ => {}
    }
}

impl runtime::resource::Printer for PersistentVolumeClaim {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::string(
            "Status",
            0,
            "phase represents the current phase of PersistentVolumeClaim.",
        ),
        PrinterColumn::string(
            "Volume",
            0,
            "volumeName is the binding reference to the PersistentVolume backing this claim.",
        ),
        PrinterColumn::string(
            "Capacity",
            0,
            "capacity represents the actual resources of the underlying volume.",
        ),
        PrinterColumn::string(
            "Access Modes",
            0,
            "accessModes contains the actual access modes the volume backing the PVC has. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1",
        ),
        PrinterColumn::string("StorageClass", 0, "StorageClass of the pvc"),
        PrinterColumn::string(
            "VolumeAttributesClass",
            0,
            "VolumeAttributesClass of the pvc",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::string(
            "VolumeMode",
            1,
            "volumeMode defines what type of volume is required by the claim. Value of Filesystem is implied when not included in claim spec.",
        ),
    ];

    /// `printPersistentVolumeClaim`: `Terminating` while deleted; the
    /// capacity and access modes (`RWO,ROX,RWX,RWOP`) of the bound volume,
    /// empty until bound; the class from the beta annotation or the spec;
    /// `<unset>` for no attributes class or volume mode.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let phase = if self.metadata.deletion_timestamp.is_some() {
            "Terminating"
        } else {
            &self.status.phase
        };
        let (capacity, modes) = if self.spec.volume_name.is_empty() {
            (String::new(), String::new())
        } else {
            let capacity = self
                .status
                .capacity
                .get("storage")
                .map_or("0", Quantity::as_str)
                .to_string();
            let modes: Vec<&str> = [
                ("ReadWriteOnce", "RWO"),
                ("ReadOnlyMany", "ROX"),
                ("ReadWriteMany", "RWX"),
                ("ReadWriteOncePod", "RWOP"),
            ]
            .into_iter()
            .filter(|(mode, _)| self.status.access_modes.iter().any(|m| m == mode))
            .map(|(_, short)| short)
            .collect();
            (capacity, modes.join(","))
        };
        let class = self
            .metadata
            .annotations
            .get("volume.beta.kubernetes.io/storage-class")
            .cloned()
            .or_else(|| self.spec.storage_class_name.clone())
            .unwrap_or_default();
        let unset = |v: &Option<String>| {
            v.clone()
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| "<unset>".into())
        };
        vec![
            json!(phase),
            json!(self.spec.volume_name),
            json!(capacity),
            json!(modes),
            json!(class),
            json!(unset(&self.spec.volume_attributes_class_name)),
            json!(age(&self.metadata, now)),
            json!(unset(&self.spec.volume_mode)),
        ]
    }
}

/// `GetWarningsForPersistentVolumeClaim`: the beta storage class
/// annotation is deprecated, then [`claim_spec_warnings`] at `spec`.
fn claim_warnings(claim: &PersistentVolumeClaim) -> Vec<String> {
    let mut warnings = Vec::new();
    if claim
        .metadata
        .annotations
        .contains_key("volume.beta.kubernetes.io/storage-class")
    {
        warnings.push(
            "metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use \"storageClassName\" attribute instead".into(),
        );
    }
    warnings.extend(claim_spec_warnings("spec", &claim.spec));
    warnings
}

/// `GetWarningsForPersistentVolumeClaimSpec`: a storage request or limit
/// that is not a whole number of bytes (Go's `MilliValue`, rounded up, not
/// a multiple of 1000), at `<path>.resources.requests[storage]` and
/// `.limits[storage]`. A StatefulSet passes its claim template's path.
pub(crate) fn claim_spec_warnings(path: &str, spec: &PersistentVolumeClaimSpec) -> Vec<String> {
    let resources = &spec.resources;
    [("requests", &resources.requests), ("limits", &resources.limits)]
        .into_iter()
        .filter_map(|(list, amounts)| {
            let amount = amounts.get("storage")?;
            let milli = amount.round_up_milli().unwrap_or_else(|| amount.clone());
            (!milli.is_whole()).then(|| {
                format!(
                    "{path}.resources.{list}[storage]: fractional byte value {} is invalid, must be an integer",
                    runtime::go::quote(amount.as_str())
                )
            })
        })
        .collect()
}
