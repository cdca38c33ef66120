//! Server-side apply and field ownership end to end: kubectl's
//! `apply --server-side`, conflicts with upstream's messages, force, removal
//! of fields a manager stops applying, Update entries for other writes, and
//! the managedFields reset.

use serde_json::{Value, json};
use tests::TestServer;

const CM: &str = "/api/v1/namespaces/default/configmaps";

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Sends a request with `content_type` and returns (status, body).
fn send(
    s: &TestServer,
    method: reqwest::Method,
    path: &str,
    content_type: &str,
    body: &str,
) -> (u16, Value) {
    rt().block_on(async {
        let resp = reqwest::Client::new()
            .request(method, format!("{}{path}", s.url()))
            .header("Content-Type", content_type)
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let code = resp.status().as_u16();
        (
            code,
            serde_json::from_str(&resp.text().await.unwrap()).unwrap_or(Value::Null),
        )
    })
}

fn apply(s: &TestServer, name: &str, manager: &str, force: bool, data: Value) -> (u16, Value) {
    let body =
        json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name}, "data": data})
            .to_string();
    send(
        s,
        reqwest::Method::PATCH,
        &format!("{CM}/{name}?fieldManager={manager}&force={force}"),
        "application/apply-patch+yaml",
        &body,
    )
}

