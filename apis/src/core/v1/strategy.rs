//! The hand-written registry strategies of core/v1 (`+resource:strategy`):
//! the behaviour upstream's `pkg/registry/core/<kind>/strategy.go` gives
//! these kinds beyond what markers say.

use runtime::resource::{Bootstrap, Strategy};

use super::qos::pod_qos_class;
use std::collections::BTreeMap;

use runtime::meta::{LabelSelector, LabelSelectorRequirement};

use super::{
    Endpoints, LimitRange, Namespace, NamespaceStatus, ObjectReference, Pod, PodAffinityTerm,
    PodCondition, PodSpec, PodStatus, ServiceAccount, warnings,
};

/// `pkg/registry/core/pod/strategy.go`: a created pod starts `Pending`
/// with its QoS class and its label keys merged into its selectors;
/// deletes are graceful; creates warn as `podStrategy.WarningsOnCreate`
/// does (updates do not warn).
impl Strategy for Pod {
    const GRACEFUL_DELETE: bool = true;
    const WARNINGS: bool = true;
    const PREPARE_FOR_CREATE: bool = true;
    const PREPARE_FOR_STATUS_UPDATE: bool = true;

    /// `podStatusStrategy.PrepareForUpdate`: a write to `/status` keeps
    /// the owner references (old kubelets corrupted them, breaking garbage
    /// collection), the QoS class when the request has none (it is set
    /// once, at create), and the observed generations the request leaves
    /// at 0 (`preserveOldObservedGeneration`: the pod's, and each
    /// condition's from the stored condition of its type, in order).
    fn prepare_for_status_update(&mut self, old: &Self) {
        self.metadata
            .owner_references
            .clone_from(&old.metadata.owner_references);
        if self.status.qos_class.is_empty() {
            self.status.qos_class.clone_from(&old.status.qos_class);
        }
        if self.status.observed_generation == 0 {
            self.status.observed_generation = old.status.observed_generation;
        }
        let mut old_generations: BTreeMap<&str, std::collections::VecDeque<i64>> = BTreeMap::new();
        for condition in &old.status.conditions {
            old_generations
                .entry(condition.r#type.as_str())
                .or_default()
                .push_back(condition.observed_generation);
        }
        for condition in &mut self.status.conditions {
            let old_generation = old_generations
                .get_mut(condition.r#type.as_str())
                .and_then(|generations| generations.pop_front())
                .unwrap_or(0);
            if condition.observed_generation == 0 {
                condition.observed_generation = old_generation;
            }
        }
    }

    /// `podStrategy.PrepareForCreate`: whatever status was sent, the pod
    /// starts with `phase: Pending` and the `qosClass` of
    /// [`pod_qos_class`]; a pod created with scheduling gates is not
    /// scheduled, and says why (`applySchedulingGatedCondition`: a
    /// `PodScheduled` condition `False` with reason `SchedulingGated`, its
    /// transition time now, as `podutil.UpdatePodCondition` adds it).
    ///
    /// Then `mutatePodAffinity` and `mutateTopologySpreadConstraints`
    /// (`MatchLabelKeysInPodAffinity`, GA; `MatchLabelKeysInPodTopologySpread`
    /// with its selector merge, on by default): each pod affinity term's
    /// `matchLabelKeys` and `mismatchLabelKeys`, and each topology spread
    /// constraint's `matchLabelKeys`, become `In` / `NotIn` requirements on
    /// the pod's own label values, appended to the term's label selector,
    /// which is what the scheduler reads.
    fn prepare_for_create(&mut self) {
        merge_label_keys(&mut self.spec, &self.metadata.labels);
        self.status = PodStatus {
            phase: "Pending".into(),
            qos_class: pod_qos_class(&self.spec).into(),
            ..PodStatus::default()
        };
        if !self.spec.scheduling_gates.is_empty() {
            self.status.conditions.push(PodCondition {
                r#type: "PodScheduled".into(),
                status: "False".into(),
                last_transition_time: Some(runtime::meta::Time::now()),
                reason: "SchedulingGated".into(),
                message: "Scheduling is blocked due to non-empty scheduling gates".into(),
                ..PodCondition::default()
            });
        }
    }

    /// The name, when not a DNS label, then [`warnings::pod_warnings`].
    fn warnings_on_create(&self) -> Vec<String> {
        let mut out: Vec<String> = warnings::name_warning(&self.metadata, "the Pod's hostname")
            .into_iter()
            .collect();
        out.extend(warnings::pod_warnings("", &self.spec, &self.metadata));
        out
    }

    /// None: upstream skips warnings on pod updates ("humans don't
    /// typically interact directly with pods", and the path is hot).
    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        Vec::new()
    }

    /// `podStrategy.CheckGracefulDelete`: the requested period, else
    /// `spec.terminationGracePeriodSeconds`, else 0; 0 for a pod that is not
    /// scheduled (no `spec.nodeName`) or has terminated (`Failed`,
    /// `Succeeded`); a negative period counts as 1.
    fn graceful_delete_period(&self, requested: Option<i64>) -> i64 {
        let mut period = requested
            .or(self.spec.termination_grace_period_seconds)
            .unwrap_or(0);
        if self.spec.node_name.is_empty() {
            period = 0;
        }
        if matches!(self.status.phase.as_str(), "Failed" | "Succeeded") {
            period = 0;
        }
        if period < 0 { 1 } else { period }
    }
}

/// `pkg/registry/core/serviceaccount/strategy.go`: creates and updates
/// keep only the name of each `secrets` reference
/// (`cleanSecretReferences`).
impl Strategy for ServiceAccount {
    const PREPARE_FOR_CREATE: bool = true;
    const PREPARE_FOR_UPDATE: bool = true;

