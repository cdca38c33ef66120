use macros::Resource;
use runtime::meta::{LabelSelector, ObjectMeta, Quantity, Time};
use serde::{Deserialize, Serialize};

// autoscaling/v1 only knows a CPU target. The richer metric types further
// down are not fields of any v1 object: conversion from the hub writes them,
// as JSON, into the `autoscaling.alpha.kubernetes.io/*` annotations, so
// their field names, order and omission rules are upstream's exactly.

/// HorizontalPodAutoscaler scales a target workload's replica count, through
/// its `/scale` subresource, to keep average CPU use near a target.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
/// +kubebuilder:resource:shortName=hpa,categories=all
/// +kubebuilder:subresource:status
/// +printer:hook
/// +validation:extra
/// +k8s:conversion-gen=false
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct HorizontalPodAutoscaler {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What to scale, between which bounds, toward which CPU target.
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
    /// The workload whose `/scale` subresource is read and written.
    /// +protobuf=1
    #[serde(default)]
    pub scale_target_ref: CrossVersionObjectReference,
    /// The fewest replicas the autoscaler may scale down to; 1 when unset.
    /// 0 is accepted only with the `HPAScaleToZero` feature gate and at
    /// least one Object or External metric.
    /// +default=1
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_replicas: Option<i32>,
    /// The most replicas the autoscaler may scale up to; at least
    /// `minReplicas`.
    /// +protobuf=3
    pub max_replicas: i32,
    /// Target mean CPU use over the pods, as a percentage of their CPU
    /// requests (70 means 70%); the default policy applies when unset.
    /// +optional
    /// +protobuf=4
    #[serde(
        default,
        rename = "targetCPUUtilizationPercentage",
        skip_serializing_if = "Option::is_none"
    )]
    pub target_cpu_utilization_percentage: Option<i32>,
}

/// CrossVersionObjectReference names an object of a given kind and API
/// version in the autoscaler's namespace.
///
/// +structType=atomic
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct CrossVersionObjectReference {
    /// The referent's kind (`Deployment`).
    /// +protobuf=1
    pub kind: String,
    /// The referent's name.
    /// +protobuf=2
    pub name: String,
    /// The referent's group/version (`apps/v1`).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub api_version: String,
}

/// HorizontalPodAutoscalerStatus is what an autoscaler last observed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerStatus {
    /// The generation the autoscaler last acted on.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// When the autoscaler last changed the replica count; it paces how
    /// often scaling happens.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(deserialize_with = "runtime::meta::zero_time_as_none")]
    pub last_scale_time: Option<Time>,
    /// Replicas the target has now.
    /// +protobuf=3
    pub current_replicas: i32,
    /// Replicas the autoscaler last asked for.
    /// +protobuf=4
    pub desired_replicas: i32,
    /// Mean CPU use over the pods now, as a percentage of their CPU requests
    /// (70 means 70%).
    /// +optional
    /// +protobuf=5
    #[serde(
        default,
        rename = "currentCPUUtilizationPercentage",
        skip_serializing_if = "Option::is_none"
    )]
    pub current_cpu_utilization_percentage: Option<i32>,
}

/// MetricSpec is one metric to scale on: `type` says which one of the other
/// fields is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MetricSpec {
    /// The metric source: `Object`, `Pods`, `Resource`, `ContainerResource`
    /// or `External`, naming the field that is set.
    /// +protobuf=1
    pub r#type: String,
    /// A metric of one Kubernetes object (requests per second on an
    /// Ingress).
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<ObjectMetricSource>,
    /// A metric of each pod of the target, averaged over the pods.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pods: Option<PodsMetricSource>,
    /// A resource (`cpu`, `memory`) of each pod of the target, as in its
    /// requests and limits.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<ResourceMetricSource>,
    /// A resource of one named container in each pod of the target.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container_resource: Option<ContainerResourceMetricSource>,
    /// A metric from outside the cluster, tied to no Kubernetes object
    /// (a cloud queue's length).
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external: Option<ExternalMetricSource>,
}

/// ObjectMetricSource scales on a metric of one Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMetricSource {
    /// The object the metric describes.
    /// +protobuf=1
    #[serde(default)]
    pub target: CrossVersionObjectReference,
    /// The metric's name.
    /// +protobuf=2
    pub metric_name: String,
    /// The value to aim for.
    /// +protobuf=3
    #[serde(default)]
    pub target_value: Quantity,
    /// Narrows the metric's series; sent to the metrics server when set,
    /// otherwise only `metricName` is used.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// The value to aim for, divided over the target's pods.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_value: Option<Quantity>,
}

/// PodsMetricSource scales on a metric of each pod of the target, averaged
/// over the pods before it is compared with the target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodsMetricSource {
    /// The metric's name.
    /// +protobuf=1
    pub metric_name: String,
    /// The per-pod average to aim for.
    /// +protobuf=2
    #[serde(default)]
    pub target_average_value: Quantity,
    /// Narrows the metric's series; sent to the metrics server when set,
    /// otherwise only `metricName` is used.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
}

