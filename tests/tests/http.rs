//! HTTP-level tests of the server: status codes, headers and bodies of
//! in-process requests through the router, compared with what
//! kube-apiserver answers.
//!
//! Tests marked `#[ignore = "server bug: ..."]` assert upstream's behaviour
//! where the server currently differs; each names the upstream source of the
//! expected string.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};
use tests::http::{Api, PATIENCE, Reply};

const WIDGETS: &str = "/apis/example.dev/v1/namespaces/default/widgets";
const GADGETS: &str = "/apis/example.dev/v1/gadgets";
const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";
const NAMESPACES: &str = "/api/v1/namespaces";

/// What `kubectl get` sends (KUBECTL.md section C).
const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
/// What kubectl sends for discovery (KUBECTL.md section B).
const DISCOVERY_ACCEPT: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
const AGGREGATED_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

const MERGE_PATCH: &str = "application/merge-patch+json";
const JSON_PATCH: &str = "application/json-patch+json";
const STRATEGIC_MERGE_PATCH: &str = "application/strategic-merge-patch+json";

/// `validation.IsDNS1123Subdomain`'s message
/// (k8s.io/apimachinery/pkg/util/validation/validation.go).
const DNS1123_SUBDOMAIN_ERROR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

// ---------------------------------------------------------------------------
// Harness
// ---------------------------------------------------------------------------

async fn create_widget(api: &Api, name: &str) -> Value {
    api.create(WIDGETS, &widget(name)).await
}

fn widget(name: &str) -> Value {
    json!({
        "apiVersion": "example.dev/v1",
        "kind": "Widget",
        "metadata": {"name": name},
        "spec": {"replicas": 2, "color": "Red"},
    })
}

fn labeled_widget(name: &str, app: &str) -> Value {
    let mut w = widget(name);
    w["metadata"]["labels"] = json!({"app": app});
    w
}

fn configmap(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name}, "data": {"k": "v"}})
}

fn namespace(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}})
}

fn name(obj: &Value) -> &str {
    obj["metadata"]["name"].as_str().unwrap_or_default()
}

fn rv(obj: &Value) -> String {
    obj["metadata"]["resourceVersion"]
        .as_str()
        .expect("resourceVersion")
        .to_string()
}

/// The names of a list's items, in order.
fn names(list: &Value) -> Vec<String> {
    list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| name(i).to_string())
        .collect()
}

fn widget_uri(name: &str) -> String {
    format!("{WIDGETS}/{name}")
}

/// The entry named `name` of an APIResourceList.
fn api_resource<'a>(list: &'a Value, name: &str) -> &'a Value {
    list["resources"]
        .as_array()
        .expect("resources")
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no resource {name} in {list}"))
}

/// Polls `check` until it holds or [`PATIENCE`] runs out.
async fn eventually(what: &str, mut check: impl AsyncFnMut() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !check().await {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

// ---------------------------------------------------------------------------
// Discovery
// ---------------------------------------------------------------------------

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
    assert_eq!(r.body["kind"], "APIGroupList");
    assert_eq!(r.body["apiVersion"], "v1");
    // Other groups (the ported ones) are listed too.
    let groups = r.body["groups"].as_array().unwrap();
    assert!(
        groups.contains(
            &json!({"name": "example.dev", "versions": [version], "preferredVersion": version})
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
    assert_eq!(r.body["apiVersion"], "v1");
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
}

#[tokio::test]
async fn group_resource_list_includes_subresources() {
    let api = Api::start();
    let r = api.get("/apis/example.dev/v1").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["kind"], "APIResourceList");
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
}

// ---------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------

#[tokio::test]
async fn create_sets_system_fields_and_ignores_client_uid() {
    let api = Api::start();
    let mut w = widget("w1");
    w["metadata"]["uid"] = json!("client-chosen-uid");
    w["metadata"]["generation"] = json!(7);
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let m = &r.body["metadata"];
    let uid = m["uid"].as_str().expect("uid");
    assert_ne!(uid, "client-chosen-uid");
    assert_eq!(uid.len(), 36, "uid is a UUID: {uid}");
    let created = m["creationTimestamp"].as_str().expect("creationTimestamp");
    // RFC 3339 in UTC with second precision: 2006-01-02T15:04:05Z.
    let shape: String = created
        .chars()
        .map(|c| if c.is_ascii_digit() { '0' } else { c })
        .collect();
    assert_eq!(shape, "0000-00-00T00:00:00Z", "{created}");
    assert!(rv(&r.body).parse::<u64>().is_ok(), "{}", rv(&r.body));
    assert_eq!(m["generation"], 1);
    assert_eq!(m["namespace"], "default");
    assert_eq!(r.body["kind"], "Widget");
    assert_eq!(r.body["apiVersion"], "example.dev/v1");

    let got = api.get(&widget_uri("w1")).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.body, r.body);
}

/// Upstream: the storage layer refuses it
/// (k8s.io/apiserver/pkg/storage/etcd3/store.go `storage.ErrResourceVersionSetOnCreate`,
/// k8s.io/apiserver/pkg/storage/errors.go "resourceVersion should not be set on objects to be created"),
/// which `ErrorToAPIStatus` (endpoints/handlers/responsewriters/status.go) turns into a 500
/// with reason Unknown.
#[tokio::test]
async fn create_with_resource_version_is_refused() {
    let api = Api::start();
    let mut w = widget("w1");
    w["metadata"]["resourceVersion"] = json!("12345");
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.text);
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "resourceVersion should not be set on objects to be created", "code": 500})
    );
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn create_with_generate_name() {
    let api = Api::start();
    let w = json!({"apiVersion": "example.dev/v1", "kind": "Widget", "metadata": {"generateName": "gen-"}});
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let name = name(&r.body);
    let suffix = name.strip_prefix("gen-").expect("prefix kept");
    assert_eq!(suffix.len(), 5, "{name}");
    // utilrand.String's alphabet (k8s.io/apimachinery/pkg/util/rand/rand.go).
    assert!(
        suffix
            .chars()
            .all(|c| "bcdfghjklmnpqrstvwxz2456789".contains(c)),
        "{name}"
    );
    assert_eq!(r.body["metadata"]["generateName"], "gen-");
    assert_eq!(api.get(&widget_uri(name)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn create_with_another_namespace_in_the_body_is_400() {
    let api = Api::start();
    let mut w = widget("w1");
    w["metadata"]["namespace"] = json!("kube-system");
    let r = api.post(WIDGETS, &w).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "the namespace of the provided object does not match the namespace sent on the request"
    );
}

#[tokio::test]
async fn create_in_a_missing_namespace_is_404() {
    let api = Api::start();
    let r = api
        .post(
            "/apis/example.dev/v1/namespaces/nope/widgets",
            &widget("w1"),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "namespaces \"nope\" not found", "reason": "NotFound",
               "details": {"name": "nope", "kind": "namespaces"}, "code": 404})
    );
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn create_twice_is_409_already_exists() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.post(WIDGETS, &widget("w1")).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "widgets.example.dev \"w1\" already exists", "reason": "AlreadyExists",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets"}, "code": 409})
    );
}

#[tokio::test]
async fn create_with_an_invalid_name_is_422_with_causes() {
    let api = Api::start();
    let r = api.post(WIDGETS, &widget("Bad_Name")).await;
    let cause = format!("Invalid value: \"Bad_Name\": {DNS1123_SUBDOMAIN_ERROR}");
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("Widget.example.dev \"Bad_Name\" is invalid: metadata.name: {cause}"),
               "reason": "Invalid",
               "details": {"name": "Bad_Name", "group": "example.dev", "kind": "Widget",
                           "causes": [{"reason": "FieldValueInvalid", "message": cause, "field": "metadata.name"}]},
               "code": 422})
    );
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
}

// ---------------------------------------------------------------------------
// Get and list
// ---------------------------------------------------------------------------

#[tokio::test]
async fn get_of_a_missing_object_is_404_status() {
    let api = Api::start();
    let r = api.get(&widget_uri("nope")).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "widgets.example.dev \"nope\" not found", "reason": "NotFound",
               "details": {"name": "nope", "group": "example.dev", "kind": "widgets"}, "code": 404})
    );
}

#[tokio::test]
async fn empty_list_has_kind_resource_version_and_items() {
    let api = Api::start();
    for (uri, kind, api_version) in [
        (WIDGETS, "WidgetList", "example.dev/v1"),
        (CONFIGMAPS, "ConfigMapList", "v1"),
        ("/api/v1/namespaces/default/events", "EventList", "v1"),
    ] {
        let r = api.get(uri).await;
        assert_eq!(r.status, StatusCode::OK, "{uri}");
        assert_eq!(r.body["kind"], kind);
        assert_eq!(r.body["apiVersion"], api_version);
        assert!(
            r.body["metadata"]["resourceVersion"]
                .as_str()
                .is_some_and(|v| !v.is_empty()),
            "{}",
            r.text
        );
        assert_eq!(r.body["items"], json!([]), "{}", r.text);
    }
}

#[tokio::test]
async fn list_pages_share_one_snapshot() {
    let api = Api::start();
    for i in 1..=5 {
        create_widget(&api, &format!("w{i}")).await;
    }
    let first = api.get(&format!("{WIDGETS}?limit=2")).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(names(&first.body), ["w1", "w2"]);
    let snapshot = first.body["metadata"]["resourceVersion"].clone();
    assert_eq!(first.body["metadata"]["remainingItemCount"], 3);
    let token = first.body["metadata"]["continue"]
        .as_str()
        .expect("continue")
        .to_string();

    // Written after the first page: not part of the snapshot.
    create_widget(&api, "w0").await;
    create_widget(&api, "w9").await;

    let second = api
        .get(&format!("{WIDGETS}?limit=2&continue={token}"))
        .await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    assert_eq!(names(&second.body), ["w3", "w4"]);
    assert_eq!(second.body["metadata"]["resourceVersion"], snapshot);
    assert_eq!(second.body["metadata"]["remainingItemCount"], 1);
    let token = second.body["metadata"]["continue"]
        .as_str()
        .expect("continue");

    let last = api
        .get(&format!("{WIDGETS}?limit=2&continue={token}"))
        .await;
    assert_eq!(names(&last.body), ["w5"]);
    assert_eq!(last.body["metadata"]["resourceVersion"], snapshot);
    assert!(
        last.body["metadata"].get("continue").is_none(),
        "{}",
        last.text
    );
    assert!(last.body["metadata"].get("remainingItemCount").is_none());

    // With a selector the count of what remains is unknown: upstream
    // leaves remainingItemCount out, and the continue token still works.
    let selected = api
        .get(&format!(
            "{WIDGETS}?limit=2&fieldSelector=metadata.name!%3Dw3"
        ))
        .await;
    assert_eq!(selected.status, StatusCode::OK, "{}", selected.text);
    assert!(
        selected.body["metadata"]["continue"].is_string(),
        "{}",
        selected.text
    );
    assert!(
        selected.body["metadata"]
            .get("remainingItemCount")
            .is_none(),
        "{}",
        selected.text
    );
}