    fn prepare_for_create(&mut self) {
        clean_secret_references(&mut self.secrets);
    }

    fn prepare_for_update(&mut self, _old: &Self) {
        clean_secret_references(&mut self.secrets);
    }
}

/// `cleanSecretReferences`: each reference becomes `{name}` alone.
fn clean_secret_references(secrets: &mut [ObjectReference]) {
    for secret in secrets {
        *secret = ObjectReference {
            name: std::mem::take(&mut secret.name),
            ..ObjectReference::default()
        };
    }
}

/// `pkg/registry/core/limitrange/strategy.go`: a LimitRange created
/// without a name (and without a `generateName`, which names it first)
/// is named by a random UUID.
impl Strategy for LimitRange {
    const PREPARE_FOR_CREATE: bool = true;

    fn prepare_for_create(&mut self) {
        if self.metadata.name.as_deref().is_none_or(str::is_empty) {
            self.metadata.name = Some(uuid::Uuid::new_v4().to_string());
        }
    }
}

/// `mutatePodAffinity` and `mutateTopologySpreadConstraints` of
/// `podStrategy.PrepareForCreate`: see [`Pod::prepare_for_create`].
fn merge_label_keys(spec: &mut PodSpec, labels: &BTreeMap<String, String>) {
    if let Some(affinity) = &mut spec.affinity {
        let lists = affinity
            .pod_affinity
            .iter_mut()
            .map(|a| {
                (
                    &mut a.required_during_scheduling_ignored_during_execution,
                    &mut a.preferred_during_scheduling_ignored_during_execution,
                )
            })
            .chain(affinity.pod_anti_affinity.iter_mut().map(|a| {
                (
                    &mut a.required_during_scheduling_ignored_during_execution,
                    &mut a.preferred_during_scheduling_ignored_during_execution,
                )
            }));
        for (required, preferred) in lists {
            let terms = required
                .iter_mut()
                .chain(preferred.iter_mut().map(|w| &mut w.pod_affinity_term));
            for term in terms {
                merge_affinity_term_keys(term, labels);
            }
        }
    }
    for constraint in &mut spec.topology_spread_constraints {
        // A missing selector matches nothing; it stays missing.
        if let Some(selector) = &mut constraint.label_selector {
            append_label_requirements(selector, &constraint.match_label_keys, "In", labels);
        }
    }
}

/// `applyMatchLabelKeysAndMismatchLabelKeys`: `key In (value)` for each
/// `matchLabelKeys` entry, then `key NotIn (value)` for each
/// `mismatchLabelKeys` entry, for the keys the pod has a label of.
fn merge_affinity_term_keys(term: &mut PodAffinityTerm, labels: &BTreeMap<String, String>) {
    if let Some(selector) = &mut term.label_selector {
        append_label_requirements(selector, &term.match_label_keys, "In", labels);
        append_label_requirements(selector, &term.mismatch_label_keys, "NotIn", labels);
    }
}

/// `applyLabelKeysToLabelSelector`: appends `key <operator> (value)` to
/// the selector's `matchExpressions` for each key the labels hold.
fn append_label_requirements(
    selector: &mut LabelSelector,
    keys: &[String],
    operator: &str,
    labels: &BTreeMap<String, String>,
) {
    for key in keys {
        if let Some(value) = labels.get(key) {
            selector.match_expressions.push(LabelSelectorRequirement {
                key: key.clone(),
                operator: operator.into(),
                values: vec![value.clone()],
            });
        }
    }
}

/// `pkg/registry/core/endpoint/strategy.go`: creates and updates warn
/// about non-standard addresses (`endpointsWarnings`), except on objects
/// the endpoints controller manages.
impl Strategy for Endpoints {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        endpoints_warnings(self)
    }

    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        endpoints_warnings(self)
    }
}

