//! The generated OpenAPI against upstream's: every definition we generate
//! that upstream also publishes (`../shared/fixtures/kubernetes-openapi/swagger.json`,
//! Kubernetes v1.36.0) must be equal with descriptions left out:
//! properties, types, formats, `required`, `$ref`s and every
//! `x-kubernetes-*` extension.

use std::path::PathBuf;

use serde_json::Value;

fn load(path: PathBuf) -> Value {
    serde_json::from_slice(
        &std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
    .unwrap()
}

fn without_descriptions(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "description")
                .map(|(k, v)| (k.clone(), without_descriptions(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_descriptions).collect()),
        other => other.clone(),
    }
}

/// Meta kinds whose GVK list names every group the server serves, which
/// differs from upstream's by construction; their schemas still compare.
const SERVED_GROUP_LISTS: [&str; 2] = [
    "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
    "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent",
];

#[test]
fn generated_definitions_equal_upstream() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let ours = load(root.join("api/openapi-spec/swagger.json"));
    let upstream = load(root.join("../shared/fixtures/kubernetes-openapi/swagger.json"));
    let (ours, upstream) = (&ours["definitions"], &upstream["definitions"]);
    let mut compared = Vec::new();
    let mut differing = Vec::new();
    for (name, ours) in ours.as_object().unwrap() {
        let Some(theirs) = upstream.get(name) else {
            continue;
        };
        let mut a = without_descriptions(ours);
        let mut b = without_descriptions(theirs);
        if SERVED_GROUP_LISTS.contains(&name.as_str()) {
            for d in [&mut a, &mut b] {
                d.as_object_mut()
                    .unwrap()
                    .remove("x-kubernetes-group-version-kind");
            }
        }
        compared.push(name.clone());
        if a != b {
            differing.push(format!("{name}:\n  ours:     {a}\n  upstream: {b}"));
        }
    }
    for must in [
        "io.k8s.api.core.v1.ConfigMap",
        "io.k8s.api.core.v1.ConfigMapList",
        "io.k8s.api.core.v1.Namespace",
        "io.k8s.api.core.v1.NamespaceStatus",
        "io.k8s.api.core.v1.Event",
        "io.k8s.api.core.v1.ObjectReference",
        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
        "io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry",
        "io.k8s.apimachinery.pkg.apis.meta.v1.Status",
        "io.k8s.apimachinery.pkg.apis.meta.v1.Condition",
        "io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler",
        "io.k8s.api.autoscaling.v1.HorizontalPodAutoscalerSpec",
        "io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler",
        "io.k8s.api.autoscaling.v2.HorizontalPodAutoscalerBehavior",
        "io.k8s.api.autoscaling.v2.HPAScalingRules",
        "io.k8s.api.autoscaling.v2.MetricSpec",
        "io.k8s.api.autoscaling.v2.MetricTarget",
    ] {
        assert!(
            compared.iter().any(|c| c == must),
            "{must} was not generated"
        );
    }
    assert!(
        differing.is_empty(),
        "{} of {} definitions differ from upstream:\n{}",
        differing.len(),
        compared.len(),
        differing.join("\n")
    );
}

#[test]
fn our_groups_use_reverse_domain_names_with_extensions() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let ours = load(root.join("api/openapi-spec/swagger.json"));
    let spec = &ours["definitions"]["dev.example.v1.WidgetSpec"]["properties"];
    assert_eq!(spec["replicas"]["default"], 1);
    assert_eq!(spec["replicas"]["minimum"], 0);
    assert_eq!(spec["displayName"]["maxLength"], 63);
    assert_eq!(spec["ports"]["x-kubernetes-list-type"], "map");
    assert_eq!(
        spec["ports"]["x-kubernetes-list-map-keys"],
        serde_json::json!(["name"])
    );
    assert_eq!(spec["ports"]["x-kubernetes-patch-merge-key"], "name");
    assert_eq!(spec["ports"]["maxItems"], 16);
    assert_eq!(
        spec["color"]["enum"],
        serde_json::json!(["Blue", "Green", "Red"])
    );
    assert_eq!(spec["release"]["pattern"], r"^v[0-9]+(\.[0-9]+)*$");
    assert_eq!(
        ours["definitions"]["dev.example.v1.WidgetPort"]["properties"]["name"]["format"],
        "k8s-short-name"
    );
    // Custom-resource style extensions from the kubebuilder markers.
    assert_eq!(
        spec["template"],
        serde_json::json!({"description": "An object each replica is created from, of any kind, kept as sent.",
            "type": "object", "x-kubernetes-embedded-resource": true,
            "x-kubernetes-preserve-unknown-fields": true})
    );
    assert_eq!(spec["maxUnavailable"]["x-kubernetes-int-or-string"], true);
    assert!(
        spec["maxUnavailable"].get("anyOf").is_none(),
        "v2 has no anyOf"
    );
    let v3 = load(root.join("api/openapi-spec/v3/apis__example.dev__v1_openapi.json"));
    assert_eq!(
        v3["components"]["schemas"]["dev.example.v1.WidgetSpec"]["properties"]["maxUnavailable"]["anyOf"],
        serde_json::json!([{"type": "integer"}, {"type": "string"}])
    );
    let widget = &ours["definitions"]["dev.example.v1.Widget"];
    assert_eq!(
        widget["x-kubernetes-group-version-kind"],
        serde_json::json!([{"group": "example.dev", "kind": "Widget", "version": "v1"}])
    );
    let patch =
        &ours["paths"]["/apis/example.dev/v1/namespaces/{namespace}/widgets/{name}"]["patch"];
    assert_eq!(patch["x-kubernetes-group-version-kind"]["kind"], "Widget");
    assert!(
        patch["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "fieldValidation")
    );
}
