//! Upstream's validation of the HorizontalPodAutoscaler
//! (`pkg/apis/autoscaling/validation/validation.go`), run, as upstream
//! runs it, on the internal object whichever version was sent: errors
//! name the internal version's fields (a v1 `targetCPUUtilizationPercentage`
//! of 0 is `spec.metrics[0].resource.target.averageUtilization`, as
//! kube-apiserver reports it). The `HPAScaleToZero` gate is off, as
//! upstream's default.

use std::cmp::Ordering;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::Quantity;
use runtime::validate::names;

use super::{
    CrossVersionObjectReference, HPAScalingRules, HorizontalPodAutoscalerBehavior,
    HorizontalPodAutoscalerSpec, HorizontalPodAutoscalerStatus, MetricIdentifier, MetricSpec,
    MetricTarget,
};

/// The longest stabilization window, in seconds (`MaxStabilizationWindowSeconds`).
pub const MAX_STABILIZATION_WINDOW_SECONDS: i32 = 3600;

/// The longest period of a scaling policy, in seconds (`MaxPeriodSeconds`).
pub const MAX_PERIOD_SECONDS: i32 = 1800;

/// `validationOptionsForHorizontalPodAutoscaler`, for the two
/// references it governs: how a reference's `apiVersion` is checked, as
/// `Some(allow_empty_api_group)` or `None` for not at all
/// (`CrossVersionObjectReferenceValidationOptions`). The scale target
/// needs an API group (only `ReplicationController` is of the core group),
/// unless an update keeps a version that already failed the check; an
/// object metric's target may be of the core group. Returns the scale
/// target's check and the object metrics'.
pub fn api_version_checks(
    spec: &HorizontalPodAutoscalerSpec,
    old: Option<&HorizontalPodAutoscalerSpec>,
) -> (Option<bool>, Option<bool>) {
    let kept_invalid = old.is_some_and(|old| {
        api_version_problem(&old.scale_target_ref.api_version, Some(false)).is_some()
    });
    let scale_target =
        (!kept_invalid).then_some(spec.scale_target_ref.kind == "ReplicationController");
    (scale_target, Some(true))
}

