//! The `ResourceQuota` admission plugin
//! (`k8s.io/apiserver/pkg/admission/plugin/resourcequota`, with the
//! evaluators of `pkg/quota/v1/evaluator/core`): a namespaced create or
//! update is charged to the namespace's ResourceQuotas, refused when it
//! would take one past its hard limit, and the charge is written to their
//! `status.used`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

use apis::core::v1::{
    PersistentVolumeClaim, Pod, PodAffinityTerm, RESOURCE_QUOTA_SCOPE_BEST_EFFORT,
    RESOURCE_QUOTA_SCOPE_CROSS_NAMESPACE_POD_AFFINITY, RESOURCE_QUOTA_SCOPE_NOT_BEST_EFFORT,
    RESOURCE_QUOTA_SCOPE_NOT_TERMINATING, RESOURCE_QUOTA_SCOPE_PRIORITY_CLASS,
    RESOURCE_QUOTA_SCOPE_TERMINATING, ResourceQuota, ScopedResourceSelectorRequirement, Service,
    WeightedPodAffinityTerm, is_extended_resource_name,
};
use runtime::meta::Quantity;
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use server::admission::{AdmissionPlugin, Attributes, Operation, Rejection, ValidatingAdmission};
use server::status::ApiError;

use crate::admission::{is, stored};

/// A resource list: amounts by resource name (`corev1.ResourceList`).
type ResourceList = BTreeMap<String, Quantity>;

/// How many times a quota's status write is tried again after a conflict
/// (upstream's `checkQuotas` retries).
const RETRIES: usize = 3;

/// `<class>.storageclass.storage.k8s.io/`: the infix of a claim's
/// per-class quota names.
const STORAGE_CLASS_SUFFIX: &str = ".storageclass.storage.k8s.io/";

/// The `ResourceQuota` admission plugin, on by default in kube-apiserver.
///
/// For a create (and the updates an evaluator charges: a Service's or a
/// claim's, a Pod's that changes whether it is terminating) of a
/// namespaced resource, each ResourceQuota of the namespace whose
/// **`status.hard`** names a resource the object uses, and whose scopes
/// match it, is checked in turn:
///
/// - a Pod under a quota of cpu or memory must set those for every
///   container (`failed quota: <quota>: must specify limits.cpu for: app`);
/// - every limited resource must have a `status.used` amount
///   (`status unknown for quota: <quota>, resources: pods`);
/// - `used` plus what the write adds must not pass `hard`
///   (`exceeded quota: <quota>, requested: pods=1, used: pods=2, limited:
///   pods=2`), refused 403.
///
/// The new `used` is then written through the quota's `/status`, on the
/// condition of its resourceVersion, before the write goes on. The writes
/// of one namespace are charged one at a time (upstream queues them by
/// namespace), so concurrent creates cannot both take the last unit; a
/// quota changed meanwhile by another writer of its status is read and
/// checked again (three times at most). A dry run is checked, not
/// written.
///
/// What is used: `count/<resource>[.<group>]` for every created object
/// (`pods`, `services`, `configmaps`, `secrets`, `replicationcontrollers`,
/// `resourcequotas` and `persistentvolumeclaims` too); a Pod's `pods` and
/// compute requests and limits (`cpu`, `requests.memory`, `limits.cpu`,
/// huge pages, `requests.<extended>`), as upstream's `PodRequests` and
/// `PodLimits` sum them (sidecars, init containers, overhead, pod-level
/// resources), nothing but its count once it has ended; a Service's
/// `services.loadbalancers` and `services.nodeports`; a claim's
/// `requests.storage` and its storage class's names.
///
/// As in kube-apiserver, a quota is enforced only once something has
/// written its `status.hard`: upstream's quota controller, in
/// kube-controller-manager, which copies `spec.hard` there and counts
/// what the namespace holds, and gives usage back when objects go. This
/// server has no such controller: a test (or controller) under test sets
/// the status through `/status`, as a kube-apiserver without
/// kube-controller-manager needs too.
///
/// Not here: the `VolumeAttributesClass` scope (a quota with it matches
/// no claim), `pods/resize`, a claim's request rounded up to a whole
/// byte, and the admission configuration's limited resources.
#[derive(Default)]
pub struct QuotaAdmission {
    /// One lock per namespace, held from the read of its quotas to the
    /// write of their status.
    namespaces: Mutex<HashMap<String, Arc<Mutex<()>>>>,
}

