//! The derive reads identity from the package and the type's markers.

use apis::core::v1::{ConfigMap, Namespace};
use apis::example::v1::{Gadget, Widget};
use runtime::resource::{PrinterColumn, Resource, ScaleSubresource};

#[test]
fn widget_identity_comes_from_package_and_markers() {
    let info = Widget::INFO;
    assert_eq!(
        (info.group, info.version, info.api_version),
        ("example.dev", "v1", "example.dev/v1")
    );
    assert_eq!(
        (info.kind, info.plural, info.singular),
        ("Widget", "widgets", "widget")
    );
    assert!(info.namespaced);
    assert_eq!(info.short_names, ["wd"]);
    assert_eq!(info.categories, ["all"]);
    assert!(info.status_subresource);
    assert_eq!(
        info.scale_subresource,
        Some(ScaleSubresource {
            spec_replicas_path: ".spec.replicas",
            status_replicas_path: ".status.replicas",
            label_selector_path: ".status.selector",
        })
    );
    assert_eq!(info.printer_columns.len(), 4);
    assert_eq!(
        info.printer_columns[2],
        PrinterColumn {
            name: "Color",
            type_: "string",
            format: "",
            description: "",
            json_path: ".spec.color",
            priority: 1
        }
    );
    assert_eq!(info.group_resource(), "widgets.example.dev");
}

#[test]
fn cluster_scope_and_core_group() {
    assert_eq!(
        (
            Gadget::INFO.namespaced,
            Namespace::INFO.namespaced,
            Widget::INFO.namespaced
        ),
        (false, false, true)
    );
    assert_eq!(ConfigMap::INFO.api_version, "v1");
    assert_eq!(ConfigMap::INFO.group_resource(), "configmaps");
    assert_eq!(ConfigMap::INFO.short_names, ["cm"]);
}

/// `+genclient:onlyVerbs=create` serves the reviews with `create` alone,
/// never stored; other kinds with every verb.
#[test]
fn only_verbs_and_unstored_kinds() {
    use apis::authorization::v1::{LocalSubjectAccessReview, SelfSubjectAccessReview};
    assert_eq!(SelfSubjectAccessReview::INFO.verbs, ["create"]);
    assert_eq!(
        (
            SelfSubjectAccessReview::INFO.namespaced,
            LocalSubjectAccessReview::INFO.namespaced
        ),
        (false, true)
    );
    assert!(
        SelfSubjectAccessReview::INFO
            .strategy
            .answer_create
            .is_some()
    );
    assert_eq!(ConfigMap::INFO.verbs, runtime::resource::RESOURCE_VERBS);
    assert!(ConfigMap::INFO.strategy.answer_create.is_none());
}

#[test]
fn generated_registry_lists_every_resource() {
    let registry = apis::registry();
    let names: Vec<_> = registry
        .entries()
        .iter()
        .map(|e| e.info.group_resource())
        .collect();
    assert_eq!(
        names,
        [
            "mutatingwebhookconfigurations.admissionregistration.k8s.io",
            "validatingwebhookconfigurations.admissionregistration.k8s.io",
            "deployments.apps",
            "replicasets.apps",
            "daemonsets.apps",
            "statefulsets.apps",
            "controllerrevisions.apps",
            "selfsubjectreviews.authentication.k8s.io",
            "tokenreviews.authentication.k8s.io",
            "subjectaccessreviews.authorization.k8s.io",
            "selfsubjectaccessreviews.authorization.k8s.io",
            "localsubjectaccessreviews.authorization.k8s.io",
            "selfsubjectrulesreviews.authorization.k8s.io",
            // autoscaling/v1 and v2: one resource, two versions.
            "horizontalpodautoscalers.autoscaling",
            "horizontalpodautoscalers.autoscaling",
            "cronjobs.batch",
            "jobs.batch",
            "leases.coordination.k8s.io",
            "bindings",
            "endpoints",
            "limitranges",
            "nodes",
            "persistentvolumeclaims",
            "pods",
            "podtemplates",
            "replicationcontrollers",
            "resourcequotas",
            "secrets",
            "services",
            "serviceaccounts",
            "configmaps",
            "namespaces",
            "events",
            "endpointslices.discovery.k8s.io",
            "events.events.k8s.io",
            "widgets.example.dev",
            "gadgets.example.dev",
            "widgets.example.dev",
            "ingresses.networking.k8s.io",
            "ingressclasses.networking.k8s.io",
            "networkpolicies.networking.k8s.io",
            "poddisruptionbudgets.policy",
            "roles.rbac.authorization.k8s.io",
            "rolebindings.rbac.authorization.k8s.io",
            "clusterroles.rbac.authorization.k8s.io",
            "clusterrolebindings.rbac.authorization.k8s.io",
            "priorityclasses.scheduling.k8s.io",
            "storageclasses.storage.k8s.io"
        ]
    );
    // Both Widget versions are stored as v1 (`+kubebuilder:storageversion`).
    let storage: Vec<_> = registry
        .entries()
        .iter()
        .filter(|e| e.info.plural == "widgets")
        .map(|e| {
            (
                e.info.version,
                e.kind.storage_version(),
                e.is_storage_version(),
            )
        })
        .collect();
    assert_eq!(storage, [("v1", "v1", true), ("v1beta1", "v1", false)]);
}
