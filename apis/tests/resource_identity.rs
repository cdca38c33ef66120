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
            "deployments.apps",
            "replicasets.apps",
            // autoscaling/v1 and v2: one resource, two versions.
            "horizontalpodautoscalers.autoscaling",
            "horizontalpodautoscalers.autoscaling",
            "jobs.batch",
            "leases.coordination.k8s.io",
            "endpoints",
            "pods",
            "podtemplates",
            "secrets",
            "services",
            "configmaps",
            "namespaces",
            "events",
            "endpointslices.discovery.k8s.io",
            "widgets.example.dev",
            "gadgets.example.dev",
            "widgets.example.dev"
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
