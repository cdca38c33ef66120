//! Nodes (core/v1), which controller tests register in place of kubelets:
//! the status a create sets is kept (and the allocatable resources
//! default to the capacity), the `TaintNodesByCondition` plugin's
//! not-ready taint, status changed only through `/status`,
//! `ValidateNode`/`ValidateNodeUpdate` in upstream's words, the
//! deprecation warnings, the `spec.unschedulable` field selector and
//! `printNode`'s columns. Also the `DefaultTolerationSeconds` plugin's
//! pod tolerations.

use super::*;

const NODES: &str = "/api/v1/nodes";

fn node(name: &str) -> Value {
    json!({
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": {"node-role.kubernetes.io/worker": ""}},
        "spec": {"podCIDR": "10.244.1.0/24", "podCIDRs": ["10.244.1.0/24"], "providerID": "kind://docker/kind/worker"},
        "status": {
            "capacity": {"cpu": "4", "memory": "8Gi", "pods": "110"},
            "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady"}],
            "addresses": [{"type": "InternalIP", "address": "172.18.0.2"}, {"type": "Hostname", "address": name}],
            "nodeInfo": {"kubeletVersion": "v1.36.0", "osImage": "Debian GNU/Linux 12 (bookworm)",
                         "containerRuntimeVersion": "containerd://2.1.1"}
        }
    })
}

/// A registered node keeps the status it was created with, its
/// allocatable resources default to its capacity, it is tainted not-ready
/// until told otherwise, and its JSON has upstream's shape: Go's value
/// structs (`daemonEndpoints`, `nodeInfo`) written whole, unset condition
/// times as `null`. The creator does not own the status.
#[tokio::test]
async fn a_created_node_keeps_its_status_and_is_tainted_not_ready() {
    let api = Api::start();
    let created = api.create(NODES, &node("worker-1")).await;
    assert_eq!(created["metadata"].get("namespace"), None);
    assert_eq!(created["metadata"].get("generation"), None);
    assert_eq!(
        created["status"]["allocatable"],
        json!({"cpu": "4", "memory": "8Gi", "pods": "110"})
    );
    assert_eq!(
        created["status"]["conditions"][0]["lastHeartbeatTime"],
        Value::Null
    );
    assert_eq!(
        created["status"]["daemonEndpoints"],
        json!({"kubeletEndpoint": {"Port": 0}})
    );
    assert_eq!(
        created["status"]["nodeInfo"],
        json!({"machineID": "", "systemUUID": "", "bootID": "", "kernelVersion": "",
               "osImage": "Debian GNU/Linux 12 (bookworm)",
               "containerRuntimeVersion": "containerd://2.1.1", "kubeletVersion": "v1.36.0",
               "kubeProxyVersion": "", "operatingSystem": "", "architecture": ""})
    );
    assert_eq!(
        created["spec"]["taints"],
        json!([{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}])
    );
    let fields = &created["metadata"]["managedFields"][0]["fieldsV1"];
    assert!(fields.get("f:spec").is_some(), "{fields}");
    assert_eq!(fields.get("f:status"), None, "{fields}");

    // A node that already carries the taint (with any value) gets no
    // second one.
    let mut tainted = node("worker-2");
    tainted["spec"]["taints"] = json!([
        {"key": "node.kubernetes.io/not-ready", "value": "x", "effect": "NoSchedule"},
        {"key": "node.kubernetes.io/not-ready", "effect": "NoExecute"}
    ]);
    let created = api.create(NODES, &tainted).await;
    assert_eq!(created["spec"]["taints"], tainted["spec"]["taints"]);
}

/// Through the main resource the status stays as stored; through
/// `/status` only the status changes.
#[tokio::test]
async fn node_status_changes_only_through_the_status_subresource() {
    let api = Api::start();
    let created = api.create(NODES, &node("worker-1")).await;
    let path = format!("{NODES}/worker-1");

    let mut body = created.clone();
    body["spec"]["unschedulable"] = json!(true);
    body["status"]["conditions"][0]["status"] = json!("False");
    let r = api.put(&path, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["unschedulable"], true);
    assert_eq!(r.body["status"]["conditions"][0]["status"], "True");

    let mut body = r.body.clone();
    body["spec"]["unschedulable"] = json!(false);
    body["status"]["conditions"][0]["status"] = json!("False");
    let r = api.put(&format!("{path}/status"), &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["unschedulable"], true);
    assert_eq!(r.body["status"]["conditions"][0]["status"], "False");
}