impl QuotaAdmission {
    /// The lock of `namespace`'s quotas.
    fn lock_of(&self, namespace: &str) -> Arc<Mutex<()>> {
        let mut locks = self.namespaces.lock().unwrap_or_else(|e| e.into_inner());
        locks.entry(namespace.to_string()).or_default().clone()
    }

    /// Forgets `namespace`'s lock when no other write holds or waits for
    /// it, so that the map does not keep every namespace ever charged.
    fn release(&self, namespace: &str, lock: Arc<Mutex<()>>) {
        let mut locks = self.namespaces.lock().unwrap_or_else(|e| e.into_inner());
        // The map's reference and `lock`: nobody else has it.
        if Arc::strong_count(&lock) == 2 {
            locks.remove(namespace);
        }
    }
}

impl AdmissionPlugin for QuotaAdmission {
    fn name(&self) -> &str {
        "ResourceQuota"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        matches!(operation, Operation::Create | Operation::Update)
            && resource.namespaced
            && !ignored(resource)
    }

    fn listed_resources(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &[("", "v1", "resourcequotas")]
    }
}

/// The resources upstream's quota never charges (`ignoredResources` of
/// `pkg/quota/v1/install`): bindings, reviews and events.
fn ignored(resource: &ResourceInfo) -> bool {
    matches!(
        (resource.group, resource.plural),
        ("", "bindings" | "componentstatuses" | "events")
            | ("events.k8s.io", "events")
            | (
                "authentication.k8s.io",
                "tokenreviews" | "selfsubjectreviews"
            )
            | (
                "authorization.k8s.io",
                "subjectaccessreviews"
                    | "selfsubjectaccessreviews"
                    | "localsubjectaccessreviews"
                    | "selfsubjectrulesreviews"
            )
    )
}

impl ValidatingAdmission for QuotaAdmission {
    /// `QuotaAdmission.Validate` and `checkQuotas`: see the type's docs.
    fn validate(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        let (Some(namespace), None, Some(object)) =
            (attributes.namespace, attributes.subresource, object)
        else {
            return Ok(());
        };
        let evaluator = Evaluator::of(attributes.resource);
        if !evaluator.handles(attributes.operation, object, old) {
            return Ok(());
        }
        let quotas: Vec<ResourceQuota> =
            stored(attributes, "", "v1", "resourcequotas", Some(namespace))?;
        if quotas.is_empty() {
            return Ok(());
        }
        let lock = self.lock_of(namespace);
        let outcome = match acquire(&lock) {
            Some(_charging) => charge(attributes, namespace, &evaluator, object, old),
            None => Err(Rejection::Status(ApiError::internal(
                "resource quota evaluation timed out",
            ))),
        };
        self.release(namespace, lock);
        outcome
    }
}

/// How long a write waits for its namespace's quotas (upstream's
/// evaluator gives up after 10 s).
const LOCK_TIMEOUT: Duration = Duration::from_secs(10);

/// Takes `lock` within [`LOCK_TIMEOUT`]; `None` when it could not.
fn acquire(lock: &Mutex<()>) -> Option<MutexGuard<'_, ()>> {
    let deadline = Instant::now() + LOCK_TIMEOUT;
    loop {
        match lock.try_lock() {
            Ok(guard) => return Some(guard),
            Err(TryLockError::Poisoned(e)) => return Some(e.into_inner()),
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(TryLockError::WouldBlock) => return None,
        }
    }
}

