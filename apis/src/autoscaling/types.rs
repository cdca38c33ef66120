// The group's internal types (upstream's `pkg/apis/autoscaling`), which
// `v1` and `v2` convert through: they say everything `v2` says, under the
// same names.
//
// Upstream's `v1` keeps `spec.behavior` in the
// `autoscaling.alpha.kubernetes.io/behavior` annotation as the JSON of the
// *internal* Go struct, which has no JSON tags: field names as in Go
// (`ScaleUp`, `StabilizationWindowSeconds`) and an unset pointer or slice as
// `null`. The behavior types serialize the same way, so annotations written
// by kube-apiserver read here and ours read there; Go also matches the
// names case-insensitively when reading, so the camelCase spelling of a
// hand-written annotation is read too.

use runtime::meta::{LabelSelector, ObjectMeta, Quantity, Time};
use serde::{Deserialize, Serialize};

/// HorizontalPodAutoscaler sets the replica count of a workload that has a
/// `/scale` subresource from observed metrics, between a lower and an upper
/// bound.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct HorizontalPodAutoscaler {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// What to scale, within which bounds, on which metrics and how fast.
    pub spec: HorizontalPodAutoscalerSpec,
    /// What the autoscaler last observed and decided, written through
    /// `/status`.
    pub status: HorizontalPodAutoscalerStatus,
}

/// HorizontalPodAutoscalerSpec is the desired behaviour of an autoscaler.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerSpec {
    /// The workload whose `/scale` replica count is set; its pods are the
    /// ones whose metrics are read.
    pub scale_target_ref: CrossVersionObjectReference,
    /// The fewest replicas the autoscaler scales down to; 1 when unset. 0
    /// only with the `HPAScaleToZero` feature gate and at least one
    /// `Object` or `External` metric.
    pub min_replicas: Option<i32>,
    /// The most replicas the autoscaler scales up to; at least
    /// `minReplicas`.
    pub max_replicas: i32,
    /// The metrics to scale on. Each gives a replica count (current
    /// replicas times the ratio of current to target value) and the
    /// largest wins, so a metric must fall as pods are added. When empty,
    /// an 80% average CPU utilization target is used.
    pub metrics: Vec<MetricSpec>,
    /// How fast to scale up and down; the default rules of each direction
    /// apply when unset.
    pub behavior: Option<HorizontalPodAutoscalerBehavior>,
}

/// CrossVersionObjectReference names an object by kind, name and API
/// version, in the autoscaler's namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CrossVersionObjectReference {
    /// The referent's kind, such as `Deployment`.
    pub kind: String,
    /// The referent's name.
    pub name: String,
    /// The referent's API version, such as `apps/v1`.
    pub api_version: String,
}

/// MetricSpec is one metric to scale on: `type` names the source, and the
/// field of that name (and only it) is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MetricSpec {
    /// The kind of source: `ContainerResource`, `External`, `Object`,
    /// `Pods` or `Resource`.
    pub r#type: String,
    /// A metric of one Kubernetes object, such as requests per second on
    /// an Ingress.
    pub object: Option<ObjectMetricSource>,
    /// A metric reported by each pod of the target, averaged over the pods
    /// before comparison with the target.
    pub pods: Option<PodsMetricSource>,
    /// A resource (such as CPU or memory) used by each pod of the target,
    /// as its requests and limits name it; can be targeted as a percentage
    /// of the pods' requests.
    pub resource: Option<ResourceMetricSource>,
    /// Like `resource`, but counting one named container of each pod.
    pub container_resource: Option<ContainerResourceMetricSource>,
    /// A metric tied to no Kubernetes object, coming from outside the
    /// cluster (a queue's length, a load balancer's request rate).
    pub external: Option<ExternalMetricSource>,
}

/// HorizontalPodAutoscalerBehavior holds the scaling rules of each
/// direction.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HorizontalPodAutoscalerBehavior {
    /// Rules for adding replicas. When unset: the larger of 4 pods or 100%
    /// per 15 seconds, with no stabilization window.
    #[serde(rename = "ScaleUp", alias = "scaleUp")]
    pub scale_up: Option<HPAScalingRules>,
    /// Rules for removing replicas. When unset: down to `minReplicas` at
    /// once (100% per 15 seconds), over a 300 second stabilization window.
    #[serde(rename = "ScaleDown", alias = "scaleDown")]
    pub scale_down: Option<HPAScalingRules>,
}