/// `ValidateNode` and `ValidateNodeUpdate`, in upstream's words (taints
/// are reported under `metadata.taints`, as upstream's path says).
#[tokio::test]
async fn nodes_are_validated_as_upstream() {
    let api = Api::start();
    let with = |change: &dyn Fn(&mut Value)| {
        let mut n = node("bad");
        change(&mut n);
        n
    };
    let cases: Vec<(Value, Vec<&str>)> = vec![
        (
            with(&|n| {
                n["spec"]["taints"] = json!([
                    {"key": "gpu", "effect": "NoSchedule"},
                    {"key": "gpu", "value": "a", "effect": "NoSchedule"},
                    {"key": "-bad", "effect": "Sometimes"},
                    {"key": "ok", "value": "not a value"}
                ])
            }),
            vec![
                "metadata.taints[1]: Duplicate value: core.Taint{Key:\"gpu\", Value:\"a\", Effect:\"NoSchedule\", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair",
                "metadata.taints[2].effect: Unsupported value: \"Sometimes\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"",
                "metadata.taints[2].key: Invalid value: \"-bad\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
                "metadata.taints[3].effect: Required value",
                "metadata.taints[3].value: Invalid value: \"not a value\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
            ],
        ),
        (
            with(&|n| pod_cidrs(n, json!(["10.0.0.0/24", "10.1.0.0/24"]))),
            vec![
                "spec.podCIDRs: Invalid value: []string{\"10.0.0.0/24\", \"10.1.0.0/24\"}: may specify no more than one CIDR for each IP family",
            ],
        ),
        (
            with(&|n| pod_cidrs(n, json!(["10.0.0.0/24", "10.0.0.0/24"]))),
            vec![
                "spec.podCIDRs: Invalid value: []string{\"10.0.0.0/24\", \"10.0.0.0/24\"}: may specify no more than one CIDR for each IP family",
                "spec.podCIDRs[1]: Duplicate value: \"10.0.0.0/24\"",
            ],
        ),
        (
            with(&|n| pod_cidrs(n, json!(["10.0.0.0", "fd00::/64"]))),
            vec![
                "spec.podCIDRs: Internal error: invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR[0]: <nil> (invalid CIDR address: 10.0.0.0)",
                "spec.podCIDRs: Invalid value: []string{\"10.0.0.0\", \"fd00::/64\"}: may specify no more than one CIDR for each IP family",
                "spec.podCIDRs[0]: Invalid value: \"10.0.0.0\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
            ],
        ),
        (
            with(&|n| {
                n["status"]["capacity"] =
                    json!({"cpu": "-1", "pods": "1500m", "example.com/gpu": "0.5", "memory": "1.5"})
            }),
            vec![
                "status.allocatable[cpu]: Invalid value: \"-1\": must be greater than or equal to 0",
                "status.allocatable[example.com/gpu]: Invalid value: \"500m\": must be an integer",
                "status.allocatable[pods]: Invalid value: \"1500m\": must be an integer",
                "status.capacity[cpu]: Invalid value: \"-1\": must be greater than or equal to 0",
                "status.capacity[example.com/gpu]: Invalid value: \"500m\": must be an integer",
                "status.capacity[pods]: Invalid value: \"1500m\": must be an integer",
            ],
        ),
    ];
    for (body, expected) in cases {
        let r = api.post(NODES, &body).await;
        r.assert_failure(422, "Invalid");
        let mut causes = r.causes();
        causes.sort();
        assert_eq!(causes, expected, "{body}");
    }
    let dual = api
        .post(
            NODES,
            &with(&|n| pod_cidrs(n, json!(["10.0.0.0/24", "fd00::/64"]))),
        )
        .await;
    assert_eq!(
        dual.status,
        StatusCode::CREATED,
        "a dual-stack pair: {}",
        dual.text
    );
    assert_eq!(
        dual.body["spec"]["podCIDR"], "10.0.0.0/24",
        "the first range"
    );

    // The pod ranges and provider ID are set once; externalID never
    // changes.
    let created = api.create(NODES, &node("worker-1")).await;
    let mut body = created.clone();
    body["spec"]["podCIDRs"] = json!(["10.244.9.0/24"]);
    body["spec"]["podCIDR"] = json!("10.244.9.0/24");
    body["spec"]["providerID"] = json!("kind://docker/kind/other");
    body["spec"]["externalID"] = json!("i-123");
    let r = api.put(&format!("{NODES}/worker-1"), &body).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "spec.podCIDRs: Forbidden: node updates may not change podCIDR except from \"\" to valid",
            "spec.providerID: Forbidden: node updates may not change providerID except from \"\" to valid",
            "spec.externalID: Forbidden: may not be updated",
        ]
    );
    // Repeated addresses are refused on update.
    let mut body = created.clone();
    body["status"]["addresses"] = json!([
        {"type": "InternalIP", "address": "172.18.0.2"},
        {"type": "InternalIP", "address": "172.18.0.2"}
    ]);
    let r = api.put(&format!("{NODES}/worker-1/status"), &body).await;
    assert_eq!(
        r.causes(),
        [
            "status.addresses[1]: Duplicate value: core.NodeAddress{Type:\"InternalIP\", Address:\"172.18.0.2\"}"
        ]
    );
}

