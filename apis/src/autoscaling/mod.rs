//! The `autoscaling` group, ported from upstream v1.36: the
//! HorizontalPodAutoscaler at `v2` (the storage version) and `v1` (CPU
//! only, the rest of `v2` kept in annotations), with the internal types
//! (upstream's `pkg/apis/autoscaling`) both convert through, and the
//! validation upstream runs on them.
//!
//! +groupName=autoscaling

mod printers;
mod types;
pub mod v1;
pub mod v2;
pub mod validation;

pub use types::*;

use std::collections::BTreeMap;

use crate::{empty_if_nil, nil_if_empty};

/// The annotation a `v1` object keeps the `v2` metrics other than a CPU
/// utilization target in: a JSON list of `v1` `MetricSpec`s
/// (`autoscaling.MetricSpecsAnnotation`).
pub const METRIC_SPECS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/metrics";

/// The annotation a `v1` object keeps `spec.behavior` in: the JSON of the
/// internal [`HorizontalPodAutoscalerBehavior`]
/// (`autoscaling.BehaviorSpecsAnnotation`).
pub const BEHAVIOR_SPECS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/behavior";

/// The annotation a `v1` object keeps `status.currentMetrics` in: a JSON
/// list of `v1` `MetricStatus`es (`autoscaling.MetricStatusesAnnotation`).
pub const METRIC_STATUSES_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/current-metrics";

/// The annotation a `v1` object keeps `status.conditions` in: a JSON list
/// of `v1` conditions
/// (`autoscaling.HorizontalPodAutoscalerConditionsAnnotation`).
pub const CONDITIONS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/conditions";

/// The CPU utilization target, in percent, of an autoscaler that names no
/// metric (`autoscaling.DefaultCPUUtilization`).
pub const DEFAULT_CPU_UTILIZATION: i32 = 80;

/// Removes the four round-trip annotations
/// (`DropRoundTripHorizontalPodAutoscalerAnnotations`): conversion to `v2`
/// and to the internal version drops them, and conversion to `v1` writes
/// only those it produces.
pub fn drop_round_trip_annotations(annotations: &mut BTreeMap<String, String>) {
    for key in [
        METRIC_SPECS_ANNOTATION,
        BEHAVIOR_SPECS_ANNOTATION,
        METRIC_STATUSES_ANNOTATION,
        CONDITIONS_ANNOTATION,
    ] {
        annotations.remove(key);
    }
}
