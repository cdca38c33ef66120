// The Table columns of the HorizontalPodAutoscaler (`+printer:hook`), as
// upstream's `printHorizontalPodAutoscaler` prints the internal object
// (`pkg/printers/internalversion/printers.go`): both versions print
// through the internal version, so `kubectl get hpa` reads the same at v1
// and v2.

use runtime::printers::{AGE_DESCRIPTION, age, first_with_more};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::{HorizontalPodAutoscaler, MetricSpec, MetricStatus, MetricTarget, MetricValueStatus};

/// Upstream's columns, described as its printer describes them (from the
/// autoscaling/v2beta1 field docs); MAXPODS and REPLICAS are declared
/// `string` though their cells are integers, as upstream declares them.
const COLUMNS: &[PrinterColumn] = &[
    PrinterColumn::string(
        "Reference",
        0,
        "scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.",
    ),
    PrinterColumn::string(
        "Targets",
        0,
        "metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond.",
    ),
    PrinterColumn::string(
        "MinPods",
        0,
        "minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.",
    ),
    PrinterColumn::string(
        "MaxPods",
        0,
        "maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.",
    ),
    PrinterColumn::string(
        "Replicas",
        0,
        "currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.",
    ),
    PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
];

/// `printHorizontalPodAutoscaler`: REFERENCE as `kind/name`, TARGETS as
/// `formatHPAMetrics` writes them, MINPODS `<unset>` when unset.
fn cells(hpa: &HorizontalPodAutoscaler, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
    let spec = &hpa.spec;
    let target = &spec.scale_target_ref;
    vec![
        json!(format!("{}/{}", target.kind, target.name)),
        json!(format_metrics(&spec.metrics, &hpa.status.current_metrics)),
        json!(
            spec.min_replicas
                .map_or("<unset>".into(), |n| n.to_string())
        ),
        json!(spec.max_replicas),
        json!(hpa.status.current_replicas),
        json!(age(&hpa.metadata, now)),
    ]
}

/// A quantity as Go's `(*Quantity).String()` writes it (`<nil>` for none).
fn quantity(q: Option<&runtime::meta::Quantity>) -> String {
    q.map_or_else(|| "<nil>".into(), |q| q.as_str().to_string())
}

/// `formatHPAMetrics`: each metric as `current/target` (`<unknown>` before
/// the first reading), the first two, then `+ N more...`.
pub fn format_metrics(specs: &[MetricSpec], statuses: &[MetricStatus]) -> String {
    if specs.is_empty() {
        return "<none>".into();
    }
    const UNKNOWN: &str = "<unknown>";
    let list = specs.iter().enumerate().map(|(i, spec)| {
        let status = statuses.get(i);
        let value = |current: Option<&MetricValueStatus>, target: &MetricTarget| {
            if target.average_value.is_some() {
                let current = current
                    .and_then(|c| c.average_value.as_ref())
                    .map_or(UNKNOWN.into(), |q| q.as_str().to_string());
                format!(
                    "{current}/{} (avg)",
                    quantity(target.average_value.as_ref())
                )
            } else {
                let current = current.map_or(UNKNOWN.into(), |c| quantity(c.value.as_ref()));
                format!("{current}/{}", quantity(target.value.as_ref()))
            }
        };
        let resource = |name: &str, current: Option<&MetricValueStatus>, target: &MetricTarget| {
            if target.average_value.is_some() {
                let current =
                    current.map_or(UNKNOWN.into(), |c| quantity(c.average_value.as_ref()));
                format!(
                    "{name}: {current}/{}",
                    quantity(target.average_value.as_ref())
                )
            } else {
                let current = current
                    .and_then(|c| c.average_utilization)
                    .map_or(UNKNOWN.into(), |u| format!("{u}%"));
                let target = target
                    .average_utilization
                    .map_or("<auto>".into(), |u| format!("{u}%"));
                format!("{name}: {current}/{target}")
            }
        };
        match (spec.r#type.as_str(), spec) {
            (
                "External",
                MetricSpec {
                    external: Some(s), ..
                },
            ) => value(
                status.and_then(|s| s.external.as_ref()).map(|s| &s.current),
                &s.target,
            ),
            (
                "Object",
                MetricSpec {
                    object: Some(s), ..
                },
            ) => value(
                status.and_then(|s| s.object.as_ref()).map(|s| &s.current),
                &s.target,
            ),
            ("Pods", MetricSpec { pods: Some(s), .. }) => {
                let current = status
                    .and_then(|s| s.pods.as_ref())
                    .map_or(UNKNOWN.into(), |s| {
                        quantity(s.current.average_value.as_ref())
                    });
                format!("{current}/{}", quantity(s.target.average_value.as_ref()))
            }
            (
                "Resource",
                MetricSpec {
                    resource: Some(s), ..
                },
            ) => resource(
                &s.name,
                status.and_then(|s| s.resource.as_ref()).map(|s| &s.current),
                &s.target,
            ),
            (
                "ContainerResource",
                MetricSpec {
                    container_resource: Some(s),
                    ..
                },
            ) => resource(
                &s.name,
                status
                    .and_then(|s| s.container_resource.as_ref())
                    .map(|s| &s.current),
                &s.target,
            ),
            _ => "<unknown type>".into(),
        }
    });
    first_with_more(list, 2, ", ")
}

