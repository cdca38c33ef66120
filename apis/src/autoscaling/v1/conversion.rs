// Hand-written conversions of autoscaling/v1 (upstream's
// `pkg/apis/autoscaling/v1/conversion.go`). v1 says only a CPU target; the
// internal version's other metrics, its behavior, current metrics and
// conditions travel in the four `autoscaling.alpha.kubernetes.io/*`
// annotations, so that an object read and written back at v1 keeps what a
// v2 client set. The metric types v1 declares for those annotations are
// upstream's older shape (`targetAverageValue`, `metricName`), converted
// here pair by pair; MetricSpec, MetricStatus, the reference and the
// condition convert field by field (zz_generated.conversion.rs).
//
// The object's own conversion is not generated (`+k8s:conversion-gen=false`
// on the kind): it writes the annotations, so v1 -> internal -> v1 is not
// the identity (a CPU reading comes back also as a current-metrics
// annotation, as upstream's does), which is what the generated round-trip
// tests would require; conversion_tests below test it instead.

use runtime::meta::Quantity;

use super::{
    ContainerResourceMetricSource, ContainerResourceMetricStatus, ExternalMetricSource,
    ExternalMetricStatus, HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition,
    HorizontalPodAutoscalerSpec, HorizontalPodAutoscalerStatus, MetricSpec, MetricStatus,
    ObjectMetricSource, ObjectMetricStatus, PodsMetricSource, PodsMetricStatus,
    ResourceMetricSource, ResourceMetricStatus,
};
use crate::autoscaling::{self as hub, drop_round_trip_annotations};

/// Whether `metric` is the CPU utilization target v1's
/// `targetCPUUtilizationPercentage` says.
fn is_cpu_utilization(metric: &hub::MetricSpec) -> bool {
    metric.r#type == "Resource"
        && metric
            .resource
            .as_ref()
            .is_some_and(|r| r.name == "cpu" && r.target.average_utilization.is_some())
}

/// The internal CPU utilization target of `percent`.
fn cpu_utilization(percent: i32) -> hub::MetricSpec {
    hub::MetricSpec {
        r#type: "Resource".into(),
        resource: Some(hub::ResourceMetricSource {
            name: "cpu".into(),
            target: hub::MetricTarget {
                r#type: "Utilization".into(),
                average_utilization: Some(percent),
                ..Default::default()
            },
        }),
        ..Default::default()
    }
}

/// The annotation `key` parsed as `T`, if present and well formed
/// (upstream moves only well-formed data from annotations to fields).
fn from_annotation<T: serde::de::DeserializeOwned>(
    annotations: &std::collections::BTreeMap<String, String>,
    key: &str,
) -> Option<T> {
    serde_json::from_str(annotations.get(key)?).ok()
}

/// JSON of a value of the types above, which always encode.
fn to_annotation<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the annotation types encode as JSON")
}

/// `Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler`:
/// the spec and status convert; the annotations give back the other
/// metrics (before the CPU target), the behavior, the current metrics
/// (replacing the CPU reading) and the conditions, and are dropped; an
/// autoscaler with no metric at all gets the 80% CPU target v1 always
/// implied.
impl From<HorizontalPodAutoscaler> for hub::HorizontalPodAutoscaler {
    fn from(input: HorizontalPodAutoscaler) -> Self {
        let HorizontalPodAutoscaler {
            mut metadata,
            spec,
            status,
        } = input;
        let mut spec: hub::HorizontalPodAutoscalerSpec = spec.into();
        let mut status: hub::HorizontalPodAutoscalerStatus = status.into();
        let annotations = &metadata.annotations;
        if let Some(others) =
            from_annotation::<Vec<MetricSpec>>(annotations, hub::METRIC_SPECS_ANNOTATION)
        {
            let mut metrics: Vec<hub::MetricSpec> = others.into_iter().map(Into::into).collect();
            metrics.extend(spec.metrics.drain(..).take(1));
            spec.metrics = metrics;
        }
        if let Some(behavior) = from_annotation::<hub::HorizontalPodAutoscalerBehavior>(
            annotations,
            hub::BEHAVIOR_SPECS_ANNOTATION,
        ) && behavior != hub::HorizontalPodAutoscalerBehavior::default()
        {
            spec.behavior = Some(behavior);
        }
        if let Some(current) =
            from_annotation::<Vec<MetricStatus>>(annotations, hub::METRIC_STATUSES_ANNOTATION)
        {
            status.current_metrics = current.into_iter().map(Into::into).collect();
        }
        if spec.metrics.is_empty() {
            spec.metrics = vec![cpu_utilization(hub::DEFAULT_CPU_UTILIZATION)];
        }
        if let Some(conditions) = from_annotation::<Vec<HorizontalPodAutoscalerCondition>>(
            annotations,
            hub::CONDITIONS_ANNOTATION,
        ) {
            status.conditions = conditions.into_iter().map(Into::into).collect();
        }
        drop_round_trip_annotations(&mut metadata.annotations);
        hub::HorizontalPodAutoscaler {
            metadata,
            spec,
            status,
        }
    }
}