/// `validateHorizontalPodAutoscalerSpec`: replica bounds, the scale target,
/// each metric and the behavior; `old` is the spec an update replaces.
pub fn validate_spec(
    spec: &HorizontalPodAutoscalerSpec,
    old: Option<&HorizontalPodAutoscalerSpec>,
    path: &Path,
) -> ErrorList {
    let (scale_target, object_metrics) = api_version_checks(spec, old);
    let mut errs = Vec::new();
    // `MinReplicasLowerBound`: 1, or 0 when the autoscaler being updated
    // already scales to zero (the `HPAScaleToZero` gate is off).
    let lower_bound = if old.is_some_and(|o| o.min_replicas == Some(0)) {
        0
    } else {
        1
    };
    if let Some(min) = spec.min_replicas
        && min < lower_bound
    {
        errs.push(Error::invalid(
            &path.child("minReplicas"),
            BadValue::Int(min.into()),
            &format!("must be greater than or equal to {lower_bound}"),
        ));
    }
    let max_path = path.child("maxReplicas");
    // Since v1.36 (declarative validation's `+k8s:required` and
    // `+k8s:minimum=1`, kept equivalent by hand): a missing (zero) bound is
    // `Required`, a negative one below the minimum.
    if spec.max_replicas == 0 {
        errs.push(Error::required(&max_path, "must be set and greater than 0"));
    } else if spec.max_replicas < 0 {
        errs.push(Error::invalid(
            &max_path,
            BadValue::Int(spec.max_replicas.into()),
            "must be greater than or equal to 1",
        ));
    }
    if spec.min_replicas.is_some_and(|min| spec.max_replicas < min) {
        errs.push(Error::invalid(
            &max_path,
            BadValue::Int(spec.max_replicas.into()),
            "must be greater than or equal to `minReplicas`",
        ));
    }
    errs.extend(validate_reference(
        &spec.scale_target_ref,
        &path.child("scaleTargetRef"),
        scale_target,
    ));
    let metrics = path.child("metrics");
    for (i, metric) in spec.metrics.iter().enumerate() {
        errs.extend(validate_metric(metric, &metrics.index(i), object_metrics));
    }
    // Scaling to zero needs a metric that does not come from the pods.
    if spec.min_replicas == Some(0)
        && !spec
            .metrics
            .iter()
            .any(|m| m.r#type == "Object" || m.r#type == "External")
    {
        errs.push(Error::forbidden(
            &metrics,
            "must specify at least one Object or External metric to support scaling to zero replicas",
        ));
    }
    if let Some(behavior) = &spec.behavior {
        errs.extend(validate_behavior(behavior, &path.child("behavior")));
    }
    errs
}

/// `ValidateHorizontalPodAutoscalerStatusUpdate`: replica counts not
/// negative.
pub fn validate_status(status: &HorizontalPodAutoscalerStatus, path: &Path) -> ErrorList {
    [
        ("currentReplicas", status.current_replicas),
        ("desiredReplicas", status.desired_replicas),
    ]
    .into_iter()
    .filter(|(_, n)| *n < 0)
    .map(|(name, n)| {
        Error::invalid(
            &path.child(name),
            BadValue::Int(n.into()),
            "must be greater than or equal to 0",
        )
    })
    .collect()
}

/// `ValidateCrossVersionObjectReference`: kind and name set, each a valid
/// path segment, and an `apiVersion` as `check` requires (see
/// [`api_version_checks`]).
pub fn validate_reference(
    reference: &CrossVersionObjectReference,
    path: &Path,
    check: Option<bool>,
) -> ErrorList {
    let mut errs = Vec::new();
    for (name, value) in [("kind", &reference.kind), ("name", &reference.name)] {
        errs.extend(path_segment(value, &path.child(name), ""));
    }
    if let Some(problem) = api_version_problem(&reference.api_version, check) {
        errs.push(Error::invalid(
            &path.child("apiVersion"),
            reference.api_version.as_str().into(),
            &problem,
        ));
    }
    errs
}

/// `ValidateAPIVersion`: the version must parse as `schema.ParseGroupVersion`
/// reads it (at most one `/`) and, unless allowed, name a group.
fn api_version_problem(api_version: &str, check: Option<bool>) -> Option<String> {
    let allow_empty_api_group = check?;
    let group = match api_version.matches('/').count() {
        0 => "",
        1 => api_version.split_once('/').map_or("", |(group, _)| group),
        _ => return Some(format!("unexpected GroupVersion string: {api_version}")),
    };
    (group.is_empty() && !allow_empty_api_group)
        .then(|| "apiVersion must specify API group".to_string())
}

/// Required (with `detail`), else a valid path segment name.
fn path_segment(value: &str, path: &Path, detail: &str) -> ErrorList {
    if value.is_empty() {
        return vec![Error::required(path, detail)];
    }
    names::path_segment_name(value, false)
        .iter()
        .map(|msg| Error::invalid(path, value.into(), msg))
        .collect()
}

/// The metric source types, sorted as upstream lists them.
const METRIC_SOURCE_TYPES: &[&str] = &[
    "ContainerResource",
    "External",
    "Object",
    "Pods",
    "Resource",
];

/// `validateMetricSpec`: a known type, and exactly the source it names,
/// itself valid.
fn validate_metric(metric: &MetricSpec, path: &Path, object_metrics: Option<bool>) -> ErrorList {
    let mut errs = Vec::new();
    let type_path = path.child("type");
    if metric.r#type.is_empty() {
        errs.push(Error::required(
            &type_path,
            "must specify a metric source type",
        ));
    }
    if !METRIC_SOURCE_TYPES.contains(&metric.r#type.as_str()) {
        errs.push(Error::not_supported(
            &type_path,
            metric.r#type.as_str().into(),
            METRIC_SOURCE_TYPES,
        ));
    }
    // Upstream validates only the first source present, in this order.
    let mut present: Vec<&str> = Vec::new();
    if let Some(object) = &metric.object {
        present.push("object");
        let p = path.child("object");
        errs.extend(validate_reference(
            &object.described_object,
            &p.child("describedObject"),
            object_metrics,
        ));
        errs.extend(validate_identifier(&object.metric, &p.child("metric")));
        errs.extend(validate_target(&object.target, &p.child("target")));
        if object.target.value.is_none() && object.target.average_value.is_none() {
            errs.push(Error::required(
                &p.child("target").child("averageValue"),
                "must set either a target value or averageValue",
            ));
        }
    }
    if let Some(external) = &metric.external {
        present.push("external");
        if present.len() == 1 {
            let p = path.child("external");
            errs.extend(validate_identifier(&external.metric, &p.child("metric")));
            errs.extend(validate_target(&external.target, &p.child("target")));
            let target = &external.target;
            if target.value.is_none() && target.average_value.is_none() {
                errs.push(Error::required(
                    &p.child("target").child("averageValue"),
                    "must set either a target value for metric or a per-pod target",
                ));
            }
            if target.value.is_some() && target.average_value.is_some() {
                errs.push(Error::forbidden(
                    &p.child("target").child("value"),
                    "may not set both a target value for metric and a per-pod target",
                ));
            }
        }
    }
    if let Some(pods) = &metric.pods {
        present.push("pods");
        if present.len() == 1 {
            let p = path.child("pods");
            errs.extend(validate_identifier(&pods.metric, &p.child("metric")));
            errs.extend(validate_target(&pods.target, &p.child("target")));
            if pods.target.average_value.is_none() {
                errs.push(Error::required(
                    &p.child("target").child("averageValue"),
                    "must specify a positive target averageValue",
                ));
            }
        }
    }
    if let Some(resource) = &metric.resource {
        present.push("resource");
        if present.len() == 1 {
            errs.extend(validate_resource_target(
                &resource.name,
                &resource.target,
                &path.child("resource"),
                Vec::new(),
            ));
        }
    }
    if let Some(container) = &metric.container_resource {
        present.push("containerResource");
        if present.len() == 1 {
            let p = path.child("containerResource");
            let container_path = p.child("container");
            // ValidateContainerResourceName, after the name's `Required`.
            let mut container_errs = if container.name.is_empty() {
                Vec::new()
            } else {
                crate::core::v1::container_resource_name_errors(&container.name, &p.child("name"))
            };
            if container.container.is_empty() {
                container_errs.push(Error::required(&container_path, "must specify a container"));
            } else {
                container_errs.extend(names::dns1123_label(&container.container).iter().map(|m| {
                    Error::invalid(&container_path, container.container.as_str().into(), m)
                }));
            }
            errs.extend(validate_resource_target(
                &container.name,
                &container.target,
                &p,
                container_errs,
            ));
        }
    }
    let expected = match metric.r#type.as_str() {
        "Object" => Some("object"),
        "Pods" => Some("pods"),
        "Resource" => Some("resource"),
        "External" => Some("external"),
        "ContainerResource" => Some("containerResource"),
        other => {
            errs.push(Error::not_supported(
                &type_path,
                other.into(),
                METRIC_SOURCE_TYPES,
            ));
            None
        }
    };
    if let Some(expected) = expected
        && !present.contains(&expected)
    {
        errs.push(Error::required(
            &path.child(expected),
            "must populate information for the given metric source",
        ));
    }
    if present.len() != 1 {
        present.retain(|p| Some(*p) != expected);
        // Go ranges over a set; sorted here so the message is stable.
        present.sort_unstable();
        for other in present {
            errs.push(Error::forbidden(
                &path.child(other),
                "must populate the given metric source only",
            ));
        }
    }
    errs
}