/// `checkQuotas`: charges the write to the namespace's quotas and writes
/// their new usage; a quota whose write failed (changed or deleted
/// meanwhile) is read and checked again, three times at most, those
/// already written not again.
fn charge(
    attributes: &Attributes<'_>,
    namespace: &str,
    evaluator: &Evaluator,
    object: &dyn Object,
    old: Option<&dyn Object>,
) -> Result<(), Rejection> {
    let mut written = BTreeSet::new();
    let mut last_error = None;
    for _ in 0..=RETRIES {
        let quotas: Vec<ResourceQuota> =
            stored(attributes, "", "v1", "resourcequotas", Some(namespace))?;
        let pending: Vec<ResourceQuota> = quotas
            .into_iter()
            .filter(|q| !written.contains(quota_name(q)))
            .collect();
        let charged = check(evaluator, &pending, attributes.operation, object, old)?;
        if attributes.dry_run {
            return Ok(());
        }
        last_error = None;
        for quota in charged {
            match attributes.update_status(("", "v1", "resourcequotas"), &quota) {
                Ok(_) => {
                    written.insert(quota_name(&quota).to_string());
                }
                Err(e) if matches!(e.code, 404 | 409) => last_error = Some(e),
                Err(e) => return Err(Rejection::Status(e)),
            }
        }
        if last_error.is_none() {
            return Ok(());
        }
    }
    Err(Rejection::Status(last_error.unwrap_or_else(|| {
        ApiError::internal("resource quota evaluation failed")
    })))
}

