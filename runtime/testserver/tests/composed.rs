//! A test server of a composed registry: the kinds of two registries
//! served together, each group in discovery, each kind written and read.

use kube::api::{Api, ApiResource, DynamicObject, GroupVersionKind, PostParams};
use runtime::registry::Registry;
use testserver::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_composed_registry_serves_the_kinds_of_both() {
    let mut core = Registry::new();
    core.add::<apis::core::v1::Namespace>();
    core.add::<apis::core::v1::ConfigMap>();
    let mut example = Registry::new();
    example.add::<apis::example::v1::Widget>();
    core.install(example).expect("the registries compose");
    let server = TestServer::start(core).expect("test server");
    let client = server.client().expect("client");

    let groups = client.list_api_groups().await.expect("groups");
    let names: Vec<&str> = groups.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["example.dev"]);
    let core_resources = client.list_core_api_resources("v1").await.expect("v1");
    let mut plurals: Vec<&str> = (core_resources.resources.iter())
        .map(|r| r.name.as_str())
        .filter(|n| !n.contains('/'))
        .collect();
    plurals.sort_unstable();
    assert_eq!(plurals, ["configmaps", "namespaces"]);

    for (gvk, plural, body) in [
        (
            GroupVersionKind::gvk("", "v1", "ConfigMap"),
            "configmaps",
            serde_json::json!({"data": {"k": "v"}}),
        ),
        (
            GroupVersionKind::gvk("example.dev", "v1", "Widget"),
            "widgets",
            serde_json::json!({"spec": {"replicas": 2}}),
        ),
    ] {
        let resource = ApiResource::from_gvk_with_plural(&gvk, plural);
        let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), "default", &resource);
        let object = DynamicObject::new("one", &resource).data(body);
        api.create(&PostParams::default(), &object)
            .await
            .unwrap_or_else(|e| panic!("{plural} created: {e}"));
        let read = api.get("one").await.expect("read back");
        assert_eq!(read.types.map(|t| t.kind), Some(gvk.kind));
    }
}
