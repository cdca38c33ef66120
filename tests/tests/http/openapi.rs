//! OpenAPI v2 and v3 documents as served.

use super::*;

/// `/openapi/v3`: the index lists each group/version document by hash; a
/// document fetched by hash is `public, immutable`, one fetched by a stale
/// hash moved; each, and the index, carries an ETag and answers 304 to it
/// (KUBECTL.md section E).
#[tokio::test]
async fn openapi_v3_index_documents_etags_and_caching() {
    let api = Api::start();
    let index = api.get("/openapi/v3").await;
    assert_eq!(index.status, StatusCode::OK);
    let url = index.body["paths"]["apis/apps/v1"]["serverRelativeURL"]
        .as_str()
        .expect("apps/v1 is listed")
        .to_string();
    assert!(url.starts_with("/openapi/v3/apis/apps/v1?hash="), "{url}");
    assert!(index.body["paths"]["api/v1"].is_object());
    let doc = api.get(&url).await;
    assert_eq!(doc.status, StatusCode::OK);
    assert_eq!(doc.header("content-type"), Some("application/json"));
    assert_eq!(doc.header("cache-control"), Some("public, immutable"));
    assert!(
        doc.body["components"]["schemas"]["io.k8s.api.apps.v1.Deployment"].is_object(),
        "{}",
        &doc.text[..200.min(doc.text.len())]
    );
    let etag = doc.header("etag").expect("an ETag").to_string();
    let again = api
        .send(
            Method::GET,
            &url,
            &[("if-none-match", etag.as_str())],
            Body::empty(),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let plain = api.get("/openapi/v3/apis/apps/v1").await;
    assert_eq!(plain.header("cache-control"), Some("no-cache, private"));
    // A stale hash moves to the current URL (kube-openapi's
    // `HandleGroupVersion`), never cached as immutable under the old one.
    let stale = api
        .get("/openapi/v3/apis/apps/v1?hash=0123456789ABCDEF")
        .await;
    assert_eq!(
        stale.status,
        StatusCode::MOVED_PERMANENTLY,
        "{}",
        stale.text
    );
    assert_eq!(stale.header("location"), Some(url.as_str()));
    assert_eq!(stale.header("cache-control"), None);
    // The index has an ETag of its own, and a 304 for it.
    let etag = index.header("etag").expect("the index's ETag").to_string();
    let again = api
        .send(
            Method::GET,
            "/openapi/v3",
            &[("if-none-match", etag.as_str())],
            Body::empty(),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    api.get("/openapi/v3/apis/nothing/v1")
        .await
        .assert_failure(404, "NotFound");
}

/// `/openapi/v2` in protobuf, as kubectl asks for it: gnostic's
/// `openapi.v2.Document` carrying the same definitions and paths as the
/// JSON document, with its own ETag; an unknown media type is 406.
#[tokio::test]
async fn openapi_v2_is_served_as_json_and_protobuf() {
    use runtime::codec::openapi_v2;
    let api = Api::start();
    let json = api.get("/openapi/v2").await;
    assert_eq!(json.status, StatusCode::OK);
    assert_eq!(json.header("content-type"), Some("application/json"));
    let response = api
        .call(
            Method::GET,
            "/openapi/v2",
            &[("accept", openapi_v2::MEDIA_TYPE_REQUESTED)],
            Body::empty(),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/com.github.proto-openapi.spec.v2.v1.0+protobuf"
    );
    let etag = response.headers()["etag"].to_str().unwrap().to_string();
    assert_ne!(Some(etag.as_str()), json.header("etag"));
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let doc = openapi_v2::decode(&bytes).expect("an openapi.v2.Document");
    assert_eq!(doc.swagger, "2.0");
    let definitions = doc.definitions.unwrap().additional_properties;
    let json_definitions = json.body["definitions"].as_object().unwrap();
    assert_eq!(definitions.len(), json_definitions.len());
    assert!(
        definitions
            .iter()
            .zip(json_definitions.keys())
            .all(|(d, k)| &d.name == k)
    );
    let deployment = definitions
        .iter()
        .find(|d| d.name == "io.k8s.api.apps.v1.Deployment")
        .and_then(|d| d.value.as_ref())
        .unwrap();
    let gvk = deployment
        .vendor_extension
        .iter()
        .find(|e| e.name == "x-kubernetes-group-version-kind")
        .and_then(|e| e.value.as_ref())
        .unwrap();
    let gvk: Value =
        serde_json::from_slice(&runtime::codec::yaml::yaml_to_json(gvk.yaml.as_bytes()).unwrap())
            .unwrap();
    assert_eq!(
        gvk,
        json!([{"group": "apps", "kind": "Deployment", "version": "v1"}])
    );
    assert_eq!(
        doc.paths.unwrap().path.len(),
        json.body["paths"].as_object().unwrap().len()
    );
    let cached = api
        .send(
            Method::GET,
            "/openapi/v2",
            &[
                ("accept", openapi_v2::MEDIA_TYPE),
                ("if-none-match", etag.as_str()),
            ],
            Body::empty(),
        )
        .await;
    assert_eq!(cached.status, StatusCode::NOT_MODIFIED);
    api.get_as("/openapi/v2", "application/yaml")
        .await
        .assert_failure(406, "NotAcceptable");
}

/// Names follow each kind's rule, as upstream's `ValidateObjectMeta` name
/// functions: a Service name is a DNS-1123 label (Kubernetes 1.36's
/// `RelaxedServiceNameValidation`, on by default: `1web` is a name), a
/// Namespace name a DNS-1123 label, a ConfigMap name a DNS-1123 subdomain.
#[tokio::test]
async fn each_kind_checks_names_by_its_rule() {
    let api = Api::start();
    let service = |name: &str| {
        json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": name},
               "spec": {"ports": [{"port": 80}]}})
    };
    const SERVICES: &str = "/api/v1/namespaces/default/services";
    let r = api.post(SERVICES, &service("1web")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = api.post(SERVICES, &service("Web")).await;
    r.assert_failure(422, "Invalid");
    assert_eq!(
        r.body["message"],
        "Service \"Web\" is invalid: metadata.name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
    );
    let r = api
        .post(
            NAMESPACES,
            &json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "a.b"}}),
        )
        .await;
    r.assert_failure(422, "Invalid");
    // `IsDNS1123Label` names the dots of a valid subdomain.
    assert_eq!(
        r.body["message"],
        "Namespace \"a.b\" is invalid: metadata.name: Invalid value: \"a.b\": must not contain dots",
        "{}",
        r.text
    );
    let r = api
        .post(
            CONFIGMAPS,
            &json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a.b"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
}

