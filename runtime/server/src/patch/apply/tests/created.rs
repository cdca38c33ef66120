//! A create's managed fields read straight from the Rust object
//! ([`created`]) are the ones the comparison of JSON trees records
//! ([`update`] with no old object and no entries), for every served kind
//! with an upstream fixture and for the edge cases of the comparison
//! against the zero value.

use super::*;
use runtime::registry::Entry;

/// The upstream fixture of a served kind, if there is one.
fn fixture(entry: &Entry) -> Option<Value> {
    serde_json::from_slice(&crate::fixtures::upstream_json(entry)?).ok()
}

/// Both ways of recording the create of `object` (JSON, read through the
/// kind's type) by the manager `creator`.
fn both_ways(entry: &Entry, object: &Value) -> (Vec<ManagedFieldsEntry>, Vec<ManagedFieldsEntry>) {
    let body = serde_json::to_vec(object).expect("JSON");
    let mut typed = entry.kind.decode(&body).expect("decodes").object;
    typed.metadata_mut().managed_fields.clear();
    let schema = entry.kind.schema();
    let api_version = entry.info.api_version;
    let direct = created(
        typed.field_paths(),
        "creator",
        api_version,
        at(5),
        schema,
        false,
    );
    let tree = typed.to_value().expect("JSON");
    let compared = update(
        None,
        &tree,
        "creator",
        api_version,
        None,
        DecodedManagedFields::default(),
        at(5),
        schema,
    );
    (direct, compared)
}

#[test]
fn created_sets_match_the_tree_comparison_for_every_fixture() {
    let registry = apis::registry();
    let mut checked = Vec::new();
    for entry in registry.entries() {
        let Some(object) = fixture(entry) else {
            continue;
        };
        let (direct, compared) = both_ways(entry, &object);
        assert_eq!(direct, compared, "{}", entry.info.kind);
        assert!(!direct.is_empty(), "{} records its fields", entry.info.kind);
        checked.push(entry.info.kind);
    }
    checked.sort_unstable();
    checked.dedup();
    for kind in ["ConfigMap", "Deployment", "Pod", "Service"] {
        assert!(
            checked.contains(&kind),
            "{kind} fixture checked: {checked:?}"
        );
    }
}

/// The zero value's cases: an empty struct is unchanged; an empty map or
/// list is added whole; a list-map item missing its key takes the key's
/// default, or is left out without one; a repeated key keeps the first
/// item; a set list keys items by value; inline structs' fields are their
/// parent's.
#[test]
fn created_sets_match_the_tree_comparison_at_the_edges() {
    let registry = apis::registry();
    let deployments = registry
        .find("apps", "v1", "deployments")
        .expect("deployments served");
    let deployment = json!({
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web", "labels": {}, "annotations": {"a": "b"}, "finalizers": ["x", "y", "x"]},
        "spec": {
            "strategy": {},
            "selector": {"matchLabels": {"app": "web"}},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {
                    "containers": [
                        {"name": "a", "image": "i", "ports": [{"containerPort": 80}, {"containerPort": 80, "name": "again"}], "resources": {}},
                        {"name": "a", "image": "repeat"},
                        {"name": "b", "image": "i", "env": [], "securityContext": {"runAsUser": 1}},
                        {"image": "nameless"},
                        {"name": "c", "securityContext": {}, "volumeMounts": [{"name": "v", "mountPath": "/m"}, {"name": "w"}]}
                    ],
                    "securityContext": {},
                    "volumes": [{"name": "v", "emptyDir": {}}, {"name": "h", "hostPath": {"path": "/h"}}],
                    "tolerations": [{"key": "k", "operator": "Exists"}]
                }
            }
        },
        "status": {}
    });
    let (direct, compared) = both_ways(deployments, &deployment);
    assert_eq!(direct, compared);
    let fields = direct[0].fields_v1.as_ref().expect("fields").as_str();
    // Defaulted key (protocol TCP), first of a repeated key, empty struct
    // in an item added whole, empty top-level struct not recorded.
    assert!(
        fields.contains(r#"k:{\"containerPort\":80,\"protocol\":\"TCP\"}"#),
        "{fields}"
    );
    assert!(fields.contains(r#""f:resources":{}"#), "{fields}");
    assert!(
        !fields.contains("repeat") && !fields.contains("f:strategy"),
        "{fields}"
    );
    // An item without its key field (and no default for it) is not
    // recorded; a struct set to `{}` in an item is, and the fields of an
    // inline (flattened) struct are the item's own.
    assert!(!fields.contains("nameless"), "{fields}");
    assert!(fields.contains(r#""f:securityContext":{}"#), "{fields}");
    // A pointer struct (the pod's `securityContext`, `*PodSecurityContext`
    // in Go) set to `{}` is absent from the zero value, so recorded, where
    // a value struct (`strategy`) is not: the pod's and container c's.
    assert_eq!(
        fields.matches(r#""f:securityContext":{}"#).count(),
        2,
        "{fields}"
    );
    assert!(
        fields.contains(
            r#""k:{\"name\":\"h\"}":{".":{},"f:hostPath":{".":{},"f:path":{}},"f:name":{}}"#
        ),
        "{fields}"
    );
    assert!(
        fields.contains(r#""f:finalizers":{".":{},"v:\"x\"":{},"v:\"y\"":{}}"#),
        "{fields}"
    );

    let config_maps = registry.find("", "v1", "configmaps").expect("served");
    let empty = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}});
    let (direct, compared) = both_ways(config_maps, &empty);
    assert_eq!(direct, compared);
    assert!(direct.is_empty(), "nothing but untracked paths: {direct:?}");
}

/// With `status_reset` (a kind whose strategy resets `status` on its main
/// resource), the status the object holds is no manager's, and the rest
/// is recorded as without it.
#[test]
fn a_reset_status_is_not_recorded() {
    let registry = apis::registry();
    let deployments = registry
        .find("apps", "v1", "deployments")
        .expect("deployments served");
    let body = json!({
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {"replicas": 2},
        "status": {"replicas": 2, "observedGeneration": 1}
    });
    let typed = deployments
        .kind
        .decode(&serde_json::to_vec(&body).expect("JSON"))
        .expect("decodes")
        .object;
    let schema = deployments.kind.schema();
    let fields = |status_reset| {
        let entries = created(
            typed.field_paths(),
            "creator",
            "apps/v1",
            at(5),
            schema,
            status_reset,
        );
        entries[0]
            .fields_v1
            .as_ref()
            .expect("fields")
            .as_str()
            .to_string()
    };
    let tracked = fields(false);
    assert!(tracked.contains("f:status"), "{tracked}");
    let reset = fields(true);
    assert!(!reset.contains("f:status"), "{reset}");
    assert_eq!(
        reset,
        tracked.split(r#","f:status""#).next().unwrap().to_string() + "}"
    );
}