#[tokio::test]
async fn list_filters_by_label_selector() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("a", "web")).await;
    api.create(WIDGETS, &labeled_widget("b", "db")).await;
    create_widget(&api, "c").await;
    for (selector, want) in [
        ("app%3Dweb", vec!["a"]),
        ("app%3D%3Dweb", vec!["a"]),
        ("app!%3Dweb", vec!["b", "c"]),
        ("app+notin+(web)", vec!["b", "c"]),
        ("app+in+(web,db)", vec!["a", "b"]),
        ("app", vec!["a", "b"]),
        ("!app", vec!["c"]),
    ] {
        let r = api
            .get(&format!("{WIDGETS}?labelSelector={selector}"))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{selector}: {}", r.text);
        assert_eq!(names(&r.body), want, "{selector}");
    }
}

#[tokio::test]
async fn list_filters_by_field_selector() {
    let api = Api::start();
    for n in ["a", "b", "c"] {
        create_widget(&api, n).await;
    }
    let r = api
        .get(&format!("{WIDGETS}?fieldSelector=metadata.name%3Db"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(names(&r.body), ["b"]);
    let r = api
        .get(&format!("{WIDGETS}?fieldSelector=metadata.name!%3Db"))
        .await;
    assert_eq!(names(&r.body), ["a", "c"]);
    let r = api
        .get("/apis/example.dev/v1/widgets?fieldSelector=metadata.namespace%3Ddefault")
        .await;
    assert_eq!(names(&r.body), ["a", "b", "c"]);
}

/// Upstream: `labels.Parse`'s error (k8s.io/apimachinery/pkg/labels/selector.go),
/// made a BadRequest by `ListResource`, for lists and watches alike.
#[tokio::test]
async fn a_malformed_label_selector_is_400_with_upstreams_message() {
    let api = Api::start();
    for uri in [
        format!("{WIDGETS}?labelSelector=app+in+(web"),
        format!("{WIDGETS}?watch=true&labelSelector=app+in+(web"),
    ] {
        let r = api.get(&uri).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            r.body["message"],
            "unable to parse requirement: found '', expected: ',' or ')'"
        );
    }
}

/// Per-kind field selectors declared by marker: Pod's `status.phase` and
/// `spec.nodeName`, Event's `involvedObject.*`.
#[tokio::test]
async fn kinds_select_by_their_declared_fields() {
    let api = Api::start();
    let pods = "/api/v1/namespaces/default/pods";
    for (name, node) in [("a", "node-1"), ("b", "node-2")] {
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
                         "spec": {"nodeName": node, "containers": [{"name": "c", "image": "nginx"}]}});
        api.create(pods, &pod).await;
    }
    api.patch(
        &format!("{pods}/a/status"),
        MERGE_PATCH,
        &json!({"status": {"phase": "Running"}}),
    )
    .await;
    let r = api
        .get(&format!("{pods}?fieldSelector=status.phase%3DRunning"))
        .await;
    assert_eq!(names(&r.body), ["a"], "{}", r.text);
    let r = api
        .get(&format!(
            "{pods}?fieldSelector=status.phase!%3DRunning,spec.nodeName%3Dnode-2"
        ))
        .await;
    assert_eq!(names(&r.body), ["b"], "{}", r.text);

    let events = "/api/v1/namespaces/default/events";
    for (name, kind, target) in [
        ("e1", "Pod", "a"),
        ("e2", "Pod", "b"),
        ("e3", "ConfigMap", "a"),
    ] {
        let event = json!({"apiVersion": "v1", "kind": "Event", "metadata": {"name": name},
                           "involvedObject": {"kind": kind, "name": target, "namespace": "default"},
                           "reason": "Test", "message": "m", "type": "Normal"});
        api.create(events, &event).await;
    }
    let r = api
        .get(&format!(
            "{events}?fieldSelector=involvedObject.kind%3DPod,involvedObject.name%3Da"
        ))
        .await;
    assert_eq!(names(&r.body), ["e1"], "{}", r.text);
    let r = api
        .get(&format!("{events}?fieldSelector=involvedObject.uid%3Dx"))
        .await;
    assert_eq!(names(&r.body), Vec::<String>::new(), "{}", r.text);
}

/// Upstream: `runtime.DefaultMetaV1FieldSelectorConversion`
/// (k8s.io/apimachinery/pkg/runtime/conversion.go), used for kinds without
/// their own field label conversion, such as ConfigMap.
#[tokio::test]
async fn an_unknown_field_selector_is_400() {
    let api = Api::start();
    let r = api
        .get(&format!("{CONFIGMAPS}?fieldSelector=spec.foo%3Dx"))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "\"spec.foo\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\""
    );
}

/// Upstream: custom resources convert field labels with `crConverter.ConvertFieldLabel`
/// (k8s.io/apiextensions-apiserver/pkg/apiserver/conversion/converter.go):
/// `fmt.Errorf("field label not supported: %s", label)`, made a BadRequest by
/// `ListResource` (k8s.io/apiserver/pkg/endpoints/handlers/get.go).
#[tokio::test]
async fn an_unknown_field_selector_on_a_custom_resource_is_400() {
    let api = Api::start();
    let r = api
        .get(&format!("{WIDGETS}?fieldSelector=spec.foo%3Dx"))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(r.body["message"], "field label not supported: spec.foo");
}

/// Upstream: `crConverter.ConvertFieldLabel` accepts `metadata.namespace` only
/// when the resource is namespaced (`!c.clusterScoped && label == "metadata.namespace"`).
#[tokio::test]
async fn a_namespace_field_selector_on_a_cluster_scoped_resource_is_400() {
    let api = Api::start();
    let r = api
        .get(&format!(
            "{GADGETS}?fieldSelector=metadata.namespace%3Ddefault"
        ))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "field label not supported: metadata.namespace"
    );
}

// ---------------------------------------------------------------------------
// Representations: Table, PartialObjectMetadata, YAML, 406
// ---------------------------------------------------------------------------

#[tokio::test]
async fn list_as_table() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("w1", "web")).await;
    let r = api.get_as(WIDGETS, TABLE).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(
        r.header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(r.body["kind"], "Table");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1");
    assert!(r.body["metadata"]["resourceVersion"].is_string());
    let columns = r.body["columnDefinitions"].as_array().unwrap();
    let column_names: Vec<&str> = columns
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(column_names, ["Name", "Replicas", "Phase", "Color", "Age"]);
    assert_eq!(
        (
            &columns[0]["type"],
            &columns[0]["format"],
            &columns[0]["priority"]
        ),
        (&json!("string"), &json!("name"), &json!(0))
    );
    assert_eq!(columns[1]["type"], "integer");
    assert_eq!(columns[3]["priority"], 1);
    let rows = r.body["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    let cells = rows[0]["cells"].as_array().unwrap();
    assert_eq!(
        &cells[..4],
        &[json!("w1"), json!(2), Value::Null, json!("Red")]
    );
    let age = cells[4].as_str().expect("age");
    assert!(
        age.ends_with('s') && age[..age.len() - 1].parse::<u32>().is_ok(),
        "{age}"
    );
    let object = &rows[0]["object"];
    assert_eq!(object["kind"], "PartialObjectMetadata");
    assert_eq!(object["apiVersion"], "meta.k8s.io/v1");
    assert_eq!(object["metadata"]["name"], "w1");
    assert_eq!(object["metadata"]["labels"], json!({"app": "web"}));
    assert!(object.get("spec").is_none());
}

#[tokio::test]
async fn get_as_table_has_one_row() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.get_as(&widget_uri("w1"), TABLE).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["kind"], "Table");
    let rows = r.body["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["cells"][0], "w1");
}

#[tokio::test]
async fn table_include_object_none_and_object() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let none = api
        .get_as(&format!("{WIDGETS}?includeObject=None"), TABLE)
        .await;
    assert_eq!(none.status, StatusCode::OK);
    let row = &none.body["rows"][0];
    assert!(row["cells"].is_array());
    // Upstream empties the row's RawExtension, which Go writes as null.
    assert_eq!(row.get("object"), Some(&Value::Null), "{row}");

    let full = api
        .get_as(&format!("{WIDGETS}?includeObject=Object"), TABLE)
        .await;
    let object = &full.body["rows"][0]["object"];
    assert_eq!(object["kind"], "Widget");
    assert_eq!(object["apiVersion"], "example.dev/v1");
    assert_eq!(object["spec"]["replicas"], 2);
}

#[tokio::test]
async fn get_as_partial_object_metadata() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("w1", "web")).await;
    let r = api
        .get_as(
            &widget_uri("w1"),
            "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1",
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "PartialObjectMetadata");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1");
    assert_eq!(r.body["metadata"]["name"], "w1");
    assert_eq!(r.body["metadata"]["labels"]["app"], "web");
    assert!(r.body.get("spec").is_none());
}

#[tokio::test]
async fn list_as_partial_object_metadata_list() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    create_widget(&api, "w2").await;
    let r = api
        .get_as(
            WIDGETS,
            "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1",
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "PartialObjectMetadataList");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1");
    assert!(r.body["metadata"]["resourceVersion"].is_string());
    assert_eq!(names(&r.body), ["w1", "w2"]);
    for item in r.body["items"].as_array().unwrap() {
        assert_eq!(item["kind"], "PartialObjectMetadata");
        assert!(item.get("spec").is_none());
    }
}

