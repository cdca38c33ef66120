//! Update: preconditions, generation, and create-on-update for the kinds that allow it.

use super::*;

/// Upstream: `OptimisticLockErrorMsg` (k8s.io/apiserver/pkg/registry/generic/registry/store.go)
/// wrapped by `NewConflict` (k8s.io/apimachinery/pkg/api/errors/errors.go).
#[tokio::test]
async fn update_with_a_stale_resource_version_is_409_conflict() {
    let api = Api::start();
    let created = create_widget(&api, "w1").await;
    let mut changed = created.clone();
    changed["spec"]["replicas"] = json!(3);
    assert_eq!(
        api.put(&widget_uri("w1"), &changed).await.status,
        StatusCode::OK
    );
    // `created` still carries the first resourceVersion.
    let r = api.put(&widget_uri("w1"), &created).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Operation cannot be fulfilled on widgets.example.dev \"w1\": the object has been modified; please apply your changes to the latest version and try again",
               "reason": "Conflict",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets"}, "code": 409})
    );
}

/// Upstream: `checkName` (k8s.io/apiserver/pkg/endpoints/handlers/rest.go).
#[tokio::test]
async fn update_with_another_name_is_400() {
    let api = Api::start();
    let mut w = create_widget(&api, "w1").await;
    w["metadata"]["name"] = json!("other");
    let r = api.put(&widget_uri("w1"), &w).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(
        r.body["message"],
        "the name of the object (other) does not match the name on the URL (w1)"
    );
}

/// Upstream: custom resources do not allow unconditional updates
/// (`customResourceStrategy.AllowUnconditionalUpdate` returns false,
/// k8s.io/apiextensions-apiserver/pkg/registry/customresource/strategy.go), so the
/// generic store answers `field.Invalid(metadata.resourceVersion, newResourceVersion,
/// "must be specified for an update")` on the qualified resource
/// (k8s.io/apiserver/pkg/registry/generic/registry/store.go); the uint64 zero prints as `0x0`.
#[tokio::test]
async fn update_of_a_custom_resource_without_resource_version_is_422() {
    let api = Api::start();
    create_widget(&api, "w1").await;
    let r = api.put(&widget_uri("w1"), &widget("w1")).await;
    let cause = "Invalid value: 0x0: must be specified for an update";
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": format!("widgets.example.dev \"w1\" is invalid: metadata.resourceVersion: {cause}"),
               "reason": "Invalid",
               "details": {"name": "w1", "group": "example.dev", "kind": "widgets",
                           "causes": [{"reason": "FieldValueInvalid", "message": cause, "field": "metadata.resourceVersion"}]},
               "code": 422})
    );
}

#[tokio::test]
async fn update_of_a_configmap_without_resource_version_is_unconditional() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("c1")).await;
    let mut cm = configmap("c1");
    cm["data"] = json!({"k": "changed"});
    let r = api.put(&format!("{CONFIGMAPS}/c1"), &cm).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["k"], "changed");
}

#[tokio::test]
async fn status_changes_only_through_the_status_subresource() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;

    // The main resource ignores status.
    let mut main = w.clone();
    main["status"] = json!({"phase": "Running"});
    let r = api.put(&widget_uri("w1"), &main).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(r.body.get("status").is_none(), "{}", r.text);
    let stored = api.get(&widget_uri("w1")).await.body;
    assert!(stored.get("status").is_none(), "{stored}");

    // /status ignores everything but status.
    let mut status = stored.clone();
    status["status"] = json!({"phase": "Running", "replicas": 1});
    status["spec"]["replicas"] = json!(9);
    let r = api
        .put(&format!("{}/status", widget_uri("w1")), &status)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["status"]["phase"], "Running");
    assert_eq!(r.body["spec"]["replicas"], 2);
    let stored = api.get(&widget_uri("w1")).await.body;
    assert_eq!(stored["status"]["phase"], "Running");
    assert_eq!(stored["spec"]["replicas"], 2);

    // And the main resource keeps it afterwards.
    let mut main = stored.clone();
    main["status"] = json!({"phase": "Failed"});
    let r = api.put(&widget_uri("w1"), &main).await;
    assert_eq!(r.body["status"]["phase"], "Running", "{}", r.text);
}

