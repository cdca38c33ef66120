//! Cross-cutting limits: gzip for large responses, 429 with
//! `Retry-After` past the in-flight limit, and no request that holds a
//! worker (a blocked storage write, a quantity's runaway arithmetic).

use std::sync::Arc;
use std::time::Duration;

use server::Config;
use server::storage::MemoryStore;
use tests::TestServer;

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn large_responses_are_gzipped_when_asked() {
    let s = TestServer::start();
    let client = reqwest::Client::new();
    rt().block_on(async {
        let big = "x".repeat(4096);
        for i in 0..40 {
            let body = format!(r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"cm-{i}"}},"data":{{"v":"{big}"}}}}"#);
            let r = client
                .post(format!("{}/api/v1/namespaces/default/configmaps", s.url()))
                .header("Content-Type", "application/json")
                .body(body)
                .send()
                .await
                .unwrap();
            assert_eq!(r.status().as_u16(), 201);
        }
        let list = |encoding: Option<&'static str>| {
            let mut req = client.get(format!("{}/api/v1/namespaces/default/configmaps?limit=500", s.url()));
            if let Some(e) = encoding {
                req = req.header("Accept-Encoding", e);
            }
            req.send()
        };
        let zipped = list(Some("gzip")).await.unwrap();
        assert_eq!(zipped.headers().get("content-encoding").map(|v| v.to_str().unwrap()), Some("gzip"));
        let compressed = zipped.bytes().await.unwrap().len();
        let plain = list(None).await.unwrap();
        assert!(plain.headers().get("content-encoding").is_none());
        let size = plain.bytes().await.unwrap().len();
        assert!(size > 128 * 1024 && compressed < size / 10, "{compressed} of {size}");
        // Small responses stay plain.
        let one = client
            .get(format!("{}/api/v1/namespaces/default/configmaps/cm-0", s.url()))
            .header("Accept-Encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert!(one.headers().get("content-encoding").is_none());
    });
}

#[test]
fn past_the_in_flight_limit_requests_get_429() {
    let config = Config {
        port: 0,
        max_requests_inflight: 0,
        ..Config::default()
    };
    let s = TestServer::start_with_config(Arc::new(MemoryStore::new()), config);
    rt().block_on(async {
        let r = reqwest::get(format!("{}/api/v1/namespaces/default/configmaps", s.url()))
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 429);
        assert_eq!(r.headers().get("retry-after").unwrap(), "1");
        let body: serde_json::Value = r.json().await.unwrap();
        assert_eq!(body["reason"], "TooManyRequests");
        assert_eq!(
            body["message"],
            "Too many requests, please try again later."
        );
        assert_eq!(body["details"]["retryAfterSeconds"], 1);
        // The metrics layer sits outside the in-flight limit, so the
        // refused request is counted with its code, as upstream counts it.
        let metrics = reqwest::get(format!("{}/metrics", s.url()))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let refused = r#"apiserver_request_total{code="429",component="apiserver",dry_run="",group="",resource="configmaps",scope="namespace",subresource="",verb="LIST",version="v1"} 1"#;
        assert!(metrics.lines().any(|l| l == refused), "{metrics}");
    });
}

/// A write to a store whose writes block (a durable commit) runs on the
/// blocking pool: while a create is held inside the store, a GET is
/// answered on the same single-threaded runtime. Were the write run on the
/// async worker, the GET could not run until the create was let go.
#[tokio::test(flavor = "current_thread")]
async fn a_blocked_durable_write_does_not_hold_the_async_workers() {
    let store = Arc::new(tests::store::InstrumentedStore::new(true));
    let api = tests::http::Api::start_with(store.clone());
    let release = store.hold_next_create();
    let create = {
        let router = api.router.clone();
        tokio::spawn(async move {
            use tower::ServiceExt as _;
            let request = axum::http::Request::post("/api/v1/namespaces/default/configmaps")
                .header("content-type", "application/json")
                .body(axum::body::Body::from(
                    r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"held"}}"#,
                ))
                .unwrap();
            router.oneshot(request).await.unwrap().status()
        })
    };
    tokio::task::yield_now().await;
    let list = tokio::time::timeout(
        std::time::Duration::from_secs(30),
        api.get("/api/v1/namespaces/default/configmaps"),
    )
    .await
    .expect("the GET was answered while the write was held");
    assert_eq!(list.status.as_u16(), 200);
    assert_eq!(
        list.body["items"],
        serde_json::json!([]),
        "the create is still held"
    );
    release.send(()).unwrap();
    assert_eq!(create.await.unwrap().as_u16(), 201);
}

/// `suffixHandler.interpret` keeps the low 32 bits of a decimal exponent,
/// so `1000e2147483647` is written back with its exponent wrapped to about
/// -2^31. Defaulting (`SetDefaults_ResourceList`, rounding to thousandths)
/// and quota validation (`MilliValue() % 1000`) then read an amount whose
/// power of ten has two billion digits: the create must still be answered,
/// promptly, and not hold a worker until memory runs out. The server runs on
/// its own runtime, so a stalled handler shows as the client's timeout.
#[test]
fn a_quantity_with_the_largest_exponent_does_not_stall_the_create() {
    let s = TestServer::start();
    let huge = "1000e2147483647";
    let pod = serde_json::json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"containers": [{"name": "c", "image": "busybox",
            "resources": {"requests": {"cpu": huge}}}]}});
    let quota = serde_json::json!({"apiVersion": "v1", "kind": "ResourceQuota",
        "metadata": {"name": "q"}, "spec": {"hard": {"pods": huge}}});
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    let answers = rt().block_on(async {
        let mut answers = Vec::new();
        for (resource, object) in [("pods", pod), ("resourcequotas", quota)] {
            let sent = client
                .post(format!("{}/api/v1/namespaces/default/{resource}", s.url()))
                .header("Content-Type", "application/json")
                .body(object.to_string())
                .send()
                .await;
            let answer = match sent {
                Ok(r) => Ok((r.status().as_u16(), r.text().await.unwrap_or_default())),
                Err(error) => Err(format!("{resource}: {error}")),
            };
            answers.push(answer);
        }
        answers
    });
    let answers: Result<Vec<_>, _> = answers.into_iter().collect();
    let answers = answers.unwrap_or_else(|error| {
        // Dropping the server waits for the stalled request; leave it.
        std::mem::forget(s);
        panic!("a create was not answered within 5 s: {error}");
    });
    let (code, text) = &answers[0];
    assert_eq!(*code, 201, "{text}");
    let pod: serde_json::Value = serde_json::from_str(text).expect("the created Pod");
    // The wrapped amount (10^-2147483646) rounded up to a thousandth.
    assert_eq!(
        pod["spec"]["containers"][0]["resources"]["requests"]["cpu"],
        "1e-3"
    );
    let (code, text) = &answers[1];
    assert_eq!(*code, 422, "{text}");
    let status: serde_json::Value = serde_json::from_str(text).expect("a Status");
    assert_eq!(status["reason"], "Invalid");
    let message = status["message"].as_str().unwrap_or_default();
    assert!(message.contains("must be an integer"), "{message}");
}
