//! kube-apiserver's built-in admission plugins over the kinds of the `apis`
//! crate, in the order kube-apiserver runs them (`AllOrderedPlugins` of
//! `pkg/kubeapiserver/options/plugins.go`), each enabled by default there:
//!
//! - [`LimitRanger`](crate::limit_ranger::LimitRanger)
//!   (`plugin/pkg/admission/limitranger`): a Pod's containers get the
//!   default resources of their namespace's LimitRanges and must be within
//!   their bounds, as must a claim's storage request;
//! - [`TaintNodesByCondition`] (`plugin/pkg/admission/nodetaint`): a
//!   created Node is tainted `node.kubernetes.io/not-ready:NoSchedule`
//!   until its kubelet (or the node controller) says it is ready;
//! - [`Priority`] (`plugin/pkg/admission/priority`): a Pod's priority and
//!   preemption policy from its PriorityClass (or the global default);
//!   at most one default PriorityClass;
//! - [`DefaultTolerationSeconds`]
//!   (`plugin/pkg/admission/defaulttolerationseconds`): a Pod tolerates a
//!   not-ready or unreachable node for 300 seconds unless it says
//!   otherwise;
//! - [`DefaultStorageClass`]
//!   (`plugin/pkg/admission/storage/storageclass/setdefault`): a
//!   PersistentVolumeClaim that names no class gets the default
//!   StorageClass;
//! - [`DefaultIngressClass`] (`plugin/pkg/admission/network/defaultingressclass`):
//!   an Ingress that names no class gets the default IngressClass;
//! - [`PodTopologyLabels`] (`plugin/pkg/admission/podtopologylabels`): a
//!   Pod created on a node gets the node's zone and region labels.
//! - [`MutatingWebhooks`](crate::webhook::MutatingWebhooks) and
//!   [`ValidatingWebhooks`](crate::webhook::ValidatingWebhooks)
//!   (`MutatingAdmissionWebhook`, `ValidatingAdmissionWebhook`): the
//!   admission webhooks of the stored webhook configurations;
//! - [`QuotaAdmission`](crate::resource_quota::QuotaAdmission)
//!   (`ResourceQuota`): a write is charged to its namespace's
//!   ResourceQuotas and refused past their limits.
//!
//! The plugins read the classes and LimitRanges through
//! [`Attributes::list`] (the stored objects, where upstream reads its
//! informers' caches, and LimitRanger a 30-second cache of live lists), so
//! an object is seen by the next request after its write.

use std::cmp::Reverse;

use apis::core::v1::{
    Node, PersistentVolumeClaim, Pod, TAINT_EFFECT_NO_EXECUTE, TAINT_EFFECT_NO_SCHEDULE,
    TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE, Taint, Toleration,
};
use apis::networking::v1::{Ingress, IngressClass};
use apis::scheduling::v1::{PREEMPT_LOWER_PRIORITY, PriorityClass};
use apis::storage::v1::StorageClass;
use runtime::registry::Object;
use runtime::resource::ResourceInfo;
use server::admission::{
    Admission, AdmissionPlugin, Attributes, MutatingAdmission, Operation, Rejection,
    ValidatingAdmission,
};
use server::status::ApiError;

/// The plugins the `apiserver` binary runs: those of kube-apiserver's
/// default set that concern the served kinds, in its order.
pub fn plugins() -> Admission {
    Admission::new()
        .with_mutating(crate::limit_ranger::LimitRanger)
        .with_validating(crate::limit_ranger::LimitRanger)
        .with_mutating(TaintNodesByCondition)
        .with_mutating(Priority)
        .with_validating(Priority)
        .with_mutating(DefaultTolerationSeconds)
        .with_mutating(DefaultStorageClass)
        .with_mutating(DefaultIngressClass)
        .with_mutating(PodTopologyLabels)
        .with_mutating(crate::webhook::MutatingWebhooks)
        .with_validating(crate::webhook::ValidatingWebhooks)
        .with_validating(crate::resource_quota::QuotaAdmission::default())
}

