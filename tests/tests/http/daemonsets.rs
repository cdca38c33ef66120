//! DaemonSets and ControllerRevisions (apps/v1), which a DaemonSet
//! controller writes and `kubectl rollout` reads: the defaults of
//! `SetDefaults_DaemonSet`, the template generation the strategy keeps,
//! upstream's validation messages and printer columns.

use super::*;
use proto::api::apps::v1 as apps;
use proto::api::core::v1 as core;
use proto::apimachinery::pkg::apis::meta::v1 as meta;
use proto::apimachinery::pkg::runtime::RawExtension;

const DAEMONSETS: &str = "/apis/apps/v1/namespaces/default/daemonsets";
const REVISIONS: &str = "/apis/apps/v1/namespaces/default/controllerrevisions";
const TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

fn daemon_set(name: &str, spec: Value) -> Value {
    let mut spec_with_pods = json!({
        "selector": {"matchLabels": {"app": name}},
        "template": {"metadata": {"labels": {"app": name}},
                     "spec": {"containers": [{"name": "agent", "image": "busybox"}]}},
    });
    for (k, v) in spec.as_object().unwrap() {
        spec_with_pods[k] = v.clone();
    }
    json!({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": name},
           "spec": spec_with_pods})
}

fn generations(object: &Value) -> (i64, &str) {
    (
        object["metadata"]["generation"].as_i64().unwrap(),
        object["metadata"]["annotations"][TEMPLATE_GENERATION]
            .as_str()
            .unwrap(),
    )
}

