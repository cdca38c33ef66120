//! The `pods/binding` subresource and the legacy `bindings` resource
//! (`BindingREST` and `LegacyBindingREST` of
//! `pkg/registry/core/pod/storage/storage.go`): `POST
//! /api/v1/namespaces/<namespace>/pods/<name>/binding` with a core v1
//! Binding puts the pod on the node its target names, as a scheduler
//! does (client-go's `Pods(ns).Bind`, kube-scheduler's default binder);
//! `POST /api/v1/namespaces/<namespace>/bindings` does the same for the
//! pod the Binding's `metadata.name` names.
//!
//! - The Binding's name must be the path's (400 `name in URL does not
//!   match name in Binding object`); its namespace, if any, the path's.
//! - `ValidatePodBinding`: a target of kind `Node` (or none) with a name.
//!   Upstream answers its errors with a 500 that gives no reason (its
//!   registry returns them unwrapped), and so does this.
//! - Before that, `PodTopologyLabels` admission (on by default since 1.35):
//!   a binding through `pods/binding` to a `Node` gets the node's
//!   `topology.kubernetes.io/zone` and `region` labels.
//! - The pod is then changed in storage, with no admission, strategy,
//!   validation or managed fields (upstream's `GuaranteedUpdate`), on the
//!   condition of the Binding's `metadata.uid` and `resourceVersion`
//!   (the legacy resource drops the uid, as upstream's create handler
//!   wipes it): refused (409 on `pods/binding`) when the pod is being
//!   deleted, already has a node, or has scheduling gates; otherwise it
//!   gets `spec.nodeName`, loses `status.nominatedNodeName`
//!   (`ClearingNominatedNodeNameAfterBinding`, on by default since 1.35),
//!   takes the Binding's annotations and labels over its own, and its
//!   `PodScheduled` condition becomes `True`.
//! - The answer is a success Status (201); a dry run checks all and
//!   changes nothing.
//!
//! The server decodes the Binding (with the request's field validation)
//! and refuses a namespace that does not exist or is being terminated,
//! as for any create. The node need not exist, as upstream does not
//! check. Upstream's master also drops the retired init-container
//! annotations from the pod after the merge
//! (`DropInitContainerAnnotations`); whether 1.36 does is unconfirmed, and
//! this does not.

use std::collections::BTreeMap;

use apis::core::v1::{Binding, Node, Pod, PodCondition, validate_pod_binding};
use runtime::meta::{Preconditions, StatusReason};
use runtime::registry::Object;
use server::status::ApiError;
use server::subresource::{Body, CreateSubresource, Created, SubresourceRequest};

use crate::PODS;

/// The nodes resource.
pub(crate) const NODES: (&str, &str, &str) = ("", "v1", "nodes");

/// The node labels `PodTopologyLabels` copies (its default configuration).
pub const TOPOLOGY_LABELS: [&str; 2] = [
    "topology.kubernetes.io/zone",
    "topology.kubernetes.io/region",
];

/// The `pods/binding` subresource, and the `bindings` resource; see the
/// module documentation.
pub struct PodBinding;

impl CreateSubresource for PodBinding {
    fn resource(&self) -> (&'static str, &'static str) {
        ("", "pods")
    }

    fn name(&self) -> &'static str {
        "binding"
    }

    fn kind(&self) -> (&'static str, &'static str, &'static str) {
        ("", "v1", "Binding")
    }

    fn legacy_resource(&self) -> Option<&'static str> {
        Some("bindings")
    }

    fn create(
        &self,
        request: &SubresourceRequest<'_>,
        body: Body<'_>,
    ) -> Result<Created, ApiError> {
        self.bind(request, body).map(|()| Created::Status)
    }
}

