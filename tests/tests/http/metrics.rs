//! Metrics and health: kube-apiserver's metric names, `/healthz`, `/livez`, `/readyz`.

use super::*;

/// The value of the `apiserver_request_total` sample carrying all `labels`.
fn request_total(metrics: &str, labels: &[&str]) -> Option<u64> {
    metrics
        .lines()
        .filter(|l| l.starts_with("apiserver_request_total{"))
        .find(|l| labels.iter().all(|label| l.contains(label)))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test]
async fn metrics_count_requests() {
    let api = Api::start();
    api.get(CONFIGMAPS).await;
    api.get(CONFIGMAPS).await;
    api.get(&widget_uri("nope")).await;
    let r = api.get("/metrics").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.header("content-type").unwrap().starts_with("text/plain"));
    assert!(r.text.contains("# TYPE apiserver_request_total counter\n"));
    assert_eq!(
        request_total(
            &r.text,
            &[
                r#"verb="LIST""#,
                r#"group="""#,
                r#"version="v1""#,
                r#"resource="configmaps""#,
                r#"code="200""#
            ]
        ),
        Some(2),
        "{}",
        r.text
    );
    assert_eq!(
        request_total(
            &r.text,
            &[
                r#"verb="GET""#,
                r#"group="example.dev""#,
                r#"version="v1""#,
                r#"resource="widgets""#,
                r#"code="404""#
            ]
        ),
        Some(1),
        "{}",
        r.text
    );
}

/// Upstream: `requestCounter` (k8s.io/apiserver/pkg/endpoints/metrics/metrics.go) has the
/// labels `verb, dry_run, group, version, resource, subresource, scope, component, code`.
#[tokio::test]
async fn metrics_carry_upstreams_labels() {
    let api = Api::start();
    api.get(CONFIGMAPS).await;
    let r = api.get("/metrics").await;
    assert_eq!(
        request_total(
            &r.text,
            &[
                r#"verb="LIST""#,
                r#"dry_run="""#,
                r#"resource="configmaps""#,
                r#"scope="namespace""#,
                r#"component="apiserver""#,
                r#"code="200""#
            ]
        ),
        Some(1),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn health_endpoints_are_ok() {
    let api = Api::start();
    for path in ["/healthz", "/livez", "/readyz"] {
        let r = api.get(path).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        assert_eq!(r.text, "ok", "{path}");
        // Each check alone (upstream's `InstallPathHandler`); `etcd` only
        // where the store is etcd.
        let r = api.get(&format!("{path}/ping")).await;
        assert_eq!(
            (r.status, r.text.as_str()),
            (StatusCode::OK, "ok"),
            "{path}"
        );
        let r = api.get(&format!("{path}/etcd")).await;
        r.assert_failure(404, "NotFound");
        // `exclude` skips a check and names those matching none
        // (`handleRootHealth`).
        let r = api
            .get(&format!(
                "{path}?verbose&exclude=ping&exclude=foo&exclude=foo"
            ))
            .await;
        let endpoint = path.trim_start_matches('/');
        assert_eq!(
            (r.status, r.text.as_str()),
            (
                StatusCode::OK,
                format!(
                    "[+]ping excluded: ok\nwarn: some health checks cannot be excluded: no matches for \"foo\"\n{endpoint} check passed\n"
                )
                .as_str()
            ),
            "{path}"
        );
    }
}

/// Defaults apply where kube-apiserver applies them, which includes reading
/// from storage: an object stored before its kind had a default (here a
/// Deployment written to the store without `revisionHistoryLimit` and
/// `progressDeadlineSeconds`) reads back with the default by GET, LIST and
/// WATCH, as the etcd codec defaults what it decodes. The old object is
/// stored as JSON, the layout of servers before kinds with protobuf numbers
/// were stored as protobuf: it is still served.
#[tokio::test]
async fn defaults_apply_to_objects_read_from_storage() {
    use server::storage::{RangeRequest, Store};
    let store = std::sync::Arc::new(server::storage::MemoryStore::new());
    let api = Api::start_with(store.clone());
    const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
    let created = api
        .post(
            DEPLOYMENTS,
            &json!({"apiVersion": "apps/v1", "kind": "Deployment",
                "metadata": {"name": "old"},
                "spec": {"selector": {"matchLabels": {"app": "old"}},
                    "template": {"metadata": {"labels": {"app": "old"}},
                        "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    // Rewrite the stored bytes as an older server would have left them.
    let kvs = store
        .range(RangeRequest {
            prefix: "",
            ..Default::default()
        })
        .unwrap()
        .kvs;
    let kv = kvs
        .iter()
        .find(|kv| kv.key.contains("deployments") && kv.key.ends_with("/old"))
        .expect("the stored deployment");
    assert!(kv.value.starts_with(b"k8s\0"), "stored as protobuf");
    let mut stored = created.body.clone();
    stored["metadata"]
        .as_object_mut()
        .unwrap()
        .remove("resourceVersion");
    let spec = stored["spec"].as_object_mut().unwrap();
    spec.remove("revisionHistoryLimit")
        .expect("stored defaulted");
    spec.remove("progressDeadlineSeconds")
        .expect("stored defaulted");
    store
        .update(
            &kv.key,
            serde_json::to_vec(&stored).unwrap(),
            kv.mod_revision,
        )
        .unwrap();

    let got = api.get(&format!("{DEPLOYMENTS}/old")).await;
    assert_eq!(got.body["spec"]["revisionHistoryLimit"], 10, "{}", got.text);
    assert_eq!(got.body["spec"]["progressDeadlineSeconds"], 600);
    let list = api.get(DEPLOYMENTS).await;
    assert_eq!(list.body["items"][0]["spec"]["revisionHistoryLimit"], 10);
    let (_, _, mut events) = api
        .watch(&format!("{DEPLOYMENTS}?watch=true&resourceVersion=0"))
        .await;
    let added = events.next().await.expect("an ADDED event");
    assert_eq!(added["type"], "ADDED");
    assert_eq!(added["object"]["spec"]["progressDeadlineSeconds"], 600);
}

/// Upstream's metric names: `apiserver_request_duration_seconds` is a
/// histogram by verb, group, version, resource; `apiserver_storage_objects`
/// a gauge by resource (`configmaps`, `widgets.example.dev`).
#[tokio::test]
async fn metrics_have_request_durations_and_stored_object_counts() {
    let api = Api::start();
    api.create(CONFIGMAPS, &configmap("a")).await;
    api.create(CONFIGMAPS, &configmap("b")).await;
    create_widget(&api, "w1").await;
    api.get(CONFIGMAPS).await;
    let text = api.get("/metrics").await.text;
    assert!(
        text.contains("# TYPE apiserver_request_duration_seconds histogram\n"),
        "{text}"
    );
    let count = text
        .lines()
        .find(|l| {
            l.starts_with("apiserver_request_duration_seconds_count{")
                && l.contains(r#"verb="LIST""#)
                && l.contains(r#"resource="configmaps""#)
        })
        .unwrap_or_else(|| panic!("no LIST configmaps duration: {text}"));
    assert!(count.ends_with(" 1"), "{count}");
    assert!(
        text.contains("# TYPE apiserver_storage_objects gauge\n"),
        "{text}"
    );
    assert!(
        text.contains("apiserver_storage_objects{resource=\"configmaps\"} 2\n"),
        "{text}"
    );
    assert!(
        text.contains("apiserver_storage_objects{resource=\"widgets.example.dev\"} 1\n"),
        "{text}"
    );
    assert!(
        text.contains("apiserver_storage_objects{resource=\"namespaces\"} 4\n"),
        "{text}"
    );
}
