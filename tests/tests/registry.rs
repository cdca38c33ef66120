//! The typed object the generic store works on (`runtime::registry::Object`):
//! what a create and an update change on it, how it compares, and the bytes
//! it is stored as, for a kind stored as protobuf (Deployment) and one
//! stored as JSON (Widget).

use apis::apps::v1::Deployment;
use runtime::codec::protobuf::MAGIC;
use runtime::registry::{Entry, Object};
use serde_json::{Value, json};

fn entry(group: &str, plural: &str) -> Entry {
    let registry = apis::registry();
    *registry
        .find(group, "v1", plural)
        .unwrap_or_else(|| panic!("{group}/{plural} is served"))
}

fn deployment(replicas: i64, ready: i64) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "default", "resourceVersion": "41",
                     "labels": {"app": "web"}},
        "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": "web"}},
                 "template": {"metadata": {"labels": {"app": "web"}},
                              "spec": {"containers": [{"name": "c", "image": "nginx"}]}}},
        "status": {"replicas": ready, "readyReplicas": ready}})
}

fn read(entry: &Entry, value: &Value) -> Box<dyn Object> {
    entry.kind.read_value(value).expect("decodes into the type")
}

#[test]
fn spec_equality_ignores_metadata_and_status() {
    let deployments = entry("apps", "deployments");
    let mut a = read(&deployments, &deployment(2, 1));
    let mut relabelled = deployment(2, 5);
    relabelled["metadata"]["labels"]["tier"] = json!("front");
    let mut b = read(&deployments, &relabelled);
    assert!(a.spec_equals(b.as_mut()), "only metadata and status differ");
    assert!(!a.equals(b.as_ref()), "the objects differ");
    // The comparison leaves both objects as they were.
    assert_eq!(
        a.to_value().unwrap(),
        read(&deployments, &deployment(2, 1)).to_value().unwrap()
    );
    assert_eq!(
        b.metadata().labels.get("tier").map(String::as_str),
        Some("front")
    );
    let mut scaled = read(&deployments, &deployment(3, 1));
    assert!(!a.spec_equals(scaled.as_mut()), "spec.replicas differs");
    let widgets = entry("example.dev", "widgets");
    let mut widget = read(&widgets, &json!({"metadata": {"name": "w"}}));
    assert!(
        !a.spec_equals(widget.as_mut()),
        "another kind is never equal"
    );
}

#[test]
fn status_is_kept_replaced_or_reset() {
    let deployments = entry("apps", "deployments");
    let old = read(&deployments, &deployment(2, 1));
    // A write to the main resource keeps the stored status.
    let mut main = read(&deployments, &deployment(3, 9));
    main.keep_status(old.as_ref());
    let main = main.to_value().unwrap();
    assert_eq!(main["status"], json!({"replicas": 1, "readyReplicas": 1}));
    assert_eq!(main["spec"]["replicas"], 3);
    // A write to /status keeps everything else.
    let mut status = read(&deployments, &deployment(3, 9));
    status.keep_all_but_status(old.as_ref());
    let status = status.to_value().unwrap();
    assert_eq!(status["status"], json!({"replicas": 9, "readyReplicas": 9}));
    assert_eq!(status["spec"]["replicas"], 2);
    // A create empties it.
    let mut created = read(&deployments, &deployment(3, 9));
    created.reset_status();
    assert_eq!(created.to_value().unwrap()["status"], json!({}));
}

#[test]
fn stored_bytes_are_protobuf_or_json_without_resource_version() {
    let deployments = entry("apps", "deployments");
    let mut object = read(&deployments, &deployment(2, 1));
    let stored = object.to_storage().expect("encodes");
    assert!(
        stored.starts_with(MAGIC),
        "a Deployment is stored as protobuf"
    );
    assert_eq!(
        object.metadata().resource_version.as_deref(),
        Some("41"),
        "kept on the object"
    );
    let back = deployments.kind.read_object(&stored).expect("reads back");
    assert_eq!(
        back.metadata().resource_version,
        None,
        "the revision is not stored"
    );
    let mut expected = object.to_value().unwrap();
    expected["metadata"]
        .as_object_mut()
        .unwrap()
        .remove("resourceVersion");
    assert_eq!(back.to_value().unwrap(), expected);
    assert!(back.as_any().downcast_ref::<Deployment>().is_some());

    let widgets = entry("example.dev", "widgets");
    let mut widget = read(
        &widgets,
        &json!({"metadata": {"name": "w", "resourceVersion": "7"}, "spec": {"replicas": 2}}),
    );
    let stored = widget.to_storage().expect("encodes");
    let text = String::from_utf8(stored.clone()).expect("JSON");
    assert!(
        text.starts_with(
            r#"{"kind":"Widget","apiVersion":"example.dev/v1","metadata":{"name":"w"}"#
        ),
        "{text}"
    );
    let back = widgets.kind.read_object(&stored).expect("reads back");
    assert_eq!(back.metadata().name.as_deref(), Some("w"));
}

