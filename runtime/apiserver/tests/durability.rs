//! A write acknowledged to a client survives SIGKILL: start the real
//! `apiserver` on the embedded store, write, kill it with SIGKILL, restart
//! it on the same data directory, and find every acknowledged write. Half
//! the writes are sent one at a time, half by concurrent clients, whose
//! writes the store commits together (group commit). The service account
//! key outlives a restart too.

mod support;
use support::{request, start, start_with};

#[test]
fn acknowledged_writes_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = start(dir.path());
    let mut acknowledged = Vec::new();
    for i in 0..50 {
        let body = format!(
            r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"cm-{i}"}},"data":{{"i":"{i}"}}}}"#
        );
        let (code, _) = request(
            &server.addr,
            "POST",
            "/api/v1/namespaces/default/configmaps",
            &body,
        );
        assert_eq!(code, 201);
        acknowledged.push(format!("cm-{i}"));
    }
    std::thread::scope(|scope| {
        let writers: Vec<_> = (0..8)
            .map(|writer| {
                let addr = &server.addr;
                scope.spawn(move || {
                    (0..10)
                        .map(|i| {
                            let name = format!("concurrent-{writer}-{i}");
                            let body = format!(
                                r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"{name}"}}}}"#
                            );
                            let (code, answer) = request(
                                addr,
                                "POST",
                                "/api/v1/namespaces/default/configmaps",
                                &body,
                            );
                            assert_eq!(code, 201, "{answer}");
                            name
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for writer in writers {
            acknowledged.extend(writer.join().unwrap());
        }
    });
    let (code, _) = request(
        &server.addr,
        "DELETE",
        "/api/v1/namespaces/default/configmaps/cm-0",
        "",
    );
    assert_eq!(code, 200);
    let (_, before) = request(
        &server.addr,
        "GET",
        "/api/v1/namespaces/default/configmaps/cm-49",
        "",
    );

    // SIGKILL: no shutdown path runs.
    server.child.kill().unwrap();
    server.child.wait().unwrap();

    let server = start(dir.path());
    server.wait_ready();
    let (code, _) = request(
        &server.addr,
        "GET",
        "/api/v1/namespaces/default/configmaps/cm-0",
        "",
    );
    assert_eq!(code, 404, "the acknowledged delete survives too");
    for name in &acknowledged[1..] {
        let (code, body) = request(
            &server.addr,
            "GET",
            &format!("/api/v1/namespaces/default/configmaps/{name}"),
            "",
        );
        assert_eq!(code, 200, "{name}: {body}");
    }
    let (_, after) = request(
        &server.addr,
        "GET",
        "/api/v1/namespaces/default/configmaps/cm-49",
        "",
    );
    assert_eq!(after, before, "same object, same resourceVersion");
}

/// `--storage-backend memory`: nothing is written to the data directory's
/// store, and a restart starts empty (the namespaces of a fresh start
/// only).
#[test]
fn the_memory_backend_keeps_nothing_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_with(dir.path(), &["--storage-backend", "memory"]);
    server.wait_ready();
    let body = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"gone"}}"#;
    let (code, _) = request(
        &server.addr,
        "POST",
        "/api/v1/namespaces/default/configmaps",
        body,
    );
    assert_eq!(code, 201);
    drop(server);
    assert!(
        !dir.path().join("store.redb").exists(),
        "the memory backend writes no store"
    );

    let server = start_with(dir.path(), &["--storage-backend", "memory"]);
    server.wait_ready();
    let (code, _) = request(
        &server.addr,
        "GET",
        "/api/v1/namespaces/default/configmaps/gone",
        "",
    );
    assert_eq!(code, 404);
    let (code, _) = request(&server.addr, "GET", "/api/v1/namespaces/kube-system", "");
    assert_eq!(code, 200, "a fresh start creates the system namespaces");
}

