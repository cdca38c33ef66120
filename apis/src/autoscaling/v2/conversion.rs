// Hand-written conversions of autoscaling/v2 (upstream's
// `pkg/apis/autoscaling/v2/conversion.go`): v2 says all the internal
// version says, so only the object itself is written by hand, to drop
// the annotations `v1` keeps the rest of `v2` in.

use crate::autoscaling;

use super::HorizontalPodAutoscaler;

/// `Convert_v2_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler`:
/// field by field, without `v1`'s round-trip annotations (a `v2` object
/// holds their content in its fields).
pub fn convert_horizontal_pod_autoscaler_to_hub(
    input: HorizontalPodAutoscaler,
) -> autoscaling::HorizontalPodAutoscaler {
    let HorizontalPodAutoscaler {
        mut metadata,
        spec,
        status,
    } = input;
    autoscaling::drop_round_trip_annotations(&mut metadata.annotations);
    autoscaling::HorizontalPodAutoscaler {
        metadata,
        spec: spec.into(),
        status: status.into(),
    }
}

/// `Convert_autoscaling_HorizontalPodAutoscaler_To_v2_HorizontalPodAutoscaler`:
/// field by field, without `v1`'s round-trip annotations.
pub fn convert_horizontal_pod_autoscaler_from_hub(
    input: autoscaling::HorizontalPodAutoscaler,
) -> HorizontalPodAutoscaler {
    let autoscaling::HorizontalPodAutoscaler {
        mut metadata,
        spec,
        status,
    } = input;
    autoscaling::drop_round_trip_annotations(&mut metadata.annotations);
    HorizontalPodAutoscaler {
        metadata,
        spec: spec.into(),
        status: status.into(),
    }
}

/// Random specs for the generated round-trip tests: the markers cannot say
/// that a metric's `type` names the one source it populates, nor which
/// targets each source takes, so valid ones are drawn here (upstream's
/// `pkg/apis/autoscaling/fuzzer` does the same).
#[cfg(test)]
pub(crate) fn arbitrary_horizontal_pod_autoscaler_spec(
    g: &mut runtime::arbitrary::Gen,
) -> super::HorizontalPodAutoscalerSpec {
    use runtime::arbitrary::Arbitrary;
    use runtime::meta::Quantity;

    use super::{
        ContainerResourceMetricSource, CrossVersionObjectReference, ExternalMetricSource,
        HPAScalingPolicy, HPAScalingRules, HorizontalPodAutoscalerBehavior, MetricIdentifier,
        MetricSpec, MetricTarget, ObjectMetricSource, PodsMetricSource, ResourceMetricSource,
    };

    fn quantity(g: &mut runtime::arbitrary::Gen) -> Quantity {
        Quantity::parse(&format!("{}m", g.sample(1u32..100_000))).expect("a quantity")
    }
    fn reference(g: &mut runtime::arbitrary::Gen) -> CrossVersionObjectReference {
        CrossVersionObjectReference {
            kind: g.matching("[A-Z][a-zA-Z]{0,10}"),
            name: g.word(),
            api_version: g.option(|g| format!("{}/v1", g.word())).unwrap_or_default(),
        }
    }
    fn identifier(g: &mut runtime::arbitrary::Gen) -> MetricIdentifier {
        MetricIdentifier {
            name: g.word(),
            selector: g.option(Arbitrary::arbitrary),
        }
    }
    fn value_target(g: &mut runtime::arbitrary::Gen) -> MetricTarget {
        let average = g.fill();
        MetricTarget {
            r#type: if average { "AverageValue" } else { "Value" }.into(),
            value: (!average).then(|| quantity(g)),
            average_value: average.then(|| quantity(g)),
            average_utilization: None,
        }
    }
    fn resource_target(g: &mut runtime::arbitrary::Gen) -> MetricTarget {
        let utilization = g.option(|g| g.sample(1i32..200));
        MetricTarget {
            r#type: if utilization.is_some() {
                "Utilization"
            } else {
                "AverageValue"
            }
            .into(),
            value: None,
            average_value: utilization.is_none().then(|| quantity(g)),
            average_utilization: utilization,
        }
    }
    fn resource_name(g: &mut runtime::arbitrary::Gen) -> String {
        ["cpu", "memory", "ephemeral-storage"][g.sample(0usize..3)].into()
    }
    fn metric(g: &mut runtime::arbitrary::Gen) -> MetricSpec {
        let mut metric = MetricSpec::default();
        match g.sample(0u8..5) {
            0 => {
                metric.r#type = "Resource".into();
                metric.resource = Some(ResourceMetricSource {
                    name: resource_name(g),
                    target: resource_target(g),
                });
            }
            1 => {
                metric.r#type = "ContainerResource".into();
                metric.container_resource = Some(ContainerResourceMetricSource {
                    name: resource_name(g),
                    target: resource_target(g),
                    container: g.word(),
                });
            }
            2 => {
                metric.r#type = "Pods".into();
                metric.pods = Some(PodsMetricSource {
                    metric: identifier(g),
                    target: MetricTarget {
                        r#type: "AverageValue".into(),
                        average_value: Some(quantity(g)),
                        ..Default::default()
                    },
                });
            }
            3 => {
                metric.r#type = "Object".into();
                metric.object = Some(ObjectMetricSource {
                    described_object: reference(g),
                    target: value_target(g),
                    metric: identifier(g),
                });
            }
            _ => {
                metric.r#type = "External".into();
                metric.external = Some(ExternalMetricSource {
                    metric: identifier(g),
                    target: value_target(g),
                });
            }
        }
        metric
    }
    fn rules(g: &mut runtime::arbitrary::Gen) -> HPAScalingRules {
        HPAScalingRules {
            stabilization_window_seconds: g.option(|g| g.sample(0i32..=3600)),
            select_policy: g.option(|g| ["Max", "Min", "Disabled"][g.sample(0usize..3)].into()),
            policies: g.list(|g| HPAScalingPolicy {
                r#type: ["Pods", "Percent"][g.sample(0usize..2)].into(),
                value: g.sample(1i32..1000),
                period_seconds: g.sample(1i32..=1800),
            }),
            tolerance: g.option(quantity),
        }
    }
    let min_replicas = g.option(|g| g.sample(1i32..10));
    // The scale target's version names a group (validation requires one).
    let scale_target_ref = CrossVersionObjectReference {
        api_version: format!("{}/v1", g.word()),
        ..reference(g)
    };
    super::HorizontalPodAutoscalerSpec {
        scale_target_ref,
        min_replicas,
        max_replicas: min_replicas.unwrap_or(1) + g.sample(0i32..10),
        metrics: g.list(metric),
        behavior: g.option(|g| HorizontalPodAutoscalerBehavior {
            scale_up: g.option(rules),
            scale_down: g.option(rules),
        }),
    }
}