/// Table, PartialObjectMetadataList and protobuf lists are built as the
/// objects are read (one row, one metadata or one encoding per object);
/// pages of each carry the same items, snapshot and continue token as the
/// JSON list.
#[tokio::test]
async fn every_list_representation_pages_like_json() {
    let api = Api::start();
    for name in ["c1", "c2", "c3"] {
        api.create(CONFIGMAPS, &configmap(name)).await;
    }
    let message = apis::registry()
        .find("", "v1", "configmaps")
        .and_then(|e| e.protobuf)
        .expect("ConfigMap has protobuf")();
    let json_page = api.get(&format!("{CONFIGMAPS}?limit=2")).await;
    assert_eq!(names(&json_page.body), ["c1", "c2"]);
    let meta = &json_page.body["metadata"];
    assert_eq!(meta["remainingItemCount"], 1);
    // The JSON page, encoded item by item, has the bytes of the whole
    // page encoded at once, and the content of the `pretty` page (built
    // whole).
    assert_eq!(
        json_page.bytes,
        serde_json::to_vec(&json_page.body).unwrap()
    );
    let pretty = api.get(&format!("{CONFIGMAPS}?limit=2&pretty=true")).await;
    assert_eq!(pretty.body, json_page.body);

    let table = api.get_as(&format!("{CONFIGMAPS}?limit=2"), TABLE).await;
    assert_eq!(table.status, StatusCode::OK, "{}", table.text);
    let rows: Vec<&str> = table.body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["cells"][0].as_str().unwrap())
        .collect();
    assert_eq!(rows, ["c1", "c2"]);
    assert_eq!(
        table.body["rows"][0]["object"]["kind"],
        "PartialObjectMetadata"
    );
    assert_eq!(&table.body["metadata"], meta);

    let partial = api
        .get_as(
            &format!("{CONFIGMAPS}?limit=2"),
            "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1",
        )
        .await;
    assert_eq!(partial.status, StatusCode::OK, "{}", partial.text);
    assert_eq!(names(&partial.body), ["c1", "c2"]);
    assert_eq!(&partial.body["metadata"], meta);

    let pb = api
        .get_as(
            &format!("{CONFIGMAPS}?limit=2"),
            runtime::codec::protobuf::MEDIA_TYPE,
        )
        .await;
    assert_eq!(pb.status, StatusCode::OK);
    assert_eq!(
        pb.header("content-type"),
        Some(runtime::codec::protobuf::MEDIA_TYPE)
    );
    let decoded = runtime::codec::protobuf::decode_list(&pb.bytes, message).expect("a list");
    assert_eq!(decoded["kind"], "ConfigMapList");
    assert_eq!(decoded["apiVersion"], "v1");
    assert_eq!(&decoded["metadata"], meta);
    // Items of a protobuf list carry no TypeMeta, as in Go's typed lists.
    let without_type_meta = |items: &Value| -> Vec<Value> {
        let mut items = items.as_array().unwrap().clone();
        for item in &mut items {
            let item = item.as_object_mut().unwrap();
            item.remove("kind");
            item.remove("apiVersion");
        }
        items
    };
    assert_eq!(
        without_type_meta(&decoded["items"]),
        without_type_meta(&json_page.body["items"])
    );

    // The whole list in protobuf equals the whole JSON list.
    let all = api.get(CONFIGMAPS).await.body;
    let pb = api
        .get_as(CONFIGMAPS, runtime::codec::protobuf::MEDIA_TYPE)
        .await;
    let decoded = runtime::codec::protobuf::decode_list(&pb.bytes, message).expect("a list");
    assert_eq!(
        without_type_meta(&decoded["items"]),
        without_type_meta(&all["items"])
    );
    assert_eq!(decoded["metadata"], all["metadata"]);
}

/// Upstream: `asPartialObjectMetadata` / `asPartialObjectMetadataList`
/// (k8s.io/apiserver/pkg/endpoints/handlers/response.go):
/// "you requested PartialObjectMetadata, but the requested object is a list (%T)" and
/// "you requested PartialObjectMetadataList, but the requested object is not a list (%T)", both 406.
#[tokio::test]
async fn partial_object_metadata_of_the_wrong_shape_is_406() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .get_as(
            WIDGETS,
            "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1",
        )
        .await;
    r.assert_failure(406, "NotAcceptable");
    assert!(
        r.body["message"].as_str().unwrap().starts_with(
            "you requested PartialObjectMetadata, but the requested object is a list ("
        ),
        "{}",
        r.text
    );
    let r = api
        .get_as(
            &widget_uri("w1"),
            "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1",
        )
        .await;
    r.assert_failure(406, "NotAcceptable");
    assert!(
        r.body["message"].as_str().unwrap().starts_with(
            "you requested PartialObjectMetadataList, but the requested object is not a list ("
        ),
        "{}",
        r.text
    );
}

/// Upstream: `errNotAcceptable` (k8s.io/apiserver/pkg/endpoints/handlers/negotiation/errors.go):
/// "only the following media types are accepted: %v".
#[tokio::test]
async fn unacceptable_media_type_is_406_status() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.get_as(&widget_uri("w1"), "text/html").await;
    r.assert_failure(406, "NotAcceptable");
    let message = r.body["message"].as_str().unwrap();
    assert!(
        message.starts_with("only the following media types are accepted: ")
            && message.contains("application/json"),
        "{message}"
    );
}

#[tokio::test]
async fn yaml_output() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.get_as(&widget_uri("w1"), "application/yaml").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), Some("application/yaml"));
    assert!(
        r.text.contains("apiVersion: example.dev/v1\n"),
        "{}",
        r.text
    );
    assert!(r.text.contains("kind: Widget\n"), "{}", r.text);
    assert!(r.text.contains("  name: w1\n"), "{}", r.text);
    assert!(r.text.contains("  replicas: 2\n"), "{}", r.text);
}

// ---------------------------------------------------------------------------
// Update
// ---------------------------------------------------------------------------

/// Upstream: `OptimisticLockErrorMsg` (k8s.io/apiserver/pkg/registry/generic/registry/store.go)
/// wrapped by `NewConflict` (k8s.io/apimachinery/pkg/api/errors/errors.go).
#[tokio::test]
async fn update_with_a_stale_resource_version_is_409_conflict() {
    let api = Api::start();
    let created = create_widget(&api, "w1").await;
    let mut changed = created.clone();
    changed["spec"]["replicas"] = json!(3);
    assert_eq!(
        api.put(&widget_uri("w1"), &changed).await.status,
        StatusCode::OK
    );
    // `created` still carries the first resourceVersion.
    let r = api.put(&widget_uri("w1"), &created).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Operation cannot be fulfilled on widgets.example.dev \"w1\": the object has been modified; please apply your changes to the latest version and try again",
               "reason": "Conflict",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets"}, "code": 409})
    );
}

/// Upstream: `checkName` (k8s.io/apiserver/pkg/endpoints/handlers/rest.go).
#[tokio::test]
async fn update_with_another_name_is_400() {
    let api = Api::start();
    let mut w = create_widget(&api, "w1").await;
    w["metadata"]["name"] = json!("other");
    let r = api.put(&widget_uri("w1"), &w).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "the name of the object (other) does not match the name on the URL (w1)"
    );
}

/// Upstream: custom resources do not allow unconditional updates
/// (`customResourceStrategy.AllowUnconditionalUpdate` returns false,
/// k8s.io/apiextensions-apiserver/pkg/registry/customresource/strategy.go), so the
/// generic store answers `field.Invalid(metadata.resourceVersion, newResourceVersion,
/// "must be specified for an update")` on the qualified resource
/// (k8s.io/apiserver/pkg/registry/generic/registry/store.go); the uint64 zero prints as `0x0`.
#[tokio::test]
async fn update_of_a_custom_resource_without_resource_version_is_422() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.put(&widget_uri("w1"), &widget("w1")).await;
    let cause = "Invalid value: 0x0: must be specified for an update";
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("widgets.example.dev \"w1\" is invalid: metadata.resourceVersion: {cause}"),
               "reason": "Invalid",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets",
                           "causes": [{"reason": "FieldValueInvalid", "message": cause, "field": "metadata.resourceVersion"}]},
               "code": 422})
    );
}

#[tokio::test]
async fn update_of_a_configmap_without_resource_version_is_unconditional() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("c1")).await;
    let mut cm = configmap("c1");
    cm["data"] = json!({"k": "changed"});
    let r = api.put(&format!("{CONFIGMAPS}/c1"), &cm).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["k"], "changed");
}

#[tokio::test]
async fn status_changes_only_through_the_status_subresource() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;

    // The main resource ignores status.
    let mut main = w.clone();
    main["status"] = json!({"phase": "Running"});
    let r = api.put(&widget_uri("w1"), &main).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(r.body.get("status").is_none(), "{}", r.text);
    let stored = api.get(&widget_uri("w1")).await.body;
    assert!(stored.get("status").is_none(), "{stored}");

    // /status ignores everything but status.
    let mut status = stored.clone();
    status["status"] = json!({"phase": "Running", "replicas": 1});
    status["spec"]["replicas"] = json!(9);
    let r = api
        .put(&format!("{}/status", widget_uri("w1")), &status)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["status"]["phase"], "Running");
    assert_eq!(r.body["spec"]["replicas"], 2);
    let stored = api.get(&widget_uri("w1")).await.body;
    assert_eq!(stored["status"]["phase"], "Running");
    assert_eq!(stored["spec"]["replicas"], 2);

    // And the main resource keeps it afterwards.
    let mut main = stored.clone();
    main["status"] = json!({"phase": "Failed"});
    let r = api.put(&widget_uri("w1"), &main).await;
    assert_eq!(r.body["status"]["phase"], "Running", "{}", r.text);
}

#[tokio::test]
async fn generation_bumps_only_on_spec_changes() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    assert_eq!(w["metadata"]["generation"], 1);

    let mut labeled = w.clone();
    labeled["metadata"]["labels"] = json!({"a": "b"});
    let w = api.put(&widget_uri("w1"), &labeled).await.body;
    assert_eq!(w["metadata"]["generation"], 1, "metadata change: {w}");

    let mut status = w.clone();
    status["status"] = json!({"phase": "Running"});
    let w = api
        .put(&format!("{}/status", widget_uri("w1")), &status)
        .await
        .body;
    assert_eq!(w["metadata"]["generation"], 1, "status change: {w}");

    let mut spec = w.clone();
    spec["spec"]["replicas"] = json!(4);
    let w = api.put(&widget_uri("w1"), &spec).await.body;
    assert_eq!(w["metadata"]["generation"], 2, "spec change: {w}");
}

// ---------------------------------------------------------------------------
// Patch and scale
// ---------------------------------------------------------------------------

#[tokio::test]
async fn merge_patch() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(
            &widget_uri("w1"),
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"app": "web"}}, "spec": {"replicas": 5, "color": null}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 5);
    assert!(r.body["spec"].get("color").is_none(), "{}", r.text);
    assert_eq!(r.body["metadata"]["labels"]["app"], "web");
    assert_eq!(r.body["metadata"]["generation"], 2);
    assert_eq!(api.get(&widget_uri("w1")).await.body, r.body);
}

#[tokio::test]
async fn json_patch() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(
            &widget_uri("w1"),
            JSON_PATCH,
            &json!([
                {"op": "replace", "path": "/spec/replicas", "value": 7},
                {"op": "add", "path": "/metadata/labels", "value": {"x": "y"}},
            ]),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 7);
    assert_eq!(r.body["metadata"]["labels"]["x"], "y");
    assert_eq!(api.get(&widget_uri("w1")).await.body["spec"]["replicas"], 7);
}

