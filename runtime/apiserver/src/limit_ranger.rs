//! The `LimitRanger` admission plugin (`plugin/pkg/admission/limitranger`):
//! the LimitRanges of a Pod's namespace default its containers' resources
//! and bound them, and bound a PersistentVolumeClaim's storage request.

use std::collections::BTreeMap;

use apis::core::v1::{
    Container, LIMIT_TYPE_CONTAINER, LIMIT_TYPE_PERSISTENT_VOLUME_CLAIM, LimitRange,
    PersistentVolumeClaim, Pod,
};
use runtime::meta::Quantity;
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use server::admission::{
    AdmissionPlugin, Attributes, MutatingAdmission, Operation, Rejection, ValidatingAdmission,
};

use crate::admission::{downcast_mut, is, stored, unconvertible};

/// `kubernetes.io/limit-ranger`: what the plugin set on a Pod.
const LIMIT_RANGER_ANNOTATION: &str = "kubernetes.io/limit-ranger";

/// The `LimitRanger` admission plugin, on by default in kube-apiserver:
///
/// - A Pod's create: each container and init container gets, for every
///   resource it leaves out, the limit (`default`) and request
///   (`defaultRequest`) of the namespace's `Container` limits, and the Pod
///   is annotated `kubernetes.io/limit-ranger: LimitRanger plugin set:
///   cpu, memory request for container app; ...`. Ephemeral containers
///   and pod-level resources are not defaulted.
/// - Then (validating) each container and init container must be within
///   every `Container` item's `min` (request, and limit if set), `max`
///   (limit, and request if set) and `maxLimitRequestRatio`; the first
///   LimitRange it breaks refuses the Pod, 403 with upstream's words:
///   `pods "web" is forbidden: maximum cpu usage per Container is 2, but
///   limit is 4` (several of one LimitRange in brackets).
/// - A claim's create and update: its storage request must be within the
///   `PersistentVolumeClaim` items' `min` and `max`.
///
/// Not here: `type: Pod` items (the sum of a pod's containers) are stored
/// and validated but not enforced, and there is no `pods/resize`. Pod
/// updates are not looked at, as upstream's (containers' resources cannot
/// change), nor is anything whose stored object is being deleted.
pub struct LimitRanger;

impl AdmissionPlugin for LimitRanger {
    fn name(&self) -> &str {
        "LimitRanger"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        matches!(operation, Operation::Create | Operation::Update)
            && (is(resource, "", "pods") || is(resource, "", "persistentvolumeclaims"))
    }
}

/// Whether upstream's `SupportsAttributes` (and its skip of objects being
/// deleted) lets the request through to the limits.
fn supported(attributes: &Attributes<'_>, old: Option<&dyn Object>) -> bool {
    if attributes.subresource.is_some() {
        return false;
    }
    if is(attributes.resource, "", "pods") && attributes.operation == Operation::Update {
        return false;
    }
    old.is_none_or(|o| o.metadata().deletion_timestamp.is_none())
}

/// The LimitRanges of the request's namespace.
fn limit_ranges(attributes: &Attributes<'_>) -> Result<Vec<LimitRange>, Rejection> {
    stored(attributes, "", "v1", "limitranges", attributes.namespace)
}

impl MutatingAdmission for LimitRanger {
    /// `PodMutateLimitFunc` of every LimitRange, in turn: a later one fills
    /// only what is still missing, and its annotation replaces the last.
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if !supported(attributes, old) || !is(attributes.resource, "", "pods") {
            return Ok(());
        }
        let ranges = limit_ranges(attributes)?;
        if ranges.is_empty() {
            return Ok(());
        }
        let pod = downcast_mut::<Pod>(object, "Pod")?;
        for range in &ranges {
            let (limits, requests) = container_defaults(range);
            let mut set = Vec::new();
            for c in &mut pod.spec.containers {
                set.extend(merge_defaults(c, &limits, &requests, "container"));
            }
            for c in &mut pod.spec.init_containers {
                set.extend(merge_defaults(c, &limits, &requests, "init container"));
            }
            if !set.is_empty() {
                pod.metadata.annotations.insert(
                    LIMIT_RANGER_ANNOTATION.into(),
                    format!("LimitRanger plugin set: {}", set.join("; ")),
                );
            }
        }
        Ok(())
    }
}

