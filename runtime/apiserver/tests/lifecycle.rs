//! The `apiserver` binary as a user runs it: the kubeconfig it writes works
//! with kubectl at once, and SIGTERM ends open watches and exits cleanly.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

mod support;
use support::start;

#[test]
fn the_written_kubeconfig_works_with_kubectl_get_namespaces() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    server.wait_ready();
    let out = Command::new("kubectl")
        .arg("--kubeconfig")
        .arg(dir.path().join("kubeconfig"))
        .arg("--cache-dir")
        .arg(dir.path().join("kubectl-cache"))
        .args(["get", "namespaces", "-o", "name"])
        .output()
        .expect("run kubectl");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "namespace/default",
            "namespace/kube-node-lease",
            "namespace/kube-public",
            "namespace/kube-system",
        ]
    );
}

#[test]
fn sigterm_ends_open_watches_and_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = start(dir.path());
    server.wait_ready();
    let mut watch = TcpStream::connect(&server.addr).expect("connect");
    watch
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        watch,
        "GET /api/v1/namespaces/default/configmaps?watch=true HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.addr
    )
    .unwrap();
    // The response head arrives once the watch is established.
    let mut head = [0u8; 12];
    watch.read_exact(&mut head).expect("watch response");
    assert_eq!(&head, b"HTTP/1.1 200");

    let status = terminate(&mut server, Duration::from_secs(15), "with a watch open");
    assert!(status.success(), "exit status {status}");
    // The watch stream was ended by the server, not cut mid-chunk: the
    // chunked body closes with its terminating zero-length chunk.
    let mut rest = Vec::new();
    watch
        .read_to_end(&mut rest)
        .expect("read to the end of the watch");
    assert!(
        String::from_utf8_lossy(&rest).ends_with("0\r\n\r\n"),
        "{:?}",
        String::from_utf8_lossy(&rest)
    );
}

/// A supervisor may send SIGTERM as soon as the server says where it
/// listens, before asking `/readyz`: that SIGTERM too is a clean exit, not
/// a kill (the handlers are registered before the banner is printed). A
/// smoke test: a handler registered lazily, as it was, would still usually
/// be in place by the time `kill` runs; the race it lost under load was
/// with connections already waiting (see the watch test above).
#[test]
fn sigterm_right_after_the_banner_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = start(dir.path());
    let status = terminate(
        &mut server,
        Duration::from_secs(15),
        "right after the banner",
    );
    assert!(status.success(), "exit status {status}");
}

/// SIGTERM ends the server within its shutdown grace even with requests
/// that never finish (a client trickling a body, a 2 MB deeply nested YAML
/// body half sent), and a GET answers meanwhile.
#[test]
fn sigterm_ends_the_server_within_its_grace_with_requests_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = support::start_with(dir.path(), &["--shutdown-grace-period", "2s"]);
    server.wait_ready();
    let path = "/api/v1/namespaces/default/configmaps";
    let mut slow = TcpStream::connect(&server.addr).expect("connect");
    write!(
        slow,
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{",
        server.addr
    )
    .unwrap();
    let body = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata: {}",
        "[".repeat(2_000_000)
    );
    // Half of it sent: the request is in flight, reading its body.
    let mut nested = TcpStream::connect(&server.addr).expect("connect");
    write!(
        nested,
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/yaml\r\nContent-Length: {}\r\n\r\n{}",
        server.addr,
        body.len(),
        &body[..body.len() / 2]
    )
    .unwrap();
    let started = Instant::now();
    let (code, _) = support::request(&server.addr, "GET", path, "");
    assert_eq!(code, 200);
    // The two requests never finish: a GET behind them would never
    // answer. 5 s leaves room for a loaded machine.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );

    // A 2 s grace and the runtime's 1 s shutdown timeout, plus 7 s of
    // slack for a loaded machine.
    terminate(
        &mut server,
        Duration::from_secs(10),
        "with requests in flight",
    );
    drop((slow, nested));
}

/// Sends SIGTERM and waits up to `within` for the process to exit;
/// returns its exit status. Panics, naming `what`, past `within`.
fn terminate(
    server: &mut support::Server,
    within: Duration,
    what: &str,
) -> std::process::ExitStatus {
    let started = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            return status;
        }
        assert!(
            started.elapsed() < within,
            "the server did not stop within {within:?} of SIGTERM {what}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `--service-cluster-ip-range` and `--service-node-port-range` as
/// kube-apiserver takes them: the `kubernetes` Service holds the first
/// address of the range, `kubectl create service nodeport` gets a node
/// port from the range given, and a range too small is refused at start.
#[test]
fn services_take_addresses_and_ports_from_the_ranges_given() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start_with(
        dir.path(),
        &[
            "--service-cluster-ip-range",
            "10.96.0.0/16",
            "--service-node-port-range",
            "31000-31009",
        ],
    );
    server.wait_ready();
    let kubectl = |args: &[&str]| {
        let out = Command::new("kubectl")
            .arg("--kubeconfig")
            .arg(dir.path().join("kubeconfig"))
            .arg("--cache-dir")
            .arg(dir.path().join("kubectl-cache"))
            .args(args)
            .output()
            .expect("run kubectl");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(
        kubectl(&[
            "get",
            "service",
            "kubernetes",
            "-o",
            "jsonpath={.spec.clusterIP}"
        ]),
        "10.96.0.1"
    );
    let node_port = kubectl(&[
        "create",
        "service",
        "nodeport",
        "web",
        "--tcp=80:8080",
        "-o",
        "jsonpath={.spec.ports[0].nodePort} {.spec.clusterIP}",
    ]);
    let (port, ip) = node_port.split_once(' ').expect("two values");
    assert!(
        (31000..=31009).contains(&port.parse::<i32>().unwrap()),
        "{node_port}"
    );
    assert!(ip.starts_with("10.96."), "{node_port}");

    let out = Command::new(env!("CARGO_BIN_EXE_apiserver"))
        .args(["--service-cluster-ip-range", "10.0.0.0/30"])
        .output()
        .expect("run apiserver");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("the service cluster IP range must be at least 8 IP addresses"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