/// HPAScalingRules bounds scaling in one direction: policies cap the
/// change per period, a stabilization window damps flapping by taking the
/// most conservative recommendation over it, and a tolerance ignores small
/// metric deviations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HPAScalingRules {
    /// Seconds of past recommendations considered, 0 to 3600. When unset:
    /// 0 for scale up, 300 for scale down.
    #[serde(
        rename = "StabilizationWindowSeconds",
        alias = "stabilizationWindowSeconds"
    )]
    pub stabilization_window_seconds: Option<i32>,
    /// Which policy wins: `Max` (the largest change, the default), `Min`
    /// (the smallest) or `Disabled` (no scaling in this direction).
    #[serde(rename = "SelectPolicy", alias = "selectPolicy")]
    pub select_policy: Option<String>,
    /// The policies limiting the change. When unset: for scale up, 100% or
    /// 4 pods per 15 seconds; for scale down, 100% per 15 seconds.
    #[serde(
        serialize_with = "super::nil_if_empty",
        deserialize_with = "super::empty_if_nil"
    )]
    #[serde(rename = "Policies", alias = "policies")]
    pub policies: Vec<HPAScalingPolicy>,
    /// The relative deviation between current and desired metric value
    /// below which replicas are not changed, as a non-negative fraction
    /// (`0.05` for 5%); the cluster-wide tolerance (10% by default) when
    /// unset (beta feature `HPAConfigurableTolerance`, on by default).
    #[serde(rename = "Tolerance", alias = "tolerance")]
    pub tolerance: Option<Quantity>,
}

/// HPAScalingPolicy caps how much the replica count may change within a
/// period.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HPAScalingPolicy {
    /// `Pods` (an absolute number of pods) or `Percent` (a percentage of
    /// the current replicas).
    #[serde(rename = "Type", alias = "type")]
    pub r#type: String,
    /// The allowed change, in the unit `type` names; greater than 0.
    #[serde(rename = "Value", alias = "value")]
    pub value: i32,
    /// The length of the period in seconds, 1 to 1800.
    #[serde(rename = "PeriodSeconds", alias = "periodSeconds")]
    pub period_seconds: i32,
}

/// ObjectMetricSource targets a metric of one Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ObjectMetricSource {
    /// The object the metric describes.
    pub described_object: CrossVersionObjectReference,
    /// The value to keep the metric at.
    pub target: MetricTarget,
    /// The metric, by name and selector.
    pub metric: MetricIdentifier,
}

/// PodsMetricSource targets a metric reported by each pod of the scale
/// target, averaged over the pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PodsMetricSource {
    /// The metric, by name and selector.
    pub metric: MetricIdentifier,
    /// The value to keep the metric at.
    pub target: MetricTarget,
}

/// ResourceMetricSource targets the use of a resource (CPU, memory) by the
/// pods of the scale target, averaged over the pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ResourceMetricSource {
    /// The resource, such as `cpu` or `memory`.
    pub name: String,
    /// The value to keep the use at.
    pub target: MetricTarget,
}

/// ContainerResourceMetricSource targets the use of a resource (CPU,
/// memory) by one container of each pod of the scale target, averaged over
/// the pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ContainerResourceMetricSource {
    /// The resource, such as `cpu` or `memory`.
    pub name: String,
    /// The value to keep the use at.
    pub target: MetricTarget,
    /// The container, by name, within each pod.
    pub container: String,
}

/// ExternalMetricSource targets a metric tied to no Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ExternalMetricSource {
    /// The metric, by name and selector.
    pub metric: MetricIdentifier,
    /// The value to keep the metric at.
    pub target: MetricTarget,
}

/// MetricIdentifier names a metric, optionally narrowed by labels.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MetricIdentifier {
    /// The metric's name.
    pub name: String,
    /// Passed to the metrics server, as a selector string, to narrow the
    /// series read; the name alone when unset.
    pub selector: Option<LabelSelector>,
}

