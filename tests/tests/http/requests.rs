//! Request limits, methods and paths.

use super::*;

/// Upstream: `limitedReadBody` (k8s.io/apiserver/pkg/endpoints/handlers/rest.go) with the
/// 3 MiB `MaxRequestBodyBytes`: `errors.NewRequestEntityTooLargeError(fmt.Sprintf("limit is %d", limit))`.
#[tokio::test]
async fn a_body_over_3_mib_is_413() {
    let api = Api::start();
    let mut w = widget("big");
    w["metadata"]["annotations"] = json!({"blob": "x".repeat(3 * 1024 * 1024)});
    let r = api.post(WIDGETS, &w).await;
    assert_eq!(
        r.body,
        json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
               "message": "Request entity too large: limit is 3145728",
               "reason": "RequestEntityTooLarge", "code": 413})
    );
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn post_to_a_named_object_is_405() {
    let api = Api::start();
    let r = api
        .post(&format!("{CONFIGMAPS}/c1"), &configmap("c1"))
        .await;
    r.assert_failure(405, "MethodNotAllowed");
}

/// Across namespaces a namespaced resource has a LIST and a WATCHLIST
/// route only (upstream's `registerResourceHandlers`): a DELETE of
/// `/api/v1/configmaps` is 405 and deletes nothing in any namespace, as
/// client-go's `ConfigMaps("").DeleteCollection` finds; a POST there is
/// 405 too, and a named path across namespaces has no route (404).
#[tokio::test]
async fn across_namespaces_only_list_and_watch_are_routed() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("c1")).await;
    api.delete("/api/v1/configmaps")
        .await
        .assert_failure(405, "MethodNotAllowed");
    api.delete("/api/v1/configmaps?labelSelector=x%3Dy")
        .await
        .assert_failure(405, "MethodNotAllowed");
    api.post("/api/v1/configmaps", &configmap("c2"))
        .await
        .assert_failure(405, "MethodNotAllowed");
    for uri in ["/api/v1/configmaps/c1", "/api/v1/watch/configmaps/c1"] {
        api.get(uri).await.assert_failure(404, "NotFound");
    }
    api.delete("/api/v1/configmaps/c1")
        .await
        .assert_failure(404, "NotFound");
    let kept = api.get(&format!("{CONFIGMAPS}/c1")).await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.text);
    let listed = api.get("/api/v1/configmaps").await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text);
    let items = listed.body["items"].as_array().expect("items");
    assert!(
        items.iter().any(|c| c["metadata"]["name"] == "c1"),
        "{items:?}"
    );
    // In its namespace the collection's DELETE is served.
    let r = api.delete(CONFIGMAPS).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    api.get(&format!("{CONFIGMAPS}/c1"))
        .await
        .assert_failure(404, "NotFound");
}

/// `limit` and `timeoutSeconds` are converted by upstream's parameter
/// codec (`Convert_Slice_string_To_int64`, Go's `strconv.ParseInt`), whose
/// error `ListResource` answers as a 400: a value that is not an int64,
/// empty included, is refused with Go's message, for a list and a watch.
#[tokio::test]
async fn a_malformed_integer_list_option_is_400_with_gos_message() {
    let api = Api::start();
    for (query, text, why) in [
        ("limit=abc", "abc", "invalid syntax"),
        ("limit=", "", "invalid syntax"),
        ("limit=1.5", "1.5", "invalid syntax"),
        (
            "watch=true&timeoutSeconds=99999999999999999999",
            "99999999999999999999",
            "value out of range",
        ),
        ("watch=true&timeoutSeconds=", "", "invalid syntax"),
    ] {
        let r = api.get(&format!("{CONFIGMAPS}?{query}")).await;
        r.assert_failure(400, "BadRequest");
        assert_eq!(
            r.body["message"],
            format!("strconv.ParseInt: parsing \"{text}\": {why}"),
            "{query}"
        );
    }
}

#[tokio::test]
async fn an_unknown_resource_path_is_404_status() {
    let api = Api::start();
    for uri in [
        "/api/v1/namespaces/default/nothings",
        "/apis/example.dev/v1/nothings",
        "/apis/nowhere.dev/v1/things",
    ] {
        let r = api.get(uri).await;
        r.assert_failure(404, "NotFound");
        // As a real kube-apiserver answers it, `details` empty but there
        // (kubectl debug reads `details.name` of such a 404).
        assert_eq!(
            r.text,
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"the server could not find the requested resource\",\"reason\":\"NotFound\",\"details\":{},\"code\":404}\n",
            "{uri}"
        );
    }
}

/// The path is read as Go's `net/url` decodes `URL.Path` before
/// kube-apiserver splits it: `%XX` is the byte it names, in a namespace or
/// a name alike; a malformed escape is Go's HTTP server's plain-text 400.
#[tokio::test]
async fn escaped_paths_are_decoded_as_go_decodes_them() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("c1")).await;
    let got = api
        .get("/api/v1/namespaces/def%61ult/configmaps/%631")
        .await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.text);
    assert_eq!(got.body["metadata"]["name"], "c1");
    let missing = api.get(&format!("{CONFIGMAPS}/%3Cnone%3E")).await;
    missing.assert_failure(404, "NotFound");
    assert_eq!(missing.body["message"], "configmaps \"<none>\" not found");
    // Discovery paths are decoded the same way: the group and version
    // named escaped are served.
    let group = api.get("/apis/%61pps").await;
    assert_eq!(group.status, StatusCode::OK, "{}", group.text);
    assert_eq!(group.body["name"], "apps");
    let resources = api.get("/apis/apps/%761").await;
    assert_eq!(resources.status, StatusCode::OK, "{}", resources.text);
    assert_eq!(resources.body["groupVersion"], "apps/v1");
    let core = api.get("/api/v%31").await;
    assert_eq!(core.status, StatusCode::OK, "{}", core.text);
    assert_eq!(core.body["groupVersion"], "v1");
    for path in ["%zz", "c%4", "c%"] {
        let bad = api.get(&format!("{CONFIGMAPS}/{path}")).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(bad.text, "400 Bad Request", "{path}");
        assert_eq!(bad.header("connection"), Some("close"), "{path}");
    }
}