/// Upstream: `errUnsupportedMediaType` (k8s.io/apiserver/pkg/endpoints/handlers/negotiation/errors.go):
/// "the body of the request was in an unknown format - accepted media types include: %v".
/// Custom resources do not accept strategic merge patch.
#[tokio::test]
async fn an_unsupported_patch_type_is_415() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    // Our kinds are compiled in, like built-in kinds, so they take strategic
    // merge patch too (the patch issue); an unknown patch type is 415.
    let r = api
        .patch(
            &widget_uri("w1"),
            "application/xml",
            &json!({"spec": {"replicas": 5}}),
        )
        .await;
    r.assert_failure(415, "UnsupportedMediaType");
    let message = r.body["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "the body of the request was in an unknown format - accepted media types include: "
        ) && message.contains(JSON_PATCH)
            && message.contains(MERGE_PATCH)
            && message.contains(STRATEGIC_MERGE_PATCH),
        "{message}"
    );
    assert_eq!(api.get(&widget_uri("w1")).await.body["spec"]["replicas"], 2);
}

/// Upstream: `errUnsupportedMediaType.Status()` carries no details, and the custom
/// resource handler lists apply patch (k8s.io/apiextensions-apiserver/pkg/apiserver/
/// customresource_handler.go: json-patch, merge-patch, apply-patch+yaml; the
/// built-in installer adds strategic-merge-patch, which our compiled-in
/// kinds accept too).
#[tokio::test]
async fn the_415_status_is_upstreams() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(&widget_uri("w1"), "application/xml", &json!({}))
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml",
               "reason": "UnsupportedMediaType", "code": 415})
    );
}

/// Upstream: built-in kinds accept `application/strategic-merge-patch+json`
/// (k8s.io/apiserver/pkg/endpoints/installer.go: the PATCH route's `supportedTypes`
/// are json-patch, merge-patch, strategic-merge-patch and apply-patch+yaml);
/// kubectl apply/edit/patch send it for ConfigMap (KUBECTL.md fact 2).
#[tokio::test]
async fn strategic_merge_patch_of_a_configmap() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("c1")).await;
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/c1"),
            STRATEGIC_MERGE_PATCH,
            &json!({"data": {"extra": "1"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"], json!({"k": "v", "extra": "1"}));
}

#[tokio::test]
async fn scale_subresource_get() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let mut status = w.clone();
    status["status"] = json!({"replicas": 1, "selector": "app=w1"});
    let r = api
        .put(&format!("{}/status", widget_uri("w1")), &status)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let r = api.get(&format!("{}/scale", widget_uri("w1"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Scale");
    assert_eq!(r.body["apiVersion"], "autoscaling/v1");
    assert_eq!(r.body["metadata"]["name"], "w1");
    assert_eq!(r.body["metadata"]["namespace"], "default");
    assert_eq!(r.body["metadata"]["uid"], w["metadata"]["uid"]);
    assert!(r.body["metadata"]["resourceVersion"].is_string());
    assert_eq!(r.body["spec"], json!({"replicas": 2}));
    assert_eq!(
        r.body["status"],
        json!({"replicas": 1, "selector": "app=w1"})
    );
}

#[tokio::test]
async fn scale_subresource_patch() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(
            &format!("{}/scale", widget_uri("w1")),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 3}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Scale");
    assert_eq!(r.body["spec"]["replicas"], 3);
    let w = api.get(&widget_uri("w1")).await.body;
    assert_eq!(w["spec"]["replicas"], 3);
    assert_eq!(w["metadata"]["generation"], 2);
}

// ---------------------------------------------------------------------------
// fieldValidation
// ---------------------------------------------------------------------------

fn widget_with_unknown_field(name: &str) -> Value {
    let mut w = widget(name);
    w["spec"]["foo"] = json!("bar");
    w
}

#[tokio::test]
async fn strict_field_validation_rejects_unknown_fields() {
    let api = Api::start();
    let r = api
        .post(
            &format!("{WIDGETS}?fieldValidation=Strict"),
            &widget_with_unknown_field("w1"),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.foo\"",
               "reason": "BadRequest", "code": 400})
    );
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn warn_is_the_default_field_validation() {
    let api = Api::start();
    let r = api.post(WIDGETS, &widget_with_unknown_field("w1")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let warnings: Vec<&str> = r
        .headers
        .get_all("warning")
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect();
    assert_eq!(warnings, [r#"299 - "unknown field \"spec.foo\"""#]);
    assert!(r.body["spec"].get("foo").is_none(), "{}", r.text);

    let r = api
        .post(
            &format!("{WIDGETS}?fieldValidation=Warn"),
            &widget_with_unknown_field("w2"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert_eq!(
        r.header("warning"),
        Some(r#"299 - "unknown field \"spec.foo\"""#)
    );
}

#[tokio::test]
async fn ignore_field_validation_sends_no_warning() {
    let api = Api::start();
    let r = api
        .post(
            &format!("{WIDGETS}?fieldValidation=Ignore"),
            &widget_with_unknown_field("w1"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.headers.get("warning").is_none());
    assert!(r.body["spec"].get("foo").is_none());
}

#[tokio::test]
async fn an_unknown_field_validation_directive_is_rejected() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?fieldValidation=Foo"), &widget("w1"))
        .await;
    assert!(r.status.is_client_error(), "{}", r.text);
    assert_eq!(r.body["status"], "Failure");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .contains("fieldValidation: Unsupported value: \"Foo\""),
        "{}",
        r.text
    );
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream: `ValidateCreateOptions` → `ValidateFieldValidation`
/// (k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go, supported values
/// `sets.NewString("", Ignore, Warn, Strict).List()`), wrapped by
/// `errors.NewInvalid(schema.GroupKind{Group: "meta.k8s.io", Kind: "CreateOptions"}, "", errs)`
/// in createHandler (k8s.io/apiserver/pkg/endpoints/handlers/create.go).
#[tokio::test]
async fn an_unknown_field_validation_directive_is_422_create_options_invalid() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?fieldValidation=Foo"), &widget("w1"))
        .await;
    let cause = r#"Unsupported value: "Foo": supported values: "", "Ignore", "Strict", "Warn""#;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("CreateOptions.meta.k8s.io \"\" is invalid: fieldValidation: {cause}"),
               "reason": "Invalid",
               "details": {"group": "meta.k8s.io", "kind": "CreateOptions",
                           "causes": [{"reason": "FieldValueNotSupported", "message": cause, "field": "fieldValidation"}]},
               "code": 422})
    );
}

// ---------------------------------------------------------------------------
// dryRun
// ---------------------------------------------------------------------------

#[tokio::test]
async fn dry_run_create_stores_nothing() {
    let api = Api::start();
    let before = api.get(WIDGETS).await.body["metadata"]["resourceVersion"].clone();
    let r = api
        .post(&format!("{WIDGETS}?dryRun=All"), &widget("w1"))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(name(&r.body), "w1");
    assert!(r.body["metadata"]["uid"].is_string());
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
    let list = api.get(WIDGETS).await.body;
    assert_eq!(list["items"], json!([]));
    assert_eq!(list["metadata"]["resourceVersion"], before);
}

#[tokio::test]
async fn dry_run_update_stores_nothing() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let mut changed = w.clone();
    changed["spec"]["replicas"] = json!(8);
    let r = api
        .put(&format!("{}?dryRun=All", widget_uri("w1")), &changed)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 8);
    let stored = api.get(&widget_uri("w1")).await.body;
    assert_eq!(stored, w);
}

#[tokio::test]
async fn dry_run_delete_stores_nothing() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let r = api
        .delete(&format!("{}?dryRun=All", widget_uri("w1")))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&widget_uri("w1")).await.body, w);
}

#[tokio::test]
async fn an_unknown_dry_run_value_is_rejected() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?dryRun=Foo"), &widget("w1"))
        .await;
    assert!(r.status.is_client_error(), "{}", r.text);
    assert_eq!(r.body["status"], "Failure");
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream: `ValidateDryRun` (k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go:
/// `field.NotSupported(fldPath, dryRun, allowedDryRunValues.List())`, the `[]string` value
/// printed with `%#v` by `field.Error.ErrorBody`), wrapped as an Invalid `CreateOptions.meta.k8s.io`.
#[tokio::test]
async fn an_unknown_dry_run_value_is_422_create_options_invalid() {
    let api = Api::start();
    let r = api
        .post(&format!("{WIDGETS}?dryRun=Foo"), &widget("w1"))
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        r#"CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Foo"}: supported values: "All""#
    );
    assert_eq!(
        r.body["details"],
        json!({"group": "meta.k8s.io", "kind": "CreateOptions",
               "causes": [{"reason": "FieldValueNotSupported",
                           "message": r#"Unsupported value: []string{"Foo"}: supported values: "All""#,
                           "field": "dryRun"}]})
    );
}

// ---------------------------------------------------------------------------
// Delete
// ---------------------------------------------------------------------------

#[tokio::test]
async fn delete_is_200_and_removes_the_object() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"propagationPolicy": "Background"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
    api.delete(&widget_uri("w1"))
        .await
        .assert_failure(404, "NotFound");
}

/// Upstream: `Store.finalizeDelete` (k8s.io/apiserver/pkg/registry/generic/registry/store.go)
/// returns `metav1.Status{Status: Success, Details: {Name, Group, Kind: resource, UID}}`
/// unless the store sets `ReturnDeletedObject`, which the custom resource store
/// (k8s.io/apiextensions-apiserver/pkg/registry/customresource/etcd.go) does not.
#[tokio::test]
async fn delete_answers_a_success_status() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let r = api.delete(&widget_uri("w1")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets", "uid": w["metadata"]["uid"]}})
    );
}

#[tokio::test]
async fn delete_with_a_wrong_uid_precondition_is_409() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"uid": "wrong"}}),
        )
        .await;
    r.assert_failure(409, "Conflict");
    assert_eq!(api.get(&widget_uri("w1")).await.status, StatusCode::OK);
}

/// Upstream: `rest.BeforeDelete` (k8s.io/apiserver/pkg/registry/rest/delete.go):
/// `errors.NewConflict(schema.GroupResource{Group: gvk.Group, Resource: gvk.Kind}, name,
/// fmt.Errorf("the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", ...))`.
#[tokio::test]
async fn the_uid_precondition_conflict_is_upstreams() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let uid = w["metadata"]["uid"].as_str().unwrap();
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"uid": "wrong"}}),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("Operation cannot be fulfilled on Widget.example.dev \"w1\": the UID in the precondition (wrong) does not match the UID in record ({uid}). The object might have been deleted and then recreated"),
               "reason": "Conflict",
               "details": {"name": "w1", "group": "example.dev", "kind": "Widget"}, "code": 409})
    );
}

async fn create_held_widget(api: &Api) -> Value {
    let mut w = widget("w1");
    w["metadata"]["finalizers"] = json!(["example.dev/hold"]);
    api.create(WIDGETS, &w).await
}

