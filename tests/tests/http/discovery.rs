//! Discovery: `/api`, `/apis`, groups, resource lists and the aggregated documents kubectl reads.

use super::*;

#[tokio::test]
async fn api_lists_core_versions() {
    let api = Api::start();
    let r = api.get("/api").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(r.body["kind"], "APIVersions");
    assert_eq!(r.body["versions"], json!(["v1"]));
    assert_eq!(
        r.body["serverAddressByClientCIDRs"][0]["clientCIDR"],
        "0.0.0.0/0"
    );
}

#[tokio::test]
async fn apis_lists_groups() {
    let api = Api::start();
    let r = api.get("/apis").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let version = json!({"groupVersion": "example.dev/v1", "version": "v1"});
    let beta = json!({"groupVersion": "example.dev/v1beta1", "version": "v1beta1"});
    assert_eq!(r.body["kind"], "APIGroupList");
    assert_eq!(r.body["apiVersion"], "v1");
    // Other groups (the ported ones) are listed too.
    let groups = r.body["groups"].as_array().unwrap();
    assert!(
        groups.contains(
            &json!({"name": "example.dev", "versions": [version, beta], "preferredVersion": version})
        ),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn core_resource_list() {
    let api = Api::start();
    let r = api.get("/api/v1").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["kind"], "APIResourceList");
    // Upstream's `/api/v1` strips `apiVersion` (`/apis/<g>/<v>` keeps it).
    assert!(r.body.get("apiVersion").is_none(), "{}", r.text);
    assert_eq!(r.body["groupVersion"], "v1");
    let verbs = json!([
        "create",
        "delete",
        "deletecollection",
        "get",
        "list",
        "patch",
        "update",
        "watch"
    ]);
    let cm = api_resource(&r.body, "configmaps");
    assert_eq!(
        (
            &cm["kind"],
            &cm["namespaced"],
            &cm["singularName"],
            &cm["verbs"]
        ),
        (
            &json!("ConfigMap"),
            &json!(true),
            &json!("configmap"),
            &verbs
        )
    );
    let ns = api_resource(&r.body, "namespaces");
    assert_eq!(
        (&ns["kind"], &ns["namespaced"]),
        (&json!("Namespace"), &json!(false))
    );
    assert_eq!(api_resource(&r.body, "events")["kind"], "Event");
    // Sorted by name, subresources after their resource, as upstream's
    // `APIInstaller.Install` registers `sort.Strings(paths)`.
    let names: Vec<&str> = r.body["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "bindings",
            "configmaps",
            "endpoints",
            "events",
            "limitranges",
            "namespaces",
            "namespaces/status",
            "nodes",
            "nodes/status",
            "persistentvolumeclaims",
            "persistentvolumeclaims/status",
            "pods",
            "pods/binding",
            "pods/eviction",
            "pods/status",
            "podtemplates",
            "replicationcontrollers",
            "replicationcontrollers/scale",
            "replicationcontrollers/status",
            "resourcequotas",
            "resourcequotas/status",
            "secrets",
            "serviceaccounts",
            "serviceaccounts/token",
            "services",
            "services/status"
        ]
    );
    // A subresource of another group's kind, as upstream lists it.
    assert_eq!(
        *api_resource(&r.body, "serviceaccounts/token"),
        json!({
            "name": "serviceaccounts/token", "singularName": "", "namespaced": true,
            "group": "authentication.k8s.io", "version": "v1", "kind": "TokenRequest",
            "verbs": ["create"],
        })
    );
}

#[tokio::test]
async fn group_resource_list_includes_subresources() {
    let api = Api::start();
    let r = api.get("/apis/example.dev/v1").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["kind"], "APIResourceList");
    assert_eq!(r.body["apiVersion"], "v1");
    assert_eq!(r.body["groupVersion"], "example.dev/v1");
    let widgets = api_resource(&r.body, "widgets");
    assert_eq!(widgets["kind"], "Widget");
    assert_eq!(widgets["singularName"], "widget");
    assert_eq!(widgets["namespaced"], true);
    assert_eq!(widgets["shortNames"], json!(["wd"]));
    assert_eq!(widgets["categories"], json!(["all"]));
    assert_eq!(
        api_resource(&r.body, "widgets/status"),
        &json!({"name": "widgets/status", "singularName": "", "namespaced": true, "kind": "Widget", "verbs": ["get", "patch", "update"]})
    );
    assert_eq!(
        api_resource(&r.body, "widgets/scale"),
        &json!({"name": "widgets/scale", "singularName": "", "namespaced": true, "group": "autoscaling", "version": "v1", "kind": "Scale", "verbs": ["get", "patch", "update"]})
    );
    assert_eq!(api_resource(&r.body, "gadgets")["namespaced"], false);
}

