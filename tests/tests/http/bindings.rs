//! The `pods/binding` subresource and the legacy `bindings` resource (core
//! v1 Binding), which schedulers write (client-go's `Pods(ns).Bind`, the
//! Python client's `create_namespaced_pod_binding` and
//! `create_namespaced_binding`): the pod gets its node, the binding's
//! metadata and a `PodScheduled` condition, with upstream's answers for
//! what cannot be bound.

use super::*;
use proto::api::core::v1 as core;
use proto::apimachinery::pkg::apis::meta::v1 as meta;

const PODS: &str = "/api/v1/namespaces/default/pods";
const BINDINGS: &str = "/api/v1/namespaces/default/bindings";

fn binding(name: &str, node: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Binding", "metadata": {"name": name},
           "target": {"apiVersion": "v1", "kind": "Node", "name": node}})
}

async fn pod(api: &Api, name: &str, extra: Value) -> Value {
    let mut body = json!({"metadata": {"name": name, "labels": {"app": "web", "zone": "pod"}},
                          "spec": {"containers": [{"name": "c", "image": "nginx"}]}});
    merge(&mut body, extra);
    api.create(PODS, &body).await
}

fn merge(into: &mut Value, from: Value) {
    match (into, from) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                merge(a.entry(k).or_insert(Value::Null), v);
            }
        }
        (a, b) => *a = b,
    }
}

async fn bind(api: &Api, name: &str, body: &Value) -> Reply {
    api.post(&format!("{PODS}/{name}/binding"), body).await
}

/// Discovery lists both, as upstream's `api__v1.json` does: the resource
/// with its singular name, the subresource without one, and neither with
/// a group or version of its own.
#[tokio::test]
async fn discovery_lists_bindings_and_the_binding_subresource() {
    let api = Api::start();
    let r = api.get("/api/v1").await;
    assert_eq!(
        api_resource(&r.body, "bindings"),
        &json!({"name": "bindings", "singularName": "binding", "namespaced": true,
                "kind": "Binding", "verbs": ["create"]})
    );
    assert_eq!(
        api_resource(&r.body, "pods/binding"),
        &json!({"name": "pods/binding", "singularName": "", "namespaced": true,
                "kind": "Binding", "verbs": ["create"]})
    );
}

/// A binding puts the pod on the node: its annotations and labels over the
/// pod's, `PodScheduled` True in place of the scheduler's `Unschedulable`
/// (its reason gone), the nomination cleared; the pod's managed fields and
/// generation are not touched (upstream writes it below the strategy).
/// Binding it again is upstream's 409.
#[tokio::test]
async fn a_binding_puts_the_pod_on_its_node() {
    let api = Api::start();
    let created = pod(&api, "web", json!({})).await;
    let mut status = created.clone();
    status["status"]["nominatedNodeName"] = json!("node-2");
    status["status"]["conditions"] = json!([{"type": "PodScheduled", "status": "False",
        "reason": "Unschedulable", "message": "0/1 nodes are available",
        "lastTransitionTime": "2020-01-01T00:00:00Z"}]);
    let before = api.put(&format!("{PODS}/web/status"), &status).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.text);

    let mut body = binding("web", "node-1");
    body["metadata"]["annotations"] = json!({"scheduler": "mine"});
    body["metadata"]["labels"] = json!({"zone": "binding"});
    let r = bind(&api, "web", &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.text,
        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\",\"code\":201}\n"
    );

    let bound = api.get(&format!("{PODS}/web")).await.body;
    assert_eq!(bound["spec"]["nodeName"], "node-1");
    assert_eq!(
        bound["metadata"]["annotations"],
        json!({"scheduler": "mine"})
    );
    assert_eq!(
        bound["metadata"]["labels"],
        json!({"app": "web", "zone": "binding"})
    );
    assert_eq!(bound["status"].get("nominatedNodeName"), None);
    let conditions = bound["status"]["conditions"].as_array().unwrap();
    assert_eq!(conditions.len(), 1);
    assert_eq!(conditions[0]["status"], "True");
    assert_eq!(conditions[0].get("reason"), None, "{}", conditions[0]);
    assert_ne!(conditions[0]["lastTransitionTime"], "2020-01-01T00:00:00Z");
    assert_eq!(
        bound["metadata"]["managedFields"],
        before.body["metadata"]["managedFields"]
    );
    assert_eq!(bound["metadata"]["generation"], 1);
    assert_ne!(rv(&bound), rv(&before.body));

    let again = bind(&api, "web", &binding("web", "node-2")).await;
    assert_eq!(
        again.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Operation cannot be fulfilled on pods/binding \"web\": pod web is already assigned to node \"node-1\"",
               "reason": "Conflict", "details": {"name": "web", "kind": "pods/binding"}, "code": 409})
    );
}

