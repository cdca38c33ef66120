//! Two `apiserver` processes on one etcd (`--storage-backend etcd3
//! --etcd-servers`), as kube-apiservers scale out: a write through one is
//! read and watched through the other, a stale resourceVersion is a
//! conflict across them, and a namespace deleted through one finishes with
//! both running.
#![cfg(feature = "etcd")]

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use server::storage::EtcdProcess;

// This test starts its servers with flags only.
#[allow(dead_code)]
mod support;
use support::{request, start_with};

const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";

fn body(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn two_apiserver_processes_share_one_etcd() {
    let dir = tempfile::tempdir().unwrap();
    let etcd = EtcdProcess::start(&dir.path().join("etcd")).unwrap_or_else(|e| panic!("{e}"));
    let flags = [
        "--storage-backend",
        "etcd3",
        "--etcd-servers",
        etcd.client_url(),
    ];
    let a = start_with(&dir.path().join("a"), &flags);
    let b = start_with(&dir.path().join("b"), &flags);
    a.wait_ready();
    b.wait_ready();
    let (code, text) = request(&a.addr, "GET", "/readyz?verbose", "");
    assert_eq!(code, 200, "{text}");
    assert!(text.contains("[+]etcd ok"), "{text}");

    // A write through a is read through b.
    let configmap = json!({"apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "shared"}, "data": {"k": "a"}});
    let (code, text) = request(&a.addr, "POST", CONFIGMAPS, &configmap.to_string());
    assert_eq!(code, 201, "{text}");
    let created = body(&text);
    let rv: i64 = created["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let (code, text) = request(&b.addr, "GET", &format!("{CONFIGMAPS}/shared"), "");
    assert_eq!(code, 200, "{text}");
    assert_eq!(body(&text), created);

    // ... and watched through b, from before it.
    let (code, text) = request(
        &b.addr,
        "GET",
        &format!(
            "{CONFIGMAPS}?watch=true&resourceVersion={}&timeoutSeconds=2",
            rv - 1
        ),
        "",
    );
    assert_eq!(code, 200, "{text}");
    assert!(
        text.contains(r#""type":"ADDED""#) && text.contains(r#""name":"shared""#),
        "{text}"
    );

    // An update through b makes a's copy stale: 409 through a.
    let mut update = created.clone();
    update["data"]["k"] = json!("b");
    let (code, text) = request(
        &b.addr,
        "PUT",
        &format!("{CONFIGMAPS}/shared"),
        &update.to_string(),
    );
    assert_eq!(code, 200, "{text}");
    let (code, text) = request(
        &a.addr,
        "PUT",
        &format!("{CONFIGMAPS}/shared"),
        &created.to_string(),
    );
    assert_eq!(code, 409, "{text}");
    assert_eq!(body(&text)["reason"], "Conflict");

    // A namespace deleted through b, with an object in it written through
    // a, is gone from both.
    let namespace = json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "gone"}});
    let (code, text) = request(
        &a.addr,
        "POST",
        "/api/v1/namespaces",
        &namespace.to_string(),
    );
    assert_eq!(code, 201, "{text}");
    let inside = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "inside"}});
    let (code, text) = request(
        &a.addr,
        "POST",
        "/api/v1/namespaces/gone/configmaps",
        &inside.to_string(),
    );
    assert_eq!(code, 201, "{text}");
    let (code, text) = request(&b.addr, "DELETE", "/api/v1/namespaces/gone", "");
    assert_eq!(code, 200, "{text}");
    let deadline = Instant::now() + Duration::from_secs(30);
    while request(&a.addr, "GET", "/api/v1/namespaces/gone", "").0 != 404
        || request(&b.addr, "GET", "/api/v1/namespaces/gone", "").0 != 404
    {
        assert!(Instant::now() < deadline, "the namespace was not deleted");
        std::thread::sleep(Duration::from_millis(100));
    }
}
