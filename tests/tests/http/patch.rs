//! Patch (JSON, merge, strategic merge) and the scale subresource.

use super::*;

#[tokio::test]
async fn merge_patch() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(
            &widget_uri("w1"),
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"app": "web"}}, "spec": {"replicas": 5, "color": null}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 5);
    assert!(r.body["spec"].get("color").is_none(), "{}", r.text);
    assert_eq!(r.body["metadata"]["labels"]["app"], "web");
    assert_eq!(r.body["metadata"]["generation"], 2);
    assert_eq!(api.get(&widget_uri("w1")).await.body, r.body);
}

#[tokio::test]
async fn json_patch() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(
            &widget_uri("w1"),
            JSON_PATCH,
            &json!([
                {"op": "replace", "path": "/spec/replicas", "value": 7},
                {"op": "add", "path": "/metadata/labels", "value": {"x": "y"}},
            ]),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 7);
    assert_eq!(r.body["metadata"]["labels"]["x"], "y");
    assert_eq!(api.get(&widget_uri("w1")).await.body["spec"]["replicas"], 7);
}

/// Upstream: `jsonPatcher.applyJSPatch` (k8s.io/apiserver/pkg/endpoints/handlers/patch.go)
/// answers an operation that does not apply (a failed `test`, an unknown `op`) with
/// `NewGenericServerResponse(422, ...)`: a fixed message, empty details, nothing of the
/// patch's error; kube-rs's `is_422_invalid_for_json_patch_test_error` matches that
/// message. A body `jsonpatch.DecodePatch` cannot decode (not an array of objects) is
/// a 400 with Go's `json.Unmarshal` error.
#[tokio::test]
async fn a_json_patch_that_does_not_apply_is_upstreams_generic_422() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let rejected = json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                          "message": "the server rejected our request due to an error in our request",
                          "reason": "Invalid", "details": {}, "code": 422});
    for ops in [
        json!([{"op": "test", "path": "/spec/replicas", "value": 9},
               {"op": "replace", "path": "/spec/replicas", "value": 1}]),
        json!([{"op": "bogus", "path": "/spec/replicas"}]),
        json!([{"op": "replace", "value": 1}]),
        json!([null]),
        // A move onto its own parent cannot be undone when a later
        // operation fails (the json-patch crate's `patch` panics on it).
        json!([{"op": "move", "from": "/metadata/name", "path": "/metadata"},
               {"op": "test", "path": "/kind", "value": "nope"}]),
        // Copies of the whole object, each doubling it: upstream's limit
        // of 3 MiB copied (`JSONPatchMaxCopyBytes`).
        Value::Array(
            (0..40)
                .map(|i| json!({"op": "copy", "from": "", "path": format!("/c{i}")}))
                .collect(),
        ),
        // Copies of a value into its own innermost object, each doubling
        // its depth, until it would overflow a stack: refused at 512
        // levels.
        Value::Array(copies_into_themselves()),
    ] {
        let r = api.patch(&widget_uri("w1"), JSON_PATCH, &ops).await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{ops}: {}",
            r.text
        );
        assert_eq!(r.body, rejected, "{ops}");
    }
    for (ops, message) in [
        (
            json!({"op": "add"}),
            "json: cannot unmarshal object into Go value of type jsonpatch.Patch",
        ),
        (
            json!([{"op": "add", "path": "/a", "value": 1}, "add"]),
            "json: cannot unmarshal string into Go value of type jsonpatch.Operation",
        ),
    ] {
        let r = api.patch(&widget_uri("w1"), JSON_PATCH, &ops).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(r.body["message"], message, "{ops}");
    }
    assert_eq!(api.get(&widget_uri("w1")).await.body["spec"]["replicas"], 2);
}

/// A chain of 100 objects at `/spec/deep`, then copies of it into its own
/// innermost object.
fn copies_into_themselves() -> Vec<Value> {
    let chain = (0..100).fold(json!(1), |inner, _| json!({"a": inner}));
    let mut ops = vec![json!({"op": "add", "path": "/spec/deep", "value": chain})];
    let mut innermost = format!("/spec/deep{}", "/a".repeat(99));
    for _ in 0..12 {
        let target = format!("{innermost}/y");
        ops.push(json!({"op": "copy", "from": "/spec/deep", "path": target}));
        let below = innermost.trim_start_matches("/spec/deep").to_string();
        innermost = format!("{target}{below}");
    }
    ops
}