#[tokio::test]
async fn delete_with_finalizers_waits_for_the_last_finalizer() {
    let api = Api::start();
    create_held_widget(&api).await;
    let r = api.delete(&widget_uri("w1")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(
        r.body["metadata"]["deletionTimestamp"].is_string(),
        "{}",
        r.text
    );
    assert_eq!(r.body["metadata"]["deletionGracePeriodSeconds"], 0);

    let held = api.get(&widget_uri("w1")).await;
    assert_eq!(held.status, StatusCode::OK);
    assert!(held.body["metadata"]["deletionTimestamp"].is_string());
    assert_eq!(
        held.body["metadata"]["finalizers"],
        json!(["example.dev/hold"])
    );

    let mut released = held.body.clone();
    released["metadata"]["finalizers"] = json!([]);
    let r = api.put(&widget_uri("w1"), &released).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream: `markAsDeleting` (k8s.io/apiserver/pkg/registry/generic/registry/store.go)
/// bumps `metadata.generation` when it first sets `deletionTimestamp` on an object that
/// has finalizers ("This handles Generation bump for resources that don't support graceful deletion").
#[tokio::test]
async fn delete_with_finalizers_bumps_generation() {
    let api = Api::start();
    create_held_widget(&api).await;
    let r = api.delete(&widget_uri("w1")).await;
    assert_eq!(r.body["metadata"]["generation"], 2, "{}", r.text);
    assert_eq!(
        api.get(&widget_uri("w1")).await.body["metadata"]["generation"],
        2
    );
}

#[tokio::test]
async fn delete_collection_with_a_label_selector() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("a1", "a")).await;
    api.create(WIDGETS, &labeled_widget("a2", "a")).await;
    api.create(WIDGETS, &labeled_widget("b1", "b")).await;
    let r = api
        .delete(&format!("{WIDGETS}?labelSelector=app%3Da"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "WidgetList");
    assert_eq!(names(&r.body), ["a1", "a2"]);
    assert_eq!(names(&api.get(WIDGETS).await.body), ["b1"]);
}

// ---------------------------------------------------------------------------
// Namespaces
// ---------------------------------------------------------------------------

/// Creates namespace `ns` holding a widget and a configmap, then deletes it.
/// Returns the answer to the delete.
async fn delete_populated_namespace(api: &Api, ns: &str) -> Reply {
    api.create(NAMESPACES, &namespace(ns)).await;
    api.create(
        &format!("/apis/example.dev/v1/namespaces/{ns}/widgets"),
        &widget("w1"),
    )
    .await;
    api.create(
        &format!("/api/v1/namespaces/{ns}/configmaps"),
        &configmap("c1"),
    )
    .await;
    api.delete(&format!("{NAMESPACES}/{ns}")).await
}

#[tokio::test]
async fn deleting_a_namespace_terminates_it_and_its_contents() {
    let api = Api::start();
    let r = delete_populated_namespace(&api, "doomed").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Namespace");
    assert_eq!(r.body["status"]["phase"], "Terminating");
    assert!(r.body["metadata"]["deletionTimestamp"].is_string());

    // Right after the delete, before the namespace controller has run.
    let late = api
        .post(
            "/apis/example.dev/v1/namespaces/doomed/widgets",
            &widget("late"),
        )
        .await;
    late.assert_failure(403, "Forbidden");
    assert_eq!(
        late.body["message"],
        "widgets.example.dev \"late\" is forbidden: unable to create new content in namespace doomed because it is being terminated"
    );
    assert_eq!(late.body["details"]["name"], "late");
    assert_eq!(late.body["details"]["kind"], "widgets");

    eventually("the namespace to be emptied and removed", async || {
        api.get(&format!("{NAMESPACES}/doomed")).await.status == StatusCode::NOT_FOUND
    })
    .await;
    assert_eq!(
        api.get("/apis/example.dev/v1/namespaces/doomed/widgets/w1")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        api.get("/api/v1/namespaces/doomed/configmaps/c1")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        api.get("/apis/example.dev/v1/widgets").await.body["items"],
        json!([])
    );
}

/// Upstream: NamespaceLifecycle admission
/// (k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go) appends
/// `StatusCause{Type: v1.NamespaceTerminatingCause, Message: "namespace %s is being terminated", Field: "metadata.namespace"}`.
#[tokio::test]
async fn creating_in_a_terminating_namespace_has_the_namespace_terminating_cause() {
    let api = Api::start();
    delete_populated_namespace(&api, "doomed").await;
    let r = api
        .post(
            "/apis/example.dev/v1/namespaces/doomed/widgets",
            &widget("late"),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "widgets.example.dev \"late\" is forbidden: unable to create new content in namespace doomed because it is being terminated",
               "reason": "Forbidden",
               "details": {"name": "late", "group": "example.dev", "kind": "widgets",
                           "causes": [{"reason": "NamespaceTerminating", "message": "namespace doomed is being terminated", "field": "metadata.namespace"}]},
               "code": 403})
    );
}

/// Upstream: NamespaceLifecycle admission refuses to delete its immortal namespaces:
/// `errors.NewForbidden(a.GetResource().GroupResource(), a.GetName(), fmt.Errorf("this namespace may not be deleted"))`.
#[tokio::test]
async fn system_namespaces_cannot_be_deleted() {
    let api = Api::start();
    for ns in ["default", "kube-system"] {
        let r = api.delete(&format!("{NAMESPACES}/{ns}")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
        assert_eq!(
            r.body,
            json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                   "message": format!("namespaces \"{ns}\" is forbidden: this namespace may not be deleted"),
                   "reason": "Forbidden",
                   "details": {"name": ns, "kind": "namespaces"}, "code": 403})
        );
        let still = api.get(&format!("{NAMESPACES}/{ns}")).await;
        assert_eq!(still.body["status"]["phase"], "Active");
    }
}

// ---------------------------------------------------------------------------
// Request limits, methods and paths
// ---------------------------------------------------------------------------

/// Upstream: `limitedReadBody` (k8s.io/apiserver/pkg/endpoints/handlers/rest.go) with the
/// 3 MiB `MaxRequestBodyBytes`: `errors.NewRequestEntityTooLargeError(fmt.Sprintf("limit is %d", limit))`.
#[tokio::test]
async fn a_body_over_3_mib_is_413() {
    let api = Api::start();
    let mut w = widget("big");
    w["metadata"]["annotations"] = json!({"blob": "x".repeat(3 * 1024 * 1024)});
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Request entity too large: limit is 3145728",
               "reason": "RequestEntityTooLarge", "code": 413})
    );
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn post_to_a_named_object_is_405() {
    let api = Api::start();
    let r = api
        .post(&format!("{CONFIGMAPS}/c1"), &configmap("c1"))
        .await;
    r.assert_failure(405, "MethodNotAllowed");
}

#[tokio::test]
async fn an_unknown_resource_path_is_404_status() {
    let api = Api::start();
    for uri in [
        "/api/v1/namespaces/default/nothings",
        "/apis/example.dev/v1/nothings",
        "/apis/nowhere.dev/v1/things",
    ] {
        let r = api.get(uri).await;
        r.assert_failure(404, "NotFound");
        assert_eq!(
            r.body["message"], "the server could not find the requested resource",
            "{uri}"
        );
    }
}

// ---------------------------------------------------------------------------
// Watch
// ---------------------------------------------------------------------------

#[tokio::test]
async fn watch_streams_existing_objects_then_changes() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let (status, headers, mut events) = api.watch(&format!("{WIDGETS}?watch=true")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        headers.get(header::CONTENT_TYPE).unwrap(),
        "application/json"
    );
    let first = events.next().await.expect("ADDED");
    assert_eq!(first["type"], "ADDED");
    assert_eq!(first["object"]["kind"], "Widget");
    assert_eq!(name(&first["object"]), "w1");

    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 5}}),
    )
    .await;
    let modified = events.next().await.expect("MODIFIED");
    assert_eq!(modified["type"], "MODIFIED");
    assert_eq!(modified["object"]["spec"]["replicas"], 5);

    create_widget(&api, "w2").await;
    assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));

    api.delete(&widget_uri("w1")).await;
    let deleted = events.next().await.expect("DELETED");
    assert_eq!(deleted["type"], "DELETED");
    assert_eq!(name(&deleted["object"]), "w1");
}

#[tokio::test]
async fn watch_from_a_resource_version_replays_later_events() {
    let api = Api::start();
    let w1 = create_widget(&api, "w1").await;
    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 3}}),
    )
    .await;
    create_widget(&api, "w2").await;
    let (_, _, mut events) = api
        .watch(&format!("{WIDGETS}?watch=true&resourceVersion={}", rv(&w1)))
        .await;
    let modified = events.next().await.expect("MODIFIED");
    assert_eq!(modified["type"], "MODIFIED");
    assert_eq!(modified["object"]["spec"]["replicas"], 3);
    assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));
}

/// A watch narrowed to one name, by field selector or, as upstream's
/// ListResource makes it, by a watch on the object's own path.
#[tokio::test]
async fn watch_with_a_name_field_selector() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    create_widget(&api, "w2").await;
    for (replicas, uri) in [
        (
            3,
            format!("{WIDGETS}?watch=true&fieldSelector=metadata.name%3Dw2"),
        ),
        (5, format!("{}?watch=true", widget_uri("w2"))),
    ] {
        let (status, _, mut events) = api.watch(&uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));
        // w1 changes first; only w2's change may arrive.
        for name in ["w1", "w2"] {
            api.patch(
                &widget_uri(name),
                MERGE_PATCH,
                &json!({"spec": {"replicas": replicas}}),
            )
            .await;
        }
        assert_eq!(
            events.next_event().await,
            ("MODIFIED".into(), "w2".into()),
            "{uri}"
        );
    }

    // On an object's path, a field selector may only name that object.
    let same = api
        .get(&format!(
            "{}?watch=true&timeoutSeconds=1&fieldSelector=metadata.name%3Dw2",
            widget_uri("w2")
        ))
        .await;
    assert_eq!(same.status, StatusCode::OK, "{}", same.text);
    let other = api
        .get(&format!(
            "{}?watch=true&fieldSelector=metadata.name%3Dw1",
            widget_uri("w2")
        ))
        .await;
    assert_eq!(other.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        other.body["message"],
        "fieldSelector metadata.name doesn't match requested name"
    );
}