/// The `TaintNodesByCondition` admission plugin: a Node's create adds the
/// `node.kubernetes.io/not-ready:NoSchedule` taint unless the node has a
/// taint of that key and effect, so that no pod is scheduled onto a new
/// node before it is known to be ready. Subresources and other
/// operations are not looked at.
pub struct TaintNodesByCondition;

impl AdmissionPlugin for TaintNodesByCondition {
    fn name(&self) -> &str {
        "TaintNodesByCondition"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        operation == Operation::Create && is(resource, "", "nodes")
    }
}

impl MutatingAdmission for TaintNodesByCondition {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if attributes.subresource.is_some() {
            return Ok(());
        }
        let node = downcast_mut::<Node>(object, "Node")?;
        // `Taint.MatchTaint`: the same key and effect.
        let tainted = node
            .spec
            .taints
            .iter()
            .any(|t| t.key == TAINT_NODE_NOT_READY && t.effect == TAINT_EFFECT_NO_SCHEDULE);
        if !tainted {
            node.spec.taints.push(Taint {
                key: TAINT_NODE_NOT_READY.into(),
                effect: TAINT_EFFECT_NO_SCHEDULE.into(),
                ..Taint::default()
            });
        }
        Ok(())
    }
}

/// The `DefaultTolerationSeconds` admission plugin: a Pod's create or
/// update adds, in this order, `node.kubernetes.io/not-ready` and
/// `node.kubernetes.io/unreachable` tolerations (`Exists`, `NoExecute`,
/// 300 seconds: the plugin's default `--default-not-ready-toleration-seconds`
/// and `--default-unreachable-toleration-seconds`) unless the pod has a
/// toleration of that key (or of every key) for `NoExecute` (or every
/// effect). Subresources are not looked at.
pub struct DefaultTolerationSeconds;

/// The seconds both added tolerations give.
const DEFAULT_TOLERATION_SECONDS: i64 = 300;

impl AdmissionPlugin for DefaultTolerationSeconds {
    fn name(&self) -> &str {
        "DefaultTolerationSeconds"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        matches!(operation, Operation::Create | Operation::Update) && is(resource, "", "pods")
    }
}

impl MutatingAdmission for DefaultTolerationSeconds {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if attributes.subresource.is_some() {
            return Ok(());
        }
        let pod = downcast_mut::<Pod>(object, "Pod")?;
        let tolerates = |key: &str| {
            pod.spec.tolerations.iter().any(|t| {
                (t.key == key || t.key.is_empty())
                    && (t.effect == TAINT_EFFECT_NO_EXECUTE || t.effect.is_empty())
            })
        };
        let missing: Vec<&str> = [TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE]
            .into_iter()
            .filter(|key| !tolerates(key))
            .collect();
        for key in missing {
            pod.spec.tolerations.push(Toleration {
                key: key.into(),
                operator: "Exists".into(),
                effect: TAINT_EFFECT_NO_EXECUTE.into(),
                toleration_seconds: Some(DEFAULT_TOLERATION_SECONDS),
                ..Toleration::default()
            });
        }
        Ok(())
    }
}

/// The `Priority` admission plugin.
///
/// - A Pod's create resolves `spec.priorityClassName` (or, when empty, the
///   global default class, whose name it then gets) into `spec.priority`
///   and `spec.preemptionPolicy`. No default class: priority 0 and
///   `PreemptLowerPriority`. Refusals (403): an unknown class (`no
///   PriorityClass with name <name> was found`), a priority or policy in
///   the body that differs from the class's (upstream's `must not be
///   provided in pod spec` messages).
/// - A Pod's update keeps the stored priority and policy when the body
///   has none.
/// - A PriorityClass marked `globalDefault` is refused (403) while another
///   class is the default: `PriorityClass <name> is already marked as
///   default. Only one default can exist`.
///
/// Subresources (`/status`, `/binding`...) are not looked at.
pub struct Priority;