/// `CheckRequest`: the quotas of `quotas` the write charges, with their
/// new `status.used`.
///
/// Errors: upstream's refusals (see [`QuotaAdmission`]).
fn check(
    evaluator: &Evaluator,
    quotas: &[ResourceQuota],
    operation: Operation,
    object: &dyn Object,
    old: Option<&dyn Object>,
) -> Result<Vec<ResourceQuota>, Rejection> {
    let mut matched = Vec::new();
    for quota in quotas {
        if !evaluator.matches(quota, object) {
            continue;
        }
        let restricted = evaluator.matching_resources(quota.status.hard.keys());
        let name = quota_name(quota);
        if let Some(missing) = evaluator.constraints(&restricted, object) {
            return Err(Rejection::Forbidden(format!(
                "failed quota: {name}: {missing}"
            )));
        }
        if restricted
            .iter()
            .any(|r| !quota.status.used.contains_key(*r))
        {
            return Err(Rejection::Forbidden(format!(
                "status unknown for quota: {name}, resources: {}",
                restricted.join(",")
            )));
        }
        matched.push(quota);
    }
    let usage = evaluator.usage(object);
    let negative: Vec<&str> = usage
        .iter()
        .filter(|(_, q)| q.is_negative())
        .map(|(n, _)| n.as_str())
        .collect();
    if !negative.is_empty() {
        return Err(Rejection::Forbidden(format!(
            "quota usage is negative for resource(s): {}",
            negative.join(",")
        )));
    }
    // An update is charged what it adds to the quotas that charged the
    // old object already, and all it uses to the others (a pod that
    // becomes terminating, to the `Terminating` quota).
    let mut previous = None;
    if operation == Operation::Update {
        let Some(old) = old else {
            return Err(Rejection::Forbidden(
                "unable to get previous usage since prior version of object was not found".into(),
            ));
        };
        if old.metadata().resource_version.is_some() {
            previous = Some((old, evaluator.usage(old)));
        }
    }
    let mut charged = Vec::new();
    for quota in matched {
        let mut delta = match &previous {
            Some((old, old_usage)) if evaluator.matches(quota, *old) => subtract(&usage, old_usage),
            _ => usage.clone(),
        };
        delta.retain(|_, q| q.cmp_amount(&Quantity::default()) != std::cmp::Ordering::Equal);
        let requested = mask(&delta, |n| quota.status.hard.contains_key(n));
        if requested.is_empty() {
            continue;
        }
        let mut used = quota.status.used.clone();
        for (name, amount) in &requested {
            let sum = match used.get(name) {
                Some(u) => u.add(amount),
                None => amount.clone(),
            };
            used.insert(name.clone(), sum);
        }
        let exceeded: Vec<&String> = requested
            .keys()
            .filter(|n| {
                let (Some(hard), Some(now)) = (quota.status.hard.get(*n), used.get(*n)) else {
                    return false;
                };
                now.cmp_amount(hard) == std::cmp::Ordering::Greater
            })
            .collect();
        if !exceeded.is_empty() {
            let show = |list: &ResourceList| {
                exceeded
                    .iter()
                    .filter_map(|n| list.get(*n).map(|q| format!("{n}={q}")))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            return Err(Rejection::Forbidden(format!(
                "exceeded quota: {}, requested: {}, used: {}, limited: {}",
                quota_name(quota),
                show(&requested),
                show(&quota.status.used),
                show(&quota.status.hard)
            )));
        }
        let mut quota = quota.clone();
        quota.status.used = used;
        charged.push(quota);
    }
    Ok(charged)
}

/// A quota's name.
fn quota_name(quota: &ResourceQuota) -> &str {
    quota.metadata.name.as_deref().unwrap_or_default()
}

/// `quota.Mask`: the entries of `list` whose names `keep` says.
fn mask(list: &ResourceList, keep: impl Fn(&str) -> bool) -> ResourceList {
    list.iter()
        .filter(|(n, _)| keep(n))
        .map(|(n, q)| (n.clone(), q.clone()))
        .collect()
}

/// `quota.SubtractWithNonNegativeResult` of `b` from `a`: below zero
/// reads zero (names of `a` only: a name `b` has alone would read zero).
fn subtract(a: &ResourceList, b: &ResourceList) -> ResourceList {
    a.iter()
        .map(|(name, amount)| {
            let mut difference = match b.get(name) {
                Some(other) => amount.sub(other),
                None => amount.clone(),
            };
            if difference.is_negative() {
                difference = Quantity::default();
            }
            (name.clone(), difference)
        })
        .collect()
}

/// What a resource uses of a quota: upstream's evaluators.
enum Evaluator {
    /// `podEvaluator`.
    Pods,
    /// `serviceEvaluator`.
    Services,
    /// `pvcEvaluator`.
    Claims,
    /// The object count evaluator of any other resource: its
    /// `count/<resource>[.<group>]`, and the legacy name of the few that
    /// have one (`configmaps`, `secrets`, ...). Creates only.
    Count { names: Vec<String> },
}

impl Evaluator {
    fn of(resource: &ResourceInfo) -> Evaluator {
        if is(resource, "", "pods") {
            return Evaluator::Pods;
        }
        if is(resource, "", "services") {
            return Evaluator::Services;
        }
        if is(resource, "", "persistentvolumeclaims") {
            return Evaluator::Claims;
        }
        let mut names = vec![count_name(resource.group, resource.plural)];
        if resource.group.is_empty()
            && matches!(
                resource.plural,
                "configmaps" | "secrets" | "replicationcontrollers" | "resourcequotas"
            )
        {
            names.push(resource.plural.to_string());
        }
        Evaluator::Count { names }
    }

    /// `Handles`: creates; updates of Services and claims, and of Pods
    /// that start or stop being terminating.
    fn handles(&self, operation: Operation, object: &dyn Object, old: Option<&dyn Object>) -> bool {
        match (self, operation) {
            (_, Operation::Create) => true,
            (Evaluator::Services | Evaluator::Claims, Operation::Update) => true,
            (Evaluator::Pods, Operation::Update) => {
                let terminating =
                    |o: &dyn Object| o.as_any().downcast_ref().is_some_and(terminating);
                old.is_some_and(|old| terminating(old) != terminating(object))
            }
            _ => false,
        }
    }

    /// `MatchingResources`: the names of `hard` this evaluator charges.
    fn matching_resources<'q>(&self, hard: impl Iterator<Item = &'q String>) -> Vec<&'q str> {
        hard.map(String::as_str)
            .filter(|name| match self {
                Evaluator::Pods => pod_resource(name),
                Evaluator::Services => matches!(
                    *name,
                    "count/services" | "services" | "services.nodeports" | "services.loadbalancers"
                ),
                Evaluator::Claims => {
                    matches!(
                        *name,
                        "count/persistentvolumeclaims"
                            | "persistentvolumeclaims"
                            | "requests.storage"
                    ) || name.split_once(STORAGE_CLASS_SUFFIX).is_some_and(|(_, r)| {
                        matches!(r, "persistentvolumeclaims" | "requests.storage")
                    })
                }
                Evaluator::Count { names } => names.iter().any(|n| n == name),
            })
            .collect()
    }

    /// `Matches`: the quota's `status.hard` names something this
    /// evaluator charges, and its scopes match the object.
    fn matches(&self, quota: &ResourceQuota, object: &dyn Object) -> bool {
        !self.matching_resources(quota.status.hard.keys()).is_empty()
            && self.matches_scopes(quota, object)
    }

    /// `Matches`' scope half: every scope of the quota (`spec.scopes`, as
    /// `Exists`, and the selector's expressions) matches the object. Only
    /// Pods have scopes; a quota with any matches nothing else.
    fn matches_scopes(&self, quota: &ResourceQuota, object: &dyn Object) -> bool {
        let exists = quota
            .spec
            .scopes
            .iter()
            .map(|s| ScopedResourceSelectorRequirement {
                scope_name: s.clone(),
                operator: "Exists".into(),
                values: Vec::new(),
            });
        let expressions = quota
            .spec
            .scope_selector
            .iter()
            .flat_map(|s| s.match_expressions.iter().cloned());
        let mut selectors = exists.chain(expressions).peekable();
        if selectors.peek().is_none() {
            return true;
        }
        let pod = match self {
            Evaluator::Pods => object.as_any().downcast_ref::<Pod>(),
            _ => None,
        };
        pod.is_some_and(|pod| selectors.all(|s| pod_matches_scope(&s, pod)))
    }

    /// `Constraints`: a Pod under a quota of cpu or memory names them for
    /// each container and init container; the message of the missing
    /// ones, `must specify limits.cpu for: a,b; requests.memory for: a`.
    fn constraints(&self, restricted: &[&str], object: &dyn Object) -> Option<String> {
        let pod = match self {
            Evaluator::Pods => object.as_any().downcast_ref::<Pod>()?,
            _ => return None,
        };
        if pod.spec.resources.as_ref().is_some_and(|r| {
            r.requests
                .keys()
                .chain(r.limits.keys())
                .any(|n| pod_level_resource(n))
        }) {
            // `PodLevelResources`: pod-level resources stand for the
            // containers'.
            return None;
        }
        let required: BTreeSet<&str> = restricted
            .iter()
            .copied()
            .filter(|r| {
                matches!(
                    *r,
                    "cpu"
                        | "memory"
                        | "requests.cpu"
                        | "requests.memory"
                        | "limits.cpu"
                        | "limits.memory"
                )
            })
            .collect();
        let mut missing: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        let containers = pod.spec.containers.iter().map(|c| (&c.name, &c.resources));
        let init = pod
            .spec
            .init_containers
            .iter()
            .map(|c| (&c.name, &c.resources));
        for (name, resources) in containers.chain(init) {
            let usage = compute_usage(&resources.requests, &resources.limits);
            for r in &required {
                if !usage.contains_key(*r) {
                    missing.entry(r).or_default().insert(name.as_str());
                }
            }
        }
        if missing.is_empty() {
            return None;
        }
        let parts: Vec<String> = missing
            .iter()
            .map(|(r, names)| {
                format!(
                    "{r} for: {}",
                    names.iter().copied().collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        Some(format!("must specify {}", parts.join("; ")))
    }

    /// `Usage`: what the object uses.
    fn usage(&self, object: &dyn Object) -> ResourceList {
        let one = || Quantity::parse("1").unwrap_or_default();
        let mut usage = ResourceList::new();
        match self {
            Evaluator::Pods => {
                usage.insert("count/pods".into(), one());
                if let Some(pod) = object.as_any().downcast_ref::<Pod>()
                    && !ended(pod)
                {
                    let (requests, limits) = pod_requests_and_limits(pod);
                    usage.extend(compute_usage(&requests, &limits));
                }
            }
            Evaluator::Services => {
                usage.insert("count/services".into(), one());
                usage.insert("services".into(), one());
                let (mut balancers, mut node_ports) = (0, 0);
                if let Some(service) = object.as_any().downcast_ref::<Service>() {
                    let ports = &service.spec.ports;
                    match service.spec.r#type.as_str() {
                        "NodePort" => node_ports = ports.len(),
                        "LoadBalancer" => {
                            balancers = 1;
                            node_ports =
                                if service.spec.allocate_load_balancer_node_ports == Some(false) {
                                    ports.iter().filter(|p| p.node_port != 0).count()
                                } else {
                                    ports.len()
                                };
                        }
                        _ => {}
                    }
                }
                let count = |n: usize| Quantity::parse(&n.to_string()).unwrap_or_default();
                usage.insert("services.loadbalancers".into(), count(balancers));
                usage.insert("services.nodeports".into(), count(node_ports));
            }
            Evaluator::Claims => {
                usage.insert("count/persistentvolumeclaims".into(), one());
                usage.insert("persistentvolumeclaims".into(), one());
                if let Some(claim) = object.as_any().downcast_ref::<PersistentVolumeClaim>() {
                    let class = claim_class(claim);
                    if !class.is_empty() {
                        usage.insert(
                            format!("{class}{STORAGE_CLASS_SUFFIX}persistentvolumeclaims"),
                            one(),
                        );
                    }
                    if let Some(storage) = claim_storage(claim) {
                        if !class.is_empty() {
                            usage.insert(
                                format!("{class}{STORAGE_CLASS_SUFFIX}requests.storage"),
                                storage.clone(),
                            );
                        }
                        usage.insert("requests.storage".into(), storage);
                    }
                }
            }
            Evaluator::Count { names } => {
                for name in names {
                    usage.insert(name.clone(), one());
                }
            }
        }
        usage
    }
}

/// `generic.ObjectCountQuotaResourceNameFor`: `count/pods`,
/// `count/deployments.apps`.
fn count_name(group: &str, plural: &str) -> String {
    if group.is_empty() {
        format!("count/{plural}")
    } else {
        format!("count/{plural}.{group}")
    }
}

/// A name the pod evaluator charges (`podResources`, the huge page
/// prefixes, `requests.<extended resource>`).
fn pod_resource(name: &str) -> bool {
    matches!(
        name,
        "count/pods"
            | "cpu"
            | "memory"
            | "ephemeral-storage"
            | "requests.cpu"
            | "requests.memory"
            | "requests.ephemeral-storage"
            | "limits.cpu"
            | "limits.memory"
            | "limits.ephemeral-storage"
            | "pods"
    ) || name.starts_with("hugepages-")
        || name.starts_with("requests.hugepages-")
        || name
            .strip_prefix("requests.")
            .is_some_and(is_extended_resource_name)
}

/// `isTerminating`: an active deadline of zero or more seconds.
fn terminating(pod: &Pod) -> bool {
    pod.spec.active_deadline_seconds.is_some_and(|s| s >= 0)
}

/// `QuotaV1Pod`'s opposite: a pod that has succeeded or failed, or whose
/// deletion's grace period is over, uses nothing but its count.
fn ended(pod: &Pod) -> bool {
    if matches!(pod.status.phase.as_str(), "Succeeded" | "Failed") {
        return true;
    }
    let meta = &pod.metadata;
    match (&meta.deletion_timestamp, meta.deletion_grace_period_seconds) {
        (Some(at), Some(grace)) => chrono::Duration::try_seconds(grace)
            .and_then(|grace| at.0.checked_add_signed(grace))
            .is_some_and(|end| end < chrono::Utc::now()),
        _ => false,
    }
}

/// `podMatchesScopeFunc`.
fn pod_matches_scope(selector: &ScopedResourceSelectorRequirement, pod: &Pod) -> bool {
    match selector.scope_name.as_str() {
        RESOURCE_QUOTA_SCOPE_TERMINATING => terminating(pod),
        RESOURCE_QUOTA_SCOPE_NOT_TERMINATING => !terminating(pod),
        RESOURCE_QUOTA_SCOPE_BEST_EFFORT => pod.qos_class() == "BestEffort",
        RESOURCE_QUOTA_SCOPE_NOT_BEST_EFFORT => pod.qos_class() != "BestEffort",
        RESOURCE_QUOTA_SCOPE_PRIORITY_CLASS => {
            let class = &pod.spec.priority_class_name;
            // A label selector on `{PriorityClass: <class>}`, a set
            // without the key for a pod without a class.
            match selector.operator.as_str() {
                "Exists" => !class.is_empty(),
                "DoesNotExist" => class.is_empty(),
                "In" => !class.is_empty() && selector.values.contains(class),
                "NotIn" => class.is_empty() || !selector.values.contains(class),
                _ => false,
            }
        }
        RESOURCE_QUOTA_SCOPE_CROSS_NAMESPACE_POD_AFFINITY => cross_namespace_affinity(pod),
        _ => false,
    }
}

/// `usesCrossNamespacePodAffinity`: an affinity or anti-affinity term
/// that names namespaces or selects them.
fn cross_namespace_affinity(pod: &Pod) -> bool {
    let crosses = |required: &[PodAffinityTerm], preferred: &[WeightedPodAffinityTerm]| {
        required
            .iter()
            .chain(preferred.iter().map(|w| &w.pod_affinity_term))
            .any(|t| !t.namespaces.is_empty() || t.namespace_selector.is_some())
    };
    pod.spec.affinity.as_ref().is_some_and(|affinity| {
        affinity.pod_affinity.as_ref().is_some_and(|a| {
            crosses(
                &a.required_during_scheduling_ignored_during_execution,
                &a.preferred_during_scheduling_ignored_during_execution,
            )
        }) || affinity.pod_anti_affinity.as_ref().is_some_and(|a| {
            crosses(
                &a.required_during_scheduling_ignored_during_execution,
                &a.preferred_during_scheduling_ignored_during_execution,
            )
        })
    })
}

/// `podComputeUsageHelper`: `pods` and the quota names of compute
/// requests and limits (`cpu` and `requests.cpu` for a cpu request, ...).
fn compute_usage(requests: &ResourceList, limits: &ResourceList) -> ResourceList {
    let mut usage = ResourceList::new();
    usage.insert("pods".into(), Quantity::parse("1").unwrap_or_default());
    for r in ["cpu", "memory", "ephemeral-storage"] {
        if let Some(q) = requests.get(r) {
            usage.insert(r.into(), q.clone());
            usage.insert(format!("requests.{r}"), q.clone());
        }
        if let Some(q) = limits.get(r) {
            usage.insert(format!("limits.{r}"), q.clone());
        }
    }
    for (name, q) in requests {
        if name.starts_with("hugepages-") {
            usage.insert(name.clone(), q.clone());
            usage.insert(format!("requests.{name}"), q.clone());
        }
        if is_extended_resource_name(name) {
            usage.insert(format!("requests.{name}"), q.clone());
        }
    }
    usage
}

/// `resourcehelper.PodRequests` and `PodLimits`: the containers' sum
/// (sidecars, restartable init containers, included), or an init
/// container's (with the sidecars started before it) where that is more;
/// the pod-level cpu, memory and huge pages where the pod sets them; then
/// the pod's overhead (for limits, only of what is limited).
fn pod_requests_and_limits(pod: &Pod) -> (ResourceList, ResourceList) {
    let spec = &pod.spec;
    let aggregate = |pick: &dyn Fn(&apis::core::v1::ResourceRequirements) -> &ResourceList| {
        let mut total = ResourceList::new();
        for c in &spec.containers {
            add_to(&mut total, pick(&c.resources));
        }
        let (mut sidecars, mut init_max) = (ResourceList::new(), ResourceList::new());
        for c in &spec.init_containers {
            let own = pick(&c.resources);
            let needs = if c.restart_policy.as_deref() == Some("Always") {
                add_to(&mut total, own);
                add_to(&mut sidecars, own);
                sidecars.clone()
            } else {
                let mut with_sidecars = own.clone();
                add_to(&mut with_sidecars, &sidecars);
                with_sidecars
            };
            max_to(&mut init_max, &needs);
        }
        max_to(&mut total, &init_max);
        total
    };
    let mut requests = aggregate(&|r| &r.requests);
    let mut limits = aggregate(&|r| &r.limits);
    if let Some(pod_level) = &spec.resources {
        for (list, level) in [
            (&mut requests, &pod_level.requests),
            (&mut limits, &pod_level.limits),
        ] {
            for (name, q) in level {
                if pod_level_resource(name) {
                    list.insert(name.clone(), q.clone());
                }
            }
        }
    }
    add_to(&mut requests, &spec.overhead);
    for (name, q) in &spec.overhead {
        if let Some(limit) = limits.get_mut(name) {
            *limit = limit.add(q);
        }
    }
    (requests, limits)
}

/// `IsSupportedPodLevelResource`: cpu, memory and huge pages.
fn pod_level_resource(name: &str) -> bool {
    matches!(name, "cpu" | "memory") || name.starts_with("hugepages-")
}

/// `addResourceList`: `more` added to `list`, name by name.
fn add_to(list: &mut ResourceList, more: &ResourceList) {
    for (name, q) in more {
        let sum = match list.get(name) {
            Some(have) => have.add(q),
            None => q.clone(),
        };
        list.insert(name.clone(), sum);
    }
}

/// `maxResourceList`: the larger of each amount.
fn max_to(list: &mut ResourceList, other: &ResourceList) {
    for (name, q) in other {
        if list
            .get(name)
            .is_none_or(|have| q.cmp_amount(have) == std::cmp::Ordering::Greater)
        {
            list.insert(name.clone(), q.clone());
        }
    }
}

/// `GetPersistentVolumeClaimClass`: the beta annotation, else the spec's
/// class; empty for none.
fn claim_class(claim: &PersistentVolumeClaim) -> String {
    claim
        .metadata
        .annotations
        .get("volume.beta.kubernetes.io/storage-class")
        .cloned()
        .or_else(|| claim.spec.storage_class_name.clone())
        .unwrap_or_default()
}

/// `getStorageUsage`: the claim's storage request, or what was allocated
/// to it where that is more.
fn claim_storage(claim: &PersistentVolumeClaim) -> Option<Quantity> {
    let request = claim.spec.resources.requests.get("storage")?;
    match claim.status.allocated_resources.get("storage") {
        Some(allocated) if allocated.cmp_amount(request) == std::cmp::Ordering::Greater => {
            Some(allocated.clone())
        }
        _ => Some(request.clone()),
    }
}