/// MetricTarget is the value a metric is kept at: a total value, a per-pod
/// average, or an average utilization.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MetricTarget {
    /// Which field holds the target: `Value`, `AverageValue` or
    /// `Utilization`.
    pub r#type: String,
    /// The target value of the metric.
    pub value: Option<Quantity>,
    /// The target value of the metric averaged over the pods.
    pub average_value: Option<Quantity>,
    /// The target use averaged over the pods, as a percentage of their
    /// requests; `Resource` and `ContainerResource` metrics only.
    pub average_utilization: Option<i32>,
}

/// HorizontalPodAutoscalerStatus is what the autoscaler last observed and
/// decided.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerStatus {
    /// The generation the autoscaler last acted on.
    pub observed_generation: Option<i64>,
    /// When the autoscaler last changed the replica count; it paces the
    /// next change.
    pub last_scale_time: Option<Time>,
    /// The target's replica count as the autoscaler last read it.
    pub current_replicas: i32,
    /// The replica count the autoscaler last computed.
    pub desired_replicas: i32,
    /// The metrics' values as last read.
    pub current_metrics: Vec<MetricStatus>,
    /// The latest observations of whether the autoscaler can scale
    /// (`AbleToScale`, `ScalingActive`, `ScalingLimited`).
    pub conditions: Vec<HorizontalPodAutoscalerCondition>,
}

/// HorizontalPodAutoscalerCondition is one observation of an autoscaler's
/// state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerCondition {
    /// The condition type.
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    pub status: String,
    /// When the status last changed.
    pub last_transition_time: Option<Time>,
    /// Machine-readable reason for the last change.
    pub reason: String,
    /// Human-readable details of the last change.
    pub message: String,
}

/// MetricStatus is the last read value of one metric: `type` names the
/// source, and the field of that name is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MetricStatus {
    /// The kind of source: `ContainerResource`, `External`, `Object`,
    /// `Pods` or `Resource`.
    pub r#type: String,
    /// A metric of one Kubernetes object.
    pub object: Option<ObjectMetricStatus>,
    /// A metric reported by each pod of the target, averaged over the pods.
    pub pods: Option<PodsMetricStatus>,
    /// A resource used by each pod of the target.
    pub resource: Option<ResourceMetricStatus>,
    /// A resource used by one named container of each pod of the target.
    pub container_resource: Option<ContainerResourceMetricStatus>,
    /// A metric tied to no Kubernetes object.
    pub external: Option<ExternalMetricStatus>,
}

/// ObjectMetricStatus is the current value of a metric of one Kubernetes
/// object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ObjectMetricStatus {
    /// The metric, by name and selector.
    pub metric: MetricIdentifier,
    /// The metric's current value.
    pub current: MetricValueStatus,
    /// The object the metric describes.
    pub described_object: CrossVersionObjectReference,
}

/// PodsMetricStatus is the current value of a metric reported by each pod
/// of the scale target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PodsMetricStatus {
    /// The metric, by name and selector.
    pub metric: MetricIdentifier,
    /// The metric's current value.
    pub current: MetricValueStatus,
}

/// ResourceMetricStatus is the current use of a resource by the pods of
/// the scale target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ResourceMetricStatus {
    /// The resource, such as `cpu` or `memory`.
    pub name: String,
    /// The current use.
    pub current: MetricValueStatus,
}

/// ContainerResourceMetricStatus is the current use of a resource by one
/// container of each pod of the scale target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ContainerResourceMetricStatus {
    /// The resource, such as `cpu` or `memory`.
    pub name: String,
    /// The current use.
    pub current: MetricValueStatus,
    /// The container, by name, within each pod.
    pub container: String,
}

/// ExternalMetricStatus is the current value of a metric tied to no
/// Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ExternalMetricStatus {
    /// The metric, by name and selector.
    pub metric: MetricIdentifier,
    /// The metric's current value.
    pub current: MetricValueStatus,
}

/// MetricValueStatus is a metric's current value, in the form its target
/// uses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MetricValueStatus {
    /// The metric's value.
    pub value: Option<Quantity>,
    /// The metric's value averaged over the pods.
    pub average_value: Option<Quantity>,
    /// The use averaged over the pods, as a percentage of their requests.
    pub average_utilization: Option<i32>,
}