/// Upstream: `errUnsupportedMediaType` (k8s.io/apiserver/pkg/endpoints/handlers/negotiation/errors.go):
/// "the body of the request was in an unknown format - accepted media types include: %v".
/// Custom resources do not accept strategic merge patch.
#[tokio::test]
async fn an_unsupported_patch_type_is_415() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    // Our kinds are compiled in, like built-in kinds, so they take strategic
    // merge patch too (the patch issue); an unknown patch type is 415.
    let r = api
        .patch(
            &widget_uri("w1"),
            "application/xml",
            &json!({"spec": {"replicas": 5}}),
        )
        .await;
    r.assert_failure(415, "UnsupportedMediaType");
    let message = r.body["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "the body of the request was in an unknown format - accepted media types include: "
        ) && message.contains(JSON_PATCH)
            && message.contains(MERGE_PATCH)
            && message.contains(STRATEGIC_MERGE_PATCH),
        "{message}"
    );
    assert_eq!(api.get(&widget_uri("w1")).await.body["spec"]["replicas"], 2);
}

/// Upstream: `errUnsupportedMediaType.Status()` carries no details, and the custom
/// resource handler lists apply patch (k8s.io/apiextensions-apiserver/pkg/apiserver/
/// customresource_handler.go: json-patch, merge-patch, apply-patch+yaml; the
/// built-in installer adds strategic-merge-patch, which our compiled-in
/// kinds accept too).
#[tokio::test]
async fn the_415_status_is_upstreams() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(&widget_uri("w1"), "application/xml", &json!({}))
        .await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml",
               "reason": "UnsupportedMediaType", "code": 415})
    );
}

/// Upstream: built-in kinds accept `application/strategic-merge-patch+json`
/// (k8s.io/apiserver/pkg/endpoints/installer.go: the PATCH route's `supportedTypes`
/// are json-patch, merge-patch, strategic-merge-patch and apply-patch+yaml);
/// kubectl apply/edit/patch send it for ConfigMap (KUBECTL.md fact 2).
#[tokio::test]
async fn strategic_merge_patch_of_a_configmap() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("c1")).await;
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/c1"),
            STRATEGIC_MERGE_PATCH,
            &json!({"data": {"extra": "1"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"], json!({"k": "v", "extra": "1"}));
}

#[tokio::test]
async fn scale_subresource_get() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    let mut status = w.clone();
    status["status"] = json!({"replicas": 1, "selector": "app=w1"});
    let r = api
        .put(&format!("{}/status", widget_uri("w1")), &status)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let r = api.get(&format!("{}/scale", widget_uri("w1"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Scale");
    assert_eq!(r.body["apiVersion"], "autoscaling/v1");
    assert_eq!(r.body["metadata"]["name"], "w1");
    assert_eq!(r.body["metadata"]["namespace"], "default");
    assert_eq!(r.body["metadata"]["uid"], w["metadata"]["uid"]);
    assert!(r.body["metadata"]["resourceVersion"].is_string());
    assert_eq!(r.body["spec"], json!({"replicas": 2}));
    assert_eq!(
        r.body["status"],
        json!({"replicas": 1, "selector": "app=w1"})
    );
}

/// A Widget without a spec or a status scales from zero: the Scale reads
/// 0 replicas and no selector, and writing it makes the spec that holds
/// the replicas (the paths are read and written through the Rust fields).
#[tokio::test]
async fn scale_subresource_of_a_widget_without_spec() {
    let api = Api::start();
    let bare =
        json!({"apiVersion": "example.dev/v1", "kind": "Widget", "metadata": {"name": "bare"}});
    api.create(WIDGETS, &bare).await;
    let r = api.get(&format!("{}/scale", widget_uri("bare"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // autoscaling/v1's `spec.replicas` is `omitempty`; `status.replicas`
    // is not.
    assert_eq!(r.body["spec"], json!({}));
    assert_eq!(r.body["status"], json!({"replicas": 0}));
    let mut scale = r.body.clone();
    scale["spec"]["replicas"] = json!(4);
    let r = api
        .put(&format!("{}/scale", widget_uri("bare")), &scale)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 4);
    let w = api.get(&widget_uri("bare")).await.body;
    assert_eq!(w["spec"]["replicas"], 4);
    assert_eq!(w["metadata"]["generation"], 2);
}

#[tokio::test]
async fn scale_subresource_patch() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api
        .patch(
            &format!("{}/scale", widget_uri("w1")),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 3}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Scale");
    assert_eq!(r.body["spec"]["replicas"], 3);
    let w = api.get(&widget_uri("w1")).await.body;
    assert_eq!(w["spec"]["replicas"], 3);
    assert_eq!(w["metadata"]["generation"], 2);
}

/// A server-side apply of a Deployment (a kind with a status subresource)
/// that carries a status: the status is reset on the main resource, so
/// the applier owns none of it, as upstream's field manager ignores a
/// strategy's reset fields; a create's Update entry leaves it out too.
#[tokio::test]
async fn an_applied_status_is_no_managers() {
    let api = Api::start();
    let deployment = |name: &str| {
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name},
               "spec": {"selector": {"matchLabels": {"app": "web"}},
                        "template": {"metadata": {"labels": {"app": "web"}},
                                     "spec": {"containers": [{"name": "web", "image": "nginx"}]}}},
               "status": {"replicas": 3}})
    };
    let path = "/apis/apps/v1/namespaces/default/deployments";
    for (name, r) in [
        (
            "applied",
            api.patch(
                &format!("{path}/applied?fieldManager=ops"),
                "application/apply-patch+yaml",
                &deployment("applied"),
            )
            .await,
        ),
        ("posted", api.post(path, &deployment("posted")).await),
    ] {
        assert!(r.status.is_success(), "{name}: {}", r.text);
        let fields = r.body["metadata"]["managedFields"][0]["fieldsV1"].to_string();
        assert!(fields.contains("f:template"), "{name}: {fields}");
        assert!(!fields.contains("f:status"), "{name}: {fields}");
        assert_eq!(r.body["status"].get("replicas"), None, "{name}: {}", r.text);
    }
}

/// The patched object's resourceVersion is the precondition, whichever
/// patch set it: a JSON patch replacing `/metadata/resourceVersion` with a
/// stale one is a 409 and changes nothing, as a merge patch naming it is.
#[tokio::test]
async fn a_patched_resource_version_is_a_precondition() {
    let api = Api::start();
    let created = api.create(CONFIGMAPS, &configmap("c")).await;
    let stale = rv(&created);
    let uri = format!("{CONFIGMAPS}/c");
    let r = api
        .patch(&uri, MERGE_PATCH, &json!({"data": {"moved": "on"}}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let ops = json!([
        {"op": "replace", "path": "/metadata/resourceVersion", "value": stale},
        {"op": "add", "path": "/data/late", "value": "v"},
    ]);
    let r = api.patch(&uri, JSON_PATCH, &ops).await;
    r.assert_failure(409, "Conflict");
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"resourceVersion": stale}, "data": {"late": "v"}}),
        )
        .await;
    r.assert_failure(409, "Conflict");
    let stored = api.get(&uri).await.body;
    assert!(stored["data"].get("late").is_none(), "{stored}");
}