/// `endpointsWarnings`: [`warnings::ip_warning`] for every ready and
/// not-ready address, unless the label
/// `endpoints.kubernetes.io/managed-by` is `endpoint-controller`.
fn endpoints_warnings(endpoints: &Endpoints) -> Vec<String> {
    if endpoints
        .metadata
        .labels
        .get("endpoints.kubernetes.io/managed-by")
        .is_some_and(|m| m == "endpoint-controller")
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, subset) in endpoints.subsets.iter().enumerate() {
        for (field, addresses) in [
            ("addresses", &subset.addresses),
            ("notReadyAddresses", &subset.not_ready_addresses),
        ] {
            for (j, address) in addresses.iter().enumerate() {
                let path = format!("subsets[{i}].{field}[{j}].ip");
                out.extend(warnings::ip_warning(&path, &address.ip));
            }
        }
    }
    out
}

/// The finalizer the namespace controller removes once a terminating
/// namespace is empty (`FinalizerKubernetes`).
pub const FINALIZER_KUBERNETES: &str = "kubernetes";

/// The namespaces kube-apiserver creates at start.
pub const SYSTEM_NAMESPACES: [&str; 4] =
    ["default", "kube-system", "kube-public", "kube-node-lease"];

/// The label every namespace carries with its own name
/// (`v1.LabelMetadataName`).
pub const LABEL_METADATA_NAME: &str = "kubernetes.io/metadata.name";

impl Namespace {
    /// The name label (`LabelMetadataName`) set to the namespace's name,
    /// when it has one.
    fn label_with_name(&mut self) {
        if let Some(name) = self.metadata.name.as_ref().filter(|n| !n.is_empty()) {
            self.metadata
                .labels
                .insert(LABEL_METADATA_NAME.into(), name.clone());
        }
    }
}

/// `SetDefaults_Namespace` and `SetDefaults_NamespaceStatus`: a named
/// namespace carries its name label (a request's too, before the field
/// manager records it, so its creator owns the label); a phase is
/// `Active` unless set.
impl runtime::defaulting::DefaultHook for Namespace {
    fn default_hook(&mut self) {
        self.label_with_name();
        if self.status.phase.is_empty() {
            self.status.phase = "Active".into();
        }
    }
}

/// `pkg/registry/core/namespace`: namespaces are where the namespace
/// lifecycle runs; a namespace's delete is the lifecycle's (its
/// `kubernetes` finalizer), never the garbage collector's
/// (`DefaultGarbageCollectionPolicy` is `Unsupported`).
impl Strategy for Namespace {
    const GARBAGE_COLLECTED: bool = false;
    const NAMESPACE_LIFECYCLE: bool = true;
    const PREPARE_FOR_CREATE: bool = true;
    const PREPARE_FOR_UPDATE: bool = true;
    const PREPARE_FOR_DELETION: bool = true;
    const BOOTSTRAP: bool = true;