/// `Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler`:
/// the annotations are replaced by the ones this conversion writes: the
/// metrics other than a CPU utilization target, every current metric (even
/// the CPU reading v1 also says, to keep its raw value), the behavior (as
/// the internal type's JSON) and the conditions.
impl From<hub::HorizontalPodAutoscaler> for HorizontalPodAutoscaler {
    fn from(input: hub::HorizontalPodAutoscaler) -> Self {
        let hub::HorizontalPodAutoscaler {
            mut metadata,
            spec,
            status,
        } = input;
        let annotations = &mut metadata.annotations;
        drop_round_trip_annotations(annotations);
        let others: Vec<MetricSpec> = spec
            .metrics
            .iter()
            .filter(|m| !is_cpu_utilization(m))
            .cloned()
            .map(Into::into)
            .collect();
        if !others.is_empty() {
            annotations.insert(hub::METRIC_SPECS_ANNOTATION.into(), to_annotation(&others));
        }
        if !status.current_metrics.is_empty() {
            let current: Vec<MetricStatus> = status
                .current_metrics
                .iter()
                .cloned()
                .map(Into::into)
                .collect();
            annotations.insert(
                hub::METRIC_STATUSES_ANNOTATION.into(),
                to_annotation(&current),
            );
        }
        if let Some(behavior) = &spec.behavior {
            annotations.insert(
                hub::BEHAVIOR_SPECS_ANNOTATION.into(),
                to_annotation(behavior),
            );
        }
        if !status.conditions.is_empty() {
            let conditions: Vec<HorizontalPodAutoscalerCondition> =
                status.conditions.iter().cloned().map(Into::into).collect();
            annotations.insert(
                hub::CONDITIONS_ANNOTATION.into(),
                to_annotation(&conditions),
            );
        }
        HorizontalPodAutoscaler {
            metadata,
            spec: spec.into(),
            status: status.into(),
        }
    }
}

/// `Convert_v1_HorizontalPodAutoscalerSpec_To_autoscaling_HorizontalPodAutoscalerSpec`:
/// the CPU percentage is a CPU utilization metric.
pub fn convert_horizontal_pod_autoscaler_spec_to_hub(
    input: HorizontalPodAutoscalerSpec,
) -> hub::HorizontalPodAutoscalerSpec {
    hub::HorizontalPodAutoscalerSpec {
        scale_target_ref: input.scale_target_ref.into(),
        min_replicas: input.min_replicas,
        max_replicas: input.max_replicas,
        metrics: input
            .target_cpu_utilization_percentage
            .map(cpu_utilization)
            .into_iter()
            .collect(),
        behavior: None,
    }
}

/// `Convert_autoscaling_HorizontalPodAutoscalerSpec_To_v1_HorizontalPodAutoscalerSpec`:
/// the first CPU utilization target is the percentage (the one metric the
/// annotation leaves out).
pub fn convert_horizontal_pod_autoscaler_spec_from_hub(
    input: hub::HorizontalPodAutoscalerSpec,
) -> HorizontalPodAutoscalerSpec {
    let cpu = input
        .metrics
        .iter()
        .find(|m| is_cpu_utilization(m))
        .and_then(|m| m.resource.as_ref()?.target.average_utilization);
    HorizontalPodAutoscalerSpec {
        scale_target_ref: input.scale_target_ref.into(),
        min_replicas: input.min_replicas,
        max_replicas: input.max_replicas,
        target_cpu_utilization_percentage: cpu,
    }
}