#[tokio::test]
async fn generation_bumps_only_on_spec_changes() {
    let api = Api::start();
    let w = create_widget(&api, "w1").await;
    assert_eq!(w["metadata"]["generation"], 1);

    let mut labeled = w.clone();
    labeled["metadata"]["labels"] = json!({"a": "b"});
    let w = api.put(&widget_uri("w1"), &labeled).await.body;
    assert_eq!(w["metadata"]["generation"], 1, "metadata change: {w}");

    let mut status = w.clone();
    status["status"] = json!({"phase": "Running"});
    let w = api
        .put(&format!("{}/status", widget_uri("w1")), &status)
        .await
        .body;
    assert_eq!(w["metadata"]["generation"], 1, "status change: {w}");

    let mut spec = w.clone();
    spec["spec"]["replicas"] = json!(4);
    let w = api.put(&widget_uri("w1"), &spec).await.body;
    assert_eq!(w["metadata"]["generation"], 2, "spec change: {w}");
}

const LEASES: &str = "/apis/coordination.k8s.io/v1/namespaces/default/leases";

/// Upstream: the Lease strategy's `AllowCreateOnUpdate()` is true, so a PUT
/// of a missing Lease creates it (201, what leader election relies on);
/// ConfigMap's is false, so the same PUT is 404.
#[tokio::test]
async fn update_creates_a_missing_lease_but_not_a_configmap() {
    let api = Api::start();
    let lease = json!({"apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
                       "metadata": {"name": "leader", "resourceVersion": "12345"},
                       "spec": {"holderIdentity": "a"}});
    let r = api.put(&format!("{LEASES}/leader"), &lease).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["spec"]["holderIdentity"], "a");
    assert!(r.body["metadata"]["uid"].is_string(), "{}", r.text);
    assert_ne!(r.body["metadata"]["resourceVersion"], "12345");
    let mut renewed = r.body.clone();
    renewed["spec"]["holderIdentity"] = json!("b");
    let r = api.put(&format!("{LEASES}/leader"), &renewed).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["holderIdentity"], "b");

    let r = api
        .put(&format!("{CONFIGMAPS}/missing"), &configmap("missing"))
        .await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], "configmaps \"missing\" not found");
    let r = api
        .put(
            "/apis/coordination.k8s.io/v1/namespaces/nowhere/leases/leader",
            &json!({"metadata": {"name": "leader"}}),
        )
        .await;
    r.assert_failure(404, "NotFound");
    assert_eq!(r.body["message"], "namespaces \"nowhere\" not found");
}

/// Upstream's Lease and admission webhook configuration strategies return
/// false from `AllowUnconditionalUpdate()` (pkg/registry/coordination/lease,
/// pkg/registry/admissionregistration/*webhookconfiguration): a PUT of an
/// existing one without `resourceVersion` is the generic store's 422, named
/// by the resource. With the resourceVersion it goes through.
#[tokio::test]
async fn leases_and_webhook_configurations_refuse_unconditional_updates() {
    let api = Api::start();
    let lease = json!({"apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
                       "metadata": {"name": "leader"}, "spec": {"holderIdentity": "a"}});
    let created = api.create(LEASES, &lease).await;
    let cause = "Invalid value: 0x0: must be specified for an update";
    let r = api.put(&format!("{LEASES}/leader"), &lease).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        format!(
            "leases.coordination.k8s.io \"leader\" is invalid: metadata.resourceVersion: {cause}"
        )
    );
    assert_eq!(r.body["details"]["kind"], "leases");
    let mut renewed = created.clone();
    renewed["spec"]["holderIdentity"] = json!("b");
    let r = api.put(&format!("{LEASES}/leader"), &renewed).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let webhooks = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";
    let config = json!({"apiVersion": "admissionregistration.k8s.io/v1",
                        "kind": "ValidatingWebhookConfiguration", "metadata": {"name": "v"}});
    api.create(webhooks, &config).await;
    let r = api.put(&format!("{webhooks}/v"), &config).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        format!(
            "validatingwebhookconfigurations.admissionregistration.k8s.io \"v\" is invalid: metadata.resourceVersion: {cause}"
        )
    );
}