impl PodBinding {
    /// Binds the pod the request names, as the module documentation says.
    fn bind(&self, request: &SubresourceRequest<'_>, body: Body<'_>) -> Result<(), ApiError> {
        let mut binding: Binding = crate::decode_body(body, request.content_type, "Binding")?;
        request.check_namespace(&binding.metadata)?;
        let name = if request.legacy {
            // `WipeObjectMetaSystemFields`: only a subresource keeps them.
            binding.metadata.uid = None;
            binding.metadata.name.clone().unwrap_or_default()
        } else {
            // Admission, then the registry's `Create`.
            add_topology_labels(request, &mut binding)?;
            if binding.metadata.name.as_deref().unwrap_or_default() != request.name {
                return Err(ApiError::bad_request(
                    "name in URL does not match name in Binding object",
                ));
            }
            request.name.to_string()
        };
        let errors = validate_pod_binding(&binding);
        if !errors.is_empty() {
            return Err(ApiError::new(
                500,
                StatusReason::Unknown,
                runtime::field::aggregate(&errors),
            ));
        }
        if name.is_empty() {
            // The storage's key function, reached by the legacy resource.
            return Err(ApiError::bad_request("Name parameter required."));
        }
        let preconditions = Preconditions {
            uid: binding.metadata.uid.clone(),
            resource_version: binding.metadata.resource_version.clone(),
        };
        request.guaranteed_update(
            PODS,
            request.namespace,
            &name,
            &preconditions,
            &mut |object| bind(object, &binding, &name),
        )?;
        Ok(())
    }
}

/// `setPodNodeAndMetadata`: puts the stored pod `object` on the binding's
/// target node.
///
/// Errors: 409 on `pods/binding` for a pod being deleted, already on a
/// node, or with scheduling gates.
fn bind(object: &mut dyn Object, binding: &Binding, name: &str) -> Result<(), ApiError> {
    let pod = object
        .as_any_mut()
        .downcast_mut::<Pod>()
        .ok_or_else(|| ApiError::internal("unexpected object: not a Pod"))?;
    let refused = |why: String| {
        let mut e = ApiError::new(
            409,
            StatusReason::Conflict,
            format!("Operation cannot be fulfilled on pods/binding \"{name}\": {why}"),
        );
        e.name = Some(name.to_string());
        e.kind = Some("pods/binding".into());
        e
    };
    let pod_name = pod.metadata.name.clone().unwrap_or_default();
    if pod.metadata.deletion_timestamp.is_some() {
        return Err(refused(format!(
            "pod {pod_name} is being deleted, cannot be assigned to a host"
        )));
    }
    if !pod.spec.node_name.is_empty() {
        return Err(refused(format!(
            "pod {pod_name} is already assigned to node {}",
            runtime::go::quote(&pod.spec.node_name)
        )));
    }
    if !pod.spec.scheduling_gates.is_empty() {
        return Err(refused(format!(
            "pod {pod_name} has non-empty .spec.schedulingGates"
        )));
    }
    pod.spec.node_name.clone_from(&binding.target.name);
    pod.status.nominated_node_name.clear();
    let meta = &binding.metadata;
    pod.metadata.annotations.extend(meta.annotations.clone());
    pod.metadata.labels.extend(meta.labels.clone());
    pod.status.update_condition(PodCondition {
        r#type: "PodScheduled".into(),
        status: "True".into(),
        ..PodCondition::default()
    });
    Ok(())
}

/// `PodTopologyLabels` admission of a binding: one whose target is a
/// `Node` (by kind, exactly) gets that node's topology labels, over its
/// own. A node that does not exist gives none.
///
/// Errors: the store's, reading the node.
fn add_topology_labels(
    request: &SubresourceRequest<'_>,
    binding: &mut Binding,
) -> Result<(), ApiError> {
    if binding.target.kind != "Node" || binding.target.name.is_empty() {
        return Ok(());
    }
    let node = match request.get(NODES, None, &binding.target.name) {
        Ok(node) => node,
        Err(e) if e.code == 404 => return Ok(()),
        Err(e) => return Err(e),
    };
    if let Some(node) = node.as_any().downcast_ref::<Node>() {
        binding.metadata.labels.extend(topology_labels(node));
    }
    Ok(())
}

/// The node's labels that `PodTopologyLabels` copies ([`TOPOLOGY_LABELS`]).
pub fn topology_labels(node: &Node) -> BTreeMap<String, String> {
    node.metadata
        .labels
        .iter()
        .filter(|(k, _)| TOPOLOGY_LABELS.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}
