use std::collections::BTreeMap;

use macros::Resource;
use runtime::meta::{Condition, DeleteOptions, IntOrString, LabelSelector, ObjectMeta, Time};
use serde::{Deserialize, Serialize};

/// PodDisruptionBudget bounds the voluntary disruptions (evictions) of the
/// pods it selects: how many must stay available, or how many may be
/// unavailable.
///
/// +genclient
/// +kubebuilder:resource:shortName=pdb
/// +kubebuilder:subresource:status
/// +printer:hook
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct PodDisruptionBudget {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The budget.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub spec: PodDisruptionBudgetSpec,
    /// What the disruption controller last observed, written through
    /// `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: PodDisruptionBudgetStatus,
}

/// PodDisruptionBudgetSpec is a disruption budget: `minAvailable` or
/// `maxUnavailable` (not both) of the selected pods.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodDisruptionBudgetSpec {
    /// An eviction is allowed if at least this many of the selected pods (a
    /// count or a percentage) stay available after it.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_available: Option<IntOrString>,
    /// The pods the budget covers: none when unset, every pod of the
    /// namespace when empty.
    /// +optional
    /// +patchStrategy=replace
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// An eviction is allowed if at most this many of the selected pods (a
    /// count or a percentage) are unavailable after it.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    /// When running but not ready pods may be evicted: `IfHealthyBudget`
    /// (the behaviour when unset) or `AlwaysAllow`.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unhealthy_pod_eviction_policy: Option<String>,
}

/// PodDisruptionBudgetStatus is what the disruption controller observed.
///
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodDisruptionBudgetStatus {
    /// The generation the status describes.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub observed_generation: i64,
    /// Pods whose eviction the API server processed and the controller has
    /// not yet seen deleted, with the time of the eviction.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub disrupted_pods: BTreeMap<String, Time>,
    /// How many pods may be disrupted now.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub disruptions_allowed: i32,
    /// How many of the selected pods are healthy.
    /// +optional
    /// +protobuf=4
    #[serde(default)]
    pub current_healthy: i32,
    /// How many of them must stay healthy.
    /// +optional
    /// +protobuf=5
    #[serde(default)]
    pub desired_healthy: i32,
    /// How many pods the budget counts.
    /// +optional
    /// +protobuf=6
    #[serde(default)]
    pub expected_pods: i32,
    /// The controller's `DisruptionAllowed` condition.
    /// +optional
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// Eviction asks that a pod be deleted if its disruption budget allows
/// it: the body of a create of the pod's `eviction` subresource (`POST
/// /api/v1/namespaces/<namespace>/pods/<name>/eviction`), never stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Eviction {
    /// The pod to evict: its name (which must be the path's), and
    /// namespace.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// How the pod is deleted (grace period, preconditions, dry run).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delete_options: Option<DeleteOptions>,
}