/// `scheduling.DefaultPriorityWhenNoDefaultClassExists`.
const DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS: i32 = 0;

impl AdmissionPlugin for Priority {
    fn name(&self) -> &str {
        "Priority"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        operation != Operation::Delete
            && (is(resource, "", "pods") || is(resource, "scheduling.k8s.io", "priorityclasses"))
    }
}

impl MutatingAdmission for Priority {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if attributes.subresource.is_some() || !is(attributes.resource, "", "pods") {
            return Ok(());
        }
        let pod = downcast_mut::<Pod>(object, "Pod")?;
        if attributes.operation == Operation::Update {
            // The plugin set both on create; validation keeps them from
            // changing, so a body without them keeps the stored ones.
            let Some(old) = old.and_then(|o| o.as_any().downcast_ref::<Pod>()) else {
                return Err(unconvertible("Pod"));
            };
            if pod.spec.priority.is_none() {
                pod.spec.priority = old.spec.priority;
            }
            if pod.spec.preemption_policy.is_none() {
                pod.spec
                    .preemption_policy
                    .clone_from(&old.spec.preemption_policy);
            }
            return Ok(());
        }
        let (priority, policy) = if pod.spec.priority_class_name.is_empty() {
            match default_priority_class(attributes)? {
                Some(class) => {
                    pod.spec.priority_class_name = class.metadata.name.clone().unwrap_or_default();
                    (class.value, class.preemption_policy)
                }
                None => (
                    DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS,
                    Some(PREEMPT_LOWER_PRIORITY.to_string()),
                ),
            }
        } else {
            let name = &pod.spec.priority_class_name;
            let class = priority_classes(attributes)?
                .into_iter()
                .find(|c| c.metadata.name.as_deref() == Some(name.as_str()))
                .ok_or_else(|| {
                    Rejection::Forbidden(format!("no PriorityClass with name {name} was found"))
                })?;
            (class.value, class.preemption_policy)
        };
        if let Some(given) = pod.spec.priority
            && given != priority
        {
            return Err(Rejection::Forbidden(format!(
                "the integer value of priority ({given}) must not be provided in pod spec; priority admission controller computed {priority} from the given PriorityClass name"
            )));
        }
        pod.spec.priority = Some(priority);
        if let Some(policy) = policy {
            if let Some(given) = &pod.spec.preemption_policy
                && *given != policy
            {
                return Err(Rejection::Forbidden(format!(
                    "the string value of PreemptionPolicy ({given}) must not be provided in pod spec; priority admission controller computed {policy} from the given PriorityClass name"
                )));
            }
            pod.spec.preemption_policy = Some(policy);
        }
        Ok(())
    }
}

impl ValidatingAdmission for Priority {
    fn validate(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if attributes.subresource.is_some()
            || !is(attributes.resource, "scheduling.k8s.io", "priorityclasses")
        {
            return Ok(());
        }
        let Some(class) = object.and_then(|o| o.as_any().downcast_ref::<PriorityClass>()) else {
            return Err(unconvertible("PriorityClass"));
        };
        if !class.global_default {
            return Ok(());
        }
        let Some(default) = default_priority_class(attributes)? else {
            return Ok(());
        };
        // A second default is refused; the default may be updated.
        if attributes.operation == Operation::Create || default.metadata.name != class.metadata.name
        {
            return Err(Rejection::Forbidden(format!(
                "PriorityClass {} is already marked as default. Only one default can exist",
                default.metadata.name.as_deref().unwrap_or_default()
            )));
        }
        Ok(())
    }
}

/// The stored PriorityClasses (upstream's lister).
fn priority_classes(attributes: &Attributes<'_>) -> Result<Vec<PriorityClass>, Rejection> {
    stored(
        attributes,
        "scheduling.k8s.io",
        "v1",
        "priorityclasses",
        None,
    )
}

