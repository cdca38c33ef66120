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
