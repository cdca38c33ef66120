//! ReplicaSets (apps/v1), which a Deployment controller creates and
//! scales: protobuf as controllers send it, the Table kubectl prints, the
//! scale subresource, and upstream's validation.

use super::*;
use proto::api::apps::v1 as apps;
use proto::api::core::v1 as core;
use proto::apimachinery::pkg::apis::meta::v1 as meta;

const REPLICASETS: &str = "/apis/apps/v1/namespaces/default/replicasets";

fn labels(app: &str) -> std::collections::BTreeMap<String, String> {
    [("app".to_string(), app.to_string())].into()
}

/// A ReplicaSet as the Deployment controller creates one: protobuf, from
/// the prost types compiled from our `.proto` (whose descriptors are
/// upstream's), read back the same way and as JSON.
#[tokio::test]
async fn a_replica_set_in_protobuf_is_created_and_read_back() {
    let api = Api::start();
    let replica_set = apps::ReplicaSet {
        metadata: Some(meta::ObjectMeta {
            name: Some("web-5d8f".to_string()),
            labels: labels("web"),
            ..Default::default()
        }),
        spec: Some(apps::ReplicaSetSpec {
            replicas: Some(2),
            min_ready_seconds: Some(5),
            selector: Some(meta::LabelSelector {
                match_labels: labels("web"),
                ..Default::default()
            }),
            template: Some(core::PodTemplateSpec {
                metadata: Some(meta::ObjectMeta {
                    labels: labels("web"),
                    ..Default::default()
                }),
                spec: Some(core::PodSpec {
                    containers: vec![core::Container {
                        name: Some("nginx".to_string()),
                        image: Some("nginx:1.25".to_string()),
                        ..Default::default()
                    }],
                    ..Default::default()
                }),
            }),
        }),
        status: None,
    };
    let body = proto::encode_envelope("apps/v1", "ReplicaSet", &replica_set);
    let protobuf = [("content-type", proto::MEDIA_TYPE)];
    let created = api
        .send(Method::POST, REPLICASETS, &protobuf, Body::from(body))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.body["spec"]["replicas"], 2);
    assert_eq!(created.body["spec"]["minReadySeconds"], 5);
    assert_eq!(created.body["status"], json!({"replicas": 0}));
    assert_eq!(created.body["metadata"]["generation"], 1);

    let read = api
        .send(
            Method::GET,
            &format!("{REPLICASETS}/web-5d8f"),
            &[("accept", proto::MEDIA_TYPE)],
            Body::empty(),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK);
    let (type_meta, decoded): (_, apps::ReplicaSet) =
        proto::decode_envelope(&read.bytes).expect("decodes");
    assert_eq!(
        (type_meta.api_version(), type_meta.kind()),
        ("apps/v1", "ReplicaSet")
    );
    let spec = decoded.spec.expect("spec");
    assert_eq!(spec.replicas, Some(2));
    assert_eq!(spec.selector.expect("selector").match_labels, labels("web"));
    assert_eq!(
        decoded.status.expect("status").replicas,
        Some(0),
        "replicas is written even when 0"
    );
}

/// `kubectl get rs` (upstream's `printReplicaSet` columns), `kubectl scale
/// rs` through `/scale`, and `ValidateReplicaSetSpec` and the immutable
/// selector with upstream's messages.
#[tokio::test]
async fn replica_sets_print_scale_and_validate_as_upstream() {
    let api = Api::start();
    let rs = |name: &str, selector: Value, template_labels: Value| {
        json!({"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": name},
               "spec": {"replicas": 2, "selector": selector,
                        "template": {"metadata": {"labels": template_labels},
                                     "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}})
    };
    let web = rs(
        "web",
        json!({"matchLabels": {"app": "web"}}),
        json!({"app": "web"}),
    );
    let created = api.post(REPLICASETS, &web).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);

    let table = api
        .get_as(&format!("{REPLICASETS}?includeObject=None"), TABLE)
        .await;
    assert_eq!(
        table_columns(&table.body),
        [
            "Name",
            "Desired",
            "Current",
            "Ready",
            "Age",
            "Containers",
            "Images",
            "Selector"
        ]
    );
    let cells = table.body["rows"][0]["cells"].as_array().expect("cells");
    assert_eq!(cells[0..4], [json!("web"), json!(2), json!(0), json!(0)]);
    assert_eq!(cells[5..8], [json!("c"), json!("nginx"), json!("app=web")]);

    let scale = format!("{REPLICASETS}/web/scale");
    let r = api
        .patch(&scale, MERGE_PATCH, &json!({"spec": {"replicas": 3}}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Scale");
    assert_eq!(r.body["status"]["selector"], "app=web");
    assert_eq!(
        api.get(&format!("{REPLICASETS}/web")).await.body["spec"]["replicas"],
        3
    );
    // `kubectl get --subresource=scale rs/web`: upstream's `printScale`.
    let table = api.get_as(&scale, TABLE).await;
    assert_eq!(table.status, StatusCode::OK, "{}", table.text);
    assert_eq!(
        table_columns(&table.body),
        ["Name", "Desired", "Available", "Age"]
    );
    let row = &table.body["rows"][0];
    let cells = row["cells"].as_array().expect("cells");
    assert_eq!(cells[0..3], [json!("web"), json!(3), json!(0)]);
    assert_eq!(row["object"]["kind"], "PartialObjectMetadata");
    assert_eq!(row["object"]["metadata"]["name"], "web");

    let r = api
        .post(
            REPLICASETS,
            &rs(
                "bad",
                json!({"matchLabels": {"app": "a"}}),
                json!({"app": "b"}),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "ReplicaSet.apps \"bad\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"b\"}: `selector` does not match template `labels`"
    );
    let r = api
        .patch(
            &format!("{REPLICASETS}/web"),
            MERGE_PATCH,
            &json!({"spec": {"selector": {"matchExpressions": [{"key": "app", "operator": "Exists"}]}}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "ReplicaSet.apps \"web\" is invalid: spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"web\"},\"matchExpressions\":[{\"key\":\"app\",\"operator\":\"Exists\"}]}: field is immutable"
    );
}

/// `ValidateReplicaSetStatus` on `/status`: counts not negative, no more
/// ready pods than replicas, no more available than ready.
#[tokio::test]
async fn a_replica_set_status_counts_no_more_pods_than_it_has() {
    let api = Api::start();
    let body = json!({"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "web"},
        "spec": {"selector": {"matchLabels": {"app": "web"}},
                 "template": {"metadata": {"labels": {"app": "web"}},
                              "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    let mut created = api.create(REPLICASETS, &body).await;
    created["status"] = json!({"replicas": 1, "readyReplicas": 2, "availableReplicas": 3});
    let r = api
        .put(&format!("{REPLICASETS}/web/status"), &created)
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 3: cannot be greater than status.replicas",
            "status.availableReplicas: Invalid value: 3: cannot be greater than readyReplicas",
        ]
    );
    created["status"] = json!({"replicas": 1, "readyReplicas": 1, "availableReplicas": 1});
    let r = api
        .put(&format!("{REPLICASETS}/web/status"), &created)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}