/// Upstream's Service and RBAC strategies return true from
/// `AllowCreateOnUpdate()` (pkg/registry/core/service/strategy.go,
/// pkg/registry/rbac/*/strategy.go): `kubectl replace` of a Service or a
/// Role that does not exist creates it (201), the Service with its cluster
/// IP allocated as a create would.
#[tokio::test]
async fn update_creates_a_missing_service_or_role() {
    let api = Api::start();
    let service = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web"},
                         "spec": {"ports": [{"port": 80}]}});
    let r = api
        .put("/api/v1/namespaces/default/services/web", &service)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.body["spec"]["clusterIP"].is_string(), "{}", r.text);
    for (plural, kind, body) in [
        ("roles", "Role", json!({"rules": []})),
        (
            "rolebindings",
            "RoleBinding",
            json!({"roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "r"}}),
        ),
    ] {
        let mut object = json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind,
                                "metadata": {"name": "r"}});
        object
            .as_object_mut()
            .unwrap()
            .extend(body.as_object().unwrap().clone());
        let r = api
            .put(
                &format!("/apis/rbac.authorization.k8s.io/v1/namespaces/default/{plural}/r"),
                &object,
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{plural}: {}", r.text);
    }
    let r = api
        .put(
            "/apis/rbac.authorization.k8s.io/v1/clusterroles/c",
            &json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                    "metadata": {"name": "c"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
}

/// `namespaceStrategy.PrepareForUpdate`: a PUT of a namespace cannot drop
/// `spec.finalizers` (they change through `/finalize`) or set its status,
/// and the name label is put back.
#[tokio::test]
async fn namespace_update_keeps_finalizers_status_and_name_label() {
    let api = Api::start();
    let r = api
        .post(
            NAMESPACES,
            &json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let mut ns = r.body;
    ns["spec"]["finalizers"] = json!([]);
    ns["status"] = json!({"phase": "Terminating"});
    ns["metadata"]["labels"] = json!({"tier": "gold"});
    let r = api.put(&format!("{NAMESPACES}/team-a"), &ns).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["spec"]["finalizers"], json!(["kubernetes"]));
    assert_eq!(r.body["status"]["phase"], "Active");
    assert_eq!(
        r.body["metadata"]["labels"],
        json!({"kubernetes.io/metadata.name": "team-a", "tier": "gold"})
    );
}

/// `deploymentStrategy.WarningsOnUpdate`: the pod template's warnings come
/// with an update that changes the spec, not with one that changes only
/// labels.
#[tokio::test]
async fn deployment_update_warns_when_the_spec_changes() {
    let api = Api::start();
    let uri = "/apis/apps/v1/namespaces/default/deployments";
    let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {"selector": {"matchLabels": {"app": "web"}},
                 "template": {"metadata": {"labels": {"app": "web"}},
                              "spec": {"containers": [{"name": "c", "image": "nginx"}],
                                       "nodeSelector": {"beta.kubernetes.io/arch": "amd64"}}}}});
    let r = api.post(uri, &deployment).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let expected = r#"299 - "spec.template.spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use \"kubernetes.io/arch\" instead""#;
    assert_eq!(r.header("warning"), Some(expected));
    let mut relabelled = r.body.clone();
    relabelled["metadata"]["labels"] = json!({"team": "a"});
    let r = api.put(&format!("{uri}/web"), &relabelled).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.header("warning"), None, "the spec did not change");
    let mut scaled = r.body.clone();
    scaled["spec"]["replicas"] = json!(3);
    let r = api.put(&format!("{uri}/web"), &scaled).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["metadata"]["generation"], 2);
    assert_eq!(r.header("warning"), Some(expected));
}