/// `Convert_v1_HorizontalPodAutoscalerStatus_To_autoscaling_HorizontalPodAutoscalerStatus`:
/// the CPU percentage is a CPU resource reading.
pub fn convert_horizontal_pod_autoscaler_status_to_hub(
    input: HorizontalPodAutoscalerStatus,
) -> hub::HorizontalPodAutoscalerStatus {
    hub::HorizontalPodAutoscalerStatus {
        observed_generation: input.observed_generation,
        last_scale_time: input.last_scale_time,
        current_replicas: input.current_replicas,
        desired_replicas: input.desired_replicas,
        current_metrics: input
            .current_cpu_utilization_percentage
            .map(|percent| hub::MetricStatus {
                r#type: "Resource".into(),
                resource: Some(hub::ResourceMetricStatus {
                    name: "cpu".into(),
                    current: hub::MetricValueStatus {
                        average_utilization: Some(percent),
                        ..Default::default()
                    },
                }),
                ..Default::default()
            })
            .into_iter()
            .collect(),
        conditions: Vec::new(),
    }
}

/// `Convert_autoscaling_HorizontalPodAutoscalerStatus_To_v1_HorizontalPodAutoscalerStatus`:
/// the last CPU resource reading with a utilization is the percentage.
pub fn convert_horizontal_pod_autoscaler_status_from_hub(
    input: hub::HorizontalPodAutoscalerStatus,
) -> HorizontalPodAutoscalerStatus {
    let cpu = input
        .current_metrics
        .iter()
        .rev()
        .filter(|m| m.r#type == "Resource")
        .filter_map(|m| m.resource.as_ref())
        .filter(|r| r.name == "cpu")
        .find_map(|r| r.current.average_utilization);
    HorizontalPodAutoscalerStatus {
        observed_generation: input.observed_generation,
        last_scale_time: input.last_scale_time,
        current_replicas: input.current_replicas,
        desired_replicas: input.desired_replicas,
        current_cpu_utilization_percentage: cpu,
    }
}

/// The internal identifier of a metric `name` and `selector`.
fn identifier(
    name: String,
    selector: Option<runtime::meta::LabelSelector>,
) -> hub::MetricIdentifier {
    hub::MetricIdentifier { name, selector }
}

/// `Convert_v1_ObjectMetricSource_To_autoscaling_ObjectMetricSource`: an
/// average value makes the target `AverageValue`, else `Value`.
pub fn convert_object_metric_source_to_hub(input: ObjectMetricSource) -> hub::ObjectMetricSource {
    let r#type = if input.average_value.is_none() {
        "Value"
    } else {
        "AverageValue"
    };
    hub::ObjectMetricSource {
        described_object: input.target.into(),
        target: hub::MetricTarget {
            r#type: r#type.into(),
            value: Some(input.target_value),
            average_value: input.average_value,
            average_utilization: None,
        },
        metric: identifier(input.metric_name, input.selector),
    }
}

/// `Convert_autoscaling_ObjectMetricSource_To_v1_ObjectMetricSource`.
pub fn convert_object_metric_source_from_hub(input: hub::ObjectMetricSource) -> ObjectMetricSource {
    ObjectMetricSource {
        target: input.described_object.into(),
        metric_name: input.metric.name,
        target_value: input.target.value.unwrap_or_default(),
        selector: input.metric.selector,
        average_value: input.target.average_value,
    }
}

/// `Convert_v1_PodsMetricSource_To_autoscaling_PodsMetricSource`: always
/// an `AverageValue` target.
pub fn convert_pods_metric_source_to_hub(input: PodsMetricSource) -> hub::PodsMetricSource {
    hub::PodsMetricSource {
        metric: identifier(input.metric_name, input.selector),
        target: hub::MetricTarget {
            r#type: "AverageValue".into(),
            average_value: Some(input.target_average_value),
            ..Default::default()
        },
    }
}

/// `Convert_autoscaling_PodsMetricSource_To_v1_PodsMetricSource`.
pub fn convert_pods_metric_source_from_hub(input: hub::PodsMetricSource) -> PodsMetricSource {
    PodsMetricSource {
        metric_name: input.metric.name,
        target_average_value: input.target.average_value.unwrap_or_default(),
        selector: input.metric.selector,
    }
}

/// The internal target of a v1 resource source: `Utilization` when a
/// utilization is given, else `AverageValue`.
fn resource_target(utilization: Option<i32>, average_value: Option<Quantity>) -> hub::MetricTarget {
    hub::MetricTarget {
        r#type: if utilization.is_none() {
            "AverageValue"
        } else {
            "Utilization"
        }
        .into(),
        value: None,
        average_value,
        average_utilization: utilization,
    }
}