/// `validateResourceSource` and `validateContainerResourceSource`: a
/// resource name, the container's errors (`container`), a valid target,
/// and exactly one of utilization and average value.
fn validate_resource_target(
    name: &str,
    target: &MetricTarget,
    path: &Path,
    container: ErrorList,
) -> ErrorList {
    let mut errs = Vec::new();
    if name.is_empty() {
        errs.push(Error::required(
            &path.child("name"),
            "must specify a resource name",
        ));
    }
    errs.extend(container);
    let target_path = path.child("target");
    errs.extend(validate_target(target, &target_path));
    if target.average_utilization.is_none() && target.average_value.is_none() {
        errs.push(Error::required(
            &target_path.child("averageUtilization"),
            "must set either a target raw value or a target utilization",
        ));
    }
    if target.average_utilization.is_some() && target.average_value.is_some() {
        errs.push(Error::forbidden(
            &target_path.child("averageValue"),
            "may not set both a target raw value and a target utilization",
        ));
    }
    errs
}

/// Whether `q` is greater than zero (`Sign() == 1`).
fn positive(q: &Quantity) -> bool {
    q.cmp_amount(&Quantity::default()) == Ordering::Greater
}

/// `validateMetricTarget`.
fn validate_target(target: &MetricTarget, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let type_path = path.child("type");
    if target.r#type.is_empty() {
        errs.push(Error::required(
            &type_path,
            "must specify a metric target type",
        ));
    }
    if !["Utilization", "Value", "AverageValue"].contains(&target.r#type.as_str()) {
        errs.push(Error::invalid(
            &type_path,
            target.r#type.as_str().into(),
            "must be either Utilization, Value, or AverageValue",
        ));
    }
    for (name, value) in [
        ("value", &target.value),
        ("averageValue", &target.average_value),
    ] {
        if let Some(q) = value
            && !positive(q)
        {
            errs.push(Error::invalid(
                &path.child(name),
                q.as_str().into(),
                "must be positive",
            ));
        }
    }
    if let Some(u) = target.average_utilization
        && u < 1
    {
        errs.push(Error::invalid(
            &path.child("averageUtilization"),
            BadValue::Int(u.into()),
            "must be greater than 0",
        ));
    }
    errs
}