/// `--bind-address`: the server listens on that address only, and says so.
#[test]
fn bind_address_picks_the_listening_address() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_with(dir.path(), &["--bind-address", "127.0.0.2"]);
    assert!(server.addr.starts_with("127.0.0.2:"), "{}", server.addr);
    server.wait_ready();
    let port = server.addr.rsplit_once(':').unwrap().1;
    // Ports are per address: another test's server may hold the same
    // number on 127.0.0.1. Whatever answers there is then not this server,
    // whose `default` namespace has a uid of its own.
    let uid_of_default = |addr: &str| {
        let (code, body) = request(addr, "GET", "/api/v1/namespaces/default", "");
        let namespace: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        (code == 200).then(|| namespace["metadata"]["uid"].clone())
    };
    let own = uid_of_default(&server.addr);
    assert!(own.is_some(), "the server at {} answers", server.addr);
    let other = format!("127.0.0.1:{port}");
    if std::net::TcpStream::connect(&other).is_ok() {
        assert_ne!(
            uid_of_default(&other),
            own,
            "this server also listens on {other}"
        );
    }
}

/// History is compacted every `--etcd-compaction-interval` after a
/// restart too: a list or watch at a revision from before the restart,
/// once compacted, is 410 Expired with upstream's messages.
#[test]
fn compaction_after_a_restart_expires_old_resource_versions() {
    let dir = tempfile::tempdir().unwrap();
    let flags = ["--etcd-compaction-interval", "1s"];
    let mut server = start_with(dir.path(), &flags);
    server.wait_ready();
    let path = "/api/v1/namespaces/default/configmaps";
    let (code, created) = request(
        &server.addr,
        "POST",
        path,
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"v":"0"}}"#,
    );
    assert_eq!(code, 201, "{created}");
    let old: serde_json::Value = serde_json::from_str(&created).unwrap();
    let old_rv = old["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_string();
    for i in 1..4 {
        let (code, body) = request(
            &server.addr,
            "PUT",
            &format!("{path}/cm"),
            &format!(
                r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"cm"}},"data":{{"v":"{i}"}}}}"#
            ),
        );
        assert_eq!(code, 200, "{body}");
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();

    let server = start_with(dir.path(), &flags);
    server.wait_ready();
    let list = format!("{path}?resourceVersion={old_rv}&resourceVersionMatch=Exact");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let (code, body) = loop {
        let (code, body) = request(&server.addr, "GET", &list, "");
        if code != 200 || std::time::Instant::now() > deadline {
            break (code, body);
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    assert_eq!(code, 410, "{body}");
    let status: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(status["reason"], "Expired");
    assert!(
        status["message"]
            .as_str()
            .unwrap()
            .starts_with("The resourceVersion for the provided list is too old."),
        "{status}"
    );
    let (code, body) = request(
        &server.addr,
        "GET",
        &format!("{path}?watch=true&resourceVersion={old_rv}&timeoutSeconds=1"),
        "",
    );
    assert_eq!(code, 200);
    assert!(
        body.contains(r#""type":"ERROR""#) && body.contains(r#""code":410"#),
        "{body}"
    );
}

/// The service account key is kept in the data directory: a token issued
/// before a restart is still authenticated after it.
#[test]
fn service_account_tokens_outlive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    server.wait_ready();
    let (code, _) = request(
        &server.addr,
        "POST",
        "/api/v1/namespaces/default/serviceaccounts",
        r#"{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"robot"}}"#,
    );
    assert_eq!(code, 201);
    let (code, body) = request(
        &server.addr,
        "POST",
        "/api/v1/namespaces/default/serviceaccounts/robot/token",
        r#"{"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","spec":{}}"#,
    );
    assert_eq!(code, 201, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    let token = answer["status"]["token"].as_str().unwrap().to_owned();
    drop(server);

    let server = start(dir.path());
    server.wait_ready();
    let review = format!(
        r#"{{"apiVersion":"authentication.k8s.io/v1","kind":"TokenReview","spec":{{"token":"{token}"}}}}"#
    );
    let (code, body) = request(
        &server.addr,
        "POST",
        "/apis/authentication.k8s.io/v1/tokenreviews",
        &review,
    );
    assert_eq!(code, 201, "{body}");
    let reviewed: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(reviewed["status"]["authenticated"], true, "{body}");
}
