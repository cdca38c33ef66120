//! PriorityClasses (`scheduling.k8s.io/v1`), which charts ship for their
//! critical workloads: the system classes exist from the start and are
//! never deleted, a class gets upstream's default preemption policy,
//! `ValidatePriorityClass`/`Update` in upstream's words, and
//! `printPriorityClass` columns.

use super::*;

const CLASSES: &str = "/apis/scheduling.k8s.io/v1/priorityclasses";

/// The two system classes are served at start, as kube-apiserver's
/// post-start hook creates them, and a delete of one is refused.
#[tokio::test]
async fn system_priority_classes_exist_and_stay() {
    let api = Api::start();
    let node = api.get(&format!("{CLASSES}/system-node-critical")).await;
    assert_eq!(node.status, StatusCode::OK, "{}", node.text);
    assert_eq!(node.body["value"], 2000001000);
    assert_eq!(node.body["preemptionPolicy"], "PreemptLowerPriority");
    assert_eq!(
        node.body["description"],
        "Used for system critical pods that must not be moved from their current node."
    );
    let cluster = api.get(&format!("{CLASSES}/system-cluster-critical")).await;
    assert_eq!(cluster.body["value"], 2000000000);
    let r = api.delete(&format!("{CLASSES}/system-node-critical")).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "priorityclasses.scheduling.k8s.io \"system-node-critical\" is forbidden: this is a system priority class and cannot be deleted"
    );
}

/// A class gets `PreemptLowerPriority`; `system-` names are reserved; a
/// user's value is at most 10^9; the value and the preemption policy do
/// not change; the table has upstream's columns.
#[tokio::test]
async fn priority_classes_are_kept_validated_and_printed_as_upstream() {
    let api = Api::start();
    let created = api
        .create(
            CLASSES,
            &json!({"metadata": {"name": "batch-high"}, "value": 100000,
                    "description": "Batch jobs that matter"}),
        )
        .await;
    assert_eq!(created["preemptionPolicy"], "PreemptLowerPriority");
    assert_eq!(created["metadata"].get("namespace"), None);

    for (body, cause) in [
        (
            json!({"metadata": {"name": "system-mine"}, "value": 5}),
            "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class",
        ),
        (
            json!({"metadata": {"name": "too-high"}, "value": 1000000001}),
            "value: Forbidden: maximum allowed value of a user defined priority is 1000000000",
        ),
        (
            json!({"metadata": {"name": "polite"}, "value": 1, "preemptionPolicy": "Sometimes"}),
            "preemptionPolicy: Unsupported value: \"Sometimes\": supported values: \"PreemptLowerPriority\", \"Never\"",
        ),
    ] {
        assert_eq!(api.post(CLASSES, &body).await.causes(), [cause]);
    }

    let path = format!("{CLASSES}/batch-high");
    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"value": 7, "preemptionPolicy": "Never", "description": "changed"}),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "value: Forbidden: may not be changed in an update.",
            "preemptionPolicy: Invalid value: \"Never\": field is immutable",
        ]
    );
    let r = api
        .patch(&path, MERGE_PATCH, &json!({"description": "changed"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let table = api.get_as(&path, TABLE).await.body;
    let columns: Vec<(&str, &str)> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["type"].as_str().unwrap()))
        .collect();
    assert_eq!(
        columns,
        [
            ("Name", "string"),
            ("Value", "integer"),
            ("Global-Default", "boolean"),
            ("Age", "string"),
            ("PreemptionPolicy", "string")
        ]
    );
    let cells = table["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(
        cells[..3],
        [json!("batch-high"), json!(100000), json!(false)]
    );
    assert_eq!(cells[4], "PreemptLowerPriority");
    let list = api.get("/apis/scheduling.k8s.io/v1").await.body;
    assert_eq!(
        api_resource(&list, "priorityclasses")["shortNames"],
        json!(["pc"])
    );
}

const PODS: &str = "/api/v1/namespaces/default/pods";

/// A Pod of one container, with `spec` fields added.
fn pod(name: &str, spec: Value) -> Value {
    let mut pod = json!({"metadata": {"name": name},
                         "spec": {"containers": [{"name": "c", "image": "nginx"}]}});
    for (k, v) in spec.as_object().unwrap() {
        pod["spec"][k] = v.clone();
    }
    pod
}