impl Printer for super::v2::HorizontalPodAutoscaler {
    const COLUMNS: &'static [PrinterColumn] = COLUMNS;

    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        cells(&self.clone().into(), now)
    }
}

impl Printer for super::v1::HorizontalPodAutoscaler {
    const COLUMNS: &'static [PrinterColumn] = COLUMNS;

    /// As at v2, from the internal object this converts to. That object
    /// lists the CPU target after the other metrics (v1 keeps those in an
    /// annotation), while its current metrics keep the stored order, which
    /// follows the spec's: each reading is paired with its metric by what
    /// it measures, not by position. (kube-apiserver prints the stored
    /// object at every version, so its v1 Table lists the metrics in the
    /// stored order; this one may list the CPU target later.)
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let mut hpa: HorizontalPodAutoscaler = self.clone().into();
        let mut readings = std::mem::take(&mut hpa.status.current_metrics);
        hpa.status.current_metrics = hpa
            .spec
            .metrics
            .iter()
            .map(|metric| {
                readings
                    .iter()
                    .position(|r| measures(metric, r))
                    .map(|i| readings.remove(i))
                    .unwrap_or_default()
            })
            .collect();
        cells(&hpa, now)
    }
}

/// Whether `reading` is of what `metric` targets: the same source type and
/// resource, container or metric name.
fn measures(metric: &MetricSpec, reading: &MetricStatus) -> bool {
    let same = |a: Option<&str>, b: Option<&str>| a.is_some() && a == b;
    metric.r#type == reading.r#type
        && match metric.r#type.as_str() {
            "Resource" => same(
                metric.resource.as_ref().map(|m| m.name.as_str()),
                reading.resource.as_ref().map(|r| r.name.as_str()),
            ),
            "ContainerResource" => {
                same(
                    metric.container_resource.as_ref().map(|m| m.name.as_str()),
                    reading.container_resource.as_ref().map(|r| r.name.as_str()),
                ) && metric.container_resource.as_ref().map(|m| &m.container)
                    == reading.container_resource.as_ref().map(|r| &r.container)
            }
            "Pods" => same(
                metric.pods.as_ref().map(|m| m.metric.name.as_str()),
                reading.pods.as_ref().map(|r| r.metric.name.as_str()),
            ),
            "Object" => same(
                metric.object.as_ref().map(|m| m.metric.name.as_str()),
                reading.object.as_ref().map(|r| r.metric.name.as_str()),
            ),
            "External" => same(
                metric.external.as_ref().map(|m| m.metric.name.as_str()),
                reading.external.as_ref().map(|r| r.metric.name.as_str()),
            ),
            _ => false,
        }
}
