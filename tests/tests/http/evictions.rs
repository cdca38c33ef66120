//! The `pods/eviction` subresource (`policy/v1` Eviction), which `kubectl
//! drain`, kube-rs's `evict` and client-go's `EvictV1` use: listed in
//! discovery, a pod deleted when its PodDisruptionBudget allows it (the
//! budget's status counting the disruption), refused with upstream's 429
//! otherwise, and upstream's answers for the other cases.

use super::*;
use proto::api::policy::v1 as policy;
use proto::apimachinery::pkg::apis::meta::v1 as meta;

const PODS: &str = "/api/v1/namespaces/default/pods";
const BUDGETS: &str = "/apis/policy/v1/namespaces/default/poddisruptionbudgets";

fn eviction(name: &str) -> Value {
    json!({"apiVersion": "policy/v1", "kind": "Eviction", "metadata": {"name": name, "namespace": "default"}})
}

async fn evict(api: &Api, name: &str, body: &Value) -> Reply {
    api.post(&format!("{PODS}/{name}/eviction"), body).await
}

/// A pod labelled `app: web`, bound to a node; running and ready unless
/// `ready` is false (then running, not ready).
async fn running_pod(api: &Api, name: &str, ready: bool) {
    let created = api
        .create(
            PODS,
            &json!({"metadata": {"name": name, "labels": {"app": "web"}},
                    "spec": {"nodeName": "node-1", "containers": [{"name": "c", "image": "nginx"}]}}),
        )
        .await;
    let mut body = created.clone();
    body["status"] = json!({"phase": "Running",
        "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }}]});
    let r = api.put(&format!("{PODS}/{name}/status"), &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

/// A budget over `app: web` whose status says what the disruption
/// controller would have counted.
async fn budget(api: &Api, name: &str, spec: Value, status: Value) {
    let created = api
        .create(BUDGETS, &json!({"metadata": {"name": name}, "spec": spec}))
        .await;
    let mut body = created.clone();
    body["status"] = status;
    let r = api.put(&format!("{BUDGETS}/{name}/status"), &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

fn selector() -> Value {
    json!({"minAvailable": 1, "selector": {"matchLabels": {"app": "web"}}})
}

/// Discovery lists `pods/eviction` with its body's kind, as kubectl drain
/// looks for it (it evicts rather than deletes when it is there).
#[tokio::test]
async fn discovery_lists_the_eviction_subresource() {
    let api = Api::start();
    let r = api.get("/api/v1").await;
    assert_eq!(
        api_resource(&r.body, "pods/eviction"),
        &json!({"name": "pods/eviction", "singularName": "", "namespaced": true,
                "group": "policy", "version": "v1", "kind": "Eviction", "verbs": ["create"]})
    );
    let aggregated = api.get_as("/api", AGGREGATED_V2).await;
    let pods = aggregated.body["items"][0]["versions"][0]["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["resource"] == "pods")
        .unwrap();
    assert_eq!(pods["subresources"][0]["subresource"], "binding");
    assert_eq!(
        pods["subresources"][1],
        json!({"subresource": "eviction", "responseKind": {"group": "policy", "version": "v1", "kind": "Eviction"},
               "verbs": ["create"]})
    );
    assert_eq!(pods["subresources"][2]["subresource"], "status");
}

/// A pod no budget guards is deleted: gracefully when bound to a node,
/// with the `DisruptionTarget` condition; the answer is upstream's
/// success Status, 201. A pending pod goes at once.
#[tokio::test]
async fn an_unguarded_pod_is_evicted() {
    let api = Api::start();
    running_pod(&api, "web-1", true).await;
    let r = evict(&api, "web-1", &eviction("web-1")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": 201})
    );
    let pod = api.get(&format!("{PODS}/web-1")).await.body;
    assert!(pod["metadata"]["deletionTimestamp"].is_string(), "{pod}");
    let condition = pod["status"]["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == "DisruptionTarget")
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        (
            &condition["status"],
            &condition["reason"],
            &condition["message"]
        ),
        (
            &json!("True"),
            &json!("EvictionByEvictionAPI"),
            &json!("Eviction API: evicting")
        )
    );

    api.create(
        PODS,
        &json!({"metadata": {"name": "pending"}, "spec": {"containers": [{"name": "c", "image": "nginx"}]}}),
    )
    .await;
    let r = evict(&api, "pending", &eviction("pending")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        api.get(&format!("{PODS}/pending")).await.status,
        StatusCode::NOT_FOUND
    );

    // The eviction must name the path's pod; a missing pod is 404.
    let r = evict(&api, "web-1", &eviction("other")).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "name in URL does not match name in Eviction object"
    );
    let r = evict(&api, "missing", &eviction("missing")).await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], "pods \"missing\" not found");
    // The eviction names the path's namespace, if any.
    let mut elsewhere = eviction("web-1");
    elsewhere["metadata"]["namespace"] = json!("other");
    let r = evict(&api, "web-1", &elsewhere).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "the namespace of the provided object does not match the namespace sent on the request"
    );
    // Routes: the eviction takes only a POST, status no POST; a
    // subresource nothing serves is not found.
    let r = api.get(&format!("{PODS}/web-1/eviction")).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{}", r.text);
    let r = api
        .post(&format!("{PODS}/web-1/status"), &eviction("web-1"))
        .await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{}", r.text);
    let r = api
        .post(&format!("{PODS}/web-1/bogus"), &eviction("web-1"))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
}

/// A guarded pod is evicted while its budget allows a disruption: the
/// budget's status takes it (one fewer allowed, the pod among the
/// disrupted, `DisruptionAllowed` false at 0); the next eviction is
/// upstream's 429 with the budget's numbers. A dry run changes nothing.
#[tokio::test]
async fn a_budget_allows_what_its_status_counts() {
    let api = Api::start();
    running_pod(&api, "web-1", true).await;
    running_pod(&api, "web-2", true).await;
    budget(
        &api,
        "web",
        selector(),
        json!({"observedGeneration": 1, "disruptionsAllowed": 1, "currentHealthy": 2,
               "desiredHealthy": 1, "expectedPods": 2}),
    )
    .await;

    let r = api
        .post(
            &format!("{PODS}/web-1/eviction?dryRun=All"),
            &eviction("web-1"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let status = api.get(&format!("{BUDGETS}/web")).await.body["status"].clone();
    assert_eq!(status["disruptionsAllowed"], 1, "a dry run takes nothing");
    assert_eq!(status.get("disruptedPods"), None, "{status}");
    let pod = api.get(&format!("{PODS}/web-1")).await.body;
    assert!(pod["metadata"]["deletionTimestamp"].is_null(), "{pod}");
    assert_eq!(
        pod["status"]["conditions"].as_array().unwrap().len(),
        1,
        "no DisruptionTarget on a dry run: {pod}"
    );

    let r = evict(&api, "web-1", &eviction("web-1")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let status = api.get(&format!("{BUDGETS}/web")).await.body["status"].clone();
    assert_eq!(status["disruptionsAllowed"], 0);
    assert!(status["disruptedPods"]["web-1"].is_string(), "{status}");
    assert_eq!(
        (
            &status["conditions"][0]["type"],
            &status["conditions"][0]["status"],
            &status["conditions"][0]["reason"]
        ),
        (
            &json!("DisruptionAllowed"),
            &json!("False"),
            &json!("InsufficientPods")
        )
    );

    let r = evict(&api, "web-2", &eviction("web-2")).await;
    r.assert_failure(429, "TooManyRequests");
    assert_eq!(
        r.body["message"],
        "Cannot evict pod as it would violate the pod's disruption budget."
    );
    assert_eq!(
        r.body["details"]["causes"],
        json!([{"reason": "DisruptionBudget", "message": "The disruption budget web needs 1 healthy pods and has 2 currently"}])
    );
    assert!(
        api.get(&format!("{PODS}/web-2")).await.body["metadata"]["deletionTimestamp"].is_null()
    );
}

/// A budget whose controller has not seen its generation refuses
/// evictions (as a new budget does until the controller counts it); two
/// budgets over one pod are upstream's 500; an unready pod goes without
/// taking a disruption when its budget's policy is `AlwaysAllow`.
#[tokio::test]
async fn budgets_refuse_what_upstream_refuses() {
    let api = Api::start();
    running_pod(&api, "web-1", true).await;
    api.create(
        BUDGETS,
        &json!({"metadata": {"name": "fresh"}, "spec": selector()}),
    )
    .await;
    let r = evict(&api, "web-1", &eviction("web-1")).await;
    r.assert_failure(429, "TooManyRequests");
    assert_eq!(
        r.body["details"]["causes"][0]["message"],
        "The disruption budget fresh is still being processed by the server."
    );
    // Clients wait as upstream tells them to.
    assert_eq!(r.header("retry-after"), Some("10"));
    assert_eq!(r.body["details"]["retryAfterSeconds"], 10);

    api.create(
        BUDGETS,
        &json!({"metadata": {"name": "second"}, "spec": selector()}),
    )
    .await;
    let r = evict(&api, "web-1", &eviction("web-1")).await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.text);
    assert_eq!(
        r.body["message"],
        "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."
    );

    let api = Api::start();
    running_pod(&api, "sick", false).await;
    budget(
        &api,
        "web",
        json!({"maxUnavailable": 0, "selector": {"matchLabels": {"app": "web"}},
               "unhealthyPodEvictionPolicy": "AlwaysAllow"}),
        json!({"observedGeneration": 1, "disruptionsAllowed": 0, "currentHealthy": 0,
               "desiredHealthy": 1, "expectedPods": 1}),
    )
    .await;
    let r = evict(&api, "sick", &eviction("sick")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let status = api.get(&format!("{BUDGETS}/web")).await.body["status"].clone();
    assert_eq!(status.get("disruptedPods"), None, "{status}");
    let pod = api.get(&format!("{PODS}/sick")).await.body;
    assert!(pod["metadata"]["deletionTimestamp"].is_string(), "{pod}");
}

/// An empty selector guards every pod of the namespace (a missing one
/// none); under the default `IfHealthyBudget`, a pod that is not ready
/// goes without taking a disruption while the budget has its healthy
/// pods.
#[tokio::test]
async fn an_empty_selector_guards_every_pod() {
    let api = Api::start();
    running_pod(&api, "web-1", true).await;
    running_pod(&api, "sick", false).await;
    budget(
        &api,
        "all",
        json!({"minAvailable": 1, "selector": {}}),
        json!({"observedGeneration": 1, "disruptionsAllowed": 0, "currentHealthy": 1,
               "desiredHealthy": 1, "expectedPods": 2}),
    )
    .await;
    let r = evict(&api, "web-1", &eviction("web-1")).await;
    r.assert_failure(429, "TooManyRequests");
    assert_eq!(
        r.body["details"]["causes"][0]["message"],
        "The disruption budget all needs 1 healthy pods and has 1 currently"
    );
    assert_eq!(r.header("retry-after"), None);

    let r = evict(&api, "sick", &eviction("sick")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let status = api.get(&format!("{BUDGETS}/all")).await.body["status"].clone();
    assert_eq!(status["disruptionsAllowed"], 0);
    assert_eq!(status.get("disruptedPods"), None, "{status}");
}

/// An Eviction in protobuf, as client-go sends it, with its delete
/// options: a zero grace period deletes the bound pod at once.
#[tokio::test]
async fn a_protobuf_eviction_with_delete_options_is_read() {
    let api = Api::start();
    running_pod(&api, "web-1", true).await;
    let eviction = policy::Eviction {
        metadata: Some(meta::ObjectMeta {
            name: Some("web-1".into()),
            namespace: Some("default".into()),
            ..Default::default()
        }),
        delete_options: Some(meta::DeleteOptions {
            grace_period_seconds: Some(0),
            ..Default::default()
        }),
    };
    let r = api
        .send(
            Method::POST,
            &format!("{PODS}/web-1/eviction"),
            &[("content-type", proto::MEDIA_TYPE)],
            Body::from(proto::encode_envelope("policy/v1", "Eviction", &eviction)),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        api.get(&format!("{PODS}/web-1")).await.status,
        StatusCode::NOT_FOUND
    );
}