/// `validateMetricIdentifier`: a name that is a valid path segment.
fn validate_identifier(id: &MetricIdentifier, path: &Path) -> ErrorList {
    path_segment(&id.name, &path.child("name"), "must specify a metric name")
}

/// `validateBehavior`.
fn validate_behavior(behavior: &HorizontalPodAutoscalerBehavior, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (name, rules) in [
        ("scaleUp", &behavior.scale_up),
        ("scaleDown", &behavior.scale_down),
    ] {
        if let Some(rules) = rules {
            errs.extend(validate_rules(rules, &path.child(name)));
        }
    }
    errs
}

/// `validateScalingRules` and `validateScalingPolicy`.
fn validate_rules(rules: &HPAScalingRules, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if let Some(window) = rules.stabilization_window_seconds {
        let p = path.child("stabilizationWindowSeconds");
        if window < 0 {
            errs.push(Error::invalid(
                &p,
                BadValue::Int(window.into()),
                "must be greater than or equal to zero",
            ));
        }
        if window > MAX_STABILIZATION_WINDOW_SECONDS {
            errs.push(Error::invalid(
                &p,
                BadValue::Int(window.into()),
                &format!("must be less than or equal to {MAX_STABILIZATION_WINDOW_SECONDS}"),
            ));
        }
    }
    if let Some(select) = &rules.select_policy
        && !["Disabled", "Max", "Min"].contains(&select.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("selectPolicy"),
            select.as_str().into(),
            &["Disabled", "Max", "Min"],
        ));
    }
    let policies = path.child("policies");
    if rules.policies.is_empty() {
        errs.push(Error::required(
            &policies,
            "must specify at least one Policy",
        ));
    }
    for (i, policy) in rules.policies.iter().enumerate() {
        let p = policies.index(i);
        if !["Pods", "Percent"].contains(&policy.r#type.as_str()) {
            errs.push(Error::not_supported(
                &p.child("type"),
                policy.r#type.as_str().into(),
                &["Percent", "Pods"],
            ));
        }
        if policy.value <= 0 {
            errs.push(Error::invalid(
                &p.child("value"),
                BadValue::Int(policy.value.into()),
                "must be greater than zero",
            ));
        }
        let period = p.child("periodSeconds");
        if policy.period_seconds <= 0 {
            errs.push(Error::invalid(
                &period,
                BadValue::Int(policy.period_seconds.into()),
                "must be greater than zero",
            ));
        }
        if policy.period_seconds > MAX_PERIOD_SECONDS {
            errs.push(Error::invalid(
                &period,
                BadValue::Int(policy.period_seconds.into()),
                &format!("must be less than or equal to {MAX_PERIOD_SECONDS}"),
            ));
        }
    }
    // `ValidateNonnegativeQuantity`.
    if let Some(tolerance) = &rules.tolerance
        && tolerance.is_negative()
    {
        errs.push(Error::invalid(
            &path.child("tolerance"),
            tolerance.as_str().into(),
            "must be greater than or equal to 0",
        ));
    }
    errs
}

