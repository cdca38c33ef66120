//! A write acknowledged to a client survives SIGKILL: start the real
//! `apiserver` on the embedded store, write, kill it with SIGKILL, restart
//! it on the same data directory, and find every acknowledged write.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    addr: String,
}

fn start(data_dir: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_apiserver"))
        .args(["--port", "0", "--data-dir"])
        .arg(data_dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start apiserver");
    let stdout = child.stdout.take().expect("stdout");
    let mut reader = BufReader::new(stdout);
    let mut line = String::new();
    reader.read_line(&mut line).expect("listening line");
    // Keep reading: the server's later banner lines must find an open pipe.
    std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    let addr = line
        .trim()
        .strip_prefix("apiserver listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_string();
    Server { child, addr }
}

/// A minimal HTTP/1.1 request; returns (status code, body).
fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("response");
    let code = response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (code, body)
}

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

    let mut server = start(dir.path());
    let deadline = Instant::now() + Duration::from_secs(10);
    while request(&server.addr, "GET", "/readyz", "").0 != 200 {
        assert!(Instant::now() < deadline, "server did not become ready");
        std::thread::sleep(Duration::from_millis(50));
    }
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
    server.child.kill().unwrap();
    server.child.wait().unwrap();
}
