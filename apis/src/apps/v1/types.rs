use macros::Resource;
use runtime::meta::{IntOrString, LabelSelector, ObjectMeta, RawExtension, Time};
use serde::{Deserialize, Serialize};

use crate::core::v1::{PersistentVolumeClaim, PodTemplateSpec};

// The scale subresource's selector path points at the LabelSelector object;
// `/scale` reports it as a selector string (`app=web`), as upstream does.

/// Deployment keeps a replicated set of pods at a desired template,
/// rolling out changes to it through ReplicaSets.
///
/// +genclient
/// +kubebuilder:resource:shortName=deploy,categories=all
/// +kubebuilder:subresource:status
/// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.spec.selector
/// +printer:hook
/// +defaulting:hook
/// +resource:annotationsBumpGeneration
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct Deployment {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the deployment.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: DeploymentSpec,
    /// The most recently observed state, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: DeploymentStatus,
}

/// DeploymentSpec is the desired state of a deployment.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentSpec {
    /// How many pods to run; 1 when unset (a pointer, so that 0 is kept).
    /// +default=1
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Selects the pods this deployment owns; must match the template's
    /// labels, and cannot change in apps/v1.
    /// +protobuf=2
    #[serde(default)]
    pub selector: LabelSelector,
    /// The pods to create.
    /// +protobuf=3
    #[serde(default)]
    pub template: PodTemplateSpec,
    /// How old pods are replaced by new ones.
    /// +optional
    /// +patchStrategy=retainKeys
    /// +protobuf=4
    #[serde(default)]
    pub strategy: DeploymentStrategy,
    /// Seconds a new pod must be ready, without a container crashing,
    /// before it counts as available; 0 by default.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub min_ready_seconds: i32,
    /// How many old ReplicaSets to keep for rollback; 10 when unset.
    /// +default=10
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision_history_limit: Option<i32>,
    /// A paused deployment is not rolled out by the controller.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub paused: bool,
    /// Seconds a rollout may go without progress before it is reported
    /// failed (`ProgressDeadlineExceeded`); 600 when unset.
    /// +default=600
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress_deadline_seconds: Option<i32>,
}

/// DeploymentStrategy says how a deployment replaces its pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStrategy {
    /// `Recreate` (all old pods go first) or `RollingUpdate` (the default).
    /// +default="RollingUpdate"
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
    /// Rolling update parameters, only with type `RollingUpdate`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdateDeployment>,
}

/// RollingUpdateDeployment bounds a rolling update.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdateDeployment {
    /// How many pods may be unavailable during the update: a count or a
    /// percentage of the desired pods (rounded down); 25% by default.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    /// How many pods may run above the desired count during the update: a
    /// count or a percentage (rounded up); 25% by default.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,
}

/// DeploymentStatus is the observed state of a deployment.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStatus {
    /// The generation the controller last acted on.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// Pods (not terminating) selected by the deployment.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub replicas: i32,
    /// Pods (not terminating) that run the current template.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub updated_replicas: i32,
    /// Pods (not terminating) whose Ready condition is true.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub ready_replicas: i32,
    /// Pods (not terminating) ready for at least `minReadySeconds`.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub available_replicas: i32,
    /// Pods still missing for full availability: running but not yet
    /// available, or not created yet.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub unavailable_replicas: i32,
    /// Pods being deleted that have not yet finished.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating_replicas: Option<i32>,
    /// The latest observations of the deployment's state.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<DeploymentCondition>,
    /// Hash collisions met while naming the newest ReplicaSet.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collision_count: Option<i32>,
}

/// DeploymentCondition is one observation of a deployment's state
/// (`Available`, `Progressing`, `ReplicaFailure`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentCondition {
    /// The condition type.
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the condition was last updated.
    /// +optional
    /// +protobuf=6
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_update_time: Option<Time>,
    /// When the status last changed.
    /// +optional
    /// +protobuf=7
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Human-readable details of the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// ReplicaSet keeps a stable set of identical pods running; Deployments
/// own ReplicaSets and roll them over.
///
/// +genclient
/// +kubebuilder:resource:shortName=rs,categories=all
/// +kubebuilder:subresource:status
/// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.spec.selector
/// +printer:hook
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct ReplicaSet {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired pods.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: ReplicaSetSpec,
    /// The most recently observed state, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: ReplicaSetStatus,
}

/// ReplicaSetSpec is the desired state of a replica set.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaSetSpec {
    /// How many pods to run; 1 when unset (a pointer, so that 0 is kept).
    /// +default=1
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Seconds a new pod must be ready, without a container crashing,
    /// before it counts as available; 0 by default.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub min_ready_seconds: i32,
    /// Selects the pods this replica set counts; must match the template's
    /// labels.
    /// +protobuf=2
    #[serde(default)]
    pub selector: LabelSelector,
    /// The pods to create when too few are selected.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub template: PodTemplateSpec,
}