/// A registry of ConfigMaps with small OpenAPI documents of its own.
fn configmaps_registry() -> runtime::registry::Registry {
    let mut registry = runtime::registry::Registry::new();
    registry.add::<apis::core::v1::ConfigMap>();
    registry.set_openapi(
        r#"{"swagger":"2.0","paths":{"/api/v1/configmaps":{"get":{}}},"definitions":{"io.k8s.api.core.v1.ConfigMap":{"type":"object"},"shared":{"from":"core"}}}"#,
        &[("api/v1", r#"{"openapi":"3.0.0"}"#)],
    );
    registry
}

/// A registry of Widgets with small OpenAPI documents of its own.
fn widgets_registry() -> runtime::registry::Registry {
    let mut registry = runtime::registry::Registry::new();
    registry.add::<apis::example::v1::Widget>();
    registry.set_openapi(
        r#"{"swagger":"2.0","paths":{"/apis/example.dev/v1/widgets":{"get":{}}},"definitions":{"dev.example.v1.Widget":{"type":"object"},"shared":{"from":"example"}}}"#,
        &[("apis/example.dev/v1", r#"{"openapi":"3.0.0"}"#)],
    );
    registry
}

/// Two registries served together: every resource of both, both v3
/// documents, and one v2 document with the paths and definitions of both
/// (a definition both have kept as the first registry has it).
#[test]
fn registries_compose() {
    let mut registry = configmaps_registry();
    registry.install(widgets_registry()).expect("composes");
    assert!(registry.find("", "v1", "configmaps").is_some());
    assert!(registry.find("example.dev", "v1", "widgets").is_some());
    assert_eq!(registry.groups(), ["", "example.dev"]);
    let v3: Vec<&str> = registry.openapi_v3().iter().map(|(p, _)| *p).collect();
    assert_eq!(v3, ["api/v1", "apis/example.dev/v1"]);
    let v2: Value = serde_json::from_str(registry.openapi_v2().expect("a v2 document")).unwrap();
    let paths: Vec<&String> = v2["paths"].as_object().unwrap().keys().collect();
    assert_eq!(
        paths,
        ["/api/v1/configmaps", "/apis/example.dev/v1/widgets"]
    );
    let definitions: Vec<&String> = v2["definitions"].as_object().unwrap().keys().collect();
    assert_eq!(
        definitions,
        [
            "io.k8s.api.core.v1.ConfigMap",
            "shared",
            "dev.example.v1.Widget"
        ]
    );
    assert_eq!(v2["definitions"]["shared"], json!({"from": "core"}));
    assert_eq!(v2["swagger"], "2.0");
}

/// A resource or a v3 document both registries have is refused, and the
/// registry installed into is left as it was.
#[test]
fn registries_that_overlap_do_not_compose() {
    use runtime::registry::RegistryError;
    let mut registry = configmaps_registry();
    let before = registry.openapi_v2().cloned();
    assert_eq!(
        registry.install(configmaps_registry()),
        Err(RegistryError::DuplicateResource {
            resource: "configmaps".into(),
            version: "v1",
        })
    );
    assert_eq!(
        registry
            .install(configmaps_registry())
            .unwrap_err()
            .to_string(),
        "configmaps v1 is served by both registries"
    );
    let mut other_v3 = runtime::registry::Registry::new();
    other_v3.add::<apis::example::v1::Widget>();
    other_v3.set_openapi(r#"{"swagger":"2.0"}"#, &[("api/v1", "{}")]);
    assert_eq!(
        registry.install(other_v3),
        Err(RegistryError::DuplicateOpenApiV3("api/v1"))
    );
    let mut bad_v2 = runtime::registry::Registry::new();
    bad_v2.add::<apis::example::v1::Widget>();
    bad_v2.set_openapi("[]", &[]);
    assert!(matches!(
        registry.install(bad_v2),
        Err(RegistryError::OpenApiV2(_))
    ));
    assert_eq!(registry.entries().len(), 1);
    assert_eq!(registry.openapi_v3().len(), 1);
    assert_eq!(registry.openapi_v2().cloned(), before);
}

/// An object's JSON is its tree as serde_json writes it, indented
/// throughout for `?pretty=true` (FieldsV1 too, as Go's
/// `json.MarshalIndent` indents it), and the buffer it comes in (kept by
/// the read cache and the watch cache) holds no more than twice the text,
/// with managed fields (whose length sizes the buffer) and without.
#[test]
fn json_text_is_the_trees_in_a_buffer_at_most_twice_its_length() {
    let deployments = entry("apps", "deployments");
    let mut with_managed = deployment(2, 1);
    with_managed["metadata"]["managedFields"] = json!([{
        "manager": "kubectl", "operation": "Update", "apiVersion": "apps/v1",
        "time": "2026-11-28T19:00:00Z", "fieldsType": "FieldsV1",
        "fieldsV1": {"f:spec": {"f:replicas": {}, "f:selector": {}, "f:template": {
            "f:metadata": {"f:labels": {".": {}, "f:app": {}}},
            "f:spec": {"f:containers": {"k:{\"name\":\"c\"}": {
                ".": {}, "f:image": {}, "f:name": {}}}}}}}
    }]);
    for value in [deployment(2, 1), with_managed] {
        let object = read(&deployments, &value);
        let expected = object.to_value().unwrap();
        for pretty in [false, true] {
            let text = object.to_json(pretty).unwrap();
            let written = if pretty {
                serde_json::to_vec_pretty(&expected).unwrap()
            } else {
                serde_json::to_vec(&expected).unwrap()
            };
            assert_eq!(
                String::from_utf8_lossy(&text),
                String::from_utf8_lossy(&written)
            );
            if pretty && value["metadata"].get("managedFields").is_some() {
                let text = String::from_utf8_lossy(&text);
                assert!(
                    text.contains("\"fieldsV1\": {\n          \"f:spec\": {\n"),
                    "{text}"
                );
            }
            assert!(
                text.capacity() <= 2 * text.len(),
                "{} bytes of text in {} bytes",
                text.len(),
                text.capacity()
            );
        }
    }
}