/// Sets a node's pod ranges alone (`podCIDR` would replace them).
fn pod_cidrs(node: &mut Value, ranges: Value) {
    node["spec"].as_object_mut().unwrap().remove("podCIDR");
    node["spec"]["podCIDRs"] = ranges;
}

/// As upstream's conversions leave them: `podCIDR` alone gives `podCIDRs`
/// of it; when both differ, `podCIDR` wins; `podCIDR` is written from the
/// first range. A node that set only `podCIDR` cannot change it.
#[tokio::test]
async fn pod_cidr_is_authoritative_over_pod_cidrs() {
    let api = Api::start();
    let mut only = node("only");
    only["spec"] = json!({"podCIDR": "10.244.2.0/24"});
    let created = api.create(NODES, &only).await;
    assert_eq!(
        created["spec"],
        json!({"podCIDR": "10.244.2.0/24", "podCIDRs": ["10.244.2.0/24"],
               "taints": [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}]})
    );
    let mut both = node("both");
    both["spec"] = json!({"podCIDR": "10.244.3.0/24", "podCIDRs": ["10.244.4.0/24", "fd00::/64"]});
    let created = api.create(NODES, &both).await;
    assert_eq!(created["spec"]["podCIDRs"], json!(["10.244.3.0/24"]));

    let mut body = api.get(&format!("{NODES}/only")).await.body;
    body["spec"] = json!({"podCIDR": "10.244.9.0/24"});
    let r = api.put(&format!("{NODES}/only"), &body).await;
    assert_eq!(
        r.causes(),
        ["spec.podCIDRs: Forbidden: node updates may not change podCIDR except from \"\" to valid"]
    );
}

/// The retired `externalID` draws upstream's warning; the
/// DynamicKubeletConfig source is dropped before the warnings are made
/// (`PrepareForCreate` runs first), so it draws none.
#[tokio::test]
async fn deprecated_node_fields_are_warned_about() {
    let api = Api::start();
    let mut body = node("old");
    body["spec"]["externalID"] = json!("i-123");
    body["spec"]["configSource"] = json!({"configMap": {"namespace": "kube-system", "name": "kubelet", "kubeletConfigKey": "kubelet"}});
    let r = api.post(NODES, &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.warnings(),
        ["299 - \"spec.externalID: this field is deprecated, and is unused by Kubernetes\""]
    );
    assert_eq!(r.body["spec"].get("configSource"), None);
    assert_eq!(r.body["spec"]["externalID"], "i-123");
}