/// A DaemonSet as its controller's clients send it (protobuf, prost types
/// from our `.proto`) comes back defaulted as upstream's: a rolling update
/// of 1 unavailable and 0 surge, 10 revisions kept, pod defaults, the
/// template generation 1, the four required status counts written as 0.
#[tokio::test]
async fn a_daemon_set_is_defaulted_as_upstream() {
    let api = Api::start();
    let labels: std::collections::BTreeMap<String, String> =
        [("app".to_string(), "agent".to_string())].into();
    let agent = apps::DaemonSet {
        metadata: Some(meta::ObjectMeta {
            name: Some("agent".to_string()),
            ..Default::default()
        }),
        spec: Some(apps::DaemonSetSpec {
            selector: Some(meta::LabelSelector {
                match_labels: labels.clone(),
                ..Default::default()
            }),
            template: Some(core::PodTemplateSpec {
                metadata: Some(meta::ObjectMeta {
                    labels,
                    ..Default::default()
                }),
                spec: Some(core::PodSpec {
                    containers: vec![core::Container {
                        name: Some("agent".to_string()),
                        image: Some("busybox".to_string()),
                        ..Default::default()
                    }],
                    ..Default::default()
                }),
            }),
            ..Default::default()
        }),
        status: None,
    };
    let body = proto::encode_envelope("apps/v1", "DaemonSet", &agent);
    let created = api
        .send(
            Method::POST,
            DAEMONSETS,
            &[("content-type", proto::MEDIA_TYPE)],
            Body::from(body),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let spec = &created.body["spec"];
    assert_eq!(
        spec["updateStrategy"],
        json!({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1, "maxSurge": 0}})
    );
    assert_eq!(spec["revisionHistoryLimit"], 10);
    assert_eq!(spec["template"]["spec"]["restartPolicy"], "Always");
    assert_eq!(generations(&created.body), (1, "1"));
    assert_eq!(
        created.body["status"],
        json!({"currentNumberScheduled": 0, "numberMisscheduled": 0,
               "desiredNumberScheduled": 0, "numberReady": 0})
    );

    let read = api
        .send(
            Method::GET,
            &format!("{DAEMONSETS}/agent"),
            &[("accept", proto::MEDIA_TYPE)],
            Body::empty(),
        )
        .await;
    let (_, decoded): (_, apps::DaemonSet) = proto::decode_envelope(&read.bytes).expect("decodes");
    let strategy = decoded.spec.unwrap().update_strategy.unwrap();
    assert_eq!(strategy.r#type.as_deref(), Some("RollingUpdate"));

    // OnDelete keeps no rolling update parameters.
    let on_delete = api
        .create(
            DAEMONSETS,
            &daemon_set("logs", json!({"updateStrategy": {"type": "OnDelete"}})),
        )
        .await;
    assert_eq!(
        on_delete["spec"]["updateStrategy"],
        json!({"type": "OnDelete"})
    );
}

/// The template generation (the `deprecated.daemonset.template.generation`
/// annotation of apps/v1) moves with the template only, whatever a client
/// writes into it; the generation moves with the whole spec.
#[tokio::test]
async fn the_template_generation_moves_with_the_template() {
    let api = Api::start();
    let mut object = daemon_set("agent", json!({}));
    object["metadata"]["annotations"] = json!({TEMPLATE_GENERATION: "5"});
    let created = api.create(DAEMONSETS, &object).await;
    assert_eq!(generations(&created), (1, "5"), "a create may start it");

    let path = format!("{DAEMONSETS}/agent");
    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"spec": {"template": {"metadata": {"annotations": {"restarted": "now"}}}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(generations(&r.body), (2, "6"));

    let r = api
        .patch(&path, MERGE_PATCH, &json!({"spec": {"minReadySeconds": 5}}))
        .await;
    assert_eq!(generations(&r.body), (3, "6"));

    let r = api
        .patch(
            &path,
            MERGE_PATCH,
            &json!({"metadata": {"annotations": {TEMPLATE_GENERATION: "40"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(generations(&r.body), (3, "6"), "an update cannot set it");
}

/// `ValidateDaemonSetSpec`, `ValidateDaemonSetUpdateStrategy` and
/// `ValidateRollingUpdateDaemonSet` with upstream's messages (values
/// rendered as JSON, as `field.Error` does since Kubernetes 1.34), and the
/// immutable selector of apps/v1.
#[tokio::test]
async fn daemon_sets_are_validated_as_upstream() {
    let api = Api::start();
    let rolling = |update: Value| json!({"updateStrategy": {"type": "RollingUpdate", "rollingUpdate": update}});
    let cases = [
        (
            rolling(json!({"maxUnavailable": 1, "maxSurge": 1})),
            vec![
                "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero",
            ],
        ),
        (
            rolling(json!({"maxUnavailable": "0%", "maxSurge": 0})),
            vec![
                "spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0",
            ],
        ),
        (
            rolling(json!({"maxUnavailable": "120%", "maxSurge": -1})),
            vec![
                "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0",
                "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: \"120%\": must not be greater than 100%",
                "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: -1: may not be set when maxUnavailable is non-zero",
            ],
        ),
        // A quoted number is not a percentage, but still counts as its
        // number (`getIntOrPercentValue`).
        (
            rolling(json!({"maxUnavailable": "1", "maxSurge": "1"})),
            vec![
                "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: \"1\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
                "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: \"1\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
                "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: \"1\": may not be set when maxUnavailable is non-zero",
            ],
        ),
        (
            json!({"updateStrategy": {"type": "Recreate"}}),
            vec![
                "spec.updateStrategy: Unsupported value: {\"Type\":\"Recreate\",\"RollingUpdate\":null}: supported values: \"RollingUpdate\", \"OnDelete\"",
            ],
        ),
        (
            json!({"minReadySeconds": -1, "revisionHistoryLimit": -2}),
            vec![
                "spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0",
                "spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0",
            ],
        ),
        (
            json!({"template": {"metadata": {"labels": {"app": "other"}},
                                "spec": {"restartPolicy": "OnFailure", "activeDeadlineSeconds": 10,
                                         "containers": [{"name": "agent", "image": "busybox"}]}}}),
            vec![
                "spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`",
                "spec.template.spec.restartPolicy: Unsupported value: \"OnFailure\": supported values: \"Always\"",
                "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported",
            ],
        ),
        (
            json!({"selector": {}}),
            vec!["spec.selector: Invalid value: {}: empty selector is invalid for daemonset"],
        ),
        // The selector's errors come before the template's, as in
        // upstream's `ValidateDaemonSetSpec`.
        (
            json!({"template": {"metadata": {"labels": {"app": "other"}},
                                "spec": {"containers": [{"name": "agent"}]}}}),
            vec![
                "spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`",
                "spec.template.spec.containers[0].image: Required value",
            ],
        ),
    ];
    for (spec, expected) in cases {
        let r = api
            .post(DAEMONSETS, &daemon_set("agent", spec.clone()))
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{spec}: {}",
            r.text
        );
        assert_eq!(r.causes(), expected, "{spec}");
    }

    api.create(DAEMONSETS, &daemon_set("agent", json!({})))
        .await;
    let r = api
        .patch(
            &format!("{DAEMONSETS}/agent"),
            MERGE_PATCH,
            &json!({"spec": {"selector": {"matchLabels": {"app": "agent", "tier": "node"}},
                             "template": {"metadata": {"labels": {"tier": "node"}}}}}),
        )
        .await;
    assert_eq!(
        r.causes(),
        [
            "spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"agent\",\"tier\":\"node\"}}: field is immutable"
        ]
    );
}

/// `kubectl get ds` and `kubectl get controllerrevisions`: upstream's
/// `printDaemonSet` and `printControllerRevision` columns and cells.
#[tokio::test]
async fn daemon_sets_and_revisions_print_as_upstream() {
    let api = Api::start();
    let mut object = daemon_set("agent", json!({}));
    object["spec"]["template"]["spec"]["nodeSelector"] =
        json!({"kubernetes.io/os": "linux", "disk": "ssd"});
    let created = api.create(DAEMONSETS, &object).await;
    let table = api.get_as(DAEMONSETS, TABLE).await.body;
    let columns: Vec<(&str, &str, i64)> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap(),
                c["type"].as_str().unwrap(),
                c["priority"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        columns,
        [
            ("Name", "string", 0),
            ("Desired", "integer", 0),
            ("Current", "integer", 0),
            ("Ready", "integer", 0),
            ("Up-to-date", "integer", 0),
            ("Available", "integer", 0),
            ("Node Selector", "string", 0),
            ("Age", "string", 0),
            ("Containers", "string", 1),
            ("Images", "string", 1),
            ("Selector", "string", 1),
        ]
    );
    let cells = table["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(
        cells[..7],
        [
            json!("agent"),
            json!(0),
            json!(0),
            json!(0),
            json!(0),
            json!(0),
            json!("disk=ssd,kubernetes.io/os=linux")
        ]
    );
    assert_eq!(
        cells[8..],
        [json!("agent"), json!("busybox"), json!("app=agent")]
    );
    let list = api.get("/apis/apps/v1").await.body;
    let resource = api_resource(&list, "daemonsets");
    assert_eq!(resource["shortNames"], json!(["ds"]));
    assert_eq!(resource["categories"], json!(["all"]));

    api.create(
        REVISIONS,
        &json!({"metadata": {"name": "agent-1", "ownerReferences": [{
                    "apiVersion": "apps/v1", "kind": "DaemonSet", "name": "agent",
                    "uid": created["metadata"]["uid"], "controller": true}]},
                "data": {"spec": {}}, "revision": 1}),
    )
    .await;
    api.create(
        REVISIONS,
        &json!({"metadata": {"name": "loose"}, "data": {}, "revision": 2}),
    )
    .await;
    let table = api.get_as(REVISIONS, TABLE).await.body;
    let names: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Name", "Controller", "Revision", "Age"]);
    let rows: Vec<&[Value]> = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["cells"].as_array().unwrap()[..3])
        .collect();
    assert_eq!(
        rows,
        [
            &[json!("agent-1"), json!("daemonset.apps/agent"), json!(1)][..],
            &[json!("loose"), json!("<none>"), json!(2)][..],
        ]
    );
}

/// ControllerRevisions keep their data as sent (protobuf included), never
/// change it, keep no generation, and must hold a JSON object
/// (`ValidateControllerRevisionCreate`/`Update`).
#[tokio::test]
async fn controller_revisions_keep_their_data() {
    let api = Api::start();
    let revision = apps::ControllerRevision {
        metadata: Some(meta::ObjectMeta {
            name: Some("agent-1".to_string()),
            ..Default::default()
        }),
        data: Some(RawExtension {
            raw: Some(br#"{"spec":{"template":{"metadata":{"labels":{"app":"agent"}}}}}"#.to_vec()),
        }),
        revision: Some(1),
    };
    let body = proto::encode_envelope("apps/v1", "ControllerRevision", &revision);
    let created = api
        .send(
            Method::POST,
            REVISIONS,
            &[("content-type", proto::MEDIA_TYPE)],
            Body::from(body),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(
        created.body["data"],
        json!({"spec": {"template": {"metadata": {"labels": {"app": "agent"}}}}})
    );
    assert_eq!(created.body["revision"], 1);
    assert!(created.body["metadata"].get("generation").is_none());

    let path = format!("{REVISIONS}/agent-1");
    let r = api
        .patch(&path, MERGE_PATCH, &json!({"data": {"x": 1}}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(
        r.causes(),
        [
            "data: Invalid value: {\"spec\":{\"template\":{\"metadata\":{\"labels\":{\"app\":\"agent\"}}}},\"x\":1}: field is immutable"
        ]
    );
    let r = api.patch(&path, MERGE_PATCH, &json!({"revision": 2})).await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "the revision may change: {}",
        r.text
    );

    for (data, expected) in [
        (None, "data: Required value: data is mandatory"),
        (
            Some(json!([1])),
            "data: Invalid value: \"<value omitted>\": error parsing data: json: cannot unmarshal array into Go value of type map[string]interface {}",
        ),
    ] {
        let mut object = json!({"metadata": {"name": "bad"}, "revision": -1});
        if let Some(data) = data {
            object["data"] = data;
        }
        let r = api.post(REVISIONS, &object).await;
        assert_eq!(
            r.causes(),
            [
                "revision: Invalid value: -1: must be greater than or equal to 0",
                expected
            ]
        );
    }
}