fn managers(obj: &Value) -> Vec<String> {
    obj["metadata"]["managedFields"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    format!(
                        "{}:{}",
                        e["manager"].as_str().unwrap(),
                        e["operation"].as_str().unwrap()
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn apply_creates_and_records_ownership() {
    let s = TestServer::start();
    let (code, obj) = apply(&s, "c", "alice", false, json!({"a": "1"}));
    assert_eq!(code, 201, "{obj}");
    assert_eq!(managers(&obj), ["alice:Apply"]);
    let entry = &obj["metadata"]["managedFields"][0];
    assert_eq!(entry["apiVersion"], "v1");
    assert_eq!(entry["fieldsType"], "FieldsV1");
    assert_eq!(entry["fieldsV1"], json!({"f:data": {"f:a": {}}}));
}

#[test]
fn a_field_owned_by_an_update_manager_conflicts_with_upstreams_message() {
    let s = TestServer::start();
    apply(&s, "c", "alice", false, json!({"key": "1"}));
    // bob changes data.key with a merge patch: an Update entry.
    let (code, obj) = send(
        &s,
        reqwest::Method::PATCH,
        &format!("{CM}/c?fieldManager=bob"),
        "application/merge-patch+json",
        r#"{"data":{"key":"2"}}"#,
    );
    assert_eq!(code, 200, "{obj}");
    assert_eq!(managers(&obj), ["bob:Update"]);
    let (code, status) = apply(&s, "c", "alice", false, json!({"key": "3"}));
    assert_eq!(code, 409, "{status}");
    assert_eq!(status["reason"], "Conflict");
    assert_eq!(
        status["message"],
        "Apply failed with 1 conflict: conflict with \"bob\" using v1: .data.key"
    );
    assert_eq!(
        status["details"]["causes"],
        json!([{"reason": "FieldManagerConflict", "message": "conflict with \"bob\" using v1", "field": ".data.key"}])
    );
    // force takes ownership.
    let (code, obj) = apply(&s, "c", "alice", true, json!({"key": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(obj["data"]["key"], "3");
    assert_eq!(managers(&obj), ["alice:Apply"]);
}

#[test]
fn several_conflicts_use_the_plural_form() {
    let s = TestServer::start();
    send(
        &s,
        reqwest::Method::POST,
        &format!("{CM}?fieldManager=bob"),
        "application/json",
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1","b":"1"}}"#,
    );
    let (code, status) = apply(&s, "c", "alice", false, json!({"a": "2", "b": "2"}));
    assert_eq!(code, 409, "{status}");
    assert_eq!(
        status["message"],
        "Apply failed with 2 conflicts: conflicts with \"bob\" using v1:\n- .data.a\n- .data.b"
    );
}

/// The FieldsV1 of `manager`'s entry in `obj` (`Null` when it has none).
fn fields_of(obj: &Value, manager: &str) -> Value {
    obj["metadata"]["managedFields"]
        .as_array()
        .and_then(|entries| entries.iter().find(|e| e["manager"] == manager))
        .map_or(Value::Null, |e| e["fieldsV1"].clone())
}

/// Creates the ConfigMap `c` (label `app: a`, data `a: 1`, `b: 1`) as
/// `alice`; returns the created object.
fn create_c_by_alice(s: &TestServer) -> Value {
    let (code, created) = send(
        s,
        reqwest::Method::POST,
        &format!("{CM}?fieldManager=alice"),
        "application/json",
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","labels":{"app":"a"}},"data":{"a":"1","b":"1"}}"#,
    );
    assert_eq!(code, 201, "{created}");
    created
}

/// Replaces the ConfigMap `c` (PUT) as `manager`, with these labels and
/// data; returns (status, body).
fn put_c(s: &TestServer, manager: &str, labels: Value, data: Value) -> (u16, Value) {
    let obj = json!({"apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "c", "labels": labels}, "data": data});
    send(
        s,
        reqwest::Method::PUT,
        &format!("{CM}/c?fieldManager={manager}"),
        "application/json",
        &obj.to_string(),
    )
}

/// Updates (PUT) record what they change as upstream's field manager does,
/// whichever part of the objects differs: the data of a ConfigMap whose
/// metadata the writer sends back unchanged, its labels alone, or both.
#[test]
fn an_update_owns_what_it_changed_and_leaves_the_rest_to_its_owner() {
    let s = TestServer::start();
    let put = |manager: &str, labels: Value, data: Value| put_c(&s, manager, labels, data);
    create_c_by_alice(&s);

    // bob changes data.b, metadata as it was: data.b moves to bob.
    let (code, obj) = put("bob", json!({"app": "a"}), json!({"a": "1", "b": "2"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(managers(&obj), ["alice:Update", "bob:Update"]);
    assert_eq!(
        fields_of(&obj, "alice"),
        json!({"f:data": {".": {}, "f:a": {}}, "f:metadata": {"f:labels": {".": {}, "f:app": {}}}})
    );
    assert_eq!(fields_of(&obj, "bob"), json!({"f:data": {"f:b": {}}}));

    // carol adds data.c and removes data.a: alice loses data.a.
    let (code, obj) = put("carol", json!({"app": "a"}), json!({"b": "2", "c": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(
        fields_of(&obj, "alice"),
        // `.data` itself, with nothing below it any more.
        json!({"f:data": {}, "f:metadata": {"f:labels": {".": {}, "f:app": {}}}})
    );
    assert_eq!(fields_of(&obj, "carol"), json!({"f:data": {"f:c": {}}}));

    // dave changes a label alone, then a label and the data together.
    let (code, obj) = put("dave", json!({"app": "d"}), json!({"b": "2", "c": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(
        fields_of(&obj, "dave"),
        json!({"f:metadata": {"f:labels": {"f:app": {}}}})
    );
    let (code, obj) = put("erin", json!({"app": "e"}), json!({"b": "5", "c": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(
        fields_of(&obj, "erin"),
        json!({"f:data": {"f:b": {}}, "f:metadata": {"f:labels": {"f:app": {}}}})
    );
    assert_eq!(fields_of(&obj, "bob"), Value::Null, "bob owned only data.b");
    assert_eq!(
        fields_of(&obj, "dave"),
        Value::Null,
        "dave owned only the label"
    );
    assert_eq!(fields_of(&obj, "carol"), json!({"f:data": {"f:c": {}}}));
}

/// The object's only manager updating values keeps its one entry, its
/// fields as they were, stamped with the update's time; a field it adds
/// joins them, one it removes leaves them. A later second manager changes
/// none of that.
#[test]
fn the_sole_managers_updates_keep_its_entry_and_stamp_it() {
    let s = TestServer::start();
    let put = |manager: &str, data: Value| put_c(&s, manager, json!({"app": "a"}), data);
    let created = create_c_by_alice(&s);
    let created_fields = fields_of(&created, "alice");
    let time = |obj: &Value| obj["metadata"]["managedFields"][0]["time"].clone();
    // Entry times are whole seconds: the update lands in a later one.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let (code, updated) = put("alice", json!({"a": "2", "b": "1"}));
    assert_eq!(code, 200, "{updated}");
    assert_eq!(managers(&updated), ["alice:Update"]);
    assert_eq!(fields_of(&updated, "alice"), created_fields);
    assert!(
        time(&updated).as_str() > time(&created).as_str(),
        "{} after {}",
        time(&updated),
        time(&created)
    );

    let (code, obj) = put("alice", json!({"a": "2", "b": "1", "c": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(
        fields_of(&obj, "alice"),
        json!({"f:data": {".": {}, "f:a": {}, "f:b": {}, "f:c": {}}, "f:metadata": {"f:labels": {".": {}, "f:app": {}}}})
    );
    let (code, obj) = put("alice", json!({"a": "3", "c": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(
        fields_of(&obj, "alice"),
        json!({"f:data": {".": {}, "f:a": {}, "f:c": {}}, "f:metadata": {"f:labels": {".": {}, "f:app": {}}}})
    );

    let (code, obj) = put("bob", json!({"a": "4", "c": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(managers(&obj), ["alice:Update", "bob:Update"]);
    assert_eq!(fields_of(&obj, "bob"), json!({"f:data": {"f:a": {}}}));
    let (code, obj) = put("alice", json!({"a": "5", "c": "3"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(
        fields_of(&obj, "bob"),
        Value::Null,
        "alice took data.a back"
    );
    assert_eq!(
        fields_of(&obj, "alice"),
        json!({"f:data": {".": {}, "f:a": {}, "f:c": {}}, "f:metadata": {"f:labels": {".": {}, "f:app": {}}}})
    );
}

/// A controller's status write (PUT on `/status`, metadata sent back as
/// read) owns the status fields it set, under its `status` entry; the
/// creator keeps the spec.
#[test]
fn a_status_write_owns_the_status_it_set() {
    let s = TestServer::start();
    let deployments = "/apis/apps/v1/namespaces/default/deployments";
    let (code, created) = send(
        &s,
        reqwest::Method::POST,
        &format!("{deployments}?fieldManager=alice"),
        "application/json",
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"selector":{"matchLabels":{"app":"d"}},"template":{"metadata":{"labels":{"app":"d"}},"spec":{"containers":[{"name":"c","image":"nginx"}]}}}}"#,
    );
    assert_eq!(code, 201, "{created}");
    let mut read = created.clone();
    read["status"] = json!({"observedGeneration": 1, "replicas": 1});
    let (code, obj) = send(
        &s,
        reqwest::Method::PUT,
        &format!("{deployments}/d/status?fieldManager=controller"),
        "application/json",
        &read.to_string(),
    );
    assert_eq!(code, 200, "{obj}");
    assert_eq!(obj["status"]["replicas"], 1);
    let entry = obj["metadata"]["managedFields"]
        .as_array()
        .and_then(|entries| entries.iter().find(|e| e["manager"] == "controller"))
        .unwrap_or_else(|| panic!("no controller entry: {obj}"));
    assert_eq!(entry["subresource"], "status");
    assert_eq!(
        entry["fieldsV1"],
        json!({"f:status": {"f:observedGeneration": {}, "f:replicas": {}}})
    );
    assert_eq!(
        fields_of(&obj, "alice"),
        fields_of(&created, "alice"),
        "the status write took nothing of alice's"
    );
}

#[test]
fn fields_a_manager_stops_applying_are_removed_unless_shared() {
    let s = TestServer::start();
    apply(
        &s,
        "c",
        "alice",
        false,
        json!({"a": "1", "b": "1", "shared": "x"}),
    );
    apply(&s, "c", "bob", false, json!({"shared": "x"}));
    let (code, obj) = apply(&s, "c", "alice", false, json!({"a": "1"}));
    assert_eq!(code, 200, "{obj}");
    assert_eq!(
        obj["data"],
        json!({"a": "1", "shared": "x"}),
        "b removed, shared kept by bob"
    );
}

#[test]
fn apply_needs_a_field_manager() {
    let s = TestServer::start();
    let body = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#;
    let (code, status) = send(
        &s,
        reqwest::Method::PATCH,
        &format!("{CM}/c"),
        "application/apply-patch+yaml",
        body,
    );
    assert_eq!(code, 422, "{status}");
    assert_eq!(
        status["message"],
        "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch"
    );
}

#[test]
fn managed_fields_reset_with_an_empty_entry() {
    let s = TestServer::start();
    let (_, obj) = apply(&s, "c", "alice", false, json!({"a": "1"}));
    let mut reset = obj.clone();
    reset["metadata"]["managedFields"] = json!([{}]);
    let (code, obj) = send(
        &s,
        reqwest::Method::PUT,
        &format!("{CM}/c"),
        "application/json",
        &reset.to_string(),
    );
    assert_eq!(code, 200, "{obj}");
    assert!(obj["metadata"].get("managedFields").is_none(), "{obj}");
}

#[test]
fn kubectl_server_side_apply() {
    let s = TestServer::start();
    let v1 = s.manifest(
        "c.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  key: one\n",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "--server-side", "-f", v1.to_str().unwrap()]),
        "configmap/c serverside-applied\n"
    );
    let v2 = s.manifest(
        "c2.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  key: two\n",
    );
    let err = s.kubectl_err(&[
        "apply",
        "--server-side",
        "--field-manager=alice",
        "-f",
        v2.to_str().unwrap(),
    ]);
    assert!(
        err.starts_with(
            "error: Apply failed with 1 conflict: conflict with \"kubectl\": .data.key\n"
        ),
        "{err}"
    );
    s.kubectl_ok(&[
        "apply",
        "--server-side",
        "--field-manager=alice",
        "--force-conflicts",
        "-f",
        v2.to_str().unwrap(),
    ]);
    assert_eq!(
        s.kubectl_ok(&["get", "cm", "c", "-o", "jsonpath={.data.key}"]),
        "two"
    );
    // kubectl label records an Update entry for its manager.
    s.kubectl_ok(&["label", "cm", "c", "team=a"]);
    let owners = s.kubectl_ok(&[
        "get",
        "cm",
        "c",
        "-o",
        "jsonpath={range .metadata.managedFields[*]}{.manager}:{.operation} {end}",
    ]);
    assert!(owners.contains("alice:Apply"), "{owners}");
    assert!(owners.contains("kubectl-label:Update"), "{owners}");
}

#[test]
fn widgets_apply_merges_ports_by_key() {
    let s = TestServer::start();
    let w = s.manifest("w.yaml", "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  ports:\n  - name: http\n    port: 80\n");
    s.kubectl_ok(&["apply", "--server-side", "-f", w.to_str().unwrap()]);
    let other = s.manifest("o.yaml", "apiVersion: example.dev/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  ports:\n  - name: grpc\n    port: 9000\n");
    s.kubectl_ok(&[
        "apply",
        "--server-side",
        "--field-manager=team-b",
        "-f",
        other.to_str().unwrap(),
    ]);
    let ports = s.kubectl_ok(&[
        "get",
        "wd",
        "w",
        "-o",
        "jsonpath={range .spec.ports[*]}{.name} {end}",
    ]);
    assert_eq!(ports, "http grpc ");
}

/// kubectl's upgrade from client-side to server-side apply (`KUBECTL.md`
/// section D): after the apply, kubectl applies the last-applied annotation
/// as `kubectl-last-applied`, JSON-patches `/metadata/managedFields` to move
/// `kubectl-client-side-apply`'s fields to `kubectl`, and applies again. The
/// server must merge each step per manager, so the key the new manifest
/// dropped is removed and the changed key is taken without a conflict.
#[test]
fn kubectl_upgrades_client_side_apply_to_server_side() {
    let s = TestServer::start();
    let v1 = s.manifest(
        "m.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\ndata:\n  a: one\n  b: two\n",
    );
    assert_eq!(
        s.kubectl_ok(&["apply", "-f", v1.to_str().unwrap()]),
        "configmap/m created\n"
    );
    let v2 = s.manifest(
        "m2.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\ndata:\n  a: changed\n",
    );
    let out = s.kubectl(&["apply", "--server-side", "-f", v2.to_str().unwrap()]);
    assert!(out.success, "{}", out.stderr);
    assert_eq!(out.stdout, "configmap/m serverside-applied\n");
    assert_eq!(out.stderr, "", "no migration warning");
    let data = s.kubectl_ok(&["get", "cm", "m", "-o", "jsonpath={.data}"]);
    assert_eq!(data, r#"{"a":"changed"}"#);
    let owners = s.kubectl_ok(&[
        "get",
        "cm",
        "m",
        "-o",
        "jsonpath={range .metadata.managedFields[*]}{.manager}:{.operation} {end}",
    ]);
    assert!(!owners.contains("kubectl-client-side-apply"), "{owners}");
    assert!(owners.contains("kubectl:Apply"), "{owners}");
    assert!(owners.contains("kubectl-last-applied:Apply"), "{owners}");
    // The server keeps the annotation in step with kubectl's applies.
    let last = s.kubectl_ok(&[
        "get",
        "cm",
        "m",
        "-o",
        r#"jsonpath={.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}"#,
    ]);
    let last: Value = serde_json::from_str(&last).unwrap();
    assert_eq!(last["data"], json!({"a": "changed"}), "{last}");
    // And a later client-side apply still works from that annotation.
    let v3 = s.manifest(
        "m3.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\ndata:\n  a: changed\n  c: three\n",
    );
    s.kubectl_ok(&["apply", "-f", v3.to_str().unwrap()]);
    assert_eq!(
        s.kubectl_ok(&["get", "cm", "m", "-o", "jsonpath={.data}"]),
        r#"{"a":"changed","c":"three"}"#
    );
}

const NGINX: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
";

/// The managers whose FieldsV1 own `spec.replicas`, sorted.
fn replicas_owners(s: &TestServer) -> Vec<String> {
    let out = s.kubectl_ok(&[
        "get",
        "deploy",
        "nginx-deployment",
        "-o",
        "json",
        "--show-managed-fields",
    ]);
    let obj: Value = serde_json::from_str(&out).unwrap();
    obj["metadata"]["managedFields"]
        .as_array()
        .unwrap_or_else(|| panic!("no managedFields: {obj}"))
        .iter()
        .filter(|e| e["fieldsV1"]["f:spec"].get("f:replicas").is_some())
        .map(|e| e["manager"].as_str().unwrap().to_string())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

fn replicas(s: &TestServer) -> String {
    s.kubectl_ok(&[
        "get",
        "deploy",
        "nginx-deployment",
        "-o",
        "jsonpath={.spec.replicas}",
    ])
}

/// The seed's "Transferring Ownership" example
/// (`api-reference-overview-v1.35.txt`): handing `spec.replicas` from a
/// user's manifest to an autoscaler without the field falling back to its
/// default in between.
#[test]
fn replicas_ownership_transfers_to_an_autoscaler() {
    let s = TestServer::start();
    let full = s.manifest("nginx.yaml", NGINX);
    let without_replicas = s.manifest("nginx2.yaml", &NGINX.replace("  replicas: 3\n", ""));
    let replicas_only = s.manifest(
        "replicas.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\nspec:\n  replicas: 3\n",
    );
    s.kubectl_ok(&["apply", "--server-side", "-f", full.to_str().unwrap()]);
    assert_eq!(replicas_owners(&s), ["kubectl"]);

    // The race the example warns of: dropping replicas while the user is
    // its only owner removes it, and the default (1) comes back.
    s.kubectl_ok(&[
        "apply",
        "--server-side",
        "-f",
        without_replicas.to_str().unwrap(),
    ]);
    assert_eq!(replicas(&s), "1");
    assert_eq!(replicas_owners(&s), Vec::<String>::new());
    s.kubectl_ok(&["apply", "--server-side", "-f", full.to_str().unwrap()]);
    assert_eq!(replicas(&s), "3");

    // The advanced solution: a private manager applies the same value, so
    // the two share ownership, and the user can drop the field safely.
    s.kubectl_ok(&[
        "apply",
        "--server-side",
        "--field-manager=handover-to-hpa",
        "--validate=false",
        "-f",
        replicas_only.to_str().unwrap(),
    ]);
    assert_eq!(replicas_owners(&s), ["handover-to-hpa", "kubectl"]);
    s.kubectl_ok(&[
        "apply",
        "--server-side",
        "-f",
        without_replicas.to_str().unwrap(),
    ]);
    assert_eq!(replicas(&s), "3", "kept: handover-to-hpa still owns it");
    assert_eq!(replicas_owners(&s), ["handover-to-hpa"]);

    // The autoscaler writes replicas through /scale; the temporary manager
    // then owns nothing and its entry disappears.
    let (code, scale) = send(
        &s,
        reqwest::Method::PUT,
        "/apis/apps/v1/namespaces/default/deployments/nginx-deployment/scale?fieldManager=horizontal-pod-autoscaler",
        "application/json",
        r#"{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"nginx-deployment","namespace":"default"},"spec":{"replicas":5}}"#,
    );
    assert_eq!(code, 200, "{scale}");
    assert_eq!(replicas(&s), "5");
    assert_eq!(replicas_owners(&s), ["horizontal-pod-autoscaler"]);
    let all = s.kubectl_ok(&[
        "get",
        "deploy",
        "nginx-deployment",
        "-o",
        "jsonpath={range .metadata.managedFields[*]}{.manager}:{.operation}:{.subresource} {end}",
    ]);
    assert!(!all.contains("handover-to-hpa"), "{all}");
    assert!(
        all.contains("horizontal-pod-autoscaler:Update:scale"),
        "{all}"
    );

    // The basic solution, from the other side: a manifest that still sets
    // replicas now conflicts with the autoscaler.
    let err = s.kubectl_err(&["apply", "--server-side", "-f", full.to_str().unwrap()]);
    assert!(
        err.starts_with(
            "error: Apply failed with 1 conflict: conflict with \"horizontal-pod-autoscaler\" with subresource \"scale\" using apps/v1: .spec.replicas\n"
        ),
        "{err}"
    );
}

/// The apply body is YAML; JSON (what kubectl sends) is read as JSON, and
/// either form gives the same object. A body that is neither is a 400.
#[test]
fn apply_bodies_are_yaml_or_json() {
    let s = TestServer::start();
    let yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: y\ndata:\n  key: \"1\"\n";
    let (code, obj) = send(
        &s,
        reqwest::Method::PATCH,
        &format!("{CM}/y?fieldManager=m"),
        "application/apply-patch+yaml",
        yaml,
    );
    assert_eq!(code, 201, "{obj}");
    assert_eq!(obj["data"], json!({"key": "1"}));
    let (code, obj) = send(
        &s,
        reqwest::Method::PATCH,
        &format!("{CM}/y?fieldManager=m"),
        "application/apply-patch+yaml",
        r#"  {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "y"}, "data": {"key": "2"}}"#,
    );
    assert_eq!(code, 200, "{obj}");
    assert_eq!(obj["data"], json!({"key": "2"}));
    let (code, status) = send(
        &s,
        reqwest::Method::PATCH,
        &format!("{CM}/y?fieldManager=m"),
        "application/apply-patch+yaml",
        "{\"apiVersion\": \"v1\", \"kind\": [",
    );
    assert_eq!(code, 400, "{status}");
    assert_eq!(status["reason"], "BadRequest");
    assert!(
        status["message"]
            .as_str()
            .unwrap()
            .starts_with("error decoding YAML: "),
        "{status}"
    );
}

/// `0`, `0.0` and `-0.0` are one number to the field manager, as to Go:
/// a set of them applied, and managed fields keyed by them, are written
/// where both once failed with a 500 (the sort of a set panicked on
/// `-0.0` being less than `0.0` while `0` equalled both).
#[test]
fn signed_zeros_in_applied_sets_and_managed_fields_are_not_a_500() {
    let s = TestServer::start();
    let zeros = "0.0,-0.0,0.0,0.0,0.0,0,-0.0,0,-0.0,0.0,0.0,0.0,0.0,0,0.0,0.0,0,0.0,0,-0.0,0";
    let body = format!(
        r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"z","finalizers":[{zeros}]}}}}"#
    );
    let (code, status) = send(
        &s,
        reqwest::Method::PATCH,
        &format!("{CM}/z?fieldManager=m"),
        "application/apply-patch+yaml",
        &body,
    );
    assert!(code < 500, "{code} {status}");
    // Keys spelled apart (no key repeats) that read as the three zeros.
    let spellings = [
        "0.0",
        "-0.0",
        "0.00",
        "0.000",
        "0.0000",
        "0",
        "-0.00",
        " 0",
        "-0.000",
        "0.00000",
        "0.000000",
        "0.0000000",
        "0.00000000",
        "  0",
        "0.000000000",
        "0.0000000000",
        "   0",
        "0.00000000000",
        "    0",
        "-0.0000",
        "     0",
    ];
    let fields: serde_json::Map<String, Value> = spellings
        .iter()
        .map(|z| (format!("v:{z}"), json!({})))
        .collect();
    let body = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "m",
        "managedFields": [{"manager": "m", "operation": "Update", "apiVersion": "v1",
                           "fieldsType": "FieldsV1", "fieldsV1": fields}]}});
    let (code, status) = send(
        &s,
        reqwest::Method::POST,
        CM,
        "application/json",
        &body.to_string(),
    );
    assert!(code < 500, "{code} {status}");
}

/// A resourceVersion in the applied configuration is a precondition, as it
/// stays in the object the field manager merges and the generic store's
/// Update compares it (an exported manifest applied after a change is a
/// 409, not an overwrite); the current one applies. An apply that would
/// create an object the configuration names by uid is a 409, one that
/// does not name it a 400 (the patch handler's `applyPatch`), and nothing
/// is created.
#[test]
fn an_applied_resource_version_or_uid_is_a_precondition() {
    let s = TestServer::start();
    let apply_body = |path: &str, body: &str| {
        send(
            &s,
            reqwest::Method::PATCH,
            path,
            "application/apply-patch+yaml",
            body,
        )
    };
    let (code, first) = apply(&s, "pinned", "m", false, json!({"a": "1"}));
    assert_eq!(code, 201, "{first}");
    let stale = first["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_string();
    let (code, changed) = apply(&s, "pinned", "other", false, json!({"b": "2"}));
    assert_eq!(code, 200, "{changed}");
    let current = changed["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_string();
    let pinned = |rv: &str, value: &str| {
        json!({"apiVersion": "v1", "kind": "ConfigMap",
               "metadata": {"name": "pinned", "resourceVersion": rv},
               "data": {"a": value}})
        .to_string()
    };
    let path = format!("{CM}/pinned?fieldManager=m");
    let (code, refused) = apply_body(&path, &pinned(&stale, "stale"));
    assert_eq!(code, 409, "{refused}");
    assert_eq!(refused["reason"], "Conflict");
    assert_eq!(
        refused["message"],
        "Operation cannot be fulfilled on configmaps \"pinned\": the object has been modified; please apply your changes to the latest version and try again"
    );
    let (code, applied) = apply_body(&path, &pinned(&current, "current"));
    assert_eq!(code, 200, "{applied}");
    assert_eq!(applied["data"], json!({"a": "current", "b": "2"}));

    let body = json!({"apiVersion": "v1", "kind": "ConfigMap",
                      "metadata": {"name": "gone", "uid": "6f1c1a8e-0000-4000-8000-000000000001"},
                      "data": {"a": "1"}})
    .to_string();
    let (code, refused) = apply_body(&format!("{CM}/gone?fieldManager=m"), &body);
    assert_eq!(code, 409, "{refused}");
    assert_eq!(
        refused["message"],
        "Operation cannot be fulfilled on configmaps \"gone\": uid mismatch: the provided object specified uid 6f1c1a8e-0000-4000-8000-000000000001, and no existing object was found"
    );
    let gone = |s: &TestServer| {
        send(
            s,
            reqwest::Method::GET,
            &format!("{CM}/gone"),
            "application/json",
            "",
        )
        .0
    };
    assert_eq!(gone(&s), 404);
    // A configuration that would create an object must name it.
    let body = json!({"apiVersion": "v1", "kind": "ConfigMap", "data": {"a": "1"}}).to_string();
    let (code, refused) = apply_body(&format!("{CM}/gone?fieldManager=m"), &body);
    assert_eq!(code, 400, "{refused}");
    assert_eq!(
        refused["message"],
        "the name of the object (gone based on URL) was undeterminable: name must be provided"
    );
    assert_eq!(gone(&s), 404);
}
