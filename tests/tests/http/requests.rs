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
        assert_eq!(
            r.body["message"], "the server could not find the requested resource",
            "{uri}"
        );
    }
}