/// `kubectl get -w`: each event's object is a one-row Table; the column
/// definitions come with the first only (upstream sets
/// `TableOptions.NoHeaders` after it), later ones carry null.
#[tokio::test]
async fn a_table_watch_sends_column_definitions_once() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let (status, _, mut events) = api.watch_as(&format!("{WIDGETS}?watch=true"), TABLE).await;
    assert_eq!(status, StatusCode::OK);
    let first = events.next().await.expect("ADDED");
    assert_eq!(first["type"], "ADDED");
    assert_eq!(first["object"]["kind"], "Table");
    assert_eq!(first["object"]["apiVersion"], "meta.k8s.io/v1");
    assert_eq!(first["object"]["columnDefinitions"][0]["name"], "Name");
    assert_eq!(first["object"]["rows"][0]["cells"][0], "w1");
    assert_eq!(
        first["object"]["rows"][0]["object"]["kind"],
        "PartialObjectMetadata"
    );
    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 7}}),
    )
    .await;
    let second = events.next().await.expect("MODIFIED");
    assert_eq!(second["type"], "MODIFIED");
    assert_eq!(second["object"]["kind"], "Table");
    assert!(second["object"]["columnDefinitions"].is_null(), "{second}");
    assert_eq!(second["object"]["rows"][0]["cells"][1], 7, "{second}");
}

#[tokio::test]
async fn watch_ends_after_timeout_seconds() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let started = Instant::now();
    let (_, _, mut events) = api
        .watch(&format!("{WIDGETS}?watch=true&timeoutSeconds=1"))
        .await;
    assert_eq!(events.next_event().await, ("ADDED".into(), "w1".into()));
    assert!(events.next().await.is_none(), "stream must end");
    assert!(started.elapsed() >= Duration::from_millis(900));
}

// ---------------------------------------------------------------------------
// Metrics and health
// ---------------------------------------------------------------------------

/// The value of the `apiserver_request_total` sample carrying all `labels`.
fn request_total(metrics: &str, labels: &[&str]) -> Option<u64> {
    metrics
        .lines()
        .filter(|l| l.starts_with("apiserver_request_total{"))
        .find(|l| labels.iter().all(|label| l.contains(label)))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test]
async fn metrics_count_requests() {
    let api = Api::start();
    api.get(CONFIGMAPS).await;
    api.get(CONFIGMAPS).await;
    api.get(&widget_uri("nope")).await;
    let r = api.get("/metrics").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.header("content-type").unwrap().starts_with("text/plain"));
    assert!(r.text.contains("# TYPE apiserver_request_total counter\n"));
    assert_eq!(
        request_total(
            &r.text,
            &[
                r#"verb="LIST""#,
                r#"group="""#,
                r#"version="v1""#,
                r#"resource="configmaps""#,
                r#"code="200""#
            ]
        ),
        Some(2),
        "{}",
        r.text
    );
    assert_eq!(
        request_total(
            &r.text,
            &[
                r#"verb="GET""#,
                r#"group="example.dev""#,
                r#"version="v1""#,
                r#"resource="widgets""#,
                r#"code="404""#
            ]
        ),
        Some(1),
        "{}",
        r.text
    );
}

