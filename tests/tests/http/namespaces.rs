//! Namespaces: the system namespaces and the namespace lifecycle.

use super::*;

/// Creates namespace `ns` holding a widget and a configmap, then deletes it.
/// Returns the answer to the delete.
async fn delete_populated_namespace(api: &Api, ns: &str) -> Reply {
    api.create(NAMESPACES, &namespace(ns)).await;
    api.create(
        &format!("/apis/example.dev/v1/namespaces/{ns}/widgets"),
        &widget("w1"),
    )
    .await;
    api.create(
        &format!("/api/v1/namespaces/{ns}/configmaps"),
        &configmap("c1"),
    )
    .await;
    api.delete(&format!("{NAMESPACES}/{ns}")).await
}

#[tokio::test]
async fn deleting_a_namespace_terminates_it_and_its_contents() {
    let api = Api::start();
    let r = delete_populated_namespace(&api, "doomed").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Namespace");
    assert_eq!(r.body["status"]["phase"], "Terminating");
    assert!(r.body["metadata"]["deletionTimestamp"].is_string());

    // Right after the delete, before the namespace controller has run.
    let late = api
        .post(
            "/apis/example.dev/v1/namespaces/doomed/widgets",
            &widget("late"),
        )
        .await;
    late.assert_failure(403, "Forbidden");
    assert_eq!(
        late.body["message"],
        "widgets.example.dev \"late\" is forbidden: unable to create new content in namespace doomed because it is being terminated"
    );
    assert_eq!(late.body["details"]["name"], "late");
    assert_eq!(late.body["details"]["kind"], "widgets");

    eventually("the namespace to be emptied and removed", async || {
        api.get(&format!("{NAMESPACES}/doomed")).await.status == StatusCode::NOT_FOUND
    })
    .await;
    assert_eq!(
        api.get("/apis/example.dev/v1/namespaces/doomed/widgets/w1")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        api.get("/api/v1/namespaces/doomed/configmaps/c1")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        api.get("/apis/example.dev/v1/widgets").await.body["items"],
        json!([])
    );
}

/// Finalizers hold what they guard: an object with one is marked deleted
/// (its `deletionTimestamp` set) and stays until they go; a namespace
/// whose own metadata has one loses its `spec.finalizers` once emptied
/// (the namespace controller's finalize) and stays until that one goes.
#[tokio::test]
async fn finalizers_hold_a_terminating_namespace_and_its_objects() {
    let api = Api::start();
    let mut ns = namespace("held");
    ns["metadata"]["finalizers"] = json!(["example.com/hold"]);
    api.create(NAMESPACES, &ns).await;
    let mut cm = configmap("kept");
    cm["metadata"]["finalizers"] = json!(["example.com/keep"]);
    api.create("/api/v1/namespaces/held/configmaps", &cm).await;
    let r = api.delete(&format!("{NAMESPACES}/held")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["finalizers"], json!(["kubernetes"]));

    let kept = "/api/v1/namespaces/held/configmaps/kept";
    eventually("the held object to be marked deleted", async || {
        api.get(kept).await.body["metadata"]["deletionTimestamp"].is_string()
    })
    .await;
    let release = json!({"metadata": {"finalizers": null}});
    let r = api.patch(kept, MERGE_PATCH, &release).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    eventually("the released object to go", async || {
        api.get(kept).await.status == StatusCode::NOT_FOUND
    })
    .await;

    let held = format!("{NAMESPACES}/held");
    eventually("the emptied namespace to be finalized", async || {
        api.get(&held).await.body["spec"]["finalizers"].is_null()
    })
    .await;
    let r = api.get(&held).await;
    assert_eq!(r.body["status"]["phase"], "Terminating");
    assert_eq!(
        r.body["metadata"]["finalizers"],
        json!(["example.com/hold"])
    );
    let r = api.patch(&held, MERGE_PATCH, &release).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    eventually("the released namespace to go", async || {
        api.get(&held).await.status == StatusCode::NOT_FOUND
    })
    .await;
}

/// Upstream: NamespaceLifecycle admission
/// (k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go) appends
/// `StatusCause{Type: v1.NamespaceTerminatingCause, Message: "namespace %s is being terminated", Field: "metadata.namespace"}`.
#[tokio::test]
async fn creating_in_a_terminating_namespace_has_the_namespace_terminating_cause() {
    let api = Api::start();
    delete_populated_namespace(&api, "doomed").await;
    let r = api
        .post(
            "/apis/example.dev/v1/namespaces/doomed/widgets",
            &widget("late"),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "widgets.example.dev \"late\" is forbidden: unable to create new content in namespace doomed because it is being terminated",
               "reason": "Forbidden",
               "details": {"name": "late", "group": "example.dev", "kind": "widgets",
                           "causes": [{"reason": "NamespaceTerminating", "message": "namespace doomed is being terminated", "field": "metadata.namespace"}]},
               "code": 403})
    );
}

