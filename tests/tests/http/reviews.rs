//! The reviews of `authorization.k8s.io` and `authentication.k8s.io`, as
//! kube-apiserver with `--authorization-mode=AlwaysAllow` answers them
//! (`pkg/registry/authorization/*/rest.go`,
//! `pkg/registry/authentication/selfsubjectreview/rest.go`): created only,
//! answered from the authorizer and the request's user, never stored.

use super::*;

const SSAR: &str = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews";
const SAR: &str = "/apis/authorization.k8s.io/v1/subjectaccessreviews";
const SSRR: &str = "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews";
const SSR: &str = "/apis/authentication.k8s.io/v1/selfsubjectreviews";

fn lsar_uri(namespace: &str) -> String {
    format!("/apis/authorization.k8s.io/v1/namespaces/{namespace}/localsubjectaccessreviews")
}

/// Discovery lists `create` alone and no storage version hash; every other
/// verb is 405 on the collection and an object path is 404, as go-restful
/// answers paths registered for POST only.
#[tokio::test]
async fn reviews_are_served_with_create_alone() {
    let api = Api::start();
    let list = api.get("/apis/authorization.k8s.io/v1").await.body;
    for name in [
        "subjectaccessreviews",
        "selfsubjectaccessreviews",
        "localsubjectaccessreviews",
        "selfsubjectrulesreviews",
    ] {
        let resource = api_resource(&list, name);
        assert_eq!(resource["verbs"], json!(["create"]), "{resource}");
        assert!(resource.get("storageVersionHash").is_none(), "{resource}");
    }
    let list = api.get("/apis/authentication.k8s.io/v1").await.body;
    assert_eq!(
        api_resource(&list, "selfsubjectreviews")["verbs"],
        json!(["create"])
    );
    let configmaps = api.get("/api/v1").await.body;
    assert_eq!(
        api_resource(&configmaps, "configmaps")["verbs"],
        json!([
            "create",
            "delete",
            "deletecollection",
            "get",
            "list",
            "patch",
            "update",
            "watch"
        ])
    );

    api.get(SSAR).await.assert_failure(405, "MethodNotAllowed");
    api.get(&format!("{SSAR}?watch=true"))
        .await
        .assert_failure(405, "MethodNotAllowed");
    api.delete(SSAR)
        .await
        .assert_failure(405, "MethodNotAllowed");
    api.get(&format!("{SSAR}/x"))
        .await
        .assert_failure(404, "NotFound");
    api.delete(&format!("{SSAR}/x"))
        .await
        .assert_failure(404, "NotFound");
}

