//! A write acknowledged to a client survives SIGKILL: start the real
//! `apiserver` on the embedded store, write, kill it with SIGKILL, restart
//! it on the same data directory, and find every acknowledged write.

mod support;
use support::{request, start};

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