    /// The `systemnamespaces` controller's namespaces, which exist from the
    /// start: `default`, `kube-system`, `kube-public` and
    /// `kube-node-lease` (`metav1.NamespaceSystem`, `NamespacePublic`,
    /// `corev1.NamespaceNodeLease`).
    fn bootstrap_objects(_server: &Bootstrap) -> Vec<Self> {
        SYSTEM_NAMESPACES
            .iter()
            .map(|name| {
                let mut namespace = Namespace::default();
                namespace.metadata.name = Some((*name).into());
                namespace
            })
            .collect()
    }

    /// `pkg/registry/core/namespace/storage`'s `Delete`: a namespace whose
    /// deletion starts is `Terminating` until the namespace controller has
    /// emptied it.
    fn prepare_for_deletion(&mut self) {
        self.status.phase = "Terminating".into();
    }

    /// The namespace controller's `finalizeNamespace`: once the namespace
    /// is empty, its `spec.finalizers` are cleared (the namespace then goes
    /// when its other finalizers do).
    fn finalize_namespace(&mut self) {
        self.spec.finalizers.clear();
    }

    /// `ShouldDeleteNamespaceDuringUpdate`: a terminating namespace goes
    /// on an update only once its `spec.finalizers` are empty.
    fn namespace_finalizers_pending(&self) -> bool {
        !self.spec.finalizers.is_empty()
    }

    /// `namespaceStrategy.PrepareForUpdate`: `spec.finalizers` change only
    /// through `/finalize` and the status only through `/status`, so both
    /// stay as they were; and `Canonicalize`: the name label is the
    /// namespace's name.
    fn prepare_for_update(&mut self, old: &Self) {
        self.spec.finalizers.clone_from(&old.spec.finalizers);
        self.status.clone_from(&old.status);
        self.label_with_name();
    }

    /// `namespaceStrategy.PrepareForCreate`: the phase is `Active` and the
    /// `kubernetes` finalizer is there (added after any the client gave);
    /// and `Canonicalize`: the name label is the namespace's name (also
    /// for a name generated from `generateName`).
    fn prepare_for_create(&mut self) {
        self.status = NamespaceStatus {
            phase: "Active".into(),
            ..Default::default()
        };
        if !self
            .spec
            .finalizers
            .iter()
            .any(|f| f == FINALIZER_KUBERNETES)
        {
            self.spec.finalizers.push(FINALIZER_KUBERNETES.into());
        }
        self.label_with_name();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_namespace_is_active_with_the_kubernetes_finalizer_and_its_name_label() {
        let mut ns = Namespace::default();
        ns.metadata.name = Some("team-a".into());
        ns.spec.finalizers = vec!["example.com/hold".into()];
        ns.status.phase = "Terminating".into();
        ns.prepare_for_create();
        assert_eq!(ns.status.phase, "Active");
        assert_eq!(ns.spec.finalizers, ["example.com/hold", "kubernetes"]);
        assert_eq!(ns.metadata.labels[LABEL_METADATA_NAME], "team-a");

        let mut ns = Namespace::default();
        ns.metadata.name = Some("team-b".into());
        ns.spec.finalizers = vec!["kubernetes".into()];
        ns.prepare_for_create();
        assert_eq!(ns.spec.finalizers, ["kubernetes"]);
    }

    fn pod(node: &str, phase: &str, termination: Option<i64>) -> Pod {
        let mut pod = Pod::default();
        pod.spec.node_name = node.into();
        pod.status.phase = phase.into();
        pod.spec.termination_grace_period_seconds = termination;
        pod
    }

    #[test]
    fn a_pod_gets_the_requested_period_then_its_own() {
        let running = pod("node-1", "Running", Some(30));
        assert_eq!(running.graceful_delete_period(None), 30);
        assert_eq!(running.graceful_delete_period(Some(5)), 5);
        assert_eq!(running.graceful_delete_period(Some(-3)), 1);
        assert_eq!(
            pod("node-1", "Running", None).graceful_delete_period(None),
            0
        );
    }

    #[test]
    fn unscheduled_and_terminated_pods_go_at_once() {
        assert_eq!(
            pod("", "Pending", Some(30)).graceful_delete_period(Some(10)),
            0
        );
        assert_eq!(
            pod("node-1", "Succeeded", Some(30)).graceful_delete_period(None),
            0
        );
        assert_eq!(
            pod("node-1", "Failed", Some(30)).graceful_delete_period(None),
            0
        );
    }
}