/// ResourceMetricSource scales on a resource of each pod of the target
/// (`cpu`, `memory`), averaged over the pods; one target is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceMetricSource {
    /// The resource's name.
    /// +protobuf=1
    pub name: String,
    /// The mean use to aim for, as a percentage of the pods' requests.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_average_utilization: Option<i32>,
    /// The mean use to aim for, as an amount rather than a percentage.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_average_value: Option<Quantity>,
}

/// ContainerResourceMetricSource scales on a resource of one named container
/// in each pod of the target, averaged over the pods; one target is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerResourceMetricSource {
    /// The resource's name.
    /// +protobuf=1
    pub name: String,
    /// The mean use to aim for, as a percentage of the containers'
    /// requests.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_average_utilization: Option<i32>,
    /// The mean use to aim for, as an amount rather than a percentage.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_average_value: Option<Quantity>,
    /// The container, by name, in the target's pods.
    /// +protobuf=5
    pub container: String,
}

/// ExternalMetricSource scales on a metric from outside the cluster, tied
/// to no Kubernetes object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ExternalMetricSource {
    /// The metric's name.
    /// +protobuf=1
    pub metric_name: String,
    /// Picks one series of the metric.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric_selector: Option<LabelSelector>,
    /// The value to aim for; not with `targetAverageValue`.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_value: Option<Quantity>,
    /// The per-pod value to aim for; not with `targetValue`.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_average_value: Option<Quantity>,
}

/// MetricStatus is the last reading of one metric: `type` says which one of
/// the other fields is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MetricStatus {
    /// The metric source: `Object`, `Pods`, `Resource`, `ContainerResource`
    /// or `External`, naming the field that is set.
    /// +protobuf=1
    pub r#type: String,
    /// A metric of one Kubernetes object.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<ObjectMetricStatus>,
    /// A metric of each pod of the target, averaged over the pods.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pods: Option<PodsMetricStatus>,
    /// A resource of each pod of the target.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<ResourceMetricStatus>,
    /// A resource of one named container in each pod of the target.
    /// +optional
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container_resource: Option<ContainerResourceMetricStatus>,
    /// A metric from outside the cluster, tied to no Kubernetes object.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external: Option<ExternalMetricStatus>,
}

/// HorizontalPodAutoscalerCondition is one observation of an autoscaler's
/// state (`ScalingActive`, `AbleToScale`, `ScalingLimited`,
/// `ScaledToZero`).
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

/// ObjectMetricStatus is the last reading of a metric of one Kubernetes
/// object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMetricStatus {
    /// The object the metric describes.
    /// +protobuf=1
    #[serde(default)]
    pub target: CrossVersionObjectReference,
    /// The metric's name.
    /// +protobuf=2
    pub metric_name: String,
    /// The metric's current value.
    /// +protobuf=3
    #[serde(default)]
    pub current_value: Quantity,
    /// The series selector the metric was read with, when the source set
    /// one.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// The current value divided over the target's pods.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_value: Option<Quantity>,
}

/// PodsMetricStatus is the last reading of a metric of each pod of the
/// target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PodsMetricStatus {
    /// The metric's name.
    /// +protobuf=1
    pub metric_name: String,
    /// The current mean over the pods.
    /// +protobuf=2
    #[serde(default)]
    pub current_average_value: Quantity,
    /// The series selector the metric was read with, when the source set
    /// one.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
}

/// ResourceMetricStatus is the last reading of a resource of each pod of the
/// target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ResourceMetricStatus {
    /// The resource's name.
    /// +protobuf=1
    pub name: String,
    /// The current mean use, as a percentage of the pods' requests; only
    /// when the spec gave a utilization target.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_average_utilization: Option<i32>,
    /// The current mean use as an amount; always set.
    /// +protobuf=3
    #[serde(default)]
    pub current_average_value: Quantity,
}

/// ContainerResourceMetricStatus is the last reading of a resource of one
/// named container in each pod of the target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ContainerResourceMetricStatus {
    /// The resource's name.
    /// +protobuf=1
    pub name: String,
    /// The current mean use, as a percentage of the containers' requests;
    /// only when the spec gave a utilization target.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_average_utilization: Option<i32>,
    /// The current mean use as an amount; always set.
    /// +protobuf=3
    #[serde(default)]
    pub current_average_value: Quantity,
    /// The container, by name, in the target's pods.
    /// +protobuf=4
    pub container: String,
}

/// ExternalMetricStatus is the last reading of a metric from outside the
/// cluster.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ExternalMetricStatus {
    /// The metric's name.
    /// +protobuf=1
    pub metric_name: String,
    /// The series of the metric that was read.
    /// +optional
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric_selector: Option<LabelSelector>,
    /// The metric's current value.
    /// +protobuf=3
    #[serde(default)]
    pub current_value: Quantity,
    /// The current value divided over the target's pods.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_average_value: Option<Quantity>,
}