/// `Convert_v1_ResourceMetricSource_To_autoscaling_ResourceMetricSource`.
pub fn convert_resource_metric_source_to_hub(
    input: ResourceMetricSource,
) -> hub::ResourceMetricSource {
    hub::ResourceMetricSource {
        name: input.name,
        target: resource_target(input.target_average_utilization, input.target_average_value),
    }
}

/// `Convert_autoscaling_ResourceMetricSource_To_v1_ResourceMetricSource`.
pub fn convert_resource_metric_source_from_hub(
    input: hub::ResourceMetricSource,
) -> ResourceMetricSource {
    ResourceMetricSource {
        name: input.name,
        target_average_utilization: input.target.average_utilization,
        target_average_value: input.target.average_value,
    }
}

/// `Convert_v1_ContainerResourceMetricSource_To_autoscaling_ContainerResourceMetricSource`.
pub fn convert_container_resource_metric_source_to_hub(
    input: ContainerResourceMetricSource,
) -> hub::ContainerResourceMetricSource {
    hub::ContainerResourceMetricSource {
        name: input.name,
        target: resource_target(input.target_average_utilization, input.target_average_value),
        container: input.container,
    }
}

/// `Convert_autoscaling_ContainerResourceMetricSource_To_v1_ContainerResourceMetricSource`.
pub fn convert_container_resource_metric_source_from_hub(
    input: hub::ContainerResourceMetricSource,
) -> ContainerResourceMetricSource {
    ContainerResourceMetricSource {
        name: input.name,
        target_average_utilization: input.target.average_utilization,
        target_average_value: input.target.average_value,
        container: input.container,
    }
}

/// `Convert_v1_ExternalMetricSource_To_autoscaling_ExternalMetricSource`:
/// a value makes the target `Value`, else `AverageValue`.
pub fn convert_external_metric_source_to_hub(
    input: ExternalMetricSource,
) -> hub::ExternalMetricSource {
    let r#type = if input.target_value.is_none() {
        "AverageValue"
    } else {
        "Value"
    };
    hub::ExternalMetricSource {
        metric: identifier(input.metric_name, input.metric_selector),
        target: hub::MetricTarget {
            r#type: r#type.into(),
            value: input.target_value,
            average_value: input.target_average_value,
            average_utilization: None,
        },
    }
}

/// `Convert_autoscaling_ExternalMetricSource_To_v1_ExternalMetricSource`.
pub fn convert_external_metric_source_from_hub(
    input: hub::ExternalMetricSource,
) -> ExternalMetricSource {
    ExternalMetricSource {
        metric_name: input.metric.name,
        metric_selector: input.metric.selector,
        target_value: input.target.value,
        target_average_value: input.target.average_value,
    }
}

/// `Convert_v1_ObjectMetricStatus_To_autoscaling_ObjectMetricStatus`.
pub fn convert_object_metric_status_to_hub(input: ObjectMetricStatus) -> hub::ObjectMetricStatus {
    hub::ObjectMetricStatus {
        metric: identifier(input.metric_name, input.selector),
        current: hub::MetricValueStatus {
            value: Some(input.current_value),
            average_value: input.average_value,
            average_utilization: None,
        },
        described_object: input.target.into(),
    }
}

/// `Convert_autoscaling_ObjectMetricStatus_To_v1_ObjectMetricStatus`.
pub fn convert_object_metric_status_from_hub(input: hub::ObjectMetricStatus) -> ObjectMetricStatus {
    ObjectMetricStatus {
        target: input.described_object.into(),
        metric_name: input.metric.name,
        current_value: input.current.value.unwrap_or_default(),
        selector: input.metric.selector,
        average_value: input.current.average_value,
    }
}

/// `Convert_v1_PodsMetricStatus_To_autoscaling_PodsMetricStatus`.
pub fn convert_pods_metric_status_to_hub(input: PodsMetricStatus) -> hub::PodsMetricStatus {
    hub::PodsMetricStatus {
        metric: identifier(input.metric_name, input.selector),
        current: hub::MetricValueStatus {
            average_value: Some(input.current_average_value),
            ..Default::default()
        },
    }
}