/// A Deployment's `/scale` carries its selector in the string form
/// (`metav1.FormatLabelSelector`), as the autoscaler reads it.
#[tokio::test]
async fn deployment_scale_reports_its_selector() {
    let api = Api::start();
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let created = api
        .post(
            DEPLOYMENTS,
            &json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
                "spec": {"replicas": 2,
                    "selector": {"matchLabels": {"app": "web"},
                        "matchExpressions": [{"key": "tier", "operator": "In", "values": ["front", "edge"]}]},
                    "template": {"metadata": {"labels": {"app": "web", "tier": "front"}},
                        "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let scale = api.get(&format!("{DEPLOYMENTS}/web/scale")).await;
    assert_eq!(scale.status, StatusCode::OK, "{}", scale.text);
    assert_eq!(scale.body["kind"], "Scale");
    assert_eq!(scale.body["spec"]["replicas"], 2);
    assert_eq!(
        scale.body["status"]["selector"],
        "app=web,tier in (edge,front)"
    );
}

/// Upstream's Deployment strategy bumps `generation` for annotation
/// changes too (they are copied to the ReplicaSets); labels do not.
#[tokio::test]
async fn deployment_generation_follows_annotations_not_labels() {
    let api = Api::start();
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let created = api
        .post(
            DEPLOYMENTS,
            &json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
                "spec": {"selector": {"matchLabels": {"app": "web"}},
                    "template": {"metadata": {"labels": {"app": "web"}},
                        "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.body["metadata"]["generation"], 1);
    let web = format!("{DEPLOYMENTS}/web");
    for (patch, generation) in [
        (json!({"metadata": {"labels": {"team": "a"}}}), 1),
        (json!({"metadata": {"annotations": {"note": "x"}}}), 2),
        (json!({"metadata": {"annotations": {"note": "x"}}}), 2),
        (json!({"metadata": {"annotations": {"note": null}}}), 3),
        (json!({"spec": {"replicas": 3}}), 4),
    ] {
        let r = api.patch(&web, MERGE_PATCH, &patch).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(
            r.body["metadata"]["generation"], generation,
            "after {patch}"
        );
    }
}