/// The stored objects of `plural` in `group`/`version` (in `namespace`, or
/// all) as their Rust type `T`, as a plugin reads upstream's lister.
///
/// Errors: the store's, as the request's Status.
pub(crate) fn stored<T: Clone + 'static>(
    attributes: &Attributes<'_>,
    group: &str,
    version: &str,
    plural: &str,
    namespace: Option<&str>,
) -> Result<Vec<T>, Rejection> {
    let listed = attributes
        .list(group, version, plural, namespace)
        .map_err(Rejection::Status)?;
    Ok(listed
        .into_iter()
        .filter_map(|o| o.as_any().downcast_ref::<T>().cloned())
        .collect())
}

/// `getDefaultPriorityClass`: of the classes marked `globalDefault` (more
/// than one after a race), the one with the lowest value; the first listed
/// (by name) among equal values.
fn default_priority_class(attributes: &Attributes<'_>) -> Result<Option<PriorityClass>, Rejection> {
    let mut default: Option<PriorityClass> = None;
    for class in priority_classes(attributes)? {
        if class.global_default && default.as_ref().is_none_or(|d| d.value > class.value) {
            default = Some(class);
        }
    }
    Ok(default)
}

/// The `DefaultIngressClass` admission plugin: an Ingress created with
/// neither `spec.ingressClassName` nor the `kubernetes.io/ingress.class`
/// annotation gets the name of the IngressClass annotated
/// `ingressclass.kubernetes.io/is-default-class: "true"`; of several, the
/// newest (by creation time, then the first by name), as upstream chooses
/// since Kubernetes 1.25. No default class: the Ingress is left as it is.
/// Updates are not looked at.
pub struct DefaultIngressClass;

/// `networkingv1beta1.AnnotationIngressClass`.
const INGRESS_CLASS_ANNOTATION: &str = "kubernetes.io/ingress.class";

/// `networkingv1.AnnotationIsDefaultIngressClass`.
const IS_DEFAULT_CLASS_ANNOTATION: &str = "ingressclass.kubernetes.io/is-default-class";

impl AdmissionPlugin for DefaultIngressClass {
    fn name(&self) -> &str {
        "DefaultIngressClass"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        operation == Operation::Create && is(resource, "networking.k8s.io", "ingresses")
    }
}

impl MutatingAdmission for DefaultIngressClass {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if attributes.subresource.is_some() {
            return Ok(());
        }
        let ingress = downcast_mut::<Ingress>(object, "Ingress")?;
        if ingress.spec.ingress_class_name.is_some()
            || ingress
                .metadata
                .annotations
                .contains_key(INGRESS_CLASS_ANNOTATION)
        {
            return Ok(());
        }
        let classes: Vec<IngressClass> = stored(
            attributes,
            "networking.k8s.io",
            "v1",
            "ingressclasses",
            None,
        )?;
        let defaults = classes.iter().filter(|c| {
            c.metadata
                .annotations
                .get(IS_DEFAULT_CLASS_ANNOTATION)
                .is_some_and(|v| v == "true")
        });
        if let Some(class) = newest(defaults, |c| &c.metadata) {
            ingress
                .spec
                .ingress_class_name
                .clone_from(&class.metadata.name);
        }
        Ok(())
    }
}

/// The `PodTopologyLabels` admission plugin (Beta and on by default since
/// Kubernetes 1.35): a Pod created with `spec.nodeName` gets the node's
/// `topology.kubernetes.io/zone` and `region` labels over its own, as a
/// bound pod does through its `binding` (see [`crate::binding`], where
/// the plugin's part of a binding is). A node that does not exist gives
/// none. Updates and other subresources are not looked at.
pub struct PodTopologyLabels;

impl AdmissionPlugin for PodTopologyLabels {
    fn name(&self) -> &str {
        "PodTopologyLabels"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        operation == Operation::Create && is(resource, "", "pods")
    }
}

