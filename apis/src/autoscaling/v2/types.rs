use macros::Resource;
use runtime::meta::{LabelSelector, ObjectMeta, Quantity, Time};
use serde::{Deserialize, Serialize};

/// HorizontalPodAutoscaler sets the replica count of a workload that has a
/// `/scale` subresource from observed metrics, between a lower and an upper
/// bound.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.23
/// +kubebuilder:resource:shortName=hpa,categories=all
/// +kubebuilder:storageversion
/// +kubebuilder:subresource:status
/// +printer:hook
/// +defaulting:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct HorizontalPodAutoscaler {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What to scale, within which bounds, on which metrics and how fast.
    /// +protobuf=2
    #[serde(default)]
    pub spec: HorizontalPodAutoscalerSpec,
    /// What the autoscaler last observed and decided, written through
    /// `/status`.
    /// +optional
    /// +protobuf=3
    #[serde(default)]
    pub status: HorizontalPodAutoscalerStatus,
}

/// HorizontalPodAutoscalerSpec is the desired behaviour of an autoscaler.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerSpec {
    /// The workload whose `/scale` replica count is set; its pods are the
    /// ones whose metrics are read.
    /// +protobuf=1
    #[serde(default)]
    pub scale_target_ref: CrossVersionObjectReference,
    /// The fewest replicas the autoscaler scales down to; 1 when unset. 0
    /// only with the `HPAScaleToZero` feature gate and at least one
    /// `Object` or `External` metric.
    /// +default=1
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_replicas: Option<i32>,
    /// The most replicas the autoscaler scales up to; at least
    /// `minReplicas`.
    /// +protobuf=3
    pub max_replicas: i32,
    /// The metrics to scale on. Each gives a replica count (current
    /// replicas times the ratio of current to target value) and the
    /// largest wins, so a metric must fall as pods are added. When empty,
    /// an 80% average CPU utilization target is used.
    /// +listType=atomic
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub metrics: Vec<MetricSpec>,
    /// How fast to scale up and down; the default rules of each direction
    /// apply when unset.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub behavior: Option<HorizontalPodAutoscalerBehavior>,
}

/// CrossVersionObjectReference names an object by kind, name and API
/// version, in the autoscaler's namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CrossVersionObjectReference {
    /// The referent's kind, such as `Deployment`.
    /// +protobuf=1
    pub kind: String,
    /// The referent's name.
    /// +protobuf=2
    pub name: String,
    /// The referent's API version, such as `apps/v1`.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub api_version: String,
}

/// MetricSpec is one metric to scale on: `type` names the source, and the
/// field of that name (and only it) is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MetricSpec {
    /// The kind of source: `ContainerResource`, `External`, `Object`,
    /// `Pods` or `Resource`.
    /// +protobuf=1
    pub r#type: String,
    /// A metric of one Kubernetes object, such as requests per second on
    /// an Ingress.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<ObjectMetricSource>,
    /// A metric reported by each pod of the target, averaged over the pods
    /// before comparison with the target.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pods: Option<PodsMetricSource>,
    /// A resource (such as CPU or memory) used by each pod of the target,
    /// as its requests and limits name it; can be targeted as a percentage
    /// of the pods' requests.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<ResourceMetricSource>,
    /// Like `resource`, but counting one named container of each pod.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container_resource: Option<ContainerResourceMetricSource>,
    /// A metric tied to no Kubernetes object, coming from outside the
    /// cluster (a queue's length, a load balancer's request rate).
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external: Option<ExternalMetricSource>,
}

/// HorizontalPodAutoscalerBehavior holds the scaling rules of each
/// direction.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerBehavior {
    /// Rules for adding replicas. When unset: the larger of 4 pods or 100%
    /// per 15 seconds, with no stabilization window.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale_up: Option<HPAScalingRules>,
    /// Rules for removing replicas. When unset: down to `minReplicas` at
    /// once (100% per 15 seconds), over a 300 second stabilization window.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale_down: Option<HPAScalingRules>,
}