/// `defaultContainerResourceRequirements`: the limits and requests of the
/// LimitRange's `Container` items.
fn container_defaults(
    range: &LimitRange,
) -> (BTreeMap<String, Quantity>, BTreeMap<String, Quantity>) {
    let (mut limits, mut requests) = (BTreeMap::new(), BTreeMap::new());
    for item in range
        .spec
        .limits
        .iter()
        .filter(|i| i.r#type == LIMIT_TYPE_CONTAINER)
    {
        requests.extend(item.default_request.clone());
        limits.extend(item.default.clone());
    }
    (limits, requests)
}

/// `mergeContainerResources`: the defaults a container leaves out, and
/// what was set, in the annotation's words (`cpu, memory request for
/// container app`, then its limits).
fn merge_defaults(
    container: &mut Container,
    limits: &BTreeMap<String, Quantity>,
    requests: &BTreeMap<String, Quantity>,
    what: &str,
) -> Vec<String> {
    let fill = |have: &mut BTreeMap<String, Quantity>, defaults: &BTreeMap<String, Quantity>| {
        let mut set = Vec::new();
        for (name, q) in defaults {
            if !have.contains_key(name) {
                have.insert(name.clone(), q.clone());
                set.push(name.as_str());
            }
        }
        set.join(", ")
    };
    let set_limits = fill(&mut container.resources.limits, limits);
    let set_requests = fill(&mut container.resources.requests, requests);
    let mut notes = Vec::new();
    if !set_requests.is_empty() {
        notes.push(format!(
            "{set_requests} request for {what} {}",
            container.name
        ));
    }
    if !set_limits.is_empty() {
        notes.push(format!("{set_limits} limit for {what} {}", container.name));
    }
    notes
}

impl ValidatingAdmission for LimitRanger {
    /// `PodValidateLimitFunc` and `PersistentVolumeClaimValidateLimitFunc`
    /// of each LimitRange; the first that fails refuses the object.
    fn validate(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if !supported(attributes, old) {
            return Ok(());
        }
        let ranges = limit_ranges(attributes)?;
        if ranges.is_empty() {
            return Ok(());
        }
        let object = object.ok_or_else(|| unconvertible(attributes.resource.kind))?;
        for range in &ranges {
            let errors = if is(attributes.resource, "", "pods") {
                let pod = object
                    .as_any()
                    .downcast_ref::<Pod>()
                    .ok_or_else(|| unconvertible("Pod"))?;
                pod_errors(range, pod)
            } else {
                let claim = object
                    .as_any()
                    .downcast_ref::<PersistentVolumeClaim>()
                    .ok_or_else(|| unconvertible("PersistentVolumeClaim"))?;
                claim_errors(range, claim)
            };
            if !errors.is_empty() {
                return Err(Rejection::Forbidden(runtime::field::aggregate_messages(
                    errors,
                )));
            }
        }
        Ok(())
    }
}

/// The `Container` items' bounds on every container and init container.
fn pod_errors(range: &LimitRange, pod: &Pod) -> Vec<String> {
    let mut errors = Vec::new();
    for item in range
        .spec
        .limits
        .iter()
        .filter(|i| i.r#type == LIMIT_TYPE_CONTAINER)
    {
        for c in pod.spec.containers.iter().chain(&pod.spec.init_containers) {
            let (requests, limits) = (&c.resources.requests, &c.resources.limits);
            for (name, q) in &item.min {
                errors.extend(min_error(&item.r#type, name, q, requests, limits));
            }
            for (name, q) in &item.max {
                errors.extend(max_error(&item.r#type, name, q, requests, limits));
            }
            for (name, q) in &item.max_limit_request_ratio {
                errors.extend(ratio_error(&item.r#type, name, q, requests, limits));
            }
        }
    }
    errors
}

/// The `PersistentVolumeClaim` items' bounds on a claim's requests.
fn claim_errors(range: &LimitRange, claim: &PersistentVolumeClaim) -> Vec<String> {
    let requests = &claim.spec.resources.requests;
    let none = BTreeMap::new();
    let mut errors = Vec::new();
    for item in range
        .spec
        .limits
        .iter()
        .filter(|i| i.r#type == LIMIT_TYPE_PERSISTENT_VOLUME_CLAIM)
    {
        for (name, q) in &item.min {
            errors.extend(min_error(&item.r#type, name, q, requests, &none));
        }
        for (name, q) in &item.max {
            errors.extend(max_request_error(&item.r#type, name, q, requests));
        }
    }
    errors
}

/// `minConstraint`: a request at least the min (there must be one), and a
/// limit, if any, too.
fn min_error(
    limit_type: &str,
    name: &str,
    enforced: &Quantity,
    requests: &BTreeMap<String, Quantity>,
    limits: &BTreeMap<String, Quantity>,
) -> Option<String> {
    use std::cmp::Ordering::Less;
    let Some(request) = requests.get(name) else {
        return Some(format!(
            "minimum {name} usage per {limit_type} is {enforced}.  No request is specified"
        ));
    };
    if request.cmp_amount(enforced) == Less {
        return Some(format!(
            "minimum {name} usage per {limit_type} is {enforced}, but request is {request}"
        ));
    }
    match limits.get(name) {
        Some(limit) if limit.cmp_amount(enforced) == Less => Some(format!(
            "minimum {name} usage per {limit_type} is {enforced}, but limit is {limit}"
        )),
        _ => None,
    }
}

/// `maxConstraint`: a limit at most the max (there must be one), and a
/// request, if any, too.
fn max_error(
    limit_type: &str,
    name: &str,
    enforced: &Quantity,
    requests: &BTreeMap<String, Quantity>,
    limits: &BTreeMap<String, Quantity>,
) -> Option<String> {
    use std::cmp::Ordering::Greater;
    let Some(limit) = limits.get(name) else {
        return Some(format!(
            "maximum {name} usage per {limit_type} is {enforced}.  No limit is specified"
        ));
    };
    if limit.cmp_amount(enforced) == Greater {
        return Some(format!(
            "maximum {name} usage per {limit_type} is {enforced}, but limit is {limit}"
        ));
    }
    match requests.get(name) {
        Some(request) if request.cmp_amount(enforced) == Greater => Some(format!(
            "maximum {name} usage per {limit_type} is {enforced}, but request is {request}"
        )),
        _ => None,
    }
}

/// `maxRequestConstraint`, for claims, which have no limits: a request at
/// most the max (there must be one).
fn max_request_error(
    limit_type: &str,
    name: &str,
    enforced: &Quantity,
    requests: &BTreeMap<String, Quantity>,
) -> Option<String> {
    let Some(request) = requests.get(name) else {
        return Some(format!(
            "maximum {name} usage per {limit_type} is {enforced}.  No request is specified"
        ));
    };
    (request.cmp_amount(enforced) == std::cmp::Ordering::Greater).then(|| {
        format!("maximum {name} usage per {limit_type} is {enforced}, but request is {request}")
    })
}

/// `limitRequestRatioConstraint`: a non-zero request and limit, the limit
/// at most `enforced` times the request (the ratio printed as Go's `%f`).
fn ratio_error(
    limit_type: &str,
    name: &str,
    enforced: &Quantity,
    requests: &BTreeMap<String, Quantity>,
    limits: &BTreeMap<String, Quantity>,
) -> Option<String> {
    let request = requests.get(name).map_or(0.0, Quantity::as_f64);
    if request == 0.0 {
        return Some(format!(
            "{name} max limit to request ratio per {limit_type} is {enforced}, but no request is specified or request is 0"
        ));
    }
    let limit = limits.get(name).map_or(0.0, Quantity::as_f64);
    if limit == 0.0 {
        return Some(format!(
            "{name} max limit to request ratio per {limit_type} is {enforced}, but no limit is specified or limit is 0"
        ));
    }
    let observed = limit / request;
    (observed > enforced.as_f64()).then(|| {
        format!(
            "{name} max limit to request ratio per {limit_type} is {enforced}, but provided ratio is {}",
            runtime::go::float_f(observed)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(pairs: &[(&str, &str)]) -> BTreeMap<String, Quantity> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), Quantity::parse(v).unwrap()))
            .collect()
    }

    /// Upstream's constraint texts (`admission_test.go`'s cases): two
    /// spaces after a missing value's period, `%f` ratios.
    #[test]
    fn constraint_messages_are_upstreams() {
        let q = |s: &str| Quantity::parse(s).unwrap();
        assert_eq!(
            min_error("Container", "cpu", &q("100m"), &list(&[]), &list(&[])).unwrap(),
            "minimum cpu usage per Container is 100m.  No request is specified"
        );
        assert_eq!(
            min_error(
                "Container",
                "cpu",
                &q("100m"),
                &list(&[("cpu", "50m")]),
                &list(&[])
            )
            .unwrap(),
            "minimum cpu usage per Container is 100m, but request is 50m"
        );
        assert_eq!(
            max_error(
                "Container",
                "memory",
                &q("1Gi"),
                &list(&[]),
                &list(&[("memory", "2Gi")])
            )
            .unwrap(),
            "maximum memory usage per Container is 1Gi, but limit is 2Gi"
        );
        assert_eq!(
            max_error("Container", "memory", &q("1Gi"), &list(&[]), &list(&[])).unwrap(),
            "maximum memory usage per Container is 1Gi.  No limit is specified"
        );
        assert!(
            max_error(
                "Container",
                "memory",
                &q("1Gi"),
                &list(&[]),
                &list(&[("memory", "1024Mi")])
            )
            .is_none()
        );
        assert_eq!(
            ratio_error(
                "Container",
                "cpu",
                &q("2"),
                &list(&[("cpu", "250m")]),
                &list(&[("cpu", "1")])
            )
            .unwrap(),
            "cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000"
        );
        assert!(
            ratio_error(
                "Container",
                "cpu",
                &q("2"),
                &list(&[("cpu", "500m")]),
                &list(&[("cpu", "1")])
            )
            .is_none()
        );
        // Past what upstream's int64 milli-values hold: still 10 > 9.
        assert_eq!(
            ratio_error(
                "Container",
                "memory",
                &q("9"),
                &list(&[("memory", "1Pi")]),
                &list(&[("memory", "10Pi")])
            )
            .unwrap(),
            "memory max limit to request ratio per Container is 9, but provided ratio is 10.000000"
        );
        assert_eq!(
            max_error(
                "Container",
                "cpu",
                &q("1"),
                &list(&[("cpu", "2")]),
                &list(&[("cpu", "1")])
            )
            .unwrap(),
            "maximum cpu usage per Container is 1, but request is 2"
        );
    }
}