impl MutatingAdmission for PodTopologyLabels {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if attributes.subresource.is_some() {
            return Ok(());
        }
        let pod = downcast_mut::<Pod>(object, "Pod")?;
        if pod.spec.node_name.is_empty() {
            return Ok(());
        }
        let node = attributes
            .get(crate::binding::NODES, None, &pod.spec.node_name)
            .map_err(Rejection::Status)?;
        if let Some(node) = node
            .as_ref()
            .and_then(|n| n.as_any().downcast_ref::<Node>())
        {
            pod.metadata
                .labels
                .extend(crate::binding::topology_labels(node));
        }
        Ok(())
    }
}

/// The `DefaultStorageClass` admission plugin: a PersistentVolumeClaim
/// created with no `spec.storageClassName` (absent: `""` asks for no
/// class) and without the beta `volume.beta.kubernetes.io/storage-class`
/// annotation gets the default StorageClass's name (`GetDefaultClass`: of
/// the classes annotated `storageclass.kubernetes.io/is-default-class:
/// "true"`, or the beta spelling, the newest, then the first by name). No
/// default class: the claim is left as it is. Updates are not looked at.
pub struct DefaultStorageClass;

/// `BetaStorageClassAnnotation`, which names a claim's class the old way.
const BETA_STORAGE_CLASS_ANNOTATION: &str = "volume.beta.kubernetes.io/storage-class";

impl AdmissionPlugin for DefaultStorageClass {
    fn name(&self) -> &str {
        "DefaultStorageClass"
    }

    fn handles(&self, operation: Operation, resource: &ResourceInfo) -> bool {
        operation == Operation::Create && is(resource, "", "persistentvolumeclaims")
    }
}

impl MutatingAdmission for DefaultStorageClass {
    fn admit(
        &self,
        attributes: &Attributes<'_>,
        object: Option<&mut dyn Object>,
        _old: Option<&dyn Object>,
    ) -> Result<(), Rejection> {
        if attributes.subresource.is_some() {
            return Ok(());
        }
        let claim = downcast_mut::<PersistentVolumeClaim>(object, "PersistentVolumeClaim")?;
        if claim.spec.storage_class_name.is_some()
            || claim
                .metadata
                .annotations
                .contains_key(BETA_STORAGE_CLASS_ANNOTATION)
        {
            return Ok(());
        }
        let classes: Vec<StorageClass> =
            stored(attributes, "storage.k8s.io", "v1", "storageclasses", None)?;
        let defaults = classes.iter().filter(|c| c.is_default());
        if let Some(class) = newest(defaults, |c| &c.metadata) {
            claim
                .spec
                .storage_class_name
                .clone_from(&class.metadata.name);
        }
        Ok(())
    }
}

/// Of `classes`, the newest by creation time, then the first by name: how
/// upstream picks among several default classes (`GetDefaultClass` for
/// StorageClasses; IngressClasses since 1.25).
fn newest<'a, T>(
    classes: impl Iterator<Item = &'a T>,
    meta: impl Fn(&T) -> &runtime::meta::ObjectMeta,
) -> Option<&'a T> {
    classes.min_by_key(|c| {
        let m = meta(c);
        (
            Reverse(m.creation_timestamp.as_ref().map(|t| t.0)),
            m.name.clone(),
        )
    })
}

/// Whether `resource` is `plural` in `group`.
pub(crate) fn is(resource: &ResourceInfo, group: &str, plural: &str) -> bool {
    resource.group == group && resource.plural == plural
}

/// The written object as `T`; upstream's 400 when it is not one.
pub(crate) fn downcast_mut<'a, T: 'static>(
    object: Option<&'a mut dyn Object>,
    kind: &str,
) -> Result<&'a mut T, Rejection> {
    object
        .and_then(|o| o.as_any_mut().downcast_mut::<T>())
        .ok_or_else(|| unconvertible(kind))
}

/// `resource was marked with kind <kind> but was unable to be converted`
/// (400), upstream's answer to an object of another type.
pub(crate) fn unconvertible(kind: &str) -> Rejection {
    Rejection::Status(ApiError::bad_request(format!(
        "resource was marked with kind {kind} but was unable to be converted"
    )))
}