/// `kubectl get nodes`' table: the Ready condition (`Unknown` without
/// one), `SchedulingDisabled` for a cordoned node, the roles from both
/// role labels, the kubelet's version; the wide columns with `<none>` and
/// `<unknown>`. Nodes are selected by `spec.unschedulable`.
#[tokio::test]
async fn nodes_are_printed_and_selected_as_upstream() {
    let api = Api::start();
    api.create(NODES, &node("ready")).await;
    let mut not_ready = node("not-ready");
    not_ready["status"]["conditions"][0]["status"] = json!("Unknown");
    not_ready["spec"]["unschedulable"] = json!(true);
    not_ready["metadata"]["labels"] =
        json!({"kubernetes.io/role": "edge", "node-role.kubernetes.io/control-plane": ""});
    api.create(NODES, &not_ready).await;
    api.create(NODES, &json!({"metadata": {"name": "bare"}}))
        .await;

    let table = api.get_as(NODES, TABLE).await;
    assert_eq!(table.status, StatusCode::OK, "{}", table.text);
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
            ("Status", 0),
            ("Roles", 0),
            ("Age", 0),
            ("Version", 0),
            ("Internal-IP", 1),
            ("External-IP", 1),
            ("OS-Image", 1),
            ("Kernel-Version", 1),
            ("Container-Runtime", 1),
        ]
    );
    let rows: Vec<Vec<Value>> = table.body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let mut cells = r["cells"].as_array().unwrap().clone();
            cells[3] = json!("<age>");
            cells
        })
        .collect();
    assert_eq!(
        rows,
        [
            vec![
                json!("bare"),
                json!("Unknown"),
                json!("<none>"),
                json!("<age>"),
                json!(""),
                json!("<none>"),
                json!("<none>"),
                json!("<unknown>"),
                json!("<unknown>"),
                json!("<unknown>"),
            ],
            vec![
                json!("not-ready"),
                json!("NotReady,SchedulingDisabled"),
                json!("control-plane,edge"),
                json!("<age>"),
                json!("v1.36.0"),
                json!("172.18.0.2"),
                json!("<none>"),
                json!("Debian GNU/Linux 12 (bookworm)"),
                json!("<unknown>"),
                json!("containerd://2.1.1"),
            ],
            vec![
                json!("ready"),
                json!("Ready"),
                json!("worker"),
                json!("<age>"),
                json!("v1.36.0"),
                json!("172.18.0.2"),
                json!("<none>"),
                json!("Debian GNU/Linux 12 (bookworm)"),
                json!("<unknown>"),
                json!("containerd://2.1.1"),
            ],
        ]
    );

    let cordoned = api
        .get(&format!("{NODES}?fieldSelector=spec.unschedulable%3Dtrue"))
        .await;
    assert_eq!(names(&cordoned.body), ["not-ready"]);
    let schedulable = api
        .get(&format!("{NODES}?fieldSelector=spec.unschedulable%3Dfalse"))
        .await;
    assert_eq!(names(&schedulable.body), ["bare", "ready"]);

    // As upstream formats the Go bool, a pod that leaves `hostNetwork` out
    // has `false` there.
    let pods = "/api/v1/namespaces/default/pods";
    for (name, host) in [("plain", false), ("host", true)] {
        api.create(
            pods,
            &json!({"metadata": {"name": name},
                    "spec": {"hostNetwork": host, "containers": [{"name": "c", "image": "nginx"}]}}),
        )
        .await;
    }
    for (value, selected) in [("false", ["plain"]), ("true", ["host"])] {
        let r = api
            .get(&format!("{pods}?fieldSelector=spec.hostNetwork%3D{value}"))
            .await;
        assert_eq!(names(&r.body), selected);
    }
}

/// The `DefaultTolerationSeconds` plugin: a pod tolerates a not-ready or
/// unreachable node for 300 seconds, unless it tolerates that key (or
/// every key) for `NoExecute` (or every effect); an update adds them back.
#[tokio::test]
async fn pods_get_the_default_toleration_seconds() {
    let api = Api::start();
    let pods = "/api/v1/namespaces/default/pods";
    let pod = |name: &str, tolerations: Value| {
        json!({"metadata": {"name": name},
               "spec": {"containers": [{"name": "c", "image": "nginx"}], "tolerations": tolerations}})
    };
    let defaults = json!([
        {"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
        {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}
    ]);
    let plain = api.create(pods, &pod("plain", json!([]))).await;
    assert_eq!(plain["spec"]["tolerations"], defaults);
    // The plugin's tolerations are no manager's.
    let spec = &plain["metadata"]["managedFields"][0]["fieldsV1"]["f:spec"];
    assert_eq!(spec.get("f:tolerations"), None, "{spec}");

    let own = json!([{"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 10}]);
    let created = api.create(pods, &pod("own", own.clone())).await;
    assert_eq!(
        created["spec"]["tolerations"],
        json!([own[0], defaults[0]]),
        "only the missing one is added, after the pod's own"
    );
    // Every key, but only for NoSchedule: both are still added.
    let no_schedule = json!([{"operator": "Exists", "effect": "NoSchedule"}]);
    let created = api
        .create(pods, &pod("no-schedule", no_schedule.clone()))
        .await;
    assert_eq!(
        created["spec"]["tolerations"],
        json!([no_schedule[0], defaults[0], defaults[1]])
    );
    let everything = json!([{"operator": "Exists"}]);
    let created = api
        .create(pods, &pod("everything", everything.clone()))
        .await;
    assert_eq!(created["spec"]["tolerations"], everything);

    // A PUT without them gets them again.
    let mut body = plain.clone();
    body["spec"]["tolerations"] = json!([]);
    body["metadata"]["labels"] = json!({"changed": "yes"});
    let r = api.put(&format!("{pods}/plain"), &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["tolerations"], defaults);
}