#[tokio::test]
async fn aggregated_discovery_has_etag_vary_and_not_modified() {
    let api = Api::start();
    let r = api.get_as("/apis", DISCOVERY_ACCEPT).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some(AGGREGATED_V2));
    assert_eq!(r.header("vary"), Some("Accept"));
    let etag = r.header("etag").expect("ETag").to_string();
    assert!(
        etag.len() > 2 && etag.starts_with('"') && etag.ends_with('"'),
        "ETag must be quoted: {etag}"
    );
    assert_eq!(r.body["kind"], "APIGroupDiscoveryList");
    assert_eq!(r.body["apiVersion"], "apidiscovery.k8s.io/v2");
    let group = r.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["metadata"]["name"] == "example.dev")
        .expect("example.dev group");
    assert_eq!(group["metadata"]["name"], "example.dev");
    let version = &group["versions"][0];
    assert_eq!(version["version"], "v1");
    assert_eq!(version["freshness"], "Current");
    let widgets = version["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["resource"] == "widgets")
        .expect("widgets");
    assert_eq!(widgets["singularResource"], "widget");
    assert_eq!(widgets["scope"], "Namespaced");
    assert_eq!(
        widgets["responseKind"],
        json!({"group": "example.dev", "version": "v1", "kind": "Widget"})
    );
    let subresources = widgets["subresources"].as_array().expect("subresources");
    let status = subresources
        .iter()
        .find(|s| s["subresource"] == "status")
        .expect("status subresource");
    assert_eq!(status["verbs"], json!(["get", "patch", "update"]));
    let scale = subresources
        .iter()
        .find(|s| s["subresource"] == "scale")
        .expect("scale subresource");
    assert_eq!(
        scale["responseKind"],
        json!({"group": "autoscaling", "version": "v1", "kind": "Scale"})
    );

    let again = api
        .send(
            Method::GET,
            "/apis",
            &[("accept", DISCOVERY_ACCEPT), ("if-none-match", &etag)],
            Body::empty(),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.text.is_empty());
    assert_eq!(again.header("etag"), Some(etag.as_str()));
}

#[tokio::test]
async fn aggregated_discovery_of_the_core_group() {
    let api = Api::start();
    let r = api.get_as("/api", DISCOVERY_ACCEPT).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some(AGGREGATED_V2));
    let group = &r.body["items"][0];
    assert_eq!(group["metadata"]["name"], "");
    let resources = group["versions"][0]["resources"].as_array().unwrap();
    let scope = |name: &str| {
        resources
            .iter()
            .find(|r| r["resource"] == name)
            .map(|r| r["scope"].clone())
    };
    assert_eq!(scope("configmaps"), Some(json!("Namespaced")));
    assert_eq!(scope("namespaces"), Some(json!("Cluster")));
    let names: Vec<&str> = resources
        .iter()
        .map(|r| r["resource"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "sorted by resource name, as upstream's");
}

#[tokio::test]
async fn version_endpoint() {
    let api = Api::start();
    let r = api.get("/version").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(r.body["major"], "1");
    let git_version = r.body["gitVersion"].as_str().expect("gitVersion");
    assert!(
        git_version.starts_with(&format!("v1.{}.", r.body["minor"].as_str().unwrap())),
        "{git_version}"
    );
    assert!(r.body["platform"].is_string());
    // The emulated version (1.33+): the binary's own; compatible with the
    // release before it.
    assert_eq!(r.body["emulationMajor"], r.body["major"]);
    assert_eq!(r.body["emulationMinor"], r.body["minor"]);
    assert_eq!(r.body["minCompatibilityMajor"], "1");
    let minor: u32 = r.body["minor"].as_str().unwrap().parse().unwrap();
    assert_eq!(r.body["minCompatibilityMinor"], (minor - 1).to_string());
    // go-restful answers the root route with the slash too, which the
    // Python client's `VersionApi` asks.
    let slashed = api.get("/version/").await;
    assert_eq!(slashed.status, StatusCode::OK);
    assert_eq!(slashed.body, r.body);
}

/// The webhook configurations are in the `api-extensions` category, as
/// their upstream stores say (`Categories()`): `kubectl get
/// api-extensions` lists them.
#[tokio::test]
async fn webhook_configurations_are_api_extensions() {
    let api = Api::start();
    let r = api.get("/apis/admissionregistration.k8s.io/v1").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    for resource in [
        "mutatingwebhookconfigurations",
        "validatingwebhookconfigurations",
    ] {
        assert_eq!(
            api_resource(&r.body, resource)["categories"],
            json!(["api-extensions"]),
            "{resource}"
        );
    }
}