/// ReplicaSetStatus is the observed state of a replica set.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaSetStatus {
    /// Pods (not terminating) selected by the replica set.
    /// +protobuf=1
    #[serde(default)]
    pub replicas: i32,
    /// Pods (not terminating) whose labels match the template's labels.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub fully_labeled_replicas: i32,
    /// Pods (not terminating) whose Ready condition is true.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub ready_replicas: i32,
    /// Pods (not terminating) ready for at least `minReadySeconds`.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub available_replicas: i32,
    /// Pods being deleted that have not yet finished.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating_replicas: Option<i32>,
    /// The generation the controller last acted on.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// The latest observations of the replica set's state.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ReplicaSetCondition>,
}

/// ReplicaSetCondition is one observation of a replica set's state
/// (`ReplicaFailure`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ReplicaSetCondition {
    /// The condition type.
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the status last changed.
    /// +optional
    /// +protobuf=3
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Human-readable details of the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// DaemonSet runs one copy of a pod on every node its template selects.
///
/// +genclient
/// +kubebuilder:resource:shortName=ds,categories=all
/// +kubebuilder:subresource:status
/// +printer:hook
/// +defaulting:hook
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct DaemonSet {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state of the daemon set.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: DaemonSetSpec,
    /// The most recently observed state, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: DaemonSetStatus,
}

/// DaemonSetSpec is the desired state of a daemon set.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSetSpec {
    /// Selects the pods this daemon set owns; must match the template's
    /// labels, and cannot change in apps/v1.
    /// +protobuf=1
    #[serde(default)]
    pub selector: LabelSelector,
    /// The pod to run on each node the template's node selector and
    /// affinity select (every node when they select all).
    /// +protobuf=2
    #[serde(default)]
    pub template: PodTemplateSpec,
    /// How old pods are replaced by new ones.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub update_strategy: DaemonSetUpdateStrategy,
    /// Seconds a new pod must be ready, without a container crashing,
    /// before it counts as available; 0 by default.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub min_ready_seconds: i32,
    /// How many old revisions to keep for rollback; 10 when unset.
    /// +default=10
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision_history_limit: Option<i32>,
}

/// DaemonSetUpdateStrategy says how a daemon set replaces its pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSetUpdateStrategy {
    /// `RollingUpdate` (the default) or `OnDelete` (a pod is replaced only
    /// once deleted).
    /// +default="RollingUpdate"
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
    /// Rolling update parameters, only with type `RollingUpdate`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdateDaemonSet>,
}

/// RollingUpdateDaemonSet bounds a daemon set's rolling update.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdateDaemonSet {
    /// How many nodes may lack an available pod during the update: a count
    /// or a percentage of the desired nodes (rounded up); 1 by default.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    /// How many nodes may run an updated pod beside the old one during the
    /// update: a count or a percentage (rounded up, at least 1); 0 by
    /// default, and not 0 when maxUnavailable is.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,
}

/// DaemonSetStatus is the observed state of a daemon set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSetStatus {
    /// Nodes that should run the pod and run at least one.
    /// +protobuf=1
    #[serde(default)]
    pub current_number_scheduled: i32,
    /// Nodes that run the pod but should not.
    /// +protobuf=2
    #[serde(default)]
    pub number_misscheduled: i32,
    /// Nodes that should run the pod (those that do included).
    /// +protobuf=3
    #[serde(default)]
    pub desired_number_scheduled: i32,
    /// Nodes that should run the pod and run one whose Ready condition is
    /// true.
    /// +protobuf=4
    #[serde(default)]
    pub number_ready: i32,
    /// The generation the controller last acted on.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// Nodes that run the current template's pod.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub updated_number_scheduled: i32,
    /// Nodes that should run the pod and run one available (ready for at
    /// least `minReadySeconds`).
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub number_available: i32,
    /// Nodes that should run the pod and run none available.
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub number_unavailable: i32,
    /// Hash collisions met while naming the newest ControllerRevision.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collision_count: Option<i32>,
    /// The latest observations of the daemon set's state.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<DaemonSetCondition>,
}

/// DaemonSetCondition is one observation of a daemon set's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct DaemonSetCondition {
    /// The condition type.
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the status last changed.
    /// +optional
    /// +protobuf=3
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Human-readable details of the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// StatefulSet runs pods with stable identities: each keeps its ordinal
/// name, its network identity and the claims made from the volume claim
/// templates.
///
/// +genclient
/// +kubebuilder:resource:shortName=sts,categories=all
/// +kubebuilder:subresource:status
/// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.spec.selector
/// +printer:hook
/// +defaulting:hook
/// +resource:strategy
/// +resource:nameFormat=dns1123-label
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct StatefulSet {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired identities of the set's pods.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: StatefulSetSpec,
    /// The most recently observed state, written through `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: StatefulSetStatus,
}

