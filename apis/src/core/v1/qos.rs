//! A pod's quality of service class (`status.qosClass`), which
//! kube-apiserver sets when a pod is created: upstream's
//! `pkg/apis/core/helper/qos`.

use std::cmp::Ordering;

use runtime::meta::Quantity;

use super::{Pod, PodSpec, ResourceRequirements};

/// `PodQOSGuaranteed`.
const GUARANTEED: &str = "Guaranteed";
/// `PodQOSBurstable`.
const BURSTABLE: &str = "Burstable";
/// `PodQOSBestEffort`.
const BEST_EFFORT: &str = "BestEffort";

/// A pod's QoS class, as upstream's `qos.ComputePodQOS`
/// (pkg/apis/core/helper/qos) computes it: from the pod-level `resources`
/// when they are set (`PodLevelResources`, on by default), else from every
/// init and regular container's; `Burstable` as soon as one container is,
/// or when containers disagree; `BestEffort` without containers.
pub(super) fn pod_qos_class(spec: &PodSpec) -> &'static str {
    if let Some(resources) = &spec.resources {
        return requirements_qos(resources);
    }
    let containers = spec.init_containers.iter().chain(&spec.containers);
    agree(containers.map(|c| requirements_qos(&c.resources)))
}

impl Pod {
    /// `qos.GetPodQOS`: the class in the pod's status, else the one its
    /// resources give (`Guaranteed`, `Burstable` or `BestEffort`).
    pub fn qos_class(&self) -> &str {
        if self.status.qos_class.is_empty() {
            pod_qos_class(&self.spec)
        } else {
            &self.status.qos_class
        }
    }
}

/// `requirementsQOS`: `BestEffort` when nothing is requested or limited,
/// else what cpu and memory agree on.
fn requirements_qos(resources: &ResourceRequirements) -> &'static str {
    if resources.requests.is_empty() && resources.limits.is_empty() {
        return BEST_EFFORT;
    }
    agree(["cpu", "memory"].map(|name| resource_qos(resources, name)))
}

/// `resourceQOS`: `Burstable` when the request and the limit of `name`
/// differ (a missing one is zero), `BestEffort` when both are zero,
/// `Guaranteed` when they are equal and not zero.
fn resource_qos(resources: &ResourceRequirements, name: &str) -> &'static str {
    let zero = Quantity::default();
    let request = resources.requests.get(name).unwrap_or(&zero);
    let limit = resources.limits.get(name).unwrap_or(&zero);
    if request.cmp_amount(limit) != Ordering::Equal {
        BURSTABLE
    } else if request.is_zero() {
        BEST_EFFORT
    } else {
        GUARANTEED
    }
}

/// The class several parts make together: `Burstable` if one is or two
/// differ, else the one they share (`BestEffort` for none).
fn agree(classes: impl IntoIterator<Item = &'static str>) -> &'static str {
    let mut agreed = None;
    for class in classes {
        match agreed {
            _ if class == BURSTABLE => return BURSTABLE,
            None => agreed = Some(class),
            Some(seen) if seen != class => return BURSTABLE,
            Some(_) => {}
        }
    }
    agreed.unwrap_or(BEST_EFFORT)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::core::v1::Container;

    fn resources(requests: &[(&str, &str)], limits: &[(&str, &str)]) -> ResourceRequirements {
        let list = |pairs: &[(&str, &str)]| -> BTreeMap<String, Quantity> {
            pairs
                .iter()
                .map(|(name, q)| (name.to_string(), Quantity::parse(q).expect("quantity")))
                .collect()
        };
        ResourceRequirements {
            requests: list(requests),
            limits: list(limits),
            ..ResourceRequirements::default()
        }
    }

    fn pod(containers: Vec<ResourceRequirements>) -> PodSpec {
        PodSpec {
            containers: containers
                .into_iter()
                .map(|resources| Container {
                    resources,
                    ..Container::default()
                })
                .collect(),
            ..PodSpec::default()
        }
    }

    /// Cases of upstream's `TestComputePodQOS` (pkg/apis/core/helper/qos).
    #[test]
    fn classes_as_upstream_computes_them() {
        let both = [("cpu", "100m"), ("memory", "1Gi")];
        let cases = [
            (pod(vec![resources(&[], &[])]), BEST_EFFORT),
            (pod(vec![resources(&both, &both)]), GUARANTEED),
            // Equal amounts written differently.
            (
                pod(vec![resources(
                    &[("cpu", "0.1"), ("memory", "1024Mi")],
                    &both,
                )]),
                GUARANTEED,
            ),
            (pod(vec![resources(&[("cpu", "100m")], &[])]), BURSTABLE),
            // Limits without requests (before defaulting copies them).
            (pod(vec![resources(&[], &both)]), BURSTABLE),
            (
                pod(vec![resources(
                    &both,
                    &[("cpu", "200m"), ("memory", "1Gi")],
                )]),
                BURSTABLE,
            ),
            // Only cpu guaranteed: memory is best effort, so they disagree.
            (
                pod(vec![resources(&[("cpu", "1")], &[("cpu", "1")])]),
                BURSTABLE,
            ),
            // Resources other than cpu and memory do not count.
            (
                pod(vec![resources(&[("ephemeral-storage", "1Gi")], &[])]),
                BEST_EFFORT,
            ),
            (
                pod(vec![resources(&both, &both), resources(&[], &[])]),
                BURSTABLE,
            ),
            (
                pod(vec![resources(&both, &both), resources(&both, &both)]),
                GUARANTEED,
            ),
            (pod(vec![]), BEST_EFFORT),
        ];
        for (spec, class) in cases {
            assert_eq!(pod_qos_class(&spec), class, "{:?}", spec.containers);
        }
        // Pod-level resources decide alone.
        let mut spec = pod(vec![resources(&[], &[])]);
        spec.resources = Some(resources(&both, &both));
        assert_eq!(pod_qos_class(&spec), GUARANTEED);
        // An init container counts as a container.
        let mut spec = pod(vec![resources(&both, &both)]);
        spec.init_containers = vec![Container::default()];
        assert_eq!(pod_qos_class(&spec), BURSTABLE);
    }
}
