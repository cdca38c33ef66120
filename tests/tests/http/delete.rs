//! Delete: preconditions, finalizers, graceful deletion of pods, propagation policies.

use super::*;

#[tokio::test]
async fn delete_is_200_and_removes_the_object() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"propagationPolicy": "Background"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
    api.delete(&widget_uri("w1"))
        .await
        .assert_failure(404, "NotFound");
}

/// Upstream: `Store.finalizeDelete` (k8s.io/apiserver/pkg/registry/generic/registry/store.go)
/// returns `metav1.Status{Status: Success, Details: {Name, Group, Kind: resource, UID}}`
/// unless the store sets `ReturnDeletedObject`, which the custom resource store
/// (k8s.io/apiextensions-apiserver/pkg/registry/customresource/etcd.go) does not.
#[tokio::test]
async fn delete_answers_a_success_status() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let r = api.delete(&widget_uri("w1")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets", "uid": w["metadata"]["uid"]}})
    );
}

#[tokio::test]
async fn delete_with_a_wrong_uid_precondition_is_409() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"uid": "wrong"}}),
        )
        .await;
    r.assert_failure(409, "Conflict");
    assert_eq!(api.get(&widget_uri("w1")).await.status, StatusCode::OK);
}

/// Upstream: `rest.BeforeDelete` (k8s.io/apiserver/pkg/registry/rest/delete.go):
/// `errors.NewConflict(schema.GroupResource{Group: gvk.Group, Resource: gvk.Kind}, name,
/// fmt.Errorf("the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", ...))`.
#[tokio::test]
async fn the_uid_precondition_conflict_is_upstreams() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let uid = w["metadata"]["uid"].as_str().unwrap();
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"uid": "wrong"}}),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("Operation cannot be fulfilled on Widget.example.dev \"w1\": the UID in the precondition (wrong) does not match the UID in record ({uid}). The object might have been deleted and then recreated"),
               "reason": "Conflict",
               "details": {"name": "w1", "group": "example.dev", "kind": "Widget"}, "code": 409})
    );
}

async fn create_held_widget(api: &Api) -> Value {
    let mut w = widget("w1");
    w["metadata"]["finalizers"] = json!(["example.dev/hold"]);
    api.create(WIDGETS, &w).await
}