/// StatefulSetSpec is the desired state of a stateful set.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetSpec {
    /// How many pods to run; 1 when unset (a pointer, so that 0 is kept).
    /// +default=1
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Selects the pods this set owns; must match the template's labels.
    /// +protobuf=2
    #[serde(default)]
    pub selector: LabelSelector,
    /// The pods to create, each named `<set name>-<ordinal>`. Validated by
    /// the spec's hand-written rules, which give it a volume per claim
    /// template first, as upstream's do.
    /// +k8s:opaqueType
    /// +protobuf=3
    #[serde(default)]
    pub template: PodTemplateSpec,
    /// Claims each pod gets its own of, matched by name to the template's
    /// volume mounts. Validated by the spec's hand-written rules
    /// (`validateVolumeClaimTemplates`), on create, in upstream's order.
    /// Written each with `kind` and `apiVersion`, as upstream's conversion
    /// sets them.
    /// +optional
    /// +k8s:eachVal=+k8s:opaqueType
    /// +listType=atomic
    /// +protobuf=4
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "runtime::registry::serialize_embedded_list"
    )]
    pub volume_claim_templates: Vec<PersistentVolumeClaim>,
    /// The headless Service that gives the pods their DNS names.
    /// +optional
    /// +protobuf=5
    #[serde(default)]
    pub service_name: String,
    /// `OrderedReady` (the default: one pod at a time, in order) or
    /// `Parallel`.
    /// +default="OrderedReady"
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub pod_management_policy: String,
    /// How pods are replaced when the template changes.
    /// +optional
    /// +protobuf=7
    #[serde(default)]
    pub update_strategy: StatefulSetUpdateStrategy,
    /// How many old revisions to keep; 10 when unset.
    /// +default=10
    /// +optional
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision_history_limit: Option<i32>,
    /// Seconds a new pod must be ready, without a container crashing,
    /// before it counts as available; 0 by default.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub min_ready_seconds: i32,
    /// Whether the claims made from the templates are deleted with the set
    /// or when it scales down; both `Retain` by default.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent_volume_claim_retention_policy:
        Option<StatefulSetPersistentVolumeClaimRetentionPolicy>,
    /// The first ordinal (0 when unset).
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordinals: Option<StatefulSetOrdinals>,
}

/// StatefulSetUpdateStrategy says how a stateful set replaces its pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetUpdateStrategy {
    /// `RollingUpdate` (the default) or `OnDelete`.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub r#type: String,
    /// Rolling update parameters, only with type `RollingUpdate`.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdateStatefulSetStrategy>,
}

/// RollingUpdateStatefulSetStrategy bounds a stateful set's rolling update.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdateStatefulSetStrategy {
    /// Pods with an ordinal below this keep the old template; 0 by default.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<i32>,
    /// How many pods may be unavailable during the update: a count or a
    /// percentage (rounded up), not 0; honoured only with the
    /// `MaxUnavailableStatefulSet` feature.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
}

/// StatefulSetPersistentVolumeClaimRetentionPolicy says what happens to
/// the claims made from a stateful set's templates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetPersistentVolumeClaimRetentionPolicy {
    /// `Retain` or `Delete` the claims when the set is deleted.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub when_deleted: String,
    /// `Retain` or `Delete` the claims of the pods a scale-down removes.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub when_scaled: String,
}

/// StatefulSetOrdinals numbers a stateful set's pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetOrdinals {
    /// The first pod's ordinal.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub start: i32,
}

/// StatefulSetStatus is the observed state of a stateful set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetStatus {
    /// The generation the controller last acted on.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// Pods the controller created.
    /// +protobuf=2
    #[serde(default)]
    pub replicas: i32,
    /// Pods whose Ready condition is true.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub ready_replicas: i32,
    /// Pods made from the current revision.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub current_replicas: i32,
    /// Pods made from the update revision.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub updated_replicas: i32,
    /// The revision of the pods `[0, currentReplicas)`.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub current_revision: String,
    /// The revision of the pods `[replicas - updatedReplicas, replicas)`.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub update_revision: String,
    /// Hash collisions met while naming the newest ControllerRevision.
    /// +optional
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collision_count: Option<i32>,
    /// The latest observations of the stateful set's state.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<StatefulSetCondition>,
    /// Pods ready for at least `minReadySeconds`.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub available_replicas: i32,
}

/// StatefulSetCondition is one observation of a stateful set's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StatefulSetCondition {
    /// The condition type.
    /// +protobuf=1
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    /// +protobuf=2
    pub status: String,
    /// When the status last changed.
    /// +optional
    /// +protobuf=3
    // A value `metav1.Time` upstream: written as `null` when unset.
    #[serde(default, deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub reason: String,
    /// Human-readable details of the last change.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub message: String,
}