/// A self access review is answered from the authorizer (everything is
/// allowed, no reason) and is not stored: the same review created twice
/// answers twice, with no name, uid or timestamps set.
#[tokio::test]
async fn a_self_access_review_is_allowed_and_not_kept() {
    let api = Api::start();
    let review = json!({
        "apiVersion": "authorization.k8s.io/v1",
        "kind": "SelfSubjectAccessReview",
        "metadata": {"name": "check"},
        "spec": {"resourceAttributes": {"verb": "create", "resource": "pods", "namespace": "default"}},
    });
    for _ in 0..2 {
        let r = api.post(SSAR, &review).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        assert_eq!(r.body["status"], json!({"allowed": true}));
        assert_eq!(r.body["metadata"], json!({"name": "check"}));
        assert_eq!(r.body["spec"], review["spec"]);
    }
    let r = api
        .post(
            SSAR,
            &json!({"spec": {"nonResourceAttributes": {"verb": "get", "path": "/healthz"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["status"]["allowed"], true);
}

/// `ValidateSelfSubjectAccessReview` and `ValidateSubjectAccessReview`:
/// exactly one kind of attributes, a user or a group, no metadata, a
/// selector's text or its requirements; the review is named `""`.
#[tokio::test]
async fn access_reviews_are_validated_as_upstream() {
    let api = Api::start();
    let r = api.post(SSAR, &json!({"spec": {}})).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "SelfSubjectAccessReview.authorization.k8s.io \"\" is invalid: spec.resourceAttributes: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified"
    );
    let r = api
        .post(
            SAR,
            &json!({"metadata": {"name": "x"}, "spec": {
                "resourceAttributes": {"verb": "get", "resource": "pods",
                    "fieldSelector": {"rawSelector": "a=b", "requirements": [{"key": "a", "operator": "In", "values": ["b"]}]},
                    "labelSelector": {}},
                "nonResourceAttributes": {"verb": "get", "path": "/x"},
            }}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    let causes = r.causes();
    assert_eq!(
        causes[..4],
        [
            "spec.nonResourceAttributes: Invalid value: {\"Path\":\"/x\",\"Verb\":\"get\"}: cannot be specified in combination with resourceAttributes",
            "spec.user: Invalid value: \"\": at least one of user or group must be specified",
            "spec.resourceAttributes.fieldSelector.rawSelector: Invalid value: \"a=b\": may not specified at the same time as requirements",
            "spec.resourceAttributes.labelSelector.requirements: Required value: when spec.resourceAttributes.labelSelector is specified, requirements or rawSelector is required",
        ],
        "{}",
        r.text
    );
    assert!(
        causes[4].starts_with("metadata: Invalid value: "),
        "{causes:?}"
    );
    assert!(causes[4].ends_with(": must be empty"), "{causes:?}");
}

/// A subject access review asks about the spec's user; with everything
/// allowed, any user may.
#[tokio::test]
async fn a_subject_access_review_is_answered_for_its_user() {
    let api = Api::start();
    let r = api
        .post(
            SAR,
            &json!({"spec": {"user": "jane", "groups": ["devs"], "extra": {"scopes": ["a", "b"]},
                "resourceAttributes": {"verb": "delete", "group": "apps", "resource": "deployments", "name": "web"}}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["status"], json!({"allowed": true}));
    assert_eq!(r.body["spec"]["extra"], json!({"scopes": ["a", "b"]}));
}

/// A local access review is about its path's namespace: the spec's
/// namespace must be it, and non-resource attributes are refused; the
/// namespace need not exist (NamespaceLifecycle lets access reviews
/// through).
#[tokio::test]
async fn a_local_access_review_is_about_its_namespace() {
    let api = Api::start();
    let review = |namespace: &str| {
        json!({"spec": {"user": "jane",
            "resourceAttributes": {"verb": "get", "resource": "pods", "namespace": namespace}}})
    };
    let r = api.post(&lsar_uri("team-a"), &review("team-a")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["metadata"]["namespace"], "team-a");
    assert_eq!(r.body["status"]["allowed"], true);

    let r = api.post(&lsar_uri("team-a"), &review("team-b")).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "LocalSubjectAccessReview.authorization.k8s.io \"\" is invalid: spec.resourceAttributes.namespace: Invalid value: \"team-b\": must match metadata.namespace"
    );
    let mut other = review("team-a");
    other["metadata"] = json!({"namespace": "team-b"});
    let r = api.post(&lsar_uri("team-a"), &other).await;
    r.assert_failure(400, "BadRequest");
    let r = api
        .post(
            &lsar_uri("team-a"),
            &json!({"spec": {"groups": ["devs"], "nonResourceAttributes": {"verb": "get", "path": "/x"}}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    assert!(
        r.text.contains("spec.nonResourceAttributes: Invalid value: {\\\"Path\\\":\\\"/x\\\",\\\"Verb\\\":\\\"get\\\"}: disallowed on this kind of request"),
        "{}",
        r.text
    );
    api.post(
        "/apis/authorization.k8s.io/v1/localsubjectaccessreviews",
        &review(""),
    )
    .await
    .assert_failure(404, "NotFound");
}

/// A rules review lists AlwaysAllow's rules (`*` everywhere) and answers
/// with the status alone; without a namespace it is a 400.
#[tokio::test]
async fn a_rules_review_lists_everything() {
    let api = Api::start();
    let r = api
        .post(
            SSRR,
            &json!({"metadata": {"name": "x"}, "spec": {"namespace": "default"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body,
        json!({
            "kind": "SelfSubjectRulesReview",
            "apiVersion": "authorization.k8s.io/v1",
            "metadata": {},
            "spec": {},
            "status": {
                "resourceRules": [{"verbs": ["*"], "apiGroups": ["*"], "resources": ["*"]}],
                "nonResourceRules": [{"verbs": ["*"], "nonResourceURLs": ["*"]}],
                "incomplete": false,
            },
        })
    );
    let r = api.post(SSRR, &json!({"spec": {}})).await;
    r.assert_failure(400, "BadRequest");
    assert_eq!(r.body["message"], "no namespace on request");
}

/// A self review answers with the request's user, in JSON and in
/// protobuf (what `kubectl auth whoami` sends and reads).
#[tokio::test]
async fn a_self_review_names_the_unsecured_user() {
    let api = Api::start();
    let r = api
        .post(
            SSR,
            &json!({"apiVersion": "authentication.k8s.io/v1", "kind": "SelfSubjectReview"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(
        r.body["status"],
        json!({"userInfo": {"username": "system:unsecured", "groups": ["system:masters", "system:authenticated"]}})
    );

    use apis::authentication::v1::SelfSubjectReview;
    use runtime::registry::ServedKind;
    let body = SelfSubjectReview::default()
        .encode_protobuf_envelope()
        .expect("protobuf numbers");
    let pb = "application/vnd.kubernetes.protobuf";
    let r = api
        .send(
            Method::POST,
            SSR,
            &[("content-type", pb), ("accept", pb)],
            body,
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.header("content-type"), Some(pb));
    let kind = apis::registry()
        .find("authentication.k8s.io", "v1", "selfsubjectreviews")
        .copied()
        .expect("served")
        .kind;
    let answer = kind
        .decode_protobuf(&r.bytes)
        .expect("the envelope")
        .expect("a SelfSubjectReview");
    let answer = answer
        .as_any()
        .downcast_ref::<SelfSubjectReview>()
        .expect("the type");
    assert_eq!(answer.status.user_info.username, "system:unsecured");
}