/// The Priority admission plugin, as kube-apiserver runs it by default: a
/// Pod's priority and preemption policy come from its class (0 and
/// `PreemptLowerPriority` without one), an unknown class or a priority
/// the class does not give is refused, and an update keeps them.
#[tokio::test]
async fn pods_get_the_priority_of_their_class() {
    let api = Api::start();
    let plain = api.create(PODS, &pod("plain", json!({}))).await;
    assert_eq!(plain["spec"]["priority"], 0);
    assert_eq!(plain["spec"]["preemptionPolicy"], "PreemptLowerPriority");
    assert_eq!(plain["spec"].get("priorityClassName"), None);
    // Set by admission and by the strategy (the pending phase), so no
    // manager's: the field manager records the request's object first.
    let fields = plain["metadata"]["managedFields"][0]["fieldsV1"].to_string();
    assert!(fields.contains("f:restartPolicy"), "{fields}");
    // Defaulted to `{}` through a Go pointer, so the manager's, as
    // upstream records it.
    assert!(fields.contains(r#""f:securityContext":{}"#), "{fields}");
    for set_by_the_server in ["f:priority", "f:preemptionPolicy", "f:status"] {
        assert!(!fields.contains(set_by_the_server), "{fields}");
    }

    api.create(
        CLASSES,
        &json!({"metadata": {"name": "batch"}, "value": 1000, "preemptionPolicy": "Never"}),
    )
    .await;
    let batch = api
        .create(PODS, &pod("batch", json!({"priorityClassName": "batch"})))
        .await;
    assert_eq!(batch["spec"]["priority"], 1000);
    assert_eq!(batch["spec"]["preemptionPolicy"], "Never");
    // The same values in the body are accepted.
    let same = json!({"priorityClassName": "batch", "priority": 1000, "preemptionPolicy": "Never"});
    let r = api.post(PODS, &pod("same", same)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let critical = api
        .create(
            PODS,
            &pod(
                "critical",
                json!({"priorityClassName": "system-cluster-critical"}),
            ),
        )
        .await;
    assert_eq!(critical["spec"]["priority"], 2000000000);

    for (name, spec, message) in [
        (
            "lost",
            json!({"priorityClassName": "missing"}),
            "pods \"lost\" is forbidden: no PriorityClass with name missing was found",
        ),
        (
            "eager",
            json!({"priorityClassName": "batch", "priority": 5}),
            "pods \"eager\" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name",
        ),
        (
            "rude",
            json!({"priorityClassName": "batch", "preemptionPolicy": "PreemptLowerPriority"}),
            "pods \"rude\" is forbidden: the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided in pod spec; priority admission controller computed Never from the given PriorityClass name",
        ),
        (
            "self-made",
            json!({"priority": 3}),
            "pods \"self-made\" is forbidden: the integer value of priority (3) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name",
        ),
    ] {
        let r = api.post(PODS, &pod(name, spec)).await;
        r.assert_failure(403, "Forbidden");
        assert_eq!(r.body["message"], message);
        assert_eq!(
            api.get(&format!("{PODS}/{name}")).await.status,
            StatusCode::NOT_FOUND
        );
    }

    // A generated name is not made yet: the refusal names its prefix, as
    // upstream's `admission.NewForbidden` does.
    let r = api
        .post(
            PODS,
            &json!({"metadata": {"generateName": "lost-"},
                    "spec": {"priorityClassName": "missing",
                             "containers": [{"name": "c", "image": "nginx"}]}}),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "pods \"lost-\" is forbidden: no PriorityClass with name missing was found"
    );

    // An update whose body drops them keeps the stored priority and policy
    // (pod validation would refuse their change).
    let mut update = batch.clone();
    let spec = update["spec"].as_object_mut().unwrap();
    spec.remove("priority");
    spec.remove("preemptionPolicy");
    update["metadata"]["labels"] = json!({"tier": "batch"});
    let r = api.put(&format!("{PODS}/batch"), &update).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["priority"], 1000);
    assert_eq!(r.body["spec"]["preemptionPolicy"], "Never");
}

/// A global default class names the priority of Pods without a class,
/// and a second default is refused while it is one.
#[tokio::test]
async fn one_global_default_priority_class_applies_to_pods_without_one() {
    let api = Api::start();
    api.create(
        CLASSES,
        &json!({"metadata": {"name": "everyday"}, "value": 7, "globalDefault": true}),
    )
    .await;
    let p = api.create(PODS, &pod("p", json!({}))).await;
    assert_eq!(p["spec"]["priorityClassName"], "everyday");
    assert_eq!(p["spec"]["priority"], 7);
    assert_eq!(p["spec"]["preemptionPolicy"], "PreemptLowerPriority");

    let second = json!({"metadata": {"name": "another"}, "value": 1, "globalDefault": true});
    let r = api.post(CLASSES, &second).await;
    r.assert_failure(403, "Forbidden");
    assert_eq!(
        r.body["message"],
        "priorityclasses.scheduling.k8s.io \"another\" is forbidden: PriorityClass everyday is already marked as default. Only one default can exist"
    );
    // Made default by an update: refused too; the default itself may change.
    api.create(
        CLASSES,
        &json!({"metadata": {"name": "another"}, "value": 1}),
    )
    .await;
    let r = api
        .patch(
            &format!("{CLASSES}/another"),
            MERGE_PATCH,
            &json!({"globalDefault": true}),
        )
        .await;
    r.assert_failure(403, "Forbidden");
    let r = api
        .patch(
            &format!("{CLASSES}/everyday"),
            MERGE_PATCH,
            &json!({"description": "what most pods get"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}