/// What cannot be bound, in upstream's words: another name than the
/// path's (400), no pod (404), a target that is no named node (upstream's
/// unwrapped 500), a gated pod and one being deleted (409), a UID that is
/// not the pod's (the storage's precondition error); a dry run binds
/// nothing.
#[tokio::test]
async fn bindings_that_cannot_be_made() {
    let api = Api::start();
    let created = pod(&api, "web", json!({})).await;

    let r = bind(&api, "web", &binding("other", "node-1")).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "name in URL does not match name in Binding object"
    );

    let r = bind(&api, "gone", &binding("gone", "node-1")).await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], "pods \"gone\" not found");

    let mut body = binding("web", "");
    body["target"]["kind"] = json!("Pod");
    let r = bind(&api, "web", &body).await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "[target.kind: Unsupported value: \"Pod\": supported values: \"Node\", \"<empty>\", target.name: Required value]",
               "code": 500})
    );

    let mut body = binding("web", "node-1");
    body["metadata"]["uid"] = json!("not-the-pod");
    let r = bind(&api, "web", &body).await;
    r.assert_failure(409, "Conflict");
    let uid = created["metadata"]["uid"].as_str().unwrap();
    assert_eq!(
        r.body["message"],
        format!(
            "Operation cannot be fulfilled on pods \"web\": StorageError: invalid object, Code: 4, Key: /registry/pods/default/web, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: not-the-pod, UID in object meta: {uid}"
        )
    );

    let r = api
        .post(
            &format!("{PODS}/web/binding?dryRun=All"),
            &binding("web", "node-1"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let after = api.get(&format!("{PODS}/web")).await.body;
    assert_eq!(after.get("spec").and_then(|s| s.get("nodeName")), None);
    assert_eq!(rv(&after), rv(&created));

    pod(
        &api,
        "gated",
        json!({"spec": {"schedulingGates": [{"name": "wait"}]}}),
    )
    .await;
    let r = bind(&api, "gated", &binding("gated", "node-1")).await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        "Operation cannot be fulfilled on pods/binding \"gated\": pod gated has non-empty .spec.schedulingGates"
    );

    pod(
        &api,
        "held",
        json!({"metadata": {"finalizers": ["example.com/hold"]}}),
    )
    .await;
    let r = api.delete(&format!("{PODS}/held")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = bind(&api, "held", &binding("held", "node-1")).await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        "Operation cannot be fulfilled on pods/binding \"held\": pod held is being deleted, cannot be assigned to a host"
    );
}

/// The legacy resource binds the pod its Binding names: the UID is
/// dropped (upstream's create handler wipes it), the resourceVersion is
/// held to; a Binding without a name is refused with the storage's words.
#[tokio::test]
async fn the_legacy_resource_binds_the_pod_its_binding_names() {
    let api = Api::start();
    let created = pod(&api, "web", json!({})).await;
    let r = api
        .post(BINDINGS, &json!({"target": {"name": "node-1"}}))
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(r.body["message"], "Name parameter required.");

    let mut stale = binding("web", "node-1");
    stale["metadata"]["resourceVersion"] = json!("1");
    let r = api.post(BINDINGS, &stale).await;
    r.assert_failure(409, "Conflict");

    let mut body = binding("web", "node-1");
    body["metadata"]["uid"] = json!("ignored");
    body["metadata"]["resourceVersion"] = json!(rv(&created));
    let r = api.post(BINDINGS, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["status"], "Success");
    let bound = api.get(&format!("{PODS}/web")).await.body;
    assert_eq!(bound["spec"]["nodeName"], "node-1");
}

