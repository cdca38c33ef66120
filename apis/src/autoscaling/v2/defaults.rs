// Hand-written defaulting of autoscaling/v2 (`+defaulting:hook`),
// upstream's `pkg/apis/autoscaling/v2/defaults.go`: an autoscaler that
// names no metric targets 80% average CPU utilization, and a behavior
// that is set gets every unset rule filled in.

use runtime::defaulting::DefaultHook;

use super::{
    HPAScalingPolicy, HPAScalingRules, HorizontalPodAutoscaler, MetricSpec, MetricTarget,
    ResourceMetricSource,
};

impl DefaultHook for HorizontalPodAutoscaler {
    /// `SetDefaults_HorizontalPodAutoscaler` (`minReplicas` is the field's
    /// `+default=1`).
    fn default_hook(&mut self) {
        let spec = &mut self.spec;
        if spec.metrics.is_empty() {
            spec.metrics = vec![MetricSpec {
                r#type: "Resource".into(),
                resource: Some(ResourceMetricSource {
                    name: "cpu".into(),
                    target: MetricTarget {
                        r#type: "Utilization".into(),
                        average_utilization: Some(crate::autoscaling::DEFAULT_CPU_UTILIZATION),
                        ..Default::default()
                    },
                }),
                ..Default::default()
            }];
        }
        if let Some(behavior) = spec.behavior.as_mut() {
            behavior.scale_up = Some(fill(behavior.scale_up.take(), scale_up_rules()));
            behavior.scale_down = Some(fill(behavior.scale_down.take(), scale_down_rules()));
        }
    }
}

/// Upstream's `defaultHPAScaleUpRules`: no stabilization window, the
/// larger of 4 pods and 100% per 15 seconds.
fn scale_up_rules() -> HPAScalingRules {
    HPAScalingRules {
        stabilization_window_seconds: Some(0),
        select_policy: Some("Max".into()),
        policies: vec![policy("Pods", 4), policy("Percent", 100)],
        tolerance: None,
    }
}

/// Upstream's `defaultHPAScaleDownRules`: 100% per 15 seconds; the
/// stabilization window is left to the controller's flag (300 seconds).
fn scale_down_rules() -> HPAScalingRules {
    HPAScalingRules {
        stabilization_window_seconds: None,
        select_policy: Some("Max".into()),
        policies: vec![policy("Percent", 100)],
        tolerance: None,
    }
}

fn policy(r#type: &str, value: i32) -> HPAScalingPolicy {
    HPAScalingPolicy {
        r#type: r#type.into(),
        value,
        period_seconds: 15,
    }
}

/// `copyHPAScalingRules`: what `set` sets, over `defaults`. (A list sent
/// empty counts as unset: Go tells `[]` from nil here, the Rust type does
/// not, and validation rejects an empty list anyway.)
fn fill(set: Option<HPAScalingRules>, mut defaults: HPAScalingRules) -> HPAScalingRules {
    let Some(set) = set else {
        return defaults;
    };
    if set.select_policy.is_some() {
        defaults.select_policy = set.select_policy;
    }
    if set.stabilization_window_seconds.is_some() {
        defaults.stabilization_window_seconds = set.stabilization_window_seconds;
    }
    if !set.policies.is_empty() {
        defaults.policies = set.policies;
    }
    if set.tolerance.is_some() {
        defaults.tolerance = set.tolerance;
    }
    defaults
}