/// `Convert_autoscaling_PodsMetricStatus_To_v1_PodsMetricStatus`.
pub fn convert_pods_metric_status_from_hub(input: hub::PodsMetricStatus) -> PodsMetricStatus {
    PodsMetricStatus {
        metric_name: input.metric.name,
        current_average_value: input.current.average_value.unwrap_or_default(),
        selector: input.metric.selector,
    }
}

/// `Convert_v1_ResourceMetricStatus_To_autoscaling_ResourceMetricStatus`.
pub fn convert_resource_metric_status_to_hub(
    input: ResourceMetricStatus,
) -> hub::ResourceMetricStatus {
    hub::ResourceMetricStatus {
        name: input.name,
        current: hub::MetricValueStatus {
            value: None,
            average_value: Some(input.current_average_value),
            average_utilization: input.current_average_utilization,
        },
    }
}

/// `Convert_autoscaling_ResourceMetricStatus_To_v1_ResourceMetricStatus`.
pub fn convert_resource_metric_status_from_hub(
    input: hub::ResourceMetricStatus,
) -> ResourceMetricStatus {
    ResourceMetricStatus {
        name: input.name,
        current_average_utilization: input.current.average_utilization,
        current_average_value: input.current.average_value.unwrap_or_default(),
    }
}

/// `Convert_v1_ContainerResourceMetricStatus_To_autoscaling_ContainerResourceMetricStatus`.
pub fn convert_container_resource_metric_status_to_hub(
    input: ContainerResourceMetricStatus,
) -> hub::ContainerResourceMetricStatus {
    hub::ContainerResourceMetricStatus {
        name: input.name,
        current: hub::MetricValueStatus {
            value: None,
            average_value: Some(input.current_average_value),
            average_utilization: input.current_average_utilization,
        },
        container: input.container,
    }
}

/// `Convert_autoscaling_ContainerResourceMetricStatus_To_v1_ContainerResourceMetricStatus`.
pub fn convert_container_resource_metric_status_from_hub(
    input: hub::ContainerResourceMetricStatus,
) -> ContainerResourceMetricStatus {
    ContainerResourceMetricStatus {
        name: input.name,
        current_average_utilization: input.current.average_utilization,
        current_average_value: input.current.average_value.unwrap_or_default(),
        container: input.container,
    }
}

/// `Convert_v1_ExternalMetricStatus_To_autoscaling_ExternalMetricStatus`.
pub fn convert_external_metric_status_to_hub(
    input: ExternalMetricStatus,
) -> hub::ExternalMetricStatus {
    hub::ExternalMetricStatus {
        metric: identifier(input.metric_name, input.metric_selector),
        current: hub::MetricValueStatus {
            value: Some(input.current_value),
            average_value: input.current_average_value,
            average_utilization: None,
        },
    }
}

