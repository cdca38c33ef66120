//! What the store holds: kube-apiserver's layout, so that its etcd data and
//! ours read the same.

use super::*;
use server::storage::{RedbStore, Store};

/// A kind with protobuf numbers is stored as kube-apiserver stores it in
/// etcd: the protobuf envelope (`k8s\0` + `runtime.Unknown`), which the
/// prost types compiled from our `generated.proto` files (the `proto`
/// crate, whose messages equal upstream's) decode, without `metadata.resourceVersion` (the store's revision
/// stands for it). Kinds without protobuf numbers are stored as JSON.
#[tokio::test]
async fn a_stored_deployment_is_the_protobuf_kube_apiserver_stores() {
    use ::prost::Message as _;
    use proto::api::apps::v1::Deployment;
    use proto::apimachinery::pkg::runtime::Unknown;
    let dir = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(RedbStore::open(&dir.path().join("db.redb")).unwrap());
    let api = Api::start_with(store.clone());
    let created = api
        .post(
            "/apis/apps/v1/namespaces/default/deployments",
            &json!({"apiVersion": "apps/v1", "kind": "Deployment",
                "metadata": {"name": "web", "labels": {"app": "web"}},
                "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "web"}},
                    "template": {"metadata": {"labels": {"app": "web"}},
                        "spec": {"containers": [{"name": "nginx", "image": "nginx:1.25"}]}}}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);

    let stored = store
        .get("/registry/deployments/default/web")
        .unwrap()
        .expect("stored under kube-apiserver's key");
    let body = stored
        .value
        .strip_prefix(b"k8s\0".as_slice())
        .expect("the protobuf magic");
    let unknown = Unknown::decode(body).expect("a runtime.Unknown");
    let type_meta = unknown.type_meta.expect("type meta");
    assert_eq!(type_meta.api_version.as_deref(), Some("apps/v1"));
    assert_eq!(type_meta.kind.as_deref(), Some("Deployment"));
    let deployment = Deployment::decode(unknown.raw.as_deref().unwrap_or_default())
        .expect("a Deployment message");
    let metadata = deployment.metadata.expect("metadata");
    assert_eq!(metadata.name.as_deref(), Some("web"));
    assert_eq!(metadata.namespace.as_deref(), Some("default"));
    assert_eq!(
        metadata.uid.as_deref(),
        created.body["metadata"]["uid"].as_str()
    );
    assert_eq!(metadata.resource_version.as_deref(), Some(""));
    assert_eq!(metadata.labels["app"], "web");
    assert_eq!(metadata.managed_fields.len(), 1);
    let spec = deployment.spec.expect("spec");
    assert_eq!(spec.replicas, Some(3));
    assert_eq!(spec.revision_history_limit, Some(10), "defaults are stored");
    let container = &spec.template.unwrap().spec.unwrap().containers[0];
    assert_eq!(container.image.as_deref(), Some("nginx:1.25"));
    assert_eq!(container.image_pull_policy.as_deref(), Some("IfNotPresent"));

    // An update (whose body names the resourceVersion it replaces) is
    // stored without it too.
    let mut changed = created.body.clone();
    changed["metadata"]["labels"]["tier"] = json!("front");
    let updated = api
        .put("/apis/apps/v1/namespaces/default/deployments/web", &changed)
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    let stored = store
        .get("/registry/deployments/default/web")
        .unwrap()
        .unwrap();
    let unknown = Unknown::decode(&stored.value[4..]).unwrap();
    let metadata = Deployment::decode(unknown.raw.as_deref().unwrap_or_default())
        .unwrap()
        .metadata
        .unwrap();
    assert_eq!(metadata.resource_version.as_deref(), Some(""));
    assert_eq!(metadata.labels["tier"], "front");

    // Read back through the server: the same object.
    let got = api
        .get("/apis/apps/v1/namespaces/default/deployments/web")
        .await;
    assert_eq!(got.body["spec"], updated.body["spec"]);
    assert_eq!(
        got.body["metadata"]["resourceVersion"],
        updated.body["metadata"]["resourceVersion"]
    );

    // A kind without protobuf numbers (a custom group's) is JSON.
    create_widget(&api, "w1").await;
    let widget = store
        .range(server::storage::RangeRequest {
            prefix: "/registry/example.dev/widgets/",
            ..Default::default()
        })
        .unwrap()
        .kvs;
    let stored: Value = serde_json::from_slice(&widget[0].value).expect("JSON");
    assert_eq!(stored["metadata"]["name"], "w1");
    assert!(stored["metadata"].get("resourceVersion").is_none());
}
