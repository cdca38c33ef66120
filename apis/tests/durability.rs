//! A write acknowledged to a client survives SIGKILL: start the real
//! `apiserver` on the embedded store, write, kill it with SIGKILL, restart
//! it on the same data directory, and find every acknowledged write.

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
    assert!(
        std::net::TcpStream::connect(format!("127.0.0.1:{port}")).is_err(),
        "nothing listens on 127.0.0.1:{port}"
    );
}
