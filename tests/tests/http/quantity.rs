//! `resource.Quantity` on the wire: canonical forms, as kube-apiserver writes them.

use super::*;

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
                // An extended resource is not overcommitted: its request
                // comes with a limit (ValidateContainerResourceRequirements).
                json!({"cpu": "0.5", "memory": "1.5Gi", "ephemeral-storage": "1000Mi",
                       "example.com/dongle": "+3"}),
                json!({"cpu": 0.25, "memory": "1024Mi", "example.com/dongle": "+3"}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let resources = &r.body["spec"]["containers"][0]["resources"];
    assert_eq!(
        resources,
        &json!({"limits": {"cpu": "500m", "memory": "1536Mi", "ephemeral-storage": "1000Mi",
                           "example.com/dongle": "+3"},
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