/// The whole object, as upstream's strategy validates it: the spec on a
/// write of the object, the status on a write of `/status`.
fn validate_object(
    object: &super::HorizontalPodAutoscaler,
    old: Option<super::HorizontalPodAutoscaler>,
    path: &Path,
    ctx: &runtime::validate::Context,
) -> ErrorList {
    if ctx.subresource == "/status" {
        validate_status(&object.status, &path.child("status"))
    } else {
        validate_spec(
            &object.spec,
            old.as_ref().map(|o| &o.spec),
            &path.child("spec"),
        )
    }
}

/// Both versions validate as upstream validates the internal object they
/// convert to (v1 with the metrics of its annotations and its implied CPU
/// target).
macro_rules! validate_through_the_hub {
    ($($version:ident),*) => {$(
        impl runtime::validate::ValidateExtra for super::$version::HorizontalPodAutoscaler {
            /// Upstream's validation of the internal object this converts to.
            fn validate_extra(
                &self,
                old: Option<&Self>,
                path: &Path,
                ctx: &runtime::validate::Context,
            ) -> ErrorList {
                validate_object(
                    &self.clone().into(),
                    old.map(|o| o.clone().into()),
                    path,
                    ctx,
                )
            }
        }
    )*};
}

validate_through_the_hub!(v1, v2);

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(min: i32) -> HorizontalPodAutoscalerSpec {
        serde_json::from_value(serde_json::json!({
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
            "minReplicas": min,
            "maxReplicas": 3,
            "metrics": [{"type": "External", "external": {
                "metric": {"name": "queue"}, "target": {"type": "Value", "value": "10"}}}],
        }))
        .expect("a spec")
    }

    fn messages(errs: ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    /// An autoscaler stored with `minReplicas: 0` (scale-to-zero) keeps it
    /// on update, as upstream's strategy lowers the bound for it; a new one
    /// may not have it.
    #[test]
    fn min_replicas_zero_is_kept_only_where_it_was() {
        let path = Path::new("spec");
        assert_eq!(
            messages(validate_spec(&spec(0), None, &path)),
            ["spec.minReplicas: Invalid value: 0: must be greater than or equal to 1"]
        );
        assert!(validate_spec(&spec(0), Some(&spec(0)), &path).is_empty());
        assert_eq!(
            messages(validate_spec(&spec(-1), Some(&spec(0)), &path)),
            ["spec.minReplicas: Invalid value: -1: must be greater than or equal to 0"]
        );
    }
}