/// ControllerRevision is an immutable snapshot of a controller's state
/// (for a DaemonSet or a StatefulSet, the template it rolled out), which
/// `kubectl rollout history` and `undo` read.
///
/// +genclient
/// +printer:hook
/// +validation:extra
/// +resource:generation=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct ControllerRevision {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The snapshot: a JSON object, set at create and never changed.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<RawExtension>,
    /// Which revision of the controller's state `data` is.
    /// +protobuf=3
    #[serde(default)]
    pub revision: i64,
}

/// As upstream's `SetDefaults_Deployment`, for what the field `+default`s
/// (1 replica, 10 old ReplicaSets kept, a 600 second progress deadline,
/// strategy `RollingUpdate`, all run after this hook) cannot say: a rolling
/// update strategy (or one without a type yet) gets 25% max unavailable and
/// 25% max surge.
impl runtime::defaulting::DefaultHook for Deployment {
    fn default_hook(&mut self) {
        let strategy = &mut self.spec.strategy;
        if strategy.r#type.is_empty() || strategy.r#type == "RollingUpdate" {
            let rolling = strategy.rolling_update.get_or_insert_with(Default::default);
            let quarter = || Some(IntOrString::String("25%".into()));
            if rolling.max_unavailable.is_none() {
                rolling.max_unavailable = quarter();
            }
            if rolling.max_surge.is_none() {
                rolling.max_surge = quarter();
            }
        }
    }
}

/// As upstream's `SetDefaults_DaemonSet`, for what the field `+default`s
/// (10 old revisions kept, strategy `RollingUpdate`, run after this hook)
/// cannot say: a rolling update strategy (or one without a type yet) gets
/// 1 max unavailable and 0 max surge.
impl runtime::defaulting::DefaultHook for DaemonSet {
    fn default_hook(&mut self) {
        let strategy = &mut self.spec.update_strategy;
        if strategy.r#type.is_empty() || strategy.r#type == "RollingUpdate" {
            let rolling = strategy.rolling_update.get_or_insert_with(Default::default);
            rolling.max_unavailable.get_or_insert(IntOrString::Int(1));
            rolling.max_surge.get_or_insert(IntOrString::Int(0));
        }
    }
}

/// As upstream's `SetDefaults_StatefulSet`, for what the field
/// `+default`s (OrderedReady, 1 replica, 10 revisions, run after this
/// hook) cannot say: an untyped update strategy becomes a rolling update
/// (partition 0), and claims are retained on delete and scale-down.
impl runtime::defaulting::DefaultHook for StatefulSet {
    fn default_hook(&mut self) {
        let strategy = &mut self.spec.update_strategy;
        if strategy.r#type.is_empty() {
            strategy.r#type = "RollingUpdate".into();
            strategy.rolling_update.get_or_insert_with(Default::default);
        }
        if strategy.r#type == "RollingUpdate"
            && let Some(rolling) = &mut strategy.rolling_update
        {
            rolling.partition.get_or_insert(0);
        }
        let policy = self
            .spec
            .persistent_volume_claim_retention_policy
            .get_or_insert_with(Default::default);
        for when in [&mut policy.when_deleted, &mut policy.when_scaled] {
            if when.is_empty() {
                *when = "Retain".into();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime::defaulting::SetDefaults;
    use serde_json::{Value, json};

    fn defaulted(v: Value) -> Value {
        let mut d: Deployment = serde_json::from_value(v).unwrap();
        d.set_defaults();
        serde_json::to_value(d).unwrap()
    }
    #[test]
    fn deployment_defaults_as_upstream() {
        let v = defaulted(json!({"metadata": {"name": "web"}}));
        assert_eq!(v["spec"]["replicas"], 1);
        assert_eq!(v["spec"]["revisionHistoryLimit"], 10);
        assert_eq!(v["spec"]["progressDeadlineSeconds"], 600);
        assert_eq!(
            v["spec"]["strategy"],
            json!({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}})
        );

        let v = defaulted(json!({"spec": {
            "replicas": 0,
            "strategy": {"type": "Recreate"},
            "revisionHistoryLimit": 0
        }}));
        assert_eq!(v["spec"]["replicas"], 0);
        assert_eq!(v["spec"]["strategy"], json!({"type": "Recreate"}));
        assert_eq!(v["spec"]["revisionHistoryLimit"], 0);

        let v = defaulted(
            json!({"spec": {"strategy": {"type": "", "rollingUpdate": {"maxSurge": 1}}}}),
        );
        assert_eq!(
            v["spec"]["strategy"],
            json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1, "maxUnavailable": "25%"}})
        );
    }
}