/// Strategic merge patch errors are answered as upstream's patch handler
/// answers them (`interpretStrategicMergePatchError`): a malformed patch
/// is a 400, and any other error (an item without its merge key, list
/// items of mixed types) is returned as it is, a 500 with no reason
/// (kubectl prints `Error from server: map: ... does not contain declared
/// merge key: uid`). None changes the object.
#[tokio::test]
async fn strategic_merge_patch_errors_have_upstreams_codes() {
    let api = Api::start();
    // Merged lists to merge into (a patch list with nothing to merge
    // into is taken as it is).
    let mut cm = configmap("c");
    cm["metadata"]["ownerReferences"] =
        json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "o", "uid": "u1"}]);
    cm["metadata"]["finalizers"] = json!(["example.com/a"]);
    let created = api.create(CONFIGMAPS, &cm).await;
    let uri = format!("{CONFIGMAPS}/c");
    let r = api
        .patch(
            &uri,
            STRATEGIC_MERGE_PATCH,
            &json!({"metadata": {"ownerReferences": [{"name": "x"}]}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.text);
    assert_eq!(r.body["kind"], "Status");
    assert!(r.body.get("reason").is_none(), "{}", r.text);
    assert_eq!(
        r.body["message"],
        "map: map[name:x] does not contain declared merge key: uid"
    );
    let r = api
        .patch(
            &uri,
            STRATEGIC_MERGE_PATCH,
            &json!({"metadata": {"finalizers": [["a"]]}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.text);
    assert!(r.body.get("reason").is_none(), "{}", r.text);
    assert_eq!(
        r.body["message"],
        "list element types are not identical: [[example.com/a] [[a]]]"
    );
    let r = api
        .patch(
            &uri,
            STRATEGIC_MERGE_PATCH,
            &json!({"data": {"$retainKeys": "k"}}),
        )
        .await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(r.body["message"], "invalid patch format of retainKeys");
    assert_eq!(rv(&api.get(&uri).await.body), rv(&created));
}

/// Server-side apply through `/status` (kube-rs `patch_status` with
/// `Patch::Apply`, client-go `ApplyStatus`) records its own entry, marked
/// `subresource: status`, beside the manager's main-resource one, and
/// neither owns nor conflicts on the spec, which the status strategy
/// resets; a missing object is 404, as subresources never create.
#[tokio::test]
async fn server_side_apply_through_status_is_a_manager_of_its_own() {
    const APPLY: &str = "application/apply-patch+yaml";
    let api = Api::start();
    let uri = widget_uri("w1");
    let status = format!("{uri}/status");
    let r = api
        .patch(&format!("{uri}?fieldManager=ctrl"), APPLY, &widget("w1"))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let applied = json!({"apiVersion": "example.dev/v1", "kind": "Widget",
                         "metadata": {"name": "w1"}, "status": {"phase": "Running"}});
    let r = api
        .patch(&format!("{status}?fieldManager=ctrl"), APPLY, &applied)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["status"]["phase"], "Running");
    let entries = |body: &Value| -> Vec<(String, String, String)> {
        body["metadata"]["managedFields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["manager"].as_str().unwrap_or("").to_string(),
                    e["subresource"].as_str().unwrap_or("").to_string(),
                    e["fieldsV1"].to_string(),
                )
            })
            .collect()
    };
    let seen = entries(&r.body);
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert_eq!((&*seen[0].0, &*seen[0].1), ("ctrl", ""), "{seen:?}");
    assert!(seen[0].2.contains("f:spec"), "{seen:?}");
    assert_eq!((&*seen[1].0, &*seen[1].1), ("ctrl", "status"), "{seen:?}");
    assert!(seen[1].2.contains("f:phase"), "{seen:?}");

    // Another manager's spec through /status is reset, not a conflict.
    let mut other = applied.clone();
    other["spec"] = json!({"replicas": 9});
    other["status"] = json!({"replicas": 3});
    let r = api
        .patch(&format!("{status}?fieldManager=other"), APPLY, &other)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["replicas"], 2, "{}", r.text);
    let seen = entries(&r.body);
    let others: Vec<_> = seen.iter().filter(|e| e.0 == "other").collect();
    assert_eq!(others.len(), 1, "{seen:?}");
    assert!(!others[0].2.contains("f:spec"), "{seen:?}");

    let mut missing = applied.clone();
    missing["metadata"]["name"] = json!("missing");
    let r = api
        .patch(
            &format!("{}/status?fieldManager=ctrl", widget_uri("missing")),
            APPLY,
            &missing,
        )
        .await;
    r.assert_failure(404, "NotFound");
    assert_eq!(
        api.get(&widget_uri("missing")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Server-side apply of a Scale (client-go's `ApplyScale`, upstream's
/// `TestScaleAllResources`): the replicas' owner is a conflict unless
/// forced; forced, the applier owns `spec.replicas` in an Apply entry
/// marked `subresource: scale` and the answer is the Scale; applying the
/// same count under another manager shares it.
#[tokio::test]
async fn server_side_apply_of_a_scale_owns_the_replicas() {
    const APPLY: &str = "application/apply-patch+yaml";
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let api = Api::start();
    let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "d"},
        "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "d"}},
            "template": {"metadata": {"labels": {"app": "d"}},
                "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    let r = api
        .post(&format!("{DEPLOYMENTS}?fieldManager=creator"), &deployment)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let scale = json!({"apiVersion": "autoscaling/v1", "kind": "Scale",
                       "metadata": {"name": "d", "namespace": "default"},
                       "spec": {"replicas": 5}});
    let uri = format!("{DEPLOYMENTS}/d/scale");
    let r = api
        .patch(&format!("{uri}?fieldManager=apply_scale"), APPLY, &scale)
        .await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        "Apply failed with 1 conflict: conflict with \"creator\" using apps/v1: .spec.replicas"
    );
    let r = api
        .patch(
            &format!("{uri}?fieldManager=apply_scale&force=true"),
            APPLY,
            &scale,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["kind"], "Scale");
    assert_eq!(r.body["spec"]["replicas"], 5);
    let stored = api.get(&format!("{DEPLOYMENTS}/d")).await.body;
    assert_eq!(stored["spec"]["replicas"], 5);
    let entries = stored["metadata"]["managedFields"].as_array().unwrap();
    let applier = entries
        .iter()
        .find(|e| e["manager"] == "apply_scale")
        .expect("the applier's entry");
    assert_eq!(applier["operation"], "Apply");
    assert_eq!(applier["subresource"], "scale");
    assert_eq!(applier["fieldsV1"], json!({"f:spec": {"f:replicas": {}}}));
    let creator = entries.iter().find(|e| e["manager"] == "creator").unwrap();
    assert!(
        creator["fieldsV1"]["f:spec"].get("f:replicas").is_none(),
        "{creator}"
    );
    // The same count under another manager: shared, no conflict.
    let r = api
        .patch(&format!("{uri}?fieldManager=other"), APPLY, &scale)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}