/// Upstream: `ValidateConfigMapUpdate` and `ValidateSecretUpdate`
/// (pkg/apis/core/validation/validation.go): once `immutable: true` is
/// stored, only metadata changes (`data`, `binaryData` and unmarking are
/// Forbidden); a Secret's `type` never changes (`ValidateImmutableField`:
/// Invalid, with the new value).
#[tokio::test]
async fn immutable_configmaps_and_secrets_keep_their_data_and_secrets_their_type() {
    let api = Api::start();
    let mut cm = configmap("c1");
    cm["immutable"] = json!(true);
    api.create(CONFIGMAPS, &cm).await;
    let uri = format!("{CONFIGMAPS}/c1");
    let detail = "Forbidden: field is immutable when `immutable` is set";

    let r = api
        .patch(&uri, MERGE_PATCH, &json!({"data": {"k": "changed"}}))
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        format!("ConfigMap \"c1\" is invalid: data: {detail}")
    );
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"immutable": false, "binaryData": {"b": "AA=="}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        format!("ConfigMap \"c1\" is invalid: [immutable: {detail}, binaryData: {detail}]")
    );
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"a": "b"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&uri).await.body["data"], json!({"k": "v"}));

    // A ConfigMap not marked immutable changes as before.
    api.create(CONFIGMAPS, &configmap("c2")).await;
    let r = api
        .patch(
            &format!("{CONFIGMAPS}/c2"),
            MERGE_PATCH,
            &json!({"data": {"k": "changed"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    let secrets = "/api/v1/namespaces/default/secrets";
    let secret = json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s1"},
                        "immutable": true, "data": {"k": "dg=="}});
    api.create(secrets, &secret).await;
    let uri = format!("{secrets}/s1");
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"type": "example.com/other", "stringData": {"k": "w"}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        format!(
            "Secret \"s1\" is invalid: [type: Invalid value: \"example.com/other\": field is immutable, data: {detail}]"
        )
    );
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"labels": {"a": "b"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

/// `deploymentStrategy.ValidateUpdate` (pkg/registry/apps/deployment/strategy.go):
/// an apps/v1 Deployment's selector is immutable (`ValidateImmutableField`, the new
/// selector printed as the other selector rules print it); the rest of the spec changes.
#[tokio::test]
async fn a_deployments_selector_is_immutable() {
    let api = Api::start();
    let uri = "/apis/apps/v1/namespaces/default/deployments";
    let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {"selector": {"matchLabels": {"app": "web"}},
                 "template": {"metadata": {"labels": {"app": "web", "tier": "front"}},
                              "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    let r = api.post(uri, &deployment).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = api
        .patch(
            &format!("{uri}/web"),
            MERGE_PATCH,
            &json!({"spec": {"selector": {
                "matchLabels": {"tier": "front"},
                "matchExpressions": [{"key": "app", "operator": "In", "values": ["web", "api"]}]}}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    let value = r#"{"matchLabels":{"app":"web","tier":"front"},"matchExpressions":[{"key":"app","operator":"In","values":["web","api"]}]}"#;
    assert_eq!(
        r.body["message"],
        format!(
            "Deployment.apps \"web\" is invalid: spec.selector: Invalid value: {value}: field is immutable"
        )
    );
    let r = api
        .patch(
            &format!("{uri}/web"),
            MERGE_PATCH,
            &json!({"spec": {"replicas": 4, "template": {"metadata": {"labels": {"tier": "back"}}}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

/// A custom resource's `+listType=map` list of Conditions keyed by `type`
/// holds each type once: a second `Ready` is a 422 "Duplicate value" at
/// its index, as kube-apiserver's list-type validation of a CRD answers
/// (the check was left out for Condition items); distinct types are kept.
#[tokio::test]
async fn condition_types_of_a_custom_resource_are_unique() {
    let api = Api::start();
    let mut widget = create_widget(&api, "c").await;
    let condition = |kind: &str| {
        json!({"type": kind, "status": "True", "lastTransitionTime": "2026-01-01T00:00:00Z",
               "reason": "Checked", "message": ""})
    };
    widget["status"] = json!({"conditions": [condition("Ready"), condition("Ready")]});
    let status_uri = format!("{}/status", widget_uri("c"));
    let r = api.put(&status_uri, &widget).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["details"]["causes"][0]["field"], "status.conditions[1]",
        "{}",
        r.text
    );
    assert_eq!(
        r.body["details"]["causes"][0]["reason"], "FieldValueDuplicate",
        "{}",
        r.text
    );
    widget["status"] = json!({"conditions": [condition("Ready"), condition("Synced")]});
    let r = api.put(&status_uri, &widget).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["status"]["conditions"][1]["type"], "Synced");
}

/// An update may not change what identifies the object or add to what
/// holds its deletion: a PUT naming another uid fails the update's storage
/// precondition (409, upstream's storage error text), a patch changing it
/// changes an immutable field (422); and once the object is being deleted
/// no finalizer can be added, by PUT or PATCH (`ValidateNoNewFinalizers`,
/// which controllers adding finalizers rely on).
#[tokio::test]
async fn an_update_may_not_change_the_uid_or_add_finalizers_to_a_deleted_object() {
    let api = Api::start();
    let mut held = configmap("c");
    held["metadata"]["finalizers"] = json!(["example.com/a"]);
    let created = api.create(CONFIGMAPS, &held).await;
    let uid = created["metadata"]["uid"].as_str().unwrap().to_string();
    let uri = format!("{CONFIGMAPS}/c");

    let mut other = created.clone();
    other["metadata"]["uid"] = json!("stale-uid");
    let r = api.put(&uri, &other).await;
    r.assert_failure(409, "Conflict");
    assert_eq!(
        r.body["message"],
        format!(
            "Operation cannot be fulfilled on configmaps \"c\": StorageError: invalid object, Code: 4, Key: /registry/configmaps/default/c, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: stale-uid, UID in object meta: {uid}"
        )
    );
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"uid": "stale-uid"}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "ConfigMap \"c\" is invalid: metadata.uid: Invalid value: \"stale-uid\": field is immutable"
    );

    let r = api.delete(&uri).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let forbidden = "ConfigMap \"c\" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{\"example.com/b\", \"example.com/c\"}";
    let mut more = api.get(&uri).await.body;
    more["metadata"]["finalizers"] = json!(["example.com/c", "example.com/a", "example.com/b"]);
    let r = api.put(&uri, &more).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(r.body["message"], forbidden);
    assert_eq!(
        r.body["details"]["causes"],
        json!([{"reason": "FieldValueForbidden", "field": "metadata.finalizers",
                "message": forbidden.split_once("is invalid: metadata.finalizers: ").unwrap().1}])
    );
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"finalizers": ["example.com/a", "example.com/c", "example.com/b"]}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert_eq!(r.body["message"], forbidden);
    // Removing one is what a finalizing controller does: it goes.
    let r = api
        .patch(
            &uri,
            MERGE_PATCH,
            &json!({"metadata": {"finalizers": null}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(api.get(&uri).await.status, StatusCode::NOT_FOUND);
}

/// A write to a built-in kind's `/status` keeps the spec but takes the
/// metadata the request sends, as upstream's status strategies reset only
/// the spec and what each names (the conformance tests patch an annotation
/// through `/status`): a Deployment's labels stay, its annotations change,
/// and its generation does not move. A custom resource's `/status` keeps
/// all but the status (the custom resource status strategy).
#[tokio::test]
async fn a_status_write_takes_the_metadata_a_built_in_status_strategy_allows() {
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let api = Api::start();
    let body = json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "d", "labels": {"app": "d"}},
        "spec": {"selector": {"matchLabels": {"app": "d"}},
            "template": {"metadata": {"labels": {"app": "d"}},
                "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}});
    let created = api.create(DEPLOYMENTS, &body).await;
    let patch = json!({
        "metadata": {"annotations": {"patchedstatus": "true"}, "labels": {"app": "other"}},
        "spec": {"replicas": 7},
        "status": {"replicas": 1},
    });
    let r = api
        .patch(&format!("{DEPLOYMENTS}/d/status"), MERGE_PATCH, &patch)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let stored = api.get(&format!("{DEPLOYMENTS}/d")).await.body;
    for object in [&r.body, &stored] {
        assert_eq!(
            object["metadata"]["annotations"]["patchedstatus"], "true",
            "{object}"
        );
        assert_eq!(
            object["metadata"]["labels"],
            json!({"app": "d"}),
            "{object}"
        );
        assert_eq!(object["spec"]["replicas"], 1, "{object}");
        assert_eq!(object["status"]["replicas"], 1, "{object}");
        assert_eq!(
            object["metadata"]["generation"], created["metadata"]["generation"],
            "{object}"
        );
    }

    create_widget(&api, "w1").await;
    let r = api
        .patch(
            &format!("{}/status", widget_uri("w1")),
            MERGE_PATCH,
            &json!({"metadata": {"annotations": {"patchedstatus": "true"}},
                    "status": {"phase": "Running"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["status"]["phase"], "Running");
    assert!(
        r.body["metadata"].get("annotations").is_none(),
        "{}",
        r.text
    );
}