/// Upstream: `requestCounter` (k8s.io/apiserver/pkg/endpoints/metrics/metrics.go) has the
/// labels `verb, dry_run, group, version, resource, subresource, scope, component, code`.
#[tokio::test]
async fn metrics_carry_upstreams_labels() {
    let api = Api::start();
    api.get(CONFIGMAPS).await;
    let r = api.get("/metrics").await;
    assert_eq!(
        request_total(
            &r.text,
            &[
                r#"verb="LIST""#,
                r#"dry_run="""#,
                r#"resource="configmaps""#,
                r#"scope="namespace""#,
                r#"component="apiserver""#,
                r#"code="200""#
            ]
        ),
        Some(1),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn health_endpoints_are_ok() {
    let api = Api::start();
    for path in ["/healthz", "/livez", "/readyz"] {
        let r = api.get(path).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        assert_eq!(r.text, "ok", "{path}");
    }
}

/// Defaults apply where kube-apiserver applies them, which includes reading
/// from storage: an object stored before its kind had a default (here a
/// Deployment written to the store without `revisionHistoryLimit` and
/// `progressDeadlineSeconds`) reads back with the default by GET, LIST and
/// WATCH, as the etcd codec defaults what it decodes.
#[tokio::test]
async fn defaults_apply_to_objects_read_from_storage() {
    use server::storage::{RangeRequest, Store};
    let store = std::sync::Arc::new(server::storage::MemoryStore::new());
    let api = Api::start_with(store.clone());
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let created = api
        .post(
            DEPLOYMENTS,
            &json!({"apiVersion": "apps/v1", "kind": "Deployment",
                "metadata": {"name": "old"},
                "spec": {"selector": {"matchLabels": {"app": "old"}},
                    "template": {"metadata": {"labels": {"app": "old"}},
                        "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    // Rewrite the stored bytes as an older server would have left them.
    let kvs = store
        .range(RangeRequest {
            prefix: "",
            ..Default::default()
        })
        .unwrap()
        .kvs;
    let kv = kvs
        .iter()
        .find(|kv| kv.key.contains("deployments") && kv.key.ends_with("/old"))
        .expect("the stored deployment");
    let mut stored: Value = serde_json::from_slice(&kv.value).unwrap();
    let spec = stored["spec"].as_object_mut().unwrap();
    spec.remove("revisionHistoryLimit")
        .expect("stored defaulted");
    spec.remove("progressDeadlineSeconds")
        .expect("stored defaulted");
    store
        .update(
            &kv.key,
            serde_json::to_vec(&stored).unwrap(),
            kv.mod_revision,
        )
        .unwrap();

    let got = api.get(&format!("{DEPLOYMENTS}/old")).await;
    assert_eq!(got.body["spec"]["revisionHistoryLimit"], 10, "{}", got.text);
    assert_eq!(got.body["spec"]["progressDeadlineSeconds"], 600);
    let list = api.get(DEPLOYMENTS).await;
    assert_eq!(list.body["items"][0]["spec"]["revisionHistoryLimit"], 10);
    let (_, _, mut events) = api
        .watch(&format!("{DEPLOYMENTS}?watch=true&resourceVersion=0"))
        .await;
    let added = events.next().await.expect("an ADDED event");
    assert_eq!(added["type"], "ADDED");
    assert_eq!(added["object"]["spec"]["progressDeadlineSeconds"], 600);
}

// ---------------------------------------------------------------- OpenAPI

/// `/openapi/v3`: the index lists each group/version document by hash; a
/// document fetched by hash is `public, immutable`; each carries an ETag and
/// answers 304 to it (KUBECTL.md section E).
#[tokio::test]
async fn openapi_v3_index_documents_etags_and_caching() {
    let api = Api::start();
    let index = api.get("/openapi/v3").await;
    assert_eq!(index.status, StatusCode::OK);
    let url = index.body["paths"]["apis/apps/v1"]["serverRelativeURL"]
        .as_str()
        .expect("apps/v1 is listed")
        .to_string();
    assert!(url.starts_with("/openapi/v3/apis/apps/v1?hash="), "{url}");
    assert!(index.body["paths"]["api/v1"].is_object());
    let doc = api.get(&url).await;
    assert_eq!(doc.status, StatusCode::OK);
    assert_eq!(doc.header("content-type"), Some("application/json"));
    assert_eq!(doc.header("cache-control"), Some("public, immutable"));
    assert!(
        doc.body["components"]["schemas"]["io.k8s.api.apps.v1.Deployment"].is_object(),
        "{}",
        &doc.text[..200.min(doc.text.len())]
    );
    let etag = doc.header("etag").expect("an ETag").to_string();
    let again = api
        .send(
            Method::GET,
            &url,
            &[("if-none-match", etag.as_str())],
            Body::empty(),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let plain = api.get("/openapi/v3/apis/apps/v1").await;
    assert_eq!(plain.header("cache-control"), Some("no-cache, private"));
    api.get("/openapi/v3/apis/nothing/v1")
        .await
        .assert_failure(404, "NotFound");
}

/// `/openapi/v2` in protobuf, as kubectl asks for it: gnostic's
/// `openapi.v2.Document` carrying the same definitions and paths as the
/// JSON document, with its own ETag; an unknown media type is 406.
#[tokio::test]
async fn openapi_v2_is_served_as_json_and_protobuf() {
    use runtime::codec::openapi_v2;
    let api = Api::start();
    let json = api.get("/openapi/v2").await;
    assert_eq!(json.status, StatusCode::OK);
    assert_eq!(json.header("content-type"), Some("application/json"));
    let response = api
        .call(
            Method::GET,
            "/openapi/v2",
            &[("accept", openapi_v2::MEDIA_TYPE_REQUESTED)],
            Body::empty(),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/com.github.proto-openapi.spec.v2.v1.0+protobuf"
    );
    let etag = response.headers()["etag"].to_str().unwrap().to_string();
    assert_ne!(Some(etag.as_str()), json.header("etag"));
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let doc = openapi_v2::decode(&bytes).expect("an openapi.v2.Document");
    assert_eq!(doc.swagger, "2.0");
    let definitions = doc.definitions.unwrap().additional_properties;
    let json_definitions = json.body["definitions"].as_object().unwrap();
    assert_eq!(definitions.len(), json_definitions.len());
    assert!(
        definitions
            .iter()
            .zip(json_definitions.keys())
            .all(|(d, k)| &d.name == k)
    );
    let deployment = definitions
        .iter()
        .find(|d| d.name == "io.k8s.api.apps.v1.Deployment")
        .and_then(|d| d.value.as_ref())
        .unwrap();
    let gvk = deployment
        .vendor_extension
        .iter()
        .find(|e| e.name == "x-kubernetes-group-version-kind")
        .and_then(|e| e.value.as_ref())
        .unwrap();
    let gvk: Value =
        serde_json::from_slice(&runtime::codec::yaml::yaml_to_json(gvk.yaml.as_bytes()).unwrap())
            .unwrap();
    assert_eq!(
        gvk,
        json!([{"group": "apps", "kind": "Deployment", "version": "v1"}])
    );
    assert_eq!(
        doc.paths.unwrap().path.len(),
        json.body["paths"].as_object().unwrap().len()
    );
    let cached = api
        .send(
            Method::GET,
            "/openapi/v2",
            &[
                ("accept", openapi_v2::MEDIA_TYPE),
                ("if-none-match", etag.as_str()),
            ],
            Body::empty(),
        )
        .await;
    assert_eq!(cached.status, StatusCode::NOT_MODIFIED);
    api.get_as("/openapi/v2", "application/yaml")
        .await
        .assert_failure(406, "NotAcceptable");
}

/// Names follow each kind's rule, as upstream's `ValidateObjectMeta` name
/// functions: a Service name is a DNS-1035 label, a Namespace name a
/// DNS-1123 label, a ConfigMap name a DNS-1123 subdomain.
#[tokio::test]
async fn each_kind_checks_names_by_its_rule() {
    let api = Api::start();
    let r = api
        .post(
            "/api/v1/namespaces/default/services",
            &json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "1web"},
                    "spec": {"ports": [{"port": 80}]}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"1web\" is invalid: metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
    );
    let r = api
        .post(
            NAMESPACES,
            &json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "a.b"}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .contains("a lowercase RFC 1123 label must consist of"),
        "{}",
        r.text
    );
    let r = api
        .post(
            CONFIGMAPS,
            &json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a.b"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
}

/// A Deployment's `/scale` carries its selector in the string form
/// (`metav1.FormatLabelSelector`), as the autoscaler reads it.
#[tokio::test]
async fn deployment_scale_reports_its_selector() {
    let api = Api::start();
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let created = api
        .post(
            DEPLOYMENTS,
            &json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
                "spec": {"replicas": 2,
                    "selector": {"matchLabels": {"app": "web"},
                        "matchExpressions": [{"key": "tier", "operator": "In", "values": ["front", "edge"]}]},
                    "template": {"metadata": {"labels": {"app": "web", "tier": "front"}},
                        "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let scale = api.get(&format!("{DEPLOYMENTS}/web/scale")).await;
    assert_eq!(scale.status, StatusCode::OK, "{}", scale.text);
    assert_eq!(scale.body["kind"], "Scale");
    assert_eq!(scale.body["spec"]["replicas"], 2);
    assert_eq!(
        scale.body["status"]["selector"],
        "app=web,tier in (edge,front)"
    );
}

/// Upstream's Deployment strategy bumps `generation` for annotation
/// changes too (they are copied to the ReplicaSets); labels do not.
#[tokio::test]
async fn deployment_generation_follows_annotations_not_labels() {
    let api = Api::start();
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let created = api
        .post(
            DEPLOYMENTS,
            &json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
                "spec": {"selector": {"matchLabels": {"app": "web"}},
                    "template": {"metadata": {"labels": {"app": "web"}},
                        "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.body["metadata"]["generation"], 1);
    let web = format!("{DEPLOYMENTS}/web");
    for (patch, generation) in [
        (json!({"metadata": {"labels": {"team": "a"}}}), 1),
        (json!({"metadata": {"annotations": {"note": "x"}}}), 2),
        (json!({"metadata": {"annotations": {"note": "x"}}}), 2),
        (json!({"metadata": {"annotations": {"note": null}}}), 3),
        (json!({"spec": {"replicas": 3}}), 4),
    ] {
        let r = api.patch(&web, MERGE_PATCH, &patch).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(
            r.body["metadata"]["generation"], generation,
            "after {patch}"
        );
    }
}

// ---------------------------------------------------------------------------
// resource.Quantity
// ---------------------------------------------------------------------------

fn pod_with_resources(name: &str, limits: Value, requests: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
           "spec": {"containers": [{"name": "app", "image": "nginx",
                                    "resources": {"limits": limits, "requests": requests}}]}})
}

#[tokio::test]
async fn quantities_are_stored_in_upstreams_canonical_form() {
    let api = Api::start();
    let pods = "/api/v1/namespaces/default/pods";
    let r = api
        .post(
            pods,
            &pod_with_resources(
                "p1",
                json!({"cpu": "0.5", "memory": "1.5Gi", "ephemeral-storage": "1000Mi"}),
                json!({"cpu": 0.25, "memory": "1024Mi", "example.com/dongle": "+3"}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let resources = &r.body["spec"]["containers"][0]["resources"];
    assert_eq!(
        resources,
        &json!({"limits": {"cpu": "500m", "memory": "1536Mi", "ephemeral-storage": "1000Mi"},
                // A limit without a request defaults the request
                // (SetDefaults_Pod).
                "requests": {"cpu": "250m", "memory": "1Gi", "example.com/dongle": "+3",
                             "ephemeral-storage": "1000Mi"}})
    );
    let r = api.get(&format!("{pods}/p1")).await;
    assert_eq!(&r.body["spec"]["containers"][0]["resources"], resources);
}

#[tokio::test]
async fn a_malformed_quantity_is_400_with_upstreams_message() {
    let api = Api::start();
    let r = api
        .post(
            "/api/v1/namespaces/default/pods",
            &pod_with_resources("p1", json!({"cpu": "1K"}), json!({"memory": "lots"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(r.body["reason"], "BadRequest");
    let message = r.body["message"].as_str().unwrap();
    assert_eq!(
        message,
        "Pod in version \"v1\" cannot be handled as a Pod: unable to parse quantity's suffix"
    );
    let r = api
        .post(
            "/api/v1/namespaces/default/pods",
            &pod_with_resources("p1", json!({}), json!({"memory": "lots"})),
        )
        .await;
    assert_eq!(
        r.body["message"],
        "Pod in version \"v1\" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    );
}

#[tokio::test]
async fn built_in_kinds_print_upstreams_computed_columns() {
    let api = Api::start();
    let pods = "/api/v1/namespaces/default/pods";
    let created = api
        .post(
            pods,
            &json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p1"},
                    "spec": {"containers": [{"name": "a", "image": "nginx"}, {"name": "b", "image": "redis"}]}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let mut status = created.body.clone();
    status["status"] = json!({"phase": "Running", "podIPs": [{"ip": "10.1.2.3"}],
        "containerStatuses": [
            {"name": "a", "ready": true, "restartCount": 0, "image": "nginx", "imageID": "", "state": {"running": {}}},
            {"name": "b", "ready": false, "restartCount": 4, "image": "redis", "imageID": "",
             "state": {"waiting": {"reason": "CrashLoopBackOff"}}}]});
    let r = api.put(&format!("{pods}/p1/status"), &status).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let table = api.get_as(pods, TABLE).await;
    let columns: Vec<(&str, i64)> = table.body["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["priority"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        columns,
        [
            ("Name", 0),
            ("Ready", 0),
            ("Status", 0),
            ("Restarts", 0),
            ("Age", 0),
            ("IP", 1),
            ("Node", 1),
            ("Nominated Node", 1),
            ("Readiness Gates", 1)
        ]
    );
    let cells = table.body["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(
        [&cells[..4], &cells[5..]].concat(),
        [
            json!("p1"),
            json!("1/2"),
            json!("CrashLoopBackOff"),
            json!("4"),
            json!("10.1.2.3"),
            json!("<none>"),
            json!("<none>"),
            json!("<none>")
        ]
    );
}

// ---------------------------------------------------------------------------
// Create-on-update, graceful deletion, propagation policies, preconditions
// ---------------------------------------------------------------------------

const LEASES: &str = "/apis/coordination.k8s.io/v1/namespaces/default/leases";
const PODS: &str = "/api/v1/namespaces/default/pods";

/// Upstream: the Lease strategy's `AllowCreateOnUpdate()` is true, so a PUT
/// of a missing Lease creates it (201, what leader election relies on);
/// ConfigMap's is false, so the same PUT is 404.
#[tokio::test]
async fn update_creates_a_missing_lease_but_not_a_configmap() {
    let api = Api::start();
    let lease = json!({"apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
                       "metadata": {"name": "leader", "resourceVersion": "12345"},
                       "spec": {"holderIdentity": "a"}});
    let r = api.put(&format!("{LEASES}/leader"), &lease).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["spec"]["holderIdentity"], "a");
    assert!(r.body["metadata"]["uid"].is_string(), "{}", r.text);
    assert_ne!(r.body["metadata"]["resourceVersion"], "12345");
    let mut renewed = r.body.clone();
    renewed["spec"]["holderIdentity"] = json!("b");
    let r = api.put(&format!("{LEASES}/leader"), &renewed).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["holderIdentity"], "b");

    let r = api
        .put(&format!("{CONFIGMAPS}/missing"), &configmap("missing"))
        .await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], "configmaps \"missing\" not found");
    let r = api
        .put(
            "/apis/coordination.k8s.io/v1/namespaces/nowhere/leases/leader",
            &json!({"metadata": {"name": "leader"}}),
        )
        .await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], "namespaces \"nowhere\" not found");
}

fn pod(name: &str, node: Option<&str>) -> Value {
    let mut p = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
                       "spec": {"containers": [{"name": "app", "image": "nginx"}],
                                "terminationGracePeriodSeconds": 30}});
    if let Some(node) = node {
        p["spec"]["nodeName"] = json!(node);
    }
    p
}

/// Upstream: the pod strategy's `CheckGracefulDelete` gives an unscheduled
/// pod no grace period, and the pod store returns the deleted object
/// (`ReturnDeletedObject: true`), not a Status.
#[tokio::test]
async fn an_unscheduled_pod_is_deleted_at_once_and_returned() {
    let api = Api::start();
    let created = api.create(PODS, &pod("p1", None)).await;
    let r = api.delete(&format!("{PODS}/p1")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Pod", "{}", r.text);
    assert_eq!(r.body["metadata"]["uid"], created["metadata"]["uid"]);
    assert_eq!(
        api.get(&format!("{PODS}/p1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// A scheduled pod waits out its grace period (for the kubelet, which
/// this server does not run): `deletionTimestamp` is now plus
/// `terminationGracePeriodSeconds`; `gracePeriodSeconds` may only shorten
/// it, and 0 deletes it.
#[tokio::test]
async fn a_scheduled_pod_is_deleted_gracefully() {
    let api = Api::start();
    api.create(PODS, &pod("p1", Some("node-1"))).await;
    let uri = format!("{PODS}/p1");
    let r = api.delete(&uri).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["metadata"]["deletionGracePeriodSeconds"], 30,
        "{}",
        r.text
    );
    let stamp = r.body["metadata"]["deletionTimestamp"].as_str().unwrap();
    let stamp = chrono::DateTime::parse_from_rfc3339(stamp).unwrap();
    let ahead = stamp
        .signed_duration_since(chrono::Utc::now())
        .num_seconds();
    assert!(
        (25..=31).contains(&ahead),
        "deletionTimestamp {ahead}s ahead"
    );
    let stored = api.get(&uri).await;
    assert_eq!(stored.status, StatusCode::OK);
    assert_eq!(stored.body["metadata"]["deletionGracePeriodSeconds"], 30);

    // A longer period changes nothing; a shorter one moves the timestamp.
    let r = api
        .delete_with(&uri, &json!({"gracePeriodSeconds": 60}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        api.get(&uri).await.body["metadata"]["deletionGracePeriodSeconds"],
        30
    );
    let r = api
        .delete_with(&uri, &json!({"gracePeriodSeconds": 10}))
        .await;
    assert_eq!(
        r.body["metadata"]["deletionGracePeriodSeconds"], 10,
        "{}",
        r.text
    );

    let r = api
        .delete_with(&uri, &json!({"gracePeriodSeconds": 0}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&uri).await.status, StatusCode::NOT_FOUND);
}

/// Upstream: `deletionFinalizersForGarbageCollection` adds
/// `foregroundDeletion` (Foreground) or `orphan` (Orphan) and the object
/// stays, marked for deletion, until that finalizer is removed (by the
/// garbage collector, a controller this server does not run).
#[tokio::test]
async fn propagation_policies_add_the_garbage_collector_finalizers() {
    let api = Api::start();
    for (name, policy, finalizer) in [
        ("fg", "Foreground", "foregroundDeletion"),
        ("or", "Orphan", "orphan"),
    ] {
        api.create(CONFIGMAPS, &configmap(name)).await;
        let uri = format!("{CONFIGMAPS}/{name}");
        let r = api
            .delete_with(&uri, &json!({"propagationPolicy": policy}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.body["kind"], "ConfigMap", "{}", r.text);
        assert_eq!(r.body["metadata"]["finalizers"], json!([finalizer]));
        assert_eq!(r.body["metadata"]["deletionGracePeriodSeconds"], 0);
        assert!(r.body["metadata"]["deletionTimestamp"].is_string());
        assert_eq!(api.get(&uri).await.status, StatusCode::OK);

        let r = api
            .patch(
                &uri,
                MERGE_PATCH,
                &json!({"metadata": {"finalizers": null}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(
            api.get(&uri).await.status,
            StatusCode::NOT_FOUND,
            "{policy}"
        );
    }
    // Background (kubectl's default) removes the object at once.
    api.create(CONFIGMAPS, &configmap("bg")).await;
    let r = api
        .delete_with(
            &format!("{CONFIGMAPS}/bg"),
            &json!({"propagationPolicy": "Background"}),
        )
        .await;
    assert_eq!(r.body["kind"], "Status", "{}", r.text);
    assert_eq!(r.body["status"], "Success");
    assert_eq!(
        api.get(&format!("{CONFIGMAPS}/bg")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream (handlers/delete.go): a delete that leaves the object in
/// place answers 202 when the client asked `orphanDependents: false`.
#[tokio::test]
async fn a_held_delete_with_orphan_dependents_false_is_202() {
    let api = Api::start();
    create_held_widget(&api).await;
    let r = api
        .delete_with(&widget_uri("w1"), &json!({"orphanDependents": false}))
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    assert!(
        r.body["metadata"]["deletionTimestamp"].is_string(),
        "{}",
        r.text
    );
}

/// Upstream: `rest.BeforeDelete`'s resourceVersion precondition message.
#[tokio::test]
async fn a_stale_resource_version_precondition_is_409() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let stale = rv(&w);
    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 5}}),
    )
    .await;
    let current = rv(&api.get(&widget_uri("w1")).await.body);
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"resourceVersion": stale}}),
        )
        .await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        format!(
            "Operation cannot be fulfilled on Widget.example.dev \"w1\": the ResourceVersion in the precondition ({stale}) does not match the ResourceVersion in record ({current}). The object might have been modified"
        )
    );
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"resourceVersion": current}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

// ---------------------------------------------------------------------------
// Representations and field validation over HTTP
// ---------------------------------------------------------------------------

#[tokio::test]
async fn pretty_indents_the_json() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let plain = api.get(&widget_uri("w1")).await;
    assert!(!plain.text.contains('\n'), "{}", plain.text);
    let pretty = api.get(&format!("{}?pretty=true", widget_uri("w1"))).await;
    assert!(
        pretty
            .text
            .starts_with("{\n  \"kind\": \"Widget\",\n  \"apiVersion\""),
        "{}",
        pretty.text
    );
    assert_eq!(pretty.body, plain.body);
}

/// A client that asks only for `meta.k8s.io/v1beta1` Tables gets one.
#[tokio::test]
async fn a_v1beta1_table_is_served_when_only_it_is_accepted() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .get_as(WIDGETS, "application/json;as=Table;v=v1beta1;g=meta.k8s.io")
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Table");
    assert_eq!(r.body["apiVersion"], "meta.k8s.io/v1beta1");
    assert_eq!(r.body["rows"][0]["cells"][0], "w1");
}

/// A body naming a field twice: Warn (the default) answers with one
/// `Warning: 299` header per duplicate; Strict refuses it with the
/// strict decoding message of KUBECTL.md section F.
#[tokio::test]
async fn duplicate_fields_warn_by_default_and_fail_strict_validation() {
    let api = Api::start();
    let body = r#"{"apiVersion":"example.dev/v1","kind":"Widget","metadata":{"name":"w1","name":"w1"},"spec":{"replicas":1,"replicas":2}}"#;
    let r = api
        .send(
            Method::POST,
            WIDGETS,
            &[("content-type", "application/json")],
            body,
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let warnings: Vec<&str> = r
        .headers
        .get_all("warning")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    assert_eq!(
        warnings,
        [
            r#"299 - "duplicate field \"metadata.name\"""#,
            r#"299 - "duplicate field \"spec.replicas\"""#
        ]
    );
    assert_eq!(r.body["spec"]["replicas"], 2, "the last value wins");

    let strict = body.replace("\"w1\",\"name\":\"w1\"", "\"w2\",\"name\":\"w2\"");
    let r = api
        .send(
            Method::POST,
            &format!("{WIDGETS}?fieldValidation=Strict"),
            &[("content-type", "application/json")],
            strict,
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        r#"Widget in version "v1" cannot be handled as a Widget: strict decoding error: duplicate field "metadata.name", duplicate field "spec.replicas""#
    );
    assert_eq!(
        api.get(&widget_uri("w2")).await.status,
        StatusCode::NOT_FOUND
    );
}

// ---------------------------------------------------------------------------
// Dry run on every mutating verb
// ---------------------------------------------------------------------------

/// `dryRun=All` on patch, apply, delete and deletecollection returns the
/// would-be result, stores nothing, and sends no watch event: the next
/// event a watcher sees is the real write that follows.
#[tokio::test]
async fn dry_run_writes_store_nothing_and_send_no_event() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let before = api.get(&widget_uri("w1")).await.body;
    let (_, _, mut events) = api
        .watch(&format!(
            "{WIDGETS}?watch=true&resourceVersion={}",
            rv(&before)
        ))
        .await;

    let r = api
        .patch(
            &format!("{}?dryRun=All", widget_uri("w1")),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 7}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 7);

    let mut applied = widget("w1");
    applied["spec"]["replicas"] = json!(9);
    let r = api
        .send(
            Method::PATCH,
            &format!(
                "{}?dryRun=All&fieldManager=test&force=true",
                widget_uri("w1")
            ),
            &[("content-type", "application/apply-patch+yaml")],
            applied.to_string(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 9);

    let r = api
        .send(
            Method::DELETE,
            &format!("{}?dryRun=All", widget_uri("w1")),
            &[],
            Body::empty(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let r = api
        .send(
            Method::DELETE,
            &format!("{WIDGETS}?dryRun=All"),
            &[],
            Body::empty(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(names(&r.body), ["w1"], "the would-be deleted items");

    assert_eq!(api.get(&widget_uri("w1")).await.body, before);
    create_widget(&api, "w2").await;
    assert_eq!(events.next_event().await, ("ADDED".into(), "w2".into()));
}

// ---------------------------------------------------------------------------
// Namespaces and operations
// ---------------------------------------------------------------------------

#[tokio::test]
async fn the_four_system_namespaces_exist_at_start() {
    let api = Api::start();
    let r = api.get(NAMESPACES).await;
    assert_eq!(
        names(&r.body),
        ["default", "kube-node-lease", "kube-public", "kube-system"]
    );
    for item in r.body["items"].as_array().unwrap() {
        assert_eq!(item["status"]["phase"], "Active", "{item}");
    }
}

/// Upstream's metric names: `apiserver_request_duration_seconds` is a
/// histogram by verb, group, version, resource; `apiserver_storage_objects`
/// a gauge by resource (`configmaps`, `widgets.example.dev`).
#[tokio::test]
async fn metrics_have_request_durations_and_stored_object_counts() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("a")).await;
    api.create(CONFIGMAPS, &configmap("b")).await;
    create_widget(&api, "w1").await;
    api.get(CONFIGMAPS).await;
    let text = api.get("/metrics").await.text;
    assert!(
        text.contains("# TYPE apiserver_request_duration_seconds histogram\n"),
        "{text}"
    );
    let count = text
        .lines()
        .find(|l| {
            l.starts_with("apiserver_request_duration_seconds_count{")
                && l.contains(r#"verb="LIST""#)
                && l.contains(r#"resource="configmaps""#)
        })
        .unwrap_or_else(|| panic!("no LIST configmaps duration: {text}"));
    assert!(count.ends_with(" 1"), "{count}");
    assert!(
        text.contains("# TYPE apiserver_storage_objects gauge\n"),
        "{text}"
    );
    assert!(
        text.contains("apiserver_storage_objects{resource=\"configmaps\"} 2\n"),
        "{text}"
    );
    assert!(
        text.contains("apiserver_storage_objects{resource=\"widgets.example.dev\"} 1\n"),
        "{text}"
    );
    assert!(
        text.contains("apiserver_storage_objects{resource=\"namespaces\"} 4\n"),
        "{text}"
    );
}

/// GET and whole lists answer from a cache of encoded objects keyed by
/// revision: every write, and a delete and re-create under the same name,
/// reads back new.
#[tokio::test]
async fn repeated_gets_follow_every_write() {
    let api = Api::start();
    let uri = format!("{CONFIGMAPS}/cached");
    let first = api.create(CONFIGMAPS, &configmap("cached")).await;
    assert_eq!(api.get(&uri).await.body, first);
    assert_eq!(
        api.get(&uri).await.body,
        first,
        "a second read, from the cache"
    );
    let r = api
        .patch(&uri, MERGE_PATCH, &json!({"data": {"k": "changed"}}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let read = api.get(&uri).await.body;
    assert_eq!(read, r.body);
    assert_eq!(read["data"]["k"], "changed");
    api.delete(&uri).await;
    assert_eq!(api.get(&uri).await.status, StatusCode::NOT_FOUND);
    let again = api.create(CONFIGMAPS, &configmap("cached")).await;
    let read = api.get(&uri).await.body;
    assert_eq!(read["metadata"]["uid"], again["metadata"]["uid"]);
    assert_ne!(read["metadata"]["uid"], first["metadata"]["uid"]);
    // Whole lists share the cache; selectors still see each object.
    let listed = api.get(CONFIGMAPS).await.body;
    assert_eq!(listed["items"], json!([read]));
    let r = api
        .get(&format!("{CONFIGMAPS}?fieldSelector=metadata.name%3Dother"))
        .await;
    assert_eq!(r.body["items"], json!([]), "{}", r.text);
    let r = api
        .get(&format!(
            "{CONFIGMAPS}?fieldSelector=metadata.name%3Dcached"
        ))
        .await;
    assert_eq!(r.body["items"], json!([read]), "{}", r.text);
}