/// A Binding in protobuf, as kube-scheduler sends it; the node's topology
/// labels reach the pod through `pods/binding` (`PodTopologyLabels`), and
/// a pod created on the node gets them at once.
#[tokio::test]
async fn topology_labels_follow_a_protobuf_binding_to_the_pod() {
    let api = Api::start();
    api.create(
        "/api/v1/nodes",
        &json!({"metadata": {"name": "node-1", "labels": {
            "topology.kubernetes.io/zone": "z1", "topology.kubernetes.io/region": "r1",
            "kubernetes.io/hostname": "node-1"}}}),
    )
    .await;
    pod(&api, "web", json!({})).await;
    let body = core::Binding {
        metadata: Some(meta::ObjectMeta {
            name: Some("web".into()),
            namespace: Some("default".into()),
            ..Default::default()
        }),
        target: Some(core::ObjectReference {
            kind: Some("Node".into()),
            name: Some("node-1".into()),
            ..Default::default()
        }),
    };
    let r = api
        .send(
            Method::POST,
            &format!("{PODS}/web/binding"),
            &[("content-type", proto::MEDIA_TYPE)],
            Body::from(proto::encode_envelope("v1", "Binding", &body)),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let expected = json!({"app": "web", "zone": "pod",
        "topology.kubernetes.io/zone": "z1", "topology.kubernetes.io/region": "r1"});
    let bound = api.get(&format!("{PODS}/web")).await.body;
    assert_eq!(bound["metadata"]["labels"], expected);

    let on_node = pod(&api, "static", json!({"spec": {"nodeName": "node-1"}})).await;
    assert_eq!(
        on_node["metadata"]["labels"]["topology.kubernetes.io/zone"],
        "z1"
    );
    let elsewhere = pod(&api, "elsewhere", json!({"spec": {"nodeName": "node-9"}})).await;
    assert_eq!(
        elsewhere["metadata"]["labels"],
        json!({"app": "web", "zone": "pod"})
    );
}

/// The Binding is decoded as any create's body: `fieldValidation` refuses
/// or warns about a field it does not have, a YAML body is read, and the
/// namespace must exist and not be terminating (upstream's
/// `NamespaceLifecycle`, the 403 naming the pod).
#[tokio::test]
async fn a_binding_is_decoded_and_admitted_as_a_create() {
    let api = Api::start();
    pod(&api, "web", json!({})).await;
    let mut body = binding("web", "node-1");
    body["spec"] = json!({});
    let r = api
        .post(&format!("{PODS}/web/binding?fieldValidation=Strict"), &body)
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "Binding in version \"v1\" cannot be handled as a Binding: strict decoding error: unknown field \"spec\""
    );
    let r = api
        .post(&format!("{PODS}/web/binding?fieldValidation=Bogus"), &body)
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let r = bind(&api, "web", &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.warnings(), [r#"299 - "unknown field \"spec\"""#]);

    pod(&api, "yaml", json!({})).await;
    let r = api
        .send(
            Method::POST,
            &format!("{PODS}/yaml/binding"),
            &[("content-type", "application/yaml")],
            "apiVersion: v1\nkind: Binding\nmetadata:\n  name: yaml\ntarget:\n  name: node-1\n",
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = api
        .post(
            &format!("{PODS}/yaml/binding"),
            &json!({"apiVersion": "policy/v1", "kind": "Binding", "metadata": {"name": "yaml"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);

    let r = api
        .post(
            "/api/v1/namespaces/nowhere/pods/web/binding",
            &binding("web", "node-1"),
        )
        .await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], "namespaces \"nowhere\" not found");

    api.create("/api/v1/namespaces", &namespace("doomed")).await;
    api.create(
        "/api/v1/namespaces/doomed/pods",
        &json!({"metadata": {"name": "held", "finalizers": ["example.com/hold"]},
                "spec": {"containers": [{"name": "c", "image": "nginx"}]}}),
    )
    .await;
    let r = api.delete("/api/v1/namespaces/doomed").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .post(
            "/api/v1/namespaces/doomed/pods/held/binding",
            &binding("held", "node-1"),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"held\" is forbidden: unable to create new content in namespace doomed because it is being terminated"
    );
}

/// Upstream's merges and preconditions: the node's topology labels over
/// the Binding's, its annotations over the pod's; a matching uid and
/// resourceVersion bind; a dry run of a binding that cannot be made is
/// refused as the binding would be; the legacy resource's stale version
/// is a conflict on `pods` and it adds no topology labels.
#[tokio::test]
async fn bindings_merge_metadata_and_hold_to_their_preconditions() {
    let api = Api::start();
    api.create(
        "/api/v1/nodes",
        &json!({"metadata": {"name": "node-1", "labels": {"topology.kubernetes.io/zone": "z1"}}}),
    )
    .await;
    let created = pod(
        &api,
        "web",
        json!({"metadata": {"annotations": {"owner": "pod", "kept": "yes"}}}),
    )
    .await;
    let mut body = binding("web", "node-1");
    body["metadata"]["labels"] = json!({"topology.kubernetes.io/zone": "mine"});
    body["metadata"]["annotations"] = json!({"owner": "binding"});
    body["metadata"]["uid"] = created["metadata"]["uid"].clone();
    body["metadata"]["resourceVersion"] = json!(rv(&created));
    let r = bind(&api, "web", &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let bound = api.get(&format!("{PODS}/web")).await.body;
    assert_eq!(
        bound["metadata"]["labels"]["topology.kubernetes.io/zone"],
        "z1"
    );
    assert_eq!(
        bound["metadata"]["annotations"],
        json!({"owner": "binding", "kept": "yes"})
    );

    let r = api
        .post(
            &format!("{PODS}/web/binding?dryRun=All"),
            &binding("web", "node-2"),
        )
        .await;
    r.assert_failure(409, "Conflict");

    let legacy = pod(&api, "legacy", json!({})).await;
    let mut stale = binding("legacy", "node-1");
    stale["metadata"]["resourceVersion"] = json!("1");
    let r = api.post(BINDINGS, &stale).await;
    r.assert_failure(409, "Conflict");
    assert_eq!(r.body["details"], json!({"name": "legacy", "kind": "pods"}));
    assert_eq!(
        r.body["message"],
        "Operation cannot be fulfilled on pods \"legacy\": StorageError: invalid object, Code: 4, Key: /registry/pods/default/legacy, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: ResourceVersion in precondition: 1, ResourceVersion in object meta: ".to_string() + &rv(&legacy)
    );
    let r = api.post(BINDINGS, &binding("legacy", "node-1")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let bound = api.get(&format!("{PODS}/legacy")).await.body;
    assert_eq!(
        bound["metadata"]["labels"],
        json!({"app": "web", "zone": "pod"})
    );
}
