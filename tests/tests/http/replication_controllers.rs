//! ReplicationControllers (core v1): upstream's defaults from the pod
//! template, `ValidateReplicationControllerSpec`, the scale subresource
//! (a selector that is a label map), the `status.replicas` field selector,
//! and the Table kubectl prints.

use super::*;

const RCS: &str = "/api/v1/namespaces/default/replicationcontrollers";

fn rc(name: &str, spec: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "ReplicationController", "metadata": {"name": name}, "spec": spec})
}

fn template(labels: Value) -> Value {
    json!({"metadata": {"labels": labels},
           "spec": {"containers": [{"name": "web", "image": "nginx"}]}})
}

/// The selector, the object's labels and the replica count default as
/// `SetDefaults_ReplicationController` defaults them, the pod template as
/// every pod template; the status starts empty and the generation at 1.
#[tokio::test]
async fn a_replication_controller_takes_its_defaults_from_its_template() {
    let api = Api::start();
    let mut body = rc("web", json!({"template": template(json!({"app": "web"}))}));
    body["status"] = json!({"replicas": 7});
    let created = api.create(RCS, &body).await;
    assert_eq!(created["spec"]["selector"], json!({"app": "web"}));
    assert_eq!(created["metadata"]["labels"], json!({"app": "web"}));
    assert_eq!(created["spec"]["replicas"], 1);
    assert_eq!(created["metadata"]["generation"], 1);
    assert_eq!(created["status"], json!({"replicas": 0}));
    let pod = &created["spec"]["template"]["spec"];
    assert_eq!(pod["restartPolicy"], "Always");
    assert_eq!(pod["containers"][0]["terminationMessagePolicy"], "File");

    // A selector of its own is kept, and must select the template.
    let r = api
        .post(
            RCS,
            &rc(
                "other",
                json!({"selector": {"app": "db"}, "template": template(json!({"app": "web"}))}),
            ),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "ReplicationController \"other\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`"
    );
    let r = api.post(RCS, &rc("bare", json!({"replicas": -1}))).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "spec.selector: Required value",
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
            "spec.template: Required value",
        ]
    );
}

/// The selector's rules come before the template's, as
/// `ValidatePodTemplateSpecForRC` orders them; an update reports the
/// spec's errors twice, as upstream's strategy does.
#[tokio::test]
async fn errors_in_upstreams_order_and_twice_on_update() {
    let api = Api::start();
    let body = rc(
        "web",
        json!({"template": {"spec": {"containers": [{"name": "web"}]}}}),
    );
    let r = api.post(RCS, &body).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        [
            "spec.selector: Required value",
            "spec.template.spec.containers[0].image: Required value",
        ]
    );
    let mut created = api
        .create(
            RCS,
            &rc("ok", json!({"template": template(json!({"app": "web"}))})),
        )
        .await;
    created["spec"]["replicas"] = json!(-1);
    let r = api.put(&format!("{RCS}/ok"), &created).await;
    r.assert_failure(422, "Invalid");
    let negative = "spec.replicas: Invalid value: -1: must be greater than or equal to 0";
    assert_eq!(r.causes(), [negative, negative]);
}

/// `/scale` reads the replicas and the label map as a selector, and
/// writes the replicas (which bumps the generation); `status.replicas`
/// selects; the Table is `printReplicationController`'s.
#[tokio::test]
async fn scale_field_selector_and_table() {
    let api = Api::start();
    api.create(
        RCS,
        &rc(
            "web",
            json!({"replicas": 2, "template": template(json!({"app": "web", "tier": "fe"}))}),
        ),
    )
    .await;
    let scale = api.get(&format!("{RCS}/web/scale")).await.body;
    assert_eq!(scale["kind"], "Scale");
    assert_eq!(scale["spec"], json!({"replicas": 2}));
    assert_eq!(
        scale["status"],
        json!({"replicas": 0, "selector": "app=web,tier=fe"})
    );
    let r = api
        .patch(
            &format!("{RCS}/web/scale"),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 5}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let scaled = api.get(&format!("{RCS}/web")).await.body;
    assert_eq!(
        (
            scaled["spec"]["replicas"].clone(),
            scaled["metadata"]["generation"].clone()
        ),
        (json!(5), json!(2))
    );

    let mut status = scaled.clone();
    status["status"] = json!({"replicas": 5, "readyReplicas": 6});
    let r = api.put(&format!("{RCS}/web/status"), &status).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.causes(),
        ["status.readyReplicas: Invalid value: 6: cannot be greater than status.replicas"]
    );
    status["status"] = json!({"replicas": 5, "readyReplicas": 4});
    let r = api.put(&format!("{RCS}/web/status"), &status).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let selected = api
        .get(&format!("{RCS}?fieldSelector=status.replicas%3D5"))
        .await
        .body;
    assert_eq!(names(&selected), ["web"]);
    let none = api
        .get(&format!("{RCS}?fieldSelector=status.replicas%3D4"))
        .await
        .body;
    assert!(names(&none).is_empty());

    let table = api
        .get_as(&format!("{RCS}?includeObject=None"), TABLE)
        .await
        .body;
    assert_eq!(
        table_columns(&table),
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
    let cells = table["rows"][0]["cells"].as_array().unwrap();
    assert_eq!(cells[1..4], [json!(5), json!(5), json!(4)]);
    assert_eq!(
        cells[5..8],
        [json!("web"), json!("nginx"), json!("app=web,tier=fe")]
    );
}

/// autoscaling/v1's `spec.replicas` is `omitempty`: a Scale of 0 replicas
/// reads `"spec":{}`, and one written so (client-go's `UpdateScale` to 0)
/// scales to 0. An RC with no selector left reads no `status.selector`.
#[tokio::test]
async fn a_scale_of_zero_says_nothing_of_its_replicas() {
    let api = Api::start();
    api.create(
        RCS,
        &rc("web", json!({"template": template(json!({"app": "web"}))})),
    )
    .await;
    let mut scale = api.get(&format!("{RCS}/web/scale")).await.body;
    scale["spec"] = json!({});
    let r = api.put(&format!("{RCS}/web/scale"), &scale).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"], json!({}));
    assert_eq!(
        api.get(&format!("{RCS}/web")).await.body["spec"]["replicas"],
        0
    );
    assert_eq!(
        api.get(&format!("{RCS}/web/scale")).await.body["spec"],
        json!({})
    );
}