/// HPAScalingRules bounds scaling in one direction: policies cap the
/// change per period, a stabilization window damps flapping by taking the
/// most conservative recommendation over it, and a tolerance ignores small
/// metric deviations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HPAScalingRules {
    /// Seconds of past recommendations considered, 0 to 3600. When unset:
    /// 0 for scale up, 300 for scale down.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stabilization_window_seconds: Option<i32>,
    /// Which policy wins: `Max` (the largest change, the default), `Min`
    /// (the smallest) or `Disabled` (no scaling in this direction).
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select_policy: Option<String>,
    /// The policies limiting the change. When unset: for scale up, 100% or
    /// 4 pods per 15 seconds; for scale down, 100% per 15 seconds.
    /// +listType=atomic
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub policies: Vec<HPAScalingPolicy>,
    /// The relative deviation between current and desired metric value
    /// below which replicas are not changed, as a non-negative fraction
    /// (`0.05` for 5%); the cluster-wide tolerance (10% by default) when
    /// unset. Beta, kept only with the `HPAConfigurableTolerance` feature
    /// gate.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<Quantity>,
}

/// HPAScalingPolicy caps how much the replica count may change within a
/// period.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HPAScalingPolicy {
    /// `Pods` (an absolute number of pods) or `Percent` (a percentage of
    /// the current replicas).
    /// +protobuf=1
    pub r#type: String,
    /// The allowed change, in the unit `type` names; greater than 0.
    /// +protobuf=2
    pub value: i32,
    /// The length of the period in seconds, 1 to 1800.
    /// +protobuf=3
    pub period_seconds: i32,
}

/// ObjectMetricSource targets a metric of one Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMetricSource {
    /// The object the metric describes.
    /// +protobuf=1
    #[serde(default)]
    pub described_object: CrossVersionObjectReference,
    /// The value to keep the metric at.
    /// +protobuf=2
    #[serde(default)]
    pub target: MetricTarget,
    /// The metric, by name and selector.
    /// +protobuf=3
    #[serde(default)]
    pub metric: MetricIdentifier,
}

/// PodsMetricSource targets a metric reported by each pod of the scale
/// target, averaged over the pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodsMetricSource {
    /// The metric, by name and selector.
    /// +protobuf=1
    #[serde(default)]
    pub metric: MetricIdentifier,
    /// The value to keep the metric at.
    /// +protobuf=2
    #[serde(default)]
    pub target: MetricTarget,
}

/// ResourceMetricSource targets the use of a resource (CPU, memory) by the
/// pods of the scale target, averaged over the pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceMetricSource {
    /// The resource, such as `cpu` or `memory`.
    /// +protobuf=1
    pub name: String,
    /// The value to keep the use at.
    /// +protobuf=2
    #[serde(default)]
    pub target: MetricTarget,
}

/// ContainerResourceMetricSource targets the use of a resource (CPU,
/// memory) by one container of each pod of the scale target, averaged over
/// the pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerResourceMetricSource {
    /// The resource, such as `cpu` or `memory`.
    /// +protobuf=1
    pub name: String,
    /// The value to keep the use at.
    /// +protobuf=2
    #[serde(default)]
    pub target: MetricTarget,
    /// The container, by name, within each pod.
    /// +protobuf=3
    pub container: String,
}

/// ExternalMetricSource targets a metric tied to no Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ExternalMetricSource {
    /// The metric, by name and selector.
    /// +protobuf=1
    #[serde(default)]
    pub metric: MetricIdentifier,
    /// The value to keep the metric at.
    /// +protobuf=2
    #[serde(default)]
    pub target: MetricTarget,
}

/// MetricIdentifier names a metric, optionally narrowed by labels.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MetricIdentifier {
    /// The metric's name.
    /// +protobuf=1
    pub name: String,
    /// Passed to the metrics server, as a selector string, to narrow the
    /// series read; the name alone when unset.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
}

/// MetricTarget is the value a metric is kept at: a total value, a per-pod
/// average, or an average utilization.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MetricTarget {
    /// Which field holds the target: `Value`, `AverageValue` or
    /// `Utilization`.
    /// +protobuf=1
    pub r#type: String,
    /// The target value of the metric.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Quantity>,
    /// The target value of the metric averaged over the pods.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_value: Option<Quantity>,
    /// The target use averaged over the pods, as a percentage of their
    /// requests; `Resource` and `ContainerResource` metrics only.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_utilization: Option<i32>,
}