#[tokio::test]
async fn delete_with_finalizers_waits_for_the_last_finalizer() {
    let api = Api::start();
    create_held_widget(&api).await;
    let r = api.delete(&widget_uri("w1")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(
        r.body["metadata"]["deletionTimestamp"].is_string(),
        "{}",
        r.text
    );
    assert_eq!(r.body["metadata"]["deletionGracePeriodSeconds"], 0);

    let held = api.get(&widget_uri("w1")).await;
    assert_eq!(held.status, StatusCode::OK);
    assert!(held.body["metadata"]["deletionTimestamp"].is_string());
    assert_eq!(
        held.body["metadata"]["finalizers"],
        json!(["example.dev/hold"])
    );

    let mut released = held.body.clone();
    released["metadata"]["finalizers"] = json!([]);
    let r = api.put(&widget_uri("w1"), &released).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream: `markAsDeleting` (k8s.io/apiserver/pkg/registry/generic/registry/store.go)
/// bumps `metadata.generation` when it first sets `deletionTimestamp` on an object that
/// has finalizers ("This handles Generation bump for resources that don't support graceful deletion").
#[tokio::test]
async fn delete_with_finalizers_bumps_generation() {
    let api = Api::start();
    create_held_widget(&api).await;
    let r = api.delete(&widget_uri("w1")).await;
    assert_eq!(r.body["metadata"]["generation"], 2, "{}", r.text);
    assert_eq!(
        api.get(&widget_uri("w1")).await.body["metadata"]["generation"],
        2
    );
}

#[tokio::test]
async fn delete_collection_with_a_label_selector() {
    let api = Api::start();
    api.create(WIDGETS, &labeled_widget("a1", "a")).await;
    api.create(WIDGETS, &labeled_widget("a2", "a")).await;
    api.create(WIDGETS, &labeled_widget("b1", "b")).await;
    let r = api
        .delete(&format!("{WIDGETS}?labelSelector=app%3Da"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "WidgetList");
    assert_eq!(names(&r.body), ["a1", "a2"]);
    assert_eq!(names(&api.get(WIDGETS).await.body), ["b1"]);
}

const PODS: &str = "/api/v1/namespaces/default/pods";

fn pod(name: &str, node: Option<&str>) -> Value {
    let mut p = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
                       "spec": {"containers": [{"name": "app", "image": "nginx"}],
                                "terminationGracePeriodSeconds": 30}});
    if let Some(node) = node {
        p["spec"]["nodeName"] = json!(node);
    }
    p
}

/// Upstream: the pod strategy's `CheckGracefulDelete` gives an unscheduled
/// pod no grace period, and the pod store returns the deleted object
/// (`ReturnDeletedObject: true`), not a Status.
#[tokio::test]
async fn an_unscheduled_pod_is_deleted_at_once_and_returned() {
    let api = Api::start();
    let created = api.create(PODS, &pod("p1", None)).await;
    let r = api.delete(&format!("{PODS}/p1")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Pod", "{}", r.text);
    assert_eq!(r.body["metadata"]["uid"], created["metadata"]["uid"]);
    assert_eq!(
        api.get(&format!("{PODS}/p1")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// A scheduled pod waits out its grace period (for the kubelet, which
/// this server does not run): `deletionTimestamp` is now plus
/// `terminationGracePeriodSeconds`; `gracePeriodSeconds` may only shorten
/// it, and 0 deletes it.
#[tokio::test]
async fn a_scheduled_pod_is_deleted_gracefully() {
    let api = Api::start();
    api.create(PODS, &pod("p1", Some("node-1"))).await;
    let uri = format!("{PODS}/p1");
    let r = api.delete(&uri).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.body["metadata"]["deletionGracePeriodSeconds"], 30,
        "{}",
        r.text
    );
    let stamp = r.body["metadata"]["deletionTimestamp"].as_str().unwrap();
    let stamp = chrono::DateTime::parse_from_rfc3339(stamp).unwrap();
    let ahead = stamp
        .signed_duration_since(chrono::Utc::now())
        .num_seconds();
    assert!(
        (25..=31).contains(&ahead),
        "deletionTimestamp {ahead}s ahead"
    );
    let stored = api.get(&uri).await;
    assert_eq!(stored.status, StatusCode::OK);
    assert_eq!(stored.body["metadata"]["deletionGracePeriodSeconds"], 30);

    // A longer period changes nothing; a shorter one moves the timestamp.
    let r = api
        .delete_with(&uri, &json!({"gracePeriodSeconds": 60}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        api.get(&uri).await.body["metadata"]["deletionGracePeriodSeconds"],
        30
    );
    let r = api
        .delete_with(&uri, &json!({"gracePeriodSeconds": 10}))
        .await;
    assert_eq!(
        r.body["metadata"]["deletionGracePeriodSeconds"], 10,
        "{}",
        r.text
    );

    let r = api
        .delete_with(&uri, &json!({"gracePeriodSeconds": 0}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&uri).await.status, StatusCode::NOT_FOUND);
}

/// A protobuf `DeleteOptions` body (client-go sends one when it speaks
/// protobuf; `kubectl drain` deletes pods with one where no eviction
/// subresource is served) is read as the JSON one is: its grace period
/// applies, and a body of another kind is refused.
#[tokio::test]
async fn a_protobuf_delete_options_body_is_read() {
    let api = Api::start();
    api.create(PODS, &pod("p1", Some("node-1"))).await;
    let uri = format!("{PODS}/p1");
    let protobuf = |kind: &str, options: &runtime::meta::v1::DeleteOptions| {
        runtime::codec::wire::encode_object("v1", kind, options)
    };
    let delete = |body: Vec<u8>| {
        let api = &api;
        let uri = uri.clone();
        async move {
            api.send(
                Method::DELETE,
                &uri,
                &[("content-type", "application/vnd.kubernetes.protobuf")],
                body,
            )
            .await
        }
    };
    // What kubectl drain sends: empty options.
    let r = delete(protobuf("DeleteOptions", &Default::default())).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["deletionGracePeriodSeconds"], 30);

    let r = delete(protobuf("Pod", &Default::default())).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "no kind \"Pod\" is registered for version \"v1\" in scheme \"k8s.io/apimachinery/pkg/apis/meta/internalversion/scheme/register.go\""
    );
    let r = delete(b"k8s\0\x0a\x05".to_vec()).await;
    r.assert_failure(400, "BadRequest");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .starts_with("error decoding DeleteOptions: "),
        "{}",
        r.text
    );
    // The Content-Type says how the body is read: protobuf bytes sent as
    // JSON are not JSON, and other types are 415.
    let as_json = api
        .send(
            Method::DELETE,
            &uri,
            &[("content-type", "application/json")],
            protobuf("DeleteOptions", &Default::default()),
        )
        .await;
    as_json.assert_failure(400, "BadRequest");
    let as_text = api
        .send(
            Method::DELETE,
            &uri,
            &[("content-type", "text/plain")],
            "{}",
        )
        .await;
    assert_eq!(
        as_text.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "{}",
        as_text.text
    );

    let now = runtime::meta::v1::DeleteOptions {
        grace_period_seconds: Some(0),
        ..Default::default()
    };
    let r = delete(protobuf("DeleteOptions", &now)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&uri).await.status, StatusCode::NOT_FOUND);
}

/// Upstream: `deletionFinalizersForGarbageCollection` adds
/// `foregroundDeletion` (Foreground) or `orphan` (Orphan) and the object
/// stays, marked for deletion, until that finalizer is removed (by the
/// garbage collector, a controller this server does not run).
#[tokio::test]
async fn propagation_policies_add_the_garbage_collector_finalizers() {
    let api = Api::start();
    for (name, policy, finalizer) in [
        ("fg", "Foreground", "foregroundDeletion"),
        ("or", "Orphan", "orphan"),
    ] {
        api.create(CONFIGMAPS, &configmap(name)).await;
        let uri = format!("{CONFIGMAPS}/{name}");
        let r = api
            .delete_with(&uri, &json!({"propagationPolicy": policy}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.body["kind"], "ConfigMap", "{}", r.text);
        assert_eq!(r.body["metadata"]["finalizers"], json!([finalizer]));
        assert_eq!(r.body["metadata"]["deletionGracePeriodSeconds"], 0);
        assert!(r.body["metadata"]["deletionTimestamp"].is_string());
        assert_eq!(api.get(&uri).await.status, StatusCode::OK);

        let r = api
            .patch(
                &uri,
                MERGE_PATCH,
                &json!({"metadata": {"finalizers": null}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(
            api.get(&uri).await.status,
            StatusCode::NOT_FOUND,
            "{policy}"
        );
    }
    // Background (kubectl's default) removes the object at once.
    api.create(CONFIGMAPS, &configmap("bg")).await;
    let r = api
        .delete_with(
            &format!("{CONFIGMAPS}/bg"),
            &json!({"propagationPolicy": "Background"}),
        )
        .await;
    assert_eq!(r.body["kind"], "Status", "{}", r.text);
    assert_eq!(r.body["status"], "Success");
    assert_eq!(
        api.get(&format!("{CONFIGMAPS}/bg")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Upstream (handlers/delete.go): a delete that leaves the object in
/// place answers 202 when the client asked `orphanDependents: false`.
#[tokio::test]
async fn a_held_delete_with_orphan_dependents_false_is_202() {
    let api = Api::start();
    create_held_widget(&api).await;
    let r = api
        .delete_with(&widget_uri("w1"), &json!({"orphanDependents": false}))
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    assert!(
        r.body["metadata"]["deletionTimestamp"].is_string(),
        "{}",
        r.text
    );
}

/// Upstream: `rest.BeforeDelete`'s resourceVersion precondition message.
#[tokio::test]
async fn a_stale_resource_version_precondition_is_409() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let stale = rv(&w);
    api.patch(
        &widget_uri("w1"),
        MERGE_PATCH,
        &json!({"spec": {"replicas": 5}}),
    )
    .await;
    let current = rv(&api.get(&widget_uri("w1")).await.body);
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"resourceVersion": stale}}),
        )
        .await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        format!(
            "Operation cannot be fulfilled on Widget.example.dev \"w1\": the ResourceVersion in the precondition ({stale}) does not match the ResourceVersion in record ({current}). The object might have been modified"
        )
    );
    let r = api
        .delete_with(
            &widget_uri("w1"),
            &json!({"preconditions": {"resourceVersion": current}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        api.get(&widget_uri("w1")).await.status,
        StatusCode::NOT_FOUND
    );
}

// ---------------------------------------------------------------------------

/// An update completes a deletion only when no grace period is left
/// (`ShouldDeleteDuringUpdate`): a scheduled pod in its grace period stays
/// through a label patch and a status write, as kubelets and controllers
/// write terminating pods.
#[tokio::test]
async fn an_update_leaves_a_pod_in_its_grace_period() {
    let api = Api::start();
    api.create(PODS, &pod("p1", Some("node-1"))).await;
    let uri = format!("{PODS}/p1");
    let r = api.delete(&uri).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"x": "y"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .patch(
            &format!("{uri}/status"),
            MERGE_PATCH,
            &json!({"status": {"phase": "Running"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let stored = api.get(&uri).await;
    assert_eq!(stored.status, StatusCode::OK, "{}", stored.text);
    assert_eq!(stored.body["metadata"]["labels"]["x"], "y");
    assert_eq!(stored.body["metadata"]["deletionGracePeriodSeconds"], 30);
}

/// The core stores with `ReturnDeletedObject: true` answer a delete that
/// removes the object with the object, as upstream's swagger declares it
/// (the Python client's `delete_namespaced_service` returns a `V1Service`,
/// kube-rs's `Api::<Service>::delete` its `Either::Left`).
#[tokio::test]
async fn core_stores_that_return_the_deleted_object_do() {
    let api = Api::start();
    let cases = [
        (
            "services",
            json!({"kind": "Service", "spec": {"ports": [{"port": 80}]}}),
        ),
        ("serviceaccounts", json!({"kind": "ServiceAccount"})),
        (
            "persistentvolumeclaims",
            json!({"kind": "PersistentVolumeClaim", "spec": {
                "accessModes": ["ReadWriteOnce"],
                "resources": {"requests": {"storage": "1Gi"}}}}),
        ),
        (
            "podtemplates",
            json!({"kind": "PodTemplate", "template": {"spec": {
                "containers": [{"name": "app", "image": "nginx"}]}}}),
        ),
        (
            "resourcequotas",
            json!({"kind": "ResourceQuota", "spec": {"hard": {"pods": "10"}}}),
        ),
    ];
    for (plural, mut object) in cases {
        object["apiVersion"] = json!("v1");
        object["metadata"] = json!({"name": "gone"});
        let collection = format!("/api/v1/namespaces/default/{plural}");
        let created = api.create(&collection, &object).await;
        let r = api.delete(&format!("{collection}/gone")).await;
        assert_eq!(r.status, StatusCode::OK, "{plural}: {}", r.text);
        assert_eq!(r.body["kind"], object["kind"], "{plural}: {}", r.text);
        assert_eq!(
            r.body["metadata"]["uid"], created["metadata"]["uid"],
            "{plural}"
        );
        let r = api.get(&format!("{collection}/gone")).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{plural}");
    }
    // A ConfigMap's store answers with a Status.
    api.create(CONFIGMAPS, &configmap("c")).await;
    let r = api.delete(&format!("{CONFIGMAPS}/c")).await;
    assert_eq!(r.body["kind"], "Status", "{}", r.text);
}

/// A delete of a pod whose grace period already runs does not delete it:
/// the delete handler answers 202 to a client asking for cascading
/// deletion (`orphanDependents: false`), 200 otherwise.
#[tokio::test]
async fn a_pending_graceful_delete_asking_to_cascade_is_202() {
    let api = Api::start();
    api.create(PODS, &pod("p1", Some("node-1"))).await;
    let uri = format!("{PODS}/p1");
    let r = api.delete(&uri).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api
        .delete_with(&uri, &json!({"orphanDependents": false}))
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    assert_eq!(r.body["kind"], "Pod", "{}", r.text);
    let r = api.delete(&uri).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&uri).await.status, StatusCode::OK);
}