/// `Convert_autoscaling_ExternalMetricStatus_To_v1_ExternalMetricStatus`.
pub fn convert_external_metric_status_from_hub(
    input: hub::ExternalMetricStatus,
) -> ExternalMetricStatus {
    ExternalMetricStatus {
        metric_name: input.metric.name,
        metric_selector: input.metric.selector,
        current_value: input.current.value.unwrap_or_default(),
        current_average_value: input.current.average_value,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn v1(annotations: serde_json::Value) -> HorizontalPodAutoscaler {
        serde_json::from_value(json!({
            "metadata": {"name": "web", "annotations": annotations},
            "spec": {"scaleTargetRef": {"kind": "Deployment", "name": "web"}, "maxReplicas": 4},
        }))
        .unwrap()
    }

    /// Annotations as kube-apiserver writes them (an older one, whose
    /// behavior JSON has no `Tolerance`) read into the internal fields,
    /// and are dropped from its metadata.
    #[test]
    fn upstreams_annotations_read_into_the_internal_fields() {
        let hpa = hub::HorizontalPodAutoscaler::from(v1(json!({
            "team": "a",
            hub::METRIC_SPECS_ANNOTATION: r#"[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"10"}},{"type":"External","external":{"metricName":"queue","targetValue":"30"}},{"type":"Object","object":{"target":{"kind":"Service","name":"s"},"metricName":"hits","targetValue":"5"}}]"#,
            hub::BEHAVIOR_SPECS_ANNOTATION: r#"{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}]},"ScaleDown":null}"#,
            hub::CONDITIONS_ANNOTATION: r#"[{"type":"ScalingActive","status":"False","lastTransitionTime":"2026-09-23T10:00:00Z","reason":"FailedGetResourceMetric"}]"#,
        })));
        assert_eq!(
            hpa.metadata.annotations.len(),
            1,
            "{:?}",
            hpa.metadata.annotations
        );
        let types: Vec<&str> = hpa.spec.metrics.iter().map(|m| m.r#type.as_str()).collect();
        assert_eq!(types, ["Pods", "External", "Object"]);
        let pods = hpa.spec.metrics[0].pods.as_ref().unwrap();
        assert_eq!(
            (pods.metric.name.as_str(), pods.target.r#type.as_str()),
            ("qps", "AverageValue")
        );
        assert_eq!(pods.target.average_value.as_ref().unwrap().as_str(), "10");
        let external = hpa.spec.metrics[1].external.as_ref().unwrap();
        assert_eq!(external.target.r#type, "Value");
        let object = hpa.spec.metrics[2].object.as_ref().unwrap();
        assert_eq!(
            (
                object.described_object.kind.as_str(),
                object.target.r#type.as_str()
            ),
            ("Service", "Value")
        );
        let behavior = hpa.spec.behavior.unwrap();
        let up = behavior.scale_up.unwrap();
        assert_eq!(
            (up.stabilization_window_seconds, up.policies.len()),
            (Some(0), 1)
        );
        assert_eq!((up.tolerance, behavior.scale_down), (None, None));
        assert_eq!(hpa.status.conditions[0].reason, "FailedGetResourceMetric");
    }

    /// Upstream moves only well-formed annotations into fields; a
    /// malformed one is dropped, and without metrics v1 implies 80% CPU.
    #[test]
    fn malformed_annotations_are_dropped() {
        let hpa = hub::HorizontalPodAutoscaler::from(v1(json!({
            hub::METRIC_SPECS_ANNOTATION: "not json",
            hub::BEHAVIOR_SPECS_ANNOTATION: "{}",
        })));
        assert!(hpa.metadata.annotations.is_empty());
        assert_eq!(hpa.spec.metrics, [cpu_utilization(80)]);
        assert_eq!(hpa.spec.behavior, None);
    }

    /// A behavior annotation written by hand in the v2 field names reads
    /// too: Go matches JSON names case-insensitively.
    #[test]
    fn a_camel_case_behavior_annotation_reads() {
        let hpa = hub::HorizontalPodAutoscaler::from(v1(json!({
            hub::BEHAVIOR_SPECS_ANNOTATION: r#"{"scaleUp":{"stabilizationWindowSeconds":30}}"#,
        })));
        let up = hpa.spec.behavior.unwrap().scale_up.unwrap();
        assert_eq!(up.stabilization_window_seconds, Some(30));
    }

    /// The CPU target v1 says is the first CPU utilization target: a CPU
    /// average value before it stays in the annotation, and both come
    /// back.
    #[test]
    fn the_first_cpu_utilization_target_is_v1s_percentage() {
        let average = hub::MetricSpec {
            r#type: "Resource".into(),
            resource: Some(hub::ResourceMetricSource {
                name: "cpu".into(),
                target: hub::MetricTarget {
                    r#type: "AverageValue".into(),
                    average_value: Some(Quantity::parse("500m").unwrap()),
                    ..Default::default()
                },
            }),
            ..Default::default()
        };
        let mut hpa = hub::HorizontalPodAutoscaler::default();
        hpa.spec.metrics = vec![average.clone(), cpu_utilization(50)];
        let v1 = HorizontalPodAutoscaler::from(hpa);
        assert_eq!(v1.spec.target_cpu_utilization_percentage, Some(50));
        let back = hub::HorizontalPodAutoscaler::from(v1);
        assert_eq!(back.spec.metrics, [average, cpu_utilization(50)]);
    }

    /// Round-trip annotations a v1 client sent along with fields the
    /// internal object holds are replaced by the ones conversion writes.
    #[test]
    fn conversion_to_v1_writes_only_its_own_annotations() {
        let mut hpa = hub::HorizontalPodAutoscaler::default();
        hpa.metadata
            .annotations
            .insert(hub::CONDITIONS_ANNOTATION.into(), "[]".into());
        hpa.spec.metrics = vec![cpu_utilization(50)];
        let v1 = HorizontalPodAutoscaler::from(hpa);
        assert!(v1.metadata.annotations.is_empty());
        assert_eq!(v1.spec.target_cpu_utilization_percentage, Some(50));
    }
}