/// HorizontalPodAutoscalerStatus is what the autoscaler last observed and
/// decided.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerStatus {
    /// The generation the autoscaler last acted on.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// When the autoscaler last changed the replica count; it paces the
    /// next change.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_scale_time: Option<Time>,
    /// The target's replica count as the autoscaler last read it.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub current_replicas: i32,
    /// The replica count the autoscaler last computed.
    /// +protobuf=4
    pub desired_replicas: i32,
    /// The metrics' values as last read.
    /// +listType=atomic
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub current_metrics: Vec<MetricStatus>,
    /// The latest observations of whether the autoscaler can scale
    /// (`AbleToScale`, `ScalingActive`, `ScalingLimited`).
    /// +patchMergeKey=type
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=type
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<HorizontalPodAutoscalerCondition>,
}

/// HorizontalPodAutoscalerCondition is one observation of an autoscaler's
/// state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerCondition {
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

/// MetricStatus is the last read value of one metric: `type` names the
/// source, and the field of that name is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MetricStatus {
    /// The kind of source: `ContainerResource`, `External`, `Object`,
    /// `Pods` or `Resource`.
    /// +protobuf=1
    pub r#type: String,
    /// A metric of one Kubernetes object.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<ObjectMetricStatus>,
    /// A metric reported by each pod of the target, averaged over the pods.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pods: Option<PodsMetricStatus>,
    /// A resource used by each pod of the target.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<ResourceMetricStatus>,
    /// A resource used by one named container of each pod of the target.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container_resource: Option<ContainerResourceMetricStatus>,
    /// A metric tied to no Kubernetes object.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external: Option<ExternalMetricStatus>,
}

/// ObjectMetricStatus is the current value of a metric of one Kubernetes
/// object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMetricStatus {
    /// The metric, by name and selector.
    /// +protobuf=1
    #[serde(default)]
    pub metric: MetricIdentifier,
    /// The metric's current value.
    /// +protobuf=2
    #[serde(default)]
    pub current: MetricValueStatus,
    /// The object the metric describes.
    /// +protobuf=3
    #[serde(default)]
    pub described_object: CrossVersionObjectReference,
}

/// PodsMetricStatus is the current value of a metric reported by each pod
/// of the scale target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodsMetricStatus {
    /// The metric, by name and selector.
    /// +protobuf=1
    #[serde(default)]
    pub metric: MetricIdentifier,
    /// The metric's current value.
    /// +protobuf=2
    #[serde(default)]
    pub current: MetricValueStatus,
}

/// ResourceMetricStatus is the current use of a resource by the pods of
/// the scale target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceMetricStatus {
    /// The resource, such as `cpu` or `memory`.
    /// +protobuf=1
    pub name: String,
    /// The current use.
    /// +protobuf=2
    #[serde(default)]
    pub current: MetricValueStatus,
}

/// ContainerResourceMetricStatus is the current use of a resource by one
/// container of each pod of the scale target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerResourceMetricStatus {
    /// The resource, such as `cpu` or `memory`.
    /// +protobuf=1
    pub name: String,
    /// The current use.
    /// +protobuf=2
    #[serde(default)]
    pub current: MetricValueStatus,
    /// The container, by name, within each pod.
    /// +protobuf=3
    pub container: String,
}

/// ExternalMetricStatus is the current value of a metric tied to no
/// Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ExternalMetricStatus {
    /// The metric, by name and selector.
    /// +protobuf=1
    #[serde(default)]
    pub metric: MetricIdentifier,
    /// The metric's current value.
    /// +protobuf=2
    #[serde(default)]
    pub current: MetricValueStatus,
}

/// MetricValueStatus is a metric's current value, in the form its target
/// uses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MetricValueStatus {
    /// The metric's value.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Quantity>,
    /// The metric's value averaged over the pods.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_value: Option<Quantity>,
    /// The use averaged over the pods, as a percentage of their requests.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_utilization: Option<i32>,
}
