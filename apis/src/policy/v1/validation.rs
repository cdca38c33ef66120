//! `pkg/apis/policy/validation`: `ValidatePodDisruptionBudgetSpec` and the
//! status counts of `ValidatePodDisruptionBudgetStatusUpdate`, with
//! upstream's messages.

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra, label_selector};

use super::{PodDisruptionBudgetSpec, PodDisruptionBudgetStatus};
use crate::apps::v1::{not_more_than_100_percent, positive_int_or_percent};

/// The supported `unhealthyPodEvictionPolicy` values, sorted.
const UNHEALTHY_POD_EVICTION_POLICIES: [&str; 2] = ["AlwaysAllow", "IfHealthyBudget"];

impl ValidateExtra for PodDisruptionBudgetSpec {
    /// Not both `minAvailable` and `maxUnavailable`; each a count not
    /// negative or a percentage of at most 100%; a valid label selector; a
    /// known unhealthy pod eviction policy.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        if self.min_available.is_some() && self.max_unavailable.is_some() {
            // The internal `policy.PodDisruptionBudgetSpec` as JSON: Go's
            // field names (the internal types have no JSON tags).
            errs.push(Error::invalid(
                path,
                BadValue::Json(serde_json::json!({
                    "MinAvailable": self.min_available,
                    "Selector": self.selector,
                    "MaxUnavailable": self.max_unavailable,
                    "UnhealthyPodEvictionPolicy": self.unhealthy_pod_eviction_policy,
                })),
                "minAvailable and maxUnavailable cannot be both set",
            ));
        }
        for (name, value) in [
            ("minAvailable", &self.min_available),
            ("maxUnavailable", &self.max_unavailable),
        ] {
            if let Some(value) = value {
                let at = path.child(name);
                errs.extend(positive_int_or_percent(value, &at));
                errs.extend(not_more_than_100_percent(value, &at));
            }
        }
        if let Some(selector) = &self.selector {
            errs.extend(label_selector(selector, &path.child("selector")));
        }
        if let Some(policy) = &self.unhealthy_pod_eviction_policy
            && !UNHEALTHY_POD_EVICTION_POLICIES.contains(&policy.as_str())
        {
            errs.push(Error::not_supported(
                &path.child("unhealthyPodEvictionPolicy"),
                BadValue::Str(policy.clone()),
                &UNHEALTHY_POD_EVICTION_POLICIES,
            ));
        }
        errs
    }
}

impl ValidateExtra for PodDisruptionBudgetStatus {
    /// The counts are not negative.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        [
            ("disruptionsAllowed", self.disruptions_allowed),
            ("currentHealthy", self.current_healthy),
            ("desiredHealthy", self.desired_healthy),
            ("expectedPods", self.expected_pods),
        ]
        .into_iter()
        .filter(|(_, value)| *value < 0)
        .map(|(name, value)| {
            Error::invalid(
                &path.child(name),
                BadValue::Int(value.into()),
                "must be greater than or equal to 0",
            )
        })
        .collect()
    }
}