/// Upstream: NamespaceLifecycle admission refuses to delete its immortal namespaces:
/// `errors.NewForbidden(a.GetResource().GroupResource(), a.GetName(), fmt.Errorf("this namespace may not be deleted"))`.
#[tokio::test]
async fn system_namespaces_cannot_be_deleted() {
    let api = Api::start();
    for ns in ["default", "kube-system"] {
        let r = api.delete(&format!("{NAMESPACES}/{ns}")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
        assert_eq!(
            r.body,
            json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                   "message": format!("namespaces \"{ns}\" is forbidden: this namespace may not be deleted"),
                   "reason": "Forbidden",
                   "details": {"name": ns, "kind": "namespaces"}, "code": 403})
        );
        let still = api.get(&format!("{NAMESPACES}/{ns}")).await;
        assert_eq!(still.body["status"]["phase"], "Active");
    }
}

// Namespaces and operations
// ---------------------------------------------------------------------------

/// The `systemnamespaces` controller's namespaces, created as a create
/// through the API creates one (prepared by the strategy), by the field
/// manager `kube-apiserver`.
#[tokio::test]
async fn the_four_system_namespaces_exist_at_start() {
    let api = Api::start();
    let r = api.get(NAMESPACES).await;
    assert_eq!(
        names(&r.body),
        ["default", "kube-node-lease", "kube-public", "kube-system"]
    );
    for item in r.body["items"].as_array().unwrap() {
        assert_eq!(item["status"]["phase"], "Active", "{item}");
        assert_eq!(item["spec"]["finalizers"], json!(["kubernetes"]), "{item}");
        let name = &item["metadata"]["name"];
        assert_eq!(
            item["metadata"]["labels"]["kubernetes.io/metadata.name"], *name,
            "{item}"
        );
        let managed = &item["metadata"]["managedFields"];
        assert_eq!(managed[0]["manager"], "kube-apiserver", "{item}");
        assert_eq!(managed[0]["operation"], "Update", "{item}");
    }
}

/// The namespace strategy's `PrepareForCreate`: a new namespace is `Active`,
/// keeps the finalizers it was given with `kubernetes` added after them,
/// and carries its name as the `kubernetes.io/metadata.name` label, also
/// when the name was generated.
#[tokio::test]
async fn a_created_namespace_is_prepared_by_its_strategy() {
    let api = Api::start();
    let r = api
        .post(
            NAMESPACES,
            &json!({"apiVersion": "v1", "kind": "Namespace",
                "metadata": {"generateName": "team-"},
                "spec": {"finalizers": ["example.com/hold"]},
                "status": {"phase": "Terminating"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let name = r.body["metadata"]["name"].as_str().unwrap();
    assert!(name.starts_with("team-"), "{name}");
    assert_eq!(
        r.body["metadata"]["labels"],
        json!({"kubernetes.io/metadata.name": name})
    );
    assert_eq!(
        r.body["spec"]["finalizers"],
        json!(["example.com/hold", "kubernetes"])
    );
    assert_eq!(r.body["status"], json!({"phase": "Active"}));
    assert_eq!(r.body["kind"], "Namespace");
    let keys: Vec<&String> = r.body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["kind", "apiVersion", "metadata", "spec", "status"]);
}

/// Creates check their namespace in a lister fed by the namespaces' watch,
/// not by reading it from storage each time, as kube-apiserver's
/// NamespaceLifecycle admission reads a namespace informer; a namespace
/// that another API server on the same storage terminates, then removes,
/// reaches that lister through the watch.
#[tokio::test]
async fn creates_check_their_namespace_in_the_watched_lister() {
    const KEY: &str = "/registry/namespaces/busy";
    const CONFIGMAPS: &str = "/api/v1/namespaces/busy/configmaps";
    let store = std::sync::Arc::new(tests::store::InstrumentedStore::default());
    let api = Api::start_with(store.clone());
    api.create(NAMESPACES, &namespace("busy")).await;
    // A namespace just created is looked up in storage until the lister
    // has it.
    let mut n = 0;
    eventually("creates to stop reading their namespace", async || {
        let before = store.gets(KEY);
        n += 1;
        api.create(CONFIGMAPS, &configmap(&format!("c{n}"))).await;
        store.gets(KEY) == before
    })
    .await;
    let before = store.gets(KEY);
    for i in 0..5 {
        api.create(CONFIGMAPS, &configmap(&format!("d{i}"))).await;
    }
    assert_eq!(
        store.gets(KEY),
        before,
        "creates read their namespace from storage"
    );

    // Another server marks it terminating, writing storage directly.
    use server::storage::Store as _;
    let mut terminating = api.get(&format!("{NAMESPACES}/busy")).await.body;
    terminating["status"]["phase"] = json!("Terminating");
    let namespaces = apis::registry()
        .find("", "v1", "namespaces")
        .expect("namespaces served")
        .kind;
    let bytes = namespaces
        .read_value(&terminating)
        .expect("a namespace")
        .to_storage()
        .expect("encodes");
    let kv = store.inner().get(KEY).unwrap().expect("stored");
    store.inner().update(KEY, bytes, kv.mod_revision).unwrap();
    eventually(
        "creates in the terminating namespace to be refused",
        async || {
            n += 1;
            let r = api.post(CONFIGMAPS, &configmap(&format!("c{n}"))).await;
            if r.status == StatusCode::CREATED {
                return false;
            }
            r.assert_failure(403, "Forbidden");
            assert_eq!(
                r.body["details"]["causes"][0]["reason"],
                "NamespaceTerminating"
            );
            true
        },
    )
    .await;

    // Then removes it.
    let kv = store.inner().get(KEY).unwrap().expect("stored");
    store.inner().delete(KEY, Some(kv.mod_revision)).unwrap();
    eventually("creates in the removed namespace to be 404", async || {
        n += 1;
        let r = api.post(CONFIGMAPS, &configmap(&format!("c{n}"))).await;
        if r.status == StatusCode::FORBIDDEN {
            return false;
        }
        r.assert_failure(404, "NotFound");
        assert_eq!(r.body["message"], "namespaces \"busy\" not found");
        true
    })
    .await;
}

/// A namespace's name label is a default (`SetDefaults_Namespace`), so its
/// creator owns it, as upstream's field manager records the defaulted
/// request; the `kubernetes` finalizer and the phase the strategy sets are
/// no manager's.
#[tokio::test]
async fn a_namespace_creator_owns_its_name_label() {
    let api = Api::start();
    let created = api
        .create(
            "/api/v1/namespaces",
            &json!({"metadata": {"name": "team-a"}}),
        )
        .await;
    assert_eq!(
        created["metadata"]["labels"]["kubernetes.io/metadata.name"],
        "team-a"
    );
    let entries = created["metadata"]["managedFields"]
        .as_array()
        .expect("managed fields");
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(
        entries[0]["fieldsV1"],
        json!({"f:metadata": {"f:labels": {".": {}, "f:kubernetes.io/metadata.name": {}}}})
    );
    // The system namespaces, created at start, record the same.
    let system = api.get("/api/v1/namespaces/kube-system").await.body;
    assert_eq!(
        system["metadata"]["managedFields"][0]["fieldsV1"],
        json!({"f:metadata": {"f:labels": {".": {}, "f:kubernetes.io/metadata.name": {}}}})
    );
}

/// A terminating namespace stays through an update while its
/// `spec.finalizers` hold it (`ShouldDeleteNamespaceDuringUpdate`), though
/// its metadata holds no finalizer: a label patch while its objects are
/// still being cleaned up does not remove it.
#[tokio::test]
async fn an_update_leaves_a_namespace_its_finalizers_hold() {
    let api = Api::start();
    api.create(NAMESPACES, &namespace("busy2")).await;
    let mut cm = configmap("kept");
    cm["metadata"]["finalizers"] = json!(["example.com/keep"]);
    api.create("/api/v1/namespaces/busy2/configmaps", &cm).await;
    let ns = format!("{NAMESPACES}/busy2");
    let r = api.delete(&ns).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // The namespace storage sets the deletion timestamp, no grace period.
    assert!(
        r.body["metadata"]["deletionTimestamp"].is_string(),
        "{}",
        r.text
    );
    assert!(
        r.body["metadata"]
            .get("deletionGracePeriodSeconds")
            .is_none(),
        "{}",
        r.text
    );
    let r = api
        .patch(
            &ns,
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"x": "y"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = api.get(&ns).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["status"]["phase"], "Terminating");
    assert_eq!(r.body["metadata"]["labels"]["x"], "y");

    let kept = "/api/v1/namespaces/busy2/configmaps/kept";
    let release = json!({"metadata": {"finalizers": null}});
    eventually("the held object to be marked deleted", async || {
        api.get(kept).await.body["metadata"]["deletionTimestamp"].is_string()
    })
    .await;
    let r = api.patch(kept, MERGE_PATCH, &release).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    eventually("the emptied namespace to go", async || {
        api.get(&ns).await.status == StatusCode::NOT_FOUND
    })
    .await;
}

/// Namespaces have no delete collection (upstream's namespace storage is
/// no `CollectionDeleter`): discovery does not offer it, and a DELETE of
/// the collection is 405 and deletes nothing.
#[tokio::test]
async fn namespaces_cannot_be_deleted_as_a_collection() {
    let api = Api::start();
    api.create(NAMESPACES, &namespace("kept")).await;
    let r = api.get("/api/v1").await;
    assert_eq!(
        api_resource(&r.body, "namespaces")["verbs"],
        json!([
            "create", "delete", "get", "list", "patch", "update", "watch"
        ])
    );
    let r = api.delete(NAMESPACES).await;
    r.assert_failure(405, "MethodNotAllowed");
    let r = api.get(&format!("{NAMESPACES}/kept")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(
        r.body["metadata"].get("deletionTimestamp").is_none(),
        "{}",
        r.text
    );
}
